"""The search: an AND–OR search over hands held as integer keys, with a transposition table.

Hands are remembered by a key (see ``_Search.key``); each distinct hand's plays are read once
(``_Search.info``) as (family, power, rest, cards) tuples; a state is the four keys, the seat
to move, the seat of the unbeaten play and the table's family and power.
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any

from ..cards import Card, Rank
from ..combo import Kind
from ..errors import EndgameError
from ..messages import say
from ..moves import exact_plays, legal_plays
from .position import GOALS

#: Positions a search remembers at most (about 180 bytes each, so some 150 MB); past it, the
#: oldest half goes.
TT_LIMIT = 800_000
#: Positions searched between two checks of the limits and of the table's size.
CHECK_EVERY = 4096
#: Whether the search uses its static bounds, which decide states without searching them
#: (``False`` gives the plain search, which the tests compare them with).
BOUNDS = True

# Families of plays for comparing: same family and more power beats; every bomb is family 7.
_FAMILY = {Kind.SINGLE: 0, Kind.PAIR: 1, Kind.TRIPLE: 2, Kind.FULL_HOUSE: 3, Kind.STRAIGHT: 4,
           Kind.TUBE: 5, Kind.PLATE: 6, Kind.BOMB: 7, Kind.STRAIGHT_FLUSH: 7,
           Kind.JOKER_BOMB: 7}
_BOMB = 7
_FIRST, _TEAM, _DOUBLE = GOALS


#: A table as one integer, for the caches: family plus one times ``_TK``, plus power plus one
#: (the power is -1 when no follower's play reaches it; a lead is 0).
_TK = 1 << 14
#: Bit 3 of each 4-bit count of a suitless key (see ``_Search.key``): a key without these bits
#: counts at most 7 of each, so that ``(key | _GUARD) - cards`` borrows across no count and
#: keeps a count's bit 3 exactly when the hand holds that many.
_GUARD = sum(8 << (4 * i) for i in range(19))


class _HandInfo:
    """What a hand can do: its plays on a lead (family, power, rest, cards), by family too.

    ``follow`` and ``lower`` cache, per table (as ``_TK`` says), the plays that
    beat it and the highest power of its family the hand holds at or below it (-1: none);
    ``beat`` holds, per family, the power a play of it must stay under for the hand to beat
    it (its best power of the family, or more than any when the hand holds a bomb).
    """

    __slots__ = ("beat", "by_family", "cards", "follow", "lead", "lower", "outs", "powers",
                 "profile")

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
        bomb = profile[_BOMB]
        self.beat = tuple(p if f == _BOMB or bomb < 0 else 1 << 30
                          for f, p in enumerate(profile))
        self.powers = [sorted({m[1] for m in fam}) for fam in self.by_family]
        self.outs = [m for m in moves if m[2] == 0]
        self.follow: dict[int, list[tuple[int, int, int, int]]] = {}
        self.lower: dict[int, int] = {}

    def lowered(self, tfam: int, tpow: int) -> int:
        """Returns the highest power of family ``tfam`` the hand holds at or below ``tpow``."""
        ps = self.powers[tfam]
        i = bisect_right(ps, tpow)
        got = self.lower[(tfam + 1) * _TK + tpow + 1] = ps[i - 1] if i else -1
        return got


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
        # Hands are small integers (ids, 0 for the empty hand), given in the order first seen
        # to each distinct canonical key; ``reps`` holds a hand of each id, ``infos`` what it
        # can do once asked.
        self.ids: dict[int, int] = {0: 0}
        self.reps: list[tuple[Card, ...]] = [()]
        self.suited: list[bool] = [False]
        self.infos: list[_HandInfo | None] = [None]
        # Per id, its key, and for a suitless hand read from a bigger hand's plays, those plays
        # (family, power, the cards' key, count): its own plays are those it has the cards for.
        self.keys: list[int] = [0]
        self.sources: list[list[tuple[int, int, int, int]] | None] = [None]
        self.tt: dict[tuple[int, ...], bool] = {}
        self.chains: dict[int, bool] = {}
        self.profiles: dict[int, tuple[tuple[int, ...], int]] = {}
        self.profile_ids: dict[tuple[int, ...], int] = {}
        self.covers: dict[int, bool] = {}
        # What each seat's going out means before anyone else is out: won, lost, or None (for
        # "double", when the partner still holds cards: go on).
        self.outs = [self.out(s, [1, 1, 1, 1]) for s in range(4)]
        # Per seat, whether it is on the hero's side.
        self.maxis = [(s & 1) == self.team for s in range(4)]
        # The move that last refuted a position, per hand, table and side: tried first (1 for
        # the pass).
        self.killers: dict[int, Any] = {}
        self.nodes = 0
        self.tt_limit = TT_LIMIT
        self.bounds = BOUNDS
        self.node_limit = node_limit
        self.time_limit = time_limit
        # The limits hold for each question asked from outside (``budget``); ``check_at`` is
        # the node count at which the next check is due.
        self.depth = 0
        self.check_at = CHECK_EVERY
        self.node_cap = 0
        self.deadline = 0.0

    @contextmanager
    def budget(self, spent: tuple[int, float] = (0, 0.0)) -> Iterator[None]:
        """Starts the node and time limits for one outside question (nested ones share it),
        less ``spent`` (positions, seconds) when it goes on with a question asked before."""
        if self.depth == 0:
            self.node_cap = self.nodes + self.node_limit - spent[0] \
                if self.node_limit is not None else 0
            self.deadline = time.monotonic() + self.time_limit - spent[1] \
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
        """Returns the id of a hand's canonical key (0 for an empty hand), remembering it."""
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
        got = self.ids.get(key)
        if got is None:
            got = self.new_id(key, hand, None)
        return got

    def new_id(self, key: int, hand: tuple[Card, ...],
               source: list[tuple[int, int, int, int]] | None) -> int:
        """Gives a new hand key its id (``hand``: its cards, ``()`` when not known)."""
        got = self.ids[key] = len(self.reps)
        self.reps.append(hand)
        self.suited.append(bool(key >> 140 & 1))
        self.infos.append(None)
        self.keys.append(key)
        self.sources.append(source)
        return got

    def counts(self, cards: Iterable[Card]) -> int:
        """Returns the suitless key of some cards (the rank counts, jokers and wilds)."""
        wi = self.wild
        key = 0
        for c in cards:
            i = c.index
            key += 1 << 72 if i == wi else 1 << (4 * ((i >> 2) + 2)) if i < 52 \
                else 1 << (64 + 4 * (i - 52))
        return key

    def info(self, key: int) -> _HandInfo:
        """Returns what the hand of id ``key`` can do, computing it once.

        A suitless hand (one that can make no straight flush, so whose key counts ranks) that
        is the rest of a suitless hand after a play needs no reading of its own: its plays are
        the bigger hand's plays it holds the cards for (a play is its reading and the cards it
        uses of each rank, §03.2, and whether a hand can make it depends on its counts alone).
        """
        got = self.infos[key]
        if got is not None:
            return got
        cards = self.reps[key]
        source = self.sources[key]
        hkey = self.keys[key]
        if source is None:
            plays = (exact_plays if self.suited[key] else legal_plays)(cards, None, self.level)
        if source is None and (self.suited[key] or hkey & _GUARD):
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
        else:
            if source is None:
                uses = []
                seen = set()
                for p in plays:
                    u = (_FAMILY[p.kind], p.power, self.counts(p.cards), len(p.cards))
                    if u not in seen:
                        seen.add(u)
                        uses.append(u)
            else:
                guarded = hkey | _GUARD
                uses = [u for u in source if (guarded - u[2]) & _GUARD == _GUARD]
            ids = self.ids
            moves = []
            for fam, power, used, n in uses:
                rk = hkey - used
                rid = ids.get(rk)
                if rid is None:
                    rid = self.new_id(rk, (), uses)
                elif self.sources[rid] is None and self.infos[rid] is None:
                    self.sources[rid] = uses
                moves.append((fam, power, rid, n))
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

    def profile(self, a: int, b: int) -> tuple[tuple[int, ...], int]:
        """Returns the best power two hands hold in each family (-1: none), and its id."""
        pa = self.info(a).profile if a else (-1,) * 8
        pb = self.info(b).profile if b else (-1,) * 8
        prof = tuple(x if x > y else y for x, y in zip(pa, pb, strict=True))
        pid = self.profile_ids.get(prof)
        if pid is None:
            pid = self.profile_ids[prof] = len(self.profile_ids)
        return prof, pid

    def chain(self, key: int, profile: tuple[int, ...], pid: int) -> bool:
        """Tells whether the hand, leading, goes out through plays ``profile`` (of id ``pid``)
        cannot beat."""
        memo = key << 24 | pid
        got = self.chains.get(memo)
        if got is not None:
            return got
        info = self.info(key)
        result = bool(info.outs)
        if not result:
            bomb = profile[_BOMB]
            for fam, power, rest, _ in info.lead:
                if (power >= bomb if fam == _BOMB else bomb < 0 and power >= profile[fam]) \
                        and self.chain(rest, profile, pid):
                    result = True
                    break
        self.chains[memo] = result
        return result

    def follow(self, info: _HandInfo, tfam: int, tpow: int) -> list[tuple[int, int, int, int]]:
        """Returns the plays of a hand that beat a play of family ``tfam`` and power ``tpow``."""
        tk = (tfam + 1) * _TK + tpow + 1
        got = info.follow.get(tk)
        if got is None:
            got = [m for m in info.by_family[tfam] if m[1] > tpow] if tfam != _BOMB else []
            got += [m for m in info.by_family[_BOMB] if tfam != _BOMB or m[1] > tpow]
            got.sort(key=_follow_order)
            info.follow[tk] = got
        return got

    def win(self, h0: int, h1: int, h2: int, h3: int, mover: int, last: int, tfam: int,
            tpow: int) -> bool:
        """Tells whether the hero's side forces the goal from this state (``last`` -1: a lead).

        The immediate win, tested before any search, is sound: when the mover's going out ends
        the deal in its side's favour and the mover has a play that empties its hand, that play
        wins. When the mover has a play no opponent can beat (at least their best power in its
        family with no bomb among them, or a bomb above theirs), the partner passes, the trick
        ends and the mover leads again (§06.5); the opponents have played nothing, so the same
        holds for every later lead of ``chain``, and the last play empties the hand.
        """
        infos = self.infos
        if tfam >= 0:
            # Only the powers the followers hold matter: the table's is lowered to the highest
            # of theirs it reaches (the same plays beat both), and the table keeps that one
            # (the four seats written out: a loop costs a third more here).
            t = -1
            tk = (tfam + 1) * _TK + tpow + 1
            if h0 and last != 0:
                inf = infos[h0] or self.info(h0)
                lw = inf.lower.get(tk)
                t = inf.lowered(tfam, tpow) if lw is None else lw
            if h1 and last != 1:
                inf = infos[h1] or self.info(h1)
                lw = inf.lower.get(tk)
                if lw is None:
                    lw = inf.lowered(tfam, tpow)
                if lw > t:
                    t = lw
            if h2 and last != 2:
                inf = infos[h2] or self.info(h2)
                lw = inf.lower.get(tk)
                if lw is None:
                    lw = inf.lowered(tfam, tpow)
                if lw > t:
                    t = lw
            if h3 and last != 3:
                inf = infos[h3] or self.info(h3)
                lw = inf.lower.get(tk)
                if lw is None:
                    lw = inf.lowered(tfam, tpow)
                if lw > t:
                    t = lw
            tpow = t
            tk = (tfam + 1) * _TK + t + 1
        else:
            tk = 0
        state = (h0, h1, h2, h3, mover, last, tfam, tpow)
        got = self.tt.get(state)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check()
        hands = [h0, h1, h2, h3]
        maxi = self.maxis[mover]
        key = hands[mover]
        info = infos[key] or self.info(key)
        if tfam < 0:
            cands = info.lead
        else:
            got_cands = info.follow.get(tk)
            cands = self.follow(info, tfam, tpow) if got_cands is None else got_cands
        # A player who goes out, unbeaten, wins at once for the side when that ends the deal.
        mine_out = self.outs[mover]
        if mine_out is None and hands[mover ^ 2] == 0:
            mine_out = True  # "double": the partner is out already, so the side is 1st and 2nd
        if mine_out is maxi and cands:
            a, b = hands[(mover + 1) & 3], hands[(mover + 3) & 3]
            pkey = a << 32 | b
            got_prof = self.profiles.get(pkey)
            if got_prof is None:
                got_prof = self.profiles[pkey] = self.profile(a, b)
            prof, pid = got_prof
            if tfam < 0:
                # On a lead, the test over every play is ``chain`` itself, remembered.
                got = self.chains.get(key << 24 | pid)
                if got is None:
                    got = self.chain(key, prof, pid)
                if got:
                    self.tt[state] = maxi
                    return maxi
            else:
                bomb = prof[_BOMB]
                for fam, power, rest, _ in cands:
                    if rest == 0 or ((power >= bomb if fam == _BOMB
                                      else bomb < 0 and power >= prof[fam])
                                     and self.chain(rest, prof, pid)):
                        self.tt[state] = maxi
                        return maxi
        if self.bounds and self.overpowered(hands, mover, last):
            self.tt[state] = not maxi
            return not maxi
        result = not maxi
        passed = False
        kkey = (key << 18 | tk) << 1 | maxi
        killer = self.killers.get(kkey)
        if killer is not None:
            if killer == 1:
                passed = True
                if self._pass(hands, mover, last, tfam, tpow) is maxi:
                    self.tt[state] = maxi
                    return maxi
            else:
                if cands[0] is not killer:
                    cands = [killer, *[m for m in cands if m is not killer]]
        # The seats after the mover, in turn, and their hands (the same for every move).
        s1, s2, s3 = (mover + 1) & 3, mover ^ 2, (mover + 3) & 3
        g1, g2, g3 = hands[s1], hands[s2], hands[s3]
        bounds = self.bounds
        team = self.team
        for m in cands:
            fam, power, rest, _ = m
            if rest == 0 and mine_out is not None:
                if mine_out is maxi:
                    result = maxi
                    break
                continue
            # The move is made in ``hands`` itself, which gets the mover's hand back after the
            # loop.
            hands[mover] = rest
            # The first seat after the mover that can beat the play (§06.3), else the mover
            # (the seats written out: each one's plays are read only when it is reached).
            if g1 and power < (inf := infos[g1] or self.info(g1)).beat[fam]:
                nxt = s1
            elif g2 and power < (inf := infos[g2] or self.info(g2)).beat[fam]:
                nxt = s2
            elif g3 and power < (inf := infos[g3] or self.info(g3)).beat[fam]:
                nxt = s3
            else:
                nxt = -1
            if nxt < 0:  # nobody can beat it: the trick ends (§06.5, §06.6)
                lead = mover if rest else mover ^ 2
                if bounds and self.leads_out(hands, lead):
                    won = (lead & 1) == team  # the leader goes out: see ``leads_out``
                else:
                    won = self.win(hands[0], hands[1], hands[2], hands[3], lead, -1, -1, -1)
            elif bounds and inf.outs and self.goes_out(hands, nxt) \
                    and self.follow(inf, fam, power)[0][2] == 0:
                won = (nxt & 1) == team  # the follower goes out over it: see ``goes_out``
            else:
                won = self.win(hands[0], hands[1], hands[2], hands[3], nxt, mover, fam, power)
            if won is maxi:
                result = maxi
                self.killers[kkey] = m
                break
        else:
            hands[mover] = key
            if tfam >= 0 and not passed and self._pass(hands, mover, last, tfam, tpow) is maxi:
                result = maxi
                self.killers[kkey] = 1
        self.tt[state] = result
        return result

    def _pass(self, hands: list[int], mover: int, last: int, tfam: int, tpow: int) -> bool:
        # The first seat after the mover, before ``last``, that can beat the table (the seats in
        # between pass, with empty hands or no play that beats it), else ``last``.
        infos = self.infos
        nxt = (mover + 1) & 3
        while nxt != last:
            h = hands[nxt]
            if h:
                info = infos[h] or self.info(h)
                if tpow < info.beat[tfam]:
                    break
            nxt = (nxt + 1) & 3
        h0, h1, h2, h3 = hands
        if nxt == last:  # three passes: the trick ends (§06.5, §06.6)
            lead = last if hands[last] else last ^ 2
            if self.bounds and self.leads_out(hands, lead):
                return (lead & 1) == self.team
            return self.win(h0, h1, h2, h3, lead, -1, -1, -1)
        if self.bounds and info.outs and self.goes_out(hands, nxt) \
                and self.follow(info, tfam, tpow)[0][2] == 0:
            return (nxt & 1) == self.team
        return self.win(h0, h1, h2, h3, nxt, last, tfam, tpow)

    def overpowered(self, hands: list[int], mover: int, last: int) -> bool:
        """Tells whether the mover's side loses whatever it does: an opponent answers every
        play the side can make with a play that takes the trick and then leads out.

        Sound: say opponent O's going out wins the deal for O's side (``goes_out``); for each
        family the side holds, O holds a play beating the side's best play of it (``profile``)
        that either empties O's hand or is unbeatable by the side and leaves O a ``chain``
        (bombs count as answers to every other family); neither of the side's hands is one
        play; and the trick on the table is not O's partner's. O's side then plays so: O's
        partner always passes, O answers the side's play with such a play, or leads one when
        the trick is O's. Every play the side can ever make is a play of the hands it holds
        now (hands only lose cards), so it has an answer. Until the side plays, nobody does,
        since the trick on the table is O's (O leads), the side's or none. After a play of the
        side, O follows at the latest after the side's other seat (O's partner passes), and
        neither of the side's two plays empties a hand, since neither hand is one play; O's
        answer beats the last of them, stands (the side cannot beat it, O's partner passes),
        and O leads out: the side's profile only weakens, so the chain stays unbeatable. So
        O's side wins, whatever the side does.
        """
        # Only hands whose plays are read already are looked at: reading a hand's plays costs
        # more than the bound saves (without them, the state is searched as usual).
        infos = self.infos
        h0, h1, h2, h3 = hands
        if (h0 and infos[h0] is None) or (h1 and infos[h1] is None) \
                or (h2 and infos[h2] is None) or (h3 and infos[h3] is None):
            return False
        mate = mover ^ 2
        a, b = hands[mover], hands[mate]
        got_info = infos[a]
        if got_info is not None and got_info.outs:
            return False
        got_info = infos[b]
        if got_info is not None and got_info.outs:
            return False
        got = None
        outs = self.outs
        team = self.team
        covers = self.covers
        for opp in ((mover + 1) & 3, (mover + 3) & 3):
            h = hands[opp]
            if last == opp ^ 2 or not h:
                continue
            # ``goes_out``, written out.
            done = outs[opp]
            if done is None and hands[opp ^ 2] == 0:
                done = True
            if done is None or done is not ((opp & 1) == team):
                continue
            if got is None:
                pkey = a << 32 | b
                got = self.profiles.get(pkey)
                if got is None:
                    got = self.profiles[pkey] = self.profile(a, b)
            pid = got[1]
            akey = h << 24 | pid
            cover = covers.get(akey)
            if cover is None:
                cover = covers[akey] = self._covers(h, got[0], pid)
            if cover:
                return True
        return False

    def _covers(self, key: int, prof: tuple[int, ...], pid: int) -> bool:
        """Tells whether the hand answers the best play of every family ``prof`` holds with a
        play that empties it or is unbeatable by ``prof`` and leaves a ``chain`` (a bomb
        answering every family but bombs)."""
        out = [-1] * 8
        bomb = prof[_BOMB]
        for fam, power, rest, _ in (self.infos[key] or self.info(key)).lead:
            if power > out[fam] and (rest == 0 or (
                    (power >= bomb if fam == _BOMB else bomb < 0 and power >= prof[fam])
                    and self.chain(rest, prof, pid))):
                out[fam] = power
        bombs = out[_BOMB]
        for fam in range(8):
            best = prof[fam]
            if best >= 0 and out[fam] <= best and (fam == _BOMB or bombs < 0):
                return False
        return True

    def leads_out(self, hands: list[int], seat: int) -> bool:
        """Tells whether ``seat``, about to lead, empties its hand in one play and wins the deal
        for its side by it; the move that led there is then decided without searching the
        lead.

        Sound for the reason ``goes_out`` gives: a lead may be any play (§06.2), the hand is
        one, and the lead's own immediate-win test would choose it before any search.
        """
        info = self.infos[hands[seat]] or self.info(hands[seat])
        return bool(info.outs) and self.goes_out(hands, seat)

    def goes_out(self, hands: list[int], seat: int) -> bool:
        """Tells whether ``seat``, about to beat the table with a play that empties its hand,
        wins the deal for its side by it; the state is then decided without searching it.

        Sound: ``seat`` can beat the table (it is the follower), and its plays that beat it
        are ordered going out first, so one of them empties its hand. Going out ends the deal
        with ``seat``'s side winning when ``out`` says so (or, for "double", when the partner
        is out already), and no move of any seat can do better for that side than winning:
        the search would find that very move first, in the state's own immediate-win test.
        """
        done = self.outs[seat]
        if done is None and hands[seat ^ 2] == 0:
            done = True
        return done is not None and done is ((seat & 1) == self.team)

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
