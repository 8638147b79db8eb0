"""Legal plays and hints: what a hand can play on a table (§04, §05, §06.2–§06.3).

Two plays are the same play when they have the same reading (kind, keying rank, size, and suit
for a straight flush) and use the same number of natural cards of each rank and the same number
of wild hearts: suits of natural cards only matter in straight flushes (§03.2).

``HandPlays`` reads a hand once and answers ``hints`` and ``legal_plays`` for any table from
what it has read, as a deal asks the same hand again and again.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from itertools import combinations, product
from operator import attrgetter, eq

from .cards import (
    FACES,
    STRENGTH,
    Card,
    CardsLike,
    Rank,
    Suit,
    as_level,
    check_counts,
    format_cards,
    to_cards,
)
from .combo import (
    JOKER_BOMB_TIER,
    STRAIGHT_FLUSH_TIER,
    Combo,
    Kind,
    bomb_power,
    bomb_tier,
    check_table,
    classify,
    declare_wilds,
)
from .errors import IllegalPlayError
from .reason import Reason

# Bomb powers on the one strength scale (``combo.bomb_power``): rank bombs by size, the
# straight flush's base and the four jokers.
_BOMB_BASE = {size: bomb_power(bomb_tier(Kind.BOMB, size), 0) for size in range(4, 11)}
_SF_BASE = bomb_power(STRAIGHT_FLUSH_TIER, 0)
_JOKER_POWER = bomb_power(JOKER_BOMB_TIER, 0)

_BJ, _RJ = 15, 16
_FREE = 0  # the rank value of a full house's pair made of two wilds alone
_ALL = -2  # a full house's pair slot standing for every pair the hand can make
_SET_KINDS = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)
_SUITS = tuple(Suit)
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}
_INDEX = attrgetter("index")
_SETTERS = tuple(Combo.__dict__[f].__set__ for f in
                 ("kind", "rank", "size", "cards", "level", "wilds", "suit", "power"))
_new = object.__new__
_RANKS = [None, Rank.ACE] + [Rank.from_natural(v) for v in range(2, 17)]

# A class of play: kind, key (rank value), size, suit (straight flushes), slots, power.
# Each slot asks for ``count`` cards of rank value ``value``; 1 is the ace played low.
Slot = tuple[int, int]
Class = tuple[Kind, int, int, Suit | None, tuple[Slot, ...], int]
_RUNS = {key: tuple((v, 1) for v in range(key - 4, key + 1)) for key in range(5, 15)}
# Straights, tubes and plates: form, length, width, and each key's slots.
_RUN_FORMS = tuple(
    (kind, length, width,
     {key: tuple((v, width) for v in range(key - length + 1, key + 1))
      for key in range(length, 15)})
    for kind, length, width in ((Kind.STRAIGHT, 5, 1), (Kind.TUBE, 3, 2), (Kind.PLATE, 2, 3)))


def new_combo(kind: Kind, rank: Rank | None, size: int, cards: tuple[Card, ...], level: Rank,
              wilds: tuple[Card, ...], suit: Suit | None, power: int) -> Combo:
    """Makes a reading without re-checking it (the enumerator already has)."""
    c = _new(Combo)
    s0, s1, s2, s3, s4, s5, s6, s7 = _SETTERS
    s0(c, kind)
    s1(c, rank)
    s2(c, size)
    s3(c, cards)
    s4(c, level)
    s5(c, wilds)
    s6(c, suit)
    s7(c, power)
    return c


class _Hand:
    """Indexes a hand by rank and suit for fast enumeration."""

    __slots__ = ("by_rank", "lv", "lvv", "masks", "nc", "srow", "w", "wild")

    def __init__(self, cards: list[Card], lv: Rank, indices: list[int] | None = None) -> None:
        self.lv = lv
        self.lvv = lvv = lv.natural
        self.srow = STRENGTH[lvv]
        self.wild = wild = FACES[(lvv - 2) * 4 + 2]
        wi = wild.index
        by_rank: list[list[Card]] = [[] for _ in range(17)]
        masks = [0, 0, 0, 0]  # per suit, bit v is set when the hand holds that rank
        w = 0
        faces = FACES
        for i in sorted([c.index for c in cards]) if indices is None else indices:
            if i == wi:
                w += 1
            elif i < 52:
                v = (i >> 2) + 2
                by_rank[v].append(faces[i])
                masks[i & 3] |= 1 << v
            else:
                by_rank[15 if i == 52 else 16].append(faces[i])
        by_rank[1] = by_rank[14]
        self.masks = [m | 2 if m & (1 << 14) else m for m in masks]
        self.w = w
        self.by_rank = by_rank
        self.nc = [len(x) for x in by_rank]


def _hand(hand: list[Card], table: Combo | None, level: Rank | str,
          indices: list[int] | None = None) -> _Hand:
    """Indexes cards already read by ``to_cards`` (so not read twice); ``indices`` are their
    indices sorted, when ``_counted`` has them already."""
    lv = as_level(level)
    if table is not None and table.level is not lv:
        raise IllegalPlayError(Reason.of("compare.levels_differ", "§02.7", play=lv.value,
                                     table=table.level.value))
    return _Hand(hand, lv, indices)


def _counted(hand: list[Card]) -> list[int]:
    """Returns the cards' indices sorted; raises ``CardCountError`` when a face appears more
    than twice (§02.2), as ``check_counts`` does."""
    indices = sorted([c.index for c in hand])
    if any(map(eq, indices, indices[2:])):
        check_counts(hand)
    return indices


def _classes(h: _Hand, table: Combo | None, every_suit: bool) -> Iterator[Class]:
    """Yields each class the hand can make that may go on ``table``.

    A full house comes once per triple, its pair's slot (value ``_ALL``) left for the caller
    to fill. With ``every_suit`` a straight flush comes once per suit it can be made in;
    otherwise (for hints) once, in its cheapest suit.
    """
    if table is None:
        return _classes_on(h, None, -1, True, True, every_suit)
    return _classes_on(h, table.kind, table.power, table.tier == 0, True, every_suit)


def _classes_on(h: _Hand, tkind: Kind | None, tpower: int, normals: bool, bombs: bool,
                every_suit: bool) -> Iterator[Class]:
    """Yields the classes stronger than ``tpower``: of form ``tkind`` (any normal form when
    ``None``) when ``normals``, and every bomb when ``bombs`` (see ``_classes``)."""
    srow, nc, w, lvv = h.srow, h.nc, h.w, h.lvv
    if normals:
        if tkind is None or tkind in _SET_KINDS:
            for size, kind in ((1, Kind.SINGLE), (2, Kind.PAIR), (3, Kind.TRIPLE)):
                if tkind is not None and tkind is not kind:
                    continue
                for v in range(2, 17):
                    p = srow[v]
                    if p <= tpower:
                        continue
                    if v >= _BJ:
                        if nc[v] >= size and size <= 2:
                            yield kind, v, size, None, ((v, size),), p
                    elif nc[v] + w >= size and (nc[v] or v == lvv):
                        yield kind, v, size, None, ((v, size),), p
        if tkind is None or tkind is Kind.FULL_HOUSE:
            for t in range(2, 15):
                nt = nc[t]
                if srow[t] <= tpower or nt + w < 3:
                    continue
                yield Kind.FULL_HOUSE, t, 5, None, ((t, 3), (_ALL, 2)), srow[t]
        for kind, length, width, runs in _RUN_FORMS:
            if tkind is not None and tkind is not kind:
                continue
            for key in range(max(length, tpower + 1), 15):
                missing = 0
                for v in range(key - length + 1, key + 1):
                    n = nc[v]
                    if n < width:
                        missing += width - n
                if missing <= w:
                    yield kind, key, length * width, None, runs[key], key
    if not bombs:
        return
    # Bombs (§05): rank bombs, straight flushes, the four jokers.
    for v in range(2, 15):
        n = nc[v]
        if n + w < 4:
            continue
        for size in range(4, min(10, n + w) + 1):
            power = _BOMB_BASE[size] + srow[v]
            if power > tpower:
                yield Kind.BOMB, v, size, None, ((v, size),), power
    sf_base = _SF_BASE
    masks = h.masks
    for key in range(max(5, tpower - sf_base + 1), 15):
        window = 0b11111 << (key - 4)
        best, best_n = -1, -1
        for si in range(4):
            n = (masks[si] & window).bit_count()
            if n + w >= 5:
                if every_suit:
                    yield (Kind.STRAIGHT_FLUSH, key, 5, _SUITS[si], _RUNS[key], sf_base + key)
                elif n > best_n:
                    best, best_n = si, n
        if best >= 0:
            # One class per key: the suit that needs the fewest wilds, C D H S breaking ties.
            yield (Kind.STRAIGHT_FLUSH, key, 5, _SUITS[best], _RUNS[key], sf_base + key)
    if nc[_BJ] == 2 and nc[_RJ] == 2 and tpower < _JOKER_POWER:
        yield Kind.JOKER_BOMB, 0, 4, None, ((_BJ, 2), (_RJ, 2)), _JOKER_POWER


def _swaps(avail: list[int], spare: int) -> Iterator[list[int]]:
    """Yields the natural counts per slot when up to ``spare`` naturals give way to wilds."""
    yield avail
    if spare <= 0:
        return
    n = len(avail)
    for i in range(n):
        if avail[i]:
            e = avail.copy()
            e[i] -= 1
            yield e
            if spare >= 2:
                if avail[i] >= 2:
                    e2 = e.copy()
                    e2[i] -= 1
                    yield e2
                for j in range(i + 1, n):
                    if avail[j]:
                        e2 = e.copy()
                        e2[j] -= 1
                        yield e2


# Plays as ``_build`` reads them, kept: sets and rank bombs per level by rank, size and natural
# cards' indices (a few thousand a level at most, as for the natural plays' caches below);
# straight flushes by key, suit and natural ranks (a few hundred).
_ONE_RANK: dict[int, dict[int, Combo]] = {lv: {} for lv in range(2, 15)}
_FLUSHES: dict[int, dict[int, Combo]] = {lv: {} for lv in range(2, 15)}
# Other plays with wilds or from ``_build``, by level, form, slots and natural cards' indices:
# far more ways, so the store starts afresh when full.
_MANY: dict[int, Combo] = {}
_MANY_LIMIT = 20_000  # about 8 MB
_KIND_CODE = {k: i for i, k in enumerate(Kind)}


def _build(h: _Hand, cls: Class, nat: list[int]) -> Combo:
    """Chooses the cards for one way of making a class and returns its reading."""
    kind, key, size, suit, slots, power = cls
    by_rank = h.by_rank
    if len(slots) == 1:
        # Sets and rank bombs: naturals first, then the wilds standing for the same rank. The
        # reading depends only on the level, the rank, the size and those naturals.
        j = nat[0]
        cards = by_rank[key][:j]
        ident = (key << 4 | size) << 4 | j
        for c in cards:
            ident = ident << 6 | c.index
        known = _ONE_RANK[h.lvv]
        combo = known.get(ident)
        if combo is None:
            if size > j:
                heart = FACES[(key - 2) * 4 + 2]
                if cards.count(heart) + size - j <= 2:
                    declared = (heart,) * (size - j)
                else:
                    declared = tuple(declare_wilds([key] * (size - j), cards))
                cards += [h.wild] * (size - j)
            else:
                declared = ()
            combo = known[ident] = new_combo(kind, _RANKS[key], size, tuple(cards), h.lv,
                                             declared, None, power)
        return combo
    if suit is not None:
        # A straight flush depends only on the level, its key and suit, and which ranks are
        # natural: each card is the one face of its rank in that suit.
        ident = key << 2 | _SUIT_INDEX[suit]
        for j in nat:
            ident = ident << 1 | j
        flushes = _FLUSHES[h.lvv]
        combo = flushes.get(ident)
        if combo is None:
            combo = flushes[ident] = _build_flush(h, cls, nat)
        return combo
    if kind is Kind.STRAIGHT and sum(nat) == 5:
        suit = by_rank[slots[0][0]][0].suit
        if all(by_rank[v][0].suit is suit for v, _ in slots):
            return _build_many(h, cls, nat)  # its suits are mixed from the rest of the hand
    # Otherwise the reading depends only on the level, the form, the slots and the natural
    # cards chosen for them.
    ident = (h.lvv << 4 | _KIND_CODE[kind]) << 5 | key
    for (v, _), j in zip(slots, nat, strict=True):
        ident = (ident << 5 | v) << 2 | j
        if j:
            for c in by_rank[v][:j]:
                ident = ident << 6 | c.index
    combo = _MANY.get(ident)
    if combo is None:
        if len(_MANY) >= _MANY_LIMIT:
            _MANY.clear()
        combo = _MANY[ident] = _build_many(h, cls, nat)
    return combo


def _build_many(h: _Hand, cls: Class, nat: list[int]) -> Combo:
    """Reads a full house, straight, tube, plate or the four jokers (see ``_build``)."""
    kind, key, size, suit, slots, power = cls
    by_rank = h.by_rank
    if kind is Kind.FULL_HOUSE:
        (t, _), (p, _) = slots
        jt, jp = nat
        tc = by_rank[t][:jt]
        pc = by_rank[p][:jp]
        cards = tc + pc if t < p else pc + tc
        n_wild = 5 - jt - jp
        if n_wild:
            if p == _FREE:
                p = h.lvv if h.lvv != t else (14 if t != 14 else 13)
            declared = tuple(declare_wilds([t] * (3 - jt) + [p] * (2 - jp), cards))
            cards += [h.wild] * n_wild
        return new_combo(kind, _RANKS[t], 5, tuple(cards), h.lv, declared if n_wild else (),
                         None, power)
    chosen: list[Card] = []
    declared_l: list[Card] = []
    for (v, k), j in zip(slots, nat, strict=True):
        if j:
            chosen += by_rank[v][:j]
        if k > j:
            declared_l += [FACES[((14 if v == 1 else v) - 2) * 4 + 2]] * (k - j)
    if declared_l and kind is not Kind.STRAIGHT:
        # Declare faces the two decks still have (a plate may need a third copy otherwise).
        declared_l = declare_wilds([d.rank.natural for d in declared_l], chosen)
    if kind is Kind.STRAIGHT:
        first = chosen[0].suit if chosen else None
        if all(c.suit is first for c in chosen):
            if declared_l:
                # Declare the wilds off-suit so that the play stays a straight (§04.2).
                off = 3 if first is Suit.HEARTS else 2
                declared_l = [FACES[(d.index & ~3) + off] for d in declared_l]
            else:
                chosen = _mix_suits(h, slots, chosen)
    if slots[0][0] == 1 and nat[0]:
        chosen = chosen[nat[0]:] + chosen[:nat[0]]  # low aces sort last by index
    if declared_l:
        chosen += [h.wild] * len(declared_l)
    return new_combo(kind, None if kind is Kind.JOKER_BOMB else _RANKS[key], size, tuple(chosen),
                     h.lv, tuple(declared_l), suit, power)


def _build_flush(h: _Hand, cls: Class, nat: list[int]) -> Combo:
    """Makes a straight flush, its missing ranks' faces of its suit declared for the wilds."""
    _, key, _, suit, slots, power = cls
    si = _SUIT_INDEX[suit]  # type: ignore[index]
    chosen: list[Card] = []
    declared: list[Card] = []
    for (v, _), j in zip(slots, nat, strict=True):
        face = FACES[((14 if v == 1 else v) - 2) * 4 + si]
        (chosen if j else declared).append(face)
    if slots[0][0] == 1 and nat[0]:
        chosen.append(chosen.pop(0))  # the low ace sorts last by index
    chosen += [h.wild] * len(declared)
    return new_combo(Kind.STRAIGHT_FLUSH, _RANKS[key], 5, tuple(chosen), h.lv, tuple(declared),
                     suit, power)


