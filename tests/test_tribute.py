"""Tribute, return and the new lead (§08) with the options V4–V7: hand-written cases.

Each expected answer is worked out from the rulebook (§08, V4–V7) by hand. Seats are in playing
order; the seat on X's right is (X + 1) % 4.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guandan_learn import (
    CASUAL,
    DEFAULT,
    ArgumentError,
    Card,
    CardCountError,
    MatchError,
    Rules,
    TributeError,
    check_return,
    choose_return,
    deck,
    plan_tribute,
)
from guandan_learn.cards import LEVELS, STRENGTH
from guandan_learn.tribute import allowed_returns, tribute_card

V4 = Rules(tribute_after_one_four=False)
V5 = Rules(leader_after_tribute="first")
V6 = Rules(tribute=False)
V7 = Rules(return_level_rank_allowed=True)


@dataclass(frozen=True)
class Plan:
    """A tribute situation and the plan worked out by hand."""

    clause: str  # cited in the plan's explanation
    why: str
    order: tuple[int, ...]
    hands: dict[int, str]
    level: str
    payments: tuple[tuple[int, int, str], ...]  # (payer, receiver, card)
    leader: int
    rules: Rules = DEFAULT
    cancelled: bool = field(default=False)


P = Plan
PLANS = [
    # §08.1 single tribute: the last player gives the first their highest single.
    P("§08.1", "4th pays 1st its ace", (0, 1, 2), {3: "AS KD 5C 3H 3D"}, "6",
      ((3, 0, "AS"),), 3),
    P("§08.1", "one red joker is paid", (0, 1, 2), {3: "RJ AS 4C"}, "5", ((3, 0, "RJ"),), 3),
    P("§08.1", "black joker above the level card", (0, 1, 2), {3: "BJ 9S AS KD"}, "9",
      ((3, 0, "BJ"),), 3),
    P("§08.1", "§03.1 the level card is above the ace", (1, 2, 3), {0: "AS 9C 4D"}, "9",
      ((0, 1, "9C"),), 0),
    P("§08.1", "never the wild heart", (1, 2, 3), {0: "9H AS 4D"}, "9", ((0, 1, "AS"),), 0),
    P("§08.1", "a level card that is not a heart", (1, 2, 3), {0: "9H 9S AS"}, "9",
      ((0, 1, "9S"),), 0),
    P("§08.1", "two wild hearts kept back", (1, 2, 3), {0: "9H 9H KC 3D"}, "9",
      ((0, 1, "KC"),), 0),
    P("§08.9", "the new level 8 makes 8♣ highest", (0, 1, 2), {3: "8C AS 3D"}, "8",
      ((3, 0, "8C"),), 3),
    P("§08.9", "the new level K makes K♦ highest", (0, 1, 2), {3: "8C AS KD"}, "K",
      ((3, 0, "KD"),), 3),
    P("§08.1", "four seats listed, seat 3 last", (2, 1, 0, 3), {3: "QS JD"}, "4",
      ((3, 2, "QS"),), 3),
    P("§08.1", "§03.2 equal aces: the first in C D H S order", (0, 1, 2), {3: "AS AC 2D"},
      "5", ((3, 0, "AC"),), 3),
    P("§08.1", "only the payer's hand matters", (0, 1, 2), {3: "10S", 0: "RJ RJ"}, "3",
      ((3, 0, "10S"),), 3),
    # §08.1 1st-4th: the partner pays.
    P("§08.1", "1st-4th: partner seat 2 pays its level card", (0, 1, 3), {2: "KS QD 3C"},
      "3", ((2, 0, "3C"),), 2),
    P("§08.1", "1st-4th: partner seat 3 pays seat 1", (1, 2, 0), {3: "AD 10S"}, "7",
      ((3, 1, "AD"),), 3),
    P("V4", "V4: no tribute after 1st-4th", (0, 1, 3), {2: "KS QD"}, "3", (), 0, V4, True),
    P("§08.1", "V4 leaves an ordinary single tribute", (0, 1, 2), {3: "KS QD"}, "3",
      ((3, 0, "KS"),), 3, V4),
    P("§08.3", "V4 leaves a double tribute", (0, 2), {1: "AS", 3: "KD"}, "5",
      ((1, 0, "AS"), (3, 2, "KD")), 1, V4),
    # §08.3 double tribute: the higher card goes to the first player.
    P("§08.3", "right-hand opponent's ace is higher", (0, 2), {1: "AS 3C", 3: "KD 4C"}, "5",
      ((1, 0, "AS"), (3, 2, "KD")), 1),
    P("§08.3", "left-hand opponent's ace is higher", (0, 2), {1: "KD 3C", 3: "AS 4C"}, "5",
      ((3, 0, "AS"), (1, 2, "KD")), 3),
    P("§08.3", "red joker beats black joker", (1, 3), {0: "BJ 3C", 2: "RJ 4C"}, "6",
      ((2, 1, "RJ"), (0, 3, "BJ")), 2),
    P("§08.3", "wild heart ignored: 5♠ beats 9♣ at level 5", (0, 2),
      {1: "5H 9C", 3: "KD 5S"}, "5", ((3, 0, "5S"), (1, 2, "9C")), 3),
    # §08.4 equal tribute cards: the first player takes from the seat on their right.
    P("§08.4", "equal level cards", (2, 0), {1: "6S AS", 3: "6D KC"}, "6",
      ((3, 2, "6D"), (1, 0, "6S")), 3),
    P("§08.4", "equal aces", (0, 2), {1: "AS", 3: "AD"}, "5", ((1, 0, "AS"), (3, 2, "AD")), 1),
    P("§08.4", "equal kings, first is seat 3", (3, 1), {0: "KC", 2: "KD"}, "4",
      ((0, 3, "KC"), (2, 1, "KD")), 0),
    P("§08.4", "the same face twice", (1, 3), {0: "QS", 2: "QS"}, "4",
      ((2, 1, "QS"), (0, 3, "QS")), 2),
    P("§08.4", "equal black jokers", (2, 0), {1: "BJ 3C", 3: "BJ 5D"}, "7",
      ((3, 2, "BJ"), (1, 0, "BJ")), 3),
    # V5: the previous first player leads.
    P("V5", "V5 after a double tribute", (0, 2), {1: "KD 3C", 3: "AS 4C"}, "5",
      ((3, 0, "AS"), (1, 2, "KD")), 0, V5),
    P("V5", "V5 after a single tribute", (0, 1, 2), {3: "AS KD"}, "6", ((3, 0, "AS"),), 0, V5),
    P("V5", "V5 after a 1st-4th tribute", (1, 2, 0), {3: "AD 10S"}, "7", ((3, 1, "AD"),), 1,
      V5),
    # §08.7 cancellation.
    P("§08.7", "the last player holds both red jokers", (0, 1, 2), {3: "RJ RJ AS"}, "2", (),
      0, cancelled=True),
    P("§08.7", "the paying partner holds both red jokers", (0, 1, 3), {2: "RJ RJ"}, "2", (),
      0, cancelled=True),
    P("§08.7", "double: one red joker each", (0, 2), {1: "RJ 3C", 3: "RJ 4D"}, "2", (), 0,
      cancelled=True),
    P("§08.7", "double: one opponent holds both", (1, 3), {0: "4D", 2: "RJ RJ 3C"}, "2", (),
      1, cancelled=True),
    P("§08.3", "§08.7 not met: two black jokers and one red", (0, 2),
      {1: "BJ BJ", 3: "RJ 3C"}, "2", ((3, 0, "RJ"), (1, 2, "BJ")), 3),
    P("§08.7", "§08.7 cancels before V5 matters", (2, 3, 0), {1: "RJ RJ"}, "2", (), 2, V5,
      True),
    # V6: no tribute at all.
    P("V6", "V6: single", (0, 1, 2), {}, "2", (), 0, V6, True),
    P("V6", "V6: double", (3, 1), {}, "2", (), 3, V6, True),
    P("V6", "CASUAL preset", (0, 2), {}, "2", (), 0, CASUAL, True),
]


@pytest.mark.parametrize("case", PLANS, ids=[f"{p.clause} {p.why}" for p in PLANS])
def test_plan_tribute(case: Plan) -> None:
    plan = plan_tribute(case.order, case.hands, case.level, case.rules)
    assert plan.cancelled is case.cancelled
    got = tuple((p.payer, p.receiver, p.card) for p in plan.payments)
    assert got == tuple((a, b, Card(c)) for a, b, c in case.payments)
    assert plan.leader == case.leader
    assert case.clause in plan.explanation
    if case.cancelled:
        assert plan.cancel_reason is not None and case.clause in plan.cancel_reason
        assert plan.cancel_clause == case.clause
        assert plan.payments == ()
    else:
        assert plan.cancel_reason is None and plan.cancel_clause is None
        assert plan.double is (len(case.payments) == 2)


@dataclass(frozen=True)
class Return:
    """A proposed return card and the verdict worked out by hand."""

    clause: str
    why: str
    card: str
    level: str
    tribute: str
    legal: bool
    hand: str | None = None
    rules: Rules = DEFAULT


R = Return
RETURNS = [
    R("§08.2", "a 5 at level 7", "5C", "7", "AS", True),
    R("§08.2", "§08.10 a 10 is allowed", "10D", "7", "AS", True),
    R("§08.2", "a 2 is allowed", "2S", "7", "AS", True),
    R("§08.2", "a jack is above 10", "JC", "7", "AS", False),
    R("§08.2", "a king is above 10", "KD", "3", "RJ", False),
    R("§08.10", "an ace never comes back", "AD", "7", "KS", False),
    R("§08.10", "an ace never comes back at level A either", "AC", "A", "RJ", False),
    R("§08.2", "not the level rank", "7D", "7", "AS", False),
    R("V7", "V7 allows the level rank", "7D", "7", "AS", True, rules=V7),
    R("V7", "V7 allows the level heart too", "7H", "7", "AS", True, rules=V7),
    R("§08.2", "V7 still bars a jack at level J", "JD", "J", "AS", False, rules=V7),
    R("§08.2", "level 10: a 10 is barred", "10C", "10", "AS", False),
    R("V7", "level 10 with V7: a 10 comes back", "10C", "10", "AS", True, rules=V7),
    R("§08.2", "no red joker", "RJ", "7", "AS", False),
    R("§08.2", "no black joker", "BJ", "7", "AS", False),
    R("§08.10", "not the tribute card itself", "9S", "5", "9S", False),
    R("§08.2", "the same rank in another suit is fine", "9D", "5", "9S", True),
    R("§08.2", "two cards at once", "5C 6C", "7", "AS", False),
    R("§08.2", "a card not in the hand", "5C", "7", "AS", False, "6D 7S AS"),
    R("§08.2", "a card in the hand", "6D", "9", "AS", True, "6D 7S AS"),
    R("§08.11", "nothing allowed: weakest non-wild is J♣", "JC", "7", "AS", True,
      "JC QD KS AS 7H"),
    R("§08.11", "nothing allowed: Q♦ is not the weakest", "QD", "7", "AS", False,
      "JC QD KS AS 7H"),
    R("§08.11", "nothing allowed: K is the weakest at level 7", "KC", "7", "AS", True,
      "7D 7H AS KC"),
    R("§08.11", "nothing allowed: the level 7 is not the weakest", "7D", "7", "AS", False,
      "7D 7H AS KC"),
    R("V7", "V7 makes 7♦ allowed, so §08.11 does not apply", "7D", "7", "AS", True,
      "7D AS KC", V7),
    R("§08.2", "V7: with 7♦ allowed, K♣ is not", "KC", "7", "AS", False, "7D AS KC", V7),
    R("§08.11", "the other queen, not the tribute card", "QD", "5", "QS", True, "QS QD AS"),
    R("§08.11", "the tribute queen itself is refused", "QS", "5", "QS", False, "QS QD AS"),
    R("§08.11", "at level 2 the ace is the weakest", "AS", "2", "RJ", True, "RJ BJ AS"),
]


@pytest.mark.parametrize("case", RETURNS, ids=[f"{r.clause} {r.why}" for r in RETURNS])
def test_check_return(case: Return) -> None:
    v = check_return(case.card, case.level, case.tribute, case.rules, hand=case.hand)
    assert v.legal is case.legal
    assert v.clause == case.clause
    assert case.clause in v.reason
    assert bool(v) is case.legal


def test_tables_are_large_enough() -> None:
    assert len(PLANS) + len(RETURNS) >= 40
    clauses = {p.clause for p in PLANS} | {r.clause for r in RETURNS}
    assert {"§08.1", "§08.2", "§08.3", "§08.4", "§08.7", "§08.9", "§08.10", "§08.11",
            "V4", "V5", "V6", "V7"} <= clauses


@pytest.mark.parametrize(("hand", "level", "tribute", "rules", "expected"), [
    ("3C 3D 4S 9H AS", "7", "AS", DEFAULT, "4S"),    # keeps the pair of 3s
    ("JC QD AS", "7", "AS", DEFAULT, "JC"),          # §08.11 fallback
    ("5C 5D 5S 5H 8C", "2", "AS", DEFAULT, "8C"),    # keeps the bomb of 5s
    ("7H 7D JC", "7", "AS", V7, "7D"),               # never the wild when another will do
    ("3C 3D 4C 4D", "9", "AS", DEFAULT, "3C"),       # all paired: the lowest
    ("7D 8S", "7", "AS", DEFAULT, "8S"),             # §08.2: not the level 7
])
def test_choose_return(hand: str, level: str, tribute: str, rules: Rules,
                       expected: str) -> None:
    card = choose_return(hand, level, tribute, rules)
    assert card is Card(expected)
    assert check_return(card, level, tribute, rules, hand=hand).legal


def test_plan_helpers() -> None:
    plan = plan_tribute([0, 1, 2], {3: "AS KD"}, "6")
    assert plan.check_return(0, "5C").legal
    assert not plan.check_return(0, "6C").legal
    assert plan.choose_return(0, "5C 5D 9S QS") is Card("9S")
    assert plan.first == 0 and not plan.double
    assert "6s" in plan.return_rule and "§08.2" in plan.return_rule
    assert "V7" in plan_tribute([0, 1, 2], {3: "AS"}, "6", V7).return_rule
    assert str(plan.payments[0]) == "West gives A♠ to South."
    with pytest.raises(TributeError):
        plan.check_return(2, "5C")


def test_double_explanation_names_both_payments() -> None:
    plan = plan_tribute([2, 0], {1: "6S AS", 3: "6D KC"}, "6")
    text = plan.explanation
    assert "West, the opponent on their right" in text
    assert "(§08.3)" in text and "(§08.4)" in text and "(§08.6)" in text


def test_tribute_card_helper() -> None:
    assert tribute_card("2H 2H RJ", "2") is Card("RJ")
    with pytest.raises(TributeError):
        tribute_card("2H 2H", "2")
    assert allowed_returns("3C 7D 7H 10S JD AS", "7", "AS") == [Card("3C"), Card("10S")]


@pytest.mark.parametrize(("order", "hands", "error"), [
    ([0, 1, 2], {}, TributeError),                     # the payer's hand is missing
    ([0, 2], {1: "AS"}, TributeError),                 # one payer of two is missing
    ([0, 1], {3: "AS"}, MatchError),                   # the deal had not stopped
    ([0, 1, 2], {3: "AS AS AS"}, CardCountError),      # three copies of a face
    ([0, 2], {1: "AS AS", 3: "AS"}, CardCountError),   # three aces of spades between payers
    ([0, 1, 2], {3: "2H"}, TributeError),              # only a wild heart at level 2
    ([0, 1, 2], "3: AS", ArgumentError),               # hands not a mapping
])
def test_bad_tribute_inputs(order: list[int], hands: object, error: type) -> None:
    with pytest.raises(error):
        plan_tribute(order, hands, "2")  # type: ignore[arg-type]


# --- properties -----------------------------------------------------------------------------

@st.composite
def situations(draw: st.DrawFn) -> tuple:
    seats = draw(st.permutations([0, 1, 2, 3]))
    order = tuple(seats[:2]) if seats[1] == (seats[0] + 2) % 4 else tuple(seats[:3])
    cards = deck()
    random.Random(draw(st.integers(0, 2**32))).shuffle(cards)
    hands = {s: cards[27 * s: 27 * s + 27] for s in range(4)}
    return order, hands, draw(st.sampled_from(LEVELS))


@given(situations())
def test_tribute_facts_on_real_deals(data: tuple) -> None:
    order, hands, level = data
    plan = plan_tribute(order, hands, level)
    first, partner = order[0], (order[0] + 2) % 4
    row = STRENGTH[level.natural]
    if plan.cancelled:
        assert plan.leader == first and plan.cancel_clause == "§08.7"
        return
    for p in plan.payments:
        assert not p.card.is_wild(level)
        assert p.card in hands[p.payer]
        best = max(row[c.rank.natural] for c in hands[p.payer] if not c.is_wild(level))
        assert row[p.card.rank.natural] == best
        assert (p.receiver in (first, partner) and p.payer % 2 != p.receiver % 2) or (
            len(plan.payments) == 1 and p.payer == partner)
        hand = [*hands[p.receiver], p.card]
        back = choose_return(hand, level, p.card)
        assert check_return(back, level, p.card, hand=hand).legal
    assert plan.leader == plan.payments[0].payer
    assert plan.payments[0].receiver == first
    if plan.double:
        a, b = plan.payments
        assert row[a.card.rank.natural] >= row[b.card.rank.natural]


@given(situations())
def test_options_v5_v6(data: tuple) -> None:
    order, hands, level = data
    assert plan_tribute(order, hands, level, V5).leader == order[0]
    off = plan_tribute(order, {}, level, V6)
    assert off.cancelled and off.leader == order[0] and off.cancel_clause == "V6"
