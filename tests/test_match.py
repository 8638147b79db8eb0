"""Whole matches (§02.5–§02.8, §06, §07, §08) with the options V1–V7, and the soak run.

Hand-written scenarios stage the cards: ``Staged`` deals fixed hands, and seats 1 and 3 pass
whenever they may, so seats 0 and 2 go out 1st and 2nd and team 0 climbs 2 → 5 → 8 → J → A.
Where each joker sits decides each tribute, so the expected payments, returns, leaders and
levels are worked out by hand from the rulebook.
"""

from __future__ import annotations

import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guandan_learn import (
    CASUAL,
    DEFAULT,
    TOURNAMENT,
    ArgumentError,
    Card,
    Deal,
    Match,
    MatchError,
    MatchPhase,
    NotationError,
    RandomPlayer,
    Rank,
    RulePlayer,
    Rules,
    TributeError,
    check_return,
    deck,
    simulate_match,
)
from guandan_learn.cards import LEVELS, to_cards
from guandan_learn.combo import Combo
from guandan_learn.match import MAX_DEALS, DealRecord, cards_in_play, deal_seed

A = Rank.ACE
DECK = Counter(deck())
V1_ONE = Rules(attempts_at_a=1)
V2 = Rules(double_finish_gain=4)
V3A = Rules(win_at_a="one_two")
V3B = Rules(win_at_a="any")
V4 = Rules(tribute_after_one_four=False)
V5 = Rules(leader_after_tribute="first")
V6 = Rules(tribute=False)
V7 = Rules(return_level_rank_allowed=True)


class Passer:
    """Passes whenever it may; leads like a ``RulePlayer`` when it must."""

    rule = RulePlayer()

    def choose(self, deal: Deal) -> Combo | None:
        return None if deal.can_pass else self.rule.choose(deal)


def stage(seed: int, place: dict[int, str]) -> list[list[Card]]:
    """Deals from ``seed``, then swaps cards so that each seat holds the cards ``place`` names.

    Only non-joker cards are swapped away, so naming all four jokers fixes where they sit.
    """
    hands = [list(h) for h in Deal.new(seed).hands]
    claimed: list[list[Card]] = [[] for _ in range(4)]
    for seat, text in place.items():
        for c in to_cards(text):
            if hands[seat].count(c) > claimed[seat].count(c):
                claimed[seat].append(c)
                continue
            src = next(s for s in range(4) if s != seat
                       and hands[s].count(c) > claimed[s].count(c))
            x = next(x for x in hands[seat]
                     if not x.is_joker and claimed[seat].count(x) < hands[seat].count(x))
            hands[seat].remove(x)
            hands[src].remove(c)
            hands[seat].append(c)
            hands[src].append(x)
            claimed[seat].append(c)
    return hands


#: Where the jokers (and a few more cards) sit in each staged deal.
STAGES: dict[int, dict[int, str]] = {
    1: {0: "RJ RJ BJ BJ"},
    2: {0: "RJ 5C 5D 3C AS KD", 1: "RJ", 2: "BJ", 3: "BJ"},  # unequal double tribute (§08.3)
    3: {0: "RJ", 1: "BJ", 2: "RJ", 3: "BJ"},  # equal double tribute (§08.4)
    4: {3: "RJ RJ BJ BJ"},  # one payer holds both red jokers (§08.7)
    5: {0: "BJ BJ", 1: "RJ", 3: "RJ"},  # the two payers hold both between them (§08.7)
}


class Staged(Match):
    """A match whose deals are staged by ``STAGES``; seat 0 leads the first deal."""

    def shuffle(self, number: int, level: Rank) -> Deal:
        return Deal(stage(number, STAGES.get(number, {})), level, 0)


def staged(rules: Rules = DEFAULT, human: int | None = None) -> Staged:
    players: list[object] = [RulePlayer(), Passer(), RulePlayer(), Passer()]
    if human is not None:
        players[human] = None
    return Staged(1, players, rules)  # type: ignore[arg-type]