def _mix_suits(h: _Hand, slots: tuple[Slot, ...], chosen: list[Card]) -> list[Card]:
    """Swaps one card so that five natural cards are not all of one suit (§04.2)."""
    first = chosen[0].suit
    for i, (v, _) in enumerate(slots):
        for c in h.by_rank[v]:
            if c.suit is not first:
                return [*chosen[:i], c, *chosen[i + 1:]]
    return chosen


def _mixed_possible(h: _Hand, slots: tuple[Slot, ...]) -> bool:
    """Tells whether five natural cards of a straight's ranks can come in more than one suit."""
    window = 0b11111 << (slots[-1][0] - 4)
    m0, m1, m2, m3 = h.masks
    return (bool(m0 & window) + bool(m1 & window) + bool(m2 & window) + bool(m3 & window)) > 1


def _avail(h: _Hand, cls: Class) -> list[int]:
    if cls[3] is not None:
        mask = h.masks[_SUIT_INDEX[cls[3]]]
        return [1 if mask >> v & 1 else 0 for v, _ in cls[4]]
    nc = h.nc
    return [k if nc[v] >= k else nc[v] for v, k in cls[4]]


def legal_plays(hand: CardsLike, table: Combo | None, level: Rank | str) -> list[Combo]:
    """Lists every distinct play the hand can make on ``table`` (any play when leading).

    Plays come weakest first; two plays differ when their reading or the number of natural
    cards of some rank or of wilds differ (suits count only in straight flushes).

    >>> [str(p) for p in legal_plays("8C 8D 9S", None, "2")]
    ['8♣', '8♣ 8♦', '9♠']
    """
    hand = to_cards(hand)
    indices = _counted(hand)  # §02.2: at most two of each face
    check_table(table)
    h = _hand(hand, table, level, indices)
    return _plays_of(h, _classes(h, table, every_suit=True))


