"""The study app's "My paper sheet": a printed worksheet's answers, entered on screen.

The learner types the code printed at the top of their sheet (``worksheet.Sheet.code``); the
same puzzles appear as a quiz (``Quiz``), one try each by default, as on paper, and every answer
is graded by the engine and saved like any other (``guandan_learn.progress.record_answer``), so
the sheet reaches the class report. A code that cannot be read says why and changes nothing.

>>> box = PaperSheet()
>>> box.open_code("0238-217W").count, box.sheet.variant  # 2 questions, the 3rd student's
(2, 3)
>>> box.open_code("0238-217A") is None, box.sheet.code  # mistyped: the open sheet stays
(True, '0238-217W')
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..errors import GuandanError
from ..messages import say
from ..worksheet import Sheet, sheet_from_code
from .quiz import Quiz


def _p(text: str, role: str = "") -> str:
    attribute = f' role="{role}"' if role else ""
    return f'<p style="margin:0.3em 0"{attribute}>{html.escape(text)}</p>'


class PaperSheet(widgets.VBox):
    """A box for a sheet's code and, once opened, the quiz of that sheet's puzzles."""

    def __init__(self, *, tries: int = 1) -> None:
        self.tries = tries
        self.sheet: Sheet | None = None
        self.quiz: Quiz | None = None
        self.help = widgets.HTML(_p(say("app.sheet.help")))
        self.code = widgets.Text(description=say("app.sheet.code"), placeholder="0ACZ-X40Z",
                                 style={"description_width": "initial"})
        self.open_button = widgets.Button(description=say("app.sheet.open"), icon="folder-open",
                                          button_style="primary")
        self.open_button.on_click(lambda _: self.open_code())
        self.message = widgets.HTML()
        self.quiz_box = widgets.VBox()
        super().__init__([self.help, widgets.HBox([self.code, self.open_button]), self.message,
                          self.quiz_box])
        self.add_class("gdl-paper-sheet")

    def open_code(self, code: str | None = None) -> Quiz | None:
        """Opens the sheet of a code (default: the one typed) as a quiz; returns it, or
        ``None`` when the code cannot be read (the message says why)."""
        if code is not None:
            self.code.value = code
        try:
            sheet = sheet_from_code(self.code.value)
            quiz = Quiz(list(sheet.puzzles), tries=self.tries)
        except GuandanError as err:
            self.message.value = _p(str(err), role="alert")
            return None
        self.sheet, self.quiz = sheet, quiz
        self.message.value = _p(say("sheet.opened", code=sheet.code, count=sheet.count))
        self.quiz_box.children = [quiz]
        return quiz


__all__ = ["PaperSheet"]
