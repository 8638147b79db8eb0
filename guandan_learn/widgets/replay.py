"""DealReplay: step through a recorded deal or match, the table drawn at every step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from ..combo import Combo
from ..deal import OUT_KEYS, Action, Deal, team
from ..errors import MatchError
from ..judge import describe
from ..match import Match
from ..messages import say
from ..render import check_viewer, deal_svg
from ..rulebook import in_place, linked
from .a11y import StepSlider, live_for
from .saved import RunFirst

_MARGIN = "margin: 0.25em 0"


def action_sentence(action: Action) -> str:
    """Says what an action did: "North plays a pair of 8s: 8♣ 8♦." or "West passes."

    >>> action_sentence(Action(3))
    'West passes.'
    """
    if action.combo is None:
        return say("widget.action.pass", seat=action.seat)
    return play_sentence(action.seat, action.combo)


def play_sentence(seat: int, combo: Combo) -> str:
    """Says a play with its cards in words (``Combo.spoken``): "East plays a 4-card bomb of 8s:
    8♦ 8♥ 8♠ 2♥ (the 2♥ stands for 8♥)."; a play of jokers only is named once.

    >>> play_sentence(0, Combo.of("RJ RJ", "2"))
    'South plays a pair of red jokers.'
    """
    play = describe(combo)
    if all(c.is_joker for c in combo.cards):
        return say("widget.action.play_named", seat=seat, play=play)
    return say("widget.action.play", seat=seat, play=play, cards=combo.spoken())


def after_sentences(before: Deal, after: Deal, action: Action, *,
                    every_turn: bool = True) -> list[str]:
    """Says what an action led to: the seat going out, then who acts next or how it ended.

    Both sentences are the deal's own (``render_text``), so they cite the same clauses. With
    ``every_turn=False`` the next turn is said only when a trick ends or the deal does.
    """
    out = []
    if action.seat in after.finish_order and action.seat not in before.finish_order:
        place = after.finish_order.index(action.seat) + 1
        out.append(say(OUT_KEYS[place], seat=action.seat, team=team(action.seat)))
    if every_turn or after.table is None or after.is_over:
        out.append(turn_sentence(after))
    return out


def turn_sentence(deal: Deal, viewer: int | None = None) -> str:
    """Returns the deal's sentence on whose turn it is and what they may do (or how it ended).

    It is the last line of ``Deal.render_text``, which ends with that sentence.
    """
    return deal.render_text(viewer).rsplit("\n", 1)[-1]


_BUTTON_KEYS = {"first": ("widget.replay.first", "widget.replay.first_tip"),
                "prev": ("widget.replay.prev", "widget.replay.prev_tip"),
                "next": ("widget.replay.next", "widget.replay.next_tip"),
                "last": ("widget.replay.last", "widget.replay.last_tip")}


@dataclass(frozen=True)
class Frame:
    """One step of a replay: the position, the caption, and the scoreboard (for a match)."""

    position: Deal
    caption: str
    scoreboard: tuple[str, ...] = ()


def deal_frames(deal: Deal, number: int | None = None) -> list[Frame]:
    """Returns the steps of a deal: the start, then the position after each action.

    With a ``number`` (a deal in a match) each caption says which deal it is.
    """
    history = deal.history
    count = len(history)
    positions = [before for before, _ in deal.steps()] + [deal.copy()]
    captions = [" ".join([say("widget.replay.start", count=count),
                          turn_sentence(positions[0])])]
    for i, action in enumerate(history, start=1):
        text = say("widget.replay.step", index=i, count=count, action=action_sentence(action))
        captions.append(" ".join([text, *after_sentences(positions[i - 1], positions[i],
                                                         action)]))
    if number is not None:
        captions = [say("widget.replay.in_deal", number=number, caption=c) for c in captions]
    return [Frame(p, c) for p, c in zip(positions, captions, strict=True)]


def match_frames(match: Match) -> list[Frame]:
    """Returns the steps of every deal of a match that has reached play, one after another.

    Each step's scoreboard announces its deal (levels, active level, declarers, §02.8), the
    tribute and the returns (§08.8); the last step of a settled deal adds the result (§07).
    """
    records = [r for r in match.history if r.deal is not None]
    if not records:
        raise MatchError(say("widget.replay.no_deals"))
    frames: list[Frame] = []
    for record in records:
        assert record.deal is not None
        lines = [say("widget.replay.deal_of", number=record.number, count=len(records)),
                 record.announcement]
        if record.tribute is not None:
            lines.append(record.tribute.explanation)
        lines += [str(r) for r in record.returns]
        steps = deal_frames(record.deal, record.number)
        for i, step in enumerate(steps):
            board = tuple(lines)
            if i == len(steps) - 1 and record.settlement is not None:
                board += (say("widget.replay.settled",
                              explanation=record.settlement.explanation),)
            frames.append(Frame(step.position, step.caption, board))
    return frames


def _frames(source: Deal | Match | str) -> tuple[list[Frame], bool]:
    """Reads what to replay: a deal, a match, or the text record of either."""
    if isinstance(source, Deal):
        return deal_frames(source), False
    if isinstance(source, Match):
        return match_frames(source), True
    if isinstance(source, str) and source.lstrip().startswith("match"):
        return match_frames(Match.loads(source)), True
    return deal_frames(Deal.loads(source)), False


class DealReplay(RunFirst, widgets.VBox):
    """Steps through a recorded deal or match with ◀ ▶, first/last buttons and a slider.

    ``source`` is a ``Deal``, a ``Match`` (every deal that reached play, one after another),
    or the text record of either (``Deal.dumps`` / ``Match.dumps``). Step 0 is a deal before
    its first action (in a match, after tribute and return); step *i* is the table after the
    *i*-th action. ``viewer`` shows the table as that seat sees it. The table is drawn with
    ``deal_svg(position, viewer)`` in ``view.value``, the action just taken is said in
    ``caption.value``, and for a match ``scoreboard.value`` announces the deal and its result.

    >>> d = Deal(["3C", "4C 5C", "6C", "7C"], "2", 0)
    >>> _ = d.play("3C"), d.play("4C")
    >>> replay = DealReplay(d)
    >>> replay.count, replay.index
    (3, 0)
    >>> replay.next()
    1
    >>> "Step 1 of 2: South plays a single 3: 3♣." in replay.caption.value
    True
    """

    def __init__(self, source: Deal | Match | str, viewer: int | None = None) -> None:
        check_viewer(viewer)
        self.frames, self.is_match = _frames(source)
        self.viewer = viewer
        last = len(self.frames) - 1
        self.scoreboard = widgets.HTML()
        self.scoreboard.add_class("gdl-scoreboard")
        self.caption = widgets.HTML()
        self.caption.add_class("gdl-caption")
        self.view = widgets.HTML()
        self.view.add_class("gdl-deal")
        self.slider = StepSlider(value=0, min=0, max=last,
                                 description=say("widget.replay.slider"))
        self.slider.add_class("gdl-step")
        self.first_button = self._button("first", lambda: self.go(0))
        self.prev_button = self._button("prev", lambda: self.go(self.index - 1))
        self.next_button = self._button("next", lambda: self.go(self.index + 1))
        self.last_button = self._button("last", lambda: self.go(self.count - 1))
        controls = widgets.HBox([self.first_button, self.prev_button, self.slider,
                                 self.next_button, self.last_button])
        controls.add_class("gdl-replay-controls")
        self.slider.observe(lambda _: self._update(), names="value")
        parts = [self.scoreboard] if self.is_match else []
        self.live = live_for(self.caption)  # one live region announces each step
        super().__init__([*parts, controls, self.caption, self.view, self.live])
        self.add_class("gdl-deal-replay")
        self._update()

    def _button(self, name: str, action: Callable[[], object]) -> widgets.Button:
        icons = {"first": "step-backward", "last": "step-forward"}
        label, tip = _BUTTON_KEYS[name]
        button = widgets.Button(description=say(label),
                                icon=icons.get(name, ""),
                                tooltip=say(tip),
                                layout=widgets.Layout(width="auto"))
        button.add_class(f"gdl-{name}")
        button.on_click(lambda _: action())
        return button

    # -- Stepping ----------------------------------------------------------------------------

    @property
    def count(self) -> int:
        """Returns how many steps there are: the start plus one per action."""
        return len(self.frames)

    @property
    def index(self) -> int:
        """Returns the step on show (0 is the start)."""
        return self.slider.value

    @index.setter
    def index(self, value: int) -> None:
        self.go(value)

    @property
    def position(self) -> Deal:
        """Returns the deal as it stands at the step on show (a copy: changing it changes no
        step)."""
        return self.frames[self.index].position.copy()

    def at(self, index: int) -> Frame:
        """Returns step ``index`` (its position a copy) without moving the replay on show.

        A later cell can quote a step this way and leave the learner's replay where it is.
        """
        if not 0 <= index < self.count:
            raise MatchError(say("widget.replay.no_step", index=index, last=self.count - 1))
        frame = self.frames[index]
        return Frame(frame.position.copy(), frame.caption, frame.scoreboard)

    def go(self, index: int) -> int:
        """Shows step ``index`` (kept between the first and the last step) and returns it."""
        self.slider.value = max(0, min(int(index), self.count - 1))
        return self.index

    def next(self) -> int:
        """Shows the next step (staying on the last) and returns its index."""
        return self.go(self.index + 1)

    def prev(self) -> int:
        """Shows the step before (staying on the first) and returns its index."""
        return self.go(self.index - 1)

    def first(self) -> int:
        """Shows the start and returns 0."""
        return self.go(0)

    def last(self) -> int:
        """Shows the last step and returns its index."""
        return self.go(self.count - 1)

    def _update(self) -> None:
        frame = self.frames[self.index]
        at_start, at_end = self.index == 0, self.index == self.count - 1
        self.first_button.disabled = self.prev_button.disabled = at_start
        self.next_button.disabled = self.last_button.disabled = at_end
        self.caption.value = in_place(f'<div><p style="{_MARGIN}">'
                                      f"{linked(frame.caption)}</p></div>", stable=True)
        if self.is_match:
            head, *rest = frame.scoreboard
            self.scoreboard.value = in_place(
                f'<div><p style="{_MARGIN}"><strong>{escape(head)}</strong></p>'
                + "".join(f'<p style="{_MARGIN}">{linked(line)}</p>' for line in rest) + "</div>",
                stable=True)
        self.view.value = fit_width(deal_svg(frame.position, self.viewer))


def fit_width(svg: str) -> str:
    """Wraps a table picture so that it shrinks to the width of the notebook."""
    return ('<div class="gdl-fit" style="max-width: 100%; overflow: hidden">'
            + svg.replace("<svg ", '<svg style="max-width: 100%; height: auto" ', 1)
            + "</div>")

