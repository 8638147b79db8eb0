"""Endgame techniques and a measured difficulty, found from a puzzle's solution (issue 29).

``found(position, solution)`` names the techniques a solved endgame needs, each read soundly
from the solver's answer:

- ``lost``: the position is lost: no first move forces the goal (proving a "no");
- ``waiting``: the principal winning move is a pass;
- ``wild``: the hero declares a wild heart on the principal line;
- ``bomb``: the hero spends a bomb on the principal line;
- ``partner``: the team forces its goal but the hero alone cannot force going out first, so
  the partner has to go out (or win the lead) for the team;
- ``double``: the team forces finishing 1st and 2nd;
- ``answer``: the hero answers a play on the table rather than leading.

The bank adds hand-tagged techniques (``techniques:`` in a puzzle record) for what the solution
cannot show soundly: ``control``, ``counting``, ``tie``, ``last_card``, ``exits``, ``seats``,
``forms``, ``lead_only``, ``handover`` (the partner wins a trick on the winning line and plays
on for the team). ``measure(position, solution)`` counts the hero's first moves, how many win,
and how long the principal line is; ``Difficulty.level`` turns them into 1–3.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..endgame import NODE_LIMIT, Endgame, Solution, Solver, solve
from ..errors import EndgameError, ExerciseError
from ..messages import say

if TYPE_CHECKING:
    from .model import Puzzle

#: Techniques read from the solution, with the message key naming each.
FOUND = {"lost": "technique.lost", "waiting": "technique.waiting", "wild": "technique.wild",
         "bomb": "technique.bomb", "partner": "technique.partner",
         "double": "technique.double", "answer": "technique.answer"}
#: Techniques only a teacher can tag, with the message key naming each.
TAGGED = {"control": "technique.control", "counting": "technique.counting",
          "tie": "technique.tie", "last_card": "technique.last_card",
          "exits": "technique.exits", "seats": "technique.seats", "forms": "technique.forms",
          "lead_only": "technique.lead_only", "handover": "technique.handover"}
#: Every technique name, in showing order.
TECHNIQUES = {**FOUND, **TAGGED}
#: The budget of the extra search ``partner`` needs (the hero's own goal ``first``).
NODES = 50_000


def check_names(names: object) -> tuple[str, ...]:
    """Returns a list of technique names as a tuple, or raises ``ExerciseError`` naming the
    first unknown one."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise ExerciseError(say("technique.not_list", value=names))
    out = []
    for name in names:
        if not isinstance(name, str) or name not in TECHNIQUES:
            raise ExerciseError(say("technique.unknown", name=name,
                                    names=", ".join(TECHNIQUES)))
        out.append(name)
    return tuple(dict.fromkeys(out))


def found(position: Endgame, sol: Solution) -> tuple[str, ...]:
    """Returns the techniques the solution shows (see the module notes), in showing order."""
    out: list[str] = []
    if position.table is not None:
        out.append("answer")
    if not sol.wins:
        return ("lost", *out)
    first = sol.line[0][1] if sol.line else None
    if first is None and position.table is not None:
        out.append("waiting")
    mine = [m for seat, m in sol.line if seat == position.hero and m is not None]
    if any(m.wilds for m in mine):
        out.append("wild")
    if any(m.is_bomb for m in mine):
        out.append("bomb")
    if position.goal != "first":
        alone = Endgame(position.hands, position.level, position.to_move, position.table,
                        "first")
        try:
            if not solve(alone, node_limit=NODES, time_limit=None).wins:
                out.append("partner")
        except EndgameError:
            pass  # not shown, so not claimed
    if position.goal == "double":
        out.append("double")
    return tuple(sorted(out, key=list(TECHNIQUES).index))


@dataclass(frozen=True)
class Difficulty:
    """What makes a puzzle hard: ``moves`` first moves, ``winning`` of them win, and the
    principal line takes ``depth`` moves (every seat's, passes included) to decide it."""

    moves: int
    winning: int
    depth: int

    @property
    def level(self) -> int:
        """Returns 1 (easy) to 3 (hard): one point for few winners among the moves (at most a
        quarter of them win; none, for a lost position to prove), one for a long line (11
        moves or more)."""
        return 1 + int(self.winning * 4 <= self.moves) + int(self.depth >= 11)

    def text(self) -> str:
        """Says the difficulty in the learner's language."""
        return say("technique.difficulty", level=self.level, moves=self.moves,
                   winning=self.winning, depth=self.depth)


def measure(position: Endgame, sol: Solution) -> Difficulty:
    """Returns the measured difficulty of a solved position."""
    moves = Solver(position, node_limit=1, time_limit=None).start().moves()
    return Difficulty(len(moves), len(sol.winning_moves), len(sol.line))


_CACHE: dict[tuple[Any, ...], tuple[tuple[str, ...], Difficulty | None]] = {}


def _read(puzzle: Puzzle) -> tuple[tuple[str, ...], Difficulty | None]:
    key = (puzzle.id, puzzle.seed, puzzle.source, repr(puzzle.setup), puzzle.tags)
    if key not in _CACHE:
        tags: tuple[str, ...] = ()
        diff = None
        position = getattr(puzzle.parsed, "position", None)
        if puzzle.kind.value == "endgame" and isinstance(position, Endgame):
            sol = Solver(position, node_limit=NODE_LIMIT, time_limit=None).solve()
            tags = found(position, sol)
            diff = measure(position, sol)
        names = [*tags, *puzzle.tags]
        _CACHE[key] = (tuple(sorted(dict.fromkeys(names), key=list(TECHNIQUES).index)), diff)
        if len(_CACHE) > 4096:
            _CACHE.pop(next(iter(_CACHE)))
    return _CACHE[key]


def techniques_of(puzzle: Puzzle) -> tuple[str, ...]:
    """Returns a puzzle's techniques: those its solution shows and those its record tags."""
    return _read(puzzle)[0]


def difficulty_of(puzzle: Puzzle) -> Difficulty | None:
    """Returns an endgame puzzle's measured difficulty (``None`` for other kinds)."""
    return _read(puzzle)[1]


def names_text(names: Iterable[str]) -> str:
    """Names techniques in the learner's language, joined by commas."""
    return ", ".join(say(TECHNIQUES[n]) for n in names)


__all__ = ["FOUND", "TAGGED", "TECHNIQUES", "Difficulty", "check_names",
           "difficulty_of", "found", "measure", "names_text", "techniques_of"]
