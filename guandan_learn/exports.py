"""Exports of the bank to the tools schools use: Moodle question XML and jupyterquiz JSON.

Every bank puzzle becomes one question, and so does every puzzle a chapter's "Check yourself"
quiz generates (made with the quiz's seeds, so the export asks what the chapter asks), in the
language in use: a yes/no puzzle a true/false
question, any other a multiple choice whose options are the puzzle's own choices or, when it
has none, the answers the generator would offer (the engine's, the misconceptions', the kind's
plain distractors; for a hand, candidate plays from it). Every option is graded by the engine
(``exercises.grade``): which options are right is never typed in. A wrong option's feedback
is what the quiz says to a learner choosing it (the verdict, the engine's reason, the
misconception's correction); the right one's adds the engine's explanation. A puzzle that
cannot be asked as a choice faithfully (fewer than two options, none right, two that read
the same) is skipped and counted, with the reason.

>>> export = collect(chapter=1)
>>> [item.puzzle.id for item in export.items][:2]
['strongest-singles-ladder', 'legal-level-card-over-ace']
>>> all(any(o.correct for o in item.options) for item in export.items)
True
"""

from __future__ import annotations

import base64
import json
import os
import random
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, TextIO
from xml.parsers import expat
from xml.parsers.expat import ExpatError

from .course import Chapter, chapter, chapters
from .errors import ClassroomError, CourseError
from .exercises import Feedback, Puzzle, Question, generate, grade, load_bank, solve, spec
from .exercises.layout import YesNo
from .exercises.lenses import wrong_answers
from .files import first_unwritable, shown, write_atomic
from .messages import say

#: Most options offered in one multiple choice (as in generated puzzles).
OPTIONS = 4
#: The category of every exported question in a Moodle course's question bank.
TOP = "$course$/top/guandan-learn"


@dataclass(frozen=True)
class Option:
    """One option of an exported question: its words, the engine's grade, the feedback."""

    text: str
    correct: bool
    feedback: str
    value: Any = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Picture:
    """One picture of a setup: a file name, its alternative text, the SVG."""

    name: str
    alt: str
    svg: str

    @property
    def data_uri(self) -> str:
        """Returns the picture as a ``data:`` URI."""
        return "data:image/svg+xml;base64," + _b64(self.svg)


@dataclass(frozen=True)
class Item:
    """One exported question: the puzzle, its category, its setup and options in words."""

    puzzle: Puzzle
    category: str
    rows: tuple[tuple[str, tuple[Picture, ...]], ...]
    prompt: str
    options: tuple[Option, ...]
    explanation: str
    yes_no: bool

    @property
    def name(self) -> str:
        """Returns the question's name in a question bank (the topic and the puzzle id)."""
        return f"{say(spec(self.puzzle.kind).topic_key)} · {self.puzzle.id}"


@dataclass
class Export:
    """The questions exported, in order, and the puzzles skipped with the reason why."""

    items: list[Item] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def _candidates(puzzle: Puzzle, solved: Any) -> list[Any]:
    """Returns the answers to offer, as data: the puzzle's own choices, else those the
    generator would offer (the engine's, the misconceptions', the kind's distractors)."""
    s = spec(puzzle.kind)
    setup, question = puzzle.parsed, puzzle.question
    if isinstance(s.answer_shape(setup, question), YesNo):
        return [s.write_answer(True, setup, question), s.write_answer(False, setup, question)]
    if puzzle.choices:
        return [c.answer for c in puzzle.choices]
    values: list[Any] = [solved.answer]
    wrong = [said.answer for _, said in wrong_answers(s.name, setup, question, solved)]
    rng = random.Random(f"guandan-export/{puzzle.id}")
    for value in [*wrong, *s.distractors(setup, question, solved, rng)]:
        if len(values) < OPTIONS and all(value != v for v in values):
            values.append(value)
    rng.shuffle(values)
    return [s.write_answer(v, setup, question) for v in values]


def _feedback(graded: Feedback) -> str:
    if graded.correct:
        lines = [say("exercise.feedback.correct", answer=graded.given), graded.explanation]
        if graded.note:
            lines.append(say("exercise.feedback.note", note=graded.note))
        return " ".join(lines)
    return " ".join(text for _, text in graded.wrong_lines())


