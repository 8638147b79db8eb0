"""The measured difficulty of endgame puzzles against learners' first tries (issue 29): per
difficulty, the first-try accuracy read from a progress store, and the class report's table of
it, on a synthetic class that answers harder puzzles worse."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from guandan_learn import ArgumentError
from guandan_learn.classroom import class_report
from guandan_learn.endgame import Solver
from guandan_learn.exercises import Puzzle, grade
from guandan_learn.i18n import set_language
from guandan_learn.progress import Progress, Regrader
from guandan_learn.progress.difficulty import difficulty_accuracy

#: How often the synthetic class is right at the first try, per measured difficulty.
RIGHT = {1: 0.9, 2: 0.6, 3: 0.2}
LEARNERS = 10
#: Endgame puzzles of the bank per difficulty, at most.
PER_LEVEL = 2


def _wrong(puzzle: Puzzle) -> str | None:
    """Returns a first move of the hero that does not keep the goal, written as an answer."""
    start = Solver(puzzle.parsed.position, time_limit=None).start()
    winning = start.winning_moves()
    for move in start.moves():
        if move not in winning:
            return "pass" if move is None else " ".join(c.code for c in move.cards)
    return None


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, list[str]]]:
    """A store where ten learners answer endgame puzzles of each difficulty, harder ones worse
    (``RIGHT``), each wrong answer a real losing move; a retry afterwards is always right."""
    set_language("en")
    rng = random.Random(29)
    chosen: dict[int, list[Puzzle]] = {}
    for puzzle in Regrader().bank.values():
        if puzzle.kind.value != "endgame" or puzzle.question != "best_move":
            continue
        level = puzzle.measured.level
        if len(chosen.setdefault(level, [])) < PER_LEVEL and _wrong(puzzle) is not None:
            chosen[level].append(puzzle)
    assert set(chosen) == {1, 2, 3}
    folder = tmp_path_factory.mktemp("class")
    for n in range(LEARNERS):
        with Progress(folder / f"p{n}.sqlite3", learner=f"learner{n}") as mine:
            minute = 0
            for level, puzzles in chosen.items():
                for p in puzzles:
                    answer = p.answer if rng.random() < RIGHT[level] else _wrong(p)
                    for given in (answer, p.answer):  # the first try, then a retry
                        minute += 1
                        mine.record(p, grade(p, given), answer=given,
                                    at=f"2025-03-01T10:{minute:02d}Z")
            mine.export_csv(folder / f"learner{n}.csv")
    return folder, {level: [p.id for p in ps] for level, ps in chosen.items()}


def test_harder_puzzles_are_answered_worse_at_the_first_try(
        store: tuple[Path, dict[int, list[str]]]) -> None:
    folder, chosen = store
    with Progress(folder / "p0.sqlite3") as one:
        alone = difficulty_accuracy(one)
    assert [b.level for b in alone] == [1, 2, 3] and all(b.tried == PER_LEVEL for b in alone)
    report = class_report(folder)
    bands = report.difficulty()
    assert [(b.level, b.tried, b.puzzles) for b in bands] == [
        (level, LEARNERS * len(chosen[level]), len(chosen[level])) for level in (1, 2, 3)]
    percents = [b.percent for b in bands]
    assert percents[0] > percents[1] > percents[2]  # retries, all right, do not count
    assert all(b.right < b.tried for b in bands[1:])
    page = report.html()
    assert "measured difficulty and first tries" in page
    for b in bands:
        assert f"{b.right}/{b.tried}" in page
    assert "Difficulty 1: " in bands[0].text()


def test_a_report_without_endgame_answers_says_so(tmp_path: Path) -> None:
    set_language("en")
    assert difficulty_accuracy([]) == []
    (tmp_path / "empty.csv").write_text("", encoding="utf-8")
    assert "Nobody has answered an endgame puzzle yet." in class_report(tmp_path).html()


@pytest.mark.parametrize("value", ["rows", None, [1, 2]])
def test_bad_sources_are_refused(value: object) -> None:
    with pytest.raises(ArgumentError, match="saved answers"):
        difficulty_accuracy(value)  # type: ignore[arg-type]
