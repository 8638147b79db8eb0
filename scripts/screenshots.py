"""Takes the README's screenshots: one chapter per language, in JupyterLab, as a learner sees it.

Starts JupyterLab on 127.0.0.1 (no token, every Jupyter folder temporary) over a trusted copy
of the built notebooks, opens each chapter with its stored outputs in Debian's chromium
(through Playwright), scrolls to its first picture and saves ``docs/screenshots/<lang>_<chapter
number>.png`` (1280 × 860, no kernel run needed). Build the notebooks first
(``scripts/build_notebooks.py``), then:

    .venv/bin/python scripts/screenshots.py            # the default three
    .venv/bin/python scripts/screenshots.py en:04 pt:03 es:02   # language:chapter
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = os.environ.get("GUANDAN_CHROMIUM", "/usr/bin/chromium")
DEFAULT = ("en:04", "pt:01", "es:00")
VIEWPORT = {"width": 1280, "height": 860}
#: The most a screenshot may weigh (the README loads it).
MAX_BYTES = 400_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _chapter(prefix: str) -> str:
    """Returns the chapter's file stem for a number prefix such as ``04``."""
    (path,) = sorted((ROOT / "notebooks").glob(f"{prefix}_*.ipynb"))
    return path.stem


def _copy(work: Path, wanted: list[tuple[str, str]], env: dict[str, str]) -> Path:
    """Copies the wanted chapters into ``work/served/<lang>/`` and marks them trusted."""
    served = work / "served"
    copies = []
    for lang, stem in wanted:
        folder = served / lang
        folder.mkdir(parents=True, exist_ok=True)
        source = ROOT / "notebooks" / ("" if lang == "en" else lang) / f"{stem}.ipynb"
        copies.append(str(shutil.copy(source, folder / source.name)))
    subprocess.run([sys.executable, "-m", "jupyter", "trust", *copies], env=env, check=True,
                   capture_output=True)
    return served


def _environment(work: Path) -> dict[str, str]:
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", GUANDAN_PROGRESS="off")
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (work / name.lower()).mkdir()
        env[name] = str(work / name.lower())
    labconfig = work / "jupyter_config_dir" / "labconfig"
    labconfig.mkdir()
    (labconfig / "page_config.json").write_text(json.dumps(  # no news pop-up in the picture
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    return env


def _serve(served: Path, env: dict[str, str], log: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    argv = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
            "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
            "--ServerApp.token=", "--ServerApp.password=", f"--ServerApp.root_dir={served}",
            "--LabApp.expose_app_in_browser=True"]
    proc = subprocess.Popen(argv, env=env, cwd=served, stdout=log.open("w"),
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"JupyterLab exited with {proc.returncode}; see {log}")
        try:
            with urllib.request.urlopen(url + "/api/status", timeout=2) as response:
                if response.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGTERM)
    sys.exit(f"JupyterLab did not answer in 90 s; see {log}")


def _shoot(page, url: str, lang: str, stem: str, target: Path) -> None:
    path = f"{lang}/{stem}.ipynb"
    cells = len(json.loads((ROOT / "notebooks" / ("" if lang == "en" else lang)
                            / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"])
    page.goto(f"{url}/lab/tree/{path}?reset")
    page.wait_for_function(
        "(n) => document.querySelectorAll('.jp-NotebookPanel .jp-Cell').length >= n",
        arg=cells, timeout=90_000, polling=200)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.wait_for_timeout(1500)  # the kernel starts; the status bar settles
    # The chapter's heading and first picture: scroll so the first picture sits mid-screen.
    page.evaluate("""() => {
      const scroller = document.querySelector('.jp-WindowedPanel-outer');
      const picture = document.querySelector('.jp-OutputArea-output svg');
      if (!scroller || !picture) return;
      const top = picture.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
      scroller.scrollTop = Math.max(0, scroller.scrollTop + top - 420);
    }""")
    page.wait_for_timeout(800)
    page.mouse.move(0, VIEWPORT["height"] - 1)  # no hover highlight
    page.screenshot(path=str(target))


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    wanted = [(item.split(":")[0], _chapter(item.split(":")[1])) for item in (argv or DEFAULT)]
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gdl-shots-") as tmp:
        work = Path(tmp)
        env = _environment(work)
        served = _copy(work, wanted, env)
        proc, url = _serve(served, env, work / "jupyterlab.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                            args=["--no-sandbox", "--disable-gpu"])
                page = browser.new_context(viewport=VIEWPORT).new_page()
                for lang, stem in wanted:
                    target = OUT / f"{lang}_{stem[:2]}.png"
                    _shoot(page, url, lang, stem, target)
                    size = target.stat().st_size
                    print(f"{target.relative_to(ROOT)}: {size // 1000} kB")
                    if size > MAX_BYTES:
                        print(f"  larger than {MAX_BYTES // 1000} kB", file=sys.stderr)
                browser.close()
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
