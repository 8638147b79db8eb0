"""Properties of the engine, checked with hypothesis (issue 2).

The reference classifier at the top is deliberately simple and slow: it tries every card each
wild heart could stand for (any of the 52 faces that are not jokers, §03.3, §03.8) and checks the
resulting concrete cards against the forms of §04.1 and §05 written out directly. The engine is
written very differently (counting ranks and windows), so agreement is real evidence.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from guandan_learn import (
    FACES,
    LEVELS,
    Card,
    GuandanError,
    Kind,
    NotationError,
    Rank,
    Suit,
    beats,
    classify,
    deck,
    format_cards,
    parse_cards,
    wild_card,
)

SETTINGS = settings(max_examples=250, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

NON_JOKERS: tuple[Card, ...] = tuple(c for c in FACES if not c.is_joker)
RJ, BJ = Rank.RED_JOKER, Rank.BLACK_JOKER

Reading = tuple[str, str | None]


# ---------------------------------------------------------------------------------------------
# Reference classifier


def _sequence_keys(values: list[int], length: int) -> set[int]:
    """Highest natural rank of ``values`` if they are ``length`` consecutive ranks (§04.6)."""
    keys = set()
    for aces_low in (False, True):
        vs = sorted(1 if (aces_low and v == 14) else v for v in values)
        if len(vs) == length and len(set(vs)) == length and vs[-1] - vs[0] == length - 1:
            keys.add(vs[-1])
    return keys


def _rank_text(value: int) -> str:
    return Rank.from_natural(value).value


def concrete_forms(cards: list[Card]) -> set[Reading]:
    """Every form that these concrete cards (no wild left) make, as ``(kind, rank)``."""
    n = len(cards)
    counts = Counter(c.rank for c in cards)
    out: set[Reading] = set()
    if len(counts) == 1:
        (rank,) = counts
        if n <= 3 and not (rank.is_joker and n == 3):
            out.add((("single", "pair", "triple")[n - 1], rank.value))
        if 4 <= n <= 10 and not rank.is_joker:
            out.add(("bomb", rank.value))
    if n == 4 and counts == Counter({RJ: 2, BJ: 2}):
        out.add(("joker_bomb", None))
    has_joker = any(c.is_joker for c in cards)
    if n == 5:
        if sorted(counts.values()) == [2, 3]:
            triple = next(r for r, k in counts.items() if k == 3)
            if not triple.is_joker:
                out.add(("full_house", triple.value))
        if not has_joker and len(counts) == 5:
            one_suit = len({c.suit for c in cards}) == 1
            for key in _sequence_keys([r.natural for r in counts], 5):
                out.add(("straight_flush" if one_suit else "straight", _rank_text(key)))
    if n == 6 and not has_joker:
        if set(counts.values()) == {2}:
            for key in _sequence_keys([r.natural for r in counts], 3):
                out.add(("tube", _rank_text(key)))
        if set(counts.values()) == {3}:
            for key in _sequence_keys([r.natural for r in counts], 2):
                out.add(("plate", _rank_text(key)))
    return out


def reference_readings(cards: list[Card], level: Rank) -> set[Reading]:
    """Every reading, trying each face for each wild; wilds alone are level cards (§03.5)."""
    wild = wild_card(level)
    naturals = [c for c in cards if c is not wild]
    n_wild = len(cards) - len(naturals)
    if not naturals:
        return {(("single", "pair")[n_wild - 1], level.value)}
    out: set[Reading] = set()
    for stand_ins in itertools.combinations_with_replacement(NON_JOKERS, n_wild):
        out |= concrete_forms(naturals + list(stand_ins))
    return out


def engine_readings(cards: list[Card], level: Rank) -> list[Reading]:
    return [(r.kind.value, None if r.rank is None else r.rank.value)
            for r in classify(cards, level)]


# ---------------------------------------------------------------------------------------------
# Strategies


DECK = deck()


@st.composite
def plays(draw: st.DrawFn) -> tuple[list[Card], Rank]:
    """Random plays of 1-10 cards from the two decks, biased towards near-combinations."""
    level = draw(st.sampled_from(LEVELS))
    if draw(st.booleans()):
        pool = DECK
    else:
        low = draw(st.integers(2, 14))
        width = draw(st.sampled_from([1, 2, 3, 4, 5, 5, 6]))
        values = {((low - 2 + i) % 13) + 2 for i in range(width)}
        suits = set(draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4)))
        jokers = draw(st.booleans())
        wild = wild_card(level)
        pool = [c for c in DECK if c is wild
                or (c.is_joker and jokers)
                or (not c.is_joker and c.rank.natural in values and c.suit in suits)]
    size = min(len(pool), draw(st.sampled_from([1, 2, 3, 4, 5, 5, 5, 6, 6, 6, 7, 8, 9, 10])))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=size,
                          max_size=size))
    return [pool[i] for i in picks], level


@st.composite
def built_plays(draw: st.DrawFn) -> tuple[list[Card], Rank, Reading]:
    """A play built as a given form (then with up to two cards swapped for wilds)."""
    level = draw(st.sampled_from(LEVELS))
    kind = draw(st.sampled_from(list(Kind)))
    copies = [Card(r, s) for r in Rank if not r.is_joker for s in Suit for _ in range(2)]

    def of_rank(rank: Rank, n: int) -> list[Card]:
        pool = [c for c in copies if c.rank is rank]
        return [pool[i] for i in draw(st.lists(st.integers(0, len(pool) - 1), unique=True,
                                               min_size=n, max_size=n))]

    def suits(n: int) -> list[Suit]:
        return draw(st.lists(st.sampled_from(list(Suit)), min_size=n, max_size=n))

    def run(key: int, length: int) -> list[Rank]:
        return [Rank.from_natural(v) for v in range(key - length + 1, key + 1)]

    suited = [r for r in Rank if not r.is_joker]
    cards: list[Card]
    if kind in (Kind.SINGLE, Kind.PAIR):
        n = 1 if kind is Kind.SINGLE else 2
        rank = draw(st.sampled_from(list(Rank)))
        cards = [Card(rank)] * n if rank.is_joker else of_rank(rank, n)
        key: str | None = rank.value
    elif kind in (Kind.TRIPLE, Kind.BOMB):
        rank = draw(st.sampled_from(suited))
        cards = of_rank(rank, 3 if kind is Kind.TRIPLE else draw(st.integers(4, 8)))
        key = rank.value
    elif kind is Kind.FULL_HOUSE:
        triple = draw(st.sampled_from(suited))
        pair = draw(st.sampled_from([r for r in Rank if r is not triple]))
        cards = of_rank(triple, 3) + ([Card(pair)] * 2 if pair.is_joker else of_rank(pair, 2))
        key = triple.value
    elif kind in (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH):
        top = draw(st.integers(5, 14))
        ranks = run(top, 5)
        if kind is Kind.STRAIGHT_FLUSH:
            suit = draw(st.sampled_from(list(Suit)))
            cards = [Card(r, suit) for r in ranks]
        else:
            ss = suits(5)
            assume(len(set(ss)) > 1)
            cards = [Card(r, s) for r, s in zip(ranks, ss, strict=True)]
        key = Rank.from_natural(top).value
    elif kind in (Kind.TUBE, Kind.PLATE):
        width, length = (2, 3) if kind is Kind.TUBE else (3, 2)
        top = draw(st.integers(length, 14))
        cards = [c for r in run(top, length) for c in of_rank(r, width)]
        key = Rank.from_natural(top).value
    else:
        cards = [Card(RJ), Card(RJ), Card(BJ), Card(BJ)]
        key = None
    wild = wild_card(level)
    spare = 2 - cards.count(wild)
    swaps = draw(st.integers(0, spare))
    slots = [i for i, c in enumerate(cards) if not c.is_joker and c is not wild]
    for i in draw(st.permutations(slots))[:swaps]:
        cards[i] = wild
    if kind is Kind.BOMB:
        cards += [wild] * draw(st.integers(0, 2 - cards.count(wild)))
    if all(c is wild for c in cards):  # §03.5: wilds alone are level cards
        key = level.value
    return cards, level, (kind.value, key)


@st.composite
def near_plays(draw: st.DrawFn) -> tuple[list[Card], Rank]:
    """A built form, as is or with one card changed, dropped or added: near-misses."""
    cards, level, _ = draw(built_plays())
    change = draw(st.sampled_from(["keep", "swap", "drop", "add"]))
    if change in ("swap", "drop") and len(cards) > 1:
        del cards[draw(st.integers(0, len(cards) - 1))]
    if change in ("swap", "add"):
        cards.append(draw(st.sampled_from(DECK)))
    assume(max(Counter(cards).values()) <= 2)
    return cards, level


# ---------------------------------------------------------------------------------------------
# Properties


@SETTINGS
@given(st.one_of(plays(), near_plays()))
def test_engine_agrees_with_reference(play: tuple[list[Card], Rank]) -> None:
    """Non-combinations get no reading, and combinations get exactly the reference readings."""
    cards, level = play
    got = engine_readings(cards, level)
    want = reference_readings(cards, level)
    assert (got == []) == (not want), format_cards(cards)
    assert set(got) == want, format_cards(cards)
    assert len(got) == len(set(got))  # one reading per (kind, keying rank)


@SETTINGS
@given(built_plays())
def test_built_forms_are_recognised(built: tuple[list[Card], Rank, Reading]) -> None:
    cards, level, expected = built
    assert expected in engine_readings(cards, level), format_cards(cards)


@SETTINGS
@given(st.one_of(plays(), near_plays()), st.randoms(use_true_random=False))
def test_reordering_never_changes_readings(play: tuple[list[Card], Rank],
                                           rnd: random.Random) -> None:
    cards, level = play
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert classify(shuffled, level) == classify(cards, level)


@SETTINGS
@given(st.one_of(plays(), near_plays()), st.permutations([Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES]))
def test_relabelling_black_and_diamond_suits(play: tuple[list[Card], Rank],
                                             image: list[Suit]) -> None:
    """Clubs, diamonds and spades are interchangeable; hearts hold the wilds (§03.2, §03.3)."""
    cards, level = play
    mapping = dict(zip([Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES], image, strict=True))
    mapping[Suit.HEARTS] = Suit.HEARTS
    relabelled = [c if c.is_joker else Card(c.rank, mapping[c.suit]) for c in cards]
    before = classify(cards, level)
    after = classify(relabelled, level)
    assert sorted(engine_readings(cards, level), key=str) == sorted(
        engine_readings(relabelled, level), key=str)
    suits_before = sorted(str(mapping[r.suit]) for r in before if r.suit is not None)
    assert suits_before == sorted(str(r.suit) for r in after if r.suit is not None)


@SETTINGS
@given(st.one_of(plays(), near_plays()))
def test_declarations_are_consistent(play: tuple[list[Card], Rank]) -> None:
    """Every wild is declared (§03.4), never as a joker (§03.8); suits fit the form (§04.2)."""
    cards, level = play
    wild = wild_card(level)
    naturals = [c for c in cards if c is not wild]
    for r in classify(cards, level):
        assert len(r.wilds) == len(cards) - len(naturals)
        assert not any(d.is_joker for d in r.wilds)
        concrete = naturals + list(r.wilds)
        assert (r.kind.value, None if r.rank is None else r.rank.value) in concrete_forms(
            concrete) or not naturals


@SETTINGS
@given(st.lists(st.sampled_from(DECK), max_size=12))
def test_format_parse_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, sep=",")) == cards
    assert parse_cards(" ".join(c.code for c in cards).lower()) == cards
    for card in cards:
        assert eval(repr(card), {"Card": Card}) is card


@SETTINGS
@given(built_plays(), built_plays())
def test_beats_is_irreflexive_and_never_both_ways(a: tuple[list[Card], Rank, Reading],
                                                  b: tuple[list[Card], Rank, Reading]) -> None:
    level = a[1]
    first = classify(a[0], level)
    second = classify(b[0], level)
    for x in first + second:
        assert not beats(x, x)
    for x, y in itertools.product(first, second):
        assert not (beats(x, y) and beats(y, x))


NOTATION_ALPHABET = "0123456789TJQKAtjqkaCDHScdhs♣♦♥♠♡RBrbſ\u212a ,\t\n1xX"


@SETTINGS
@given(st.one_of(st.text(), st.text(alphabet=NOTATION_ALPHABET)))
def test_every_text_parses_or_raises_notation_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except NotationError as err:
        assert str(err)
    else:
        assert all(isinstance(c, Card) for c in cards)
        assert parse_cards(format_cards(cards)) == cards


def test_notation_error_is_a_guandan_error_and_a_value_error() -> None:
    assert issubclass(NotationError, GuandanError)
    assert issubclass(GuandanError, ValueError)
    with pytest.raises(ValueError):
        parse_cards("8C 8Q")


def test_reference_classifier_itself() -> None:
    """The reference agrees with a few rulebook facts, so its agreement means something."""
    seven = Rank.SEVEN
    assert reference_readings(parse_cards("8C 8D 8S 7H"), seven) == {("bomb", "8")}
    assert reference_readings(parse_cards("7H RJ"), seven) == set()
    assert reference_readings(parse_cards("3S 4S 5S 6S 7S"), Rank.NINE) == {
        ("straight_flush", "7")}
    assert reference_readings(parse_cards("3C 3D 4C 4D 9H 9H"), Rank.NINE) == {
        ("tube", "4"), ("tube", "5"), ("plate", "4")}
    assert reference_readings(parse_cards("KC AD 2S 3C 4D"), seven) == set()
