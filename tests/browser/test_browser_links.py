"""In chromium: a clause cited in quiz feedback shows its text, in JupyterLab and in Voilà.

The quiz (a widget, so no JupyterLab link handling) cites its clauses as links whose tooltip
is the clause's text, and lists them in a block that opens on a click (``<details>``): the
learner reads the clause without leaving the page. In Voilà, serving the course's folder (as
``make app`` and ``guandan-learn app`` do), the link itself opens the rulebook at the clause.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import nbformat
import pytest
from test_lab import open_and_run  # the same way of opening and running a notebook

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

#: A chapter-like quiz in Portuguese with the solution shown, so its feedback cites a clause.
CODE = """from guandan_learn import set_language
from guandan_learn.widgets import quiz_set

set_language("pt")
q = quiz_set(["legal-pair-on-single"])
q.show_solution()
q"""


def _notebook(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CODE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, path)


def _expected() -> tuple[str, str]:
    """Returns the clause the quiz's solution cites first and its Portuguese text."""
    from guandan_learn.exercises import Question
    from guandan_learn.rulebook import clause
    from guandan_learn.widgets import quiz_set

    cid = Question(quiz_set(["legal-pair-on-single"]).puzzle).solution().clauses[0]
    return cid, clause(cid, "pt")


def _reveals_the_clause(page, cid: str, text: str) -> None:
    """Hovering the citation gives the clause's text; clicking it opens the text in place."""
    from playwright.sync_api import expect

    feedback = page.locator(".gdl-quiz-feedback")
    link = feedback.locator(".guandan-feedback a.gdl-clause", has_text=cid).first
    expect(link).to_have_attribute("title", f"{cid}: {text}", timeout=60_000)
    block = feedback.locator("details.gdl-cited")
    entry = block.locator("dd").first
    expect(entry).to_be_hidden()  # closed until the learner asks
    link.click()
    expect(block).to_have_attribute("open", "")
    expect(entry).to_be_visible()
    expect(entry).to_have_text(text)


def test_quiz_citation_in_lab_and_voila(page, lab_url: str, voila_url: str,
                                        notebook_root: Path, artifacts: Path) -> None:
    from playwright.sync_api import expect

    start = time.monotonic()
    cid, text = _expected()
    folder = notebook_root / "pt"
    folder.mkdir(exist_ok=True)
    shutil.copy(ROOT / "notebooks" / "pt" / "rulebook.ipynb", folder / "rulebook.ipynb")
    _notebook(folder / "quiz_citing.ipynb")

    # JupyterLab: the tooltip, then the clause's text opened in place; the notebook stays.
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_and_run(page, lab_url, "pt/quiz_citing.ipynb")
    _reveals_the_clause(page, cid, text)
    page.locator(".gdl-quiz-feedback").screenshot(path=str(artifacts / "lab_quiz_clause.png"))
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path") == (
        "pt/quiz_citing.ipynb")
    assert errors == []

    # Voilà: the same; then the clause's own link opens the Portuguese rulebook at it.
    page.goto(f"{voila_url}/voila/render/pt/quiz_citing.ipynb")
    _reveals_the_clause(page, cid, text)
    page.locator(".gdl-quiz-feedback").screenshot(path=str(artifacts / "voila_quiz_clause.png"))
    link = page.locator(".gdl-quiz-feedback details.gdl-cited dt a.gdl-clause").first
    anchor = link.get_attribute("href") or ""
    assert anchor.startswith("rulebook.ipynb#s"), anchor
    with page.context.expect_page(timeout=30_000) as opened:
        link.click()
    rulebook = opened.value
    target = f"document.getElementById('{anchor.split('#')[1]}')"
    rulebook.wait_for_function(f"() => {target} && {target}.offsetParent !== null",
                               timeout=30_000, polling=200)
    assert rulebook.url.endswith(f"/voila/render/pt/{anchor}")
    expect(rulebook.locator("p", has=rulebook.locator(anchor[anchor.index("#"):]))).to_contain_text(
        f"{cid} {text[:30]}")
    rulebook.close()
    print(f"Lab and Voilà checked in {time.monotonic() - start:.1f} s")
