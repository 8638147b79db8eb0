"""The hand index answers every table as ``hints`` and ``legal_plays`` do (§04–§06)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guandan_learn import (
    ArgumentError,
    Card,
    CardCountError,
    Combo,
    Deal,
    HandPlays,
    IllegalPlayError,
    Kind,
    NotationError,
    RulePlayer,
    deck,
    hints,
    legal_plays,
    wild_card,
)

LEVELS = ("2", "3", "7", "10", "Q", "A")

# Tables of every form, weak and strong; "W" stands for the level's wild heart.
TABLE_TEXTS = (
    "3C", "AS", "BJ", "RJ", "4C 4D", "KC KD", "BJ BJ", "RJ RJ", "5C 5D 5S", "QC QD QS",
    "3C 3D 3S 4C 4D", "KC KD KS 2C 2D", "AC AD AS BJ BJ", "AC 2D 3S 4C 5D", "3C 4D 5S 6C 7D",
    "10C JD QS KC AD", "3C 3D 4C 4D 5C 5D", "QC QD KC KD AC AD", "AC AD 2C 2D 3C 3D",
    "3C 3D 3S 4C 4D 4S", "KC KD KS AC AD AS", "9C 9D 9S 9S", "AC AD AS AS", "6C 6D 6S 6C 6D",
    "8C 8D 8S 8C 8D 8S", "3D 4D 5D 6D 7D", "10S JS QS KS AS", "JC JD JS JH JC JD JS",
    "KC KD KS KH KC KD KS KH W W", "BJ BJ RJ RJ",
)


def tables(level: str) -> list[Combo]:
    """Reads the fixed tables at ``level``, every form from singles to the four jokers."""
    wild = wild_card(level).code
    return [Combo.of(t.replace("W", wild), level) for t in TABLE_TEXTS]


def same(a: list[Combo], b: list[Combo]) -> bool:
    """Tells whether two lists hold the same plays, card for card, in the same order."""
    return [(p.kind, p.rank, p.size, p.cards, p.wilds, p.suit, p.power) for p in a] == \
        [(p.kind, p.rank, p.size, p.cards, p.wilds, p.suit, p.power) for p in b]


def test_fixed_tables_cover_every_form() -> None:
    kinds = {t.kind for t in tables("7")}
    assert kinds == set(Kind)
    assert {t.size for t in tables("7") if t.kind is Kind.BOMB} == {4, 5, 6, 7, 10}


def random_hand(rng: random.Random) -> tuple[list[Card], str]:
    """Deals a hand of 1–27 cards at a random level, holding none, one or both wild hearts."""
    level = rng.choice(LEVELS)
    wild = wild_card(level)
    pack = [c for c in deck() if c is not wild]
    rng.shuffle(pack)
    wilds = rng.choice((0, 0, 1, 2))
    size = rng.choice((rng.randint(1, 27), 27))
    hand = pack[:max(0, size - wilds)] + [wild] * wilds
    rng.shuffle(hand)
    return hand, level


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_index_answers_as_hints_and_legal_plays(rng: random.Random) -> None:
    # Every table form (fixed ones, and plays of another random hand), asked in a random order
    # and twice, so that forms come cold, warm, weaker and stronger than before.
    hand, level = random_hand(rng)
    other = [c for c in deck() if c not in hand][:27]
    pool = legal_plays(other, None, level)
    asked: list[Combo | None] = [None, *tables(level), *rng.sample(pool, min(12, len(pool)))]
    asked = asked + asked
    rng.shuffle(asked)
    index = HandPlays(hand, level)
    for table in asked:
        assert same(index.hints(table), hints(hand, table, level)), (hand, level, table)
    index = HandPlays(hand, level)
    for table in asked[::3]:
        assert same(index.legal_plays(table), legal_plays(hand, table, level)), \
            (hand, level, table)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_without_answers_as_the_rest_of_the_hand(rng: random.Random) -> None:
    # Cards leave a few at a time; the bombs an index keeps across ``without`` (read from a
    # free lead or from a table) must be the rest of the hand's own.
    hand, level = random_hand(rng)
    index = HandPlays(hand, level)
    index.hints(None)
    if rng.random() < 0.5:
        index.legal_plays(None)
    fixed = tables(level)
    while hand:
        gone = rng.sample(hand, rng.randint(1, min(4, len(hand))))
        index = index.without(gone)
        for c in gone:
            hand.remove(c)
        assert sorted(index.cards, key=lambda c: c.index) == sorted(hand, key=lambda c: c.index)
        for table in (*rng.sample(fixed, 3), None):
            assert same(index.hints(table), hints(hand, table, level)), (hand, level, table)
        for table in rng.sample(fixed, 2):
            assert same(index.legal_plays(table), legal_plays(hand, table, level)), \
                (hand, level, table)


def test_without_takes_a_play_and_refuses_cards_not_held() -> None:
    index = HandPlays("8C 8D 8S 9S", "2")
    pair = index.hints(Combo.of("7C 7D", "2"))[0]
    assert [str(c) for c in index.without(pair).cards] == ["8♠", "9♠"]
    with pytest.raises(IllegalPlayError) as err:
        index.without("8C 8C 10S")
    assert str(err.value) == "8♣ 10♠ cannot leave the hand: it holds only 8♣ 8♦ 8♠ 9♠ (§02.3)."
    assert err.value.clause == "§02.3"
    assert [str(c) for c in index.cards] == ["8♣", "8♦", "8♠", "9♠"]  # nothing changed
    with pytest.raises(NotationError):
        index.without("8X")


def test_bad_input_raises_what_the_functions_raise() -> None:
    def error(call: object) -> tuple[type, str]:
        with pytest.raises(Exception) as err:
            call()  # type: ignore[operator]
        return type(err.value), str(err.value)

    triple = "8C 8C 8C 9D"
    assert error(lambda: HandPlays(triple, "2")) == error(lambda: hints(triple, None, "2"))
    assert error(lambda: HandPlays(triple, "2"))[0] is CardCountError
    assert error(lambda: HandPlays("8C", "1")) == error(lambda: hints("8C", None, "1"))
    assert error(lambda: HandPlays("8X", "2")) == error(lambda: hints("8X", None, "2"))
    index = HandPlays("8C 8D 9S", "2")
    for table in ("8C", 7, Combo.of("7C", "3")):
        for mine, theirs in ((index.hints, hints), (index.legal_plays, legal_plays)):
            expected = error(lambda t=table, f=theirs: f("8C 8D 9S", t, "2"))  # type: ignore
            assert error(lambda t=table, f=mine: f(t)) == expected  # type: ignore[misc]
    assert error(lambda: index.hints("8C"))[0] is ArgumentError  # type: ignore[arg-type]
    assert error(lambda: index.hints(Combo.of("7C", "3")))[0] is IllegalPlayError


def test_answers_are_fresh_lists() -> None:
    index = HandPlays("8C 8D 9S", "2")
    first = index.hints(None)
    first.clear()
    assert len(index.hints(None)) == 3
    table = Combo.of("7C", "2")
    index.legal_plays(table).clear()
    assert len(index.legal_plays(table)) == 2


def test_index_reads_as_code_and_knows_its_hand() -> None:
    index = HandPlays("9S 8D 8C", "7")
    assert repr(index) == "HandPlays('8C 8D 9S', '7')"
    assert index.level.value == "7" and len(index) == 3
    assert index.cards == tuple(Card(c) for c in ("8C", "8D", "9S"))


def test_deal_answers_from_its_index_as_the_functions_do() -> None:
    # Along whole deals of rule players, the deal's hints and plays equal the functions' on
    # the mover's hand, and copies (which share the indexes) answer alike.
    for seed in range(3):
        deal = Deal.new(seed, "7")
        player = RulePlayer()
        steps = 0
        while deal.to_move is not None:
            hand, table = deal.hand(deal.to_move), deal.table
            assert same(deal.hints(), hints(hand, table, deal.level))
            if steps % 7 == 0:
                assert same(deal.legal_plays(), legal_plays(hand, table, deal.level))
                assert same(deal.copy().hints(), deal.hints())
            choice = player.choose(deal)
            if choice is None:
                deal.pass_turn()
            else:
                deal.play(choice)
            steps += 1
        assert deal.hints() == [] and deal.legal_plays() == []


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_offered_plays_are_their_own_reading(rng: random.Random) -> None:
    # A deal plays a Combo its index offered without reading it again: that is sound because
    # every hint and legal play is exactly the reading ``classify`` gives for its cards.
    from guandan_learn.deal import _canonical
    hand, level = random_hand(rng)
    index = HandPlays(hand, level)
    for table in (None, *rng.sample(tables(level), 3)):
        offered = index.hints(table) + index.legal_plays(table)
        for play in offered:
            assert index.offered(play, table)
            reading = _canonical(play)
            assert reading is not None and same([reading], [play]), (hand, level, play)


def test_offered_is_this_answer_only() -> None:
    index = HandPlays("8C 8D 9S 9D QS QD", "2")
    low, high = Combo.of("3C 3D", "2"), Combo.of("9C 9H", "2")
    nines = next(p for p in index.hints(low) if p.rank is not None and p.rank.value == "9")
    assert index.offered(nines, low) and not index.offered(nines, high)  # 9s do not beat 9s
    assert not index.offered(Combo.of("9S 9D", "2"), low)  # an equal play, not the one offered
    assert not index.offered(nines, Combo.of("3C", "2")) and not index.offered(nines, None)


def test_a_deal_refuses_an_offered_play_that_no_longer_beats() -> None:
    deal = Deal(["4C 4D 8C", "3C 3D 9S 9D", "QC QD 5C", "6C 7C 5D"], "2", leader=0)
    deal.play("4C 4D")
    nines = [p for p in deal.hints() if p.kind is Kind.PAIR][-1]
    assert str(nines) == "9♦ 9♠"
    deal.pass_turn()
    deal.play("QC QD")
    deal.pass_turn()
    deal.pass_turn()
    before = deal.dumps()
    with pytest.raises(IllegalPlayError, match="§04"):
        deal.play(nines)
    assert deal.dumps() == before and deal.to_move == 1
