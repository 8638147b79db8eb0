"""Combinations and bombs: every legal reading of a set of cards (§04, §05)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from .cards import (
    FACES,
    STRENGTH,
    WILD,
    Card,
    CardsLike,
    Rank,
    Suit,
    as_level,
    as_rank,
    check_counts,
    excerpt,
    format_cards,
    spoken_cards,
    to_cards,
)
from .errors import ArgumentError, IllegalPlayError, NotationError
from .messages import MESSAGES, say
from .reason import Reason


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


def strength_key(combo: Combo) -> tuple[int, int]:
    """Returns a reading's comparison key (tier, strength): the bomb ladder first, then power.

    Normal forms have tier 0 and compare only within their form (§04.3); a bomb's strength
    already counts its tier, so any higher key is a stronger play on the ladder (§05.2).

    >>> strength_key(Combo.of("8C 8D", "7")) < strength_key(Combo.of("3C 3D 3S 3H", "7"))
    True
    """
    return (combo.tier, combo.power)


def bomb_power(tier: int, strength: int) -> int:
    """Returns the power of a bomb of ``tier`` whose keying rank has ``strength`` (§05.2–§05.4).

    >>> bomb_power(bomb_tier(Kind.BOMB, 4), 9) < bomb_power(bomb_tier(Kind.BOMB, 5), 3)
    True
    """
    return tier * 100 + strength


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

        Raises ``IllegalPlayError`` with the reason ``read_play`` gives when no reading matches.

        >>> Combo.of("RJ BJ", "7")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        guandan_learn.errors.IllegalPlayError: RJ BJ: jokers of different colours never ...
        """
        readings, refusal = read_cards(cards, level, kind=kind, rank=rank, wilds=wilds)
        if refusal is not None:
            raise IllegalPlayError(refusal)
        return readings[0]

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
        """Returns a plain description such as "a 4-card bomb of 8s", in the current language."""
        return play_reason(self).text()

    def reason(self) -> Reason:
        """Returns the description of the play as a ``Reason`` (rendered when shown)."""
        return play_reason(self)

    def __str__(self) -> str:
        text = format_cards(self.cards)
        if self.wilds:
            text += " [" + ", ".join(f"{w}→{d}" for w, d in
                                     zip(self.wild_cards, self.wilds, strict=True)) + "]"
        return text

    def spoken(self) -> str:
        """Returns the cards as a sentence says them: jokers by name, and what each wild heart
        stands for in words (``str`` writes the notation, ``[2♥→8♥]``).

        >>> Combo.of("8D 8H 8S 2H", "2", kind="bomb", rank="8", wilds="8H").spoken()
        '8♦ 8♥ 8♠ 2♥ (the 2♥ stands for 8♥)'
        """
        text = spoken_cards(self.cards)
        if not self.wilds:
            return text
        wilds = [say("combo.wild_as", wild=str(w), card=str(d))
                 for w, d in zip(self.wild_cards, self.wilds, strict=True)]
        return say("combo.spoken", cards=text, wilds="; ".join(wilds))

    @property
    def wild_cards(self) -> tuple[Card, ...]:
        """Returns the wild hearts among the cards."""
        wild = WILD[self.level]
        return tuple(c for c in self.cards if c is wild)

    def __repr__(self) -> str:
        args = f"'{' '.join(c.code for c in self.cards)}', '{self.level.value}'"
        args += f", kind='{self.kind.value}'"
        if self.rank is not None:
            args += f", rank='{self.rank.value}'"
        if self.wilds:
            args += f", wilds='{' '.join(c.code for c in self.wilds)}'"
        return f"Combo.of({args})"


def read_cards(cards: CardsLike, level: Rank | str, *, kind: Kind | str | None = None,
               rank: Rank | str | None = None, wilds: CardsLike | None = None,
               ) -> tuple[list[Combo], Reason | None]:
    """Returns the readings of ``cards`` that match the declaration, strongest first, or ``[]``
    and the reason there are none (§03.4, §04.1, and the clause of what went wrong).

    This is the first step of ``judge.read_play``; ``Combo.of`` stops here.

    >>> read_cards("8C 8D", "7")[0]
    [Combo.of('8C 8D', '7', kind='pair', rank='8')]
    >>> read_cards("8C 9D", "7")[1].clause
    '§04.1'
    """
    cs = to_cards(cards)
    if not cs:
        return [], Reason.of("judge.no_cards", "§04.1")
    lv = as_level(level)
    readings = classify(cs, lv)
    if not readings:
        return [], no_combination_reason(cs, lv)
    if kind is not None or rank is not None or wilds is not None:
        k = None if kind is None else as_kind(kind)
        r = None if rank is None else as_declared_rank(rank)
        if wilds is not None:
            readings = declared_readings(readings, to_cards(wilds))
        readings = [c for c in readings
                    if (k is None or c.kind is k) and (r is None or c.rank is r)]
        if not readings:
            return [], Reason.of("combo.no_such_reading", "§03.4", cards=format_cards(cs))
    return readings, None


