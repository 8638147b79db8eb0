"""Forgiving readers for answers and setup fields: card text, yes/no, seats, levels, readings.

Every reader takes whatever a teacher wrote in YAML or a learner typed (text, numbers, lists)
and returns an engine value, or raises ``FieldError`` with a sentence that says what to write.

>>> read_yes_no("Yes"), read_seat("seat 2"), read_reading("a 4-card bomb of 8s")
(True, 2, Reading(kind=<Kind.BOMB: 'bomb'>, rank=<Rank.EIGHT: '8'>))
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Rank, as_level, check_counts, parse_cards, to_cards
from ..combo import Kind
from ..errors import GuandanError
from ..messages import MESSAGES, say, seat_text
from .explain import error_reason
from .model import FieldError

_SPLIT = re.compile(r"[\s,;/]+")


def _words(key: str) -> set[str]:
    """Returns the accepted words of a message that lists them, in English and translated."""
    return {w.strip() for text in (MESSAGES[key], say(key)) for w in text.lower().split("|")}


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_yes_no(value: object, field: str = "answer") -> bool:
    """Reads yes or no: ``True``/``False``, "yes", "y", "no", "legal", "illegal"…

    >>> read_yes_no("no"), read_yes_no(True)
    (False, True)
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower().rstrip(".!")
        if text in _words("exercise.words.yes"):
            return True
        if text in _words("exercise.words.no"):
            return False
    raise FieldError(field, say("exercise.answer.yes_no", value=_shown(value)))


def _is_nobody(value: object) -> bool:
    if value is None or value is False:
        return True
    if isinstance(value, str):
        text = value.strip().lower().rstrip(".!")
        return text in _words("exercise.words.nobody") or text == ""
    return False


def _seat_names() -> dict[str, str]:
    """Returns each seat's name, in English and in the learner's language, → its digit."""
    names = {MESSAGES[f"seat.{i}"].lower(): str(i) for i in range(4)}
    names.update({seat_text(i).lower(): str(i) for i in range(4)})
    return names


def read_seat(value: object, field: str = "answer", *, nobody: bool = False) -> int | None:
    """Reads a seat 0–3 from ``2``, "2", "seat 2" or its name, "North"; with ``nobody``, also
    "nobody" → ``None``.

    >>> read_seat(3), read_seat("North"), read_seat("nobody", nobody=True)
    (3, 2, None)
    """
    if nobody and _is_nobody(value):
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    if isinstance(value, str):
        names = _seat_names()
        words = [names.get(w, w) for w in _SPLIT.split(value.strip().lower())]
        digits = [w for w in words if w.isdigit()]
        rest = [w for w in words
                if w and not w.isdigit() and w not in _words("exercise.words.seat")]
        if len(digits) == 1 and not rest and int(digits[0]) in (0, 1, 2, 3):
            return int(digits[0])
    key = "exercise.answer.seat_or_nobody" if nobody else "exercise.answer.seat"
    raise FieldError(field, say(key, value=_shown(value)))


def read_team(value: object, field: str = "answer", *, nobody: bool = True) -> int | None:
    """Reads a team 0 or 1 from ``1``, "1" or "team 1"; "nobody"/"none" → ``None``.

    >>> read_team("team 1"), read_team("none")
    (1, None)
    """
    if nobody and _is_nobody(value):
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    if isinstance(value, str):
        words = [w for w in _SPLIT.split(value.strip().lower()) if w]
        words = [w for w in words if w not in _words("exercise.words.team")]
        if len(words) == 1 and words[0] in ("0", "1"):
            return int(words[0])
    key = "exercise.answer.team" if nobody else "exercise.answer.team_only"
    raise FieldError(field, say(key, value=_shown(value)))


def read_level(value: object, field: str = "answer") -> Rank:
    """Reads a level: ``7``, "7", "J", "level 10"…

    >>> read_level("level q")
    <Rank.QUEEN: 'Q'>
    """
    if isinstance(value, str):
        words = [w for w in _SPLIT.split(value.strip()) if w]
        words = [w for w in words if w.lower() not in _words("exercise.words.level")]
        value = words[0] if len(words) == 1 else value
    try:
        if isinstance(value, bool) or not isinstance(value, (int, str, Rank)):
            raise GuandanError(say("notation.bad_level", level=_shown(value)))
        return as_level(str(value) if isinstance(value, int) else value)
    except GuandanError as err:
        raise FieldError(field, *error_reason(err)) from None


