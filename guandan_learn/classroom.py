"""A class's results: every learner's results files collected, graded again, summed up.

``collect(path)`` reads a folder (and its subfolders) or a ``.zip`` of results CSV files, as a
teacher downloads them from an assignment. Every row is graded again by the engine
(``progress.read_results``): the files' ``correct`` column is never trusted. Files that are no
results, lines that cannot be read, answers that were marked against the engine, learners met
in several files and answers handed in twice are each reported in one sentence; nothing else
is lost.

``class_report(path)`` returns a ``ClassReport``: ``gradebook_csv()`` has one row per learner
(first column ``username``, then the chapters attempted, the first-try accuracy per chapter
and in total, as whole percentages: what a spreadsheet, Moodle or Canvas imports) and
``html()`` a self-contained page (no script, no web font, pictures as inline SVG): the class's
first-try accuracy as a heatmap of learners × chapters, the accuracy per rule clause, the
first-try accuracy on endgame puzzles per measured difficulty (``ClassReport.difficulty``:
whether harder puzzles are answered worse), the ten misconceptions met most often with an
example each, and each learner's progress.
``guandan-learn class SUBMISSIONS --out DIR`` writes both.

A class report is a job of bounded cost, whatever the files (``Limits``, defaults in
``LIMITS``): at most 50,000 files, 20 MB per file and 200 MB in all (uncompressed, counted as
each file is read, the zip's headers not trusted), 100,000 lines per file and 1,000,000 in
all, 32 folders deep; a zip member compressed more than 200 times (past 1 MB), encrypted, or
whose data overlaps another entry's (a zip bomb's trick) is not read; only regular files are
opened (never a pipe, a device or a link into ``/proc``, ``/sys`` or ``/dev``); and re-grading
makes at most 5,000 puzzles again and spends at most 20 s of CPU time making puzzles and
grading answers (``progress.regrade.Budget``), each row's id checked before any generator
runs. Whatever passes a limit is named in the notes;
the rest of the class is still graded. The page shows the first 200 learners by name (the
gradebook has them all) and the first 200 notes.

A puzzle counts for the chapter whose "Check yourself" quiz asks it; any other puzzle for the
latest chapter among the clauses it cites (else the first chapter whose quiz asks its kind).
Only the first answer to each puzzle counts towards accuracy: a second try is practice.

>>> import tempfile, pathlib
>>> from guandan_learn.exercises import generate, grade
>>> from guandan_learn.progress import Progress
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with Progress(":memory:", learner="Ana") as mine:
...     p = generate("legal_play", 3)
...     _ = mine.record(p, grade(p, p.answer), at="2025-03-01T10:00Z")
...     _ = mine.export_csv(folder / "ana.csv")
>>> report = class_report(folder)
>>> report.gradebook()[0]["username"], report.gradebook()[0]["total"]
('Ana', '100')
"""

from __future__ import annotations

import contextlib
import csv
import html
import io
import os
import struct
import zipfile
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .course import chapters
from .errors import ArgumentError, ProgressError
from .exercises import Question, catalogue
from .files import neutralise, write_atomic
from .i18n import get_language, set_language
from .messages import say
from .progress import Answer, Problem, Regrader, chapter_of, clause_key, csv_file, read_results
from .progress.difficulty import Band, difficulty_accuracy
from .progress.mastery import counted_chapter
from .progress.regrade import Budget
from .reading import check_file, read_file

#: The largest results file read (a file or zip member larger than this is reported, not read).
MOST_BYTES = csv_file.MOST_BYTES
#: The files of a folder or zip that are read as results.
SUFFIXES = (".csv",)


# -- Collecting ------------------------------------------------------------------------------


@dataclass
class ClassResults:
    """Every answer of a class, graded again (each once), and what was reported reading it."""

    source: str
    answers: list[Answer] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: dict[str, set[str]] = field(default_factory=dict)  # file -> its learners
    duplicates: int = 0
    regrader: Regrader = field(default_factory=Regrader, repr=False)
    codes: dict[str, set[str]] = field(default_factory=dict)  # file -> its class codes
    origins: dict[str, list[str]] = field(default_factory=dict)  # answer id -> its files

    @property
    def learners(self) -> list[str]:
        """Returns every learner with answers, by name."""
        return sorted({a.learner for a in self.answers}, key=lambda n: (n.casefold(), n))

    def notes(self) -> list[str]:
        """Returns every sentence to report: the problems, then the learners met in several
        files and the answers handed in twice."""
        out = _grouped(self.problems)
        where: dict[str, list[str]] = defaultdict(list)
        for name, learners in self.files.items():
            for learner in learners:
                where[learner].append(name)
        for learner in sorted(where):
            if len(where[learner]) > 1:
                out.append(say("classroom.note.several_files", learner=learner,
                               files=", ".join(sorted(where[learner]))))
        if self.duplicates:
            out.append(say("classroom.note.duplicates", count=self.duplicates))
        return out


