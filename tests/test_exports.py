"""Exports of the bank (Moodle XML, jupyterquiz JSON) and the class set in one file."""

from __future__ import annotations

import base64
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html import escape
from pathlib import Path

import pytest

from guandan_learn import set_language
from guandan_learn.cli import main
from guandan_learn.course import chapter, chapters
from guandan_learn.errors import ClassroomError, CourseError
from guandan_learn.exercises import grade, load_bank, spec
from guandan_learn.exports import (
    TOP,
    Export,
    collect,
    jupyterquiz_data,
    moodle_xml,
    write_export,
)
from guandan_learn.messages import say
from guandan_learn.worksheet import read_roster, write_worksheets


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(scope="module")
def whole() -> Export:
    set_language("en")
    return collect()


@pytest.fixture(scope="module")
def xml_text(whole: Export) -> str:
    return moodle_xml(whole)


BANK = {p.id: p for p in load_bank(strict=True).puzzles}
#: The puzzles the chapters' quizzes generate, by id (kind-dD-sS), in the quizzes' order.
GENERATED = [f"{kind}-d{difficulty}-s{seed}" for c in chapters() if c.quiz
             for kind, seed, difficulty in c.quiz.generated_puzzles()]


# -- What is exported ----------------------------------------------------------------------


def test_the_whole_bank_is_exported_or_skipped_with_a_reason(whole: Export) -> None:
    ids = [i.puzzle.id for i in whole.items] + [pid for pid, _ in whole.skipped]
    assert sorted(ids) == sorted({*BANK, *GENERATED})  # every puzzle once, and the quizzes'
    assert len(whole.items) >= 0.95 * len(ids)
    reasons = {say(k) for k in ("exports.skip.few_options", "exports.skip.no_right",
                                "exports.skip.all_right", "exports.skip.same_words")}
    assert all(reason in reasons for _, reason in whole.skipped)


def test_chapter_quizzes_come_first_in_their_chapters_categories(whole: Export) -> None:
    first = next(c for c in chapters() if c.quiz and c.quiz.ids)
    assert whole.items[0].puzzle.id == first.quiz.ids[0]
    assert whole.items[0].category == f"{TOP}/{first.title()}"
    more = [i for i in whole.items if i.category.startswith(f"{TOP}/More puzzles")]
    assert more and whole.items[-1] is more[-1]


def test_right_answers_come_from_the_engine(whole: Export) -> None:
    for item in whole.items:
        puzzle = item.puzzle
        rights = [o for o in item.options if o.correct]
        assert rights and len(rights) < len(item.options), puzzle.id
        s = spec(puzzle.kind)
        for option in item.options:  # every option, graded again as a learner's answer
            written = s.write_answer(option.value, puzzle.parsed, puzzle.question)
            assert grade(puzzle, written).correct is option.correct, (puzzle.id, option)
        if item.yes_no:  # the answer written in the bank file agrees
            assert [o.value for o in rights] == [puzzle.expected], puzzle.id
        elif puzzle.choices:  # the puzzle's own choices, no more
            assert len(item.options) == len({repr(c.answer) for c in puzzle.choices})


def test_feedback_carries_the_misconception_and_the_explanation(whole: Export) -> None:
    item = next(i for i in whole.items if i.puzzle.id == "legal-pair-on-single")
    yes = next(o for o in item.options if o.value is True)
    assert not yes.correct and "§04.3" in yes.feedback
    mistake = say("exercise.feedback.misconception", correction="", clause="")[:12]
    assert mistake in yes.feedback  # the catalogue's correction of "a pair beats a single"
    no = next(o for o in item.options if o.value is False)
    assert no.correct and item.explanation.split(" Rules:")[0] in no.feedback


def test_a_chapter_exports_its_quiz_in_one_category() -> None:
    export = collect(chapter=3)
    quiz = chapter(3).quiz
    assert quiz is not None
    exported = [i.puzzle.id for i in export.items] + [p for p, _ in export.skipped]
    made = [f"{k}-d{d}-s{s}" for k, s, d in quiz.generated_puzzles()]
    assert made and exported == [*quiz.ids, *made]  # what the chapter's quiz asks, in order
    assert {i.category for i in export.items} == {f"{TOP}/{chapter(3).title()}"}


def test_a_chapter_without_quiz_is_refused() -> None:
    with pytest.raises(CourseError, match="no quiz"):
        collect(chapter=0)
    with pytest.raises(CourseError):
        collect(chapter=99)


# -- Moodle XML ---------------------------------------------------------------------------


