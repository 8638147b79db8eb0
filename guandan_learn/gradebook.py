"""A class graded against its roster and an assignment, and the gradebooks an LMS imports.

``ClassBook(results, roster, assignment)`` takes the answers ``classroom.collect`` read and:

1. **Ties every answer to its learner.** With a roster, an answer counts only for a roster
   learner its file names (by name, ID number, username or email; case and accents do not
   matter). When the roster holds class codes (``guandan-learn roster``), a file counts only
   for the learner whose code it carries, and only for the answers that name that learner:
   a file without a code, with a code of nobody, or whose code is another learner's than the
   name in it is reported and kept out of every mark (a name that is nobody's on the roster,
   typed differently, counts for the code's learner, and is reported). An answer that appears
   in another learner's file, or the same answers at the same times under two names, are
   reported too. On a hub (``by_home``) a file is its home folder's learner's.
2. **Grades the assignment.** Only the assignment's puzzles count, answered from the time it
   opens; each puzzle is right when one of its first ``tries`` answers is; the grade is the
   share of the assignment's puzzles right, as a whole percentage (a puzzle not answered is
   wrong). Answers after the due time count and are flagged late (the ``late`` column).
   Without an assignment, the grade is the first-try accuracy of every answer (as
   ``class_report`` gives it).
3. **Lists every roster learner**, those who handed nothing in included (grade 0 in an
   assignment, empty without one), with the roster's identifiers.

``gradebook_csv()`` is the full table; ``moodle_csv()``, ``google_classroom_csv()`` and
``canvas_csv()`` are the layouts those LMS import (``docs/gradebook.md`` says how, step by
step). Every text cell is spreadsheet-safe (``files.neutralise``).
"""

from __future__ import annotations

import csv
import html
import io
import os
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from .assignments import Assignment
from .classroom import (
    _CSS,
    ClassReport,
    ClassResults,
    _body,
    _first_notes,
    _short,
    _speaking,
    collect,
)
from .errors import ClassroomError, ProgressError
from .files import neutralise
from .i18n import get_language
from .messages import say
from .progress import Answer
from .roster import Learner, Roster, normal_code

#: The LMS layouts ``ClassBook.write`` can add to the gradebook.
LMS = ("moodle", "google", "canvas")


@dataclass(frozen=True)
class Row:
    """One learner's line of the gradebook."""

    learner: Learner
    handed_in: bool
    puzzles: int  # of the assignment (0 without one)
    answered: int
    right: int
    late: int
    grade: int | None


def _label(learner: Learner, twins: set[str]) -> str:
    return f"{learner.name} ({learner.key})" if learner.name in twins else learner.name


