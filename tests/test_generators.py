"""Generators: 1,000 seeded puzzles per kind are valid and their answers re-solve; seeds reproduce.

Each kind runs seeds 0–333 at each of the three difficulties (1,002 puzzles). A puzzle is valid
when its data fits the schema, reads back to an equal puzzle, the engine solving the read-back
puzzle agrees with the stored answer, exactly one option is right, and every option tagged with
a misconception is wrong and graded with that misconception.
"""

from __future__ import annotations

from collections import Counter

import pytest

from guandan_learn import ExerciseError
from guandan_learn.exercises import (
    KINDS,
    Puzzle,
    Question,
    catalogue,
    check_puzzle_data,
    generate,
    grade,
    quiz,
    solve,
    spec,
)

SEEDS = range(334)


def _check(puzzle: Puzzle) -> None:
    data = puzzle.to_data()
    check_puzzle_data(data)
    again = Puzzle.from_data(data)
    assert again == puzzle
    s = spec(again.kind)
    solution = solve(again)
    assert s.is_correct(again.expected, solution, again.parsed, again.question), puzzle.id
    assert s.write_answer(solution.answer, again.parsed, again.question) == puzzle.answer
    assert puzzle.clauses and all(c.startswith(("§", "V")) for c in puzzle.clauses)
    if not puzzle.choices:
        return
    right = 0
    for choice in again.choices:
        said = s.read_answer(choice.answer, again.parsed, again.question)
        ok = s.is_correct(said, solution, again.parsed, again.question)
        right += ok
        if choice.misconception:
            assert not ok, (puzzle.id, choice)
            feedback = grade(again, choice.answer, solution)
            assert feedback.misconception is not None
            assert feedback.misconception.id == choice.misconception
    assert right == 1, puzzle.id


@pytest.mark.parametrize("kind", KINDS)
def test_a_thousand_puzzles_per_kind(kind: str) -> None:
    tags: Counter[str] = Counter()
    for difficulty in (1, 2, 3):
        for seed in SEEDS:
            puzzle = generate(kind, seed, difficulty)
            assert puzzle.kind.value == kind and puzzle.difficulty == difficulty
            _check(puzzle)
            tags.update(c.misconception for c in puzzle.choices if c.misconception)
    assert tags, f"no {kind} puzzle offered a misconception"


def test_generated_options_cover_most_misconceptions() -> None:
    """Generators reach most ideas of the catalogue (some only show in hand-made puzzles)."""
    seen = {c.misconception for k in KINDS for d in (1, 2, 3) for s in range(60)
            for c in generate(k, s, d).choices if c.misconception}
    assert len(seen) >= len(catalogue()) - 4, set(catalogue()) - seen


@pytest.mark.parametrize("kind", KINDS)
def test_seeds_reproduce(kind: str) -> None:
    for difficulty in (1, 2, 3):
        first = [generate(kind, s, difficulty) for s in range(20)]
        again = [generate(kind, s, difficulty) for s in range(20)]
        assert first == again
        assert [p.to_data() for p in first] == [p.to_data() for p in again]
        assert len({repr(p.setup) for p in first}) >= 15


def test_bad_generator_arguments() -> None:
    with pytest.raises(ExerciseError, match="no puzzle kind"):
        generate("poker", 1)
    with pytest.raises(ExerciseError, match="1, 2 or 3"):
        generate("classify", 1, 4)
    with pytest.raises(ExerciseError):
        generate("classify", "one")  # type: ignore[arg-type]
    with pytest.raises(ExerciseError):
        generate("classify", 1, True)


def test_quiz() -> None:
    q = quiz("tribute", seed=11, difficulty=2)
    assert isinstance(q, Question) and q.puzzle == generate("tribute", 11, 2)
    assert q.check(q.puzzle.answer).correct
    assert isinstance(quiz("who_leads"), Question)
