"""In a lost position the side to move resists longest (issue 29): ``Position.best`` plays the
move after which the winners' shortest forced line is longest, checked here by a plain
minimax over the positions, within its budget and deterministically."""

from __future__ import annotations

import random

import pytest

import guandan_learn.endgame.solution as solution
from guandan_learn.endgame import Position, Solver, refutation
from tests.test_endgame_bounds import dealt

#: Seeded positions of 1–3 cards a hand (``dealt``) that the side to move loses, where the
#: first move in showing order gives in sooner than resisting does (24, 32, 62, 204, 225), and
#: some where it does not.
SEEDS = (24, 32, 62, 204, 225, 4, 7, 18)
LONGER = (24, 32, 62, 204, 225)


def _length(pos: Position, hero_wins: bool, memo: dict) -> int:
    """Moves to the end of the deal, the winners shortest, the others longest (plain minimax
    over ``Position``, asking the solver only who wins after each move)."""
    if pos.over:
        return 0
    key = (pos.hands, pos.mover, pos.last, None if pos.table is None else pos.table.cards)
    if key not in memo:
        winner = pos.ours(pos.mover) is hero_wins
        lengths = [1 + _length(pos.play(m), hero_wins, memo) for m in pos.moves()
                   if not winner or pos.value(m) is hero_wins]
        memo[key] = min(lengths) if winner else max(lengths)
    return memo[key]


def _lost(seed: int) -> Position:
    eg = dealt(random.Random(seed), 3)
    pos = Solver(eg, node_limit=None, time_limit=None).start()
    assert not pos.wins(), "the seed's position is won for the side to move"
    return pos


def _first_in_order(pos: Position) -> object:
    return min(pos.moves(), key=lambda m: (pos._next(m)[0] is None, solution._order(m)))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_losing_side_plays_the_move_that_resists_longest(seed: int) -> None:
    pos = _lost(seed)
    memo: dict = {}
    lengths = {i: _length(pos.play(m), False, memo) for i, m in enumerate(pos.moves())}
    chosen = pos.best()
    assert lengths[pos.moves().index(chosen)] == max(lengths.values())
    # among equals, the first in showing order
    longest = [m for i, m in enumerate(pos.moves()) if lengths[i] == max(lengths.values())]
    assert chosen == min(longest, key=lambda m: (pos._next(m)[0] is None,
                                                 solution._order(m)))
    first = _first_in_order(pos)
    if seed in LONGER:
        assert lengths[pos.moves().index(first)] < lengths[pos.moves().index(chosen)]
    # the same choice from a new solver: nothing but the position decides it
    assert _lost(seed).best() == chosen


def test_past_its_budget_the_losing_side_plays_its_first_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pos = _lost(LONGER[0])
    monkeypatch.setattr(solution, "RESIST_NODES", 1)
    assert pos.best() == _first_in_order(pos)


def test_refutations_resist_longest() -> None:
    """A refutation's line lets the defence win, and the hero's side, losing, drags it out: the
    line is at least as long as the winners' shortest forced line after the move."""
    for seed in LONGER:
        pos = _lost(seed)
        for move in pos.moves():
            line = refutation(pos.solver.endgame, move, node_limit=None, time_limit=None)
            assert line[0] == (pos.mover, move)
            assert len(line) >= 1 + _length(pos.play(move), False, {})