HELPER = RulePlayer()


def advance(m: Match) -> None:
    """Steps the match; plays like a ``RulePlayer`` for a person's seat when it must play."""
    if m.waiting_for is not None and m.phase is MatchPhase.PLAY:
        choice = HELPER.choose(m.deal)
        if choice is None:
            m.deal.pass_turn(seat=m.waiting_for)
        else:
            m.deal.play(choice, seat=m.waiting_for)
    else:
        m.step()


def to_phase(m: Match, phase: MatchPhase, number: int) -> Match:
    while not (m.phase is phase and m.number == number):
        advance(m)
    return m


def until_waiting(m: Match) -> Match:
    while m.waiting_for is None:
        advance(m)
    return m


def gained(before: tuple[tuple[Card, ...], ...], after: tuple[tuple[Card, ...], ...],
           seat: int) -> tuple[Counter[Card], Counter[Card]]:
    """Returns what a seat received and gave between two sets of hands."""
    b, a = Counter(before[seat]), Counter(after[seat])
    return a - b, b - a


# -- The first deal ---------------------------------------------------------------------------

def test_first_deal_is_seeded_at_level_2_led_by_the_turned_card() -> None:
    m = Match(seed=42)
    assert (m.phase, m.number, m.declarers, m.active_level) == (MatchPhase.DEAL, 1, None,
                                                                Rank.TWO)
    assert m.deal is None and m.hands == ((), (), (), ())
    assert "nobody declares" in m.current.announcement  # §02.8, §07.9
    m.step()
    assert m.phase is MatchPhase.PLAY and m.tribute is None  # no tribute in the first deal
    setup = m.deal.setup
    assert setup.seed == deal_seed(42, 1) and setup.level is Rank.TWO
    assert setup.turned in setup.hands[setup.leader]  # §02.5
    assert m.deal == Deal.new(deal_seed(42, 1))


def test_each_deal_has_its_own_seed() -> None:
    m = simulate_match(8)
    seeds = [r.seed for r in m.history]
    assert seeds == [deal_seed(8, n) for n in range(1, len(seeds) + 1)]
    assert len(set(seeds)) == len(seeds)
    for r in m.history[1:]:
        assert r.dealt == Deal.new(r.seed, r.active_level).hands
        assert r.deal.setup.seed is None  # later deals are led as tribute says, not the cut


def test_same_seed_same_match() -> None:
    assert simulate_match(5) == simulate_match(5) != simulate_match(6)
    assert Match(seed=None).seed >= 0


# -- Levels (§07) and the end of the match (§07.5) --------------------------------------------

def test_levels_follow_section_07_to_a_win_at_a() -> None:
    m = staged().run()
    rows = [(r.number, r.levels[0].value, r.levels[1].value, r.active_level.value, r.declarers,
             r.deal.finish_order) for r in m.history]
    assert [r[:5] for r in rows] == [
        (1, "2", "2", "2", None),  # §02.6, §07.9: nobody declares in the first deal
        (2, "5", "2", "5", 0),  # 1st–2nd: +3 (§07.2); the winners' level is active (§02.7)
        (3, "8", "2", "8", 0),
        (4, "J", "2", "J", 0),
        (5, "A", "2", "A", 0),  # J + 3 stops at A (§07.4)
    ]
    assert all(sorted(r[5]) == [0, 2] for r in rows)
    assert m.is_over and m.winner == 0 and m.number == 5  # §07.5
    assert m.levels == {0: A, 1: Rank.TWO}
    assert "wins the match" in m.settlement.explanation
    with pytest.raises(MatchError, match=r"§07\.5"):
        m.step()


def test_v2_double_finish_gains_four() -> None:
    m = staged(V2).run()
    assert [r.active_level.value for r in m.history] == ["2", "6", "10", "A"]
    assert m.winner == 0 and m.number == 4


