"""The project's rulebook: each clause (§04.3) and house rule (V4) in English, Portuguese, Spanish.

The text is package data, ``guandan_learn/data/rulebook/<lang>.md``: one paragraph per clause,
opening with its anchor and its id (``<a id="s04-3"></a>**§04.3** A play can only…``), and a
heading per section (``## <a id="s04"></a>§04 Normal combinations``). The same files build the
rulebook of each language beside its chapters (``scripts/build_notebooks.py``): a notebook,
``rulebook.ipynb``, one cell per clause, and a copy of the Markdown, ``rulebook.md``.

Links go to the Markdown in JupyterLab, which opens it rendered and scrolled to the clause
(``rulebook.md#s04-3``); a notebook link does not scroll on a fresh open there. Voilà renders
only notebooks, so in the Voilà app links go to ``rulebook.ipynb#s04-3``: ``make app`` and
``guandan-learn app`` serve the app's whole folder, where the rulebook sits beside it. A link in
a widget is not JupyterLab's to follow (it would load a second JupyterLab), so the quiz's
feedback links its citations to the clauses' text within itself (``cited_html``).

Explanations cite clauses by id; ``link_clauses`` turns each citation in a piece of HTML into a
link to its clause, with the clause's text as a tooltip, and ``linked`` does it for plain text.
Where a learner should not have to leave the page (the quiz's feedback in JupyterLab and in the
Voilà app, a printed worksheet), ``cited_html`` adds the cited clauses' text itself, in a block
that opens on a click (``<details>``: no script, so it works in a widget, offline and on paper).
"""

from __future__ import annotations

import hashlib
import html
import itertools
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .errors import RulebookError
from .i18n import LANGUAGES, get_language
from .messages import say

#: The rulebook's file names, the same in every language's folder: what each viewer links to.
PAGES = {"lab": "rulebook.md", "voila": "rulebook.ipynb"}

_SECTION = re.compile(r'^## <a id="(?P<anchor>[a-z0-9-]+)"></a>(?P<id>§\d\d) (?P<title>.+)$',
                      re.MULTILINE)
_CLAUSE = re.compile(
    r'^<a id="(?P<anchor>[a-z0-9-]+)"></a>\*\*(?P<id>§\d\d\.\d+|V\d+)\*\* (?P<text>.+?)(?:\n\n|\Z)',
    re.MULTILINE | re.DOTALL)
#: A citation in running text: a clause (§04.3), a section (§05) or a house rule (V4, V3a).
_CITATION = re.compile(r"(?<![\w§])(?:§\d\d(?:\.\d+)?|V\d+[a-z]?)(?!\w)")
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"<\s*(/?)\s*([A-Za-z][\w:-]*)")
#: Elements whose text is never linked: links themselves, code, and text shown as plain text.
_NO_LINKS = frozenset({"a", "script", "style", "title", "textarea", "option"})
#: A link ``link_clauses`` made (its tooltip escaped, so no ``>`` inside the tag).
_LINK = re.compile(r'<a class="gdl-clause" [^>]*>([^<]*)</a>')


@dataclass(frozen=True)
class _Book:
    """The rulebook of one language: clause id → plain text, section id → title."""

    clauses: dict[str, str]
    sections: dict[str, str]
    anchors: dict[str, str]


def markdown(lang: str | None = None) -> str:
    """Returns the whole rulebook as Markdown, in the given or the current language.

    >>> markdown("en").splitlines()[0]
    '# Guandan — the rulebook'
    """
    code = _language(lang)
    source = resources.files("guandan_learn") / "data" / "rulebook" / f"{code}.md"
    return source.read_text(encoding="utf-8")


def _plain(text: str) -> str:
    """Returns a clause's Markdown as one line of plain text (no emphasis, no code marks)."""
    text = " ".join(text.split())
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])\*(\S(?:.*?\S)?)\*(?![\w*])", r"\1", text)
    return text.replace("`", "")


@cache
def _book(code: str) -> _Book:
    text = markdown(code)
    clauses: dict[str, str] = {}
    anchors: dict[str, str] = {}
    for match in _CLAUSE.finditer(text):
        clauses[match["id"]] = _plain(match["text"])
        anchors[match["id"]] = match["anchor"]
    sections = {m["id"]: _plain(m["title"]) for m in _SECTION.finditer(text)}
    anchors.update({m["id"]: m["anchor"] for m in _SECTION.finditer(text)})
    return _Book(clauses, sections, anchors)


