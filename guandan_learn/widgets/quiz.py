"""Quiz: puzzles from the bank or the generators, answered with controls that fit each kind.

The quiz shows a puzzle's setup as pictures, the question, an answer control (see
``quiz_controls``), and the buttons Check, Hint, Show solution and Next puzzle, with a running
score. Every judgement comes from the grader (``Question.check``, ``hint``, ``solution``); the
feedback is HTML in ``feedback.value``, which tests and nbval read.

>>> quiz = Quiz("legal_play", seed=1, count=3)
>>> quiz.answer(quiz.puzzle.answer)
>>> quiz.check().correct, str(quiz.score)
(True, 'Score: 1 of 1 right.')
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

import ipywidgets as widgets

from ..course import quiz_seed
from ..errors import ExerciseError
from ..exercises import (
    KINDS,
    TRIES,
    Feedback,
    Puzzle,
    PuzzleError,
    Question,
    by_technique,
    exercise_files,
    generate,
    load_bank,
    spec,
)
from ..exercises.model import ExerciseArgumentError
from ..exercises.techniques import names_text
from ..messages import say
from ..progress import record_answer
from ..render import WIDGET_CSS
from ..rulebook import in_place, linked
from .a11y import FOCUS_CSS, live_for
from .puzzle_view import line, setup_html
from .quiz_controls import NO_ANSWER, Control, make_control
from .saved import RunFirst

#: A bank puzzle, a bank id, or a kind name (one generated puzzle of that kind).
Item = Puzzle | str
#: Generated puzzles asked for as (kind, how many) or (kind, how many, difficulty).
Generated = tuple[str, int] | tuple[str, int, int]
#: The most generated puzzles one quiz asks for (``generated``).
MOST_GENERATED = 1000

_HINT = "#6a4c00"
#: Spacing for the quiz in JupyterLab and Voilà (the grader's feedback paragraphs included).
_CSS = """<style>
.gdl-quiz .guandan-feedback p { margin: 0.3em 0; }
.gdl-quiz .guandan-feedback { margin: 0.3em 0; }
.gdl-quiz .widget-toggle-button { min-width: 5em; }
.gdl-quiz .gdl-quiz-answer { margin: 0.2em 0 0.4em 0; }
.gdl-quiz h2.gdl-quiz-title { font-size: 1.15em; margin: 0.3em 0; }
""" + FOCUS_CSS + WIDGET_CSS + "</style>"


class Score(NamedTuple):
    """Puzzles answered right at the first graded try, of those checked or solved."""

    right: int
    answered: int

    def __str__(self) -> str:
        if not self.answered:
            return say("widget.quiz.score_none")
        return say("widget.quiz.score", right=self.right, answered=self.answered)


def _technique_html(puzzle: Puzzle) -> str:
    """Returns the line naming an endgame puzzle's techniques and difficulty ("" otherwise)."""
    measured = puzzle.measured
    if measured is None:
        return ""
    parts = [measured.text()]
    if puzzle.techniques:
        parts.insert(0, say("technique.show", names=names_text(puzzle.techniques)))
    return (f'<p class="gdl-quiz-techniques" style="margin:0.2em 0;font-size:0.9em">'
            f"{html.escape(' '.join(parts))}</p>")


def _seed(seed: int, position: int) -> int:
    """Returns the generator seed of the puzzle at ``position`` of a quiz seeded ``seed``."""
    return quiz_seed(seed, position)


def _bank(ids: frozenset[str]) -> dict[str, Puzzle]:
    """Returns the bank's puzzles of ``ids`` by id (only those are read and checked, not the
    whole bank), read again only when an exercise file changes."""
    files = exercise_files()
    key = tuple((str(f), f.stat().st_mtime_ns if f.exists() else 0) for f in files)
    return _bank_of(key, ids)


@functools.lru_cache(maxsize=16)
def _bank_of(files: tuple[tuple[str, int], ...], ids: frozenset[str]) -> dict[str, Puzzle]:
    return {p.id: p for p in load_bank([name for name, _ in files], ids=ids).puzzles}


