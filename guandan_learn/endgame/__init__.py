"""Endgames solved exactly: with every hand open, can the side to move force its goal? (§06)

An ``Endgame`` is an open-hand position: four hands, the active level, the seat to move (the
hero), the unbeaten play on the table with the seat that made it (every seat strictly between
that seat and the hero has passed since), the seats already out in their finish order (``out``,
empty hands; none by default), and a goal for the hero's side:

- ``"first"``: the hero empties their hand before anyone else;
- ``"team_first"``: the hero or the partner is first;
- ``"double"``: the hero and the partner finish 1st and 2nd.

The hero and the partner choose their moves together; the opponents answer adversarially.
Tricks flow by §06.3–§06.6: three consecutive passes after a play end the trick, an empty hand
passes automatically, and when the player of the last unbeaten play has gone out, the partner
leads. Once a seat is out, the finish order may decide the goal already (``Endgame.decided``:
``first`` is lost, ``team_first`` is the first one out's team's, ``double`` stays open only while
the partner alone is out); the solver then reports that result (``Solution.decided``) and
searches nothing.

>>> eg = Endgame({0: "AC AD 5S", 1: "RJ 3C 3D", 2: "4D 4S", 3: "KH KS 6C"}, "7", to_move=0)
>>> sol = solve(eg)
>>> sol.wins, [str(m) for m in sol.winning_moves]
(True, ['A♣ A♦'])
>>> [(seat, str(move)) for seat, move in sol.line]  # doctest: +NORMALIZE_WHITESPACE
[(0, 'A♣ A♦'), (1, 'None'), (2, 'None'), (3, 'None'), (0, '5♠')]

**Notation.** ``Endgame.dumps()`` writes a position on one line of ``;``-separated fields, and
``Endgame.loads`` reads it back (fields in any order, ``;`` or line breaks between them)::

    level 7; goal first; to_move 0; 0: 5S AC AD; 1: 3C 3D RJ; 2: 4D 4S; 3: 6C KH KS; table 3: 9D 9S

``level L`` and ``to_move S`` are required, and ``S: cards`` for each seat 0–3 (cards in the
usual notation); ``goal`` defaults to ``first``; ``table S: cards`` gives the unbeaten play and
the seat that made it, each wild heart's declared card written after it as ``=8H`` (as in a
deal record); ``out S S`` lists the seats already out, first one first, each with the hand
``S: -``. A position without ``out`` has every seat holding cards, as before.

>>> print(eg.dumps())
level 7; goal first; to_move 0; 0: 5S AC AD; 1: 3C 3D RJ; 2: 4D 4S; 3: 6C KH KS
>>> Endgame.loads(eg.dumps()) == eg
True

**Playing a position out.** ``Solver(eg)`` holds one search; ``start()`` gives the starting
``Position``, whose ``moves()``, ``play(move)``, ``value(move)``, ``wins()``, ``best()`` and
``line()`` walk the deal move by move, every question sharing the solver's transposition table.
``refutation(eg, move)`` is the defence's best answer to a first move. In ``best()`` the side
that can force its result keeps it; the other side plays the move that resists longest (after
which the winners' shortest forced line is longest), measured within ``RESIST_NODES``
positions.
``refute(eg, "QC QD")`` prints a refutation in words (``refute(eg)``: for every first move,
which proves a "no").

**The budget.** Every search is bounded unless asked otherwise: ``solve``, ``Solver`` and
``refutation`` take ``node_limit`` (positions searched, default ``NODE_LIMIT``) and
``time_limit`` (seconds of wall-clock time, default ``TIME_LIMIT``); past either, the search
stops with an ``EndgameError`` saying which, never with a guess. ``None`` lifts a limit, only
when passed explicitly. Every position of the puzzle bank, the generator and chapter 11 needs
at most a few thousand positions; four full 27-card hands stop within seconds, at whichever
limit comes first. ``solve`` searches the answer (``wins`` and ``winning_moves``) at once and
plays out ``line`` when it is first read, within what is left of the same budget.

>>> start = Solver(eg).start()
>>> after = start.play(start.moves()[0])
>>> str(start.moves()[0]), after.mover, after.wins()
('5♠', 1, False)

**The search** is an AND–OR search over the moves of every distinct legal play, told apart by
the exact cards (suits matter only in straight flushes, §03.2, §05.4, so a hand that can never
make one is remembered by its ranks alone). Each distinct hand is a small integer whose plays
are read once and whose answers to each table are cached. A transposition table holds those
canonical states (the table's power lowered to the next one a follower holds; at most
``TT_LIMIT`` entries, the oldest half dropped past it). Static bounds decide states without
searching them, each proved sound where it is written (``search._Search``): immediate wins (a
hand that goes out in one play; a hand that leads out through plays no opponent can beat, then
its last play), a follower that goes out over the play it answers (``goes_out``), a next
leader that goes out in one play (``leads_out``) and an opponent who answers every play the
side to move can make and then leads out (``overpowered``). Seats that cannot beat the table
pass at once, and the last refutation is tried first.

The package: ``position`` (the ``Endgame`` and its notation), ``search`` (the search) and
``solution`` (``Solver``, ``Position``, ``Solution``, ``solve``, ``refutation`` and the budget).
"""

from __future__ import annotations

from .position import GOALS, HAND_LIMIT, Endgame, Move, Table
from .search import CHECK_EVERY, TT_LIMIT
from .solution import (
    NODE_LIMIT,
    RESIST_NODES,
    TIME_LIMIT,
    Position,
    Refutation,
    Solution,
    Solver,
    check_limit,
    refutation,
    refute,
    solve,
)

__all__ = ["CHECK_EVERY", "GOALS", "HAND_LIMIT", "NODE_LIMIT", "RESIST_NODES", "TIME_LIMIT",
           "TT_LIMIT", "Endgame", "Move", "Position", "Refutation", "Solution", "Solver", "Table",
           "check_limit", "refutation", "refute", "solve"]
