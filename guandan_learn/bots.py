"""Computer players behind one small interface, and whole-deal simulation.

A player is anything with ``choose(deal) -> Combo | None``: the play to make for the seat to
move, or ``None`` to pass. Notebooks seat a human by giving a player whose ``choose`` asks.
Players read the deal and never change it.

>>> d = simulate_deal(3, [RulePlayer()] * 4)
>>> d.is_over, len(d.finish_order) >= 2
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from .cards import STRENGTH, Rank
from .combo import Combo, classify
from .deal import Deal
from .endgame import Endgame, Solver, check_limit
from .errors import ArgumentError, DealError, EndgameError
from .messages import say
from .reason import Reason
from .seats import partner

#: An opponent with this many cards or fewer is a threat worth a bomb (§06.9 lets us ask).
THREAT = 6
#: ``SolverPlayer`` asks the solver once this many cards or fewer are in play…
SOLVER_CARDS = 40
#: … within this many positions searched…
SOLVER_NODES = 20_000
#: … and no limit of seconds by default, so that its choices do not depend on the machine's
#: load (the limit of positions bounds each choice: well under a second).
SOLVER_TIME: float | None = None


@runtime_checkable
class Player(Protocol):
    """Chooses the action of the seat to move: a play, or ``None`` to pass."""

    def choose(self, deal: Deal) -> Combo | None:
        """Returns the play for ``deal.to_move``, or ``None`` to pass (only when allowed)."""
        ...


class RandomPlayer:
    """Plays a random legal action: uniform over ``deal.hints()``, plus a pass when allowed.

    One play per class (kind, keying rank, size) stands for all the card choices of that class,
    so every class is as likely as passing. Reproducible from ``seed``.

    >>> d = Deal.new(1)
    >>> RandomPlayer(5).choose(d) in d.hints()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentError(say("deal.bad_seed", value=seed if len(repr(seed)) <= 60
                                    else _shown(seed)))
        self.rng = random.Random(seed)

    def choose(self, deal: Deal) -> Combo | None:
        """Returns a random hint, or ``None`` (pass) with the same chance as each hint."""
        _need_deal(deal)
        options: list[Combo | None] = list(deal.hints())
        if deal.can_pass:
            options.append(None)
        return self.rng.choice(options) if options else None

    def __repr__(self) -> str:
        return "RandomPlayer()"


class RulePlayer:
    """Plays by a few plain rules of thumb.

    - It goes out whenever one play empties its hand.
    - Leading, it plays its weakest normal class, keeping wilds and bombs whole and preferring
      to shed more cards; it leads a bomb only when it holds nothing else.
    - Following, it lets its partner's play stand, and otherwise plays the cheapest hint that
      beats without spending a wild or breaking a bomb. Wilds, broken bombs and bombs come out
      only when they matter: the opponent who made the play holds ``THREAT`` cards or fewer, or
      the rest of the hand is then a single play, ready to go out.

    >>> d = Deal(["3C 9S 9D", "4C", "5C", "6C"], "2", leader=0)
    >>> RulePlayer().choose(d).describe()
    'a single 3'
    """

    def choose(self, deal: Deal) -> Combo | None:
        """Returns the play for the seat to move, or ``None`` to pass."""
        _need_deal(deal)
        seat = deal.to_move
        if seat is None:
            return None
        options = deal.hints()
        if not options:
            return None
        hand = deal.hand(seat)
        for o in reversed(options):
            if o.size == len(hand):
                return o
        counts = Counter(c.rank for c in hand)
        row = STRENGTH[deal.level.natural]
        if deal.table is None:
            normals = [o for o in options if not o.is_bomb]
            if not normals:
                return min(options, key=lambda o: (o.wild_count, o.sort_key()))
            return min(normals, key=lambda o: _lead_cost(o, counts, row))
        last = deal.last_player
        if last is not None and last == partner(seat):
            return None
        cheap = [o for o in options
                 if not o.is_bomb and not o.wilds and not _breaks(o, counts)]
        if cheap:
            return cheap[0]
        if not _matters(deal, seat, options):
            return None
        normals = [o for o in options if not o.is_bomb]
        if normals:
            return normals[0]
        return min(options, key=lambda o: (o.wild_count, o.sort_key()))

    def __repr__(self) -> str:
        return "RulePlayer()"