def test_moodle_xml_has_the_documented_structure(whole: Export, xml_text: str) -> None:
    root = ET.fromstring(xml_text.encode("utf-8"))
    assert root.tag == "quiz"
    puzzles = {i.puzzle.id: i.puzzle for i in whole.items}
    category = None
    seen = 0
    for q in root.findall("question"):
        kind = q.get("type")
        if kind == "category":
            category = q.findtext("category/text")
            assert category is not None and category.startswith(TOP + "/")
            continue
        seen += 1
        assert category is not None  # every question sits in a category
        assert kind in ("multichoice", "truefalse")
        assert (q.findtext("name/text") or "").strip()
        text = q.find("questiontext")
        assert text is not None and text.get("format") == "html"
        html = text.findtext("text") or ""
        assert html.strip() and "<strong>" in html
        for name in re.findall(r'src="@@PLUGINFILE@@/([^"]+)"', html):  # pictures embedded
            files = [f for f in text.findall("file") if f.get("name") == name]
            assert len(files) == 1 and files[0].get("encoding") == "base64"
            svg = base64.b64decode(files[0].text or "").decode("utf-8")
            assert svg.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg
        answers = q.findall("answer")
        fractions = [float(a.get("fraction", "nan")) for a in answers]
        assert all(f in (0.0, 100.0) for f in fractions)
        assert max(fractions) == 100.0 and min(fractions) == 0.0
        for a in answers:
            assert (a.findtext("feedback/text") or "").strip()
        assert (q.findtext("generalfeedback/text") or "").strip()
        assert q.findtext("idnumber") in BANK or q.findtext("idnumber") in GENERATED
        if kind == "truefalse":
            assert sorted(a.findtext("text") or "" for a in answers) == ["false", "true"]
            assert fractions.count(100.0) == 1
            truth = next(a for a in answers if a.findtext("text") == "true")
            puzzle = puzzles[q.findtext("idnumber") or ""]
            assert (truth.get("fraction") == "100") is puzzle.expected  # as the engine says
        else:
            assert q.findtext("single") == "true" and len(answers) >= 2
    assert seen == len(whole.items)
    # HTML sits in CDATA sections, never as bare markup
    assert xml_text.count("<![CDATA[") >= 3 * seen
    assert "<questiontext format=\"html\">\n      <text><![CDATA[<p>" in xml_text


def test_moodle_xml_speaks_the_language_asked() -> None:
    set_language("pt")
    xml_text = moodle_xml(collect(chapter=3))
    root = ET.fromstring(xml_text.encode("utf-8"))
    assert root.findtext("question/category/text") == f"{TOP}/3 · Combinações"
    assert say("exercise.ask.classify") in xml_text  # the prompts in Portuguese
    set_language("en")
    assert say("exercise.ask.classify") not in xml_text


def test_moodle_xml_round_trips_through_a_third_party_reader(whole: Export,
                                                             xml_text: str) -> None:
    from moodle_xml_parser import parser  # the test extra's; a missing reader fails here

    parsed = parser.parse_string(xml_text)["multichoice"]
    ours = [i for i in whole.items if not i.yes_no]
    assert len(parsed) == len(ours)
    for item, q in zip(ours, parsed, strict=True):
        assert q.name == item.name and q.single
        assert [(o.answer, o.score_fraction) for o in q.options] == [
            (o.text, 100.0 if o.correct else 0.0) for o in item.options]
        assert [o.feedback for o in q.options] == [o.feedback for o in item.options]


# -- jupyterquiz ----------------------------------------------------------------------------

#: jupyterquiz's schema of a multiple-choice question (schema/mc_schema.json in its repository).
MC_SCHEMA = {
    "type": "object",
    "properties": {
        "type": {"type": "string", "pattern": "multiple_choice|many_choice"},
        "question": {"type": "string"},
        "code": {"type": "string"},
        "answers": {"type": "array", "items": {
            "type": "object",
            "properties": {"answer": {"type": "string"}, "code": {"type": "string"},
                           "correct": {"type": "boolean"}, "feedback": {"type": "string"}},
            "required": ["correct"]}},
    },
    "required": ["question", "type", "answers"],
}


def test_jupyterquiz_json_follows_its_schema(whole: Export) -> None:
    import jsonschema

    data = json.loads(json.dumps(jupyterquiz_data(whole)))
    assert len(data) == len(whole.items)
    for q, item in zip(data, whole.items, strict=True):
        jsonschema.validate(q, MC_SCHEMA)
        assert q["type"] == "multiple_choice"
        assert [a["correct"] for a in q["answers"]] == [o.correct for o in item.options]
        assert all(a["feedback"] and a["answer"] for a in q["answers"])
        assert "$" not in json.dumps(q)  # jupyterquiz reads $…$ as mathematics
    assert any('<img src="data:image/svg+xml;base64,' in q["question"] for q in data)


def test_jupyterquiz_escapes_html_in_words(whole: Export) -> None:
    data = jupyterquiz_data(whole)
    for q in data:
        for a in q["answers"]:
            assert "<" not in a["answer"] and "<" not in a["feedback"]


# -- The command line -----------------------------------------------------------------------


