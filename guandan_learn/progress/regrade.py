"""Re-grading saved answers: each row's puzzle made again, its answer read again and graded.

A results file is only evidence of what was asked and answered: the bank id (or a generator's
kind, seed and difficulty) makes the puzzle again, the answer is read in the exercise files'
notation (``answer_notation``) and the engine grades it. The row's own ``correct`` and
``misconception`` are never trusted. A row that cannot be re-graded (an unknown puzzle, an
unreadable answer, no answer at all) raises ``ProgressError`` saying why.

Re-grading has a fixed cost: the cheap checks (the source, the kind, the difficulty, the seed,
the id they make, the answer's length) come before any generator runs, and a ``Regrader``
makes at most ``Budget.puzzles`` puzzles again and spends at most ``Budget.seconds`` of CPU
time making puzzles and grading new answers; a row past the budget raises ``ProgressError``
saying so (answers to the puzzles already made, already graded, still count).

>>> from guandan_learn.exercises import generate, grade
>>> from guandan_learn.progress import Answer
>>> p = generate("legal_play", seed=3)
>>> row = Answer.of(p, grade(p, p.answer), at="2025-01-02T03:04:05Z")
>>> forged = Answer.from_mapping({**row.to_row(), "correct": "0"})
>>> Regrader().regrade(forged).correct
True
"""

from __future__ import annotations

import functools
import json
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import ArgumentError, GuandanError, ProgressError
from ..exercises import KINDS, Puzzle, exercise_files, generate, grade, load_bank
from ..exercises.model import Solution
from ..exercises.solve import solve
from ..i18n import LANGUAGES, get_language, set_language
from ..messages import say
from .answer import _GENERATED_ID, Answer

#: Sources of rows that name a puzzle which can be made again.
REGRADABLE = ("bank", "generated")
#: The longest answer read (the longest a kind writes is a few hundred characters).
MOST_ANSWER = 2_000
#: The puzzles one ``Regrader`` makes again by default (a class's quizzes and practice).
MOST_PUZZLES = 5_000
#: The CPU seconds one ``Regrader`` spends making puzzles and grading answers, by default.
MOST_SECONDS = 20.0


def _finite(value: float) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False


@dataclass(frozen=True)
class Budget:
    """How much re-grading work a ``Regrader`` does at most: puzzles made again (each a
    generator run and a solve), and the CPU seconds spent making them and grading answers
    not graded before; ``None`` means no limit."""

    puzzles: int | None = MOST_PUZZLES
    seconds: float | None = MOST_SECONDS

    def __post_init__(self) -> None:
        if self.puzzles is not None and (isinstance(self.puzzles, bool)
                                         or not isinstance(self.puzzles, int)
                                         or self.puzzles < 0):
            raise ArgumentError(say("progress.regrade.budget_bad", field="puzzles",
                                    value=repr(self.puzzles)[:40]))
        if self.seconds is not None and (isinstance(self.seconds, bool)
                                         or not isinstance(self.seconds, (int, float))
                                         or not _finite(self.seconds) or self.seconds < 0):
            raise ArgumentError(say("progress.regrade.budget_bad", field="seconds",
                                    value=repr(self.seconds)[:40]))


