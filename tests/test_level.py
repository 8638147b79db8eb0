"""Settling deals (§07) and the match options V1–V3: a hand-written table of cases.

Each expected answer is worked out from the rulebook (§07, V1–V3) by hand. Levels are written
team 0 first, team 1 second.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guandan_learn import (
    CASUAL,
    DEFAULT,
    TOURNAMENT,
    ArgumentError,
    GuandanError,
    MatchError,
    NotationError,
    Rank,
    Rules,
    settle_deal,
)
from guandan_learn.cards import LEVELS, as_level
from guandan_learn.level import check_finish_order, last_seats, partner_place

V1 = Rules(attempts_at_a=3)
V1_ONE = Rules(attempts_at_a=1)
V2 = Rules(double_finish_gain=4)
V3A = Rules(win_at_a="one_two")
V3B = Rules(win_at_a="any")


@dataclass(frozen=True)
class Case:
    """One deal to settle and the answer worked out by hand from the rulebook."""

    clause: str  # the clause the case shows; it must be among the settlement's clauses
    why: str
    levels: tuple[str, str]
    declarers: int | None
    order: tuple[int, ...]
    gained: int
    after: tuple[str, str]
    match_winner: int | None = None
    rules: Rules = DEFAULT
    attempts: tuple[int, int] | None = None
    attempts_after: tuple[int, int] = (0, 0)
    dropped: int | None = None


C = Case
CASES = [
    # §07.1–§07.2: the first finisher's team wins; +3 / +2 / +1 by the partner's place.
    C("§07.2", "first deal 1st-2nd: +3", ("2", "2"), None, (0, 2), 3, ("5", "2")),
    C("§07.2", "first deal partner 3rd: +2", ("2", "2"), None, (0, 1, 2), 2, ("4", "2")),
    C("§07.2", "first deal partner unlisted is 4th: +1", ("2", "2"), None, (0, 1, 3), 1,
      ("3", "2")),
    C("§07.1", "team 1 wins with seats 1 and 3", ("2", "2"), None, (1, 3), 3, ("2", "5")),
    C("§07.1", "seat 3 first, partner 1 3rd", ("2", "2"), None, (3, 0, 1), 2, ("2", "4")),
    C("§07.1", "seat 3 first, partner 1 4th", ("2", "2"), None, (3, 2, 0), 1, ("2", "3")),
    C("§07.1", "seat 2 first, partner 0 3rd", ("2", "2"), None, (2, 3, 0), 2, ("4", "2")),
    C("§07.2", "seat 2 then seat 0", ("2", "2"), None, (2, 0), 3, ("5", "2")),
    C("§07.2", "four seats listed, partner 3rd", ("2", "2"), None, (1, 0, 3, 2), 2,
      ("2", "4")),
    C("§07.2", "four seats listed, partner 4th", ("2", "2"), None, (1, 2, 0, 3), 1,
      ("2", "3")),
    # §07.3 / §07.8: the winners climb from their own level, not the active level.
    C("§07.3", "§07.8 worked example: 6, 1st-3rd, to 8 on team 1's deal", ("6", "9"), 1,
      (0, 1, 2), 2, ("8", "9")),
    C("§07.3", "§07.8 from 6 to 8 while the active level is Q", ("6", "Q"), 1, (2, 3, 0), 2,
      ("8", "Q")),
    C("§07.3", "from 6 to 8 while the active level is 3", ("6", "3"), 1, (0, 1, 2), 2,
      ("8", "3")),
    C("§07.3", "team 1 climbs 5 to 7 on team 0's K deal", ("K", "5"), 0, (3, 2, 1), 2,
      ("K", "7")),
    C("§07.3", "team 1 climbs 4 to 7 on team 0's 10 deal", ("10", "4"), 0, (1, 3), 3,
      ("10", "7")),
    C("§07.3", "team 1 from J, partner 4th, to Q", ("3", "J"), 1, (1, 0, 2), 1, ("3", "Q")),
    C("§07.2", "declarers 7 to 10", ("7", "2"), 0, (0, 2), 3, ("10", "2")),
    C("§07.2", "equal levels 9, team 0 to Q", ("9", "9"), 0, (2, 0), 3, ("Q", "9")),
    C("§07.2", "declarers 8 to 10", ("8", "4"), 0, (0, 3, 2), 2, ("10", "4")),
    C("§07.2", "seat 2 first, partner 0 unlisted: J to Q", ("J", "4"), 0, (2, 1, 3), 1,
      ("Q", "4")),
    # §07.4: promotion stops at A, and reaching A does not win.
    C("§07.4", "Q +3 stops at A", ("Q", "5"), 0, (0, 2), 3, ("A", "5")),
    C("§07.4", "K +3 stops at A", ("K", "5"), 0, (0, 2), 3, ("A", "5")),
    C("§07.4", "K +2 stops at A", ("K", "5"), 0, (0, 1, 2), 2, ("A", "5")),
    C("§07.2", "K +1 is exactly A", ("K", "5"), 0, (0, 1, 3), 1, ("A", "5")),
    C("§07.2", "Q +2 is exactly A", ("Q", "5"), 0, (0, 1, 2), 2, ("A", "5")),
    C("§07.2", "J +3 is exactly A", ("J", "5"), 0, (0, 2), 3, ("A", "5")),
    C("§07.2", "10 +3 is K", ("10", "5"), 0, (0, 2), 3, ("K", "5")),
    C("§07.3", "the other team's K is untouched", ("K", "2"), 1, (1, 3), 3, ("K", "5")),
    C("§07.4", "team 1 reaches A from Q but does not win", ("J", "Q"), 1, (1, 3), 3,
      ("J", "A")),
    # §07.5: declarers at A win with the partner 2nd or 3rd.
    C("§07.5", "declarers at A, 1st-2nd", ("A", "5"), 0, (0, 2), 3, ("A", "5"), 0),
    C("§07.5", "declarers at A, partner 3rd", ("A", "5"), 0, (2, 1, 0), 2, ("A", "5"), 0),
    C("§07.5", "team 1 declarers at A, 1st-2nd", ("5", "A"), 1, (3, 1), 3, ("5", "A"), 1),
    C("§07.5", "team 1 declarers at A, partner 3rd", ("5", "A"), 1, (1, 0, 3), 2,
      ("5", "A"), 1),
    C("§07.5", "§07.9 both at A, declarers win", ("A", "A"), 0, (0, 2), 3, ("A", "A"), 0),
    # §07.6: 1st and 4th at A is not enough.
    C("§07.6", "declarers at A, 1st-4th", ("A", "5"), 0, (0, 1, 3), 1, ("A", "5"),
      attempts_after=(1, 0)),
    C("§07.6", "team 1 at A, 1st-4th", ("5", "A"), 1, (3, 2, 0), 1, ("5", "A"),
      attempts_after=(0, 1)),
    # §07.9: only the declarers can win at A; a non-declaring winner at A stays and declares.
    C("§07.9", "team 0 at A wins team 1's deal at 7", ("A", "7"), 1, (0, 2), 3, ("A", "7")),
    C("§07.9", "both at A, team 0 wins team 1's deal", ("A", "A"), 1, (0, 2), 3, ("A", "A"),
      attempts_after=(0, 1)),
    C("§07.9", "both at A, partner 3rd on the other's deal", ("A", "A"), 1, (2, 1, 0), 2,
      ("A", "A"), attempts_after=(0, 1)),
    C("§07.9", "both at A, team 1 wins team 0's deal", ("A", "A"), 0, (1, 3), 3, ("A", "A"),
      attempts_after=(1, 0)),
    C("§07.6", "both at A, declarers 1st-4th", ("A", "A"), 0, (0, 1, 3), 1, ("A", "A"),
      attempts_after=(1, 0)),
    C("§07.9", "first deal: nobody declares, no match win", ("A", "2"), None, (0, 2), 3,
      ("A", "2")),
    C("§07.9", "team 1 at A wins team 0's K deal", ("K", "A"), 0, (1, 3), 3, ("K", "A")),
    # §07.7: no reset after failures at A.
    C("§07.7", "declarers at A lose, the others climb 6 to 8", ("A", "6"), 0, (1, 0, 3), 2,
      ("A", "8"), attempts_after=(1, 0)),
    C("§07.7", "eighth failure at A, still no reset", ("A", "6"), 0, (1, 3), 3, ("A", "9"),
      attempts=(7, 0), attempts_after=(8, 0)),
    C("§07.7", "1st-4th at A again, still at A", ("A", "9"), 0, (0, 3, 1), 1, ("A", "9"),
      attempts=(5, 0), attempts_after=(6, 0)),
    # V1: limited attempts at A.
    C("V1", "first failure of three", ("A", "6"), 0, (1, 3), 3, ("A", "9"), rules=V1,
      attempts=(0, 0), attempts_after=(1, 0)),
    C("V1", "third failure drops to 2", ("A", "6"), 0, (1, 3), 3, ("2", "9"), rules=V1,
      attempts=(2, 0), attempts_after=(0, 0), dropped=0),
    C("V1", "third failure by 1st-4th drops the winners to 2", ("A", "6"), 0, (0, 1, 3), 1,
      ("2", "6"), rules=V1, attempts=(2, 0), attempts_after=(0, 0), dropped=0),
    C("§07.5", "V1: a win at the last attempt", ("A", "6"), 0, (0, 2), 3, ("A", "6"), 0, rules=V1,
      attempts=(2, 0), attempts_after=(2, 0)),
    C("V1", "both at A: declarers drop, the winners stay at A", ("A", "A"), 1, (0, 2), 3,
      ("A", "2"), rules=V1, attempts=(0, 2), attempts_after=(0, 0), dropped=1),
    C("V1", "only the declarers' count grows", ("A", "A"), 1, (0, 2), 3, ("A", "A"),
      rules=V1, attempts=(2, 1), attempts_after=(2, 2)),
    C("V1", "a single attempt at A", ("A", "3"), 0, (1, 0, 3), 2, ("2", "5"), rules=V1_ONE,
      attempts_after=(0, 0), dropped=0),
    C("V1", "TOURNAMENT preset: second failure", ("A", "3"), 0, (0, 1, 3), 1, ("A", "3"),
      rules=TOURNAMENT, attempts=(1, 0), attempts_after=(2, 0)),
    C("§07.9", "V1: a non-declaring team at A spends no attempt", ("K", "A"), 0, (1, 3), 3,
      ("K", "A"), rules=V1, attempts=(0, 2), attempts_after=(0, 2)),
    # V2: +4 for a 1st-2nd finish.
    C("V2", "first deal 1st-2nd: +4", ("2", "2"), None, (0, 2), 4, ("6", "2"), rules=V2),
    C("V2", "team 1 9 to K", ("5", "9"), 1, (1, 3), 4, ("5", "K"), rules=V2),
    C("§07.4", "V2 J +4 stops at A", ("J", "9"), 0, (0, 2), 4, ("A", "9"), rules=V2),
    C("§07.2", "V2 leaves +2 alone", ("5", "9"), 1, (1, 0, 3), 2, ("5", "J"), rules=V2),
    C("§07.2", "V2 leaves +1 alone", ("5", "9"), 1, (1, 0, 2), 1, ("5", "10"), rules=V2),
    C("V2", "10 +4 is exactly A", ("10", "2"), 0, (2, 0), 4, ("A", "2"), rules=V2),
    # V3a: only a 1st-2nd finish wins at A.
    C("V3", "V3a 1st-2nd wins", ("A", "5"), 0, (0, 2), 3, ("A", "5"), 0, rules=V3A),
    C("V3", "V3a partner 3rd stays at A", ("A", "5"), 0, (0, 1, 2), 2, ("A", "5"),
      rules=V3A, attempts_after=(1, 0)),
    C("V3", "V3a 1st-4th stays at A", ("A", "5"), 0, (0, 1, 3), 1, ("A", "5"), rules=V3A,
      attempts_after=(1, 0)),
    C("V3", "V3a team 1 1st-2nd wins", ("5", "A"), 1, (1, 3), 3, ("5", "A"), 1, rules=V3A),
    # V3b: any deal won at A wins.
    C("V3", "V3b 1st-4th wins", ("A", "5"), 0, (0, 1, 3), 1, ("A", "5"), 0, rules=V3B),
    C("V3", "V3b partner 3rd wins", ("A", "5"), 0, (2, 1, 0), 2, ("A", "5"), 0, rules=V3B),
    C("§07.9", "V3b still needs the declarers", ("A", "A"), 1, (0, 1, 3), 1, ("A", "A"),
      rules=V3B, attempts_after=(0, 1)),
    C("V3", "CASUAL preset: 1st-4th at A wins", ("A", "5"), 0, (0, 3, 1), 1, ("A", "5"), 0,
      rules=CASUAL),
    C("§07.4", "V3b: reaching A from K does not win", ("K", "5"), 0, (0, 1, 3), 1,
      ("A", "5"), rules=V3B),
]


def _id(case: Case) -> str:
    return f"{case.clause} {case.why}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_settle_deal(case: Case) -> None:
    s = settle_deal(case.levels, case.declarers, case.order, case.rules, case.attempts)
    winner = case.order[0] % 2
    assert s.winner == winner
    assert s.gained == case.gained
    assert s.levels == {0: as_level(case.after[0]), 1: as_level(case.after[1])}
    assert s.active_level is s.levels[winner]
    assert s.declarers == winner
    assert s.match_winner == case.match_winner
    assert s.match_over is (case.match_winner is not None)
    assert s.attempts == dict(enumerate(case.attempts_after))
    assert s.dropped == case.dropped
    assert case.clause in s.clauses
    assert "§07.1" in s.clauses


def test_table_is_large_enough() -> None:
    assert len(CASES) >= 60
    assert {"§07.1", "§07.2", "§07.3", "§07.4", "§07.5", "§07.6", "§07.7", "§07.9",
            "V1", "V2", "V3"} <= {c.clause for c in CASES}


def test_issue_explanation() -> None:
    s = settle_deal({0: "6", 1: "9"}, 1, [0, 1, 2])
    assert s.sentences[0] == (
        "Team 0 finished 1st and 3rd: +2 from its own level 6 → 8 (§07.2, §07.3).")


def test_explanations_cite_the_deciding_clause() -> None:
    assert "(§07.6)" in settle_deal(("A", "5"), 0, (0, 1, 3)).explanation
    assert "§07.9" in settle_deal(("A", "A"), 1, (0, 2)).explanation
    assert "(§07.7)" in settle_deal(("A", "6"), 0, (1, 3)).explanation
    assert "§07.4" in settle_deal(("Q", "5"), 0, (0, 2)).explanation
    assert "(V1)" in settle_deal(("A", "6"), 0, (1, 3), V1, {0: 2}).explanation
    assert "(V2, §07.3)" in settle_deal(("2", "2"), None, (0, 2), V2).explanation
    won = settle_deal(("A", "5"), 0, (0, 2))
    assert "wins the match (§07.5)" in won.explanation
    assert "Next deal" not in won.explanation
    assert "V3" in settle_deal(("A", "5"), 0, (0, 1, 3), V3B).explanation


def test_partner_place_and_last_seats() -> None:
    assert partner_place([0, 2]) == 2
    assert partner_place([0, 1, 2]) == 3
    assert partner_place([0, 1, 3]) == 4
    assert partner_place([0, 1, 3, 2]) == 4
    assert last_seats([0, 2]) == (1, 3)
    assert last_seats([3, 1]) == (0, 2)
    assert last_seats([0, 1, 3]) == (2,)
    assert last_seats([0, 1, 2, 3]) == (3,)


def test_inputs_accept_ranks_and_mappings() -> None:
    a = settle_deal({0: Rank.SIX, 1: Rank.NINE}, 1, (0, 1, 2))
    b = settle_deal(["6", "9"], 1, [0, 1, 2])
    assert a.levels == b.levels == {0: Rank.EIGHT, 1: Rank.NINE}
    assert a.previous_levels == {0: Rank.SIX, 1: Rank.NINE}
    assert a.advanced == 2
    assert settle_deal(("Q", "5"), 0, (0, 2)).advanced == 2


BAD_ORDERS = [
    ([0, 1], "§06.8"),          # opponents: the deal goes on
    ([0], "§06.8"),
    ([], "§06.8"),
    ([0, 0, 1], "§06.7"),       # a seat twice
    ([0, 4, 1], "§02.1"),       # no seat 4
    (["0", "2"], "§02.1"),
    ([0, 2, 1], "§06.8"),       # the deal stopped after 0 and 2
    ([0, 2, 1, 3], "§06.8"),
    ([True, 3], "§02.1"),
]


@pytest.mark.parametrize(("order", "clause"), BAD_ORDERS, ids=[str(o) for o, _ in BAD_ORDERS])
def test_impossible_finishing_orders(order: list, clause: str) -> None:
    with pytest.raises(MatchError) as info:
        settle_deal(("2", "2"), None, order)
    assert info.value.clause == clause
    assert clause in str(info.value)
    assert isinstance(info.value, ValueError)


def test_finishing_order_must_be_a_sequence() -> None:
    with pytest.raises(ArgumentError):  # a malformed argument, not an impossible order
        check_finish_order("02")  # type: ignore[arg-type]


@pytest.mark.parametrize(("levels", "declarers", "attempts", "rules", "error"), [
    ({0: "2"}, None, None, DEFAULT, MatchError),
    (("2", "2", "2"), None, None, DEFAULT, MatchError),
    (("2", "Z"), None, None, DEFAULT, NotationError),
    (("2", "RJ"), None, None, DEFAULT, NotationError),
    (("2", "2"), 2, None, DEFAULT, MatchError),
    (("5", "2"), 0, {0: 1}, DEFAULT, MatchError),       # attempts at A below A
    (("A", "2"), 0, {0: 3}, V1, MatchError),            # already past the limit
    (("A", "2"), 0, {0: -1}, DEFAULT, MatchError),
    (("A", "2"), 0, {2: 1}, DEFAULT, MatchError),
    (("A", "2"), 0, None, "default", ArgumentError),
])
def test_bad_inputs(levels: object, declarers: object, attempts: object, rules: object,
                    error: type[GuandanError]) -> None:
    with pytest.raises(error):
        settle_deal(levels, declarers, [0, 2], rules, attempts)  # type: ignore[arg-type]


# --- properties -----------------------------------------------------------------------------

@st.composite
def finish_orders(draw: st.DrawFn) -> tuple[int, ...]:
    """Draws a finishing order cut where §06.8 stops the deal, sometimes with the 4th seat."""
    seats = draw(st.permutations([0, 1, 2, 3]))
    if seats[1] == (seats[0] + 2) % 4:
        return tuple(seats[:2])
    return tuple(seats[:3]) if draw(st.booleans()) else tuple(seats)


rules_strategy = st.builds(
    Rules,
    attempts_at_a=st.one_of(st.none(), st.integers(1, 4)),
    double_finish_gain=st.sampled_from([3, 4]),
    win_at_a=st.sampled_from(["default", "one_two", "any"]),
)


@st.composite
def settle_inputs(draw: st.DrawFn) -> tuple:
    levels = (draw(st.sampled_from(LEVELS)), draw(st.sampled_from(LEVELS)))
    declarers = draw(st.sampled_from([None, 0, 1]))
    rules = draw(rules_strategy)
    cap = 10 if rules.attempts_at_a is None else rules.attempts_at_a - 1
    attempts = tuple(draw(st.integers(0, cap)) if lv is Rank.ACE else 0 for lv in levels)
    return levels, declarers, draw(finish_orders()), rules, attempts


@given(settle_inputs())
def test_levels_move_only_as_section_07_allows(data: tuple) -> None:
    levels, declarers, order, rules, attempts = data
    s = settle_deal(levels, declarers, order, rules, attempts)
    before = {0: levels[0], 1: levels[1]}
    for team in (0, 1):
        old, new = LEVELS.index(before[team]), LEVELS.index(s.levels[team])
        if s.dropped == team:
            assert s.levels[team] is Rank.TWO and rules.attempts_at_a is not None
            assert before[team] is Rank.ACE and declarers == team
        elif team == s.winner:
            assert new == min(old + s.gained, len(LEVELS) - 1)
        else:
            assert new == old
    assert s.active_level is s.levels[s.winner] and s.declarers == s.winner
    assert s.gained in (rules.double_finish_gain, 2, 1)
    if s.match_winner is not None:
        assert s.match_winner == declarers == s.winner and before[s.winner] is Rank.ACE
        assert s.dropped is None
    if declarers is None:
        assert s.match_winner is None
    for team in (0, 1):
        if rules.attempts_at_a is not None:
            assert s.attempts[team] < rules.attempts_at_a


@given(settle_inputs())
def test_a_whole_match_never_passes_a(data: tuple) -> None:
    levels, declarers, order, rules, attempts = data
    s = settle_deal(levels, declarers, order, rules, attempts)
    if s.match_winner is None:
        nxt = settle_deal(s.levels, s.declarers, order, rules, s.attempts)
        assert all(lv in LEVELS for lv in nxt.levels.values())
