"""Cards, ranks, suits and the text notation (§02.2, §03)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum

from .errors import CardCountError, NotationError
from .messages import say
from .reason import Reason


class Suit(StrEnum):
    """A suit; its value is the ASCII letter of the notation."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """Returns the suit symbol (``♣ ♦ ♥ ♠``)."""
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:  # type: ignore[override]  # a suit is a str only by its value
        """Returns the suit's position 0–3 in ``C D H S`` order."""
        return _SUIT_INDEX[self]


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}
SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(StrEnum):
    """A rank; its value is the notation. Jokers are ranks of their own."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    BLACK_JOKER = "BJ"
    RED_JOKER = "RJ"

    @property
    def natural(self) -> int:
        """Returns the natural value: 2–10, J=11, Q=12, K=13, A=14, BJ=15, RJ=16."""
        return _NATURAL[self]

    @property
    def is_joker(self) -> bool:
        """Tells whether this is a joker rank."""
        return self in (Rank.BLACK_JOKER, Rank.RED_JOKER)

    @classmethod
    def from_natural(cls, value: int) -> Rank:
        """Returns the rank of natural value 2–16 (1 also means the ace, played low)."""
        return _BY_NATURAL[14 if value == 1 else value]


_NATURAL = {r: i + 2 for i, r in enumerate(Rank)}
_BY_NATURAL = {v: r for r, v in _NATURAL.items()}
#: The thirteen ranks that have suits, in natural order 2…A.
SUITED_RANKS: tuple[Rank, ...] = tuple(Rank)[:13]
#: The levels teams climb through (§07.4).
LEVELS: tuple[Rank, ...] = SUITED_RANKS

_RANK_TEXT = {r.value: r for r in Rank} | {"T": Rank.TEN}
_SUIT_TEXT = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}


class Card:
    """One of the 54 card faces; instances are shared, so ``is`` and ``==`` agree.

    ``Card("8C")``, ``Card("8♣")`` and ``Card(Rank.EIGHT, Suit.CLUBS)`` are the same card.

    >>> Card("10h")
    Card('10H')
    >>> str(Card("RJ"))
    'RJ'
    """

    __slots__ = ("index", "rank", "suit")
    rank: Rank
    suit: Suit | None
    index: int

    def __new__(cls, rank: Rank | str, suit: Suit | str | None = None) -> Card:
        if suit is None and isinstance(rank, str) and not isinstance(rank, Rank):
            return parse_card(rank)
        try:
            r = rank if isinstance(rank, Rank) else Rank(str(rank).upper())
            s = None if suit is None else (suit if isinstance(suit, Suit) else
                                            _SUIT_TEXT[_suit_key(str(suit))])
        except (ValueError, KeyError):
            s = r = None
        if r is None or r.is_joker != (s is None):
            raise NotationError(say("notation.card_parts", rank=str(rank), suit=str(suit)))
        return _FACES[_face_index(r, s)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit | None, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @property
    def is_joker(self) -> bool:
        """Tells whether the card is a joker."""
        return self.suit is None

    @property
    def code(self) -> str:
        """Returns the ASCII notation, e.g. ``10H`` or ``RJ``."""
        return self.rank.value if self.suit is None else self.rank.value + self.suit.value

    def is_wild(self, level: Rank | str) -> bool:
        """Tells whether this card is a wild heart at ``level`` (§03.3)."""
        return self.suit is Suit.HEARTS and self.rank is as_level(level)

    def __str__(self) -> str:
        # One notation in every language: what is printed reads back through parse_cards.
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


def rank_letter(rank: Rank) -> str:
    """Returns the label drawn on a card face in the learner's language (``Q`` in English,
    Portuguese and Spanish alike, the letters the engine's sentences write).

    Only pictures use it: card text (``str(card)``, ``format_cards``) keeps the notation that
    ``parse_cards`` reads, whatever the language.

    >>> rank_letter(Rank.QUEEN), rank_letter(Rank.TEN)
    ('Q', '10')
    """
    if rank.value in _LETTER_KEYS:
        return say(_LETTER_KEYS[rank.value])
    return rank.value


_LETTER_KEYS = {r: f"card.letter.{r}" for r in ("J", "Q", "K", "A", "BJ", "RJ")}


def _suit_key(text: str) -> str:
    return text.upper() if text.isascii() else text


def _face_index(rank: Rank, suit: Suit | None) -> int:
    if suit is None:
        return 52 if rank is Rank.BLACK_JOKER else 53
    return (rank.natural - 2) * 4 + suit.index


_FACES: list[Card] = [Card._make(r, s, (r.natural - 2) * 4 + s.index)
                      for r in SUITED_RANKS for s in Suit]
_FACES += [Card._make(Rank.BLACK_JOKER, None, 52), Card._make(Rank.RED_JOKER, None, 53)]
#: The 54 faces in index order.
FACES: tuple[Card, ...] = tuple(_FACES)
_TEXT: tuple[str, ...] = tuple(c.rank.value if c.suit is None else c.rank.value + c.suit.symbol
                               for c in FACES)
#: The wild heart of each level (§03.3): the heart of the level rank.
WILD: dict[Rank, Card] = {r: FACES[(r.natural - 2) * 4 + 2] for r in SUITED_RANKS}

_TOKEN = re.compile(r"[^\s,]+")
# ASCII case folding only: otherwise "ſ" would match "s" and "K" (Kelvin) would match "k".
_CARD_RE = re.compile(r"^(10|[2-9TJQKA])([CDHS♣♦♥♠])$", re.IGNORECASE | re.ASCII)
_JOKERS = {"RJ": FACES[53], "BJ": FACES[52]}
_PARSE_CACHE: dict[str, Card] = {}


def excerpt(value: object, limit: int = 24) -> str:
    """Returns text cut to ``limit`` characters with "…": messages quote no more of an input.

    >>> excerpt("8C" * 40)
    '8C8C8C8C8C8C8C8C8C8C8C8C…'
    """
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def parse_card(token: str, position: int = 1) -> Card:
    """Reads one card such as ``8C``, ``10♥``, ``th`` or ``RJ``.

    >>> parse_card("qs")
    Card('QS')
    """
    if not isinstance(token, str):
        raise NotationError(say("notation.not_text", value=excerpt(repr(token))))
    card = _PARSE_CACHE.get(token)
    if card is not None:
        return card
    text = token.strip()
    upper = text.upper()
    if upper in _JOKERS:
        card = _JOKERS[upper]
    else:
        m = _CARD_RE.match(text)
        if m is None:
            raise NotationError(say("notation.bad_token", token=excerpt(token),
                                    position=position))
        card = FACES[(_RANK_TEXT[m.group(1).upper()].natural - 2) * 4
                     + _SUIT_TEXT[_suit_key(m.group(2))].index]
    _PARSE_CACHE[token] = card
    return card


CardsLike = str | Card | Iterable[Card | str]


def parse_cards(text: str) -> list[Card]:
    """Reads cards separated by spaces or commas, in the order written.

    >>> parse_cards("8c, 8♦ RJ")
    [Card('8C'), Card('8D'), Card('RJ')]
    >>> parse_cards("8C 8X")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    guandan_learn.errors.NotationError: Cannot read '8X' (card 2, at character 4): ...
    """
    if not isinstance(text, str):
        raise NotationError(say("notation.not_text", value=excerpt(repr(text))))
    cards = []
    for i, m in enumerate(_TOKEN.finditer(text), start=1):
        token = m.group(0)
        card = _PARSE_CACHE.get(token)
        if card is None:
            try:
                card = parse_card(token, i)
            except NotationError:
                raise NotationError(say("notation.bad_token_at", token=excerpt(token), position=i,
                                        offset=m.start() + 1)) from None
        cards.append(card)
    return cards


def to_cards(cards: CardsLike) -> list[Card]:
    """Accepts text, one card or an iterable of cards or card texts, and returns a card list."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Card):
        return [cards]
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
        raise NotationError(say("notation.not_text", value=excerpt(repr(cards))))
    out = []
    for i, c in enumerate(cards, start=1):
        if isinstance(c, Card):
            out.append(c)
        elif isinstance(c, str):
            out.append(parse_card(c, i))
        else:
            raise NotationError(say("notation.not_card", value=excerpt(repr(c))))
    return out