def _plays_of(h: _Hand, classes: Iterator[Class]) -> list[Combo]:
    """Lists every way of making each of ``classes``, weakest first (``legal_plays``)."""
    out: list[Combo] = []
    add = out.append
    w = h.w
    for cls in classes:
        kind, key, size, _, _, _ = cls
        avail = _avail(h, cls)
        spare = w - size + sum(avail)
        if kind in _SET_KINDS:
            if key >= _BJ:
                add(_build(h, cls, avail))
                continue
            floor = 0 if key == h.lvv else 1
            for nat in _swaps(avail, spare):
                if nat[0] >= floor:
                    add(_build(h, cls, nat))
        elif kind is Kind.STRAIGHT:
            _straights(h, cls, avail, spare, add)
        elif kind is Kind.FULL_HOUSE:
            _full_houses(h, cls, add)
        elif kind is Kind.JOKER_BOMB:
            add(_build(h, cls, avail))
        else:
            for nat in _swaps(avail, spare):
                add(_build(h, cls, nat))
    out.sort(key=_weakest_first)
    return out


# Classes come in kind order, so a stable sort by power puts plays weakest first and, at equal
# power, singles before pairs before triples.
_weakest_first = attrgetter("power")


def _straights(h: _Hand, cls: Class, avail: list[int], spare: int,
               add: Callable[[Combo], None]) -> None:
    """Adds every way to make this straight: each rank natural or a wild (§04.1, §04.2)."""
    _, key, _, _, slots, power = cls
    by_rank, wild, lv = h.by_rank, h.wild, h.lv
    # A rank with no natural card is never chosen natural by _swaps, so its None is never used.
    firsts: list[Card] = [by_rank[v][0] if by_rank[v] else None  # type: ignore[misc]
                          for v, _ in slots]
    mixed = _mixed_possible(h, slots)
    low_ace = slots[0][0] == 1
    rank = _RANKS[key]
    for nat in _swaps(avail, spare):
        chosen = [c for c, j in zip(firsts, nat, strict=True) if j]
        n_wild = 5 - len(chosen)
        if n_wild:
            first = chosen[0].suit
            off = 2
            if first is Suit.HEARTS and all(c.suit is first for c in chosen):
                off = 3  # declare the wilds off-suit so that the play stays a straight (§04.2)
            declared = tuple(FACES[((14 if v == 1 else v) - 2) * 4 + off]
                             for (v, _), j in zip(slots, nat, strict=True) if not j)
        elif not mixed:
            continue
        else:
            declared = ()
            first = chosen[0].suit
            if all(c.suit is first for c in chosen):
                chosen = _mix_suits(h, slots, chosen)
        if low_ace and nat[0]:
            chosen.append(chosen.pop(0))  # the low ace sorts last by index
        if n_wild:
            chosen += [wild] * n_wild
        add(new_combo(Kind.STRAIGHT, rank, 5, tuple(chosen), lv, declared, None, power))


