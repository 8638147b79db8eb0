"""The classroom (issue 15): results handed in from the app, graded again on import, and a
class's folder or zip summed up as a gradebook and a report."""

from __future__ import annotations

import base64
import csv
import io
import random
import re
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from guandan_learn.classroom import class_report, collect, quiz_chapters
from guandan_learn.cli import main
from guandan_learn.course import chapters, quiz_seed
from guandan_learn.errors import ProgressError
from guandan_learn.exercises import Puzzle, generate, grade, load_bank
from guandan_learn.i18n import set_language
from guandan_learn.progress import (
    Progress,
    read_results,
    results_file_name,
)

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
BANK = {p.id: p for p in load_bank().puzzles}


def quiz_puzzles() -> list[tuple[int, Puzzle]]:
    """Returns every chapter quiz's puzzles with their chapter, as the quizzes make them (a
    puzzle two quizzes ask counts for the first)."""
    out: list[tuple[int, Puzzle]] = []
    for c in chapters():
        if c.quiz is None:
            continue
        out += [(c.number, BANK[i]) for i in c.quiz.ids]
        position = len(c.quiz.ids)
        for kind, count, difficulty in c.quiz.generated:
            for _ in range(count):
                out.append((c.number, generate(kind, quiz_seed(c.quiz.seed, position),
                                               difficulty)))
                position += 1
    first = {}
    for chapter, puzzle in out:
        first.setdefault(puzzle.id, (chapter, puzzle))
    return list(first.values())


def wrong_answer(puzzle: Puzzle) -> object | None:
    return next((c.answer for c in puzzle.choices if not grade(puzzle, c.answer).correct), None)


def hand_in(folder: Path, name: str, seed: int, *, forge: bool = False,
            count: int = 24) -> dict[int, tuple[int, int]]:
    """Has a learner answer ``count`` quiz puzzles (some wrong, some twice) and writes the
    results file the app's link would save; returns per chapter (first tries, right) as the
    engine grades them. ``forge`` marks every row right in the file."""
    rng = random.Random(seed)
    chosen = rng.sample(quiz_puzzles(), count)
    truth: dict[int, tuple[int, int]] = {}
    with Progress(":memory:", learner="me") as mine:
        for i, (chapter, puzzle) in enumerate(chosen):
            wrong = wrong_answer(puzzle)
            given = wrong if wrong is not None and rng.random() < 0.4 else puzzle.answer
            feedback = grade(puzzle, given)
            mine.record(puzzle, feedback, answer=given, at=T0 + timedelta(minutes=2 * i))
            if not feedback.correct:  # a second try, right this time: practice
                mine.record(puzzle, grade(puzzle, puzzle.answer), answer=puzzle.answer,
                            at=T0 + timedelta(minutes=2 * i, seconds=30))
            tried, right = truth.get(chapter, (0, 0))
            truth[chapter] = (tried + 1, right + feedback.correct)
        text = mine.results_text("me", name=name)
    if forge:
        rows = list(csv.DictReader(io.StringIO(text)))
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows({**r, "correct": "1", "misconception": ""} for r in rows)
        text = buffer.getvalue()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / results_file_name(name, T0)).write_text(text, encoding="utf-8")
    return truth


@pytest.fixture(scope="module")
def sample_class(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict]]:
    """Six generated learners, two of whom forge their files."""
    folder = tmp_path_factory.mktemp("class") / "submissions"
    truth = {}
    for i, name in enumerate(["Ana", "Bo", "Carla", "Dimitri", "Eva", "Faisal"]):
        truth[name] = hand_in(folder, name, seed=i, forge=name in ("Bo", "Eva"))
    return folder, truth


def percent(tried: int, right: int) -> str:
    return str(round(100 * right / tried)) if tried else ""


