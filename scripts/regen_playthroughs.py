"""Regenerates the golden playthroughs in ``tests/playthroughs/``.

Each file holds a deal record (``== record ==``) and then the deal written out state by state:
the table as ``Deal.render_text`` shows it, the hints for the seat to move, and the action
taken. ``tests/test_playthroughs.py`` replays each record and diffs the text line by line.

Run after an intended change to the engine's output, then review the diff:

    .venv/bin/python scripts/regen_playthroughs.py
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from guandan_learn import Deal, RandomPlayer, RulePlayer, set_language, simulate_deal

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"
RECORD = "== record =="


def worked_example_09() -> Deal:
    """The §09.1–§09.2 example, then played out by four rule players."""
    deal = Deal(["QS QD 3C 4D 10C", "KC KD 5C 9S", "8C 8D 8S 7H 6C JD", "9C 9D 10S 2C"],
                "7", leader=0)
    deal.play("QS QD")
    deal.play("KC KD")
    deal.play("8C 8D 8S 7H", wilds="8H")
    for _ in range(3):
        deal.pass_turn()
    player = RulePlayer()
    while deal.to_move is not None:
        choice = player.choose(deal)
        deal.pass_turn() if choice is None else deal.play(choice)
    return deal


#: Each golden deal by file name: how it is played (seeded, so the same every time).
DEALS: dict[str, Callable[[], Deal]] = {
    "seed1_level2_random": lambda: simulate_deal(1, level="2"),
    "seed2_level7_rule": lambda: simulate_deal(2, [RulePlayer()] * 4, level="7"),
    "seed3_levelA_mixed": lambda: simulate_deal(
        3, [RulePlayer(), RandomPlayer(31), RulePlayer(), RandomPlayer(33)], level="A"),
    "worked_example_09": worked_example_09,
}


def playthrough_text(deal: Deal, title: str) -> str:
    """Writes a deal out state by state: record, then each position with hints and action."""
    set_language("en")
    lines = [f"# Golden playthrough {title}: regenerate with scripts/regen_playthroughs.py",
             RECORD, *deal.dumps().splitlines()]
    number = 0
    for number, (before, action) in enumerate(deal.steps(), start=1):
        lines.append(f"== step {number} ==")
        lines += before.render_text().splitlines()
        hints = before.hints()
        lines.append(f"hints ({len(hints)}):")
        lines += [f"  {h.describe()}: {h}" for h in hints]
        if before.can_pass:
            lines.append("  pass")
        lines.append(f"action: {action}")
    lines.append(f"== end after {number} actions ==")
    lines += deal.render_text().splitlines()
    return "\n".join(lines) + "\n"


def record_of(text: str) -> str:
    """Returns the deal record held in a playthrough file."""
    lines = text.splitlines()
    start = lines.index(RECORD) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("== "))
    return "\n".join(lines[start:end]) + "\n"


def main() -> int:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, make in DEALS.items():
        path = FOLDER / f"{name}.txt"
        path.write_text(playthrough_text(make(), name), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