#: A sentence names at most this many files or line numbers (the rest are counted).
MOST_NAMED = 20
#: Files that share a reason, past this many, are named in one sentence.
GROUP_FILES = 5
#: The notes the page and the command line show (``ClassResults.notes()`` has them all).
MOST_NOTES = 200


def _named(items: list[str], key: str, field_name: str) -> str:
    """Returns the first ``MOST_NAMED`` items, then how many more there are."""
    shown = ", ".join(items[:MOST_NAMED])
    if len(items) <= MOST_NAMED:
        return shown
    return say(key, count=len(items) - MOST_NAMED, **{field_name: shown})


def _grouped(problems: list[Problem]) -> list[str]:
    """Returns the problems in words, one sentence for the lines of a file that share one
    (and one for the files that share one, when many do)."""
    lines: dict[tuple[str, str], list[int]] = {}
    files: dict[str, list[str]] = defaultdict(list)
    for p in problems:
        if p.line is None:
            files[p.message].append(p.file)
    order: list[Problem | tuple[str, str] | str] = []
    said: set[str] = set()
    for p in problems:
        if p.line is None:
            if len(files[p.message]) <= GROUP_FILES:
                order.append(p)
            elif p.message not in said:
                said.add(p.message)
                order.append(p.message)
            continue
        key = (p.file, p.message)
        if key not in lines:
            lines[key] = []
            order.append(key)
        lines[key].append(p.line)
    out = []
    for item in order:
        if isinstance(item, Problem):
            out.append(str(item))
        elif isinstance(item, str):
            names = files[item]
            out.append(say("classroom.note.files", count=len(names), reason=item,
                           files=_named(names, "classroom.note.more_files", "files")))
        elif len(lines[item]) == 1:
            out.append(str(Problem(item[0], lines[item][0], item[1])))
        else:
            out.append(say("classroom.note.lines", path=item[0], reason=item[1],
                           lines=_named([str(n) for n in lines[item]],
                                        "classroom.note.more_lines", "lines")))
    return out