def check_counts(cards: Iterable[Card]) -> None:
    """Raises ``CardCountError`` when a face appears more than twice (§02.2)."""
    cards = (to_cards(cards) if isinstance(cards, str)
             else cards if isinstance(cards, (list, tuple)) else list(cards))
    counts = [0] * len(FACES)
    try:
        for card in cards:
            counts[card.index] += 1
    except (AttributeError, TypeError):  # not cards yet: read them first
        return check_counts(to_cards(cards))
    if max(counts) > 2:
        card = next(c for c in cards if counts[c.index] > 2)
        raise CardCountError(Reason.of("cards.too_many_copies", "§02.2", card=str(card),
                                       count=counts[card.index]))


def format_cards(cards: CardsLike, sep: str = " ") -> str:
    """Writes cards in the short form with suit symbols, which ``parse_cards`` reads back.

    >>> format_cards("10h qs bj")
    '10♥ Q♠ BJ'
    >>> parse_cards(format_cards("10h qs bj"))
    [Card('10H'), Card('QS'), Card('BJ')]
    """
    if not isinstance(sep, str):
        raise NotationError(say("notation.bad_separator", value=excerpt(repr(sep))))
    return sep.join(str(c) for c in to_cards(cards))


def spoken_card(card: Card, *, article: bool = False) -> str:
    """Writes a card the way a sentence or a screen reader says it: a joker by its name.

    A joker is "black joker" (in a list of cards) or, with ``article``, "the black joker" (in
    a sentence); any other card keeps its short form, which reads aloud as rank and suit.

    >>> spoken_card(Card("BJ")), spoken_card(Card("RJ"), article=True), spoken_card(Card("QS"))
    ('black joker', 'the red joker', 'Q♠')
    """
    if card.is_joker:
        return say(("card.the." if article else "rank.") + card.code)
    return str(card)


