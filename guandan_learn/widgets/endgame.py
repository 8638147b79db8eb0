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
>>> "no longer forced" in w.status.value
True
>>> w.reset(); w.play("9H 9S")
True
>>> while not w.over: _ = w.show_me()
>>> "reached" in w.status.value
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..cards import Card, CardsLike, to_cards
from ..combo import Combo
from ..endgame import _FAMILY, Endgame, Move, _after, _moves, _order, _Search
from ..errors import IllegalPlayError
from ..exercises.kinds.endgame import GOAL_KEYS
from ..judge import describe
from ..messages import say
from ..render import combo_svg, hand_svg
from ..rulebook import in_place, linked

_MARGIN = "margin: 0.25em 0"


class _Game:
    """The state of a position being played out, with the solver's verdict at every step."""

    def __init__(self, position: Endgame) -> None:
        self.position = position
        self.search = _Search(position.level, position.hero, position.goal)
        self.hands: list[tuple[Card, ...]] = list(position.hands)
        self.keys = [self.search.key(h) for h in self.hands]
        self.mover = position.hero
        self.table: Combo | None = None if position.table is None else position.table[0]
        self.last = -1 if position.table is None else position.table[1]
        self.result: bool | None = None
        self.history: list[tuple[int, Move]] = []

    def moves(self) -> list[Move]:
        """Lists the mover's moves: every exact play, then the pass when following."""
        return _moves(self.search, self.hands[self.mover], self.table)

    def _next(self, move: Move) -> tuple[bool | None, tuple[int, ...]]:
        tkey = None if self.table is None else (_FAMILY[self.table.kind], self.table.power)
        return _after(self.search, self.keys, self.mover, self.last, tkey,
                      self.hands[self.mover], move)

    def value(self, move: Move) -> bool:
        """Tells whether the hero's side still forces the goal after ``move``."""
        return self.search.value(*self._next(move))

    def wins(self) -> bool:
        """Tells whether the hero's side forces the goal from here."""
        if self.result is not None:
            return self.result
        return any(self.value(m) for m in self.moves()) if self.ours(self.mover) \
            else all(self.value(m) for m in self.moves())

    def ours(self, seat: int) -> bool:
        """Tells whether a seat is on the hero's side."""
        return (seat & 1) == (self.position.hero & 1)

    def best(self) -> Move:
        """Returns the move best play makes: a winning one for the side that has one."""
        moves = sorted(self.moves(), key=_order)
        want = self.ours(self.mover)
        return next((m for m in moves if self.value(m) is want), moves[0])

    def play(self, move: Move) -> None:
        """Makes a move for the seat to move."""
        done, state = self._next(move)
        self.history.append((self.mover, move))
        if move is not None:
            rest = list(self.hands[self.mover])
            for c in move.cards:
                rest.remove(c)
            self.hands[self.mover] = tuple(rest)
        if done is not None:
            self.result = done
            return
        self.keys = list(state[:4])
        self.mover, self.last = state[4], state[5]
        if self.last < 0:
            self.table = None
        elif move is not None:
            self.table = move


def _step(seat: int, move: Move) -> str:
    if move is None:
        return say("widget.action.pass", seat=seat)
    return say("widget.action.play", seat=seat, play=describe(move), cards=str(move))


class EndgamePlay(widgets.VBox):
    """Plays an endgame out: the learner moves for the hero (and the partner, if
    ``partner=True``), the solver defends; "Show me" plays the winning line step by step."""

    def __init__(self, position: Endgame | str, *, partner: bool = True) -> None:
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
        self.play_button.on_click(lambda _: self._play_chosen())
        self.show_button.on_click(lambda _: self.show_me())
        self.reset_button.on_click(lambda _: self.reset())
        controls = widgets.HBox([self.choice, self.play_button, self.show_button,
                                 self.reset_button])
        super().__init__([self.view, controls, self.status, self.played])
        self.add_class("gdl-endgame")
        self.view.add_class("gdl-endgame-view")
        self.status.add_class("gdl-endgame-status")
        self.played.add_class("gdl-endgame-line")
        self.reset()

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
        self.game = _Game(self.position)
        key = "widget.endgame.start_win" if self.game.wins() else "widget.endgame.start_lose"
        self._defend()
        self._say(say(key))
        self._draw()

    def play(self, move: CardsLike | Combo | None) -> bool:
        """Plays the learner's move (cards, a ``Combo`` or ``None`` to pass); the defence
        answers. Returns whether the win is still forced; raises ``IllegalPlayError`` for a move
        that is not one of the mover's moves (nothing changes then)."""
        game = self.game
        chosen = self._find(move)
        still = game.value(chosen)
        before = game.wins()
        game.play(chosen)
        self._after_learner(before, still)
        return still

    def show_me(self) -> Move:
        """Plays one move of the winning line (the defence answers); returns it."""
        game = self.game
        if game.result is not None:
            return None
        move = game.best()
        game.play(move)
        shown = say("widget.endgame.shown", move=_step(game.history[-1][0], move))
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
        game = self.game
        while game.result is None and not self.learner_moves(game.mover):
            game.play(game.best())

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
            parts.append(f'<div style="{_MARGIN}"><b>{escape(label)}</b> {picture}</div>')
        if game.table is not None and game.result is None:
            parts.append(f'<div style="{_MARGIN}">'
                         f'{escape(say("widget.endgame.table", seat=game.last))} '
                         f"{combo_svg(game.table)}</div>")
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
