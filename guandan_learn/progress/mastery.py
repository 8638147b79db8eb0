"""Honest mastery: first tries only, recent ones weighted most, fading as memory fades.

Every try is recorded (one ``Answer`` row each), so the rows of one question are grouped back:
answers to the same puzzle by the same learner, each within ``RETRY_WINDOW`` of the one
before, are one question (``Attempt``), whose first try is what counts. A quiz's score counts
the same way.

The mastery of a rule (a clause) is the recency-weighted share of its questions answered
right the first time (the newest weighs 1, the one before ``DECAY``, then ``DECAY``² …),
times the chance that the learner still remembers the rule now (FSRS's retrievability, from
the first tries alone). Right after practice the memory part is close to 1, so the figure is
the accuracy; it falls while the rule goes unpractised, faster for a rule met only once. A
rule is *known well* at ``WELL`` or more once it has been asked twice or more; a chapter's
mastery pools the first tries on its rules (the rules' mastery, weighted by their questions).

One answer says too little for a figure: right once is not "100 %" known. A rule's mastery is
*measured* (shown as a figure) once it has been asked ``EVIDENCE`` times or more, and a
chapter's once one of its rules is measured; before that the report says it is too early and
shows what happened in words ("right the only time it was asked").

>>> from guandan_learn.progress import Answer
>>> def row(minute, correct, puzzle="p"):
...     return Answer(at=f"2025-03-01T09:{minute:02d}Z", learner="me", source="bank",
...                   puzzle=puzzle, kind="legal_play", seed=None, difficulty=1,
...                   clauses=("§04.3",), answer="x", correct=correct)
>>> tries = attempts([row(0, False), row(1, True), row(5, True, "q")])
>>> [(a.puzzle, a.tries, a.outcome) for a in tries]
[('p', 2, 'later'), ('q', 1, 'first')]
>>> rule = rule_mastery(tries, "2025-03-01T09:06Z")["§04.3"]
>>> rule.questions, rule.right_first, round(rule.mastery, 2), rule.state
(2, 1, 0.56, 'practice')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache

import fsrs

from .answer import Answer, as_utc
from .scheduling import RETRY_WINDOW, Skill, _card_id, chapter_of, clause_key, scheduler

#: Each older first try weighs this much of the one after it.
DECAY = 0.8
#: The mastery from which a rule is known well.
WELL = 0.8
#: The questions on a rule before its mastery is shown as a figure (one says too little).
EVIDENCE = 2
#: The chapter that teaches the house rules (V1–V14).
HOUSE_RULES_CHAPTER = 9


@dataclass(frozen=True)
class Attempt:
    """One question as the learner met it: the first try and the tries right after it."""

    answers: tuple[Answer, ...]

    @property
    def first(self) -> Answer:
        """Returns the first try."""
        return self.answers[0]

    @property
    def puzzle(self) -> str:
        """Returns the puzzle's id."""
        return self.first.puzzle

    @property
    def clauses(self) -> tuple[str, ...]:
        """Returns the rules the question practises (each once)."""
        return tuple(dict.fromkeys(c for a in self.answers for c in a.clauses))

    @property
    def tries(self) -> int:
        """Returns how many answers were given."""
        return len(self.answers)

    @property
    def at(self) -> datetime:
        """Returns when the first try was made."""
        return as_utc(self.first.at)

    @property
    def last_at(self) -> datetime:
        """Returns when the last try was made."""
        return as_utc(self.answers[-1].at)

    @property
    def right_first(self) -> bool:
        """Tells whether the first try was right."""
        return self.first.correct

    @property
    def outcome(self) -> str:
        """Returns ``"first"`` (right the first time), ``"later"`` (right after another try)
        or ``"wrong"`` (never right)."""
        if self.first.correct:
            return "first"
        return "later" if any(a.correct for a in self.answers) else "wrong"


def attempts(answers: Iterable[Answer], window: timedelta = RETRY_WINDOW) -> list[Attempt]:
    """Groups answers into questions: tries at one puzzle by one learner, each within
    ``window`` of the one before (in time order), are one question. Oldest first."""
    rows = sorted(answers, key=lambda a: (a.at, a.id))
    groups: list[list[Answer]] = []
    open_: dict[tuple[str, str], list[Answer]] = {}
    for a in rows:
        key = (a.learner, a.puzzle)
        group = open_.get(key)
        if group is not None and as_utc(a.at) - as_utc(group[-1].at) <= window:
            group.append(a)
            continue
        group = [a]
        open_[key] = group
        groups.append(group)
    return [Attempt(tuple(g)) for g in groups]


def rule_chapter(clause: str) -> int | None:
    """Returns the chapter that teaches a rule: as ``chapter_of``, and house rules in
    chapter 9.

    >>> rule_chapter("§04.3"), rule_chapter("V4")
    (3, 9)
    """
    if re.fullmatch(r"V\d+[a-z]?", clause):
        return HOUSE_RULES_CHAPTER
    return chapter_of(clause)


