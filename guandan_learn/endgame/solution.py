"""The solution and the positions in play: ``Solver``, ``Position``, ``solve`` and
``refutation``, each bounded by a budget of positions and seconds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..cards import Card, format_cards, parse_cards
from ..combo import Combo
from ..errors import ArgumentError, IllegalPlayError
from ..messages import say
from ..moves import exact_plays
from ..seats import seat_name
from .position import Endgame, Move
from .search import _FAMILY, _Search

#: The default budget of one search: positions searched (the bank's and the generator's
#: positions need at most a few thousand, four hands of six cards rarely more than 300,000)…
NODE_LIMIT = 500_000
#: … and seconds of wall-clock time, so that even four 27-card hands stop within seconds.
TIME_LIMIT = 5.0

#: The most states the side that cannot force its result walks to find the move that resists
#: longest (``Position.best``); past it, it plays the first move in showing order. A count of
#: the game's states, not seconds, so that the choice is the same on every machine.
RESIST_NODES = 10_000
#: The most bounds on lengths a solver keeps (``_within``) before it forgets them all.
LENGTHS_LIMIT = 1_000_000

#: The message keys that say whether the side to move reaches each goal.
_WINS = {"first": "endgame.wins.first", "team_first": "endgame.wins.team_first",
         "double": "endgame.wins.double"}
_LOSES = {"first": "endgame.loses.first", "team_first": "endgame.loses.team_first",
          "double": "endgame.loses.double"}


class Solution:
    """What the search found: whether the hero's side forces the goal, how, and a line.

    ``winning_moves`` lists every first move of the hero that keeps a forced win (a ``Combo``,
    or ``None`` for a pass), ``[]`` when there is none; ``line`` is a principal line of play as
    ``(seat, move)`` pairs to the end of the deal; ``nodes`` counts the positions searched for
    the answer. ``decided`` is ``True`` when the seats already out decide the goal
    (``Endgame.decided``): then ``wins`` is that result, and there are no moves and no line.

    The answer is searched when the solution is made; the line, which costs more than the
    answer on most positions (the side that cannot force its result looks for the move that
    resists longest), is played out when it is first read, within the same limits, which bound
    the answer and the line together (what the answer spent is not spent again): reading it
    may raise ``EndgameError`` when they stop it. ``Solver.solve`` plays it out with the
    solver's own tables, kept until then; ``solve`` keeps none (so that a solution held
    costs no memory and slows no later search) and searches again for the line. Either way
    it is the same line. A solution is a value: its fields do not change once made.
    """

    __slots__ = ("_line", "_play", "decided", "endgame", "nodes", "winning_moves", "wins")
    endgame: Endgame
    wins: bool
    winning_moves: list[Move]
    nodes: int
    decided: bool
    _line: list[tuple[int, Move]] | None
    _play: Callable[[], list[tuple[int, Move]]] | None

    def __init__(self, endgame: Endgame, wins: bool, winning_moves: list[Move],
                 line: list[tuple[int, Move]] | Callable[[], list[tuple[int, Move]]],
                 nodes: int = 0, decided: bool = False) -> None:
        set_ = object.__setattr__
        set_(self, "endgame", endgame)
        set_(self, "wins", wins)
        set_(self, "winning_moves", winning_moves)
        set_(self, "_line", None if callable(line) else line)
        set_(self, "_play", line if callable(line) else None)
        set_(self, "nodes", nodes)
        set_(self, "decided", decided)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Solution is immutable")

    @property
    def line(self) -> list[tuple[int, Move]]:
        """Returns the principal line, playing it out on first reading (see the class)."""
        got = self._line
        if got is None:
            assert self._play is not None
            got = self._play()
            object.__setattr__(self, "_line", got)
            object.__setattr__(self, "_play", None)
        return got

    def _fields(self) -> tuple[object, ...]:
        return (self.endgame, self.wins, self.winning_moves, self.line, self.decided)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # its lists are not hashable

    def __repr__(self) -> str:
        return (f"Solution(endgame={self.endgame!r}, wins={self.wins!r}, "
                f"winning_moves={self.winning_moves!r}, line={self.line!r}, "
                f"nodes={self.nodes!r}, decided={self.decided!r})")

    def __str__(self) -> str:
        moves = ", ".join(_move_text(m) for m in self.winning_moves)
        goal = self.endgame.goal
        if self.decided:
            return say("endgame.decided.won" if self.wins else "endgame.decided.lost",
                       seat=self.endgame.hero)
        if self.wins:
            head = say(_WINS[goal], seat=self.endgame.hero, moves=moves)
        else:
            head = say(_LOSES[goal], seat=self.endgame.hero)
        steps = "; ".join(f"{seat_name(seat)}: {_move_text(m)}" for seat, m in self.line)
        return head + "\n" + say("endgame.line", line=steps)


def _move_text(move: Move) -> str:
    return say("endgame.pass") if move is None else str(move)


def _remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def _order(move: Move) -> tuple[int, ...]:
    """Orders moves for showing: plays before the pass, more cards first, weakest first."""
    if move is None:
        return (2, 0, 0)
    return (1 if move.is_bomb else 0, -len(move.cards), move.power)


def check_limit(name: str, value: object) -> Any:
    """Returns a search limit if it is ``None`` or a finite positive number (an integer for
    ``node_limit``), else raises ``ArgumentError`` naming it."""
    if value is None:
        return None
    ok = not isinstance(value, bool) and isinstance(value, int if name == "node_limit"
                                                    else (int, float))
    if ok:
        try:
            ok = math.isfinite(float(value)) and value > 0  # type: ignore[arg-type,operator]
        except OverflowError:  # an integer too big for a float: no clock reaches it
            ok = False
    if not ok:
        raise ArgumentError(say("endgame.bad_limit", name=name, value=value))
    return value


class Solver:
    """Searches one endgame; every question asked of it shares one transposition table.

    ``node_limit`` (positions searched, default ``NODE_LIMIT``) and ``time_limit`` (seconds,
    default ``TIME_LIMIT``; ``None`` lifts a limit) bound each question asked from outside, or
    every question inside one ``budget()`` block together: past either, it raises
    ``EndgameError`` instead of searching on. The table keeps at most
    ``TT_LIMIT`` positions, so memory stays bounded on big positions.

    >>> solver = Solver(Endgame({0: "AC AD 5S", 1: "RJ 3C 3D", 2: "4D 4S", 3: "KH KS 6C"}, "7", 0))
    >>> start = solver.start()
    >>> start.wins(), [str(m) for m in start.winning_moves()]
    (True, ['A♣ A♦'])
    >>> solver.solve().wins
    True
    """

    def __init__(self, endgame: Endgame, *, node_limit: int | None = NODE_LIMIT,
                 time_limit: float | None = TIME_LIMIT) -> None:
        if not isinstance(endgame, Endgame):
            raise ArgumentError(say("endgame.not_endgame", value=endgame))
        self.endgame = endgame
        self._search = _Search(endgame.level, endgame.hero, endgame.goal,
                               check_limit("node_limit", node_limit),
                               check_limit("time_limit", time_limit))
        #: Bounds ``(least, most)`` on how many moves a side needs to force its goal from each
        #: state to the end of the deal, as far as ``Position.best`` has learnt: one table
        #: for the hero's side (``True``) and one for the other (``False``).
        self._lengths: dict[bool, dict[tuple[int, ...], tuple[int, int]]] = {True: {},
                                                                              False: {}}

    @contextmanager
    def budget(self) -> Iterator[None]:
        """Shares one budget among every question asked inside the block (a widget's click):
        the limits then bound the whole block, not each question."""
        with self._search.budget():
            yield

    @property
    def nodes(self) -> int:
        """Returns how many positions the search has expanded so far."""
        return self._search.nodes

    def start(self) -> Position:
        """Returns the endgame's starting position, to play out move by move: a position whose
        ``result`` is already set when the seats out decide the goal."""
        eg = self.endgame
        search = self._search
        table = None if eg.table is None else eg.table[0]
        last = -1 if eg.table is None else eg.table[1]
        return Position(self, eg.hands, tuple(search.key(h) for h in eg.hands), eg.hero, last,
                        table, eg.decided, ())

    def solve(self) -> Solution:
        """Returns the ``Solution``: whether the hero's side wins, every winning first move and a
        principal line of play, played out when first read by this solver, whose tables the
        solution keeps until then (none of either when the seats out decide the goal)."""
        return self._solve(keep=True)

    def _solve(self, keep: bool) -> Solution:
        """Answers the endgame; the line is played out when read, by this solver when ``keep``,
        else by a new one (the solution then keeps no tables: the line searches again)."""
        eg = self.endgame
        decided = eg.decided
        if decided is not None:
            return Solution(eg, decided, [], [], 0, True)
        search = self._search
        start = self.start()
        nodes, began = search.nodes, time.monotonic()
        with search.budget():
            winning = start.winning_moves()
        spent = (search.nodes - nodes, time.monotonic() - began)
        if keep:
            def line() -> list[tuple[int, Move]]:
                with search.budget(spent):
                    return start.line()
        else:
            node_limit, time_limit = search.node_limit, search.time_limit

            def line() -> list[tuple[int, Move]]:
                again = Solver(eg, node_limit=node_limit, time_limit=time_limit)
                with again._search.budget(spent):
                    return again.start().line()

        return Solution(eg, bool(winning), winning, line, search.nodes)


class Position:
    """A position of an endgame in play: the hands, the seat to move, the table and the moves so
    far; ``result`` is the hero side's result once the deal is decided (else ``None``).

    Positions are values: ``play`` returns the next one and leaves this one as it was.

    >>> eg = Endgame.loads("level 2; to_move 0; 0: 3D 9S 9H QC QD; 1: KC 5H; 2: 4C 8S; 3: JD JH 7H")
    >>> p = Solver(eg).start()
    >>> [str(m) for m in p.moves()][:4], p.mover, p.table
    (['3♦', '9♥', '9♠', '9♥ 9♠'], 0, None)
    >>> p.value(p.moves()[3]), p.wins()
    (True, True)
    >>> q = p.play(p.moves()[3])
    >>> q.mover, str(q.table), q.last
    (1, '9♥ 9♠', 0)
    >>> [(seat, str(m)) for seat, m in q.line()][:3]
    [(1, 'None'), (2, 'None'), (3, 'J♦ J♥')]
    """

    __slots__ = ("_keys", "hands", "history", "last", "mover", "result", "solver", "table")
    solver: Solver
    hands: tuple[tuple[Card, ...], ...]
    mover: int
    last: int
    table: Combo | None
    result: bool | None
    history: tuple[tuple[int, Move], ...]

    def __init__(self, solver: Solver, hands: tuple[tuple[Card, ...], ...],
                 keys: tuple[int, ...], mover: int, last: int, table: Combo | None,
                 result: bool | None, history: tuple[tuple[int, Move], ...]) -> None:
        self.solver = solver
        self.hands = hands
        self._keys = keys
        self.mover = mover
        self.last = last
        self.table = table
        self.result = result
        self.history = history

    @property
    def over(self) -> bool:
        """Tells whether the deal has reached its result."""
        return self.result is not None

    def ours(self, seat: int) -> bool:
        """Tells whether a seat is on the hero's side."""
        return (seat & 1) == (self.solver.endgame.hero & 1)

    def moves(self) -> list[Move]:
        """Lists the mover's moves: every exact play (``exact_plays`` order), then the pass when
        following; none once the deal is decided."""
        if self.result is not None:
            return []
        moves: list[Move] = list(exact_plays(self.hands[self.mover], self.table,
                                             self.solver.endgame.level))
        if self.table is not None:
            moves.append(None)
        return moves

    def _next(self, move: Move) -> tuple[bool | None, tuple[int, ...]]:
        search = self.solver._search
        tkey = None if self.table is None else (_FAMILY[self.table.kind], self.table.power)
        keys = list(self._keys)
        if move is None:
            return search.after(keys, self.mover, self.last, tkey, None)
        rest = search.key(_remove(self.hands[self.mover], move.cards))
        return search.after(keys, self.mover, self.last, tkey,
                            (_FAMILY[move.kind], move.power, rest))

    def _check(self, move: Move) -> None:
        if self.result is not None or move not in self.moves():
            raise IllegalPlayError(say("endgame.not_a_move", seat=self.mover,
                                       move=_move_text(move)), clause="§06.3")

    def value(self, move: Move) -> bool:
        """Tells whether the hero's side forces the goal after the mover plays ``move`` (one of
        ``moves()``; anything else raises ``IllegalPlayError``)."""
        self._check(move)
        search = self.solver._search
        with search.budget():
            return search.value(*self._next(move))

    def wins(self) -> bool:
        """Tells whether the hero's side forces the goal from here."""
        if self.result is not None:
            return self.result
        search = self.solver._search
        with search.budget():
            return search.value(None, (*self._keys, self.mover, *self._table_state()))

    def _table_state(self) -> tuple[int, int, int]:
        if self.table is None:
            return (-1, -1, -1)
        return (self.last, _FAMILY[self.table.kind], self.table.power)

    def winning_moves(self) -> list[Move]:
        """Lists the mover's moves after which the mover's side forces its goal, in the order
        of ``moves()``."""
        want = self.ours(self.mover)
        search = self.solver._search
        with search.budget():
            return [m for m in self.moves() if search.value(*self._next(m)) is want]

    def best(self, *, resist: bool = True) -> Move:
        """Returns the move best play makes: for a side that can force its result, a move that
        keeps it (going out when that decides the deal, else the first in showing order); for
        the other side, the move that resists longest: the one after which the winners'
        shortest forced line to the end of the deal is longest (the first in showing order
        among equals; with ``resist=False``, simply the first in showing order).

        Measuring that line walks no more than ``RESIST_NODES`` states per call, within the
        solver's time limit; past that, the side plays its first move in showing order. What is
        walked depends on the game alone, so the choice is the same on every machine, under
        any load and whatever the search does inside.
        """
        if self.result is not None:
            raise IllegalPlayError(say("endgame.over"), clause="§06.7")
        search = self.solver._search
        with search.budget():
            options = [(self._next(m), m) for m in self.moves()]
            options.sort(key=lambda o: (o[0][0] is None, _order(o[1])))
            want = self.ours(self.mover)
            if self.wins() is want:
                for after, move in options:
                    if search.value(*after) is want:
                        return move
            return self._resisting(options) if resist else options[0][1]

    def _resisting(self, options: list[tuple[tuple[bool | None, tuple[int, ...]], Move]]) -> Move:
        """Returns the option after which the winners' shortest forced line is longest, or the
        first option when measuring it walks past ``RESIST_NODES`` states (see ``best``)."""
        if len(options) == 1:
            return options[0][1]
        hero_wins = not self.ours(self.mover)
        walked = [0]
        best, longest = options[0][1], -1
        try:
            for (done, state), move in options:
                if done is not None:
                    got = 0
                elif longest >= 1 and _within(self.solver, state, hero_wins, longest, walked):
                    continue  # no longer than the longest found: the first of equals stays
                else:
                    got = _length(self.solver, state, hero_wins, walked, longest + 1)
                if got > longest:
                    best, longest = move, got
        except _TooLong:
            best = options[0][1]
        lengths = self.solver._lengths
        if len(lengths[True]) + len(lengths[False]) > LENGTHS_LIMIT:
            lengths[True].clear()  # what goes is only walked again
            lengths[False].clear()
        return best

    def play(self, move: Move) -> Position:
        """Returns the position after the mover plays ``move`` (one of ``moves()``, else
        ``IllegalPlayError``)."""
        self._check(move)
        return self._play(move)

    def _play(self, move: Move) -> Position:
        done, state = self._next(move)
        hands = self.hands
        table = self.table
        if move is not None:
            hands = tuple(_remove(h, move.cards) if s == self.mover else h
                          for s, h in enumerate(hands))
            table = move
        history = (*self.history, (self.mover, move))
        if done is not None:
            return Position(self.solver, hands, tuple(state[:4]), self.mover, self.last, table,
                            done, history)
        mover, last = state[4], state[5]
        return Position(self.solver, hands, tuple(state[:4]), mover, last,
                        None if last < 0 else table, None, history)

    def line(self, *, resist: bool = True) -> list[tuple[int, Move]]:
        """Plays out a principal line from here to the end of the deal, as ``(seat, move)``
        pairs: every seat makes its ``best`` move (``resist`` as there)."""
        line: list[tuple[int, Move]] = []
        search = self.solver._search
        pos = self
        with search.budget():
            while pos.result is None:
                move = pos.best(resist=resist)
                line.append((pos.mover, move))
                pos = pos._play(move)
        return line

    def __repr__(self) -> str:
        hands = "; ".join(f"{s}: {format_cards(h) or '-'}" for s, h in enumerate(self.hands))
        table = "-" if self.table is None else f"{self.table} by {self.last}"
        return f"<Position mover {self.mover}; table {table}; {hands}>"


class _TooLong(Exception):
    """Measuring how long the winners need went past ``RESIST_NODES``."""


def _length(solver: Solver, state: tuple[int, ...], hero_wins: bool, walked: list[int],
            at_least: int = 1) -> int:
    """Returns the number of moves to the end of the deal from ``state`` when the winning side
    (the hero's when ``hero_wins``; ``state`` is won by it) plays its shortest forced line and
    the other side its longest, or ``at_least`` when that number is no more than ``at_least``
    (a caller that only needs to know whether ``state`` beats a length already found asks no
    more). It asks ``_within`` for one length after another, from the least not ruled out."""
    bounds = solver._lengths[hero_wins]
    d = max(at_least, bounds.get(state, (1, _FAR))[0])
    while not _within(solver, state, hero_wins, d, walked):
        d = bounds[state][0]
    return d


#: A length no line reaches (the bound ``_within`` starts from).
_FAR = 1 << 30


def _within(solver: Solver, state: tuple[int, ...], hero_wins: bool, d: int,
            walked: list[int]) -> bool:
    """Tells whether the winning side (the hero's when ``hero_wins``) forces its goal from
    ``state`` within ``d`` moves: a depth-bounded proof that stops at the first move short
    enough (the winners' turn) or the first too long (the others'). A deal that ends the other
    way counts as too long, so a ``True`` proves the goal itself; from a state the winners
    win, the least such ``d`` is the length ``_length`` defines. (Asking the search first
    whether each of the winners' moves keeps the win finds the same lengths, but proving
    a move lost costs far more than failing to win within ``d``.)

    What it learns is kept as bounds ``(least, most)`` on the state's length, so a later
    question is answered without a search when the bounds decide it. It raises ``_TooLong``
    once ``walked[0]``, the states it has expanded, passes ``RESIST_NODES``. It reads the
    game alone and never the search's table, so what it walks, and hence the choice, is the
    same whatever the search does inside."""
    bounds = solver._lengths[hero_wins]
    least, most = bounds.get(state, (1, _FAR))
    if most <= d:
        return True
    if least > d:
        return False
    search = solver._search
    walked[0] += 1
    if walked[0] > RESIST_NODES:
        raise _TooLong
    if not walked[0] & 1023:
        search.check()  # the solver's time limit holds here too
    hands = list(state[:4])
    mover, last, tfam, tpow = state[4], state[5], state[6], state[7]
    info = search.info(hands[mover])
    table = None if tfam < 0 else (tfam, tpow)
    moves: list[tuple[int, int, int] | None] = [
        (fam, power, rest) for fam, power, rest, _ in
        (info.lead if table is None else search.follow(info, tfam, tpow))]
    if table is not None:
        moves.append(None)  # the pass, last
    after = search.after
    e = d - 1
    # The children are made one at a time and a child the bounds decide is not entered (it
    # would return at once, walking nothing), so the walk is the one the plain definition
    # makes. Only a play that empties the mover's hand can end the deal.
    if ((mover & 1) == search.team) is hero_wins:  # the winners: one move short enough
        ok = any(m is not None and m[2] == 0
                 and after(hands, mover, last, table, m)[0] is hero_wins for m in moves)
        if not ok and e > 0:
            for m in moves:
                done, nxt = after(hands, mover, last, table, m)
                if done is None:
                    got = bounds.get(nxt)
                    if got is not None and got[0] > e:
                        continue
                    if (got is not None and got[1] <= e) \
                            or _within(solver, nxt, hero_wins, e, walked):
                        ok = True
                        break
    else:  # the others: every move ends the deal the winners' way within the bound
        ok = True
        for m in moves:
            done, nxt = after(hands, mover, last, table, m)
            if done is hero_wins:
                continue
            if done is not None or e <= 0:
                ok = False
                break
            got = bounds.get(nxt)
            if got is not None and got[1] <= e:
                continue
            if (got is not None and got[0] > e) or not _within(solver, nxt, hero_wins, e, walked):
                ok = False
                break
    bounds[state] = (least, d) if ok else (d + 1, most)
    return ok


def solve(eg: Endgame, *, node_limit: int | None = NODE_LIMIT,
          time_limit: float | None = TIME_LIMIT) -> Solution:
    """Solves an endgame exactly: whether the hero's side forces the goal, every winning first
    move, and a principal line of play, played out when first read (see ``Solution``).
    ``node_limit`` and ``time_limit`` (seconds; defaults ``NODE_LIMIT`` and ``TIME_LIMIT``,
    ``None`` for no limit) stop a search that would run longer with an ``EndgameError``.

    >>> eg = Endgame({0: "8C 8D", 1: "3C 4C", 2: "5D", 3: "6C 7C"}, "2", 0, goal="team_first")
    >>> [str(m) for m in solve(eg).winning_moves]
    ['8♣', '8♦', '8♣ 8♦']
    >>> solve(Endgame.loads("level 2; to_move 0; 0: 3D 9S 9H QC QD; 1: KC 5H; 2: 4C 8S; "
    ...                     "3: JD JH 7H"), node_limit=5)
    Traceback (most recent call last):
    ...
    guandan_learn.errors.EndgameError: The search stopped after 5 positions without an answer.
    """
    return Solver(eg, node_limit=node_limit, time_limit=time_limit)._solve(keep=False)


def refutation(eg: Endgame, move: Move, *, node_limit: int | None = NODE_LIMIT,
               time_limit: float | None = TIME_LIMIT) -> list[tuple[int, Move]]:
    """Returns the line of best play after the hero's first ``move`` (one of the hero's moves),
    the defence resisting best: its first step is the hero's move, its last ends the deal. The
    limits are those of ``solve``, for the whole line.

    >>> eg = Endgame.loads("level 2; to_move 0; 0: 3D 9S 9H QC QD; 1: KC 5H; 2: 4C 8S; "
    ...                    "3: JD JH 7H")
    >>> queens = next(m for m in Solver(eg).start().moves() if str(m) == "Q♣ Q♦")
    >>> [(seat, str(m)) for seat, m in refutation(eg, queens)][:3]
    [(0, 'Q♣ Q♦'), (1, 'None'), (2, 'None')]
    """
    solver = Solver(eg, node_limit=node_limit, time_limit=time_limit)
    start = solver.start()
    start._check(move)
    with solver.budget():
        return [(start.mover, move), *start._play(move).line()]


@dataclass(frozen=True)
class Refutation:
    """One first move of the hero and the line that follows it: the defence's best answer
    when the move loses (``wins`` false), the hero's best play when it keeps a forced win."""

    endgame: Endgame
    move: Move
    wins: bool
    line: list[tuple[int, Move]]

    def __str__(self) -> str:
        steps = "; ".join(f"{seat_name(seat)}: {_move_text(m)}" for seat, m in self.line[1:])
        key = "endgame.refute.wins" if self.wins else "endgame.refute.loses"
        return say(key, move=_move_text(self.move), line=steps)


def refute(eg: Endgame, play: str | None = None, *, node_limit: int | None = NODE_LIMIT,
           time_limit: float | None = TIME_LIMIT) -> list[Refutation]:
    """Returns the line after each of the hero's first moves: those whose cards are ``play``
    (card notation, or ``"pass"``), or every first move when ``play`` is ``None``, each with
    whether it keeps a forced win. A lost position is proved by a refutation of every first
    move. An unknown ``play`` raises ``IllegalPlayError``.

    >>> eg = Endgame.loads("level 2; to_move 0; 0: 3D 9S 9H QC QD; 1: KC 5H; 2: 4C 8S; "
    ...                    "3: JD JH 7H")
    >>> print(refute(eg, "QC QD")[0])  # doctest: +NORMALIZE_WHITESPACE
    After Q♣ Q♦: East: pass; North: pass; West: pass; South: 9♥ 9♠; East: pass; North: pass;
    West: J♦ J♥; South: pass; East: pass; North: pass; West: 7♥. The goal is out of reach.
    """
    solver = Solver(eg, node_limit=node_limit, time_limit=time_limit)
    start = solver.start()
    moves = start.moves()
    if play is not None:
        wanted = None if play.strip().lower() == "pass" else sorted(
            c.index for c in parse_cards(play))
        moves = [m for m in moves if (None if m is None else sorted(c.index for c in m.cards))
                 == wanted]
        if not moves:
            raise IllegalPlayError(say("endgame.not_a_move", move=play, seat=eg.hero))
    out = []
    with solver.budget():
        for move in moves:
            after = start._play(move)
            out.append(Refutation(eg, move, after.wins(), [(start.mover, move), *after.line()]))
    return out


__all__ = ["NODE_LIMIT", "RESIST_NODES", "TIME_LIMIT", "Position", "Refutation", "Solution",
           "Solver",
           "check_limit", "refutation", "refute", "solve"]
