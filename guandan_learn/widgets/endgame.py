"""EndgamePlay: play an open-hand endgame out against the solver's best defence.

The learner plays the hero (the seat to move) and, if they like, the partner; the opponents
answer with the solver's best defence (a move that stops the goal whenever one does). After each
of the learner's moves the widget says whether the win is still forced. "Show me" plays the
winning line one move at a time. Feedback is in ``HTML`` widgets whose ``value`` tests and
nbval can read.

>>> w = EndgamePlay("level 2; goal first; to_move 0; 0: 3D 9S 9H QC QD; 1: KC 5H; "
...                 "2: 4C 8S; 3: JD JH 7H")
>>> w.play("QC QD")
False
>>> "no longer force" in w.status.value
True
>>> _ = w.show_me(); "No winning line is left" in w.status.value  # nothing is played
True
>>> w.reset(); w.play("9H 9S")
True
>>> while not w.over: _ = w.show_me()
>>> "reached" in w.status.value
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import escape

import ipywidgets as widgets

from ..cards import CardsLike, to_cards
from ..combo import Combo
from ..endgame import NODE_LIMIT, Endgame, Move, Position, Solver
from ..errors import EndgameError, IllegalPlayError
from ..exercises.kinds.endgame import GOAL_KEYS
from ..messages import say
from ..render import combo_svg, hand_svg
from ..rulebook import in_place, linked
from .replay import play_sentence
from .saved import RunFirst

_MARGIN = "margin: 0.25em 0"


def _beside(label: str, picture: str) -> str:
    """Returns a seat's label beside its cards, level with their middle, as the table picture
    has them (the label wraps above the cards only when the cell is too narrow for both)."""
    return (f'<div class="gdl-endgame-seat" style="display:flex;align-items:center;gap:8px;'
            f'flex-wrap:wrap;{_MARGIN}"><span class="gdl-endgame-label" '
            f'style="flex:0 0 10em">{label}</span><div>{picture}</div></div>')
#: Seconds the solver may think about one click (every question the click asks, together)
#: before the widget gives up on it and leaves the position as it was.
TIME_LIMIT = 20.0


def _step(seat: int, move: Move) -> str:
    if move is None:
        return say("widget.action.pass", seat=seat)
    return play_sentence(seat, move)


class EndgamePlay(RunFirst, widgets.VBox):
    """Plays an endgame out: the learner moves for the hero (and the partner, if
    ``partner=True``), the solver defends; "Show me" plays the winning line step by step.

    ``time_limit`` (seconds) and ``node_limit`` (positions searched) bound each click as a
    whole (``None``: no limit); past either, the widget says so and the position stays."""

    def __init__(self, position: Endgame | str, *, partner: bool = True,
                 time_limit: float | None = TIME_LIMIT,
                 node_limit: int | None = NODE_LIMIT) -> None:
        self.position = position if isinstance(position, Endgame) else Endgame.loads(position)
        self.partner = partner
        self.view = widgets.HTML()
        self.status = widgets.HTML()
        self.played = widgets.HTML()
        self.choice = widgets.Dropdown(description=say("widget.endgame.move"))
        self.play_button = widgets.Button(description=say("widget.endgame.play"),
                                          button_style="primary")
        self.show_button = widgets.Button(description=say("widget.endgame.show_me"))
        self.reset_button = widgets.Button(description=say("widget.endgame.reset"))
        self.play_button.on_click(lambda _: self._guarded(self._play_chosen))
        self.show_button.on_click(lambda _: self._guarded(self.show_me))
        self.reset_button.on_click(lambda _: self._guarded(self.reset))
        controls = widgets.HBox([self.choice, self.play_button, self.show_button,
                                 self.reset_button])
        super().__init__([self.view, controls, self.status, self.played])
        # One search for the widget's life: every click shares its table, and one budget.
        self.solver = Solver(self.position, time_limit=time_limit, node_limit=node_limit)
        self.add_class("gdl-endgame")
        self.view.add_class("gdl-endgame-view")
        self.status.add_class("gdl-endgame-status")
        self.played.add_class("gdl-endgame-line")
        self._guarded(self.reset)

    #: The last thing the widget said, as plain text (``status`` holds it as HTML).
    said: str = ""

    @property
    def over(self) -> bool:
        """Tells whether the deal has reached its result."""
        return self.game.result is not None

    def learner_moves(self, seat: int) -> bool:
        """Tells whether the learner moves for ``seat``."""
        hero = self.position.hero
        return seat == hero or (self.partner and seat == hero ^ 2)

    def reset(self) -> None:
        """Starts the position again."""
        with self._click():
            self.game: Position = self.solver.start()
            key = "widget.endgame.start_win" if self.game.wins() else "widget.endgame.start_lose"
            self._defend()
        self._say(say(key))
        self._draw()

    def play(self, move: CardsLike | Combo | None) -> bool:
        """Plays the learner's move (cards, a ``Combo`` or ``None`` to pass); the defence
        answers. Returns whether the win is still forced; raises ``IllegalPlayError`` for a move
        that is not one of the mover's moves (nothing changes then)."""
        with self._click():
            game = self.game
            chosen = self._find(move)
            still = game.value(chosen)
            before = game.wins()
            self.game = game.play(chosen)
            self._after_learner(before, still)
        return still

    def show_me(self) -> Move:
        """Plays one move of the winning line (the defence answers); returns it. When no
        winning line is left (after a losing move), says so and plays nothing."""
        game = self.game
        if game.result is not None:
            return None
        with self._click():
            if not game.wins():
                self._say(say("widget.endgame.no_line"))
                self._draw()
                return None
            move = game.best()
            self.game = game.play(move)
            shown = say("widget.endgame.shown", move=_step(game.mover, move))
            self._defend()
        self._say(shown)
        self._draw()
        return move

    # -- Inner workings ----------------------------------------------------------------------

    def _find(self, move: CardsLike | Combo | None) -> Move:
        game = self.game
        options = game.moves()
        if move is None:
            if None in options:
                return None
            raise IllegalPlayError(say("widget.endgame.no_pass"), clause="§06.2")
        if isinstance(move, Combo):
            if move in options:
                return move
            cards = sorted(move.cards, key=lambda c: c.index)
        else:
            cards = sorted(to_cards(move), key=lambda c: c.index)
        found = [m for m in options
                 if m is not None and sorted(m.cards, key=lambda c: c.index) == cards]
        if not found:
            raise IllegalPlayError(say("widget.endgame.not_a_move", seat=game.mover,
                                       cards=" ".join(str(c) for c in cards)), clause="§06.3")
        # Of several readings of the same cards, the one that keeps the win if any does.
        return next((m for m in found if game.value(m)), found[0])

    def _play_chosen(self) -> None:
        if self.choice.value is None or self.over:
            return
        move = self.game.moves()[self.choice.value]
        self.play(move)

    def _after_learner(self, before: bool, still: bool) -> None:
        if still:
            key = "widget.endgame.still_win"
        elif before:
            key = "widget.endgame.lost_win"
        else:
            key = "widget.endgame.no_win"
        self._defend()
        self._say(say(key))
        self._draw()

    def _defend(self) -> None:
        """Plays the seats the learner does not move for, until the learner's turn or the end."""
        while self.game.result is None and not self.learner_moves(self.game.mover):
            self.game = self.game.play(self.game.best())

    @contextmanager
    def _click(self) -> Iterator[None]:
        """Runs one action on one budget for all its questions; past it, the position goes back
        to what it was before the action and the ``EndgameError`` goes on."""
        before = getattr(self, "game", None)
        try:
            with self.solver.budget():
                yield
        except EndgameError:
            # The very first question (no position yet): the start, undecided.
            self.game = before if before is not None else self.solver.start()
            raise

    def _guarded(self, action: Callable[[], object]) -> None:
        """Runs a button's action; a search that passes the click's budget is said, not raised,
        and the position stays as it was before the click."""
        try:
            with self._click():
                action()
        except EndgameError as err:
            self._say(err.message)
            self._draw()

    def _say(self, text: str) -> None:
        game = self.game
        if game.result is not None:
            text += " " + say("widget.endgame.reached" if game.result
                              else "widget.endgame.missed")
        self.said = text
        self.status.value = in_place(
            f'<p class="guandan-feedback" style="{_MARGIN}">{linked(text)}</p>')

    def _draw(self) -> None:
        game = self.game
        pos = self.position
        goal = say(GOAL_KEYS[pos.goal], seat=pos.hero, partner=pos.hero ^ 2)
        parts = [f'<p style="{_MARGIN}">{escape(say("widget.endgame.goal", goal=goal))}</p>']
        for seat in range(4):
            key = {pos.hero: "widget.endgame.you", pos.hero ^ 2: "widget.endgame.partner"}
            label = say(key.get(seat, "widget.endgame.seat"), seat=seat)
            hand = game.hands[seat]
            picture = hand_svg(list(hand), pos.level) if hand else \
                escape(say("widget.endgame.out"))
            parts.append(_beside(f"<b>{escape(label)}</b>", picture))
        if game.table is not None and game.result is None:
            parts.append(_beside(escape(say("widget.endgame.table", seat=game.last)),
                                 combo_svg(game.table)))
        self.view.value = "\n".join(parts)
        self.played.value = "<ol>" + "".join(f"<li>{linked(_step(s, m))}</li>"
                                          for s, m in game.history) + "</ol>"
        if game.result is None:
            options = [(say("endgame.pass") if m is None else str(m), i)
                       for i, m in enumerate(game.moves())]
            self.choice.options = options
            self.choice.value = options[0][1] if options else None
        else:
            self.choice.options = []
        self.choice.disabled = self.play_button.disabled = self.show_button.disabled = \
            game.result is not None


__all__ = ["EndgamePlay"]
