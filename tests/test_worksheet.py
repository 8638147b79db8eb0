"""Class sets are fair, and print compactly (issue 25)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from guandan_learn.errors import ClassroomError
from guandan_learn.exercises import load_bank
from guandan_learn.worksheet import (
    ALPHABET,
    CARD_BANDS,
    CARD_SCALE,
    CLASS_SET,
    MOST_STUDENTS,
    Fairness,
    Sheet,
    class_set,
    fairness,
    make_sheet,
    read_code,
    read_topic,
    sheet_code,
    sheet_from_code,
    write_worksheets,
)

#: A class of 25 with accented names, as a teacher's roster has them.
ROSTER = [f"{first} {last}" for first, last in zip(
    ["Ana", "Bárbara", "Caio", "Dário", "Érica", "Fábio", "Gisele", "Hélio", "Íris", "João",
     "Kátia", "Lúcia", "Márcio", "Núbia", "Otávio", "Paula", "Quésia", "Rúben", "Sônia", "Tião",
     "Úrsula", "Vítor", "Wânia", "Xênia", "Zoé"],
    ["Núñez", "Souza", "Peña", "Araújo", "Gonçalves"] * 5, strict=True)]
BANK = {p.id: p for p in load_bank().puzzles}


def test_difficulty_is_measured_from_the_puzzle() -> None:
    pair = BANK["legal-pair-on-single"]  # level 7, 9♠ on the table, A♣ A♦ to play
    assert fairness(pair) == Fairness("legal_play", pair.question, ("§04.3",), 1,
                                      cards=2, wilds=False, options=2)
    assert CARD_BANDS[1] < 3 <= CARD_BANDS[2]  # three cards to read: the band 3–5
    wild = next(p for p in BANK.values() if p.kind.value == "declare_wild")
    assert fairness(wild).wilds  # a wild among the cards


@pytest.mark.parametrize("difficulty", [1, 2])
def test_a_class_set_of_25_is_fair(difficulty: int) -> None:
    started = time.process_time()
    master, sheets = class_set("mixed", 10, 2026, ROSTER, difficulty)
    assert time.process_time() - started < 60  # a guard: about 5 s of CPU (bench_exercises)
    assert [s.student for s in sheets] == ROSTER
    for n in range(10):
        profiles = {fairness(s.puzzles[n]) for s in [master, *sheets]}
        assert len(profiles) == 1, f"question {n + 1}: {profiles}"  # same kind, clauses, band
        setups = {repr(s.puzzles[n].setup) for s in sheets}
        assert len(setups) == len(ROSTER)  # and every student other cards
    kinds = [fairness(p).kind for p in master.puzzles]
    assert len(set(kinds)) == 9  # mixed: every kind


# -- Compact printing --------------------------------------------------------------------------

CHROMIUM = os.environ.get("GUANDAN_CHROMIUM", "/usr/bin/chromium")


def _pdf_pages(html: Path, tmp_path: Path) -> int:
    """Prints a page to PDF with headless chromium (A4, from the page's @page) and counts its
    pages."""
    if not Path(CHROMIUM).is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing (CI is set, so the printing test must run)")
        pytest.skip(f"{CHROMIUM} is missing")  # (never under CI: .ci/run installs it)
    pdf = tmp_path / "printed.pdf"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                    "--no-pdf-header-footer", f"--user-data-dir={tmp_path / 'profile'}",
                    f"--print-to-pdf={pdf}", html.as_uri()],
                   capture_output=True, timeout=120, check=True)
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf.read_bytes()))


def test_a_class_set_prints_two_pages_a_student(tmp_path: Path) -> None:
    # The largest puzzles (difficulty 3, every kind): each student's 10 questions on two A4
    # pages, then the answer grid (one page for three students). 25 students print on 52.
    roster = ROSTER[:3]
    write_worksheets(tmp_path / "out", "mixed", 10, seed=2026, roster=roster, difficulty=3,
                     one_file=True)
    page = (tmp_path / "out" / CLASS_SET).read_text(encoding="utf-8")
    assert ".question { break-inside: avoid;" in page  # a question is never split
    assert page.count('<table class="grid">') == 1  # the answer grid stays
    heights = [float(h) for h in re.findall(r'<svg[^>]* height="([\d.]+)"', page)]
    assert heights and max(heights) <= round(96 * CARD_SCALE, 2)  # smaller cards
    assert _pdf_pages(tmp_path / "out" / CLASS_SET, tmp_path) == 2 * len(roster) + 1


# -- Paper sheets reach the report: codes, the command line, the study app ---------------------


@pytest.mark.parametrize(("kinds", "count", "seed", "difficulty", "variant"), [
    ("mixed", 10, 2026, 1, 12),
    ("legal_play,classify", 6, -5, 3, 0),
    ("endgame,who_leads,endgame", 60, 10**12, 2, MOST_STUDENTS),
    ("tribute", 1, 0, 1, 1),
])
def test_a_code_round_trips(kinds: str, count: int, seed: int, difficulty: int,
                            variant: int) -> None:
    code = sheet_code(kinds, count, seed, difficulty, variant)
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{1,4})*", code)
    assert read_code(code) == (read_topic(kinds), count, seed, difficulty, variant)
    assert read_code(code.lower().replace("-", " ").replace("0", "o")) == read_code(code)


def test_every_mistyped_character_is_caught() -> None:
    code = sheet_code("mixed", 10, 2026, 1, 12).replace("-", "")
    for i, c in enumerate(code):
        for other in ALPHABET:
            if other != c:
                with pytest.raises(ClassroomError, match="mistyped"):
                    read_code(code[:i] + other + code[i + 1:])
    swaps = [code[:i] + code[i + 1] + code[i] + code[i + 2:] for i in range(len(code) - 1)]
    caught = 0
    for swapped in (s for s in swaps if s != code):
        with contextlib.suppress(ClassroomError):
            read_code(swapped)
            continue
        caught += 1
    assert caught == sum(1 for s in swaps if s != code)  # (Luhn mod 32 misses few swaps)


@pytest.mark.parametrize(("code", "words"), [
    ("", "is not a sheet code"),
    ("0ACZ-X4!Z", "is not a sheet code"),
    ("U" * 8, "is not a sheet code"),
    ("7" * 33, "is not a sheet code"),
    (None, "is not a sheet code"),
    (12345678, "is not a sheet code"),
    ("0ACZ-X40A", "a character is mistyped"),
    ("0", "a character is mistyped"),
])
def test_a_bad_code_says_why(code: object, words: str) -> None:
    with pytest.raises(ClassroomError, match=words):
        read_code(code)


def _coded(digits: list[int]) -> str:
    from guandan_learn.worksheet import _check

    return "".join(ALPHABET[d] for d in [*digits, _check(digits)])


@pytest.mark.parametrize("digits", [
    [0, 10, 1, 4],  # too few fields
    [3, 10, 1, 4, 0],  # difficulty 4
    [0, 0, 1, 4, 0],  # no question
    [0, 10, 1, 4, 2, 0],  # two kinds named, one given
    [0, 10, 1, 4, 1, 15],  # no such kind
    [0, 10, 1, 4, 0, 16 + 3],  # an unfinished number
    [0, 10, 1, 4, 0, 16],  # an unfinished zero
])
def test_a_well_typed_code_of_no_sheet_is_refused(digits: list[int]) -> None:
    with pytest.raises(ClassroomError, match="names no sheet"):
        read_code(_coded(digits))


def test_the_code_gives_the_printed_puzzles(tmp_path: Path) -> None:
    _, sheets = class_set("legal_play,classify,tribute", 4, 9, ROSTER[:3])
    for sheet in [*sheets, make_sheet("legal_play,classify,tribute", 4, 9)]:
        again = sheet_from_code(sheet.code)
        assert again.puzzles == sheet.puzzles and again.code == sheet.code
    write_worksheets(tmp_path, "legal_play,classify,tribute", 4, seed=9, roster=ROSTER[:3])
    page = (tmp_path / "worksheet-caio-peña.html").read_text(encoding="utf-8")
    code = sheets[2].code
    assert f'data-code="{code}">Code: {code}</p>' in page
    assert f"guandan-learn sheet {code}" in page and "My paper sheet" in page
    assert sheets[2].student == "Caio Peña" and sheets[2].variant == 3


def _answers(sheet: Sheet, right: set[int]) -> str:
    """The lines a learner types: the right answer where ``right`` says, else a wrong one."""
    from guandan_learn.exercises import Question, grade

    lines = []
    for n, puzzle in enumerate(sheet.puzzles):
        options = Question(puzzle).options
        good = next(o for o in options if grade(puzzle, o).correct)  # (grading saves nothing)
        lines.append(good if n in right else next(o for o in options if o != good))
    return "\n".join(lines) + "\n"


def test_the_sheet_command_grades_and_saves_the_paper_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from guandan_learn.classroom import class_report
    from guandan_learn.cli import main
    from guandan_learn.progress import Progress, close_shared

    _, sheets = class_set("legal_play,classify,tribute", 4, 9, ROSTER[:2])
    sheet = sheets[1]
    store = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("GUANDAN_PROGRESS", str(store))
    monkeypatch.setenv("GUANDAN_LEARNER", "Bárbara")
    monkeypatch.setattr(sys, "stdin", io.StringIO(_answers(sheet, {0, 2, 3})))
    try:
        assert main(["sheet", sheet.code.lower()]) == 0
    finally:
        close_shared()
    out = capsys.readouterr().out
    assert f"Sheet {sheet.code}: 4 questions, the same as on your paper." in out
    assert "You answered 3 of 4 correctly." in out
    with Progress(str(store), learner="Bárbara") as progress:
        saved = progress.answers()
        (tmp_path / "hand-in").mkdir()
        progress.export_csv(tmp_path / "hand-in" / "barbara.csv")
    assert [a.puzzle for a in saved] == [p.id for p in sheet.puzzles]
    assert [a.correct for a in saved] == [True, False, True, True]
    assert {a.source for a in saved} == {"generated"}
    report = class_report(tmp_path / "hand-in")  # regraded from the seeds, like any answer
    assert report.learners == ["Bárbara"] and report.totals["Bárbara"].right == 3


def test_the_sheet_command_refuses_a_bad_code(capsys: pytest.CaptureFixture[str]) -> None:
    from guandan_learn.cli import main

    assert main(["sheet", "0ACZ-X40A"]) == 2
    assert "does not check out: a character is mistyped" in capsys.readouterr().err


@pytest.mark.lab
def test_my_paper_sheet_in_the_study_app(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from guandan_learn.progress import Progress, close_shared
    from guandan_learn.widgets.study import StudyApp

    sheet = class_set("classify,who_leads", 2, 4, ROSTER[:1])[1][0]
    store = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("GUANDAN_PROGRESS", str(store))
    try:
        app = StudyApp(count=2, chapters=[])
        assert app.tabs.titles == ("Due first", "My progress", "My paper sheet",
                                  "Play a deal")
        paper = app.paper
        assert paper.open_code("nonsense!") is None and "not a sheet code" in paper.message.value
        assert paper.quiz_box.children == ()  # a refused code changes nothing
        paper.code.value = sheet.code
        paper.open_button.click()
        quiz = paper.quiz
        assert quiz is not None and quiz.count == 2 and paper.quiz_box.children == (quiz,)
        for line in _answers(sheet, {1}).splitlines():
            quiz.answer(line)
            quiz.check()
            quiz.next()
    finally:
        close_shared()
    with Progress(str(store)) as progress:
        saved = progress.answers()
    assert [(a.puzzle, a.correct) for a in saved] == [(sheet.puzzles[0].id, False),
                                                       (sheet.puzzles[1].id, True)]


# -- Class codes on a class set's sheets ------------------------------------------------------


@pytest.mark.parametrize(("lang", "label"), [
    ("en", "Class code: "), ("pt", "Código da turma: "), ("es", "Código de clase: ")])
def test_a_class_set_prints_each_learners_class_code(tmp_path: Path, lang: str,
                                                     label: str) -> None:
    from guandan_learn import set_language
    from guandan_learn.cli import main
    from guandan_learn.roster import read_roster as read_class_roster
    from guandan_learn.worksheet import read_roster, read_students

    export = tmp_path / "export.csv"
    export.write_text("Full name,ID number\nAna Sá,1001\nBo Li,1002\n", encoding="utf-8")
    coded = tmp_path / "roster-codes.csv"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["roster", str(export), "--secret-file", str(tmp_path / "secret"),
                     "--out", str(coded)]) == 0
    codes = [a.code for a in read_class_roster(coded).learners]
    assert all(codes) and codes[0] != codes[1]
    assert [(s.name, s.code) for s in read_students(coded)] == list(
        zip(["Ana Sá", "Bo Li"], codes, strict=True))
    assert read_roster(coded) == ["Ana Sá", "Bo Li"]  # the names, as before
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["--lang", lang, "worksheet", "--topic", "legal_play", "--count", "1",
                         "--seed", "3", "--out", str(tmp_path / "out"), "--roster", str(coded),
                         "--one-file"]) == 0
    finally:
        set_language("en")
    sheets = [(tmp_path / "out" / f"worksheet-{n}.html").read_text(encoding="utf-8")
              for n in ("ana-sá", "bo-li")]
    for page, code, other in zip(sheets, codes, reversed(codes), strict=True):
        assert f'data-class-code="{code}">{label}{code}</p>' in page and other not in page
    whole = (tmp_path / "out" / CLASS_SET).read_text(encoding="utf-8")
    ana, bo = whole.split('<section class="student" id="student-2">')
    assert codes[0] in ana and codes[1] not in ana and codes[1] in bo.split("answers")[0]
    # The same sheets as from the names alone, apart from the class code.
    _, plain = class_set("legal_play", 1, 3, ["Ana Sá", "Bo Li"])
    _, from_codes = class_set("legal_play", 1, 3, read_class_roster(coded))
    assert [s.puzzles for s in plain] == [s.puzzles for s in from_codes]
    assert [s.class_code for s in from_codes] == codes and not any(s.class_code for s in plain)
    assert "data-class-code" not in write_worksheets(
        tmp_path / "names", "legal_play", 1, 3, roster=["Ana Sá"])[0].read_text(encoding="utf-8")


def test_a_roster_with_a_code_that_is_no_class_code_is_refused(tmp_path: Path) -> None:
    from guandan_learn.worksheet import read_students

    roster = tmp_path / "class.csv"
    roster.write_text("name,code\nAna,XX83-ULEY\nBo,12\nCé,\n", encoding="utf-8")
    with pytest.raises(ClassroomError, match=r"class\.csv, at Bo: '12' is not a class code"):
        read_students(roster)
    roster.write_text("name,code\nAna,xx83 uley\nCé,\n", encoding="utf-8")
    assert [(s.name, s.code) for s in read_students(roster)] == [("Ana", "XX83-ULEY"),
                                                                ("Cé", "")]