def _candidates(text: str) -> Iterator[Any]:
    """Yields what an answer's text may stand for: its JSON value first, then the text."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # 5,000 "[" nest deeper than the parser goes
        pass
    else:
        if not isinstance(value, str):
            yield value
    yield text


@functools.lru_cache(maxsize=2)
def _bank_of(files: tuple[tuple[str, int], ...]) -> dict[str, Puzzle]:
    return {p.id: p for p in load_bank([name for name, _ in files]).puzzles}


class Regrader:
    """Makes puzzles again and grades answers to them, keeping what it made (a class of
    thirty answers the same puzzles)."""

    def __init__(self, bank: dict[str, Puzzle] | None = None, *,
                 budget: Budget | None = None) -> None:
        if budget is not None and not isinstance(budget, Budget):
            raise ArgumentError(say("progress.regrade.budget_bad", field="budget",
                                    value=type(budget).__name__))
        self._bank = bank
        self.budget = budget or Budget()
        #: The puzzles made again so far, and the CPU seconds it took.
        self.made = 0
        self.seconds = 0.0
        self._spent: str | None = None
        self._made: dict[tuple[str, int, int], Puzzle] = {}
        self._unmade: set[tuple[str, int, int]] = set()
        self._solutions: dict[str, Solution] = {}
        # Each answer graded, or why it cannot be (an unreadable answer costs once).
        self._graded: dict[tuple[str, str],
                           tuple[bool, str | None, tuple[str, ...]] | str] = {}

    @property
    def bank(self) -> dict[str, Puzzle]:
        """Returns the bank's puzzles by id (read again only when an exercise file changes)."""
        if self._bank is None:
            try:
                files = exercise_files()
                key = tuple((str(f), f.stat().st_mtime_ns if f.exists() else 0) for f in files)
                self._bank = _bank_of(key)
            except (GuandanError, OSError):  # pragma: no cover - an install without the bank
                self._bank = {}
        return self._bank

    def puzzle(self, row: Answer) -> Puzzle:
        """Returns the puzzle a row names, made again; raises ``ProgressError`` saying why
        it cannot be."""
        if row.source == "bank":
            found = self.bank.get(row.puzzle)
            if found is None:
                raise ProgressError(say("progress.regrade.unknown", puzzle=row.puzzle))
            return found
        if row.source != "generated":
            raise ProgressError(say("progress.regrade.source", source=row.source))
        match = _GENERATED_ID.match(row.puzzle)
        seed = row.seed if row.seed is not None else (
            int(match["seed"]) if match else None)  # older rows: the seed is in the id
        if seed is None or row.kind not in KINDS or row.difficulty not in (1, 2, 3):
            raise ProgressError(say("progress.regrade.generated", puzzle=row.puzzle[:60]))
        key = (row.kind, seed, row.difficulty)
        if key in self._unmade:
            raise ProgressError(say("progress.regrade.generated", puzzle=row.puzzle[:60]))
        if key not in self._made:
            # The generator names its puzzle by kind, difficulty and seed: a row naming
            # another is refused before anything is made.
            expected = f"{row.kind}-d{row.difficulty}-s{seed}"
            if expected != row.puzzle:
                raise ProgressError(say("progress.regrade.mismatch", puzzle=row.puzzle[:60],
                                        made=expected))
            self._spend()
            start = time.process_time()
            try:
                self._made[key] = made = generate(row.kind, seed, row.difficulty)
                self._solutions[made.id] = solve(made)
            except GuandanError:
                self._unmade.add(key)  # tried once
                raise ProgressError(say("progress.regrade.generated",
                                        puzzle=row.puzzle[:60])) from None
            finally:
                self.seconds += time.process_time() - start
        made = self._made[key]
        if made.id != row.puzzle:
            raise ProgressError(say("progress.regrade.mismatch", puzzle=row.puzzle[:60],
                                    made=made.id))
        return made

    def _spend(self, making: bool = True) -> None:
        """Counts one more puzzle made again (``making``) or answer graded; raises
        ``ProgressError`` past the budget."""
        most, seconds = self.budget.puzzles, self.budget.seconds
        if (making and most is not None and self.made >= most) or (
                seconds is not None and self.seconds >= seconds):
            if self._spent is None:  # said once, so the rows refused share one sentence
                self._spent = say("progress.regrade.spent", puzzles=self.made,
                                  seconds=round(self.seconds, 1))
            raise ProgressError(self._spent)
        self.made += making

    def _grade(self, puzzle: Puzzle, text: str) -> tuple[bool, str | None, tuple[str, ...]]:
        key = (puzzle.id, text)
        if key in self._graded:
            found = self._graded[key]
            if isinstance(found, str):  # an answer that cannot be read, again
                raise ProgressError(found)
            return found
        if puzzle.id not in self._solutions:
            self._spend()
            start = time.process_time()
            try:
                self._solutions[puzzle.id] = solve(puzzle)
            finally:
                self.seconds += time.process_time() - start
        self._spend(making=False)  # reading and grading a new answer is work too
        start = time.process_time()
        try:
            self._graded[key] = self._grade_now(puzzle, text)
        except ProgressError as err:
            self._graded[key] = err.message
            raise
        finally:
            self.seconds += time.process_time() - start
        return self._graded[key]  # type: ignore[return-value]

    def _grade_now(self, puzzle: Puzzle,
                   text: str) -> tuple[bool, str | None, tuple[str, ...]]:
        """Grades an answer's text (right, the misconception, the clauses) or raises
        ``ProgressError`` saying why it cannot be read."""
        solution = self._solutions[puzzle.id]
        first: GuandanError | None = None
        current = get_language()
        # Older rows hold the answer in the learner's words: try each language's words too.
        for language in (current, *(c for c in LANGUAGES if c != current)):
            if language != current:
                set_language(language)
            try:
                for value in _candidates(text):
                    try:
                        feedback = grade(puzzle, value, solution)
                    except GuandanError as err:
                        first = first or err
                        continue
                    except RecursionError:  # a list nested too deep to be any answer
                        first = first or ProgressError(say("progress.regrade.nested"))
                        continue
                    mis = feedback.misconception
                    return (feedback.correct, None if mis is None else mis.id,
                            tuple(puzzle.clauses or feedback.clauses))
            finally:
                if language != current:
                    set_language(current)
        reason = getattr(first, "detail", None) or str(first)
        raise ProgressError(say("progress.regrade.answer", answer=text[:60], reason=reason))

    def words(self, row: Answer) -> str:
        """Returns a row's answer in words, as the learner saw it (its notation when it
        cannot be read)."""
        try:
            puzzle = self.puzzle(row)
        except ProgressError:
            return row.answer
        if len(row.answer) > MOST_ANSWER:
            return row.answer[:60]
        for value in _candidates(row.answer):
            try:
                return grade(puzzle, value, self._solutions.get(puzzle.id)).given or row.answer
            except (GuandanError, RecursionError):
                continue
        return row.answer

    def regrade(self, row: Answer) -> Answer:
        """Returns the row graded again by the engine (right or not, the misconception, the
        puzzle's kind, difficulty and clauses); raises ``ProgressError`` saying why it
        cannot be."""
        if not row.answer:
            raise ProgressError(say("progress.regrade.no_answer"))
        if len(row.answer) > MOST_ANSWER:
            raise ProgressError(say("progress.regrade.long", most=MOST_ANSWER))
        puzzle = self.puzzle(row)
        correct, mis, clauses = self._grade(puzzle, row.answer)
        return Answer(at=row.at, learner=row.learner, source=row.source, puzzle=row.puzzle,
                      kind=puzzle.kind.value, seed=row.seed, difficulty=puzzle.difficulty,
                      clauses=clauses, answer=row.answer, correct=correct,
                      misconception=mis)  # what dataclasses.replace makes, in half the time
