"""Benchmarks of the notebooks: each in a fresh kernel, every cell run in order (Lab's Run All).

    python benchmarks/bench_notebooks.py [--lang en pt es] [--only 04 app ...] [--budget S]
                                         [--slowest N] [--against DIR_OR_REV] [--strict]

For every chapter notebook, the study app, the cheat sheet and the teacher's notebook, in each
language asked for (English in ``notebooks/``, the others in ``notebooks/<lang>/``), a kernel is
started (the time until it answers is the "kernel" column), then the cells run one by one
through nbclient, as JupyterLab's Run All sends them; "run" is the time from the first cell
sent to the last one finished, the time a learner waits after Run All. Each row also shows the
slowest cells (their index in the notebook and the time) and the machine's load average (1 min)
before the notebook. The kernels import the ``guandan_learn`` of the tree they time (through
``PYTHONPATH``) and save no progress (``GUANDAN_PROGRESS=off``), as under the tests. Their
bytecode is cached as on a learner's computer, even where ``PYTHONDONTWRITEBYTECODE`` is set:
before the timings, each tree's package is compiled, the libraries the notebooks import are
imported and a kernel is started once, into a cache folder of the run (``PYTHONPYCACHEPREFIX``,
which Python then reads instead of every ``__pycache__``), so no time goes to compiling and no
``__pycache__`` is written into the trees.

The budget (issue 26): Run All of every notebook under ``--budget`` seconds (10). A notebook of
this tree over it is marked OVER BUDGET and listed at the end with the machine's load average
(a loaded machine is slower, so ``make bench`` still passes); with ``--strict`` the script then
exits 1. A cell that fails makes it exit 1 always.

With ``--against DIR_OR_REV`` another checkout (a folder, e.g. the main checkout, or a commit,
checked out in a temporary git worktree) runs each notebook too, its own copy with its own
package, one after the other notebook by notebook, the order alternating, so that the machine's
load falls on both alike; the other tree's times are shown, not held to the budget.

This is a script, not a test: timings on shared machines vary, so no test asserts on them.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TREE = HERE.parent

#: The notebooks timed besides the chapters (``NN_*.ipynb``): the rulebook has no code to run.
EXTRA = ("app", "cheat_sheet", "teacher_classroom")
LANGUAGES = ("en", "pt", "es")


@dataclass
class Timing:
    """The times of one notebook run: kernel start, Run All, and each code cell's time."""

    kernel: float
    run: float
    load: float
    cells: list[tuple[int, float]] = field(default_factory=list)
    error: str = ""

    def slowest(self, n: int) -> str:
        """Returns the ``n`` slowest cells as ``#index time`` pairs, slowest first."""
        top = sorted(self.cells, key=lambda c: -c[1])[:n]
        return " ".join(f"#{i}:{t:.2f}" for i, t in top)


def notebooks(tree: Path, lang: str, only: list[str]) -> list[Path]:
    """Returns the notebooks of ``tree`` timed in ``lang``, filtered by the ``only`` prefixes."""
    folder = tree / "notebooks" if lang == "en" else tree / "notebooks" / lang
    found = sorted(p for p in folder.glob("*.ipynb")
                   if p.stem[:2].isdigit() or p.stem in EXTRA)
    if only:
        found = [p for p in found if any(p.stem.startswith(o) for o in only)]
    return found


