"""Benchmark of whole matches: how long simulated matches take, and how many deals they last.

Run with ``python benchmarks/bench_match.py [--matches N] [--players rule|random] [--quick]``.
This is a script, not a test: timings on shared machines vary, so no test asserts on them.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from guandan_learn import DEFAULT, RandomPlayer, RulePlayer, simulate_match
from guandan_learn.bots import Player


def players_for(kind: str, seed: int) -> list[Player]:
    """Returns four players of the kind asked for, seeded from the match seed."""
    if kind == "random":
        return [RandomPlayer(seed * 4 + i) for i in range(4)]
    return [RulePlayer()] * 4


def bench(count: int, kind: str) -> None:
    deals, actions, times = [], [], []
    t0 = time.perf_counter()
    for seed in range(count):
        t = time.perf_counter()
        m = simulate_match(seed, players_for(kind, seed), DEFAULT)
        times.append(time.perf_counter() - t)
        deals.append(m.number)
        actions.append(sum(len(r.deal.history) for r in m.history))
    total = time.perf_counter() - t0
    print(f"{count} matches with {kind} players (seeds 0–{count - 1}, default rules):")
    print(f"  total {total:.1f} s, {1000 * total / count:.0f} ms per match "
          f"(median {1000 * statistics.median(times):.0f} ms, max {1000 * max(times):.0f} ms)")
    print(f"  deals per match: mean {statistics.mean(deals):.1f}, median "
          f"{statistics.median(deals):.0f}, min {min(deals)}, max {max(deals)}")
    print(f"  plays and passes per match: mean {statistics.mean(actions):.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=1000, help="how many matches")
    parser.add_argument("--players", choices=["rule", "random", "both"], default="rule",
                        help="which bots play (rule is simulate_match's default)")
    parser.add_argument("--quick", action="store_true", help="50 matches, for a smoke run")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{platform.processor() or 'unknown cpu'}")
    count = 50 if args.quick else args.matches
    for kind in (["rule", "random"] if args.players == "both" else [args.players]):
        bench(count, kind)
    return 0


if __name__ == "__main__":
    sys.exit(main())
