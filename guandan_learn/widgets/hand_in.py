"""Handing results in without a terminal: the learner's name and a "Download my results" link.

The name defaults to the one saved with the progress, else ``JUPYTERHUB_USER`` or the
computer's user (``Progress.hand_in_name``); the learner may correct it once, and it is saved
with the progress. The link is a plain HTML anchor whose ``href`` holds the results CSV itself
(a ``data:`` URI) and whose ``download`` attribute names the file after the learner and the
date, so a click downloads it in JupyterLab and in Voilà alike, with no code and no server
round trip. It is rebuilt whenever an answer is saved.

>>> from guandan_learn.progress import Progress
>>> box = HandIn(Progress(":memory:", learner="Ana"))
>>> box.file_name.startswith("Ana_"), box.count
(True, 0)
"""

from __future__ import annotations

import base64
import contextlib
import html
import os
from collections.abc import Mapping

import ipywidgets as widgets

from ..errors import ProgressError
from ..messages import say
from ..progress import (
    Progress,
    on_recorded,
    progress_path,
    results_file_name,
    shared_progress,
)
from .saved import RunFirst

#: Variables BinderHub sets in every Binder session (a session's files are lost when it ends).
BINDER_VARIABLES = ("BINDER_LAUNCH_HOST", "BINDER_REQUEST", "BINDER_REPO_URL")


def on_binder(env: Mapping[str, str] | None = None) -> bool:
    """Tells whether this runs in a Binder session, whose saved answers end with it.

    >>> on_binder({"BINDER_LAUNCH_HOST": "https://mybinder.org/"}), on_binder({})
    (True, False)
    """
    env = os.environ if env is None else env
    return any(env.get(name) for name in BINDER_VARIABLES)


_LINK_STYLE = ("display:inline-block;padding:0.35em 0.9em;border-radius:3px;"
               "background:#1565c0;color:#fff;text-decoration:none;font-weight:bold")


class HandIn(RunFirst, widgets.VBox):
    """The learner's name (set once) and a link that downloads their results CSV."""

    def __init__(self, progress: Progress | None = None) -> None:
        if progress is None and progress_path() is not None:
            try:
                progress = shared_progress()
            except ProgressError:
                progress = None
        self.progress = progress
        self.name_box = widgets.Text(description=say("app.hand_in.name"),
                                     style={"description_width": "initial"},
                                     continuous_update=False)
        self.save_button = widgets.Button(description=say("app.hand_in.save"), icon="check")
        self.save_button.on_click(lambda _: self.save_name())
        self.status = widgets.HTML()
        self.link = widgets.HTML()
        self.link.add_class("gdl-hand-in-link")
        self.count = 0
        self.file_name = ""
        super().__init__([widgets.HBox([self.name_box, self.save_button]), self.status,
                          self.link])
        self.add_class("gdl-hand-in")
        if progress is None:
            self.children = [self.status]
            self.status.value = _p(say("progress.off", variable="GUANDAN_PROGRESS"))
            return
        self._show_name()
        self.refresh()
        self.name_box.observe(self._recorded, names="value")  # the file takes the name typed
        on_recorded(self._recorded)

    def _show_name(self) -> None:
        assert self.progress is not None
        saved = self.progress.saved_name()
        self.name_box.value = saved or self.progress.hand_in_name
        self.name_box.disabled = self.save_button.disabled = saved is not None
        self.status.value = _p(say("app.hand_in.as", name=self.name_box.value) if saved
                               else say("app.hand_in.help"))

    def save_name(self, name: str | None = None) -> str:
        """Saves the name to hand results in under (once); returns it."""
        assert self.progress is not None
        try:
            saved = self.progress.set_name(self.name_box.value if name is None else name)
        except ProgressError as err:
            self.status.value = _p(str(err))
            raise
        self._show_name()
        self.refresh()
        return saved

    def _recorded(self, row: object) -> None:
        with contextlib.suppress(ProgressError):  # a closed progress: the link stays as it was
            self.refresh()

    def csv_text(self) -> str:
        """Returns the learner's results CSV, under the name on show."""
        assert self.progress is not None
        return self.progress.results_text(self.progress.learner,
                                          name=self.name_box.value.strip() or None)

    def refresh(self) -> str:
        """Rebuilds the download link from the saved answers; returns its HTML."""
        if self.progress is None:
            return ""
        text = self.csv_text()
        self.count = max(0, text.count("\r\n") - 1)
        self.file_name = results_file_name(self.name_box.value.strip() or
                                           self.progress.hand_in_name)
        reminder = _p("⚠ " + say("app.hand_in.binder")) if on_binder() else ""
        if not self.count:
            self.link.value = _p(say("app.hand_in.none")) + reminder
            return self.link.value
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = html.escape(self.file_name, quote=True)
        label = html.escape(say("app.hand_in.download"))
        count = html.escape(say("app.hand_in.count", count=self.count, file=self.file_name))
        self.link.value = (f'<p style="margin:0.3em 0"><a class="gdl-download" download="{name}" '
                           f'href="data:text/csv;charset=utf-8;base64,{data}" '
                           f'style="{_LINK_STYLE}">{label}</a> <span>{count}</span></p>'
                           + reminder)
        return self.link.value


def _p(text: str) -> str:
    return f'<p style="margin:0.2em 0">{html.escape(text)}</p>'


__all__ = ["BINDER_VARIABLES", "HandIn", "on_binder"]