def _language(lang: str | None) -> str:
    if lang is None:
        return get_language()
    code = str(lang).replace("-", "_").split("_")[0].lower()
    if code not in LANGUAGES:
        raise RulebookError(say("rulebook.language", languages=", ".join(LANGUAGES), lang=lang))
    return code


def _resolve(clause_id: object) -> str | None:
    """Returns the rulebook's own id for a citation (``V3a`` cites V3), or None if unknown."""
    if not isinstance(clause_id, str):
        return None
    cid = clause_id.strip()
    book = _book("en")
    if cid in book.clauses or cid in book.sections:
        return cid
    # A house rule's lettered option, such as V3a for option (a) of V3.
    if re.fullmatch(r"V\d+[a-z]", cid) and f"({cid[-1]})" in book.clauses.get(cid[:-1], ""):
        return cid[:-1]
    return None


def _known(clause_id: object) -> str:
    cid = _resolve(clause_id)
    if cid is None:
        raise RulebookError(say("rulebook.unknown", clause=clause_id))
    return cid


def clauses(lang: str | None = None) -> list[str]:
    """Lists the ids of every clause and house rule, in the rulebook's order.

    >>> ids = clauses()
    >>> ids[:3], ids[-2:], len(ids)
    (['§01.1', '§01.2', '§01.3'], ['V13', 'V14'], 83)
    """
    return list(_book(_language(lang)).clauses)


def clause(clause_id: str, lang: str | None = None) -> str:
    """Returns a clause's text in the given or the current language, as plain text.

    >>> clause("§04.8")
    'Equal strength never beats: the play on the table stands.'
    >>> clause("§04.8", lang="pt")
    'Força igual nunca cobre: a jogada da mesa continua valendo.'
    >>> clause("§12.1")
    Traceback (most recent call last):
    ...
    guandan_learn.errors.RulebookError: '§12.1' is not in the rulebook: ...
    """
    code = _language(lang)
    cid = _known(clause_id)
    book = _book(code)
    if cid in book.sections:
        inside = [c for c in book.clauses if c.startswith(cid + ".")]
        raise RulebookError(say("rulebook.section", clause=cid, first=inside[0],
                                last=inside[-1]))
    return book.clauses[cid]


def clause_anchor(clause_id: str) -> str:
    """Returns the anchor of a clause or section in the rulebook, the same in every language.

    >>> clause_anchor("§04.3"), clause_anchor("§05"), clause_anchor("V3a")
    ('s04-3', 's05', 'v3')
    """
    return _book("en").anchors[_known(clause_id)]


def viewer() -> str:
    """Returns where links are followed: ``"voila"`` in a kernel Voilà started, else ``"lab"``."""
    return "voila" if os.environ.get("VOILA_KERNEL_ID") else "lab"


def clause_link(clause_id: str, lang: str | None = None, base: str | None = None,
                view: str | None = None) -> str:
    """Returns a relative link that opens the rulebook at a clause, in the learner's language.

    Each language's rulebook sits beside its chapters: in ``notebooks/`` for English,
    ``notebooks/pt/`` and ``notebooks/es/``. A page in its own language's folder (every chapter,
    and the study app) links beside itself, the default. A page elsewhere gives ``base``, the
    path from it to the English folder (``""`` from ``notebooks/`` itself, ``"../"`` from
    ``notebooks/pt/``), and the link goes to the folder of ``lang``. ``view`` is ``"lab"``
    (JupyterLab opens ``rulebook.md`` at the clause) or ``"voila"`` (``rulebook.ipynb``);
    by default, the one this kernel runs under (``viewer()``).

    >>> clause_link("§04.3", view="lab")
    'rulebook.md#s04-3'
    >>> clause_link("V4", lang="pt", base="", view="voila")
    'pt/rulebook.ipynb#v4'
    >>> clause_link("§08.2", lang="en", base="../", view="lab")
    '../rulebook.md#s08-2'
    """
    code = _language(lang)
    anchor = clause_anchor(clause_id)
    page = PAGES.get(view or viewer())
    if page is None:
        raise RulebookError(say("rulebook.view", view=view, views=", ".join(PAGES)))
    if base is None:
        return f"{page}#{anchor}"
    folder = "" if code == "en" else f"{code}/"
    return f"{base}{folder}{page}#{anchor}"


