"""The notebook benchmark's verdict: a notebook over its time budget is reported, with the
machine's load, and fails the run only with ``--strict``; a failing cell always fails it.

No kernel is started: the timings are made up, the script's reporting is what is tested."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bench_notebooks", ROOT / "benchmarks" / "bench_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_notebooks", module)  # its dataclass looks it up
    spec.loader.exec_module(module)
    return module


@pytest.fixture()
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The script with no kernel: every notebook takes 12 s, chapter 2's first cell fails."""
    module = _bench(monkeypatch)

    def run_notebook(path: Path, env: dict[str, str]) -> object:
        error = "cell #1: NameError: x" if path.stem.startswith("02") else ""
        return module.Timing(kernel=1.0, run=12.0, load=3.5, cells=[(1, 12.0)], error=error)

    monkeypatch.setattr(module, "warm_up", lambda tree, env: None)
    monkeypatch.setattr(module, "run_notebook", run_notebook)
    monkeypatch.setattr(module.os, "getloadavg", lambda: (3.5, 2.25, 1.0))
    return module


def test_a_notebook_over_budget_is_reported_and_fails_only_when_strict(
        bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--lang", "en", "--only", "01"]) == 0
    out = capsys.readouterr().out
    assert "OVER BUDGET" in out
    assert "over the budget of 10 s (load average 3.50 2.25 1.00): 01_" in out
    assert bench.main(["--lang", "en", "--only", "01", "--strict"]) == 1


def test_a_failing_cell_fails_the_run(bench: ModuleType,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--lang", "en", "--only", "02", "--budget", "60"]) == 1
    assert "FAILED cell #1: NameError: x" in capsys.readouterr().out
