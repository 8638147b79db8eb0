"""The learner's class: the class code (entered once) and the assignments open now.

``ClassBox`` shows a field for the class code the teacher handed out (saved with the progress,
so every results file says who made it) and one line per open assignment: its title, when it
is due, how many of its puzzles are answered and right, and a button that opens a quiz over
its puzzles. The assignments are the files ``assignments.find_assignments`` finds
(``GUANDAN_ASSIGNMENTS``, else ``./assignments``).

>>> from guandan_learn.progress import Progress
>>> box = ClassBox(Progress(":memory:"), places=[])
>>> box.assignments, box.save_code("3e7m pnq6")
([], '3E7M-PNQ6')
"""

from __future__ import annotations

import contextlib
import html
import os
from collections.abc import Iterable
from datetime import datetime

import ipywidgets as widgets

from ..assignments import Assignment, find_assignments
from ..errors import GuandanError
from ..messages import say
from ..progress import Progress, as_utc, on_recorded, progress_path, shared_progress
from ..progress.report import local_time
from .quiz import Quiz


class ClassBox(widgets.VBox):
    """The class code and the open assignments, each with a button that opens its quiz."""

    def __init__(self, progress: Progress | None = None, *,
                 places: Iterable[str | os.PathLike[str]] | None = None,
                 now: datetime | str | None = None) -> None:
        if progress is None and progress_path() is not None:
            try:
                progress = shared_progress()
            except GuandanError:
                progress = None
        self.progress = progress
        self.now = as_utc(now)
        found, self.problems = find_assignments(places)
        self.assignments = [a for a in found if a.opens <= self.now]
        self.code_box = widgets.Text(description=say("class_box.code"),
                                     placeholder="XXXX-XXXX",
                                     style={"description_width": "initial"})
        self.code_button = widgets.Button(description=say("class_box.save"), icon="check")
        self.code_button.on_click(lambda _: self.save_code())
        self.status = widgets.HTML()
        self.list = widgets.VBox()
        self.quiz_area = widgets.VBox()
        rows: list[widgets.Widget] = [self.status]
        if progress is not None:
            rows.insert(0, widgets.HBox([self.code_box, self.code_button]))
            saved = progress.saved_code()
            self.code_box.value = saved or ""
            self.status.value = _p(say("class_box.code_saved", code=saved) if saved
                                   else say("class_box.code_help"))
        super().__init__([*rows, self.list, self.quiz_area])
        self.add_class("gdl-class-box")
        self.refresh()
        if progress is not None and self.assignments:
            on_recorded(self._recorded)  # each answer saved updates what is done

    def _recorded(self, row: object) -> None:
        with contextlib.suppress(GuandanError):  # a closed progress: the list stays as it was
            self.refresh()

    def save_code(self, code: str | None = None) -> str:
        """Saves the class code typed (or ``code``); returns it as saved."""
        if self.progress is None:
            return ""
        try:
            saved = self.progress.set_code(self.code_box.value if code is None else code)
        except GuandanError as err:
            self.status.value = _p(str(err))
            return ""
        self.code_box.value = saved
        self.status.value = _p(say("class_box.code_saved", code=saved))
        return saved

    def line(self, assignment: Assignment) -> str:
        """Returns one assignment's line: title, due time, answered and right."""
        done, right = (0, 0)
        if self.progress is not None:
            done, right = assignment.progress(self.progress.answers(self.progress.learner))
        key = "class_box.late" if self.now > assignment.due else "class_box.due"
        return say(key, title=assignment.title, due=local_time(assignment.due),
                   done=done, right=right, count=len(assignment.ids))

    def refresh(self) -> None:
        """Rebuilds the list of open assignments."""
        children: list[widgets.Widget] = []
        if self.assignments:
            children.append(widgets.HTML(f"<b>{html.escape(say('class_box.title'))}</b>"))
        for assignment in self.assignments:
            button = widgets.Button(description=say("class_box.start"), icon="play")
            button.on_click(lambda _, a=assignment: self.start(a))
            children.append(widgets.HBox([button, widgets.HTML(_p(self.line(assignment)))]))
        for problem in self.problems:
            children.append(widgets.HTML(_p("⚠ " + problem)))
        self.list.children = children

    def start(self, assignment: Assignment) -> Quiz:
        """Opens a quiz over an assignment's puzzles (as many tries as it counts)."""
        quiz = Quiz(assignment.make_puzzles(), tries=assignment.tries)
        self.quiz_area.children = [widgets.HTML(f"<h4>{html.escape(assignment.title)}</h4>"),
                                   quiz]
        return quiz


def _p(text: str) -> str:
    return f'<p style="margin:0.2em 0">{html.escape(text)}</p>'


__all__ = ["ClassBox"]
