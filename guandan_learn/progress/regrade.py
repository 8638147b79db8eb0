"""Re-grading saved answers: each row's puzzle made again, its answer read again and graded.

A results file is only evidence of what was asked and answered: the bank id (or a generator's
kind, seed and difficulty) makes the puzzle again, the answer is read in the exercise files'
notation (``answer_notation``) and the engine grades it. The row's own ``correct`` and
``misconception`` are never trusted. A row that cannot be re-graded (an unknown puzzle, an
unreadable answer, no answer at all) raises ``ProgressError`` saying why.

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
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ..errors import GuandanError, ProgressError
from ..exercises import KINDS, Puzzle, exercise_files, generate, grade, load_bank
from ..exercises.model import Solution
from ..exercises.solve import solve
from ..i18n import LANGUAGES, get_language, set_language
from ..messages import say
from .answer import _GENERATED_ID, Answer

#: Sources of rows that name a puzzle which can be made again.
REGRADABLE = ("bank", "generated")


def _candidates(text: str) -> Iterator[Any]:
    """Yields what an answer's text may stand for: its JSON value first, then the text."""
    try:
        value = json.loads(text)
    except ValueError:
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

    def __init__(self, bank: dict[str, Puzzle] | None = None) -> None:
        self._bank = bank
        self._made: dict[tuple[str, int, int], Puzzle] = {}
        self._solutions: dict[str, Solution] = {}
        self._graded: dict[tuple[str, str], tuple[bool, str | None, tuple[str, ...]]] = {}

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
            raise ProgressError(say("progress.regrade.generated", puzzle=row.puzzle))
        key = (row.kind, seed, row.difficulty)
        if key not in self._made:
            try:
                self._made[key] = generate(row.kind, seed, row.difficulty)
            except GuandanError:
                raise ProgressError(say("progress.regrade.generated",
                                        puzzle=row.puzzle)) from None
        made = self._made[key]
        if made.id != row.puzzle:
            raise ProgressError(say("progress.regrade.mismatch", puzzle=row.puzzle,
                                    made=made.id))
        return made

    def _grade(self, puzzle: Puzzle, text: str) -> tuple[bool, str | None, tuple[str, ...]]:
        key = (puzzle.id, text)
        if key in self._graded:
            return self._graded[key]
        if puzzle.id not in self._solutions:
            self._solutions[puzzle.id] = solve(puzzle)
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
                    mis = feedback.misconception
                    result = (feedback.correct, None if mis is None else mis.id,
                              tuple(puzzle.clauses or feedback.clauses))
                    self._graded[key] = result
                    return result
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
        for value in _candidates(row.answer):
            try:
                return grade(puzzle, value).given or row.answer
            except GuandanError:
                continue
        return row.answer

    def regrade(self, row: Answer) -> Answer:
        """Returns the row graded again by the engine (right or not, the misconception, the
        puzzle's kind, difficulty and clauses); raises ``ProgressError`` saying why it
        cannot be."""
        puzzle = self.puzzle(row)
        if not row.answer:
            raise ProgressError(say("progress.regrade.no_answer"))
        correct, mis, clauses = self._grade(puzzle, row.answer)
        return replace(row, kind=puzzle.kind.value, difficulty=puzzle.difficulty,
                       clauses=clauses, correct=correct, misconception=mis)
