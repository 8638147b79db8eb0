"""Damaged progress files: what counts as damage, the answer log, salvage and an atomic rebuild.

Only a file SQLite itself calls corrupt or not a database, or an SQLite file of another program,
counts as damaged; any other failure to open (permissions, a folder, a device, no file
descriptors left) raises ``ProgressError`` and leaves the file alone. Every answer is also
appended to a plain log next to the database (``<file>.answers.jsonl``, one JSON object a line,
written and synced before the database commits), so a rebuild never depends on reading damaged
pages: the new file is built from that log plus whatever SQLite can still read, under a
temporary name, and moved into place in one rename.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import tempfile
import warnings
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from ..errors import ProgressError, ProgressWarning
from ..messages import say
from .answer import APPLICATION_ID, BUSY_MS, CSV_COLUMNS, SCHEMA_VERSION, Answer, as_utc

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
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
"""
_TABLES = {"answers": set(CSV_COLUMNS), "skills": {"learner", "skill", "card", "due"}}
#: The journal files SQLite keeps next to a database.
JOURNALS = ("-wal", "-shm", "-journal")
#: The suffix of the append-only answer log.
LOG_SUFFIX = ".answers.jsonl"
#: How many range reads salvage tries in a damaged table before it stops.
SALVAGE_READS = 20_000