@dataclass(frozen=True)
class Limits:
    """What one class report reads at most; anything past a limit is named in the report's
    notes, and the rest of the class is still graded (see ``LIMITS`` for the defaults)."""

    files: int = 50_000  # files of a folder, entries of a zip (a class of 20,000 and more)
    bytes_per_file: int = MOST_BYTES  # one results file (a year of answers is under 1 MB)
    bytes: int = 200_000_000  # every file together, uncompressed (10 KB for each of 20,000)
    ratio: int = 200  # how much a zip member may shrink, once it is over ``ratio_from`` bytes
    ratio_from: int = 1_000_000
    depth: int = 32  # folders inside folders
    rows_per_file: int = csv_file.MOST_ROWS
    rows: int = 1_000_000  # lines of every file together
    shown: int = 200  # learners shown on the page (every learner is in the gradebook)
    budget: Budget = field(default_factory=Budget)  # puzzles made again for the class

    def __post_init__(self) -> None:
        for name in ("files", "bytes_per_file", "bytes", "ratio", "ratio_from", "depth",
                     "rows_per_file", "rows", "shown"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ArgumentError(say("classroom.limit_bad", name=name,
                                        value=repr(value)[:40]))
        if not isinstance(self.budget, Budget):
            raise ArgumentError(say("classroom.limit_bad", name="budget",
                                    value=type(self.budget).__name__))


#: The limits of every class report, unless given.
LIMITS = Limits()


@dataclass
class _Left:
    """What a class report may still read."""

    files: int
    bytes: int
    rows: int


def _mb(size: int) -> str:
    """Returns a number of bytes in MB, as short as it goes (20, 0.5)."""
    return f"{size / 1_000_000:g}"


def _results_name(name: str) -> bool:
    """Says whether a file's name is a results file's (``SUFFIXES``)."""
    return os.path.splitext(name)[1].lower() in SUFFIXES


def _hidden(parts: Iterable[str]) -> bool:
    return any(p.startswith(".") for p in parts)  # .DS_Store, .ipynb_checkpoints


def _folder_members(root: Path, limits: Limits,
                    left: _Left) -> Iterator[tuple[str, bytes | None, str | None]]:
    """Yields (name, bytes or None, why it is not read) for every file under a folder, in
    name order, without following links to folders and never opening anything but a regular
    file."""
    stack: list[tuple[Path, str, int]] = [(root, "", 0)]
    while stack:
        folder, prefix, depth = stack.pop()
        try:
            with os.scandir(folder) as found:
                entries = sorted(found, key=lambda e: e.name)
        except OSError as err:
            yield prefix.rstrip("/") or ".", None, say("classroom.unreadable_folder",
                                                       reason=err.strerror or str(err))
            continue
        below: list[tuple[Path, str, int]] = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            # A name that is not UTF-8 is shown with a replacement character.
            name = prefix + entry.name.encode("utf-8", "surrogateescape").decode(
                "utf-8", "replace")
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                if depth + 1 > limits.depth:
                    yield name, None, say("classroom.too_deep", most=limits.depth)
                else:
                    below.append((Path(entry.path), name + "/", depth + 1))
                continue
            if left.files <= 0:
                yield name, None, say("classroom.too_many_files", most=limits.files)
                return
            left.files -= 1
            if not _results_name(entry.name):
                yield name, None, say("classroom.not_results")
                continue
            try:
                size = check_file(entry.path).st_size
                if size > limits.bytes_per_file:
                    yield name, None, say("classroom.too_big", most=_mb(limits.bytes_per_file))
                    continue
                if size > left.bytes:
                    yield name, None, say("classroom.too_much", most=_mb(limits.bytes))
                    continue
                data = read_file(entry.path, min(limits.bytes_per_file, left.bytes))
            except ProgressError as err:
                yield name, None, err.message
                continue
            left.bytes -= len(data)
            yield name, data, None
        stack.extend(reversed(below))  # each folder's files and folders in name order


def _overlapping(archive: zipfile.ZipFile) -> set[int]:
    """Returns the positions (in ``infolist()``) of the entries whose data overlaps another
    entry's or the central directory: a zip bomb's trick, never a real zip's."""
    spans = []
    fp = archive.fp
    if fp is None:  # pragma: no cover - the archive is open
        return set()
    for i, info in enumerate(archive.infolist()):
        fp.seek(info.header_offset)
        head = fp.read(30)
        extra = 0
        if len(head) == 30 and head[:4] == b"PK\x03\x04":
            name_len, extra_len = struct.unpack("<HH", head[26:30])
            extra = name_len + extra_len
        spans.append((info.header_offset, info.header_offset + 30 + extra + info.compress_size,
                       i))
    spans.sort()
    bad: set[int] = set()
    reach, last = -1, -1
    for start, end, i in spans:
        if start < reach:
            bad.update((i, last))
        if end > archive.start_dir:
            bad.add(i)
        if end > reach:
            reach, last = end, i
    return bad


def _entries(path: Path) -> int:
    """Returns how many entries a zip's central directory says it holds (0 if it cannot
    tell), read from its end record alone."""
    find_end = getattr(zipfile, "_EndRecData", None)
    if find_end is None:  # pragma: no cover - a Python without zipfile's helper
        return 0
    with open(path, "rb") as handle:
        end = find_end(handle)
    return 0 if end is None else int(end[getattr(zipfile, "_ECD_ENTRIES_TOTAL", 4)])


def _zip_members(path: Path, limits: Limits,
                 left: _Left) -> Iterator[tuple[str, bytes | None, str | None]]:
    """Yields (name, bytes or None, why it is not read) for every file of a zip, in name
    order; each member is read in pieces, its size counted as it comes."""
    try:
        most = limits.bytes + 1024 * limits.files  # the data, and the headers of each file
        if check_file(path).st_size > most:
            raise ProgressError(say("classroom.zip_too_big", most=_mb(most)))
        count = _entries(path)
        if count > 4 * limits.files:  # refused before zipfile reads every entry
            raise ProgressError(say("classroom.zip_too_many", count=count,
                                    most=4 * limits.files))
        archive = zipfile.ZipFile(path)
    except ProgressError as err:
        raise ProgressError(say("classroom.bad_source", path=str(path),
                                reason=err.message)) from None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError,
            struct.error) as err:  # NotImplementedError: a zip "version" zipfile lacks
        raise ProgressError(say("classroom.bad_source", path=str(path),
                                reason=str(err) or type(err).__name__)) from None
    with archive:
        infos = archive.infolist()
        try:
            overlapping = _overlapping(archive)
        except (OSError, ValueError, struct.error):
            overlapping = set(range(len(infos)))
        order = sorted(range(len(infos)), key=lambda i: infos[i].filename)
        for count, i in enumerate(order):
            info = infos[i]
            name = info.filename
            parts = [p for p in name.split("/") if p not in ("", ".")]
            if info.is_dir() or "__MACOSX" in parts or _hidden(parts):
                continue
            if left.files <= 0:
                yield name, None, say("classroom.too_many_files", most=limits.files)
                if len(order) - count > 1:
                    yield (say("classroom.more_entries", count=len(order) - count - 1), None,
                           say("classroom.too_many_files", most=limits.files))
                return
            left.files -= 1
            if len(parts) - 1 > limits.depth:
                yield name, None, say("classroom.too_deep", most=limits.depth)
            elif not _results_name(parts[-1] if parts else ""):
                yield name, None, say("classroom.not_results")
            elif i in overlapping:
                yield name, None, say("classroom.overlapping")
            elif info.flag_bits & 0x1:
                yield name, None, say("classroom.encrypted")
            elif info.file_size > limits.bytes_per_file:
                yield name, None, say("classroom.too_big", most=_mb(limits.bytes_per_file))
            elif info.file_size > left.bytes:
                yield name, None, say("classroom.too_much", most=_mb(limits.bytes))
            elif (info.file_size > limits.ratio_from
                  and info.file_size > limits.ratio * max(1, info.compress_size)):
                yield name, None, say("classroom.ratio", most=limits.ratio)
            else:
                data, why = _read_member(archive, info, limits, left)
                yield name, data, why


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limits: Limits,
                 left: _Left) -> tuple[bytes | None, str | None]:
    """Reads one zip member in pieces, stopping at the first limit it passes (its header's
    sizes are not trusted)."""
    most = min(limits.bytes_per_file, left.bytes)
    shrunk = limits.ratio * max(1, info.compress_size) + limits.ratio_from
    data = b""
    try:
        with archive.open(info) as member:  # decompresses piece by piece, up to the cap
            data = member.read(min(most, shrunk) + 1)
    except RuntimeError:  # zipfile's word for a member that needs a password
        return None, say("classroom.encrypted")
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError,
            zlib.error) as err:
        return None, say("classroom.bad_member", reason=str(err) or type(err).__name__)
    finally:
        left.bytes -= len(data)
    if len(data) > shrunk:
        return None, say("classroom.ratio", most=limits.ratio)
    if len(data) > most:
        if most < limits.bytes_per_file:
            return None, say("classroom.too_much", most=_mb(limits.bytes))
        return None, say("classroom.too_big", most=_mb(limits.bytes_per_file))
    return data, None