def _full_houses(h: _Hand, cls: Class, add: Callable[[Combo], None]) -> None:
    """Adds every way to make a full house with this triple (``cls``) over every pair."""
    t = cls[1]
    power = cls[5]
    by_rank, nc, w, wild, lv = h.by_rank, h.nc, h.w, h.wild, h.lv
    rank = _RANKS[t]
    nt = min(3, nc[t])
    t_heart = FACES[(t - 2) * 4 + 2]
    # The triple's ways, once: its natural cards, and whether its wilds can be hearts (the two
    # decks' hearts may be used up).
    triples = []
    for jt in range(nt, 2 - w, -1):
        tc = by_rank[t][:jt]
        triples.append((jt, tc, tc.count(t_heart) + 3 - jt <= 2))
    for p in [*range(2, 15), _BJ, _RJ]:
        n = nc[p]
        if p == t or not n or (p >= _BJ and n < 2):
            continue
        np_ = 2 if n >= 2 else 1
        joker = p >= _BJ
        p_heart = None if joker else FACES[(p - 2) * 4 + 2]
        pools = [(jp, by_rank[p][:jp]) for jp in range(np_, 0, -1)]
        for jt, tc, t_free in triples:
            for jp, pc in pools:
                n_wild = 5 - jt - jp
                if n_wild > w:
                    break
                cards = tc + pc if t < p else pc + tc
                if n_wild:
                    if t_free and (jp == 2 or pc.count(p_heart) + 2 - jp <= 2):
                        declared = (t_heart,) * (3 - jt) + (p_heart,) * (2 - jp)
                    else:
                        declared = tuple(declare_wilds([t] * (3 - jt) + [p] * (2 - jp), cards))
                    cards += [wild] * n_wild
                else:
                    declared = ()
                # a joker pair is always natural (§03.8), so no None is ever declared
                add(new_combo(Kind.FULL_HOUSE, rank, 5, tuple(cards), lv,
                              declared, None, power))  # type: ignore[arg-type]
                if joker:
                    break  # wilds never stand for jokers (§03.8)
    if w == 2 and nt >= 3:
        # The two wilds alone make the pair: level cards, or aces when the triple is the level
        # rank (the pair's rank never matters, §04.4).
        p = h.lvv if h.lvv != t else (14 if t != 14 else 13)
        naturals = by_rank[t][:3]
        add(new_combo(Kind.FULL_HOUSE, rank, 5, (*naturals, wild, wild), lv,
                      tuple(declare_wilds([p, p], naturals)), None, power))