def no_combination_reason(cards: CardsLike, level: Rank | str) -> Reason:
    """Explains, with a clause, why cards that form no combination are not a play.

    >>> r = no_combination_reason("RJ BJ", "7")
    >>> r.clause, str(r)
    ('§04.7', 'RJ BJ: jokers of different colours never form a pair (§04.7).')
    >>> str(no_combination_reason("5H 5H 6H 6H", "7"))
    '5♥ 5♥ 6♥ 6♥: two pairs in a row are not a tube, which has exactly 3 pairs (§04.1).'
    """
    cs = to_cards(cards)
    lv = as_level(level)
    n = len(cs)
    if not n:
        return Reason.of("judge.no_cards", "§04.1")
    text = format_cards(cs)
    wild = [c for c in cs if c.is_wild(lv)]
    jokers = [c for c in cs if c.is_joker]
    naturals = [c for c in cs if not c.is_joker and c not in wild]
    ranks = {c.rank for c in naturals}
    if jokers and wild and not naturals:
        return Reason.of("why.wild_not_joker", "§03.8", cards=text)
    if len({c.rank for c in jokers}) == 2 and (n == 2 or (n == 5 and len(ranks) <= 1)):
        return Reason.of("why.mixed_jokers", "§04.7", cards=text)  # also as a full house's pair
    if n > 10:
        return Reason.of("why.too_many", "§05.2", cards=text, count=n)
    if jokers and n in (5, 6) and len(ranks) >= 2:
        return Reason.of("why.joker_in_sequence", "§03.7", cards=text)
    counts = Counter(c.rank.natural for c in naturals)
    values = sorted(counts)
    if n == 5 and len(values) + len(wild) == 5 and len(jokers) == 0 and _wraps(values, 5):
        return Reason.of("why.wraps", "§04.6", cards=text)
    if (n == 6 and not jokers and len(values) <= 3 and max(counts.values(), default=0) <= 2
            and _wraps(values, 3)):
        return Reason.of("why.wraps", "§04.6", cards=text)  # a tube such as K-K-A-A-2-2
    if n >= 6 and not jokers and _long_sequence(counts, len(wild)):
        return Reason.of("why.long_straight", "§04.1", cards=text)
    if (n == 4 and not jokers and not wild and sorted(counts.values()) == [2, 2]
            and (values[1] - values[0] == 1 or values == [2, 14])):
        return Reason.of("why.two_pairs", "§04.1", cards=text)  # a tractor's pairs (V9)
    if n == 4:
        return Reason.of("why.four_cards", "§05.1", cards=text)
    if n >= 7:
        return Reason.of("why.big_not_bomb", "§05.1", cards=text)
    return Reason.of("why.none", "§04.1", cards=text)


def _long_sequence(counts: Counter[int], wilds: int) -> bool:
    """Tells whether the cards make a straight, tube or plate longer than §04.1 allows."""
    n = sum(counts.values()) + wilds
    for width, exact in ((1, 5), (2, 3), (3, 2)):
        length, extra = divmod(n, width)
        if extra or length <= exact or max(counts.values(), default=0) > width:
            continue
        for values in (sorted(counts), sorted(1 if v == 14 else v for v in counts)):
            if values and values[-1] - values[0] < length:
                return True
    return False


def _wraps(values: list[int], length: int) -> bool:
    """Tells whether distinct ranks would be consecutive only by wrapping past the ace."""
    if len(values) < 2:
        return False
    shifted = sorted((v - 2 + 4) % 13 for v in values)  # rotate so K, A, 2, 3 sit together
    return shifted[-1] - shifted[0] < length and values[-1] - values[0] >= length


def as_kind(kind: Kind | str) -> Kind:
    """Reads the name of a form such as ``"pair"``; an unknown name is an ``ArgumentError``.

    >>> as_kind("straight_flush")
    <Kind.STRAIGHT_FLUSH: 'straight_flush'>
    """
    if isinstance(kind, Kind):
        return kind
    if isinstance(kind, str) and kind.strip().lower() in Kind._value2member_map_:
        return Kind(kind.strip().lower())
    raise ArgumentError(say("argument.bad_kind", value=excerpt(str(kind)),
                            kinds=", ".join(k.value for k in Kind)))


