"""Collecting a class on a JupyterHub: every learner's saved progress, read in place.

On a JupyterHub each learner's answers are already on the server, in their home folder
(``~/.local/share/guandan-learn/progress.sqlite3``, where the app and the notebooks save
them). ``collect_homes("/home")`` looks in every home folder below a root (one a learner;
the folder's name is the learner's hub name), copies each progress file (with its journal
and answers log) into a temporary folder — a learner's files are never opened for writing —
and reads the copies as results files, graded again by the engine like any hand-in. Every
answer of a home is the home's learner's (the folder's name: the hub's user name), whatever
name was typed in the app; the class code saved with the progress (``Progress.set_code``)
goes with the answers, and ``gradebook.ClassBook(..., by_home=True)`` checks that it is that
learner's.

The account that runs it must be able to read the homes (the hub's admin, or a teacher in
each learner's group with homes ``0750``). A progress file that is a symbolic link, not a
regular file or too large is reported, not read: the limits are the class collection's
(``classroom.Limits``, 20 MB a file by default), both for the files copied from the homes and
for the results read from the copies.

>>> import tempfile, pathlib
>>> from guandan_learn.exercises import generate, grade
>>> from guandan_learn.progress import Progress
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> with Progress(root / "ana" / PROGRESS_IN_HOME) as mine:
...     p = generate("legal_play", 3)
...     _ = mine.record(p, grade(p, p.answer), at="2025-03-01T10:00Z")
>>> results = collect_homes(root)
>>> results.learners, len(results.answers)
(['ana'], 1)
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from .classroom import LIMITS, ClassResults, Limits, collect
from .errors import ArgumentError, GuandanError, ProgressError
from .messages import say
from .progress import Problem, Progress
from .progress.recovery import LOG_SUFFIX

#: Where a learner's progress lives in their home on Linux (platformdirs' user data folder).
PROGRESS_IN_HOME = Path(".local/share/guandan-learn/progress.sqlite3")
#: The most home folders read.
MOST_HOMES = 5_000
#: The largest file copied from a home by default: the class collection's own cap per file.
MOST_BYTES = LIMITS.bytes_per_file


def homes(root: str | os.PathLike[str]) -> list[tuple[str, Path]]:
    """Returns (learner, home folder) for every folder directly below ``root`` (hidden
    ones and symbolic links left out), by name; raises ``ProgressError`` when ``root`` is no
    folder."""
    where = Path(root)
    try:
        entries = sorted(os.scandir(where), key=lambda e: e.name)
    except OSError as err:
        raise ProgressError(say("classroom.bad_source", path=str(where),
                                reason=err.strerror or str(err))) from None
    out = []
    for entry in entries:
        if entry.name.startswith(".") or entry.is_symlink():
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                out.append((entry.name, Path(entry.path)))
        except OSError:
            continue
        if len(out) >= MOST_HOMES:
            break
    return out


def _mb(size: int) -> str:
    return f"{size / 1_000_000:g}"


class _Budget:
    """What the copies of one collection may still take, within the limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.left = limits.bytes

    def copy(self, source: Path, dest: Path) -> None:
        """Copies a regular file without following a symbolic link, within the limits (the
        file stops where it grows past them while it is copied); raises ``OSError``."""
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(source, flags)
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise OSError(say("hub.not_regular"))
            most = self.limits.bytes_per_file
            if info.st_size > most:
                raise OSError(say("classroom.too_big", most=_mb(most)))
            if info.st_size > self.left:
                raise OSError(say("classroom.too_much", most=_mb(self.limits.bytes)))
            room = min(most, self.left)
            with open(dest, "wb") as out:
                copied = 0
                while chunk := handle.read(min(1 << 20, room + 1 - copied)):
                    copied += len(chunk)
                    if copied > room:  # it grew while copied
                        raise OSError(say("classroom.too_big", most=_mb(most)) if room == most
                                      else say("classroom.too_much", most=_mb(self.limits.bytes)))
                    out.write(chunk)
            self.left -= copied


def _inside_links(home: Path, path: Path) -> bool:
    """Tells whether a folder between the home and the file is a symbolic link."""
    here = home
    for part in path.relative_to(home).parts[:-1]:
        here = here / part
        if here.is_symlink():
            return True
    return False


def _hand_in(learner: str, home: Path, work: Path,
             budget: _Budget) -> tuple[str | None, str | None]:
    """Returns one home's answers as the text of a results CSV (``None``: nothing saved),
    or why they cannot be read."""
    source = home / PROGRESS_IN_HOME
    try:
        if _inside_links(home, source) or source.is_symlink():
            return None, say("hub.link")
        if not source.exists():
            return None, None
        copy = work / learner / source.name
        copy.parent.mkdir(parents=True)
        budget.copy(source, copy)
        for suffix in ("-wal", LOG_SUFFIX):
            extra = Path(f"{source}{suffix}")
            if extra.exists() and not extra.is_symlink():
                budget.copy(extra, Path(f"{copy}{suffix}"))
    except OSError as err:
        return None, say("hub.unreadable", reason=err.strerror or str(err))
    try:
        with Progress(copy, learner=learner) as progress:  # the home's owner, whatever typed
            return progress.results_text(None, name=learner), None
    except (GuandanError, OSError) as err:
        return None, say("hub.unreadable", reason=str(err))
    finally:
        shutil.rmtree(copy.parent, ignore_errors=True)  # the copies are read: free the disk


def collect_homes(root: str | os.PathLike[str], *, limits: Limits | None = None) -> ClassResults:
    """Reads the saved progress in every home folder below ``root`` (see the module), each
    answer graded again, within ``limits`` (default ``classroom.LIMITS``, as ``collect``); a
    home that cannot be read is a problem of the results, and a home with nothing saved is one
    too (so the report says who has not started)."""
    if limits is not None and not isinstance(limits, Limits):
        raise ArgumentError(say("classroom.limit_bad", name="limits",
                                value=type(limits).__name__))
    limits = limits or LIMITS
    budget = _Budget(limits)
    found = homes(root)
    with tempfile.TemporaryDirectory(prefix="guandan-hub-") as folder:
        work = Path(folder) / "copies"
        files = Path(folder) / "hub"
        work.mkdir()
        files.mkdir()
        problems: list[Problem] = []
        for learner, home in found:
            text, why = _hand_in(learner, home, work, budget)
            if text is not None:
                (files / f"{learner}.csv").write_text(text, encoding="utf-8", newline="")
            else:
                problems.append(Problem(f"{learner}/{PROGRESS_IN_HOME.as_posix()}", None,
                                        why or say("hub.nothing")))
        results = collect(files, limits=limits)
    results.source = str(root)
    results.problems = problems + results.problems
    return results


__all__ = ["MOST_BYTES", "MOST_HOMES", "PROGRESS_IN_HOME", "collect_homes", "homes"]
