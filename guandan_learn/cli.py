"""The ``guandan-learn`` command line: judge a play, read cards, drill puzzles, check files.

Exit codes: 0 when all is well (a legal play, a combination, a clean file); 1 when the answer
is "no" (not legal, no combination, problems in the files); 2 for input that cannot be read or
any other problem the program reports, in one line on stderr — output that cannot be written
(a full disk) included. A reader that stops early (``| head``) does not change the answer's code.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO, cast

from . import __version__
from .cards import format_cards, parse_cards
from .combo import Combo, classify, no_combination_reason, read_cards
from .endgame import Endgame, Solver
from .errors import ArgumentError, CourseError, GuandanError, IllegalPlayError, ProgressError
from .i18n import get_language, set_language
from .judge import describe, read_play
from .messages import say
from .reason import Reason

if TYPE_CHECKING:
    from .exercises import Feedback, Puzzle, Question


def _words(key: str) -> set[str]:
    return {w.strip() for w in say(key).lower().split("|")}


def _lang(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument("--lang", default=default, metavar="LANG",
                        help=say("cli.help.lang"))


def build_parser() -> argparse.ArgumentParser:
    """Returns the argument parser of ``guandan-learn``."""
    parser = argparse.ArgumentParser(prog="guandan-learn", description=say("cli.description"))
    _lang(parser, None)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=say("cli.help.version"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    check = sub.add_parser("check", help=say("cli.help.check"),
                           description=say("cli.help.check"))
    check.add_argument("cards", metavar="CARDS", help=say("cli.help.cards"))
    check.add_argument("--table", default="", metavar="CARDS", help=say("cli.help.table"))
    check.add_argument("--level", required=True, metavar="L", help=say("cli.help.level"))
    _lang(check, argparse.SUPPRESS)

    read = sub.add_parser("classify", help=say("cli.help.classify"),
                          description=say("cli.help.classify"))
    read.add_argument("cards", metavar="CARDS", help=say("cli.help.cards"))
    read.add_argument("--level", required=True, metavar="L", help=say("cli.help.level"))
    _lang(read, argparse.SUPPRESS)

    from .exercises import KINDS

    drill = sub.add_parser("drill", help=say("cli.help.drill"),
                           description=say("cli.help.drill"))
    drill.add_argument("--topic", default="mixed",
                       choices=["mixed", *KINDS],
                       help=say("cli.help.topic"))
    drill.add_argument("--count", type=int, default=5, metavar="N",
                       help=say("cli.help.count"))
    drill.add_argument("--seed", type=int, default=0, metavar="S", help=say("cli.help.seed"))
    drill.add_argument("--difficulty", type=int, default=1, choices=[1, 2, 3],
                       help=say("cli.help.difficulty"))
    drill.add_argument("--tries", type=int, default=2, metavar="N", help=say("cli.help.tries"))
    drill.add_argument("--due", action="store_true", help=say("progress.cli.help.due"))
    _lang(drill, argparse.SUPPRESS)

    prog = sub.add_parser("progress", help=say("progress.cli.help"),
                          description=say("progress.cli.help"))
    prog.add_argument("--learner", metavar="NAME", help=say("progress.cli.help.learner"))
    prog.add_argument("--export", metavar="FILE", help=say("progress.cli.help.export"))
    prog.add_argument("--name", metavar="NAME", help=say("progress.cli.help.name"))
    prog.add_argument("--import", dest="import_", metavar="FILE",
                      help=say("progress.cli.help.import"))
    prog.add_argument("--code", metavar="CODE", help=say("roster.cli.help.code"))
    _lang(prog, argparse.SUPPRESS)

    sheet = sub.add_parser("worksheet", help=say("worksheet.cli.help"),
                           description=say("worksheet.cli.help"))
    sheet.add_argument("--topic", default="mixed", metavar="KIND[,KIND]",
                       help=say("worksheet.cli.help.topic"))
    sheet.add_argument("--count", type=int, default=10, metavar="N", help=say("cli.help.count"))
    sheet.add_argument("--seed", type=int, default=0, metavar="S", help=say("cli.help.seed"))
    sheet.add_argument("--difficulty", type=int, default=1, choices=[1, 2, 3],
                       help=say("cli.help.difficulty"))
    sheet.add_argument("--out", required=True, metavar="DIR", help=say("worksheet.cli.help.out"))
    sheet.add_argument("--roster", metavar="FILE", help=say("worksheet.cli.help.roster"))
    sheet.add_argument("--one-file", action="store_true", help=say("worksheet.cli.help.one_file"))
    _lang(sheet, argparse.SUPPRESS)

    paper = sub.add_parser("sheet", help=say("sheet.cli.help"), description=say("sheet.cli.help"))
    paper.add_argument("code", metavar="CODE", help=say("sheet.cli.help.code"))
    paper.add_argument("--tries", type=int, default=1, metavar="N",
                       help=say("sheet.cli.help.tries"))
    _lang(paper, argparse.SUPPRESS)

    klass = sub.add_parser("class", help=say("classroom.cli.help"),
                           description=say("classroom.cli.help"))
    klass.add_argument("submissions", metavar="SUBMISSIONS", nargs="?",
                       help=say("classroom.cli.help.submissions"))
    klass.add_argument("--out", required=True, metavar="DIR", help=say("classroom.cli.help.out"))
    from .gradebook import add_class_options, add_parsers

    add_class_options(klass)  # --roster, --assignment, --lms, --hub-homes
    _lang(klass, argparse.SUPPRESS)
    add_parsers(sub)  # assignment, roster

    val = sub.add_parser("validate", help=say("cli.help.validate"),
                         description=say("cli.help.validate"))
    val.add_argument("paths", nargs="*", metavar="PATH", help=say("cli.help.paths"))
    _lang(val, argparse.SUPPRESS)

    solve = sub.add_parser("solve", help=say("cli.help.solve"), description=say("cli.help.solve"))
    solve.add_argument("position", metavar="POSITION", help=say("cli.help.position"))
    _lang(solve, argparse.SUPPRESS)
    _course_parsers(sub)
    from .exports import add_parser
    from .lite import add_parser as add_lite

    add_parser(sub)
    add_lite(sub)
    return parser


def _course_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the commands that copy and open the course: ``notebooks``, ``lab`` and ``app``."""
    from .i18n import LANGUAGES

    helps = {"notebooks": "cli.help.notebooks", "lab": "cli.help.lab", "app": "cli.help.app"}
    for name, key in helps.items():
        command = sub.add_parser(name, help=say(key), description=say(key))
        if name != "app":
            command.add_argument("dest", nargs="?", metavar="DEST", help=say("cli.help.dest"))
        command.add_argument("--lang", default=argparse.SUPPRESS, choices=LANGUAGES,
                             help=say("cli.help.course_lang"))
        if name == "notebooks":
            command.add_argument("--force", action="store_true", help=say("cli.help.force"))
        else:
            command.add_argument("--port", type=int, metavar="PORT", help=say("cli.help.port"))
            command.add_argument("--no-browser", action="store_true",
                                 help=say("cli.help.no_browser"))


