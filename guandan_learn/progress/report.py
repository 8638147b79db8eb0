"""The progress report a learner reads: chapters and rules by name, honest mastery, local times.

``Report.of(progress)`` gathers a learner's questions (first tries and retries, see
``mastery``), each chapter's and each rule's mastery and what is due; ``lines()`` writes it as
text (the ``progress`` command), ``html()`` as tables that wrap between words and fit a
1000-pixel cell (the study app's "My progress" tab). Chapters are named by their titles in the
learner's language and rules by their id and the first words of their text; times are the
computer's local time.

>>> from guandan_learn.progress import Progress
>>> Report.of(Progress(":memory:")).lines()
['No answers recorded yet. Answer a quiz and your progress shows here.']
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from ..messages import say
from .answer import DEFAULT_LEARNER, Answer, as_utc, utc_now
from .mastery import (
    WELL,
    Attempt,
    ChapterProgress,
    RuleMastery,
    attempts,
    chapter_progress,
    rule_mastery,
)
from .scheduling import Skill

if TYPE_CHECKING:
    from .store import Progress

#: The longest rule name, in characters, before it is cut at a word with "…".
NAME_LENGTH = 70
#: Colours of the view: right first time, right later, not solved, due.
GREEN, GOLD, RED, GREY = "#137333", "#b8860b", "#c8102e", "#5f6368"


# -- Names and times -------------------------------------------------------------------------


def chapter_title(number: int | None, language: str | None = None) -> str:
    """Returns a chapter's title in the learner's language ("3 · Combinations"); rules no
    chapter teaches are "Other rules".

    >>> chapter_title(3), chapter_title(3, "es"), chapter_title(None)
    ('3 · Combinations', '3 · Combinaciones', 'Other rules')
    """
    from ..course import chapters

    for c in chapters():
        if number is not None and c.number == number:
            return c.title(language)
    return say("progress.view.other_chapter")


def rule_name(clause: str, language: str | None = None) -> str:
    """Returns a rule's short name: the first sentence of its text without brackets (and
    without a one-word lead such as "Decision:"), cut at a word with "…" when long.

    >>> rule_name("§04.8"), rule_name("§06.2", "pt")
    ('Equal strength never beats: the play on the table stands', 'Quem abre a vaza precisa \
jogar e pode jogar qualquer combinação válida')
    >>> rule_name("§04.9")
    'The triple and the pair of a full house have different ranks'
    """
    from ..errors import RulebookError
    from ..rulebook import clause as clause_text

    try:
        text = clause_text(clause, language)
    except RulebookError:
        return ""
    lead, colon, rest = text.partition(": ")
    if colon and len(lead.split()) == 1:
        text = rest[:1].upper() + rest[1:]
    text = " ".join(re.sub(r"\s*\([^()]*\)", "", text).split())
    ends = [m.start() for m in re.finditer(r"\. ", text) if text[m.end():m.end() + 1].isupper()]
    name = (text[:ends[0]] if ends else text).strip().rstrip(".,;:")
    if len(name) > NAME_LENGTH:
        name = name[:NAME_LENGTH].rsplit(" ", 1)[0].rstrip(".,;:") + "…"
    return name


def local_time(moment: datetime) -> str:
    """Writes a time in the computer's local time zone: ``2025-03-01 10:00``."""
    return as_utc(moment).astimezone().strftime("%Y-%m-%d %H:%M")


def _time_html(text: str) -> str:
    """Writes a date and time (or any words) as HTML that wraps only between them."""
    return " ".join(f'<span style="white-space:nowrap">{html.escape(w)}</span>'
                    for w in text.split())


def local_zone(moment: datetime | None = None) -> str:
    """Returns the name of the local time zone (``CET``, ``UTC``, or an offset)."""
    local = as_utc(moment).astimezone()
    return local.tzname() or local.strftime("%z")


def _percent(value: float) -> int:
    return round(100 * value)


