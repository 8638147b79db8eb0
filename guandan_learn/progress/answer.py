"""One answer as stored: where the database lives, who answers, UTC times, and the row."""

from __future__ import annotations

import getpass
import hashlib
import json
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ProgressError
from ..messages import say

if TYPE_CHECKING:
    from ..exercises.grade import Feedback
    from ..exercises.model import Puzzle


ENV_PATH = "GUANDAN_PROGRESS"
#: The environment variable naming the learner (default ``me``).
ENV_LEARNER = "GUANDAN_LEARNER"
DEFAULT_LEARNER = "me"
#: The environment variable a JupyterHub sets to the user's name.
ENV_HUB_USER = "JUPYTERHUB_USER"
FILE_NAME = "progress.sqlite3"
#: Where the browser (JupyterLite) keeps the learner's files, across reloads and restarts.
BROWSER_DRIVE = "/drive"
#: Written in the database header, so another program's SQLite file is recognised.
APPLICATION_ID = 0x47444C50  # "GDLP"
SCHEMA_VERSION = 1
BUSY_MS = 30_000
OFF_WORDS = frozenset({"off", "0", "no", "none", "false", "disabled"})

#: The columns of a results CSV, in order (the same as the ``answers`` table).
CSV_COLUMNS = ("id", "at", "learner", "source", "puzzle", "kind", "seed", "difficulty",
               "clauses", "answer", "correct", "misconception")


_GENERATED_ID = re.compile(r"^(?P<kind>[a-z_]+)-d(?P<d>[123])-s(?P<seed>-?\d+)$")


# -- Where, and who ----------------------------------------------------------------------------


def progress_path(value: str | None = None) -> Path | None:
    """Returns the database file named by ``value`` (default: ``GUANDAN_PROGRESS``), else the
    one in the user's data folder (in the browser, ``/drive``); ``None`` when recording is
    off (``off``).

    >>> progress_path("off") is None, progress_path("/tmp/class.sqlite3").name
    (True, 'class.sqlite3')
    """
    if value is None:
        value = os.environ.get(ENV_PATH, "")
    value = value.strip()
    if value.lower() in OFF_WORDS:
        return None
    if value:
        return Path(value).expanduser()
    if sys.platform == "emscripten":  # the browser: JupyterLite's drive keeps files
        return Path(BROWSER_DRIVE) / FILE_NAME
    from platformdirs import user_data_dir

    return Path(user_data_dir("guandan-learn", appauthor=False)) / FILE_NAME


def default_learner() -> str:
    """Returns the learner answers are recorded for: ``GUANDAN_LEARNER``, else ``"me"``."""
    return os.environ.get(ENV_LEARNER, "").strip() or DEFAULT_LEARNER


def learner_name(value: object, default: str | None = None) -> str:
    """Returns a learner's name, trimmed; ``None`` or ``""`` means ``default`` (else the default
    learner). Raises ``ProgressError`` for a name that is blank or not text.

    >>> learner_name(" Ana "), learner_name(None, "Bo")
    ('Ana', 'Bo')
    """
    if value is None or value == "":
        return default or default_learner()
    if not isinstance(value, str):
        raise ProgressError(say("progress.learner.bad", value=type(value).__name__))
    name = value.strip()
    if not name:
        raise ProgressError(say("progress.learner.blank"))
    return name


def hand_in_name() -> str:
    """Returns the name results are handed in under when none is saved: ``GUANDAN_LEARNER``,
    else ``JUPYTERHUB_USER`` (a JupyterHub names its users), else the computer's user name,
    else ``"me"``. In the browser (Pyodide) the user name is the same for everyone
    (``web_user``), so it is never proposed."""
    for variable in (ENV_LEARNER, ENV_HUB_USER):
        name = os.environ.get(variable, "").strip()
        if name:
            return name
    if sys.platform == "emscripten":
        return DEFAULT_LEARNER
    try:
        return getpass.getuser().strip() or DEFAULT_LEARNER
    except (OSError, KeyError, ImportError):  # no user name (a container without one)
        return DEFAULT_LEARNER


