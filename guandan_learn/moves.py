"""Legal plays and hints: what a hand can play on a table (§04, §05, §06.2–§06.3).

Two plays are the same play when they have the same reading (kind, keying rank, size, and suit
for a straight flush) and use the same number of natural cards of each rank and the same number
of wild hearts: suits of natural cards only matter in straight flushes (§03.2).
"""

from __future__ import annotations

from collections.abc import Iterator

from .cards import FACES, STRENGTH, SUITS, Card, CardsLike, Rank, Suit, as_level, to_cards
from .combo import JOKER_BOMB_TIER, STRAIGHT_FLUSH_TIER, Combo, Kind

_BJ, _RJ = 15, 16
_SETTERS = tuple(Combo.__dict__[f].__set__ for f in
                 ("kind", "rank", "size", "cards", "level", "wilds", "suit", "power"))
_new = object.__new__


def new_combo(kind: Kind, rank: Rank | None, size: int, cards: tuple[Card, ...], level: Rank,
              wilds: tuple[Card, ...], suit: Suit | None, power: int) -> Combo:
    """Makes a reading without re-checking it (the enumerator already has)."""
    c = _new(Combo)
    for setter, value in zip(_SETTERS, (kind, rank, size, cards, level, wilds, suit, power),
                             strict=True):
        setter(c, value)
    return c
_SET_KINDS = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)
# A slot asks for ``count`` cards of natural value ``value`` (1 is the ace played low).
Slot = tuple[int, int]


class _Hand:
    """Indexes a hand by rank and suit for fast enumeration."""

    __slots__ = ("bomb_ranks", "by_rank", "by_suit", "lv", "lvv", "nc", "srow", "w", "wild")

    def __init__(self, cards: list[Card], lv: Rank) -> None:
        self.lv = lv
        self.lvv = lv.natural
        self.srow = STRENGTH[self.lvv]
        self.wild = FACES[(self.lvv - 2) * 4 + 2]
        self.by_rank: list[list[Card]] = [[] for _ in range(17)]
        self.by_suit: list[list[list[Card]]] = [[[] for _ in range(17)] for _ in range(4)]
        w = 0
        for c in sorted(cards, key=lambda c: c.index):
            if c is self.wild:
                w += 1
                continue
            v = c.rank.natural
            self.by_rank[v].append(c)
            if c.suit is not None:
                self.by_suit[c.suit.index][v].append(c)
        self.w = w
        self.nc = [len(x) for x in self.by_rank]
        self.bomb_ranks = frozenset(v for v in range(2, 15) if self.nc[v] >= 4)


def _spare_splits(avail: list[int], spare: int) -> Iterator[tuple[int, ...]]:
    """Yields ways to swap up to ``spare`` natural cards for wilds, slot by slot."""
    n = len(avail)
    zero = (0,) * n
    yield zero
    if spare >= 1:
        for i in range(n):
            if avail[i] >= 1:
                e = list(zero)
                e[i] = 1
                yield tuple(e)
    if spare >= 2:
        for i in range(n):
            if avail[i] >= 2:
                e = list(zero)
                e[i] = 2
                yield tuple(e)
            if avail[i] >= 1:
                for j in range(i + 1, n):
                    if avail[j] >= 1:
                        e = list(zero)
                        e[i] = 1
                        e[j] = 1
                        yield tuple(e)


class _Variant:
    """A way to make a class of play: natural cards per slot and wilds spent."""

    __slots__ = ("cost", "naturals", "wilds")

    def __init__(self, naturals: tuple[int, ...], wilds: int, cost: tuple[int, int, int]) -> None:
        self.naturals = naturals
        self.wilds = wilds
        self.cost = cost


def _variants(h: _Hand, slots: list[Slot], counts: list[int],
              min_natural: int) -> list[_Variant]:
    """Lists the ways to fill ``slots`` from ``counts`` naturals plus the hand's wilds."""
    avail = [min(k, counts[14 if v == 1 else v]) for v, k in slots]
    need = sum(k for _, k in slots) - sum(avail)
    if need > h.w:
        return []
    swappable = avail
    if slots[-1][0] >= _BJ:
        # Wilds never stand for jokers (§03.8): joker slots take natural jokers only.
        if avail[-1] < slots[-1][1]:
            return []
        swappable = [0 if v >= _BJ else a for (v, _), a in zip(slots, avail, strict=True)]
    spare = h.w - need
    out = []
    nc = h.nc
    bombs = h.bomb_ranks
    for e in _spare_splits(swappable, spare):
        nat = tuple(a - x for a, x in zip(avail, e, strict=True))
        if sum(nat) < min_natural:
            continue
        wilds = need + sum(e)
        broken = 0
        split = 0
        for (v, _), j in zip(slots, nat, strict=True):
            r = 14 if v == 1 else v
            if j and j < nc[r]:
                split += 1
                if r in bombs and nc[r] - j < 4:
                    broken += 1
        out.append(_Variant(nat, wilds, (wilds + broken, wilds, split)))
    return out