def read_cards(value: object, field: str = "answer", *, empty: bool = False) -> list[Card]:
    """Reads cards from text ("8C 8D", "8♣,8♦") or a list of card texts.

    ``"-"`` or ``""`` mean no cards, which only ``empty=True`` allows. More than two copies of a
    card is an error (§02.2).

    >>> read_cards("10h, QS")
    [Card('10H'), Card('QS')]
    """
    try:
        if isinstance(value, str):
            cards = [] if value.strip() in ("", "-") else parse_cards(value)
        elif isinstance(value, (list, tuple)) and all(isinstance(v, (str, Card)) for v in value):
            cards = to_cards(value)
        elif value is None:
            cards = []
        else:
            raise FieldError(field, say("exercise.answer.cards", value=_shown(value)))
        if len(cards) > 2:
            check_counts(cards)
    except FieldError:
        raise
    except GuandanError as err:
        raise FieldError(field, *error_reason(err)) from None
    if not cards and not empty:
        raise FieldError(field, say("exercise.answer.no_cards"))
    return cards


def read_seats(value: object, field: str) -> list[int]:
    """Reads a list of seats from ``[0, 1, 2]`` or "0 1 2".

    >>> read_seats("2, 0, 1", "finish")
    [2, 0, 1]
    """
    if isinstance(value, str):
        items: Sequence[Any] = [w for w in _SPLIT.split(value.strip()) if w]
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        raise FieldError(field, say("exercise.answer.seats", value=_shown(value)))
    seats = []
    for item in items:
        if isinstance(item, str) and item.isdigit():
            item = int(item)
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= 3:
            raise FieldError(field, say("exercise.answer.seats", value=_shown(value)))
        seats.append(item)
    return seats


# -- Readings: "pair 8", "a straight up to 5", "bomb of aces", "none" ---------------------------

@dataclass(frozen=True)
class Reading:
    """A kind and keying rank, as a learner names a combination; ``kind is None`` means none."""

    kind: Kind | None
    rank: Rank | None = None

    def code(self) -> str:
        """Returns the answer as written in exercise files: "pair 8", "joker_bomb", "none"."""
        if self.kind is None:
            return "none"
        if self.rank is None:
            return self.kind.value
        return f"{self.kind.value} {self.rank.value}"


_KIND_WORDS: list[tuple[str, Kind | None]] = [
    ("four jokers", Kind.JOKER_BOMB), ("4 jokers", Kind.JOKER_BOMB),
    ("joker bomb", Kind.JOKER_BOMB), ("straight flush", Kind.STRAIGHT_FLUSH),
    ("full house", Kind.FULL_HOUSE), ("three of a kind", Kind.TRIPLE),
    ("not a combination", None), ("no combination", None),
    ("single", Kind.SINGLE), ("pair", Kind.PAIR), ("triple", Kind.TRIPLE),
    ("trips", Kind.TRIPLE), ("straight", Kind.STRAIGHT), ("tube", Kind.TUBE),
    ("plate", Kind.PLATE), ("bomb", Kind.BOMB), ("none", None), ("nothing", None),
]
_RANK_WORDS = {
    "jack": Rank.JACK, "jacks": Rank.JACK, "queen": Rank.QUEEN, "queens": Rank.QUEEN,
    "king": Rank.KING, "kings": Rank.KING, "ace": Rank.ACE, "aces": Rank.ACE,
    "t": Rank.TEN, "tens": Rank.TEN, "ten": Rank.TEN, "bj": Rank.BLACK_JOKER,
    "rj": Rank.RED_JOKER, "black joker": Rank.BLACK_JOKER, "red joker": Rank.RED_JOKER,
    "black jokers": Rank.BLACK_JOKER, "red jokers": Rank.RED_JOKER,
}
_FILLER = {"a", "an", "the", "of", "up", "to", "with", "three", "two", "keyed", "by", "is",
           "it", "s", "card", "cards", "high", "top"}
_SIZE = re.compile(r"\b\d+\s*-?\s*cards?\b")


