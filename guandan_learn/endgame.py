"""Endgames solved exactly: with every hand open, can the side to move force its goal? (§06)

An ``Endgame`` is an open-hand position: four hands, the active level, the seat to move (the
hero), the unbeaten play on the table with the seat that made it (every seat strictly between
that seat and the hero has passed since), and a goal for the hero's side:

- ``"first"``: the hero empties their hand before anyone else;
- ``"team_first"``: the hero or the partner is first;
- ``"double"``: the hero and the partner finish 1st and 2nd.

The hero and the partner choose their moves together; the opponents answer adversarially.
Tricks flow by §06.3–§06.6: three consecutive passes after a play end the trick, an empty hand
passes automatically, and when the player of the last unbeaten play has gone out, the partner
leads.

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
deal record).

>>> print(eg.dumps())
level 7; goal first; to_move 0; 0: 5S AC AD; 1: 3C 3D RJ; 2: 4D 4S; 3: 6C KH KS
>>> Endgame.loads(eg.dumps()) == eg
True

**Playing a position out.** ``Solver(eg)`` holds one search; ``start()`` gives the starting
``Position``, whose ``moves()``, ``play(move)``, ``value(move)``, ``wins()``, ``best()`` and
``line()`` walk the deal move by move, every question sharing the solver's transposition table.
``refutation(eg, move)`` is the defence's best answer to a first move.

**The budget.** Every search is bounded unless asked otherwise: ``solve``, ``Solver`` and
``refutation`` take ``node_limit`` (positions searched, default ``NODE_LIMIT``) and
``time_limit`` (seconds of wall-clock time, default ``TIME_LIMIT``); past either, the search
stops with an ``EndgameError`` saying which, never with a guess. ``None`` lifts a limit, only
when passed explicitly. Every position of the puzzle bank, the generator and chapter 11 needs
at most a few thousand positions; four full 27-card hands stop at the time limit.

>>> start = Solver(eg).start()
>>> after = start.play(start.moves()[0])
>>> str(start.moves()[0]), after.mover, after.wins()
('5♠', 1, False)

**The search** is an AND–OR search over the moves of every distinct legal play, told apart by
the exact cards (suits matter only in straight flushes, §03.2, §05.4, so a hand that can never
make one is remembered by its ranks alone), with a transposition table over those canonical
states (the table's power lowered to the next one a follower holds; at most ``TT_LIMIT``
entries, the oldest half dropped past it), immediate wins (a hand that goes out in one play; a
hand that leads out through plays no opponent can beat, then its last play), seats that cannot
beat the table passing at once, and move ordering (the last refutation first).
"""

from __future__ import annotations

import math
import time
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from .cards import STRENGTH, Card, CardsLike, Rank, as_level, check_counts, format_cards, to_cards
from .combo import Combo, Kind
from .deal import _canonical, _read, _split_action
from .errors import ArgumentError, DealError, EndgameError, IllegalPlayError, NotationError
from .messages import say
from .moves import exact_plays, legal_plays
from .seats import seat_name

GOALS: tuple[str, ...] = ("first", "team_first", "double")
#: Cards each player is dealt (§02.3): no hand can hold more.
HAND_LIMIT = 27
#: Positions a search remembers at most (about 180 bytes each, so some 150 MB); past it, the
#: oldest half goes.
TT_LIMIT = 800_000
#: Positions searched between two checks of the limits and of the table's size.
CHECK_EVERY = 4096
#: The default budget of one search: positions searched (the bank's and the generator's
#: positions need at most a few thousand, four hands of six cards rarely more than 300,000)…
NODE_LIMIT = 500_000
#: … and seconds of wall-clock time, so that even four 27-card hands stop within seconds.
TIME_LIMIT = 5.0

Table = tuple[Combo, int] | None
Move = Combo | None

# Families of plays for comparing: same family and more power beats; every bomb is family 7.
_FAMILY = {Kind.SINGLE: 0, Kind.PAIR: 1, Kind.TRIPLE: 2, Kind.FULL_HOUSE: 3, Kind.STRAIGHT: 4,
           Kind.TUBE: 5, Kind.PLATE: 6, Kind.BOMB: 7, Kind.STRAIGHT_FLUSH: 7,
           Kind.JOKER_BOMB: 7}
