"""In JupyterLab, in chromium: run a notebook, click cards in a CardPicker, read the feedback."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

KERNEL_IDLE = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const ctx = panel && panel.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  return Boolean(ctx && ctx.isReady && kernel && kernel.connectionStatus === "connected"
                 && kernel.status === "idle");
}"""
RUN_ALL = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"


def open_and_run(page, lab_url: str, notebook: str) -> float:
    """Opens a notebook, waits for an idle kernel, runs every cell; returns the seconds taken."""
    start = time.monotonic()
    page.goto(f"{lab_url}/lab/tree/{notebook}")
    page.wait_for_function(KERNEL_IDLE, timeout=60_000, polling=200)
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
    page.locator(".gdl-hint-cycler").get_by_role("button", name="Next hint").click()
    expect(hint).to_contain_text("Hint 2 of")
    page.locator(".gdl-hint-cycler").screenshot(path=str(artifacts / "hint_cycler.png"))

    # A Combo shows itself as a picture (its _repr_svg_), the wild badged with its meaning.
    picture = page.locator(".jp-RenderedSVG").last
    expect(picture).to_be_visible()
    picture.screenshot(path=str(artifacts / "combo_repr.png"))
    page.screenshot(path=str(artifacts / "card_picker_page.png"), full_page=True)
    assert errors == []  # no JavaScript error in the page, anywidget front-end included
