"""Misconceptions: the catalogue (data) and, for each, a lens that answers as its holder would.

The catalogue is ``guandan_learn/data/misconceptions.yaml``. A *lens* computes the answer a
learner holding one wrong idea gives to a puzzle, or ``None`` when that idea changes nothing
here. Generators offer lens answers as wrong options; the grader names the idea behind a wrong
answer by asking which lens gives it.

Most play lenses are a ``Misread``: the engine's reading and comparison with one rule bent.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, cmp_to_key, lru_cache
from importlib import resources
from typing import Any

import yaml

from ..cards import LEVELS, STRENGTH, Card, Rank
from ..combo import Combo, Kind, classify
from ..i18n import get_language, gettext_
from ..judge import beats
from ..level import Settlement, partner_of
from ..moves import legal_plays
from ..tribute import TributePlan, tribute_card
from .answers import Reading
from .kinds import (
    DealSetup,
    DeclareSetup,
    HandSetup,
    PlaySetup,
    PlaysSetup,
    SettleSetup,
    TributeSetup,
    spec,
)
from .model import PuzzleKind, Solution


@dataclass(frozen=True)
class Misconception:
    """One wrong idea: its id, the puzzle kinds it shows in, the clause that corrects it."""

    id: str
    kinds: tuple[PuzzleKind, ...]
    clause: str
    belief: str
    correction_en: str
    translations: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def correction(self) -> str:
        """Returns the correction in the learner's language (English when not translated)."""
        return (self.translations.get(get_language())
                or gettext_(self.correction_en, f"misconception.{self.id}"))

    def __str__(self) -> str:
        return f"{self.correction} ({self.clause})"


@cache
def catalogue() -> dict[str, Misconception]:
    """Returns the misconception catalogue, by id, in the order of the data file."""
    text = resources.files("guandan_learn").joinpath("data/misconceptions.yaml").read_text(
        encoding="utf-8")
    out = {}
    for item in yaml.safe_load(text):
        out[item["id"]] = Misconception(
            item["id"], tuple(PuzzleKind(k) for k in item["kinds"]), item["clause"],
            " ".join(item["belief"].split()), " ".join(item["correction"].split()),
            {k: " ".join(v.split()) for k, v in (item.get("translations") or {}).items()})
    return out


# -- Misreads: the engine's reading and comparison with one rule bent ------------------------


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
        out = [x for c in found for x in self.reread(c)]
        return sorted(out, key=lambda c: (self.is_bomb(c), self.power(c)), reverse=True)

    def power(self, combo: Combo) -> int:
        """Returns the strength the learner gives a play (compared within a form or bombs)."""
        return combo.power

    def is_bomb(self, combo: Combo) -> bool:
        """Tells whether the learner takes the play for a bomb."""
        return combo.is_bomb

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
        return max(readings, key=lambda c: (self.is_bomb(c), self.power(c)))

    def table(self, table: Combo | None) -> Combo | None:
        """Returns how the learner reads the play on the table."""
        if table is None:
            return None
        return self.best(self.readings(list(table.cards), table.level)) or table


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


# -- Lenses ------------------------------------------------------------------------------------

Answer = Any
LensFn = Callable[[Any, str, Solution], Solution | None]


def _differs(kind: PuzzleKind, answer: Answer, setup: Any, question: str,
             solution: Solution, detail: Any = None) -> Solution | None:
    wrong = Solution(answer, "", (), detail)
    if spec(kind).is_correct(answer, solution, setup, question):
        return None
    return wrong


@lru_cache(maxsize=256)
def candidates(hand: tuple[Card, ...], table: Combo,
               level: Rank) -> tuple[tuple[tuple[Card, ...], tuple[Combo, ...], bool], ...]:
    """Returns what a hand can lead, grouped by cards: (cards, readings, beats the table?)."""
    groups: dict[tuple[Card, ...], list[Combo]] = {}
    for play in legal_plays(hand, None, level):
        groups.setdefault(tuple(sorted(play.cards, key=lambda c: c.index)), []).append(play)
    return tuple((cards, tuple(plays), any(beats(p, table) for p in plays))
                 for cards, plays in groups.items())


def _learner_legal(m: Misread, cards: Sequence[Card], table: Combo | None, level: Rank) -> bool:
    readings = m.readings(cards, level)
    if table is None:
        return bool(readings)
    seen = m.table(table)
    assert seen is not None
    return any(m.beats(r, seen) for r in readings)


