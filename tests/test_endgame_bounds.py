"""The solver's static bounds (issue 24, item 1) against the plain search, on seeded positions.

Each bound decides states without searching them; the plain search (``search.BOUNDS`` off)
must give the same answer everywhere: the same ``.wins``, the same winning first moves and the
same line of play.
"""

from __future__ import annotations

import random

import pytest

import guandan_learn.endgame.search as search
from guandan_learn import LEVELS, Endgame, deck, solve
from guandan_learn.endgame import GOALS
from guandan_learn.moves import exact_plays
from tests.test_endgame import ident, tiny_position


def dealt(rng: random.Random, max_cards: int) -> Endgame:
    """Four hands of 1–``max_cards`` cards from a shuffled pack, with a table half the time."""
    cards = deck()
    rng.shuffle(cards)
    hands = []
    for _ in range(4):
        n = rng.randint(1, max_cards)
        hands.append(cards[:n])
        cards = cards[n:]
    level = rng.choice(LEVELS)
    to_move = rng.randrange(4)
    table = None
    if rng.random() < 0.5:
        by = rng.choice([s for s in range(4) if s != to_move])
        table = (rng.choice(exact_plays(cards[:6], None, level)), by)
    return Endgame(hands, level, to_move, table, rng.choice(GOALS))


def answers(eg: Endgame) -> tuple[object, ...]:
    sol = solve(eg, node_limit=None, time_limit=None)
    return sol.wins, [ident(m) for m in sol.winning_moves], [(s, ident(m)) for s, m in sol.line]


@pytest.mark.parametrize("kind", ["tiny", "dealt"])
def test_the_bounds_agree_with_the_plain_search(kind: str, monkeypatch) -> None:
    rng = random.Random(24)
    if kind == "tiny":
        positions = [tiny_position(rng, max_cards=rng.choice([3, 4, 5])) for _ in range(1000)]
    else:
        positions = [dealt(rng, rng.choice([4, 5, 6])) for _ in range(250)]
    with_bounds = [answers(eg) for eg in positions]
    monkeypatch.setattr(search, "BOUNDS", False)
    plain = [answers(eg) for eg in positions]
    assert with_bounds == plain


def test_the_bounds_decide_states_the_plain_search_searches(monkeypatch) -> None:
    # West can go out over any single South leads but the red joker: the bound sees it at once.
    eg = Endgame.loads("level 2; goal first; to_move 0; 0: 5C 9D RJ; 1: AS; 2: 3C 4D; 3: KC")
    fast = solve(eg, node_limit=None, time_limit=None)
    monkeypatch.setattr(search, "BOUNDS", False)
    slow = solve(eg, node_limit=None, time_limit=None)
    assert (fast.wins, fast.winning_moves) == (slow.wins, slow.winning_moves)
    assert fast.nodes < slow.nodes
