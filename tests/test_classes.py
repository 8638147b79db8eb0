"""A class run the way schools run one (issue 25 items 2, 3, 6; issue 23 item 11): rosters
exported from an LMS, assignment files, hand-ins tied to their learner by a class code, the
gradebooks Moodle, Google Classroom and Canvas import, and collection from a hub's homes."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest

from guandan_learn.assignments import Assignment, find_assignments, read_assignment
from guandan_learn.classroom import collect
from guandan_learn.cli import main
from guandan_learn.errors import ClassroomError
from guandan_learn.exercises import Puzzle, generate, grade
from guandan_learn.files import neutralise
from guandan_learn.gradebook import ClassBook
from guandan_learn.hub import PROGRESS_IN_HOME, collect_homes
from guandan_learn.progress import Progress
from guandan_learn.roster import (
    learner_code,
    normal_code,
    read_roster,
    read_roster_text,
)

SECRET = "a class secret for the tests"
PUZZLE = generate("legal_play", 3)
OTHER = generate("legal_play", 4)


def wrong_answer(puzzle: Puzzle) -> object:
    """Returns an answer the engine grades wrong (a yes/no puzzle: the other one)."""
    return not puzzle.answer


def roster_file(tmp_path: Path, codes: bool = True) -> Path:
    """Writes the roster a Portuguese Moodle exports (;, BOM, accents), with codes."""
    path = tmp_path / "turma.csv"
    path.write_text("\ufeffNome;Sobrenome;Número de ID;Endereço de email\n"
                    "Ana;Sá;1001;ana@escola.br\nBo;Li;1002;bo@escola.br\n"
                    "Cé;Dú;1003;ce@escola.br\n", encoding="utf-8")
    if codes:
        coded = tmp_path / "turma-codes.csv"
        coded.write_text(read_roster(path).with_codes(SECRET).csv_text(), encoding="utf-8")
        return coded
    return path


def hand_in(folder: Path, file: str, learner: str, answers: list[tuple[Puzzle, object, str]],
            code: str | None = None) -> Path:
    """Writes a results file as the app hands it in."""
    folder.mkdir(exist_ok=True)
    with Progress(":memory:", learner=learner) as mine:
        if code:
            mine.set_code(code)
        for puzzle, answer, at in answers:
            mine.record(puzzle, grade(puzzle, answer), at=at)
        mine.export_csv(folder / file)
    return folder / file


WEEK = Assignment.from_data({"title": "Semana 1", "opens": "2025-03-03T08:00Z",
                             "due": "2025-03-07T18:00Z", "tries": 2,
                             "generated": [{"kind": "legal_play", "seeds": [3, 4]}]})


# -- Rosters ---------------------------------------------------------------------------------


def test_a_moodle_roster_in_portuguese_with_bom_semicolons_and_accents(tmp_path: Path) -> None:
    roster = read_roster(roster_file(tmp_path, codes=False))
    assert [(a.name, a.id_number, a.email) for a in roster.learners] == [
        ("Ana Sá", "1001", "ana@escola.br"), ("Bo Li", "1002", "bo@escola.br"),
        ("Cé Dú", "1003", "ce@escola.br")]
    assert roster.find("ana sa") is roster.find("1001") is roster.find("ANA@escola.br") \
        is roster.find("ana") is roster.learners[0]
    assert not roster.has_codes and roster.find("Zé") is None


def test_canvas_and_google_exports_and_their_columns() -> None:
    canvas = read_roster_text(
        "Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (3)\n"
        "    Points Possible,,,,,10\n\"Sá, Ana\",4411,1001,asa,3B,\n")
    ana = canvas.learners[0]
    assert (ana.name, ana.lms_id, ana.id_number, ana.username, ana.section) == \
        ("Sá, Ana", "4411", "1001", "asa", "3B")
    google = read_roster_text("First Name\tLast Name\tEmail Address\nJosé\tÑúñez\tj@x.es\n")
    assert google.learners[0].name == "José Ñúñez" and google.learners[0].key == "j@x.es"


@pytest.mark.parametrize(("text", "words"), [
    ("name\nAna\n", "no identifier column"),
    ("email\nana@x\n", "no name column"),
    ("name,email\nAna,a@x\nBo,A@X\n", "already on line 2"),
    ("name,email\nAna,\n", "has no ID number"),
    ("name,email\n", "lists no learner"),
    ("name,email,code\nAna,a@x,nope\n", "is not a class code"),
])
def test_a_roster_that_cannot_be_used_is_refused_saying_why(text: str, words: str) -> None:
    with pytest.raises(ClassroomError, match=words):
        read_roster_text(text)


def test_class_codes_are_stable_private_and_forgiving_to_type() -> None:
    code = learner_code(SECRET, "1001")
    assert code == learner_code(SECRET, "1001") != learner_code(SECRET, "1002")
    assert code != learner_code("another secret!", "1001")
    assert normal_code(code.lower().replace("-", " ")) == code
    with pytest.raises(ClassroomError):
        normal_code("0000-1111")  # 0 and 1 are never in a code
    with pytest.raises(ClassroomError, match="at least 8"):
        read_roster_text("name,email\nAna,a@x\n").with_codes("short")


FORMULAS = ["=1+1", "+A1", "-A1", "@SUM(A1)", "x;=cmd|' /C calc'!A0", "x\t=1+1", "x,=1",
            "a\n=1", '"=1', "\uff1d1+1", " =1", "'=1"]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_cell_a_spreadsheet_could_read_as_a_formula_is_neutralised(text: str) -> None:
    """The roster's and the gradebook's cells go through ``files.neutralise``: a quote,
    full-width signs, spaces before the sign do not hide a formula."""
    safe = neutralise(text)
    for sep in (",", ";", "\t"):  # after splitting as a spreadsheet would, no part is a formula
        parts = [p.lstrip(' "') for line in safe.splitlines() for p in line.split(sep)]
        assert not [p for p in parts if p and p[0] in "=+-@\uff1d\uff0b\uff0d\uff20"], parts
    assert neutralise("Ana Sá") == "Ana Sá" and neutralise("-1") == "-1"  # a number stays
    if "\n" in text or "\t" in text:
        return
    given = io.StringIO()
    csv.writer(given).writerows([["name", "email"], [text, "a@x"]])
    roster = read_roster_text(given.getvalue())
    row = next(csv.reader(io.StringIO(roster.csv_text().splitlines()[1])))
    assert row[0] == neutralise(roster.learners[0].name) != roster.learners[0].name


# -- Assignments -----------------------------------------------------------------------------


def test_an_assignment_round_trips_and_lists_its_puzzles(tmp_path: Path) -> None:
    a = Assignment.from_data({"title": "Cap. 3", "opens": "2025-03-03", "due": "2025-03-07",
                              "chapters": [3], "puzzles": ["legal-pair-on-single"],
                              "generated": [{"kind": "classify", "seeds": [1],
                                             "difficulty": 2}]})
    assert "classify-long-tube" in a.ids and a.ids[-1] == "classify-d2-s1"
    assert len(a.ids) == len(set(a.ids))  # legal-pair-on-single is in chapter 3's quiz too
    again = read_assignment(a.write(tmp_path / "a.json"))
    assert again == a and again.ids == a.ids
    assert [p.id for p in a.make_puzzles()] == list(a.ids)


@pytest.mark.parametrize(("change", "words"), [
    ({"title": ""}, "title"),
    ({"due": "2025-03-01"}, "after the opening"),
    ({"opens": "next week"}, "opens must be a time"),
    ({"tries": 0}, "tries must be"),
    ({"tries": True}, "tries must be"),
    ({"chapters": [99]}, "chapter 99 has no quiz"),
    ({"puzzles": ["no-such-puzzle"]}, "not a puzzle of the bank"),
    ({"generated": [{"kind": "poker", "seeds": [1]}]}, "not a puzzle kind"),
    ({"generated": [{"kind": "classify", "seeds": [-1]}]}, "seeds must be"),
    ({"generated": [{"kind": "classify", "seeds": [1], "difficulty": 4}]}, "difficulty"),
    ({"generated": [], "puzzles": []}, "has no puzzle"),
    ({"colour": "red"}, "unknown field"),
    ({"format": 2}, "format 2"),
])
def test_an_assignment_that_is_wrong_is_refused_naming_the_field(change: dict[str, object],
                                                                 words: str) -> None:
    data = {"title": "T", "opens": "2025-03-03", "due": "2025-03-07",
            "generated": [{"kind": "classify", "seeds": [1]}], **change}
    with pytest.raises(ClassroomError, match=words):
        Assignment.from_data(data, "week.json")


def test_assignment_new_and_check_on_the_command_line(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "week.json"
    assert main(["assignment", "new", "--title", "Semana 1", "--opens", "2025-03-03T08:00Z",
                 "--due", "2025-03-07T18:00Z", "--chapters", "3", "--generated",
                 "legal_play:1:3-4", "--tries", "2", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["generated"] == [{"kind": "legal_play", "seeds": [3, 4], "difficulty": 1}]
    assert main(["assignment", "check", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "legal_play-d1-s4" in printed and "Semana 1" in printed
    out.write_text("{not json", encoding="utf-8")
    assert main(["assignment", "check", str(out)]) == 2
    assert "is not JSON" in capsys.readouterr().err


def test_the_learner_sees_open_assignments(tmp_path: Path) -> None:
    from guandan_learn.widgets.assignments import ClassBox

    (tmp_path / "week.json").write_text(WEEK.json_text(), encoding="utf-8")
    (tmp_path / "later.json").write_text(json.dumps({**WEEK.to_data(), "title": "Later",
                                                     "opens": "2030-01-01T00:00Z",
                                                     "due": "2030-02-01T00:00Z"}))
    (tmp_path / "broken.json").write_text("[]", encoding="utf-8")
    found, problems = find_assignments([tmp_path])
    assert [a.title for a in found] == ["Semana 1", "Later"] and len(problems) == 1
    with Progress(":memory:", learner="Ana") as mine:
        mine.record(PUZZLE, grade(PUZZLE, PUZZLE.answer), at="2025-03-04T10:00Z")
        box = ClassBox(mine, places=[tmp_path], now="2025-03-05T10:00Z")
        assert [a.title for a in box.assignments] == ["Semana 1"]
        assert "1 of 2 puzzles answered, 1 right" in box.line(box.assignments[0])
        quiz = box.start(box.assignments[0])
        assert quiz.count == 2 and quiz.puzzle.id == PUZZLE.id
        from guandan_learn.progress.store import _tell

        _tell(mine.record(OTHER, grade(OTHER, OTHER.answer), at="2025-03-05T09:00Z"))
        assert "2 of 2 puzzles answered, 2 right" in box.list.children[1].children[1].value
        assert box.save_code("xx83 uley") == "XX83-ULEY" and mine.saved_code() == "XX83-ULEY"
        assert box.save_code("nope") == "" and mine.saved_code() == "XX83-ULEY"


# -- Grading against a roster and an assignment ---------------------------------------------


def test_only_the_assignment_in_its_window_counts_late_work_flagged_everyone_listed(
        tmp_path: Path) -> None:
    roster = read_roster(roster_file(tmp_path))
    ana, bo, _ = roster.learners
    sub = tmp_path / "sub"
    hand_in(sub, "ana.csv", "Ana Sá", [
        (PUZZLE, PUZZLE.answer, "2025-03-01T10:00Z"),  # before it opens: practice
        (PUZZLE, wrong_answer(PUZZLE), "2025-03-04T10:00Z"),
        (PUZZLE, PUZZLE.answer, "2025-03-04T10:01Z"),  # second try: counts (tries 2)
        (OTHER, wrong_answer(OTHER), "2025-03-04T10:02Z"),
        (OTHER, wrong_answer(OTHER), "2025-03-04T10:03Z"),
        (OTHER, OTHER.answer, "2025-03-04T10:04Z"),  # a third try does not count
        (generate("classify", 1), generate("classify", 1).answer, "2025-03-04T10:05Z"),
    ], code=ana.code)
    hand_in(sub, "bo.csv", "bo@escola.br", [(PUZZLE, PUZZLE.answer, "2025-03-09T10:00Z")],
            code=bo.code)
    book = ClassBook(collect(sub), roster, WEEK)
    rows = {r["name"]: r for r in book.gradebook()}
    assert list(rows) == ["Ana Sá", "Bo Li", "Cé Dú"]
    assert (rows["Ana Sá"]["answered"], rows["Ana Sá"]["right"], rows["Ana Sá"]["grade"]) == \
        ("2", "1", "50")
    assert (rows["Bo Li"]["grade"], rows["Bo Li"]["late"]) == ("50", "1")
    assert (rows["Cé Dú"]["handed_in"], rows["Cé Dú"]["grade"]) == ("no", "0")
    notes = " ".join(book.notes())
    assert "1 answer is to a puzzle outside the assignment" in notes
    assert "1 answer was given before the assignment opened" in notes
    assert "Late answers (after the due time) from: Bo Li." in notes
    assert "Nothing handed in (1): Cé Dú." in notes
    page = book.html()
    assert "Semana 1" in page and "Cé Dú" in page and "nothing handed in" in page


def test_issue_23_item_11_an_extra_file_cannot_raise_or_lower_a_mark(tmp_path: Path) -> None:
    """The reproducer: one extra file with a right answer dated before Ana's real first try
    turned her 0 into 100. With class codes it is flagged and kept out of every mark; the
    same holds for a file that would lower Bo's mark, and for one that carries Bo's code
    under Ana's name."""
    roster = read_roster(roster_file(tmp_path))
    ana, bo, _ = roster.learners
    week = Assignment.from_data({**WEEK.to_data(), "generated": [
        {"kind": "legal_play", "seeds": [3]}], "tries": 1})
    sub = tmp_path / "sub"
    hand_in(sub, "ana.csv", "Ana Sá", [(PUZZLE, wrong_answer(PUZZLE), "2025-03-04T10:00Z")],
            code=ana.code)
    hand_in(sub, "bo.csv", "Bo Li", [(PUZZLE, PUZZLE.answer, "2025-03-04T11:00Z")],
            code=bo.code)
    before = {r["name"]: r["grade"] for r in ClassBook(collect(sub), roster, week).gradebook()}
    assert before == {"Ana Sá": "0", "Bo Li": "100", "Cé Dú": "0"}
    hand_in(sub, "extra.csv", "Ana Sá", [(PUZZLE, PUZZLE.answer, "2025-03-04T09:00Z")])
    hand_in(sub, "lower.csv", "Bo Li", [(PUZZLE, wrong_answer(PUZZLE), "2025-03-04T09:00Z")],
            code=learner_code("a guessed secret", "1002"))
    hand_in(sub, "borrowed.csv", "Ana Sá", [(PUZZLE, PUZZLE.answer, "2025-03-04T08:00Z")],
            code=bo.code)
    book = ClassBook(collect(sub), roster, week)
    assert {r["name"]: r["grade"] for r in book.gradebook()} == before
    notes = book.notes()
    assert "extra.csv carries no class code: its answers are kept out of every mark." in notes
    assert ("lower.csv carries a class code that is nobody's on the roster: its answers are "
            "kept out of every mark.") in notes
    assert any(n.startswith("borrowed.csv carries the class code of Bo Li but 1 answer in it names")
               for n in notes)
    assert "extra.csv carries no class code" in book.html()


