"""A review of one seat's play in a recorded deal by the exact endgame solver (§06).

``review_deal(deal, seat)`` replays a ``Deal``. From the first turn of ``seat`` where the hands
are small enough (at most ``REVIEW_CARDS`` cards in play), it asks the solver, at each of the
seat's turns and for each goal still open (``first`` for the seat alone, ``team_first`` and
``double`` for the partnership; once a seat is out, the finish order so far decides the first
two, and ``double`` stays open while the partner alone is out), whether the goal was forced
before the move and whether it still was after. A move that turns a forced goal into one the
others can stop is a ``Moment`` of kind ``"lost"``, with the moves that would have kept it and
the line that punishes the move played. A question the solver cannot answer within the budget
is a ``Moment`` of kind ``"too_large"``: never a guess.

The budget is one of positions searched (``REVIEW_NODES`` per question), so the same deal gets
the same review on any machine and under any load; the clock (``REVIEW_TIME``) is only a safety
cap, far above what the node budget takes.

>>> d = Deal(["3C 9S 9D", "4C 5C", "5D 6D", "AC KD"], "2", leader=0)
>>> _ = d.play("3C"), d.play("5C"), d.pass_turn(), d.play("AC")
>>> review = review_deal(d, 0)
>>> [(m.step, m.goal, m.kind, str(m.move)) for m in review.moments]
[(0, 'first', 'lost', '3♣'), (0, 'team_first', 'lost', '3♣')]
>>> print(review.moments[0])  # doctest: +NORMALIZE_WHITESPACE
Move 1, South played 3♣: before it, going out first was forced; after it, the others can
stop it. The move that kept it: 9♦ 9♠. The line that punishes 3♣: South: 3♣; East: 4♣;
North: 5♦; West: K♦; South: pass; East: pass; North: pass; West: A♣.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .deal import Deal
from .endgame import GOALS, Endgame, Move, Position, Solver
from .errors import ArgumentError, EndgameError
from .messages import say
from .seats import seat_name

#: The most cards in play (all four hands) at which the review starts asking the solver.
REVIEW_CARDS = 32
#: The budget of each question the review asks the solver: positions searched (what decides
#: which questions are too large, the same on every machine)…
REVIEW_NODES = 100_000
#: … and a safety cap of seconds of wall-clock time, far above what ``REVIEW_NODES`` positions
#: take (a few seconds at most on a loaded machine), so that it cuts a question only on a
#: machine many times slower than any the project is measured on.
REVIEW_TIME = 60.0

#: What each goal is called in a sentence.
_GOAL_TEXT = {"first": "review.goal.first", "team_first": "review.goal.team_first",
              "double": "review.goal.double"}


@dataclass(frozen=True)
class Moment:
    """One judged turn of the reviewed seat, for one goal.

    ``step`` indexes ``deal.history`` (the move the seat made there is ``move``); ``kind`` is
    ``"lost"`` (``before`` is ``True``: the goal was forced; ``after`` is ``False``: the move
    let it go; ``better`` lists every move that kept it, ``refutation`` the line of best play
    after the move played, as ``(seat, move)`` pairs to the end) or ``"too_large"`` (the
    solver could not answer within the budget: ``before`` and ``after`` are ``None``).
    """

    step: int
    seat: int
    goal: str
    kind: str
    move: Move
    before: bool | None = None
    after: bool | None = None
    better: tuple[Move, ...] = ()
    refutation: tuple[tuple[int, Move], ...] = ()

    def __str__(self) -> str:
        goal = say(_GOAL_TEXT[self.goal])
        if self.kind == "too_large":
            return say("review.too_large", number=self.step + 1, seat=self.seat,
                       move=_move_text(self.move), goal=goal)
        key = "review.lost.one" if len(self.better) == 1 else "review.lost.many"
        return say(key, number=self.step + 1, seat=self.seat, move=_move_text(self.move),
                   goal=goal, better=", ".join(_move_text(m) for m in self.better),
                   line=line_text(self.refutation))


@dataclass(frozen=True)
class Review:
    """The review of one seat's play: the moments found, and where judging started.

    ``start`` is the first step judged (``None`` when the hands never got small enough while
    a goal was still open); the seat's turns before it were too large to solve within the
    budget, and are not judged.
    """

    deal: Deal
    seat: int
    start: int | None
    moments: tuple[Moment, ...]

    @property
    def lost(self) -> tuple[Moment, ...]:
        """Returns the moments where a forced goal was lost."""
        return tuple(m for m in self.moments if m.kind == "lost")

    def __str__(self) -> str:
        if self.start is None:
            return say("review.never", seat=self.seat)
        at = _at(self.deal, self.start)
        cards = sum(len(h) for h in at.hands)
        first = next(i for i, a in enumerate(self.deal.history) if a.seat == self.seat)
        key = "review.start" if self.start == first else "review.start_late"
        open_goals = [g for g in GOALS if endgame_at(at, g).decided is None]
        if at.finish_order and len(open_goals) == 1:
            # the partner out first: the goals it decided are not judged, and the review says so
            lines = [say("review.start_out", seat=self.seat, number=self.start + 1, cards=cards,
                         out=at.finish_order[0], goal=say(_GOAL_TEXT[open_goals[0]]))]
        else:
            lines = [say(key, seat=self.seat, number=self.start + 1, cards=cards)]
        lines += [str(m) for m in self.moments]
        if not self.lost:
            lines.append(say("review.clean", seat=self.seat))
        return "\n".join(lines)


def _move_text(move: Move) -> str:
    return say("endgame.pass") if move is None else str(move)


def line_text(line: tuple[tuple[int, Move], ...] | list[tuple[int, Move]]) -> str:
    """Writes a line of play as "South: 3♣; East: pass; …" in the learner's language."""
    return "; ".join(f"{seat_name(seat)}: {_move_text(m)}" for seat, m in line)


