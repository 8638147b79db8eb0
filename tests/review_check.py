"""Checks shared by the review tests (issue 29): a review of seeded deals played by the
computer, and every moment it reports confirmed by solving the positions again, independently.

``tests/test_review_deals_*.py`` each review one chunk of ``SEEDS`` (a file per chunk, so that
``pytest -n 2 --dist loadfile`` spreads the 200 deals over both workers).
"""

from __future__ import annotations

from guandan_learn import Deal, RulePlayer, Solver, review_deal, simulate_deal, solve
from guandan_learn.endgame import GOALS, Move
from guandan_learn.i18n import set_language
from guandan_learn.review import Moment, Review, endgame_at, match_move

#: The seeded deals reviewed, each played by four ``RulePlayer``s and reviewed for seat
#: ``seed % 4``: among them some lose forced goals and some reach positions too large for the
#: small budget used here (of positions only, no clock, so that the machine's load cannot
#: change what is found).
SEEDS = range(0, 200)
CARDS = 32
NODES = 10_000


def reviews_of(seeds: range) -> list[Review]:
    """Reviews the seeded deals, in English, with the tests' budget."""
    set_language("en")
    out = []
    for seed in seeds:
        deal = simulate_deal(seed, [RulePlayer()] * 4)
        out.append(review_deal(deal, seed % 4, cards=CARDS, node_limit=NODES,
                               time_limit=None))
    return out


def before_step(deal: Deal, step: int) -> Deal:
    """Returns the deal as it stood before ``deal.history[step]``."""
    return next(before for i, (before, _) in enumerate(deal.steps()) if i == step)


def reached(goal: str, seat: int, order: tuple[int, ...]) -> bool | None:
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
    pos = Solver(endgame_at(before_step(deal, review.start), goal), node_limit=None,
                 time_limit=None).start()
    for action in deal.history[review.start:step]:
        pos = pos.play(match_move(pos.moves(), action.combo))
    move = match_move(pos.moves(), deal.history[step].combo)
    return pos.wins(), pos.value(move), pos.winning_moves()


def confirm(review: Review, m: Moment) -> None:
    """Asserts that a lost moment is right, by solving its positions again, independently."""
    deal, seat = review.deal, review.seat
    before = before_step(deal, m.step)
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
        after_sol = solve(endgame_at(nxt, m.goal), node_limit=None, time_limit=None)
        if nxt.to_move % 2 == seat % 2 and m.goal != "first":
            assert not after_sol.wins
        elif m.goal == "team_first" and not nxt.finish_order:
            assert after_sol.wins
    # the refutation is a legal line from the position, and it ends with the goal missed
    line = before.copy()
    assert m.refutation[0] == (seat, m.move)
    for who, move in m.refutation:
        assert reached(m.goal, seat, line.finish_order) is None
        assert line.to_move == who
        if move is None:
            line.pass_turn(seat=who)
        else:
            line.play(move, seat=who)
    assert reached(m.goal, seat, line.finish_order) is False


def check_chunk(reviews: list[Review]) -> None:
    """Asserts what holds for every review of a chunk: each lost moment confirmed, each
    too-large moment said to be so and nothing guessed, judging only from small hands."""
    lost = [m for r in reviews for m in r.lost]
    assert len(lost) >= 10 and {m.goal for m in lost} == set(GOALS)
    big = [m for r in reviews for m in r.moments if m.kind == "too_large"]
    assert len(big) >= 10
    for review in reviews:
        for m in review.lost:
            confirm(review, m)
        for m in review.moments:
            if m.kind == "too_large":
                assert (m.before, m.after, m.better, m.refutation) == (None, None, (), ())
                assert "too large" in str(m)
        if review.start is None:
            assert review.moments == () and "never" in str(review)
            continue
        before = before_step(review.deal, review.start)
        assert before.to_move == review.seat
        assert any(endgame_at(before, goal).decided is None for goal in GOALS)
        assert sum(before.cards_left(s) for s in range(4)) <= CARDS
        assert all(m.step >= review.start for m in review.moments)