@pytest.mark.parametrize("rules", [V3A, V3B, V1_ONE])
def test_a_one_two_finish_at_a_wins_under_every_v3_option(rules: Rules) -> None:
    m = staged(rules).run()
    assert m.winner == 0 and m.number == 5


def test_settlement_uses_both_recorded_levels() -> None:
    m = simulate_match(3)
    for before, after in zip(m.history, m.history[1:], strict=False):
        s = before.settlement
        assert (after.levels, after.active_level, after.declarers) == (
            s.levels, s.levels[s.winner], s.winner)
        assert after.attempts == s.attempts


# -- Tribute applied to the hands (§08) -------------------------------------------------------

def test_unequal_double_tribute_moves_the_cards_and_returns_them() -> None:
    m = to_phase(staged(), MatchPhase.TRIBUTE, 2)
    rec = m.current
    plan = m.tribute
    # Team 0 went out 1st and 2nd, so seats 1 and 3 pay (§08.3). The first player is seat 0
    # or 2, whichever went out first; the higher card (RJ, seat 1) goes to it.
    first, second = m.history[0].deal.finish_order
    assert [(p.payer, p.receiver, p.card.code) for p in plan.payments] == [
        (1, first, "RJ"), (3, second, "BJ")]
    assert plan.leader == 1  # §08.6: the payer who paid the first player leads
    assert m.in_transit == (Card("RJ"), Card("BJ"))  # shown face up (§08.8)
    assert Counter(cards_in_play(m)) == DECK
    assert m.step() is MatchPhase.RETURN
    assert m.in_transit == () and m.pending_returns == (first, second)
    m.step()
    m.step()
    assert m.phase is MatchPhase.PLAY
    after = m.deal.setup.hands
    r1, r2 = m.current.returns
    assert (r1.receiver, r1.payer, r2.receiver, r2.payer) == (first, 1, second, 3)
    for ret in (r1, r2):
        card = plan.payment_to(ret.receiver).card
        assert check_return(ret.card, "5", card, DEFAULT).legal
    assert gained(rec.dealt, after, first) == (Counter([Card("RJ")]), Counter([r1.card]))
    assert gained(rec.dealt, after, second) == (Counter([Card("BJ")]), Counter([r2.card]))
    assert gained(rec.dealt, after, 1) == (Counter([r1.card]), Counter([Card("RJ")]))
    assert gained(rec.dealt, after, 3) == (Counter([r2.card]), Counter([Card("BJ")]))
    assert all(len(h) == 27 for h in after)
    assert m.deal.setup.leader == 1 and m.deal.level is Rank.FIVE


def test_equal_double_tribute_first_takes_from_the_seat_on_its_right() -> None:
    m = to_phase(staged(), MatchPhase.TRIBUTE, 3)
    first, second = m.history[1].deal.finish_order
    right, other = (first + 1) % 4, (first + 3) % 4
    payments = [(p.payer, p.receiver, p.card.code) for p in m.tribute.payments]
    assert payments == [(right, first, "BJ"), (other, second, "BJ")]  # §08.4
    to_phase(m, MatchPhase.PLAY, 3)
    assert m.deal.setup.leader == right  # §08.6


@pytest.mark.parametrize(("number", "reason"), [(4, "West holds both red jokers"),
                                                (5, "between them")])
def test_cancelled_tribute_leaves_the_hands_and_the_first_player_leads(
        number: int, reason: str) -> None:
    m = to_phase(staged(), MatchPhase.TRIBUTE, number)
    plan = m.tribute
    assert plan.cancelled and plan.cancel_clause == "§08.7" and reason in plan.cancel_reason
    assert m.in_transit == ()
    assert m.step() is MatchPhase.PLAY  # no returns
    assert m.deal.setup.hands == m.current.dealt
    assert m.deal.setup.leader == m.history[-2].deal.finish_order[0]