def make_item(puzzle: Puzzle, category: str) -> Item | str:
    """Returns a puzzle as an exported question, or the reason it cannot be asked as a choice
    (a sentence)."""
    s = spec(puzzle.kind)
    setup, question = puzzle.parsed, puzzle.question
    solved = solve(puzzle)
    options: list[Option] = []
    for value in _candidates(puzzle, solved):
        graded = grade(puzzle, value, solved)
        if any(graded.given_answer == o.value for o in options):
            continue
        options.append(Option(graded.given or "", graded.correct, _feedback(graded),
                              graded.given_answer))
    if len(options) < 2:
        return say("exports.skip.few_options")
    if not any(o.correct for o in options):
        return say("exports.skip.no_right")
    if all(o.correct for o in options):
        return say("exports.skip.all_right")
    if len({o.text for o in options}) < len(options):
        return say("exports.skip.same_words")
    rows: list[tuple[str, tuple[Picture, ...]]] = []
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", puzzle.id)
    for row in s.layout(setup, question):
        number = len(rows) + 1
        rows.append((row.text, tuple(
            Picture(f"{stem}-{number}{'abcdefgh'[k] if len(row.pictures) > 1 else ''}.svg",
                    row.text, picture.svg(sort=False))
            for k, picture in enumerate(row.pictures))))
    explanation = [solved.explanation]
    if puzzle.note:
        explanation.append(say("exercise.feedback.note", note=puzzle.note))
    clauses = puzzle.clauses or solved.clauses
    if clauses:
        explanation.append(say("exports.rules", clauses=", ".join(clauses)))
    item = Item(puzzle, category, tuple(rows), Question(puzzle).prompt, tuple(options),
                " ".join(explanation), isinstance(s.answer_shape(setup, question), YesNo))
    bad = first_unwritable({"id": puzzle.id, "category": category, "clauses": clauses,
                            "prompt": item.prompt, "explanation": item.explanation,
                            "rows": [[text, *(p.alt for p in pictures), *(p.svg for p in pictures)]
                                     for text, pictures in rows],
                            "options": [[o.text, o.feedback] for o in options]})
    if bad is not None:  # a puzzle made in code (the bank refuses such text when it loads)
        return say("exports.skip.bad_char", field=bad[0], char=bad[1])
    return item


# -- Which puzzles ---------------------------------------------------------------------------


def _category(title: str) -> str:
    return f"{TOP}/{title.replace('/', '//')}"


def _plan(chosen: str | int | None, bank: dict[str, Puzzle],
          generated: bool = True) -> list[tuple[Puzzle, str]]:
    """Returns the puzzles to export with their categories: a chapter's quiz puzzles (its bank
    puzzles, then those it generates), or the whole bank (each chapter's quiz first, then the
    rest by topic)."""
    if chosen is not None:
        picked: list[Chapter] = [chapter(chosen)]
        if picked[0].quiz is None:
            with_quiz = ", ".join(str(c.number) for c in chapters() if c.quiz)
            raise CourseError(say("exports.no_quiz", chapter=chosen, chapters=with_quiz))
    else:
        picked = [c for c in chapters() if c.quiz is not None]
    plan: list[tuple[Puzzle, str]] = []
    seen: set[str] = set()
    for c in picked:
        assert c.quiz is not None
        for pid in c.quiz.ids:
            if pid in bank and pid not in seen:
                seen.add(pid)
                plan.append((bank[pid], _category(c.title())))
        if generated:  # then the puzzles the quiz generates, with the quiz's own seeds
            for kind, seed, difficulty in c.quiz.generated_puzzles():
                puzzle = generate(kind, seed, difficulty)
                if puzzle.id not in seen:
                    seen.add(puzzle.id)
                    plan.append((puzzle, _category(c.title())))
    if chosen is None:
        rest = [p for p in bank.values() if p.id not in seen]
        for p in sorted(rest, key=lambda p: spec(p.kind).order):
            topic = say("exports.category.more", topic=say(spec(p.kind).topic_key))
            plan.append((p, _category(topic)))
    return plan


