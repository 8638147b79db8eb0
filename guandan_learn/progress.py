"""Saved progress: every graded answer in a local SQLite database, and the skills it schedules.

Each answer is one row: when (UTC), which puzzle (a bank id, or a generator's kind, seed and
difficulty), its kind and clauses, the answer given, right or wrong, the misconception matched,
and the learner. Each row's id is a hash of its contents, so importing the same rows twice
adds nothing. The skills (every puzzle kind and every clause) are flashcards scheduled by the
``fsrs`` package: a right answer rates the skill *Good*, a wrong one *Again*.

The database lives in the user's data folder (``platformdirs``) unless ``GUANDAN_PROGRESS``
names a file; ``GUANDAN_PROGRESS=off`` records nothing. Writes are transactions (WAL journal,
``BEGIN IMMEDIATE``, a busy timeout), so two processes may answer at once. A damaged file
(truncated, garbage, another program's database) is never deleted: it is renamed with a
timestamp suffix, every answer still readable in it is copied into a new database, and a
``ProgressWarning`` says so.

>>> import tempfile, pathlib
>>> from guandan_learn.exercises import Question, generate
>>> folder = tempfile.mkdtemp()
>>> progress = Progress(pathlib.Path(folder) / "progress.sqlite3")
>>> q = Question(generate("legal_play", seed=3))
>>> row = progress.record(q.puzzle, q.check(q.puzzle.answer), at="2025-01-02T03:04:05Z")
>>> row.correct, row.kind, row.source, row.at
(True, 'legal_play', 'generated', '2025-01-02T03:04:05.000000+00:00')
>>> progress.summary().kinds["legal_play"].accuracy
1.0
>>> progress.close()
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import os
import random
import re
import sqlite3
import threading
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import fsrs

from .errors import GuandanError, ProgressError, ProgressWarning
from .exercises.grade import on_answer
from .messages import say

if TYPE_CHECKING:
    from .exercises.grade import Feedback
    from .exercises.model import Puzzle

#: The environment variable naming the database file (or ``off``).
ENV_PATH = "GUANDAN_PROGRESS"
#: The environment variable naming the learner (default ``me``).
ENV_LEARNER = "GUANDAN_LEARNER"
DEFAULT_LEARNER = "me"
FILE_NAME = "progress.sqlite3"
#: Written in the database header, so another program's SQLite file is recognised.
APPLICATION_ID = 0x47444C50  # "GDLP"
SCHEMA_VERSION = 1
BUSY_MS = 30_000
OFF_WORDS = frozenset({"off", "0", "no", "none", "false", "disabled"})

#: The columns of a results CSV, in order (the same as the ``answers`` table).
CSV_COLUMNS = ("id", "at", "learner", "source", "puzzle", "kind", "seed", "difficulty",
               "clauses", "answer", "correct", "misconception")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    id TEXT PRIMARY KEY NOT NULL,
    at TEXT NOT NULL,
    learner TEXT NOT NULL,
    source TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    kind TEXT NOT NULL,
    seed INTEGER,
    difficulty INTEGER NOT NULL,
    clauses TEXT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    misconception TEXT
);
CREATE INDEX IF NOT EXISTS answers_by_learner ON answers (learner, at);
CREATE TABLE IF NOT EXISTS skills (
    learner TEXT NOT NULL,
    skill TEXT NOT NULL,
    card TEXT NOT NULL,
    due TEXT NOT NULL,
    PRIMARY KEY (learner, skill)
);
"""
_TABLES = {"answers": set(CSV_COLUMNS), "skills": {"learner", "skill", "card", "due"}}
_GENERATED_ID = re.compile(r"^(?P<kind>[a-z_]+)-d(?P<d>[123])-s(?P<seed>-?\d+)$")


# -- Where, and who ----------------------------------------------------------------------------


