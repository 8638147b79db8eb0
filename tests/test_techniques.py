"""Endgame puzzles by technique (issue 29, item 2): techniques found soundly from the solution,
hand tags checked, a measured difficulty, and quizzes drawn by technique."""

from __future__ import annotations

from collections import Counter

import pytest

from guandan_learn.endgame import Endgame, Solver, solve
from guandan_learn.errors import ExerciseError
from guandan_learn.exercises import Puzzle, by_technique, generate, load_bank, load_data
from guandan_learn.exercises.techniques import FOUND, TECHNIQUES, Difficulty
from guandan_learn.i18n import set_language


def _endgames() -> list[Puzzle]:
    return [p for p in load_bank().puzzles if p.kind.value == "endgame"]


def _sound(p: Puzzle) -> None:
    """Checks each found technique against a fresh solve of the puzzle's position."""
    eg: Endgame = p.parsed.position
    sol = solve(eg, node_limit=None, time_limit=None)
    names = set(p.techniques)
    assert ("answer" in names) is (eg.table is not None)
    assert ("lost" in names) is (not sol.wins)
    assert ("double" in names) is (sol.wins and eg.goal == "double")
    if "waiting" in names:
        assert None in sol.winning_moves
    mine = [m for s, m in sol.line if s == eg.hero and m is not None]
    assert ("wild" in names) is (sol.wins and any(m.wilds for m in mine)) or "wild" in p.tags
    assert ("bomb" in names) is (sol.wins and any(m.is_bomb for m in mine)) or "bomb" in p.tags
    if "partner" in names:
        alone = Endgame(eg.hands, eg.level, eg.to_move, eg.table, "first")
        assert sol.wins and eg.goal != "first"
        assert not solve(alone, node_limit=None, time_limit=None).wins
    assert set(p.tags) <= names <= set(TECHNIQUES)


def test_bank_puzzles_carry_sound_techniques_and_enough_of_each() -> None:
    puzzles = _endgames()
    counts: Counter[str] = Counter()
    for p in puzzles:
        _sound(p)
        counts.update(p.techniques)
    for name in ("answer", "waiting", "wild", "bomb", "partner", "double", "control",
                 "counting", "tie", "forms"):
        assert counts[name] >= (2 if name == "waiting" else 3), (name, counts)


@pytest.mark.parametrize("seed", range(6))
def test_generated_puzzles_carry_sound_techniques(seed: int) -> None:
    p = generate("endgame", seed, 1 + seed % 3)
    _sound(p)
    assert not p.tags and p.measured is not None


def test_the_difficulty_counts_moves_winners_and_the_line() -> None:
    levels = set()
    for p in _endgames():
        eg = p.parsed.position
        d = p.measured
        sol = solve(eg, node_limit=None, time_limit=None)
        assert d == Difficulty(len(Solver(eg).start().moves()), len(sol.winning_moves),
                               len(sol.line))
        assert 1 <= d.level <= 3 and d.winning <= d.moves
        levels.add(d.level)
    assert levels == {1, 2, 3}
    assert Difficulty(8, 1, 12).level == 3 and Difficulty(4, 2, 5).level == 1
    assert generate("legal_play", 1).measured is None


def test_the_difficulty_and_names_are_translated() -> None:
    d = Difficulty(7, 1, 9)
    try:
        texts = []
        for lang in ("en", "pt", "es"):
            set_language(lang)
            texts.append(d.text())
    finally:
        set_language("en")
    assert len(set(texts)) == 3 and all("7" in t and "9" in t for t in texts)


def test_hand_tags_are_read_written_and_checked() -> None:
    record = {"id": "eg-tagged", "kind": "endgame", "clauses": ["§06.3"], "difficulty": 1,
              "setup": {"level": "2", "hands": ["3C 3D 5C 5S", "5C 6H 7H 8D", "3S 6D 8H 8S",
                                                "3D 5D"]},
              "answer": "3C 3D", "techniques": ["counting"]}
    loaded = load_data({"puzzles": [record]}, "t.yaml")
    assert not loaded.errors
    p = loaded.puzzles[0]
    assert p.tags == ("counting",) and "counting" in p.techniques
    assert p.to_data()["techniques"] == ["counting"]
    bad = load_data({"puzzles": [{**record, "techniques": ["telepathy"]}]}, "t.yaml")
    assert not bad.puzzles and "telepathy" in str(bad.errors[0])
    assert bad.errors[0].field == "techniques"


def test_drawing_by_technique() -> None:
    waiting = by_technique(["endgame"], "waiting")
    assert len(waiting) >= 2 and all("waiting" in p.techniques for p in waiting)
    counting = by_technique(["endgame"], "counting")  # hand-tagged: the bank's only
    assert counting and all(p.source for p in counting)
    assert all(set(p.techniques) - set(p.tags) <= set(FOUND) for p in counting)
    with pytest.raises(ExerciseError, match="telepathy"):
        by_technique(["endgame"], "telepathy")
    with pytest.raises(ExerciseError):
        by_technique(["legal_play"], "waiting", tries=2)


def test_a_quiz_draws_by_technique_and_shows_it() -> None:
    from guandan_learn.widgets.quiz import Quiz

    q = Quiz(["endgame"], technique="waiting")
    assert q.count == len(by_technique(["endgame"], "waiting"))
    for i in range(q.count):
        assert "waiting" in q.puzzle_at(i).techniques
    assert "gdl-quiz-techniques" in q.prompt_view.value and "Difficulty" in q.prompt_view.value
    assert "gdl-quiz-techniques" not in Quiz(["legal_play"], count=1).prompt_view.value
    with pytest.raises(ExerciseError):
        Quiz(["endgame-ctl-two-pairs"], technique="waiting")
