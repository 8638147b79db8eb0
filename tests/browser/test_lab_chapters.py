"""In JupyterLab, in chromium: open tutorial chapters, run them, answer one quiz puzzle in each."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_lab import open_and_run  # the same way of opening and running a notebook

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def answer_first_puzzle(page) -> None:
    """Gives some answer with the first control the quiz offers, as a learner might."""
    quiz = page.locator(".gdl-quiz").last
    quiz.scroll_into_view_if_needed()
    controls = quiz.locator(".gdl-quiz-answer")
    radios = controls.locator("input[type=radio]")
    selects = controls.locator("select")
    if radios.count():
        radios.first.check()
    elif selects.count():
        for i in range(selects.count()):  # a different choice in each (an order, say)
            options = selects.nth(i).locator("option")
            selects.nth(i).select_option(index=min(i, options.count() - 1))
    else:
        controls.locator("button").first.click()
    quiz.get_by_role("button", name="Check").click()


@pytest.mark.parametrize("chapter", ["04_bombs", "06_levels_and_winning_at_A"])
def test_chapter_runs_and_grades(page, lab_url: str, notebook_root: Path, artifacts: Path,
                                 chapter: str) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    shutil.copy(ROOT / "notebooks" / f"{chapter}.ipynb", notebook_root / f"{chapter}.ipynb")
    seconds = open_and_run(page, lab_url, f"{chapter}.ipynb")
    print(f"{chapter}: open, kernel idle and cells started in {seconds:.1f} s")
    quiz = page.locator(".gdl-quiz").last
    expect(quiz.locator(".gdl-quiz-title")).to_contain_text("Puzzle 1 of", timeout=60_000)
    # The chapter as a reader meets it (the README shows this picture of chapter 4).
    page.locator(".jp-WindowedPanel-outer").first.evaluate("el => { el.scrollTop = 0; }")
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / f"chapter_{chapter}_top.png"))
    answer_first_puzzle(page)
    feedback = quiz.locator(".gdl-quiz-feedback")
    expect(feedback).to_contain_text("”", timeout=20_000)  # the verdict quotes the answer
    if "Try again" in feedback.inner_text():  # a wrong first try keeps the solution back
        expect(feedback).not_to_contain_text("The right answer")
        quiz.get_by_role("button", name="Show solution").click()
    expect(feedback).to_contain_text("§", timeout=20_000)  # the solution cites its clause
    expect(quiz.locator(".gdl-quiz-score")).to_contain_text("of 1")
    quiz.screenshot(path=str(artifacts / f"chapter_{chapter}_quiz.png"))
    assert errors == []
