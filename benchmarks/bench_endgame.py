"""Benchmarks of the endgame solver on seeded random positions, optionally against another commit.

    python benchmarks/bench_endgame.py [--quick] [--cpu-limit S] [--against REV] [--rows ...]
                                       [--line]

Each row deals seeded random positions (random level, seat to move and goal): four hands of 1–6
cards, exactly 6, exactly 8, 1–10. Every position is solved in a worker process with no search
limit of its own; the worker stops a position that passes ``--cpu-limit`` seconds of CPU time
(a timer of user and system CPU time, ``ITIMER_PROF``, so the clock that stops it is the
clock reported), and such a position is shown in the "stopped" column and left out of the
medians, never counted at the cut-off. A position is timed to its answer (``.wins`` and
``.winning_moves``); with ``--line`` its principal line is read too, which a solution plays out
when first read (older trees play it out in ``solve``, so for them the two are the same).

With ``--against REV`` the commit ``REV`` is checked out in a temporary git worktree and gets a
worker of its own; both workers solve the same positions one after the other, position by
position, the order alternating, so that the machine's load (shared and noisy) falls on both
alike. Each row then shows both trees, the ratio of their medians (this tree / REV), and every
position where the answers differ (``.wins`` or the set of winning first moves): there should
be none. Times are CPU (the worker's process time) and wall-clock milliseconds.

This is a script, not a test: timings on shared machines vary, so no test asserts on them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TREE = HERE.parent

#: The worker: reads one position a line (the endgame notation), solves it without limits of
#: its own under a CPU timer, and answers one JSON line. It imports whatever ``guandan_learn``
#: its ``PYTHONPATH`` points at, so it runs on any commit that has ``guandan_learn.endgame``.
WORKER = r'''
import json, signal, sys, time
from guandan_learn.endgame import Endgame, solve

class Stop(Exception):
    pass

def stop(signum, frame):
    raise Stop()

signal.signal(signal.SIGPROF, stop)
limit = float(sys.argv[1])
with_line = sys.argv[2:] == ["line"]
for line in sys.stdin:
    eg = Endgame.loads(line)
    c0, w0 = time.process_time(), time.perf_counter()
    signal.setitimer(signal.ITIMER_PROF, limit)
    try:
        try:
            sol = solve(eg, node_limit=None, time_limit=None)
            if with_line:
                sol.line  # played out when read
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        out = {"wins": sol.wins, "nodes": sol.nodes,
               "moves": sorted(repr(m) for m in sol.winning_moves)}
    except Stop:
        out = {"stopped": True}
    out["cpu"] = (time.process_time() - c0) * 1000
    out["wall"] = (time.perf_counter() - w0) * 1000
    print(json.dumps(out), flush=True)
'''

#: The rows: (label, most cards a hand, exactly that many?, positions, quick positions, seed).
ROWS = {
    "1-6": ("1-6 cards each", 6, False, 100, 20, 6),
    "6": ("exactly 6 each", 6, True, 50, 10, 60),
    "8": ("exactly 8 each", 8, True, 20, 5, 80),
    "1-10": ("1-10 cards each", 10, False, 50, 10, 10),
}


def pct(values: Sequence[float], q: float) -> float:
    """Returns the q-quantile (0–1) of the values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def position(rng: random.Random, max_cards: int, exact: bool) -> str:
    """Deals four hands of 1–``max_cards`` cards (or exactly that many) from a shuffled pack;
    returns the position in the endgame notation."""
    from guandan_learn import LEVELS, deck
    from guandan_learn.endgame import GOALS, Endgame

    cards = deck()
    rng.shuffle(cards)
    hands = []
    for _ in range(4):
        n = max_cards if exact else rng.randint(1, max_cards)
        hands.append(cards[:n])
        cards = cards[n:]
    return Endgame(hands, rng.choice(LEVELS), rng.randrange(4), None,
                   rng.choice(GOALS)).dumps()


class Worker:
    """One solving process on one source tree."""

    def __init__(self, tree: Path, cpu_limit: float, line: bool = False) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, str(cpu_limit), *(["line"] if line else [])],
            env=env, cwd=str(tree),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def solve(self, text: str) -> dict[str, Any]:
        """Returns the worker's answer for one position."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"a worker died on: {text}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self, now: bool = False) -> None:
        """Ends the worker: after its position, or ``now``."""
        assert self.process.stdin is not None
        if now:
            self.process.kill()
        self.process.stdin.close()
        self.process.wait()


def summary(results: list[dict[str, Any]]) -> tuple[str, float]:
    """Returns a tree's columns for a row and its median CPU ms (over the solved positions)."""
    done = [r for r in results if not r.get("stopped")]
    stopped = len(results) - len(done)
    if not done:
        return f"{'-':>9} {'-':>9} {'-':>9} {'-':>9} {'-':>8} {stopped:>4}", float("nan")
    cpu = [r["cpu"] for r in done]
    wall = [r["wall"] for r in done]
    med = statistics.median(cpu)
    cols = (f"{med:>9.1f} {pct(cpu, 0.95):>9.1f} {max(cpu):>9.1f} "
            f"{statistics.median(wall):>9.1f} {statistics.median(r['nodes'] for r in done):>8.0f}"
            f" {stopped:>4}")
    return cols, med


