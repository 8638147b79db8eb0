"""Translation: every sentence shown to a learner passes through the catalogues here.

Catalogues are gettext ``.po`` files under ``guandan_learn/locale/<lang>/LC_MESSAGES/``, one
entry per message with the message key as its context (``msgctxt``) and the English template
as its ``msgid``. They are read with the standard library only, so the engine needs no
compiled ``.mo`` files and no extra package; ``scripts/i18n.py`` keeps them in step with
``messages.MESSAGES`` (the templates of every layer).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path

LANGUAGES = ("en", "pt", "es")
DOMAIN = "guandan_learn"
#: The catalogues: package data (``guandan_learn/locale/``).
LOCALE_DIR = Path(str(resources.files("guandan_learn").joinpath("locale")))

_catalog: dict[tuple[str | None, str], str] = {}
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


def po_path(language: str) -> Path:
    """Returns the path of a language's catalogue."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def po_entries(text: str) -> Iterator[tuple[str | None, str, str, bool]]:
    """Yields each entry of a ``.po`` file as (context, English, translation, fuzzy).

    Entries are separated by blank lines, as the catalogues are written.
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
        if "msgid" in fields:
            yield fields.get("msgctxt"), fields["msgid"], fields.get("msgstr", ""), fuzzy


def read_po(text: str) -> dict[tuple[str | None, str], str]:
    """Reads the translations of a ``.po`` file: (context, English) → translation.

    Entries with an empty or fuzzy translation are left out, so English shows instead.

    >>> read_po('msgctxt "k"\\nmsgid "Yes"\\nmsgstr "Sim"\\n')
    {('k', 'Yes'): 'Sim'}
    """
    return {(ctx, en): tr for ctx, en, tr, fuzzy in po_entries(text) if en and tr and not fuzzy}


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        return ""
    return str(ast.literal_eval(text))


@cache
def _load(language: str) -> dict[tuple[str | None, str], str]:
    path = po_path(language)
    if not path.is_file():
        return {}
    return read_po(path.read_text(encoding="utf-8"))


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
    _catalog = {} if code == "en" else _load(code)
    _language = code
    return code


def get_language() -> str:
    """Returns the code of the language in use."""
    return _language


def gettext_(message: str, context: str | None = None) -> str:
    """Translates one message into the selected language (English when missing)."""
    if not _catalog:
        return message
    return _catalog.get((context, message)) or message


set_language()