_BOMB = 7
_FIRST, _TEAM, _DOUBLE = GOALS


def _sorted(cards: Iterable[Card], level: Rank) -> tuple[Card, ...]:
    """Sorts a hand weakest first at ``level`` (§03.1), suits in C D H S order."""
    row = STRENGTH[level.natural]
    return tuple(sorted(cards, key=lambda c: (row[c.rank.natural], c.index)))


def _seat(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise DealError(say("endgame.bad_seat", value=value), clause="§02.1")
    return value


class Endgame:
    """An open-hand position: hands, level, the seat to move, the table and the goal.

    ``hands`` maps seats 0–3 to cards (or lists four hands in seat order); ``table`` is
    ``None`` for a lead or ``(play, seat)``: the unbeaten play (cards or a ``Combo``) and who
    made it. Raises a ``GuandanError`` with a clear sentence for a position that cannot be.
    """

    __slots__ = ("goal", "hands", "level", "table", "to_move")
    hands: tuple[tuple[Card, ...], ...]
    level: Rank
    to_move: int
    table: Table
    goal: str

    def __init__(self, hands: Mapping[int, CardsLike] | Sequence[CardsLike],
                 level: Rank | str, to_move: int,
                 table: tuple[CardsLike | Combo, int] | None = None,
                 goal: str = "first") -> None:
        lv = as_level(level)
        if not isinstance(goal, str) or goal not in GOALS:
            raise ArgumentError(say("endgame.bad_goal", goal=goal, goals=", ".join(GOALS)))
        if isinstance(hands, Mapping):
            if set(hands) != {0, 1, 2, 3} or any(isinstance(k, bool) for k in hands):
                raise DealError(say("endgame.not_four_hands", value=hands), clause="§02.1")
            raw = [hands[s] for s in range(4)]
        elif isinstance(hands, Sequence) and not isinstance(hands, (str, bytes)) \
                and len(hands) == 4:
            raw = list(hands)
        else:
            raise DealError(say("endgame.not_four_hands", value=hands), clause="§02.1")
        cards = []
        for seat, h in enumerate(raw):
            try:
                cs = to_cards(h)
            except TypeError:
                raise DealError(say("endgame.not_four_hands", value=hands),
                                clause="§02.1") from None
            if len(cs) > HAND_LIMIT:
                raise DealError(say("endgame.hand_too_big", seat=seat, count=len(cs),
                                    limit=HAND_LIMIT), clause="§02.3")
            if not cs:
                raise DealError(say("endgame.empty_hand", seat=seat), clause="§06.7")
            cards.append(_sorted(cs, lv))
        mover = _seat(to_move)
        on_table: Table = None
        if table is not None:
            if isinstance(table, (str, bytes)) or not isinstance(table, Sequence) \
                    or len(table) != 2:
                raise DealError(say("endgame.table_not_pair", value=table), clause="§06.3")
            play, by = table
            by = _seat(by)
            on_table = (_table_play(play, lv), by)
            if by == mover:
                raise DealError(say("endgame.table_own_seat", seat=by), clause="§06.5")
        check_counts([c for h in cards for c in h]
                     + ([] if on_table is None else list(on_table[0].cards)))
        object.__setattr__(self, "hands", tuple(cards))
        object.__setattr__(self, "level", lv)
        object.__setattr__(self, "to_move", mover)
        object.__setattr__(self, "table", on_table)
        object.__setattr__(self, "goal", goal)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Endgame is immutable")

    def _key(self) -> tuple[object, ...]:
        return (self.hands, self.level, self.to_move, self.table, self.goal)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Endgame):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def hero(self) -> int:
        """Returns the seat whose side must reach the goal: the seat to move."""
        return self.to_move

    def dumps(self) -> str:
        """Writes the position on one line (see the module notes); ``loads`` reads it back."""
        fields = [f"level {self.level.value}", f"goal {self.goal}", f"to_move {self.to_move}"]
        for seat, hand in enumerate(self.hands):
            fields.append(f"{seat}: " + " ".join(c.code for c in hand))
        if self.table is not None:
            play, by = self.table
            text = " ".join(c.code for c in play.cards)
            if play.wilds:
                text += " " + " ".join("=" + c.code for c in play.wilds)
            fields.append(f"table {by}: {text}")
        return "; ".join(fields)

    @classmethod
    def loads(cls, text: str) -> Endgame:
        """Reads a position written by ``dumps``; raises ``NotationError`` on bad text."""
        if not isinstance(text, str):
            raise NotationError(say("endgame.notation.not_text", value=text))
        seen: dict[str, str] = {}
        for raw in text.replace("\n", ";").split(";"):
            part = raw.strip()
            if not part:
                continue
            head, _, rest = part.partition(" ")
            if head in ("0:", "1:", "2:", "3:"):
                name, value = head[0], rest
            elif head in ("level", "goal", "to_move") or head == "table":
                name, value = head, rest
            elif head[:1] in "0123" and head[1:2] == ":":
                name, value = head[0], part[2:]
            else:
                raise NotationError(say("endgame.notation.bad_field", field=part))
            if name in seen:
                raise NotationError(say("endgame.notation.twice", field=part))
            seen[name] = value.strip()
        for name in ("level", "to_move", "0", "1", "2", "3"):
            if name not in seen:
                raise NotationError(say("endgame.notation.missing",
                                        field=name + ":" if name.isdigit() else name))
        if seen["to_move"] not in ("0", "1", "2", "3"):
            raise NotationError(say("endgame.notation.bad_field", field="to_move "
                                    + seen["to_move"]))
        lv = as_level(seen["level"])
        table = None
        if "table" in seen:
            by, colon, cards = seen["table"].partition(":")
            if not colon or by.strip() not in ("0", "1", "2", "3") or not cards.strip():
                raise NotationError(say("endgame.notation.bad_field",
                                        field="table " + seen["table"]))
            _, cs, ws = _split_action(f"{by.strip()} play {cards.strip()}")
            assert cs is not None
            table = (_read(cs, ws, None, lv), int(by))
        return cls({s: seen[str(s)] for s in range(4)}, lv, int(seen["to_move"]), table,
                   seen.get("goal", "first"))

    def __repr__(self) -> str:
        return f"Endgame.loads({self.dumps()!r})"

    def __str__(self) -> str:
        return self.dumps()