def spoken_cards(cards: CardsLike) -> str:
    """Writes cards as ``format_cards`` does, but each joker by its name (``spoken_card``).

    >>> spoken_cards("AH BJ RJ")
    'A♥ black joker red joker'
    """
    return " ".join(spoken_card(c) for c in to_cards(cards))


def deck() -> list[Card]:
    """Returns the 108-card Guandan deck: two copies of each of the 54 faces (§02.2).

    >>> len(deck()), len(set(deck()))
    (108, 54)
    """
    return [face for face in FACES for _ in range(2)]


_LEVEL_TEXT = {r.value: r for r in SUITED_RANKS} | {"T": Rank.TEN}


def as_level(level: Rank | str) -> Rank:
    """Reads a level: ``"2"``…``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"`` or a ``Rank``.

    >>> as_level("q")
    <Rank.QUEEN: 'Q'>
    """
    if isinstance(level, Rank):
        if level.is_joker:
            raise NotationError(say("notation.bad_level", level=level.value))
        return level
    if isinstance(level, int) and not isinstance(level, bool) and 2 <= level <= 14:
        return Rank.from_natural(level)
    r = _LEVEL_TEXT.get(level.strip().upper()) if isinstance(level, str) else None
    if r is None:
        raise NotationError(say("notation.bad_level", level=excerpt(str(level))))
    return r


def strength(rank: Rank, level: Rank | str) -> int:
    """Returns the strength of a rank in singles and sets at ``level`` (§03.1).

    The level rank sits above the ace and below the jokers.

    >>> strength(Rank.SEVEN, "7") > strength(Rank.ACE, "7") > strength(Rank.EIGHT, "7")
    True
    """
    return STRENGTH[as_level(level).natural][as_rank(rank).natural]


def as_rank(rank: Rank | str) -> Rank:
    """Reads a rank: ``"2"``…``"10"``, ``"T"``, ``"J"``…``"A"``, ``"BJ"``, ``"RJ"`` or a ``Rank``.

    >>> as_rank("t")
    <Rank.TEN: '10'>
    """
    if isinstance(rank, Rank):
        return rank
    r = _RANK_TEXT.get(rank.strip().upper()) if isinstance(rank, str) else None
    if r is None:
        raise NotationError(say("notation.bad_rank", rank=excerpt(str(rank))))
    return r


def _strength_table() -> dict[int, list[int]]:
    table: dict[int, list[int]] = {}
    for lv in range(2, 15):
        row = [0] * 17
        for v in range(2, 15):
            row[v] = 15 if v == lv else v
        row[15], row[16] = 16, 17
        table[lv] = row
    return table


#: ``STRENGTH[level][natural]`` for every level 2–14 and natural value 2–16.
STRENGTH = _strength_table()


def rank_order(level: Rank | str) -> list[Rank]:
    """Lists the ranks from weakest to strongest at ``level`` (§03.1).

    >>> " ".join(r.value for r in rank_order("7"))
    '2 3 4 5 6 8 9 10 J Q K A 7 BJ RJ'
    """
    lv = as_level(level)
    return sorted(Rank, key=lambda r: STRENGTH[lv.natural][r.natural])


def sort_cards(cards: CardsLike, level: Rank | str | None = None) -> list[Card]:
    """Sorts cards weakest first: by strength at ``level``, or naturally without one."""
    cs = to_cards(cards)
    if level is None:
        return sorted(cs, key=lambda c: c.index)
    row = STRENGTH[as_level(level).natural]
    return sorted(cs, key=lambda c: (row[c.rank.natural], c.index))


def wild_card(level: Rank | str) -> Card:
    """Returns the wild heart at ``level`` (§03.3).

    >>> wild_card("7")
    Card('7H')
    """
    return WILD[as_level(level)]
