"""The study app in Voilà, in chromium: answer the first due puzzle, open a chapter's quiz,
read the progress tab, and find the answer saved in the progress file."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser


def test_app_answers_a_question(page, app_url: tuple[str, Path], artifacts: Path) -> None:
    from playwright.sync_api import expect

    from guandan_learn.exercises import spec
    from guandan_learn.progress import Progress

    url, progress_file = app_url
    # With nothing saved yet, the app serves what an empty progress serves: new material.
    with Progress(":memory:") as empty:
        first = empty.next_puzzles(10, 0)[0]
    shown = spec(first.kind).show_answer(first.expected, first.parsed, first.question)
    assert first.kind.value == "legal_play"  # new material starts with the first kind

    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start = time.monotonic()
    page.goto(f"{url}/voila/render/app.ipynb")
    app = page.locator(".gdl-study-app")
    drill = app.locator(".gdl-app-drill")
    expect(drill.locator(".gdl-quiz-title")).to_contain_text("Puzzle 1 of 10", timeout=90_000)
    print(f"Voilà rendered the study app in {time.monotonic() - start:.1f} s")
    expect(page.locator("body")).not_to_contain_text("import StudyApp")  # no code on show

    drill.get_by_role("radio", name=shown.capitalize(), exact=True).check()
    drill.get_by_role("button", name="Check").click()
    feedback = drill.locator(".gdl-quiz-feedback")
    expect(feedback).to_contain_text("Correct")
    expect(drill.locator(".gdl-quiz-score")).to_contain_text("1 of 1")
    drill.screenshot(path=str(artifacts / "voila_app_drill.png"))

    # The answer is in the learner's progress file.
    with Progress(progress_file) as saved:
        (row,) = saved.answers()
        assert (row.puzzle, row.correct, row.source) == (first.id, True, "generated")

    # A chapter's quiz is built when its tab is opened; the last tab shows the progress.
    app.get_by_role("tab", name="3 · Combinations").click()
    expect(app.locator(".gdl-quiz").nth(1).locator(".gdl-quiz-title")).to_contain_text(
        "Puzzle 1 of")
    app.get_by_role("tab", name="My progress").click()
    report = app.locator(".gdl-app-progress")
    expect(report).to_contain_text("Questions answered: 1. Right the first time: 1;")
    expect(report.locator("table")).to_have_count(2)
    expect(report.locator("svg[role=img] > title")).to_have_count(1)  # the chart, titled
    report.screenshot(path=str(artifacts / "voila_app_progress.png"))
    assert errors == []
