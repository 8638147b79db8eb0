"""The chapter notebooks match their sources, in every language the sources are written in."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_notebooks",
                                               ROOT / "scripts" / "build_notebooks.py")
assert _spec and _spec.loader
build_notebooks = importlib.util.module_from_spec(_spec)
sys.modules["build_notebooks"] = build_notebooks
_spec.loader.exec_module(build_notebooks)

SOURCES = sorted((ROOT / "notebooks" / "src").glob("*.yaml"))


def test_there_are_chapter_sources() -> None:
    assert SOURCES, "notebooks/src holds the chapter sources"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_every_prose_cell_is_in_every_language(source: Path) -> None:
    """A chapter is whole in English, Portuguese and Spanish: no cell missing a language."""
    cells = build_notebooks.load_source(source)
    missing = [(i, lang) for i, cell in enumerate(cells, start=1) if "md" in cell
               for lang in build_notebooks.LANGUAGES if not str(cell["md"].get(lang) or "").strip()]
    assert not missing, f"{source.name}: prose cells missing a language: {missing}"
    assert build_notebooks.languages_of(cells) == list(build_notebooks.LANGUAGES)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_notebooks_match_their_source(source: Path) -> None:
    """A notebook edited by hand instead of its source (or not rebuilt) fails here."""
    cells = build_notebooks.load_source(source)
    for lang in build_notebooks.languages_of(cells):
        path = build_notebooks.notebook_path(source.stem, lang)
        assert path.is_file(), f"{path} is missing: run scripts/build_notebooks.py"
        stored = nbformat.read(path, as_version=4)
        built = build_notebooks.build(cells, lang)
        assert [(c.cell_type, c.source, c.metadata.get("tags", [])) for c in stored.cells] == [
            (c.cell_type, c.source, c.metadata.get("tags", [])) for c in built.cells], (
            f"{path} differs from {source.name}: run scripts/build_notebooks.py {source.stem}")
        for cell in stored.cells:
            if cell.cell_type == "code":
                assert cell.get("outputs") is not None
                assert not [o for o in cell.outputs if o.get("output_type") == "error"], (
                    f"{path} stores an error")


def test_rulebook_notebooks_match_the_rulebook() -> None:
    """The rulebook in each language: one cell per clause named by its anchor, and the Markdown."""
    cells = build_notebooks.rulebook_cells()
    assert build_notebooks.languages_of(cells) == list(build_notebooks.LANGUAGES)
    for lang in build_notebooks.LANGUAGES:
        path = build_notebooks.notebook_path("rulebook", lang)
        assert path.is_file(), f"{path} is missing: run scripts/build_notebooks.py rulebook"
        stored = nbformat.read(path, as_version=4)
        built = build_notebooks.build(cells, lang)
        assert [(c.id, c.cell_type, c.source) for c in stored.cells] == [
            (c.id, c.cell_type, c.source) for c in built.cells], (
            f"{path} differs from the rulebook: run scripts/build_notebooks.py rulebook")
        assert {"s04-3", "s08-11", "v14"} <= {c.id for c in stored.cells}
        markdown = (build_notebooks.RULEBOOK / f"{lang}.md").read_bytes()
        assert path.with_suffix(".md").read_bytes() == markdown, (
            f"{path.with_suffix('.md')} differs: run scripts/build_notebooks.py rulebook")


def test_no_notebook_without_a_source() -> None:
    stems = {s.stem for s in SOURCES} | {"rulebook"}  # built from guandan_learn/data/rulebook
    for path in (ROOT / "notebooks").rglob("*.ipynb"):
        if ".ipynb_checkpoints" in path.parts:
            continue
        assert path.stem in stems, f"{path} has no source in notebooks/src"


def _stored_notebooks() -> list[Path]:
    return [p for p in sorted((ROOT / "notebooks").rglob("*.ipynb"))
            if ".ipynb_checkpoints" not in p.parts]


@pytest.mark.parametrize("path", _stored_notebooks(), ids=lambda p: str(p.relative_to(ROOT)))
def test_notebooks_store_no_widget(path: Path) -> None:
    """A saved widget is a dead copy: no widget state, no widget view, only the line to run."""
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata, f"{path} stores widget state: rebuild it"
    assert nb.metadata["kernelspec"]["display_name"] == "Python 3 (ipykernel)"
    for cell in nb.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = output.get("data", {})
            assert build_notebooks.WIDGET_VIEW not in data, f"{path} stores a widget view"
            assert "GUANDAN_PROGRESS" not in str(data), f"{path} stores the build's setting"


def test_saved_copy_keeps_the_run_first_line() -> None:
    """The build drops a widget's view and state, keeps its line, and stops at a widget without."""
    from IPython.core.formatters import DisplayFormatter

    from guandan_learn.widgets import CardPicker
    from guandan_learn.widgets.saved import RUN_FIRST_CLASS

    bundle, _ = DisplayFormatter().format(CardPicker("5S", "2"))
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    cell = nbformat.v4.new_code_cell("picker")
    cell.outputs = [nbformat.v4.new_output("execute_result", data=bundle, execution_count=1)]
    nb.cells = [cell]
    build_notebooks.saved_copy(nb)
    assert "widgets" not in nb.metadata
    assert set(cell.outputs[0].data) == {"text/html", "text/plain"}
    assert RUN_FIRST_CLASS in cell.outputs[0].data["text/html"]
    cell.outputs[0].data = {build_notebooks.WIDGET_VIEW: {"model_id": "x"}, "text/plain": "Box()"}
    with pytest.raises(SystemExit, match="RunFirst"):
        build_notebooks.saved_copy(nb)


