"""Accessibility in chromium: axe-core over the project's own output (one chapter in each
language, in JupyterLab and Voilà, and the study app), and a quiz answered with the keyboard.

axe runs WCAG 2.0/2.1 A and AA rules and best practices over the rendered Markdown and the
cell outputs only (JupyterLab's and Voilà's own chrome is not the project's), and any serious
or critical finding fails. ``make axe`` installs axe-core from npm into a cache folder.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from axe import AXE_JS, report, run_axe, serious
from test_lab import open_and_run
from test_lab_chapters import answer_first_puzzle

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = "03_combinations"


@pytest.fixture(autouse=True)
def _axe_installed() -> None:
    if not AXE_JS.exists():  # like the browser itself: a failure under CI, a skip elsewhere
        reason = f"axe-core is not installed at {AXE_JS} (make axe)"
        if os.environ.get("CI"):
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)


def _check(page, selectors: list[str] | None = None) -> None:
    """Fails on any serious or critical axe finding, and on any picture without a name."""
    found = serious(run_axe(page, selectors))
    assert not found, "axe found serious or critical problems:\n" + report(found)
    unnamed = page.locator(".jp-OutputArea-output img:not([alt]), "
                           ".jp-OutputArea-output svg[role=img]:not(:has(> title))")
    assert unnamed.count() == 0


def _one_live_region_per_quiz(page) -> None:
    quizzes = page.locator(".gdl-quiz")
    for i in range(quizzes.count()):
        assert quizzes.nth(i).locator('[role="status"]').count() == 1


def test_axe_chapter_in_jupyterlab(page, lab_url: str, notebook_root: Path) -> None:
    from playwright.sync_api import expect

    shutil.copy(ROOT / "notebooks" / f"{CHAPTER}.ipynb", notebook_root / f"{CHAPTER}.ipynb")
    open_and_run(page, lab_url, f"{CHAPTER}.ipynb")
    quiz = page.locator(".gdl-quiz").last
    expect(quiz.locator(".gdl-quiz-title")).to_contain_text("Puzzle 1 of", timeout=90_000)
    expect(page.locator(".jp-OutputArea-output svg[role=img]").first).to_be_attached()
    # Feedback and a hint on show, so their colours are checked in both themes.
    answer_first_puzzle(page)
    expect(quiz.locator(".gdl-quiz-feedback")).not_to_have_text("", timeout=20_000)
    quiz.get_by_role("button", name="Hint").click()
    expect(quiz.locator(".gdl-quiz-hints")).not_to_have_text("")
    _check(page)
    _one_live_region_per_quiz(page)
    # The quiz title comes after the chapter's h1 as an h2 (headings in order).
    expect(quiz.locator("h2.gdl-quiz-title")).to_have_count(1)
    # The same output in JupyterLab's dark theme (set back afterwards: the setting is saved).
    theme = "(name) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: name})"
    try:
        page.evaluate(theme, "JupyterLab Dark")
        expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false",
                                                       timeout=30_000)
        page.wait_for_timeout(1000)  # the theme's stylesheet applied
        _check(page)
    finally:
        page.evaluate(theme, "JupyterLab Light")
        expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "true",
                                                       timeout=30_000)


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_axe_chapter_in_voila(page, voila_url: str, notebook_root: Path, lang: str) -> None:
    from playwright.sync_api import expect

    name = f"{CHAPTER}_{lang}.ipynb"
    shutil.copy(ROOT / "notebooks" / lang / f"{CHAPTER}.ipynb", notebook_root / name)
    page.goto(f"{voila_url}/voila/render/{name}", timeout=120_000)
    expect(page.locator(".gdl-quiz-title").last).to_be_visible(timeout=120_000)
    assert page.locator("html").get_attribute("lang") is not None
    _check(page)
    _one_live_region_per_quiz(page)


def test_axe_study_app(page, app_url: tuple[str, Path]) -> None:
    from playwright.sync_api import expect

    url, _ = app_url
    page.goto(f"{url}/voila/render/app.ipynb", timeout=120_000)
    app = page.locator(".gdl-study-app")
    expect(app.locator(".gdl-quiz-title").first).to_contain_text("Puzzle 1 of", timeout=90_000)
    assert page.title() not in ("", "app", "app.ipynb")  # a meaningful page title
    _check(page, [".jp-MarkdownOutput", ".gdl-study-app"])
    app.get_by_role("tab", name="My progress").click()
    # Nothing answered yet: the report says so in a heading and a sentence (no empty chart).
    expect(app.locator(".gdl-app-progress .gdl-progress h2")).to_have_count(1)
    expect(app.locator(".gdl-app-progress svg")).to_have_count(0)
    _check(page, [".gdl-study-app"])
    # A paper sheet's code opens its questions in the last tab, as labelled controls.
    from guandan_learn.worksheet import sheet_code

    app.get_by_role("tab", name="My paper sheet").click()
    app.get_by_label("Sheet code:").fill(sheet_code("classify", 2, 1))
    app.get_by_role("button", name="Open my sheet").click()
    expect(app.locator(".gdl-paper-sheet .gdl-quiz-title").first).to_contain_text(
        "Puzzle 1 of 2", timeout=60_000)
    _check(page, [".gdl-study-app"])


def _focused(page) -> dict:
    return page.evaluate("""() => {
      const el = document.activeElement;
      return { tag: el.tagName, type: el.type || "", text: (el.textContent || "").trim(),
               checked: Boolean(el.checked), label: el.closest("label")?.textContent.trim() || "",
               inQuiz: Boolean(el.closest(".gdl-quiz")),
               outline: getComputedStyle(el).outlineWidth };
    }""")


def test_quiz_by_keyboard_alone(page, voila_url: str) -> None:
    """Tab to the answers, Space to choose, Tab to Check, Enter: focus stays where it was."""
    from playwright.sync_api import expect

    page.goto(f"{voila_url}/voila/render/quiz.ipynb", timeout=120_000)
    quiz = page.locator(".gdl-quiz")
    expect(quiz.locator(".gdl-quiz-title")).to_contain_text("Puzzle 1 of 2", timeout=90_000)
    group = quiz.get_by_role("radiogroup", name="May you play these cards here?")
    expect(group).to_be_visible()
    live = quiz.locator('[role="status"]')
    expect(live).to_have_count(1)

    for _ in range(40):  # Tab from the top of the page to the first answer
        page.keyboard.press("Tab")
        if _focused(page)["type"] == "radio":
            break
    now = _focused(page)
    assert now["type"] == "radio" and now["inQuiz"] and now["label"] == "Yes"
    assert now["outline"] == "3px"  # the focus ring
    page.keyboard.press("Space")
    expect(group.get_by_role("radio", name="Yes")).to_be_checked()
    page.keyboard.press("Tab")  # one Tab stop for the whole group: on to Check
    assert _focused(page)["text"] == "Check"
    page.keyboard.press("Enter")
    feedback = quiz.locator(".gdl-quiz-feedback")
    expect(feedback).not_to_have_text("")
    first = feedback.inner_text()
    expect(live).not_to_have_text("")  # the live region says it
    assert _focused(page)["text"] == "Check"  # focus stays on the button pressed

    page.keyboard.press("Shift+Tab")  # back to the chosen answer
    now = _focused(page)
    assert now["type"] == "radio" and now["checked"] and now["label"] == "Yes"
    page.keyboard.press("ArrowDown")  # arrows move the choice inside the group
    expect(group.get_by_role("radio", name="No")).to_be_checked()
    assert _focused(page)["label"] == "No"
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(feedback).not_to_have_text(first)
    assert _focused(page)["text"] == "Check"
    expect(live).to_contain_text(feedback.inner_text().split()[0])
    expect(live).to_have_count(1)  # still one live region, its text updated