def test_v5_the_previous_first_player_leads_after_tribute() -> None:
    for rules, leader in ((DEFAULT, 1), (V5, None)):
        m = to_phase(staged(rules), MatchPhase.PLAY, 2)
        first = m.history[0].deal.finish_order[0]
        assert m.tribute.payments  # the tribute is still paid
        assert m.deal.setup.leader == (first if leader is None else leader)


@pytest.mark.parametrize("rules", [CASUAL, V6])
def test_v6_no_tribute_in_a_whole_match(rules: Rules) -> None:
    m = staged(rules).run()
    assert m.number == 5
    for r in m.history[1:]:
        assert r.tribute.cancelled and r.tribute.cancel_clause == "V6"
        assert r.returns == () and r.deal.setup.hands == r.dealt
        assert r.deal.setup.leader == m.history[r.number - 2].deal.finish_order[0]


def after_one_four(rules: Rules) -> list[tuple[int, DealRecord]]:
    """Lists (previous first player, deal) for deals after a 1st–4th finish in a few matches."""
    out = []
    for seed in range(20):
        m = simulate_match(seed, rules=rules)
        for before, r in zip(m.history, m.history[1:], strict=False):
            order = before.deal.finish_order
            if len(order) == 3 and (order[0] + 2) % 4 not in order:
                out.append((order[0], r))
        if len(out) >= 3:
            break
    return out


def test_v4_no_tribute_after_a_one_four_finish() -> None:
    deals = after_one_four(V4)
    assert deals
    for first, r in deals:
        assert r.tribute.cancelled and r.tribute.cancel_clause == "V4"
        assert r.deal.setup.hands == r.dealt and r.deal.setup.leader == first
    paid = [(first, r) for first, r in after_one_four(DEFAULT) if not r.tribute.cancelled]
    assert paid
    for first, r in paid:  # §08.1: the partner pays, even though they are partners
        (p,) = r.tribute.payments
        assert (p.payer, p.receiver) == ((first + 2) % 4, first)
        assert r.deal.setup.leader == p.payer


def test_v1_a_team_drops_back_to_2_after_failing_at_a() -> None:
    drops = [(m, r) for seed in range(3) for m in [simulate_match(seed, rules=V1_ONE)]
             for r in m.history if r.settlement.dropped is not None]
    assert drops
    for m, r in drops:
        team = r.settlement.dropped
        assert r.declarers == team and r.levels[team] is A  # it was declaring at A
        assert r.settlement.levels[team] is Rank.TWO and r.settlement.attempts[team] == 0
        if r.number < m.number:
            assert m.history[r.number].levels[team] is Rank.TWO
    for seed in range(3):  # §07.7: without V1 nobody ever goes down
        m = simulate_match(seed)
        for r in m.history:
            assert all(LEVELS.index(r.settlement.levels[t]) >= LEVELS.index(r.levels[t])
                       for t in (0, 1))


def test_v3_decides_which_finish_at_a_wins() -> None:
    places = {}
    for rules in (DEFAULT, V3A, V3B):
        found = places[rules.win_at_a] = set()
        for seed in range(40):
            found.add(simulate_match(seed, rules=rules).settlement.partner_place)
            if (rules is not V3B and seed == 3) or 4 in found:
                break
    assert places["default"] <= {2, 3} and places["one_two"] == {2}
    assert 4 in places["any"]  # a 1st–4th finish as declarers at A wins only under V3b


# -- Returns chosen by people and bots (§08.2, §08.5, §08.10) ---------------------------------

