"""Builds the chapter notebooks from their sources, one notebook per language, and runs them.

    python scripts/build_notebooks.py            # every chapter, every language its source has
    python scripts/build_notebooks.py 01 --lang pt --no-run

A source is ``notebooks/src/<chapter>.yaml``: a list of cells, each either ``md`` (the prose,
one text per language: ``en``, ``pt``, ``es``) or ``code`` (shared by every language), with
optional ``tags``. English notebooks go to ``notebooks/``, the others to ``notebooks/<lang>/``.
The rulebook notebook (``rulebook``) is built from ``guandan_learn/data/rulebook/<lang>.md``
instead, one prose cell per clause, named by the clause's anchor, and its Markdown is copied
beside the notebook as ``rulebook.md`` (what JupyterLab's clause links open).
Every notebook starts with a cell that selects its language, so the engine's explanations
match the prose. Running a notebook stores its outputs, which nbval then compares.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import nbformat
import yaml

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "notebooks" / "src"
RULEBOOK = ROOT / "guandan_learn" / "data" / "rulebook"
ANCHOR = re.compile(r'(?:#+ )?<a id="([a-z0-9-]+)"></a>')
#: The rulebook notebook's last cell: Voilà lays its page out after loading, so the browser's own
#: jump to ``#s04-3`` is lost; this scrolls there once the anchor shows. JupyterLab strips it.
FOLLOW_ANCHOR = """<script>
(function () {
  var id = decodeURIComponent(location.hash.slice(1)), tries = 0, seen = 0;
  if (!id) return;
  var timer = setInterval(function () {
    var el = document.getElementById(id);
    tries += 1;
    if (el && el.offsetParent !== null) { el.scrollIntoView(); seen += 1; }
    if (seen > 5 || tries > 150) clearInterval(timer);
  }, 100);
})();
</script>"""
#: The rulebook notebook's one code cell after the language cell: the embedded Chinese font, so
#: 掼蛋 and the other Chinese words of its prose show without a system font, as in the chapters.
FONT_CELL = """from guandan_learn.glossary import chinese_font

chinese_font()  # the Chinese words in the text show even without a Chinese font"""
LANGUAGES = ("en", "pt", "es")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

LANGUAGE_CELL = 'from guandan_learn import set_language\n\n_ = set_language("{lang}")'
#: A run of Chinese characters (CJK ideographs) in prose.
CHINESE = re.compile(r"[\u2e80-\u2fff\u3400-\u4dbf\u4e00-\u9fff]+")
#: What prose leaves as it is: fenced code, inline code and HTML tags.
NOT_PROSE = re.compile(r"(```.*?```|`[^`\n]*`|<[^>\n]*>)", re.DOTALL)
#: The span a Chinese word of the prose is shown in: marked as Chinese (a screen reader reads it
#: as Chinese, a browser picks a Chinese font) and broken only between words, never inside one
#: (掼蛋 stays whole in a narrow cell), as the glossary's Chinese column does. JupyterLab's
#: sanitiser keeps both the ``lang`` attribute and the ``word-break`` style of a Markdown cell.
CHINESE_SPAN = '<span lang="zh" style="word-break: keep-all">{}</span>'


