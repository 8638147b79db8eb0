"""Combinations and bombs: every legal reading of a set of cards (§04, §05)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from .cards import (
    FACES,
    STRENGTH,
    Card,
    CardsLike,
    Rank,
    Suit,
    as_level,
    as_rank,
    check_counts,
    excerpt,
    format_cards,
    to_cards,
)
from .errors import NotationError
from .messages import say


class Kind(StrEnum):
    """The form of a play; its value is the name used in data files."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    FULL_HOUSE = "full_house"
    STRAIGHT = "straight"
    TUBE = "tube"
    PLATE = "plate"
    BOMB = "bomb"
    STRAIGHT_FLUSH = "straight_flush"
    JOKER_BOMB = "joker_bomb"

    @property
    def is_bomb(self) -> bool:
        """Tells whether this form is a bomb (§05)."""
        return self in _BOMB_KINDS

    @property
    def is_sequence(self) -> bool:
        """Tells whether ranks take their natural place in this form (§03.6)."""
        return self in _SEQUENCE_KINDS


_BOMB_KINDS = frozenset({Kind.BOMB, Kind.STRAIGHT_FLUSH, Kind.JOKER_BOMB})
_SEQUENCE_KINDS = frozenset({Kind.STRAIGHT, Kind.TUBE, Kind.PLATE, Kind.STRAIGHT_FLUSH})
#: The fixed number of cards of each normal form and of the straight flush (§04.1, §05.2).
FORM_SIZE = {Kind.SINGLE: 1, Kind.PAIR: 2, Kind.TRIPLE: 3, Kind.FULL_HOUSE: 5,
             Kind.STRAIGHT: 5, Kind.TUBE: 6, Kind.PLATE: 6, Kind.STRAIGHT_FLUSH: 5,
             Kind.JOKER_BOMB: 4}
#: The bomb ladder (§05.2): tier of each bomb; a higher tier always wins.
STRAIGHT_FLUSH_TIER = 55
JOKER_BOMB_TIER = 110


def bomb_tier(kind: Kind, size: int) -> int:
    """Returns a bomb's place on the ladder (§05.2): size first, straight flush between 5 and 6.

    >>> bomb_tier(Kind.BOMB, 5) < bomb_tier(Kind.STRAIGHT_FLUSH, 5) < bomb_tier(Kind.BOMB, 6)
    True
    """
    if type(kind) is not Kind:
        kind = as_kind(kind)
    if type(size) is not int:
        raise NotationError(say("notation.bad_size", value=excerpt(repr(size))))
    if kind is Kind.STRAIGHT_FLUSH:
        return STRAIGHT_FLUSH_TIER
    if kind is Kind.JOKER_BOMB:
        return JOKER_BOMB_TIER
    return size * 10


