"""In JupyterLab, in chromium: the jupyterquiz export rendered by jupyterquiz itself, answered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_lab import open_and_run  # the same way of opening and running a notebook

pytestmark = pytest.mark.browser

QUIZ = "guandan_quiz.json"
NOTEBOOK = "jupyterquiz_export.ipynb"


def test_jupyterquiz_shows_the_export(page, lab_url: str, notebook_root: Path,
                                      artifacts: Path) -> None:
    import jupyterquiz  # noqa: F401  (in the test extra: missing, the test fails)
    import nbformat
    from playwright.sync_api import expect

    from guandan_learn import set_language
    from guandan_learn.exports import collect, jupyterquiz_json

    set_language("en")
    export = collect(chapter=1)
    (notebook_root / QUIZ).write_text(jupyterquiz_json(export), encoding="utf-8")
    source = f"from jupyterquiz import display_quiz\ndisplay_quiz({QUIZ!r}, shuffle_answers=False)"
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)],
                                        metadata={"kernelspec": kernel})
    nbformat.write(notebook, str(notebook_root / NOTEBOOK))
    position, item = next((i, it) for i, it in enumerate(export.items)
                          if it.puzzle.id == "legal-level-card-over-ace")

    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    seconds = open_and_run(page, lab_url, NOTEBOOK)
    print(f"notebook open, kernel idle and cells started in {seconds:.1f} s")

    quizzes = page.locator(".Quiz")
    expect(quizzes).to_have_count(len(export.items), timeout=30_000)
    quiz = quizzes.nth(position)
    quiz.scroll_into_view_if_needed()
    expect(quiz).to_contain_text(item.prompt)
    expect(quiz).to_contain_text("On the table: A♠, a single ace.")
    pictures = quiz.locator("img")
    expect(pictures).to_have_count(sum(len(row) for _, row in item.rows))
    assert pictures.first.evaluate("img => img.complete && img.naturalWidth > 0")  # drawn

    # The common mistake: the ace over the level card. Its feedback is the catalogue's.
    wrong = next(o for o in item.options if not o.correct)
    right = next(o for o in item.options if o.correct)
    feedback = quiz.locator(".Feedback")
    quiz.locator(".MCButton", has_text=re.compile(f"^{wrong.text}$")).click()
    expect(feedback).to_contain_text(wrong.feedback)
    expect(feedback).to_contain_text("This is a common mix-up (§03.1).")
    quiz.screenshot(path=str(artifacts / "jupyterquiz_wrong.png"))
    quiz.locator(".MCButton", has_text=re.compile(f"^{right.text}$")).click()
    expect(feedback).to_contain_text(f"Correct: {right.text}.")
    expect(feedback).to_contain_text("a single 7 beats a single ace (§04.4)")
    # jupyterquiz calls MathJax 3's typeset, which JupyterLab 4 does not expose (a known
    # limitation its README states); any other error would be ours.
    assert [e for e in errors if "MathJax" not in e] == []
