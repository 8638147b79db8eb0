"""The puzzle record: what a teacher writes in an exercise file, and what a generator makes.

A puzzle is data (id, kind, clauses, difficulty, setup, question, answer, teacher's words);
graders and explanations are code (``kinds``, ``grade``). See
``guandan_learn/data/bank/README.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..errors import ExerciseError
from ..i18n import get_language


class PuzzleKind(StrEnum):
    """The eight kinds of puzzle; the value is the name used in exercise files."""

    LEGAL_PLAY = "legal_play"
    CLASSIFY = "classify"
    STRONGEST = "strongest"
    DECLARE_WILD = "declare_wild"
    FIND_PLAY = "find_play"
    NEXT_LEVEL = "next_level"
    TRIBUTE = "tribute"
    WHO_LEADS = "who_leads"


class PuzzleError(ExerciseError):
    """Says that a puzzle (or an answer to it) is malformed, naming the file, puzzle and field.

    ``path``, ``puzzle_id`` and ``field`` are ``None`` when unknown; ``reason`` is the message
    without the place.
    """

    def __init__(self, message: str, *, reason: str | None = None, path: str | None = None,
                 puzzle_id: str | None = None, field: str | None = None,
                 clause: str | None = None) -> None:
        super().__init__(message, clause=clause)
        self.reason = reason if reason is not None else message
        self.path = path
        self.puzzle_id = puzzle_id
        self.field = field


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
    """The engine's answer to a puzzle, with its explanation and the clauses it rests on.

    ``detail`` keeps the engine's own value (a ``Verdict``, ``Settlement``, ``TributePlan``,
    ``Deal``, readings…) for graders and hints.
    """

    answer: Any
    explanation: str
    clauses: tuple[str, ...]
    detail: Any = None


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
    parsed: Any = field(default=None, compare=False, repr=False)
    expected: Any = field(default=None, compare=False, repr=False)

    @classmethod
    def from_data(cls, data: Mapping[str, Any], source: str | None = None, *,
                  checked: bool = False) -> Puzzle:
        """Reads one puzzle record and checks it: the schema (unless ``checked`` says the
        caller did), then its setup and answer with the engine.

        Raises ``PuzzleError`` naming the puzzle and the field.
        """
        from .kinds import spec

        if not checked:
            from .loader import check_puzzle_data

            check_puzzle_data(data)
        pid = str(data.get("id", "?"))
        try:
            kind = PuzzleKind(data["kind"])
            handler = spec(kind)
            question = data.get("question") or handler.questions[0]
            if question not in handler.questions:
                from ..messages import say

                raise FieldError("question", say("exercise.bad_question", question=question,
                                                 kind=kind.value,
                                                 questions=", ".join(handler.questions)))
            parsed = handler.read_setup(data["setup"], question)
            expected = handler.read_answer(data["answer"], parsed, question, field="answer")
            choices = tuple(Choice(c["answer"], c.get("misconception"))
                            for c in data.get("choices", ()))
            for i, choice in enumerate(choices):
                handler.read_answer(choice.answer, parsed, question, field=f"choices[{i}].answer")
        except PuzzleError as err:
            raise PuzzleError(err.reason, reason=err.reason, path=source, puzzle_id=pid,
                              field=err.field, clause=err.clause) from None
        return cls(
            id=pid, kind=kind, setup=dict(data["setup"]), answer=data["answer"],
            question=question, clauses=tuple(data.get("clauses", ())),
            difficulty=int(data.get("difficulty", 1)), notes=_texts(data.get("notes")),
            prompt=_texts(data.get("prompt")), choices=choices, source=source,
            seed=data.get("seed"), parsed=parsed, expected=expected)

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
        return out

    def __hash__(self) -> int:
        return hash((self.id, self.kind, self.question, self.seed))

    @property
    def note(self) -> str:
        """Returns the teacher's words in the learner's language ("" when there are none)."""
        return pick_text(self.notes)


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
