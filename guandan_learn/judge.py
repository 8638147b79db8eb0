"""Comparing plays and judging whether cards may be played, with the reason (§04.3–§05.7).

``read_play`` is the one path from cards and a table to a ``Verdict``: ``judge``, ``Deal.play``
and the command line go through it, and ``Combo.of`` through its first step
(``combo.read_cards``), so the same cards on the same table get the same reason everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import CardsLike, Rank, as_level
from .combo import (
    Combo,
    Kind,
    as_declared_rank,
    as_kind,
    check_table,
    classify,
    no_combination_reason,
    play_reason,
    read_cards,
    strength_key,
)
from .errors import IllegalPlayError
from .reason import Reason, join_text

__all__ = ["Verdict", "beats", "classify", "describe", "judge", "read_play",
           "why_no_combination"]


def beats(play: Combo, table: Combo) -> bool:
    """Tells whether ``play`` beats ``table`` (§04.3, §04.8, §05.2–§05.6).

    A bomb beats any normal play and any bomb with a lower key; a normal play beats only the
    same form with a higher key (``combo.strength_key``).

    >>> from guandan_learn import Combo
    >>> beats(Combo.of("8C 8D 8S 7H", "7"), Combo.of("KC KD", "7"))
    True
    >>> beats(Combo.of("AC AD", "7"), Combo.of("RJ", "7"))
    False
    """
    check_table(play, optional=False)
    check_table(table, optional=False)
    if play.level is not table.level:
        raise IllegalPlayError(_levels_differ(play.level, table.level))
    if play.kind.is_bomb:
        return not table.kind.is_bomb or strength_key(play) > strength_key(table)
    if table.kind.is_bomb or play.kind is not table.kind:
        return False
    return strength_key(play) > strength_key(table)


def _levels_differ(play: Rank, table: Rank) -> Reason:
    return Reason.of("compare.levels_differ", "§02.7", play=play.value, table=table.value)


@dataclass(frozen=True, slots=True, init=False)
class Verdict:
    """The answer to "may these cards be played here?": verdict, reading and reasons.

    ``reasons`` are ``Reason`` values, rendered when shown; ``reason`` (the sentence) and
    ``clause`` (the clause it cites) render them in the language current at that moment.
    """

    legal: bool
    combo: Combo | None
    reasons: tuple[Reason, ...]
    _text: str | None = field(default=None, repr=False)
    _clause: str | None = field(default=None, repr=False, compare=False)

    def __init__(self, legal: bool, combo: Combo | None,
                 reasons: Reason | Iterable[Reason] | str, clause: str | None = None) -> None:
        # A finished sentence and its clause are still accepted from older callers.
        text = reasons if isinstance(reasons, str) else None
        if isinstance(reasons, Reason):
            reasons = (reasons,)
        object.__setattr__(self, "legal", legal)
        object.__setattr__(self, "combo", combo)
        object.__setattr__(self, "reasons", () if text is not None else tuple(reasons))
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_clause", clause)

    @property
    def reason(self) -> str:
        """Returns the explanation, one sentence citing its clause, in the current language."""
        return self._text if self._text is not None else join_text(self.reasons)

    @property
    def clause(self) -> str:
        """Returns the clause of the rules that decides the verdict."""
        if self._clause is not None or not self.reasons:
            return self._clause or ""
        return self.reasons[0].main_clause or ""

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return self.reason


def read_play(cards: CardsLike, table: Combo | None, level: Rank | str, *,
              kind: Kind | str | None = None, rank: Rank | str | None = None,
              wilds: CardsLike | None = None) -> Verdict:
    """Reads ``cards`` against ``table`` (a lead when ``None``) at ``level``: the ``Verdict``.

    The verdict carries the strongest reading that may be played and one reason with its
    clause. ``kind``, ``rank`` and ``wilds`` narrow the readings to the one the player declares
    (§03.4), e.g. a straight rather than a straight flush.

    >>> read_play("AC AD", classify("9S", "7")[0], "7").reasons[0].clause
    '§04.3'
    """
    lv = as_level(level)
    check_table(table)
    if kind is not None:
        as_kind(kind)  # an unknown form is refused even before the cards are read
    if rank is not None:
        as_declared_rank(rank)
    if table is not None and table.level is not lv:
        raise IllegalPlayError(_levels_differ(lv, table.level))
    readings, refusal = read_cards(cards, lv, kind=kind, rank=rank, wilds=wilds)
    if refusal is not None:
        return Verdict(False, None, refusal)
    if table is None:
        best = readings[0]
        return Verdict(True, best, Reason.of("judge.lead", "§06.2", play=play_reason(best)))
    for r in readings:
        if beats(r, table):
            return Verdict(True, r, _why_beats(r, table))
    return Verdict(False, None, _why_not(readings, table))


def judge(cards: CardsLike, table: Combo | None, level: Rank | str, *,
          kind: Kind | str | None = None, rank: Rank | str | None = None,
          wilds: CardsLike | None = None) -> Verdict:
    """Judges whether ``cards`` may be played on ``table`` (a lead when ``None``) at ``level``.

    The same as ``read_play``: the strongest reading that works and one plain sentence with
    its clause.

    >>> judge("AC AD", classify("9S", "7")[0], "7").reason
    'A pair cannot beat a single: a play is only beaten by the same form, or by a bomb (§04.3).'
    >>> judge("8C 8D 8S 7H", classify("KC KD", "7")[0], "7").legal
    True
    """
    return read_play(cards, table, level, kind=kind, rank=rank, wilds=wilds)


_BEATS = {"§05.6": "judge.beats_bomb_over_normal", "§05.2": "judge.beats_bigger_bomb",
          "§05.3": "judge.beats_same_size_bomb", "§05.4": "judge.beats_straight_flush",
          "§04.4": "judge.beats_higher", "§04.5": "judge.beats_higher_sequence"}


def _beat_clause(play: Combo, table: Combo) -> str:
    if play.is_bomb and not table.is_bomb:
        return "§05.6"
    if play.is_bomb:
        return "§05.4" if play.tier == table.tier and play.kind is Kind.STRAIGHT_FLUSH else (
            "§05.2" if play.tier != table.tier else "§05.3")
    return "§04.5" if play.kind.is_sequence else "§04.4"


def _by_size(high: Combo, low: Combo) -> bool:
    """Tells whether the higher of two bombs is higher because it has more cards."""
    return high.size > low.size and high.kind is not Kind.JOKER_BOMB


def _why_beats(play: Combo, table: Combo) -> Reason:
    clause = _beat_clause(play, table)
    key = _BEATS[clause]
    if clause == "§05.2" and not _by_size(play, table):
        key = "judge.beats_on_ladder"  # not more cards: the ladder's order decides
    return Reason.of(key, clause, play=play_reason(play), table=play_reason(table))


def _why_not(readings: list[Combo], table: Combo) -> Reason:
    """Explains why none of the readings beats the table, from the most relevant reading."""
    same = [r for r in readings if r.kind is table.kind]
    bombs = [r for r in readings if r.is_bomb]
    play = same[0] if same else (bombs[0] if bombs else readings[0])
    both = {"play": play_reason(play), "table": play_reason(table)}
    if play.is_bomb:
        if play.power == table.power:
            return Reason.of("judge.equal", "§04.8", **both)
        if play.tier != table.tier:
            key = "judge.smaller_bomb" if _by_size(table, play) else "judge.lower_on_ladder"
            return Reason.of(key, "§05.2", **both)
        if play.kind is Kind.STRAIGHT_FLUSH:
            return Reason.of("judge.lower_straight_flush", "§05.4", **both)
        return Reason.of("judge.lower_bomb", "§05.3", **both)
    if table.is_bomb:
        return Reason.of("judge.only_bomb_beats_bomb", "§05.6", table=both["table"])
    if play.kind is not table.kind:
        if play.kind is Kind.PAIR and table.kind is Kind.SINGLE:
            return Reason.of("judge.pair_on_single", "§04.3")
        return Reason.of("judge.wrong_form", "§04.3", **both)
    if play.power == table.power:
        return Reason.of("judge.equal", "§04.8", **both)
    if play.kind.is_sequence:
        return Reason.of("judge.lower_sequence", "§04.5", **both)
    if play.kind is Kind.FULL_HOUSE:
        return Reason.of("judge.lower_full_house", "§04.4", **both)
    return Reason.of("judge.lower", "§04.4", **both)


def why_no_combination(cards: CardsLike, level: Rank | str) -> tuple[str, str]:
    """Explains, with a clause, why cards that form no combination are not a play.

    Returns the sentence (in the current language) and the clause; the reason itself is
    ``combo.no_combination_reason``.
    """
    reason = no_combination_reason(cards, level)
    return reason.text(), reason.main_clause or ""


def describe(combo: Combo) -> str:
    """Returns a plain description of a reading, e.g. "a pair of 8s" or "a 4-card bomb of 8s".

    The text layer's ``text.describe`` is the same; this name is kept for older callers.

    >>> describe(classify("2C 3D 4S 5H AC", "9")[0])
    'a straight up to 5'
    """
    check_table(combo, optional=False)
    return play_reason(combo).text()