class ClassBook:
    """A class's results checked against a roster, graded for an assignment (see the
    module); ``report`` is the class report of the answers that count."""

    def __init__(self, results: ClassResults, roster: Roster | None = None,
                 assignment: Assignment | None = None, language: str | None = None, *,
                 by_home: bool = False) -> None:
        self.results = results
        self.by_home = by_home  # read by hub.collect_homes: each file is named by its home
        self.roster = roster
        self.assignment = assignment
        self.language = language or get_language()
        with _speaking(self.language):
            self.identity_notes: list[str] = []
            self.assignment_notes: list[str] = []
            kept, self.owner = self._tie()
            kept = self._window(kept)
        files: dict[str, set[str]] = {f: set() for f in results.files}
        for a in kept:  # each file's learners: those it counts for
            for f in self._files_of.get(a.id, ()):
                files[f].add(a.learner)
        counted = ClassResults(results.source, kept, results.problems, files,
                               results.duplicates, results.regrader, results.codes,
                               results.origins)
        self.counted = counted
        self.report = ClassReport(counted, self.language)
        self.rows = self._rows(kept)

    # -- 1. Who made each file ----------------------------------------------------------

    def _tie(self) -> tuple[list[Answer], dict[str, Learner]]:
        """Returns the answers that count, renamed to their roster learner, and the
        learner each file belongs to."""
        r, roster = self.results, self.roster
        self._files_of: dict[str, list[str]] = {}
        if roster is None:
            self._files_of = r.origins
            return list(r.answers), {}
        twins = _twins(roster)
        owner: dict[str, Learner] = {}
        checked = roster.has_codes or self.by_home
        for file in sorted(r.files) if checked else ():
            if not r.files[file]:
                continue
            found = self._owner(file)
            if found is not None:
                owner[file] = found
        kept: list[Answer] = []
        refused: dict[tuple[str, str], int] = defaultdict(int)  # (file, why) -> answers
        elsewhere: dict[tuple[str, str], int] = defaultdict(int)
        strangers: dict[str, int] = defaultdict(int)
        by_code: dict[tuple[str, str], int] = defaultdict(int)  # (name, learner) -> answers
        for a in r.answers:
            named = roster.find(a.learner)
            files = r.origins.get(a.id, [])
            if named is None and checked:  # a name typed differently: the code says who
                owners = {id(owner[f]): owner[f] for f in files if f in owner}
                if len(owners) == 1:
                    named = next(iter(owners.values()))
                    by_code[(a.learner, named.name)] += 1
            if named is None:
                strangers[a.learner] += 1
                continue
            if checked:
                mine = [f for f in files if owner.get(f) is named]
                for f in files:
                    if f in owner and owner[f] is not named:
                        key = "gradebook.note.in_other" if mine else "gradebook.note.mismatch"
                        (elsewhere if mine else refused)[(f, key)] += 1
                if not mine:
                    continue
            renamed = replace(a, learner=_label(named, twins))
            self._files_of[renamed.id] = mine if checked else files
            kept.append(renamed)
        for (name, learner), count in sorted(by_code.items()):
            self.identity_notes.append(say("gradebook.note.by_code", name=name[:60],
                                           learner=learner, count=count))
        for name, count in sorted(strangers.items()):
            self.identity_notes.append(say("gradebook.note.stranger", name=name[:60],
                                           count=count))
        for (file, key), count in sorted({**refused, **elsewhere}.items()):
            self.identity_notes.append(say(key, file=file, count=count,
                                           owner=owner[file].name))
        self._copies(kept)
        kept.sort(key=lambda a: (a.learner, a.at, a.id))
        return kept, owner

    def _owner(self, file: str) -> Learner | None:
        """Returns the learner a file belongs to — by its class code, or on a hub by the home
        folder it was read from (and a code in it must be that learner's) — or ``None``,
        saying why."""
        assert self.roster is not None
        roster, r = self.roster, self.results
        codes = {normal_code(c, strict=False) or c for c in r.codes.get(file, set())}
        if len(codes) > 1:
            self.identity_notes.append(say("gradebook.note.codes", file=file,
                                           codes=", ".join(sorted(codes))[:120]))
            return None
        by_code = roster.by_code(next(iter(codes))) if codes else None
        if codes and by_code is None and roster.has_codes:
            self.identity_notes.append(say("gradebook.note.unknown_code", file=file))
            return None
        if not self.by_home:
            if by_code is None:
                self.identity_notes.append(say("gradebook.note.no_code", file=file))
            return by_code
        name = Path(file).stem
        home = roster.find(name)
        if home is None:
            self.identity_notes.append(say("gradebook.note.home_stranger", file=file,
                                           name=name[:60]))
            return None
        if by_code is not None and by_code is not home:
            self.identity_notes.append(say("gradebook.note.home_code", file=file,
                                           owner=home.name, other=by_code.name))
            return None
        return home

    def _copies(self, kept: list[Answer]) -> None:
        """Reports the same answers at the same times under two learners' names."""
        seen: dict[tuple[str, str, str], str] = {}
        pairs: dict[tuple[str, str], int] = defaultdict(int)
        for a in kept:
            key = (a.puzzle, a.at, a.answer)
            other = seen.setdefault(key, a.learner)
            if other != a.learner:
                pairs[tuple(sorted((other, a.learner)))] += 1  # type: ignore[index]
        for (one, two), count in sorted(pairs.items()):
            self.identity_notes.append(say("gradebook.note.copied", one=one, two=two,
                                           count=count))

    # -- 2. The assignment --------------------------------------------------------------

    def _window(self, answers: list[Answer]) -> list[Answer]:
        a = self.assignment
        if a is None:
            return answers
        kept = [x for x in answers if a.belongs(x) and a.window(x.at) != "before"]
        other = sum(1 for x in answers if not a.belongs(x))
        early = sum(1 for x in answers if a.belongs(x) and a.window(x.at) == "before")
        late = sorted({x.learner for x in kept if a.window(x.at) == "late"})
        if other:
            self.assignment_notes.append(say("gradebook.note.other", count=other))
        if early:
            self.assignment_notes.append(say("gradebook.note.early", count=early))
        if late:
            self.assignment_notes.append(say("gradebook.note.late", learners=", ".join(late)))
        return kept

    # -- 3. Every learner --------------------------------------------------------------

    def _rows(self, kept: list[Answer]) -> list[Row]:
        by_learner: dict[str, list[Answer]] = defaultdict(list)
        for a in kept:
            by_learner[a.learner].append(a)
        if self.roster is not None:
            twins = _twins(self.roster)
            learners = [(x, _label(x, twins)) for x in self.roster.learners]
        else:
            learners = [(Learner(n, username=n), n) for n in self.report.learners]
        rows = []
        work = self.assignment
        for learner, label in learners:
            answers = by_learner.get(label, [])
            if work is not None:
                tally = work.tally(answers)
                total = len(work.ids)
                right = sum(1 for ok, _ in tally.values() if ok)
                rows.append(Row(learner, bool(answers), total, len(tally), right,
                                sum(1 for _, late in tally.values() if late),
                                round(100 * right / total)))
            else:
                t = self.report.totals.get(label)
                rows.append(Row(learner, bool(answers), 0, t.tried if t else 0,
                                t.right if t else 0, 0, t.percent if t else None))
        return rows

    @property
    def nothing(self) -> list[Learner]:
        """Returns the roster learners with no answer that counts."""
        return [r.learner for r in self.rows if not r.handed_in]

    def notes(self) -> list[str]:
        """Returns every sentence to report: reading the files, who made them, the
        assignment, and who handed nothing in."""
        with _speaking(self.language):
            out = [*self.counted.notes(), *self.identity_notes, *self.assignment_notes]
            if self.roster is not None and self.nothing:
                out.append(say("gradebook.note.nothing", count=len(self.nothing),
                               learners=", ".join(x.name for x in self.nothing)))
            if self.roster is not None and not self.roster.has_codes and not self.by_home:
                out.append(say("gradebook.note.without_codes"))
        return out

    # -- The gradebooks ----------------------------------------------------------------

    @property
    def item(self) -> str:
        """Returns the name of the grade column: the assignment's title, else "guandan"."""
        return self.assignment.title if self.assignment is not None else "guandan-learn"

    def gradebook_columns(self) -> list[str]:
        """Returns the full gradebook's columns."""
        return ["name", "id_number", "username", "email", "section", "handed_in", "puzzles",
                "answered", "right", "late", "grade"]

    def gradebook(self) -> list[dict[str, str]]:
        """Returns one row per learner (every roster learner), as text."""
        return [{"name": r.learner.name, "id_number": r.learner.id_number,
                 "username": r.learner.username, "email": r.learner.email,
                 "section": r.learner.section, "handed_in": "yes" if r.handed_in else "no",
                 "puzzles": str(r.puzzles), "answered": str(r.answered), "right": str(r.right),
                 "late": str(r.late), "grade": "" if r.grade is None else str(r.grade)}
                for r in self.rows]

    def gradebook_csv(self) -> str:
        """Returns the full gradebook as CSV."""
        return _csv(self.gradebook_columns(), [list(row.values()) for row in self.gradebook()])

    def moodle_csv(self) -> str:
        """Returns the grades as Moodle's "Import grades › CSV file" reads them: the
        learner's ``ID number`` and ``Email address`` (map either to the same field), then
        the grade item (0–100)."""
        self._need("moodle", lambda x: bool(x.id_number or x.email))
        return _csv(["First name", "Last name", "ID number", "Email address", self.item],
                    [[*r.learner.first_last, r.learner.id_number, r.learner.email,
                      _grade(r)] for r in self.rows])

    def google_classroom_csv(self) -> str:
        """Returns the grades as Google Classroom's gradebook CSV: ``Last Name``,
        ``First Name``, ``Email Address``, then the assignment's column (Classroom matches
        learners by email)."""
        self._need("google", lambda x: bool(x.email))
        return _csv(["Last Name", "First Name", "Email Address", self.item],
                    [[r.learner.first_last[1], r.learner.first_last[0], r.learner.email,
                      _grade(r)] for r in self.rows])

    def canvas_csv(self) -> str:
        """Returns the grades as Canvas's gradebook import reads them: ``Student``, ``ID``,
        ``SIS User ID``, ``SIS Login ID``, ``Section``, then the assignment's column, with a
        ``Points Possible`` row (100) first."""
        self._need("canvas", lambda x: bool(x.lms_id or x.id_number or x.username))
        rows = [["Points Possible", "", "", "", "", "100"]]
        for r in self.rows:
            first, last = r.learner.first_last
            student = f"{last}, {first}" if first and last else r.learner.name  # "Sá, Ana"
            rows.append([student, r.learner.lms_id, r.learner.id_number, r.learner.username,
                         r.learner.section, _grade(r)])
        return _csv(["Student", "ID", "SIS User ID", "SIS Login ID", "Section", self.item],
                    rows)

    def _need(self, lms: str, has: Callable[[Learner], bool]) -> None:
        """Refuses an LMS layout without a roster, or with learners it cannot match."""
        if self.roster is None:
            raise ClassroomError(say("gradebook.lms.roster", lms=lms))
        missing = [x.name for x in self.roster.learners if not has(x)]
        if missing:
            raise ClassroomError(say(f"gradebook.lms.{lms}", learners=", ".join(missing[:5])))

    def lms_csv(self, lms: str) -> str:
        """Returns one LMS layout by name (``moodle``, ``google`` or ``canvas``)."""
        if lms == "moodle":
            return self.moodle_csv()
        if lms == "google":
            return self.google_classroom_csv()
        if lms == "canvas":
            return self.canvas_csv()
        raise ClassroomError(say("gradebook.lms.unknown", lms=str(lms)[:20],
                                 known=", ".join(LMS)))

    # -- The page ----------------------------------------------------------------------

    def html(self) -> str:
        """Returns the report as one self-contained page: the assignment and every
        learner's grade first, then the class report."""
        with _speaking(self.language):
            head = _esc(say("classroom.title"))
            return (f'<!DOCTYPE html>\n<html lang="{_esc(self.language)}"><head>'
                    f'<meta charset="utf-8"><title>{head}</title><style>{_CSS}</style>'
                    f"</head><body>\n{self._section()}\n{self._class_body()}\n</body></html>\n")

    def _class_body(self) -> str:
        body = _body(self.report)
        extra = self.identity_notes + self.assignment_notes
        if self.roster is not None and self.nothing:
            extra.append(say("gradebook.note.nothing", count=len(self.nothing),
                             learners=", ".join(x.name for x in self.nothing)))
        if not extra:
            return body
        items = "".join(f'<li class="note">{_esc(_short(n, 1000))}</li>'
                        for n in _first_notes(extra))
        checks = (f'<h2>{_esc(say("gradebook.checks.title"))}</h2>'
                  f'<ul class="notes">{items}</ul>')
        end = body.rfind("</div>")
        return body[:end] + checks + body[end:] if end >= 0 else body + checks

    def _section(self) -> str:
        a = self.assignment
        out = ['<div class="gdl-class">']
        if a is not None:
            out.append(f"<h1>{_esc(a.title)}</h1>")
            window = say("gradebook.assignment", puzzles=len(a.ids), tries=a.tries,
                         opens=_when(a.opens.isoformat()), due=_when(a.due.isoformat()))
            out.append(f"<p>{_esc(window)}</p>")
        out.append(f"<h2>{_esc(say('gradebook.title'))}</h2><table><tr>")
        for key in ("learner", "id", "status", "answered", "right", "late", "grade"):
            out.append(f"<th>{_esc(say('gradebook.col.' + key))}</th>")
        out.append("</tr>")
        shown = self.rows[:self.report.shown]  # the page's share; the gradebook has them all
        for r in shown:
            ident = r.learner.id_number or r.learner.username or r.learner.email
            status = say("gradebook.handed_in" if r.handed_in else "gradebook.nothing")
            grade = "" if r.grade is None else f"{r.grade}%"
            out.append(f"<tr><td>{_esc(r.learner.name)}</td><td>{_esc(ident)}</td>"
                       f"<td>{_esc(status)}</td><td class=\"num\">{r.answered}</td>"
                       f'<td class="num">{r.right}</td><td class="num">{r.late}</td>'
                       f'<td class="num">{grade}</td></tr>')
        out.append("</table>")
        if len(shown) < len(self.rows):
            out.append("<p>" + _esc(say("classroom.learners.shown", shown=len(shown),
                                        learners=len(self.rows))) + "</p>")
        out.append("</div>")
        return "\n".join(out)

    def write(self, folder: str | os.PathLike[str], lms: Iterable[str] = ()) -> list[Path]:
        """Writes ``gradebook.csv``, ``report.html`` and each LMS layout asked for
        (``gradebook-moodle.csv``…) into a folder; returns their paths."""
        files = {"gradebook.csv": self.gradebook_csv()}
        for name in lms:
            files[f"gradebook-{name}.csv"] = self.lms_csv(name)  # refused before any write
        files["report.html"] = self.html()
        dest = Path(folder)
        written = []
        try:
            dest.mkdir(parents=True, exist_ok=True)
            for name, text in files.items():
                path = dest / name
                path.write_text(text, encoding="utf-8", newline="")
                written.append(path)
        except OSError as err:
            raise ProgressError(say("classroom.unwritable", path=str(dest),
                                    reason=err.strerror or str(err))) from None
        return written

    def summary_lines(self) -> list[str]:
        """Returns what ``guandan-learn class`` prints: the counts, then the notes (the
        first ``classroom.MOST_NOTES``, then how many more)."""
        with _speaking(self.language):
            r = self.report.results
            head = say("classroom.summary", learners=len(self.report.learners),
                       answers=len(r.answers), files=len(r.files), source=r.source)
            return [head, *_first_notes(self.notes())]


