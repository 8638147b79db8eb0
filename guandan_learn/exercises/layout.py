"""How a puzzle is shown and answered, as plain data: rows of text and pictures, answer shapes.

A kind lays out its setup as ``Row``\\ s (a sentence, pictures of cards beside it) and says
what shape its answer takes (``YesNo``, ``SeatAnswer``, ``CardsAnswer``…). The quiz widget, the
printed worksheet and the command line are small renderers of these descriptions; none of
them knows the kinds.

>>> from guandan_learn.exercises import generate, spec
>>> p = generate("legal_play", seed=3)
>>> rows = spec(p.kind).layout(p.parsed, p.question)
>>> rows[0].text.startswith("The active level is"), rows[-1].pictures[0].style
(True, 'cards')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Rank
from ..combo import Combo
from ..messages import say
from ..render import COMBO_STEP, card_svg, combo_svg, hand_svg


@dataclass(frozen=True)
class Picture:
    """Cards to draw beside a sentence.

    ``style`` is ``"cards"`` (cards to read or judge, in the order given, no wild declared, so
    the picture never gives the answer away), ``"hand"`` (a hand, sorted) or ``"play"`` (a play
    already made, its declared wilds shown; ``combo`` is set). ``caption`` is the short label a
    screen shows beside the picture instead of the row's sentence.
    """

    style: str
    cards: tuple[Card, ...]
    level: Rank
    combo: Combo | None = None
    caption: str | None = None

    @classmethod
    def play(cls, combo: Combo, caption: str | None = None) -> Picture:
        """Returns the picture of a play already made."""
        return cls("play", combo.cards, combo.level, combo, caption)

    def svg(self, *, sort: bool = True) -> str:
        """Draws the picture as inline SVG. ``sort=False`` keeps cards to read in the order the
        puzzle gives them (printed worksheets); a screen spreads them sorted."""
        if self.style == "play" and self.combo is not None:
            return combo_svg(self.combo)
        if self.style == "card" and len(self.cards) == 1:
            return card_svg(self.cards[0], self.level)
        if self.style == "hand":
            return hand_svg(list(self.cards), self.level)
        return hand_svg(list(self.cards), self.level, step=COMBO_STEP, sort=sort)


@dataclass(frozen=True)
class Row:
    """One line of a setup: a sentence, and pictures of its cards if it has any.

    ``step`` marks a line of a sequence of actions (a screen may number them under one
    heading). ``pickable`` marks the cards an answer is picked from: a screen whose answer
    control shows them clickable leaves this row out.
    """

    text: str
    pictures: tuple[Picture, ...] = ()
    step: bool = False
    pickable: bool = False


# -- Answer shapes: what an answer is, so a screen can offer the right control ---------------


@dataclass(frozen=True)
class Shape:
    """The shape of an answer; ``choices_first`` says a puzzle's multiple choices, when it has
    some, are offered instead of the shape's own control."""

    choices_first: bool = True

    def typed(self) -> str:
        """Returns how to write the answer in text (the command line, a typed reply); screens
        with a control for the shape say nothing of the kind."""
        raise NotImplementedError


@dataclass(frozen=True)
class YesNo(Shape):
    """Yes or no (``True``/``False``); always two buttons, yes first."""

    choices_first: bool = False

    def typed(self) -> str:
        return say("exercise.type.yes_no")


@dataclass(frozen=True)
class SeatAnswer(Shape):
    """A seat, 0 to 3; ``nobody_key`` names the extra option "nobody" when it is allowed."""

    nobody_key: str | None = None

    def typed(self) -> str:
        return say("exercise.type.seat_or_nobody" if self.nobody_key else "exercise.type.seat")


@dataclass(frozen=True)
class TeamAnswer(Shape):
    """A team, 0 or 1; ``nobody_key`` names the extra option "no team" when it is allowed."""

    nobody_key: str | None = None

    def typed(self) -> str:
        return say("exercise.type.team_or_nobody" if self.nobody_key else "exercise.type.team")


@dataclass(frozen=True)
class LevelAnswer(Shape):
    """One level, 2 to A."""

    def typed(self) -> str:
        return say("exercise.type.level")


@dataclass(frozen=True)
class LevelsAnswer(Shape):
    """Both teams' levels, team 0 first."""

    def typed(self) -> str:
        return say("exercise.type.levels")


@dataclass(frozen=True)
class ReadingAnswer(Shape):
    """A form and the rank that keys it (or no combination)."""

    def typed(self) -> str:
        return say("exercise.type.reading")


@dataclass(frozen=True)
class LabelAnswer(Shape):
    """One of the labelled plays (``labels`` such as "ABC")."""

    labels: str = ""

    def typed(self) -> str:
        return say("exercise.type.label")


@dataclass(frozen=True)
class OrderAnswer(Shape):
    """Every label once, strongest first."""

    labels: str = ""

    def typed(self) -> str:
        return say("exercise.type.order")


@dataclass(frozen=True)
class CardsAnswer(Shape):
    """Cards picked from ``cards`` (the puzzle's own pickable row), or a pass when allowed."""

    cards: tuple[Card, ...] = ()
    level: Rank = Rank.TWO
    allow_pass: bool = False
    choices_first: bool = False

    def typed(self) -> str:
        return say("exercise.type.cards_or_pass" if self.allow_pass else "exercise.type.cards")


@dataclass(frozen=True)
class DeclaredAnswer(Shape):
    """What each wild heart stands for: a rank each, or a card from ``palette`` when the suit
    matters (``palette`` empty means ranks)."""

    wilds: tuple[Card, ...] = ()
    level: Rank = Rank.TWO
    palette: tuple[Card, ...] = ()

    def typed(self) -> str:
        return say("exercise.type.declared_cards" if self.palette else "exercise.type.declared")


@dataclass(frozen=True)
class PaymentsAnswer(Shape):
    """Tribute payments: none, one or two "payer gives card to receiver"."""

    hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    level: Rank = Rank.TWO

    def typed(self) -> str:
        return say("exercise.type.payments")


@dataclass(frozen=True)
class CountAnswer(Shape):
    """A number of cards up to ``most``, or "more than" it."""

    most: int = 10

    def typed(self) -> str:
        return say("exercise.type.count", most=self.most)


__all__ = ["CardsAnswer", "CountAnswer", "DeclaredAnswer", "LabelAnswer", "LevelAnswer",
           "LevelsAnswer", "OrderAnswer", "PaymentsAnswer", "Picture", "ReadingAnswer", "Row",
           "SeatAnswer", "Shape", "TeamAnswer", "YesNo"]
