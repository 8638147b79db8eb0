"""Every message a learner sees exists in English, Portuguese and Spanish (issue 9)."""

from __future__ import annotations

import os
import string
import subprocess
import sys
from pathlib import Path

import pytest

from guandan_learn import classify, get_language, judge, set_language
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


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "pt_BR.UTF-8"}, "pt"),
    ({"LANG": "es_ES.UTF-8", "LC_ALL": ""}, "es"),
    ({"LANGUAGE": "fr:es:pt", "LANG": "pt_BR.UTF-8"}, "es"),
    ({"LC_ALL": "C.UTF-8", "LANG": "pt_BR.UTF-8"}, "en"),
    ({"LC_MESSAGES": "es_AR", "LANG": "pt_PT"}, "es"),
    ({"GUANDAN_LANG": "en", "LANG": "pt_BR.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
])
def test_language_follows_the_locale(monkeypatch: pytest.MonkeyPatch, env: dict[str, str],
                                     expected: str) -> None:
    """LANG=pt_BR.UTF-8 gives Portuguese; GUANDAN_LANG and LANGUAGE come first, as in gettext."""
    for name in ("GUANDAN_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    try:
        assert set_language() == expected
        assert get_language() == expected
    finally:
        set_language("en")


def test_a_new_process_speaks_the_locale(tmp_path: Path) -> None:
    """The language is chosen when the package is imported: LANG alone is enough."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("GUANDAN_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "pt_BR.UTF-8"
    code = "import guandan_learn as g; print(g.get_language())"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, cwd=tmp_path).stdout
    assert out.strip() == "pt"