def _classes(h: _Hand, table: Combo | None) -> Iterator[
        tuple[Kind, int, int, Suit | None, list[Slot], int]]:
    """Yields each class the hand might make: kind, key, size, suit, slots, power."""
    srow = h.srow
    nc = h.nc
    w = h.w
    lvv = h.lvv
    tkind = None if table is None else table.kind
    tpower = -1 if table is None else table.power
    normal_ok = table is None or not table.is_bomb
    present = [v for v in range(2, 15) if nc[v]]

    if normal_ok:
        if tkind is None or tkind in _SET_KINDS:
            for size, kind in ((1, Kind.SINGLE), (2, Kind.PAIR), (3, Kind.TRIPLE)):
                if tkind is not None and tkind is not kind:
                    continue
                for v in range(2, 17):
                    if srow[v] <= tpower:
                        continue
                    if v >= _BJ:
                        if nc[v] >= size and size <= 2:
                            yield kind, v, size, None, [(v, size)], srow[v]
                    elif nc[v] + w >= size and (nc[v] or v == lvv):
                        yield kind, v, size, None, [(v, size)], srow[v]
        if tkind is None or tkind is Kind.FULL_HOUSE:
            pairs = [p for p in range(2, 15) if nc[p] >= 1]
            pairs += [p for p in (_BJ, _RJ) if nc[p] == 2]
            for t in range(2, 15):
                if srow[t] <= tpower or nc[t] + w < 3:
                    continue
                for p in pairs:
                    if p != t and nc[t] + nc[p] + w >= 5 and (p < _BJ or nc[t] + w >= 3):
                        yield Kind.FULL_HOUSE, t, 5, None, [(t, 3), (p, 2)], srow[t]
                if w == 2 and nc[t] >= 3:
                    # The pair may be the two wilds alone (slot value 0 holds no naturals).
                    yield Kind.FULL_HOUSE, t, 5, None, [(t, 3), (0, 2)], srow[t]
        for kind, length, width in ((Kind.STRAIGHT, 5, 1), (Kind.TUBE, 3, 2),
                                    (Kind.PLATE, 2, 3)):
            if tkind is not None and tkind is not kind:
                continue
            for key in range(length, 15):
                if key <= tpower:
                    continue
                slots = [(v, width) for v in range(key - length + 1, key + 1)]
                have = sum(min(width, nc[14 if v == 1 else v]) for v, _ in slots)
                if have + w >= length * width:
                    yield kind, key, length * width, None, slots, key
    # Bombs (§05): rank bombs, straight flushes, the four jokers.
    for v in present:
        top = min(10, nc[v] + w)
        for size in range(4, top + 1):
            power = size * 1000 + srow[v]
            if power > tpower:
                yield Kind.BOMB, v, size, None, [(v, size)], power
    for key in range(5, 15):
        power = STRAIGHT_FLUSH_TIER * 100 + key
        if power <= tpower:
            continue
        for s in SUITS:
            bys = h.by_suit[s.index]
            have = sum(1 for v in range(key - 4, key + 1) if bys[14 if v == 1 else v])
            if have + w >= 5:
                yield (Kind.STRAIGHT_FLUSH, key, 5, s, [(v, 1) for v in range(key - 4, key + 1)],
                       power)
    if nc[_BJ] == 2 and nc[_RJ] == 2 and tpower < JOKER_BOMB_TIER * 100:
        yield Kind.JOKER_BOMB, 0, 4, None, [(_BJ, 2), (_RJ, 2)], JOKER_BOMB_TIER * 100


def _plays(hand: CardsLike, table: Combo | None, level: Rank | str,
           cheapest_only: bool) -> list[Combo]:
    cards = to_cards(hand)
    lv = as_level(level)
    if table is not None and table.level is not lv:
        from .errors import GuandanError
        from .messages import say

        raise GuandanError(say("compare.levels_differ", play=lv.value, table=table.level.value))
    h = _Hand(cards, lv)
    out: list[Combo] = []
    best: dict[tuple[Kind, int, int], tuple[tuple[int, ...], tuple]] = {}
    for cls in _classes(h, table):
        kind, key, size, suit, slots, power = cls
        counts = h.nc if suit is None else [len(x) for x in h.by_suit[suit.index]]
        min_natural = 0 if kind in _SET_KINDS and key == h.lvv else 1
        variants = _variants(h, slots, counts, min_natural)
        if kind is Kind.STRAIGHT:
            variants = [x for x in variants if x.wilds or _mixed_possible(h, slots)]
        elif kind is Kind.FULL_HOUSE and len(slots) == 2 and h.nc[slots[1][0]]:
            # The pair holds at least one natural card here; two wilds alone are the other case.
            variants = [x for x in variants if x.naturals[1]]
        if not variants:
            continue
        if cheapest_only:
            var = min(variants, key=lambda x: x.cost)
            extra = h.srow[slots[1][0]] if kind is Kind.FULL_HOUSE else (
                0 if suit is None else suit.index)
            cost = (*var.cost, extra)
            ck = (kind, key, size)
            if ck not in best or cost < best[ck][0]:
                best[ck] = (cost, (kind, key, size, suit, slots, var, power))
        else:
            for var in variants:
                out.append(_build(h, kind, key, size, suit, slots, var, power))
    if cheapest_only:
        out = [_build(h, *args) for _, args in best.values()]
    out.sort(key=_weakest_first)
    return out