def as_declared_rank(rank: Rank | str) -> Rank:
    """Reads a declared rank such as ``"8"``, ``"q"`` or ``"RJ"``; an unknown name is an
    ``ArgumentError``.

    >>> as_declared_rank("q")
    <Rank.QUEEN: 'Q'>
    """
    try:
        return as_rank(rank)
    except NotationError:
        raise ArgumentError(say("argument.bad_rank", value=excerpt(str(rank)))) from None



def check_table(table: object, *, optional: bool = True) -> None:
    """Raises ``ArgumentError`` unless ``table`` is a ``Combo`` (or ``None`` when optional)."""
    if not isinstance(table, Combo) and not (optional and table is None):
        raise ArgumentError(say("notation.not_combo", value=excerpt(repr(table))))


def select_reading(readings: list[Combo], *, kind: Kind | str | None = None,
                   rank: Rank | str | None = None,
                   wilds: CardsLike | None = None) -> Combo | None:
    """Returns the first (strongest) reading that matches the kind, rank and wilds given."""
    k = None if kind is None else as_kind(kind)
    r = None if rank is None else as_declared_rank(rank)
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
            wild = WILD[r.level]
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
    wild = WILD[lv]
    naturals = [c for c in cs if c is not wild]
    w = n - len(naturals)
    out = _readings(cs, naturals, w, lv)
    if len(out) > 1:
        out.sort(key=strength_key, reverse=True)
    return out


def _make(kind: Kind, rank_value: int | None, cards: list[Card], lv: Rank,
          declared: list[Card], power: int, suit: Suit | None = None) -> Combo:
    rank = None if rank_value is None else Rank.from_natural(rank_value)
    tier = bomb_tier(kind, len(cards)) if kind in _BOMB_KINDS else 0
    wild = WILD[lv]
    ordered = tuple(sorted(cards, key=lambda c: (c is wild, c.index)))
    return Combo(kind, rank, len(cards), ordered, lv, tuple(declared), suit,
                 bomb_power(tier, power) if tier else power)


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
                         [WILD[lv]] * n, srow[lvv]))
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



# -- Describing a play, as data ---------------------------------------------------------------

_DESCRIBE_KEYS = {Kind.SINGLE: "describe.single", Kind.PAIR: "describe.pair",
                  Kind.TRIPLE: "describe.triple", Kind.FULL_HOUSE: "describe.full_house",
                  Kind.STRAIGHT: "describe.straight", Kind.TUBE: "describe.tube",
                  Kind.PLATE: "describe.plate", Kind.STRAIGHT_FLUSH: "describe.straight_flush"}


def rank_name(rank: Rank, plural: bool = False) -> Reason | str:
    """Returns a rank's name as a reason ("ace", "8s"), rendered in the language of the moment.

    >>> str(rank_name(Rank.ACE)), str(rank_name(Rank.EIGHT, plural=True))
    ('ace', '8s')
    """
    key = ("ranks." if plural else "rank.") + rank.value
    if key in MESSAGES:
        return Reason.of(key)
    return Reason.of("ranks.number", rank=rank.value) if plural else rank.value


def play_reason(combo: Combo) -> Reason:
    """Describes a reading as a ``Reason``: "a pair of 8s", "a 4-card bomb of 8s".

    >>> str(play_reason(classify("2C 3D 4S 5H AC", "9")[0]))
    'a straight up to 5'
    """
    kind = combo.kind
    if kind is Kind.JOKER_BOMB:
        return Reason.of("describe.joker_bomb")
    assert combo.rank is not None
    if kind is Kind.BOMB:
        key = "describe.bomb.8" if combo.size == 8 else "describe.bomb"  # "an 8-card bomb"
        return Reason.of(key, size=combo.size, ranks=rank_name(combo.rank, plural=True))
    if kind is Kind.SINGLE and combo.rank.is_joker:  # said as the card itself in pt and es
        return Reason.of("describe.single_joker", name=rank_name(combo.rank))
    if kind is Kind.SINGLE or kind.is_sequence:
        return Reason.of(_DESCRIBE_KEYS[kind], name=rank_name(combo.rank))
    return Reason.of(_DESCRIBE_KEYS[kind], ranks=rank_name(combo.rank, plural=True))
