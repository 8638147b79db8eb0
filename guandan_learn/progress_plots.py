"""Figures of progress: questions and mastery per chapter; what a class gets wrong.

The numbers come from pure functions (``Report`` in ``progress.report``, ``class_errors``)
that tests read without matplotlib; the figures only draw them. ``progress_figure`` (the study
app's "My progress" tab) draws each chapter's questions by how they went and its honest
mastery (first tries, recent ones most, times memory; see ``progress.mastery``).
``chapter_mastery`` and ``mastery_figure`` show the memory model alone: FSRS's retrievability,
the chance that the learner still knows a clause, which is near 100% just after any practice,
right or wrong. Pass ``now`` and the figures are the same on every run (``figure_svg`` writes
deterministic SVG).

>>> from datetime import datetime, UTC
>>> chapter_mastery([], datetime(2025, 1, 1, tzinfo=UTC))[3].practised
0
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from .messages import say
from .plots import BLUE, GOLD, GREEN, INK, RED, configure_matplotlib, figure_html
from .progress import Answer, Progress, Skill, as_utc, chapter_of, clause_key
from .progress.mastery import WELL
from .progress.report import Report, chapter_title

#: The chapters, in order.
CHAPTERS = (1, 2, 3, 4, 5, 6, 7)


@dataclass(frozen=True)
class ChapterMastery:
    """One chapter's clauses: how many were practised, how many are due, mean mastery (0–1)."""

    chapter: int
    practised: int = 0
    due: int = 0
    mastery: float = 0.0


def chapter_mastery(skills: Iterable[Skill], now: datetime | str | None = None
                    ) -> dict[int, ChapterMastery]:
    """Returns every chapter's memory from the learner's clause skills at ``now``: the mean
    retrievability of its clauses, whatever the answers were (``Report`` has mastery)."""
    moment = as_utc(now)
    found: dict[int, list[Skill]] = {c: [] for c in CHAPTERS}
    for skill in skills:
        chapter = chapter_of(skill.topic) if skill.what == "clause" else None
        if chapter is not None:
            found[chapter].append(skill)
    out: dict[int, ChapterMastery] = {}
    for chapter, items in found.items():
        if not items:
            out[chapter] = ChapterMastery(chapter)
            continue
        mean = sum(s.retrievability(moment) for s in items) / len(items)
        out[chapter] = ChapterMastery(chapter, len(items),
                                      sum(1 for s in items if s.is_due(moment)), mean)
    return out


def mastery_figure(skills: Iterable[Skill], now: datetime | str | None = None) -> Figure:
    """Draws mastery per chapter (left) and the practised clauses due now (right)."""
    configure_matplotlib(svg=False)
    items = list(skills)
    moment = as_utc(now)
    table = chapter_mastery(items, moment)
    fig = Figure(figsize=(9, 3.8))
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [3, 2]})
    xs = list(CHAPTERS)
    names = [say("progress.plot.chapter", chapter=c) for c in xs]
    values = [100 * table[c].mastery for c in xs]
    bars = left.bar(xs, values, color=[GREEN if v >= 80 else BLUE for v in values],
                    edgecolor=INK, linewidth=0.5)
    for bar, c in zip(bars, xs, strict=True):
        label = (say("progress.plot.practised", count=table[c].practised)
                 if table[c].practised else say("progress.plot.not_yet"))
        left.text(bar.get_x() + bar.get_width() / 2, bar.get_height() + 2, label,
                  ha="center", va="bottom", fontsize=8, color=INK)
    left.set_xticks(xs, names)
    left.set_ylim(0, 115)
    left.set_yticks([0, 20, 40, 60, 80, 100])
    left.set_ylabel(say("progress.plot.mastery_axis"))
    left.set_title(say("progress.plot.mastery_title"))
    due = [table[c].due for c in xs]
    fresh = [table[c].practised - table[c].due for c in xs]
    right.bar(xs, due, color=RED, label=say("progress.plot.due_now"))
    right.bar(xs, fresh, bottom=due, color=GREEN, alpha=0.5,
              label=say("progress.plot.not_due"))
    right.set_xticks(xs, [str(c) for c in xs])
    right.set_xlabel(say("progress.plot.chapter_axis"))
    right.set_ylabel(say("progress.plot.clauses_axis"))
    kinds = sorted(s.topic for s in items if s.what == "kind" and s.is_due(moment))
    right.set_title(say("progress.plot.due_title", when=moment.strftime("%Y-%m-%d %H:%M")))
    right.legend(loc="upper right", fontsize=8)
    top = max([p + d for p, d in zip(fresh, due, strict=True)] + [1])
    right.set_ylim(0, top * 1.3 + 1)
    right.yaxis.get_major_locator().set_params(integer=True)
    if kinds:
        fig.text(0.5, 0.01, say("progress.plot.kinds_due", kinds=", ".join(kinds)),
                 ha="center", fontsize=9, color=RED)
    for ax in (left, right):
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    fig.tight_layout(rect=(0, 0.05 if kinds else 0, 1, 1))
    return fig


def progress_svg(progress: Progress, now: datetime | str | None = None,
                 learner: str | None = None) -> str:
    """Returns the figure of a learner's saved progress (``progress_figure``) as
    deterministic inline SVG with ``role="img"``, a title and a text description."""
    return figure_html(progress_figure(Report.of(progress, now, learner)))


def _wrapped(text: str, width: int = 30) -> str:
    return "\n".join(textwrap.wrap(text, width, break_long_words=False,
                                    break_on_hyphens=False)[:3])