def hints(hand: CardsLike, table: Combo | None, level: Rank | str) -> list[Combo]:
    """Lists one play per class (kind, keying rank, size), weakest first, each the cheapest.

    The cheapest way uses as many natural cards as it can: spending a wild to keep a bomb whole
    costs as much as breaking it, and then the wild is kept. A full house takes the cheapest
    pair (fewest wilds and broken bombs, then the weakest rank); a straight flush the suit that
    needs the fewest wilds.

    >>> from guandan_learn import Combo
    >>> [p.describe() for p in hints("8C 8D 8S 8H 9S", Combo.of("7C", "2"), "2")]
    ['a single 8', 'a single 9', 'a 4-card bomb of 8s']
    """
    hand = to_cards(hand)
    indices = _counted(hand)  # §02.2: at most two of each face
    check_table(table)
    h = _hand(hand, table, level, indices)
    w = h.w
    if table is None and not w:
        return _natural_lead_hints(h)
    return _class_hints(h, table)


def _class_hints(h: _Hand, table: Combo | None) -> list[Combo]:
    """Lists the hints class by class (``_classes``, then the cheapest way of each)."""
    return _hints_of(h, _classes(h, table, every_suit=False),
                     table is None or table.kind is Kind.FULL_HOUSE)


def bomb_kinds(hand: CardsLike, level: Rank | str) -> frozenset[Kind]:
    """Returns the kinds of bomb a hand can make (§05): ``BOMB``, ``STRAIGHT_FLUSH``,
    ``JOKER_BOMB``; the kinds of the bombs ``hints(hand, None, level)`` offers, without
    building every play (counting bombs over many dealt hands, ``plots.bomb_counts``).

    >>> sorted(k.value for k in bomb_kinds("8C 8D 8S 7H 3S 4S 5S 6S", "7"))
    ['bomb', 'straight_flush']
    """
    hand = to_cards(hand)
    h = _hand(hand, None, level, _counted(hand))
    return frozenset(cls[0] for cls in _classes_on(h, None, -1, False, True, False))


def _hints_of(h: _Hand, classes: Iterator[Class], houses: bool) -> list[Combo]:
    """Lists the cheapest way of each of ``classes``, weakest first; ``houses`` tells whether
    full houses may come (their pairs are then ranked first)."""
    w = h.w
    out: list[Combo] = []
    add = out.append
    pair_options = _pair_options(h) if houses else []
    for cls in classes:
        kind, key, size, _, slots, power = cls
        if kind is Kind.FULL_HOUSE:
            nt = h.nc[key]
            t_nat = 3 if nt >= 3 else nt
            for _, p, p_nat in pair_options:
                if p != key and (3 - t_nat) + (2 - p_nat) <= w:
                    add(_build(h, (kind, key, size, None, ((key, 3), (p, 2)), power),
                               [t_nat, p_nat]))
                    break
            continue
        if len(slots) == 1:
            n = h.nc[key]
            add(_build(h, cls, [size if n >= size else n]))
            continue
        avail = _avail(h, cls)
        if kind is Kind.STRAIGHT and sum(avail) == 5 and not _mixed_possible(h, slots):
            if not w:
                continue
            avail[-1] = 0  # one natural gives way to a wild declared off-suit
        add(_build(h, cls, avail))
    out.sort(key=_weakest_first)
    return out


# Plays of natural cards read at each level, kept by their cards' indices: immutable, so shared
# by every hand instead of being made again for each (a few thousand a level at most). One
# rank's single, pair and triple together; straights; full houses; tubes and plates.
_SET_GROUPS: dict[int, dict[int, tuple[Combo, ...]]] = {lv: {} for lv in range(2, 15)}
_STRAIGHTS: dict[int, dict[int, Combo]] = {lv: {} for lv in range(2, 15)}
_FULL_HOUSES: dict[int, dict[int, Combo]] = {lv: {} for lv in range(2, 15)}
_SEQUENCES: dict[int, dict[int, Combo]] = {lv: {} for lv in range(2, 15)}


def _sets(cs: list[Card], v: int, lv: Rank, power: int) -> tuple[Combo, ...]:
    """Returns the single, pair and triple (as far as the cards go) of one rank's cards."""
    top = min(len(cs), 2 if v >= _BJ else 3)
    return tuple(new_combo(kind, _RANKS[v], size, tuple(cs[:size]), lv, (), None, power)
                 for size, kind in zip(range(1, top + 1), _SET_KINDS, strict=False))


