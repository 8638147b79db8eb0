"""Handing in from the study app in Voilà, in chromium: "Download my results" really downloads
the learner's results file, named after them (their JupyterHub user) and the date."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

# The browser conftest's helpers (``serve``), loaded under a name of their own.
_spec = importlib.util.spec_from_file_location("browser_conftest",
                                               Path(__file__).with_name("conftest.py"))
assert _spec is not None and _spec.loader is not None
helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(helpers)


@pytest.fixture(scope="module")
def hub_app(jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory,
            artifacts: Path) -> Iterator[str]:
    """Serves the study app as a JupyterHub user whose progress holds one answer."""
    try:
        import voila  # noqa: F401
    except ImportError:
        helpers._missing("Voilà is not installed (pip install voila)")
    from guandan_learn.exercises import generate, grade
    from guandan_learn.progress import Progress

    root = tmp_path_factory.mktemp("hub_app")
    shutil.copy(helpers.ROOT / "notebooks" / "app.ipynb", root / "app.ipynb")
    progress = root / "progress.sqlite3"
    with Progress(progress) as mine:
        puzzle = generate("legal_play", 3)
        mine.record(puzzle, grade(puzzle, "yes"), answer="yes")
    env = {**jupyter_env, "GUANDAN_PROGRESS": str(progress), "JUPYTERHUB_USER": "ana.hub"}
    argv = [sys.executable, "-m", "voila", str(root), "--no-browser", "--Voila.ip=127.0.0.1",
            "--port={port}", "--Voila.port_retries=0", "--show_tracebacks=True"]
    with helpers.serve("voila_hand_in", argv, env, root, "/", artifacts) as url:
        yield url


def test_download_my_results_in_voila(page, hub_app: str, artifacts: Path,
                                      tmp_path: Path) -> None:
    from playwright.sync_api import expect

    from guandan_learn.progress import read_results

    page.goto(f"{hub_app}/voila/render/app.ipynb")
    box = page.locator(".gdl-hand-in")
    link = box.get_by_role("link", name="Download my results")
    expect(link).to_be_visible(timeout=90_000)
    expect(box.get_by_role("textbox")).to_have_value("ana.hub")
    box.screenshot(path=str(artifacts / "voila_hand_in.png"))
    with page.expect_download() as caught:
        link.click()
    download = caught.value
    today = datetime.now(UTC).date().isoformat()
    assert download.suggested_filename == f"ana.hub_{today}.csv"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    results = read_results(saved)
    assert results.problems == []
    (row,) = results.answers
    assert (row.learner, row.puzzle, row.correct) == ("ana.hub", "legal_play-d1-s3", False)
