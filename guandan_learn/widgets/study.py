"""The study app: what is due first, every chapter's quiz, your progress and your paper sheet.

``make app`` serves it through Voilà (``notebooks/app.ipynb``), so students see the widgets and
no code. The first tab is a ``Quiz`` over ``Progress.next_puzzles``: the skills the learner's
saved progress says are due, then new material; "New set" makes another. Each chapter's tab
holds the quiz of that chapter (the course's chapter list, ``data/chapters.yaml``, which the
chapters' notebooks read too). "My progress" shows the progress report (``progress_html``),
"My paper sheet" (``PaperSheet``) takes the code of a printed worksheet and asks its questions
again, and the last tab, "Play a deal", is a ``PlayDeal`` against the computer (every other
seat a ``SolverPlayer``) with its Review: "New deal" deals a whole deal, "New endgame" one the
computer plays until ``REVIEW_CARDS`` cards are left, so that every move is judged (each from
its own run of seeds, from the app's ``seed`` on).
Under the tabs, ``HandIn`` holds the learner's name and a "Download my results" link. Every
answer is graded by ``Question.check``, which saves it (``guandan_learn.progress.record_answer``).

>>> from guandan_learn.progress import Progress
>>> app = StudyApp(Progress(":memory:"), count=3)
>>> app.drill.count, [t.split(" ·")[0] for t in app.tabs.titles][:3]
(3, ['Due first', '1', '2'])
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import ipywidgets as widgets

from ..assignments import find_assignments
from ..bots import SolverPlayer
from ..course import chapter, chapters
from ..errors import CourseError, GuandanError
from ..exercises import TRIES
from ..messages import say
from ..progress import Progress, progress_path
from ..progress.report import Report
from ..review import REVIEW_CARDS
from ..rulebook import linked
from .assignments import ClassBox
from .hand_in import HandIn
from .paper import PaperSheet
from .play import PlayDeal
from .quiz import Quiz, quiz_set
from .saved import RunFirst


@dataclass(frozen=True)
class ChapterQuiz:
    """A chapter's quiz as the course lists it: bank ids, generated puzzles, a seed."""

    chapter: str
    title: str
    ids: tuple[str, ...]
    generated: tuple[tuple[Any, ...], ...] = ()
    seed: int = 0
    difficulty: int = 1
    tries: int = TRIES

    def make(self) -> Quiz:
        """Returns the quiz widget (as many tries before the solution as the chapter gives)."""
        return quiz_set(list(self.ids), list(self.generated), seed=self.seed,
                        difficulty=self.difficulty, tries=self.tries)


def chapter_quizzes() -> list[ChapterQuiz]:
    """Returns the quiz of every chapter that has one, in chapter order, titled in the
    learner's language (the course's chapter list, ``guandan_learn/data/chapters.yaml``).

    >>> [q.title for q in chapter_quizzes()][:1]
    ['1 · Cards and rank order']
    """
    return [ChapterQuiz(c.id, c.title(), c.quiz.ids, c.quiz.generated, c.quiz.seed,
                        tries=c.quiz.tries or TRIES)
            for c in chapters() if c.quiz is not None]


def chapter_quiz(name: str | int) -> Quiz:
    """Returns the "Check yourself" quiz of a chapter, by its notebook name or number.

    >>> chapter_quiz("03_combinations").puzzle.id
    'classify-long-tube'
    """
    c = chapter(name)
    if c.quiz is None:
        raise CourseError(say("course.no_quiz", name=c.id))
    quiz = ChapterQuiz(c.id, c.title(), c.quiz.ids, c.quiz.generated, c.quiz.seed,
                       tries=c.quiz.tries or TRIES).make()
    quiz.children = (*quiz.children, HandIn())  # hand in: the learner's name, a download
    if find_assignments()[0]:  # a class's assignments: the class code and what is open
        quiz.children = (*quiz.children, ClassBox())
    return quiz


def progress_html(progress: Progress, now: datetime | str | None = None,
                  learner: str | None = None) -> str:
    """Returns a learner's progress as the "My progress" tab shows it: the questions by
    chapter as a picture, then tables of chapters and rules by name, in local time."""
    report = Report.of(progress, now, learner)
    figure = ""
    if report.questions:
        try:
            from ..plots import figure_html
            from ..progress_plots import progress_figure

            figure = figure_html(progress_figure(report))
        except ImportError:  # pragma: no cover - matplotlib is in the lab extra
            pass
    return report.html(figure)


