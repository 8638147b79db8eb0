"""Skills as FSRS flashcards, summaries of results, and the chapters clauses belong to."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import fsrs

from ..messages import say

if TYPE_CHECKING:
    pass
from .answer import Answer, as_utc

# -- Summaries -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stats:
    """How a learner did on one kind or clause: answered, right, and when last seen."""

    answered: int = 0
    right: int = 0
    last_seen: str | None = None

    @property
    def accuracy(self) -> float:
        """Returns the share of right answers (0 when none was answered)."""
        return self.right / self.answered if self.answered else 0.0

    def add(self, answer: Answer) -> Stats:
        """Returns the stats with one more answer."""
        last = max(self.last_seen or answer.at, answer.at)
        return Stats(self.answered + 1, self.right + answer.correct, last)


@dataclass(frozen=True)
class Summary:
    """A learner's results per puzzle kind and per clause; prints as a table."""

    learner: str
    total: Stats
    kinds: dict[str, Stats]
    clauses: dict[str, Stats]

    @classmethod
    def of(cls, learner: str, answers: Iterable[Answer]) -> Summary:
        """Adds up answers."""
        total = Stats()
        kinds: dict[str, Stats] = {}
        clauses: dict[str, Stats] = {}
        for a in answers:
            total = total.add(a)
            kinds[a.kind] = kinds.get(a.kind, Stats()).add(a)
            for c in dict.fromkeys(a.clauses):
                clauses[c] = clauses.get(c, Stats()).add(a)
        return cls(learner, total, dict(sorted(kinds.items())),
                   dict(sorted(clauses.items(), key=lambda kv: clause_key(kv[0]))))

    def lines(self) -> list[str]:
        """Returns the summary as text lines: the total, then a table by kind and by clause."""
        t = self.total
        if not t.answered:
            return [say("progress.summary.empty", learner=self.learner)]
        out = [say("progress.summary.total", learner=self.learner, answered=t.answered,
                   right=t.right, percent=round(100 * t.accuracy))]
        for title, table in ((say("progress.summary.by_kind"), self.kinds),
                             (say("progress.summary.by_clause"), self.clauses)):
            out.append("")
            out.append(title)
            head = (say("progress.summary.what"), say("progress.summary.answered"),
                    say("progress.summary.right"), say("progress.summary.accuracy"),
                    say("progress.summary.last_seen"))
            width = max(len(head[0]), *(len(k) for k in table))
            out.append(f"  {head[0]:<{width}}  {head[1]:>8}  {head[2]:>6}  {head[3]:>8}  "
                       f"{head[4]}")
            for name, s in table.items():
                last = (s.last_seen or "")[:16].replace("T", " ")
                out.append(f"  {name:<{width}}  {s.answered:>8}  {s.right:>6}  "
                           f"{round(100 * s.accuracy):>7}%  {last}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def clause_key(clause: str) -> tuple[int, ...]:
    """Sorts clause ids in rulebook order: §02.6 < §02.10 < §03; variants (V4) after them.

    >>> sorted(["§04.10", "V2", "§04.9", "§02"], key=clause_key)
    ['§02', '§04.9', '§04.10', 'V2']
    """
    numbers = tuple(int(n) for n in re.findall(r"\d+", clause))
    return ((1 if clause.startswith("V") else 0), *numbers)


# -- Skills and the scheduler ----------------------------------------------------------------


def scheduler() -> fsrs.Scheduler:
    """Returns the FSRS scheduler of every skill (no random fuzz, so schedules repeat)."""
    return fsrs.Scheduler(enable_fuzzing=False)


def _card_id(learner: str, skill: str) -> int:
    digest = hashlib.sha256(f"{learner}\x1f{skill}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass(frozen=True)
class Skill:
    """A puzzle kind (``kind:legal_play``) or a clause (``clause:§04.3``) and its FSRS card."""

    learner: str
    name: str
    card: fsrs.Card

    @property
    def what(self) -> str:
        """Returns ``"kind"`` or ``"clause"``."""
        return self.name.partition(":")[0]

    @property
    def topic(self) -> str:
        """Returns the kind or the clause itself: ``legal_play``, ``§04.3``."""
        return self.name.partition(":")[2]

    @property
    def due(self) -> datetime:
        """Returns when the skill is due for practice."""
        return as_utc(self.card.due)

    def is_due(self, now: datetime | str | None = None) -> bool:
        """Says whether the skill is due at ``now``."""
        return self.due <= as_utc(now)

    def retrievability(self, now: datetime | str | None = None) -> float:
        """Returns the chance (0–1) that the learner still knows the skill at ``now``."""
        return float(scheduler().get_card_retrievability(self.card, as_utc(now)))

    def label(self) -> str:
        """Returns the skill in words: "kind legal_play", "clause §04.3"."""
        key = "progress.skill.kind" if self.what == "kind" else "progress.skill.clause"
        return say(key, topic=self.topic)


#: Tries at one puzzle closer than this to the try before are one question: mastery counts
#: its first try, and the review schedule reviews only that one.
RETRY_WINDOW = timedelta(minutes=30)


def is_retry(at: datetime, before: datetime | None) -> bool:
    """Tells whether a try at ``at`` is a retry of the same puzzle tried last at ``before``.

    >>> from datetime import UTC
    >>> t = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    >>> is_retry(t + RETRY_WINDOW, t), is_retry(t + RETRY_WINDOW * 2, t), is_retry(t, None)
    (True, False, False)
    """
    return before is not None and as_utc(at) - as_utc(before) <= RETRY_WINDOW


def first_tries(answers: Iterable[Answer]) -> Iterator[Answer]:
    """Yields the answers (of one learner, in time order) that the schedule reviews: all but
    the retries (``is_retry``) of a puzzle."""
    tried: dict[str, datetime] = {}
    for a in answers:
        at = as_utc(a.at)
        before = tried.get(a.puzzle)
        tried[a.puzzle] = at
        if not is_retry(at, before):
            yield a


def review(card: fsrs.Card, correct: bool, at: datetime) -> fsrs.Card:
    """Returns the card after one answer: rated Good when right, Again when wrong."""
    rating = fsrs.Rating.Good if correct else fsrs.Rating.Again
    last = card.last_review
    if last is not None and as_utc(last) > at:
        at = as_utc(last)  # answers arrive in time order; never review into the past
    return scheduler().review_card(card, rating, review_datetime=at)[0]


# -- Chapters --------------------------------------------------------------------------------


def chapter_of(clause: str) -> int | None:
    """Returns the chapter that teaches a clause (1–7), or ``None`` for a variant or unknown.

    >>> [chapter_of(c) for c in ("§02.3", "§02.7", "§03.2", "§03.4", "§04.3", "§09.1", "V4")]
    [1, 2, 1, 2, 3, 5, None]
    """
    numbers = [int(n) for n in re.findall(r"\d+", clause)] if clause.startswith("§") else []
    if not numbers:
        return None
    section, sub = numbers[0], (numbers[1] if len(numbers) > 1 else 0)
    if section in (1, 2):
        return 2 if section == 2 and sub >= 6 else 1
    if section == 3:
        return 2 if sub >= 3 else 1
    return {4: 3, 5: 4, 6: 5, 9: 5, 7: 6, 8: 7}.get(section)

