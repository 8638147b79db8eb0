"""Translation: every sentence shown to a learner passes through ``gettext`` here."""

from __future__ import annotations

import gettext
import os
from pathlib import Path

LANGUAGES = ("en", "pt", "es")
DOMAIN = "guandan_learn"
LOCALE_DIR = Path(__file__).with_name("locale")

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(language: str | None = None) -> str:
    """Selects the learner's language (``en``, ``pt`` or ``es``); English is the fallback.

    With no argument, reads ``GUANDAN_LANG`` from the environment.

    >>> set_language("en")
    'en'
    """
    global _translation, _language
    if language is None:
        language = os.environ.get("GUANDAN_LANG", "en")
    code = language.split("_")[0].split("-")[0].lower() or "en"
    if code not in LANGUAGES:
        code = "en"
    _translation = gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True
    )
    _language = code
    return code


def get_language() -> str:
    """Returns the code of the language in use."""
    return _language


def gettext_(message: str) -> str:
    """Translates one message into the selected language."""
    return _translation.gettext(message)


set_language()
