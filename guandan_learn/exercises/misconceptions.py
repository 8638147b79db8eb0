r"""Misconceptions: the catalogue (data) and the ``Misread``\ s that play lenses are made of.

The catalogue is ``guandan_learn/data/misconceptions.yaml``. A *lens* computes the answer a
learner holding one wrong idea gives to a puzzle, or ``None`` when that idea changes nothing
here; each puzzle kind declares its own lenses (``kinds/<kind>.py``) and ``lenses`` gathers
them. Most play lenses are a ``Misread``: the engine's reading and comparison with one rule
bent, its strength key overridden (never a copy of ``beats``).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ..cards import STRENGTH, Card, Rank
from ..combo import Combo, Kind, classify
from ..datafiles import read_package_data
from ..i18n import get_language, gettext_
from ..judge import beats
from ..moves import legal_plays
from .model import Solution


@dataclass(frozen=True)
class Misconception:
    """One wrong idea: its id, the puzzle kinds it shows in, the clause that corrects it."""

    id: str
    kinds: tuple[str, ...]
    clause: str
    belief: str
    correction_en: str
    translations: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def correction(self) -> str:
        """Returns the correction in the learner's language (English when not translated),
        with its example at level 7."""
        return self.correction_at(None)

    def correction_at(self, level: Rank | None) -> str:
        """Returns the correction with its example at ``level`` (the puzzle's own level)."""
        text = (self.translations.get(get_language())
                or gettext_(self.correction_en, f"misconception.{self.id}"))
        if level is None or level is Rank.ACE or (level is Rank.TWO and "{below}" in text):
            level = Rank.SEVEN  # the example needs a rank above, and maybe one below
        order = list(Rank)[:13]
        at = order.index(level)
        for name, rank in (("{level}", level), ("{below}", order[at - 1]),
                           ("{above}", order[at + 1])):
            text = text.replace(name, rank.value)
        return text

    def __str__(self) -> str:
        return f"{self.correction} ({self.clause})"


@cache
def catalogue() -> dict[str, Misconception]:
    """Returns the misconception catalogue, by id, in the order of the data file."""
    out = {}
    for item in read_package_data("data", "misconceptions.yaml"):
        out[item["id"]] = Misconception(
            item["id"], tuple(str(k) for k in item["kinds"]), item["clause"],
            " ".join(item["belief"].split()), " ".join(item["correction"].split()),
            {k: " ".join(v.split()) for k, v in (item.get("translations") or {}).items()})
    return out


# -- Misreads: the engine's reading and comparison with one rule bent ------------------------


def strength_key(combo: Combo) -> tuple[bool, int]:
    """Returns the engine's comparison key of a reading: bombs above every other form, then
    strength (within a form, or along the bomb ladder). The one place lenses read strength."""
    return combo.is_bomb, combo.power


@lru_cache(maxsize=4096)
def _classify(cards: tuple[Card, ...], level: Rank) -> tuple[Combo, ...]:
    return tuple(classify(cards, level))


class Misread:
    """Reads and compares plays as the engine does; subclasses bend one rule."""

    def reread(self, combo: Combo) -> list[Combo]:
        """Returns how the learner reads one of the engine's readings (none, one or more)."""
        return [combo]

    def extra(self, cards: tuple[Card, ...], level: Rank) -> list[Combo]:
        """Returns readings the learner sees where the engine sees no combination."""
        return []

    def readings(self, cards: Sequence[Card], level: Rank) -> list[Combo]:
        """Returns the readings the learner sees, strongest (by the learner) first."""
        key = tuple(cards)
        found = _classify(key, level)
        if not found:
            return self.extra(key, level)
        return sorted(self._reread(found), key=self.key, reverse=True)

    def _reread(self, found: tuple[Combo, ...]) -> list[Combo]:
        return [x for c in found for x in self.reread(c)]

    def key(self, combo: Combo) -> tuple[bool, int]:
        """Returns the learner's comparison key of a play: a bomb?, then its strength."""
        return self.is_bomb(combo), self.power(combo)

    def power(self, combo: Combo) -> int:
        """Returns the strength the learner gives a play (compared within a form or bombs)."""
        return strength_key(combo)[1]

    def is_bomb(self, combo: Combo) -> bool:
        """Tells whether the learner takes the play for a bomb."""
        return strength_key(combo)[0]

    def beats(self, play: Combo, table: Combo) -> bool:
        """Tells whether the learner thinks ``play`` beats ``table``."""
        if self.is_bomb(play):
            return not self.is_bomb(table) or self.power(play) > self.power(table)
        if self.is_bomb(table) or play.kind is not table.kind:
            return False
        return self.power(play) > self.power(table)

    def best(self, readings: list[Combo]) -> Combo | None:
        """Returns the reading the learner takes as strongest."""
        if not readings:
            return None
        return max(readings, key=self.key)

    def table(self, table: Combo | None) -> Combo | None:
        """Returns how the learner reads the play on the table."""
        if table is None:
            return None
        # The strongest of the readings, as ``best(readings(...))`` gives, without sorting them.
        key = tuple(table.cards)
        found = _classify(key, table.level)
        seen = self._reread(found) if found else self.extra(key, table.level)
        return self.best(seen) or table


def _strength(rank: Rank | None, level: Rank) -> int:
    return 0 if rank is None else STRENGTH[level.natural][rank.natural]


def _naturals(combo: Combo) -> list[Card]:
    return [c for c in combo.cards if not c.is_wild(combo.level)]


def _remake(combo: Combo, **changes: Any) -> Combo:
    return dataclasses.replace(combo, **changes)


class PairOnSingle(Misread):
    """A higher pair beats a single (§04.3)."""

    def beats(self, play: Combo, table: Combo) -> bool:
        if play.kind is Kind.PAIR and table.kind is Kind.SINGLE:
            return play.power > table.power
        return super().beats(play, table)


class AnyForm(Misread):
    """Any higher play beats, whatever its form (§04.3)."""

    def beats(self, play: Combo, table: Combo) -> bool:
        if (not play.is_bomb and not table.is_bomb and play.kind is not table.kind
                and not (play.kind is Kind.PAIR and table.kind is Kind.SINGLE)):
            return _strength(play.rank, play.level) > _strength(table.rank, table.level)
        return super().beats(play, table)


_SETS = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE)


