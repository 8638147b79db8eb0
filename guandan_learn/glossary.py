"""The glossary: Guandan's words in English, Portuguese, Spanish, Chinese and pinyin.

The data is ``guandan_learn/data/glossary.yaml``, read once, the first time it is needed.

>>> term("wild_heart", "zh")
'逢人配 / 红心级牌'
>>> term("tribute", "pinyin"), term("tribute", "pt")
('jìngòng', 'tributo')
>>> load_glossary()["plate"].en
'plate'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from html import escape
from importlib import resources
from types import MappingProxyType
from typing import Literal

from .datafiles import read_package_data
from .errors import GuandanError
from .i18n import LANGUAGES
from .messages import say
from .rulebook import linked

Field = Literal["en", "pt", "es", "zh", "pinyin", "gloss", "gloss_pt", "gloss_es"]

#: The fields every entry has, in the order a table shows them.
FIELDS: tuple[Field, ...] = ("en", "pt", "es", "zh", "pinyin", "gloss", "gloss_pt", "gloss_es")


@dataclass(frozen=True, slots=True)
class Term:
    """One glossary entry: the word and a one-line meaning in each language, where it is defined.

    ``check`` is true while the Chinese term or its pinyin awaits checking against sources.
    """

    id: str
    en: str
    pt: str
    es: str
    zh: str
    pinyin: str
    gloss: str
    gloss_pt: str
    gloss_es: str
    clause: str = ""
    check: bool = False

    def word(self, lang: str) -> str:
        """Returns the entry's word in ``lang`` (one of ``FIELDS``), or raises ``GuandanError``.

        >>> load_glossary()["bomb"].word("es")
        'bomba'
        """
        if lang not in FIELDS:
            raise GuandanError(f"There is no glossary field {lang!r}; the fields are "
                               f"{', '.join(FIELDS)}.")
        return str(getattr(self, lang))

    def meaning(self, lang: str) -> str:
        """Returns the one-line meaning in ``lang`` (``en``, ``pt`` or ``es``; English otherwise).

        >>> load_glossary()["pair"].meaning("pt")
        'Duas cartas do mesmo valor (ou dois curingas da mesma cor).'
        """
        return self.word(f"gloss_{lang}") if lang in ("pt", "es") else self.gloss


@cache
def load_glossary() -> MappingProxyType[str, Term]:
    """Returns the glossary, by id, in the order of the data file (read on first use).

    >>> len(load_glossary()) >= 30
    True
    """
    entries: dict[str, Term] = {}
    for item in read_package_data("data", "glossary.yaml"):
        entry = Term(
            id=str(item["id"]), clause=str(item.get("clause") or ""),
            check=bool(item.get("check", False)),
            **{name: " ".join(str(item.get(name) or "").split()) for name in FIELDS})
        if entry.id in entries:
            raise GuandanError(f"The glossary has the id {entry.id!r} twice.")
        entries[entry.id] = entry
    return MappingProxyType(entries)


def term(id: str, lang: str = "en") -> str:
    """Returns the word for glossary entry ``id`` in ``lang`` (``en``, ``pt``, ``es``, ``zh``,
    ``pinyin``, or ``gloss`` / ``gloss_pt`` / ``gloss_es`` for the one-line meaning).

    >>> term("partner_takes_lead", "zh"), term("partner_takes_lead", "pinyin")
    ('接风', 'jiēfēng')
    >>> term("no-such-word")
    Traceback (most recent call last):
    ...
    guandan_learn.errors.GuandanError: There is no glossary entry 'no-such-word'.
    """
    entry = load_glossary().get(id)
    if entry is None:
        raise GuandanError(f"There is no glossary entry {id!r}.")
    return entry.word(lang)


#: The family name of the embedded Chinese font (a subset of WenQuanYi Zen Hei).
CJK_FAMILY = "GDL CJK"
#: Chinese fonts a computer may have, tried before the embedded subset.
CJK_FONTS = ('"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", '
             '"WenQuanYi Zen Hei", "Hiragino Sans GB", SimHei')


@cache
def cjk_font_face() -> str:
    """Returns a CSS ``@font-face`` rule embedding the Chinese font subset (base64 WOFF).

    The subset (``data/fonts/gdl-cjk.woff``, made by ``scripts/cjk_font.py``) holds only the
    Chinese characters the project shows, so pages read without a system CJK font.

    >>> cjk_font_face().startswith('@font-face{font-family:"GDL CJK";')
    True
    """
    import base64

    data = resources.files("guandan_learn").joinpath("data/fonts/gdl-cjk.woff").read_bytes()
    return (f'@font-face{{font-family:"{CJK_FAMILY}";'
            f"src:url(data:font/woff;base64,{base64.b64encode(data).decode()}) format('woff');"
            "unicode-range:U+2E80-9FFF,U+3000-303F,U+FF00-FFEF}")


class ChineseFont:
    """Lets a notebook's prose show its Chinese words on a computer without a Chinese font.

    Shown in a notebook, its HTML is a style sheet: the embedded subset (``cjk_font_face``)
    joins the end of the text cells' fonts, after the system CJK fonts, so a browser takes it
    only for the Chinese characters that no other font of the page has.
    """

    def _repr_html_(self) -> str:
        return (f"<style>{cjk_font_face()}"
                ".jp-RenderedHTMLCommon.jp-RenderedMarkdown { font-family: "
                f'var(--jp-content-font-family, sans-serif), {CJK_FONTS}, "{CJK_FAMILY}"; }}'
                "</style>")

    def __repr__(self) -> str:
        return "chinese_font()"


def chinese_font() -> ChineseFont:
    """Returns the style sheet that lets the text cells show Chinese without a system font.

    >>> '"GDL CJK"' in chinese_font()._repr_html_()
    True
    """
    return ChineseFont()


def glossary_html(lang: str = "en") -> str:
    """Returns the glossary as an HTML table: the word in ``lang``, Chinese, pinyin, meaning.

    The meaning is in ``lang`` too, the headings in the learner's language (a notebook passes
    its own language); the clause column says where the rulebook defines the word.
    Every cell reads left-aligned; the Chinese cells use a system CJK font where there is one
    and the embedded subset (``cjk_font_face``) where there is not, and a Chinese term breaks
    only between terms ("三张 / 三同张" at the spaces, never inside 三同张: ``keep-all``).

    >>> '<td lang="zh">掼蛋</td>' in glossary_html()
    True
    """
    word, meaning = say("glossary.head.word"), say("glossary.head.meaning")
    zh = ' lang="zh"'
    head = "".join(f"<th{zh if i == 1 else ''}>{escape(h)}</th>"
                   for i, h in enumerate((word, "中文", "pīnyīn", meaning, "§")))
    rows = []
    code = lang if lang in LANGUAGES else None  # the clauses' tooltips: in lang, or the current
    for entry in load_glossary().values():
        cells = (entry.word(lang), entry.zh, entry.pinyin, entry.meaning(lang), entry.clause)
        rows.append("<tr>" + "".join(f"<td{zh if i == 1 else ''}>{linked(c, code)}</td>"
                                     for i, c in enumerate(cells)) + "</tr>")
    # JupyterLab right-aligns table cells; the meanings read better from the left.
    style = (f"<style>{cjk_font_face()}"
             "table.gdl-glossary.gdl-glossary :is(th, td) { text-align: left; "
             "vertical-align: top; }"
             f'.gdl-glossary [lang="zh"] {{ font-family: {CJK_FONTS}, "{CJK_FAMILY}", '
             "sans-serif; word-break: keep-all; }</style>")
    return (f'{style}<table class="gdl-glossary"><thead><tr>{head}</tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>")
