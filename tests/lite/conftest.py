"""The course in the browser: the built JupyterLite site and the npm Pyodide core.

``make lite`` builds the site into ``build/lite`` (``GUANDAN_LITE_SITE`` overrides) and
``make pyodide`` puts the ``pyodide`` npm package in ``~/.cache/guandan-learn/pyodide``
(``GUANDAN_PYODIDE_DIR``). Without them these tests skip, except under CI (``CI`` set), where
they fail: CI must really run them. Nothing here reaches the network.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("GUANDAN_LITE_SITE") or ROOT / "build" / "lite")
PYODIDE = Path(os.environ.get("GUANDAN_PYODIDE_DIR")
               or Path.home() / ".cache" / "guandan-learn" / "pyodide")


def missing(reason: str) -> None:
    """Fails under CI, skips elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so the JupyterLite tests must run)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def lite_site() -> Path:
    """Returns the folder of the built site (``make lite``)."""
    if not (SITE / "jupyter-lite.json").is_file():
        missing(f"no JupyterLite site in {SITE}: run make lite")
    return SITE


@pytest.fixture(scope="session")
def pyodide_core() -> Path:
    """Returns the folder of the npm Pyodide core (``make pyodide``)."""
    for folder in (PYODIDE / "node_modules" / "pyodide", PYODIDE):
        if (folder / "pyodide.mjs").is_file():
            return folder
    missing(f"no Pyodide core in {PYODIDE}: run make pyodide")
    raise AssertionError("unreachable")


@pytest.fixture(scope="session")
def node() -> str:
    """Returns the ``node`` program."""
    found = shutil.which("node")
    if found is None:
        missing("node is not installed")
    assert found is not None
    return found