def test_cli_exports_moodle_and_reports_skipped(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                whole: Export) -> None:
    out = tmp_path / "bank.xml"
    assert main(["export", "moodle", "--out", str(out)]) == 0
    stdout, stderr = capsys.readouterr()
    assert say("exports.cli.wrote", count=len(whole.items), path=str(out)) in stdout
    assert ET.parse(out).getroot().tag == "quiz"
    if whole.skipped:
        assert say("exports.cli.skipped", count=len(whole.skipped)) in stderr
        assert all(pid in stderr for pid, _ in whole.skipped)


def test_cli_exports_jupyterquiz_for_a_chapter_in_spanish(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "quiz.json"
    assert main(["export", "jupyterquiz", "--out", str(out), "--chapter", "4",
                 "--lang", "es"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    quiz = chapter(4).quiz
    assert quiz is not None and len(data) == len(quiz.ids) + len(quiz.generated_puzzles())
    set_language("es")
    assert any(say("exercise.ask.legal_play") in q["question"] for q in data)


def test_cli_refuses_bad_exports_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.xml"
    assert main(["export", "moodle", "--out", str(out), "--chapter", "10"]) == 2
    assert "no quiz" in capsys.readouterr().err and not out.exists()
    assert main(["export", "pdf", "--out", str(out)]) == 2
    with pytest.raises(ClassroomError, match="moodle, jupyterquiz"):
        write_export("pdf", out)
    assert main(["export", "moodle", "--out", str(tmp_path / "no" / "x.xml"),
                 "--chapter", "1"]) == 2
    assert not out.exists()


# -- A class set in one file ------------------------------------------------------------------


def test_one_file_class_set(tmp_path: Path) -> None:
    roster_file = tmp_path / "roster.txt"
    roster_file.write_text("Ana\n<b>Bo</b> & Co\nCé\n", encoding="utf-8")
    roster = read_roster(roster_file)
    files = write_worksheets(tmp_path / "out", "legal_play,classify,tribute", 4, seed=5,
                             roster=roster, one_file=True)
    names = [p.name for p in files]
    assert names[-1] == "class-set.html" and len(names) == 2 * len(roster) + 1
    page = (tmp_path / "out" / "class-set.html").read_text(encoding="utf-8")
    assert page.count('<section class="student"') == len(roster)
    assert ".student { break-after: page;" in page
    assert "<b>Bo</b>" not in page and "&lt;b&gt;Bo&lt;/b&gt; &amp; Co" in page
    assert not re.search(r'(src|href)="https?:', page)  # nothing from a CDN
    assert len(set(re.findall(r'id="([^"]+)"', page))) == len(re.findall(r'id="', page))
    grid = page[page.index('<table class="grid">'):]
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th>(.*?)</tr>", grid)
    assert len(rows) == len(roster)
    for (name, cells), stem, student in zip(rows, ["ana", "b-bo-b-co", "cé"], roster,
                                            strict=True):
        assert name == escape(student)
        key = (tmp_path / "out" / f"key-{stem}.html").read_text(encoding="utf-8")
        answers = re.findall(r'<p class="answer">Answer: (.*?)</p>', key)
        assert re.findall(r"<td>(.*?)</td>", cells) == answers  # the key's answers, in order
        assert len(answers) == 4


def test_class_set_links_land_in_each_students_own_rules(tmp_path: Path) -> None:
    # next_level sheets cite §07.9, so every student's sheet ends with the rules it cites; the
    # anchors are the student's own, so the page has no id twice and each link lands on its
    # own sheet.
    write_worksheets(tmp_path / "out", "next_level", 4, seed=5, roster=["Ana", "Bo"],
                     one_file=True)
    page = (tmp_path / "out" / "class-set.html").read_text(encoding="utf-8")
    ids = re.findall(r'id="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    sections = re.findall(r'<section class="student" id="student-(\d)">(.*?)</section>', page,
                          flags=re.DOTALL)
    assert len(sections) == 2
    for number, body in sections:
        links = re.findall(r'href="#([^"]+)"', body)
        assert links and all(link.startswith(f"s{number}-rule-") for link in links)
        assert set(links) <= set(re.findall(r'id="([^"]+)"', body))


def test_one_file_needs_a_roster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ClassroomError):
        write_worksheets(tmp_path / "a", "classify", 2, one_file=True)
    assert not (tmp_path / "a").exists()
    code = main(["worksheet", "--count", "2", "--one-file", "--out", str(tmp_path / "b")])
    assert code == 2 and "--roster" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()


def test_a_worksheet_that_cannot_be_written_leaves_the_old_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sheets are written atomically (``files.write_atomic``): a write that fails on the way
    raises ``ClassroomError`` and leaves the sheet already there whole, and no temporary file."""
    import guandan_learn.files

    (sheet, _) = write_worksheets(tmp_path, "classify", 2, seed=1)
    before = sheet.read_text(encoding="utf-8")

    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(guandan_learn.files.os, "replace", refuse)
    with pytest.raises(ClassroomError, match="No space left"):
        write_worksheets(tmp_path, "classify", 2, seed=2)
    assert sheet.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["key.html", "worksheet.html"]
