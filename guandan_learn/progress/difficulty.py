"""The measured difficulty of endgame puzzles against learners' first tries (issue 29).

An endgame puzzle's difficulty (``Puzzle.measured``, 1–3: how few of the first moves win, how
long the solver's line is) is a claim about learners; ``difficulty_accuracy`` checks it against
the answers saved: per difficulty, how many learners' first answers to endgame puzzles were
right. Each learner's first answer to each puzzle counts (later tries are practice), as in the
class report.

>>> from guandan_learn.progress import Answer
>>> def row(puzzle, correct, learner="ana"):
...     return Answer(at="2025-03-01T09:00Z", learner=learner, source="bank", puzzle=puzzle,
...                   kind="endgame", seed=None, difficulty=1, clauses=("§06.3",), answer="x",
...                   correct=correct)
>>> bands = difficulty_accuracy([row("endgame-ctl-two-pairs", True),
...                              row("endgame-double-fours-first", False)])
>>> [(b.level, b.tried, b.right, b.percent) for b in bands]
[(1, 1, 1, 100), (3, 1, 0, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import ArgumentError, GuandanError
from ..messages import say
from .answer import Answer
from .regrade import Regrader
from .store import Progress

#: The puzzle kind whose difficulty is measured.
KIND = "endgame"


@dataclass(frozen=True)
class Band:
    """One difficulty: ``tried`` first answers to ``puzzles`` endgame puzzles of that
    difficulty, ``right`` of them right."""

    level: int
    tried: int
    right: int
    puzzles: int

    @property
    def percent(self) -> int | None:
        """Returns the whole percentage right at the first try (``None``: nothing tried)."""
        return round(100 * self.right / self.tried) if self.tried else None

    def text(self) -> str:
        """Says the band in the learner's language."""
        return say("progress.difficulty.band", level=self.level, percent=self.percent,
                   right=self.right, tried=self.tried, puzzles=self.puzzles)


def first_tries(answers: Iterable[Answer]) -> list[Answer]:
    """Returns each learner's first answer to each puzzle, in time order."""
    firsts: dict[tuple[str, str], Answer] = {}
    for a in sorted(answers, key=lambda a: (a.at, a.id)):
        firsts.setdefault((a.learner, a.puzzle), a)
    return list(firsts.values())


def difficulty_accuracy(source: Progress | Iterable[Answer], *,
                        regrader: Regrader | None = None) -> list[Band]:
    """Returns, per measured difficulty (easiest first; only those answered), the first-try
    accuracy on endgame puzzles of every learner in ``source`` (a ``Progress`` store, all its
    learners, or answers). Each puzzle is made again by ``regrader`` (a new one by default);
    an answer whose puzzle cannot be made again or measured is left out."""
    if isinstance(source, Progress):
        rows = source.answers(everyone=True)
    elif isinstance(source, (str, bytes)) or not isinstance(source, Iterable):
        raise ArgumentError(say("progress.difficulty.not_answers", value=repr(source)[:60]))
    else:
        rows = list(source)
        if not all(isinstance(a, Answer) for a in rows):
            raise ArgumentError(say("progress.difficulty.not_answers", value=repr(rows)[:60]))
    maker = regrader if regrader is not None else Regrader()
    levels: dict[str, int | None] = {}
    tally: dict[int, list[int]] = {}
    puzzles: dict[int, set[str]] = {}
    for a in first_tries(r for r in rows if r.kind == KIND):
        if a.puzzle not in levels:
            try:
                measured = maker.puzzle(a).measured
            except GuandanError:  # cannot be made again, or too large to measure
                measured = None
            levels[a.puzzle] = None if measured is None else measured.level
        level = levels[a.puzzle]
        if level is None:
            continue
        count = tally.setdefault(level, [0, 0])
        count[0] += 1
        count[1] += a.correct
        puzzles.setdefault(level, set()).add(a.puzzle)
    return [Band(level, tally[level][0], tally[level][1], len(puzzles[level]))
            for level in sorted(tally)]


__all__ = ["KIND", "Band", "difficulty_accuracy", "first_tries"]