def collect(source: str | os.PathLike[str] | bytes, *, name: str = "upload.zip",
            limits: Limits | None = None) -> ClassResults:
    """Reads every results file of a folder or a zip (a path, or a zip's bytes), graded again,
    within ``limits`` (default ``LIMITS``).

    Raises ``ProgressError`` only when ``source`` is neither a folder nor a zip.
    """
    if limits is not None and not isinstance(limits, Limits):
        raise ArgumentError(say("classroom.limit_bad", name="limits",
                                value=type(limits).__name__))
    limits = limits or LIMITS
    if isinstance(source, bytes):
        import tempfile

        with tempfile.TemporaryDirectory(prefix="guandan-class-") as folder:
            path = Path(folder) / "submissions.zip"
            path.write_bytes(source)
            collected = collect(path, limits=limits)
        collected.source = name
        return collected
    if not isinstance(source, (str, os.PathLike)):
        raise ProgressError(say("progress.path.bad", value=type(source).__name__))
    path = Path(source)
    try:
        there = os.path.lexists(path)
    except (ValueError, OSError):  # a NUL in the name
        there = False
    if not there:
        raise ProgressError(say("classroom.bad_source", path=str(path),
                                reason=say("classroom.missing")))
    out = ClassResults(path.name or str(path), regrader=Regrader(budget=limits.budget))
    left = _Left(limits.files, limits.bytes, limits.rows)
    members = (_folder_members(path, limits, left) if path.is_dir()
               else _zip_members(path, limits, left))
    seen: set[str] = set()
    for member, data, why in members:
        if data is None:
            out.problems.append(Problem(member, None, why or ""))
            continue
        if left.rows <= 0:
            out.problems.append(Problem(member, None, say("classroom.too_many_rows",
                                                          most=limits.rows)))
            continue
        most = min(limits.rows_per_file, left.rows)
        read = read_results(data, name=member, regrader=out.regrader, most_rows=most)
        left.rows -= read.lines
        if most < limits.rows_per_file:  # the class's limit, not the file's, was met
            cut = say("progress.csv.too_many_rows", most=most)
            read.problems = [replace(p, message=say("classroom.too_many_rows",
                                                    most=limits.rows))
                             if p.message == cut else p for p in read.problems]
        out.problems += read.problems
        if not read.answers and not read.problems:
            out.problems.append(Problem(member, None, say("classroom.empty_file")))
        out.files[member] = {a.learner for a in read.answers}
        out.codes[member] = read.codes
        for a in read.answers:
            out.origins.setdefault(a.id, []).append(member)
            if a.id in seen:
                out.duplicates += 1
                continue
            seen.add(a.id)
            out.answers.append(a)
    out.answers.sort(key=lambda a: (a.learner, a.at, a.id))
    return out


# -- Chapters --------------------------------------------------------------------------------


def chapter_number(answer: Answer) -> int | None:
    """Returns the chapter an answer counts for (``None``: none does)."""
    return counted_chapter(answer.puzzle, answer.clauses, answer.kind, chapter_of)


def quiz_chapters() -> list[int]:
    """Returns the numbers of the chapters that have a quiz, in order."""
    return [c.number for c in chapters() if c.quiz is not None]


# -- The report ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """First tries: how many puzzles, how many right at the first try."""

    tried: int = 0
    right: int = 0

    def add(self, correct: bool) -> Tally:
        """Returns the tally with one more first try."""
        return Tally(self.tried + 1, self.right + int(correct))

    @property
    def percent(self) -> int | None:
        """Returns the whole percentage right (``None`` when nothing was tried)."""
        return round(100 * self.right / self.tried) if self.tried else None


