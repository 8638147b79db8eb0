"""The solver's hand reading (issue 24): a suitless hand left by a play takes its plays from the
bigger hand's; they must be the plays a reading of its own cards gives."""

from __future__ import annotations

import random

from guandan_learn import LEVELS, Card, deck
from guandan_learn.cards import Suit, as_level
from guandan_learn.endgame.search import _Search
from guandan_learn.moves import legal_plays


def read_alone(cards: tuple[Card, ...], level: str) -> set[tuple[int, int, int, int]]:
    """The hand's plays read from its own cards, each with the key of what it leaves."""
    search = _Search(as_level(level), 0, "first")
    info = search.info(search.key(cards))
    assert search.sources[search.key(cards)] is None
    return {(fam, power, search.keys[rest], n) for fam, power, rest, n in info.lead}


def test_a_hand_left_by_a_play_has_the_plays_of_its_own_cards() -> None:
    rng = random.Random(2024)
    derived = 0
    for _ in range(16):
        level = rng.choice(LEVELS)
        cards = deck()
        rng.shuffle(cards)
        hand = cards[:rng.randint(5, 9)]
        wild = next(c for c in cards if c.rank is as_level(level) and c.suit is Suit.HEARTS)
        if rng.random() < 0.5 and wild not in hand:
            hand[0] = wild  # half the hands hold a wild
        search = _Search(as_level(level), 0, "first")
        todo = [tuple(hand)]
        seen = 0
        while todo and seen < 20:
            here = todo.pop(rng.randrange(len(todo)))
            hid = search.key(here)
            seen += 1
            derived += search.sources[hid] is not None and search.infos[hid] is None
            mine = {(fam, power, search.keys[rest], n)
                    for fam, power, rest, n in search.info(hid).lead}
            assert mine == read_alone(here, level), here
            for play in legal_plays(here, None, level):
                rest = list(here)
                for c in play.cards:
                    rest.remove(c)
                if rest:
                    todo.append(tuple(rest))
    assert derived > 200  # most of the 320 hands were read from a bigger hand's plays