class NaturalOrder(Misread):
    """The level rank keeps its natural place below the ace (§03.1)."""

    def power(self, combo: Combo) -> int:
        if combo.rank is None:
            return combo.power
        if combo.kind in _SETS:
            return combo.rank.natural
        if combo.kind is Kind.BOMB:
            return combo.tier * 100 + combo.rank.natural
        return combo.power


_LOW_KEY = {Kind.STRAIGHT: 5, Kind.STRAIGHT_FLUSH: 5, Kind.TUBE: 3, Kind.PLATE: 2}


class AceHigh(Misread):
    """An ace played low keys the sequence as ace-high (§04.6)."""

    def reread(self, c: Combo) -> list[Combo]:
        if (c.rank is not None and _LOW_KEY.get(c.kind) == c.rank.natural
                and any(x.rank is Rank.ACE for x in _naturals(c) + list(c.wilds))):
            c = _remake(c, rank=Rank.ACE, power=c.power - c.rank.natural + 14)
        return [c]


class FiveOverFlush(Misread):
    """A 5-card bomb beats a straight flush (§05.2)."""

    def power(self, combo: Combo) -> int:
        if combo.kind is Kind.STRAIGHT_FLUSH:
            assert combo.rank is not None
            return 4500 + combo.rank.natural
        return combo.power


class FlushOverSix(Misread):
    """A straight flush beats every rank bomb, even of 6 cards or more (§05.2)."""

    def power(self, combo: Combo) -> int:
        if combo.kind is Kind.STRAIGHT_FLUSH:
            assert combo.rank is not None
            return 10500 + combo.rank.natural  # above 10 of a kind, below the four jokers
        return combo.power