_NONE = Tally()  # nothing tried


def _cell(value: int | None) -> str:
    return "" if value is None else str(value)


def _safe_cell(text: str) -> str:
    """Keeps a spreadsheet from reading a cell, or any piece of it, as a formula."""
    return neutralise(text)


class ClassReport:
    """A class's results summed up: the gradebook and the report page (see the module)."""

    def __init__(self, results: ClassResults, language: str | None = None, *,
                 shown: int | None = None) -> None:
        if shown is not None and (isinstance(shown, bool) or not isinstance(shown, int)
                                  or shown < 0):
            raise ArgumentError(say("classroom.limit_bad", name="shown",
                                    value=repr(shown)[:40]))
        self.results = results
        self.language = language or get_language()
        self.chapters = quiz_chapters()
        #: How many learners the page shows (the gradebook has them all).
        self.shown = LIMITS.shown if shown is None else shown
        self._learners = results.learners
        self._difficulty: list[Band] | None = None
        firsts: dict[tuple[str, str], Answer] = {}
        #: Each learner's last answer (UTC, as written).
        self.last: dict[str, str] = {}
        for a in results.answers:  # sorted by learner, then time
            firsts.setdefault((a.learner, a.puzzle), a)
            if a.at > self.last.get(a.learner, ""):
                self.last[a.learner] = a.at
        self.first_tries = list(firsts.values())
        counts: dict[str, dict[int | None, list[int]]] = defaultdict(dict)
        chapter_of_puzzle: dict[tuple[str, str, tuple[str, ...]], int | None] = {}
        for a in self.first_tries:
            key = (a.puzzle, a.kind, a.clauses)  # what the chapter depends on, met again
            if key not in chapter_of_puzzle:
                chapter_of_puzzle[key] = chapter_number(a)
            count = counts[a.learner].setdefault(chapter_of_puzzle[key], [0, 0])
            count[0] += 1
            count[1] += a.correct
        self.by_chapter: dict[str, dict[int | None, Tally]] = defaultdict(dict)
        self.totals: dict[str, Tally] = {}
        for learner, row in counts.items():
            self.by_chapter[learner] = {n: Tally(*c) for n, c in row.items()}
            self.totals[learner] = Tally(sum(c[0] for c in row.values()),
                                         sum(c[1] for c in row.values()))

    @property
    def learners(self) -> list[str]:
        """Returns the learners, by name."""
        return self._learners

    @property
    def learners_shown(self) -> list[str]:
        """Returns the learners the page shows: the first ``shown``, by name."""
        return self._learners[:self.shown]

    # The gradebook.

    def gradebook_columns(self) -> list[str]:
        """Returns the gradebook's columns: ``username``, ``chapters_attempted``,
        ``puzzles_attempted``, ``first_try_right``, one per chapter (``ch01``…), ``total``."""
        return ["username", "chapters_attempted", "puzzles_attempted", "first_try_right",
                *(f"ch{n:02d}" for n in self.chapters), "total"]

    def gradebook(self) -> list[dict[str, str]]:
        """Returns one row per learner: the columns of ``gradebook_columns``, accuracies as
        whole percentages (empty where nothing was tried)."""
        out = []
        for learner in self.learners:
            row = self.by_chapter[learner]
            total = self.totals[learner]
            attempted = [n for n in self.chapters if n in row]
            out.append({"username": learner, "chapters_attempted": str(len(attempted)),
                        "puzzles_attempted": str(total.tried),
                        "first_try_right": str(total.right),
                        **{f"ch{n:02d}": _cell(row[n].percent if n in row else None)
                           for n in self.chapters},
                        "total": _cell(total.percent)})
        return out

    def gradebook_csv(self) -> str:
        """Returns the gradebook as CSV text (a header, then one row per learner)."""
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=self.gradebook_columns(),
                                lineterminator="\r\n")
        writer.writeheader()
        for row in self.gradebook():
            writer.writerow({key: _safe_cell(value) for key, value in row.items()})
        return buffer.getvalue()

    # What the class gets wrong.

    def clause_accuracy(self) -> list[tuple[str, Tally]]:
        """Returns every clause the first tries cite with its tally, in rulebook order."""
        tallies: dict[str, Tally] = {}
        for a in self.first_tries:
            for c in dict.fromkeys(a.clauses):
                tallies[c] = tallies.get(c, _NONE).add(a.correct)
        return sorted(tallies.items(), key=lambda kv: clause_key(kv[0]))

    def difficulty(self) -> list[Band]:
        """Returns the first-try accuracy on endgame puzzles per measured difficulty
        (``progress.difficulty``), easiest first; computed once."""
        if self._difficulty is None:
            self._difficulty = difficulty_accuracy(self.first_tries,
                                                   regrader=self.results.regrader)
        return self._difficulty

    def misconceptions(self, most: int = 10) -> list[tuple[str, int, int, Answer]]:
        """Returns the misconceptions met most often (in every answer, retries included):
        id, how many answers, how many learners, and the first example."""
        count: Counter[str] = Counter()
        who: dict[str, set[str]] = defaultdict(set)
        example: dict[str, Answer] = {}
        for a in self.results.answers:
            if a.misconception and not a.correct:
                count[a.misconception] += 1
                who[a.misconception].add(a.learner)
                example.setdefault(a.misconception, a)
        ranked = sorted(count, key=lambda m: (-count[m], -len(who[m]), m))[:most]
        return [(m, count[m], len(who[m]), example[m]) for m in ranked]

    # The page.

    def html(self) -> str:
        """Returns the report as one self-contained HTML page, in the report's language."""
        with _speaking(self.language):
            return _page(self)

    def _repr_html_(self) -> str:
        with _speaking(self.language):
            return _body(self)

    def write(self, folder: str | os.PathLike[str]) -> list[Path]:
        """Writes ``gradebook.csv`` and ``report.html`` into a folder; returns their paths."""
        dest = Path(folder)
        try:
            dest.mkdir(parents=True, exist_ok=True)
            book = write_atomic(dest / "gradebook.csv", self.gradebook_csv())
            page = write_atomic(dest / "report.html", self.html())
        except (OSError, UnicodeEncodeError) as err:
            raise ProgressError(say("classroom.unwritable", path=str(dest),
                                    reason=getattr(err, "strerror", None) or str(err))) from None
        return [book, page]