def load_source(path: Path) -> list[dict[str, Any]]:
    """Reads a chapter source and checks its shape."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    cells = data.get("cells") if isinstance(data, dict) else None
    if not isinstance(cells, list) or not cells:
        raise SystemExit(f"{path}: expected a mapping with a non-empty 'cells' list")
    for i, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or ("md" in cell) == ("code" in cell):
            raise SystemExit(f"{path}: cell {i} needs exactly one of 'md' or 'code'")
        if "md" in cell and not isinstance(cell["md"], dict):
            raise SystemExit(f"{path}: cell {i}: 'md' maps each language to its text")
    return cells


def rulebook_cells() -> list[dict[str, Any]]:
    """Reads the rulebook's Markdown as prose cells: one per clause, heading or anchored block.

    A cell starts at each paragraph that opens with an anchor (``<a id="s04-3"></a>``, after a
    heading's ``#`` marks or not) and takes that anchor as its cell id, so a link such as
    ``rulebook.ipynb#cell-id=s04-3`` opens the notebook at the clause. A code cell before the
    prose embeds the Chinese font (``FONT_CELL``).
    """
    parts: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        path = RULEBOOK / f"{lang}.md"
        if path.is_file():
            parts[lang] = re.split(r'\n\n(?=(?:#+ )?<a id=")', path.read_text(encoding="utf-8"))
    anchors = {lang: [m[1] if (m := ANCHOR.match(b)) else None for b in blocks]
               for lang, blocks in parts.items()}
    if len({tuple(a) for a in anchors.values()}) != 1:
        raise SystemExit(f"{RULEBOOK}: the languages do not have the same anchors in order")
    cells: list[dict[str, Any]] = [{"code": FONT_CELL, "id": "chinese-font"}]
    for i, anchor in enumerate(anchors["en"]):
        cells.append({"md": {lang: blocks[i] for lang, blocks in parts.items()}})
        if anchor:
            cells[-1]["id"] = anchor
    cells.append({"md": dict.fromkeys(parts, FOLLOW_ANCHOR), "id": "follow-anchor"})
    return cells


def languages_of(cells: list[dict[str, Any]]) -> list[str]:
    """Lists the languages in which every prose cell is written."""
    return [lang for lang in LANGUAGES
            if all(str(c["md"].get(lang) or "").strip() for c in cells if "md" in c)]


def chinese_kept_whole(markdown: str) -> str:
    """Returns a prose cell's Markdown with each Chinese word in ``CHINESE_SPAN``.

    Inline code, fenced code and HTML tags stay as they are.

    >>> print(chinese_kept_whole("Guandan (掼蛋); in code: `掼蛋`"))
    Guandan (<span lang="zh" style="word-break: keep-all">掼蛋</span>); in code: `掼蛋`
    """
    parts = NOT_PROSE.split(markdown)
    return "".join(part if i % 2 else CHINESE.sub(lambda m: CHINESE_SPAN.format(m.group(0)), part)
                   for i, part in enumerate(parts))


def notebook_path(chapter: str, lang: str) -> Path:
    """Returns where a chapter's notebook in one language lives."""
    folder = ROOT / "notebooks" if lang == "en" else ROOT / "notebooks" / lang
    return folder / f"{chapter}.ipynb"


def build(cells: list[dict[str, Any]], lang: str) -> nbformat.NotebookNode:
    """Makes the notebook of one language (without outputs)."""
    nb = nbformat.v4.new_notebook()
    first = nbformat.v4.new_code_cell(LANGUAGE_CELL.format(lang=lang))
    first.metadata["tags"] = ["language"]
    out = [first]
    for cell in cells:
        if "md" in cell:
            new = nbformat.v4.new_markdown_cell(chinese_kept_whole(str(cell["md"][lang]).strip()))
        else:
            new = nbformat.v4.new_code_cell(str(cell["code"]).strip())
        if cell.get("tags"):
            new.metadata["tags"] = list(cell["tags"])
        out.append(new)
    ids = [None, *(cell.get("id") for cell in cells)]  # the rulebook names its cells
    for i, cell in enumerate(out):
        cell["id"] = ids[i] or f"cell-{i:02d}"
    nb.cells = out
    # What JupyterLab writes back on opening (ipykernel's kernelspec and language_info): the
    # same values here, so opening a notebook leaves it unmodified. Running adds the version.
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    title = _title(cells, lang)
    if title:  # the page title of exported HTML and of Voilà (the app's tab says what it is)
        nb.metadata["title"] = title
    return nb


def _title(cells: list[dict[str, Any]], lang: str) -> str:
    """Returns the first level-one heading of a notebook's prose in one language."""
    for cell in cells:
        for line in str((cell.get("md") or {}).get(lang) or "").splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return ""


def run(nb: nbformat.NotebookNode, cwd: Path) -> None:
    """Runs a notebook from a fresh kernel and keeps its outputs, without timing metadata."""
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(cwd)}}).execute()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            for output in cell.get("outputs", []):
                output.get("metadata", {}).pop("execution", None)
    saved_copy(nb)


def saved_copy(nb: nbformat.NotebookNode) -> None:
    """Keeps no widget in a notebook: a widget lives only in a running kernel.

    A widget's stored view would show a dead copy (or "model not found") in a notebook opened
    without running, and its stored state would carry this build's settings, such as
    ``GUANDAN_PROGRESS=off``, into the learner's copy. Each project widget also gives a
    ``text/html`` line that says to run the notebook (``guandan_learn.widgets.saved``); that
    line and the ``text/plain`` stay, which nbval compares (it skips widget views).
    """
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                if "text/html" not in data:
                    raise SystemExit(f"cell {cell.get('id')}: a widget without a saved line "
                                     "(mix guandan_learn.widgets.saved.RunFirst into it)")
                del data[WIDGET_VIEW]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("chapters", nargs="*", help="chapter names or number prefixes")
    parser.add_argument("--lang", action="append", choices=LANGUAGES)
    parser.add_argument("--no-run", action="store_true", help="write without running")
    args = parser.parse_args(argv)
    os.environ["GUANDAN_PROGRESS"] = "off"  # running a notebook is not a learner answering
    sources = [*sorted(SOURCES.glob("*.yaml")), RULEBOOK]
    if args.chapters:
        sources = [s for s in sources if any(s.stem.startswith(c) for c in args.chapters)]
    for source in sources:
        cells = rulebook_cells() if source == RULEBOOK else load_source(source)
        for lang in languages_of(cells):
            if args.lang and lang not in args.lang:
                continue
            nb = build(cells, lang)
            path = notebook_path(source.stem, lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            if not args.no_run:
                run(nb, path.parent)
            nbformat.write(nb, path)
            if source == RULEBOOK:
                shutil.copyfile(RULEBOOK / f"{lang}.md", path.with_suffix(".md"))
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