def _tooltip(cid: str, code: str) -> str:
    book = _book(code)
    return book.clauses.get(cid) or book.sections[cid]


def cited_text(clause_id: str, lang: str | None = None) -> str:
    """Returns what a citation stands for: a clause's text, or a whole section's title.

    >>> cited_text("§05"), cited_text("V3a") == clause("V3")
    ('Bombs', True)
    """
    return _tooltip(_known(clause_id), _language(lang))


def link_clauses(text: str, lang: str | None = None, base: str | None = None,
                 view: str | None = None, *, href: Callable[[str], str] | None = None) -> str:
    """Wraps every clause citation in a piece of already-escaped HTML in a link to its clause.

    Only text is touched: tags, attribute values and the text of links, code and tooltips stay
    as they are, ids the rulebook does not have stay plain, and linking twice changes nothing.
    Each link (class ``gdl-clause``) shows the clause's text as its tooltip, in ``lang``, and
    goes where ``clause_link`` says for ``base`` and ``view``, or where ``href`` says for the
    clause's id (``lambda cid: "#" + clause_anchor(cid)`` links within the page, in the page
    itself, with no new tab).

    >>> link_clauses("Equal strength never beats (§04.8).", view="lab")
    ... # doctest: +NORMALIZE_WHITESPACE
    'Equal strength never beats (<a class="gdl-clause" href="rulebook.md#s04-8"
    target="_blank" rel="noopener" title="§04.8: Equal strength never beats: the play on the
    table stands." style="text-decoration:underline dotted">§04.8</a>).'
    >>> link_clauses('<span title="§03.3">7♥</span> §99.1') == '<span title="§03.3">7♥</span> §99.1'
    True
    """
    code = _language(lang)
    view = view or viewer()
    clause_link("§01.1", code, base, view)  # an unknown view fails here, even with no citation
    skipping: list[str] = []
    out: list[str] = []
    for piece in _TAG.split(text):
        if piece.startswith("<"):
            tag = _TAG_NAME.match(piece)
            if tag and tag[2].lower() in _NO_LINKS and not piece.endswith("/>"):
                name = tag[2].lower()
                if not tag[1]:
                    skipping.append(name)
                elif name in skipping:
                    del skipping[len(skipping) - 1 - skipping[::-1].index(name):]
            out.append(piece)
        elif skipping or not piece:
            out.append(piece)
        else:
            out.append(_CITATION.sub(lambda m: _link(m[0], code, base, view, href), piece))
    return "".join(out)


def _link(cited: str, code: str, base: str | None, view: str,
          href: Callable[[str], str] | None = None) -> str:
    cid = _resolve(cited)
    if cid is None:
        return cited
    # The tooltip is the clause; a dotted underline marks a link where links look like text.
    title = html.escape(f"{cid}: {_tooltip(cid, code)}", quote=True)
    look = 'style="text-decoration:underline dotted"'
    if href is not None:
        return (f'<a class="gdl-clause" href="{html.escape(href(cid), quote=True)}" '
                f'title="{title}" {look}>{cited}</a>')
    url = html.escape(clause_link(cid, code, base, view), quote=True)
    return (f'<a class="gdl-clause" href="{url}" target="_blank" rel="noopener" '
            f'title="{title}" {look}>{cited}</a>')


def unlink(markup: str) -> str:
    """Returns HTML with its clause links taken away, their text kept: the HTML before linking.

    >>> unlink(link_clauses("Same form only (§04.3).", view="lab"))
    'Same form only (§04.3).'
    """
    return _LINK.sub(r"\1", markup)


def linked(text: str, lang: str | None = None, base: str | None = None,
           view: str | None = None, *, href: Callable[[str], str] | None = None) -> str:
    """Returns plain text as HTML: escaped, each clause it cites a link (see ``link_clauses``).

    >>> linked("4 < 5 (§04.3)", view="voila")  # doctest: +ELLIPSIS
    '4 &lt; 5 (<a class="gdl-clause" href="rulebook.ipynb#s04-3" ...>§04.3</a>)'
    """
    return link_clauses(html.escape(text), lang, base, view, href=href)