def collect(chapter: str | int | None = None,
            puzzles: Iterable[Puzzle] | None = None) -> Export:
    """Returns the questions to export (a chapter's quiz, or the whole bank with every
    chapter's quiz) in the language in use, and the puzzles skipped with the reason. A quiz's
    generated puzzles come too, made with its seeds, unless ``puzzles`` replaces the bank."""
    bank = {p.id: p for p in (load_bank(strict=True).puzzles if puzzles is None else puzzles)}
    export = Export()
    for puzzle, category in _plan(chapter, bank, generated=puzzles is None):
        made = make_item(puzzle, category)
        if isinstance(made, str):
            export.skipped.append((puzzle.id, made))
        else:
            export.items.append(made)
    return export


# -- Moodle XML ------------------------------------------------------------------------------


def _cdata(html: str) -> str:
    return "<![CDATA[" + html.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _text(html: str, tag: str = "text") -> str:
    return f"<{tag}>{_cdata(html)}</{tag}>"


def _plain(text: str) -> str:
    return f"<text>{escape(text, quote=False)}</text>"


def _question_html(item: Item, source: str) -> str:
    """Returns the question text as HTML; ``source`` is ``"moodle"`` (pictures as files) or
    ``"data"`` (pictures inline as data URIs)."""
    parts = []
    for text, pictures in item.rows:
        parts.append(f"<p>{escape(text)}</p>")
        images = [f'<img src="{src}" alt="{escape(p.alt)}">' for p in pictures
                  for src in [f"@@PLUGINFILE@@/{p.name}" if source == "moodle" else p.data_uri]]
        if images:
            parts.append(f"<p>{' '.join(images)}</p>")
    parts.append(f"<p><strong>{escape(item.prompt)}</strong></p>")
    return "".join(parts)


def moodle_xml(export: Export) -> str:
    """Returns the questions as Moodle question XML (categories, multichoice, truefalse).

    >>> xml = moodle_xml(collect(chapter=1))
    >>> xml.startswith('<?xml version="1.0" encoding="UTF-8"?>'), "@@PLUGINFILE@@/" in xml
    (True, True)
    """
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<quiz>"]
    category = None
    for item in export.items:
        if item.category != category:
            category = item.category
            out.append(f'  <question type="category">\n    <category>{_plain(category)}'
                       "</category>\n  </question>")
        out.append(_moodle_question(item))
    out.append("</quiz>\n")
    return "\n".join(out)


def _moodle_question(item: Item) -> str:
    kind = "truefalse" if item.yes_no else "multichoice"
    files = "".join(f'\n      <file name="{escape(p.name)}" path="/" encoding="base64">'
                    f"{_b64(p.svg)}</file>" for _, row in item.rows for p in row)
    lines = [f'  <question type="{kind}">',
             f"    <name>{_plain(item.name)}</name>",
             f'    <questiontext format="html">\n      {_text(_question_html(item, "moodle"))}'
             f"{files}\n    </questiontext>",
             f'    <generalfeedback format="html">\n      {_text(escape(item.explanation))}\n'
             "    </generalfeedback>",
             "    <defaultgrade>1</defaultgrade>",
             "    <penalty>" + ("1" if item.yes_no else "0.3333333") + "</penalty>",
             "    <hidden>0</hidden>",
             f"    <idnumber>{escape(item.puzzle.id, quote=False)}</idnumber>"]
    if not item.yes_no:
        lines += ["    <single>true</single>", "    <shuffleanswers>true</shuffleanswers>",
                  "    <answernumbering>abc</answernumbering>",
                  "    <showstandardinstruction>0</showstandardinstruction>"]
        for tag in ("correctfeedback", "partiallycorrectfeedback", "incorrectfeedback"):
            lines.append(f'    <{tag} format="html">\n      {_text("")}\n    </{tag}>')
    for option in item.options:
        fraction = "100" if option.correct else "0"
        if item.yes_no:
            label = "true" if option.value is True else "false"
            lines.append(f'    <answer fraction="{fraction}" format="moodle_auto_format">\n'
                         f"      <text>{label}</text>")
        else:
            lines.append(f'    <answer fraction="{fraction}" format="html">\n'
                         f"      {_text(escape(option.text))}")
        lines.append(f'      <feedback format="html">\n        {_text(escape(option.feedback))}'
                     "\n      </feedback>\n    </answer>")
    clauses = item.puzzle.clauses
    if clauses:
        tags = "".join(f"<tag>{_plain(c)}</tag>" for c in clauses)
        lines.append(f"    <tags>{tags}</tags>")
    lines.append("  </question>")
    return "\n".join(lines)


# -- jupyterquiz JSON -----------------------------------------------------------------------


