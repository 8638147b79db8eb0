"""Answer controls for ``Quiz``: one small widget per shape of answer, read back as exercise data.

Each control shows a widget, returns the learner's answer in the format of the exercise files
(``get``), and can show an answer the kind has already read (``put``). Controls hold no rules:
the grader reads and judges what they return. ``make_control`` picks the control that fits the
shape of a puzzle's answer (``KindSpec.answer_shape``), never its kind: yes/no buttons, the
puzzle's choices, a dropdown per position for an order, the clickable hand for picking cards,
dropdowns for forms, ranks, levels and seats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from html import escape
from typing import Any

import ipywidgets as widgets

from ..cards import LEVELS, Card, Rank, sort_cards
from ..combo import Kind
from ..exercises import Puzzle, spec
from ..exercises.answers import Reading
from ..exercises.kinds.base import kind_name
from ..exercises.layout import (
    CardsAnswer,
    CountAnswer,
    DeclaredAnswer,
    LabelAnswer,
    LevelAnswer,
    LevelsAnswer,
    OrderAnswer,
    PaymentsAnswer,
    ReadingAnswer,
    SeatAnswer,
    Shape,
    TeamAnswer,
    YesNo,
)
from ..messages import say
from ..seats import seat_name
from .a11y import ChoiceGroup, PressButton
from .hand import HandView


class Blank(Enum):
    """The value of a control the learner has not filled in yet."""

    NO_ANSWER = "no answer"


NO_ANSWER = Blank.NO_ANSWER
_WIDE = {"description_width": "initial"}


class Control:
    """An answer control: ``widget`` to show; ``get``, ``put`` and ``clear`` the answer.

    ``parts`` are the (widget, trait) pairs whose changes mean the learner changed the answer.
    """

    #: Whether the control shows the cards of the setup an answer is picked from (the setup
    #: then leaves them out).
    shows_setup = False

    def __init__(self, widget: widgets.Widget, parts: Sequence[tuple[widgets.Widget, str]]
                 ) -> None:
        self.widget = widget
        self.parts = list(parts)
        self.widget.add_class("gdl-quiz-answer")

    def get(self) -> Any:
        """Returns the answer as exercise data, or ``NO_ANSWER`` while it is incomplete."""
        raise NotImplementedError

    def missing(self) -> str | None:
        """Returns which part of a half-given answer is still to choose, in words (``None``
        when the answer is complete or nothing is chosen yet)."""
        return None

    def put(self, answer: Any) -> bool:
        """Shows an answer as read by the puzzle's kind; returns ``False`` if it cannot."""
        raise NotImplementedError

    def clear(self) -> None:
        """Empties the control."""
        raise NotImplementedError

    def name(self, text: str) -> None:
        """Names the control's group of choices by the question (for screen readers)."""

    def observe(self, callback: Callable[[], None]) -> None:
        """Calls ``callback`` whenever the learner changes the answer."""
        for part, name in self.parts:
            part.observe(lambda _change: callback(), names=name)


class Options(Control):
    """One choice among labelled answers: a radio group drawn as buttons or as a list, or a
    dropdown.

    ``read`` turns an option's data into the kind's value, to find the option of an answer.
    The radio group (``a11y.ChoiceGroup``) is named by the question once ``name`` is called.
    """

    def __init__(self, items: Sequence[tuple[str, Any]], read: Callable[[Any], Any], *,
                 style: str = "toggle", description: str = "") -> None:
        self.values = [value for _, value in items]
        self._read = read
        options = [(label, i) for i, (label, _) in enumerate(items)]
        self.box: widgets.Dropdown | ChoiceGroup
        if style == "dropdown":
            self.box = widgets.Dropdown(options=options, value=None, description=description,
                                        style=_WIDE)
        elif style in ("toggle", "radio"):
            self.box = ChoiceGroup(options=options, description=description,
                                   look="buttons" if style == "toggle" else "list")
        else:
            raise ValueError(f"unknown style {style!r}")
        super().__init__(self.box, [(self.box, "value")])

    def name(self, text: str) -> None:
        if isinstance(self.box, ChoiceGroup):
            self.box.description = text

    def get(self) -> Any:
        return NO_ANSWER if self.box.value is None else self.values[self.box.value]

    def put(self, answer: Any) -> bool:
        for i, value in enumerate(self.values):
            if self._read(value) == answer:
                self.box.value = i
                return True
        return False

    def clear(self) -> None:
        self.box.value = None