def progress_figure(report: Report) -> Figure:
    """Draws one bar per chapter: its questions right the first time, right after another try
    and not solved; beside it, the chapter's mastery and a red dot with how many of its rules
    are due for review. Chapters are named by their titles in the learner's language."""
    configure_matplotlib(svg=False)
    rows = list(report.chapters.values())
    fig = Figure(figsize=(9.6, 1.25 + 0.5 * len(rows)))
    ax = fig.subplots()
    ys = list(range(len(rows)))[::-1]
    parts = [("first", GREEN, say("progress.bars.first")),
             ("later", GOLD, say("progress.bars.later")),
             ("wrong", RED, say("progress.bars.wrong"))]
    left = [0] * len(rows)
    for name, colour, label in parts:
        values = [getattr(c, name) for c in rows]
        ax.barh(ys, values, left=left, color=colour, height=0.62, label=label,
                edgecolor="white", linewidth=0.8)
        left = [a + b for a, b in zip(left, values, strict=True)]
    top = max([*left, 1])
    ax.set_xlim(0, top * 1.02)
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.set_yticks(ys, [_wrapped(chapter_title(c.chapter)) for c in rows], fontsize=9)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(say("progress.bars.axis"))
    ax.set_title(say("progress.bars.title"), loc="left", fontsize=12)
    side = ax.get_yaxis_transform()
    beside: dict[str, Any] = {"xycoords": side, "textcoords": "offset points", "fontsize": 9,
              "annotation_clip": False}
    for y, c in zip(ys, rows, strict=True):
        if not c.rules:
            ax.annotate(say("progress.bars.untried"), (1, y), (8, 0), va="center",
                        color=INK, alpha=0.6, **beside)
            continue
        words = (say("progress.bars.mastery", percent=round(100 * c.mastery),
                     tried=len(c.rules), total=c.total) if c.measured  # one answer: no figure
                 else say("progress.bars.early", tried=len(c.rules), total=c.total))
        ax.annotate(words, (1, y), (8, 1 if c.due else 0), va="bottom" if c.due else "center",
                    color=INK, fontweight="bold" if c.measured and c.mastery >= WELL
                    else "normal", **beside)
        if c.due:
            ax.annotate("● " + say("progress.bars.due", count=c.due), (1, y), (8, -1),
                        va="top", color=RED, **beside)
    height = fig.get_figheight()
    fig.subplots_adjust(left=0.27, right=0.69, top=1 - 0.45 / height, bottom=0.95 / height)
    fig.legend(loc="lower left", bbox_to_anchor=(0.27, 0.02 / height), ncol=3,
               frameon=False, fontsize=9)
    for name in ("top", "right"):
        ax.spines[name].set_visible(False)
    return fig


@dataclass(frozen=True)
class ClauseErrors:
    """How a group answered the puzzles citing one clause."""

    clause: str
    answered: int
    wrong: int
    learners_wrong: int

    @property
    def share_wrong(self) -> float:
        """Returns the share of wrong answers."""
        return self.wrong / self.answered if self.answered else 0.0


def class_errors(answers: Iterable[Answer | Mapping[str, str]]) -> list[ClauseErrors]:
    """Counts, per clause, the answers and the wrong ones (and how many learners got one
    wrong), most often wrong first. Rows may be ``Answer``\\ s or CSV rows.

    >>> rows = [{"learner": "a", "clauses": "§04.3", "correct": "0"},
    ...         {"learner": "b", "clauses": "§04.3 §05.2", "correct": "1"}]
    >>> [(e.clause, e.answered, e.wrong) for e in class_errors(rows)]
    [('§04.3', 2, 1), ('§05.2', 1, 0)]
    """
    answered: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    who: dict[str, set[str]] = {}
    for row in answers:
        if isinstance(row, Answer):
            clauses, correct, learner = row.clauses, row.correct, row.learner
        else:
            clauses = tuple(str(row.get("clauses") or "").split())
            correct = str(row.get("correct", "")).strip().lower() in ("1", "true", "yes")
            learner = str(row.get("learner") or "")
        for clause in dict.fromkeys(clauses):
            answered[clause] += 1
            if not correct:
                wrong[clause] += 1
                who.setdefault(clause, set()).add(learner)
    out = [ClauseErrors(c, answered[c], wrong[c], len(who.get(c, ()))) for c in answered]
    return sorted(out, key=lambda e: (-e.share_wrong, -e.wrong, clause_key(e.clause)))


def class_errors_figure(errors: Iterable[ClauseErrors], *, most: int = 15) -> Figure:
    """Draws, per clause, the share of a class's answers that were wrong (most wrong on top)."""
    configure_matplotlib(svg=False)
    rows = list(errors)[:most]
    fig = Figure(figsize=(8, 0.9 + 0.34 * max(len(rows), 1)))
    ax = fig.subplots()
    ys = list(range(len(rows)))[::-1]
    shares = [100 * e.share_wrong for e in rows]
    ax.barh(ys, shares, color=[RED if s >= 50 else BLUE for s in shares], height=0.65)
    for y, e, s in zip(ys, rows, shares, strict=True):
        ax.text(s + 1, y, say("progress.plot.wrong_label", wrong=e.wrong, answered=e.answered,
                              learners=e.learners_wrong), va="center", fontsize=8, color=INK)
    ax.set_yticks(ys, [e.clause for e in rows])
    ax.set_xlim(0, 130)
    ax.set_xticks([0, 25, 50, 75, 100])
    ax.set_xlabel(say("progress.plot.wrong_axis"))
    ax.set_title(say("progress.plot.wrong_title"))
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    fig.tight_layout()
    return fig


__all__ = [
    "CHAPTERS",
    "ChapterMastery",
    "ClauseErrors",
    "chapter_mastery",
    "class_errors",
    "class_errors_figure",
    "mastery_figure",
    "progress_figure",
    "progress_svg",
]
