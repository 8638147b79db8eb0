"""Reading a file someone hands in: a regular file only, never blocking, at most so many bytes.

A pipe, a device, a folder, a link to one of them or into the system's ``/proc``, ``/sys`` or
``/dev``, a link to nothing, a file larger than the limit (its size checked before it is read
and again while it is read, so a file that grows or lies about its size is cut), a file that
cannot be opened: each raises ``ProgressError`` whose message says why, for the file alone.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import ProgressError
from ..messages import say

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


def check_file(path: str | os.PathLike[str]) -> os.stat_result:
    """Returns a file's status when it may be read (a regular file, or a link to one outside
    the system's folders); raises ``ProgressError`` saying why not, without opening it."""
    st: os.stat_result | None
    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            try:
                st = os.stat(path)
            except FileNotFoundError:
                st = None  # a link to nothing
    except OSError as err:
        raise ProgressError(say("progress.csv.unreadable",
                                reason=err.strerror or str(err))) from None
    except ValueError as err:  # a NUL in the name
        raise ProgressError(say("progress.csv.unreadable", reason=str(err))) from None
    if st is None:
        raise ProgressError(say("progress.file.broken_link"))
    folder = _system_folder(Path(path))
    if folder is not None:
        raise ProgressError(say("progress.file.system", folder=folder))
    if not stat.S_ISREG(st.st_mode):
        raise ProgressError(say("progress.file.special"))
    return st


def read_file(path: str | os.PathLike[str], most: int) -> bytes:
    """Returns a regular file's bytes, at most ``most`` of them; raises ``ProgressError``
    saying why it is not read (see the module)."""
    too_big = ProgressError(say("progress.file.too_big", most=f"{most / 1_000_000:g}"))
    if check_file(path).st_size > most:
        raise too_big
    try:
        fd = os.open(path, _FLAGS)
    except OSError as err:
        raise ProgressError(say("progress.csv.unreadable",
                                reason=err.strerror or str(err))) from None
    try:
        st = os.fstat(fd)  # what was opened, in case the file was swapped since the check
        if not stat.S_ISREG(st.st_mode):
            raise ProgressError(say("progress.file.special"))
        if st.st_size > most:
            raise too_big
        parts: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(CHUNK, most + 1 - size))
            if not chunk:
                break
            parts.append(chunk)
            size += len(chunk)
            if size > most:
                raise too_big
        return b"".join(parts)
    except OSError as err:
        raise ProgressError(say("progress.csv.unreadable",
                                reason=err.strerror or str(err))) from None
    finally:
        os.close(fd)


__all__ = ["SYSTEM_FOLDERS", "check_file", "read_file"]