def _twins(roster: Roster) -> set[str]:
    """Returns the names two learners of a roster share."""
    count = Counter(a.name for a in roster.learners)
    return {n for n, k in count.items() if k > 1}


def _grade(row: Row) -> str:
    return "" if row.grade is None else str(row.grade)


def _when(text: str) -> str:
    return text[:16].replace("T", " ") + " UTC"


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def _csv(header: list[str], rows: Iterable[list[str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([neutralise(h) for h in header])
    for row in rows:
        writer.writerow([neutralise(c) for c in row])
    return buffer.getvalue()


def class_book(source: str | os.PathLike[str] | bytes, *, roster: Roster | None = None,
               assignment: Assignment | None = None, lang: str | None = None) -> ClassBook:
    """Collects a folder or a zip of results files and grades it against a roster and an
    assignment (each optional)."""
    with _speaking(lang):
        return ClassBook(collect(source), roster, assignment)




# -- The command line ----------------------------------------------------------------------


def add_class_options(parser: Any) -> None:
    """Adds ``--roster``, ``--assignment``, ``--lms`` and ``--hub-homes`` to ``class``."""
    parser.add_argument("--roster", metavar="FILE", help=say("gradebook.cli.help.roster"))
    parser.add_argument("--assignment", metavar="FILE",
                        help=say("gradebook.cli.help.assignment"))
    parser.add_argument("--lms", metavar="LMS[,LMS]", default="",
                        help=say("gradebook.cli.help.lms", known=", ".join(LMS)))
    parser.add_argument("--hub-homes", metavar="DIR", help=say("gradebook.cli.help.hub"))


def uses_book(args: Any) -> bool:
    """Tells whether ``class`` was asked for anything beyond the plain report."""
    return bool(args.roster or args.assignment or args.lms or args.hub_homes
                or args.submissions is None)


def run_class(args: Any, out: TextIO) -> int:
    """Runs ``guandan-learn class`` with a roster, an assignment, LMS layouts or a hub."""
    from .assignments import read_assignment
    from .roster import read_roster

    if (args.submissions is None) == (args.hub_homes is None):
        raise ClassroomError(say("gradebook.cli.source"))
    lms = [x.strip().lower() for x in args.lms.split(",") if x.strip()]
    for name in lms:
        if name not in LMS:
            raise ClassroomError(say("gradebook.lms.unknown", lms=name[:20],
                                     known=", ".join(LMS)))
    roster = read_roster(args.roster) if args.roster else None
    assignment = read_assignment(args.assignment) if args.assignment else None
    if args.hub_homes:
        from .hub import collect_homes

        results = collect_homes(args.hub_homes)
    else:
        results = collect(args.submissions)
    book = ClassBook(results, roster, assignment, by_home=bool(args.hub_homes))
    for line in book.summary_lines():
        print(line, file=out)
    for path in book.write(args.out, lms):
        print(say("classroom.cli.wrote", path=str(path)), file=out)
    return 0 if any(r.handed_in for r in book.rows) else 1


def add_parsers(sub: Any) -> None:
    """Adds the ``assignment`` and ``roster`` commands."""
    import argparse

    command = sub.add_parser("assignment", help=say("assignment.cli.help"),
                             description=say("assignment.cli.help"))
    what = command.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = what.add_parser("new", help=say("assignment.cli.help.new"),
                          description=say("assignment.cli.help.new"))
    new.add_argument("--title", required=True, help=say("assignment.cli.help.title"))
    new.add_argument("--opens", required=True, metavar="TIME",
                     help=say("assignment.cli.help.opens"))
    new.add_argument("--due", required=True, metavar="TIME", help=say("assignment.cli.help.due"))
    new.add_argument("--chapters", default="", metavar="N[,N]",
                     help=say("assignment.cli.help.chapters"))
    new.add_argument("--puzzles", default="", metavar="ID[,ID]",
                     help=say("assignment.cli.help.puzzles"))
    new.add_argument("--generated", action="append", default=[], metavar="KIND:D:SEEDS",
                     help=say("assignment.cli.help.generated"))
    new.add_argument("--tries", type=int, default=1, metavar="N",
                     help=say("assignment.cli.help.tries"))
    new.add_argument("--out", required=True, metavar="FILE", help=say("assignment.cli.help.out"))
    check = what.add_parser("check", help=say("assignment.cli.help.check"),
                            description=say("assignment.cli.help.check"))
    check.add_argument("file", metavar="FILE", help=say("assignment.cli.help.file"))
    for parser in (command, new, check):
        parser.add_argument("--lang", default=argparse.SUPPRESS, metavar="LANG",
                            help=say("cli.help.lang"))

    codes = sub.add_parser("roster", help=say("roster.cli.help"),
                           description=say("roster.cli.help"))
    codes.add_argument("roster", metavar="ROSTER", help=say("roster.cli.help.roster"))
    codes.add_argument("--secret-file", required=True, metavar="FILE",
                       help=say("roster.cli.help.secret"))
    codes.add_argument("--out", required=True, metavar="FILE", help=say("roster.cli.help.out"))
    codes.add_argument("--slips", metavar="FILE", help=say("roster.cli.help.slips"))
    codes.add_argument("--lang", default=argparse.SUPPRESS, metavar="LANG",
                       help=say("cli.help.lang"))


def _numbers(text: str) -> list[int]:
    out = []
    for piece in text.split(","):
        piece = piece.strip()
        if not piece:
            continue
        if not piece.isdigit() or len(piece) > 6:
            raise ClassroomError(say("assignment.chapter", value=repr(piece)[:20], known="1–9"))
        out.append(int(piece))
    return out


def run_command(args: Any, out: TextIO) -> int:
    """Runs ``guandan-learn assignment …`` or ``guandan-learn roster …``."""
    from .assignments import new_assignment, read_assignment, read_generated
    from .roster import code_slips_html, read_roster, read_secret

    if args.command == "roster":
        roster = read_roster(args.roster).with_codes(read_secret(args.secret_file, create=True))
        files = {Path(args.out): roster.csv_text()}
        if args.slips:
            files[Path(args.slips)] = code_slips_html(roster)
        for path, text in files.items():
            try:
                path.write_text(text, encoding="utf-8", newline="")
            except OSError as err:
                raise ClassroomError(say("roster.unwritable", path=str(path),
                                         reason=err.strerror or str(err))) from None
        print(say("roster.cli.wrote", count=len(roster.learners), path=str(args.out),
                  secret=str(args.secret_file)), file=out)
        if args.slips:
            print(say("classroom.cli.wrote", path=str(args.slips)), file=out)
        return 0
    if args.action == "new":
        assignment = new_assignment(
            args.title, args.opens, args.due, chapters=_numbers(args.chapters),
            puzzles=[p.strip() for p in args.puzzles.split(",") if p.strip()],
            generated=[read_generated(g) for g in args.generated], tries=args.tries,
            source=str(args.out))
        path = assignment.write(args.out)
        print(say("assignment.cli.wrote", title=assignment.title, count=len(assignment.ids),
                  path=str(path)), file=out)
        return 0
    assignment = read_assignment(args.file)
    print(say("assignment.cli.checked", title=assignment.title, count=len(assignment.ids),
              tries=assignment.tries, opens=_when(assignment.opens.isoformat()),
              due=_when(assignment.due.isoformat())), file=out)
    for pid in assignment.ids:
        print("  " + pid, file=out)
    return 0


__all__ = ["LMS", "ClassBook", "Row", "add_class_options", "add_parsers", "class_book",
           "run_class", "run_command", "uses_book"]
