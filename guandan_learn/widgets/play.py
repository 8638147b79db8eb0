"""PlayDeal: play a whole deal from one seat, the three other seats played by the computer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from html import escape

import ipywidgets as widgets

from ..bots import Player, RulePlayer, SolverPlayer
from ..cards import Card, CardsLike, Rank, spoken_card
from ..combo import Combo
from ..deal import Action, Deal, partner, team
from ..errors import DealError, IllegalPlayError
from ..judge import describe
from ..messages import say
from ..render import deal_svg
from ..review import Review, review_deal
from ..rulebook import in_place, linked
from .a11y import live_for
from .picker import CardPicker
from .replay import action_sentence, after_sentences, fit_width, turn_sentence
from .saved import RunFirst

_MARGIN = "margin: 0.25em 0"


def _paragraph(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return in_place(f'<p{cls} style="{_MARGIN}">{linked(text)}</p>')  # clauses in place


def _refusal(err: IllegalPlayError) -> str:
    """Shows a refused attempt: "Not allowed", the engine's reason, and that nothing changed."""
    head = escape(say("render.verdict.illegal"))
    return in_place('<div class="gdl-refused">'
                    f'<p class="gdl-verdict gdl-illegal" style="{_MARGIN}">'
                    f'<strong style="color:#c8102e">✘ {head}</strong> '
                    f'{linked(say("widget.play.refused", reason=err.message))}</p></div>')


def _players(players: Sequence[Player | None] | None, seat: int) -> list[Player | None]:
    if players is None:
        return [None if s == seat else RulePlayer() for s in range(4)]
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence) or (
            len(players) != 4):
        raise DealError(say("widget.play.bad_players", value=players), clause="§02.1")
    out = list(players)
    for s, p in enumerate(out):
        if s != seat and not callable(getattr(p, "choose", None)):
            raise DealError(say("widget.play.bad_players", value=players), clause="§02.1")
    out[seat] = None
    return out


