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
regular file or too large is reported, not read.

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

from .classroom import ClassResults, collect
from .errors import GuandanError, ProgressError
from .messages import say
from .progress import Problem, Progress
from .progress.recovery import LOG_SUFFIX

#: Where a learner's progress lives in their home on Linux (platformdirs' user data folder).
PROGRESS_IN_HOME = Path(".local/share/guandan-learn/progress.sqlite3")
#: The most home folders read, and the largest progress file copied.
MOST_HOMES = 5_000
MOST_BYTES = 200_000_000


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


def _copy(source: Path, dest: Path) -> None:
    """Copies a regular file without following a symbolic link; raises ``OSError``."""
    fd = os.open(source, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise OSError(say("hub.not_regular"))
        if info.st_size > MOST_BYTES:
            raise OSError(say("classroom.too_big", most=MOST_BYTES // 1_000_000))
        with open(dest, "wb") as out:
            shutil.copyfileobj(handle, out)


def _inside_links(home: Path, path: Path) -> bool:
    """Tells whether a folder between the home and the file is a symbolic link."""
    here = home
    for part in path.relative_to(home).parts[:-1]:
        here = here / part
        if here.is_symlink():
            return True
    return False


def _hand_in(learner: str, home: Path, work: Path) -> tuple[str | None, str | None]:
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
        _copy(source, copy)
        for suffix in ("-wal", LOG_SUFFIX):
            extra = Path(f"{source}{suffix}")
            if extra.exists() and not extra.is_symlink():
                _copy(extra, Path(f"{copy}{suffix}"))
    except OSError as err:
        return None, say("hub.unreadable", reason=err.strerror or str(err))
    try:
        with Progress(copy, learner=learner) as progress:  # the home's owner, whatever typed
            return progress.results_text(None, name=learner), None
    except (GuandanError, OSError) as err:
        return None, say("hub.unreadable", reason=str(err))


def collect_homes(root: str | os.PathLike[str]) -> ClassResults:
    """Reads the saved progress in every home folder below ``root`` (see the module), each
    answer graded again; a home that cannot be read is a problem of the results, and a
    home with nothing saved is one too (so the report says who has not started)."""
    found = homes(root)
    with tempfile.TemporaryDirectory(prefix="guandan-hub-") as folder:
        work = Path(folder) / "copies"
        files = Path(folder) / "hub"
        work.mkdir()
        files.mkdir()
        problems: list[Problem] = []
        for learner, home in found:
            text, why = _hand_in(learner, home, work)
            if text is not None:
                (files / f"{learner}.csv").write_text(text, encoding="utf-8", newline="")
            else:
                problems.append(Problem(f"{learner}/{PROGRESS_IN_HOME.as_posix()}", None,
                                        why or say("hub.nothing")))
        results = collect(files)
    results.source = str(root)
    results.problems = problems + results.problems
    return results


__all__ = ["MOST_HOMES", "PROGRESS_IN_HOME", "collect_homes", "homes"]