def test_the_gradebook_matches_the_engine_not_the_files(sample_class) -> None:
    folder, truth = sample_class
    report = class_report(folder)
    book = {row["username"]: row for row in report.gradebook()}
    assert sorted(book) == sorted(truth)
    for name, chapters_ in truth.items():
        row = book[name]
        for n in quiz_chapters():
            tried, right = chapters_.get(n, (0, 0))
            assert row[f"ch{n:02d}"] == percent(tried, right), (name, n)
        tried = sum(t for t, _ in chapters_.values())
        right = sum(r for _, r in chapters_.values())
        assert (row["puzzles_attempted"], row["first_try_right"], row["total"]) == (
            str(tried), str(right), percent(tried, right))
        assert row["chapters_attempted"] == str(len(chapters_))
    # The forgers said every answer was right; the engine disagrees, and says so.
    assert book["Bo"]["total"] != "100" and book["Eva"]["total"] != "100"
    notes = report.results.notes()
    assert any("Bo_2025-03-03.csv" in n and "marked right, but the engine" in n for n in notes)


def test_the_gradebook_columns(sample_class) -> None:
    folder, _ = sample_class
    text = class_report(folder).gradebook_csv()
    header = next(csv.reader(io.StringIO(text)))
    assert header[:4] == ["username", "chapters_attempted", "puzzles_attempted",
                          "first_try_right"]
    assert header[-1] == "total" and header[4:-1] == [f"ch{n:02d}" for n in quiz_chapters()]
    assert all(h.isascii() and " " not in h for h in header)
    assert text.count("\r\n") == 7  # a header and six learners


def test_a_zip_reads_as_the_folder(sample_class, tmp_path: Path) -> None:
    folder, _ = sample_class
    archive = tmp_path / "class.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for f in sorted(folder.iterdir()):
            z.write(f, f"assignment/{f.name}")
        z.writestr("__MACOSX/._Ana.csv", b"\x00\x05junk")
    from_folder = class_report(folder)
    from_zip = class_report(archive)
    assert from_zip.gradebook() == from_folder.gradebook()
    assert class_report(archive.read_bytes()).gradebook() == from_folder.gradebook()


def test_the_report_is_one_page_with_a_heatmap(sample_class) -> None:
    folder, _ = sample_class
    page = class_report(folder).html()
    assert page.startswith("<!DOCTYPE html>") and 'class="gdl-heatmap"' in page
    assert page.count("<rect") > 6 * len(quiz_chapters())  # a cell per learner and chapter
    assert "<script" not in page and not re.search(r'(src|href)="https?:', page)
    assert "Accuracy per rule clause" in page and "§04.3" in page
    assert "The most frequent misconceptions (up to ten)" in page
    assert page.count("<li><p><b>") <= 10 and "Example (" in page
    assert "Each learner&#x27;s progress" in page or "Each learner's progress" in page


def test_the_report_speaks_the_teachers_language(sample_class) -> None:
    folder, _ = sample_class
    page = class_report(folder, lang="pt").html()
    assert '<html lang="pt">' in page and "Relatório da turma" in page
    assert "Class report" in class_report(folder).html()  # the language is put back