def jupyterquiz_data(export: Export) -> list[dict[str, Any]]:
    """Returns the questions in jupyterquiz's format: a list of multiple-choice questions
    (``question``, ``type``, ``answers`` with ``answer``, ``correct``, ``feedback``); the
    cards are drawn inline as ``data:`` URIs.

    >>> data = jupyterquiz_data(collect(chapter=1))
    >>> sorted(data[0]), data[0]["type"]
    (['answers', 'question', 'type'], 'multiple_choice')
    """
    out = []
    for item in export.items:
        answers = []
        for option in item.options:
            feedback = option.feedback
            if not option.correct:
                feedback += " " + say("exports.try_again")
            answers.append({"answer": escape(option.text), "correct": option.correct,
                            "feedback": escape(feedback)})
        out.append({"question": _question_html(item, "data"), "type": "multiple_choice",
                    "answers": answers})
    return out


def jupyterquiz_json(export: Export) -> str:
    """Returns the questions as jupyterquiz JSON text."""
    return json.dumps(jupyterquiz_data(export), ensure_ascii=False, indent=1) + "\n"


# -- Files -----------------------------------------------------------------------------------

FORMATS = ("moodle", "jupyterquiz")


def write_export(fmt: str, out: str | os.PathLike[str],
                 chapter: str | int | None = None) -> Export:
    """Writes the bank (or a chapter's quiz) to ``out`` as ``moodle`` XML or ``jupyterquiz``
    JSON, in the language in use; returns what was exported and skipped. Nothing is written
    when there is nothing to export."""
    if fmt not in FORMATS:
        raise ClassroomError(say("exports.bad_format", format=fmt, formats=", ".join(FORMATS)))
    export = collect(chapter)
    if not export.items:
        raise ClassroomError(say("exports.nothing"))
    text = moodle_xml(export) if fmt == "moodle" else jupyterquiz_json(export)
    path = Path(out)
    try:
        write_atomic(path, text, check=_check_xml if fmt == "moodle" else _check_json)
    except OSError as err:
        raise ClassroomError(say("exports.write", path=str(path), reason=str(err))) from None
    except (ValueError, ExpatError) as err:  # UnicodeEncodeError is a ValueError
        raise ClassroomError(say("exports.not_written", path=str(path),
                                 reason=shown(str(err))[:200])) from None
    return export


def _check_xml(text: str) -> None:
    """Raises ``ExpatError`` unless the text is well-formed XML 1.0 (the stdlib's parser)."""
    parser = expat.ParserCreate()
    parser.Parse(text.encode("utf-8"), True)


def _check_json(text: str) -> None:
    """Raises ``ValueError`` unless the text is JSON that UTF-8 can carry."""
    json.loads(text)
    text.encode("utf-8")



# -- The command line (``guandan-learn export FORMAT --out FILE``) ---------------------------


def add_parser(sub: Any) -> None:
    """Adds the ``export`` command to the command line's subcommands."""
    import argparse

    parser = sub.add_parser("export", help=say("exports.cli.help"),
                            description=say("exports.cli.help"))
    parser.add_argument("format", choices=FORMATS, help=say("exports.cli.help.format"))
    parser.add_argument("--out", required=True, metavar="FILE", help=say("exports.cli.help.out"))
    parser.add_argument("--chapter", metavar="N", help=say("exports.cli.help.chapter"))
    parser.add_argument("--lang", default=argparse.SUPPRESS, metavar="LANG",
                        help=say("exports.cli.help.lang"))


def run(args: Any, out: TextIO, err: TextIO | None = None) -> int:
    """Runs ``guandan-learn export``: writes the file, says so, and lists on stderr the
    puzzles skipped and why."""
    export = write_export(args.format, args.out, args.chapter)
    print(say("exports.cli.wrote", count=len(export.items), path=str(args.out)), file=out)
    if export.skipped:
        err = err or sys.stderr
        print(say("exports.cli.skipped", count=len(export.skipped)), file=err)
        for pid, reason in export.skipped:
            print("  " + say("exports.cli.skipped_one", id=pid, reason=reason), file=err)
    return 0


__all__ = ["FORMATS", "TOP", "Export", "Item", "Option", "Picture", "add_parser", "collect",
           "jupyterquiz_data", "jupyterquiz_json", "make_item", "moodle_xml", "run",
           "write_export"]