def _natural_lead_hints(h: _Hand) -> list[Combo]:
    """Lists the hints of a free lead for a hand without wild hearts (the common case, fast).

    Gives what the general path (``_classes`` then ``_build``) gives, in the same order: with no
    wild there is one way per class but for the full house's pair and the straight's suits.
    """
    srow, nc, by_rank, lv = h.srow, h.nc, h.by_rank, h.lv
    s0, s1, s2, s3, s4, s5, s6, s7 = _SETTERS
    new, ranks = _new, _RANKS
    out: list[Combo] = []
    add = out.append

    def make(kind: Kind, key: int | None, size: int, cards: tuple[Card, ...],
             power: int, suit: Suit | None = None) -> Combo:
        c = new(Combo)
        s0(c, kind)
        s1(c, None if key is None else ranks[key])
        s2(c, size)
        s3(c, cards)
        s4(c, lv)
        s5(c, ())
        s6(c, suit)
        s7(c, power)
        add(c)
        return c

    present = [v for v in range(2, 17) if nc[v]]
    lvv = h.lvv
    known = _STRAIGHTS[lvv]
    groups = _SET_GROUPS[lvv]
    pairs_out: list[Combo] = []
    triples_out: list[Combo] = []
    # Per rank (1 is the ace played low): the first card's index, and the first two and three
    # cards' indices packed six bits each (-1 when the rank has fewer).
    first = [-1] * 17
    two = [-1] * 17
    three = [-1] * 17
    for v in present:
        cs = by_rank[v]
        n = nc[v]
        i0 = first[v] = cs[0].index
        if n == 1:
            ident = i0 | 1 << 18
        else:
            i01 = two[v] = i0 | cs[1].index << 6
            if n == 2:
                ident = i01 | 2 << 18
            else:
                ident = three[v] = i01 | cs[2].index << 12
                ident |= 3 << 18
        sets = groups.get(ident)
        if sets is None:
            sets = groups[ident] = _sets(cs, v, lv, srow[v])
        add(sets[0])
        if n >= 2:
            pairs_out.append(sets[1])
            if n >= 3 and v < _BJ:
                triples_out.append(sets[2])
    out += pairs_out
    out += triples_out
    first[1], two[1], three[1] = first[14], two[14], three[14]
    triples = [t for t in present if t < _BJ and nc[t] >= 3]
    if triples:
        # The cheapest pair (§04.1) without wilds: not from a bomb of 4 or 5 it would break,
        # then not from a larger set, then the weakest; the two cheapest, for a triple of the
        # same rank as the first.
        best = second = None
        for p in present:
            n = nc[p]
            if n < 2 or (n > 2 and p >= _BJ):
                continue
            cost = ((1 if p < _BJ and 4 <= n <= 5 else 0), (1 if n > 2 else 0), srow[p], p)
            if best is None or cost < best:
                best, second = cost, best
            elif second is None or cost < second:
                second = cost
        houses = _FULL_HOUSES[lvv]
        for t in triples:
            pick = best if best is None or best[3] != t else second
            if pick is None:
                continue
            p = pick[3]
            ident = three[t] | two[p] << 18
            c = houses.get(ident)
            if c is None:
                tc, pc = by_rank[t][:3], by_rank[p][:2]
                houses[ident] = make(Kind.FULL_HOUSE, t, 5, tuple(tc + pc if t < p else pc + tc),
                                     srow[t])
            else:
                add(c)
    run = 0
    for key in range(1, 15):
        if not nc[key]:
            run = 0
            continue
        run += 1
        if run >= 5:
            f0, f1, f2, f3, f4 = first[key - 4:key + 1]
            suit = f0 & 3
            if (f1 & 3) == suit and (f2 & 3) == suit and (f3 & 3) == suit and (f4 & 3) == suit:
                # Five of one suit make a straight flush (§04.2): swap in another suit if any.
                chosen = [FACES[f] for f in (f0, f1, f2, f3, f4)]
                mixed = _mix_suits(h, _RUNS[key], chosen)
                if mixed is chosen:
                    continue
                f0, f1, f2, f3, f4 = (c.index for c in mixed)
            ident = f0 | f1 << 6 | f2 << 12 | f3 << 18 | f4 << 24 | 5 << 30
            c = known.get(ident)
            if c is None:
                chosen = [FACES[f] for f in (f0, f1, f2, f3, f4)]
                if key == 5:
                    chosen.append(chosen.pop(0))  # the low ace sorts last by index
                known[ident] = make(Kind.STRAIGHT, key, 5, tuple(chosen), key)
            else:
                add(c)
    sequences = _SEQUENCES[lvv]
    for kind, length, width, packed, tag in ((Kind.TUBE, 3, 2, two, 1 << 40),
                                             (Kind.PLATE, 2, 3, three, 2 << 40)):
        run = 0
        for v in range(1, 15):
            if nc[v] < width:
                run = 0
                continue
            run += 1
            if run >= length:
                lo = v - length + 1
                ident = tag
                for r in range(lo, v + 1):
                    ident = ident << 18 | packed[r]
                c = sequences.get(ident)
                if c is None:
                    chosen = [c for r in range(lo, v + 1) for c in by_rank[r][:width]]
                    if lo == 1:
                        chosen = chosen[width:] + chosen[:width]  # low aces sort last by index
                    sequences[ident] = make(kind, v, length * width, tuple(chosen), v)
                else:
                    add(c)
    for v in present:
        n = nc[v]
        if n >= 4 and v < _BJ:
            for size in range(4, min(10, n) + 1):
                make(Kind.BOMB, v, size, tuple(by_rank[v][:size]), _BOMB_BASE[size] + srow[v])
    # Straight flushes: a suit's ranks ANDed with themselves shifted hold bit j when it has
    # j … j+4; each key takes the first suit that has it.
    runs = [m & m >> 1 & m >> 2 & m >> 3 & m >> 4 for m in h.masks]
    starts = runs[0] | runs[1] | runs[2] | runs[3]
    while starts:
        j = (starts & -starts).bit_length() - 1
        starts &= starts - 1
        key = j + 4
        for si in range(4):
            if runs[si] >> j & 1:
                cards = [FACES[((14 if v == 1 else v) - 2) * 4 + si]
                         for v in range(key - 4, key + 1)]
                if key == 5:
                    cards.append(cards.pop(0))
                make(Kind.STRAIGHT_FLUSH, key, 5, tuple(cards), _SF_BASE + key, _SUITS[si])
                break
    if nc[_BJ] == 2 and nc[_RJ] == 2:
        make(Kind.JOKER_BOMB, None, 4, (*by_rank[_BJ], *by_rank[_RJ]), _JOKER_POWER)
    out.sort(key=_weakest_first)
    return out


def _pair_options(h: _Hand) -> list[tuple[tuple[int, ...], int, int]]:
    """Ranks the ways to make a full house's pair, cheapest first: (cost, rank, naturals)."""
    nc, w = h.nc, h.w
    opts: list[tuple[tuple[int, ...], int, int]] = []
    for p in range(2, 15):
        n = nc[p]
        if not n:
            continue
        j = 2 if n >= 2 else 1
        wilds = 2 - j
        if wilds > w:
            continue
        broken = 1 if n >= 4 and n - j < 4 else 0
        opts.append(((wilds + broken, wilds, 1 if j < n else 0, h.srow[p]), p, j))
    for p in (_BJ, _RJ):
        if nc[p] == 2:
            opts.append(((0, 0, 0, h.srow[p]), p, 2))
    if w == 2:
        opts.append(((2, 2, 0, 99), _FREE, 0))
    opts.sort()
    return opts