def test_bad_input_is_reported_and_nothing_else_is_lost(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    hand_in(folder, "Ana", seed=1, count=6)
    good = (folder / results_file_name("Ana", T0)).read_text(encoding="utf-8")
    lines = good.splitlines(keepends=True)
    # A truncated copy under another name (the last line cut in the middle of a quote).
    (folder / "truncated.csv").write_text(
        "".join(lines[:3]).replace("Ana", "<b>Bo</b>") + lines[3][:40] + '"unfinished',
        encoding="utf-8")
    newer = lines[0] + lines[1].replace("Ana", "Cy").rstrip("\r\n")[:-1] + "9\r\n"
    (folder / "newer.csv").write_text(newer, encoding="utf-8")
    (folder / "photo.png").write_bytes(b"\x89PNG")
    (folder / "other.csv").write_text("name,score\nAna,10\n", encoding="utf-8")
    unknown = lines[0] + lines[1].replace(lines[1].split(",")[4], "no-such-puzzle")
    (folder / "unknown.csv").write_text(unknown.replace("generated", "bank"),
                                        encoding="utf-8")
    results = collect(folder)
    notes = results.notes()
    text = "\n".join(notes)
    assert "photo.png: not a results file" in text
    assert "other.csv: it is not a results CSV" in text
    assert "newer.csv, line 2: written by a newer guandan-learn" in text
    assert "truncated.csv, line 4" in text
    assert "unknown.csv, line 2: the puzzle 'no-such-puzzle' is not in the bank" in text
    assert {a.learner for a in results.answers} == {"Ana", "<b>Bo</b>"}
    ana = [a for a in results.answers if a.learner == "Ana"]
    assert len(ana) == len(read_results(folder / results_file_name("Ana", T0)).answers)
    page = class_report(folder).html()
    assert "<b>Bo</b>" not in page and "&lt;b&gt;Bo&lt;/b&gt;" in page


def test_a_file_saved_by_a_spreadsheet_with_semicolons_reads(tmp_path: Path) -> None:
    hand_in(tmp_path, "Ana", seed=2, count=4)
    path = tmp_path / results_file_name("Ana", T0)
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    again = tmp_path / "ana-excel.csv"
    with open(again, "w", encoding="utf-8", newline="") as f:
        csv.writer(f, delimiter=";").writerows(rows)
    assert read_results(again).answers == read_results(path).answers


def test_a_learner_in_two_files_is_merged_once(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    hand_in(folder, "Ana", seed=3, count=5)
    first = folder / results_file_name("Ana", T0)
    (folder / "again.csv").write_bytes(first.read_bytes())
    results = collect(folder)
    assert len(results.answers) == len(read_results(first).answers)
    text = "\n".join(results.notes())
    assert "'Ana' is in several files" in text and "handed in more than once" in text


def test_import_is_graded_again_and_idempotent(sample_class, tmp_path: Path) -> None:
    folder, _ = sample_class
    with Progress(tmp_path / "class.sqlite3") as everyone:
        for f in sorted(folder.glob("*.csv")):
            with pytest.warns(Warning) if "Bo" in f.name or "Eva" in f.name else _nothing():
                everyone.import_csv(f)
        total = len(everyone.answers(everyone=True))
        for f in sorted(folder.glob("*.csv")):
            with pytest.warns(Warning) if "Bo" in f.name or "Eva" in f.name else _nothing():
                assert everyone.import_csv(f) == 0
        assert len(everyone.answers(everyone=True)) == total
        bo = everyone.answers("Bo")
        assert not all(a.correct for a in bo)  # the forged 'correct=1' is not believed


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_a_missing_source_is_one_error(tmp_path: Path) -> None:
    with pytest.raises(ProgressError, match=r"Give a folder or a \.zip"):
        collect(tmp_path / "nothing-here")
    (tmp_path / "not.zip").write_text("hello", encoding="utf-8")
    with pytest.raises(ProgressError, match=r"Give a folder or a \.zip"):
        collect(tmp_path / "not.zip")


# -- The command ------------------------------------------------------------------------------


def test_class_command_writes_the_gradebook_and_report(sample_class, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = sample_class
    out = tmp_path / "report"
    assert main(["class", str(folder), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "6 learners" in printed and f"Wrote {out / 'gradebook.csv'}" in printed
    assert (out / "gradebook.csv").read_bytes().decode("utf-8") == class_report(
        folder).gradebook_csv()
    assert 'class="gdl-heatmap"' in (out / "report.html").read_text(encoding="utf-8")


def test_class_command_in_spanish_and_its_errors(sample_class, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = sample_class
    assert main(["--lang", "es", "class", str(folder), "--out", str(tmp_path / "r")]) == 0
    assert "Informe de la clase" in (tmp_path / "r" / "report.html").read_text(
        encoding="utf-8")
    capsys.readouterr()
    assert main(["--lang", "en", "class", str(tmp_path / "none"), "--out",
                 str(tmp_path / "r2")]) == 2
    assert "Give a folder or a .zip" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["class", str(tmp_path / "empty"), "--out", str(tmp_path / "r3")]) == 1


def test_progress_import_reports_the_lines_it_did_not_take(sample_class, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    folder, _ = sample_class
    forged = folder / results_file_name("Bo", T0)
    monkeypatch.setenv("GUANDAN_PROGRESS", str(tmp_path / "teacher.sqlite3"))
    assert main(["progress", "--import", str(forged)]) == 0
    first = capsys.readouterr().out
    assert "Not taken as written: " in first and "marked right, but the engine" in first
    assert main(["progress", "--import", str(forged)]) == 0
    assert "Added 0 new answers" in capsys.readouterr().out
    with Progress(tmp_path / "teacher.sqlite3") as teacher:
        assert not all(a.correct for a in teacher.answers("Bo"))


# -- Handing in --------------------------------------------------------------------------------


def test_the_hand_in_name_is_the_hub_user_and_set_once(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    from guandan_learn.widgets.hand_in import HandIn

    monkeypatch.delenv("GUANDAN_LEARNER", raising=False)
    monkeypatch.setenv("JUPYTERHUB_USER", "ana.silva")
    with Progress(tmp_path / "p.sqlite3") as progress:
        box = HandIn(progress)
        assert box.name_box.value == "ana.silva" and not box.name_box.disabled
        assert "No answers saved yet" in box.link.value
        puzzle = generate("legal_play", 3)
        progress.record(puzzle, grade(puzzle, "yes"), answer="yes", at=T0)
        box.refresh()
        box.name_box.value = "Ana Silva"  # typed: the link takes the name at once
        assert 'download="Ana_Silva_' in box.link.value and "Ana Silva" in box.csv_text()
        assert box.save_name() == "Ana Silva" and box.name_box.disabled
        with pytest.raises(ProgressError, match="already saved"):
            progress.set_name("Bo")
        assert progress.set_name("Ana Silva") == "Ana Silva"
    with Progress(tmp_path / "p.sqlite3") as again:  # stored with the progress
        box = HandIn(again)
        assert box.name_box.value == "Ana Silva" and box.name_box.disabled
        today = datetime.now(UTC).date().isoformat()
        assert f'download="Ana_Silva_{today}.csv"' in box.link.value
        data = re.search(r"base64,([A-Za-z0-9+/=]+)", box.link.value)[1]
        results = read_results(base64.b64decode(data), name="download.csv")
        assert results.problems == []
        (row,) = results.answers
        assert row.learner == "Ana Silva" and row.correct is False


def test_in_the_browser_the_os_user_name_is_not_proposed(monkeypatch: pytest.MonkeyPatch) -> None:
    from guandan_learn.progress.answer import hand_in_name

    monkeypatch.delenv("GUANDAN_LEARNER", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setattr("getpass.getuser", lambda: "web_user")
    assert hand_in_name() == "web_user"
    monkeypatch.setattr("sys.platform", "emscripten")  # Pyodide: everyone is web_user
    assert hand_in_name() == "me"
    monkeypatch.setenv("JUPYTERHUB_USER", "ana.silva")
    assert hand_in_name() == "ana.silva"


def test_on_binder_the_link_reminds_the_learner_to_download(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    from guandan_learn.widgets.hand_in import BINDER_VARIABLES, HandIn

    for name in BINDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with Progress(tmp_path / "p.sqlite3", learner="Ana") as progress:
        assert "Binder" not in HandIn(progress).link.value
        monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
        assert "temporary Binder session" in HandIn(progress).link.value
        puzzle = generate("legal_play", 3)
        progress.record(puzzle, grade(puzzle, "yes"), answer="yes", at=T0)
        box = HandIn(progress)
        assert "Download my results" in box.link.value and "Binder" in box.link.value
        set_language("pt")
        try:
            assert "sessão temporária do Binder" in box.refresh()
        finally:
            set_language("en")


def test_a_recorded_answer_refreshes_the_link(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    from guandan_learn.progress import close_shared, record_answer, shared_progress
    from guandan_learn.widgets.hand_in import HandIn

    monkeypatch.setenv("GUANDAN_PROGRESS", str(tmp_path / "shared.sqlite3"))
    try:
        box = HandIn()
        assert box.progress is shared_progress() and box.count == 0
        puzzle = generate("classify", 4)
        record_answer(puzzle, grade(puzzle, puzzle.answer), answer=puzzle.answer)
        assert box.count == 1 and "Download my results" in box.link.value
    finally:
        close_shared()


def test_the_chapter_quiz_ends_with_the_hand_in() -> None:
    from guandan_learn.widgets.hand_in import HandIn
    from guandan_learn.widgets.study import chapter_quiz

    quiz = chapter_quiz("03")
    assert isinstance(quiz.children[-1], HandIn)
    assert "Saved progress is off" in quiz.children[-1].status.value  # GUANDAN_PROGRESS=off
