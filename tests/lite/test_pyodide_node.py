"""The built wheel in the npm Pyodide core under node, with no PyYAML, numpy or matplotlib.

The wheel and its pure-Python dependencies are the ones the site serves
(``static/pyodide-lock/``); ``in_pyodide.py`` uses the engine, loads the bank from its JSON
copies, grades a chapter's quiz, records answers in the browser's store and reads them back,
solves an endgame, and gets a sentence for a figure. About 5 s.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
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