def _weakest_first(c: Combo) -> tuple[int, int, int]:
    return (c.tier, c.power, _KIND_ORDER[c.kind])


_KIND_ORDER = {k: i for i, k in enumerate(Kind)}


def _mixed_possible(h: _Hand, slots: list[Slot]) -> bool:
    """Tells whether five natural cards of these ranks can be chosen in more than one suit."""
    suits: set[Suit | None] = set()
    for v, _ in slots:
        cs = h.by_rank[14 if v == 1 else v]
        for c in cs:
            suits.add(c.suit)
        if len(suits) > 1:
            return True
    return False


def _build(h: _Hand, kind: Kind, key: int, size: int, suit: Suit | None, slots: list[Slot],
           var: _Variant, power: int) -> Combo:
    """Chooses the cards for one variant and makes its reading."""
    chosen: list[Card] = []
    declared: list[Card] = []
    wild = h.wild
    for (v, k), j in zip(slots, var.naturals, strict=True):
        r = 14 if v == 1 else v
        pool = h.by_suit[suit.index][r] if suit is not None else h.by_rank[r]
        chosen += pool[:j]
        for _ in range(k - j):
            declared.append(_declared(r, suit, kind, h))
    if kind is Kind.STRAIGHT and not declared:
        chosen = _mix_suits(h, slots, chosen)
    elif kind is Kind.STRAIGHT and all(c.suit is chosen[0].suit for c in chosen) and chosen:
        off = Suit.SPADES if chosen[0].suit is Suit.HEARTS else Suit.HEARTS
        declared = [FACES[(d.rank.natural - 2) * 4 + off.index] for d in declared]
    elif kind is Kind.FULL_HOUSE and slots[1][0] == 0:
        # Two wilds alone make the pair: level cards, or aces when the triple is the level rank.
        p = h.lvv if h.lvv != key else (14 if key != 14 else 13)
        declared[-2:] = [FACES[(p - 2) * 4 + 2]] * 2
    cards = tuple(sorted(chosen)) + (wild,) * len(declared)
    rank = None if kind is Kind.JOKER_BOMB else Rank.from_natural(key)
    return new_combo(kind, rank, size, cards, h.lv, tuple(declared), suit, power)


def _declared(r: int, suit: Suit | None, kind: Kind, h: _Hand) -> Card:
    if suit is not None:
        return FACES[(r - 2) * 4 + suit.index]
    return FACES[(r - 2) * 4 + 2]


def _mix_suits(h: _Hand, slots: list[Slot], chosen: list[Card]) -> list[Card]:
    """Swaps one card so that five natural cards are not all of one suit (§04.2)."""
    first = chosen[0].suit
    if any(c.suit is not first for c in chosen):
        return chosen
    for i, (v, _) in enumerate(slots):
        for c in h.by_rank[14 if v == 1 else v]:
            if c.suit is not first:
                return [*chosen[:i], c, *chosen[i + 1:]]
    return chosen


def legal_plays(hand: CardsLike, table: Combo | None, level: Rank | str) -> list[Combo]:
    """Lists every distinct play the hand can make on ``table`` (any play when leading).

    Plays come weakest first; two plays differ when their reading or the number of natural
    cards of some rank or of wilds differ (suits count only in straight flushes).

    >>> [str(p) for p in legal_plays("8C 8D 9S", None, "2")]
    ['8♣', '8♣ 8♦', '9♠']
    """
    return _plays(hand, table, level, cheapest_only=False)


def hints(hand: CardsLike, table: Combo | None, level: Rank | str) -> list[Combo]:
    """Lists one play per class (kind, keying rank, size), weakest first, each the cheapest.

    The cheapest choice spends the fewest wilds and breaks the fewest bombs.

    >>> from guandan_learn import Combo
    >>> [p.describe() for p in hints("8C 8D 8S 8H 9S", Combo.of("7C", "2"), "2")]
    ['a single 8', 'a single 9', 'a 4-card bomb of 8s']
    """
    return _plays(hand, table, level, cheapest_only=True)