def _check(args: argparse.Namespace, out: TextIO) -> int:
    table: Combo | None = None
    if args.table.strip():
        cards = parse_cards(args.table)
        readings, refusal = read_cards(cards, args.level)
        if refusal is not None:
            raise IllegalPlayError(Reason.of("cli.table_not_combo", None,
                                             cards=format_cards(cards), reason=refusal),
                                   clause=refusal.main_clause)
        table = readings[0]
    verdict = read_play(args.cards, table, args.level)
    if verdict.combo is not None:
        print(say("cli.reading", number=1, play=describe(verdict.combo),
                  cards=str(verdict.combo)), file=out)
    print(verdict.reason, file=out)
    return 0 if verdict.legal else 1


def _classify(args: argparse.Namespace, out: TextIO) -> int:
    cards = parse_cards(args.cards)
    readings = classify(cards, args.level)
    if not readings:
        print(no_combination_reason(cards, args.level), file=out)
        return 1
    for i, r in enumerate(readings, start=1):
        print(say("cli.reading", number=i, play=describe(r), cards=str(r)), file=out)
    return 0


def _ask(stdin: TextIO, out: TextIO) -> str | None:
    print(say("cli.drill.prompt"), end="", file=out, flush=True)
    line = stdin.readline()
    if not line:
        print(file=out)
        return None
    if not stdin.isatty():
        print(line.rstrip("\n"), file=out)
    return line.strip()