class Selects(Control):
    """Several dropdowns that make one answer: ``combine`` their values, ``split`` an answer.

    ``combine`` returns ``NO_ANSWER`` while a needed dropdown is empty; ``split`` returns the
    dropdown values for an answer, or ``None`` when these dropdowns cannot show it; ``lacking``
    says which dropdown a half-given answer still needs.
    """

    def __init__(self, boxes: Sequence[widgets.Dropdown], combine: Callable[[list[Any]], Any],
                 split: Callable[[Any], list[Any] | None], *, head: str = "",
                 across: bool = True,
                 lacking: Callable[[list[Any]], str | None] | None = None) -> None:
        self.boxes = list(boxes)
        self._combine = combine
        self._split = split
        self._lacking = lacking
        inner = (widgets.HBox if across else widgets.VBox)(self.boxes)
        items: list[widgets.Widget] = [inner]
        if head:
            items.insert(0, widgets.HTML(f"<span>{escape(head)}</span>"))
        super().__init__(widgets.VBox(items), [(b, "value") for b in self.boxes])

    def get(self) -> Any:
        return self._combine([b.value for b in self.boxes])

    def missing(self) -> str | None:
        values = [b.value for b in self.boxes]
        if self._lacking is None or self.get() is not NO_ANSWER or all(
                v is None for v in values):
            return None
        return self._lacking(values)

    def put(self, answer: Any) -> bool:
        values = self._split(answer)
        if values is None or len(values) != len(self.boxes):
            return False
        for box, value in zip(self.boxes, values, strict=True):
            if value is not None and value not in [v for _, v in box.options]:
                return False
        for box, value in zip(self.boxes, values, strict=True):
            box.value = value
        return True

    def clear(self) -> None:
        for box in self.boxes:
            box.value = None


class CardPick(Control):
    """Pick cards by clicking them (the ``HandView`` of ``CardPicker``), or press Pass.

    ``cards_of`` turns an answer read by the kind into the cards to pick (``[]`` for a pass,
    ``None`` when it names no cards); the answer given back is the picked cards as text.
    """

    def __init__(self, cards: Sequence[Card], level: Rank, *, allow_pass: bool, head: str,
                 label: str, cards_of: Callable[[Any], list[Card] | None]) -> None:
        self.cards = list(cards)
        self._cards_of = cards_of
        self.view = HandView()
        self.view.show(self.cards, level)
        self.view.label = label
        self.pass_button: PressButton | None = None
        items: list[widgets.Widget] = [widgets.HTML(f"<span>{escape(head)}</span>"), self.view]
        parts: list[tuple[widgets.Widget, str]] = [(self.view, "selected")]
        if allow_pass:
            self.pass_button = PressButton(description=say("widget.quiz.pass"), value=False)
            self.pass_button.observe(self._on_pass, names="value")
            self.view.observe(self._on_pick, names="selected")
            items.append(self.pass_button)
            parts.append((self.pass_button, "value"))
        super().__init__(widgets.VBox(items), parts)

    def _on_pass(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.view.selected = []

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] and self.pass_button is not None:
            self.pass_button.value = False

    @property
    def picked(self) -> list[Card]:
        """Returns the picked cards, in the order shown."""
        return [self.cards[i] for i in self.view.selected if 0 <= i < len(self.cards)]

    def get(self) -> Any:
        if self.pass_button is not None and self.pass_button.value:
            return "pass"
        picked = self.picked
        return " ".join(c.code for c in picked) if picked else NO_ANSWER

    def put(self, answer: Any) -> bool:
        wanted = self._cards_of(answer)
        if wanted is None:
            return False
        if not wanted:
            if self.pass_button is None:
                return False
            self.pass_button.value = True
            return True
        free = list(range(len(self.cards)))
        positions = []
        for card in wanted:
            i = next((i for i in free if self.cards[i] is card), None)
            if i is None:
                return False
            positions.append(i)
            free.remove(i)
        self.view.selected = sorted(positions)
        return True

    def clear(self) -> None:
        if self.pass_button is not None:
            self.pass_button.value = False
        self.view.selected = []