@dataclass(frozen=True, slots=True)
class Combo:
    """One reading of a play: its form, keying rank, size, cards and wild declarations.

    ``cards`` come in natural order with the wild hearts last. ``rank`` keys the comparison:
    the set's rank, a full house's triple, a sequence's highest
    natural rank (A-2-3-4-5 is keyed 5); it is ``None`` for the four jokers. ``wilds`` lists
    what each wild heart in ``cards`` stands for, in the order the wilds appear in ``cards``.

    >>> classify("8C 8D 8S 7H", "7")[0]
    Combo.of('8C 8D 8S 7H', '7', kind='bomb', rank='8', wilds='8H')
    """

    kind: Kind
    rank: Rank | None
    size: int
    cards: tuple[Card, ...]
    level: Rank
    wilds: tuple[Card, ...] = ()
    suit: Suit | None = None
    power: int = field(default=0, compare=False)

    @classmethod
    def of(cls, cards: CardsLike, level: Rank | str, *, kind: Kind | str | None = None,
           rank: Rank | str | None = None, wilds: CardsLike | None = None) -> Combo:
        """Returns the reading of ``cards`` that matches the filters (the strongest by default).

        Raises ``IllegalPlayError`` when no reading matches.
        """
        from .errors import IllegalPlayError

        cs = to_cards(cards)
        readings = classify(cs, level)
        chosen = select_reading(readings, kind=kind, rank=rank, wilds=wilds)
        if chosen is None:
            if not readings:
                raise IllegalPlayError(say("combo.none", cards=format_cards(cs)), clause="§04.1")
            raise IllegalPlayError(say("combo.no_such_reading", cards=format_cards(cs)),
                                   clause="§03.4")
        return chosen

    @property
    def is_bomb(self) -> bool:
        """Tells whether this reading is a bomb (§05)."""
        return self.kind in _BOMB_KINDS

    @property
    def tier(self) -> int:
        """Returns the bomb-ladder tier (0 for normal forms)."""
        return bomb_tier(self.kind, self.size) if self.kind in _BOMB_KINDS else 0

    @property
    def wild_count(self) -> int:
        """Returns how many wild hearts the play spends."""
        return len(self.wilds)

    @property
    def classes(self) -> tuple[Kind, Rank | None, int]:
        """Returns the class of the play: kind, keying rank and size."""
        return (self.kind, self.rank, self.size)

    def sort_key(self) -> tuple[int, int]:
        """Returns a key that orders plays weakest first (bombs after every normal form)."""
        return (self.tier, self.power)

    def describe(self) -> str:
        """Returns a plain description such as "a 4-card bomb of 8s"."""
        from .judge import describe

        return describe(self)

    def __str__(self) -> str:
        text = format_cards(self.cards)
        if self.wilds:
            text += " [" + ", ".join(f"{w}→{d}" for w, d in
                                     zip(self.wild_cards, self.wilds, strict=True)) + "]"
        return text

    @property
    def wild_cards(self) -> tuple[Card, ...]:
        """Returns the wild hearts among the cards."""
        wild = FACES[(self.level.natural - 2) * 4 + 2]
        return tuple(c for c in self.cards if c is wild)

    def __repr__(self) -> str:
        args = f"'{' '.join(c.code for c in self.cards)}', '{self.level.value}'"
        args += f", kind='{self.kind.value}'"
        if self.rank is not None:
            args += f", rank='{self.rank.value}'"
        if self.wilds:
            args += f", wilds='{' '.join(c.code for c in self.wilds)}'"
        return f"Combo.of({args})"

    def _repr_svg_(self) -> str:
        """Draws the play in a notebook, wild hearts badged (see ``render.combo_svg``)."""
        from .render import combo_svg

        return combo_svg(self, caption=True)


def as_kind(kind: Kind | str) -> Kind:
    """Reads a form such as ``"pair"`` or a ``Kind``; raises ``NotationError`` otherwise."""
    if isinstance(kind, Kind):
        return kind
    if isinstance(kind, str) and kind.strip().lower() in Kind._value2member_map_:
        return Kind(kind.strip().lower())
    raise NotationError(say("notation.bad_kind", kind=excerpt(str(kind)),
                            kinds=", ".join(k.value for k in Kind)))


def check_table(table: object, *, optional: bool = True) -> None:
    """Raises ``NotationError`` unless ``table`` is a ``Combo`` (or ``None`` when optional)."""
    if not isinstance(table, Combo) and not (optional and table is None):
        raise NotationError(say("notation.not_combo", value=excerpt(repr(table))))


def select_reading(readings: list[Combo], *, kind: Kind | str | None = None,
                   rank: Rank | str | None = None,
                   wilds: CardsLike | None = None) -> Combo | None:
    """Returns the first (strongest) reading that matches the kind, rank and wilds given."""
    k = None if kind is None else as_kind(kind)
    r = None if rank is None else as_rank(rank)
    if wilds is not None:
        readings = declared_readings(readings, to_cards(wilds))
    for c in readings:
        if k is not None and c.kind is not k:
            continue
        if r is not None and c.rank is not r:
            continue
        return c
    return None


def declared_readings(readings: list[Combo], wilds: list[Card]) -> list[Combo]:
    """Keeps the readings whose wild hearts stand for ``wilds`` (§03.4).

    An exact match wins; otherwise, outside straight flushes, the declared ranks decide, since
    suits never matter there (§03.2) unless they would make five cards of one suit (§04.2).

    >>> [c.kind.value for c in declared_readings(classify("8C 8D 8S 7H", "7"), [Card("8S")])]
    ['bomb']
    """
    key = sorted(wilds)
    exact = [r for r in readings if sorted(r.wilds) == key]
    if exact:
        return exact
    ranks = sorted(c.rank.natural for c in wilds)
    out = []
    for r in readings:
        if r.kind is Kind.STRAIGHT_FLUSH or sorted(c.rank.natural for c in r.wilds) != ranks:
            continue
        if r.kind is Kind.STRAIGHT:
            wild = FACES[(r.level.natural - 2) * 4 + 2]
            suits = {c.suit for c in r.cards if c is not wild} | {c.suit for c in wilds}
            if len(suits) == 1:
                continue
        out.append(r)
    return out