def answer_notation(puzzle: Puzzle, value: Any) -> str:
    """Returns a (read) answer in the exercise files' notation, which the kind's reader reads
    back: text as it is, yes or no, a number, other data (lists) as JSON.

    >>> from guandan_learn.exercises import generate
    >>> answer_notation(generate("legal_play", 3), True)
    'yes'
    >>> levels = generate("next_level", 1, 2)
    >>> answer_notation(levels, levels.expected)
    '["4", "A"]'
    """
    from ..exercises import spec

    plain = spec(puzzle.kind).write_answer(value, puzzle.parsed, puzzle.question)
    if isinstance(plain, bool):
        return "yes" if plain else "no"
    if isinstance(plain, (str, int)):
        return str(plain)
    return json.dumps(plain, ensure_ascii=False)


# -- Time ------------------------------------------------------------------------------------

#: Answers are dated from 1900 to 9000 (schedules run a century past an answer).
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
LATEST = datetime(9000, 1, 1, tzinfo=UTC)


def utc_now() -> datetime:
    """Returns the current time in UTC."""
    return datetime.now(UTC)


def as_utc(value: datetime | str | None) -> datetime:
    """Reads a time (ISO text or a ``datetime``) as UTC; a time without a zone is taken as UTC.

    >>> as_utc("2025-03-01 12:00").isoformat()
    '2025-03-01T12:00:00+00:00'
    """
    if value is None:
        return utc_now()
    given = value  # shown in an error as it was given (repr only then: it is slow)
    try:
        if isinstance(value, str):
            text = value.strip()
            if text.endswith(("Z", "z")):
                text = text[:-1] + "+00:00"
            value = datetime.fromisoformat(text)
        if not isinstance(value, datetime):
            raise TypeError(type(value).__name__)
        moment = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    except (ValueError, TypeError, OverflowError):
        raise ProgressError(say("progress.time.bad", value=repr(given)[:40])) from None
    if not EARLIEST <= moment < LATEST:
        raise ProgressError(say("progress.time.range", value=repr(given)[:40],
                                earliest=EARLIEST.year, latest=LATEST.year))
    return moment


def iso(value: datetime) -> str:
    """Writes a time as ISO text in UTC with microseconds (so text order is time order)."""
    return as_utc(value).isoformat(timespec="microseconds")


def results_file_name(name: str, when: datetime | str | None = None) -> str:
    """Returns the file name results are handed in as: the learner's name and the UTC date.

    >>> results_file_name("Ana Sá / 3B", "2025-03-01T10:00Z")
    'Ana_Sá_3B_2025-03-01.csv'
    """
    slug = "_".join(re.findall(r"[\w.-]+", name)).strip("._-") or DEFAULT_LEARNER
    return f"{slug[:60]}_{as_utc(when).date().isoformat()}.csv"