#: The learner's words for forms and ranks, by message (English, and the current language's).
_FORM_KEYS: dict[str, Kind | None] = {
    "exercise.words.form.single": Kind.SINGLE, "exercise.words.form.pair": Kind.PAIR,
    "exercise.words.form.triple": Kind.TRIPLE, "exercise.words.form.full_house": Kind.FULL_HOUSE,
    "exercise.words.form.straight": Kind.STRAIGHT, "exercise.words.form.tube": Kind.TUBE,
    "exercise.words.form.plate": Kind.PLATE, "exercise.words.form.bomb": Kind.BOMB,
    "exercise.words.form.straight_flush": Kind.STRAIGHT_FLUSH,
    "exercise.words.form.joker_bomb": Kind.JOKER_BOMB, "exercise.words.form.none": None,
}
_RANK_KEYS = {"exercise.words.rank.ten": Rank.TEN, "exercise.words.rank.jack": Rank.JACK,
              "exercise.words.rank.queen": Rank.QUEEN, "exercise.words.rank.king": Rank.KING,
              "exercise.words.rank.ace": Rank.ACE}


def _kind_words() -> list[tuple[str, Kind | None]]:
    """Returns every name of a form, longest first (so "straight flush" wins over "straight")."""
    found = _KIND_WORDS + [(w, k) for key, k in _FORM_KEYS.items() for w in _words(key) if w]
    return sorted(found, key=lambda item: -len(item[0]))


def _rank_word(word: str) -> Rank | None:
    if word in _RANK_WORDS:
        return _RANK_WORDS[word]
    for key, rank in _RANK_KEYS.items():
        if word in _words(key):
            return rank
    if word.endswith("s") and word[:-1].isdigit():
        word = word[:-1]
    try:
        return as_level(word)
    except GuandanError:
        return None


def read_reading(value: object, field: str = "answer") -> Reading:
    """Reads a kind and rank: "pair 8", "straight_flush 7", "a 4-card bomb of 8s", "none".

    Accepts what ``describe`` writes, the kind names of the data files, and the names of forms
    and ranks in the learner's language ("par 8", "escalera 5").

    >>> read_reading("straight up to 5").code(), read_reading("joker_bomb").code()
    ('straight 5', 'joker_bomb')
    """
    if isinstance(value, Mapping):
        kind_text, rank_text = value.get("kind"), value.get("rank")
        value = f"{kind_text} {'' if rank_text is None else rank_text}"
    if value is None or value is False:
        return Reading(None)
    if not isinstance(value, str):
        raise FieldError(field, say("exercise.answer.reading", value=_shown(value)))
    text = _SIZE.sub(" ", value.lower().replace("_", " ").replace("-", " "))
    text = " ".join(text.replace(".", " ").split())
    kind: Kind | None = None
    found = False
    for phrase, k in _kind_words():
        m = re.search(rf"\b{re.escape(phrase)}\b", text)
        if m:
            kind, found = k, True
            text = (text[:m.start()] + " " + text[m.end():]).strip()
            break
    if not found:
        raise FieldError(field, say("exercise.answer.reading", value=_shown(value)))
    if kind is None or kind is Kind.JOKER_BOMB:
        return Reading(kind)
    for phrase in ("black jokers", "red jokers", "black joker", "red joker"):
        text = text.replace(phrase, phrase.replace(" ", "_"))
    filler = _FILLER | _words("exercise.words.filler")
    words = [w.replace("_", " ") for w in text.split() if w not in filler]
    if not words and "a" in text.split():
        words = ["a"]  # "pair a": the ace, not the article
    ranks = [_rank_word(w) for w in words]
    if len(words) != 1 or ranks[0] is None:
        raise FieldError(field, say("exercise.answer.reading_rank", value=_shown(value)))
    return Reading(kind, ranks[0])


# -- Declarations: "8", "8H", "5 6" -----------------------------------------------------------

Declared = tuple[Rank, Card | None]


def read_declared(value: object, field: str = "answer") -> tuple[Declared, ...]:
    """Reads what each wild stands for: ranks ("8", "8 8") or cards ("8H", "6C 7C").

    >>> read_declared("8 QS")
    ((<Rank.EIGHT: '8'>, None), (<Rank.QUEEN: 'Q'>, Card('QS')))
    """
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, (list, tuple)):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str) or not value.strip():
        raise FieldError(field, say("exercise.answer.declared", value=_shown(value)))
    out: list[Declared] = []
    for word in _SPLIT.split(value.strip()):
        if not word:
            continue
        rank = _rank_word(word.lower())
        if rank is not None:
            out.append((rank, None))
            continue
        try:
            card = parse_cards(word)[0]
        except GuandanError:
            raise FieldError(field, say("exercise.answer.declared", value=_shown(value))) from None
        out.append((card.rank, card))
    return tuple(out)
