"""Tables as JupyterLab lays them out, in chromium, from the stored outputs (no kernel run):
the teacher's class report reads from the left and names every column, and a Chinese term of
the glossary keeps its characters on one line, even in a narrow window (issue 26).

JupyterLab right-aligns every table cell of an output, and breaks Chinese text between any
two characters; these tests measure what the learner and the teacher see. After a change to
the report or the glossary, rebuild the notebooks (``scripts/build_notebooks.py``) first.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_layout import _open_stored  # the same way of opening a stored notebook

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

#: Every cell of the class report's tables: its table, text, alignment and whether it holds
#: a number (``td.num``); the headers' too.
REPORT_CELLS = """() => [...document.querySelectorAll('.gdl-class table')].flatMap((t, i) =>
  [...t.querySelectorAll('th, td')].map((c) => ({table: i, tag: c.tagName.toLowerCase(),
    text: c.textContent.trim().slice(0, 40), align: getComputedStyle(c).textAlign,
    num: c.classList.contains('num')})))"""
#: The glossary's Chinese cells, squeezed to their narrowest (the table given 240 px, as in a
#: narrow window or a side-by-side view): how many of them wrap onto more lines, and the terms
#: whose characters do not share one line box (a term is the cell's text split at " / "),
#: each with the tops of its characters' boxes.
SQUEEZED_TERMS = """() => {
  const table = document.querySelector('.gdl-glossary');
  table.style.width = table.style.maxWidth = '240px';
  const broken = [];
  let wrapped = 0;
  for (const cell of document.querySelectorAll('.gdl-glossary td[lang="zh"]')) {
    const node = [...cell.childNodes].find((n) => n.nodeType === Node.TEXT_NODE
                                                 && n.textContent.trim());
    if (!node) continue;
    let at = 0;
    const lines = new Set();
    for (const term of node.textContent.split(' / ')) {
      const start = node.textContent.indexOf(term, at);
      at = start + term.length;
      const tops = new Set();
      for (let i = start; i < start + term.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        for (const box of range.getClientRects()) tops.add(Math.round(box.top));
      }
      tops.forEach((top) => lines.add(top));
      if (tops.size > 1) broken.push(`${term}: ${[...tops].join(', ')}`);
    }
    if (lines.size > 1) wrapped += 1;
  }
  return {wrapped, broken};
}"""


@pytest.fixture(scope="module")
def tables_root(notebook_root: Path, jupyter_env: dict[str, str]) -> str:
    """Copies the built teacher notebook and chapter 0 (English), trusted, into ``tables/``."""
    folder = notebook_root / "tables"
    folder.mkdir(exist_ok=True)
    copies = [shutil.copy(ROOT / "notebooks" / f"{name}.ipynb", folder / f"{name}.ipynb")
              for name in ("teacher_classroom", "00_start_here")]
    subprocess.run([sys.executable, "-m", "jupyter", "trust", *map(str, copies)],
                   env=jupyter_env, check=True, capture_output=True)
    return "tables"


def _lab(page, lab_url: str) -> None:
    page.goto(f"{lab_url}/lab?reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell",
                           timeout=60_000, polling=200)
    page.wait_for_selector(".jp-LabShell", timeout=60_000)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")


def test_class_report_reads_from_the_left_and_names_its_columns(
        page, lab_url: str, notebook_root: Path, tables_root: str, artifacts: Path) -> None:
    _lab(page, lab_url)
    _open_stored(page, notebook_root, f"{tables_root}/teacher_classroom.ipynb")
    cells = page.evaluate(REPORT_CELLS)
    assert len({c["table"] for c in cells}) >= 2, cells  # the clauses' and the learners'
    unnamed = [c for c in cells if c["tag"] == "th" and not c["text"]]
    assert unnamed == [], f"columns without a name: {unnamed}"
    text = [c for c in cells if c["tag"] == "td" and not c["num"]]
    assert text and all(c["align"] in ("left", "start") for c in text), \
        [c for c in text if c["align"] not in ("left", "start")][:3]
    assert all(c["align"] == "right" for c in cells if c["num"])
    page.locator(".gdl-class").first.screenshot(path=str(artifacts / "lab_class_report.png"))


def test_chinese_terms_keep_their_characters_together(
        page, lab_url: str, notebook_root: Path, tables_root: str, artifacts: Path) -> None:
    _lab(page, lab_url)
    _open_stored(page, notebook_root, f"{tables_root}/00_start_here.ipynb")
    glossary = page.locator(".gdl-glossary").first
    glossary.scroll_into_view_if_needed()
    seen = page.evaluate(SQUEEZED_TERMS)
    glossary.screenshot(path=str(artifacts / "lab_glossary_narrow.png"))
    assert seen["wrapped"] >= 1, seen  # narrow enough that a cell of two terms wraps
    assert seen["broken"] == [], seen["broken"]
