"""The endgame solver is exact: it agrees with a plain minimax on thousands of tiny positions."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest

from guandan_learn import (
    Card,
    Combo,
    beats,
    classify,
    deck,
    wild_card,
)
from guandan_learn.endgame import GOALS, Endgame, solve
from guandan_learn.moves import exact_plays

# -- A plain reference: every sub-multiset of the hand, every reading, explicit pass counts ----


def reference_plays(hand: tuple[Card, ...], table: Combo | None, level: str) -> list[Combo]:
    """Lists every play told apart by exact cards and reading, by brute force over sub-hands."""
    items = sorted(Counter(hand).items(), key=lambda kv: kv[0].index)
    seen, out = set(), []
    for counts in itertools.product(*(range(n + 1) for _, n in items)):
        cards = [c for (c, _), k in zip(items, counts, strict=True) for _ in range(k)]
        if not cards or len(cards) > 10:
            continue
        for r in classify(cards, level):
            ident = (tuple(sorted(c.index for c in r.cards)), r.kind, r.rank, r.suit,
                     tuple(sorted(c.rank.natural for c in r.wilds)))
            if ident not in seen and (table is None or beats(r, table)):
                seen.add(ident)
                out.append(r)
    return out


def reference_solve(eg: Endgame) -> tuple[bool, set]:
    """Plain minimax: returns whether the hero's side wins, and the set of winning first moves
    (each as sorted card indices with its kind, rank and suit; ``None`` for a pass)."""
    level = eg.level.value
    hero, goal = eg.hero, eg.goal

    def result(hands: tuple, seat: int) -> bool | None:
        if goal == "first":
            return seat == hero
        if goal == "team_first" or seat % 2 != hero % 2:
            return seat % 2 == hero % 2
        return True if not hands[(seat + 2) % 4] else None

    @cache
    def value(hands: tuple, mover: int, table: Combo | None, last: int, passes: int) -> bool:
        if not hands[mover]:  # an empty hand passes automatically (§06.5)
            return after_pass(hands, mover, table, last, passes)
        mine = mover % 2 == hero % 2
        results = (after_play(hands, mover, p) for p in reference_plays(hands[mover], table,
                                                                          level))
        if table is not None:
            results = itertools.chain(results, [after_pass(hands, mover, table, last, passes)])
        return any(results) if mine else all(results)

    def after_pass(hands: tuple, mover: int, table: Combo | None, last: int,
                   passes: int) -> bool:
        if passes + 1 == 3:  # three passes after a play end the trick (§06.5, §06.6)
            return value(hands, last if hands[last] else (last + 2) % 4, None, -1, 0)
        return value(hands, (mover + 1) % 4, table, last, passes + 1)

    def after_play(hands: tuple, mover: int, play: Combo) -> bool:
        rest = list(hands[mover])
        for c in play.cards:
            rest.remove(c)
        new = tuple(tuple(rest) if s == mover else h for s, h in enumerate(hands))
        if not rest:
            done = result(new, mover)
            if done is not None:
                return done
        return value(new, (mover + 1) % 4, play, mover, 0)

    hands = tuple(tuple(sorted(h, key=lambda c: c.index)) for h in eg.hands)
    table = None if eg.table is None else eg.table[0]
    last = -1 if eg.table is None else eg.table[1]
    passes = 0 if eg.table is None else (hero - last) % 4 - 1
    wins = set()
    for p in reference_plays(hands[hero], table, level):
        if after_play(hands, hero, p):
            wins.add(ident(p))
    if table is not None and after_pass(hands, hero, table, last, passes):
        wins.add(None)
    return bool(wins), wins


def ident(move: Combo | None) -> tuple | None:
    if move is None:
        return None
    return (tuple(sorted(c.index for c in move.cards)), move.kind, move.rank, move.suit)


# -- Random tiny positions ----------------------------------------------------------------------

LEVELS = ["2", "5", "7", "10", "A"]
NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def tiny_position(rng: random.Random, max_cards: int = 3) -> Endgame:
    """Draws a small position rich in interactions: few ranks, few suits, wilds and jokers."""
    level = rng.choice(LEVELS)
    start = rng.randrange(len(NAMES) - 4)
    ranks = NAMES[start:start + rng.choice([3, 4, 5])]
    suits = rng.sample("CDHS", rng.choice([1, 2, 2, 3]))
    pool = [c for c in deck() if c.rank.value in ranks and c.suit is not None
            and c.suit.value in suits and c is not wild_card(level)]
    pool += [c for c in deck() if c.is_joker and rng.random() < 0.2]
    pool += [wild_card(level)] * rng.choice([0, 0, 1, 2])
    rng.shuffle(pool)
    sizes = [rng.randint(1, max_cards) for _ in range(4)]
    while sum(sizes) > len(pool):
        sizes[sizes.index(max(sizes))] -= 1
    if min(sizes) == 0:
        return tiny_position(rng, max_cards)
    hands, i = [], 0
    for n in sizes:
        hands.append(pool[i:i + n])
        i += n
    to_move = rng.randrange(4)
    goal = rng.choice(GOALS)
    table = None
    spare = pool[i:]
    if spare and rng.random() < 0.5:
        plays = exact_plays(spare[:6], None, level)
        by = rng.choice([s for s in range(4) if s != to_move])
        table = (rng.choice(plays), by)
    return Endgame(hands, level, to_move, table, goal)


def suited_position(rng: random.Random) -> Endgame:
    """Draws a position where straight flushes, and so suits, can matter."""
    level = rng.choice(LEVELS)
    start = rng.randrange(len(NAMES) - 6)
    ranks = NAMES[start:start + 6]
    suits = rng.sample("CDS", 2)
    pool = [c for c in deck() if c.rank.value in ranks and c.suit is not None
            and c.suit.value in suits and c is not wild_card(level)]
    rng.shuffle(pool)
    w = rng.choice([0, 1, 2])
    hero_hand = pool[:rng.randint(4, 6) - w] + [wild_card(level)] * w
    rest = pool[len(hero_hand) - w:]
    hands = [hero_hand]
    for _ in range(3):
        n = rng.randint(1, 2)
        hands.append(rest[:n])
        rest = rest[n:]
    to_move = 0
    return Endgame(hands, level, to_move, None, rng.choice(GOALS))


def check_agrees(eg: Endgame) -> None:
    sol = solve(eg)
    wins, moves = reference_solve(eg)
    assert sol.wins == wins, eg.dumps()
    got = [ident(m) for m in sol.winning_moves]
    assert len(got) == len(set(got)), eg.dumps()
    assert set(got) == moves, eg.dumps()


@pytest.mark.parametrize("block", range(20))
def test_agrees_with_plain_minimax_on_tiny_positions(block: int) -> None:
    rng = random.Random(block)
    for _ in range(100):
        check_agrees(tiny_position(rng, max_cards=rng.choice([2, 3, 3, 4])))


@pytest.mark.parametrize("block", range(4))
def test_agrees_with_plain_minimax_where_suits_matter(block: int) -> None:
    rng = random.Random(1000 + block)
    for _ in range(25):
        check_agrees(suited_position(rng))