def test_a_person_gives_the_return_and_bad_returns_change_nothing() -> None:
    m = to_phase(staged(human=0), MatchPhase.RETURN, 2)
    first = m.history[0].deal.finish_order[0]
    if first != 0:  # seat 2 went out first; seat 0 receives the black joker instead
        assert m.tribute.payment_to(0).card == Card("BJ")
    until_waiting(m)  # the bot receiver returns, then the match waits for seat 0
    assert m.waiting_for == 0 and m.pending_returns == (0,)
    with pytest.raises(MatchError, match="give_return"):
        m.step()
    before = (m.dumps(), m.hands)
    tribute = m.tribute.payment_to(0).card.code
    missing = next(c.code for c in deck() if c not in m.hands[0])
    for card, clause in (("AS", "§08.10"), ("5C", "§08.2"), ("KD", "§08.2"),
                         (tribute, "§08.10"), ("3C 5D", "§08.2"), (missing, "§08.2")):
        with pytest.raises(TributeError) as err:
            m.give_return(0, card)
        assert err.value.clause == clause, card
        assert (m.dumps(), m.hands) == before
    with pytest.raises(NotationError):
        m.give_return(0, "1X")
    with pytest.raises(TributeError, match="receives no tribute"):
        m.give_return(1, "3C")
    made = m.give_return(0, "3C")
    assert (made.receiver, made.payer, made.card) == (0, m.tribute.payment_to(0).payer,
                                                      Card("3C"))
    assert m.phase is MatchPhase.PLAY and Card("3C") in m.deal.setup.hands[made.payer]
    with pytest.raises(TributeError, match="No return is due"):
        m.give_return(0, "4C")


def test_v7_the_level_rank_may_come_back() -> None:
    for rules, ok in ((DEFAULT, False), (V7, True)):
        m = until_waiting(to_phase(staged(rules, human=0), MatchPhase.RETURN, 2))
        assert m.phase is MatchPhase.RETURN and m.active_level is Rank.FIVE
        if ok:
            assert m.give_return(0, "5D").card == Card("5D")
        else:
            with pytest.raises(TributeError, match="level rank") as err:
                m.give_return(0, "5D")
            assert err.value.clause == "§08.2"


def test_a_bot_with_its_own_return_method_is_asked() -> None:
    asked = []

    class Keeper(RulePlayer):
        def choose_return(self, hand: tuple[Card, ...], level: Rank, tribute: Card,
                          rules: Rules) -> Card:
            card = max(c for c in hand if 2 <= c.rank.natural <= 10 and c.rank is not level)
            asked.append((len(hand), level, card))
            return card

    m = Staged(1, [Keeper(), Passer(), Keeper(), Passer()])
    to_phase(m, MatchPhase.PLAY, 2)
    assert [a[0] for a in asked] == [28, 28] and asked[0][1] is Rank.FIVE
    assert [r.card for r in m.current.returns] == [a[2] for a in asked]

    class Cheat(RulePlayer):
        def choose_return(self, hand: tuple[Card, ...], level: Rank, tribute: Card,
                          rules: Rules) -> Card:
            return tribute

    m = Staged(1, [Cheat(), Passer(), Cheat(), Passer()])
    with pytest.raises(TributeError, match=r"§08\.10"):
        to_phase(m, MatchPhase.PLAY, 2)


# -- People at the table ----------------------------------------------------------------------

def test_a_person_plays_on_match_deal_and_the_deal_settles_itself() -> None:
    m = Match(seed=9, players=[None, RulePlayer(), RulePlayer(), RulePlayer()])
    helper = RulePlayer()
    m.step()
    while m.phase is MatchPhase.PLAY:
        if m.waiting_for == 0:
            with pytest.raises(MatchError, match=r"match\.deal\.play"):
                m.step()
            choice = helper.choose(m.deal)
            if choice is None:
                m.deal.pass_turn(seat=0)
            else:
                m.deal.play(choice, seat=0)
        else:
            m.step()
    assert m.phase in (MatchPhase.SETTLED, MatchPhase.OVER)
    assert m.settlement.finish_order == m.deal.finish_order
    assert Match.loads(m.dumps()) == m


def test_bad_arguments() -> None:
    with pytest.raises(ArgumentError):
        Match(seed="1")  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="four players"):
        Match(1, players=[RulePlayer()] * 3)
    with pytest.raises(MatchError, match="four players"):
        Match(1, players=[RulePlayer(), RulePlayer(), RulePlayer(), "bot"])  # type: ignore[list-item]
    with pytest.raises(ArgumentError):
        Match(1, rules="casual")  # type: ignore[arg-type]
    with pytest.raises(MatchError):
        Match(1).run(max_deals=0)


