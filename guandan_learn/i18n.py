"""Translation: every sentence shown to a learner passes through the catalogues here.

Catalogues are gettext ``.po`` files under ``guandan_learn/locale/<lang>/LC_MESSAGES/``, one
entry per message with the message key as its context (``msgctxt``) and the English template
as its ``msgid``. They are read with the standard library only, so the engine needs no
compiled ``.mo`` files and no extra package; ``scripts/i18n.py`` keeps them in step with
``messages.MESSAGES`` (the templates of every layer).

A message whose words depend on a number is a gettext plural entry (``msgid_plural`` and one
``msgstr[i]`` per form); the ``Plural-Forms`` header of each catalogue says which form a
number takes, as in GNU gettext (``ngettext_``).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import NamedTuple

LANGUAGES = ("en", "pt", "es")
DOMAIN = "guandan_learn"
#: The catalogues: package data (``guandan_learn/locale/``).
LOCALE_DIR = Path(str(resources.files("guandan_learn").joinpath("locale")))

#: Each translated language's gettext ``Plural-Forms`` header, written by ``scripts/i18n.py``.
PLURAL_FORMS = {"pt": "nplurals=2; plural=(n > 1);",  # Brazilian: 0 and 1 are singular
                "es": "nplurals=2; plural=(n != 1);"}
#: English, and any catalogue without a ``Plural-Forms`` header.
ENGLISH_PLURAL_FORMS = "nplurals=2; plural=(n != 1);"


class Plural(NamedTuple):
    """A message in two English forms, chosen by the number in its field ``n``."""

    singular: str
    plural: str
    n: str = "count"


class Catalog(NamedTuple):
    """One language's translations: plain, plural (each form in order) and its plural rule."""

    messages: dict[tuple[str | None, str], str]
    plurals: dict[tuple[str | None, str], tuple[str, ...]]
    rule: Callable[[int], int]


class PoEntry(NamedTuple):
    """One entry of a ``.po`` file; ``forms`` holds the ``msgstr[i]`` of a plural entry."""

    context: str | None
    msgid: str
    msgstr: str
    fuzzy: bool
    msgid_plural: str = ""
    forms: tuple[str, ...] = ()


def _english_rule(n: int) -> int:
    return int(n != 1)


_EMPTY = Catalog({}, {}, _english_rule)
_catalog = _EMPTY
_language = "en"


def _not_text(value: object) -> Exception:
    return TypeError(type(value).__name__)


#: Makes the error for a language that is not text. ``errors`` puts the project's
#: ``ArgumentError`` here (this module sits below the messages and errors, so it cannot import
#: them).
refuse_language: Callable[[object], Exception] = _not_text


def N_(message: str) -> str:
    """Marks a message for extraction without translating it yet."""
    return message


def P_(singular: str, plural: str, n: str = "count") -> Plural:
    """Marks a message with a singular and a plural form, chosen by the number in field ``n``.

    >>> P_("{count} card", "{count} cards").plural
    '{count} cards'
    """
    return Plural(singular, plural, n)