@dataclass(frozen=True)
class RuleMastery:
    """One rule's first tries, memory and mastery at a moment.

    ``weight`` and ``score`` are the sums behind ``accuracy``: the recency weights of its first
    tries, and of the right ones. ``due`` says whether the schedule asks to review it now.
    """

    clause: str
    questions: int
    right_first: int
    right_later: int
    weight: float
    score: float
    memory: float
    due: bool
    next_review: datetime
    last_seen: datetime

    @property
    def chapter(self) -> int | None:
        """Returns the chapter that teaches the rule."""
        return rule_chapter(self.clause)

    @property
    def wrong(self) -> int:
        """Returns the questions never answered right."""
        return self.questions - self.right_first - self.right_later

    @property
    def accuracy(self) -> float:
        """Returns the recency-weighted share of right first tries."""
        return self.score / self.weight if self.weight else 0.0

    @property
    def mastery(self) -> float:
        """Returns accuracy times memory (0–1)."""
        return self.accuracy * self.memory

    @property
    def measured(self) -> bool:
        """Tells whether the rule has been asked often enough (``EVIDENCE``) for its mastery
        to be shown as a figure."""
        return self.questions >= EVIDENCE

    @property
    def state(self) -> str:
        """Returns ``"well"`` (known well: ``WELL`` or more, over two questions or more),
        ``"once"`` (right the only time it was asked) or ``"practice"`` (needs more
        practice)."""
        if self.mastery >= WELL:
            return "well" if self.questions >= 2 else "once"
        return "practice"


def _new_card(learner: str, clause: str) -> fsrs.Card:
    return fsrs.Card(card_id=_card_id(learner, f"first:{clause}"),
                     due=datetime(2000, 1, 1, tzinfo=UTC))


def rule_mastery(questions: Iterable[Attempt], now: datetime | str | None = None,
                 skills: Iterable[Skill] | None = None) -> dict[str, RuleMastery]:
    """Returns the mastery of every rule the questions practise at ``now``, in rulebook order.

    Memory comes from an FSRS card that sees only first tries. ``skills`` (the saved schedule,
    ``Progress.skills()``) says what is due, as the "Due first" practice serves it; without
    them the first-try card does.
    """
    moment = as_utc(now)
    by_rule: dict[str, list[Attempt]] = {}
    for q in sorted(questions, key=lambda q: (q.at, q.first.id)):
        for clause in q.clauses:
            by_rule.setdefault(clause, []).append(q)
    schedule: Mapping[str, Skill] = {s.topic: s for s in skills or () if s.what == "clause"}
    sched = scheduler()
    out: dict[str, RuleMastery] = {}
    for clause in sorted(by_rule, key=clause_key):
        items = by_rule[clause]
        card = _new_card(items[0].first.learner, clause)
        weight = score = 0.0
        for age, q in enumerate(reversed(items)):
            w = DECAY ** age
            weight += w
            score += w * q.right_first
        for q in items:
            rating = fsrs.Rating.Good if q.right_first else fsrs.Rating.Again
            when = q.at if card.last_review is None else max(q.at, as_utc(card.last_review))
            card = sched.review_card(card, rating, review_datetime=when)[0]
        memory = float(sched.get_card_retrievability(card, max(moment, items[-1].at)))
        skill = schedule.get(clause)
        due_at = skill.due if skill is not None else as_utc(card.due)
        out[clause] = RuleMastery(
            clause, len(items), sum(q.outcome == "first" for q in items),
            sum(q.outcome == "later" for q in items), weight, score, memory,
            due_at <= moment, due_at, max(q.last_at for q in items))
    return out


@dataclass(frozen=True)
class ChapterProgress:
    """A chapter's rules and questions: how they went, and its mastery.

    ``rules`` are the rules practised; ``total`` counts the rules the chapter teaches (or, for
    a chapter that teaches none of its own, the rules its questions practised). ``first``,
    ``later`` and ``wrong`` count the questions it asked by outcome (``question_chapter``).
    """

    chapter: int
    total: int
    rules: tuple[RuleMastery, ...]
    first: int = 0
    later: int = 0
    wrong: int = 0

    @property
    def questions(self) -> int:
        """Returns the questions on the chapter's rules."""
        return self.first + self.later + self.wrong

    @property
    def mastery(self) -> float:
        """Returns the first tries on its rules pooled: recency-weighted right answers times
        memory, over their weight (0 before any)."""
        if not self.rules:
            return 0.0
        weight = sum(r.weight for r in self.rules)
        return sum(r.score * r.memory for r in self.rules) / weight

    @property
    def measured(self) -> bool:
        """Tells whether the chapter's mastery is shown as a figure: once one of its rules is
        measured (asked ``EVIDENCE`` times or more)."""
        return any(r.measured for r in self.rules)

    @property
    def well(self) -> int:
        """Returns the rules known well."""
        return sum(r.state == "well" for r in self.rules)

    @property
    def once(self) -> int:
        """Returns the rules answered right the only time they were asked."""
        return sum(r.state == "once" for r in self.rules)

    @property
    def practice(self) -> int:
        """Returns the rules practised that need more practice."""
        return sum(r.state == "practice" for r in self.rules)

    @property
    def due(self) -> int:
        """Returns the rules due for review."""
        return sum(r.due for r in self.rules)

    @property
    def untried(self) -> int:
        """Returns the rules not practised yet."""
        return max(self.total - len(self.rules), 0)