def _numbered(options: Sequence[str]) -> bool:
    """Tells whether a question's options are numbered: none of them is a whole number itself
    (a rank such as 7 or 10), which typing its number would make ambiguous."""
    return bool(options) and not any(o.strip().isdigit() for o in options)


def _show_question(q: Question, out: TextIO) -> None:
    """Prints a question as text, its options numbered when ``_numbered`` allows."""
    if not _numbered(q.options):
        print(q, file=out)
        return
    for line in (*q.setup_lines, q.prompt, q.typed):
        print(line, file=out)
    numbered = " | ".join(f"{n}) {option}" for n, option in enumerate(q.options, start=1))
    print(say("exercise.show.options", options=numbered), file=out)


def _chosen(q: Question, answer: str) -> str:
    """Returns the option a number stands for ("1": the first), else the answer as typed."""
    if _numbered(q.options) and answer.isdigit() and 1 <= int(answer) <= len(q.options):
        return q.options[int(answer) - 1]
    return answer


def _answer_one(q: Question, stdin: TextIO, out: TextIO) -> str:
    """Shows a question and reads answers until it is settled; returns ``"right"`` (on the
    first try), ``"wrong"``, ``"skipped"`` or ``"stopped"`` (the input ended)."""
    _show_question(q, out)
    while True:
        answer = _ask(stdin, out)
        if answer is None:
            return "stopped"
        if answer.lower() in _words("cli.words.hint"):
            print(q.hint(), file=out)
            continue
        if answer.lower() in _words("cli.words.skip"):
            print(q.solution(), file=out)
            return "skipped"
        try:
            feedback = q.check(_chosen(q, answer))
        except GuandanError as err:
            print(err, file=out)
            continue
        print(feedback, file=out)
        if feedback.hidden:
            continue  # a wrong try before the last: the learner answers again
        return "right" if q.first_try else "wrong"