def class_report(source: str | os.PathLike[str] | bytes, *, lang: str | None = None,
                 name: str = "upload.zip", limits: Limits | None = None) -> ClassReport:
    """Collects a folder or a zip of results files (a path, or a zip's bytes) and sums it up
    within ``limits`` (default ``LIMITS``); ``lang`` is the language of the sentences
    reported (default: the one in use)."""
    with _speaking(lang):
        collected = collect(source, name=name, limits=limits)
        return ClassReport(collected, shown=(limits or LIMITS).shown)


@contextlib.contextmanager
def _speaking(language: str | None) -> Iterator[str]:
    """Speaks a language (``None``: the one in use) for the block, then the one before."""
    before = get_language()
    now = set_language(language) if language is not None else before
    try:
        yield now
    finally:
        if language is not None:
            set_language(before)


# -- HTML and SVG ----------------------------------------------------------------------------

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;
margin:1.5em auto;max-width:68em;padding:0 1em;line-height:1.4}
.gdl-class h1{font-size:1.5em}.gdl-class h2{font-size:1.2em;margin-top:1.6em}
.gdl-class table{border-collapse:collapse;margin:0.5em 0}
.gdl-class th,.gdl-class td{border:1px solid #ccc;padding:0.25em 0.5em;text-align:left;
vertical-align:top}.gdl-class td.num{text-align:right}
.gdl-class .note{color:#6a4c00}.gdl-class svg text{font-family:inherit}
"""


#: Inline alignment of the tables' cells: JupyterLab right-aligns every table cell of an
#: output, and an inline style wins over its style sheet (the page's own ``_CSS`` agrees).
_TEXT = ' style="text-align:left;vertical-align:top"'
_NUM = ' style="text-align:right;vertical-align:top"'


def _heads(*keys: str) -> str:
    """Returns a table's header row: one named column heading per message key, aligned as its
    column (a key starting with ``#`` heads a column of numbers)."""
    cells = "".join(f'<th scope="col"{_NUM if key.startswith("#") else _TEXT}>'
                    f"{_esc(say(key.lstrip('#')))}</th>" for key in keys)
    return f"<tr>{cells}</tr>"


def _short(text: str, most: int = 80) -> str:
    """Returns a text cut to ``most`` characters (a learner's name can be any length)."""
    return text if len(text) <= most else text[:most - 1] + "…"


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def _colour(percent: int | None) -> str:
    """Returns a cell colour from red (0 %) through yellow to green (100 %); grey for none."""
    if percent is None:
        return "#eeeeee"
    p = max(0, min(100, percent)) / 100
    if p < 0.5:
        r, g = 215, int(60 + 2 * p * 150)
    else:
        r, g = int(215 - (p - 0.5) * 2 * 150), 190
    return f"#{r:02x}{g:02x}50"


def heatmap_svg(report: ClassReport) -> str:
    """Returns the learners × chapters first-try accuracy heatmap as inline SVG (the learners
    the page shows)."""
    learners = report.learners_shown
    cols = report.chapters
    left = 12 + 7 * min(28, max((len(n) for n in learners), default=4))
    cell_w, cell_h, top = 44, 24, 28
    width = left + cell_w * (len(cols) + 1) + 10
    height = top + cell_h * len(learners) + 10
    title = say("classroom.heatmap.title")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gdl-heatmap" role="img" '
             f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             f'aria-label="{_esc(title)}"><title>{_esc(title)}</title>']
    for j, n in enumerate([*cols, None]):
        x = left + cell_w * j + cell_w / 2
        label = say("classroom.heatmap.chapter", chapter=n) if n else say("classroom.total")
        parts.append(f'<text x="{x:.0f}" y="{top - 8}" font-size="12" '
                     f'text-anchor="middle">{_esc(label)}</text>')
    for i, learner in enumerate(learners):
        y = top + cell_h * i
        shown = _short(learner, 28)
        parts.append(f'<text x="{left - 6}" y="{y + 16}" font-size="12" '
                     f'text-anchor="end">{_esc(shown)}</text>')
        row = report.by_chapter[learner]
        for j, n in enumerate([*cols, None]):
            tally = report.totals[learner] if n is None else row.get(n, _NONE)
            pct = tally.percent
            x = left + cell_w * j
            tip = say("classroom.heatmap.cell", learner=_short(learner), right=tally.right,
                      tried=tally.tried)
            parts.append(f'<rect x="{x}" y="{y}" width="{cell_w - 2}" height="{cell_h - 2}" '
                         f'fill="{_colour(pct)}"><title>{_esc(tip)}</title></rect>')
            if pct is not None:
                parts.append(f'<text x="{x + cell_w / 2 - 1:.0f}" y="{y + 16}" font-size="11" '
                             f'text-anchor="middle">{pct}%</text>')
    parts.append("</svg>")
    return "".join(parts)


def _bar(percent: int | None, width: int = 160) -> str:
    """Returns a small horizontal bar as inline SVG."""
    fill = 0 if percent is None else round(width * percent / 100)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="12" '
            f'aria-hidden="true"><rect width="{width}" height="12" fill="#eeeeee"/>'
            f'<rect width="{fill}" height="12" fill="{_colour(percent)}"/></svg>')


