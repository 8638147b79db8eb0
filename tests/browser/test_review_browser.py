"""The Review of a deal in a real browser (issue 29): chapter 8's own notebook and its PlayDeal in
JupyterLab, and the study app's "Play a deal" tab in Voilà; the moments shown are those
``review_deal`` finds."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from test_lab import open_and_run  # the same way of opening and running a notebook

from guandan_learn.bots import SolverPlayer
from guandan_learn.review import REVIEW_CARDS, Review, review_deal
from guandan_learn.widgets.play import PlayDeal

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

#: Chapter 8's own PlayDeal (``notebooks/08_a_whole_deal.ipynb``): you play South in the deal
#: shuffled from this seed, against ``RulePlayer``s.
CHAPTER, CHAPTER_SEED = "08_a_whole_deal", 3
#: The most turns of yours a test plays in the browser.
TURNS = 30


def _reviewed(seed: int) -> Review:
    """The review of the deal the app's test plays: yours by Hint then Play (Pass without a
    hint), the computer's seats by ``SolverPlayer``, from ``REVIEW_CARDS`` cards."""
    game = PlayDeal(seat=0, seed=seed, start=REVIEW_CARDS,
                    players=[None, SolverPlayer(), SolverPlayer(), SolverPlayer()])
    while not game.deal.is_over:
        if game.hint() is None:
            game.pass_turn()
        else:
            game.play()
    return review_deal(game.deal, 0)


def _chapter_turns() -> tuple[list[tuple[bool, str]], Review]:
    """Plays chapter 8's deal as its test does in the browser: Hint then Play while more than
    ``REVIEW_CARDS`` cards are in play (Pass when there is no hint), then Pass whenever Pass is
    allowed (the endgame mistake the review is to find). Returns, for each of your turns,
    whether you pass and the last line of the moves shown after it, and the review."""
    game = PlayDeal(seat=0, seed=CHAPTER_SEED)
    turns: list[tuple[bool, str]] = []
    while not game.deal.is_over:
        deal = game.deal
        passing = deal.can_pass and sum(deal.cards_left(s) for s in range(4)) <= REVIEW_CARDS
        if passing or game.hint() is None:  # nothing beats the table: Hint says so, then Pass
            passing = True
            game.pass_turn()
        else:
            game.play()
        turns.append((passing, game._lines[-1]))
    return turns, review_deal(game.deal, 0)


def _expect_review(review_view, review: Review) -> None:
    from playwright.sync_api import expect

    for line in str(review).split("\n"):
        expect(review_view).to_contain_text(line.split(": before it")[0], timeout=60_000)
    expect(review_view.locator("li")).to_have_count(len(str(review).split("\n")))


def test_review_in_chapter_8_in_jupyterlab(page, lab_url: str, notebook_root: Path,
                                           artifacts: Path) -> None:
    from playwright.sync_api import expect

    source = ROOT / "notebooks" / f"{CHAPTER}.ipynb"
    assert f"PlayDeal(seat=0, seed={CHAPTER_SEED})" in source.read_text(encoding="utf-8")
    turns, expected = _chapter_turns()
    assert len(expected.lost) >= 1 and len(turns) <= 40  # a moment to read, a bounded test
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    shutil.copy(source, notebook_root / source.name)
    open_and_run(page, lab_url, source.name)
    game = page.locator(".gdl-play-deal")
    said, log = game.locator(".gdl-play-feedback"), game.locator(".gdl-log")
    expect(said).to_contain_text("Your turn.", timeout=90_000)
    game.scroll_into_view_if_needed()
    expect(game.get_by_role("button", name="Review")).to_be_disabled()
    for passing, last in turns:
        if passing:
            game.get_by_role("button", name="Pass").click()
        else:
            game.get_by_role("button", name="Hint").click()
            expect(said).to_contain_text("Hint 1 of")
            game.get_by_role("button", name="Play").click()
        expect(log).to_contain_text(last, timeout=30_000)
    expect(said).to_contain_text("The deal is over")
    start = time.monotonic()
    game.get_by_role("button", name="Review").click()
    view = game.locator(".gdl-review")
    expect(view).to_contain_text("Your play, checked by the exact solver:", timeout=60_000)
    _expect_review(view, expected)
    expect(view).to_contain_text("The line that punishes")
    print(f"{len(turns)} turns played; Review shown in {time.monotonic() - start:.1f} s")
    view.screenshot(path=str(artifacts / "lab_review.png"))
    assert errors == []


def test_review_in_the_voila_app(page, app_url: tuple[str, Path], artifacts: Path) -> None:
    from playwright.sync_api import expect

    expected = _reviewed(0)  # the app's first endgame
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    url, _ = app_url
    page.goto(f"{url}/voila/render/app.ipynb")
    app = page.locator(".gdl-study-app")
    expect(app.locator(".gdl-app-drill .gdl-quiz-title")).to_contain_text("Puzzle 1 of",
                                                                           timeout=90_000)
    app.get_by_role("tab", name="Play a deal").click()
    app.get_by_role("button", name="New endgame").click()
    game = app.locator(".gdl-play-deal")
    said = game.locator(".gdl-play-feedback")
    expect(said).to_contain_text("Your turn.", timeout=60_000)
    expect(game.locator(".gdl-log")).to_contain_text("The computer played all four seats")
    for _ in range(TURNS):  # Hint then Play, or Pass when nothing beats the table
        if "The deal is over" in said.inner_text():
            break
        moves = game.locator(".gdl-log").inner_text()
        game.get_by_role("button", name="Hint").click()
        expect(said).not_to_contain_text("Your turn.")
        if "Nothing in this hand beats" in said.inner_text():
            game.get_by_role("button", name="Pass").click()
        else:
            game.get_by_role("button", name="Play").click()
        expect(game.locator(".gdl-log")).not_to_have_text(moves)
        expect(said).to_contain_text(re.compile(r"Your turn\.|The deal is over"))
    else:
        pytest.fail(f"the deal did not end in {TURNS} turns")
    game.get_by_role("button", name="Review").click()
    view = game.locator(".gdl-review")
    expect(view).to_contain_text("Your play, checked by the exact solver:", timeout=60_000)
    _expect_review(view, expected)
    view.screenshot(path=str(artifacts / "voila_app_review.png"))
    assert errors == []
