"""Grading: one grader for every kind, feedback that explains, and a notebook-friendly question.

``grade(puzzle, answer)`` reads the answer in any accepted format, compares it with the
engine's, and returns ``Feedback``: right or not, the engine's reasons and clauses, and for a
wrong answer the misconception behind it and what would have been right. Grading only returns
a result: whoever shows it (a widget, the command line) records it, through ``on_answer``
callbacks or a ``Question``'s own ``record``. ``Question`` wraps a puzzle for notebooks:
``check``, a ladder of ``hint``\\ s, ``solution``.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..cards import Rank
from ..errors import ExerciseError
from ..messages import MESSAGES, say
from ..reason import Reason, join_text
from ..rulebook import linked
from .generate import generate
from .kinds import spec
from .lenses import explain
from .misconceptions import Misconception, catalogue
from .model import Puzzle, PuzzleError, Solution, need_puzzle, pick_text
from .solve import solve


@dataclass(frozen=True)
class Feedback:
    """The result of grading one answer (or of showing the solution, when ``given`` is None).

    Holds values, not sentences: the answers as the grader read them, the engine's reasons,
    the teacher's words in every language. Text is made when shown, in the language current
    then. Renders as plain text (``str``) and as HTML in notebooks (``_repr_html_``).
    """

    puzzle: Puzzle = field(repr=False)
    correct: bool
    given_answer: Any
    expected_answer: Any
    reasons: tuple[Reason, ...]
    clauses: tuple[str, ...]
    why_reason: Reason | None = None
    misconception: Misconception | None = None
    named: tuple[str, ...] = ()
    shown: bool = False
    reveal: bool = True

    def __bool__(self) -> bool:
        return self.correct

    @property
    def puzzle_id(self) -> str:
        """Returns the id of the puzzle graded."""
        return self.puzzle.id

    def _show(self, answer: Any) -> str:
        return spec(self.puzzle.kind).show_answer(answer, self.puzzle.parsed,
                                                  self.puzzle.question)

    @property
    def given(self) -> str | None:
        """Returns the answer given, in words (``None`` when the solution was shown)."""
        return None if self.shown else self._show(self.given_answer)

    @property
    def expected(self) -> str:
        """Returns the right answer, in words."""
        return self._show(self.expected_answer)

    @property
    def note(self) -> str:
        """Returns the teacher's words in the learner's language ("" when there are none)."""
        return self.puzzle.note

    @property
    def explanation(self) -> str:
        """Returns the engine's explanation in the current language."""
        return join_text(self.reasons)

    @property
    def why(self) -> str | None:
        """Returns what is wrong with the answer itself, when the engine says (else ``None``)."""
        return None if self.why_reason is None else self.why_reason.text()

    def cited(self) -> tuple[str, ...]:
        """Returns the clauses the shown sentences name (as data, never read from the text)."""
        found = [*self.named, *(c for r in self.reasons for c in r.clauses())]
        if self.why_reason is not None and self.misconception is None:
            found += self.why_reason.clauses()
        if self.misconception is not None:
            found.append(self.misconception.clause)
        return tuple(dict.fromkeys(found))

    @property
    def correction(self) -> str | None:
        """Returns the plain-words correction of the misconception matched, if any, with its
        example at the puzzle's level."""
        if self.misconception is None:
            return None
        level = getattr(self.puzzle.parsed, "level", None)
        return self.misconception.correction_at(level if isinstance(level, Rank) else None)

    @property
    def hidden(self) -> bool:
        """Tells whether this is a wrong try whose feedback keeps the right answer back."""
        return not self.correct and not self.reveal and not self.shown

    def wrong_lines(self) -> list[tuple[str, str]]:
        """Returns what is wrong with a wrong answer, none of which gives the right answer: the
        verdict, then once what is wrong with it (the mix-up it matches, else the engine's
        reason about that answer)."""
        out = [("verdict", say("exercise.feedback.wrong", answer=self.given))]
        if self.why and self.misconception is None:
            out.append(("why", self.why))
        if self.misconception is not None:
            out.append(("misconception", say(
                "exercise.feedback.misconception", correction=self.correction,
                clause=self.misconception.clause)))
        return out

    def lines(self) -> list[tuple[str, str]]:
        """Returns the feedback as (role, sentence) pairs, in reading order; a wrong try
        before the last says what is wrong and invites another, without the answer."""
        out: list[tuple[str, str]] = []
        if self.hidden:
            return [*self.wrong_lines(), ("retry", say("exercise.feedback.try_again"))]
        if self.given is None:
            out.append(("answer", say("exercise.feedback.solution", answer=self.expected)))
        elif self.correct:
            out.append(("verdict", say("exercise.feedback.correct", answer=self.given)))
        else:  # the explanation below may already say the reason (a yes-or-no question)
            out += [(role, text) for role, text in self.wrong_lines()
                    if role != "why" or text not in self.explanation]
            out.append(("answer", say("exercise.feedback.right", answer=self.expected)))
        out.append(("explanation", self.explanation))
        if self.note:
            out.append(("note", say("exercise.feedback.note", note=self.note)))
        return out

    def __str__(self) -> str:
        return "\n".join(text for _, text in self.lines())

    def _repr_html_(self) -> str:
        state = ("solution" if self.given is None else "correct" if self.correct else
                 "retry" if self.hidden else "wrong")
        colour = {"correct": "#1b5e20", "wrong": "#b71c1c", "retry": "#b71c1c",
                  "solution": "#0d47a1"}[state]
        parts = [f'<div class="guandan-feedback {state}" '
                 f'style="border-left:4px solid {colour};padding:4px 10px">']
        for role, text in self.lines():
            style = ' style="font-weight:bold"' if role == "verdict" else ""
            parts.append(f'<p class="{role}"{style}>{linked(text)}</p>')  # clauses linked
        parts.append("</div>")
        return "".join(parts)