def _clause_text(clause: str) -> str:
    try:
        from .rulebook import clause as clause_words

        text = clause_words(clause)
    except (ValueError, OSError, KeyError):  # RulebookError is a ValueError
        return ""
    return text if len(text) <= 110 else text[:107] + "…"


def _example(report: ClassReport, a: Answer) -> str:
    """Returns one answer as an example: the question, the answer given, the puzzle."""
    try:
        puzzle = report.results.regrader.puzzle(a)
        q = Question(puzzle)
        setup, question = " ".join(q.setup_lines), q.prompt
    except (ValueError, TypeError):  # GuandanError included: the answer alone
        setup, question = "", ""
    given = report.results.regrader.words(a)
    return say("classroom.misconception.example", setup=setup, question=question,
               answer=given or a.answer, puzzle=a.puzzle)


def _body(report: ClassReport) -> str:
    r = report.results
    learners = report.learners
    summary = say("classroom.summary", learners=len(learners), answers=len(r.answers),
                  files=len(r.files), source=r.source)
    out = ['<div class="gdl-class">', f"<h1>{_esc(say('classroom.title'))}</h1>",
           f"<p>{_esc(summary)}</p>"]
    out.append(f"<p>{_esc(say('classroom.first_try_note'))}</p>")
    out.append(f"<h2>{_esc(say('classroom.heatmap.title'))}</h2>")
    out.append(heatmap_svg(report) if learners else f"<p>{_esc(say('classroom.nobody'))}</p>")
    cut = []  # the page shows the first learners; the gradebook has them all
    if len(learners) > len(report.learners_shown):
        cut.append("<p>" + _esc(say("classroom.learners.shown", shown=report.shown,
                                    learners=len(learners))) + "</p>")
    out += cut

    out.append(f"<h2>{_esc(say('classroom.clauses.title'))}</h2><table>"
               + _heads("classroom.clauses.clause", "#classroom.clauses.accuracy",
                        "classroom.clauses.bar", "#classroom.clauses.tried"))
    for clause, tally in report.clause_accuracy():
        out.append(f"<tr><td{_TEXT}><b>{_esc(clause)}</b> {_esc(_clause_text(clause))}</td>"
                   f'<td class="num"{_NUM}>{tally.percent}%</td>'
                   f"<td{_TEXT}>{_bar(tally.percent)}</td>"
                   f'<td class="num"{_NUM}>{tally.right}/{tally.tried}</td></tr>')
    out.append("</table>")

    out.append(f"<h2>{_esc(say('classroom.difficulty.title'))}</h2>")
    bands = report.difficulty()
    if not bands:
        out.append(f"<p>{_esc(say('classroom.difficulty.none'))}</p>")
    else:
        out.append(f"<p>{_esc(say('classroom.difficulty.note'))}</p><table>"
                   f"<tr><th>{_esc(say('classroom.difficulty.level'))}</th>"
                   f"<th>{_esc(say('classroom.clauses.accuracy'))}</th><th></th>"
                   f"<th>{_esc(say('classroom.clauses.tried'))}</th>"
                   f"<th>{_esc(say('classroom.difficulty.puzzles'))}</th></tr>")
        for band in bands:
            out.append(f'<tr><td class="num">{band.level}</td>'
                       f'<td class="num">{band.percent}%</td><td>{_bar(band.percent)}</td>'
                       f'<td class="num">{band.right}/{band.tried}</td>'
                       f'<td class="num">{band.puzzles}</td></tr>')
        out.append("</table>")

    out.append(f"<h2>{_esc(say('classroom.misconceptions.title'))}</h2>")
    found = report.misconceptions()
    if not found:
        out.append(f"<p>{_esc(say('classroom.misconceptions.none'))}</p>")
    else:
        known = catalogue()
        out.append("<ol>")
        for mid, count, who, example in found:
            idea = known.get(mid)
            words = idea.correction if idea is not None else mid
            clause = idea.clause if idea is not None else ""
            out.append(f"<li><p><b>{_esc(mid)}</b> · "
                       f"{_esc(say('classroom.misconceptions.count', count=count, learners=who))}"
                       f"</p><p>{_esc(words)} ({_esc(clause)})</p>"
                       f'<p class="example">{_esc(_example(report, example))}</p></li>')
        out.append("</ol>")

    out.append(f"<h2>{_esc(say('classroom.learners.title'))}</h2><table>"
               + _heads("classroom.learners.learner", "#classroom.learners.puzzles",
                        "#classroom.learners.first_try", "#classroom.learners.chapters",
                        "classroom.learners.last", "classroom.learners.bar"))
    for learner in report.learners_shown:
        total = report.totals[learner]
        row = report.by_chapter[learner]
        done = sum(1 for n in report.chapters if row.get(n, _NONE).tried)
        last = report.last[learner][:16].replace("T", " ")
        out.append(f"<tr><td{_TEXT}>{_esc(_short(learner))}</td>"
                   f'<td class="num"{_NUM}>{total.tried}</td>'
                   f'<td class="num"{_NUM}>{total.percent}%</td>'
                   f'<td class="num"{_NUM}>{done}/{len(report.chapters)}</td>'
                   f"<td{_TEXT}>{_esc(last)}</td>"
                   f"<td{_TEXT}>{_bar(round(100 * done / max(1, len(report.chapters))))}</td>"
                   "</tr>")
    out.append("</table>")
    out += cut

    notes = r.notes()
    out.append(f"<h2>{_esc(say('classroom.notes.title', count=len(notes)))}</h2>")
    if notes:
        out.append('<ul class="notes">' + "".join(
            f'<li class="note">{_esc(_short(n, 1000))}</li>' for n in _first_notes(notes))
                   + "</ul>")
    else:
        out.append(f"<p>{_esc(say('classroom.notes.none'))}</p>")
    out.append("</div>")
    return "\n".join(out)