def test_a_name_typed_differently_counts_for_the_learner_whose_code_the_file_carries(
        tmp_path: Path) -> None:
    roster = read_roster(roster_file(tmp_path))
    sub = tmp_path / "sub"
    hand_in(sub, "a.csv", "Aninha", [(PUZZLE, PUZZLE.answer, "2025-03-04T10:00Z")],
            code=roster.learners[0].code)
    book = ClassBook(collect(sub), roster, WEEK)
    assert [r["right"] for r in book.gradebook()] == ["1", "0", "0"]
    assert ("1 answer names Aninha, who is not on the roster, in a file with the class code "
            "of Ana Sá: it counts for Ana Sá.") in book.notes()


def test_answers_copied_into_another_learners_file_are_flagged(tmp_path: Path) -> None:
    roster = read_roster(roster_file(tmp_path))
    ana, bo, _ = roster.learners
    sub = tmp_path / "sub"
    mine = hand_in(sub, "ana.csv", "Ana Sá", [(PUZZLE, PUZZLE.answer, "2025-03-04T10:00Z")],
                   code=ana.code)
    rows = list(csv.DictReader(io.StringIO(mine.read_text(encoding="utf-8"))))
    copied = hand_in(sub, "bo.csv", "Bo Li", [(OTHER, OTHER.answer, "2025-03-04T10:00Z")],
                     code=bo.code)
    with open(copied, "a", encoding="utf-8", newline="") as handle:  # Ana's row, Bo's file
        csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\r\n").writerow(
            {**rows[0], "code": bo.code})
    renamed = {**rows[0], "learner": "Cé Dú", "code": roster.learners[2].code}
    ce = sub / "ce.csv"
    with open(ce, "w", encoding="utf-8", newline="") as handle:  # Ana's answer, renamed
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\r\n")
        writer.writeheader()
        writer.writerow({**renamed, "id": ""})
    book = ClassBook(collect(sub), roster, WEEK)
    assert {r["name"]: r["right"] for r in book.gradebook()} == \
        {"Ana Sá": "1", "Bo Li": "1", "Cé Dú": "1"}
    notes = " ".join(book.notes())
    assert "1 answer of another learner also appears in bo.csv, the file of Bo Li" in notes
    assert "Ana Sá and Cé Dú handed in 1 identical answer at the same time." in notes


