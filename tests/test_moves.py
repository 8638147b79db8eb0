"""Legal plays and hints are exact: checked against a brute-force enumerator (§04–§06)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guandan_learn import Card, Combo, Kind, beats, classify, deck, wild_card
from guandan_learn.cards import to_cards
from guandan_learn.moves import bomb_kinds, hints, legal_plays

Signature = tuple


def signature(c: Combo) -> Signature:
    """Identifies a play: its reading, natural cards per rank, and wilds spent."""
    wild = wild_card(c.level)
    naturals = Counter(x.rank for x in c.cards if x is not wild)
    suit = c.suit if c.kind is Kind.STRAIGHT_FLUSH else None
    return (c.kind, c.rank, c.size, suit, tuple(sorted(naturals.items())),
            sum(1 for x in c.cards if x is wild))


def brute_force(hand: list[Card], table: Combo | None, level: str) -> set[Signature]:
    """Classifies every sub-multiset of the hand and keeps the readings that may be played."""
    faces = Counter(hand)
    items = list(faces.items())
    out = set()
    for counts in itertools.product(*(range(n + 1) for _, n in items)):
        cards = [c for (c, _), k in zip(items, counts, strict=True) for _ in range(k)]
        if not cards or len(cards) > 10:
            continue
        for reading in classify(cards, level):
            if table is None or beats(reading, table):
                out.add(signature(reading))
    return out


def small_hand(rng: random.Random, level: str) -> list[Card]:
    """Draws a small hand rich in combinations: few ranks, often the wild hearts."""
    ranks = rng.sample(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], 4)
    pool = [c for c in deck() if c.rank.value in ranks and c is not wild_card(level)]
    pool += [c for c in deck() if c.is_joker and rng.random() < 0.3]
    n = rng.randint(5, 9)
    hand = rng.sample(pool, min(n, len(pool)))
    hand += [wild_card(level)] * rng.choice([0, 1, 2, 2])
    return hand


TABLES = [None, "5C", "9D 9S", "4C 4D 4S", "3C 4D 5S 6H 7C", "8C 8D 8S 2C 2D",
          "3C 3D 4C 4D 5S 5H", "6C 6D 6S 7C 7D 7S", "9C 9D 9S 9H", "3S 4S 5S 6S 7S",
          "QC QD QS QH QC", "RJ"]


@pytest.mark.parametrize("seed", range(60))
def test_legal_plays_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    level = rng.choice(["2", "5", "7", "10", "A"])
    hand = small_hand(rng, level)
    table_text = TABLES[seed % len(TABLES)]
    table = None if table_text is None else classify(table_text, level)[0]
    plays = legal_plays(hand, table, level)
    sigs = [signature(p) for p in plays]
    assert len(sigs) == len(set(sigs)), "a play is listed twice"
    assert set(sigs) == brute_force(hand, table, level)


@pytest.mark.parametrize("seed", range(60))
def test_hints_one_per_class_and_cheapest(seed: int) -> None:
    rng = random.Random(1000 + seed)
    level = rng.choice(["2", "6", "9", "K"])
    hand = small_hand(rng, level)
    table_text = TABLES[seed % len(TABLES)]
    table = None if table_text is None else classify(table_text, level)[0]
    plays = legal_plays(hand, table, level)
    hs = hints(hand, table, level)
    classes = [h.classes for h in hs]
    assert len(classes) == len(set(classes))
    assert set(classes) == {p.classes for p in plays}
    keys = [h.sort_key() for h in hs]
    assert keys == sorted(keys), "hints come weakest first"
    for h in hs:
        same = [p for p in plays if p.classes == h.classes]
        assert h.wild_count == min(p.wild_count for p in same) or any(
            _breaks_bomb(hand, p) for p in same if p.wild_count < h.wild_count)


@pytest.mark.parametrize("seed", range(8))
def test_fast_free_lead_hints_match_the_class_path(seed: int) -> None:
    # A free lead without wilds takes a fast path; it must list what the class-by-class path
    # lists, the same cards in the same order (50 seeded hands of 1-27 cards per seed).
    from guandan_learn.moves import _class_hints, _hand, _natural_lead_hints
    rng = random.Random(5000 + seed)
    for _ in range(50):
        level = rng.choice(["2", "5", "7", "10", "Q", "A"])
        wild = wild_card(level)
        pack = [c for c in deck() if c is not wild]
        rng.shuffle(pack)
        hand = pack[:rng.randint(1, 27)]
        fast = _natural_lead_hints(_hand(hand, None, level))
        slow = _class_hints(_hand(hand, None, level), None)
        assert [(p.kind, p.rank, p.size, p.cards, p.suit, p.power) for p in fast] == \
            [(p.kind, p.rank, p.size, p.cards, p.suit, p.power) for p in slow], hand


@pytest.mark.parametrize("seed", range(4))
def test_bomb_kinds_are_the_kinds_of_the_bombs_hints_offer(seed: int) -> None:
    # 60 seeded hands of 8-27 cards per seed, wild hearts and jokers included (the dealt hands
    # of plots.bomb_counts); every kind of bomb turns up across the seeds.
    rng = random.Random(7000 + seed)
    seen: set[Kind] = set()
    for _ in range(60):
        level = rng.choice(["2", "5", "7", "10", "Q", "A"])
        pack = deck()
        rng.shuffle(pack)
        hand = pack[:rng.randint(8, 27)]
        if rng.random() < 0.2:  # the four jokers, now and then
            hand = [c for c in hand if not c.is_joker][:23] + [
                c for c in deck() if c.is_joker]
        kinds = bomb_kinds(hand, level)
        assert kinds == {p.kind for p in hints(hand, None, level) if p.is_bomb}, hand
        seen |= kinds
    assert seen == {Kind.BOMB, Kind.STRAIGHT_FLUSH, Kind.JOKER_BOMB}


def _breaks_bomb(hand: list[Card], play: Combo) -> bool:
    wild = wild_card(play.level)
    have = Counter(c.rank for c in hand if c is not wild)
    used = Counter(c.rank for c in play.cards if c is not wild)
    return any(have[r] >= 4 and 0 < used[r] < have[r] and have[r] - used[r] < 4 for r in used)


def test_hint_keeps_the_wild_when_naturals_make_the_class() -> None:
    # 5-6-7-8-9 exists in naturals; the hint must not spend the wild heart (level 2).
    hs = hints("5C 6D 7S 8C 9D 2H", None, "2")
    straight = next(h for h in hs if h.kind is Kind.STRAIGHT and h.rank.value == "9")
    assert straight.wild_count == 0


def test_five_equal_cards_offer_a_four_card_bomb() -> None:
    plays = legal_plays("8C 8D 8S 8H 8C", None, "2")
    sizes = sorted(p.size for p in plays if p.kind is Kind.BOMB)
    assert sizes == [4, 5]


def test_two_wilds_make_a_pair_inside_a_tube() -> None:
    plays = legal_plays("3C 3D 4C 4D 7H 7H", None, "7")
    tubes = sorted(p.rank.value for p in plays if p.kind is Kind.TUBE)
    assert tubes == ["4", "5"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(["2", "7", "A"]),
       st.sampled_from(TABLES))
def test_full_hands_every_play_is_legal(rnd: random.Random, level: str,
                                        table_text: str | None) -> None:
    cards = deck()
    rnd.shuffle(cards)
    hand = cards[:27]
    table = None if table_text is None else classify(table_text, level)[0]
    have = Counter(hand)
    plays = legal_plays(hand, table, level)
    assert len({signature(p) for p in plays}) == len(plays)
    for p in plays:
        assert not Counter(p.cards) - have, "cards come from the hand"
        readings = classify(p.cards, level)
        assert any(r.kind is p.kind and r.rank is p.rank and r.wilds == p.wilds
                   for r in readings), "classify reads the play the same way"
        assert table is None or beats(p, table)
    assert {h.classes for h in hints(hand, table, level)} == {p.classes for p in plays}


@pytest.mark.parametrize("seed", range(4))
def test_kept_readings_are_the_fresh_ones(seed: int) -> None:
    # Plays read by the class path are kept for every later hand: a hand read after many
    # others gives, card for card, what it gives with nothing kept. One level, so that hands
    # meet each other's plays; wilds, so that a free lead takes the class path too.
    from guandan_learn import moves
    rng = random.Random(9100 + seed)
    wild = wild_card("7")
    pack = [c for c in deck() if c is not wild]
    straight = Combo.of("3C 4D 5S 6C 7D", "7")
    # Two hands whose straight 3-7 takes the same first cards, all clubs, and mixes in another
    # suit from the rest of the hand (§04.2): the rest differs, so the plays differ.
    cases: list[tuple[list[Card], Combo | None]] = [
        (to_cards("3C 4C 5C 6C 7C 3D 7H"), None), (to_cards("3C 4C 5C 6C 7C 4D 7H"), None)]
    for _ in range(40):
        rng.shuffle(pack)
        hand = pack[:rng.randint(10, 25)] + [wild] * rng.randint(0, 2)
        cases.append((hand, rng.choice([None, None, straight])))

    def read(hand: list[Card], table: Combo | None) -> list[tuple]:
        return [(p.kind, p.rank, p.cards, p.wilds, p.suit, p.power)
                for p in hints(hand, table, "7") + legal_plays(hand, table, "7")]

    kept = [read(*case) for case in cases]
    for case, expected in zip(cases, kept, strict=True):
        for cache in (*moves._ONE_RANK.values(), *moves._FLUSHES.values(), moves._MANY):
            cache.clear()
        assert read(*case) == expected, case
