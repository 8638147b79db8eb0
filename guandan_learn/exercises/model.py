"""The puzzle record: what a teacher writes in an exercise file, and what a generator makes.

A puzzle is data (id, kind, clauses, difficulty, setup, question, answer, teacher's words);
graders and explanations are code (``kinds``, ``grade``). See
``exercises/README.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, ExerciseError
from ..i18n import get_language
from ..messages import say
from ..reason import Reason, join_text

if TYPE_CHECKING:
    from .kinds import PuzzleKind


class PuzzleError(ExerciseError):
    """Says that a puzzle (or an answer to it) is malformed, naming the file, puzzle and field.

    ``path``, ``puzzle_id`` and ``field`` are ``None`` when unknown; ``detail`` is the message
    without the place (the error's ``reason`` stays the engine's ``Reason``, when there is one).
    """

    def __init__(self, message: str, *, reason: str | None = None, path: str | None = None,
                 puzzle_id: str | None = None, field: str | None = None,
                 clause: str | None = None) -> None:
        super().__init__(message, clause=clause)
        self.detail = reason if reason is not None else message
        self.path = path
        self.puzzle_id = puzzle_id
        self.field = field


class ExerciseArgumentError(ArgumentError, ExerciseError):
    """Says that an exercise function was given the wrong type of value (a deal for a puzzle,
    bytes for a path); it is both an ``ArgumentError`` and an ``ExerciseError``."""


def need_puzzle(value: object) -> None:
    """Raises ``ExerciseArgumentError`` unless ``value`` is a ``Puzzle``."""
    if not isinstance(value, Puzzle):
        raise ExerciseArgumentError(say("exercise.not_puzzle", value=repr(value)[:60]))


class FieldError(PuzzleError):
    """Says that one field of a puzzle is wrong; the loader adds the file and the puzzle id."""

    def __init__(self, field: str, reason: str, clause: str | None = None) -> None:
        super().__init__(reason, reason=reason, field=field, clause=clause)


Texts = Mapping[str, str]


def pick_text(texts: Texts) -> str:
    """Returns the teacher's words in the learner's language, or "" when they are missing.

    A learner of another language then gets the engine's own words, which exist in every
    language (issue 9); in English, any text there is serves.
    """
    if not texts:
        return ""
    lang = get_language()
    if lang == "en":
        return texts.get("en") or next(iter(texts.values()))
    return texts.get(lang, "")


@dataclass(frozen=True)
class Choice:
    """One multiple-choice option: an answer (as written in data) and the misconception it shows.

    ``misconception`` is ``None`` for the right answer and for plain distractors.
    """

    answer: Any
    misconception: str | None = None

    def to_data(self) -> dict[str, Any]:
        """Returns the option as plain data for an exercise file."""
        out: dict[str, Any] = {"answer": self.answer}
        if self.misconception is not None:
            out["misconception"] = self.misconception
        return out


@dataclass(frozen=True)
class Solution:
    """The engine's answer to a puzzle, with why (as reasons) and the clauses it rests on.

    ``reasons`` are rendered only when shown, in the language current then. ``clauses``
    defaults to the clauses the reasons cite; ``cited`` (by default ``clauses``) are those the
    sentences name themselves, so a screen can name the others. ``detail`` keeps the engine's
    own value (a ``Verdict``, ``Settlement``, ``TributePlan``, ``Deal``, readings…) for graders
    and hints.
    """

    answer: Any
    reasons: tuple[Reason, ...] = ()
    clauses: tuple[str, ...] = ()
    detail: Any = None
    cited: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if not self.clauses:
            found = [c for r in self.reasons for c in r.clauses()]
            object.__setattr__(self, "clauses", tuple(dict.fromkeys(found)))
        if self.cited is None:
            object.__setattr__(self, "cited", self.clauses)

    @property
    def explanation(self) -> str:
        """Returns the explanation in the current language."""
        return join_text(self.reasons)


@dataclass(frozen=True)
class Puzzle:
    """One exercise: ``setup`` and ``answer`` as written in data; ``expected`` read by its kind.

    Build puzzles with ``Puzzle.from_data`` (which checks every field); ``to_data`` writes one
    back. ``notes`` and ``prompt`` map language codes to the teacher's words.
    """

    id: str
    kind: PuzzleKind
    setup: Mapping[str, Any]
    answer: Any
    question: str
    clauses: tuple[str, ...] = ()
    difficulty: int = 1
    notes: Texts = field(default_factory=dict)
    prompt: Texts = field(default_factory=dict)
    choices: tuple[Choice, ...] = ()
    source: str | None = field(default=None, compare=False)
    seed: int | None = None
    tags: tuple[str, ...] = ()
    parsed: Any = field(default=None, compare=False, repr=False)
    expected: Any = field(default=None, compare=False, repr=False)

    @classmethod
    def from_data(cls, data: Mapping[str, Any], source: str | None = None, *,
                  checked: bool = False) -> Puzzle:
        """Reads one puzzle record and checks it: the schema (unless ``checked`` says the
        caller did), then its setup and answer with the engine (see ``loader.read_puzzle``).

        Raises ``PuzzleError`` naming the puzzle and the field.
        """
        if _READER is None:  # pragma: no cover - the package registers the reader on import
            raise ExerciseError("guandan_learn.exercises is not loaded")
        return _READER(data, source, checked)

    def to_data(self) -> dict[str, Any]:
        """Returns the puzzle as plain data, as it would be written in an exercise file."""
        out: dict[str, Any] = {"id": self.id, "kind": self.kind.value,
                               "clauses": list(self.clauses), "difficulty": self.difficulty,
                               "question": self.question, "setup": _plain(self.setup),
                               "answer": _plain(self.answer)}
        if self.choices:
            out["choices"] = [c.to_data() for c in self.choices]
        if self.notes:
            out["notes"] = dict(self.notes)
        if self.prompt:
            out["prompt"] = dict(self.prompt)
        if self.seed is not None:
            out["seed"] = self.seed
        if self.tags:
            out["techniques"] = list(self.tags)
        return out

    def __hash__(self) -> int:
        return hash((self.id, self.kind, self.question, self.seed))

    @property
    def techniques(self) -> tuple[str, ...]:
        """Returns the techniques the puzzle needs: found from its solution (endgames) and
        tagged in its record (``tags``); see ``exercises.techniques``."""
        from .techniques import techniques_of

        return techniques_of(self)

    @property
    def measured(self) -> Any:
        """Returns an endgame puzzle's measured ``Difficulty`` (first moves, how many win, the
        line's length), ``None`` for other kinds."""
        from .techniques import difficulty_of

        return difficulty_of(self)

    @property
    def note(self) -> str:
        """Returns the teacher's words in the learner's language ("" when there are none)."""
        return pick_text(self.notes)


Reader = Callable[[Mapping[str, Any], "str | None", bool], Puzzle]
_READER: Reader | None = None


def set_reader(reader: Reader) -> None:
    """Registers how records are read (the loader does, so the model needs no kinds)."""
    global _READER
    _READER = reader


def texts(value: object) -> dict[str, str]:
    """Reads the teacher's words of a record: one English text or a mapping by language."""
    return _texts(value)


def _texts(value: object) -> dict[str, str]:
    if value is None:
        return {}
    if isinstance(value, str):
        return {"en": value}
    assert isinstance(value, Mapping)
    return {str(k): str(v) for k, v in value.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
