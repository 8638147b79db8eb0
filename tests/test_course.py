"""The course as package data: the chapter list, the bank, copying the notebooks (issue 13)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path

import nbformat
import pytest
import yaml

from guandan_learn import CourseError, set_language
from guandan_learn.cli import main
from guandan_learn.course import (
    MANIFEST,
    chapter,
    chapters,
    copy_notebooks,
    notebook_files,
    read_manifest,
)
from guandan_learn.exercises import load_bank
from guandan_learn.exercises.loader import BANK_DIR, CHECKOUT_BANK, bank_paths, exercise_files

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "notebooks" / "src").glob("[0-9][0-9]_*.yaml"))
BANK = {p.id for p in load_bank().puzzles}

_spec = importlib.util.spec_from_file_location("build_notebooks",
                                               ROOT / "scripts" / "build_notebooks.py")
assert _spec and _spec.loader
build_notebooks = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("build_notebooks", build_notebooks)
_spec.loader.exec_module(build_notebooks)


def _heading(cells: list[dict[str, object]], lang: str) -> str:
    for cell in cells:
        text = str((cell.get("md") or {}).get(lang, ""))  # type: ignore[union-attr]
        for line in text.splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return ""


def test_every_numbered_chapter_is_listed_in_order() -> None:
    assert [c.id for c in chapters()] == [s.stem for s in SOURCES]
    assert [c.number for c in chapters()] == list(range(len(SOURCES)))


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_titles_are_the_notebook_headings(source: Path) -> None:
    cells = build_notebooks.load_source(source)
    c = chapter(source.stem)
    for lang in ("en", "pt", "es"):
        assert c.title(lang) == _heading(cells, lang), f"{source.stem} [{lang}]"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_a_chapter_with_a_check_yourself_reads_its_quiz_from_the_list(source: Path) -> None:
    """The notebook calls chapter_quiz with its own name; the quiz's puzzles are in the bank."""
    code = "\n".join(str(c["code"]) for c in build_notebooks.load_source(source) if "code" in c)
    quiz = chapter(source.stem).quiz
    if quiz is None:  # "start here" shows a one-puzzle quiz_set; the drills are endless
        assert "chapter_quiz(" not in code
        return
    assert f'chapter_quiz("{source.stem}")' in code
    assert "quiz_set(" not in code, "the chapter's quiz is data: chapter_quiz(name)"
    assert quiz.ids and not set(quiz.ids) - BANK, f"not in the bank: {set(quiz.ids) - BANK}"
    assert all(n >= 1 and d in (1, 2, 3) for _, n, d in quiz.generated)


def test_chapters_by_number_and_errors() -> None:
    assert chapter(3) == chapter("03") == chapter("03_combinations")
    with pytest.raises(CourseError, match="no chapter 'nope'"):
        chapter("nope")


def test_the_study_app_lists_every_chapter_with_a_quiz() -> None:
    pytest.importorskip("ipywidgets")
    from guandan_learn.progress import Progress
    from guandan_learn.widgets import chapter_quiz
    from guandan_learn.widgets.study import StudyApp

    app = StudyApp(Progress(":memory:"), count=2)
    expected = [c.title() for c in chapters() if c.quiz is not None]
    assert len(expected) == 12  # chapters 1-9 and 11-13
    assert app.tabs.titles == ("Due first", *expected, "My progress", "My paper sheet",
                                "Play a deal")
    quiz = chapter_quiz(1)
    assert quiz.puzzle.id == "strongest-singles-ladder" and quiz.count == 6
    with pytest.raises(CourseError):
        chapter_quiz("00_start_here")


# -- The bank's paths --------------------------------------------------------------------------


def _write_bank(folder: Path) -> Path:
    folder.mkdir()
    (folder / "mine.yaml").write_text(yaml.safe_dump({"kind": "legal_play", "puzzles": [{
        "id": "my-own-pair", "clauses": ["§04.3"], "difficulty": 1,
        "setup": {"level": "7", "table": "9S", "play": "AC AD"}, "answer": "no"}]}),
        encoding="utf-8")
    return folder


def test_the_bank_is_exercises_at_the_top_of_a_checkout() -> None:
    root = Path(__file__).resolve().parent.parent
    assert BANK_DIR == CHECKOUT_BANK == root / "exercises"  # (the wheel's copy: tests/install)
    assert (root / "exercises" / "README.md").is_file()
    assert not (root / "guandan_learn" / "data" / "bank").exists()
    assert len(exercise_files()) == len(list(BANK_DIR.glob("*.yaml"))) >= 8


def test_a_teachers_bank_replaces_or_joins_the_shipped_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = _write_bank(tmp_path / "class")
    monkeypatch.setenv("GUANDAN_EXERCISES", str(mine))
    assert [p.id for p in load_bank().puzzles] == ["my-own-pair"]
    monkeypatch.setenv("GUANDAN_EXERCISES", str(mine) + os.pathsep)
    both = {p.id for p in load_bank().puzzles}
    assert both == BANK | {"my-own-pair"}
    monkeypatch.setenv("GUANDAN_EXERCISES", os.pathsep + str(mine / "mine.yaml"))
    assert bank_paths() == [BANK_DIR, mine / "mine.yaml"]
    monkeypatch.setenv("GUANDAN_EXERCISES", "  ")
    assert bank_paths() == [BANK_DIR]


# -- Copying the notebooks ---------------------------------------------------------------------


@pytest.fixture
def jupyter_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Jupyter data folder of its own, where the trusted notebooks' signatures go."""
    folder = tmp_path / "jupyter-data"
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(folder))
    return folder