def test_the_safety_cap_is_reported() -> None:
    m = Match(seed=4)
    with pytest.raises(MatchError, match="safety cap of 2 deals"):
        m.run(max_deals=2)
    assert m.number == 2 and m.phase is MatchPhase.SETTLED and not m.is_over
    m.run()
    assert m.is_over


# -- Scoreboard -------------------------------------------------------------------------------

def test_scoreboard() -> None:
    m = to_phase(staged(), MatchPhase.RETURN, 2)
    text = m.render_text()
    assert "deal 2, phase: return" in text
    assert "Team 0 (South and North) is at level 5; team 1 (East and West) is at level 2" in text
    assert "team 0 won the previous deal and declares, so the active level is 5" in text
    assert m.tribute.explanation in text and m.tribute.return_rule in text
    assert "Last deal: Team 0 finished 1st and 2nd: +3 from its own level 2 → 5" in text
    m.run()
    assert "Team 0 has won the match in deal 5 (§07.5)." in m.render_text()
    assert str(m) == m.render_text() and repr(m).startswith("<Match seed 1, deal 5, over")
    m = Match(seed=2, rules=TOURNAMENT)
    assert "Deal 1: both teams start at level 2" in m.render_text()


# -- Notation ---------------------------------------------------------------------------------

@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 1500),
       rules=st.sampled_from([DEFAULT, TOURNAMENT, CASUAL, V2, V5, V7,
                              Rules(attempts_at_a=2, win_at_a="one_two")]))
def test_record_round_trips_at_any_point(seed: int, steps: int, rules: Rules) -> None:
    m = Match(seed, rules=rules)
    for _ in range(steps):
        if m.is_over:
            break
        m.step()
    text = m.dumps()
    back = Match.loads(text)
    assert back == m and back.dumps() == text
    assert (back.phase, back.number, back.levels, back.rules) == (m.phase, m.number, m.levels,
                                                                  rules)
    assert back.hands == m.hands and back.in_transit == m.in_transit


def test_record_round_trips_in_every_phase() -> None:
    m = staged(human=0)
    seen = set()
    count = 0
    while True:
        count += 1
        if m.phase not in seen or m.phase is not MatchPhase.PLAY or count % 50 == 0:
            back = Staged.loads(m.dumps(), players=m.players)
            assert back == m and back.phase is m.phase and back.waiting_for == m.waiting_for
        seen.add(m.phase)
        if m.is_over:
            break
        if m.waiting_for is not None and m.phase is MatchPhase.RETURN:
            m.give_return(0, "3C")
        else:
            advance(m)
    assert seen == set(MatchPhase)


def test_loaded_match_goes_on_like_the_original() -> None:
    m = Match(seed=12)
    for _ in range(400):
        m.step()
    back = Match.loads(m.dumps())
    assert back.run() == simulate_match(12)  # RulePlayers keep no state


def test_record_is_checked_when_read() -> None:
    m = staged()
    to_phase(m, MatchPhase.PLAY, 2)
    text = m.dumps()
    with pytest.raises(NotationError, match="starts with a line 'match'"):
        Match.loads(text.replace("match\n", "", 1))
    with pytest.raises(MatchError, match="seed"):
        Staged.loads(text.replace(f"shuffle {deal_seed(1, 2)}", "shuffle 7"))
    tribute = next(line for line in text.splitlines() if line.startswith("tribute 1"))
    with pytest.raises(MatchError, match="§08") as err:
        Staged.loads(text.replace(tribute, tribute.replace("RJ", "BJ")))
    assert err.value.clause == "§08.1"
    ret = next(line for line in text.splitlines() if line.startswith("return"))
    with pytest.raises(TributeError):
        Staged.loads(text.replace(ret, ret[:-2] + "AS"))
    with pytest.raises(MatchError, match="deal 3"):
        Staged.loads(text.replace("deal 2\n", "deal 3\n"))
    with pytest.raises(MatchError):  # a different leader than the tribute gives
        Staged.loads(text.replace("leader 1\n", "leader 0\n"))
    with pytest.raises(NotationError, match="option"):
        Match.loads("match\nseed 1\nrules tribute=maybe\n")
    assert Match.loads("match\nseed 1\nrules attempts_at_a=2 win_at_a=any\n").rules == Rules(
        attempts_at_a=2, win_at_a="any")
    assert Match.loads("match\nseed 1\n").rules == DEFAULT