def _misread_lens(m: Misread) -> dict[PuzzleKind, LensFn]:
    def legal_play(setup: PlaySetup, question: str, solution: Solution) -> Solution | None:
        said = _learner_legal(m, setup.play, setup.table, setup.level)
        return None if said == solution.answer else Solution(said, "", ())

    def classify_(setup: Any, question: str, solution: Solution) -> Solution | None:
        best = m.best(m.readings(setup.cards, setup.level))
        said = Reading(None) if best is None else Reading(best.kind, best.rank)
        return None if said == solution.answer else Solution(said, "", ())

    def strongest(setup: PlaysSetup, question: str, solution: Solution) -> Solution | None:
        plays = [m.table(p) for p in setup.plays]
        labels = setup.labels

        def cmp(i: int, j: int) -> int:
            a, b = plays[i], plays[j]
            assert a is not None and b is not None
            return -1 if m.beats(a, b) else (1 if m.beats(b, a) else 0)

        order = sorted(range(len(plays)), key=cmp_to_key(cmp))
        if question == "winner":
            top = order[0]
            if any(cmp(top, j) != -1 for j in range(len(plays)) if j != top):
                return None
            said: Any = labels[top]
        else:
            said = tuple(labels[i] for i in order)
        return None if said == solution.answer else Solution(said, "", ())

    def declare(setup: DeclareSetup, question: str, solution: Solution) -> Solution | None:
        table = m.table(setup.table)
        found = [r for r in m.readings(setup.cards, setup.level) if r.wilds
                 and (setup.make is None or r.kind is setup.make)
                 and (table is None or m.beats(r, table))]
        best = m.best(found)
        if best is None:
            return None
        said = tuple((d.rank, d if best.kind is Kind.STRAIGHT_FLUSH else None)
                     for d in best.wilds)
        return _differs(PuzzleKind.DECLARE_WILD, said, setup, question, solution, best)

    def find(setup: HandSetup, question: str, solution: Solution) -> Solution | None:
        if setup.table is None:
            return None
        seen = m.table(setup.table)
        assert seen is not None
        for cards, plays, legal in candidates(setup.hand, setup.table, setup.level):
            if not legal and any(m.beats(r, seen) for p in plays for r in m.reread(p)):
                return Solution(cards, "", ())
        return None

    return {PuzzleKind.LEGAL_PLAY: legal_play, PuzzleKind.CLASSIFY: classify_,
            PuzzleKind.STRONGEST: strongest, PuzzleKind.DECLARE_WILD: declare,
            PuzzleKind.FIND_PLAY: find}


def _find_explains(m: Misread) -> Callable[[Any, Any, str, Solution], bool]:
    def explains(answer: Any, setup: HandSetup, question: str, solution: Solution) -> bool:
        if answer is None or setup.table is None or Counter(answer) - Counter(setup.hand):
            return False
        return _learner_legal(m, answer, setup.table, setup.level)

    return explains


# Match and tribute lenses.

def _promotion_from_active(setup: SettleSetup, question: str,
                           solution: Solution) -> Solution | None:
    s: Settlement = solution.detail
    d = setup.declarers
    if question == "match_winner" or d is None or d == s.winner or s.match_winner is not None:
        return None
    if s.previous_levels[s.winner] is Rank.ACE:
        return None
    wrong = LEVELS[min(LEVELS.index(setup.levels[d]) + s.gained, len(LEVELS) - 1)]
    if wrong is s.levels[s.winner]:
        return None
    if question == "active_level":
        return Solution(wrong, "", ())
    levels = [s.levels[0], s.levels[1]]
    levels[s.winner] = wrong
    return Solution(tuple(levels), "", ())


def _match_lens(test: Callable[[SettleSetup, Settlement], bool]) -> LensFn:
    def lens(setup: SettleSetup, question: str, solution: Solution) -> Solution | None:
        s: Settlement = solution.detail
        if question != "match_winner" or s.match_winner is not None or not test(setup, s):
            return None
        return Solution(s.winner, "", ())

    return lens


def _reached_a(setup: SettleSetup, s: Settlement) -> bool:
    return s.previous_levels[s.winner] is not Rank.ACE and s.levels[s.winner] is Rank.ACE


def _first_fourth_at_a(setup: SettleSetup, s: Settlement) -> bool:
    return (s.previous_levels[s.winner] is Rank.ACE and setup.declarers == s.winner
            and s.partner_place == 4)


def _at_a_not_declaring(setup: SettleSetup, s: Settlement) -> bool:
    return (s.previous_levels[s.winner] is Rank.ACE and setup.declarers != s.winner
            and s.partner_place in (2, 3))


def _assign(plan: TributePlan, cards: dict[int, Card], level: Rank,
            swap_equal: bool = False) -> tuple[tuple[int, int, Card], ...]:
    """Assigns tribute cards to receivers as §08.3–§08.4 do (or with the equal case swapped)."""
    first = plan.finish_order[0]
    payers = sorted(cards)
    if len(payers) == 1:
        return ((payers[0], first, cards[payers[0]]),)
    right, other = (first + 1) % 4, (first + 3) % 4
    row = STRENGTH[level.natural]
    s_right, s_other = row[cards[right].rank.natural], row[cards[other].rank.natural]
    if s_right == s_other:
        to_first = other if swap_equal else right
    else:
        to_first = other if s_other > s_right else right
    to_second = right if to_first == other else other
    pays = ((to_first, first, cards[to_first]),
            (to_second, partner_of(first), cards[to_second]))
    return tuple(sorted(pays, key=lambda p: p[1]))