# -- One answer ------------------------------------------------------------------------------


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {_text(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return " ".join(_text(v) for v in value)
    return str(value)


@dataclass(frozen=True)
class Answer:
    """One graded answer, as stored: a row of the database and of a results CSV.

    ``source`` is ``"bank"`` (``puzzle`` is the bank id), ``"generated"`` (``puzzle`` is the
    generator's id; ``seed`` and ``difficulty`` make it again) or ``"other"``. ``id`` is a hash
    of everything else, so the same answer always has the same id.
    """

    at: str
    learner: str
    source: str
    puzzle: str
    kind: str
    seed: int | None
    difficulty: int
    clauses: tuple[str, ...]
    answer: str
    correct: bool
    misconception: str | None = None
    id: str = field(default="")

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", self.stable_id())

    def stable_id(self) -> str:
        """Returns the hash of the answer's contents (32 hex digits)."""
        parts = [self.at, self.learner, self.source, self.puzzle, self.kind,
                 "" if self.seed is None else str(self.seed), str(self.difficulty),
                 " ".join(self.clauses), self.answer, "1" if self.correct else "0",
                 self.misconception or ""]
        return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:32]

    @classmethod
    def of(cls, puzzle: Puzzle, feedback: Feedback, *, answer: object = None,
           learner: str | None = None, at: datetime | str | None = None) -> Answer:
        """Makes the row for an answer to a puzzle, graded as ``feedback``."""
        match = _GENERATED_ID.match(puzzle.id)
        generated = (puzzle.source is None and puzzle.seed is not None and match is not None
                     and match["kind"] == puzzle.kind.value)
        source = "generated" if generated else "bank" if puzzle.source else "other"
        seed = puzzle.seed if isinstance(puzzle.seed, int) and abs(puzzle.seed) < 2**63 else None
        try:
            given = answer_notation(puzzle, feedback.given_answer)
        except (ValueError, TypeError, AttributeError, KeyError):  # GuandanError included
            given = _text(answer) if answer is not None else (feedback.given or "")
        mis = feedback.misconception
        return cls(at=as_utc(at).isoformat(timespec="microseconds"), learner=learner_name(learner),
                   source=source, puzzle=puzzle.id, kind=puzzle.kind.value, seed=seed,
                   difficulty=puzzle.difficulty,
                   clauses=tuple(puzzle.clauses or feedback.clauses),
                   answer=given, correct=bool(feedback.correct),
                   misconception=None if mis is None else mis.id)

    @classmethod
    def from_mapping(cls, row: Mapping[str, Any]) -> Answer:
        """Reads a row written by ``to_row`` (a CSV line, a database row).

        Raises ``ProgressError`` saying which field cannot be read.
        """
        if not isinstance(row, Mapping):
            raise ProgressError(say("progress.row.not_mapping", value=type(row).__name__))
        def need(name: str) -> str:
            value = row.get(name)
            text = "" if value is None else str(value).strip()
            if not text:
                raise ProgressError(say("progress.row.missing", field=name))
            return text

        try:
            at = as_utc(need("at")).isoformat(timespec="microseconds")  # iso(), parsed once
        except ValueError:
            raise ProgressError(say("progress.row.bad", field="at",
                                    value=_field(row, "at")[:40])) from None
        seed_text = _field(row, "seed")
        seed = _integer(row, "seed") if seed_text else None
        difficulty = _integer(row, "difficulty") if _field(row, "difficulty") else 1
        correct_text = str(row.get("correct", "")).strip().lower()
        if correct_text in ("1", "true", "yes", "right", "correct"):
            correct = True
        elif correct_text in ("0", "false", "no", "wrong"):
            correct = False
        else:
            raise ProgressError(say("progress.row.bad", field="correct",
                                    value=correct_text[:40]))
        clauses = tuple(str(row.get("clauses") or "").split())
        mis = str(row.get("misconception") or "").strip() or None
        return cls(at=at, learner=need("learner"), source=need("source"),
                   puzzle=need("puzzle"), kind=need("kind"), seed=seed,
                   difficulty=difficulty, clauses=clauses,
                   answer=str(row.get("answer") or "").strip(), correct=correct,
                   misconception=mis)

    def to_row(self) -> dict[str, str]:
        """Returns the answer as CSV fields (``CSV_COLUMNS``)."""
        return {"id": self.id, "at": self.at, "learner": self.learner, "source": self.source,
                "puzzle": self.puzzle, "kind": self.kind,
                "seed": "" if self.seed is None else str(self.seed),
                "difficulty": str(self.difficulty), "clauses": " ".join(self.clauses),
                "answer": self.answer, "correct": "1" if self.correct else "0",
                "misconception": self.misconception or ""}

    def values(self) -> tuple[Any, ...]:
        """Returns the answer as database values, in ``CSV_COLUMNS`` order."""
        return (self.id, self.at, self.learner, self.source, self.puzzle, self.kind,
                self.seed, self.difficulty, " ".join(self.clauses), self.answer,
                int(self.correct), self.misconception)

    @property
    def skills(self) -> tuple[str, ...]:
        """Returns the skills the answer practises: its kind, then each clause."""
        return (f"kind:{self.kind}", *(f"clause:{c}" for c in self.clauses))


def _field(row: Mapping[str, Any], name: str) -> str:
    value = row.get(name)
    return "" if value is None else str(value).strip()


def _integer(row: Mapping[str, Any], name: str) -> int:
    """Reads a whole number of at most 64 bits (what SQLite stores), else names the field."""
    text = _field(row, name)
    if len(text) <= 20 and text.lstrip("-").isascii() and text.lstrip("-").isdigit():
        number = int(text)
        if -2**63 <= number < 2**63:
            return number
    raise ProgressError(say("progress.row.bad", field=name, value=text[:40]))


def _from_values(values: Sequence[Any]) -> Answer:
    return Answer.from_mapping(dict(zip(CSV_COLUMNS, values, strict=True)))

