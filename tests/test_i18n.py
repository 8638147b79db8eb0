"""Every message a learner sees exists in English, Portuguese and Spanish (issue 9), with real
plural forms (issue 28)."""

from __future__ import annotations

import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from guandan_learn import classify, get_language, judge, set_language
from guandan_learn.i18n import (
    LANGUAGES,
    PLURAL_FORMS,
    PoEntry,
    po_entries,
    po_path,
    po_records,
    read_catalog,
)
from guandan_learn.messages import MESSAGES, PLURALS, say

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


# == Plural forms (issue 28) ==

#: A plural written with brackets: "notebook(s)", "nivel(es)", "estava(m)", "legível(is)".
BRACKETED_PLURAL = re.compile(r"\w\((?:s|es|m|n|is|ns|ões|ãos|a|o|as|os)\)")


def _records(lang: str) -> dict[str, PoEntry]:
    text = po_path(lang).read_text(encoding="utf-8")
    return {e.context: e for e in po_records(text) if e.context}


def _bracketed(texts: dict[str, str]) -> list[str]:
    return [f"{where}: {m.group(0)!r}" for where, text in texts.items()
            for m in BRACKETED_PLURAL.finditer(text)]


def test_no_message_writes_a_plural_in_brackets() -> None:
    texts = {f"en {key}": text for key, text in MESSAGES.items()}
    texts |= {f"en {key} (plural)": p.plural for key, p in PLURALS.items()}
    for lang in TRANSLATED:
        for key, entry in _records(lang).items():
            for i, form in enumerate(entry.forms or (entry.msgstr,)):
                texts[f"{lang} {key} [{i}]"] = form
    assert not _bracketed(texts), _bracketed(texts)


def test_the_bracket_check_finds_one_put_back() -> None:
    planted = {"en": "Copied 2 notebook(s).", "pt": "já estava(m) em dia",
               "es": "suben 2 nivel(es)", "pt2": "a(s) resposta(s) legível(is)"}
    assert len(_bracketed(planted)) == 6
    assert not _bracketed({"en": "It lacks the column (line 1).", "es": "mano (o ronda)"})


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_entries_are_complete(lang: str) -> None:
    text = po_path(lang).read_text(encoding="utf-8")
    assert f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"' in text
    records = _records(lang)
    nplurals = int(PLURAL_FORMS[lang].split("nplurals=")[1].split(";")[0])
    for key, plural in PLURALS.items():
        entry = records[key]
        assert entry.msgid == plural.singular and entry.msgid_plural == plural.plural, key
        assert len(entry.forms) == nplurals and all(entry.forms), key
        for form in entry.forms:
            assert _fields(form) == _fields(plural.singular) == _fields(plural.plural), key
    plain = [key for key, entry in records.items() if entry.msgid_plural and key not in PLURALS]
    assert not plain, f"{lang}: plural entries for messages that have one form: {plain}"


@pytest.mark.parametrize(("lang", "zero", "one", "two"), [
    ("en", "Copied 0 notebooks into x.", "Copied 1 notebook into x.",
     "Copied 2 notebooks into x."),
    ("pt", "0 notebook copiado para x.", "1 notebook copiado para x.",  # Brazilian: 0 is one
     "2 notebooks copiados para x."),
    ("es", "0 notebooks copiados en x.", "1 notebook copiado en x.",
     "2 notebooks copiados en x."),
])
def test_plural_forms_follow_each_language(lang: str, zero: str, one: str, two: str) -> None:
    try:
        set_language(lang)
        assert [say("course.copied", count=n, folder="x") for n in (0, 1, 2)] == [zero, one, two]
    finally:
        set_language("en")