# The groups a hand index keeps its plays in: one per normal form (in the order ``_classes``
# yields them) and one for every bomb, whose powers lie above every normal form's (§05.1).
_BOMBS = Kind.BOMB
_GROUPS = (*_SET_KINDS, Kind.FULL_HOUSE, Kind.STRAIGHT, Kind.TUBE, Kind.PLATE)
_GROUP_OF = {**{k: k for k in _GROUPS}, Kind.BOMB: _BOMBS, Kind.STRAIGHT_FLUSH: _BOMBS,
             Kind.JOKER_BOMB: _BOMBS}
# A group's plays stronger than its floor (a power), weakest first, and their powers.
Group = tuple[list[Combo], list[int], int]


def _keeps_bombs(h: _Hand, gone: list[Card]) -> bool:
    """Tells whether the hand's bombs stay the same plays once ``gone`` leaves it.

    Each rank bomb depends only on its rank's cards and the wilds, each straight flush only on
    the wilds and the ranks its suit holds in its five ranks, the four jokers on the jokers
    (``_classes_on``, ``_build``). So the bombs stay when no wild or joker leaves, and each card
    that leaves is of a rank that made no bomb even with every wild, and of a suit that made no
    straight flush, even with every wild, through any five ranks holding it (the ace counts
    high and low): both stay out of reach with fewer cards.
    """
    w, nc, masks, wi = h.w, h.nc, h.masks, h.wild.index
    for c in gone:
        i = c.index
        if i == wi or i >= 52:
            return False
        v = (i >> 2) + 2
        if nc[v] + w >= 4:
            return False
        m = masks[i & 3]
        for key in range(max(5, v), min(14, v + 4) + 1):
            if (m & 0b11111 << (key - 4)).bit_count() + w >= 5:
                return False
        if v == 14 and (m & 0b111110).bit_count() + w >= 5:
            return False
    return True


class HandPlays:
    """Reads a hand's plays once and answers any table by filtering them (§04, §05, §06.2).

    ``hints(table)`` and ``legal_plays(table)`` give exactly what ``hints(hand, table, level)``
    and ``legal_plays(hand, table, level)`` give, in the same order and with the same errors.
    Each form's plays (and the bombs) are read the first time a table asks for them, at about
    the cost of one call of those functions, and kept: a later table of that form as strong or
    stronger (the rest of a trick) only cuts them at its power; a weaker one reads them again.
    A free lead reads every form at once.
    ``without(cards)`` gives the index of the hand those cards have left, read afresh when
    first asked but for the bombs, kept when the cards that left cannot have changed them.

    >>> plays = HandPlays("8C 8D 8S 8H 9S 9D", "2")
    >>> [str(p) for p in plays.hints(Combo.of("7C 7D", "2"))]
    ['8♣ 8♦', '9♦ 9♠', '8♣ 8♦ 8♥ 8♠']
    >>> [str(p) for p in plays.without("8H 8S").hints(Combo.of("8C 8D", "2"))]
    ['9♦ 9♠']
    """

    __slots__ = ("_groups", "_hand", "_indices", "_leads", "_level")

    def __init__(self, hand: CardsLike, level: Rank | str) -> None:
        cards = to_cards(hand)
        indices = _counted(cards)  # §02.2: at most two of each face
        self._start(indices, as_level(level))

    def _start(self, indices: list[int], level: Rank) -> None:
        self._indices = indices
        self._level = level
        self._hand: _Hand | None = None
        # Index 0 holds the hints, index 1 the legal plays.
        self._leads: list[list[Combo] | None] = [None, None]
        self._groups: tuple[dict[Kind, Group], dict[Kind, Group]] = ({}, {})

    @property
    def cards(self) -> tuple[Card, ...]:
        """Returns the hand's cards in index order."""
        return tuple(FACES[i] for i in self._indices)

    @property
    def level(self) -> Rank:
        """Returns the active level the plays are read at."""
        return self._level

    def __len__(self) -> int:
        return len(self._indices)

    def __repr__(self) -> str:
        codes = " ".join(FACES[i].code for i in self._indices)
        return f"HandPlays('{codes}', '{self._level.value}')"

    def hints(self, table: Combo | None) -> list[Combo]:
        """Lists one play per class that may go on ``table``, as ``hints`` does."""
        return self._answer(table, 0)

    def legal_plays(self, table: Combo | None) -> list[Combo]:
        """Lists every distinct play that may go on ``table``, as ``legal_plays`` does."""
        return self._answer(table, 1)

    def without(self, cards: CardsLike | Combo) -> HandPlays:
        """Returns the index of the hand once ``cards`` (or a play's cards) have left it.

        Raises ``IllegalPlayError`` when the hand does not hold them all, changing nothing.
        """
        cs = list(cards.cards) if isinstance(cards, Combo) else to_cards(cards)
        rest = self._indices.copy()
        missing = []
        for c in cs:
            i = bisect_left(rest, c.index)
            if i < len(rest) and rest[i] == c.index:
                del rest[i]
            else:
                missing.append(c)
        if missing:
            raise IllegalPlayError(Reason.of(
                "moves.not_held", "§02.3", missing=format_cards(sorted(missing, key=_INDEX)),
                hand=format_cards(self.cards) or "-"))
        other = _new(HandPlays)
        other._start(rest, self._level)
        h = self._hand
        if h is not None and _keeps_bombs(h, cs):
            for which in (0, 1):
                group = self._groups[which].get(_BOMBS)
                lead = self._leads[which]
                if group is None and lead is not None:
                    # The bombs close a free lead's list: their powers top every normal form's.
                    i = len(lead)
                    while i and lead[i - 1].is_bomb:
                        i -= 1
                    group = (lead[i:], [p.power for p in lead[i:]], -1)
                if group is not None:
                    other._groups[which][_BOMBS] = group
        return other

    def offered(self, play: Combo, table: Combo | None) -> bool:
        """Tells whether ``play`` is, as an object, one this index has answered ``table`` with
        (and would again): a way for its owner to know a play is legal without reading it."""
        if table is None:
            return any(p is play for lead in self._leads if lead is not None for p in lead)
        if play.power <= table.power or table.level is not self._level:
            return False
        key = _GROUP_OF[play.kind]
        if key is not _BOMBS and (table.tier != 0 or key is not table.kind):
            return False
        for groups in self._groups:
            group = groups.get(key)
            if group is not None:
                plays, powers, _ = group
                i = bisect_left(powers, play.power)
                while i < len(plays) and powers[i] == play.power:
                    if plays[i] is play:
                        return True
                    i += 1
        return False

    def _read(self) -> _Hand:
        h = self._hand
        if h is None:
            h = self._hand = _Hand([], self._level, self._indices)
        return h

    def _answer(self, table: Combo | None, which: int) -> list[Combo]:
        """Answers ``table`` from the hints (``which`` 0) or the legal plays (1)."""
        check_table(table)
        if table is None:
            lead = self._leads[which]
            if lead is None:
                lead = self._leads[which] = self._lead(which)
            return lead.copy()
        lv = self._level
        if table.level is not lv:
            raise IllegalPlayError(Reason.of("compare.levels_differ", "§02.7", play=lv.value,
                                             table=table.level.value))
        tpower = table.power
        groups = self._groups[which]
        group = groups.get(_BOMBS)
        if group is None or tpower < group[2]:
            group = self._group(which, _BOMBS, tpower)
        out = group[0][bisect_right(group[1], tpower):]
        if table.tier == 0:
            kind = table.kind
            group = groups.get(kind)
            if group is None or tpower < group[2]:
                group = self._group(which, kind, tpower)
            out = group[0][bisect_right(group[1], tpower):] + out
        return out

    def _lead(self, which: int) -> list[Combo]:
        """Reads every play of the hand on a free lead (the hints or the legal plays)."""
        h = self._read()
        if which:
            return _plays_of(h, _classes_on(h, None, -1, True, True, True))
        if h.w:
            return _hints_of(h, _classes_on(h, None, -1, True, True, False), True)
        return _natural_lead_hints(h)

    def _group(self, which: int, key: Kind, floor: int) -> Group:
        """Reads one group's plays (a normal form's, or every bomb) stronger than ``floor``."""
        groups = self._groups[which]
        lead = self._leads[which]
        if lead is not None:
            # A free lead was read already: its plays, kept in order, fill every group.
            split: dict[Kind, list[Combo]] = {k: [] for k in (*_GROUPS, _BOMBS)}
            for p in lead:
                split[_GROUP_OF[p.kind]].append(p)
            for k, ps in split.items():
                groups[k] = (ps, [p.power for p in ps], -1)
            return groups[key]
        h = self._read()
        normals = key is not _BOMBS
        classes = _classes_on(h, key, floor, normals, not normals, which == 1)
        plays = (_plays_of(h, classes) if which
                 else _hints_of(h, classes, key is Kind.FULL_HOUSE))
        group = groups[key] = (plays, [p.power for p in plays], floor)
        return group


