"""Every message a learner sees exists in English, Portuguese and Spanish (issue 9)."""

from __future__ import annotations

import string

import pytest

from guandan_learn import classify, judge, set_language
from guandan_learn.i18n import LANGUAGES, po_entries, po_path
from guandan_learn.messages import MESSAGES, say

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _fields(template: str) -> list[tuple[str, str, str]]:
    """Lists a template's fields with their conversion and format spec, in order."""
    return sorted((name, conv or "", spec or "")
                  for _, name, spec, conv in string.Formatter().parse(template)
                  if name is not None)


def _catalogue(lang: str) -> dict[str, tuple[str, str, bool]]:
    text = po_path(lang).read_text(encoding="utf-8")
    return {ctx: (en, tr, fuzzy) for ctx, en, tr, fuzzy in po_entries(text) if ctx}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    catalogue = _catalogue(lang)
    missing = [key for key, english in MESSAGES.items()
               if catalogue.get(key, ("", "", False))[0] != english
               or not catalogue[key][1].strip() or catalogue[key][2]]
    assert not missing, f"{lang}: {len(missing)} messages need a translation: {missing[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match(lang: str) -> None:
    catalogue = _catalogue(lang)
    wrong = [key for key, english in MESSAGES.items()
             if key in catalogue and catalogue[key][1]
             and _fields(catalogue[key][1]) != _fields(english)]
    assert not wrong, f"{lang}: placeholders differ in {wrong}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_clause_ids_survive_translation(lang: str) -> None:
    catalogue = _catalogue(lang)
    for key, english in MESSAGES.items():
        translation = catalogue.get(key, ("", "", False))[1]
        for token in english.split():
            if token.startswith("§") or token.startswith("(§"):
                clause = token.strip("(),.;:")
                assert clause in translation, f"{lang}: {key} lost {clause}"


def test_language_switch_and_fallback() -> None:
    table = classify("9S", "7")[0]
    try:
        english = judge("AC AD", table, "7").reason
        assert set_language("pt") == "pt"
        portuguese = judge("AC AD", table, "7").reason
        assert set_language("es") == "es"
        spanish = judge("AC AD", table, "7").reason
        assert len({english, portuguese, spanish}) == 3
        assert all("§04.3" in s for s in (english, portuguese, spanish))
        assert set_language("xx") == "en"
        assert judge("AC AD", table, "7").reason == english
    finally:
        set_language("en")


def test_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUANDAN_LANG", "es-ES")
    try:
        assert set_language() == "es"
        assert say("describe.pair", ranks="8") != MESSAGES["describe.pair"].format(ranks="8")
    finally:
        set_language("en")