def test_a_sentence_counts_two_things_apart() -> None:
    try:
        assert say("cli.validate.bad", count=1, files=3) == "1 problem in 3 files."
        set_language("es")
        assert say("cli.validate.bad", count=2, files=1) == "2 problemas en 1 archivo."
        set_language("pt")
        assert say("progress.summary.total", learner="Ana", answered=1, right=1,
                   percent=100) == "Ana: 1 resposta, 1 certa (100%)."
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "T — due d: 0 of 1 puzzle answered, 1 right.",
     "T — due d: 2 of 3 puzzles answered, 2 right."),
    ("pt", "T — prazo d: 0 de 1 exercício respondido, 1 certo.",
     "T — prazo d: 2 de 3 exercícios respondidos, 2 certos."),
    ("es", "T — entrega d: 0 de 1 ejercicio respondido, 1 correcto.",
     "T — entrega d: 2 de 3 ejercicios respondidos, 2 correctos."),
])
def test_the_class_box_counts_puzzles_and_right_answers_apart(lang: str, one: str,
                                                             two: str) -> None:
    try:
        set_language(lang)
        assert say("class_box.due", title="T", due="d", done=0, count=1, right=1) == one
        assert say("class_box.due", title="T", due="d", done=2, count=3, right=2) == two
    finally:
        set_language("en")


def test_bracket_plurals_turned_into_plural_messages_count_with_their_field() -> None:
    try:
        assert say("gradebook.assignment", puzzles=1, tries=2, opens="a", due="b").startswith(
            "1 puzzle; 2 answers counted per puzzle;")
        assert say("assignment.unknown", path="p", keys="x, y", count=2).startswith(
            "p: unknown fields x, y;")
        assert "(3 bytes from byte 7)" in say("progress.log.torn", log="l", size=3, start=7)
        set_language("pt")
        assert say("assignment.cli.checked", title="T", count=2, tries=1, opens="a",
                   due="b") == "\"T\": 2 exercícios, 1 resposta contada por exercício, aberta " \
                               "de a a b:"
        set_language("es")
        assert say("gradebook.note.other", count=1) == (
            "1 respuesta es de un ejercicio fuera de la tarea: no se califica.")
    finally:
        set_language("en")


def test_plural_rules_come_from_the_header() -> None:
    catalog = read_catalog('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : '
                           'n==2 ? 1 : 2);\\n"\n\nmsgctxt "k"\nmsgid "a"\nmsgid_plural "b"\n'
                           'msgstr[0] "x"\nmsgstr[1] "y"\nmsgstr[2] "z"\n')
    assert [catalog.rule(n) for n in (1, 2, 5)] == [0, 1, 2]
    assert catalog.plurals[("k", "a")] == ("x", "y", "z")
    incomplete = read_catalog('msgctxt "k"\nmsgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\n'
                              'msgstr[1] ""\n')
    assert not incomplete.plurals  # a missing form shows English, never an empty text


def test_the_catalogue_tool_keeps_plural_entries_in_step(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """scripts/i18n.py writes msgid_plural and one msgstr[i] per form, and marks a plural entry
    fuzzy when either English form changes."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "i18n_tool", Path(__file__).resolve().parent.parent / "scripts" / "i18n.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    key = "course.copied"
    plural = PLURALS[key]
    monkeypatch.setattr(tool, "MESSAGES", {key: plural.singular, "seat.0": MESSAGES["seat.0"]})
    path = tmp_path / "pt.po"
    old = {key: tool.Old(plural.singular, plural.plural, ("um", "vários"), False),
           "seat.0": tool.Old("South", "", ("Sul",), False)}
    assert tool.write_catalog(path, "pt", old) == (2, 0)
    text = path.read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"' in text
    assert 'msgstr[0] "um"\nmsgstr[1] "vários"' in text and 'msgstr "Sul"' in text
    assert read_catalog(text).plurals[(key, plural.singular)] == ("um", "vários")
    changed = {key: tool.Old(plural.singular, "Copied {count} notebook(s).", ("um", "vários"),
                             False)}
    assert tool.write_catalog(path, "pt", changed) == (0, 2)  # fuzzy, and seat.0 missing
    assert "#, fuzzy" in path.read_text(encoding="utf-8")
    assert not read_catalog(path.read_text(encoding="utf-8")).plurals