def chapter_rules() -> dict[int, tuple[str, ...]]:
    """Returns the rules each chapter teaches: the rulebook's clauses by ``rule_chapter``
    (§01 describes the game and is not drilled).

    >>> rules = chapter_rules()
    >>> rules[3][:2], len(rules[9])
    (('§04.1', '§04.2'), 14)
    """
    from ..rulebook import clauses

    out: dict[int, list[str]] = {}
    for c in clauses("en"):
        chapter = rule_chapter(c)
        if chapter is not None and not c.startswith("§01"):
            out.setdefault(chapter, []).append(c)
    return {k: tuple(v) for k, v in sorted(out.items())}


@cache
def quiz_chapters_of() -> tuple[dict[str, int], dict[str, int]]:
    """Returns the chapter of every puzzle a chapter's quiz asks (by id), and of every kind
    (the first chapter whose quiz asks it)."""
    from ..course import chapters
    from .regrade import Regrader

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


def question_chapter(question: Attempt) -> int | None:
    """Returns the chapter a question counts for, as the teacher's class report counts it: the
    chapter whose "Check yourself" quiz asks the puzzle; else the latest chapter among the rules
    it practises; else the first chapter whose quiz asks its kind (``None``: no chapter).

    >>> from guandan_learn.progress import Answer
    >>> endgame = Answer(at="2025-03-01T09:00Z", learner="me", source="bank",
    ...                  puzzle="endgame-ctl-two-pairs", kind="endgame", seed=None,
    ...                  difficulty=1, clauses=("§06.3",), answer="x", correct=True)
    >>> question_chapter(Attempt((endgame,))), rule_chapter("§06.3")
    (11, 5)
    """
    return counted_chapter(question.puzzle, question.clauses, question.first.kind)


def counted_chapter(puzzle: str, clauses: Iterable[str], kind: str,
                    teaches: Callable[[str], int | None] = rule_chapter) -> int | None:
    """Returns the chapter a puzzle's answers count for: the chapter whose quiz asks it; else
    the latest chapter that ``teaches`` one of its clauses; else the first chapter whose quiz
    asks its kind (``None``: no chapter)."""
    puzzles, kinds = quiz_chapters_of()
    if puzzle in puzzles:
        return puzzles[puzzle]
    found = [n for n in (teaches(c) for c in clauses) if n is not None]
    if found:
        return max(found)
    return kinds.get(kind)


def chapter_progress(questions: Iterable[Attempt], now: datetime | str | None = None,
                     skills: Iterable[Skill] | None = None,
                     rules: Mapping[str, RuleMastery] | None = None
                     ) -> dict[int, ChapterProgress]:
    """Returns every chapter that teaches rules, and every other chapter whose questions were
    answered, in order, with the learner's progress (``rules``: their ``rule_mastery``, if
    already known).

    A question counts in one chapter, ``question_chapter`` (the one whose quiz asked it). A
    chapter's rules are those it teaches; a chapter that teaches none of its own (a whole deal,
    the mixed drills, endgames) has the rules its questions practise.
    """
    items = list(questions)
    if rules is None:
        rules = rule_mastery(items, now, skills)
    taught = chapter_rules()
    asked: dict[int, list[Attempt]] = {}
    for q in items:
        n = question_chapter(q)
        if n is not None:
            asked.setdefault(n, []).append(q)
    out: dict[int, ChapterProgress] = {}
    chapters = set(taught) | {r.chapter for r in rules.values() if r.chapter} | set(asked)
    for chapter in sorted(chapters):
        mine_asked = asked.get(chapter, [])
        if chapter in taught:
            mine = tuple(r for r in rules.values() if r.chapter == chapter)
            total = len(set(taught[chapter]) | {r.clause for r in mine})
        else:
            drilled = {c for q in mine_asked for c in q.clauses}
            mine = tuple(r for r in rules.values()
                         if r.chapter == chapter or r.clause in drilled)
            total = len(mine)
        outcomes = [q.outcome for q in mine_asked]
        out[chapter] = ChapterProgress(chapter, total, mine, outcomes.count("first"),
                                       outcomes.count("later"), outcomes.count("wrong"))
    return out


__all__ = [
    "DECAY",
    "EVIDENCE",
    "RETRY_WINDOW",
    "WELL",
    "Attempt",
    "ChapterProgress",
    "RuleMastery",
    "attempts",
    "chapter_progress",
    "chapter_rules",
    "counted_chapter",
    "question_chapter",
    "quiz_chapters_of",
    "rule_chapter",
    "rule_mastery",
]
