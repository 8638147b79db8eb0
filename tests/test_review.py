"""The review of a deal by the exact solver (issue 29, item 3): a known mistake told in three
languages, too-large questions, bad input."""

from __future__ import annotations

from itertools import pairwise

import pytest
from review_check import CARDS, NODES, before_step  # the tests folder is on sys.path

from guandan_learn import ArgumentError, Deal, RulePlayer, review_deal, simulate_deal
from guandan_learn.i18n import set_language

#: The 200 seeded deals reviewed and confirmed are in ``test_review_deals_*.py`` (one file per
#: chunk, so that the test workers share them); this file holds the rest.


def test_too_large_positions_are_said_to_be_so_and_asked_again_later() -> None:
    deal = simulate_deal(34, [RulePlayer()] * 4)
    tiny = review_deal(deal, 2, cards=CARDS, node_limit=1, time_limit=None)
    assert tiny.moments and all(m.kind == "too_large" for m in tiny.moments)
    for m in tiny.moments:
        assert (m.before, m.after, m.better, m.refutation) == (None, None, (), ())
        assert "too large" in str(m)
    for goal in ("first", "team_first", "double"):  # asked again only 4 cards later
        left = [sum(before_step(deal, m.step).cards_left(s) for s in range(4))
                for m in tiny.moments if m.goal == goal]
        assert left and all(a - b >= 4 for a, b in pairwise(left))


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


def test_a_review_that_starts_after_the_partner_is_out_says_so() -> None:
    deal = simulate_deal(19, [RulePlayer()] * 4)  # East goes out first; West is reviewed
    review = review_deal(deal, 3, cards=CARDS, node_limit=NODES, time_limit=None)
    assert review.start is not None and before_step(deal, review.start).finish_order == (1,)
    assert {m.goal for m in review.moments} <= {"double"}
    said = {}
    try:
        for lang in ("en", "pt", "es"):
            set_language(lang)
            said[lang] = str(review).split("\n")[0]
    finally:
        set_language("en")
    assert "East is already out, so the review asks only whether the team finishing" in said["en"]
    assert "Leste já saiu" in said["pt"] and "Este ya salió" in said["es"]