def exact_plays(hand: CardsLike, table: Combo | None, level: Rank | str) -> list[Combo]:
    """Lists every play the hand can make on ``table``, told apart by its exact cards.

    ``legal_plays`` gives one play per count of natural cards of each rank; here each of those
    comes once per distinct choice of suits among the hand's cards of each rank (five natural
    cards of one suit stay out of straights, §04.2). Plays come weakest first.

    >>> [str(p) for p in exact_plays("8C 8D 9S", None, "2")]
    ['8♣', '8♦', '8♣ 8♦', '9♠']
    """
    cards = to_cards(hand)
    lv = as_level(level)
    out: list[Combo] = []
    for play in legal_plays(cards, table, lv):
        out.append(play)
        if play.suit is None:
            for variant in suit_variants(cards, play):
                out.append(_reading_of(variant, play))
    return out


def suit_variants(hand: list[Card], play: Combo) -> Iterator[tuple[Card, ...]]:
    """Yields the other card choices for ``play`` from ``hand``: same ranks, other suits.

    Each choice comes once, its natural cards in index order and the wild hearts last, as a
    ``Combo`` holds them. Straight flushes have no other choice (their suit is their reading).
    """
    wild = FACES[(play.level.natural - 2) * 4 + 2]
    wilds = [c for c in play.cards if c is wild]
    need: dict[Rank, int] = {}
    for c in play.cards:
        if c is not wild:
            need[c.rank] = need.get(c.rank, 0) + 1
    by_rank: dict[Rank, list[Card]] = {}
    for c in hand:
        if c is not wild and c.rank in need:
            by_rank.setdefault(c.rank, []).append(c)
    options = []
    for r, k in need.items():
        pool = sorted(by_rank[r], key=_INDEX)
        options.append(sorted(set(combinations(pool, k)), key=lambda t: [c.index for c in t]))
    if all(len(o) == 1 for o in options):
        return
    original = tuple(sorted((c for c in play.cards if c is not wild), key=_INDEX))
    straight = play.kind is Kind.STRAIGHT and not wilds
    for choice in product(*options):
        naturals = tuple(sorted((c for part in choice for c in part), key=_INDEX))
        if naturals == original:
            continue
        if straight and len({c.suit for c in naturals}) == 1:
            continue  # five natural cards of one suit are a straight flush (§04.2)
        yield naturals + tuple(wilds)


def _reading_of(cards: tuple[Card, ...], play: Combo) -> Combo:
    """Returns the reading of ``cards`` that reads them as ``play`` reads its own cards."""
    ranks = sorted(c.rank.natural for c in play.wilds)
    for r in classify(cards, play.level):
        if (r.kind is play.kind and r.rank is play.rank and r.suit is play.suit
                and sorted(c.rank.natural for c in r.wilds) == ranks):
            return r
    raise AssertionError(f"no reading of {cards} as {play!r}")  # pragma: no cover