def kernel_env(tree: Path, pycache: Path) -> dict[str, str]:
    """Returns the environment of the kernels timing ``tree``, bytecode cached in ``pycache``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONPYCACHEPREFIX": str(pycache),
           "GUANDAN_PROGRESS": "off", "GUANDAN_LANG": "en",
           "PYDEVD_DISABLE_FILE_VALIDATION": "1"}
    for name in ("PYTHONDONTWRITEBYTECODE", "GUANDAN_LEARNER"):
        env.pop(name, None)
    return env


#: What a kernel and the notebooks import, imported once per tree before the timings.
WARM_UP = ("import ipykernel.kernelapp, ipykernel.ipkernel, IPython, ipywidgets, anywidget, "
           "matplotlib.pyplot, matplotlib_inline.backend_inline, jsonschema, yaml, nbformat, "
           "guandan_learn.widgets, guandan_learn.plots, guandan_learn.classroom")


def warm_up(tree: Path, env: dict[str, str]) -> None:
    """Fills the run's bytecode cache for ``tree``: its package compiled, the libraries the
    notebooks use imported (as a learner's computer has them after the first run)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "guandan_learn")],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, "-c", WARM_UP], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import nbformat

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import guandan_learn")])
    run_cells(nb, tree, env)  # a kernel's own modules, as the first kernel of a day loads them


def run_notebook(path: Path, env: dict[str, str]) -> Timing:
    """Runs every cell of ``path`` in a fresh kernel with the environment ``env``."""
    import nbformat

    return run_cells(nbformat.read(path, as_version=4), path.parent, env)


def run_cells(nb: Any, folder: Path, env: dict[str, str]) -> Timing:
    """Runs every code cell of the notebook ``nb`` in a fresh kernel started in ``folder``."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}})
    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    # The kernel's stderr (its start-up warnings) is not the report's.
    with client.setup_kernel(env=env, cwd=str(folder), stderr=subprocess.DEVNULL):
        t1 = time.perf_counter()
        timing = Timing(kernel=t1 - t0, run=0.0, load=load)
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            c0 = time.perf_counter()
            try:
                client.execute_cell(cell, index)
            except CellExecutionError as e:
                timing.error = f"cell #{index}: {str(e).strip().splitlines()[-1]}"
                break
            finally:
                timing.cells.append((index, time.perf_counter() - c0))
        timing.run = time.perf_counter() - t1
    return timing


def other_tree(spec: str, tmp: str) -> tuple[str, Path, bool]:
    """Returns the label, folder and whether it is a temporary worktree, for ``--against``."""
    if Path(spec).is_dir():
        return Path(spec).name or spec, Path(spec).resolve(), False
    folder = Path(tmp) / "against"
    subprocess.run(["git", "-C", str(TREE), "worktree", "add", "--detach", "--quiet",
                    str(folder), spec], check=True)
    return spec[:8], folder, True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="+", choices=LANGUAGES, default=list(LANGUAGES))
    parser.add_argument("--only", nargs="+", default=[], metavar="PREFIX",
                        help="only the notebooks whose name starts so (04, app, cheat)")
    parser.add_argument("--budget", type=float, default=10.0,
                        help="seconds allowed for Run All of one notebook (default 10)")
    parser.add_argument("--slowest", type=int, default=3, help="slowest cells shown per row")
    parser.add_argument("--against", metavar="DIR_OR_REV",
                        help="another checkout or commit to time side by side")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when a notebook of this tree is over the budget")
    args = parser.parse_args(argv)

    over, failed = [], []
    with tempfile.TemporaryDirectory() as tmp:
        trees: list[tuple[str, Path]] = [("this", TREE)]
        temporary = None
        if args.against:
            label, folder, is_temp = other_tree(args.against, tmp)
            trees.append((label, folder))
            temporary = folder if is_temp else None
        try:
            envs = {}
            for label, tree in trees:  # one cache: the trees' files have paths of their own
                envs[label] = kernel_env(tree, Path(tmp) / "pycache")
                warm_up(tree, envs[label])
            print(f"Notebooks, Run All in a fresh kernel, {platform.python_implementation()} "
                  f"{platform.python_version()}, {os.cpu_count()} cores, budget "
                  f"{args.budget:g} s (seconds of wall time; load = 1-min load average before)")
            print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            print(f"  {'notebook':<36} {'tree':<8} {'kernel':>7} {'run':>7} {'load':>5}  "
                  "slowest cells (#index:s)")
            turn = 0
            for lang in args.lang:
                for path in notebooks(TREE, lang, args.only):
                    rel = path.relative_to(TREE / "notebooks")
                    order = trees if turn % 2 == 0 else trees[::-1]
                    turn += 1
                    for label, tree in order:
                        target = tree / "notebooks" / rel
                        if not target.exists():
                            print(f"  {rel!s:<36} {label:<8} (no such notebook)")
                            continue
                        t = run_notebook(target, envs[label])
                        mark = ""
                        if t.error:
                            mark = f"  FAILED {t.error}"
                            failed.append((label, rel))
                        elif t.run > args.budget:
                            mark = "  OVER BUDGET"
                            if label == "this":
                                over.append(rel)
                        print(f"  {rel!s:<36} {label:<8} {t.kernel:>7.2f} {t.run:>7.2f} "
                              f"{t.load:>5.2f}  {t.slowest(args.slowest)}{mark}", flush=True)
        finally:
            if temporary is not None:
                subprocess.run(["git", "-C", str(TREE), "worktree", "remove", "--force",
                                str(temporary)], check=False)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average after: {load}")
    if over:
        print(f"over the budget of {args.budget:g} s (load average {load}): "
              f"{', '.join(map(str, over))}"
              + ("" if args.strict else " (reported only; --strict makes this a failure)"))
    if failed:
        print(f"failed: {', '.join(f'{r} ({label})' for label, r in failed)}")
    return 1 if failed or (over and args.strict) else 0


if __name__ == "__main__":
    sys.exit(main())
