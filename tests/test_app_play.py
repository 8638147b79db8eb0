"""The study app's "Play a deal" tab and PlayDeal's ``start`` (issue 29): a deal against the
computer, or its end from ``REVIEW_CARDS`` cards, then the same Review as chapter 8's."""

from __future__ import annotations

import html
import re

import pytest

from guandan_learn import DealError
from guandan_learn.i18n import set_language
from guandan_learn.progress import Progress
from guandan_learn.review import REVIEW_CARDS, review_deal
from guandan_learn.widgets.play import PlayDeal
from guandan_learn.widgets.study import StudyApp


def _in_play(game: PlayDeal) -> int:
    return sum(game.deal.cards_left(s) for s in range(4))


def _finish(game: PlayDeal) -> int:
    """Plays your seat to the end as a learner clicking Hint then Play (Pass without a hint);
    returns how many turns it took."""
    turns = 0
    while not game.deal.is_over:
        turns += 1
        assert turns < 60
        if game.hint() is None:
            assert game.pass_turn() is not None
        else:
            assert game.play() is not None
    return turns


def test_the_app_plays_an_endgame_and_reviews_it() -> None:
    set_language("en")
    app = StudyApp(Progress(":memory:"), count=1)
    assert app.tabs.titles[-1] == "Play a deal" and app.game is None
    assert "New endgame" in [b.description for b in app.play_buttons.children]
    app.new_endgame.click()
    game = app.game
    assert game is not None and game.start == REVIEW_CARDS and app.endgame_seed == 1
    assert game.deal.to_move == 0 and _in_play(game) <= REVIEW_CARDS
    assert "The computer played all four seats until" in game.moves.value
    assert game.review_button.disabled
    _finish(game)
    assert not game.review_button.disabled
    game.review_button.click()
    shown = html.unescape(re.sub("<[^>]+>", "", game.review_view.value))
    assert "Your play, checked by the exact solver:" in shown
    review = review_deal(game.deal, 0)
    assert review.start is not None
    for line in str(review).split("\n"):
        assert line in shown
    # the computer's moves for your seat, before you took over, are not yours to judge
    first_mine = next(i for i, (before, a) in enumerate(game.deal.steps())
                      if a.seat == 0 and sum(before.cards_left(s) for s in range(4))
                      <= REVIEW_CARDS)
    assert review.start == first_mine


def test_the_app_deals_whole_deals_from_their_own_seeds() -> None:
    app = StudyApp(Progress(":memory:"), count=1, seed=5)
    app.new_deal.click()
    game = app.game
    assert game is not None and game.start is None
    assert game.deal.setup.seed == 5 and (app.deal_seed, app.endgame_seed) == (6, 5)
    assert game.deal.to_move == 0 and _in_play(game) > 100


@pytest.mark.parametrize("start", [3, True, 2.5, "32"])
def test_bad_starts_are_refused(start: object) -> None:
    with pytest.raises(DealError, match="take over"):
        PlayDeal(seat=0, seed=0, start=start)  # type: ignore[arg-type]