# Natural values used internally: 2..14 for 2..A, 15 black joker, 16 red joker; in sequences the
# ace may also take the value 1.
_BJ, _RJ = 15, 16


def _face(value: int, suit: Suit) -> Card:
    return FACES[((14 if value == 1 else value) - 2) * 4 + suit.index]


def declare_wilds(values: Iterable[int], naturals: list[Card],
                  suit: Suit | None = None) -> list[Card]:
    """Chooses the card each wild stands for: a given suit, or one still free in two decks.

    ``values`` are natural rank values (1 is a low ace); hearts come first, then spades,
    diamonds and clubs.
    """
    if suit is not None:
        return [_face(v, suit) for v in values]
    out: list[Card] = []
    for v in values:
        base = ((14 if v == 1 else v) - 2) * 4
        choice = FACES[base + 2]
        for si in (2, 3, 1, 0):  # hearts, spades, diamonds, clubs
            card = FACES[base + si]
            if naturals.count(card) + out.count(card) < 2:
                choice = card
                break
        out.append(choice)
    return out


def classify(cards: CardsLike, level: Rank | str) -> list[Combo]:
    """Returns every legal reading of the cards at ``level``, strongest first; ``[]`` for none.

    >>> [c.kind.value for c in classify("3C 4C 5C 6C 7H", "7")]
    ['straight_flush', 'straight_flush', 'straight', 'straight']
    >>> classify("KC AD 2S 3H 4D", "9")
    []
    """
    cs = to_cards(cards)
    lv = as_level(level)
    n = len(cs)
    if n == 0:
        return []
    if n > 2:
        check_counts(cs)
    if n > 10:
        return []
    wild = FACES[(lv.natural - 2) * 4 + 2]
    naturals = [c for c in cs if c is not wild]
    w = n - len(naturals)
    out = _readings(cs, naturals, w, lv)
    if len(out) > 1:
        out.sort(key=lambda c: (c.tier, c.power), reverse=True)
    return out


def _make(kind: Kind, rank_value: int | None, cards: list[Card], lv: Rank,
          declared: list[Card], power: int, suit: Suit | None = None) -> Combo:
    rank = None if rank_value is None else Rank.from_natural(rank_value)
    tier = bomb_tier(kind, len(cards)) if kind in _BOMB_KINDS else 0
    wild = FACES[(lv.natural - 2) * 4 + 2]
    ordered = tuple(sorted(cards, key=lambda c: (c is wild, c.index)))
    return Combo(kind, rank, len(cards), ordered, lv, tuple(declared), suit,
                 tier * 100 + power if tier else power)


def _readings(cs: list[Card], naturals: list[Card], w: int, lv: Rank) -> list[Combo]:
    n = len(cs)
    srow = STRENGTH[lv.natural]
    lvv = lv.natural
    # Count natural cards by rank value.
    cnt = [0] * 17
    for c in naturals:
        cnt[c.rank.natural] += 1
    present = [v for v in range(2, 17) if cnt[v]]
    out: list[Combo] = []

    # Sets of one rank: single, pair, triple, rank bombs (§04.1, §05.1, §03.5).
    if not present:
        # Only wilds: one is a level card, two are a pair of level cards (§03.5).
        out.append(_make(Kind.SINGLE if n == 1 else Kind.PAIR, lvv, cs, lv,
                         [FACES[(lvv - 2) * 4 + 2]] * n, srow[lvv]))
        return out
    if len(present) == 1:
        v = present[0]
        if v >= _BJ:
            if w == 0 and n <= 2:
                out.append(_make(Kind.SINGLE if n == 1 else Kind.PAIR, v, cs, lv, [],
                                 srow[v]))
        else:
            declared = declare_wilds([v] * w, naturals)
            if n <= 3:
                out.append(_make((Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)[n - 1], v, cs, lv,
                                 declared, srow[v]))
            else:
                out.append(_make(Kind.BOMB, v, cs, lv, declared, srow[v]))
    if n == 4 and w == 0 and cnt[_BJ] == 2 and cnt[_RJ] == 2:
        out.append(_make(Kind.JOKER_BOMB, None, cs, lv, [], 0))
    elif n == 5:
        _full_houses(cs, naturals, w, lv, cnt, present, out)
        _straights(cs, naturals, w, lv, cnt, present, out)
    elif n == 6:
        _sequences(cs, naturals, w, lv, cnt, present, out, Kind.TUBE, 3, 2)
        _sequences(cs, naturals, w, lv, cnt, present, out, Kind.PLATE, 2, 3)
    return out