def progress_path(value: str | None = None) -> Path | None:
    """Returns the database file named by ``value`` (default: ``GUANDAN_PROGRESS``), else the
    one in the user's data folder; ``None`` when recording is off (``off``).

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
    from platformdirs import user_data_dir

    return Path(user_data_dir("guandan-learn", appauthor=False)) / FILE_NAME


def default_learner() -> str:
    """Returns the learner answers are recorded for: ``GUANDAN_LEARNER``, else ``"me"``."""
    return os.environ.get(ENV_LEARNER, "").strip() or DEFAULT_LEARNER


# -- Time ------------------------------------------------------------------------------------


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
    if isinstance(value, str):
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        value = datetime.fromisoformat(text)
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def iso(value: datetime) -> str:
    """Writes a time as ISO text in UTC with microseconds (so text order is time order)."""
    return as_utc(value).isoformat(timespec="microseconds")


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
        given = _text(answer) if answer is not None else (feedback.given or "")
        mis = feedback.misconception
        return cls(at=iso(as_utc(at)), learner=(learner or default_learner()).strip(),
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
        def need(name: str) -> str:
            value = row.get(name)
            text = "" if value is None else str(value).strip()
            if not text:
                raise ProgressError(say("progress.row.missing", field=name))
            return text

        try:
            at = iso(as_utc(need("at")))
        except ValueError:
            raise ProgressError(say("progress.row.bad", field="at",
                                    value=row.get("at"))) from None
        seed_value = row.get("seed")
        seed_text = "" if seed_value is None else str(seed_value).strip()
        try:
            seed = int(seed_text) if seed_text else None
            difficulty = int(str(row.get("difficulty") or 1).strip())
        except ValueError:
            bad = "seed" if seed_text and not seed_text.lstrip("-").isdigit() else "difficulty"
            raise ProgressError(say("progress.row.bad", field=bad, value=row.get(bad))) from None
        correct_text = str(row.get("correct", "")).strip().lower()
        if correct_text in ("1", "true", "yes", "right", "correct"):
            correct = True
        elif correct_text in ("0", "false", "no", "wrong"):
            correct = False
        else:
            raise ProgressError(say("progress.row.bad", field="correct",
                                    value=row.get("correct")))
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


def _from_values(values: Sequence[Any]) -> Answer:
    return Answer.from_mapping(dict(zip(CSV_COLUMNS, values, strict=True)))


# -- Summaries -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stats:
    """How a learner did on one kind or clause: answered, right, and when last seen."""

    answered: int = 0
    right: int = 0
    last_seen: str | None = None

    @property
    def accuracy(self) -> float:
        """Returns the share of right answers (0 when none was answered)."""
        return self.right / self.answered if self.answered else 0.0

    def add(self, answer: Answer) -> Stats:
        """Returns the stats with one more answer."""
        last = max(self.last_seen or answer.at, answer.at)
        return Stats(self.answered + 1, self.right + answer.correct, last)


@dataclass(frozen=True)
class Summary:
    """A learner's results per puzzle kind and per clause; prints as a table."""

    learner: str
    total: Stats
    kinds: dict[str, Stats]
    clauses: dict[str, Stats]

    @classmethod
    def of(cls, learner: str, answers: Iterable[Answer]) -> Summary:
        """Adds up answers."""
        total = Stats()
        kinds: dict[str, Stats] = {}
        clauses: dict[str, Stats] = {}
        for a in answers:
            total = total.add(a)
            kinds[a.kind] = kinds.get(a.kind, Stats()).add(a)
            for c in dict.fromkeys(a.clauses):
                clauses[c] = clauses.get(c, Stats()).add(a)
        return cls(learner, total, dict(sorted(kinds.items())),
                   dict(sorted(clauses.items(), key=lambda kv: clause_key(kv[0]))))

    def lines(self) -> list[str]:
        """Returns the summary as text lines: the total, then a table by kind and by clause."""
        t = self.total
        if not t.answered:
            return [say("progress.summary.empty", learner=self.learner)]
        out = [say("progress.summary.total", learner=self.learner, answered=t.answered,
                   right=t.right, percent=round(100 * t.accuracy))]
        for title, table in ((say("progress.summary.by_kind"), self.kinds),
                             (say("progress.summary.by_clause"), self.clauses)):
            out.append("")
            out.append(title)
            head = (say("progress.summary.what"), say("progress.summary.answered"),
                    say("progress.summary.right"), say("progress.summary.accuracy"),
                    say("progress.summary.last_seen"))
            width = max(len(head[0]), *(len(k) for k in table))
            out.append(f"  {head[0]:<{width}}  {head[1]:>8}  {head[2]:>6}  {head[3]:>8}  "
                       f"{head[4]}")
            for name, s in table.items():
                last = (s.last_seen or "")[:16].replace("T", " ")
                out.append(f"  {name:<{width}}  {s.answered:>8}  {s.right:>6}  "
                           f"{round(100 * s.accuracy):>7}%  {last}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def clause_key(clause: str) -> tuple[int, ...]:
    """Sorts clause ids in rulebook order: §02.6 < §02.10 < §03; variants (V4) after them.

    >>> sorted(["§04.10", "V2", "§04.9", "§02"], key=clause_key)
    ['§02', '§04.9', '§04.10', 'V2']
    """
    numbers = tuple(int(n) for n in re.findall(r"\d+", clause))
    return ((1 if clause.startswith("V") else 0), *numbers)


# -- Skills and the scheduler ----------------------------------------------------------------


def scheduler() -> fsrs.Scheduler:
    """Returns the FSRS scheduler of every skill (no random fuzz, so schedules repeat)."""
    return fsrs.Scheduler(enable_fuzzing=False)


def _card_id(learner: str, skill: str) -> int:
    digest = hashlib.sha256(f"{learner}\x1f{skill}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass(frozen=True)
class Skill:
    """A puzzle kind (``kind:legal_play``) or a clause (``clause:§04.3``) and its FSRS card."""

    learner: str
    name: str
    card: fsrs.Card

    @property
    def what(self) -> str:
        """Returns ``"kind"`` or ``"clause"``."""
        return self.name.partition(":")[0]

    @property
    def topic(self) -> str:
        """Returns the kind or the clause itself: ``legal_play``, ``§04.3``."""
        return self.name.partition(":")[2]

    @property
    def due(self) -> datetime:
        """Returns when the skill is due for practice."""
        return as_utc(self.card.due)

    def is_due(self, now: datetime | str | None = None) -> bool:
        """Says whether the skill is due at ``now``."""
        return self.due <= as_utc(now)

    def retrievability(self, now: datetime | str | None = None) -> float:
        """Returns the chance (0–1) that the learner still knows the skill at ``now``."""
        return float(scheduler().get_card_retrievability(self.card, as_utc(now)))

    def label(self) -> str:
        """Returns the skill in words: "kind legal_play", "clause §04.3"."""
        return say(f"progress.skill.{self.what}", topic=self.topic)


def review(card: fsrs.Card, correct: bool, at: datetime) -> fsrs.Card:
    """Returns the card after one answer: rated Good when right, Again when wrong."""
    rating = fsrs.Rating.Good if correct else fsrs.Rating.Again
    last = card.last_review
    if last is not None and as_utc(last) > at:
        at = as_utc(last)  # answers arrive in time order; never review into the past
    return scheduler().review_card(card, rating, review_datetime=at)[0]


# -- The database ----------------------------------------------------------------------------


def _is_damage(err: BaseException) -> bool:
    code = getattr(err, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
    text = str(err).lower()
    return "malformed" in text or "not a database" in text


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    """Holds an exclusive lock on ``<path>.lock`` (POSIX) while a file is checked or moved."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no lock, recovery is rare
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(f"{path}.lock", "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(target, timeout=BUSY_MS / 1000, isolation_level=None,
                           check_same_thread=False, uri=uri)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    return conn


def _tables(conn: sqlite3.Connection) -> dict[str, set[str]]:
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {n: {r[1] for r in conn.execute(f'PRAGMA table_info("{n}")')} for n in names}


def diagnose(path: Path) -> str | None:
    """Returns why a database file cannot be used (in words), or ``None`` when it is fine,
    empty or absent."""
    if not path.exists() or (path.stat().st_size == 0
                             and not Path(f"{path}-wal").exists()):
        return None
    try:
        return _diagnose(_connect(f"{path.resolve().as_uri()}?mode=ro", uri=True))
    except sqlite3.Error as err:
        if _is_damage(err):
            return str(err)
    try:  # read-only opening can fail for reasons of its own (a WAL without its index)
        return _diagnose(_connect(str(path)))
    except sqlite3.Error as err:
        return str(err)


def _diagnose(conn: sqlite3.Connection) -> str | None:
    try:
        check = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
        if check != ["ok"]:
            return say("progress.damage.check", detail="; ".join(map(str, check[:3])))
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = _tables(conn)
        if app == 0 and not tables:
            return None
        if app != APPLICATION_ID:
            return say("progress.damage.foreign")
        if version > SCHEMA_VERSION:
            return say("progress.damage.newer", version=version)
        if any(not cols <= tables.get(name, set()) for name, cols in _TABLES.items()):
            return say("progress.damage.schema")
        return None
    finally:
        conn.close()


def _aside_name(path: Path, when: datetime) -> Path:
    stamp = when.strftime("%Y%m%dT%H%M%SZ")
    candidate = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while any(Path(f"{candidate}{s}").exists() for s in ("", "-wal", "-shm")):
        n += 1
        candidate = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    return candidate


def move_aside(path: Path, when: datetime | None = None) -> Path:
    """Renames a database file and its journal files with a timestamp suffix; returns the new
    name of the database file. Nothing is deleted."""
    target = _aside_name(path, as_utc(when))
    for suffix in ("-wal", "-shm", "-journal"):
        extra = Path(f"{path}{suffix}")
        if extra.exists():
            os.replace(extra, f"{target}{suffix}")
    os.replace(path, target)
    return target


def salvage(path: Path) -> list[Answer]:
    """Returns every answer that can still be read from a (damaged) database file.

    SQLite reads what it can, table by table; then the file's pages (and the committed pages of
    its WAL journal) are scanned for rows directly. A row counts only if its id matches its
    contents, so nothing half-written is taken.
    """
    found: dict[str, Answer] = {}
    for answer in [*_salvage_sqlite(path), *_salvage_pages(path)]:
        found.setdefault(answer.id, answer)
    return sorted(found.values(), key=lambda a: (a.at, a.id))


def _salvage_sqlite(path: Path) -> list[Answer]:
    out: list[Answer] = []
    try:
        conn = _connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return out
    try:
        for table, cols in _tables(conn).items():
            if not {"at", "learner", "kind", "correct"} <= cols:
                continue
            cursor = conn.execute(f'SELECT * FROM "{table}"')
            names = [d[0] for d in cursor.description]
            while True:
                try:
                    row = cursor.fetchone()
                except sqlite3.Error:
                    break
                if row is None:
                    break
                with contextlib.suppress(ProgressError):
                    data = dict(zip(names, row, strict=True))
                    data.setdefault("source", "other")
                    data.setdefault("puzzle", data.get("kind"))
                    out.append(Answer.from_mapping(data))
    except sqlite3.Error:
        pass
    finally:
        conn.close()
    return out


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    value = 0
    for k in range(8):
        byte = buf[i + k]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, i + k + 1
    return (value << 8) | buf[i + 8], i + 9


_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _record(payload: bytes) -> list[Any] | None:
    """Decodes one SQLite record (the values of a row), or returns ``None``."""
    size, p = _varint(payload, 0)
    types: list[int] = []
    while p < size:
        t, p = _varint(payload, p)
        types.append(t)
    q = size
    values: list[Any] = []
    for t in types:
        if t == 0:
            values.append(None)
        elif t in _SIZES:
            n = _SIZES[t]
            values.append(int.from_bytes(payload[q:q + n], "big", signed=True))
            q += n
        elif t in (8, 9):
            values.append(t - 8)
        elif t >= 13 and t % 2:
            n = (t - 13) // 2
            values.append(payload[q:q + n].decode("utf-8"))
            q += n
        else:
            return None  # floats and blobs never appear in an answer row
    return values if q <= len(payload) else None


def _rows_in_page(page: bytes, header: int) -> Iterator[list[Any]]:
    if len(page) < header + 8 or page[header] != 0x0D:  # a leaf page of a table
        return
    cells = int.from_bytes(page[header + 3:header + 5], "big")
    most = len(page) - 35
    for i in range(cells):
        at = header + 8 + 2 * i
        try:
            ptr = int.from_bytes(page[at:at + 2], "big")
            length, p = _varint(page, ptr)
            _, p = _varint(page, p)
            if length > most or p + length > len(page):
                continue  # spills to overflow pages: answer rows never do
            values = _record(page[p:p + length])
        except (IndexError, UnicodeDecodeError, ValueError):
            continue
        if values is not None:
            yield values


def _answers_in(rows: Iterable[list[Any]]) -> Iterator[Answer]:
    for values in rows:
        if len(values) != len(CSV_COLUMNS) or not isinstance(values[0], str):
            continue
        try:
            answer = _from_values(values)
        except (ProgressError, ValueError, TypeError):
            continue
        if answer.id == values[0]:
            yield answer


def _salvage_pages(path: Path) -> list[Answer]:
    out: list[Answer] = []
    try:
        data = path.read_bytes()
    except OSError:
        data = b""
    page_size = 4096
    if data[:16] == b"SQLite format 3\x00":
        size = int.from_bytes(data[16:18], "big")
        page_size = 65536 if size == 1 else size if size >= 512 else 4096
    for start in range(0, len(data), page_size):
        page = data[start:start + page_size]
        out += _answers_in(_rows_in_page(page, 100 if start == 0 else 0))
    out += _answers_in(_wal_rows(Path(f"{path}-wal")))
    return out


def _wal_rows(wal: Path) -> Iterator[list[Any]]:
    """Yields the rows of the committed frames of a WAL journal."""
    try:
        data = wal.read_bytes()
    except OSError:
        return
    if len(data) < 32 or data[:4] not in (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83"):
        return
    page_size = int.from_bytes(data[8:12], "big") or 65536
    salts = data[16:24]
    pending: list[tuple[int, bytes]] = []
    pos = 32
    while pos + 24 + page_size <= len(data):
        head = data[pos:pos + 24]
        page = data[pos + 24:pos + 24 + page_size]
        pos += 24 + page_size
        if head[8:16] != salts:
            break
        pending.append((int.from_bytes(head[:4], "big"), page))
        if int.from_bytes(head[4:8], "big"):  # a commit frame: the transaction is whole
            for number, committed in pending:
                yield from _rows_in_page(committed, 100 if number == 1 else 0)
            pending = []


# -- Progress --------------------------------------------------------------------------------


class Progress:
    """A learner's saved answers and skill schedule in one SQLite file (``":memory:"`` works).

    ``status`` is ``"ok"``, ``"new"`` (the file was started now) or ``"recovered"`` (it was
    damaged: ``moved_to`` names the old file, ``salvaged`` counts the answers copied over, and
    ``message`` says it in words, as the ``ProgressWarning`` did).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 learner: str | None = None) -> None:
        if path is None:
            path = progress_path()
            if path is None:
                raise ProgressError(say("progress.off", variable=ENV_PATH))
        self.memory = str(path) == ":memory:"
        self.path = Path(path) if not self.memory else Path(":memory:")
        self.learner = (learner or default_learner()).strip()
        self.status = "ok"
        self.message = ""
        self.moved_to: Path | None = None
        self.salvaged = 0
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._inode: int | None = None
        self._recovering = False
        self._open()

    # The connection, its checks and recovery.

    def _open(self) -> None:
        if self.memory:
            self._conn = _connect(":memory:")
            self._init_schema()
            self.status = "new"
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with _file_lock(self.path):
                existed = self.path.exists() and self.path.stat().st_size > 0
                problem = diagnose(self.path)
                if problem is not None:
                    self._recover(problem)
                else:
                    self._connect_file()
                    if not existed:
                        self.status = "new"
        except OSError as err:
            raise ProgressError(say("progress.unusable", path=str(self.path),
                                    reason=str(err))) from None

    def _connect_file(self) -> None:
        conn = _connect(str(self.path))
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":  # pragma: no cover - file systems without shared memory
            warnings.warn(say("progress.no_wal", path=str(self.path), mode=mode),
                          ProgressWarning, stacklevel=3)
        conn.execute("PRAGMA synchronous = FULL")
        self._conn = conn
        self._inode = os.stat(self.path).st_ino
        self._init_schema()

    def _init_schema(self) -> None:
        conn = self._connection
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("PRAGMA application_id").fetchone()[0] == 0:
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _recover(self, problem: str) -> None:
        """Moves the damaged file aside, starts a new one, copies the readable answers over."""
        self.close()
        self._recovering = True
        try:
            moved = move_aside(self.path, utc_now())
            rows = salvage(moved)
            self._connect_file()
            added = self._insert(rows)
            self._rebuild({a.learner for a in rows})
        finally:
            self._recovering = False
        self.status, self.moved_to, self.salvaged = "recovered", moved, added
        self.message = say("progress.recovered", path=str(self.path), reason=problem,
                           moved=str(moved), count=added)
        warnings.warn(self.message, ProgressWarning, stacklevel=4)

    def _on_damage(self, err: BaseException) -> None:
        with _file_lock(self.path):
            current = self.path.stat().st_ino if self.path.exists() else None
            if current is not None and current != self._inode and diagnose(self.path) is None:
                self.close()  # another process has recovered already: use its new file
                self._connect_file()
                return
            self._recover(str(err))

    @property
    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ProgressError(say("progress.closed", path=str(self.path)))
        return self._conn

    def _run(self, action: Any, *, write: bool) -> Any:
        """Runs ``action(conn)`` in a transaction; recovers once from a damaged file."""
        with self._lock:
            for attempt in (1, 2):
                conn = self._connection
                try:
                    conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                    try:
                        result = action(conn)
                    except BaseException:
                        if conn.in_transaction:
                            conn.execute("ROLLBACK")
                        raise
                    conn.execute("COMMIT")
                    return result
                except sqlite3.Error as err:
                    if (_is_damage(err) and attempt == 1 and not self.memory
                            and not self._recovering):
                        self._on_damage(err)
                        continue
                    raise ProgressError(say("progress.failed", path=str(self.path),
                                            reason=str(err))) from None
            raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        """Closes the database (further use raises ``ProgressError``)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Progress({str(self.path)!r}, learner={self.learner!r})"

    # Writing.

    def record(self, puzzle: Puzzle, feedback: Feedback, *, answer: object = None,
               learner: str | None = None, at: datetime | str | None = None) -> Answer:
        """Records one graded answer and updates the schedule of its skills; returns the row."""
        row = Answer.of(puzzle, feedback, answer=answer, learner=learner or self.learner,
                        at=at)
        self.add([row])
        return row

    def add(self, answers: Iterable[Answer]) -> int:
        """Adds answers (those already stored are skipped) in one transaction and reschedules
        their skills; returns how many were new."""
        rows = sorted(answers, key=lambda a: (a.at, a.id))

        def write(conn: sqlite3.Connection) -> int:
            added: list[Answer] = []
            for a in rows:
                cur = conn.execute(f"INSERT OR IGNORE INTO answers ({', '.join(CSV_COLUMNS)}) "
                                   f"VALUES ({', '.join('?' * len(CSV_COLUMNS))})", a.values())
                if cur.rowcount:
                    added.append(a)
            self._schedule(conn, added)
            return len(added)

        return int(self._run(write, write=True))

    def _insert(self, rows: Sequence[Answer]) -> int:
        return self.add(rows) if rows else 0

    def _schedule(self, conn: sqlite3.Connection, added: Sequence[Answer]) -> None:
        """Reviews each skill of each new answer; an answer older than a skill's last review
        (an import) replays that skill's whole history instead."""
        stale: set[tuple[str, str]] = set()
        for a in added:
            at = as_utc(a.at)
            for skill in a.skills:
                if (a.learner, skill) in stale:
                    continue
                card = self._card(conn, a.learner, skill)
                if card.last_review is not None and as_utc(card.last_review) > at:
                    stale.add((a.learner, skill))
                    continue
                self._store(conn, a.learner, skill, review(card, a.correct, at))
        for learner, skill in stale:
            self._replay(conn, learner, skill)

    def _card(self, conn: sqlite3.Connection, learner: str, skill: str) -> fsrs.Card:
        row = conn.execute("SELECT card FROM skills WHERE learner = ? AND skill = ?",
                           (learner, skill)).fetchone()
        if row is None:
            return fsrs.Card(card_id=_card_id(learner, skill), due=datetime(2000, 1, 1, tzinfo=UTC))
        return fsrs.Card.from_json(row[0])

    def _store(self, conn: sqlite3.Connection, learner: str, skill: str,
               card: fsrs.Card) -> None:
        conn.execute("INSERT OR REPLACE INTO skills (learner, skill, card, due) "
                     "VALUES (?, ?, ?, ?)", (learner, skill, card.to_json(), iso(card.due)))

    def _replay(self, conn: sqlite3.Connection, learner: str, skill: str) -> None:
        what, _, topic = skill.partition(":")
        conn.execute("DELETE FROM skills WHERE learner = ? AND skill = ?", (learner, skill))
        card = self._card(conn, learner, skill)
        for values in conn.execute(
                f"SELECT {', '.join(CSV_COLUMNS)} FROM answers WHERE learner = ? "
                "ORDER BY at, id", (learner,)).fetchall():
            a = _from_values(values)
            if (what == "kind" and a.kind == topic) or (what == "clause" and topic in a.clauses):
                card = review(card, a.correct, as_utc(a.at))
        self._store(conn, learner, skill, card)

    def _rebuild(self, learners: Iterable[str]) -> None:
        """Replays every skill of some learners from their answers."""
        def write(conn: sqlite3.Connection) -> None:
            for learner in learners:
                conn.execute("DELETE FROM skills WHERE learner = ?", (learner,))
                cards: dict[str, fsrs.Card] = {}
                for values in conn.execute(
                        f"SELECT {', '.join(CSV_COLUMNS)} FROM answers WHERE learner = ? "
                        "ORDER BY at, id", (learner,)).fetchall():
                    a = _from_values(values)
                    for skill in a.skills:
                        card = cards.get(skill) or fsrs.Card(
                            card_id=_card_id(learner, skill),
                            due=datetime(2000, 1, 1, tzinfo=UTC))
                        cards[skill] = review(card, a.correct, as_utc(a.at))
                for skill, card in cards.items():
                    self._store(conn, learner, skill, card)

        self._run(write, write=True)

    # Reading.

    def answers(self, learner: str | None = None, *, everyone: bool = False) -> list[Answer]:
        """Returns the recorded answers of a learner (this one by default, or ``everyone``'s),
        oldest first."""
        who = learner or self.learner

        def read(conn: sqlite3.Connection) -> list[Answer]:
            sql = f"SELECT {', '.join(CSV_COLUMNS)} FROM answers"
            args: tuple[str, ...] = ()
            if not everyone:
                sql += " WHERE learner = ?"
                args = (who,)
            return [_from_values(v) for v in conn.execute(sql + " ORDER BY at, id", args)]

        return list(self._run(read, write=False))

    def learners(self) -> list[str]:
        """Returns every learner with recorded answers."""
        return list(self._run(lambda conn: [r[0] for r in conn.execute(
            "SELECT DISTINCT learner FROM answers ORDER BY learner")], write=False))

    def summary(self, learner: str | None = None) -> Summary:
        """Returns a learner's results per kind and per clause (answered, right, accuracy,
        last seen)."""
        who = learner or self.learner
        return Summary.of(who, self.answers(who))

    def skills(self, learner: str | None = None) -> list[Skill]:
        """Returns every skill a learner has practised, soonest due first."""
        who = learner or self.learner

        def read(conn: sqlite3.Connection) -> list[Skill]:
            return [Skill(who, name, fsrs.Card.from_json(card)) for name, card in conn.execute(
                "SELECT skill, card FROM skills WHERE learner = ? ORDER BY due, skill", (who,))]

        return list(self._run(read, write=False))

    def due_skills(self, now: datetime | str | None = None,
                   learner: str | None = None) -> list[Skill]:
        """Returns the skills due at ``now`` (default: the current time), most overdue first."""
        moment = as_utc(now)
        return [s for s in self.skills(learner) if s.due <= moment]

    # CSV.

    def export_csv(self, path: str | os.PathLike[str], *, learner: str | None = None,
                   name: str | None = None) -> int:
        """Writes the answers (of one learner, or of everyone when ``learner`` is None) to a CSV
        file; ``name`` replaces the learner's name in it (to hand results in). Returns the
        number of rows."""
        rows = self.answers(learner, everyone=learner is None)
        if name:
            rows = [replace(a, learner=name.strip()) for a in rows]
        try:
            with open(path, "w", encoding="utf-8", newline="") as handle:
                writer = csv.DictWriter(handle, fieldnames=CSV_COLUMNS)
                writer.writeheader()
                for a in rows:
                    writer.writerow(a.to_row())
        except OSError as err:
            raise ProgressError(say("progress.csv.write", path=str(path),
                                    reason=str(err))) from None
        return len(rows)

    def import_csv(self, path: str | os.PathLike[str]) -> int:
        """Adds the answers of a CSV file written by ``export_csv``; returns how many were new.

        Every line is read before anything is added: a bad line raises ``ProgressError`` naming
        the file and the line, and adds nothing.
        """
        rows = read_csv(path)
        return self.add(rows)

    # What to practise.

    def next_puzzles(self, n: int, seed: int = 0, *, now: datetime | str | None = None,
                     learner: str | None = None, kinds: Sequence[str] | None = None,
                     difficulty: int = 1, bank: Sequence[Puzzle] | None = None) -> list[Puzzle]:
        """Returns ``n`` puzzles: first for the skills that are due (most overdue first), then
        new material (kinds and bank clauses never practised), then more generated puzzles.

        A due kind gets a generated puzzle of that kind; a due clause a bank puzzle that drills
        it (the least recently answered), else a generated one that cites it. The same
        progress, seed and time give the same puzzles.
        """
        from .exercises import KINDS

        who = learner or self.learner
        allowed = tuple(kinds or KINDS)
        moment = as_utc(now)
        history = self.answers(who)
        picker = _Picker(who, seed, allowed, difficulty, history, bank)
        practised = {s.name for s in self.skills(who)}
        for skill in self.due_skills(moment, who):
            if len(picker.out) >= n:
                break
            picker.serve(skill.name)
        for kind in allowed:
            if len(picker.out) >= n:
                break
            if f"kind:{kind}" not in practised:
                picker.serve(f"kind:{kind}")
        if len(picker.out) < n:
            for puzzle in picker.bank():
                if len(picker.out) >= n:
                    break
                if any(f"clause:{c}" not in practised | picker.covered
                       for c in puzzle.clauses):
                    picker.take(puzzle)
        rng = random.Random(f"next/{who}/{seed}")
        tries = 0
        while len(picker.out) < n and tries < 50 * n:
            tries += 1
            picker.serve(f"kind:{rng.choice(allowed)}", fresh=True)
        return picker.out[:n]


def read_csv(path: str | os.PathLike[str]) -> list[Answer]:
    """Reads the answers of a results CSV; raises ``ProgressError`` naming the bad line."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            reader = csv.DictReader(handle)
            header = [h.strip() for h in reader.fieldnames or []]
            missing = [c for c in ("at", "learner", "source", "puzzle", "kind", "correct")
                       if c not in header]
            if missing:
                raise ProgressError(say("progress.csv.columns", path=str(path),
                                        missing=", ".join(missing)))
            out: list[Answer] = []
            for row in reader:
                line = reader.line_num
                clean = {(k or "").strip(): v for k, v in row.items()}
                if None in row or clean.get(""):
                    raise ProgressError(say("progress.csv.line", path=str(path), line=line,
                                            reason=say("progress.csv.extra")))
                try:
                    out.append(Answer.from_mapping(clean))
                except ProgressError as err:
                    raise ProgressError(say("progress.csv.line", path=str(path), line=line,
                                            reason=err.message)) from None
            return out
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise ProgressError(say("progress.csv.read", path=str(path), reason=str(err))) from None


class _Picker:
    """Chooses puzzles for skills without repeating one (used by ``next_puzzles``)."""

    def __init__(self, learner: str, seed: int, kinds: Sequence[str], difficulty: int,
                 history: Sequence[Answer], bank: Sequence[Puzzle] | None) -> None:
        self.learner, self.seed, self.kinds = learner, seed, tuple(kinds)
        self.difficulty = difficulty
        self.out: list[Puzzle] = []
        self.covered: set[str] = set()
        self.answered = {a.puzzle for a in history}
        self.last_seen: dict[str, str] = {}
        self.level: dict[str, int] = {}
        for a in history:
            self.last_seen[a.puzzle] = a.at
            self.level[a.kind] = a.difficulty
        self._bank = bank
        self.count = 0

    def bank(self) -> list[Puzzle]:
        """Returns the bank puzzles of the allowed kinds, least recently answered first."""
        if self._bank is None:
            self._bank = _default_bank()
        puzzles = [p for p in self._bank if p.kind.value in self.kinds]
        return sorted(puzzles, key=lambda p: (self.last_seen.get(p.id, ""), p.id))

    def take(self, puzzle: Puzzle) -> bool:
        """Adds a puzzle unless it is already there; marks the skills it covers."""
        if any(p.id == puzzle.id for p in self.out):
            return False
        self.out.append(puzzle)
        self.covered.add(f"kind:{puzzle.kind.value}")
        self.covered.update(f"clause:{c}" for c in puzzle.clauses)
        return True

    def _seed(self, skill: str, k: int) -> int:
        text = f"{self.learner}\x1f{self.seed}\x1f{skill}\x1f{k}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")

    def _generate(self, kind: str, skill: str) -> Iterator[Puzzle]:
        from .exercises import generate

        for k in range(12):
            try:
                p = generate(kind, self._seed(skill, k),
                             self.level.get(kind, self.difficulty))
            except GuandanError:
                continue
            if p.id not in self.answered or k == 11:
                yield p

    def serve(self, skill: str, *, fresh: bool = False) -> None:
        """Adds one puzzle for a skill (unless an earlier puzzle covers it already)."""
        if skill in self.covered and not fresh:
            return
        what, _, topic = skill.partition(":")
        self.count += 1
        if what == "kind":
            if topic in self.kinds:
                for p in self._generate(topic, f"{skill}#{self.count}" if fresh else skill):
                    if self.take(p):
                        return
            return
        for p in self.bank():
            if topic in p.clauses and self.take(p):
                return
        for kind in self.kinds:
            for p in self._generate(kind, skill):
                if topic in p.clauses and self.take(p):
                    return


_BANK: list[Puzzle] | None = None


def _default_bank() -> list[Puzzle]:
    global _BANK
    if _BANK is None:
        try:
            from .exercises import load_bank

            _BANK = list(load_bank().puzzles)
        except (GuandanError, OSError):  # pragma: no cover - an install without the bank
            _BANK = []
    return _BANK


# -- The hook graders call -------------------------------------------------------------------

_OPEN: dict[tuple[str, int], Progress] = {}
_OPEN_LOCK = threading.Lock()


def shared_progress() -> Progress | None:
    """Returns this process's open ``Progress`` for ``progress_path()`` (``None`` when off)."""
    path = progress_path()
    if path is None:
        return None
    key = (str(path), os.getpid())
    with _OPEN_LOCK:
        progress = _OPEN.get(key)
        if progress is None or progress._conn is None:
            progress = _OPEN[key] = Progress(path)
        return progress


def close_shared() -> None:
    """Closes every ``Progress`` that ``shared_progress`` opened in this process."""
    with _OPEN_LOCK:
        for progress in _OPEN.values():
            progress.close()
        _OPEN.clear()


def record_answer(puzzle: Puzzle, feedback: Feedback, *, answer: object = None,
                  learner: str | None = None,
                  at: datetime | str | None = None) -> Answer | None:
    """Records a graded answer in the learner's saved progress, if recording is on.

    ``feedback`` is what ``grade`` (or ``Question.check``) returned for ``answer`` (the learner's
    own text; by default the answer as the grader read it). Returns the row recorded, or
    ``None`` when recording is off (``GUANDAN_PROGRESS=off``), when ``feedback`` is a shown
    solution rather than a graded answer, or when the database cannot be written (a
    ``ProgressWarning`` then says why; the learner's exercise goes on).
    """
    if feedback.given is None:
        return None
    try:
        progress = shared_progress()
        if progress is None:
            return None
        return progress.record(puzzle, feedback, answer=answer, learner=learner, at=at)
    except (ProgressError, OSError, sqlite3.Error) as err:
        warnings.warn(say("progress.not_recorded", reason=" ".join(str(err).split())),
                      ProgressWarning, stacklevel=2)
        return None


def _record_checked(puzzle: Puzzle, feedback: Feedback, answer: object) -> None:
    record_answer(puzzle, feedback, answer=answer)


# Every answer a ``Question`` checks is recorded: grading returns results, progress subscribes.
on_answer(_record_checked)


# -- Chapters --------------------------------------------------------------------------------


def chapter_of(clause: str) -> int | None:
    """Returns the chapter that teaches a clause (1–7), or ``None`` for a variant or unknown.

    >>> [chapter_of(c) for c in ("§02.3", "§02.7", "§03.2", "§03.4", "§04.3", "§09.1", "V4")]
    [1, 2, 1, 2, 3, 5, None]
    """
    numbers = [int(n) for n in re.findall(r"\d+", clause)] if clause.startswith("§") else []
    if not numbers:
        return None
    section, sub = numbers[0], (numbers[1] if len(numbers) > 1 else 0)
    if section in (1, 2):
        return 2 if section == 2 and sub >= 6 else 1
    if section == 3:
        return 2 if sub >= 3 else 1
    return {4: 3, 5: 4, 6: 5, 9: 5, 7: 6, 8: 7}.get(section)


__all__ = [
    "CSV_COLUMNS",
    "ENV_LEARNER",
    "ENV_PATH",
    "Answer",
    "Progress",
    "Skill",
    "Stats",
    "Summary",
    "chapter_of",
    "clause_key",
    "close_shared",
    "default_learner",
    "diagnose",
    "move_aside",
    "progress_path",
    "read_csv",
    "record_answer",
    "review",
    "salvage",
    "scheduler",
    "shared_progress",
]