class StudyApp(RunFirst, widgets.VBox):
    """Tabs: "Due first" (a quiz over what is due, then new material), one per chapter quiz
    (built when first opened), "My progress", "My paper sheet" and "Play a deal" (``new_game``
    deals the next deal there).

    ``progress`` defaults to the saved progress (``GUANDAN_PROGRESS``), or an empty one in
    memory when saving is off.
    """

    def __init__(self, progress: Progress | None = None, *, count: int = 10, seed: int = 0,
                 chapters: list[ChapterQuiz] | None = None) -> None:
        if progress is None:
            progress = Progress(progress_path() or ":memory:")
        self.progress = progress
        self.count = count
        self.seed = seed
        self.chapters = chapter_quizzes() if chapters is None else chapters
        self.drill = self._drill()
        self.new_set = widgets.Button(description=say("app.new_set"), icon="refresh")
        self.new_set.on_click(lambda _: self.refresh_drill())
        self.drill_box = widgets.VBox([self.drill, self.new_set])
        self.chapter_boxes = [widgets.VBox() for _ in self.chapters]
        self.report = widgets.HTML()
        self.report.add_class("gdl-app-progress")
        self.paper = PaperSheet()
        #: The deal on the "Play a deal" tab (``None`` until one is dealt), and the seeds of
        #: the next whole deal and of the next endgame.
        self.game: PlayDeal | None = None
        self.deal_seed = self.endgame_seed = seed
        self.new_deal = widgets.Button(description=say("app.play.new_deal"), icon="refresh")
        self.new_endgame = widgets.Button(description=say("app.play.new_endgame"),
                                          icon="flag-checkered")
        self.new_deal.on_click(lambda _: self.new_game())
        self.new_endgame.on_click(lambda _: self.new_game(REVIEW_CARDS))
        intro = html.escape(say("app.play.intro", cards=REVIEW_CARDS))
        self.play_buttons = widgets.HBox([self.new_deal, self.new_endgame])
        self.play_box = widgets.VBox([widgets.HTML(f"<p>{intro}</p>"), self.play_buttons])
        self.play_box.add_class("gdl-app-play")
        self.tabs = widgets.Tab(children=[self.drill_box, *self.chapter_boxes, self.report,
                                          self.paper, self.play_box])
        self.tabs.titles = (say("app.tab.due"), *(c.title for c in self.chapters),
                            say("app.tab.progress"), say("app.tab.sheet"), say("app.tab.play"))
        self.tabs.observe(self._opened, names="selected_index")
        self.hand_in = HandIn(None if progress.memory else progress)
        self.class_box = ClassBox(None if progress.memory else progress)
        super().__init__([self.tabs, self.hand_in, self.class_box])
        self.add_class("gdl-study-app")
        self.add_class("gdl-widget")  # whole tab titles (render.WIDGET_CSS, in each quiz)

    def _drill(self) -> Quiz:
        puzzles = self.progress.next_puzzles(self.count, self.seed)
        quiz = Quiz(puzzles)
        quiz.add_class("gdl-app-drill")
        return quiz

    def refresh_drill(self) -> Quiz:
        """Replaces the first tab's quiz with a new set: what is due now first."""
        self.seed += 1
        self.drill = self._drill()
        self.drill_box.children = [self.drill, self.new_set]
        return self.drill

    def open_chapter(self, index: int) -> Quiz | None:
        """Builds (once) and returns the quiz of a chapter, by its place in ``chapters``."""
        box = self.chapter_boxes[index]
        if not box.children:
            try:
                box.children = [self.chapters[index].make()]
            except GuandanError as err:  # a chapter naming a puzzle the bank lacks
                box.children = [widgets.HTML(f"<p>{linked(str(err))}</p>")]
                return None
        child = box.children[0]
        return child if isinstance(child, Quiz) else None

    def show_progress(self) -> str:
        """Fills the last tab with the progress report (``progress_html``); returns its
        HTML."""
        if self.progress.memory:
            text = say("progress.off", variable="GUANDAN_PROGRESS")
            self.report.value = f"<p>{html.escape(text)}</p>"
            return self.report.value
        self.report.value = progress_html(self.progress)
        return self.report.value

    def new_game(self, start: int | None = None) -> PlayDeal:
        """Deals the next deal on the "Play a deal" tab and returns it: a whole deal, or with
        ``start`` one the computer plays until ``start`` cards are left (``PlayDeal``)."""
        if start is None:
            seed, self.deal_seed = self.deal_seed, self.deal_seed + 1
        else:
            seed, self.endgame_seed = self.endgame_seed, self.endgame_seed + 1
        self.game = PlayDeal(seat=0, seed=seed, start=start,
                             players=[None, SolverPlayer(), SolverPlayer(), SolverPlayer()])
        self.play_box.children = [*self.play_box.children[:2], self.game]
        return self.game

    def _opened(self, change: dict[str, Any]) -> None:
        index = change["new"]
        if index is None:
            return
        if 1 <= index <= len(self.chapters):
            self.open_chapter(index - 1)
        elif index == len(self.chapters) + 1:
            self.show_progress()


__all__ = ["ChapterQuiz", "StudyApp", "chapter_quiz", "chapter_quizzes", "progress_html"]
