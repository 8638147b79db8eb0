"""In Voilà, in chromium: pick cards, step a DealReplay and play a turn of a PlayDeal."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser


def test_widgets_in_voila(page, voila_url: str, artifacts: Path) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start = time.monotonic()
    page.goto(f"{voila_url}/voila/render/voila_widgets.ipynb")
    picker = page.locator(".gdl-card-picker")
    cards = picker.locator(".gdl-card")
    expect(cards).to_have_count(9, timeout=60_000)
    print(f"Voilà page rendered with its widgets in {time.monotonic() - start:.1f} s")

    # CardPicker: the anywidget hand answers clicks, the feedback comes from the kernel.
    feedback = picker.locator(".gdl-feedback")
    expect(feedback).to_contain_text("Click cards in your hand")
    cards.nth(2).click(position={"x": 10, "y": 40})  # 8♣, on its visible strip
    expect(feedback).to_contain_text("Picked: 8♣.")
    expect(feedback).to_contain_text("Not allowed")  # a single cannot beat a pair (§04.3)
    cards.nth(3).click(position={"x": 10, "y": 40})  # 8♦
    expect(feedback).to_contain_text("These cards make a pair of 8s.")
    expect(feedback).to_contain_text("✔ Allowed")
    expect(cards.nth(3)).to_have_attribute("aria-pressed", "true")
    picker.screenshot(path=str(artifacts / "voila_card_picker.png"))
    # By keyboard: Space toggles the focused card and focus stays on it (the hand is redrawn).
    cards.nth(5).focus()
    page.keyboard.press("Space")
    expect(cards.nth(5)).to_have_attribute("aria-pressed", "true")
    expect(cards.nth(5)).to_be_focused()
    page.keyboard.press("Space")
    expect(cards.nth(5)).to_have_attribute("aria-pressed", "false")
    expect(cards.nth(5)).to_be_focused()

    # DealReplay: ▶ steps through the worked example of §09.
    replay = page.locator(".gdl-deal-replay")
    caption = replay.locator(".gdl-caption")
    expect(caption).to_contain_text("Step 0 of 6: the cards are dealt")
    forward = replay.get_by_role("button", name="Next ▶")
    forward.click()
    expect(caption).to_contain_text("Step 1 of 6: South plays a pair of queens: Q♦ Q♠.")
    forward.click()
    forward.click()
    expect(caption).to_contain_text("Step 3 of 6: North plays a 4-card bomb of 8s")
    expect(replay.locator(".gdl-deal svg")).to_contain_text("= 8♥")  # the declared wild
    replay.screenshot(path=str(artifacts / "voila_deal_replay.png"))
    replay.get_by_role("button", name="◀ Back").click()
    expect(caption).to_contain_text("Step 2 of 6: East plays a pair of kings")
    replay.get_by_role("button", name="Last").click()
    expect(caption).to_contain_text("Step 6 of 6: East passes.")
    expect(caption).to_contain_text("North made the last unbeaten play, so they lead")
    expect(forward).to_be_disabled()

    # PlayDeal: a refused pass is explained; Hint picks cards, Play plays them.
    page.set_viewport_size({"width": 1280, "height": 1200})  # the whole game in one picture
    game = page.locator(".gdl-play-deal")
    game.scroll_into_view_if_needed()
    said = game.locator(".gdl-play-feedback")
    expect(said).to_contain_text("Your turn. South leads")
    game.get_by_role("button", name="Pass").click()
    expect(said).to_contain_text("South leads this trick, so they may not pass")
    expect(said).to_contain_text("Nothing has changed.")
    game.get_by_role("button", name="Hint").click()
    expect(said).to_contain_text("Hint 1 of")
    expect(game.locator('.gdl-card[aria-pressed="true"]')).not_to_have_count(0)
    game.get_by_role("button", name="Play").click()
    moves = game.locator(".gdl-log")
    expect(moves).to_contain_text("South plays")
    expect(moves).to_contain_text("East ")
    expect(said).to_contain_text("Your turn.")
    game.screenshot(path=str(artifacts / "voila_play_deal.png"))
    assert errors == []  # no JavaScript error, anywidget's front-end included


def test_voila_shares_one_set_of_widget_modules(page, voila_url: str) -> None:
    """Voilà's page loads the widget extensions with the JupyterLab modules it ships: no
    "Unsatisfied version … of shared singleton module" warning in the console (issue 26; the
    constraints on ipywidgets and jupyterlab_widgets in pyproject.toml keep the set in step)."""
    from playwright.sync_api import expect

    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(f"{voila_url}/voila/render/voila_widgets.ipynb")
    expect(page.locator(".gdl-card-picker .gdl-card")).to_have_count(9, timeout=60_000)
    page.wait_for_timeout(500)
    unsatisfied = [text for text in said if "Unsatisfied version" in text]
    assert unsatisfied == [], f"{len(unsatisfied)} warnings, the first: {unsatisfied[0]}"
