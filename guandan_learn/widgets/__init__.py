"""Notebook widgets that wire pictures to engine calls (ipywidgets 8, anywidget).

Import this package only in notebooks: it needs ``ipywidgets`` and ``anywidget`` (the ``lab``
extra); without them, importing it raises ``ExtraMissingError`` naming the install command.
Widgets hold no rules: they ask the engine (``judge``, ``hints``) and show its answers,
with feedback in ``HTML`` widgets whose ``value`` tests and nbval can read.
"""

from __future__ import annotations

from ..errors import ExtraMissingError
from ..messages import say

#: The packages of the lab extra the widgets import (directly or through ipywidgets).
LAB_MODULES = frozenset({"ipywidgets", "anywidget", "traitlets", "IPython", "comm",
                         "matplotlib", "ipykernel", "nbformat"})

try:
    from .endgame import EndgamePlay
    from .hand import HandView
    from .hints import HintCycler
    from .picker import CardPicker
    from .play import PlayDeal
    from .quiz import Quiz, quiz_set
    from .replay import DealReplay
    from .study import chapter_quiz
except ModuleNotFoundError as err:
    missing = (err.name or "").split(".")[0]
    if missing not in LAB_MODULES:
        raise
    raise ExtraMissingError(say("widgets.needs_lab", module=missing), name=missing) from err

__all__ = ["CardPicker", "DealReplay", "EndgamePlay", "HandView", "HintCycler", "PlayDeal",
           "Quiz", "chapter_quiz", "quiz_set"]