def po_path(language: str) -> Path:
    """Returns the path of a language's catalogue."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def po_entries(text: str) -> Iterator[tuple[str | None, str, str, bool]]:
    """Yields each entry of a ``.po`` file as (context, English, translation, fuzzy).

    A plural entry gives its singular English and first form. Entries are separated by blank
    lines, as the catalogues are written.
    """
    for entry in po_records(text):
        yield entry.context, entry.msgid, entry.msgstr, entry.fuzzy


def po_records(text: str) -> Iterator[PoEntry]:
    """Yields each entry of a ``.po`` file, plural entries with all their forms.

    >>> entry = 'msgid "a card"\\nmsgid_plural "cards"\\nmsgstr[0] "x"\\nmsgstr[1] "y"'
    >>> next(po_records(entry)).forms
    ('x', 'y')
    """
    for block in text.replace("\r\n", "\n").split("\n\n"):
        fields: dict[str, str] = {}
        current = ""
        fuzzy = False
        for raw in block.splitlines():
            line = raw.strip()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith('"') and current:
                fields[current] += _unquote(line)
            elif line and not line.startswith("#"):
                current, _, rest = line.partition(" ")
                fields[current] = _unquote(rest)
        if "msgid" not in fields:
            continue
        forms = tuple(fields[f"msgstr[{i}]"] for i in range(len(fields))
                      if f"msgstr[{i}]" in fields)
        yield PoEntry(fields.get("msgctxt"), fields["msgid"],
                      fields.get("msgstr", forms[0] if forms else ""), fuzzy,
                      fields.get("msgid_plural", ""), forms)


def read_po(text: str) -> dict[tuple[str | None, str], str]:
    """Reads the translations of a ``.po`` file: (context, English) → translation.

    Entries with an empty or fuzzy translation are left out, so English shows instead.

    >>> read_po('msgctxt "k"\\nmsgid "Yes"\\nmsgstr "Sim"\\n')
    {('k', 'Yes'): 'Sim'}
    """
    return {(ctx, en): tr for ctx, en, tr, fuzzy in po_entries(text)
            if en and tr and not fuzzy}


def plural_rule(header: str) -> Callable[[int], int]:
    """Returns the rule of a ``Plural-Forms`` header: a number → the index of its form.

    >>> rule = plural_rule("nplurals=2; plural=(n > 1);")
    >>> rule(0), rule(1), rule(2)
    (0, 0, 1)
    """
    import gettext  # the standard library's safe reader of C plural expressions

    match = next((part.split("=", 1)[1] for part in header.split(";")
                  if part.strip().startswith("plural=")), None)
    if match is None:
        return _english_rule
    return gettext.c2py(match.strip())


def read_catalog(text: str) -> Catalog:
    """Reads a whole ``.po`` file: its translations, plural forms and ``Plural-Forms`` rule.

    Entries with an empty form, or marked fuzzy, are left out, so English shows instead.
    """
    messages: dict[tuple[str | None, str], str] = {}
    plurals: dict[tuple[str | None, str], tuple[str, ...]] = {}
    rule: Callable[[int], int] = _english_rule
    for entry in po_records(text):
        if not entry.msgid and entry.context is None:
            header = next((line.split(":", 1)[1] for line in entry.msgstr.splitlines()
                           if line.lower().startswith("plural-forms:")), "")
            rule = plural_rule(header) if header else rule
        elif entry.fuzzy or not entry.msgid:
            continue
        elif entry.msgid_plural:
            if entry.forms and all(entry.forms):
                plurals[(entry.context, entry.msgid)] = entry.forms
        elif entry.msgstr:
            messages[(entry.context, entry.msgid)] = entry.msgstr
    return Catalog(messages, plurals, rule)


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        return ""
    return str(ast.literal_eval(text))


@cache
def _load(language: str) -> Catalog:
    path = po_path(language)
    if not path.is_file():
        return _EMPTY
    return read_catalog(path.read_text(encoding="utf-8"))


def _code(name: str) -> str:
    """Returns the language code of a locale name (``pt_BR.UTF-8`` → ``pt``), maybe unknown."""
    return name.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """Returns the language the environment asks for: ``GUANDAN_LANG``, else the first
    language of ``LANGUAGE`` (a list such as ``pt_BR:pt``) that is available, else the locale
    (``LC_ALL``, ``LC_MESSAGES``, then ``LANG``); English when that is not one of ours.

    >>> environment_language({"LANG": "pt_BR.UTF-8"})
    'pt'
    >>> environment_language({"LANGUAGE": "fr:es", "LANG": "pt_BR.UTF-8"})
    'es'
    >>> environment_language({"LC_ALL": "C.UTF-8", "LANG": "es_MX.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    asked = env.get("GUANDAN_LANG", "").strip()
    if not asked:
        asked = next((entry for entry in env.get("LANGUAGE", "").split(":")
                      if _code(entry) in LANGUAGES), "")
    if not asked:  # the first locale variable set decides, as in gettext
        asked = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG")
                      if env.get(name, "").strip()), "")
    code = _code(asked)
    return code if code in LANGUAGES else "en"


def set_language(language: str | None = None) -> str:
    """Selects the learner's language (``en``, ``pt`` or ``es``); English is the fallback.

    With no argument, follows the environment (``environment_language``: ``GUANDAN_LANG``,
    then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``). Returns the code in use.

    >>> set_language("en")
    'en'
    >>> set_language("fr")  # not available: English
    'en'
    """
    global _catalog, _language
    if language is not None and not isinstance(language, str):
        raise refuse_language(language)
    if language is None:
        language = environment_language()
    code = _code(language) or "en"
    if code not in LANGUAGES:
        code = "en"
    _catalog = _EMPTY if code == "en" else _load(code)
    _language = code
    return code


def get_language() -> str:
    """Returns the code of the language in use."""
    return _language


def gettext_(message: str, context: str | None = None) -> str:
    """Translates one message into the selected language (English when missing)."""
    return _catalog.messages.get((context, message)) or message


def ngettext_(singular: str, plural: str, n: int, context: str | None = None) -> str:
    """Translates a message whose form depends on the number ``n`` (English when missing).

    >>> [ngettext_("{count} card", "{count} cards", n) for n in (0, 1, 2)]
    ['{count} cards', '{count} card', '{count} cards']
    """
    forms = _catalog.plurals.get((context, singular))
    if not forms:
        return singular if _english_rule(n) == 0 else plural
    return forms[max(0, min(_catalog.rule(n), len(forms) - 1))]


set_language()
