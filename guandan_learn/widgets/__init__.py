"""Notebook widgets that wire pictures to engine calls (ipywidgets 8, anywidget).

Import this package only in notebooks: it needs ``ipywidgets`` and ``anywidget`` (the ``lab``
extra). Widgets hold no rules: they ask the engine (``judge``, ``hints``) and show its answers,
with feedback in ``HTML`` widgets whose ``value`` tests and nbval can read.
"""

from __future__ import annotations

from .endgame import EndgamePlay
from .hand import HandView
from .hints import HintCycler
from .picker import CardPicker
from .play import PlayDeal
from .quiz import Quiz, quiz_set
from .replay import DealReplay
from .study import chapter_quiz

__all__ = ["CardPicker", "DealReplay", "EndgamePlay", "HandView", "HintCycler", "PlayDeal",
           "Quiz", "chapter_quiz", "quiz_set"]