class Quiz(RunFirst, widgets.VBox):
    """A quiz over puzzles: ``Quiz("legal_play")``, ``Quiz(["find_play", "tribute"], seed=2)``,
    ``Quiz(["legal-pair-on-single", puzzle])`` or ``Quiz(ids, generated=[("classify", 3)])``.

    ``puzzles`` is one item or a list of them: a ``Puzzle``, the id of a bank puzzle, or a kind
    name. Kind names alone (one or a list) make an endless run of generated puzzles, cycling
    through the kinds (``count`` stops it); in a list with other items, each kind name is one
    generated puzzle. ``generated`` appends generated puzzles after the rest. Generated puzzles
    come from ``generate(kind, seed, difficulty)`` with seeds drawn from ``seed``: the same seed
    gives the same sequence. ``choices`` says whether a puzzle's multiple choices are shown
    (``None``: yes, except for ``find_play``; see ``make_control``). ``tries`` is how many
    answers a learner gives before a wrong one's feedback shows the solution (default 2):
    earlier wrong answers say what is wrong with them and leave the answer for another try,
    a hint or Show solution. The score counts first tries.

    In code: ``answer(value)`` fills in the control (any format the grader reads), ``check()``,
    ``hint()``, ``show_solution()``, ``next()``; ``feedback_html`` and ``score`` read back.

    ``technique`` (with kind names only, e.g. ``Quiz(["endgame"], technique="waiting")``)
    draws the bank's puzzles that need it, then generated ones whose solution shows it (see
    ``exercises.by_technique``). An endgame puzzle shows its techniques and measured
    difficulty under the question.
    """

    def __init__(self, puzzles: Item | Iterable[Item] | None = None, *, seed: int = 0,
                 difficulty: int = 1, count: int | None = None,
                 generated: Sequence[Generated] = (), choices: bool | None = None,
                 tries: int = TRIES, technique: str | None = None) -> None:
        self.seed = seed
        self.tries = tries
        self.difficulty = difficulty
        self.choices = choices
        if count is not None and (isinstance(count, bool) or not isinstance(count, int)
                                  or count < 0):
            raise ExerciseArgumentError(say("widget.quiz.bad_count", value=repr(count)[:40]))
        self._slots, self._cycle = self._read_items(puzzles, generated)
        if technique is not None:
            if not self._cycle or generated:
                raise ExerciseError(say("widget.quiz.technique_kinds", technique=technique))
            self._slots = list(by_technique(self._cycle, technique, seed=seed,
                                            difficulty=difficulty))
            self._cycle = ()
        total = len(self._slots) if not self._cycle else None
        if count is not None:
            total = count if total is None else min(count, total)
        self.count = total
        self.index = 0
        self._results: dict[int, bool] = {}
        self._made: dict[int, Puzzle] = {}
        self._override: Any = NO_ANSWER

        self.header = widgets.HTML()
        self.setup_view = widgets.HTML()
        self.setup_view.add_class("gdl-quiz-setup-view")
        self.prompt_view = widgets.HTML()
        self.answer_box = widgets.VBox()
        self.check_button = widgets.Button(description=say("widget.quiz.check"),
                                           button_style="primary", icon="check")
        self.hint_button = widgets.Button(description=say("widget.quiz.hint"),
                                          icon="lightbulb-o")
        self.solution_button = widgets.Button(description=say("widget.quiz.solution"),
                                              icon="eye")
        self.next_button = widgets.Button(description=say("widget.quiz.next"),
                                          icon="arrow-right")
        self.check_button.on_click(lambda _: self.check())
        self.hint_button.on_click(lambda _: self.hint())
        self.solution_button.on_click(lambda _: self.show_solution())
        self.next_button.on_click(lambda _: self.next())
        self.hint_view = widgets.HTML()
        self.hint_view.add_class("gdl-quiz-hints")
        self.feedback = widgets.HTML()
        self.feedback.add_class("gdl-quiz-feedback")
        self.score_view = widgets.HTML()
        self.score_view.add_class("gdl-quiz-score")
        buttons = widgets.HBox([self.check_button, self.hint_button, self.solution_button,
                                self.next_button])
        self.style_view = widgets.HTML(_CSS)
        # One persistent live region announces each new feedback and hint (a11y).
        self.live = live_for(self.feedback)
        self.hint_view.observe(lambda change: self.live.say(_plain(change["new"])),
                               names="value")
        super().__init__([self.style_view, self.header, self.setup_view, self.prompt_view,
                          self.answer_box, buttons, self.hint_view, self.feedback,
                          self.score_view, self.live])
        self.add_class("gdl-quiz")
        self.add_class("gdl-widget")  # WIDGET_CSS: whole button labels, wrapping rows
        self._show()

    # -- The sequence of puzzles -------------------------------------------------------------

    def _read_items(self, puzzles: Item | Iterable[Item] | None,
                    generated: Sequence[Generated]) -> tuple[list[Puzzle | tuple[str, int]],
                                                             tuple[str, ...]]:
        if puzzles is None:
            items: list[Item] = []
        elif isinstance(puzzles, Puzzle | str):
            items = [puzzles]
        elif isinstance(puzzles, Iterable) and not isinstance(puzzles, bytes | Mapping):
            items = list(puzzles)
        else:
            raise ExerciseArgumentError(say("widget.quiz.bad_items",
                                            value=type(puzzles).__name__))
        if not isinstance(generated, Sequence) or isinstance(generated, str | bytes):
            raise ExerciseArgumentError(say("widget.quiz.bad_generated_list",
                                            value=type(generated).__name__))
        extra: list[tuple[str, int]] = []
        for entry in generated:
            if (not isinstance(entry, tuple | list) or len(entry) not in (2, 3)
                    or not all(isinstance(n, int) and not isinstance(n, bool)
                               for n in entry[1:]) or entry[1] < 0):
                raise ExerciseError(say("widget.quiz.bad_generated", value=entry))
            kind, n, *level = entry
            if len(extra) + n > MOST_GENERATED:
                raise ExerciseError(say("widget.quiz.too_many", limit=MOST_GENERATED,
                                        count=len(extra) + n))
            extra += [(str(kind), int(level[0]) if level else self.difficulty)] * int(n)
        if items and all(isinstance(i, str) and i in KINDS for i in items) and not extra:
            return [], tuple(str(i) for i in items)
        slots: list[Puzzle | tuple[str, int]] = []
        bank: dict[str, Puzzle] | None = None
        wanted = frozenset(i for i in items if isinstance(i, str) and i not in KINDS)
        for item in items:
            if isinstance(item, Puzzle):
                slots.append(item)
            elif isinstance(item, str) and item in KINDS:
                slots.append((item, self.difficulty))
            else:
                if bank is None:
                    bank = _bank(wanted)
                if not isinstance(item, str) or item not in bank:
                    raise ExerciseError(say("widget.quiz.unknown_id", id=item))
                slots.append(bank[item])
        for kind, _ in extra:
            if kind not in KINDS:  # an unknown kind fails here, not at its puzzle
                raise ExerciseError(say("exercise.generate.kind", kind=repr(kind),
                                        kinds=", ".join(KINDS)))
        slots += extra
        if not slots:
            raise ExerciseError(say("widget.quiz.empty", kinds=", ".join(KINDS)))
        return slots, ()

    def puzzle_at(self, position: int) -> Puzzle:
        """Returns the puzzle at ``position`` (from 0), generating it the first time."""
        if position in self._made:
            return self._made[position]
        if position < len(self._slots):
            slot = self._slots[position]
            if isinstance(slot, Puzzle):
                return slot
            kind, difficulty = slot
        else:
            kind = self._cycle[(position - len(self._slots)) % len(self._cycle)]
            difficulty = self.difficulty
        puzzle = generate(kind, _seed(self.seed, position), difficulty)
        self._made[position] = puzzle
        return puzzle

    @property
    def has_next(self) -> bool:
        """Tells whether another puzzle follows this one."""
        return self.count is None or self.index + 1 < self.count

    # -- Reading back ------------------------------------------------------------------------

    @property
    def puzzle(self) -> Puzzle:
        """Returns the puzzle on show."""
        return self.question.puzzle

    @property
    def feedback_html(self) -> str:
        """Returns the feedback on show (HTML): the grade, a hint problem or the solution."""
        return self.feedback.value

    @property
    def score(self) -> Score:
        """Returns the running score."""
        return Score(sum(self._results.values()), len(self._results))

    @property
    def given(self) -> Any:
        """Returns the answer as it will be graded (``NO_ANSWER`` while none is given)."""
        return self._override if self._override is not NO_ANSWER else self.control.get()

    # -- Acting ------------------------------------------------------------------------------

    def answer(self, value: Any) -> None:
        """Fills in the answer, in any format the grader reads (``True``, ``"8C 8D"``, ``"B"``…).

        An answer the control cannot show (unreadable, or not among the choices) is kept as
        given and graded as given, so Check explains what is wrong with it.
        """
        s = spec(self.puzzle.kind)
        try:
            read = s.read_answer(value, self.puzzle.parsed, self.puzzle.question)
        except PuzzleError:
            shown = False
        else:
            shown = self.control.put(read)
        if not shown:
            self.control.clear()
            self._override = value

    def check(self) -> Feedback | None:
        """Grades the answer given and shows the feedback; returns it (``None`` if ungraded)."""
        value = self.given
        if value is NO_ANSWER:
            text = self.control.missing() or say("widget.quiz.no_answer")
            self.feedback.value = _status(line(text, "gdl-quiz-note"))
            return None
        try:
            feedback = self.question.check(value)
        except ExerciseError as err:
            reason = getattr(err, "detail", None) or str(err)
            self.feedback.value = _status(line(say("widget.quiz.unreadable", reason=reason),
                                               "gdl-quiz-unreadable"))
            return None
        self._results.setdefault(self.index, feedback.correct)
        self.feedback.value = _status(_feedback_html(feedback))
        self._update_score()
        return feedback

    def hint(self) -> str:
        """Shows the next hint of the ladder under the earlier ones; returns it."""
        text = self.question.hint()
        ladder = self.question.hint_ladder()
        shown = [say("exercise.hint.numbered", number=i + 1, total=len(ladder), hint=h)
                 for i, h in enumerate(ladder[:self.question.hints_given])]
        self.hint_view.value = _status("".join(
            f'<p class="gdl-quiz-hint" style="margin:0.2em 0;color:{_HINT}">'
            f"{linked(h)}</p>" for h in shown))
        self.hint_button.disabled = self.question.hints_given >= len(ladder)
        return text

    def show_solution(self) -> Feedback:
        """Shows the engine's answer with its explanation (the puzzle then counts as missed
        unless it was already answered)."""
        feedback = self.question.solution()
        self._results.setdefault(self.index, False)
        self.feedback.value = _status(_feedback_html(feedback))
        self._update_score()
        return feedback

    def next(self) -> Puzzle | None:
        """Moves to the next puzzle and returns it (``None``, staying put, after the last)."""
        if not self.has_next:
            return None
        self.index += 1
        self._show()
        return self.puzzle

    # -- Drawing -----------------------------------------------------------------------------

    def _show(self) -> None:
        puzzle = self.puzzle_at(self.index)
        self.question = Question(puzzle, record=_record, tries=self.tries)
        self.control: Control = make_control(puzzle, choices=self.choices)
        self.control.observe(self._changed)
        self._override = NO_ANSWER
        title = self.question.title
        head = (say("widget.quiz.header", number=self.index + 1, count=self.count, title=title)
                if self.count is not None else
                say("widget.quiz.header_open", number=self.index + 1, title=title))
        self.header.value = (f'<h2 class="gdl-quiz-title" style="margin:0.3em 0">'
                             f"{html.escape(head)}</h2>")
        self.setup_view.value = setup_html(puzzle, hand=not self.control.shows_setup)
        self.prompt_view.value = (f'<p class="gdl-quiz-question" style="margin:0.4em 0">'
                                  f"<b>{html.escape(self.question.prompt)}</b></p>"
                                  + _technique_html(puzzle))
        self.control.name(self.question.prompt)
        self.answer_box.children = [self.control.widget]
        self.hint_view.value = ""
        self.hint_button.disabled = False
        self.feedback.value = ""
        self.next_button.disabled = not self.has_next
        self._update_score()

    def _changed(self) -> None:
        self._override = NO_ANSWER

    def _update_score(self) -> None:
        score = self.score
        text = str(score)
        if self.count is not None and len(self._results) >= self.count:
            text = say("widget.quiz.done", right=score.right, answered=score.answered)
        self.score_view.value = line(text, "gdl-quiz-score-text")