def _read(puzzle: Puzzle, answer: object) -> Any:
    s = spec(puzzle.kind)
    try:
        return s.read_answer(answer, puzzle.parsed, puzzle.question)
    except PuzzleError as err:
        shown = _shown_choice(puzzle, answer)  # an option typed as the learner saw it
        if shown is not None:
            return shown
        raise PuzzleError(say("exercise.answer.unreadable", puzzle=puzzle.id, reason=err.detail),
                          reason=err.detail, puzzle_id=puzzle.id, field="answer") from None


def _shown_choice(puzzle: Puzzle, answer: object) -> Any:
    """Returns the choice whose words, in the learner's language, are ``answer``; or None."""
    if not isinstance(answer, str) or not puzzle.choices:
        return None
    s = spec(puzzle.kind)
    typed = " ".join(answer.split()).casefold().rstrip(".")
    for choice in puzzle.choices:
        value = s.read_answer(choice.answer, puzzle.parsed, puzzle.question)
        words = s.show_answer(value, puzzle.parsed, puzzle.question)
        if " ".join(words.split()).casefold().rstrip(".") == typed:
            return value
    return None


def _choice_misconception(puzzle: Puzzle, given: Any) -> str | None:
    s = spec(puzzle.kind)
    for choice in puzzle.choices:
        if choice.misconception is None:
            continue
        said = s.read_answer(choice.answer, puzzle.parsed, puzzle.question)
        if said == given:
            return choice.misconception
    return None


def grade(puzzle: Puzzle, answer: object, solution: Solution | None = None, *,
          reveal: bool = True) -> Feedback:
    """Grades an answer to a puzzle and explains it (``reveal=False``: a wrong answer's
    feedback keeps the right answer back, for a learner who may try again).

    Raises ``ExerciseError`` (never anything else) when the answer cannot be read.

    >>> from guandan_learn.exercises import generate
    >>> q = generate("next_level", seed=1)
    >>> grade(q, q.answer).correct
    True
    """
    need_puzzle(puzzle)
    s = spec(puzzle.kind)
    given = _read(puzzle, answer)
    solution = solution or solve(puzzle)
    correct = s.is_correct(given, solution, puzzle.parsed, puzzle.question)
    mis = why = None
    if not correct:
        mid = _choice_misconception(puzzle, given)
        mis = catalogue()[mid] if mid else explain(puzzle.kind, given, puzzle.parsed,
                                                   puzzle.question, solution)
        why = s.why_wrong(given, puzzle.parsed, puzzle.question)
    return Feedback(
        puzzle=puzzle, correct=correct, given_answer=given, expected_answer=solution.answer,
        reasons=solution.reasons, clauses=solution.clauses, why_reason=why,
        misconception=mis, named=solution.cited or (), reveal=reveal)


#: Tries a learner has before a wrong answer's feedback gives the solution.
TRIES = 2


#: Records a graded answer: called with the puzzle, the feedback and the answer as given.
Recorder = Callable[[Puzzle, Feedback, object], object]
_RECORDERS: list[Recorder] = []


def on_answer(recorder: Recorder) -> None:
    """Asks for ``recorder`` to be called with every answer a ``Question`` checks (unless the
    question has its own ``record``). The layers above wire recording here; grading itself
    never records."""
    if recorder not in _RECORDERS:
        _RECORDERS.append(recorder)


