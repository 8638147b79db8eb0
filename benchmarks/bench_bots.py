"""Benchmark of ``SolverPlayer`` against ``RulePlayer`` on seeded deals.

    python benchmarks/bench_bots.py [--deals N] [--first SEED]

Each seed is dealt twice: once with ``SolverPlayer`` in seats 0 and 2 against ``RulePlayer``
in seats 1 and 3, once with the teams swapped, so that the luck of the cards falls on both
sides alike (two ``RulePlayer`` teams would score exactly 50% this way). It prints how often
the ``SolverPlayer`` team finishes first (wins the deal), finishes 1st and 2nd, and the time
each deal takes with and without the solver.

This is a script, not a test: timings on shared machines vary, so no test asserts on them.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guandan_learn import RulePlayer, simulate_deal
from guandan_learn.bots import SOLVER_CARDS, SOLVER_NODES, SOLVER_TIME, SolverPlayer


def main(argv: list[str] | None = None) -> int:
    """Runs the benchmark and prints its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args(argv)
    rule = RulePlayer()
    solver = SolverPlayer()
    first = double = games = changed = base_double = 0
    t_solver = t_rule = 0.0
    for seed in range(args.first, args.first + args.deals):
        t0 = time.perf_counter()
        base = simulate_deal(seed, [rule] * 4)
        t_rule += time.perf_counter() - t0
        lead = base.finish_order
        base_double += len(lead) >= 2 and lead[0] % 2 == lead[1] % 2  # once in the two seatings
        for team in (0, 1):
            players = [solver if s % 2 == team else rule for s in range(4)]
            t0 = time.perf_counter()
            deal = simulate_deal(seed, players)
            t_solver += time.perf_counter() - t0
            order = deal.finish_order
            games += 1
            first += order[0] % 2 == team
            double += len(order) >= 2 and order[0] % 2 == team and order[1] % 2 == team
            changed += deal.history != base.history
    p = first / games
    se = math.sqrt(p * (1 - p) / games)
    clock = "no time limit" if SOLVER_TIME is None else f"{SOLVER_TIME} s"
    print(f"SolverPlayer ({SOLVER_CARDS} cards, {SOLVER_NODES} positions, {clock}) vs "
          f"RulePlayer, seeds {args.first}-{args.first + args.deals - 1}, both seatings: "
          f"{games} deals")
    print(f"  SolverPlayer team finishes first: {first}/{games} = {100 * p:.1f}% "
          f"(± {100 * se:.1f}; 50% means no better)")
    print(f"  SolverPlayer team finishes 1st and 2nd: {double}/{games} "
          f"(RulePlayer in its seats: {base_double}/{games})")
    print(f"  deals whose play the solver changed: {changed}/{games}")
    print(f"  solver choices {solver.solved}, past the budget {solver.stopped}")
    print(f"  time a deal: {1000 * t_solver / games:.0f} ms with the solver team, "
          f"{1000 * t_rule / args.deals:.0f} ms all RulePlayer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
