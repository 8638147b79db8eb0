"""In JupyterLab, in chromium: the tribute payments' dropdowns and the replay's slider have
names, no seat name is clipped, PlayDeal's table labels are readable (axe finds no serious or
critical problem)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from axe import AXE_JS, report, run_axe, serious
from test_lab import open_and_run

pytestmark = pytest.mark.browser

NOTEBOOK = "named_controls.ipynb"
CLIPPED = """(el) => el.scrollWidth > el.clientWidth + 1
  || [...el.options].some(o => o.text.length * 7 > el.clientWidth - 24)"""


def test_payments_and_slider_are_named(page, lab_url: str, artifacts: Path) -> None:
    from playwright.sync_api import expect

    if not AXE_JS.exists():  # as the other axe tests: a failure under CI, a skip elsewhere
        if os.environ.get("CI"):
            pytest.fail(f"axe-core is not installed at {AXE_JS} (make axe)", pytrace=False)
        pytest.skip(f"axe-core is not installed at {AXE_JS} (make axe)")
    open_and_run(page, lab_url, NOTEBOOK)
    quiz = page.locator(".gdl-quiz")
    expect(quiz.locator(".gdl-quiz-title")).to_contain_text("Puzzle 1 of", timeout=60_000)
    quiz.locator(".gdl-choice", has_text="Two").click()  # both payment rows on show
    selects = quiz.locator(".gdl-quiz-answer select")
    expect(selects).to_have_count(6)
    for i in range(6):
        expect(selects.nth(i)).to_have_accessible_name(
            ["Payment 1:", "gives", "to", "Payment 2:", "gives", "to"][i])
    seat = selects.first
    seat.select_option(label="North")
    assert not seat.evaluate(CLIPPED), "the seat dropdown clips its names"
    quiz.locator(".gdl-quiz-answer").screenshot(path=str(artifacts / "named_payments.png"))
    slider = page.locator(".gdl-deal-replay").get_by_role("slider")
    expect(slider).to_have_accessible_name("Step")
    page.locator(".gdl-replay-controls").screenshot(path=str(artifacts / "named_slider.png"))
    # PlayDeal's table: its seat labels are drawn at a readable size (not shrunk to 7 px).
    table = page.locator(".gdl-play-deal .gdl-deal svg").first
    table.scroll_into_view_if_needed()
    scale = table.evaluate("el => el.getBoundingClientRect().width / el.viewBox.baseVal.width")
    assert 14 * scale >= 11, f"seat labels drawn at {14 * scale:.1f} px"  # 14-unit labels
    found = serious(run_axe(page))
    assert not found, "axe found serious or critical problems:\n" + report(found)
