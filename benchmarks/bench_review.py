"""Benchmark of ``review_deal`` on seeded deals played by the computer.

    python benchmarks/bench_review.py [--deals N] [--first SEED] [--player rule|solver] [--confirm]

Deals ``N`` seeded deals (seeds ``SEED`` … ``SEED + N - 1``), each played out by four computer
players, and reviews seat ``seed % 4`` of each with the default budget (``REVIEW_CARDS``,
``REVIEW_NODES``, ``REVIEW_TIME``). It prints the review's wall-clock and CPU time (median,
90th percentile, worst, total), how many deals were judged at all, and the moments found by
kind and goal. ``--confirm`` then solves again, with a new solver and no limits, the position
before and after the move of every ``lost`` moment, and counts the moments it confirms (the
goal forced before, not after, and the same moves keeping it).

This is a script, not a test: timings on shared machines vary, so no test asserts on them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guandan_learn import RulePlayer, review_deal, simulate_deal
from guandan_learn.endgame import Solver
from guandan_learn.review import (
    REVIEW_CARDS,
    REVIEW_NODES,
    REVIEW_TIME,
    Moment,
    Review,
    endgame_at,
    match_move,
)


def confirm(review: Review, moment: Moment) -> bool:
    """Solves the positions before and after a lost moment's move again, from the review's
    start position with a new solver and no limits; tells whether the review was right."""
    deal = review.deal
    assert review.start is not None
    steps = list(deal.steps())
    pos = Solver(endgame_at(steps[review.start][0], moment.goal), node_limit=None,
                 time_limit=None).start()
    for _, action in steps[review.start:moment.step]:
        pos = pos.play(match_move(pos.moves(), action.combo))
    move = match_move(pos.moves(), deal.history[moment.step].combo)
    return (pos.wins() is True and pos.value(move) is False
            and pos.winning_moves() == list(moment.better))


def main(argv: list[str] | None = None) -> int:
    """Runs the benchmark and prints its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--player", choices=("rule", "solver"), default="rule")
    parser.add_argument("--confirm", action="store_true")
    args = parser.parse_args(argv)
    if args.player == "solver":
        from guandan_learn.bots import SolverPlayer
        players = [SolverPlayer() for _ in range(4)]
    else:
        players = [RulePlayer()] * 4
    walls: list[float] = []
    cpus: list[float] = []
    kinds: Counter[str] = Counter()
    judged = confirmed = checked = 0
    for seed in range(args.first, args.first + args.deals):
        deal = simulate_deal(seed, players)
        c0, w0 = time.process_time(), time.perf_counter()
        review = review_deal(deal, seed % 4)
        cpus.append(time.process_time() - c0)
        walls.append(time.perf_counter() - w0)
        judged += review.start is not None
        kinds.update(f"{m.kind} {m.goal}" for m in review.moments)
        if args.confirm:
            for m in review.lost:
                checked += 1
                confirmed += confirm(review, m)
    print(f"review_deal on {args.deals} deals (seeds {args.first}-{args.first + args.deals - 1},"
          f" {args.player} players), budget: {REVIEW_CARDS} cards, {REVIEW_NODES} positions, "
          f"{REVIEW_TIME} s a question")
    for name, xs in (("wall", walls), ("cpu", cpus)):
        q = statistics.quantiles(xs, n=10, method="inclusive")[-1] if len(xs) > 1 else xs[0]
        print(f"  {name:4} s: median {statistics.median(xs):.3f}  p90 {q:.3f}  "
              f"worst {max(xs):.3f}  total {sum(xs):.1f}")
    print(f"  deals judged: {judged}/{args.deals}")
    for key, n in sorted(kinds.items()):
        print(f"  {key}: {n}")
    if args.confirm:
        print(f"  lost moments confirmed by solving again: {confirmed}/{checked}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
