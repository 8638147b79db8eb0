"""The study app: what is due first, every chapter's quiz, and your progress, one tab each.

``make app`` serves it through Voilà (``notebooks/app.ipynb``), so students see the widgets and
no code. The first tab is a ``Quiz`` over ``Progress.next_puzzles``: the skills the learner's
saved progress says are due, then new material; "New set" makes another. Each chapter's tab
holds the quiz of that chapter's notebook (its ``quiz_set(...)`` call, read from
``notebooks/src``). The last tab shows the summary and the mastery figure. Every answer is
graded by ``Question.check``; the quiz saves it (``guandan_learn.progress.record_answer``).

>>> from guandan_learn.progress import Progress
>>> app = StudyApp(Progress(":memory:"), count=3)
>>> app.drill.count, [t.split(" ·")[0] for t in app.tabs.titles][:3]
(3, ['Due first', '1', '2'])
"""

from __future__ import annotations

import ast
import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import yaml

from ..errors import GuandanError
from ..exercises import TRIES
from ..i18n import get_language
from ..messages import say
from ..progress import Progress, progress_path
from .quiz import Quiz, quiz_set

#: Where the chapter sources live (a checkout of the repository).
SOURCES = Path(__file__).resolve().parents[2] / "notebooks" / "src"


@dataclass(frozen=True)
class ChapterQuiz:
    """A chapter's quiz as its notebook asks for it: bank ids, generated puzzles, a seed."""

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


def _title(cells: list[dict[str, Any]], fallback: str) -> str:
    """Returns a chapter's heading in the learner's language (English when missing)."""
    lang = get_language()
    for cell in cells:
        md = cell.get("md") or {}
        text = str(md.get(lang) or md.get("en") or "")
        for line in text.splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return fallback


def _quiz_call(code: str) -> tuple[list[Any], dict[str, Any]] | None:
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(
                node.func, "attr", None)) == "quiz_set":
            try:
                args = [ast.literal_eval(a) for a in node.args]
                kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
            except ValueError:
                return None
            return args, kwargs
    return None


def chapter_quizzes(sources: Path = SOURCES) -> list[ChapterQuiz]:
    """Returns the quiz of every chapter (1, 2, …) whose source calls ``quiz_set`` with plain
    values, in chapter order.

    >>> [q.title for q in chapter_quizzes()][:1]
    ['1 · Cards and rank order']
    """
    out: list[ChapterQuiz] = []
    for path in sorted(sources.glob("[0-9][0-9]_*.yaml")):
        if path.stem.startswith("00"):
            continue  # "start here" shows how a quiz works; it has nothing to practise
        try:
            cells = yaml.safe_load(path.read_text(encoding="utf-8"))["cells"]
        except (OSError, yaml.YAMLError, KeyError, TypeError):
            continue
        for cell in cells:
            call = _quiz_call(str(cell.get("code") or ""))
            if call is None:
                continue
            args, kwargs = call
            ids = args[0] if args else kwargs.get("ids", ())
            generated = args[1] if len(args) > 1 else kwargs.get("generated", ())
            out.append(ChapterQuiz(path.stem, _title(cells, path.stem), tuple(ids),
                                   tuple(tuple(g) for g in generated),
                                   int(kwargs.get("seed", 0)),
                                   int(kwargs.get("difficulty", 1)),
                                   int(kwargs.get("tries", TRIES))))
            break
    return out


class StudyApp(widgets.VBox):
    """Tabs: "Due first" (a quiz over what is due, then new material), one per chapter quiz
    (built when first opened), and "My progress".

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
        self.tabs = widgets.Tab(children=[self.drill_box, *self.chapter_boxes, self.report])
        self.tabs.titles = (say("app.tab.due"), *(c.title for c in self.chapters),
                            say("app.tab.progress"))
        self.tabs.observe(self._opened, names="selected_index")
        super().__init__([self.tabs])
        self.add_class("gdl-study-app")

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
                box.children = [widgets.HTML(f"<p>{html.escape(str(err))}</p>")]
                return None
        child = box.children[0]
        return child if isinstance(child, Quiz) else None

    def show_progress(self) -> str:
        """Fills the last tab with the summary and the mastery figure; returns its HTML."""
        if self.progress.memory:
            text = say("progress.off", variable="GUANDAN_PROGRESS")
            self.report.value = f"<p>{html.escape(text)}</p>"
            return self.report.value
        summary = html.escape(str(self.progress.summary()))
        due = self.progress.due_skills()
        lines = [f'<pre style="line-height:1.25;margin:0.3em 0">{summary}</pre>']
        if due:
            said = say("progress.cli.due", count=len(due),
                       skills=", ".join(s.label() for s in due))
            lines.append(f"<p>{html.escape(said)}</p>")
        try:
            from ..progress_plots import progress_svg

            lines.append(progress_svg(self.progress))
        except ImportError:  # pragma: no cover - matplotlib is in the lab extra
            pass
        self.report.value = "".join(lines)
        return self.report.value

    def _opened(self, change: dict[str, Any]) -> None:
        index = change["new"]
        if index is None:
            return
        if 1 <= index <= len(self.chapters):
            self.open_chapter(index - 1)
        elif index == len(self.chapters) + 1:
            self.show_progress()


__all__ = ["ChapterQuiz", "StudyApp", "chapter_quizzes"]