def _table_play(play: CardsLike | Combo, lv: Rank) -> Combo:
    """Returns the reading of the table play, or raises ``IllegalPlayError`` saying why not."""
    if isinstance(play, Combo):
        if play.level is not lv:
            raise IllegalPlayError(say("compare.levels_differ", play=play.level.value,
                                       table=lv.value), clause="§02.7")
        reading = _canonical(play)
        if reading is None:
            raise IllegalPlayError(say("endgame.table_not_combo", cards=format_cards(play.cards),
                                       reason=say("combo.no_such_reading",
                                                  cards=format_cards(play.cards))),
                                   clause="§03.4")
        return reading
    try:
        cs = to_cards(play)
    except TypeError:
        raise NotationError(say("play.not_cards", value=play)) from None
    try:
        return _read(cs, None, None, lv)
    except IllegalPlayError as err:
        raise IllegalPlayError(say("endgame.table_not_combo", cards=format_cards(cs) or "-",
                                   reason=err.message), clause=err.clause) from None


#: The message keys that say whether the side to move reaches each goal.
_WINS = {"first": "endgame.wins.first", "team_first": "endgame.wins.team_first",
         "double": "endgame.wins.double"}
_LOSES = {"first": "endgame.loses.first", "team_first": "endgame.loses.team_first",
          "double": "endgame.loses.double"}


@dataclass(frozen=True)
class Solution:
    """What the search found: whether the hero's side forces the goal, how, and a line.

    ``winning_moves`` lists every first move of the hero that keeps a forced win (a ``Combo``,
    or ``None`` for a pass), ``[]`` when there is none; ``line`` is a principal line of play as
    ``(seat, move)`` pairs to the end of the deal; ``nodes`` counts the positions searched.
    """

    endgame: Endgame
    wins: bool
    winning_moves: list[Move]
    line: list[tuple[int, Move]]
    nodes: int = field(default=0, compare=False)

    def __str__(self) -> str:
        moves = ", ".join(_move_text(m) for m in self.winning_moves)
        goal = self.endgame.goal
        if self.wins:
            head = say(_WINS[goal], seat=self.endgame.hero, moves=moves)
        else:
            head = say(_LOSES[goal], seat=self.endgame.hero)
        steps = "; ".join(f"{seat_name(seat)}: {_move_text(m)}" for seat, m in self.line)
        return head + "\n" + say("endgame.line", line=steps)


