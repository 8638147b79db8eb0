"""A learning order that holds: every quiz asks only what the course has taught by then (issue 16).

**When a clause counts as taught.** At the first place where a chapter's English prose cites
it — one clause (``§04.3``), a range (``§06.5–§06.7``) or a house rule (``V4``) — reading the
numbered chapters 1, 2, 3 … in order, each from top to bottom. Chapter 0 previews the whole
game on one page; a preview is not a lesson, so its citations count for chapter 0's own sample
question only (and only those above it), never for the chapters after it.

**Where a quiz may draw from.** A quiz in a chapter's code (``chapter_quiz``, ``quiz_set`` or
``Quiz``) may use what is taught above it: in the chapters before, or earlier in its own
chapter. A chapter's "Check yourself" comes at its end, so that is the whole chapter.

**What a puzzle uses.** The clauses its record names (``clauses``), the clauses the engine's
solution rests on (its reasons for the right answer), and the clauses that define what the
puzzle shows: a play of any normal form other than a single (§04.1), a rank bomb (§05.1), a
straight flush (§05.2), the four jokers (§05.5), and a wild heart among its cards (§03.3).
Generated puzzles are checked as the chapter makes them, at its seed and difficulty (the same
seed gives the same puzzles); an endless drill by its first ``DRILL_SAMPLE`` puzzles.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from guandan_learn.cards import Card, Rank
from guandan_learn.combo import Combo, Kind
from guandan_learn.course import chapter, chapters
from guandan_learn.deal import Deal
from guandan_learn.exercises import Puzzle, solve
from guandan_learn.widgets.quiz import Quiz

SOURCES = Path(__file__).resolve().parent.parent / "notebooks" / "src"
#: How many puzzles of an endless drill are checked.
DRILL_SAMPLE = 16
#: The clause that defines each form a puzzle may show (a single needs none: chapter 1).
FORM_CLAUSE = {Kind.BOMB: "§05.1", Kind.STRAIGHT_FLUSH: "§05.2", Kind.JOKER_BOMB: "§05.5"}
NORMAL_FORMS = "§04.1"
WILD = "§03.3"

_CITE = re.compile(r"§(\d\d)\.(\d+)(?:\s*[–-]\s*§?(\d\d)\.(\d+))?|\b(V\d+)[a-z]?\b")
_QUIZ_CALLS = ("chapter_quiz", "quiz_set", "Quiz")


def cited(text: str) -> list[str]:
    """Returns the clause ids a text cites, ranges spelled out, in order.

    >>> cited("passes (§06.5–§06.7), see V3a and §04.3")
    ['§06.5', '§06.6', '§06.7', 'V3', '§04.3']
    """
    out: list[str] = []
    for m in _CITE.finditer(text):
        if m.group(5):
            out.append(m.group(5))
            continue
        section, first = m.group(1), int(m.group(2))
        last = int(m.group(4)) if m.group(4) and m.group(3) == section else first
        out += [f"§{section}.{n}" for n in range(first, last + 1)]
    return out


def test_citations_are_read_with_their_ranges() -> None:
    assert cited("(§02.3–§02.5, §08.10–§08.11) V14") == [
        "§02.3", "§02.4", "§02.5", "§08.10", "§08.11", "V14"]


# -- The quizzes of the course, each with what is taught above it --------------------------------


@dataclasses.dataclass(frozen=True)
class QuizCell:
    """One quiz in a chapter's code, with the clauses taught above it."""

    chapter: str
    number: int
    call: str
    taught: frozenset[str]
    make: Any  # () -> list[Puzzle]

    def __str__(self) -> str:
        return f"{self.chapter}:{self.call}"


def _cells(name: str) -> list[dict[str, Any]]:
    return yaml.safe_load((SOURCES / f"{name}.yaml").read_text(encoding="utf-8"))["cells"]


def _calls(code: str) -> Iterator[ast.Call]:
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                node.func.id in _QUIZ_CALLS):
            yield node


def _constants(code: str, names: dict[str, Any]) -> None:
    """Runs a code cell's imports and its assignments that call nothing (``SEED = 2024``)."""
    for node in ast.parse(code).body:
        simple = isinstance(node, ast.Import | ast.ImportFrom) or (
            isinstance(node, ast.Assign)
            and all(isinstance(t, ast.Name) for t in node.targets)
            and not any(isinstance(n, ast.Call) for n in ast.walk(node.value)))
        # an assignment may read a value a call made (``x = match.history``): skipped
        if simple:
            with contextlib.suppress(NameError):
                exec(compile(ast.Module([node], []), "<cell>", "exec"), names)