def cited(text: str | Iterable[str]) -> list[str]:
    """Lists the clauses a text (or several) cites, each once, as the rulebook's own ids.

    >>> cited(["Same form only (§04.3, V3a).", "§04.3 and §99.1; §05"])
    ['§04.3', 'V3', '§05']
    """
    texts = [text] if isinstance(text, str) else list(text)
    found: list[str] = []
    for piece in texts:
        for m in _CITATION.finditer(piece):
            cid = _resolve(m[0])
            if cid is not None and cid not in found:
                found.append(cid)
    return found


def cited_html(ids: Iterable[str], lang: str | None = None, base: str | None = None,
               view: str | None = None, *, href: Callable[[str], str] | None = None,
               prefix: str | None = None) -> str:
    """Returns the text of the cited clauses in a block that opens on a click, or ``""``.

    The block is a ``<details class="gdl-cited">``: its summary names the clauses, and open
    it shows each clause's text, its id a link to the clause in the rulebook (as ``linked``).
    It needs no script, so it works in a widget, in JupyterLab and in Voilà, and offline.
    Ids the rulebook does not have are left out; ``V3a`` shows V3. With a ``prefix``, each
    clause's entry has the id ``prefix + clause_anchor(cid)``: a citation linking there opens
    the block at its clause (browsers open a ``<details>`` a link points into).

    >>> block = cited_html(["§04.8"], lang="es", view="lab")
    >>> block.startswith('<details class="gdl-cited"') and "La misma fuerza nunca gana" in block
    True
    """
    code = _language(lang)
    known = cited(ids if isinstance(ids, str) else list(ids))
    if not known:
        return ""
    rows = []
    for cid in known:
        text = _tooltip(cid, code)
        link = link_clauses(cid, code, base, view, href=href)
        where = "" if prefix is None else f' id="{html.escape(prefix + clause_anchor(cid))}"'
        rows.append(f'<dt{where} style="font-weight:bold;margin:0.3em 0 0">{link}</dt>'
                    f'<dd style="margin:0 0 0 1.5em">{linked(text, code, base, view, href=href)}'
                    "</dd>")
    summary = html.escape(say("rulebook.cited", clauses=", ".join(known)))
    return ('<details class="gdl-cited" style="margin:0.3em 0">'
            f'<summary style="cursor:pointer">{summary}</summary>'
            f'<dl style="margin:0.2em 0">{"".join(rows)}</dl></details>')


#: Numbers the blocks of cited clauses, so each entry's id is unique on the page.
_BLOCKS = itertools.count(1)


def in_place(markup: str, lang: str | None = None, base: str | None = None,
             view: str | None = None, *, stable: bool = False, also: Iterable[str] = ()) -> str:
    """Returns linked HTML whose citations open their clauses' text in place, for a widget.

    The clauses it links are listed at its end (``cited_html``) and each citation links to its
    entry there, which the browser opens: no navigation, which a link in a widget would need
    (JupyterLab does not follow a widget's links itself). The entries link on to the rulebook.
    Their ids are unique in this kernel; ``stable`` makes them follow from the HTML instead, so
    the same HTML always gives the same result (two equal blocks on one page then share ids).
    ``also`` adds clauses the markup does not cite to the block (after those it cites).

    >>> page = in_place(linked("Same form only (§04.3).", view="voila"), view="voila")
    >>> '(<a class="gdl-clause" href="#gdl-cited-' in page and '<details class="gdl-cited"' in page
    True
    """
    ids = cited([*(m[1] for m in _LINK.finditer(markup)), *also])
    if not ids:
        return markup
    number = (int(hashlib.sha256(markup.encode()).hexdigest()[:8], 16) if stable
              else next(_BLOCKS))
    prefix = f"gdl-cited-{number}-"
    body = link_clauses(unlink(markup), lang, base, view,
                        href=lambda cid: f"#{prefix}{clause_anchor(cid)}")
    return body + cited_html(ids, lang, base, view, prefix=prefix)


__all__ = ["PAGES", "cited", "cited_html", "cited_text", "clause", "clause_anchor", "clause_link",
           "clauses", "in_place", "link_clauses", "linked", "markdown", "unlink", "viewer"]
