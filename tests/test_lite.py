"""The course where packages are missing (JupyterLite): JSON data, figures, the browser store.

Everything here runs in CPython with the missing packages hidden (``sys.modules[name] = None``);
``tests/lite`` runs the built wheel in Pyodide itself. Under a second.
"""

from __future__ import annotations

import importlib.util
import shutil
import sqlite3
import sys
import warnings
from pathlib import Path

import pytest
import yaml

from guandan_learn import datafiles, plots
from guandan_learn.errors import ExtraMissingError, ProgressWarning
from guandan_learn.exercises import catalogue, generate, grade, load_bank, loader
from guandan_learn.i18n import get_language, set_language
from guandan_learn.progress import Progress
from guandan_learn.progress.answer import progress_path

ROOT = Path(__file__).resolve().parents[1]


def _setup_module() -> object:
    spec = importlib.util.spec_from_file_location("guandan_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    argv, sys.argv = sys.argv, ["setup.py", "--name"]  # setup() only prints the name
    try:
        spec.loader.exec_module(module)
    finally:
        sys.argv = argv
    return module


@pytest.fixture()
def no_yaml(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hides PyYAML and jsonschema, as in Pyodide; the loaders' caches start empty (the
    misconceptions, read from the source tree's YAML, are read first)."""
    catalogue()
    monkeypatch.setitem(sys.modules, "yaml", None)
    monkeypatch.setitem(sys.modules, "jsonschema", None)
    for cached in (loader._yaml_loader, loader._jsonschema, loader._puzzle_validator):
        cached.cache_clear()
    yield
    for cached in (loader._yaml_loader, loader._jsonschema, loader._puzzle_validator):
        cached.cache_clear()


@pytest.fixture()
def bank_with_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped bank with the JSON copies the wheel build writes, as the bank."""
    bank = tmp_path / "bank"
    shutil.copytree(loader.BANK_DIR, bank)
    _setup_module().write_json(bank)  # type: ignore[attr-defined]
    monkeypatch.setattr(loader, "BANK_DIR", bank)
    return bank


def test_the_build_writes_each_yaml_file_as_the_same_json(bank_with_json: Path) -> None:
    files = loader.exercise_files([bank_with_json])
    assert files
    for path in files:
        twin = datafiles.json_twin(path)
        assert twin.name == path.name + ".json"
        assert datafiles.loads(twin.read_text(encoding="utf-8")) == yaml.safe_load(
            path.read_text(encoding="utf-8"))


def test_a_key_json_cannot_keep_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "odd.yaml").write_text('hands: {"3": AC}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match=r"odd\.yaml\.hands"):
        _setup_module().write_json(tmp_path)  # type: ignore[attr-defined]
    assert not list(tmp_path.glob("*.json"))


def test_the_shipped_bank_loads_from_json_without_yaml_or_jsonschema(
        bank_with_json: Path, no_yaml: None) -> None:
    loaded = load_bank([bank_with_json])
    assert not loaded.errors and len(loaded.puzzles) > 50
    puzzle = loaded.puzzles[0]
    assert grade(puzzle, puzzle.answer).correct


def test_where_pyyaml_is_installed_the_yaml_is_read(bank_with_json: Path) -> None:
    for twin in bank_with_json.glob("*.json"):
        twin.write_text("not json", encoding="utf-8")  # would fail if it were read
    loaded = load_bank([bank_with_json])
    assert not loaded.errors and len(loaded.puzzles) > 50


def test_a_teachers_yaml_bank_says_it_needs_pyyaml(tmp_path: Path, no_yaml: None) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("puzzles: []\n", encoding="utf-8")
    loaded = load_bank([mine])
    assert not loaded.puzzles and len(loaded.errors) == 1
    text = str(loaded.errors[0])
    assert "PyYAML" in text and "pip install pyyaml" in text and str(mine) in text


def test_a_teachers_bank_says_it_needs_jsonschema(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "jsonschema", None)
    loader._jsonschema.cache_clear()
    try:
        loaded = loader.load_data({"puzzles": []}, "class.yaml")
    finally:
        loader._jsonschema.cache_clear()
    assert "jsonschema" in str(loaded.errors[0]) and "class.yaml" in str(loaded.errors[0])


def test_package_data_without_json_or_yaml_says_what_is_missing(no_yaml: None) -> None:
    with pytest.raises(ExtraMissingError, match="PyYAML") as err:
        datafiles.read_package_data("data", "chapters.yaml")
    assert isinstance(err.value, ImportError)


def test_a_figure_without_matplotlib_is_a_translated_sentence(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    plots.configure_matplotlib()  # nothing to configure, and no error
    ladder = plots.bomb_ladder("7")
    assert isinstance(ladder, plots.MissingFigure)
    assert ladder.set_size_inches(6, 3) is ladder and ladder.tight_layout() is ladder
    assert "matplotlib" in ladder._repr_html_() and "%pip install matplotlib" in str(ladder)
    assert isinstance(plots.levels_over_match([("2", "2")]), plots.MissingFigure)
    before = get_language()
    try:
        set_language("pt")
        assert str(plots.bomb_statistics(2, 0)).startswith("Esta figura não é desenhada")
        set_language("es")
        assert str(plots.bomb_ladder()).startswith("Esta figura no se dibuja")
    finally:
        set_language(before)
    with pytest.raises(AttributeError):
        ladder._private  # noqa: B018


def test_the_browser_keeps_progress_on_its_drive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv("GUANDAN_PROGRESS", raising=False)
    assert progress_path() == Path("/drive/progress.sqlite3")
    assert progress_path("off") is None


def test_a_snapshot_store_keeps_answers_across_reopening(tmp_path: Path) -> None:
    path = tmp_path / "drive" / "progress.sqlite3"
    puzzle = generate("legal_play", seed=3)
    with Progress(path, learner="Ana", snapshot=True) as first:
        assert first.snapshot and first.status == "new" and path.stat().st_size > 0
        first.record(puzzle, grade(puzzle, puzzle.answer), answer=puzzle.answer)
    assert not Path(f"{path}-wal").exists() and not Path(f"{path}.log").exists()
    with Progress(path, learner="Ana", snapshot=True) as second:
        assert second.status == "ok" and len(second.answers()) == 1 and second.skills()
        wrong = not puzzle.answer
        second.record(puzzle, grade(puzzle, wrong), answer=wrong)
    # The file is an ordinary SQLite database: a desktop opens it as it is.
    with Progress(path, learner="Ana") as desktop:
        assert [a.correct for a in desktop.answers()] == [True, False]


def test_a_damaged_snapshot_is_set_aside_and_a_fresh_one_started(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\x07" * 2000)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        progress = Progress(path, snapshot=True)
    with progress:
        assert progress.status == "recovered" and progress.moved_to is not None
        assert progress.moved_to.read_bytes().startswith(b"SQLite format 3")
        assert any(issubclass(w.category, ProgressWarning) for w in caught)
        assert progress.answers() == []
    assert sqlite3.connect(path).execute("PRAGMA quick_check").fetchone()[0] == "ok"


def test_the_site_build_refuses_bad_input_with_a_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from guandan_learn import lite
    from guandan_learn.cli import main
    from guandan_learn.errors import ArgumentError, CourseError

    monkeypatch.setenv("GUANDAN_PYODIDE_DIR", str(tmp_path / "none"))
    assert main(["lite", str(tmp_path / "site")]) == 2
    assert "No Pyodide core in" in capsys.readouterr().err
    core = tmp_path / "core"
    core.mkdir()
    (core / "pyodide.mjs").write_text("", encoding="utf-8")
    (core / "package.json").write_text('{"version": "0.1.0"}', encoding="utf-8")
    with pytest.raises(CourseError, match=f"needs {lite.PYODIDE_VERSION}"):
        lite.pyodide_core(core)
    with pytest.raises(ArgumentError, match="needs a folder"):
        lite.build_site("  ")
    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(ArgumentError, match="is a file"):
        lite.build_site(tmp_path / "file")
    assert not (tmp_path / "site").exists()


def test_the_site_lists_matplotlib_at_the_cdn_and_keeps_its_own_packages() -> None:
    from guandan_learn.lite import PYODIDE_CDN, with_cdn_packages

    core = {"packages": {
        "matplotlib": {"name": "matplotlib", "file_name": "mpl.whl", "depends": ["numpy", "six"]},
        "numpy": {"name": "numpy", "file_name": "np.whl", "depends": []},
        "six": {"name": "six", "file_name": "six-cdn.whl", "depends": []}}}
    site = {"packages": {"six": {"name": "six", "file_name": "../../static/six.whl"}}}
    assert with_cdn_packages(site, core) == ["matplotlib", "numpy"]
    assert site["packages"]["matplotlib"]["file_name"] == f"{PYODIDE_CDN}/mpl.whl"
    assert site["packages"]["six"]["file_name"] == "../../static/six.whl"
    assert "mpl.whl" in core["packages"]["matplotlib"]["file_name"]  # the core is not changed


def test_the_sites_kernel_gets_the_widget_versions_whose_front_ends_the_site_has(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    from guandan_learn import lite

    installed = {"ipywidgets": "8.1.5", "anywidget": "0.9.13"}

    def version(name: str) -> str:
        if name not in installed:
            raise metadata.PackageNotFoundError(name)
        return installed[name]

    monkeypatch.setattr(lite.metadata, "version", version)
    specs = lite.kernel_specs()
    assert "ipywidgets==8.1.5" in specs and "anywidget==0.9.13" in specs
    assert [s for s in specs if not s.startswith(lite.IN_STEP)] == [
        s for s in lite.SPECS if not s.startswith(lite.IN_STEP)]
    del installed["anywidget"]  # not installed here: the range stands
    assert "anywidget>=0.9" in lite.kernel_specs()
    assert lite.lite_config(Path("x.whl"))["PyodideLockAddon"]["specs"][:3] == [  # type: ignore[index]
        "micropip", "ipywidgets==8.1.5", "anywidget>=0.9"]


def test_the_sites_notebooks_name_its_kernel_and_keep_their_cells(tmp_path: Path) -> None:
    import json

    from guandan_learn import lite

    copied = lite.stage_contents(tmp_path)
    assert {p.parent.name for p in copied} == {tmp_path.name, "pt", "es"}
    for path in copied:
        nb = json.loads(path.read_text(encoding="utf-8"))
        assert nb["metadata"]["kernelspec"] == lite.KERNELSPEC
        source = ROOT / "notebooks" / path.relative_to(tmp_path)
        assert nb["cells"] == json.loads(source.read_text(encoding="utf-8"))["cells"]