# -- The report ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Report:
    """A learner's progress at a moment: their questions, chapters and rules."""

    learner: str
    now: datetime
    questions: tuple[Attempt, ...]
    chapters: dict[int, ChapterProgress]
    rules: dict[str, RuleMastery]
    due_kinds: tuple[str, ...] = field(default=())

    @classmethod
    def from_answers(cls, learner: str, answers: Iterable[Answer],
                     now: datetime | str | None = None,
                     skills: Iterable[Skill] | None = None) -> Report:
        """Makes the report of a learner's answers; ``skills`` (the saved schedule) say what
        is due."""
        moment = as_utc(now) if now is not None else utc_now()
        schedule = list(skills or ())
        questions = tuple(attempts(a for a in answers if a.learner == learner))
        rules = rule_mastery(questions, moment, schedule)
        kinds = tuple(sorted(s.topic for s in schedule if s.what == "kind"
                             and s.is_due(moment)))
        return cls(learner, moment, questions,
                   chapter_progress(questions, moment, schedule, rules), rules, kinds)

    @classmethod
    def of(cls, progress: Progress, now: datetime | str | None = None,
           learner: str | None = None) -> Report:
        """Makes the report of a learner's saved progress (this one's by default)."""
        who = learner or progress.learner
        return cls.from_answers(who, progress.answers(who), now, progress.skills(who))

    # Numbers.

    def count(self, outcome: str) -> int:
        """Returns how many questions had an outcome: ``first``, ``later`` or ``wrong``."""
        return sum(q.outcome == outcome for q in self.questions)

    @property
    def title(self) -> str:
        """Returns the heading: "Your progress", or whose progress for a named learner."""
        if self.learner == DEFAULT_LEARNER:
            return say("progress.view.title")
        return say("progress.view.title_of", learner=self.learner)

    def headline(self) -> str:
        """Says how many questions were answered and how they went."""
        return say("progress.view.headline", questions=len(self.questions),
                   first=self.count("first"), later=self.count("later"),
                   wrong=self.count("wrong"))

    def chapter_words(self, chapter: ChapterProgress) -> str:
        """Says in plain words how a chapter's rules stand."""
        if not chapter.rules:
            return say("progress.view.words.untried", total=chapter.total)
        parts = [say("progress.view.words", well=chapter.well, total=chapter.total)]
        if chapter.once:
            parts.append(say("progress.view.words.once", count=chapter.once))
        if chapter.practice:
            parts.append(say("progress.view.words.practice", count=chapter.practice))
        if chapter.due:
            parts.append(say("progress.view.words.due", count=chapter.due))
        return " ".join(parts)

    def review_text(self, rule: RuleMastery) -> str:
        """Says when a rule is next reviewed: "due now", or a local time."""
        return say("progress.view.due_now") if rule.due else local_time(rule.next_review)

    def kinds_due(self) -> str:
        """Says which kinds of question are due (by their titles), or nothing."""
        if not self.due_kinds:
            return ""
        from ..exercises import spec

        names = []
        for kind in self.due_kinds:
            try:
                names.append(say(spec(kind).title_key))
            except (KeyError, ValueError):
                names.append(kind)
        return say("progress.view.due_kinds", kinds="; ".join(names))

    def practised_chapters(self) -> list[ChapterProgress]:
        """Returns the chapters with practised rules, in order (rules no chapter teaches
        last)."""
        return [c for c in self.chapters.values() if c.rules]

    # Text.

    def lines(self, width: int = 88) -> list[str]:
        """Returns the report as text lines wrapped at ``width``: the headline, each
        chapter's mastery in words, then each practised rule."""
        if not self.questions:
            return [say("progress.view.empty")]

        def wrap(text: str, indent: str = "") -> list[str]:
            return textwrap.wrap(text, width, initial_indent=indent,
                                 subsequent_indent=indent + "  ", break_long_words=False,
                                 break_on_hyphens=False)

        out = [self.title, *wrap(self.headline()),
               *wrap(say("progress.view.how", well=_percent(WELL))), "",
               say("progress.view.chapters")]
        for c in self.chapters.values():
            if c.measured:
                text = say("progress.view.chapter_line", chapter=chapter_title(c.chapter),
                           mastery=_percent(c.mastery), words=self.chapter_words(c))
            elif c.rules:
                text = say("progress.view.chapter_line_early", chapter=chapter_title(c.chapter),
                           words=self.chapter_words(c))
            else:
                text = f"{chapter_title(c.chapter)}: {self.chapter_words(c)}"
            out += wrap(text, "  ")
        out += ["", say("progress.view.rules")]
        for c in self.practised_chapters():
            out.append("  " + chapter_title(c.chapter))
            for r in c.rules:
                key = "progress.view.rule_line" if r.measured else "progress.view.rule_line_early"
                out += wrap(say(key, rule=f"{r.clause} {rule_name(r.clause)}".strip(),
                                first=r.right_first, questions=r.questions,
                                mastery=_percent(r.mastery),
                                state=say(f"progress.view.state.{r.state}"),
                                last=local_time(r.last_seen), review=self.review_text(r)),
                            "    ")
        if self.due_kinds:
            out += ["", *wrap(self.kinds_due())]
        out += ["", say("progress.view.times", zone=local_zone(self.now))]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    # HTML.

    def html(self, figure: str = "") -> str:
        """Returns the report as HTML: the headline, ``figure`` (an inline SVG, if given), a
        table of chapters and a table of practised rules. Text wraps between words; the
        tables take the cell's width, up to 1000 pixels."""
        e = html.escape
        head = f'<h2 style="{_HEAD};font-size:1.3em">{e(self.title)}</h2>'
        if not self.questions:
            return (f'<div class="gdl-progress" style="{_BOX}">{head}'
                    f"<p>{e(say('progress.view.empty'))}</p></div>")
        parts = [head, f"<p style=\"margin:0.3em 0\">{e(self.headline())}</p>",
                 f'<p style="margin:0.3em 0;color:{GREY}">'
                 f"{e(say('progress.view.how', well=_percent(WELL)))}</p>"]
        if figure:
            parts.append(f'<div class="gdl-progress-figure" style="margin:0.5em 0">'
                         f"{_responsive(figure)}</div>")
        parts.append(self._chapters_html())
        parts.append(self._rules_html())
        if self.due_kinds:
            parts.append(f'<p style="margin:0.4em 0">{e(self.kinds_due())}</p>')
        parts.append(f'<p style="margin:0.4em 0;color:{GREY};font-size:90%">'
                     f"{e(say('progress.view.times', zone=local_zone(self.now)))}</p>")
        return f'<div class="gdl-progress" style="{_BOX}">{"".join(parts)}</div>'

    def _chapters_html(self) -> str:
        e = html.escape
        heads = [("progress.view.col.chapter", 30, "left"),
                 ("progress.view.col.questions", 11, "right"),
                 ("progress.view.col.first", 13, "right"),
                 ("progress.view.col.mastery", 11, "right"),
                 ("progress.view.col.words", 35, "left")]
        rows = []
        for c in self.chapters.values():
            tried = bool(c.rules)
            if c.measured:
                mastery = say("progress.view.percent", percent=_percent(c.mastery))
            else:  # one answer says too little for a figure
                mastery = say("progress.view.early") if tried else "–"
            first = (say("progress.view.first_of", first=c.first, questions=c.questions)
                     if c.questions else "–")
            colour = GREEN if c.measured and c.mastery >= WELL else "inherit"
            words = e(self.chapter_words(c))
            if c.due:
                words = f'<span style="color:{RED}">●</span> ' + words
            rows.append(_row([e(chapter_title(c.chapter)), str(c.questions) if tried else "–",
                              e(first), f'<b style="color:{colour}">{e(mastery)}</b>',
                              words], heads, muted=not tried))
        title = say("progress.view.chapters")
        return (f'<h3 style="{_HEAD}">{e(title)}</h3>'
                + _table(heads, rows, "gdl-progress-chapters", title))

    def _rules_html(self) -> str:
        e = html.escape
        heads = [("progress.view.col.rule", 36, "left"),
                 ("progress.view.col.first", 12, "right"),
                 ("progress.view.col.memory", 10, "right"),
                 ("progress.view.col.mastery", 16, "right"),
                 ("progress.view.col.last", 13, "left"),
                 ("progress.view.col.review", 13, "left")]
        rows = []
        span = len(heads)
        for c in self.practised_chapters():
            rows.append(f'<tr><th colspan="{span}" scope="colgroup" style="{_CELL};'
                        f'text-align:left;background:#f1f3f4">{e(chapter_title(c.chapter))}'
                        "</th></tr>")
            for r in c.rules:
                name = rule_name(r.clause)
                rule = (f'<span style="white-space:nowrap"><b>{e(r.clause)}</b></span> '
                        f"{e(name)}")
                well = r.state == "well"
                figure = (say("progress.view.percent", percent=_percent(r.mastery))
                          if r.measured else say("progress.view.early"))
                mastery = (f'<b style="color:{GREEN if well else "inherit"}">{e(figure)}'
                           f"</b><br><span style=\"color:{GREY};font-size:90%\">"
                           f"{e(say(f'progress.view.state.{r.state}'))}</span>")
                review = _time_html(self.review_text(r))
                if r.due:
                    review = f'<span style="color:{RED}">● {review}</span>'
                rows.append(_row([
                    rule,
                    e(say("progress.view.first_of", first=r.right_first,
                          questions=r.questions)),
                    # Memory of a rule never answered right the first time is no figure to
                    # show (FSRS's is near 100 % just after any review, even a wrong one).
                    e(say("progress.view.percent", percent=_percent(r.memory))
                      if r.right_first else "–"),
                    mastery, _time_html(local_time(r.last_seen)), review], heads))
        title = say("progress.view.rules")
        return (f'<h3 style="{_HEAD}">{e(title)}</h3>'
                + _table(heads, rows, "gdl-progress-rules", title))


