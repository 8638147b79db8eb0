"""Reading a file someone hands in: a regular file only, never blocking, at most so many bytes.

A pipe, a device, a folder, a link to one of them or into the system's ``/proc``, ``/sys`` or
``/dev``, a link to nothing, a file larger than the limit (its size checked before it is read
and again while it is read, so a file that grows or lies about its size is cut), a file that
cannot be opened: each raises an error whose message says why, for the file alone.

By default that error is a ``ProgressError`` (a results file); a caller reading another kind
of file (a roster, an assignment, a class secret) passes its own ``refuse`` (a reason becomes
its error), ``unreadable`` (the system's reason for an unreadable file becomes its error) and
``too_big`` (its error for a file over the limit).
"""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Callable
from pathlib import Path

from .errors import GuandanError, ProgressError
from .messages import say

#: Turns a reason (why a file is not read) into the error to raise.
Refuse = Callable[[str], GuandanError]

#: The folders of the system whose files are never read, even through a link.
SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")
#: How much is read at a time.
CHUNK = 1 << 16
_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
          | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0))


def _system_folder(path: Path) -> str | None:
    """Returns the system folder a path leads into (after its links), if any."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError, RuntimeError):  # a loop of links
        return None
    for folder in SYSTEM_FOLDERS:
        if real == folder or real.startswith(folder + "/"):
            return folder
    return None


def _cannot_read(reason: str) -> GuandanError:
    """Returns a results file's error for the system's reason it cannot be read."""
    return ProgressError(say("progress.csv.unreadable", reason=reason))


def _too_big(most: int) -> GuandanError:
    """Returns a results file's error for a file larger than ``most`` bytes."""
    return ProgressError(say("progress.file.too_big", most=f"{most / 1_000_000:g}"))


def check_file(path: str | os.PathLike[str], *, refuse: Refuse = ProgressError,
               unreadable: Refuse = _cannot_read) -> os.stat_result:
    """Returns a file's status when it may be read (a regular file, or a link to one outside
    the system's folders); raises ``refuse(reason)`` saying why not (``unreadable(reason)``
    with the system's reason), without opening it."""
    st: os.stat_result | None
    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            try:
                st = os.stat(path)
            except FileNotFoundError:
                st = None  # a link to nothing
    except OSError as err:
        raise unreadable(err.strerror or str(err)) from None
    except ValueError as err:  # a NUL in the name
        raise unreadable(str(err)) from None
    if st is None:
        raise refuse(say("progress.file.broken_link"))
    folder = _system_folder(Path(path))
    if folder is not None:
        raise refuse(say("progress.file.system", folder=folder))
    if not stat.S_ISREG(st.st_mode):
        raise refuse(say("progress.file.special"))
    return st


def read_file(path: str | os.PathLike[str], most: int, *, refuse: Refuse = ProgressError,
              unreadable: Refuse = _cannot_read,
              too_big: Callable[[], GuandanError] | None = None) -> bytes:
    """Returns a regular file's bytes, at most ``most`` of them; raises the error of
    ``refuse``, ``unreadable`` or ``too_big`` saying why it is not read (see the module)."""
    if too_big is None:
        too_big = functools.partial(_too_big, most)
    if check_file(path, refuse=refuse, unreadable=unreadable).st_size > most:
        raise too_big()
    try:
        fd = os.open(path, _FLAGS)
    except OSError as err:
        raise unreadable(err.strerror or str(err)) from None
    try:
        st = os.fstat(fd)  # what was opened, in case the file was swapped since the check
        if not stat.S_ISREG(st.st_mode):
            raise refuse(say("progress.file.special"))
        if st.st_size > most:
            raise too_big()
        parts: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(CHUNK, most + 1 - size))
            if not chunk:
                break
            parts.append(chunk)
            size += len(chunk)
            if size > most:
                raise too_big()
        return b"".join(parts)
    except OSError as err:
        raise unreadable(err.strerror or str(err)) from None
    finally:
        os.close(fd)


__all__ = ["SYSTEM_FOLDERS", "Refuse", "check_file", "read_file"]
