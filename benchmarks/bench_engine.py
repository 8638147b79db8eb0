"""Benchmarks of the rules engine; prints median (and 90th percentile) timings.

Run with ``make bench`` or ``python benchmarks/bench_engine.py [--quick]``. This is a script,
not a test: timings on shared machines vary, so no test asserts on them.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from guandan_learn import Card, Combo, HandPlays, classify, deck, hints, legal_plays, wild_card

LEVEL = "7"


def timed(fn: Callable[[], object], repeat: int = 1, calls: int = 1) -> float:
    """Returns the best of ``repeat`` runs of ``fn`` in microseconds of CPU time (thread time),
    each run timing ``calls`` calls together and counting their mean (for sub-µs calls)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.thread_time_ns()
        for _ in range(calls):
            fn()
        best = min(best, (time.thread_time_ns() - t0) / 1000 / calls)
    return best


def pct(values: Sequence[float], q: float) -> float:
    """Returns the q-quantile (0–1) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_plays(rng: random.Random, wilds: int, count: int) -> list[list[Card]]:
    """Draws random 1–10 card sets holding exactly ``wilds`` wild hearts."""
    wild = wild_card(LEVEL)
    pool = [c for c in deck() if c is not wild]
    out = []
    for _ in range(count):
        n = rng.randint(max(1, wilds), 10)
        out.append(rng.sample(pool, n - wilds) + [wild] * wilds)
    return out


def real_plays(rng: random.Random, wilds: int, count: int) -> list[list[Card]]:
    """Draws real combinations (from legal plays of random hands) holding ``wilds`` wilds."""
    wild = wild_card(LEVEL)
    pool = [c for c in deck() if c is not wild]
    out: list[list[Card]] = []
    while len(out) < count:
        hand = rng.sample(pool, 27 - wilds) + [wild] * wilds
        plays = [p for p in legal_plays(hand, None, LEVEL) if p.wild_count == wilds]
        out += [list(p.cards) for p in rng.sample(plays, min(20, len(plays)))]
    return out[:count]


def bench_classify(count: int) -> None:
    print(f"classify at level {LEVEL}: median µs over {count} card sets of 1–10 cards")
    print(f"  {'wilds':>5}  {'random sets':>12}  {'real plays':>11}")
    for wilds in (0, 1, 2):
        rng = random.Random(wilds)
        row = []
        for sets in (random_plays(rng, wilds, count), real_plays(rng, wilds, count)):
            times = [timed(lambda s=s: classify(s, LEVEL)) for s in sets]
            row.append(statistics.median(times))
        print(f"  {wilds:>5}  {row[0]:>12.1f}  {row[1]:>11.1f}")


def hands(seed: int, both_wilds: bool | None, count: int) -> list[list[Card]]:
    """Deals ``count`` seeded 27-card hands, optionally forced to hold both wild hearts.

    With ``both_wilds`` ``None`` only hands dealt without a wild heart are kept.
    """
    rng = random.Random(seed)
    wild = wild_card(LEVEL)
    out: list[list[Card]] = []
    while len(out) < count:
        cards = deck()
        rng.shuffle(cards)
        if both_wilds:
            rest = [c for c in cards if c is not wild]
            out.append([*rest[:25], wild, wild])
        elif both_wilds is None and wild in cards[:27]:
            continue
        else:
            out.append(cards[:27])
    return out


TABLES: dict[str, Combo | None] = {
    "free lead": None,
    "pair of fives": classify("5C 5D", LEVEL)[0],
    "straight 3-7": classify("3C 4D 5S 6C 7D", LEVEL)[0],
    "four nines": classify("9C 9D 9S 9C", LEVEL)[0],
}


def bench_moves(count: int) -> None:
    print(f"\nhints and legal_plays on {count} seeded 27-card hands at level {LEVEL}")
    print(f"  {'hands':<11} {'table':<14} {'function':<11} {'median µs':>10} {'p90 µs':>8} "
          f"{'plays':>6}")
    for label, both in (("random", False), ("no wild", None), ("both wilds", True)):
        hs = hands(7 if both else 3, both, count)
        for tname, table in TABLES.items():
            for fname, fn in (("hints", hints), ("legal_plays", legal_plays)):
                times, sizes = [], []
                for h in hs:
                    times.append(timed(lambda h=h, fn=fn, t=table: fn(h, t, LEVEL), repeat=3))
                    sizes.append(len(fn(h, table, LEVEL)))
                print(f"  {label:<11} {tname:<14} {fname:<11} {statistics.median(times):>10.0f} "
                      f"{pct(times, 0.9):>8.0f} {statistics.median(sizes):>6.0f}")


def bench_index(count: int) -> None:
    print(f"\nthe hand index (HandPlays) beside the functions, on the same {count} hands and "
          f"tables, interleaved hand by hand")
    print("  answer: once the index is read; first: a fresh index's first answer (as a deal "
          "asks after a play); read: a fresh index's free lead, which reads every form")
    print(f"  {'hands':<11} {'table':<14} {'function':<11} {'today µs':>9} {'answer µs':>10} "
          f"{'ratio':>6} {'first µs':>9} {'ratio':>6} {'read µs':>8}")
    for label, both in (("random", False), ("no wild", None), ("both wilds", True)):
        hs = hands(7 if both else 3, both, count)
        for tname, table in TABLES.items():
            for fname, fn in (("hints", hints), ("legal_plays", legal_plays)):
                today, answer, first, read = [], [], [], []
                for h in hs:
                    def fresh(h: list[Card] = h) -> HandPlays:
                        return HandPlays(h, LEVEL)
                    ask = HandPlays.hints if fn is hints else HandPlays.legal_plays
                    index = fresh()
                    ask(index, None)
                    assert ask(index, table) == fn(h, table, LEVEL)
                    today.append(timed(lambda h=h, fn=fn, t=table: fn(h, t, LEVEL), repeat=3))
                    answer.append(timed(lambda i=index, a=ask, t=table: a(i, t), repeat=3,
                                        calls=20))
                    first.append(timed(lambda f=fresh, a=ask, t=table: a(f(), t), repeat=3))
                    read.append(timed(lambda f=fresh, a=ask: a(f(), None), repeat=3))
                t, a, f = (statistics.median(x) for x in (today, answer, first))
                print(f"  {label:<11} {tname:<14} {fname:<11} {t:>9.1f} {a:>10.2f} "
                      f"{a / t:>6.3f} {f:>9.1f} {f / t:>6.2f} {statistics.median(read):>8.0f}")


def bench_deals(count: int) -> None:
    try:
        from guandan_learn import simulate_deal
    except ImportError:
        print("\n(whole deals: simulate_deal is not available yet)")
        return
    times = []
    for seed in range(count):
        t0 = time.perf_counter()
        simulate_deal(seed)
        times.append((time.perf_counter() - t0) * 1000)
    print(f"\nwhole deals with random players: median {statistics.median(times):.1f} ms, "
          f"p90 {pct(times, 0.9):.1f} ms over {count} seeded deals")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer samples, for a smoke run")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{platform.processor() or 'unknown cpu'}, {os.cpu_count()} cores, load average "
          + " / ".join(f"{x:.2f}" for x in os.getloadavg()))
    bench_classify(300 if args.quick else 3000)
    bench_moves(20 if args.quick else 200)
    bench_index(20 if args.quick else 200)
    bench_deals(10 if args.quick else 200)
    return 0


if __name__ == "__main__":
    sys.exit(main())