def _tribute_lens(choose: Callable[[tuple[Card, ...], Rank], Card | None]) -> LensFn:
    """Builds a payments lens from a wrong way of choosing the tribute card."""
    def lens(setup: TributeSetup, question: str, solution: Solution) -> Solution | None:
        plan: TributePlan = solution.detail
        if question != "payments" or plan.cancelled:
            return None
        cards = {}
        for p in plan.payments:
            wrong = choose(setup.hands[p.payer], setup.level)
            cards[p.payer] = p.card if wrong is None else wrong
        said = _assign(plan, cards, setup.level)
        return _differs(PuzzleKind.TRIBUTE, said, setup, question, solution)

    return lens


def _with_wild(hand: tuple[Card, ...], level: Rank) -> Card | None:
    row = STRENGTH[level.natural]
    top = max(row[c.rank.natural] for c in hand)
    wild = [c for c in hand if c.is_wild(level)]
    return wild[0] if wild and row[wild[0].rank.natural] == top else None


def _by_natural(hand: tuple[Card, ...], level: Rank) -> Card | None:
    cards = [c for c in hand if not c.is_wild(level)]
    if not cards:
        return None
    best = max(cards, key=lambda c: (c.rank.natural, -c.index))
    return best if best.rank is not tribute_card(hand, level).rank else None


def _double_equal(setup: TributeSetup, question: str, solution: Solution) -> Solution | None:
    plan: TributePlan = solution.detail
    if question == "return" or plan.cancelled or not plan.double:
        return None
    a, b = plan.payments
    row = STRENGTH[setup.level.natural]
    if row[a.card.rank.natural] != row[b.card.rank.natural]:
        return None
    said = _assign(plan, {p.payer: p.card for p in plan.payments}, setup.level,
                   swap_equal=True)
    if question == "leader":
        first = plan.finish_order[0]
        payer = next(p for p, r, _ in said if r == first)
        return None if payer == solution.answer else Solution(payer, "", ())
    return _differs(PuzzleKind.TRIBUTE, said, setup, question, solution)


def _first_leads(setup: TributeSetup, question: str, solution: Solution) -> Solution | None:
    plan: TributePlan = solution.detail
    if question != "leader" or plan.cancelled or plan.leader == plan.first:
        return None
    return Solution(plan.first, "", ())


def _partner_exempt(setup: TributeSetup, question: str, solution: Solution) -> Solution | None:
    plan: TributePlan = solution.detail
    if question == "return" or plan.cancelled or plan.double:
        return None
    if plan.payments[0].payer != partner_of(plan.first):
        return None
    said: Any = () if question == "payments" else plan.first
    return None if said == solution.answer else Solution(said, "", ())


def _return_lens(test: Callable[[Card, Rank], bool]) -> LensFn:
    def lens(setup: TributeSetup, question: str, solution: Solution) -> Solution | None:
        if question != "return" or solution.answer or setup.card is None:
            return None
        if setup.card is setup.tribute_card or not test(setup.card, setup.level):
            return None
        return Solution(True, "", ())

    return lens


def _next_seat(setup: DealSetup, question: str, solution: Solution) -> Solution | None:
    deal = setup.deal
    if question != "to_move" or deal.is_over or deal.table is not None:
        return None
    last = next((a.seat for a in reversed(deal.history) if a.combo is not None), None)
    if last is None or last not in deal.finish_order or deal.to_move != partner_of(last):
        return None
    seat = (last + 1) % 4
    while not deal.cards_left(seat):
        seat = (seat + 1) % 4
    return None if seat == deal.to_move else Solution(seat, "", ())


def _pass_drops_out(setup: DealSetup, question: str, solution: Solution) -> Solution | None:
    deal = setup.deal
    if question != "to_move" or deal.table is None or deal.to_move is None:
        return None
    passed = {a.seat for a in deal.trick if a.combo is None}
    if deal.to_move not in passed:
        return None
    last = deal.last_player
    assert last is not None
    seat = deal.to_move
    while seat != last and (seat in passed or not deal.cards_left(seat)):
        seat = (seat + 1) % 4
    if seat == last and not deal.cards_left(last):
        seat = partner_of(last)
    return None if seat == deal.to_move else Solution(seat, "", ())