def _trusted(path: Path) -> bool:
    from nbformat.sign import NotebookNotary

    return bool(NotebookNotary().check_signature(nbformat.read(path, nbformat.NO_CONVERT)))


@pytest.mark.parametrize("lang", ["en", "pt", "es"])
def test_copying_the_course_in_each_language(tmp_path: Path, jupyter_data: Path,
                                             lang: str) -> None:
    copied = copy_notebooks(tmp_path / "course", lang)
    names = sorted(f.name for f in notebook_files(lang))
    assert sorted(copied.written) == names and copied.first and copied.trusted
    assert {"00_start_here.ipynb", "app.ipynb"} <= set(names)
    first = nbformat.read(tmp_path / "course" / "01_cards_and_rank_order.ipynb", 4)
    assert f'set_language("{lang}")' in first.cells[0].source
    assert _trusted(tmp_path / "course" / "03_combinations.ipynb")
    assert set(read_manifest(tmp_path / "course")) == set(names)


def test_a_learners_edited_copy_is_never_overwritten_without_force(
        tmp_path: Path, jupyter_data: Path) -> None:
    dest = tmp_path / "course"
    copy_notebooks(dest, "en")
    again = copy_notebooks(dest, "en")
    assert not again.written and len(again.current) == len(notebook_files("en"))
    assert not again.first
    edited = dest / "03_combinations.ipynb"
    edited.write_text(edited.read_text(encoding="utf-8").replace("Combinations", "Mine"),
                      encoding="utf-8")
    (dest / "04_bombs.ipynb").unlink()
    before = {p.name: p.read_bytes() for p in dest.iterdir()}
    with pytest.raises(CourseError, match=r"03_combinations\.ipynb.*--force"):
        copy_notebooks(dest, "pt")
    assert {p.name: p.read_bytes() for p in dest.iterdir()} == before  # nothing changed
    # The Portuguese course replaces every unedited English copy and keeps the edited one.
    kept = copy_notebooks(dest, "pt", keep_edited=True)
    assert kept.kept == ["03_combinations.ipynb"]
    assert "Mine" in edited.read_text(encoding="utf-8")
    assert 'set_language("pt")' in nbformat.read(dest / "04_bombs.ipynb", 4).cells[0].source
    manifest = json.loads((dest / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["language"] == "pt"
    forced = copy_notebooks(dest, "pt", force=True)
    assert forced.written == ["03_combinations.ipynb"]
    assert "Mine" not in edited.read_text(encoding="utf-8")


def test_copy_refuses_a_file_as_folder_and_unknown_languages(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(CourseError, match="is a file, not a folder"):
        copy_notebooks(tmp_path / "file", "en")
    with pytest.raises(CourseError, match="no course in the language 'fr'"):
        copy_notebooks(tmp_path / "x", "fr")
    assert not (tmp_path / "x").exists()


def test_the_notebooks_command(tmp_path: Path, jupyter_data: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    dest = tmp_path / "curso"
    try:
        assert main(["notebooks", str(dest), "--lang", "es"]) == 0
        assert "notebooks copiados en" in capsys.readouterr().out
        (dest / "01_cards_and_rank_order.ipynb").write_text("{}", encoding="utf-8")
        assert main(["notebooks", str(dest), "--lang", "es"]) == 2
        assert "--force" in capsys.readouterr().err
        assert main(["notebooks", str(dest), "--lang", "es", "--force"]) == 0
        assert capsys.readouterr().out.startswith("1 notebook copiado en")
    finally:
        set_language("en")
    assert main(["notebooks", str(dest), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Copied {len(notebook_files('en'))} notebooks into {dest}.")


def test_version_and_python_dash_m(capsys: pytest.CaptureFixture[str]) -> None:
    import subprocess

    from guandan_learn import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"guandan-learn {__version__}"
    done = subprocess.run([sys.executable, "-m", "guandan_learn", "--version"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == f"guandan-learn {__version__}"


def test_lab_and_app_run_jupyter_on_the_copies(tmp_path: Path, jupyter_data: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import subprocess

    ran: list[tuple[list[str], str | None]] = []
    envs: list[dict[str, str] | None] = []

    class Server:
        def __init__(self, command: list[str], cwd: str | None = None,
                     env: dict[str, str] | None = None) -> None:
            ran.append((command, cwd))
            envs.append(env)

        def wait(self) -> int:
            return 0

    monkeypatch.setattr(subprocess, "Popen", Server)
    dest = tmp_path / "lab"
    assert main(["lab", str(dest), "--lang", "en", "--no-browser", "--port", "9999"]) == 0
    command, cwd = ran[-1]
    assert command[1:3] == ["-m", "jupyterlab"] and cwd == str(dest)
    assert f"--ServerApp.root_dir={dest}" in command and "--no-browser" in command
    assert "--ServerApp.port=9999" in command and command[-1] == "00_start_here.ipynb"
    (dest / "03_combinations.ipynb").write_text("{}", encoding="utf-8")
    assert main(["lab", str(dest), "--lang", "en"]) == 0  # keeps the edited copy, opens
    assert "Kept your edited copies of: 03_combinations.ipynb" in capsys.readouterr().out
    assert ran[-1][0][-1] != "00_start_here.ipynb"
    assert main(["app", "--lang", "pt", "--port", "8999", "--no-browser"]) == 0
    command, _ = ran[-1]
    assert command[1:3] == ["-m", "voila"] and command[3].endswith("pt")  # the app's folder
    assert "--port=8999" in command and "http://localhost:8999/voila/render/app.ipynb" in (
        capsys.readouterr().out)
    assert "--template=guandan" in command and "guandan_learn" in envs[-1]["JUPYTER_PATH"]
    set_language("en")