def _full_houses(cs: list[Card], naturals: list[Card], w: int, lv: Rank, cnt: list[int],
                 present: list[int], out: list[Combo]) -> None:
    """Adds full-house readings: a triple and a pair of different ranks (§04.1, §04.7, §04.9)."""
    srow = STRENGTH[lv.natural]
    if len(present) == 2:
        for t, p in ((present[0], present[1]), (present[1], present[0])):
            if t >= _BJ or cnt[t] > 3 or cnt[p] > 2:
                continue
            if p >= _BJ and cnt[p] != 2:
                continue
            declared = declare_wilds([t] * (3 - cnt[t]) + [p] * (2 - cnt[p]), naturals)
            out.append(_make(Kind.FULL_HOUSE, t, cs, lv, declared, srow[t]))
    elif len(present) == 1 and w == 2 and cnt[present[0]] == 3 and present[0] < _BJ:
        t = present[0]
        # Two wilds make the pair: they stand for level cards, or aces when the triple is the
        # level rank (the pair's rank never matters, §04.4).
        p = lv.natural if lv.natural != t else (14 if t != 14 else 13)
        out.append(_make(Kind.FULL_HOUSE, t, cs, lv, declare_wilds([p, p], naturals), srow[t]))


def _straights(cs: list[Card], naturals: list[Card], w: int, lv: Rank, cnt: list[int],
               present: list[int], out: list[Combo]) -> None:
    """Adds straight and straight-flush readings (§04.1, §04.2, §04.6, §05.2, §03.6–§03.7)."""
    if present[-1] >= _BJ or len(present) != 5 - w:
        return
    suits = {c.suit for c in naturals}
    one_suit = next(iter(suits)) if len(suits) == 1 else None
    for key in _sequence_keys(present, 5):
        missing = [v for v in range(key - 4, key + 1) if not cnt[14 if v == 1 else v]]
        if one_suit is not None:
            out.append(_make(Kind.STRAIGHT_FLUSH, key, cs, lv,
                             declare_wilds(missing, naturals, one_suit), key, one_suit))
            if w == 0:
                continue  # Five natural cards of one suit are only a straight flush (§04.2).
            off = Suit.SPADES if one_suit is Suit.HEARTS else Suit.HEARTS
            out.append(_make(Kind.STRAIGHT, key, cs, lv, declare_wilds(missing, naturals, off),
                             key))
        else:
            out.append(_make(Kind.STRAIGHT, key, cs, lv, declare_wilds(missing, naturals), key))


def _sequence_keys(present: list[int], length: int) -> list[int]:
    """Lists the highest natural ranks of windows of ``length`` ranks holding every rank present.

    The ace may sit low (value 1) or high (value 14); windows never wrap (§04.6).
    """
    if present[-1] == 14:
        rest = present[:-1]
        keys = []
        if not rest or rest[-1] <= length:
            keys.append(length)  # ace low: A-2-…
        if not rest or rest[0] >= 15 - length:
            keys.append(14)  # ace high: …-K-A
        return keys
    return list(range(max(present[-1], length), min(present[0] + length - 1, 14) + 1))


def _sequences(cs: list[Card], naturals: list[Card], w: int, lv: Rank, cnt: list[int],
               present: list[int], out: list[Combo], kind: Kind, length: int,
               width: int) -> None:
    """Adds tube (3 pairs) or plate (2 triples) readings (§04.1, §04.5, §04.6)."""
    if present[-1] >= _BJ:
        return
    for v in present:
        if cnt[v] > width:
            return
    for key in _sequence_keys(present, length):
        missing = []
        for v in range(key - length + 1, key + 1):
            missing += [v] * (width - cnt[14 if v == 1 else v])
        if len(missing) == w:
            out.append(_make(kind, key, cs, lv, declare_wilds(missing, naturals), key))

