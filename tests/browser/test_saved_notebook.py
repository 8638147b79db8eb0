"""In JupyterLab, in chromium: a chapter opened before it runs shows no dead widget, only the
line that says to run it; opening it leaves the file unmodified; Run All then brings the widgets
up without "widget model not found"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_lab import KERNEL_IDLE, RUN_ALL

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = "08_a_whole_deal"
DIRTY = "() => window.jupyterapp.shell.currentWidget.context.model.dirty"


def test_unexecuted_chapter_says_to_run_it(page, lab_url: str, notebook_root: Path) -> None:
    from playwright.sync_api import expect

    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text) if msg.type == "error" else None)
    shutil.copy(ROOT / "notebooks" / f"{CHAPTER}.ipynb", notebook_root / f"{CHAPTER}.ipynb")
    page.goto(f"{lab_url}/lab/tree/{CHAPTER}.ipynb?reset")
    page.wait_for_function(KERNEL_IDLE, arg=f"{CHAPTER}.ipynb", timeout=60_000, polling=200)
    line = page.locator(".jp-OutputArea-output .gdl-run-first").last
    line.scroll_into_view_if_needed()
    expect(line).to_contain_text("Run All Cells")
    page.wait_for_timeout(1000)  # time for a widget view to fail, if one were stored
    outputs = page.locator(".jp-OutputArea-output")
    assert outputs.locator(".jupyter-widgets, .gdl-quiz, img").count() == 0
    text = " ".join(outputs.all_inner_texts())
    assert "model not found" not in text and "GUANDAN_PROGRESS" not in text
    assert page.evaluate(DIRTY) is False  # opening wrote no kernelspec or metadata into it
    page.evaluate(RUN_ALL)
    expect(page.locator(".gdl-quiz .gdl-quiz-title").last).to_contain_text("Puzzle 1 of",
                                                                          timeout=60_000)
    assert page.locator(".jp-OutputArea-output .gdl-run-first").count() == 0
    assert not [m for m in console if "model not found" in m], console