class Payments(Control):
    """Tribute payments: how many, then for each "seat … gives … to seat …" with dropdowns.

    The card dropdown of a payment lists the payer's hand when the puzzle gives it.
    """

    def __init__(self, hands: dict[int, tuple[Card, ...]], level: Rank) -> None:
        self.hands = {seat: sort_cards(cards, level) for seat, cards in hands.items()}
        everyone = sort_cards([c for cards in hands.values() for c in cards], level)
        self._everyone = list(dict.fromkeys(everyone))
        self.count = ChoiceGroup(
            options=[(say("widget.quiz.payments.none"), 0), (say("widget.quiz.payments.one"), 1),
                     (say("widget.quiz.payments.two"), 2)])
        seats = [(seat_name(s), s) for s in range(4)]
        self.rows: list[tuple[widgets.Dropdown, widgets.Dropdown, widgets.Dropdown]] = []
        boxes: list[widgets.HBox] = []
        parts: list[tuple[widgets.Widget, str]] = [(self.count, "value")]
        # Each dropdown's description is its visible label and its name ("Payment 1:", "gives",
        # "to"), and each is as wide as its label and longest option (no "Nor" for North).
        seat_em = max(len(name) for name, _ in seats) * 0.65 + 2.5
        card_em = 5.5
        for number in (1, 2):
            payer = _dropdown(seats, say("widget.quiz.payment", number=number),
                              _width(say("widget.quiz.payment", number=number), seat_em))
            card = _dropdown(self._card_options(None), say("widget.quiz.gives"),
                             _width(say("widget.quiz.gives"), card_em))
            receiver = _dropdown(seats, say("widget.quiz.to_seat"),
                                 _width(say("widget.quiz.to_seat"), seat_em))
            payer.observe(lambda change, card=card: self._update_cards(card, change["new"]),
                          names="value")
            self.rows.append((payer, card, receiver))
            boxes.append(widgets.HBox([payer, card, receiver]))
            parts += [(payer, "value"), (card, "value"), (receiver, "value")]
        self.row_boxes = boxes
        self.count.observe(lambda _change: self._show_rows(), names="value")
        super().__init__(widgets.VBox([self.count, *boxes]), parts)
        self._show_rows()

    def name(self, text: str) -> None:
        self.count.description = text

    def _card_options(self, payer: int | None) -> list[tuple[str, str]]:
        cards = self.hands.get(payer, self._everyone) if payer is not None else self._everyone
        return [(str(c), c.code) for c in dict.fromkeys(cards)]

    def _update_cards(self, box: widgets.Dropdown, payer: int | None) -> None:
        keep = box.value
        box.options = self._card_options(payer)
        box.value = keep if keep in [v for _, v in box.options] else None

    def _show_rows(self) -> None:
        n = self.count.value or 0
        for i, box in enumerate(self.row_boxes):
            box.layout.display = "" if i < n else "none"

    def get(self) -> Any:
        n = self.count.value
        if n is None:
            return NO_ANSWER
        if n == 0:
            return "none"
        out = []
        for payer, card, receiver in self.rows[:n]:
            if payer.value is None or card.value is None or receiver.value is None:
                return NO_ANSWER
            out.append(f"{payer.value} gives {card.value} to {receiver.value}")
        return out

    def put(self, answer: Any) -> bool:
        pays = list(answer)
        if len(pays) > len(self.rows):
            return False
        for payer, _, card in pays:
            if card.code not in [v for _, v in self._card_options(payer)]:
                return False
        self.clear()
        self.count.value = len(pays)
        for (payer, receiver, card), (payer_box, card_box, receiver_box) in zip(
                pays, self.rows, strict=False):
            payer_box.value = payer
            card_box.value = card.code
            receiver_box.value = receiver
        return True

    def clear(self) -> None:
        self.count.value = None
        for row in self.rows:
            for box in row:
                box.value = None