class FlushIsStraight(Misread):
    """Five in a row of one suit are just a straight (§04.2)."""

    def reread(self, c: Combo) -> list[Combo]:
        if c.kind is Kind.STRAIGHT_FLUSH:
            assert c.rank is not None
            c = _remake(c, kind=Kind.STRAIGHT, suit=None, power=c.rank.natural)
        return [c]


class EqualBeats(Misread):
    """Equal strength beats (§04.8)."""

    def beats(self, play: Combo, table: Combo) -> bool:
        if (play.is_bomb and table.is_bomb) or (
                not play.is_bomb and not table.is_bomb and play.kind is table.kind):
            return play.power >= table.power
        return super().beats(play, table)


class RankBeforeSize(Misread):
    """Bombs compare by rank before size (§05.3)."""

    def beats(self, play: Combo, table: Combo) -> bool:
        if play.kind is Kind.BOMB and table.kind is Kind.BOMB and play.size != table.size:
            lv = play.level
            return ((_strength(play.rank, lv), play.size)
                    > (_strength(table.rank, lv), table.size))
        return super().beats(play, table)


def _combo(kind: Kind, rank: Rank, cards: Sequence[Card], level: Rank, power: int,
           wilds: tuple[Card, ...] = ()) -> Combo:
    return Combo(kind, rank, len(cards), tuple(sorted(cards, key=lambda c: c.index)), level,
                 wilds, None, power)


class MixedJokers(Misread):
    """A black and a red joker make a pair (§04.7)."""

    def extra(self, cards: tuple[Card, ...], level: Rank) -> list[Combo]:
        if sorted(c.rank.natural for c in cards) == [15, 16]:
            return [_combo(Kind.PAIR, Rank.RED_JOKER, cards, level, _strength(Rank.RED_JOKER,
                                                                              level))]
        return []


def _run_top(values: list[int], length: int, wrap: bool) -> int | None:
    """Returns the top of a run of ``length`` distinct values, wrapping past the ace if asked."""
    if len(values) != length or len(set(values)) != length:
        return None
    spots = {v - 2 for v in values}
    for start in spots:
        if all((start + k) % 13 in spots for k in range(length)):
            top = (start + length - 1) % 13 + 2
            linear = start + length - 1 <= 12
            if wrap != linear:
                return top
    return None


class WrapAround(Misread):
    """A straight may run past the ace, such as Q-K-A-2-3 (§04.6)."""

    def extra(self, cards: tuple[Card, ...], level: Rank) -> list[Combo]:
        if len(cards) != 5 or any(c.is_joker or c.is_wild(level) for c in cards):
            return []
        top = _run_top([c.rank.natural for c in cards], 5, wrap=True)
        if top is None:
            return []
        return [_combo(Kind.STRAIGHT, Rank.from_natural(top), cards, level, top)]


class SuitTies(Misread):
    """The higher suit wins between equal plays (§03.2)."""

    def beats(self, play: Combo, table: Combo) -> bool:
        same = play.kind is table.kind or (play.is_bomb and table.is_bomb)
        if same and play.power == table.power:
            def top(c: Combo) -> int:
                return max((x.suit.index for x in _naturals(c) if x.suit is not None),
                           default=-1)

            return top(play) > top(table)
        return super().beats(play, table)


class WildAsJoker(Misread):
    """A wild heart alone is as strong as a joker (§03.5)."""

    def reread(self, c: Combo) -> list[Combo]:
        if c.size == 1 and c.wilds:
            return [_remake(c, rank=Rank.RED_JOKER, power=_strength(Rank.RED_JOKER, c.level))]
        return [c]


class WildForJoker(Misread):
    """A wild heart may stand for a joker (§03.8)."""

    def extra(self, cards: tuple[Card, ...], level: Rank) -> list[Combo]:
        jokers = [c for c in cards if c.is_joker]
        if len(cards) == 2 and len(jokers) == 1 and any(c.is_wild(level) for c in cards):
            j = jokers[0]
            return [_combo(Kind.PAIR, j.rank, cards, level, _strength(j.rank, level), (j,))]
        return []