class PlayDeal(RunFirst, widgets.VBox):
    """Plays a deal from ``seat`` against the computer: pick cards, then Play, Pass or Hint.

    The deal is shuffled from ``seed`` at ``level`` (``Deal.new``) and kept in ``deal``. The
    other seats are played by ``players`` (one per seat in playing order, your own entry
    ignored; ``RulePlayer`` by default), who move at once until it is your turn again. The
    table is ``deal_svg(deal, viewer=seat)`` in ``table.value``; ``moves.value`` says what
    happened since your last turn; ``feedback.value`` answers the last button: the engine's
    reason when an attempt is refused (and then nothing changes), the hint, or the finishing
    order once the deal is over. Cards are picked with ``picker`` (a ``CardPicker``, whose own
    feedback judges the picked cards live). Once the deal is over, Review (``review()``) shows
    in ``review_view`` where your moves let a forced result go, by the exact solver.

    ``start`` (cards in play) gives you only the end of the deal: the computer plays every
    seat, yours too (your seat by ``SolverPlayer``), until at most ``start`` cards are in play,
    then you take over. With ``start=REVIEW_CARDS`` every move you make is one the review can
    judge.

    >>> game = PlayDeal(seat=0, seed=0)
    >>> game.deal.to_move
    0
    >>> game.pass_turn() is None, "may not pass" in game.feedback.value  # seat 0 leads
    (True, True)
    >>> game.hint().describe(), str(game.play().combo)
    ('a single 3', '3♣')
    """

    def __init__(self, seat: int = 0, seed: int = 0, level: Rank | str = "2",
                 players: Sequence[Player | None] | None = None, *,
                 start: int | None = None) -> None:
        self.deal = Deal.new(seed, level)
        self.deal.hand(seat)  # checks the seat (§02.1)
        self.seat = seat
        self.players = _players(players, seat)
        if start is not None and (isinstance(start, bool) or not isinstance(start, int)
                                  or start < 4):
            raise DealError(say("widget.play.bad_start", value=start), clause="§06.8")
        self.start = start
        self._hints: list[Combo] = []
        self._hint_index = -1
        self._lines: list[str] = []
        s = self.deal.setup
        if s.seed is not None and s.dealer is not None and s.turned is not None:
            self._lines.append(say("deal.view.seed", seed=s.seed, dealer=s.dealer,
                                   card=spoken_card(s.turned, article=True),
                                   leader=s.leader))
        intro = say("widget.play.intro", seat=seat, team=team(seat), partner=partner(seat))
        self.intro = widgets.HTML(_paragraph(intro))
        self.table = widgets.HTML()
        self.table.add_class("gdl-deal")
        self.moves = widgets.HTML()
        self.moves.add_class("gdl-log")
        self.picker = CardPicker(self.deal.hand(seat), self.deal.level, self.deal.table)
        self.feedback = widgets.HTML()
        self.feedback.add_class("gdl-feedback")
        self.feedback.add_class("gdl-play-feedback")
        self.play_button = widgets.Button(description=say("widget.play.play"), icon="check",
                                          button_style="primary")
        self.pass_button = widgets.Button(description=say("widget.play.pass"), icon="forward")
        self.hint_button = widgets.Button(description=say("widget.play.hint"),
                                          icon="lightbulb-o")
        self.review_button = widgets.Button(description=say("widget.play.review"),
                                            icon="search")
        self.play_button.on_click(lambda _: self.play())
        self.pass_button.on_click(lambda _: self.pass_turn())
        self.hint_button.on_click(lambda _: self.hint())
        self.review_button.on_click(lambda _: self.review())
        self.review_view = widgets.HTML()
        self.review_view.add_class("gdl-review")
        buttons = widgets.HBox([self.play_button, self.pass_button, self.hint_button,
                                self.picker.clear_button, self.review_button])
        buttons.add_class("gdl-play-buttons")
        # The table takes the notebook's whole width (beside the moves, a 1000-unit picture
        # shrank until its seat labels were about 7 px); the moves follow below it.
        self.table.layout = widgets.Layout(flex="1 1 100%", min_width="420px")
        self.moves.layout = widgets.Layout(flex="1 1 100%", min_width="260px",
                                           max_height="560px", overflow="auto")
        board = widgets.HBox([self.table, self.moves],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.live = live_for(self.picker.feedback, self.feedback)  # one live region
        super().__init__([self.intro, board, self.picker.table_view, self.picker.hand_view,
                          buttons, self.picker.feedback, self.feedback, self.review_view,
                          self.live])
        self.add_class("gdl-play-deal")
        if start is not None:
            self._until(start)
        self._bots()
        self._new_turn()

    # -- What the person does ----------------------------------------------------------------

    @property
    def selected(self) -> list[Card]:
        """Returns the picked cards, weakest first (see ``CardPicker.selected``)."""
        return self.picker.selected

    @selected.setter
    def selected(self, cards: CardsLike | Collection[int]) -> None:
        self.picker.selected = cards

    def play(self) -> Action | None:
        """Plays the picked cards and lets the computer move; returns your action.

        The picked cards are played as the hint on show when they are its cards (keeping what
        its wild hearts stand for), otherwise in their strongest reading that may be played.
        When the engine refuses, ``feedback`` says why and nothing changes (``None``).
        """
        cards = self.picker.selected
        hint = self._current_hint()
        choice: Combo | list[Card] = cards
        if hint is not None and Counter(hint.cards) == Counter(cards):
            choice = hint
        return self._act(lambda: self.deal.play(choice, seat=self.seat))

    def pass_turn(self) -> Action | None:
        """Passes and lets the computer move; returns your action, or ``None`` if refused."""
        return self._act(lambda: self.deal.pass_turn(seat=self.seat))

    def hint(self) -> Combo | None:
        """Shows the next of the engine's hints (weakest first) and picks its cards."""
        if self.deal.to_move != self.seat:
            self._refuse_over()
            return None
        if not self._hints:
            table = self.deal.table
            text = (say("widget.hints.empty") if table is None
                    else say("widget.hints.none", play=describe(table)))
            self.feedback.value = f'<div>{_paragraph(text)}</div>'
            return None
        self._hint_index = (self._hint_index + 1) % len(self._hints)
        combo = self._hints[self._hint_index]
        self.picker.selected = list(combo.cards)
        parts = [say("widget.hints.counter", index=self._hint_index + 1,
                     count=len(self._hints), play=describe(combo)),
                 say("widget.play.hint_picked")]
        if self.deal.can_pass:
            parts.append(say("widget.hints.pass_too"))
        self.feedback.value = ('<div class="gdl-hint">'
                               + "".join(_paragraph(p) for p in parts) + "</div>")
        return combo

    # -- Turns ---------------------------------------------------------------------------------

    def _current_hint(self) -> Combo | None:
        if 0 <= self._hint_index < len(self._hints):
            return self._hints[self._hint_index]
        return None

    def _act(self, action: Callable[[], Action]) -> Action | None:
        if self.deal.to_move != self.seat:
            self._refuse_over()
            return None
        before = self.deal.copy()
        try:
            done = action()
        except IllegalPlayError as err:
            shown = self.picker.verdict  # the picker already says "Not allowed" and why
            self.feedback.value = (_refusal(err) if shown is None or shown.legal else
                                   '<div role="status" class="gdl-refused">'
                                   f'{_paragraph(say("widget.play.unchanged"))}</div>')
            return None
        self._lines = [action_sentence(done),
                       *after_sentences(before, self.deal, done, every_turn=False)]
        self._bots()
        self._new_turn()
        return done

    def review(self) -> Review | None:
        """Reviews your play by the exact solver once the deal is over (``review_deal``) and
        shows its moments in ``review_view``; before the end it says to finish first."""
        if not self.deal.is_over:
            self.review_view.value = _paragraph(say("widget.play.review_later"))
            return None
        done = review_deal(self.deal, self.seat)
        lines = str(done).split("\n")
        self.review_view.value = ('<div class="gdl-review-lines" role="status">'
                                  + _paragraph(say("widget.play.review_heading"))
                                  + f'<ul style="{_MARGIN}">'
                                  + "".join(f"<li>{linked(line)}</li>" for line in lines)
                                  + "</ul></div>")
        return done

    def _until(self, cards: int) -> None:
        """Lets the computer play every seat, yours by ``SolverPlayer``, until at most
        ``cards`` cards are in play (or the deal ends), and says so in the moves."""
        deal = self.deal
        mine = SolverPlayer()
        while deal.to_move is not None and sum(deal.cards_left(s) for s in range(4)) > cards:
            seat = deal.to_move
            player = self.players[seat] if seat != self.seat else mine
            assert player is not None
            choice = player.choose(deal)
            if choice is None:
                deal.pass_turn(seat=seat)
            else:
                deal.play(choice, seat=seat)
        self._lines.append(say("widget.play.from_cards", seat=self.seat,
                               cards=sum(deal.cards_left(s) for s in range(4))))

    def _refuse_over(self) -> None:
        """Explains, in the engine's words, why nothing can be done now (the deal is over)."""
        try:
            self.deal.pass_turn(seat=self.seat)
        except IllegalPlayError as err:
            self.feedback.value = _refusal(err)

    def _bots(self) -> None:
        """Lets the computer play every seat but yours until it is your turn or the deal ends."""
        deal = self.deal
        while deal.to_move is not None and deal.to_move != self.seat:
            seat = deal.to_move
            player = self.players[seat]
            assert player is not None
            before = deal.copy()
            choice = player.choose(deal)
            done = deal.pass_turn(seat=seat) if choice is None else deal.play(choice, seat=seat)
            self._lines += [action_sentence(done),
                            *after_sentences(before, deal, done, every_turn=False)]

    def _new_turn(self) -> None:
        """Draws the table and your hand for the new turn, or the result once the deal ends."""
        deal = self.deal
        self._hints = deal.hints() if deal.to_move == self.seat else []
        self._hint_index = -1
        self.table.value = fit_width(deal_svg(deal, viewer=self.seat))
        self.moves.value = ('<div class="gdl-log-lines">'
                            + _paragraph(say("widget.play.log_heading"))
                            + f'<ul style="{_MARGIN}">'
                            + "".join(f"<li>{linked(line)}</li>" for line in self._lines)
                            + "</ul></div>")
        self.picker.show(deal.hand(self.seat), deal.table)
        over = deal.is_over
        for button in (self.play_button, self.pass_button, self.hint_button,
                       self.picker.clear_button):
            button.disabled = over
        self.review_button.disabled = not over
        if over:
            self.feedback.value = (f'<div class="gdl-over">'
                                   f"{''.join(_paragraph(p) for p in self.result())}</div>")
        else:
            text = say("widget.play.your_turn", status=turn_sentence(deal, self.seat))
            self.feedback.value = f'<div>{_paragraph(text)}</div>'

    def result(self) -> list[str]:
        """Says how the deal ended: the finishing order and which team won (``[]`` before)."""
        deal = self.deal
        if not deal.is_over:
            return []
        order = []
        for seat in (*deal.finish_order, *(s for s in range(4) if s not in deal.finish_order)):
            place = deal.place(seat)
            key = "widget.play.place_last" if place is None else f"widget.play.place_{place}"
            order.append(say("widget.play.finisher", place=say(key), seat=seat))
        first = deal.finish_order[0]
        won = "widget.play.won" if team(first) == team(self.seat) else "widget.play.lost"
        return [say("widget.play.over", order=", ".join(order)), say(won, first=first)]