def _dropdown(options: Sequence[tuple[str, Any]], description: str,
              width: str) -> widgets.Dropdown:
    return widgets.Dropdown(options=list(options), value=None, description=description,
                            style=_WIDE, layout=widgets.Layout(width=width))


def _width(label: str, select_em: float) -> str:
    """Returns a dropdown's width: its label (about 0.6 em a letter) and its select."""
    return f"{len(label) * 0.6 + 0.8 + select_em:.1f}em"


def _complete(values: list[Any], join: Callable[[list[Any]], Any]) -> Any:
    return NO_ANSWER if any(v is None for v in values) else join(values)


# -- Choosing the control of a puzzle: one per answer shape ----------------------------------

Read = Callable[[Any], Any]


def _reading(shape: ReadingAnswer, puzzle: Puzzle, read: Read) -> Control:
    forms = [(kind_name(k), k.value) for k in Kind] + [(say("widget.quiz.no_combination"),
                                                        "none")]
    ranks = [(r.value, r.value) for r in Rank]
    form = _dropdown(forms, say("widget.quiz.form"), "17em")
    rank = _dropdown(ranks, say("widget.quiz.rank"), "9em")
    no_rank = ("none", Kind.JOKER_BOMB.value)

    def on_form(change: dict[str, Any]) -> None:
        rank.disabled = change["new"] in no_rank
        if rank.disabled:
            rank.value = None

    form.observe(on_form, names="value")

    def combine(values: list[Any]) -> Any:
        kind, rk = values
        if kind is None or (kind not in no_rank and rk is None):
            return NO_ANSWER
        return kind if kind in no_rank else f"{kind} {rk}"

    def split(reading: Reading) -> list[Any]:
        if reading.kind is None:
            return ["none", None]
        if reading.rank is None:
            return [reading.kind.value, None]
        return [reading.kind.value, reading.rank.value]

    def lacking(values: list[Any]) -> str:
        kind, _ = values
        if kind is None:
            return say("widget.quiz.no_form")
        return say("widget.quiz.no_rank", form=kind_name(Kind(kind)))

    return Selects([form, rank], combine, split, lacking=lacking)


def _order(shape: OrderAnswer, puzzle: Puzzle, read: Read) -> Control:
    labels = shape.labels
    boxes = [_dropdown([(x, x) for x in labels], say("widget.quiz.position", number=i + 1),
                       "6em")
             for i in range(len(labels))]
    return Selects(boxes, lambda v: _complete(v, " ".join), list,
                   head=say("widget.quiz.strongest_first"))


def _label(shape: LabelAnswer, puzzle: Puzzle, read: Read) -> Control:
    return Options([(x, x) for x in shape.labels], read)


def _declared(shape: DeclaredAnswer, puzzle: Puzzle, read: Read) -> Control:
    if shape.palette:
        # The suit matters: pick the cards the wilds stand for from the palette.
        return CardPick(
            shape.palette, shape.level, allow_pass=False,
            head=say("widget.quiz.pick_meaning", count=len(shape.wilds)),
            label=say("widget.quiz.palette"),
            cards_of=lambda declared: None if any(card is None for _, card in declared)
            else [card for _, card in declared])
    ranks = [(r.value, r.value) for r in LEVELS]
    boxes = [_dropdown(ranks, say("widget.quiz.wild_stands", card=str(c), number=i + 1),
                       "17em")
             for i, c in enumerate(shape.wilds)]
    return Selects(boxes, lambda v: _complete(v, " ".join),
                   lambda declared: [rank.value for rank, _ in declared], across=False)