class LevelOutOfSequence(Misread):
    """The level rank leaves its natural place in sequences too (§03.6)."""

    def reread(self, c: Combo) -> list[Combo]:
        if c.kind.is_sequence and any(x.rank is c.level for x in _naturals(c)):
            return []
        return [c]


class FullHouseByPair(Misread):
    """The highest card of a full house decides, even in the pair (§04.4)."""

    def power(self, combo: Combo) -> int:
        if combo.kind is not Kind.FULL_HOUSE:
            return combo.power
        counts = Counter(c.rank for c in _naturals(combo))
        counts.update(c.rank for c in combo.wilds)
        pair = next((r for r in counts if r is not combo.rank), combo.rank)
        lv = combo.level
        return max(_strength(combo.rank, lv), _strength(pair, lv)) * 100 + combo.power


class LongStraight(Misread):
    """A straight may have six or more cards (§04.1)."""

    def extra(self, cards: tuple[Card, ...], level: Rank) -> list[Combo]:
        if not 6 <= len(cards) <= 10 or any(c.is_joker or c.is_wild(level) for c in cards):
            return []
        values = [c.rank.natural for c in cards]
        top = _run_top(values, len(values), wrap=False)
        if top is None and 14 in values:
            top = _run_top([1 if v == 14 else v for v in values], len(values), wrap=False)
        if top is None:
            return []
        return [_combo(Kind.STRAIGHT, Rank.from_natural(top), cards, level, top)]


# -- What every play lens needs ------------------------------------------------------------

#: The misreads behind the play misconceptions, by catalogue id.
MISREADS: dict[str, Misread] = {
    "pair-vs-single": PairOnSingle(),
    "different-forms": AnyForm(),
    "level-card-vs-ace": NaturalOrder(),
    "ace-low-keyed-high": AceHigh(),
    "straight-flush-vs-five-bomb": FiveOverFlush(),
    "straight-flush-over-six-bomb": FlushOverSix(),
    "flush-is-straight": FlushIsStraight(),
    "equal-beats": EqualBeats(),
    "bomb-rank-over-size": RankBeforeSize(),
    "joker-pair-mixed": MixedJokers(),
    "wrap-around": WrapAround(),
    "suit-breaks-ties": SuitTies(),
    "wild-is-joker": WildAsJoker(),
    "wild-for-joker": WildForJoker(),
    "level-rank-in-sequence": LevelOutOfSequence(),
    "full-house-by-pair": FullHouseByPair(),
    "long-straight": LongStraight(),
}


@lru_cache(maxsize=256)
def candidates(hand: tuple[Card, ...], table: Combo,
               level: Rank) -> tuple[tuple[tuple[Card, ...], tuple[Combo, ...], bool], ...]:
    """Returns what a hand can lead, grouped by cards: (cards, readings, beats the table?)."""
    groups: dict[tuple[Card, ...], list[Combo]] = {}
    for play in legal_plays(hand, None, level):
        groups.setdefault(tuple(sorted(play.cards, key=lambda c: c.index)), []).append(play)
    return tuple((cards, tuple(plays), any(beats(p, table) for p in plays))
                 for cards, plays in groups.items())


def learner_legal(m: Misread, cards: Sequence[Card], table: Combo | None, level: Rank) -> bool:
    """Tells whether a learner reading as ``m`` takes these cards for a legal play here."""
    readings = m.readings(cards, level)
    if table is None:
        return bool(readings)
    seen = m.table(table)
    assert seen is not None
    return any(m.beats(r, seen) for r in readings)


def said(answer: object, detail: object = None) -> Solution:
    """Returns a lens's answer (a solution with no explanation)."""
    return Solution(answer, detail=detail)


__all__ = ["MISREADS", "Misconception", "Misread", "candidates", "catalogue", "learner_legal",
           "said", "strength_key"]