def run_row(key: str, workers: list[tuple[str, Worker]], quick: bool, count: int | None,
            verbose: bool) -> list[str]:
    """Runs one row on every worker, interleaved; prints it; returns the differing positions."""
    label, max_cards, exact, n, nq, seed = ROWS[key]
    count = count or (nq if quick else n)
    rng = random.Random(seed)
    results: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in workers}
    differ = []
    for i in range(count):
        text = position(rng, max_cards, exact)
        order = workers if i % 2 == 0 else workers[::-1]
        got = {name: w.solve(text) for name, w in order}
        for name, r in got.items():
            results[name].append(r)
        solved = [r for r in got.values() if not r.get("stopped")]
        if len(solved) > 1 and any((r["wins"], r["moves"]) != (solved[0]["wins"],
                                                                 solved[0]["moves"])
                                   for r in solved[1:]):
            differ.append(text)
        if verbose:
            print("    " + " | ".join(
                f"{name}: {'stopped' if r.get('stopped') else r['nodes']} "
                f"{r['cpu']:.0f} ms cpu {r['wall']:.0f} ms wall" for name, r in got.items()),
                flush=True)
    meds = []
    for name, _ in workers:
        cols, med = summary(results[name])
        meds.append(med)
        print(f"  {label:<17} {count:>5} {name:<8} {cols}", flush=True)
    if len(meds) == 2:
        # Medians under a millisecond are at the clock's grain: the total over the positions
        # both trees solved says more there.
        ratio = meds[0] / meds[1] if meds[1] == meds[1] and meds[1] >= 1 else float("nan")
        a, b = (results[name] for name, _ in workers)
        both = [(x["cpu"], y["cpu"]) for x, y in zip(a, b, strict=True)
                if not x.get("stopped") and not y.get("stopped")]
        total = sum(x for x, _ in both) / max(1e-9, sum(y for _, y in both))
        median = (f"{ratio:>9.2f}x of the median CPU" if ratio == ratio
                  else f"{'-':>9}  (no median ratio: under 1 ms, or none solved)")
        print(f"  {'':<17} {'':>5} {'ratio':<8} {median}, "
              f"{total:.2f}x of the total over the {len(both)} both solved; "
              f"answers differ on {len(differ)} of {count}", flush=True)
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions, for a smoke run")
    parser.add_argument("--cpu-limit", type=float, default=60.0,
                        help="CPU seconds a position may take before it stops (default 60)")
    parser.add_argument("--against", metavar="REV", help="another commit to time side by side")
    parser.add_argument("--rows", nargs="+", choices=list(ROWS), default=list(ROWS),
                        help="the rows to run (default: all)")
    parser.add_argument("--count", type=int, help="positions per row (default: each row's)")
    parser.add_argument("--line", action="store_true",
                        help="read each solution's principal line too (played out when read)")
    parser.add_argument("--verbose", action="store_true", help="print every position's times")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(TREE))
    # A termination signal ends the run as Ctrl+C does: the workers and the worktree go.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{platform.processor() or 'unknown cpu'}, {os.cpu_count()} cores; "
          f"load average {load}")
    here = subprocess.run(["git", "-C", str(TREE), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True).stdout.strip() or "?"
    with tempfile.TemporaryDirectory(prefix="bench-endgame-") as tmp:
        workers = [("this", Worker(TREE, args.cpu_limit, args.line))]
        other = None
        if args.against:
            other = Path(tmp) / "against"
            subprocess.run(["git", "-C", str(TREE), "worktree", "add", "--detach", "--quiet",
                            str(other), args.against], check=True)
            workers.append((args.against[:8], Worker(other, args.cpu_limit, args.line)))
        print(f"endgame solve, this tree = {here} (with any uncommitted changes)"
              + (f", against {args.against}" if args.against else "")
              + f"; a position stops past {args.cpu_limit:g} s CPU"
              + ("; the principal line read too" if args.line else "; the answer only"))
        print(f"  {'hands':<17} {'count':>5} {'tree':<8} {'cpu med':>9} {'cpu p95':>9} "
              f"{'cpu max':>9} {'wall med':>9} {'nodes':>8} {'stop':>4}   (ms)")
        differ: list[str] = []
        finished = False
        try:
            for key in args.rows:
                differ += run_row(key, workers, args.quick, args.count, args.verbose)
            finished = True
        finally:
            for _, w in workers:
                w.close(now=not finished)
            if other is not None:
                subprocess.run(["git", "-C", str(TREE), "worktree", "remove", "--force",
                                str(other)], check=False)
    for text in differ:
        print(f"ANSWERS DIFFER: {text}")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average at the end {load}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