def _is_damage(err: BaseException) -> bool:
    code = getattr(err, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
    text = str(err).lower()
    return "malformed" in text or "not a database" in text


def cause(err: BaseException) -> str:
    """Returns the cause of a failure in a few words: SQLite's code, or the system's reason."""
    if isinstance(err, OSError):
        return err.strerror or str(err)
    name = getattr(err, "sqlite_errorname", None)
    return f"{err} ({name})" if name else str(err)


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    """Holds an exclusive lock on ``<path>.lock`` (POSIX) while a file is checked or moved."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no lock, recovery is rare
        yield
        return
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


def check_file(path: Path) -> None:
    """Raises ``ProgressError`` unless ``path`` is absent or a regular file."""
    try:
        if path.exists() and not path.is_file():
            raise ProgressError(say("progress.unusable", path=str(path),
                                    reason=say("progress.not_a_file")))
    except OSError as err:
        raise ProgressError(say("progress.unusable", path=str(path),
                                reason=cause(err))) from None


def diagnose(path: Path) -> str | None:
    """Returns why a database file is damaged (in words), or ``None`` when it is fine, empty or
    absent; raises ``ProgressError`` when it cannot be checked at all (permissions, a folder,
    a device, a file of a newer version), which is not damage."""
    check_file(path)
    try:
        if not path.exists() or (path.stat().st_size == 0
                                 and not Path(f"{path}-wal").exists()):
            return None
    except OSError as err:
        raise ProgressError(say("progress.unusable", path=str(path),
                                reason=cause(err))) from None
    try:
        return _diagnose(_connect(f"{path.resolve().as_uri()}?mode=ro", uri=True))
    except sqlite3.Error as err:
        if _is_damage(err):
            return str(err)
    try:  # read-only opening can fail for reasons of its own (a WAL without its index)
        return _diagnose(_connect(str(path)))
    except sqlite3.Error as err:
        if _is_damage(err):
            return str(err)
        raise ProgressError(say("progress.unusable", path=str(path),
                                reason=cause(err))) from None


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
            raise ProgressError(say("progress.damage.newer", version=version))
        if any(not cols <= tables.get(name, set()) for name, cols in _TABLES.items()):
            return say("progress.damage.schema")
        return None
    finally:
        conn.close()


# -- The answer log ----------------------------------------------------------------------------


def log_path(path: Path) -> Path:
    """Returns the append-only answer log kept next to a database file."""
    return path.with_name(path.name + LOG_SUFFIX)


def append_log(log: Path, answers: Iterable[Answer]) -> int:
    """Appends answers to the log and syncs it to disk; returns the log's new size.

    Every record starts on a line of its own: when the log ends in a line cut short (a program
    stopped while writing it), a line break goes first, so that fragment stays a line apart
    (read_log skips it, a ``ProgressWarning`` says where it is) and is never merged into the
    next answer.
    """
    data = "".join(json.dumps(a.to_row(), ensure_ascii=False) + "\n" for a in answers)
    fd = os.open(log, os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    try:
        with _fd_lock(fd):
            if data:
                payload = data.encode("utf-8")
                size = os.fstat(fd).st_size
                if size and _pread(fd, 1, size - 1) != b"\n":
                    start = _line_start(fd, size)
                    warnings.warn(say("progress.log.torn", log=str(log), start=start,
                                      size=size - start), ProgressWarning, stacklevel=4)
                    payload = b"\n" + payload
                _write_all(fd, payload)
                os.fsync(fd)
            return os.fstat(fd).st_size
    finally:
        os.close(fd)


@contextlib.contextmanager
def _fd_lock(fd: int) -> Iterator[None]:
    """Holds an exclusive lock on an open file (POSIX), so its tail is checked and extended in
    one step by one writer at a time."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: appends are not checked against races
        yield
        return
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _write_all(fd: int, data: bytes) -> None:
    """Writes every byte (``os.write`` may write fewer than asked)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _pread(fd: int, count: int, offset: int) -> bytes:
    """Reads ``count`` bytes at ``offset`` (``os.pread`` where the system has it)."""
    if hasattr(os, "pread"):
        return os.pread(fd, count, offset)
    os.lseek(fd, offset, os.SEEK_SET)  # pragma: no cover - Windows; appends still go last
    return os.read(fd, count)  # pragma: no cover


def _line_start(fd: int, size: int) -> int:
    """Returns where the file's last line starts (just after its last line break, else 0)."""
    end = size
    while end > 0:
        begin = max(0, end - 65536)
        found = _pread(fd, end - begin, begin).rfind(b"\n")
        if found >= 0:
            return begin + found + 1
        end = begin
    return 0


def read_log(log: Path) -> list[Answer]:
    """Returns the whole answers of a log. A line that is torn, altered (its id does not match
    its contents) or no answer at all is skipped and left where it is in the log; one
    ``ProgressWarning`` lists those lines by number."""
    try:
        data = log.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as err:
        raise ProgressError(say("progress.unusable", path=str(log), reason=cause(err))) from None
    out: list[Answer] = []
    bad: list[int] = []
    for number, line in enumerate(data.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            answer = Answer.from_mapping(row)
        except (ValueError, TypeError, AttributeError, RecursionError):  # ProgressError too
            bad.append(number)
            continue
        if answer.id == row.get("id"):
            out.append(answer)
        else:
            bad.append(number)
    if bad:
        shown = ", ".join(map(str, bad[:10])) + (", …" if len(bad) > 10 else "")
        warnings.warn(say("progress.log.skipped", log=str(log), count=len(bad), lines=shown),
                      ProgressWarning, stacklevel=2)
    return out


# -- Salvage and the rebuild -------------------------------------------------------------------


def salvage(path: Path) -> list[Answer]:
    """Returns every answer SQLite can still read in a (damaged) database file and its journal.

    SQLite reads a copy, so the file itself is untouched; a table it cannot read whole is read
    in ranges of rows, halving a range that fails, so the rows around a bad page are kept.
    """
    found: dict[str, Answer] = {}
    with tempfile.TemporaryDirectory(prefix="guandan-salvage-") as folder:
        copy = Path(folder) / "copy.sqlite3"
        try:
            shutil.copyfile(path, copy)
            if Path(f"{path}-wal").is_file():
                shutil.copyfile(f"{path}-wal", f"{copy}-wal")
            _pad(copy)
            conn = _connect(str(copy))
        except (OSError, sqlite3.Error):
            return []
        try:
            for table, cols in _tables(conn).items():
                if {"at", "learner", "kind", "correct"} <= cols:
                    for answer in _readable_answers(conn, table, copy.stat().st_size):
                        found.setdefault(answer.id, answer)
        except sqlite3.Error:
            pass
        finally:
            conn.close()
    return sorted(found.values(), key=lambda a: (a.at, a.id))


def _pad(copy: Path) -> None:
    """Extends a truncated copy with zeros to the size its header declares, so SQLite loads its
    schema and reads every page that is still there."""
    with open(copy, "r+b") as handle:
        head = handle.read(100)
        if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
            return
        size = int.from_bytes(head[16:18], "big")
        page = 65536 if size == 1 else size
        declared = page * int.from_bytes(head[28:32], "big")
        if declared > os.fstat(handle.fileno()).st_size and declared < 2**34:
            handle.truncate(declared)


def _readable_answers(conn: sqlite3.Connection, table: str, size: int) -> Iterator[Answer]:
    names = [d[0] for d in conn.execute(f'SELECT * FROM "{table}" LIMIT 0').description]
    rows: list[Any] = []
    try:
        rows = conn.execute(f'SELECT * FROM "{table}"').fetchall()
    except sqlite3.Error:
        try:
            top = int(conn.execute(f'SELECT max(rowid) FROM "{table}"').fetchone()[0] or 0)
        except sqlite3.Error:
            top = size // 32  # no row is shorter than 32 bytes
        ranges, reads = [(1, top)], 0
        while ranges and reads < SALVAGE_READS:
            lo, hi = ranges.pop()
            reads += 1
            try:
                rows += conn.execute(f'SELECT * FROM "{table}" WHERE rowid BETWEEN ? AND ?',
                                     (lo, hi)).fetchall()
            except sqlite3.Error:
                if lo < hi:
                    mid = (lo + hi) // 2
                    ranges += [(mid + 1, hi), (lo, mid)]
    for row in rows:
        data = dict(zip(names, row, strict=True))
        if any(isinstance(v, str) and "\x00" in v for v in data.values()):
            continue  # a row cut by the damage: its text runs into the zero padding (_pad)
        data.setdefault("source", "other")
        data.setdefault("puzzle", data.get("kind"))
        with contextlib.suppress(ValueError, TypeError):  # ProgressError is a ValueError
            yield Answer.from_mapping(data)


def _aside_name(path: Path, when: datetime) -> Path:
    stamp = when.strftime("%Y%m%dT%H%M%SZ")
    candidate = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while any(Path(f"{candidate}{s}").exists() for s in ("", *JOURNALS)):
        n += 1
        candidate = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    return candidate


def move_aside(path: Path, when: datetime | None = None, target: Path | None = None) -> Path:
    """Renames a database file and its journal files with a timestamp suffix (the journals
    first, so a stale journal never meets a new file); returns the new name of the database
    file. Nothing is deleted."""
    target = target or _aside_name(path, as_utc(when))
    for suffix in JOURNALS:
        extra = Path(f"{path}{suffix}")
        if extra.exists():
            os.replace(extra, f"{target}{suffix}")
    if path.exists():
        os.replace(path, target)
    return target


def leftovers(path: Path) -> list[Path]:
    """Returns the damaged copies moved aside next to a database file, oldest first."""
    prefix = f"{path.name}.damaged-"
    try:
        names = [p for p in path.parent.iterdir()
                 if p.name.startswith(prefix) and not p.name.endswith(JOURNALS)]
    except OSError:
        return []
    return sorted(names, key=lambda p: p.name)


def sync_dir(folder: Path) -> None:
    """Flushes a folder's entries (renames) to disk where the system allows it."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def replace_with(path: Path, build: Any, when: datetime) -> Path:
    """Builds a new database with ``build(conn, aside)`` under a temporary name, moves the damaged
    file aside and the new one into its place in one rename; returns where the old file went.

    A crash at any point leaves either the old file or the new one at ``path`` (never a
    half-built one); the answers are in the log before anything is moved.
    """
    temp = path.with_name(path.name + ".rebuilding")
    for stale in (temp, *(Path(f"{temp}{s}") for s in JOURNALS)):
        with contextlib.suppress(FileNotFoundError):
            stale.unlink()  # an earlier rebuild that was cut short: ours to remove
    aside = _aside_name(path, as_utc(when))
    conn = _connect(str(temp))
    try:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("PRAGMA synchronous = FULL")
        build(conn, aside)
    finally:
        conn.close()
    move_aside(path, target=aside)
    os.replace(temp, path)
    sync_dir(path.parent)
    return aside
