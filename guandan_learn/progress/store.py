"""The progress database: a learner's answers and skill schedule in one SQLite file."""

from __future__ import annotations

import contextlib
import io
import os
import random
import sqlite3
import sys
import threading
import warnings
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import fsrs

from ..errors import ProgressError, ProgressWarning
from ..files import neutralise, write_atomic
from ..messages import say

if TYPE_CHECKING:
    from ..exercises.grade import Feedback
    from ..exercises.model import Puzzle
import csv

from .answer import (
    APPLICATION_ID,
    CSV_COLUMNS,
    DEFAULT_LEARNER,
    ENV_PATH,
    SCHEMA_VERSION,
    Answer,
    _from_values,
    as_utc,
    hand_in_name,
    iso,
    learner_name,
    progress_path,
    utc_now,
)
from .csv_file import RESULTS_FORMAT, read_csv
from .picker import _Picker
from .recovery import (
    _SCHEMA,
    JOURNALS,
    _connect,
    _file_lock,
    _is_damage,
    append_log,
    cause,
    check_file,
    diagnose,
    leftovers,
    log_path,
    move_aside,
    read_log,
    replace_with,
    salvage,
)
from .scheduling import Skill, Summary, _card_id, first_tries, is_retry, review


def _failure(path: Path, err: BaseException) -> str:
    """Says why a read or write failed: "busy" only when another program holds the file."""
    code = getattr(err, "sqlite_errorcode", 0) & 0xFF
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return say("progress.failed", path=str(path), reason=cause(err))
    return say("progress.unwritable", path=str(path), reason=cause(err))


_READ_ERRORS = (ValueError, TypeError, KeyError, AttributeError, RecursionError, OverflowError)


def _read_card(text: object, path: Path, learner: str, skill: str) -> fsrs.Card:
    """Reads a skill's schedule as stored (FSRS JSON); raises ``ProgressError`` naming the table
    and row when it is not one this program wrote."""
    try:
        card = fsrs.Card.from_json(text)  # type: ignore[arg-type]
        moments = [card.due] if card.last_review is None else [card.due, card.last_review]
        numbers = [x for x in (card.stability, card.difficulty) if x is not None]
        if (any(m.tzinfo is None for m in moments)
                or any(not isinstance(x, float) or not 0 < x < 1e9 for x in numbers)
                or not (card.step is None or (type(card.step) is int and 0 <= card.step < 1000))):
            raise ValueError(text)
    except _READ_ERRORS:
        raise ProgressError(say("progress.table.bad", path=str(path), table="skills",
                                row=f"{learner} / {skill}"[:120],
                                reason=say("progress.card.bad"))) from None
    return card


def _read_answers(path: Path, rows: Iterable[Sequence[Any]]) -> list[Answer]:
    """Reads rows of the answers table; a row that cannot be read is left out (and left in the
    file), and one ``ProgressWarning`` names those rows by id."""
    out: list[Answer] = []
    bad: list[str] = []
    for values in rows:
        try:
            out.append(_from_values(values))
        except ProgressError:
            bad.append(repr(values[0])[:40])
    if bad:
        shown = ", ".join(bad[:5]) + (", …" if len(bad) > 5 else "")
        warnings.warn(say("progress.rows.skipped", path=str(path), count=len(bad), rows=shown),
                      ProgressWarning, stacklevel=3)
    return out


def _rebuild_skills(progress: Progress, conn: sqlite3.Connection,
                    learners: Iterable[str]) -> None:
    """Replays every skill of some learners from their answers, inside a transaction."""
    for learner in learners:
        conn.execute("DELETE FROM skills WHERE learner = ?", (learner,))
        cards: dict[str, fsrs.Card] = {}
        for a in first_tries(_read_answers(progress.path, conn.execute(
                f"SELECT {', '.join(CSV_COLUMNS)} FROM answers WHERE learner = ? "
                "ORDER BY at, id", (learner,)).fetchall())):
            for skill in a.skills:
                card = cards.get(skill) or fsrs.Card(
                    card_id=_card_id(learner, skill), due=datetime(2000, 1, 1, tzinfo=UTC))
                cards[skill] = review(card, a.correct, as_utc(a.at))
        for skill, card in cards.items():
            progress._store(conn, learner, skill, card)


