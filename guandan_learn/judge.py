"""Comparing plays and judging whether cards may be played, with the reason (§04.3–§05.7)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import CardsLike, Rank, as_level, format_cards, to_cards
from .combo import Combo, Kind, classify, select_reading
from .errors import GuandanError
from .messages import describe_bomb, rank_plural, rank_singular, say


def beats(play: Combo, table: Combo) -> bool:
    """Tells whether ``play`` beats ``table`` (§04.3, §04.8, §05.2–§05.6).

    >>> from guandan_learn import Combo
    >>> beats(Combo.of("8C 8D 8S 7H", "7"), Combo.of("KC KD", "7"))
    True
    >>> beats(Combo.of("AC AD", "7"), Combo.of("RJ", "7"))
    False
    """
    if play.level is not table.level:
        raise GuandanError(say("compare.levels_differ", play=play.level.value,
                               table=table.level.value))
    if play.kind in _BOMBS:
        return table.kind not in _BOMBS or play.power > table.power
    if table.kind in _BOMBS or play.kind is not table.kind:
        return False
    return play.power > table.power


_BOMBS = frozenset({Kind.BOMB, Kind.STRAIGHT_FLUSH, Kind.JOKER_BOMB})


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "may these cards be played here?": verdict, reading, reason and clause."""

    legal: bool
    combo: Combo | None
    reason: str
    clause: str

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return self.reason

    def _repr_html_(self) -> str:
        """Shows the verdict in a notebook: allowed or not, the reading and the reason."""
        from .render import verdict_html

        return verdict_html(self)


def judge(cards: CardsLike, table: Combo | None, level: Rank | str, *,
          kind: Kind | str | None = None, rank: Rank | str | None = None,
          wilds: CardsLike | None = None) -> Verdict:
    """Judges whether ``cards`` may be played on ``table`` (a lead when ``None``) at ``level``.

    The verdict carries the strongest reading that works and one plain sentence with its clause.
    ``kind``, ``rank`` and ``wilds`` narrow the readings to the one the player declares (§03.4),
    e.g. a straight rather than a straight flush.

    >>> judge("AC AD", classify("9S", "7")[0], "7").reason
    'A pair cannot beat a single: a play is only beaten by the same form, or by a bomb (§04.3).'
    >>> judge("8C 8D 8S 7H", classify("KC KD", "7")[0], "7").legal
    True
    """
    lv = as_level(level)
    cs = to_cards(cards)
    if table is not None and table.level is not lv:
        raise GuandanError(say("compare.levels_differ", play=lv.value, table=table.level.value))
    if not cs:
        return Verdict(False, None, say("judge.no_cards"), "§04.1")
    readings = classify(cs, lv)
    if not readings:
        reason, clause = why_no_combination(cs, lv)
        return Verdict(False, None, reason, clause)
    if kind is not None or rank is not None or wilds is not None:
        readings = [r for r in readings
                    if select_reading([r], kind=kind, rank=rank, wilds=wilds) is not None]
        if not readings:
            return Verdict(False, None, say("combo.no_such_reading", cards=format_cards(cs)),
                           "§03.4")
    if table is None:
        best = readings[0]
        return Verdict(True, best, say("judge.lead", play=describe(best)), "§06.2")
    for r in readings:
        if beats(r, table):
            return Verdict(True, r, _why_beats(r, table), _beat_clause(r, table))
    return _why_not(readings, table)


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


def _why_beats(play: Combo, table: Combo) -> str:
    clause = _beat_clause(play, table)
    key = {"§05.6": "judge.beats_bomb_over_normal", "§05.2": "judge.beats_bigger_bomb",
           "§05.3": "judge.beats_same_size_bomb", "§05.4": "judge.beats_straight_flush",
           "§04.4": "judge.beats_higher", "§04.5": "judge.beats_higher_sequence"}[clause]
    if clause == "§05.2" and not _by_size(play, table):
        key = "judge.beats_on_ladder"  # not more cards: the ladder's order decides
    return say(key, play=describe(play), table=describe(table), clause=clause)