def _drill(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    import random

    from .exercises import KINDS, Question, generate
    from .progress import record_answer

    def record(puzzle: Puzzle, feedback: Feedback, answer: object) -> None:
        record_answer(puzzle, feedback, answer=answer)

    if args.count < 1:
        raise ArgumentError(say("cli.drill.count", count=args.count))
    rng = random.Random(args.seed)
    right = asked = 0
    due = _due_puzzles(args) if args.due else None
    for i in range(args.count):
        if due is not None:
            q = Question(due[i], record=record, tries=args.tries)
        else:
            kind = rng.choice(KINDS) if args.topic == "mixed" else args.topic
            q = Question(generate(kind, args.seed + i, args.difficulty), record=record,
                         tries=args.tries)
        print(say("cli.drill.header", number=i + 1, count=args.count, id=q.puzzle.id),
              file=out)
        outcome = _answer_one(q, stdin, out)
        if outcome == "stopped":
            if q.attempts:  # stopped after a wrong try: the first try still counts
                asked += 1
            print(say("cli.drill.stopped"), file=out)
            print(say("cli.drill.score", right=right, count=asked), file=out)
            return 0
        asked += 1
        right += outcome == "right"
        print(file=out)
    print(say("cli.drill.score", right=right, count=asked), file=out)
    return 0


def _paper_sheet(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Asks a printed sheet's questions again, by its code, and grades and saves each answer."""
    from .exercises import Question
    from .progress import progress_path, record_answer
    from .worksheet import sheet_from_code

    def record(puzzle: Puzzle, feedback: Feedback, answer: object) -> None:
        record_answer(puzzle, feedback, answer=answer)

    sheet = sheet_from_code(args.code)
    if progress_path() is None:
        print(say("progress.off", variable="GUANDAN_PROGRESS"), file=out)
    print(say("sheet.opened", code=sheet.code, count=sheet.count), file=out)
    right = asked = 0
    for number, puzzle in enumerate(sheet.puzzles, start=1):
        q = Question(puzzle, record=record, tries=args.tries)
        print(file=out)
        print(say("cli.drill.header", number=number, count=sheet.count, id=puzzle.id), file=out)
        outcome = _answer_one(q, stdin, out)
        if outcome == "stopped":
            asked += bool(q.attempts)
            print(say("cli.drill.stopped"), file=out)
            break
        asked += 1
        right += outcome == "right"
    print(say("cli.drill.score", right=right, count=asked), file=out)
    return 0


def _due_puzzles(args: argparse.Namespace) -> list[Puzzle]:
    """Returns the drill's puzzles: what the learner's progress says is due, then new ones."""
    from .progress import Progress, progress_path

    kinds = None if args.topic == "mixed" else [args.topic]
    with Progress(progress_path() or ":memory:") as progress:
        return progress.next_puzzles(args.count, args.seed, kinds=kinds,
                                     difficulty=args.difficulty)


def _progress(args: argparse.Namespace, out: TextIO) -> int:
    from .progress import Progress, progress_path, read_results
    from .progress.report import Report

    if progress_path() is None:
        print(say("progress.off", variable="GUANDAN_PROGRESS"), file=out)
        return 1
    with Progress(learner=args.learner) as progress:
        if progress.status == "recovered":
            print(progress.message, file=out)
        if args.import_:
            results = read_results(args.import_)
            for problem in results.problems:
                if problem.line is None:  # no results file at all: an error, nothing added
                    raise ProgressError(str(problem))
                print(say("progress.cli.skipped", problem=problem), file=out)
            rows = results.answers
            added = progress.add(rows)
            print(say("progress.cli.imported", count=added, path=args.import_,
                      already=len(rows) - added), file=out)
        if args.code:
            print(say("roster.cli.code_saved", code=progress.set_code(args.code)), file=out)
        if args.export:
            written = progress.export_csv(args.export, learner=args.learner, name=args.name)
            print(say("progress.cli.exported", count=written, path=args.export), file=out)
        if args.import_ or args.export or args.code:
            return 0
        print(say("progress.cli.file", path=str(progress.path)), file=out)
        print(Report.of(progress), file=out)
    return 0


def _worksheet(args: argparse.Namespace, out: TextIO) -> int:
    from .worksheet import read_students, write_worksheets

    roster = read_students(args.roster) if args.roster else None
    for path in write_worksheets(args.out, args.topic, args.count, args.seed,
                                 args.difficulty, roster, one_file=args.one_file):
        print(say("worksheet.cli.wrote", path=str(path)), file=out)
    return 0


def _class(args: argparse.Namespace, out: TextIO) -> int:
    from .classroom import class_report, summary_lines
    from .gradebook import run_class, uses_book

    if uses_book(args):  # a roster, an assignment, LMS layouts or a hub's homes
        return run_class(args, out)
    report = class_report(args.submissions)
    for line in summary_lines(report):
        print(line, file=out)
    for path in report.write(args.out):
        print(say("classroom.cli.wrote", path=str(path)), file=out)
    return 0 if report.learners else 1


def _validate(args: argparse.Namespace, out: TextIO) -> int:
    from .exercises import exercise_files, validate

    files = exercise_files(args.paths or None)
    loaded = validate(args.paths or None)
    for err in loaded.errors:
        print(err, file=out)
    if loaded.errors:
        print(say("cli.validate.bad", count=len(loaded.errors), files=len(files)), file=out)
        return 1
    print(say("cli.validate.ok", puzzles=len(loaded.puzzles), files=len(files)), file=out)
    return 0


def _notebooks(args: argparse.Namespace, out: TextIO) -> int:
    from .course import copy_notebooks

    print(copy_notebooks(args.dest, args.lang or get_language(), force=args.force), file=out)
    return 0


def _needs(module: str, program: str) -> None:
    """Raises ``CourseError`` when a program of the lab extra is not installed."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise CourseError(say("cli.missing", program=program))


def _serve(command: list[str], out: TextIO, cwd: str | None = None,
           env: dict[str, str] | None = None) -> int:
    """Runs a server until it stops; returns its exit code. Ctrl+C reaches it too, and a
    termination signal sent to this command is passed on to it."""
    import signal
    import subprocess

    out.flush()
    process = subprocess.Popen(command, cwd=cwd, env=env)
    try:
        previous = signal.signal(signal.SIGTERM, lambda number, _: process.send_signal(number))
    except ValueError:  # not the main thread: nothing to pass on
        previous = None
    try:
        while True:
            try:
                return process.wait()
            except KeyboardInterrupt:  # JupyterLab asks to confirm; it decides when to stop
                continue
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _lab(args: argparse.Namespace, out: TextIO) -> int:
    from .course import FIRST_NOTEBOOK, copy_notebooks

    _needs("jupyterlab", "JupyterLab")
    copied = copy_notebooks(args.dest, args.lang or get_language(), keep_edited=True)
    print(copied, file=out)
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={copied.folder}"]
    if args.port:
        command.append(f"--ServerApp.port={args.port}")
    if args.no_browser:
        command.append("--no-browser")
    if getattr(os, "geteuid", lambda: 1)() == 0:  # containers: Jupyter refuses root without it
        command.append("--allow-root")
    if copied.first:
        command.append(FIRST_NOTEBOOK)
    print(say("cli.lab.opening", folder=str(copied.folder)), file=out)
    return _serve(command, out, cwd=str(copied.folder))


def _app(args: argparse.Namespace, out: TextIO) -> int:
    from importlib import resources

    from .course import app_notebook
    from .offline import VOILA_ARGS, voila_env

    _needs("voila", "Voilà")
    language = args.lang or get_language()
    with resources.as_file(app_notebook(language)) as path:
        # The app's folder, not the app alone: its clause links open the rulebook beside it.
        port = args.port or 8866
        command = [sys.executable, "-m", "voila", str(path.parent), f"--port={port}",
                   "--Voila.port_retries=0", "--no-browser", *VOILA_ARGS]
        url = f"http://localhost:{port}/voila/render/{path.name}"
        print(say("cli.app.serving", language=language), url, file=out)
        if not args.no_browser:
            _open_when_up(url)
        return _serve(command, out, env=voila_env())  # no CDN: the package's template


def _open_when_up(url: str, seconds: float = 60) -> None:
    """Opens ``url`` in the browser as soon as the server answers (in a background thread)."""
    import threading
    import time
    import urllib.request
    import webbrowser

    def wait() -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url.split("/voila/")[0] + "/", timeout=2):
                    webbrowser.open(url)
                    return
            except OSError:
                time.sleep(0.5)

    threading.Thread(target=wait, daemon=True).start()


#: The commands that copy and open the course.
_COURSE_COMMANDS = {"notebooks": _notebooks, "lab": _lab, "app": _app}



#: Seconds ``solve`` may search before it gives up with an error.
SOLVE_SECONDS = 120.0


def _solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solves an endgame position written in the endgame notation; exit 0 when it wins.

    >>> main(["solve", "level 7; to_move 0; 0: AC AD 5S; 1: RJ 3C 3D; 2: 4D 4S; 3: KH KS 6C"])
    South can force going out first, whatever the others do. Winning first moves: A♣ A♦.
    A line of best play: South: A♣ A♦; East: pass; North: pass; West: pass; South: 5♠.
    0
    """
    solution = Solver(Endgame.loads(args.position), time_limit=SOLVE_SECONDS,
                      node_limit=None).solve()
    print(solution, file=out)
    return 0 if solution.wins else 1


class _OutputFailed(Exception):
    """Says that stdout cannot be written (a full disk, a closed file)."""


class _Output(io.TextIOBase):
    """Writes to stdout; a reader that stopped reading (a broken pipe) silences it instead."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.broken = False

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                self.stream.write(text)
            except BrokenPipeError:
                self.broken = True
            except OSError as err:
                raise _OutputFailed(err.strerror or str(err)) from None
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self.broken = True
            except OSError as err:
                raise _OutputFailed(err.strerror or str(err)) from None


def _quiet_stdout() -> None:
    """Points stdout at /dev/null, so Python's own flush at exit cannot fail again."""
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Runs ``guandan-learn`` with ``argv`` (the process arguments by default); returns the
    exit code. Output piped into a command that stops reading early (``| head``) ends quietly
    with the answer's code; output that cannot be written is exit code 2 and one line.
    """
    out = _Output(sys.stdout)
    try:
        code = _run(argv, cast("TextIO", out))  # _Output writes as a text stream does
        out.flush()
    except BrokenPipeError:  # argparse's own help and usage go to stdout directly
        _quiet_stdout()
        return 0
    except _OutputFailed as error:
        _quiet_stdout()
        print(say("cli.error", message=say("cli.output_failed", reason=str(error))),
              file=sys.stderr)
        return 2
    except OSError as error:  # a file the command needed, outside the project's checks
        message = " ".join(f"{error.strerror or error} {error.filename or ''}".split())
        print(say("cli.error", message=message), file=sys.stderr)
        return 2
    if out.broken:
        _quiet_stdout()
    return code


def _run(argv: Sequence[str] | None, out: TextIO | None = None) -> int:
    """Parses the arguments and runs one command.

    >>> main(["check", "AC AD", "--table", "9S", "--level", "7"])
    A pair cannot beat a single: a play is only beaten by the same form, or by a bomb (§04.3).
    1
    """
    out, err = out or sys.stdout, sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(argv):  # the language first, so that --help speaks it too
        if arg.startswith("--lang="):
            set_language(arg.split("=", 1)[1])
        elif arg == "--lang" and i + 1 < len(argv):
            set_language(argv[i + 1])
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 2
    if args.lang is not None:
        set_language(args.lang)
    try:
        if args.command == "check":
            return _check(args, out)
        if args.command == "classify":
            return _classify(args, out)
        if args.command == "drill":
            return _drill(args, sys.stdin, out)
        if args.command == "progress":
            return _progress(args, out)
        if args.command == "worksheet":
            return _worksheet(args, out)
        if args.command == "sheet":
            return _paper_sheet(args, sys.stdin, out)
        if args.command == "solve":
            return _solve(args, out)
        if args.command == "export":
            from .exports import run

            return run(args, out)
        if args.command == "class":
            return _class(args, out)
        if args.command in ("assignment", "roster"):
            from .gradebook import run_command

            return run_command(args, out)
        if args.command == "lite":
            from .lite import run as lite

            return lite(args, out)
        if args.command in _COURSE_COMMANDS:
            return _COURSE_COMMANDS[args.command](args, out)
        return _validate(args, out)
    except GuandanError as error:
        message = " ".join(str(error).split())
        print(say("cli.error", message=message), file=err)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
