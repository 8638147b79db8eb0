"""Real-browser fixtures: JupyterLab and Voilà on 127.0.0.1, Debian's chromium via Playwright.

Each server runs in its own process group (``setsid``) on a free port (no retries), with every
Jupyter and IPython folder in a temporary directory and a copy of ``notebooks/``; JupyterLab has
no token and no password, and ``expose_app_in_browser`` so tests can call its commands. When
chromium, Playwright or Voilà is missing the tests skip, except under CI (``CI`` set), where
they fail: CI must really run them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(__file__).with_name("notebooks")
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = os.environ.get("GUANDAN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SERVER_TIMEOUT = 60


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers",
                            "browser: drives a real browser against JupyterLab or Voilà")


def _missing(reason: str) -> None:
    """Fails under CI, skips elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so browser tests must run)", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Returns the folder for screenshots and logs (gitignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.glob("*.png"):  # screenshots of this run only
        old.unlink()
    return ARTIFACTS


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Returns the environment for servers: every Jupyter and IPython folder a temporary one."""
    base = tmp_path_factory.mktemp("jupyter")
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        folder = base / name.lower()
        folder.mkdir()
        env[name] = str(folder)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    # No news pop-up over the notebook in screenshots.
    labconfig = base / "jupyter_config_dir" / "labconfig"
    labconfig.mkdir()
    (labconfig / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    return env


@pytest.fixture(scope="session")
def notebook_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Returns a temporary copy of the test notebooks, which the servers may change freely."""
    root = tmp_path_factory.mktemp("served") / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    return root


@contextmanager
def serve(name: str, argv: list[str], env: dict[str, str], root: Path, ready: str,
          artifacts: Path) -> Iterator[str]:
    """Runs a server on a free port of 127.0.0.1 until the block ends; yields its base URL.

    ``argv`` may use ``{port}``. The server runs in its own process group (``setsid``), so its
    kernels stop with it; its log goes to ``test-artifacts/browser/<name>.log``. ``ready`` is
    the path that answers 200 once the server is up.
    """
    port = _free_port()
    log = (artifacts / f"{name}.log").open("w")
    proc = subprocess.Popen(
        [arg.format(port=port) for arg in argv], env=env, cwd=root, stdout=log,
        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        start_new_session=True)  # setsid: the server and its kernels form one process group
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"{name} exited with {proc.returncode}; see {log.name}")
            try:
                with urllib.request.urlopen(url + ready, timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"{name} did not answer on {url} in {SERVER_TIMEOUT} s")
            time.sleep(0.25)
        yield url
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


@pytest.fixture(scope="session")
def lab_url(jupyter_env: dict[str, str], notebook_root: Path, artifacts: Path) -> Iterator[str]:
    """Starts JupyterLab on a free port of 127.0.0.1 and returns its base URL."""
    argv = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
            "--ip=127.0.0.1", "--port={port}", "--ServerApp.port_retries=0",
            "--ServerApp.token=", "--ServerApp.password=",
            f"--ServerApp.root_dir={notebook_root}", "--LabApp.expose_app_in_browser=True"]
    with serve("jupyterlab", argv, jupyter_env, notebook_root, "/api/status",
               artifacts) as url:
        yield url


@pytest.fixture(scope="session")
def voila_url(jupyter_env: dict[str, str], notebook_root: Path, artifacts: Path) -> Iterator[str]:
    """Starts Voilà on a free port of 127.0.0.1, serving the test notebooks; returns its URL.

    A notebook renders at ``<url>/voila/render/<name>.ipynb``.
    """
    try:
        import voila  # noqa: F401
    except ImportError:
        _missing("Voilà is not installed (pip install voila)")
    from guandan_learn.offline import VOILA_ARGS, voila_env

    argv = [sys.executable, "-m", "voila", str(notebook_root), "--no-browser",
            "--Voila.ip=127.0.0.1", "--port={port}", "--Voila.port_retries=0",
            "--show_tracebacks=True", *VOILA_ARGS]  # the template with no CDN, as `make app`
    with serve("voila", argv, voila_env(jupyter_env), notebook_root, "/", artifacts) as url:
        yield url


@pytest.fixture(scope="session")
def app_url(jupyter_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory,
            artifacts: Path) -> Iterator[tuple[str, Path]]:
    """Starts Voilà on a copy of the study app (``notebooks/app.ipynb``, what ``make app``
    serves), saving answers to a temporary progress file; returns the URL and that file.

    The app renders at ``<url>/voila/render/app.ipynb``.
    """
    try:
        import voila  # noqa: F401
    except ImportError:
        _missing("Voilà is not installed (pip install voila)")
    root = tmp_path_factory.mktemp("app")
    shutil.copy(ROOT / "notebooks" / "app.ipynb", root / "app.ipynb")
    progress = root / "progress.sqlite3"
    from guandan_learn.offline import VOILA_ARGS, voila_env

    env = voila_env({**jupyter_env, "GUANDAN_PROGRESS": str(progress)})
    argv = [sys.executable, "-m", "voila", str(root), "--no-browser", "--Voila.ip=127.0.0.1",
            "--port={port}", "--Voila.port_retries=0", "--show_tracebacks=True", *VOILA_ARGS]
    with serve("voila_app", argv, env, root, "/", artifacts) as url:
        yield url, progress


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Launches Debian's chromium, headless, through Playwright."""
    if not Path(CHROMIUM).exists():
        _missing(f"{CHROMIUM} is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed (pip install playwright)")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: object, artifacts: Path, request: pytest.FixtureRequest) -> Iterator[object]:
    """Opens a fresh page; on failure, saves a screenshot named after the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        pg.screenshot(path=str(artifacts / f"FAILED-{request.node.name}.png"), full_page=True)
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)