# -- Progress --------------------------------------------------------------------------------


class Progress:
    """A learner's saved answers and skill schedule in one SQLite file (``":memory:"`` works).

    ``status`` is ``"ok"``, ``"new"`` (the file was started now) or ``"recovered"`` (it was
    damaged: ``moved_to`` names the old file, ``salvaged`` counts the answers copied over, and
    ``message`` says it in words, as the ``ProgressWarning`` did; or it was missing or empty, or
    a damaged copy set aside was never merged, and answers came back from the log or that copy).
    Answers whose commit a crash cut short come back from the log quietly.

    ``snapshot`` (the default in the browser, where ``sys.platform`` is ``"emscripten"``) keeps
    the database in memory and writes the whole of it to ``path`` after every change
    (``sqlite3``'s ``serialize``); opening reads it back. SQLite cannot write its pages in
    place on JupyterLite's drive, but a whole file written there is kept across reloads.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 learner: str | None = None, snapshot: bool | None = None) -> None:
        if path is None:
            path = progress_path()
            if path is None:
                raise ProgressError(say("progress.off", variable=ENV_PATH))
        if not isinstance(path, (str, os.PathLike)):
            raise ProgressError(say("progress.path.bad", value=type(path).__name__))
        text = os.fspath(path)
        if not isinstance(text, str) or not text.strip() or Path(text).name in ("", ".", ".."):
            raise ProgressError(say("progress.path.folder", path=str(text)[:80]))
        self.memory = text == ":memory:"
        self.path = Path(text) if not self.memory else Path(":memory:")
        self.snapshot = not self.memory and (sys.platform == "emscripten" if snapshot is None
                                             else bool(snapshot))
        self.learner = learner_name(learner)
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
        if self.snapshot:
            self._open_snapshot()
            return
        check_file(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with _file_lock(self.path):
                self._open_locked()
        except OSError as err:
            self.close()
            raise ProgressError(say("progress.unusable", path=str(self.path),
                                    reason=cause(err))) from None
        except sqlite3.Error as err:
            self.close()
            raise ProgressError(say("progress.unusable", path=str(self.path),
                                    reason=cause(err))) from None
        except BaseException:
            self.close()
            raise
        if self.status == "recovered":
            warnings.warn(self.message, ProgressWarning, stacklevel=3)

    def _open_locked(self) -> None:
        """Opens the file (recovering it if damaged), then adds what only the log or a damaged
        copy left aside still holds."""
        existed = self.path.exists() and self.path.stat().st_size > 0
        if not existed and any(Path(f"{self.path}{s}").exists() for s in JOURNALS):
            move_aside(self.path, utc_now())  # journals without their file: an interrupted move
        problem = diagnose(self.path)
        if problem is not None:
            self._recover(problem)
            return
        self._connect_file()
        restored = self._sync_log()  # an existing file only lacks commits cut short: quietly
        restored = 0 if existed else restored
        merged = self._merge_leftovers()
        if restored or merged:
            self.status, self.salvaged = "recovered", restored + merged
            self.message = say("progress.restored", path=str(self.path),
                               count=restored + merged, log=str(self._log))
        elif not existed:
            self.status = "new"

    def _open_snapshot(self) -> None:
        """Reads the saved copy into memory; a copy that cannot be read is set aside."""
        check_file(self.path)
        try:
            data = self.path.read_bytes() if self.path.exists() else b""
        except OSError as err:
            raise ProgressError(say("progress.unusable", path=str(self.path),
                                    reason=cause(err))) from None
        self._conn = _connect(":memory:")
        if not data:
            self._init_schema()
            self.status = "new"
            self._save_snapshot()
            return
        try:
            self._conn.deserialize(data)
            problem = self._conn.execute("PRAGMA quick_check").fetchone()[0]
            if problem != "ok":
                raise sqlite3.DatabaseError(problem)
            self._init_schema()
        except sqlite3.Error as err:
            self._conn.close()
            moved = self.path.with_name(
                f"{self.path.name}.damaged-{utc_now().strftime('%Y%m%dT%H%M%S')}")
            try:
                os.replace(self.path, moved)
            except OSError as move_err:
                raise ProgressError(say("progress.unusable", path=str(self.path),
                                        reason=cause(move_err))) from None
            self._conn = _connect(":memory:")
            self._init_schema()
            self._save_snapshot()
            self.status, self.moved_to = "recovered", moved
            self.message = say("progress.snapshot_damaged", path=str(self.path),
                               reason=cause(err), moved=str(moved))
            warnings.warn(self.message, ProgressWarning, stacklevel=4)

    def _save_snapshot(self) -> None:
        """Writes the whole database to its file (the browser's drive keeps whole files)."""
        data = self._connection.serialize()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_bytes(data)

    @property
    def _log(self) -> Path:
        return log_path(self.path)

    def _connect_file(self) -> None:
        conn = _connect(str(self.path))
        self._conn = conn
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":  # pragma: no cover - file systems without shared memory
            warnings.warn(say("progress.no_wal", path=str(self.path), mode=mode),
                          ProgressWarning, stacklevel=3)
        conn.execute("PRAGMA synchronous = FULL")
        self._inode = os.stat(self.path).st_ino
        self._init_schema()

    def _init_schema(self, conn: sqlite3.Connection | None = None) -> None:
        conn = conn or self._connection
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

    def _sync_log(self) -> int:
        """Adds the answers of the log that the database lacks (after a crash, a rebuild cut
        short, or a file replaced by an empty one); returns how many."""
        try:
            size = self._log.stat().st_size
        except FileNotFoundError:
            return 0

        def known(conn: sqlite3.Connection) -> int:
            row = conn.execute("SELECT value FROM meta WHERE key = 'log_size'").fetchone()
            if not row:
                return -1
            try:
                return int(str(row[0]))
            except ValueError:  # the log is read again, which is always safe
                warnings.warn(say("progress.meta.bad", path=str(self.path),
                                  value=str(row[0])[:40]), ProgressWarning, stacklevel=5)
                return -1

        if self._run(known, write=False) == size:
            return 0
        return self.add(read_log(self._log), log=False)

    def _merge_leftovers(self) -> int:
        """Adds the answers of damaged copies moved aside but never merged (a recovery cut
        short, or an older version's); returns how many."""
        added = 0
        for copy in leftovers(self.path):
            key = f"merged:{copy.name}"
            done = self._run(lambda conn, key=key: conn.execute(
                "SELECT 1 FROM meta WHERE key = ?", (key,)).fetchone(), write=False)
            if not done:
                added += self.add(salvage(copy), mark=key)
        return added

    def _recover(self, problem: str) -> None:
        """Rebuilds a damaged file from the log and what SQLite can still read in it; the old
        file is moved aside, the new one moved into its place in one rename."""
        self.close()
        self._recovering = True
        try:
            logged = read_log(self._log)
            known = {a.id for a in logged}
            missing = [a for a in salvage(self.path) if a.id not in known]
            size = append_log(self._log, missing)  # first in the log: then nothing is lost
            rows = sorted([*logged, *missing], key=lambda a: (a.at, a.id))
            unique = list({a.id: a for a in rows}.values())

            def build(conn: sqlite3.Connection, aside: Path) -> None:
                self._init_schema(conn)
                conn.execute("BEGIN IMMEDIATE")
                self._write(conn, unique, log=False, mark=f"merged:{aside.name}")
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('log_size', ?)", (str(size),))
                conn.execute("COMMIT")

            moved = replace_with(self.path, build, utc_now())
            self._connect_file()
            self._sync_log()  # what a writer still using the old file logged meanwhile
        finally:
            self._recovering = False
        self.status, self.moved_to, self.salvaged = "recovered", moved, len(unique)
        self.message = say("progress.recovered", path=str(self.path), reason=problem,
                           moved=str(moved), count=len(unique))

    def _on_damage(self, err: BaseException) -> None:
        with _file_lock(self.path):
            current = self.path.stat().st_ino if self.path.exists() else None
            if current is not None and current != self._inode and diagnose(self.path) is None:
                self.close()  # another process has recovered already: use its new file
                self._connect_file()
                return
            self._recover(str(err))
        warnings.warn(self.message, ProgressWarning, stacklevel=5)

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
                    if write and self.snapshot:
                        self._save_snapshot()
                    return result
                except sqlite3.Error as err:
                    if (_is_damage(err) and attempt == 1 and not self.memory
                            and not self.snapshot and not self._recovering):
                        self._on_damage(err)
                        continue
                    raise ProgressError(_failure(self.path, err)) from None
                except OSError as err:  # the answer log
                    raise ProgressError(_failure(self.path, err)) from None
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
        row = Answer.of(puzzle, feedback, answer=answer,
                        learner=learner_name(learner, self.learner), at=at)
        self.add([row])
        return row

    def add(self, answers: Iterable[Answer], *, log: bool = True,
            mark: str | None = None) -> int:
        """Adds answers (those already stored are skipped) in one transaction and reschedules
        their skills; returns how many were new."""
        try:
            items: list[object] = list(answers)
        except TypeError:
            items = [answers]
        if any(not isinstance(a, Answer) for a in items):
            raise ProgressError(say("progress.not_answers"))
        rows = sorted((a for a in items if isinstance(a, Answer)), key=lambda a: (a.at, a.id))
        return int(self._run(lambda conn: self._write(conn, rows, log=log, mark=mark),
                             write=True))

    def _write(self, conn: sqlite3.Connection, rows: Sequence[Answer], *, log: bool,
               mark: str | None = None) -> int:
        """Inserts rows inside the caller's transaction: the new ones go to the log first."""
        added: list[Answer] = []
        for a in rows:
            cur = conn.execute(f"INSERT OR IGNORE INTO answers ({', '.join(CSV_COLUMNS)}) "
                               f"VALUES ({', '.join('?' * len(CSV_COLUMNS))})", a.values())
            if cur.rowcount:
                added.append(a)
        if not self.memory and not self.snapshot:
            size = append_log(self._log, added) if log and added else None
            if size is None and not log:
                with contextlib.suppress(OSError):
                    size = self._log.stat().st_size
            if size is not None:
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('log_size', ?)", (str(size),))
        if mark:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (mark, iso(utc_now())))
        self._schedule(conn, added)
        return len(added)

    def _schedule(self, conn: sqlite3.Connection, added: Sequence[Answer]) -> None:
        """Reviews each skill of each new answer; an answer older than a skill's last review
        (an import) replays that skill's whole history instead."""
        stale: set[tuple[str, str]] = set()
        for a in added:
            at = as_utc(a.at)
            if self._retry(conn, a):
                continue
            for skill in a.skills:
                if (a.learner, skill) in stale:
                    continue
                try:
                    card = self._card(conn, a.learner, skill)
                except ProgressError as err:  # a schedule edited by hand: play it again
                    warnings.warn(say("progress.skills.replayed", reason=err.message),
                                  ProgressWarning, stacklevel=5)
                    stale.add((a.learner, skill))
                    continue
                if card.last_review is not None and as_utc(card.last_review) > at:
                    stale.add((a.learner, skill))
                    continue
                self._store(conn, a.learner, skill, review(card, a.correct, at))
        for learner, skill in stale:
            self._replay(conn, learner, skill)

    def _retry(self, conn: sqlite3.Connection, a: Answer) -> bool:
        """Tells whether an answer retries the same puzzle (``is_retry``): the schedule
        reviews a question once, by its first try."""
        row = conn.execute("SELECT max(at) FROM answers WHERE learner = ? AND puzzle = ? "
                           "AND (at < ? OR (at = ? AND id < ?))",
                           (a.learner, a.puzzle, a.at, a.at, a.id)).fetchone()
        if row is None or row[0] is None:
            return False
        try:
            return is_retry(as_utc(a.at), as_utc(row[0]))
        except ProgressError:  # an earlier time edited by hand: the answer is reviewed
            return False

    def _card(self, conn: sqlite3.Connection, learner: str, skill: str) -> fsrs.Card:
        row = conn.execute("SELECT card FROM skills WHERE learner = ? AND skill = ?",
                           (learner, skill)).fetchone()
        if row is None:
            return fsrs.Card(card_id=_card_id(learner, skill), due=datetime(2000, 1, 1, tzinfo=UTC))
        return _read_card(row[0], self.path, learner, skill)

    def _store(self, conn: sqlite3.Connection, learner: str, skill: str,
               card: fsrs.Card) -> None:
        conn.execute("INSERT OR REPLACE INTO skills (learner, skill, card, due) "
                     "VALUES (?, ?, ?, ?)", (learner, skill, card.to_json(), iso(card.due)))

    def _replay(self, conn: sqlite3.Connection, learner: str, skill: str) -> None:
        what, _, topic = skill.partition(":")
        conn.execute("DELETE FROM skills WHERE learner = ? AND skill = ?", (learner, skill))
        card = self._card(conn, learner, skill)
        for a in first_tries(_read_answers(self.path, conn.execute(
                f"SELECT {', '.join(CSV_COLUMNS)} FROM answers WHERE learner = ? "
                "ORDER BY at, id", (learner,)).fetchall())):
            if (what == "kind" and a.kind == topic) or (what == "clause" and topic in a.clauses):
                card = review(card, a.correct, as_utc(a.at))
        self._store(conn, learner, skill, card)

    def _rebuild(self, learners: Iterable[str]) -> None:
        """Replays every skill of some learners from their answers."""
        self._run(lambda conn: _rebuild_skills(self, conn, learners), write=True)

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
            return _read_answers(self.path, conn.execute(sql + " ORDER BY at, id", args))

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

        def read(conn: sqlite3.Connection) -> tuple[list[Skill], list[str], list[str]]:
            out, bad, reasons = [], [], []
            for name, card in conn.execute(
                    "SELECT skill, card FROM skills WHERE learner = ? ORDER BY due, skill",
                    (who,)):
                try:
                    out.append(Skill(who, str(name), _read_card(card, self.path, who, name)))
                except ProgressError as err:
                    bad.append(str(name))
                    reasons.append(err.message)
            return out, bad, reasons

        skills, bad, reasons = self._run(read, write=False)
        if bad:  # a schedule edited by hand: each such skill is played again from the answers
            warnings.warn(say("progress.skills.replayed", reason=reasons[0]), ProgressWarning,
                          stacklevel=2)

            def replay(conn: sqlite3.Connection) -> None:
                for name in bad:
                    self._replay(conn, who, name)

            self._run(replay, write=True)
            skills, _, _ = self._run(read, write=False)
        return list(skills)

    def due_skills(self, now: datetime | str | None = None,
                   learner: str | None = None) -> list[Skill]:
        """Returns the skills due at ``now`` (default: the current time), most overdue first."""
        moment = as_utc(now)
        return [s for s in self.skills(learner) if s.due <= moment]

    # CSV.

    def results_text(self, learner: str | None = None, *, name: str | None = None) -> str:
        """Returns the answers (of one learner, or of everyone when ``learner`` is None) as
        the text of a results CSV; ``name`` replaces the learner's name in it (to hand
        results in)."""
        rows = self.answers(learner, everyone=learner is None)
        if name is not None:
            rows = [replace(a, learner=learner_name(name)) for a in rows]
        code = self.saved_code() or ""  # the class code: who made the file (roster)
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=(*CSV_COLUMNS, "format", "code"),
                                lineterminator="\r\n")
        writer.writeheader()
        for a in rows:
            writer.writerow({key: neutralise(value) for key, value in
                             {**a.to_row(), "format": str(RESULTS_FORMAT),
                              "code": code}.items()})
        return buffer.getvalue()

    def export_csv(self, path: str | os.PathLike[str], *, learner: str | None = None,
                   name: str | None = None) -> int:
        """Writes the answers (of one learner, or of everyone when ``learner`` is None) to a CSV
        file; ``name`` replaces the learner's name in it (to hand results in). Returns the
        number of rows."""
        if not isinstance(path, (str, os.PathLike)):  # a number would be a descriptor
            raise ProgressError(say("progress.path.bad", value=type(path).__name__))
        text = self.results_text(learner, name=name)
        try:
            write_atomic(path, text)
        except (OSError, UnicodeEncodeError) as err:
            raise ProgressError(say("progress.csv.write", path=str(path),
                                    reason=str(err))) from None
        return text.count("\r\n") - 1

    def import_csv(self, path: str | os.PathLike[str]) -> int:
        """Adds the answers of a results CSV, each graded again by the engine (its
        ``correct`` column is not trusted); returns how many were new.

        A line that cannot be read or graded again is skipped (a ``ProgressWarning`` lists
        them by number); a file that is no results CSV raises ``ProgressError`` and adds
        nothing. Importing a file twice adds nothing the second time.
        """
        rows = read_csv(path)
        return self.add(rows)

    # The name results are handed in under.

    def saved_name(self) -> str | None:
        """Returns the name saved with this progress to hand results in under, if any."""
        row = self._run(lambda conn: conn.execute(
            "SELECT value FROM meta WHERE key = 'name'").fetchone(), write=False)
        return None if row is None else str(row[0])

    @property
    def hand_in_name(self) -> str:
        """Returns the name results are handed in under: the one saved, else this progress's
        learner when named, else ``hand_in_name()`` (``JUPYTERHUB_USER``, the user)."""
        saved = self.saved_name()
        if saved:
            return saved
        return self.learner if self.learner != DEFAULT_LEARNER else hand_in_name()

    def set_name(self, name: str) -> str:
        """Saves the name to hand results in under, once: a different name later raises
        ``ProgressError`` and changes nothing. Returns the name saved."""
        clean = learner_name(name)
        saved = self.saved_name()
        if saved is not None and saved != clean:
            raise ProgressError(say("progress.name.saved", name=saved))
        self._run(lambda conn: conn.execute(
            "INSERT OR REPLACE INTO meta VALUES ('name', ?)", (clean,)), write=True)
        return clean

    def saved_code(self) -> str | None:
        """Returns the class code saved with this progress (written into results), if any."""
        row = self._run(lambda conn: conn.execute(
            "SELECT value FROM meta WHERE key = 'code'").fetchone(), write=False)
        return None if row is None else str(row[0])

    def set_code(self, code: str) -> str:
        """Saves the class code the teacher gave (``roster.normal_code`` reads it); a code
        saved already is replaced only when ``code`` is one too. Returns the code saved."""
        from ..roster import normal_code

        clean = normal_code(code)
        self._run(lambda conn: conn.execute(
            "INSERT OR REPLACE INTO meta VALUES ('code', ?)", (clean,)), write=True)
        return clean

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
        from ..exercises import KINDS

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


_LISTENERS: list[weakref.ref[Any]] = []


def on_recorded(listener: Callable[[Answer], object]) -> None:
    """Asks for ``listener`` to be called with every row ``record_answer`` saves (a download
    link refreshes itself); a bound method is held weakly, so a closed widget is forgotten."""
    ref: weakref.ref[Any] = (weakref.WeakMethod(listener) if hasattr(listener, "__self__")
                             else weakref.ref(listener))
    _LISTENERS.append(ref)


def _tell(row: Answer) -> None:
    for ref in list(_LISTENERS):
        listener = ref()
        if listener is None:
            _LISTENERS.remove(ref)
        else:
            listener(row)


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
        row = progress.record(puzzle, feedback, answer=answer, learner=learner, at=at)
    except (ProgressError, OSError, sqlite3.Error) as err:
        warnings.warn(say("progress.not_recorded", reason=" ".join(str(err).split())),
                      ProgressWarning, stacklevel=2)
        return None
    _tell(row)
    return row