def _move_text(move: Move) -> str:
    return say("endgame.pass") if move is None else str(move)


# -- The search ------------------------------------------------------------------------------


class _HandInfo:
    """What a hand can do: its plays on a lead (family, power, rest, cards), by family too."""

    __slots__ = ("by_family", "cards", "follow", "lead", "outs", "powers", "profile")

    def __init__(self, cards: tuple[Card, ...], moves: list[tuple[int, int, int, int]]) -> None:
        self.cards = cards
        self.lead = moves
        self.by_family: list[list[tuple[int, int, int, int]]] = [[] for _ in range(8)]
        for m in sorted(moves, key=lambda m: m[1]):
            self.by_family[m[0]].append(m)
        profile = [-1] * 8
        for m in moves:
            if m[1] > profile[m[0]]:
                profile[m[0]] = m[1]
        self.profile = tuple(profile)
        self.powers = [sorted({m[1] for m in fam}) for fam in self.by_family]
        self.outs = [m for m in moves if m[2] == 0]
        self.follow: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}


def _follow_order(m: tuple[int, int, int, int]) -> tuple[int, ...]:
    """Orders plays that beat the table: going out first, then normal plays, weakest first."""
    return (m[2] != 0, m[0] == _BOMB, m[1])


class _Search:
    """One solve: the level, the hero and goal, the hand table and the transposition table."""

    def __init__(self, level: Rank, hero: int, goal: str, node_limit: int | None = None,
                 time_limit: float | None = None) -> None:
        self.level = level
        self.lvv = lvv = level.natural
        self.wild = (lvv - 2) * 4 + 2
        self.hero = hero
        self.team = hero & 1
        self.goal = goal
        self.reps: dict[int, tuple[Card, ...]] = {0: ()}
        self.infos: dict[int, _HandInfo] = {}
        self.tt: dict[tuple[int, ...], bool] = {}
        self.chains: dict[tuple[int, tuple[int, ...]], bool] = {}
        self.profiles: dict[tuple[int, int], tuple[int, ...]] = {}
        # What each seat's going out means before anyone else is out: won, lost, or None (for
        # "double", when the partner still holds cards: go on).
        self.outs = [self.out(s, [1, 1, 1, 1]) for s in range(4)]
        # The move that last refuted a position, per hand, table and side: tried first (1 for
        # the pass).
        self.killers: dict[tuple[int, int, int, bool], Any] = {}
        self.nodes = 0
        self.tt_limit = TT_LIMIT
        self.node_limit = node_limit
        self.time_limit = time_limit
        # The limits hold for each question asked from outside (``budget``); ``check_at`` is
        # the node count at which the next check is due.
        self.depth = 0
        self.check_at = CHECK_EVERY
        self.node_cap = 0
        self.deadline = 0.0

    @contextmanager
    def budget(self) -> Iterator[None]:
        """Starts the node and time limits for one outside question (nested ones share it)."""
        if self.depth == 0:
            self.node_cap = self.nodes + self.node_limit if self.node_limit is not None else 0
            self.deadline = time.monotonic() + self.time_limit \
                if self.time_limit is not None else 0.0
            self.next_check()
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    def next_check(self) -> None:
        """Sets the node count of the next check: a while on, or just past the node limit."""
        at = self.nodes + CHECK_EVERY
        if self.node_limit is not None and self.nodes <= self.node_cap < at:
            at = self.node_cap + 1
        self.check_at = at

    def check(self) -> None:
        """Keeps the transposition table within its size; raises ``EndgameError`` past a limit."""
        self.next_check()
        tt = self.tt
        if len(tt) > self.tt_limit:
            # The oldest half goes: entries are stored as their search ends, so the oldest are
            # mostly small subtrees from early on; what goes is only searched again.
            for k in list(islice(tt, len(tt) // 2)):
                del tt[k]
            self.killers.clear()
            self.profiles.clear()
        if self.depth == 0:
            return
        if self.node_limit is not None and self.nodes > self.node_cap:
            raise EndgameError(say("endgame.node_limit", limit=self.node_limit))
        if self.time_limit is not None and time.monotonic() > self.deadline:
            raise EndgameError(say("endgame.time_limit", seconds=self.time_limit))

    # Hands are remembered by a key: the rank counts and wilds when the hand can never make a
    # straight flush (then suits never matter, §03.2), else its suits up to renaming them.
    def key(self, cards: Iterable[Card]) -> int:
        """Returns the canonical key of a hand (0 for an empty hand) and remembers the hand."""
        wi = self.wild
        counts = 0
        w = 0
        masks = [0, 0, 0, 0]
        per_suit = [0, 0, 0, 0]
        jokers = 0
        hand = tuple(cards)
        for c in hand:
            i = c.index
            if i == wi:
                w += 1
            elif i < 52:
                v = (i >> 2) + 2
                counts += 1 << (4 * v)
                s = i & 3
                masks[s] |= 1 << v
                per_suit[s] += 1 << (2 * v)
            else:
                jokers += 1 << (4 * (i - 52))
        key = counts | (jokers << 64) | (w << 72)
        for m in masks:
            if m >> 14 & 1:
                m |= 2
            for low in range(1, 11):
                if ((m >> low) & 31).bit_count() + w >= 5:
                    per_suit.sort()
                    key = (per_suit[0] | per_suit[1] << 32 | per_suit[2] << 64
                           | per_suit[3] << 96 | jokers << 128 | w << 136 | 1 << 140)
                    break
            else:
                continue
            break
        if key not in self.reps:
            self.reps[key] = hand
        return key

    def info(self, key: int) -> _HandInfo:
        """Returns what the hand of ``key`` can do, computing it once."""
        got = self.infos.get(key)
        if got is not None:
            return got
        cards = self.reps[key]
        suited = key >> 140 & 1
        plays = (exact_plays if suited else legal_plays)(cards, None, self.level)
        seen = set()
        moves = []
        for p in plays:
            rest = list(cards)
            for c in p.cards:
                rest.remove(c)
            m = (_FAMILY[p.kind], p.power, self.key(rest), len(p.cards))
            if m not in seen:
                seen.add(m)
                moves.append(m)
        # Going out first, then normal plays before bombs, more cards first, weakest first.
        moves.sort(key=lambda m: (m[2] != 0, m[0] == _BOMB, -m[3], m[1]))
        got = self.infos[key] = _HandInfo(cards, moves)
        return got

    def out(self, seat: int, hands: list[int]) -> bool | None:
        """Returns the result when ``seat`` has just gone out: won, lost, or ``None`` (go on)."""
        goal = self.goal
        if goal == _FIRST:
            return seat == self.hero
        if goal == _TEAM or (seat & 1) != self.team:
            return (seat & 1) == self.team
        return True if hands[seat ^ 2] == 0 else None

    def profile(self, a: int, b: int) -> tuple[int, ...]:
        """Returns the best power two hands hold in each family (-1: none)."""
        pa = self.info(a).profile if a else (-1,) * 8
        pb = self.info(b).profile if b else (-1,) * 8
        return tuple(x if x > y else y for x, y in zip(pa, pb, strict=True))

    def chain(self, key: int, profile: tuple[int, ...]) -> bool:
        """Tells whether the hand, leading, goes out through plays ``profile`` cannot beat."""
        memo = (key, profile)
        got = self.chains.get(memo)
        if got is not None:
            return got
        info = self.info(key)
        result = bool(info.outs)
        if not result:
            bomb = profile[_BOMB]
            for fam, power, rest, _ in info.lead:
                if (power >= bomb if fam == _BOMB else bomb < 0 and power >= profile[fam]) \
                        and self.chain(rest, profile):
                    result = True
                    break
        self.chains[memo] = result
        return result

    def follow(self, info: _HandInfo, tfam: int, tpow: int) -> list[tuple[int, int, int, int]]:
        """Returns the plays of a hand that beat a play of family ``tfam`` and power ``tpow``."""
        got = info.follow.get((tfam, tpow))
        if got is None:
            got = [m for m in info.by_family[tfam] if m[1] > tpow] if tfam != _BOMB else []
            got += [m for m in info.by_family[_BOMB] if tfam != _BOMB or m[1] > tpow]
            got.sort(key=_follow_order)
            info.follow[(tfam, tpow)] = got
        return got

    def win(self, h0: int, h1: int, h2: int, h3: int, mover: int, last: int, tfam: int,
            tpow: int) -> bool:
        """Tells whether the hero's side forces the goal from this state (``last`` -1: a lead)."""
        hands = [h0, h1, h2, h3]
        if tfam >= 0:
            # Only the powers the followers hold matter: the table's is lowered to the highest
            # of theirs it reaches (the same plays beat both), and the table keeps that one.
            infos = self.infos
            t = -1
            for s in 0, 1, 2, 3:
                if s != last and hands[s]:
                    ps = (infos.get(hands[s]) or self.info(hands[s])).powers[tfam]
                    i = bisect_right(ps, tpow)
                    if i and ps[i - 1] > t:
                        t = ps[i - 1]
            tpow = t
        state = (h0, h1, h2, h3, mover, last, tfam, tpow)
        got = self.tt.get(state)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check()
        maxi = (mover & 1) == self.team
        key = hands[mover]
        info = self.infos.get(key) or self.info(key)
        cands = info.lead if tfam < 0 else self.follow(info, tfam, tpow)
        # A player who goes out, unbeaten, wins at once for the side when that ends the deal.
        mine_out = self.outs[mover]
        if mine_out is None and hands[mover ^ 2] == 0:
            mine_out = True  # "double": the partner is out already, so the side is 1st and 2nd
        if mine_out is maxi and cands:
            pair = (hands[(mover + 1) & 3], hands[(mover + 3) & 3])
            prof = self.profiles.get(pair)
            if prof is None:
                prof = self.profiles[pair] = self.profile(*pair)
            bomb = prof[_BOMB]
            for fam, power, rest, _ in cands:
                if rest == 0 or ((power >= bomb if fam == _BOMB
                                  else bomb < 0 and power >= prof[fam])
                                 and self.chain(rest, prof)):
                    self.tt[state] = maxi
                    return maxi
        result = not maxi
        passed = False
        kkey = (key, tfam, tpow, mover & 1 == self.team)
        killer = self.killers.get(kkey)
        if killer is not None:
            if killer == 1:
                passed = True
                if self._pass(hands, mover, last, tfam, tpow) is maxi:
                    self.tt[state] = maxi
                    return maxi
            else:
                cands = [killer, *(m for m in cands if m is not killer)]
        for m in cands:
            fam, power, rest, _ = m
            if rest == 0 and mine_out is not None:
                if mine_out is maxi:
                    result = maxi
                    break
                continue
            nh = hands.copy()
            nh[mover] = rest
            nxt = self.follower(nh, (mover + 1) & 3, mover, fam, power)
            if nxt == mover:  # nobody can beat it: the trick ends (§06.5, §06.6)
                won = self.win(nh[0], nh[1], nh[2], nh[3], mover if rest else mover ^ 2,
                               -1, -1, -1)
            else:
                won = self.win(nh[0], nh[1], nh[2], nh[3], nxt, mover, fam, power)
            if won is maxi:
                result = maxi
                self.killers[kkey] = m
                break
        else:
            if tfam >= 0 and not passed and self._pass(hands, mover, last, tfam, tpow) is maxi:
                result = maxi
                self.killers[kkey] = 1
        self.tt[state] = result
        return result

    def follower(self, hands: list[int], seat: int, last: int, tfam: int, tpow: int) -> int:
        """Returns the first seat from ``seat`` on, before ``last``, that can beat the table
        (the seats in between pass, with empty hands or no play that beats it), else ``last``."""
        infos = self.infos
        while seat != last:
            h = hands[seat]
            if h:
                info = infos.get(h) or self.info(h)
                plays = info.follow.get((tfam, tpow))
                if plays is None:
                    plays = self.follow(info, tfam, tpow)
                if plays:
                    return seat
            seat = (seat + 1) & 3
        return seat

    def _pass(self, hands: list[int], mover: int, last: int, tfam: int, tpow: int) -> bool:
        nxt = self.follower(hands, (mover + 1) & 3, last, tfam, tpow)
        h0, h1, h2, h3 = hands
        if nxt == last:  # three passes: the trick ends (§06.5, §06.6)
            return self.win(h0, h1, h2, h3, last if hands[last] else last ^ 2, -1, -1, -1)
        return self.win(h0, h1, h2, h3, nxt, last, tfam, tpow)

    def after(self, hands: list[int], mover: int, last: int, table: tuple[int, int] | None,
              move: tuple[int, int, int] | None) -> tuple[bool | None, tuple[int, ...]]:
        """Returns the state after ``move`` (family, power, rest; ``None`` to pass).

        The first item is the result when the move ends the deal, else ``None``.
        """
        if move is None:
            assert table is not None
            nxt = (mover + 1) & 3
            while nxt != last and not hands[nxt]:
                nxt = (nxt + 1) & 3
            if nxt == last:
                lead = last if hands[last] else last ^ 2
                return None, (*hands, lead, -1, -1, -1)
            return None, (*hands, nxt, last, *table)
        fam, power, rest = move
        nh = hands.copy()
        nh[mover] = rest
        if rest == 0:
            done = self.out(mover, nh)
            if done is not None:
                return done, (*nh, -1, -1, -1, -1)
        nxt = (mover + 1) & 3
        while not nh[nxt]:
            nxt = (nxt + 1) & 3
        return None, (*nh, nxt, mover, fam, power)

    def value(self, done: bool | None, state: tuple[int, ...]) -> bool:
        """Returns the hero side's result after a move (see ``after``)."""
        if done is not None:
            return done
        h0, h1, h2, h3, mover, last, tfam, tpow = state
        return self.win(h0, h1, h2, h3, mover, last, tfam, tpow)


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
        """Returns the endgame's starting position, to play out move by move."""
        eg = self.endgame
        search = self._search
        table = None if eg.table is None else eg.table[0]
        last = -1 if eg.table is None else eg.table[1]
        return Position(self, eg.hands, tuple(search.key(h) for h in eg.hands), eg.hero, last,
                        table, None, ())

    def solve(self) -> Solution:
        """Returns the ``Solution``: whether the hero's side wins, every winning first move and a
        principal line of play."""
        with self._search.budget():
            start = self.start()
            winning = start.winning_moves()
            line = start.line()
        return Solution(self.endgame, bool(winning), winning, line, self._search.nodes)


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

    def best(self) -> Move:
        """Returns the move best play makes: for a side that can force its result, a move that
        keeps it (going out when that decides the deal, else the first in showing order); for
        the other side, its first move in that order."""
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
            return options[0][1]

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

    def line(self) -> list[tuple[int, Move]]:
        """Plays out a principal line from here to the end of the deal, as ``(seat, move)``
        pairs: every seat makes its ``best`` move."""
        line: list[tuple[int, Move]] = []
        search = self.solver._search
        pos = self
        with search.budget():
            while pos.result is None:
                move = pos.best()
                line.append((pos.mover, move))
                pos = pos._play(move)
        return line

    def __repr__(self) -> str:
        hands = "; ".join(f"{s}: {format_cards(h) or '-'}" for s, h in enumerate(self.hands))
        table = "-" if self.table is None else f"{self.table} by {self.last}"
        return f"<Position mover {self.mover}; table {table}; {hands}>"


def solve(eg: Endgame, *, node_limit: int | None = NODE_LIMIT,
          time_limit: float | None = TIME_LIMIT) -> Solution:
    """Solves an endgame exactly: whether the hero's side forces the goal, every winning first
    move, and a principal line of play. ``node_limit`` and ``time_limit`` (seconds; defaults
    ``NODE_LIMIT`` and ``TIME_LIMIT``, ``None`` for no limit) stop a search that would run
    longer with an ``EndgameError``.

    >>> eg = Endgame({0: "8C 8D", 1: "3C 4C", 2: "5D", 3: "6C 7C"}, "2", 0, goal="team_first")
    >>> [str(m) for m in solve(eg).winning_moves]
    ['8♣', '8♦', '8♣ 8♦']
    >>> solve(Endgame.loads("level 2; to_move 0; 0: 3D 9S 9H QC QD; 1: KC 5H; 2: 4C 8S; "
    ...                     "3: JD JH 7H"), node_limit=5)
    Traceback (most recent call last):
    ...
    guandan_learn.errors.EndgameError: The search stopped after 5 positions without an answer.
    """
    return Solver(eg, node_limit=node_limit, time_limit=time_limit).solve()


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


__all__ = ["GOALS", "NODE_LIMIT", "TIME_LIMIT", "Endgame", "Move", "Position", "Solution",
           "Solver", "check_limit", "refutation", "solve"]
