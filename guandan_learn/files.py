"""Files the project writes: replaced in one rename, with cells no spreadsheet runs as formulas.

``write_atomic`` writes a file under a temporary name in its folder, syncs it and renames it
into place, so a failure (a full disk, text that cannot be encoded, a check that refuses it)
leaves the file that was there untouched.

``neutralise`` keeps a CSV cell from being read as a formula by any common spreadsheet: a
spreadsheet may split a cell again on ``,``, ``;``, a tab or a line break (its own separator),
so every piece that would start with ``=``, ``+``, ``-`` or ``@`` (after spaces and quotes)
gets a ``'`` in front of it. ``restore`` undoes exactly that, so a results file the project
writes reads back as it was:

>>> neutralise("x;=cmd|' /C calc'!A0"), neutralise("Ana"), neutralise("-3")
("x;'=cmd|' /C calc'!A0", 'Ana', '-3')
>>> all(restore(neutralise(t)) == t for t in ("=1", "'=1", "''=1", "a,\\t+b", "'x"))
True
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

#: The characters a spreadsheet may split one cell on (its own separator, or a line break).
SEPARATORS = re.compile(r"([,;\t\r\n])")
#: The first characters that make a spreadsheet read a cell as a formula (full-width too).
FORMULA_STARTS = frozenset("=+-@\uff1d\uff0b\uff0d\uff20")
#: A character XML 1.0 cannot carry (control characters, lone surrogates, U+FFFE, U+FFFF).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_TRIGGERS = re.compile("[" + re.escape("".join(sorted(FORMULA_STARTS))) + "]")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
_LEADING = " \u00a0\"'\u201c\u201d\u2018\u2019"


def _formula(piece: str) -> bool:
    """Tells whether a piece of a cell starts like a formula (a plain number does not)."""
    body = piece.lstrip(" \u00a0\"")
    return body[:1] in FORMULA_STARTS and not _NUMBER.fullmatch(piece.strip(_LEADING))


def _guarded(piece: str) -> bool:
    """Tells whether ``neutralise`` puts a ``'`` before a piece: it starts like a formula, or
    it starts with ``'`` before a piece that would be guarded (so ``restore`` is exact)."""
    return _formula(piece) or (piece.startswith("'") and _guarded(piece[1:]))


def neutralise(cell: str) -> str:
    """Returns a CSV cell with a ``'`` before every piece a spreadsheet could run as a
    formula."""
    if not isinstance(cell, str):
        cell = str(cell)
    if not _TRIGGERS.search(cell):
        return cell
    if not SEPARATORS.search(cell):
        return "'" + cell if _guarded(cell) else cell
    parts = SEPARATORS.split(cell)
    return "".join("'" + p if i % 2 == 0 and _guarded(p) else p for i, p in enumerate(parts))


def restore(cell: str) -> str:
    """Returns a cell as it was before ``neutralise``."""
    if "'" not in cell:
        return cell
    parts = SEPARATORS.split(cell)
    return "".join(p[1:] if i % 2 == 0 and p.startswith("'") and _guarded(p[1:]) else p
                   for i, p in enumerate(parts))


def unwritable(text: str) -> str | None:
    """Returns the first character of ``text`` that XML 1.0 (and so the exports) cannot carry,
    written ``U+0001``, or ``None``.

    >>> unwritable("a" + chr(1)), unwritable(chr(0xD800)), unwritable("8♣ ok")
    ('U+0001', 'U+D800', None)
    """
    found = _NOT_XML.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


def shown(text: str) -> str:
    """Returns text with each character XML 1.0 cannot carry written as ``\\uXXXX``, so it can
    be printed and quoted in a message."""
    return _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def first_unwritable(data: object, where: str = "", depth: int = 0) -> tuple[str, str] | None:
    """Returns the field (``notes.en``, ``choices[1].answer``) and the first character XML 1.0
    cannot carry in any text of nested data (mappings, lists), or ``None``."""
    if isinstance(data, str):
        bad = unwritable(data)
        return None if bad is None else (where or "-", bad)
    if depth > 50:
        return None
    if isinstance(data, dict):
        items = [(f"{where}.{k}" if where else str(k), v) for k, v in data.items()]
        items += [(where or "-", k) for k in data if isinstance(k, str)]
    elif isinstance(data, (list, tuple)):
        items = [(f"{where}[{i}]", v) for i, v in enumerate(data)]
    else:
        return None
    for field, value in items:
        found = first_unwritable(value, field, depth + 1)
        if found is not None:
            return found
    return None


def write_atomic(path: str | os.PathLike[str], text: str, *,
                 check: Callable[[str], object] | None = None) -> Path:
    """Writes ``text`` (UTF-8, line ends as they are) to a temporary file next to ``path``
    once ``check(text)`` passes, then renames it into place; on any failure the old file is
    untouched and the temporary one removed. Raises ``OSError``, ``UnicodeEncodeError`` or
    what ``check`` raises.

    A symbolic link is followed (the file it names is replaced, the link stays); a path that
    is no regular file (``/dev/null``, a pipe, a terminal) is written to as it is, never
    replaced.
    """
    if check is not None:
        check(text)
    data = text.encode("utf-8")  # before anything is created: text that cannot be written
    try:
        info = os.stat(path)  # through links, the kernel's own (/dev/stdout) included
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        with open(path, "wb") as handle:  # a device or a pipe: nothing to replace
            handle.write(data)
        return Path(path)
    target = Path(os.path.realpath(path))
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):  # mkstemp makes it private: keep the usual mode
            if info is not None:
                mode = stat.S_IMODE(info.st_mode)
            else:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
            os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return Path(path)