def test_a_roster_without_codes_still_lists_everyone_and_says_what_it_cannot_tell(
        tmp_path: Path) -> None:
    roster = read_roster(roster_file(tmp_path, codes=False))
    sub = tmp_path / "sub"
    hand_in(sub, "ana.csv", "ana@escola.br", [(PUZZLE, PUZZLE.answer, "2025-03-04T10:00Z")])
    hand_in(sub, "zé.csv", "Zé", [(PUZZLE, PUZZLE.answer, "2025-03-04T10:00Z")])
    book = ClassBook(collect(sub), roster)
    assert [(r["name"], r["grade"]) for r in book.gradebook()] == [
        ("Ana Sá", "100"), ("Bo Li", ""), ("Cé Dú", "")]
    notes = " ".join(book.notes())
    assert "1 answer names Zé, who is not on the roster" in notes
    assert "anyone can hand in a file under another's name" in notes


# -- The LMS gradebooks ----------------------------------------------------------------------


def _table(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_the_lms_layouts_have_the_columns_each_lms_documents(tmp_path: Path) -> None:
    roster = read_roster_text(
        "Student,ID,SIS User ID,SIS Login ID,Section,Email\n"
        "\"Sá, Ana\",4411,1001,asa,3B,ana@x.br\n=cmd Bo,4412,1002,bo,3B,bo@x.br\n")
    sub = tmp_path / "sub"
    hand_in(sub, "ana.csv", "asa", [(PUZZLE, PUZZLE.answer, "2025-03-04T10:00Z")])
    book = ClassBook(collect(sub), roster, WEEK)
    moodle = _table(book.moodle_csv())
    assert moodle[0] == ["First name", "Last name", "ID number", "Email address", "Semana 1"]
    assert [r[2:] for r in moodle[1:]] == [["1001", "ana@x.br", "50"], ["1002", "bo@x.br", "0"]]
    google = _table(book.google_classroom_csv())
    assert google[0] == ["Last Name", "First Name", "Email Address", "Semana 1"]
    assert [r[2:] for r in google[1:]] == [["ana@x.br", "50"], ["bo@x.br", "0"]]
    canvas = _table(book.canvas_csv())
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Semana 1"]
    assert canvas[1] == ["Points Possible", "", "", "", "", "100"]
    assert canvas[2][1:] == ["4411", "1001", "asa", "3B", "50"]
    for text in (book.moodle_csv(), book.google_classroom_csv(), book.canvas_csv(),
                 book.gradebook_csv()):
        cells = [c for row in _table(text) for c in row]
        assert not [c for c in cells if c and c[0] in "=+-@"], text  # spreadsheet-safe
        assert all(0 <= int(g) <= 100 for g in (r[-1] for r in _table(text)[1:]) if g)
    written = book.write(tmp_path / "out", ["moodle", "google", "canvas"])
    assert sorted(p.name for p in written) == ["gradebook-canvas.csv", "gradebook-google.csv",
                                               "gradebook-moodle.csv", "gradebook.csv",
                                               "report.html"]


def test_an_lms_layout_the_roster_cannot_fill_is_refused_before_writing(tmp_path: Path) -> None:
    roster = read_roster_text("name,username\nAna,asa\n")
    book = ClassBook(collect(hand_in(tmp_path / "s", "a.csv", "asa", []).parent), roster, WEEK)
    with pytest.raises(ClassroomError, match="Moodle matches learners by ID number or email"):
        book.write(tmp_path / "out", ["moodle"])
    assert not (tmp_path / "out").exists()
    with pytest.raises(ClassroomError, match="needs a roster"):
        ClassBook(collect(tmp_path / "s")).moodle_csv()


def test_class_with_roster_assignment_and_lms_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    roster_path = tmp_path / "roster.csv"
    roster_path.write_text("Full name,ID number,Email address\nAna Sá,1001,ana@x.br\n"
                           "Bo Li,1002,bo@x.br\n", encoding="utf-8")
    coded = tmp_path / "roster-codes.csv"
    secret = tmp_path / "private" / "class.secret"
    assert main(["roster", str(roster_path), "--secret-file", str(secret),
                 "--out", str(coded), "--slips", str(tmp_path / "slips.html")]) == 0
    assert secret.exists() and (os.stat(secret).st_mode & 0o077) == 0
    roster = read_roster(coded)
    assert roster.has_codes and roster.learners[0].code == learner_code(
        secret.read_text().strip(), "1001")
    slips = (tmp_path / "slips.html").read_text(encoding="utf-8")
    assert all(a.name in slips and f"--code {a.code}" in slips for a in roster.learners)
    again = tmp_path / "again.csv"  # the same secret file: the same codes
    assert main(["roster", str(roster_path), "--secret-file", str(secret), "--out",
                 str(again)]) == 0
    assert read_roster(again).learners == roster.learners
    store = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("GUANDAN_PROGRESS", str(store))
    assert main(["progress", "--code", roster.learners[0].code.lower()]) == 0
    assert "every results file you hand in carries it" in capsys.readouterr().out
    monkeypatch.delenv("GUANDAN_PROGRESS")
    with Progress(store, learner="Ana Sá") as mine:
        mine.record(PUZZLE, grade(PUZZLE, PUZZLE.answer), at="2025-03-04T10:00Z")
        mine.export_csv(tmp_path / "sub.csv")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub.csv").rename(tmp_path / "sub" / "ana.csv")
    (tmp_path / "week.json").write_text(WEEK.json_text(), encoding="utf-8")
    capsys.readouterr()
    assert main(["class", str(tmp_path / "sub"), "--roster", str(coded), "--assignment",
                 str(tmp_path / "week.json"), "--lms", "moodle,canvas", "--out",
                 str(tmp_path / "out")]) == 0
    printed = capsys.readouterr().out
    assert "Nothing handed in (1): Bo Li." in printed and "gradebook-moodle.csv" in printed
    moodle = _table((tmp_path / "out" / "gradebook-moodle.csv").read_text(encoding="utf-8"))
    assert moodle[1][2:] == ["1001", "ana@x.br", "50"] and moodle[2][2:] == ["1002", "bo@x.br",
                                                                              "0"]
    assert main(["class", "--out", str(tmp_path / "o2")]) == 2
    assert "Give either SUBMISSIONS" in capsys.readouterr().err
    assert main(["class", str(tmp_path / "sub"), "--lms", "blackboard", "--out",
                 str(tmp_path / "o3")]) == 2


# -- Collection from a hub's home folders ---------------------------------------------------


def test_collecting_home_folders_reads_each_learners_progress_in_place(tmp_path: Path) -> None:
    roster = read_roster_text("name,username\nAna Sá,ana\nBo Li,bo\nCé Dú,ce\nDi Li,di\n"
                              "Eva Ro,eva\n").with_codes(SECRET)
    homes = tmp_path / "home"
    for user, answer, code in (("ana", PUZZLE.answer, "ana"), ("bo", wrong_answer(PUZZLE), "bo"),
                               ("di", PUZZLE.answer, None), ("eva", PUZZLE.answer, "bo"),
                               ("zed", PUZZLE.answer, None)):
        with Progress(homes / user / PROGRESS_IN_HOME) as progress:  # learner "me", as saved
            if code:
                progress.set_code(roster.find(code).code)  # type: ignore[union-attr]
            progress.record(PUZZLE, grade(PUZZLE, answer), at="2025-03-04T10:00Z")
    (homes / "ce").mkdir()
    (homes / "dan" / PROGRESS_IN_HOME.parent).mkdir(parents=True)
    (homes / "dan" / PROGRESS_IN_HOME).symlink_to(homes / "ana" / PROGRESS_IN_HOME)
    before = {p.name: p.stat().st_mtime_ns for p in (homes / "ana" / PROGRESS_IN_HOME).parent
              .iterdir()}
    results = collect_homes(homes)
    assert results.learners == ["ana", "bo", "di", "eva", "zed"]
    book = ClassBook(results, roster, WEEK, by_home=True)
    assert [(r["name"], r["right"], r["handed_in"]) for r in book.gradebook()] == [
        ("Ana Sá", "1", "yes"), ("Bo Li", "0", "yes"), ("Cé Dú", "0", "no"),
        ("Di Li", "1", "yes"),  # no code saved: the home says whose it is
        ("Eva Ro", "0", "no")]  # Bo's code in Eva's home: kept out
    notes = " ".join(book.notes())
    assert "dan/.local/share/guandan-learn/progress.sqlite3: the progress file is a " \
           "symbolic link" in notes
    assert "ce/.local/share/guandan-learn/progress.sqlite3: no saved progress" in notes
    assert "eva.csv is the home folder of Eva Ro but carries the class code of Bo Li" in notes
    assert "zed.csv is the home folder of zed, who is not on the roster" in notes
    after = {p.name: p.stat().st_mtime_ns for p in (homes / "ana" / PROGRESS_IN_HOME).parent
             .iterdir()}
    assert after == before  # nothing written in a learner's home


# -- Hostile files ---------------------------------------------------------------------------


def test_a_pipe_a_device_or_deep_json_is_refused_at_once(tmp_path: Path) -> None:
    import time

    from guandan_learn.roster import read_secret

    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    start = time.process_time()
    with pytest.raises(ClassroomError, match="not a regular file"):
        read_roster(fifo)
    with pytest.raises(ClassroomError, match="not a regular file"):
        read_assignment(fifo)
    with pytest.raises(ClassroomError, match="system's /dev folder"):
        read_secret("/dev/zero")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    with pytest.raises(ClassroomError, match="is not JSON"):
        read_assignment(deep)
    big = tmp_path / "big.csv"
    big.write_bytes(b"name,email\n" + b"x" * 5_000_001)
    with pytest.raises(ClassroomError, match="larger than 5 MB"):
        read_roster(big)
    wide = tmp_path / "wide.csv"
    wide.write_text("name,email\n\"" + "x" * 200_000 + "\",a@x\n", encoding="utf-8")
    with pytest.raises(ClassroomError, match="cannot be read at line"):
        read_roster(wide)
    assert time.process_time() - start < 1


def test_a_roster_a_secret_and_an_assignment_are_read_by_the_shared_reader(
        tmp_path: Path) -> None:
    from guandan_learn.roster import read_secret

    into_proc = tmp_path / "proc.csv"
    into_proc.symlink_to("/proc/self/status")
    gone = tmp_path / "gone.csv"
    gone.symlink_to(tmp_path / "nowhere.csv")
    with pytest.raises(ClassroomError, match=r"The roster \S*proc\.csv cannot be read: it is in "
                                             r"the system's /proc folder"):
        read_roster(into_proc)
    with pytest.raises(ClassroomError, match="cannot be read: it is a link to nothing"):
        read_roster(gone)
    with pytest.raises(ClassroomError, match=r"The assignment .* cannot be read: it is in the "
                                             r"system's /proc folder"):
        read_assignment(into_proc)
    with pytest.raises(ClassroomError, match="system's /proc folder"):
        read_secret(into_proc)
    with pytest.raises(ClassroomError, match=r"cannot be read: No such file or directory\.$"):
        read_roster(tmp_path / "nowhere.csv")


def test_chapter_quizzes_and_the_app_show_the_class_box(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from guandan_learn.widgets import chapter_quiz
    from guandan_learn.widgets.assignments import ClassBox
    from guandan_learn.widgets.study import StudyApp

    monkeypatch.setenv("GUANDAN_PROGRESS", "off")
    monkeypatch.setenv("GUANDAN_ASSIGNMENTS", str(tmp_path / "none"))
    assert not isinstance(chapter_quiz(3).children[-1], ClassBox)  # no class: nothing more
    (tmp_path / "week.json").write_text(WEEK.json_text(), encoding="utf-8")
    monkeypatch.setenv("GUANDAN_ASSIGNMENTS", str(tmp_path))
    box = chapter_quiz(3).children[-1]
    assert isinstance(box, ClassBox) and [a.title for a in box.assignments] == ["Semana 1"]
    app = StudyApp(Progress(":memory:"), count=1, chapters=[])
    assert app.children[-1] is app.class_box and app.class_box.assignments == box.assignments
