"""The built wheel in the npm Pyodide core under node, with no PyYAML, numpy or matplotlib.

The wheel and its pure-Python dependencies are the ones the site serves
(``static/pyodide-lock/``); ``in_pyodide.py`` uses the engine, loads the bank from its JSON
copies, grades a chapter's quiz, records answers in the browser's store and reads them back,
solves an endgame, and gets a sentence for a figure; the site serves every package but the
figures' and every chapter in every language. About 10 s.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from guandan_learn.lite import KERNELSPEC

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The wheels the engine needs in the browser: the project's and its runtime dependencies.
WHEELS = ("guandan_learn-", "fsrs-", "platformdirs-", "typing_extensions-")


def test_the_wheel_runs_in_pyodide_without_compiled_packages(lite_site: Path,
                                                              pyodide_core: Path,
                                                              node: str) -> None:
    folder = lite_site / "static" / "pyodide-lock"
    wheels = [next(iter(sorted(folder.glob(f"{prefix}*.whl"))), None) for prefix in WHEELS]
    assert all(wheels), f"the site lacks a wheel of {WHEELS}: {sorted(folder.iterdir())}"
    done = subprocess.run([node, str(HERE / "pyodide_run.mjs"), str(pyodide_core),
                           str(HERE / "in_pyodide.py"), *map(str, wheels)],
                          capture_output=True, text=True, timeout=180, check=False)
    out = done.stdout + done.stderr[-3000:]
    assert done.returncode == 0, out
    for step in ("import", "engine", "bank", "chapters and glossary", "quiz graded",
                 "answers recorded and read back", "endgame solved",
                 "figure replaced by a sentence"):
        assert f"ok {step}" in done.stdout, out
    print(done.stdout)


def test_the_site_serves_every_package_but_the_figures(lite_site: Path) -> None:
    from guandan_learn.lite import FROM_CDN, PYODIDE_CDN

    lock = json.loads((lite_site / "static" / "pyodide-lock" / "pyodide-lock.json").read_text(
        encoding="utf-8"))["packages"]
    remote = {name for name, entry in lock.items() if "://" in entry["file_name"]}
    assert set(FROM_CDN) <= remote and "numpy" in remote
    assert all(lock[name]["file_name"].startswith(PYODIDE_CDN + "/") for name in remote)
    local = set(lock) - remote
    assert {"guandan-learn", "ipywidgets", "anywidget", "fsrs", "micropip"} <= local
    for name in local:  # each served from the site itself, and there
        path = (lite_site / "static" / "pyodide-lock" / lock[name]["file_name"]).resolve()
        assert path.is_file() and lite_site.resolve() in path.parents, (name, path)
    assert not {"pyyaml", "jsonschema", "rpds-py"} & set(lock)
    config = json.loads((lite_site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True


def test_the_site_holds_every_chapter_in_every_language(lite_site: Path) -> None:
    from guandan_learn.course import chapters

    wanted = {f"{c.id}.ipynb" for c in chapters()} | {"app.ipynb", "rulebook.ipynb"}
    for folder in ("", "pt", "es"):
        listing = json.loads((lite_site / "api" / "contents" / folder / "all.json").read_text(
            encoding="utf-8"))
        names = {item["name"] for item in listing["content"]}
        assert wanted <= names, (folder, wanted - names)
        for name in wanted:  # the notebook as the repository has it, naming the site's kernel
            served = json.loads((lite_site / "files" / folder / name).read_text(encoding="utf-8"))
            stored = json.loads((ROOT / "notebooks" / folder / name).read_text(encoding="utf-8"))
            assert served["metadata"].pop("kernelspec") == KERNELSPEC, (folder, name)
            stored["metadata"].pop("kernelspec", None)
            assert served == stored, (folder, name)