def _puzzles(call: ast.Call, names: dict[str, Any]) -> list[Puzzle]:
    """Makes the puzzles a quiz call asks, as the chapter makes them."""
    name = call.func.id  # type: ignore[attr-defined]
    args = [eval(compile(ast.Expression(a), "<cell>", "eval"), names) for a in call.args]
    kwargs = {k.arg: eval(compile(ast.Expression(k.value), "<cell>", "eval"), names)
              for k in call.keywords if k.arg}
    if name == "chapter_quiz":
        quiz = chapter(args[0]).quiz
        assert quiz is not None
        made = Quiz(list(quiz.ids), generated=quiz.generated, seed=quiz.seed)
    else:
        made = Quiz(*args, **kwargs)
    count = made.count if made.count is not None else DRILL_SAMPLE
    return [made.puzzle_at(i) for i in range(count)]


@cache
def quiz_cells() -> tuple[QuizCell, ...]:
    """Returns every quiz of the numbered chapters, in course order."""
    taught: dict[str, str] = {}
    found: list[QuizCell] = []
    for c in chapters():
        here = dict(taught) if c.number else {}
        names: dict[str, Any] = {}
        for cell in _cells(c.id):
            if "md" in cell:
                for clause in cited(cell["md"]["en"]):
                    here.setdefault(clause, c.id)
                continue
            _constants(cell["code"], names)
            for call in _calls(cell["code"]):
                found.append(QuizCell(
                    c.id, c.number, ast.unparse(call), frozenset(here),
                    lambda call=call, ns=dict(names): _puzzles(call, ns)))
        if c.number:
            taught = here
    return tuple(found)


# -- What a puzzle uses ---------------------------------------------------------------------------


def _shown(value: Any, seen: set[int] | None = None) -> Iterator[Combo | Card]:
    """Yields the plays and cards a puzzle's setup holds (its tables, hands and plays)."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, str | int | float | bool | Rank) or value is None:
        return
    seen.add(id(value))
    if isinstance(value, Combo | Card):
        yield value
    elif isinstance(value, Deal):
        for hand in value.hands:
            yield from hand
        yield from (a.combo for a in value.history if a.combo is not None)
        if value.table is not None:
            yield value.table
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _shown(getattr(value, f.name), seen)
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _shown(v, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            yield from _shown(v, seen)


def uses(puzzle: Puzzle) -> dict[str, str]:
    """Returns the clauses a puzzle uses, each with why: its record, its solution, what it shows."""
    need: dict[str, str] = {}
    for clause in puzzle.clauses:
        need.setdefault(clause, "the puzzle's clauses")
    for clause in solve(puzzle).clauses:
        need.setdefault(clause, "the engine's solution")
    level = getattr(puzzle.parsed, "level", None)
    if level is None and "level" in puzzle.setup:
        level = str(puzzle.setup["level"])
    for item in _shown(puzzle.parsed):
        if isinstance(item, Combo):
            if item.kind is not Kind.SINGLE:
                clause = FORM_CLAUSE.get(item.kind, NORMAL_FORMS)
                need.setdefault(clause, f"it shows a {item.kind.value}")
            if item.wilds:
                need.setdefault(WILD, "it shows a wild heart")
        elif level is not None and item.is_wild(level):
            need.setdefault(WILD, f"it shows the wild {item}")
    return need


# -- The test ------------------------------------------------------------------------------------


def test_every_chapter_with_a_quiz_is_checked() -> None:
    checked = {q.chapter for q in quiz_cells()}
    assert {c.id for c in chapters() if c.quiz is not None} <= checked
    assert {"00_start_here", "10_mixed_drills"} <= checked


def test_nothing_is_taught_twice_over_by_chapter_0() -> None:
    """Chapter 0's one-page preview teaches nothing the later chapters may lean on."""
    first = next(q for q in quiz_cells() if q.number == 1)
    assert "§07.2" not in first.taught and "§04.3" not in first.taught


@pytest.mark.parametrize("cell", quiz_cells(), ids=str)
def test_every_quiz_uses_only_what_is_taught_above_it(cell: QuizCell) -> None:
    problems = []
    for i, puzzle in enumerate(cell.make()):
        early = {c: why for c, why in uses(puzzle).items() if c not in cell.taught}
        if early:
            problems.append(f"puzzle {i + 1} ({puzzle.id}): "
                            + ", ".join(f"{c} ({why})" for c, why in sorted(early.items())))
    assert not problems, (f"{cell.chapter} asks before it teaches:\n  " + "\n  ".join(problems))
