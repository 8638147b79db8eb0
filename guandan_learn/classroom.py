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
first-try accuracy as a heatmap of learners × chapters, the accuracy per rule clause, the ten
misconceptions met most often with an example each, and each learner's progress.
``guandan-learn class SUBMISSIONS --out DIR`` writes both.

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
import zipfile
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .course import chapters
from .errors import ProgressError
from .exercises import Question, catalogue
from .i18n import get_language, set_language
from .messages import say
from .progress import Answer, Problem, Regrader, chapter_of, clause_key, read_results

#: The largest results file read (a zip member larger than this is reported, not read).
MOST_BYTES = 20_000_000
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


def _grouped(problems: list[Problem]) -> list[str]:
    """Returns the problems in words, one sentence for the lines of a file that share one."""
    lines: dict[tuple[str, str], list[int]] = {}
    order: list[Problem | tuple[str, str]] = []
    for p in problems:
        if p.line is None:
            order.append(p)
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
        elif len(lines[item]) == 1:
            out.append(str(Problem(item[0], lines[item][0], item[1])))
        else:
            out.append(say("classroom.note.lines", path=item[0], reason=item[1],
                           lines=", ".join(map(str, lines[item]))))
    return out


def _members(path: Path) -> Iterator[tuple[str, bytes | None, str | None]]:
    """Yields (name, bytes or None, why it is not read) for every file of a folder or zip."""
    if path.is_dir():
        for file in sorted(p for p in path.rglob("*") if p.is_file()):
            name = file.relative_to(path).as_posix()
            if any(part.startswith(".") for part in Path(name).parts):
                continue  # hidden files: .DS_Store, .ipynb_checkpoints
            if file.suffix.lower() not in SUFFIXES:
                yield name, None, say("classroom.not_results")
            elif file.stat().st_size > MOST_BYTES:
                yield name, None, say("classroom.too_big", most=MOST_BYTES // 1_000_000)
            else:
                yield name, file.read_bytes(), None
        return
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as err:
        raise ProgressError(say("classroom.bad_source", path=str(path),
                                reason=str(err) or type(err).__name__)) from None
    with archive:
        for info in sorted(archive.infolist(), key=lambda i: i.filename):
            name = info.filename
            parts = Path(name).parts
            if info.is_dir() or "__MACOSX" in parts or any(p.startswith(".") for p in parts):
                continue
            if Path(name).suffix.lower() not in SUFFIXES:
                yield name, None, say("classroom.not_results")
            elif info.file_size > MOST_BYTES:
                yield name, None, say("classroom.too_big", most=MOST_BYTES // 1_000_000)
            else:
                try:
                    yield name, archive.read(info), None
                except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError) as err:
                    yield name, None, say("classroom.bad_member", reason=str(err))


def collect(source: str | os.PathLike[str] | bytes, *, name: str = "upload.zip") -> ClassResults:
    """Reads every results file of a folder or a zip (a path, or a zip's bytes), graded again.

    Raises ``ProgressError`` only when ``source`` is neither a folder nor a zip.
    """
    if isinstance(source, bytes):
        import tempfile

        with tempfile.TemporaryDirectory(prefix="guandan-class-") as folder:
            path = Path(folder) / "submissions.zip"
            path.write_bytes(source)
            collected = collect(path)
        collected.source = name
        return collected
    if not isinstance(source, (str, os.PathLike)):
        raise ProgressError(say("progress.path.bad", value=type(source).__name__))
    path = Path(source)
    if not path.exists():
        raise ProgressError(say("classroom.bad_source", path=str(path),
                                reason=say("classroom.missing")))
    out = ClassResults(path.name or str(path))
    seen: set[str] = set()
    for member, data, why in _members(path):
        if data is None:
            out.problems.append(Problem(member, None, why or ""))
            continue
        read = read_results(data, name=member, regrader=out.regrader)
        out.problems += read.problems
        if not read.answers and not read.problems:
            out.problems.append(Problem(member, None, say("classroom.empty_file")))
        out.files[member] = {a.learner for a in read.answers}
        for a in read.answers:
            if a.id in seen:
                out.duplicates += 1
                continue
            seen.add(a.id)
            out.answers.append(a)
    out.answers.sort(key=lambda a: (a.learner, a.at, a.id))
    return out


# -- Chapters --------------------------------------------------------------------------------


@cache
def _quiz_chapters() -> tuple[dict[str, int], dict[str, int]]:
    """Returns the chapter of every puzzle a chapter's quiz asks (by id), and of every kind
    (the first chapter whose quiz asks it)."""
    puzzles: dict[str, int] = {}
    kinds: dict[str, int] = {}
    bank = Regrader().bank
    for c in chapters():
        if c.quiz is None:
            continue
        for pid in c.quiz.ids:
            puzzles.setdefault(pid, c.number)
            if pid in bank:
                kinds.setdefault(bank[pid].kind.value, c.number)
        for kind, seed, difficulty in c.quiz.generated_puzzles():
            kinds.setdefault(kind, c.number)
            puzzles.setdefault(f"{kind}-d{difficulty}-s{seed}", c.number)
    return puzzles, kinds


def chapter_number(answer: Answer) -> int | None:
    """Returns the chapter an answer counts for (``None``: none does)."""
    puzzles, kinds = _quiz_chapters()
    if answer.puzzle in puzzles:
        return puzzles[answer.puzzle]
    found = [n for n in (chapter_of(c) for c in answer.clauses) if n is not None]
    if found:
        return max(found)
    return kinds.get(answer.kind)


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


def _cell(value: int | None) -> str:
    return "" if value is None else str(value)


def _safe_cell(text: str) -> str:
    """Keeps a spreadsheet from reading a name as a formula (=, +, -, @ first)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class ClassReport:
    """A class's results summed up: the gradebook and the report page (see the module)."""

    def __init__(self, results: ClassResults, language: str | None = None) -> None:
        self.results = results
        self.language = language or get_language()
        self.chapters = quiz_chapters()
        firsts: dict[tuple[str, str], Answer] = {}
        for a in results.answers:  # sorted by learner, then time
            firsts.setdefault((a.learner, a.puzzle), a)
        self.first_tries = list(firsts.values())
        self.by_chapter: dict[str, dict[int | None, Tally]] = defaultdict(dict)
        self.totals: dict[str, Tally] = {}
        for a in self.first_tries:
            n = chapter_number(a)
            row = self.by_chapter[a.learner]
            row[n] = row.get(n, Tally()).add(a.correct)
            self.totals[a.learner] = self.totals.get(a.learner, Tally()).add(a.correct)

    @property
    def learners(self) -> list[str]:
        """Returns the learners, by name."""
        return self.results.learners

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
            attempted = [n for n in self.chapters if row.get(n, Tally()).tried]
            out.append({"username": learner, "chapters_attempted": str(len(attempted)),
                        "puzzles_attempted": str(total.tried),
                        "first_try_right": str(total.right),
                        **{f"ch{n:02d}": _cell(row.get(n, Tally()).percent)
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
            writer.writerow({**row, "username": _safe_cell(row["username"])})
        return buffer.getvalue()

    # What the class gets wrong.

    def clause_accuracy(self) -> list[tuple[str, Tally]]:
        """Returns every clause the first tries cite with its tally, in rulebook order."""
        tallies: dict[str, Tally] = {}
        for a in self.first_tries:
            for c in dict.fromkeys(a.clauses):
                tallies[c] = tallies.get(c, Tally()).add(a.correct)
        return sorted(tallies.items(), key=lambda kv: clause_key(kv[0]))

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
            book = dest / "gradebook.csv"
            book.write_text(self.gradebook_csv(), encoding="utf-8", newline="")
            page = dest / "report.html"
            page.write_text(self.html(), encoding="utf-8")
        except OSError as err:
            raise ProgressError(say("classroom.unwritable", path=str(dest),
                                    reason=err.strerror or str(err))) from None
        return [book, page]


def class_report(source: str | os.PathLike[str] | bytes, *, lang: str | None = None,
                 name: str = "upload.zip") -> ClassReport:
    """Collects a folder or a zip of results files (a path, or a zip's bytes) and sums it up;
    ``lang`` is the language of the sentences reported (default: the one in use)."""
    with _speaking(lang):
        return ClassReport(collect(source, name=name))


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
    """Returns the learners × chapters first-try accuracy heatmap as inline SVG."""
    learners = report.learners
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
        shown = learner if len(learner) <= 28 else learner[:27] + "…"
        parts.append(f'<text x="{left - 6}" y="{y + 16}" font-size="12" '
                     f'text-anchor="end">{_esc(shown)}</text>')
        row = report.by_chapter[learner]
        for j, n in enumerate([*cols, None]):
            tally = report.totals[learner] if n is None else row.get(n, Tally())
            pct = tally.percent
            x = left + cell_w * j
            tip = say("classroom.heatmap.cell", learner=learner, right=tally.right,
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

    out.append(f"<h2>{_esc(say('classroom.clauses.title'))}</h2><table>"
               f"<tr><th>{_esc(say('classroom.clauses.clause'))}</th>"
               f"<th>{_esc(say('classroom.clauses.accuracy'))}</th><th></th>"
               f"<th>{_esc(say('classroom.clauses.tried'))}</th></tr>")
    for clause, tally in report.clause_accuracy():
        out.append(f"<tr><td><b>{_esc(clause)}</b> {_esc(_clause_text(clause))}</td>"
                   f'<td class="num">{tally.percent}%</td><td>{_bar(tally.percent)}</td>'
                   f'<td class="num">{tally.right}/{tally.tried}</td></tr>')
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

    out.append(f"<h2>{_esc(say('classroom.learners.title'))}</h2><table><tr>")
    for key in ("learner", "puzzles", "first_try", "chapters", "last"):
        out.append(f"<th>{_esc(say('classroom.learners.' + key))}</th>")
    out.append("<th></th></tr>")
    for learner in learners:
        total = report.totals[learner]
        row = report.by_chapter[learner]
        done = sum(1 for n in report.chapters if row.get(n, Tally()).tried)
        last = max(a.at for a in r.answers if a.learner == learner)[:16].replace("T", " ")
        out.append(f"<tr><td>{_esc(learner)}</td><td class=\"num\">{total.tried}</td>"
                   f'<td class="num">{total.percent}%</td>'
                   f'<td class="num">{done}/{len(report.chapters)}</td><td>{_esc(last)}</td>'
                   f"<td>{_bar(round(100 * done / max(1, len(report.chapters))))}</td></tr>")
    out.append("</table>")

    notes = r.notes()
    out.append(f"<h2>{_esc(say('classroom.notes.title', count=len(notes)))}</h2>")
    if notes:
        out.append('<ul class="notes">' + "".join(
            f'<li class="note">{_esc(n)}</li>' for n in notes) + "</ul>")
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
    """Returns what ``guandan-learn class`` prints: the counts, then every note."""
    r = report.results
    yield say("classroom.summary", learners=len(report.learners), answers=len(r.answers),
              files=len(r.files), source=r.source)
    yield from r.notes()


__all__ = ["ClassReport", "ClassResults", "Tally", "chapter_number", "class_report", "collect",
           "heatmap_svg", "quiz_chapters", "summary_lines", "upload_report"]