def _page(report: ClassReport) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{_esc(get_language())}"><head><meta charset="utf-8">'
            f"<title>{_esc(say('classroom.title'))}</title><style>{_CSS}</style></head>"
            f"<body>\n{_body(report)}\n</body></html>\n")


# -- The notebook's upload -------------------------------------------------------------------


def upload_report() -> Any:
    """Returns a widget: a file upload for a zip of results files, and the report of the zip
    uploaded last."""
    import ipywidgets as widgets

    upload = widgets.FileUpload(accept=".zip", multiple=False,
                                description=say("classroom.upload"))
    shown = widgets.HTML()

    def uploaded(change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        try:
            report = class_report(bytes(item["content"]), name=str(item["name"]))
        except ProgressError as err:
            shown.value = f"<p>{_esc(err)}</p>"
            return
        shown.value = report._repr_html_()

    upload.observe(uploaded, names="value")
    box = widgets.VBox([upload, shown])
    # What a saved notebook shows in its place (guandan_learn.widgets.saved)
    box._repr_html_ = lambda: f'<p class="gdl-run-first">{_esc(say("notebooks.run_first"))}</p>'
    return box


def summary_lines(report: ClassReport) -> Iterable[str]:
    """Returns what ``guandan-learn class`` prints: the counts, then the notes (the first
    ``MOST_NOTES``, then how many more)."""
    r = report.results
    yield say("classroom.summary", learners=len(report.learners), answers=len(r.answers),
              files=len(r.files), source=r.source)
    yield from _first_notes(r.notes())


def _first_notes(notes: list[str]) -> list[str]:
    """Returns the first ``MOST_NOTES`` notes, then a sentence counting the rest."""
    if len(notes) <= MOST_NOTES:
        return notes
    return [*notes[:MOST_NOTES], say("progress.cli.more", count=len(notes) - MOST_NOTES)]


__all__ = ["LIMITS", "ClassReport", "ClassResults", "Limits", "Tally", "chapter_number",
           "class_report", "collect", "heatmap_svg", "quiz_chapters", "summary_lines",
           "upload_report"]
