"""In JupyterLab, in chromium: run notebooks, click cards, step a DealReplay, play a PlayDeal."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

KERNEL_IDLE = """(name) => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const ctx = panel && panel.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  return Boolean(ctx && ctx.isReady && ctx.path === name && kernel
                 && kernel.connectionStatus === "connected" && kernel.status === "idle");
}"""
RUN_ALL = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"


def open_and_run(page, lab_url: str, notebook: str) -> float:
    """Opens a notebook, waits for an idle kernel, runs every cell; returns the seconds taken."""
    start = time.monotonic()
    # ?reset: a fresh workspace, so no notebook of an earlier test is restored beside it.
    page.goto(f"{lab_url}/lab/tree/{notebook}?reset")
    page.wait_for_function(KERNEL_IDLE, arg=notebook, timeout=60_000, polling=200)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")  # more room for the cards
    page.evaluate(RUN_ALL)
    return time.monotonic() - start


def click_card(page, index: int) -> None:
    """Clicks a card where a person would: on its visible left strip, not its covered centre."""
    page.locator(f'.gdl-card-picker .gdl-card[data-index="{index}"]').click(
        position={"x": 10, "y": 40})


def test_card_picker_in_jupyterlab(page, lab_url: str, artifacts: Path) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    seconds = open_and_run(page, lab_url, "card_picker.ipynb")
    print(f"notebook open, kernel idle and cells started in {seconds:.1f} s")
    cards = page.locator(".gdl-card-picker .gdl-card")
    expect(cards).to_have_count(9, timeout=30_000)
    feedback = page.locator(".gdl-card-picker .gdl-feedback")
    expect(feedback).to_contain_text("Click cards in your hand")
    expect(page.locator(".gdl-card-picker .gdl-table")).to_contain_text("a pair of 6s")
    # Each card is a button with a spoken name; the wild heart says it is wild.
    expect(cards.nth(2)).to_have_attribute("aria-label", "8 of clubs")
    expect(cards.nth(7)).to_have_attribute("aria-label", "7 of hearts, a wild heart at level 7 "
                                                         "(§03.3)")
    page.locator(".gdl-card-picker").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "card_picker_loaded.png"))

    click_card(page, 2)  # 8♣
    expect(feedback).to_contain_text("Picked: 8♣.")
    expect(feedback).to_contain_text("Not allowed")  # a single cannot beat a pair
    click_card(page, 3)  # 8♦
    expect(feedback).to_contain_text("Picked: 8♣ 8♦.")
    expect(feedback).to_contain_text("These cards make a pair of 8s.")
    expect(feedback).to_contain_text("✔ Allowed")
    expect(feedback).to_contain_text("(§04.4)")
    expect(cards.nth(2)).to_have_attribute("aria-pressed", "true")
    expect(cards.nth(3)).to_have_attribute("aria-pressed", "true")
    expect(cards.nth(4)).to_have_attribute("aria-pressed", "false")
    page.locator(".gdl-card-picker").screenshot(path=str(artifacts / "card_picker_pair.png"))

    # The wild heart completes a bomb (§09.1): pick 8♠ and 7♥ as well.
    click_card(page, 4)
    click_card(page, 7)
    expect(feedback).to_contain_text("a 4-card bomb of 8s")
    expect(feedback).to_contain_text("(§05.6)")
    page.locator(".gdl-card-picker").screenshot(path=str(artifacts / "card_picker_bomb.png"))

    # Clicking a picked card puts it back; Clear puts back the rest.
    click_card(page, 7)
    expect(feedback).to_contain_text("Picked: 8♣ 8♦ 8♠.")
    page.locator(".gdl-card-picker").get_by_role("button", name="Clear").click()
    expect(feedback).to_contain_text("Click cards in your hand")

    # The HintCycler below steps through the engine's hints.
    hint = page.locator(".gdl-hint-cycler .gdl-hint")
    expect(hint).to_contain_text("Hint 1 of")
    page.locator(".gdl-hint-cycler").get_by_role("button", name="Next play").click()
    expect(hint).to_contain_text("Hint 2 of")
    page.locator(".gdl-hint-cycler").screenshot(path=str(artifacts / "hint_cycler.png"))

    # A Combo shows itself as a picture (HTML with an inline SVG, registered by
    # guandan_learn.display), the wild badged with its meaning.
    picture = page.locator(".jp-RenderedHTMLCommon svg[role='img']").last
    expect(picture).to_be_visible()
    picture.screenshot(path=str(artifacts / "combo_repr.png"))
    page.screenshot(path=str(artifacts / "card_picker_page.png"), full_page=True)
    assert errors == []  # no JavaScript error in the page, anywidget front-end included


def test_deal_replay_and_play_deal_in_jupyterlab(page, lab_url: str, artifacts: Path) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.set_viewport_size({"width": 1280, "height": 1400})  # each widget in one picture
    seconds = open_and_run(page, lab_url, "replay_and_play.ipynb")
    print(f"notebook open, kernel idle and cells started in {seconds:.1f} s")

    # DealReplay of a whole match: buttons, the slider's keyboard, the scoreboard.
    replay = page.locator(".gdl-deal-replay")
    caption = replay.locator(".gdl-caption")
    board = replay.locator(".gdl-scoreboard")
    expect(caption).to_contain_text("Deal 1. Step 0 of", timeout=30_000)
    expect(board).to_contain_text("nobody declares in the first deal (§02.6, §02.8, §07.9)")
    replay.get_by_role("button", name="Next ▶").click()
    expect(caption).to_contain_text("Deal 1. Step 1 of")
    expect(caption).to_contain_text("West plays a straight up to 7")
    replay.get_by_role("slider").press("ArrowRight")  # a person may step with the keyboard
    expect(caption).to_contain_text("Deal 1. Step 2 of")
    replay.screenshot(path=str(artifacts / "lab_deal_replay.png"))
    replay.get_by_role("button", name="Last").click()
    expect(board).to_contain_text("wins the match (§07.5)")
    expect(caption).to_contain_text("The deal is over")
    expect(replay.get_by_role("button", name="Next ▶")).to_be_disabled()
    replay.get_by_role("button", name="◀ Back").click()
    expect(board).not_to_contain_text("wins the match")
    replay.get_by_role("button", name="First").click()
    expect(caption).to_contain_text("Deal 1. Step 0 of")

    # PlayDeal: two cards that make nothing are refused with the engine's reason; Hint, Play.
    game = page.locator(".gdl-play-deal")
    game.scroll_into_view_if_needed()
    said = game.locator(".gdl-play-feedback")
    expect(said).to_contain_text("Your turn. South leads")
    cards = game.locator(".gdl-card")
    expect(cards).to_have_count(27)
    for name in ("3 of clubs", "5 of clubs"):
        game.locator(f'.gdl-card[aria-label="{name}"]').first.click(position={"x": 10, "y": 40})
    expect(game.locator(".gdl-feedback").first).to_contain_text("Picked: 3♣ 5♣.")
    picked = game.locator(".gdl-feedback").first
    expect(picked).to_contain_text("Not allowed")  # the picker's verdict, said once
    expect(picked).to_contain_text("(§04.1)")
    game.get_by_role("button", name="Play").click()
    expect(said).to_contain_text("nothing has changed")
    expect(said).not_to_contain_text("Not allowed")
    expect(cards).to_have_count(27)
    game.get_by_role("button", name="Hint").click()
    expect(said).to_contain_text("Hint 1 of")
    game.get_by_role("button", name="Play").click()
    expect(game.locator(".gdl-log")).to_contain_text("South plays a single 3: 3♣.")
    expect(cards).to_have_count(26)
    game.screenshot(path=str(artifacts / "lab_play_deal.png"))
    assert errors == []
