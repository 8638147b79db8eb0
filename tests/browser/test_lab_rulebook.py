"""In chromium: a clause cited in Portuguese opens the Portuguese rulebook at that clause.

JupyterLab turns the rulebook's ``id`` anchors into ``data-jupyter-id`` and scrolls to them
when it opens ``rulebook.md`` rendered; a notebook link (``rulebook.ipynb#s08-2``) does not scroll
on a fresh open, which is why ``clause_link`` points JupyterLab at the Markdown. Voilà renders
only notebooks, so there the link (made in Voilà's kernel) opens ``rulebook.ipynb`` in a new tab.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest
from test_lab import open_and_run  # the same way of opening and running a notebook

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

APP = """import ipywidgets as widgets
from guandan_learn import set_language
from guandan_learn.rulebook import link_clauses

set_language("pt")
widgets.HTML(link_clauses("A devolução segue a §08.2."))"""

CODE = """from IPython.display import HTML
from guandan_learn import set_language
from guandan_learn.rulebook import link_clauses

set_language("pt")
HTML(link_clauses("Uma jogada só é vencida pela mesma forma (§04.3); a devolução: §08.2."))"""

#: Where the clause's anchor sits in the open rulebook page: (top, bottom, page height).
WHERE = """(id) => {
  const el = document.querySelector(`.jp-MarkdownViewer [data-jupyter-id="${id}"]`);
  if (!el) return null;
  const page = el.closest('.jp-MarkdownViewer').getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return [r.top - page.top, r.bottom - page.top, page.height];
}"""


def _notebook(path: Path, code: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, path)


def test_clause_link_opens_the_rulebook_at_the_clause(page, lab_url: str, notebook_root: Path,
                                                      artifacts: Path) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    folder = notebook_root / "pt"
    folder.mkdir(exist_ok=True)
    shutil.copy(ROOT / "notebooks" / "pt" / "rulebook.md", folder / "rulebook.md")
    _notebook(folder / "citing.ipynb", CODE)

    open_and_run(page, lab_url, "pt/citing.ipynb")
    link = page.locator(".jp-OutputArea a.gdl-clause", has_text="§08.2")
    expect(link).to_have_count(1, timeout=30_000)
    expect(link).to_have_attribute("title", "§08.2: Quem recebe devolve uma carta de valor "
                                   "natural 10 ou menor que não seja do valor do nível ativo.")
    link.click()

    # The Portuguese rulebook opens rendered, scrolled so that §08.2 is at the top.
    clause = page.locator('.jp-MarkdownViewer [data-jupyter-id="s08-2"]')
    expect(clause).to_have_count(1, timeout=30_000)
    page.wait_for_function(f"() => ({WHERE})('s08-2') && ({WHERE})('s08-2')[0] < 120",
                           timeout=15_000, polling=200)
    page.wait_for_timeout(500)  # still there once the page has settled
    top, bottom, height = page.evaluate(WHERE, "s08-2")
    assert 0 <= top < 120 and bottom < height, (top, bottom, height)
    paragraph = page.locator(".jp-MarkdownViewer p",
                             has=page.locator('[data-jupyter-id="s08-2"]'))
    expect(paragraph).to_contain_text("§08.2 Quem recebe devolve uma carta")
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path") == (
        "pt/rulebook.md")
    page.screenshot(path=str(artifacts / "rulebook_clause_link.png"))
    assert errors == []


def test_clause_link_in_voila_opens_the_rulebook_notebook(page, voila_url: str,
                                                          notebook_root: Path,
                                                          artifacts: Path) -> None:
    from playwright.sync_api import expect

    folder = notebook_root / "pt"
    folder.mkdir(exist_ok=True)
    shutil.copy(ROOT / "notebooks" / "pt" / "rulebook.ipynb", folder / "rulebook.ipynb")
    _notebook(folder / "app_citing.ipynb", APP)
    page.goto(f"{voila_url}/voila/render/pt/app_citing.ipynb")
    link = page.locator("a.gdl-clause", has_text="§08.2")
    expect(link).to_have_attribute("href", "rulebook.ipynb#s08-2", timeout=60_000)
    with page.context.expect_page(timeout=30_000) as opened:
        link.click()
    rulebook = opened.value
    anchor = "document.getElementById('s08-2')"
    rulebook.wait_for_function(
        f"() => {anchor} && {anchor}.offsetParent !== null"
        f" && Math.abs({anchor}.getBoundingClientRect().top) < 5", timeout=60_000, polling=200)
    assert rulebook.url.endswith("/voila/render/pt/rulebook.ipynb#s08-2")
    expect(rulebook.locator("p", has=rulebook.locator("#s08-2"))).to_contain_text(
        "§08.2 Quem recebe devolve uma carta")
    rulebook.screenshot(path=str(artifacts / "voila_rulebook_clause_link.png"))
    rulebook.close()
