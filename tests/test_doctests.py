"""Runs the doctests of every ``guandan_learn`` module that imports without the lab extras."""

from __future__ import annotations

import doctest
import importlib
import io
import pkgutil
from types import ModuleType

import pytest

import guandan_learn
from guandan_learn import set_language

#: Optional packages of the lab extra; modules that need them are marked ``lab`` when missing.
OPTIONAL = {"jupyter", "jupyterlab", "jupyter_core", "ipywidgets", "anywidget", "IPython",
            "ipykernel", "matplotlib", "traitlets", "comm"}

SUBMODULES = sorted(
    info.name for info in pkgutil.walk_packages(guandan_learn.__path__, "guandan_learn."))


def _needs_lab(name: str) -> bool:
    """Tells whether a module fails to import for want of the lab extra."""
    try:
        importlib.import_module(name)
    except ImportError as err:
        return (err.name or "").split(".")[0] in OPTIONAL
    return False


#: Modules that import without the lab extra (matplotlib is imported when a figure is drawn)
#: but whose doctests draw figures.
DRAWS = {"guandan_learn.plots"}

#: Each module, marked ``lab`` when it needs the lab extra here: `make test-lowest`, which runs
#: without it, deselects those instead of skipping them.
MODULES = [pytest.param(name, marks=pytest.mark.lab) if name in DRAWS or _needs_lab(name)
           else name for name in ["guandan_learn", *SUBMODULES]]


def _import(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError as err:
        missing = (err.name or "").split(".")[0]
        if missing in OPTIONAL:
            pytest.skip(f"{name} needs {missing}, which is not installed")
        raise


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = _import(name)
    set_language("en")  # doctests show the English sentences
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = io.StringIO()
    for test in finder.find(module, name):
        runner.run(test, out=out.write)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, out.getvalue()


def test_core_modules_have_doctests() -> None:
    """The public functions carry examples (issue 2)."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    for name in ("guandan_learn.cards", "guandan_learn.combo", "guandan_learn.judge"):
        module = importlib.import_module(name)
        assert sum(len(t.examples) for t in finder.find(module, name)) > 0, name


def test_readme_examples() -> None:
    """The README's examples run as written (like python-chess, the README is a doctest)."""
    from pathlib import Path

    readme = Path(__file__).resolve().parent.parent / "README.md"
    set_language("en")
    results = doctest.testfile(str(readme), module_relative=False,
                               optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert results.attempted > 0
    assert results.failed == 0
