"""The review of a deal by the exact solver (issue 29, item 3): every moment it reports is
confirmed by solving the positions before and after the move again, independently."""

from __future__ import annotations

from itertools import pairwise

import pytest

from guandan_learn import ArgumentError, Deal, RulePlayer, Solver, review_deal, simulate_deal, solve
from guandan_learn.endgame import GOALS, Move
from guandan_learn.i18n import set_language
from guandan_learn.review import Moment, Review, endgame_at, match_move

#: Seeded deals played by four ``RulePlayer``s; among them some lose forced goals and some
#: reach positions too large for the small budget used here (of positions only, no clock, so
#: that the machine's load cannot change what is found).
SEEDS = range(34, 54)
CARDS = 32
NODES = 10_000


def _before(deal: Deal, step: int) -> Deal:
    return next(before for i, (before, _) in enumerate(deal.steps()) if i == step)


def _reached(goal: str, seat: int, order: tuple[int, ...]) -> bool | None:
    """Tells whether the finishing order so far reaches the goal (``None``: not decided)."""
    ours = [s % 2 == seat % 2 for s in order]
    if goal == "first":
        return None if not order else order[0] == seat
    if goal == "team_first":
        return None if not order else ours[0]
    if len(order) >= 2 or (order and not ours[0]):
        return ours[0] and ours[1]
    return None


def _fresh(review: Review, goal: str, step: int) -> tuple[bool, bool, list[Move]]:
    """Solves the position before ``step`` and after its move with a new solver and no limits:
    from the review's start position, walking the record (a seat may be out by then)."""
    deal = review.deal
    assert review.start is not None
    pos = Solver(endgame_at(_before(deal, review.start), goal), node_limit=None,
                 time_limit=None).start()
    for action in deal.history[review.start:step]:
        pos = pos.play(match_move(pos.moves(), action.combo))
    move = match_move(pos.moves(), deal.history[step].combo)
    return pos.wins(), pos.value(move), pos.winning_moves()


def _confirm(review: Review, m: Moment) -> None:
    deal, seat = review.deal, review.seat
    before = _before(deal, m.step)
    action = deal.history[m.step]
    assert action.seat == seat == before.to_move and m.move == match_move(
        [m.move], action.combo)
    wins, after, winning = _fresh(review, m.goal, m.step)
    assert (wins, after) == (True, False) == (m.before, m.after)
    assert list(m.better) == winning and m.move not in winning
    # the position as an endgame of its own (with the seats out so far)
    sol = solve(endgame_at(before, m.goal), node_limit=None, time_limit=None)
    assert sol.wins and not sol.decided and sol.winning_moves == list(m.better)
    nxt = before.copy()
    if action.combo is None:
        nxt.pass_turn(seat=seat)
    else:
        nxt.play(action.combo, seat=seat)
    if nxt.to_move is not None:
        # the position after the move, as an endgame of its own: when our team moves next, its
        # team goal is lost (the move let it go); for "team_first" while nobody is out, the
        # other team moving next forces its own team first
        after = solve(endgame_at(nxt, m.goal), node_limit=None, time_limit=None)
        if nxt.to_move % 2 == seat % 2 and m.goal != "first":
            assert not after.wins
        elif m.goal == "team_first" and not nxt.finish_order:
            assert after.wins
    # the refutation is a legal line from the position, and it ends with the goal missed
    line = before.copy()
    assert m.refutation[0] == (seat, m.move)
    for who, move in m.refutation:
        assert _reached(m.goal, seat, line.finish_order) is None
        assert line.to_move == who
        if move is None:
            line.pass_turn(seat=who)
        else:
            line.play(move, seat=who)
    assert _reached(m.goal, seat, line.finish_order) is False


@pytest.fixture(scope="module")
def reviews() -> list[Review]:
    set_language("en")
    out = []
    for seed in SEEDS:
        deal = simulate_deal(seed, [RulePlayer()] * 4)
        out.append(review_deal(deal, seed % 4, cards=CARDS, node_limit=NODES,
                               time_limit=None))
    return out


def test_every_moment_of_seeded_deals_is_confirmed_by_solving_again(
        reviews: list[Review]) -> None:
    lost = [m for r in reviews for m in r.lost]
    assert len(lost) >= 4 and {m.goal for m in lost} == {"first", "team_first", "double"}
    for review in reviews:
        for m in review.lost:
            _confirm(review, m)


def test_too_large_positions_are_said_to_be_so_never_guessed(reviews: list[Review]) -> None:
    big = [m for r in reviews for m in r.moments if m.kind == "too_large"]
    assert big
    for m in big:
        assert (m.before, m.after, m.better, m.refutation) == (None, None, (), ())
        assert "too large" in str(m)
    deal = simulate_deal(34, [RulePlayer()] * 4)
    tiny = review_deal(deal, 2, cards=CARDS, node_limit=1, time_limit=None)
    assert tiny.moments and all(m.kind == "too_large" for m in tiny.moments)
    for goal in ("first", "team_first", "double"):  # asked again only 4 cards later
        left = [sum(_before(deal, m.step).cards_left(s) for s in range(4))
                for m in tiny.moments if m.goal == goal]
        assert left and all(a - b >= 4 for a, b in pairwise(left))


def test_judging_starts_only_on_small_hands(reviews: list[Review]) -> None:
    for review in reviews:
        if review.start is None:
            assert "never" in str(review)
            continue
        before = _before(review.deal, review.start)
        assert before.to_move == review.seat
        assert any(endgame_at(before, goal).decided is None for goal in GOALS)
        assert sum(before.cards_left(s) for s in range(4)) <= CARDS
        assert all(m.step >= review.start for m in review.moments)


def test_a_known_mistake_is_found_and_told_in_three_languages() -> None:
    d = Deal(["3C 9S 9D", "4C 5C", "5D 6D", "AC KD"], "2", leader=0)
    d.play("3C"), d.play("5C"), d.pass_turn(), d.play("AC")
    review = review_deal(d, 0)
    assert [(m.goal, str(m.better[0])) for m in review.lost] == [
        ("first", "9♦ 9♠"), ("team_first", "9♦ 9♠")]
    texts = {}
    try:
        for lang in ("en", "pt", "es"):
            set_language(lang)
            texts[lang] = str(review)
    finally:
        set_language("en")
    assert "Move 1" in texts["en"] and "9♦ 9♠" in texts["pt"] and "9♦ 9♠" in texts["es"]
    assert len(set(texts.values())) == 3
    assert "Norte" in texts["pt"] and "Norte" in texts["es"]
    # a good move is never a moment
    good = Deal(["3C 9S 9D", "4C 5C", "5D 6D", "AC KD"], "2", leader=0)
    good.play("9S 9D")
    assert review_deal(good, 0).moments == ()


@pytest.mark.parametrize("args", [("deal", 0), (None, 0)])
def test_bad_input_is_refused_clearly(args: tuple[object, int]) -> None:
    with pytest.raises(ArgumentError):
        review_deal(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 4, True, "0", None])
def test_bad_seats_are_refused(seat: object) -> None:
    with pytest.raises(ArgumentError, match="seat"):
        review_deal(Deal.new(1), seat)  # type: ignore[arg-type]


def test_bad_card_counts_are_refused() -> None:
    with pytest.raises(ArgumentError):
        review_deal(Deal.new(1), 0, cards=2)