_BOX = ("max-width:1000px;box-sizing:border-box;font-family:inherit;font-size:14px;"
        "line-height:1.4;overflow-wrap:break-word;word-break:normal;white-space:normal")
_HEAD = "margin:0.8em 0 0.3em;font-size:1.1em;line-height:1.3"
_CELL = "padding:0.25em 0.5em;border-bottom:1px solid #dadce0;vertical-align:top"


def _table(heads: list[tuple[str, int, str]], rows: list[str], css: str, title: str) -> str:
    cols = "".join(f'<col style="width:{width}%">' for _, width, _ in heads)
    top = "".join(f'<th scope="col" style="{_CELL};text-align:{align};'
                  f'border-bottom:2px solid #5f6368">{html.escape(say(key))}</th>'
                  for key, _, align in heads)
    # In a cell too narrow for its longest words, the table scrolls rather than overflow.
    return (f'<div role="region" aria-label="{html.escape(title)}" tabindex="0" '
            f'style="overflow-x:auto;max-width:100%"><table class="{css}" '
            f'style="width:100%;max-width:1000px;table-layout:auto;'
            f'border-collapse:collapse;margin:0 0 0.5em">'
            f"<colgroup>{cols}</colgroup><thead><tr>{top}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>")


def _row(cells: list[str], heads: list[tuple[str, int, str]], *, muted: bool = False) -> str:
    colour = f";color:{GREY}" if muted else ""
    tds = "".join(f'<td style="{_CELL};text-align:{align}{colour}">{cell}</td>'
                  for cell, (_, _, align) in zip(cells, heads, strict=True))
    return f"<tr>{tds}</tr>"


def _responsive(svg: str) -> str:
    """Lets an inline SVG shrink to its cell (it keeps its ``viewBox``)."""
    return svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)


__all__ = ["Report", "chapter_title", "local_time", "local_zone", "rule_name"]