def _status(body: str) -> str:
    """Wraps feedback; the quiz's one live region (``LiveRegion``) announces it."""
    return f"<div>{body}</div>" if body else ""


def _plain(markup: str) -> str:
    """Returns the text of the newest hint (the last paragraph) for the live region."""
    if "<p" in markup:
        markup = markup[markup.rfind("<p"):]
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def _record(puzzle: Puzzle, feedback: Feedback, answer: object) -> None:
    """Saves a checked answer in the learner's progress (off with ``GUANDAN_PROGRESS=off``)."""
    record_answer(puzzle, feedback, answer=answer)


def _feedback_html(feedback: Feedback) -> str:
    """Returns the grader's feedback and the text of every clause it rests on in a block that
    opens on a click (its summary names them once, those the sentences do not cite too); a
    citation in the sentences opens the block at its clause (the block links on to the
    rulebook)."""
    body = feedback._repr_html_()
    missing = [c for c in feedback.clauses if c not in feedback.cited()]
    return in_place(body, also=missing)


def quiz_set(ids: Iterable[Item] = (), generated: Sequence[Generated] = (), *, seed: int = 0,
             difficulty: int = 1, choices: bool | None = None, tries: int = TRIES) -> Quiz:
    """Returns one quiz over bank puzzles (by id) followed by generated ones, for a chapter's
    "check yourself" cell: ``quiz_set(["legal-pair-on-single"], [("legal_play", 3)])``.

    >>> q = quiz_set(["legal-pair-on-single"], [("legal_play", 2)], seed=5)
    >>> q.count, q.puzzle.id
    (3, 'legal-pair-on-single')
    """
    if not isinstance(ids, Iterable) or isinstance(ids, bytes | Mapping):
        raise ExerciseArgumentError(say("widget.quiz.bad_items", value=type(ids).__name__))
    return Quiz(list(ids), generated=generated, seed=seed, difficulty=difficulty,
                choices=choices, tries=tries)


__all__ = ["Quiz", "Score", "quiz_set"]
