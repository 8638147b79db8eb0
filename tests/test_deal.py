"""The deal as a recorded state machine: turns, tricks, lead, finishing, records (§02, §06, §09)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guandan_learn import (
    Action,
    ArgumentError,
    CardCountError,
    Combo,
    Deal,
    DealError,
    IllegalPlayError,
    NotationError,
    RandomPlayer,
    RulePlayer,
    deck,
    dumps,
    loads,
    new_deal,
    set_language,
    simulate_deal,
)
from guandan_learn.bots import Player
from guandan_learn.deal import Phase


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def state(d: Deal) -> tuple:
    """Everything a deal shows, for comparing two deals or one deal before and after."""
    return (d.hands, d.to_move, d.table, d.last_player, d.trick, d.history, d.finish_order,
            d.phase, d.dumps())


# -- §09.1–§09.2: a wild completes a bomb ----------------------------------------------------

def test_worked_example_09() -> None:
    a, b, c, dd = 0, 1, 2, 3
    deal = Deal(["QS QD 3C 4D", "KC KD 5C", "8C 8D 8S 7H 6C", "9C 9D 10S"], "7", leader=a)
    assert deal.to_move == a and deal.table is None
    deal.play("QS QD", seat=a)
    deal.play("KC KD", seat=b)
    assert deal.table.describe() == "a pair of kings"
    bomb = deal.play("8C 8D 8S 7H", wilds="8H", seat=c).combo
    assert bomb.describe() == "a 4-card bomb of 8s" and bomb.is_bomb
    assert [w.code for w in bomb.wilds] == ["8H"]
    assert deal.last_player == c
    deal.pass_turn(seat=dd)
    deal.pass_turn(seat=a)
    assert deal.to_move == b and len(deal.trick) == 5
    deal.pass_turn(seat=b)
    assert deal.to_move == c and deal.table is None and deal.trick == ()
    assert deal.last_player is None
    assert [str(x) for x in deal.history] == [
        "0 play QD QS", "1 play KC KD", "2 play 8C 8D 8S 7H =8H", "3 pass", "0 pass", "1 pass"]
    assert "North made the last unbeaten play, so they lead" in deal.render_text()


def test_wild_defaults_to_strongest_reading_and_can_be_declared() -> None:
    hands = ["3C 4C 5C 6C 7H", "KS", "KD", "KH"]
    assert Deal(hands, "7", 0).play("3C 4C 5C 6C 7H").combo.describe() == (
        "a straight flush up to 7")
    for wilds, text in (("7H", "a straight up to 7"), ("7S", "a straight up to 7"),
                        ("2C", "a straight flush up to 6"), ("2D", "a straight up to 6")):
        d = Deal(hands, "7", 0)
        assert d.play("3C 4C 5C 6C 7H", wilds=wilds).combo.describe() == text
        assert loads(dumps(d)) == d


def test_strongest_reading_that_beats_is_taken() -> None:
    # 3 3 4 4 and two wilds: leading, the strongest reading is a tube up to 5; on a plate, only
    # the plate 3-4 beats, so that is the reading played.
    hand = "3C 3D 4C 4D 9H 9H"
    assert Deal([hand, "2S", "2D", "2C"], "9", 0).play(hand).combo.describe() == (
        "a tube up to 5")
    d = Deal(["KS", hand, "AC AD AS 2C 2D 2S", "QS"], "9", 2)
    d.play("AC AD AS 2C 2D 2S")
    d.pass_turn()
    d.pass_turn()
    assert d.to_move == 1
    assert d.play(hand).combo.describe() == "a plate up to 4"
    assert loads(dumps(d)) == d


# -- Turns, passes and the lead (§06.2–§06.6) -------------------------------------------------

def test_leader_cannot_pass() -> None:
    d = Deal(["3C", "4C", "5C", "6C"], "2", 1)
    before = state(d)
    with pytest.raises(IllegalPlayError) as err:
        d.pass_turn()
    assert err.value.clause == "§06.2" and "may not pass" in str(err.value)
    assert state(d) == before
    assert not d.can_pass and d.leading


def test_passing_while_able_to_beat_is_allowed() -> None:
    d = Deal(["3C 9C", "AS KS", "5C 6C", "7C 8C"], "2", 0)
    d.play("3C")
    assert any(p.describe() == "a single ace" for p in d.hints())
    d.pass_turn(seat=1)
    assert d.to_move == 2 and d.last_player == 0


def test_passing_does_not_drop_a_player_from_the_trick() -> None:
    d = Deal(["3C 9C", "AS 4S", "5C 6C", "7C 8C"], "2", 0)
    d.play("3C")
    d.pass_turn()
    d.play("5C")
    d.pass_turn()
    d.pass_turn()
    d.play("AS")  # seat 1 passed before and plays again (§06.4)
    assert d.last_player == 1


def test_partner_leads_when_last_player_went_out() -> None:
    d = Deal(["AS", "3C 4C", "5C 6C", "7C 8C"], "2", 0)
    d.play("AS")
    assert d.finish_order == (0,) and d.to_move == 1
    d.pass_turn()
    d.pass_turn()
    d.pass_turn()
    assert d.to_move == 2 and d.table is None and d.trick == ()
    assert "North leads because their partner, South" in d.render_text()


def test_partner_leads_after_a_beaten_play_went_out() -> None:
    # Seat 1 beats with its last card; seats 2, 3, 0 pass; seat 3, its partner, leads.
    d = Deal(["3C 4C", "AS", "5C 6C", "7C 8C"], "2", 0)
    d.play("3C")
    d.play("AS")
    for _ in range(3):
        d.pass_turn()
    assert d.to_move == 3 and d.finish_order == (1,)


def test_empty_hands_pass_automatically() -> None:
    d = Deal(["3C 4C", "", "5C 6C", "7C 8C"], "2", 0, finished=[1])
    d.play("3C")
    assert d.to_move == 2  # seat 1 is skipped
    d.pass_turn()
    d.pass_turn()
    # Two passes and seat 1's automatic pass make three: seat 0 leads again (§06.5).
    assert d.to_move == 0 and d.table is None
    assert [str(a) for a in d.history] == ["0 play 3C", "2 pass", "3 pass"]
    d2 = Deal(["3C 4C", "", "5C 6C", "7C 8C"], "2", 3, finished=[1])
    d2.play("7C")
    d2.pass_turn()
    assert d2.to_move == 2  # seat 1 skipped inside the trick as well
    d2.pass_turn()
    assert d2.to_move == 3 and d2.table is None


def test_play_goes_round_in_seat_order() -> None:
    d = Deal(["3C 9C", "4C 10D", "5C 9S", "6C 9H"], "2", 2)
    seen = []
    for cards in ("5C", "6C", "9C", "10D"):
        seen.append(d.to_move)
        d.play(cards)
    assert seen == [2, 3, 0, 1]


# -- Stopping and finishing (§06.7–§06.9) ---------------------------------------------------

def test_deal_stops_when_a_partnership_is_out() -> None:
    d = Deal(["3C", "4C 4D", "5C", "6C 6D"], "2", 0)
    d.play("3C")
    d.pass_turn()
    d.play("5C")
    assert d.is_over and d.phase is Phase.OVER and d.to_move is None
    assert d.finish_order == (0, 2)
    assert [d.place(s) for s in range(4)] == [1, None, 2, None]
    assert "South and North, partners, are both out" in d.render_text()
    assert d.hints() == [] and d.legal_plays() == []
    before = state(d)
    for act in (lambda: d.play("4C"), d.pass_turn):
        with pytest.raises(IllegalPlayError) as err:
            act()
        assert err.value.clause == "§06.8"
    assert state(d) == before


def test_deal_stops_when_one_player_holds_cards() -> None:
    d = Deal(["3C", "4C", "5C 5D", "6C"], "2", 0)
    d.play("3C")  # 1st
    d.play("4C")  # 2nd, an opponent: play goes on
    assert not d.is_over and d.to_move == 2
    d.play("5C")
    d.play("6C")  # 3rd: seats 1 and 3 are out, seat 2 alone holds cards
    assert d.is_over and d.finish_order == (0, 1, 3)
    assert [d.place(s) for s in range(4)] == [1, 2, 4, 3]
    assert "only North still holds cards, so they are 4th" in d.render_text()


def test_card_count_as_announced() -> None:
    d = Deal(["3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "4D", "5D", "6D"], "2", 0)
    assert d.card_count(0) is None and d.cards_left(0) == 11
    d.play("3C")
    assert d.card_count(0) == 10 == d.cards_left(0)
    assert d.card_count(1) == 1
    assert "South (team 0) holds 10 cards." in d.render_text(viewer=1)
    assert "North (team 0) holds 1 card." in d.render_text(viewer=1)
    d2 = new_deal(5)
    assert "holds more than 10 cards (§06.9)" in d2.render_text(viewer=0)


def test_a_view_for_no_seat_is_refused() -> None:
    d = Deal(["3C", "4C", "5C", "6C"], "2", 0)
    for viewer in (7, -1, True, "1"):
        with pytest.raises(DealError) as err:
            d.render_text(viewer)  # type: ignore[arg-type]
        assert err.value.clause == "§02.1"
    assert "3♣" in d.render_text(0) and "3♣" not in d.render_text(1)


# -- Refused actions change nothing ---------------------------------------------------------

REFUSED = [
    # (action, clause)
    (lambda d: d.play("QS", seat=1), "§06.1"),
    (lambda d: d.play("9C 9D 9S 9H", seat=1), "§05.7"),
    (lambda d: d.pass_turn(seat=3), "§06.1"),
    (lambda d: d.play("AS"), "§02.3"),
    (lambda d: d.play("3C 4D"), "§04.1"),
    (lambda d: d.play("3C 3D 3S 4D"), "§05.1"),
    (lambda d: d.play("BJ RJ"), "§04.7"),
    (lambda d: d.play("3C"), "§04.4"),
    (lambda d: d.play("3C 3D"), "§04.3"),
    (lambda d: d.play([]), "§04.1"),
    (lambda d: d.play("3C 3D 3S 2H", wilds="4D"), "§03.4"),
    (lambda d: d.play(Combo.of("QS", "3"), seat=None), "§02.7"),
]


@pytest.mark.parametrize(("act", "clause"), REFUSED)
def test_refused_actions_raise_with_clause_and_change_nothing(act, clause) -> None:
    d = Deal(["3C 3D 3S 4D 2H 5C BJ RJ", "QS KS 9C 9D 9S 9H", "5D 6D", "7D 8D"], "2", 1)
    d.play("QS")
    assert d.to_move == 2
    d.pass_turn()
    d.pass_turn()
    assert d.to_move == 0
    before = state(d)
    with pytest.raises(IllegalPlayError) as err:
        act(d)
    assert err.value.clause == clause
    assert err.value.message.endswith(").") or "(" in err.value.message
    assert state(d) == before


def test_leader_pass_and_bad_seat_are_refused() -> None:
    d = Deal(["3C", "4C", "5C", "6C"], "2", 0)
    before = state(d)
    with pytest.raises(IllegalPlayError) as err:
        d.play("3C", seat=7)
    assert err.value.clause == "§02.1"
    with pytest.raises(NotationError):
        d.play("3X")
    assert state(d) == before


# -- Setting up ------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "error", "clause"), [
    ((["3C"] * 3, "2", 0), IllegalPlayError, "§02.1"),
    (("3C 4C", "2", 0), ArgumentError, "§02.1"),  # a malformed argument
    ((["3C 3C", "3C", "", ""], "2", 0, [2, 3]), CardCountError, "§02.2"),
    ((["3C", "4C", "5C", "6C"], "2", 4), IllegalPlayError, "§02.1"),
    ((["3C", "4C", "5C", "6C"], "2", 0, [1]), IllegalPlayError, "§06.7"),
    ((["3C", "", "5C", "6C"], "2", 0), IllegalPlayError, "§06.7"),
    ((["3C", "", "5C", ""], "2", 0, [1, 1]), IllegalPlayError, "§06.7"),
    ((["3C", "", "5C", ""], "2", 0, [1, 3]), IllegalPlayError, "§06.8"),
    ((["", "4C", "5C", "6C"], "2", 0, [0]), IllegalPlayError, "§06.6"),
    ((["3C " * 2 + "4C " * 2 + "5C " * 2 + "6C " * 2 + "7C " * 2 + "8C " * 2 + "9C " * 2
       + "10C " * 2 + "JC " * 2 + "QC " * 2 + "KC " * 2 + "AC " * 2 + "2C " * 2 + "BJ BJ",
       "4D", "5D", "6D"], "2", 0), IllegalPlayError, "§02.3"),
])
def test_impossible_setups_are_refused(args, error, clause) -> None:
    with pytest.raises(error) as err:
        Deal(*args)
    assert err.value.clause == clause


def test_new_deal_follows_the_dealing_rules() -> None:
    d = new_deal(42, "7")
    assert [d.cards_left(s) for s in range(4)] == [27] * 4
    assert Counter(c for h in d.hands for c in h) == Counter(deck())
    assert d.setup.turned in d.hand(d.to_move) and d.setup.seed == 42
    assert d.setup.dealer in range(4) and d.level.value == "7"
    assert Deal.new(42, "7") == d and Deal.new(43, "7") != d
    leaders = {Deal.new(s).to_move for s in range(40)}
    assert leaders == {0, 1, 2, 3}
    with pytest.raises(ArgumentError):  # a malformed argument, not an illegal play
        Deal.new("42")  # type: ignore[arg-type]


def test_copy_is_independent() -> None:
    d = new_deal(3)
    e = d.copy()
    e.play(e.hints()[0])
    assert d.history == () and len(e.history) == 1 and d != e
    assert d.cards_left(d.to_move) == 27


def test_hints_can_be_played_as_they_are() -> None:
    # The hint's own wild declaration may differ from classify's; the deal records its reading.
    d = Deal(["8H 8H 8C 2H 3C", "4C", "5C", "6C"], "2", 0)
    for hint in d.hints():
        e = d.copy()
        e.play(hint)
        assert loads(dumps(e)) == e


def test_declaring_a_wild_by_rank_is_enough_outside_sequences() -> None:
    # Suits never matter in a bomb (§03.2): declaring a third 8♥ reads as the free 8♠.
    d = Deal(["8H 8H 8C 2H 3C", "4C", "5C", "6C"], "2", 0)
    combo = d.play("8C 8H 8H 2H", wilds="8H").combo
    assert combo.describe() == "a 4-card bomb of 8s" and [c.code for c in combo.wilds] == ["8S"]


# -- Notation --------------------------------------------------------------------------------

def test_action_notation() -> None:
    a = Action(2, Combo.of("8C 8D 8S 7H", "7"))
    assert str(a) == "2 play 8C 8D 8S 7H =8H" and Action.parse(str(a), "7") == a
    assert Action.parse("1 pass", "7").is_pass
    for bad in ("1 fold", "5 pass", "1 pass 3C", "x", "2 play"):
        with pytest.raises((NotationError, IllegalPlayError)):
            Action.parse(bad, "7")


def test_record_of_a_position_set_up_mid_deal() -> None:
    d = Deal(["3C 4C", "", "5C 6C", "7C 8C"], "2", 0, finished=[1])
    d.play("4C")
    text = d.dumps()
    assert "finished 1" in text and "hand 1: -" in text
    assert loads(text) == d and state(loads(text)) == state(d)


def test_record_errors_name_the_line() -> None:
    good = "level 2\nleader 0\nhand 0: 3C\nhand 1: 4C\nhand 2: 5C\nhand 3: 6C\n"
    with pytest.raises(NotationError, match="Line 7"):
        loads(good + "0 fold\n")
    with pytest.raises(NotationError, match="'leader'"):
        loads("level 2\nhand 0: 3C\nhand 1: 4C\nhand 2: 5C\nhand 3: 6C\n")
    with pytest.raises(NotationError, match="Line 3"):
        loads("level 2\nleader 0\nhand 0: 3X\n")
    with pytest.raises(NotationError, match="Line 2"):
        loads("level 2\nlevel 3\n")
    with pytest.raises(IllegalPlayError, match="Line 7") as err:
        loads(good + "1 play 4C\n")
    assert err.value.clause == "§06.1"
    with pytest.raises(IllegalPlayError, match="Line 9") as err:
        loads(good + "0 play 3C\n1 pass\n2 play 4C\n")
    assert err.value.clause == "§02.3"
    with pytest.raises(NotationError):
        loads(None)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), level=st.sampled_from("23579JQKA"),
       rule=st.booleans())
def test_records_round_trip(seed: int, level: str, rule: bool) -> None:
    players = [RulePlayer()] * 4 if rule else None
    d = simulate_deal(seed, players, level)
    text = dumps(d)
    e = loads(text)
    assert e == d and e.history == d.history and state(e) == state(d)
    assert e.dumps() == text


# -- Whole deals -----------------------------------------------------------------------------

def test_soak_every_card_is_accounted_for() -> None:
    full = Counter(deck())
    for seed in range(100):
        d = new_deal(seed, "23456789JQKA"[seed % 12])
        players = [RandomPlayer(seed * 4 + i) if (seed + i) % 3 else RulePlayer()
                   for i in range(4)]
        played: Counter = Counter()
        for _ in range(2000):
            if d.is_over:
                break
            choice = players[d.to_move].choose(d)
            action = d.pass_turn() if choice is None else d.play(choice)
            if action.combo is not None:
                played.update(action.combo.cards)
            held = Counter(c for h in d.hands for c in h)
            assert held + played == full
        assert d.is_over and d.to_move is None
        out = d.finish_order
        assert len(out) in (2, 3) and len(set(out)) == len(out)
        assert (len(out) == 2) == (out[1] == (out[0] + 2) % 4)
        assert all(d.cards_left(s) == 0 for s in out)


def test_players_follow_the_protocol() -> None:
    assert isinstance(RandomPlayer(1), Player) and isinstance(RulePlayer(), Player)
    with pytest.raises(IllegalPlayError):
        simulate_deal(1, [RulePlayer()] * 3)


def test_simulate_is_reproducible() -> None:
    assert simulate_deal(9) == simulate_deal(9)
    assert simulate_deal(9).dumps() != simulate_deal(10).dumps()


# -- The rule player -------------------------------------------------------------------------

def test_rule_player_lets_partner_play_stand() -> None:
    d = Deal(["3C 9C", "4C 5C", "AS 6C 7C", "8C 10C"], "2", 0)
    d.play("3C")
    d.pass_turn()
    assert RulePlayer().choose(d) is None  # the partner's 3 stands; seat 2 could beat it


def test_rule_player_goes_out_even_over_its_partner() -> None:
    d = Deal(["3C 9C", "4C 5C", "AS", "8C 10C"], "2", 0)
    d.play("3C")
    d.pass_turn()
    assert RulePlayer().choose(d).describe() == "a single ace"


def test_rule_player_beats_cheaply_and_keeps_bombs() -> None:
    d = Deal(["3C 9C 9D", "4C 5C 7C 7D 7S 7H KD 6D 6S", "AS", "8C 10C"], "2", 0)
    d.play("3C")
    choice = RulePlayer().choose(d)
    assert choice.describe() == "a single 4"
    d2 = Deal(["AC 9C 9D 5H 5S 6H 6S 8H 8S 10H 10S", "7C 7D 7S 7H KD 3D 3S 4D 4S JD JS QD",
               "AS", "8C 10C"], "2", 0)
    d2.play("AC")
    assert RulePlayer().choose(d2) is None  # an opponent with 11 cards is no reason to bomb
    d3 = Deal(["AC 9C", "7C 7D 7S 7H KD 3D 3S 4D 4S JD JS QD", "AS", "8C 10C"], "2", 0)
    d3.play("AC")
    assert RulePlayer().choose(d3).describe() == "a 4-card bomb of 7s"  # seat 0 is near out


def test_rule_player_leads_its_weakest_class_shedding_more() -> None:
    d = Deal(["3C 4D 5S 6C 7D KS KD", "4C", "5C", "6C"], "2", 0)
    assert RulePlayer().choose(d).describe() == "a straight up to 7"
    d2 = Deal(["3C 3D 3S 3H 9C 9D", "4C", "5C", "6C"], "2", 0)
    assert RulePlayer().choose(d2).describe() == "a pair of 9s"  # keeps the bomb of 3s