def test_exported_html_says_to_run_the_notebook() -> None:
    """A chapter exported to HTML shows the line where its widgets were, and no widget script."""
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter().from_filename(
        str(ROOT / "notebooks" / "01_cards_and_rank_order.ipynb"))
    assert "Run All Cells" in body
    assert "application/vnd.jupyter.widget-view+json" not in body


def test_start_here_lists_every_chapter() -> None:
    """Chapter 0's table of chapters names every numbered chapter, in every language."""
    from guandan_learn.course import chapters

    cells = build_notebooks.load_source(ROOT / "notebooks" / "src" / "00_start_here.yaml")
    for lang in build_notebooks.LANGUAGES:
        table = next(str(c["md"][lang]) for c in cells
                     if "md" in c and "`01_cards_and_rank_order`" in str(c["md"][lang]))
        assert [c.id for c in chapters() if f"`{c.id}`" not in table] == [], lang


def test_chinese_words_in_prose_stay_whole() -> None:
    """A Chinese word of the prose is marked as Chinese and never broken inside (keep-all), the
    way the glossary shows its Chinese column; code and HTML tags are left as they are."""
    span = build_notebooks.CHINESE_SPAN
    cells = [{"md": {"en": 'Tribute (进贡) and *抗贡*: `"掼蛋"`, <abbr title="双贡">V6</abbr>\n'
                           "```\n三张\n```"}}]
    text = build_notebooks.build(cells, "en").cells[1].source
    assert text == (f'Tribute ({span.format("进贡")}) and *{span.format("抗贡")}*: `"掼蛋"`, '
                    '<abbr title="双贡">V6</abbr>\n```\n三张\n```')
    chapter = build_notebooks.load_source(ROOT / "notebooks" / "src" / "07_tribute_and_return.yaml")
    built = "\n".join(c.source for c in build_notebooks.build(chapter, "pt").cells
                      if c.cell_type == "markdown")
    assert span.format("抗贡") in built
    assert not build_notebooks.CHINESE.search(re.sub(r"<span lang=\"zh\"[^>]*>[^<]*</span>", "",
                                                     built))
