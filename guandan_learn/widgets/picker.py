"""CardPicker: click cards in a hand and see at once what they make and whether they beat."""

from __future__ import annotations

from collections.abc import Collection
from html import escape

import ipywidgets as widgets

from ..cards import Card, CardsLike, Rank, as_level, format_cards, sort_cards, to_cards
from ..combo import Combo, classify
from ..judge import Verdict, describe, judge
from ..messages import say
from ..render import combo_svg
from ..rulebook import in_place, linked
from .saved import RunFirst


def as_table(table: Combo | CardsLike | None, level: Rank) -> Combo | None:
    """Reads the play to beat: a ``Combo``, card text (its strongest reading), or ``None``."""
    if table is None or isinstance(table, Combo):
        return table
    return Combo.of(table, level)


def _paragraph(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f'<p{cls} style="margin: 0.25em 0">{linked(text)}</p>'


class CardPicker(RunFirst, widgets.VBox):
    """Pick cards from ``hand`` by clicking; the feedback below says what they make at ``level``
    and whether they beat ``table`` (``None`` for a lead), with the judge's reason and clause.

    ``selected`` reads or sets the picked cards; ``verdict`` is the judge's answer for them
    (``None`` while nothing is picked). The feedback lives in ``feedback.value`` (HTML).

    >>> picker = CardPicker("8C 8D 9S KH", "7", table="6C 6D")
    >>> picker.selected = "8C 8D"
    >>> picker.verdict.legal, "beats a pair of 6s" in picker.feedback.value
    (True, True)
    """

    def __init__(self, hand: CardsLike, level: Rank | str,
                 table: Combo | CardsLike | None = None) -> None:
        from .a11y import live_for
        from .hand import HandView

        self.level = as_level(level)
        self.hand: list[Card] = sort_cards(hand, self.level)
        self.table = as_table(table, self.level)
        self._verdict: Verdict | None = None
        self.table_view = widgets.HTML(self._table_html())
        self.table_view.add_class("gdl-table")
        self.hand_view = HandView()
        self.hand_view.show(self.hand, self.level)
        self.feedback = widgets.HTML()
        self.feedback.add_class("gdl-feedback")
        self.clear_button = widgets.Button(description=say("widget.picker.clear"),
                                           icon="undo")
        self.clear_button.on_click(lambda _: self.clear())
        self.hand_view.observe(self._on_select, names="selected")
        self.live = live_for(self.feedback)  # one live region announces each new feedback
        super().__init__([self.table_view, self.hand_view, self.feedback, self.clear_button,
                          self.live])
        self.add_class("gdl-card-picker")
        self._update()

    # -- Reading and setting the selection ---------------------------------------------------

    @property
    def selected(self) -> list[Card]:
        """Returns the picked cards, weakest first."""
        return [self.hand[i] for i in self.hand_view.selected if 0 <= i < len(self.hand)]

    @selected.setter
    def selected(self, cards: CardsLike | Collection[int]) -> None:
        self.hand_view.selected = self._positions(cards)

    @property
    def verdict(self) -> Verdict | None:
        """Returns the judge's verdict on the picked cards, or ``None`` when none are picked."""
        return self._verdict

    def clear(self) -> None:
        """Puts every picked card back."""
        self.hand_view.selected = []

    def show(self, hand: CardsLike, table: Combo | CardsLike | None = None) -> None:
        """Shows a new hand and table (same level) with nothing picked.

        >>> picker = CardPicker("8C 8D", "7", table="6C 6D")
        >>> picker.show("9S 9D QH", None)
        >>> [str(c) for c in picker.hand], "You lead" in picker.table_view.value
        (['9♦', '9♠', 'Q♥'], True)
        """
        self.hand = sort_cards(hand, self.level)
        self.table = as_table(table, self.level)
        self.table_view.value = self._table_html()
        self.hand_view.show(self.hand, self.level)
        self._update()

    def _positions(self, cards: CardsLike | Collection[int]) -> list[int]:
        """Turns cards (a multiset taken from the hand) or positions into sorted positions."""
        if not isinstance(cards, str | Card):
            items = list(cards)
            positions = [i for i in items if isinstance(i, int)]
            if len(positions) == len(items):
                return sorted({i for i in positions if 0 <= i < len(self.hand)})
            cards = items  # type: ignore[assignment]
        wanted = to_cards(cards)  # type: ignore[arg-type]
        free = list(range(len(self.hand)))
        out = []
        for card in wanted:
            for i in free:
                if self.hand[i] is card:
                    out.append(i)
                    free.remove(i)
                    break
            else:
                from ..errors import IllegalPlayError

                raise IllegalPlayError(say("widget.picker.not_held", card=str(card),
                                           hand=format_cards(self.hand)), clause="§02.3")
        return sorted(out)

    # -- Feedback ----------------------------------------------------------------------------

    def _table_html(self) -> str:
        if self.table is None:
            return _paragraph(say("widget.picker.lead"))
        return (_paragraph(say("widget.picker.table", play=describe(self.table)))
                + f"<div>{combo_svg(self.table)}</div>")

    def _on_select(self, _change: object = None) -> None:
        self._update()

    def _update(self) -> None:
        cards = self.selected
        if not cards:
            self._verdict = None
            self.feedback.value = _paragraph(say("widget.picker.prompt"), "gdl-prompt")
            return
        verdict = judge(cards, self.table, self.level)
        self._verdict = verdict
        parts = [_paragraph(say("widget.picker.selection", cards=format_cards(cards)))]
        readings = classify(cards, self.level)
        reading = verdict.combo or (readings[0] if readings else None)
        if reading is not None:
            parts.append(_paragraph(say("widget.picker.makes", play=describe(reading))))
        ok = verdict.legal
        mark, colour = ("✔", "#137333") if ok else ("✘", "#c8102e")
        head = say("render.verdict.legal" if ok else "render.verdict.illegal")
        parts.append(f'<p class="gdl-verdict {"gdl-legal" if ok else "gdl-illegal"}" '
                     'style="margin: 0.25em 0">'
                     f'<strong style="color:{colour}">{mark} {escape(head)}</strong> '
                     f"{linked(verdict.reason)}</p>")
        self.feedback.value = in_place(f'<div>{"".join(parts)}</div>')  # clauses in place
