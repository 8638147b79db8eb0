"""HintCycler: step through the engine's hints for a hand and a table, one picture at a time."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..cards import CardsLike, Rank, as_level, sort_cards
from ..combo import Combo
from ..judge import describe
from ..messages import say
from ..moves import hints
from ..render import combo_svg
from ..rulebook import in_place, linked
from .a11y import live_for
from .picker import as_table
from .saved import RunFirst

_MARGIN = "margin: 0.25em 0"


class HintCycler(RunFirst, widgets.VBox):
    """A "Next play" button that cycles through ``hints(hand, table, level)``, weakest first.

    The current hint is drawn with ``combo_svg`` in ``view.value``; ``current`` is the hint
    shown (``None`` when nothing beats the table).

    >>> cycler = HintCycler("8C 8D 9S KH", "6C 6D", "7")
    >>> [h.describe() for h in cycler.hints]
    ['a pair of 8s']
    >>> cycler.next() is cycler.hints[0]  # one hint: the cycle comes back to it
    True
    """

    def __init__(self, hand: CardsLike, table: Combo | CardsLike | None,
                 level: Rank | str) -> None:
        self.level = as_level(level)
        self.hand = sort_cards(hand, self.level)
        self.table = as_table(table, self.level)
        self.hints: list[Combo] = hints(self.hand, self.table, self.level)
        self.index = 0
        heading = say("widget.hints.heading", level=self.level.value)
        self.heading = widgets.HTML(f'<p style="{_MARGIN}">{escape(heading)}</p>')
        self.view = widgets.HTML()
        self.view.add_class("gdl-hint")
        self.button = widgets.Button(description=say("widget.hints.next"), icon="lightbulb-o",
                                     disabled=len(self.hints) < 2)
        self.button.on_click(lambda _: self.next())
        self.live = live_for(self.view)  # one live region announces each new hint
        super().__init__([self.heading, self.view, self.button, self.live])
        self.add_class("gdl-hint-cycler")
        self._update()

    @property
    def current(self) -> Combo | None:
        """Returns the hint on show, or ``None`` when no play beats the table."""
        return self.hints[self.index] if self.hints else None

    def next(self) -> Combo | None:
        """Shows the next hint (after the last comes the first again) and returns it."""
        if self.hints:
            self.index = (self.index + 1) % len(self.hints)
        self._update()
        return self.current

    def _update(self) -> None:
        combo = self.current
        if combo is None:
            text = (say("widget.hints.empty") if self.table is None
                    else say("widget.hints.none", play=describe(self.table)))
            self.view.value = in_place(f'<div><p style="{_MARGIN}">{linked(text)}</p></div>')
            return
        text = say("widget.hints.counter", index=self.index + 1, count=len(self.hints),
                   play=describe(combo))
        extra = say("widget.hints.pass_too") if self.table is not None else ""
        self.view.value = in_place(f'<div><p style="{_MARGIN}">{linked(text)}</p>'
                                   f"<div>{combo_svg(combo)}</div>"
                                   + (f'<p style="{_MARGIN}">{linked(extra)}</p>' if extra
                                      else "") + "</div>")