@dataclass(frozen=True)
class Lens:
    """How one misconception answers puzzles of the kinds it knows."""

    answers: dict[PuzzleKind, LensFn]
    explainers: dict[PuzzleKind, Callable[[Any, Any, str, Solution], bool]] = \
        dataclasses.field(default_factory=dict)

    def answer(self, kind: PuzzleKind, setup: Any, question: str,
               solution: Solution) -> Solution | None:
        """Returns the answer the learner would give, or ``None`` when the idea changes nothing."""
        fn = self.answers.get(kind)
        return None if fn is None else fn(setup, question, solution)

    def explains(self, kind: PuzzleKind, answer: Any, setup: Any, question: str,
                 solution: Solution) -> bool:
        """Tells whether this idea explains a (wrong) answer."""
        if kind in self.explainers:
            return self.explainers[kind](answer, setup, question, solution)
        said = self.answer(kind, setup, question, solution)
        if said is None:
            return False
        return bool(answer == said.answer) or spec(kind).is_correct(answer, said, setup, question)


def _play_lens(m: Misread) -> Lens:
    return Lens(_misread_lens(m), {PuzzleKind.FIND_PLAY: _find_explains(m)})


_level_vs_ace = _play_lens(NaturalOrder())
_level_vs_ace.answers[PuzzleKind.TRIBUTE] = _tribute_lens(_by_natural)

#: The lens of every misconception in the catalogue, by id.
LENSES: dict[str, Lens] = {
    "pair-vs-single": _play_lens(PairOnSingle()),
    "different-forms": _play_lens(AnyForm()),
    "level-card-vs-ace": _level_vs_ace,
    "ace-low-keyed-high": _play_lens(AceHigh()),
    "straight-flush-vs-five-bomb": _play_lens(FiveOverFlush()),
    "flush-is-straight": _play_lens(FlushIsStraight()),
    "equal-beats": _play_lens(EqualBeats()),
    "bomb-rank-over-size": _play_lens(RankBeforeSize()),
    "joker-pair-mixed": _play_lens(MixedJokers()),
    "wrap-around": _play_lens(WrapAround()),
    "suit-breaks-ties": _play_lens(SuitTies()),
    "wild-is-joker": _play_lens(WildAsJoker()),
    "wild-for-joker": _play_lens(WildForJoker()),
    "level-rank-in-sequence": _play_lens(LevelOutOfSequence()),
    "full-house-by-pair": _play_lens(FullHouseByPair()),
    "long-straight": _play_lens(LongStraight()),
    "promotion-from-active-level": Lens({PuzzleKind.NEXT_LEVEL: _promotion_from_active}),
    "reaching-a-wins": Lens({PuzzleKind.NEXT_LEVEL: _match_lens(_reached_a)}),
    "win-at-a-first-fourth": Lens({PuzzleKind.NEXT_LEVEL: _match_lens(_first_fourth_at_a)}),
    "win-at-a-not-declaring": Lens({PuzzleKind.NEXT_LEVEL: _match_lens(_at_a_not_declaring)}),
    "tribute-wild-heart": Lens({PuzzleKind.TRIBUTE: _tribute_lens(_with_wild)}),
    "double-tribute-equal": Lens({PuzzleKind.TRIBUTE: _double_equal}),
    "leader-after-tribute-first": Lens({PuzzleKind.TRIBUTE: _first_leads}),
    "tribute-partner-exempt": Lens({PuzzleKind.TRIBUTE: _partner_exempt}),
    "return-ace": Lens({PuzzleKind.TRIBUTE: _return_lens(lambda c, lv: c.rank is Rank.ACE)}),
    "return-level-rank": Lens({PuzzleKind.TRIBUTE: _return_lens(
        lambda c, lv: c.rank is lv and c.rank.natural <= 10)}),
    "partner-leads-next-seat": Lens({PuzzleKind.WHO_LEADS: _next_seat}),
    "pass-drops-out": Lens({PuzzleKind.WHO_LEADS: _pass_drops_out}),
}


def for_kind(kind: PuzzleKind) -> list[Misconception]:
    """Returns the misconceptions that show in puzzles of one kind, in catalogue order."""
    return [m for m in catalogue().values() if kind in m.kinds]


def wrong_answers(kind: PuzzleKind, setup: Any, question: str,
                  solution: Solution) -> list[tuple[str, Solution]]:
    """Returns (misconception id, answer) for every idea that changes this puzzle's answer."""
    out = []
    for m in for_kind(kind):
        said = LENSES[m.id].answer(kind, setup, question, solution)
        if said is not None:
            out.append((m.id, said))
    return out


def explain(kind: PuzzleKind, answer: Any, setup: Any, question: str,
            solution: Solution) -> Misconception | None:
    """Returns the first misconception (in catalogue order) that explains a wrong answer."""
    for m in for_kind(kind):
        if LENSES[m.id].explains(kind, answer, setup, question, solution):
            return m
    return None


__all__ = ["LENSES", "Misconception", "Misread", "catalogue", "explain", "for_kind",
           "wrong_answers"]
