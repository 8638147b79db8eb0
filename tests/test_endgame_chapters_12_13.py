"""The bank of chapters 12 and 13 (issue 29): every technique the chapters teach has at least
three puzzles, each answer agrees with the solver, and each hand tag is checked against it.

A hand tag is a claim about the position, so each one is tested where the solver can show it:

- ``seats``: the same cards with East's and West's hands swapped change the result;
- ``handover``: on the solver's winning line the partner wins a trick;
- ``forms``: on that line the hero plays a triple, a full house, a straight, a tube or a plate.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from guandan_learn.course import chapter
from guandan_learn.endgame import Endgame, Solver, solve
from guandan_learn.exercises import Puzzle, validate

BANK = Path(__file__).resolve().parent.parent / "exercises"
FILES = {"12_partnership": BANK / "endgame_partnership.yaml",
         "13_wilds_bombs_forms": BANK / "endgame_forms.yaml"}
#: The techniques each chapter teaches, each drilled by at least three of its puzzles.
TAUGHT = {"12_partnership": ("handover", "waiting", "seats", "partner", "double"),
          "13_wilds_bombs_forms": ("wild", "bomb", "forms")}
BIG_FORMS = {"triple", "full_house", "straight", "tube", "plate"}


def _puzzles(name: str) -> list[Puzzle]:
    loaded = validate([FILES[name]])
    assert not loaded.errors, loaded.errors  # loads, and every answer is the solver's
    return loaded.puzzles


def _swapped(eg: Endgame) -> Endgame:
    """The same position with East's and West's hands (and the table's owner) swapped."""
    h = eg.hands
    table = None if eg.table is None else (eg.table[0], {1: 3, 3: 1}.get(eg.table[1], 2))
    return Endgame([h[0], h[3], h[2], h[1]], eg.level, eg.to_move, table, eg.goal)


def _partner_wins_a_trick(eg: Endgame) -> bool:
    """Tells whether the partner wins a trick on the solver's winning line: makes a play that
    nobody beats before the next lead (or the end of the deal)."""
    sol = solve(eg, node_limit=None, time_limit=None)
    partner = (eg.hero + 2) % 4
    pos = Solver(eg, node_limit=None, time_limit=None).start()
    steps = iter(sol.line)
    for seat, move in steps:
        pos = pos.play(move)
        if seat != partner or move is None:
            continue
        beaten = False
        while not pos.over and pos.table is not None:
            _, answer = next(steps)
            beaten = beaten or answer is not None
            pos = pos.play(answer)
        if not beaten:
            return True
        if pos.over:
            break
    return False


@pytest.mark.parametrize("name", FILES)
def test_each_technique_taught_has_three_solver_checked_puzzles(name: str) -> None:
    puzzles = _puzzles(name)
    counts = Counter(t for p in puzzles for t in p.techniques)
    for technique in TAUGHT[name]:
        assert counts[technique] >= 3, (technique, counts)
    for p in puzzles:
        sol = solve(p.parsed.position, node_limit=None, time_limit=None)
        assert sol.wins and 1 <= len(sol.winning_moves) <= 2, p.id  # one idea, few answers


@pytest.mark.parametrize("name", FILES)
def test_hand_tags_are_what_the_solver_shows(name: str) -> None:
    for p in _puzzles(name):
        eg: Endgame = p.parsed.position
        sol = solve(eg, node_limit=None, time_limit=None)
        if "seats" in p.tags:
            assert solve(_swapped(eg), node_limit=None, time_limit=None).wins != sol.wins, p.id
        if "handover" in p.tags:
            assert _partner_wins_a_trick(eg), p.id
        if "forms" in p.tags:
            mine = {m.kind.value for s, m in sol.line if s == eg.hero and m is not None}
            assert mine & BIG_FORMS, (p.id, mine)


@pytest.mark.parametrize("name", FILES)
def test_the_chapter_quiz_drills_every_technique_it_teaches(name: str) -> None:
    quiz = chapter(name).quiz
    assert quiz is not None
    bank = {p.id: p for p in _puzzles(name)}
    assert set(quiz.ids) <= set(bank), "the quiz asks the chapter's own puzzles"
    asked = {t for i in quiz.ids for t in bank[i].techniques}
    assert set(TAUGHT[name]) <= asked, set(TAUGHT[name]) - asked