def _why_not(readings: list[Combo], table: Combo) -> Verdict:
    """Explains why none of the readings beats the table, from the most relevant reading."""
    same = [r for r in readings if r.kind is table.kind]
    bombs = [r for r in readings if r.is_bomb]
    play = same[0] if same else (bombs[0] if bombs else readings[0])
    d_play, d_table = describe(play), describe(table)
    if play.is_bomb:
        if play.power == table.power:
            return Verdict(False, None, say("judge.equal", play=d_play, table=d_table), "§04.8")
        if play.tier != table.tier:
            key = "judge.smaller_bomb" if _by_size(table, play) else "judge.lower_on_ladder"
            return Verdict(False, None, say(key, play=d_play, table=d_table), "§05.2")
        if play.kind is Kind.STRAIGHT_FLUSH:
            return Verdict(False, None, say("judge.lower_straight_flush", play=d_play,
                                            table=d_table), "§05.4")
        return Verdict(False, None, say("judge.lower_bomb", play=d_play, table=d_table),
                       "§05.3")
    if table.is_bomb:
        return Verdict(False, None, say("judge.only_bomb_beats_bomb", table=d_table), "§05.6")
    if play.kind is not table.kind:
        if play.kind is Kind.PAIR and table.kind is Kind.SINGLE:
            return Verdict(False, None, say("judge.pair_on_single"), "§04.3")
        return Verdict(False, None, say("judge.wrong_form", play=d_play, table=d_table),
                       "§04.3")
    if play.power == table.power:
        return Verdict(False, None, say("judge.equal", play=d_play, table=d_table), "§04.8")
    if play.kind.is_sequence:
        return Verdict(False, None, say("judge.lower_sequence", play=d_play, table=d_table),
                       "§04.5")
    if play.kind is Kind.FULL_HOUSE:
        return Verdict(False, None, say("judge.lower_full_house", play=d_play, table=d_table),
                       "§04.4")
    return Verdict(False, None, say("judge.lower", play=d_play, table=d_table), "§04.4")


def why_no_combination(cards: CardsLike, level: Rank | str) -> tuple[str, str]:
    """Explains, with a clause, why cards that form no combination are not a play."""
    cs = to_cards(cards)
    lv = as_level(level)
    n = len(cs)
    text = format_cards(cs)
    wild = [c for c in cs if c.is_wild(lv)]
    jokers = [c for c in cs if c.is_joker]
    naturals = [c for c in cs if not c.is_joker and c not in wild]
    ranks = {c.rank for c in naturals}
    if jokers and wild and not naturals:
        return say("why.wild_not_joker", cards=text), "§03.8"
    if len({c.rank for c in jokers}) == 2 and (n == 2 or (n == 5 and len(ranks) <= 1)):
        return say("why.mixed_jokers", cards=text), "§04.7"  # also as a full house's pair
    if n > 10:
        return say("why.too_many", cards=text, count=n), "§05.2"
    if jokers and n in (5, 6) and len(ranks) >= 2:
        return say("why.joker_in_sequence", cards=text), "§03.7"
    counts = Counter(c.rank.natural for c in naturals)
    values = sorted(counts)
    if n == 5 and len(values) + len(wild) == 5 and len(jokers) == 0 and _wraps(values, 5):
        return say("why.wraps", cards=text), "§04.6"
    if (n == 6 and not jokers and len(values) <= 3 and max(counts.values(), default=0) <= 2
            and _wraps(values, 3)):
        return say("why.wraps", cards=text), "§04.6"  # a tube such as K-K-A-A-2-2
    if n >= 6 and not jokers and _long_sequence(counts, len(wild)):
        return say("why.long_straight", cards=text), "§04.1"
    if n == 4:
        return say("why.four_cards", cards=text), "§05.1"
    if n >= 7:
        return say("why.big_not_bomb", cards=text), "§05.1"
    return say("why.none", cards=text), "§04.1"


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


def describe(combo: Combo) -> str:
    """Returns a plain description of a reading, e.g. "a pair of 8s" or "a 4-card bomb of 8s".

    >>> describe(classify("2C 3D 4S 5H AC", "9")[0])
    'a straight up to 5'
    """
    kind = combo.kind
    if kind is Kind.JOKER_BOMB:
        return say("describe.joker_bomb")
    assert combo.rank is not None
    if kind is Kind.SINGLE:
        return say("describe.single", name=rank_singular(combo.rank))
    if kind is Kind.BOMB:
        return describe_bomb(combo.size, rank_plural(combo.rank))
    if kind.is_sequence:
        return say(f"describe.{kind.value}", name=rank_singular(combo.rank))
    return say(f"describe.{kind.value}", ranks=rank_plural(combo.rank))
