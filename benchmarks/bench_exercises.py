"""Benchmark of the puzzle generators: puzzles per second for each kind and difficulty.

Run with ``python benchmarks/bench_exercises.py [--count N]``. A script, not a test: timings
on shared machines vary. Target: at least 1,000 puzzles per second for every kind except
``find_play`` and ``endgame``: an endgame puzzle is kept only when the exact solver finds that
the hero wins with one or two first moves, so each one solves several candidate positions
(its figures are the solver's, in ``bench_endgame.py``). Last, the time to make a teacher's
class set of worksheets (``worksheet.class_set``: 25 students, 10 mixed questions).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from guandan_learn.exercises import KINDS, generate
from guandan_learn.worksheet import class_set


def rate(kind: str, difficulty: int, count: int) -> float:
    """Returns puzzles per second over ``count`` seeds (CPU time of this thread)."""
    t0 = time.thread_time()
    for seed in range(count):
        generate(kind, seed, difficulty)
    return count / max(time.thread_time() - t0, 1e-9)


def main(argv: list[str] | None = None) -> int:
    """Prints the table of rates; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=1000, help="seeds per kind and difficulty")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{args.count} seeds per cell")
    print(f"{'kind':<14}{'d1/s':>9}{'d2/s':>9}{'d3/s':>9}{'all/s':>9}")
    for kind in KINDS:
        rates = [rate(kind, d, args.count) for d in (1, 2, 3)]
        overall = 3 / sum(1 / r for r in rates)
        flag = "" if overall >= 1000 or kind in ("find_play", "endgame") else "  (below target)"
        print(f"{kind:<14}" + "".join(f"{r:9.0f}" for r in rates) + f"{overall:9.0f}{flag}")
    roster = [f"Student {n:02d}" for n in range(1, 26)]
    for difficulty in (1, 2):
        t0 = time.thread_time()
        class_set("mixed", 10, 2026, roster, difficulty)
        print(f"class set, 25 students x 10 mixed questions, difficulty {difficulty}: "
              f"{time.thread_time() - t0:.2f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