class SolverPlayer:
    """Plays endgames by the exact solver, everything else as ``RulePlayer``.

    Once at most ``cards`` cards are in play, it asks the solver (within ``node_limit``
    positions and ``time_limit`` seconds) whether its team can force its goal: finishing first
    (``team_first``) while nobody is out, finishing 1st and 2nd (``double``) once the partner
    alone is out first. If it can, it plays a move that keeps the goal: ``RulePlayer``'s choice
    when that keeps it, else the solver's. If it cannot, or the seats out decide the goal
    already, or the question is past the budget, or the hands are bigger, it plays as
    ``RulePlayer`` does;
    after a question past the budget it waits until four more cards are gone before asking
    again in that deal. Deterministic: the same deal gets the same choices (unless a
    ``time_limit`` is given, when a choice cut by the clock falls back to ``RulePlayer``'s).

    >>> d = Deal(["3C 9S 9D", "4C 5C", "5D 6D", "AC KD"], "2", leader=0)
    >>> RulePlayer().choose(d).describe(), SolverPlayer().choose(d).describe()
    ('a single 3', 'a pair of 9s')
    """

    def __init__(self, cards: int = SOLVER_CARDS, *, node_limit: int | None = SOLVER_NODES,
                 time_limit: float | None = SOLVER_TIME) -> None:
        if isinstance(cards, bool) or not isinstance(cards, int) or cards < 4:
            raise ArgumentError(say("bots.bad_cards", value=cards))
        self.cards = cards
        self.node_limit: int | None = check_limit("node_limit", node_limit)
        self.time_limit: float | None = check_limit("time_limit", time_limit)
        self.rule = RulePlayer()
        #: How many choices the solver made, and how many went past its budget.
        self.solved = 0
        self.stopped = 0
        self._stop: tuple[object, int] | None = None  # the deal and cards in play at the last stop

    def choose(self, deal: Deal) -> Combo | None:
        """Returns the play for the seat to move, or ``None`` to pass."""
        fallback = self.rule.choose(deal)
        seat = deal.to_move
        total = sum(deal.cards_left(s) for s in range(4))
        if seat is None or total > self.cards:
            return fallback
        if self._stop is not None and self._stop[0] is deal.setup and total > self._stop[1] - 4:
            return fallback  # too large a moment ago: wait until four more cards are gone
        table, last = deal.table, deal.last_player
        eg = Endgame(deal.hands, deal.level, seat,
                     None if table is None or last is None else (table, last),
                     "double" if deal.finish_order else "team_first", deal.finish_order)
        if eg.decided is not None:
            return fallback
        solver = Solver(eg, node_limit=self.node_limit, time_limit=self.time_limit)
        try:
            with solver.budget():
                start = solver.start()
                winning = start.winning_moves()
                if not winning:
                    return fallback
                keep = [m for m in winning if _same(m, fallback)]
                self.solved += 1
                return keep[0] if keep else start.best()
        except EndgameError:
            self.stopped += 1
            self._stop = (deal.setup, total)
            return fallback

    def __repr__(self) -> str:
        return "SolverPlayer()"


def _same(move: Combo | None, play: Combo | None) -> bool:
    """Tells whether a solver's move is the play (same cards, form and power), or both pass."""
    if move is None or play is None:
        return move is play
    return (move.kind is play.kind and move.power == play.power
            and sorted(c.index for c in move.cards) == sorted(c.index for c in play.cards))


def _breaks(play: Combo, counts: Counter[Rank]) -> bool:
    """Tells whether a normal play takes cards from a rank held four times or more."""
    wild = play.wild_cards
    return any(counts[c.rank] >= 4 for c in play.cards if c not in wild)


def _lead_cost(play: Combo, counts: Counter[Rank], row: list[int]) -> tuple[int, ...]:
    """Orders leads: no wilds, no broken bombs, lowest card, most cards, lowest top card."""
    wild = play.wild_cards
    natural = [row[c.rank.natural] for c in play.cards if c not in wild] or [99]
    return (play.wild_count, int(_breaks(play, counts)), min(natural), -play.size,
            max(natural))


def _matters(deal: Deal, seat: int, options: list[Combo]) -> bool:
    """Tells whether spending a wild or a bomb is worth it now."""
    last = deal.last_player
    if last is not None:
        count = deal.card_count(last)
        if count is not None and count <= THREAT:
            return True
    for o in options:
        rest = list(deal.hand(seat))
        for c in o.cards:
            rest.remove(c)
        if classify(rest, deal.level):
            return True
    return False


def _need_deal(value: object) -> None:
    if not isinstance(value, Deal):
        raise ArgumentError(say("argument.not_deal", value=_shown(value)))


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def simulate_deal(seed: int, players: Sequence[Player] | None = None,
                  level: Rank | str = "2") -> Deal:
    """Deals from ``seed`` and lets four players play it out; returns the finished deal.

    By default four ``RandomPlayer``s play, seeded from ``seed``.

    >>> d = simulate_deal(11)
    >>> d.is_over, Deal.loads(d.dumps()) == d
    (True, True)
    """
    deal = Deal.new(seed, level)
    if players is not None:
        if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
            raise ArgumentError(say("argument.players", value=_shown(players)))
        players = list(players)
        if not all(callable(getattr(p, "choose", None)) for p in players):
            raise ArgumentError(say("argument.players", value=_shown(players)))
    seats = list(players) if players is not None else [
        RandomPlayer(seed * 4 + i) for i in range(4)]
    if len(seats) != 4:
        raise DealError(Reason.of("deal.four_players", "§02.1", count=len(seats)))
    while deal.to_move is not None:
        seat = deal.to_move
        choice = seats[seat].choose(deal)
        if choice is None:
            deal.pass_turn(seat=seat)
        else:
            deal.play(choice, seat=seat)
    return deal