# -- The soak ---------------------------------------------------------------------------------

SOAK_RULES = [DEFAULT, TOURNAMENT, CASUAL, V1_ONE, V2, V3A, V3B, V4, V5, V7]


def partner_place(order: tuple[int, ...]) -> int:
    partner = (order[0] + 2) % 4
    return order.index(partner) + 1 if partner in order else 4


def check_settlement(record: DealRecord, rules: Rules) -> None:
    """Levels move only as §07 (and V1–V3) allow."""
    s = record.settlement
    before, after = record.levels, s.levels
    w = s.finish_order[0] % 2
    place = partner_place(s.finish_order)
    gain = {2: rules.double_finish_gain, 3: 2, 4: 1}[place]
    declaring_at_a = record.declarers is not None and before[record.declarers] is A
    reset = rules.attempts_at_a is not None and declaring_at_a and after[record.declarers] is (
        Rank.TWO)
    for team in (0, 1):
        if reset and team == record.declarers:
            assert s.match_winner is None
            assert record.attempts[team] == rules.attempts_at_a - 1  # V1
        elif team == w:
            climb = LEVELS[min(LEVELS.index(before[w]) + gain, len(LEVELS) - 1)]
            assert after[w] is (A if before[w] is A else climb)  # §07.2–§07.4
        else:
            assert after[team] is before[team]  # §07.3
    wins = {"default": place in (2, 3), "one_two": place == 2, "any": True}[rules.win_at_a]
    expect = w if record.declarers == w and before[w] is A and wins else None
    assert s.match_winner == expect  # §07.5, §07.9, V3


def soak_one(seed: int) -> int:
    """Plays one whole match, checking every action; returns the number of actions."""
    rules = SOAK_RULES[seed % len(SOAK_RULES)]
    players = ([RulePlayer()] * 4 if seed % 2 == 0
               else [RandomPlayer(seed * 4 + i) for i in range(4)])
    m = Match(seed, players, rules)
    deal = None
    played = seen = actions = 0
    while not m.is_over:
        phase = m.step()
        actions += 1
        assert m.number <= MAX_DEALS
        if m.deal is not deal and m.deal is not None:  # a new deal starts: check every card
            deal = m.deal
            played = seen = 0
            assert Counter(cards_in_play(m)) == DECK
        if phase in (MatchPhase.TRIBUTE, MatchPhase.RETURN):
            assert sum(len(h) for h in m.hands) + len(m.in_transit) == 108
        elif deal is not None and phase is not MatchPhase.DEAL:
            history = deal.history
            for a in history[seen:]:
                played += 0 if a.combo is None else a.combo.size
            seen = len(history)
            assert sum(deal.cards_left(s) for s in range(4)) + played == 108
        if phase in (MatchPhase.SETTLED, MatchPhase.OVER):
            assert Counter(cards_in_play(m)) == DECK
            check_settlement(m.history[-1], rules)
    assert m.winner is not None and m.settlement.match_winner == m.winner
    return actions


def test_soak_200_matches() -> None:
    t0 = time.perf_counter()
    actions = sum(soak_one(seed) for seed in range(200))
    elapsed = time.perf_counter() - t0
    print(f"soak: 200 matches, {actions} steps checked in {elapsed:.1f} s")