def _at(deal: Deal, step: int) -> Deal:
    for i, (before, _) in enumerate(deal.steps()):
        if i == step:
            return before
    raise ArgumentError(say("review.bad_step", step=step))


def endgame_at(deal: Deal, goal: str = "first") -> Endgame:
    """Returns the open-hand position of a deal in play, the seat to move as the hero and the
    seats already out in their finish order.

    Raises ``ArgumentError`` when the deal is over.

    >>> endgame_at(Deal(["3C 9S", "4C", "5D", "AC"], "2", leader=0)).dumps()
    'level 2; goal first; to_move 0; 0: 3C 9S; 1: 4C; 2: 5D; 3: AC'
    >>> d = Deal(["3C 9S", "4C", "5D", "AC"], "2", leader=2)
    >>> _ = d.play("5D")
    >>> endgame_at(d, "double").dumps()
    'level 2; goal double; to_move 3; out 2; 0: 3C 9S; 1: 4C; 2: -; 3: AC; table 2: 5D'
    """
    if not isinstance(deal, Deal):
        raise ArgumentError(say("review.not_deal", value=deal))
    if deal.to_move is None:
        raise ArgumentError(say("review.over"))
    table, last = deal.table, deal.last_player
    return Endgame(deal.hands, deal.level, deal.to_move,
                   None if table is None or last is None else (table, last), goal,
                   deal.finish_order)


def match_move(moves: list[Move], played: Move) -> Move:
    """Returns the solver's move that is the play made (same cards, form and power), or raises
    ``ArgumentError``."""
    if played is None:
        if None in moves:
            return None
    else:
        cards = sorted(c.index for c in played.cards)
        for m in moves:
            if m is not None and m == played:
                return m
        for m in moves:
            if (m is not None and m.kind is played.kind and m.power == played.power
                    and sorted(c.index for c in m.cards) == cards):
                return m
    raise ArgumentError(say("review.no_such_move", move=_move_text(played)))


def _check_seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ArgumentError(say("review.bad_seat", value=seat))
    return seat


def _steps(deal: Deal) -> Iterator[tuple[int, Deal, Move, int]]:
    for i, (before, action) in enumerate(deal.steps()):
        yield i, before, action.combo, action.seat


def review_deal(deal: Deal, seat: int, *, cards: int = REVIEW_CARDS,
                node_limit: int | None = REVIEW_NODES,
                time_limit: float | None = REVIEW_TIME) -> Review:
    """Reviews ``seat``'s moves in a recorded ``deal`` by the exact solver (see the module notes).

    ``cards`` is the most cards in play at which judging starts; ``node_limit`` bounds each
    question (one goal at one turn; for a lost goal, the line that punishes the move is asked
    within at most two more such budgets, see ``_judge``), so the whole review is bounded by
    the seat's turns times three questions, and the same on every machine; ``time_limit`` is
    a safety cap of seconds per question, far above what the node budget takes (``None``
    lifts it). After a question past the budget, that goal is asked again only once four more
    cards have left play.
    """
    if not isinstance(deal, Deal):
        raise ArgumentError(say("review.not_deal", value=deal))
    seat = _check_seat(seat)
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 4:
        raise ArgumentError(say("review.bad_cards", value=cards))
    walkers: dict[str, Position | None] = dict.fromkeys(GOALS)
    #: After a question past the budget, a goal waits until four more cards are gone.
    wait = dict.fromkeys(GOALS, cards)
    moments: list[Moment] = []
    start: int | None = None
    for step, before, played, mover in _steps(deal):
        mine = mover == seat
        total = sum(before.cards_left(s) for s in range(4))
        for goal in GOALS:
            pos = walkers[goal]
            if pos is None and mine and total <= wait[goal]:
                eg = endgame_at(before, goal)
                if eg.decided is not None:
                    continue  # the seats out decide it: nothing to judge
                pos = Solver(eg, node_limit=node_limit, time_limit=time_limit).start()
                start = step if start is None else start
            if pos is None:
                continue
            if pos.over or pos.mover != mover:
                walkers[goal] = None
                continue
            try:
                move = match_move(pos.moves(), played)
            except ArgumentError:  # a reading the solver does not list: stop following it
                walkers[goal] = None
                continue
            if mine:
                try:
                    moment = _judge(pos, step, seat, goal, move)
                except EndgameError:
                    moment = Moment(step, seat, goal, "too_large", move)
                    walkers[goal] = None
                    wait[goal] = total - 4
                    moments.append(moment)
                    continue
                if moment is not None:
                    moments.append(moment)
            walkers[goal] = pos.play(move)
    return Review(deal, seat, start, tuple(moments))


def _judge(pos: Position, step: int, seat: int, goal: str, move: Move) -> Moment | None:
    """Returns the moment of the seat's ``move`` at ``pos`` if it lets a forced goal go.

    Whether it does is one question, within one budget; the line that punishes the move gets
    a budget of its own, the seat's side resisting longest (``Position.best``), and when that
    goes past it, another budget for the plain line (the first move in showing order).
    """
    with pos.solver.budget():
        if not pos.wins() or pos.value(move):
            return None
        better = tuple(pos.winning_moves())
    after = pos.play(move)
    try:
        with pos.solver.budget():
            rest = after.line()
    except EndgameError:
        with pos.solver.budget():
            rest = after.line(resist=False)
    return Moment(step, seat, goal, "lost", move, True, False, better, ((seat, move), *rest))


__all__ = ["REVIEW_CARDS", "REVIEW_NODES", "REVIEW_TIME", "Moment", "Review", "endgame_at",
           "line_text", "match_move", "review_deal"]