def _cards(shape: CardsAnswer, puzzle: Puzzle, read: Read) -> Control:
    control = CardPick(
        sort_cards(shape.cards, shape.level), shape.level, allow_pass=shape.allow_pass,
        head=say("widget.quiz.pick_cards" if shape.allow_pass else "widget.quiz.pick_lead"),
        label=say("widget.picker.hand", level=shape.level.value),
        cards_of=lambda cards: [] if cards is None else list(cards))
    control.shows_setup = True
    return control


def _seat(shape: SeatAnswer, puzzle: Puzzle, read: Read) -> Control:
    items: list[tuple[str, Any]] = [(say("widget.quiz.seat", seat=s), s) for s in range(4)]
    if shape.nobody_key:
        items.append((say(shape.nobody_key), "nobody"))
    return Options(items, read)


def _team(shape: TeamAnswer, puzzle: Puzzle, read: Read) -> Control:
    items: list[tuple[str, Any]] = [(say("widget.quiz.team", team=t), t) for t in (0, 1)]
    if shape.nobody_key:
        items.append((say(shape.nobody_key), "none"))
    return Options(items, read)


def _level(shape: LevelAnswer, puzzle: Puzzle, read: Read) -> Control:
    levels = [(r.value, r.value) for r in LEVELS]
    return Options(levels, read, style="dropdown", description=say("widget.quiz.level"))


def _levels(shape: LevelsAnswer, puzzle: Puzzle, read: Read) -> Control:
    levels = [(r.value, r.value) for r in LEVELS]
    boxes = [_dropdown(levels, say("widget.quiz.team", team=t), "9em") for t in (0, 1)]
    return Selects(boxes, lambda v: _complete(v, list),
                   lambda pair: [pair[0].value, pair[1].value],
                   lacking=lambda v: say("widget.quiz.no_team_level", team=v.index(None)))


def _payments(shape: PaymentsAnswer, puzzle: Puzzle, read: Read) -> Control:
    return Payments(dict(shape.hands), shape.level)


def _count(shape: CountAnswer, puzzle: Puzzle, read: Read) -> Control:
    counts: list[tuple[str, Any]] = [(str(n), n) for n in range(shape.most + 1)]
    counts.append((say("widget.quiz.more_than_ten"), "more than 10"))
    return Options(counts, read, style="dropdown", description=say("widget.quiz.cards_left"))


def _yes_no(shape: YesNo, puzzle: Puzzle, read: Read) -> Control:
    return Options([(say("widget.quiz.yes"), True), (say("widget.quiz.no"), False)], read)


#: The control of each answer shape.
CONTROLS: dict[type[Shape], Callable[[Any, Puzzle, Read], Control]] = {
    YesNo: _yes_no, SeatAnswer: _seat, TeamAnswer: _team, LevelAnswer: _level,
    LevelsAnswer: _levels, ReadingAnswer: _reading, LabelAnswer: _label, OrderAnswer: _order,
    CardsAnswer: _cards, DeclaredAnswer: _declared, PaymentsAnswer: _payments,
    CountAnswer: _count,
}


def make_control(puzzle: Puzzle, *, choices: bool | None = None) -> Control:
    """Returns the answer control that fits a puzzle's answer shape.

    Yes/no questions get two buttons. With ``choices=None`` a puzzle's own choices are shown
    unless its shape prefers its own control (picking cards from a hand is the exercise);
    ``True`` always shows them when there are some, ``False`` never.
    """
    s = spec(puzzle.kind)
    setup, q = puzzle.parsed, puzzle.question

    def read(value: Any) -> Any:
        return s.read_answer(value, setup, q)

    shape = s.answer_shape(setup, q)
    if not isinstance(shape, YesNo) and puzzle.choices and (
            shape.choices_first if choices is None else choices):
        items = [(s.show_answer(read(c.answer), setup, q), c.answer) for c in puzzle.choices]
        return Options(items, read, style="radio", description=say("widget.quiz.choose"))
    return CONTROLS[type(shape)](shape, puzzle, read)


__all__ = ["CONTROLS", "NO_ANSWER", "CardPick", "Control", "Options", "Payments", "Selects",
           "make_control"]