@dataclass
class Question:
    """A puzzle ready for a notebook: show it, ``check`` answers, climb the ``hint`` ladder.

    ``record`` is called with each checked answer; by default the ``on_answer`` callbacks are.
    ``tries`` is how many answers the learner may give before the feedback of a wrong one
    shows the solution (the teacher's choice; at least 1): earlier wrong tries say what is
    wrong without the answer.

    >>> q = quiz("legal_play", seed=3)
    >>> q.check(q.puzzle.answer).correct
    True
    """

    puzzle: Puzzle
    hints_given: int = 0
    attempts: list[Feedback] = field(default_factory=list)
    _solution: Solution | None = field(default=None, repr=False)
    record: Recorder | None = field(default=None, repr=False, compare=False)
    tries: int = TRIES
    _seen: bool = field(default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        need_puzzle(self.puzzle)
        if isinstance(self.tries, bool) or not isinstance(self.tries, int) or self.tries < 1:
            raise ExerciseError(say("exercise.tries", value=repr(self.tries)))

    @property
    def first_try(self) -> bool | None:
        """Tells whether the first graded answer was right (``None`` before any)."""
        return self.attempts[0].correct if self.attempts else None

    @property
    def revealed(self) -> bool:
        """Tells whether the learner has seen the right answer: answered right, used every
        try, or asked for the solution."""
        return self._seen or any(a.reveal or a.correct for a in self.attempts)

    @property
    def solved(self) -> Solution:
        """Returns the engine's solution (computed once)."""
        if self._solution is None:
            self._solution = solve(self.puzzle)
        return self._solution

    @property
    def prompt(self) -> str:
        """Returns the question: the teacher's wording if any, else the kind's."""
        text = pick_text(self.puzzle.prompt)
        return text or spec(self.puzzle.kind).ask(self.puzzle.parsed, self.puzzle.question)

    @property
    def setup_lines(self) -> list[str]:
        """Returns the setup as sentences, one a line."""
        return spec(self.puzzle.kind).show_setup(self.puzzle.parsed, self.puzzle.question)

    @property
    def title(self) -> str:
        """Returns the title of the puzzle's kind ("Is this play allowed?"), or of its question
        when the kind's would not fit it ("Order of strength", "How many cards?")."""
        key = spec(self.puzzle.kind).title_key
        own = f"{key}.{self.puzzle.question}"
        return say(own if own in MESSAGES else key)

    @property
    def options(self) -> list[str]:
        """Returns the multiple-choice options in words (empty for open questions)."""
        s = spec(self.puzzle.kind)
        return [s.show_answer(s.read_answer(c.answer, self.puzzle.parsed, self.puzzle.question),
                              self.puzzle.parsed, self.puzzle.question)
                for c in self.puzzle.choices]

    def check(self, answer: object) -> Feedback:
        """Grades an answer, keeps the attempt, and hands it to the recorders (the learner's
        progress records it once ``guandan_learn.progress`` is loaded; off with
        ``GUANDAN_PROGRESS=off``)."""
        wrong = sum(not a.correct for a in self.attempts)
        feedback = grade(self.puzzle, answer, self.solved,
                         reveal=self.revealed or wrong + 1 >= self.tries)
        self.attempts.append(feedback)
        for recorder in [self.record] if self.record is not None else list(_RECORDERS):
            recorder(self.puzzle, feedback, answer)
        return feedback

    def hint_reasons(self) -> tuple[Reason, ...]:
        """Returns every hint as a reason, least specific first: the clause, the concept,
        nearly the answer."""
        clauses = self.puzzle.clauses or self.solved.clauses
        first = Reason.of("exercise.hint.clause", None, clauses=", ".join(clauses))
        rest = spec(self.puzzle.kind).hints(self.puzzle.parsed, self.puzzle.question,
                                            self.solved)
        return (first, *rest)

    def hint_ladder(self) -> list[str]:
        """Returns every hint, least specific first: the clause, the concept, nearly the answer."""
        return [r.text() for r in self.hint_reasons()]

    def hint(self) -> str:
        """Returns the next hint on the ladder (the last one again once all are given)."""
        ladder = self.hint_ladder()
        text = ladder[min(self.hints_given, len(ladder) - 1)]
        self.hints_given += 1
        return say("exercise.hint.numbered", number=min(self.hints_given, len(ladder)),
                   total=len(ladder), hint=text)

    def solution(self) -> Feedback:
        """Returns the answer with the engine's explanation."""
        self._seen = True
        return Feedback(self.puzzle, True, None, self.solved.answer, self.solved.reasons,
                        self.solved.clauses, named=self.solved.cited or (), shown=True)

    @property
    def typed(self) -> str:
        """Returns how to write the answer in text ("Answer yes or no."); screens show a
        control instead."""
        s = spec(self.puzzle.kind)
        return s.answer_shape(self.puzzle.parsed, self.puzzle.question).typed()

    def lines(self) -> list[str]:
        """Returns the question as text lines: setup, question, how to write the answer,
        options."""
        out = [*self.setup_lines, self.prompt, self.typed]
        if self.options:
            out.append(say("exercise.show.options", options=" | ".join(self.options)))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        body = "".join(f"<p>{linked(line)}</p>" for line in self.setup_lines)
        body += f"<p><b>{linked(self.prompt)}</b></p>"
        if self.options:
            items = "".join(f"<li>{html.escape(o)}</li>" for o in self.options)
            body += f"<ul>{items}</ul>"
        return f'<div class="guandan-question" id="{html.escape(self.puzzle.id)}">{body}</div>'


def quiz(kind: str, seed: int | None = None, difficulty: int = 1,
         tries: int = TRIES) -> Question:
    """Returns a fresh generated question of a kind (a random seed unless one is given)."""
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    return Question(generate(kind, seed, difficulty), tries=tries)


__all__ = ["TRIES", "Feedback", "Question", "Recorder", "grade", "on_answer", "quiz"]
