"""Drawing cards for generated puzzles: a two-deck pool and plays of any form from it.

Every kind's generator (``kinds/<kind>.py``) draws from a ``Pool`` seeded by ``generate``, so
the same seed always gives the same puzzle.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import FACES, LEVELS, Card, Rank, Suit, wild_card
from ..combo import Kind
from ..level import partner_of

Setup = dict[str, Any]
SUITS = tuple(Suit)
BJ, RJ = FACES[52], FACES[53]


def face(value: int, suit: Suit) -> Card:
    """Returns the card of a value (1 or 14 for the ace) and suit."""
    return FACES[((14 if value == 1 else value) - 2) * 4 + suit.index]


def cards_text(cards: list[Card]) -> str:
    """Returns cards as exercise-file text, in deck order."""
    return " ".join(c.code for c in sorted(cards, key=lambda c: c.index))


class Pool:
    """The cards still available in two decks, drawn at random (§02.2)."""

    def __init__(self, rng: random.Random, level: Rank) -> None:
        self.rng = rng
        self.level = level
        self.wild = wild_card(level)
        self.left = [2] * 54

    def take(self, card: Card) -> bool:
        """Takes one copy of a card if any is left."""
        if self.left[card.index]:
            self.left[card.index] -= 1
            return True
        return False

    def rank(self, value: int, n: int) -> list[Card] | None:
        """Draws ``n`` natural cards of a rank (never the wild heart), or ``None``."""
        if value >= 15:
            joker = BJ if value == 15 else RJ
            return [joker] * n if n <= self.left[joker.index] and self.take_n(joker, n) else None
        options = [c for s in SUITS for c in [face(value, s)] if c is not self.wild
                   for _ in range(self.left[c.index])]
        if len(options) < n:
            return None
        chosen = self.rng.sample(options, n)
        for c in chosen:
            self.take(c)
        return chosen

    def take_n(self, card: Card, n: int) -> bool:
        """Takes ``n`` copies of a card if that many are left."""
        if self.left[card.index] < n:
            return False
        self.left[card.index] -= n
        return True

    def wilds(self, n: int) -> list[Card] | None:
        """Draws ``n`` wild hearts."""
        return [self.wild] * n if n == 0 or self.take_n(self.wild, n) else None

    def run(self, top: int, length: int, width: int, suit: Suit | None = None,
            mixed: bool = True) -> list[Card] | None:
        """Draws a sequence: ``length`` ranks up to ``top`` (1 is the ace low), ``width`` each."""
        cards: list[Card] = []
        for v in range(top - length + 1, top + 1):
            if suit is not None:
                card = face(v, suit)
                if card is self.wild or not self.take(card):
                    return None
                cards.append(card)
                continue
            got = self.rank(14 if v == 1 else v, width)
            if got is None:
                return None
            cards += got
        if mixed and suit is None and width == 1 and len({c.suit for c in cards}) == 1:
            swap = next((c for s in SUITS if s is not cards[0].suit
                         for c in [face(cards[0].rank.natural, s)]
                         if c is not self.wild and self.left[c.index]), None)
            if swap is None:
                return None
            self.left[cards[0].index] += 1
            self.take(swap)
            cards[0] = swap
        return cards

    def junk(self, n: int, jokers: bool = False) -> list[Card]:
        """Draws ``n`` random cards (no wild hearts; jokers only if asked)."""
        top = 54 if jokers else 52
        chosen: list[Card] = []
        for _ in range(40 * n):
            if len(chosen) == n:
                break
            card = FACES[self.rng.randrange(top)]
            if card is not self.wild and self.take(card):
                chosen.append(card)
        return chosen

    def with_wilds(self, cards: list[Card], n: int) -> list[Card] | None:
        """Replaces ``n`` random natural cards (not jokers) by wild hearts."""
        spots = [i for i, c in enumerate(cards) if not c.is_joker and c is not self.wild]
        if len(spots) <= n or self.wilds(n) is None:
            return None if len(spots) <= n else cards
        out = list(cards)
        for i in self.rng.sample(spots, n):
            self.left[out[i].index] += 1
            out[i] = self.wild
        return out


# -- Building plays ----------------------------------------------------------------------------

SETS = {Kind.SINGLE: 1, Kind.PAIR: 2, Kind.TRIPLE: 3}
SEQ = {Kind.STRAIGHT: (5, 1), Kind.TUBE: (3, 2), Kind.PLATE: (2, 3)}


def build(pool: Pool, kind: Kind, key: int, size: int = 4, wilds: int = 0) -> list[Card] | None:
    """Draws the cards of a play of ``kind`` keyed by ``key`` (a natural value; 1–5 low runs)."""
    if kind in SETS or kind is Kind.BOMB:
        n = SETS.get(kind, size)
        cards = pool.rank(key, n)
    elif kind is Kind.FULL_HOUSE:
        pair = pool.rng.choice([v for v in range(2, 15) if v != key])
        triple = pool.rank(key, 3)
        two = pool.rank(pair, 2) if triple else None
        cards = None if triple is None or two is None else triple + two
    elif kind in SEQ:
        length, width = SEQ[kind]
        cards = pool.run(key, length, width)
    elif kind is Kind.STRAIGHT_FLUSH:
        cards = pool.run(key, 5, 1, pool.rng.choice(SUITS))
    else:
        cards = pool.rank(15, 2) and pool.rank(16, 2)
        cards = [BJ, BJ, RJ, RJ] if cards else None
    if cards is None or not wilds or key >= 15:
        return cards
    return pool.with_wilds(cards, wilds)


def draw_key(rng: random.Random, kind: Kind, level: Rank) -> int:
    """Draws a keying value for a kind, favouring the level rank, the ace and low runs."""
    if kind in SEQ or kind is Kind.STRAIGHT_FLUSH:
        length = 5 if kind in (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH) else SEQ[kind][0]
        return rng.choice([length, length, 14, *range(length, 15)])
    return rng.choice([level.natural, 14, *range(2, 15)])


def draw_level(rng: random.Random) -> Rank:
    """Draws an active level."""
    return rng.choice(LEVELS)


def draw_finish(rng: random.Random, place: int) -> list[int]:
    """Draws a finishing order whose first player's partner finished ``place``-th."""
    first = rng.randrange(4)
    partner = partner_of(first)
    opponents = [(first + 1) % 4, (first + 3) % 4]
    rng.shuffle(opponents)
    if place == 2:
        return [first, partner]
    if place == 3:
        return [first, opponents[0], partner]
    return [first, *opponents]


__all__ = ["BJ", "RJ", "SEQ", "SETS", "SUITS", "Pool", "Setup", "build", "cards_text",
           "draw_finish", "draw_key", "draw_level", "face"]
