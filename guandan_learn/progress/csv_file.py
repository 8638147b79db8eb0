"""Results CSV files: reading and re-grading the answers of one (``Progress.export_csv`` writes
them).

Every row is graded again by the engine (``regrade``): the file's ``correct`` column is never
trusted. A line that cannot be read or re-graded is reported with its number and skipped; the
other lines still count. A file that is not a results CSV at all (no header, missing columns,
not text) is one problem for the whole file. A file is read only when it is a regular file
of at most ``MOST_BYTES`` (never a pipe or a device: ``files.read_file``), and at most
``MOST_ROWS`` of its lines are read.
"""

from __future__ import annotations

import csv
import io
import os
import warnings
from dataclasses import dataclass, field

from ..errors import ProgressError, ProgressWarning
from ..files import restore
from ..messages import say
from ..reading import read_file
from .answer import Answer
from .regrade import Regrader

#: The results format this version writes (the ``format`` column); newer files are refused.
RESULTS_FORMAT = 2
#: The largest results file read (a learner's file of a year's answers is under 1 MB).
MOST_BYTES = 20_000_000
#: The most lines read from one results file.
MOST_ROWS = 100_000
#: The most columns a results file may have (it writes 12).
MOST_COLUMNS = 100
#: The columns a results CSV must have.
REQUIRED = ("at", "learner", "source", "puzzle", "kind")
_RIGHT = ("1", "true", "yes", "right", "correct")
_WRONG = ("0", "false", "no", "wrong")


@dataclass(frozen=True)
class Problem:
    """Something wrong in a results file: where (the file, the line or ``None`` for the whole
    file) and what, in words; ``skipped`` when the line was left out (otherwise it counts, as
    the engine graded it)."""

    file: str
    line: int | None
    message: str
    skipped: bool = True

    def __str__(self) -> str:
        if self.line is None:
            return say("progress.csv.file_problem", path=self.file, reason=self.message)
        return say("progress.csv.line", path=self.file, line=self.line, reason=self.message)


@dataclass
class Results:
    """The answers of one results file, re-graded, and the problems met reading it."""

    file: str
    answers: list[Answer] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    lines: int = 0  # the data lines read
    codes: set[str] = field(default_factory=set)  # the class codes its rows carry

    @property
    def skipped(self) -> int:
        """Returns how many lines were left out."""
        return sum(p.skipped and p.line is not None for p in self.problems)


def _claimed(text: str) -> bool | None:
    text = text.strip().lower()
    return True if text in _RIGHT else False if text in _WRONG else None


def read_results(source: str | os.PathLike[str] | bytes, *, name: str | None = None,
                 regrader: Regrader | None = None, most_rows: int = MOST_ROWS) -> Results:
    """Reads a results CSV (a path, or its bytes named ``name``) and re-grades every row, at
    most ``most_rows`` of them.

    Never raises for what the file holds: problems are listed in ``Results.problems``.
    """
    if isinstance(source, bytes):
        shown = name or "-"
        data = source
    else:
        if not isinstance(source, (str, os.PathLike)):  # open() would take a number
            raise ProgressError(say("progress.path.bad", value=type(source).__name__))
        shown = name or str(source)
        try:
            data = read_file(source, MOST_BYTES)
        except ProgressError as err:
            return Results(shown, problems=[Problem(shown, None, err.message)])
    out = Results(shown)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        out.problems.append(Problem(shown, None, say("progress.csv.not_text")))
        return out
    regrader = regrader or Regrader()
    head = text.split("\n", 1)[0]  # a spreadsheet set to Portuguese or Spanish saves with ;
    reader = csv.DictReader(io.StringIO(text, newline=""),
                            delimiter=";" if head.count(";") > head.count(",") else ",")
    try:
        header = [h.strip() for h in reader.fieldnames or []]
        reader.fieldnames = header  # each row's keys stripped once, here
    except csv.Error as err:
        out.problems.append(Problem(shown, 1, say("progress.csv.broken", reason=str(err))))
        return out
    if len(header) > MOST_COLUMNS:  # each row would be filled out to every column
        out.problems.append(Problem(shown, None, say("progress.csv.too_many_columns",
                                                     count=len(header), most=MOST_COLUMNS)))
        return out
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        out.problems.append(Problem(shown, None, say("progress.csv.columns_missing",
                                                     missing=", ".join(missing),
                                                     count=len(missing))))
        return out
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as err:  # a quote left open: the file was cut short
            out.problems.append(Problem(shown, reader.line_num, say(
                "progress.csv.broken", reason=str(err))))
            break
        line = reader.line_num
        if out.lines >= most_rows:
            out.problems.append(Problem(shown, line, say("progress.csv.too_many_rows",
                                                         most=most_rows)))
            break
        out.lines += 1
        problem = _read_row(row, regrader, out)
        if problem is not None:
            out.problems.append(Problem(shown, line, problem[0], problem[1]))
    return out


def _read_row(row: dict[str | None, str | None], regrader: Regrader,
              out: Results) -> tuple[str, bool] | None:
    """Adds one row's re-graded answer to ``out``; returns a problem (its words, and whether
    the row was skipped), if any."""
    if None in row or row.get(""):
        return say("progress.csv.extra"), True
    # the header's names were stripped once; each cell is read back as it was written
    clean = {k: None if v is None else restore(v) for k, v in row.items() if k is not None}
    version = str(clean.get("format") or "").strip()
    if version and (not version.isdigit() or int(version) > RESULTS_FORMAT):
        return say("progress.csv.newer", format=version[:20]), True
    code = str(clean.get("code") or "").strip()
    if code:
        out.codes.add(code[:40])
    claimed = _claimed(str(clean.get("correct") or ""))
    try:
        stated = Answer.from_mapping({**clean, "correct": "0"})
        answer = regrader.regrade(stated)
    except ProgressError as err:
        return err.message, True
    out.answers.append(answer)
    if claimed is not None and claimed != answer.correct:
        key = "progress.csv.forged_right" if claimed else "progress.csv.forged_wrong"
        return say(key), False
    return None


def read_csv(path: str | os.PathLike[str]) -> list[Answer]:
    """Reads the answers of a results CSV, each re-graded by the engine (the ``correct``
    column is not trusted). A line that cannot be read or re-graded is skipped, and one
    ``ProgressWarning`` lists them by number; a file that is no results CSV raises
    ``ProgressError``."""
    results = read_results(path)
    whole = [p for p in results.problems if p.line is None]
    if whole:
        raise ProgressError(str(whole[0]))
    if results.problems:
        shown = "; ".join(say("progress.csv.line_short", line=p.line, reason=p.message)
                          for p in results.problems[:10])
        more = len(results.problems) - 10
        if more > 0:
            shown += " " + say("progress.cli.more", count=more)
        warnings.warn(say("progress.csv.problems", count=len(results.problems),
                          path=str(path), problems=shown), ProgressWarning, stacklevel=2)
    return results.answers
