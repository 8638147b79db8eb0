"""The eight puzzle kinds: how each reads its setup and answers, and how the engine solves it.

Each kind is a ``KindSpec`` with the same small interface, so one loader, one grader and one
command line serve them all. Explanations come from the engine (``judge`` verdicts,
``Settlement`` and ``TributePlan`` explanations, the deal's own status line); this module only
frames them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cmp_to_key
from itertools import pairwise
from typing import Any

from ..cards import Card, Rank, check_counts, format_cards, wild_card
from ..combo import Combo, Kind, classify
from ..deal import Action, Deal
from ..errors import ExerciseError, GuandanError
from ..judge import Verdict, beats, describe, judge, why_no_combination
from ..level import Settlement, check_finish_order, last_seats, settle_deal
from ..messages import describe_bomb, rank_plural, rank_singular, say
from ..moves import hints as play_hints
from ..rules import DEFAULT, PRESETS, Rules
from ..tribute import TributePlan, check_return, plan_tribute
from .answers import (
    Declared,
    Reading,
    _words,
    read_cards,
    read_declared,
    read_level,
    read_reading,
    read_seat,
    read_seats,
    read_team,
    read_yes_no,
)
from .model import FieldError, PuzzleKind, Solution

_CLAUSE = re.compile(r"§\d\d\.\d+|V\d+")
LABELS = "ABCDEFGH"


def clauses_in(text: str) -> tuple[str, ...]:
    """Returns the clause ids a sentence cites, in order, once each.

    >>> clauses_in("Team 0 … (§07.2, §07.3). Team 1 stays (§07.3).")
    ('§07.2', '§07.3')
    """
    return tuple(dict.fromkeys(_CLAUSE.findall(text)))


def kind_name(kind: Kind) -> str:
    """Returns the learner's name of a form: "full house", "straight flush"…"""
    return say(f"exercise.kind.{kind.value}")


def yes_no(value: bool) -> str:
    """Returns "yes" or "no" in the learner's language."""
    return say("exercise.answer.yes" if value else "exercise.answer.no")


def ordinal(place: int) -> str:
    """Returns "1st", "2nd", "3rd" or "4th" in the learner's language."""
    return say(f"exercise.place.{place}")


#: The clauses that say what each form is and how it is keyed (§04, §05).
KIND_CLAUSES: dict[Kind, tuple[str, ...]] = {
    Kind.SINGLE: ("§04.1", "§03.1"), Kind.PAIR: ("§04.1", "§04.4"),
    Kind.TRIPLE: ("§04.1", "§04.4"), Kind.FULL_HOUSE: ("§04.1", "§04.4"),
    Kind.STRAIGHT: ("§04.1", "§04.5"), Kind.TUBE: ("§04.1", "§04.5"),
    Kind.PLATE: ("§04.1", "§04.5"), Kind.BOMB: ("§05.1", "§05.3"),
    Kind.STRAIGHT_FLUSH: ("§05.2", "§05.4"), Kind.JOKER_BOMB: ("§05.5",),
}


def reading_clauses(combo: Combo) -> tuple[str, ...]:
    """Returns the clauses behind one reading: its form, an ace played low, the wilds."""
    out = list(KIND_CLAUSES[combo.kind])
    if combo.kind.is_sequence and any(c.rank is Rank.ACE for c in combo.cards + combo.wilds) \
            and combo.rank is not Rank.ACE:
        out.append("§04.6")
    if combo.kind is Kind.JOKER_BOMB or (combo.kind is Kind.PAIR and combo.rank is not None
                                         and combo.rank.is_joker):
        out.append("§04.7" if combo.kind is Kind.PAIR else "§05.5")
    if combo.wilds:
        out += ["§03.3", "§03.4"]
    if combo.kind.is_sequence and any(c.rank is combo.level for c in combo.cards
                                      if not c.is_wild(combo.level)):
        out.append("§03.6")
    return tuple(dict.fromkeys(out))


def show_reading(reading: Reading, size: int | None = None) -> str:
    """Returns a learner's reading in words: "a pair of 8s", "a bomb of 8s", "no combination"."""
    kind, rank = reading.kind, reading.rank
    if kind is None:
        return say("exercise.reading.none")
    if kind is Kind.JOKER_BOMB:
        return say("describe.joker_bomb")
    assert rank is not None
    if kind is Kind.BOMB:
        if size:
            return describe_bomb(size, rank_plural(rank))
        return say("exercise.reading.bomb", ranks=rank_plural(rank))
    if kind is Kind.SINGLE or kind.is_sequence:
        return say(f"describe.{kind.value}", name=rank_singular(rank))
    return say(f"describe.{kind.value}", ranks=rank_plural(rank))


def _level_line(level: Rank) -> str:
    return say("exercise.show.level", level=level.value, wild=str(wild_card(level)))


def _table_line(table: Combo | None) -> str:
    if table is None:
        return say("exercise.show.lead")
    return say("exercise.show.table", cards=str(table), play=describe(table))


def _as_text(value: object) -> str:
    return value if isinstance(value, str) else repr(value)


# -- Common setup fields ---------------------------------------------------------------------


def _get(raw: Mapping[str, Any], name: str, default: Any = ...) -> Any:
    if name in raw and raw[name] is not None:
        return raw[name]
    if default is ...:
        raise FieldError(f"setup.{name}", say("exercise.setup.missing", field=name))
    return default


def _level(raw: Mapping[str, Any], name: str = "level") -> Rank:
    return read_level(_get(raw, name), f"setup.{name}")


def _table(raw: Mapping[str, Any], level: Rank) -> Combo | None:
    value = raw.get("table")
    cards = read_cards(value, "setup.table", empty=True)
    if not cards:
        return None
    wilds = raw.get("table_wilds")
    try:
        declared = None if wilds is None else read_cards(wilds, "setup.table_wilds")
        return Combo.of(cards, level, wilds=declared)
    except GuandanError as err:
        raise FieldError("setup.table", err.message, err.clause) from None


def _counts(field: str, *groups: Sequence[Card]) -> None:
    try:
        check_counts([c for g in groups for c in g])
    except GuandanError as err:
        raise FieldError(field, err.message, err.clause) from None


def read_rules(value: object, field: str = "setup.rules") -> Rules:
    """Reads table options: a preset name ("default", "tournament", "casual") or a mapping of
    ``Rules`` fields such as ``{tribute: false}``."""
    if value is None:
        return DEFAULT
    if isinstance(value, str) and value.strip().lower() in PRESETS:
        return PRESETS[value.strip().lower()]
    if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
        try:
            return Rules(**value)
        except TypeError:
            pass
        except GuandanError as err:
            raise FieldError(field, err.message, err.clause) from None
    raise FieldError(field, say("exercise.setup.rules", value=_as_text(value),
                                presets=", ".join(PRESETS)))


# -- The interface ----------------------------------------------------------------------------


class KindSpec:
    """What every puzzle kind provides; subclasses fill it in."""

    kind: PuzzleKind
    #: The questions this kind can ask; the first is the default.
    questions: tuple[str, ...] = ()

    def read_setup(self, raw: Mapping[str, Any], question: str) -> Any:
        """Reads and checks the setup; raises ``FieldError`` naming the field."""
        raise NotImplementedError

    def read_answer(self, value: object, setup: Any, question: str,
                    field: str = "answer") -> Any:
        """Reads an answer in any accepted format; raises ``FieldError`` saying what to write."""
        raise NotImplementedError

    def write_answer(self, answer: Any, setup: Any, question: str) -> Any:
        """Returns the answer as plain data in the format of the exercise files."""
        raise NotImplementedError

    def show_answer(self, answer: Any, setup: Any, question: str) -> str:
        """Returns the answer in words for the learner."""
        raise NotImplementedError

    def solve(self, setup: Any, question: str) -> Solution:
        """Returns the engine's answer, explanation and clauses."""
        raise NotImplementedError

    def is_correct(self, answer: Any, solution: Solution, setup: Any, question: str) -> bool:
        """Tells whether a (read) answer is right; most kinds have exactly one right answer."""
        return bool(answer == solution.answer)

    def why_wrong(self, answer: Any, setup: Any, question: str) -> str | None:
        """Returns the engine's sentence about a wrong answer itself, when it has one."""
        return None

    def show_setup(self, setup: Any, question: str) -> list[str]:
        """Returns the setup as sentences, one a line."""
        raise NotImplementedError

    def ask(self, setup: Any, question: str) -> str:
        """Returns the question sentence, saying how to answer."""
        raise NotImplementedError

    def hints(self, setup: Any, question: str, solution: Solution) -> list[str]:
        """Returns the concept hint and the nearly-the-answer hint (the clause hint is shared)."""
        raise NotImplementedError


# -- legal_play --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaySetup:
    """A play to judge on a table (``None`` for a lead) at a level."""

    level: Rank
    play: tuple[Card, ...]
    table: Combo | None


class LegalPlay(KindSpec):
    """May these cards be played on this table at this level? (yes or no, and why)."""

    kind = PuzzleKind.LEGAL_PLAY
    questions = ("legal",)

    def read_setup(self, raw: Mapping[str, Any], question: str) -> PlaySetup:
        level = _level(raw)
        play = read_cards(_get(raw, "play"), "setup.play")
        table = _table(raw, level)
        _counts("setup.play", play, table.cards if table else ())
        return PlaySetup(level, tuple(play), table)

    def read_answer(self, value: object, setup: PlaySetup, question: str,
                    field: str = "answer") -> bool:
        return read_yes_no(value, field)

    def write_answer(self, answer: bool, setup: PlaySetup, question: str) -> bool:
        return answer

    def show_answer(self, answer: bool, setup: PlaySetup, question: str) -> str:
        return yes_no(answer)

    def solve(self, setup: PlaySetup, question: str) -> Solution:
        v = judge(setup.play, setup.table, setup.level)
        return Solution(v.legal, v.reason, (v.clause,), v)

    def show_setup(self, setup: PlaySetup, question: str) -> list[str]:
        return [_level_line(setup.level), _table_line(setup.table),
                say("exercise.show.play", cards=format_cards(setup.play))]

    def ask(self, setup: PlaySetup, question: str) -> str:
        return say("exercise.ask.legal_play")

    def hints(self, setup: PlaySetup, question: str, solution: Solution) -> list[str]:
        readings = classify(setup.play, setup.level)
        if not readings:
            return [say("exercise.hint.legal_play.no_reading"),
                    say("exercise.hint.legal_play.forms")]
        concept = say("exercise.hint.legal_play.reading", cards=format_cards(setup.play),
                      play=describe(readings[0]))
        if setup.table is None:
            return [concept, say("exercise.hint.legal_play.lead")]
        return [concept, say("exercise.hint.legal_play.compare", play=describe(readings[0]),
                             table=describe(setup.table))]


# -- classify ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardsSetup:
    """Cards to read at a level."""

    level: Rank
    cards: tuple[Card, ...]


class Classify(KindSpec):
    """What combination is this, keyed by which rank? (the strongest reading)."""

    kind = PuzzleKind.CLASSIFY
    questions = ("strongest",)

    def read_setup(self, raw: Mapping[str, Any], question: str) -> CardsSetup:
        level = _level(raw)
        return CardsSetup(level, tuple(read_cards(_get(raw, "cards"), "setup.cards")))

    def read_answer(self, value: object, setup: CardsSetup, question: str,
                    field: str = "answer") -> Reading:
        return read_reading(value, field)

    def write_answer(self, answer: Reading, setup: CardsSetup, question: str) -> str:
        return answer.code()

    def show_answer(self, answer: Reading, setup: CardsSetup, question: str) -> str:
        return show_reading(answer, len(setup.cards))

    def solve(self, setup: CardsSetup, question: str) -> Solution:
        readings = classify(setup.cards, setup.level)
        if not readings:
            reason, clause = why_no_combination(setup.cards, setup.level)
            return Solution(Reading(None), reason, (clause,), readings)
        best = readings[0]
        text = [say("exercise.classify.explain", cards=format_cards(setup.cards),
                    play=describe(best))]
        if best.wilds:
            text.append(say("exercise.classify.wilds", declared=_declarations(best)))
        others = list(dict.fromkeys(describe(r) for r in readings[1:]))
        if others and others != [describe(best)]:
            text.append(say("exercise.classify.others", others="; ".join(others)))
        clauses = reading_clauses(best)
        text.append(say("exercise.see", clauses=", ".join(clauses)))
        return Solution(Reading(best.kind, best.rank), " ".join(text), clauses, readings)

    def show_setup(self, setup: CardsSetup, question: str) -> list[str]:
        return [_level_line(setup.level),
                say("exercise.show.cards", cards=format_cards(setup.cards))]

    def ask(self, setup: CardsSetup, question: str) -> str:
        return say("exercise.ask.classify")

    def hints(self, setup: CardsSetup, question: str, solution: Solution) -> list[str]:
        wilds = sum(1 for c in setup.cards if c.is_wild(setup.level))
        concept = say("exercise.hint.classify.count", count=len(setup.cards), wilds=wilds,
                      level=setup.level.value)
        answer: Reading = solution.answer
        if answer.kind is None:
            return [concept, say("exercise.hint.classify.none")]
        return [concept, say("exercise.hint.classify.kind", kind=kind_name(answer.kind))]


def _declarations(combo: Combo) -> str:
    return ", ".join(say("exercise.declared", wild=str(w), card=str(d))
                     for w, d in zip(combo.wild_cards, combo.wilds, strict=True))


# -- strongest --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaysSetup:
    """Labelled plays (A, B, C…) at a level, each read at its strongest."""

    level: Rank
    plays: tuple[Combo, ...]

    @property
    def labels(self) -> str:
        """Returns the labels in order: "ABC"."""
        return LABELS[:len(self.plays)]


def _compare(a: Combo, b: Combo) -> int:
    return -1 if beats(a, b) else 1


class Strongest(KindSpec):
    """Which of these plays wins, or what is their order of strength?"""

    kind = PuzzleKind.STRONGEST
    questions = ("winner", "order")

    def read_setup(self, raw: Mapping[str, Any], question: str) -> PlaysSetup:
        level = _level(raw)
        items = _get(raw, "plays")
        if not isinstance(items, list) or not 2 <= len(items) <= len(LABELS):
            raise FieldError("setup.plays", say("exercise.setup.plays", most=len(LABELS)))
        plays: list[Combo] = []
        for i, item in enumerate(items):
            cards = read_cards(item, f"setup.plays[{i}]")
            readings = classify(cards, level) if len(cards) < 11 else []
            if not readings:
                reason, clause = why_no_combination(cards, level)
                raise FieldError(f"setup.plays[{i}]", reason, clause)
            plays.append(readings[0])
        _counts("setup.plays", *(p.cards for p in plays))
        for i, a in enumerate(plays):
            for j in range(i + 1, len(plays)):
                b = plays[j]
                if not beats(a, b) and not beats(b, a):
                    key = ("exercise.setup.tie" if a.kind is b.kind or (a.is_bomb and b.is_bomb)
                           else "exercise.setup.incomparable")
                    raise FieldError("setup.plays", say(key, a=LABELS[i], b=LABELS[j],
                                                        play_a=describe(a), play_b=describe(b)))
        return PlaysSetup(level, tuple(plays))

    def _label(self, value: object, setup: PlaysSetup, field: str) -> str:
        labels = setup.labels
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= len(labels):
            return labels[value - 1]
        if isinstance(value, str):
            text = value.strip().strip(".").upper()
            if text.startswith(("PLAY ", "JOGADA ", "JUGADA ")):
                text = text.split(None, 1)[1]
            if len(text) == 1 and text in labels:
                return text
            if text.isdigit() and 1 <= int(text) <= len(labels):
                return labels[int(text) - 1]
            try:
                cards = Counter(read_cards(value, field))
            except FieldError:
                cards = Counter()
            for label, play in zip(labels, setup.plays, strict=True):
                if cards and cards == Counter(play.cards):
                    return label
        raise FieldError(field, say("exercise.answer.label", value=_as_text(value),
                                    labels=", ".join(labels)))

    def read_answer(self, value: object, setup: PlaysSetup, question: str,
                    field: str = "answer") -> str | tuple[str, ...]:
        if question == "winner":
            return self._label(value, setup, field)
        if isinstance(value, str):
            words = [w for w in re.split(r"[\s,;>]+", value.strip()) if w]
            if len(words) == 1 and len(words[0]) == len(setup.plays) and words[0].isalpha():
                words = list(words[0])
        elif isinstance(value, list):
            words = value
        else:
            raise FieldError(field, say("exercise.answer.order", value=_as_text(value),
                                        count=len(setup.plays)))
        order = tuple(self._label(w, setup, field) for w in words)
        if sorted(order) != list(setup.labels):
            raise FieldError(field, say("exercise.answer.order", value=_as_text(value),
                                        count=len(setup.plays)))
        return order

    def write_answer(self, answer: str | tuple[str, ...], setup: PlaysSetup,
                     question: str) -> str:
        return answer if isinstance(answer, str) else " ".join(answer)

    def show_answer(self, answer: str | tuple[str, ...], setup: PlaysSetup,
                    question: str) -> str:
        return answer if isinstance(answer, str) else " > ".join(answer)

    def ranking(self, setup: PlaysSetup) -> list[int]:
        """Returns the indexes of the plays, strongest first."""
        order = sorted(range(len(setup.plays)),
                       key=cmp_to_key(lambda i, j: _compare(setup.plays[i], setup.plays[j])))
        return order

    def solve(self, setup: PlaysSetup, question: str) -> Solution:
        order = self.ranking(setup)
        plays, labels = setup.plays, setup.labels
        if question == "winner":
            pairs = [(order[0], j) for j in order[1:]]
        else:
            pairs = list(pairwise(order))
        sentences, clauses = [], []
        for i, j in pairs:
            v = judge(plays[i].cards, plays[j], setup.level)
            sentences.append(say("exercise.strongest.pair", a=labels[i], b=labels[j],
                                 reason=v.reason))
            clauses.append(v.clause)
        answer = labels[order[0]] if question == "winner" else tuple(labels[i] for i in order)
        return Solution(answer, " ".join(sentences), tuple(dict.fromkeys(clauses)), order)

    def show_setup(self, setup: PlaysSetup, question: str) -> list[str]:
        return [_level_line(setup.level)] + [
            say("exercise.show.labelled", label=label, cards=str(play))
            for label, play in zip(setup.labels, setup.plays, strict=True)]

    def ask(self, setup: PlaysSetup, question: str) -> str:
        return say(f"exercise.ask.strongest.{question}")

    def hints(self, setup: PlaysSetup, question: str, solution: Solution) -> list[str]:
        concept = " ".join(say("exercise.hint.strongest.reading", label=label, play=describe(p))
                           for label, p in zip(setup.labels, setup.plays, strict=True))
        order: list[int] = solution.detail
        if question == "winner":
            best = setup.plays[order[0]]
            return [concept, say("exercise.hint.strongest.winner", kind=kind_name(best.kind),
                                 size=best.size)]
        return [concept, say("exercise.hint.strongest.weakest", label=setup.labels[order[-1]])]


# -- declare_wild -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DeclareSetup:
    """Cards holding wild hearts, what they must make (a form, or a play beating a table)."""

    level: Rank
    cards: tuple[Card, ...]
    make: Kind | None
    table: Combo | None
    candidates: tuple[Combo, ...]

    @property
    def wild_count(self) -> int:
        """Returns how many wild hearts the cards hold."""
        return sum(1 for c in self.cards if c.is_wild(self.level))


class DeclareWild(KindSpec):
    """What must the wild heart stand for to make this play?"""

    kind = PuzzleKind.DECLARE_WILD
    questions = ("declare",)

    def read_setup(self, raw: Mapping[str, Any], question: str) -> DeclareSetup:
        level = _level(raw)
        cards = read_cards(_get(raw, "cards"), "setup.cards")
        if not any(c.is_wild(level) for c in cards):
            raise FieldError("setup.cards", say("exercise.setup.no_wild",
                                                cards=format_cards(cards),
                                                wild=str(wild_card(level))))
        make = raw.get("make")
        if make is not None:
            try:
                make = Kind(str(make).strip().lower().replace(" ", "_"))
            except ValueError:
                raise FieldError("setup.make", say(
                    "exercise.setup.make", value=_as_text(make),
                    kinds=", ".join(k.value for k in Kind))) from None
        table = _table(raw, level)
        _counts("setup.cards", cards, table.cards if table else ())
        found = [r for r in classify(cards, level) if r.wilds
                 and (make is None or r.kind is make) and (table is None or beats(r, table))]
        if not found:
            raise FieldError("setup.cards", say("exercise.setup.no_declaration",
                                                cards=format_cards(cards)))
        return DeclareSetup(level, tuple(cards), make, table, tuple(found))

    def read_answer(self, value: object, setup: DeclareSetup, question: str,
                    field: str = "answer") -> tuple[Declared, ...]:
        declared = read_declared(value, field)
        if len(declared) != setup.wild_count:
            raise FieldError(field, say("exercise.answer.declared_count",
                                        count=setup.wild_count, given=len(declared)))
        return declared

    def write_answer(self, answer: tuple[Declared, ...], setup: DeclareSetup,
                     question: str) -> str:
        return " ".join(card.code if card is not None else rank.value for rank, card in answer)

    def show_answer(self, answer: tuple[Declared, ...], setup: DeclareSetup,
                    question: str) -> str:
        return " ".join(str(card) if card is not None else rank.value for rank, card in answer)

    def solve(self, setup: DeclareSetup, question: str) -> Solution:
        best = setup.candidates[0]
        answer: tuple[Declared, ...] = tuple(
            (d.rank, d if best.kind is Kind.STRAIGHT_FLUSH else None) for d in best.wilds)
        text = [say("exercise.declare.explain", declared=_declarations(best),
                    play=describe(best))]
        clauses = ["§03.3", "§03.4", *reading_clauses(best)]
        if setup.table is not None:
            v = judge(setup.cards, setup.table, setup.level)
            if v.combo == best:
                text.append(v.reason)
                clauses.append(v.clause)
        else:
            text.append(say("exercise.see", clauses=", ".join(dict.fromkeys(clauses))))
        return Solution(answer, " ".join(text), tuple(dict.fromkeys(clauses)), best)

    def is_correct(self, answer: tuple[Declared, ...], solution: Solution,
                   setup: DeclareSetup, question: str) -> bool:
        best: Combo = solution.detail
        if any(rank.is_joker for rank, _ in answer):
            return False
        if best.kind is Kind.STRAIGHT_FLUSH and any(
                card is not None and card.suit is not best.suit for _, card in answer):
            return False
        given = sorted(rank.natural for rank, _ in answer)
        if given == sorted(d.rank.natural for d in best.wilds):
            return True
        if best.kind is Kind.FULL_HOUSE:
            counts = Counter(c.rank for c in best.cards if not c.is_wild(setup.level))
            counts.update(rank for rank, _ in answer)
            pair = [r for r in counts if r is not best.rank]
            return counts[best.rank] == 3 and len(pair) == 1 and counts[pair[0]] == 2
        return False

    def show_setup(self, setup: DeclareSetup, question: str) -> list[str]:
        lines = [_level_line(setup.level),
                 say("exercise.show.cards", cards=format_cards(setup.cards))]
        if setup.table is not None:
            lines.append(_table_line(setup.table))
        return lines

    def ask(self, setup: DeclareSetup, question: str) -> str:
        if setup.make is not None:
            return say("exercise.ask.declare_wild.make", kind=kind_name(setup.make))
        if setup.table is not None:
            return say("exercise.ask.declare_wild.beat")
        return say("exercise.ask.declare_wild.strongest")

    def hints(self, setup: DeclareSetup, question: str, solution: Solution) -> list[str]:
        naturals = [c for c in setup.cards if not c.is_wild(setup.level)]
        best: Combo = solution.detail
        return [say("exercise.hint.declare_wild.naturals", cards=format_cards(naturals),
                    count=setup.wild_count),
                say("exercise.hint.declare_wild.play", play=describe(best))]


# -- find_play --------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandSetup:
    """A hand to play from, on a table (``None`` for a lead), at a level."""

    level: Rank
    hand: tuple[Card, ...]
    table: Combo | None


class FindPlay(KindSpec):
    """Pick cards from this hand that beat the table; any right selection is right."""

    kind = PuzzleKind.FIND_PLAY
    questions = ("beat",)

    def read_setup(self, raw: Mapping[str, Any], question: str) -> HandSetup:
        level = _level(raw)
        hand = read_cards(_get(raw, "hand"), "setup.hand")
        if len(hand) > 27:
            raise FieldError("setup.hand", say("deal.hand_too_big", seat=0, count=len(hand)),
                             "§02.3")
        table = _table(raw, level)
        _counts("setup.hand", hand, table.cards if table else ())
        return HandSetup(level, tuple(hand), table)

    def read_answer(self, value: object, setup: HandSetup, question: str,
                    field: str = "answer") -> tuple[Card, ...] | None:
        if value is None or value is False or (
                isinstance(value, str) and value.strip().lower().rstrip(".!") in
                _pass_words()):
            return None
        return tuple(sorted(read_cards(value, field), key=lambda c: c.index))

    def write_answer(self, answer: tuple[Card, ...] | None, setup: HandSetup,
                     question: str) -> str:
        return "pass" if answer is None else " ".join(c.code for c in answer)

    def show_answer(self, answer: tuple[Card, ...] | None, setup: HandSetup,
                    question: str) -> str:
        return say("exercise.answer.pass") if answer is None else format_cards(answer)

    def solve(self, setup: HandSetup, question: str) -> Solution:
        plays = play_hints(setup.hand, setup.table, setup.level)
        if not plays:
            assert setup.table is not None
            return Solution(None, say("exercise.find.none", table=describe(setup.table)),
                            ("§06.3",), plays)
        best = plays[0]
        v = judge(best.cards, setup.table, setup.level, kind=best.kind, rank=best.rank,
                  wilds=best.wilds)
        key = "exercise.find.explain" if setup.table is not None else "exercise.find.explain_lead"
        text = say(key, cards=str(best), reason=v.reason, count=len(plays))
        answer = tuple(sorted(best.cards, key=lambda c: c.index))
        return Solution(answer, text, (v.clause,), plays)

    def verdict(self, answer: tuple[Card, ...], setup: HandSetup) -> Verdict:
        """Judges a selection, first checking that the hand holds it (§02.3)."""
        missing = Counter(answer) - Counter(setup.hand)
        if missing:
            return Verdict(False, None, say("exercise.find.not_held",
                                            missing=format_cards(list(missing.elements())),
                                            hand=format_cards(setup.hand)), "§02.3")
        return judge(answer, setup.table, setup.level)

    def is_correct(self, answer: tuple[Card, ...] | None, solution: Solution, setup: HandSetup,
                   question: str) -> bool:
        if answer is None or solution.answer is None:
            return answer is None and solution.answer is None
        return self.verdict(answer, setup).legal

    def why_wrong(self, answer: tuple[Card, ...] | None, setup: HandSetup,
                  question: str) -> str | None:
        if answer is None:
            return say("exercise.find.could_beat")
        v = self.verdict(answer, setup)
        return None if v.legal else v.reason

    def show_setup(self, setup: HandSetup, question: str) -> list[str]:
        return [_level_line(setup.level), _table_line(setup.table),
                say("exercise.show.hand", cards=format_cards(setup.hand))]

    def ask(self, setup: HandSetup, question: str) -> str:
        key = "exercise.ask.find_play.lead" if setup.table is None else "exercise.ask.find_play"
        return say(key)

    def hints(self, setup: HandSetup, question: str, solution: Solution) -> list[str]:
        plays: list[Combo] = solution.detail
        if setup.table is None:
            concept = say("exercise.hint.find_play.lead")
        else:
            concept = say("exercise.hint.find_play.need", table=describe(setup.table))
        if not plays:
            return [concept, say("exercise.hint.find_play.nothing")]
        return [concept, say("exercise.hint.find_play.look", play=describe(plays[0]))]


def _pass_words() -> set[str]:
    return _words("exercise.words.pass")


# -- next_level -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SettleSetup:
    """Both teams' levels, the declarers, a finishing order and the table's options."""

    levels: tuple[Rank, Rank]
    declarers: int | None
    finish: tuple[int, ...]
    rules: Rules
    attempts: tuple[int, int] | None
    settlement: Settlement


def _levels(value: object) -> tuple[Rank, Rank]:
    field = "setup.levels"
    items: list[Any]
    if isinstance(value, Mapping):
        keys = {str(k).strip().lower().replace("team", "").strip(): v for k, v in value.items()}
        if set(keys) != {"0", "1"}:
            raise FieldError(field, say("exercise.setup.levels", value=_as_text(value)))
        items = [keys["0"], keys["1"]]
    elif isinstance(value, str):
        pairs = dict(re.findall(r"(?i)\b(?:team|t)\s*([01])\s*[:=]?\s*(?:at\s+)?(?:level\s+)?"
                                r"(10|[2-9tjqka])\b", value))
        if len(pairs) == 2:
            items = [pairs["0"], pairs["1"]]
        else:
            items = [w for w in re.split(r"[\s,;]+", value.strip())
                     if w and w.lower() not in ("level", "levels", "and")]
    elif isinstance(value, list):
        items = value
    else:
        items = []
    if len(items) != 2:
        raise FieldError(field, say("exercise.setup.levels", value=_as_text(value)))
    return read_level(items[0], field), read_level(items[1], field)


class NextLevel(KindSpec):
    """After this finishing order: both levels, the next active level, or the match winner."""

    kind = PuzzleKind.NEXT_LEVEL
    questions = ("levels", "active_level", "match_winner")

    def read_setup(self, raw: Mapping[str, Any], question: str) -> SettleSetup:
        levels = _levels(_get(raw, "levels"))
        if "declarers" not in raw:
            raise FieldError("setup.declarers", say("exercise.setup.declarers"))
        declarers = read_team(raw["declarers"], "setup.declarers")
        finish = read_seats(_get(raw, "finish"), "setup.finish")
        try:
            check_finish_order(finish)
        except GuandanError as err:
            raise FieldError("setup.finish", err.message, err.clause) from None
        rules = read_rules(raw.get("rules"))
        attempts = raw.get("attempts")
        if attempts is not None:
            if not isinstance(attempts, list) or len(attempts) != 2:
                raise FieldError("setup.attempts", say("level.bad_attempts", value=attempts))
            attempts = (attempts[0], attempts[1])
        try:
            s = settle_deal(levels, declarers, finish, rules, attempts)
        except GuandanError as err:
            raise FieldError("setup", err.message, err.clause) from None
        return SettleSetup(levels, declarers, tuple(finish), rules, attempts, s)

    def read_answer(self, value: object, setup: SettleSetup, question: str,
                    field: str = "answer") -> Any:
        if question == "levels":
            try:
                return _levels(value)
            except FieldError as err:
                raise FieldError(field, say("exercise.answer.levels",
                                            value=_as_text(value))) from err
        if question == "active_level":
            return read_level(value, field)
        return read_team(value, field)

    def write_answer(self, answer: Any, setup: SettleSetup, question: str) -> Any:
        if question == "levels":
            return [answer[0].value, answer[1].value]
        if question == "active_level":
            return answer.value
        return "none" if answer is None else answer

    def show_answer(self, answer: Any, setup: SettleSetup, question: str) -> str:
        if question == "levels":
            return say("exercise.answer.levels_shown", a=answer[0].value, b=answer[1].value)
        if question == "active_level":
            return say("exercise.answer.level_shown", level=answer.value)
        return _team_words(answer)

    def solve(self, setup: SettleSetup, question: str) -> Solution:
        s = setup.settlement
        answer: Any = {"levels": (s.levels[0], s.levels[1]), "active_level": s.active_level,
                       "match_winner": s.match_winner}[question]
        return Solution(answer, s.explanation, s.clauses, s)

    def show_setup(self, setup: SettleSetup, question: str) -> list[str]:
        a, b = setup.levels
        lines = [say("exercise.show.levels", a=a.value, b=b.value)]
        if setup.declarers is None:
            lines.append(say("exercise.show.first_deal"))
        else:
            lines.append(say("exercise.show.declarers", team=setup.declarers,
                             level=setup.levels[setup.declarers].value))
        lines.append(say("exercise.show.finish", order=_finish_order(setup.finish)))
        if setup.attempts and any(setup.attempts):
            lines.append(say("exercise.show.attempts", a=setup.attempts[0],
                             b=setup.attempts[1]))
        if setup.rules.variants:
            lines += setup.rules.sentences()
        return lines

    def ask(self, setup: SettleSetup, question: str) -> str:
        return say(f"exercise.ask.next_level.{question}")

    def hints(self, setup: SettleSetup, question: str, solution: Solution) -> list[str]:
        s: Settlement = solution.detail
        concept = say("exercise.hint.next_level.winner", team=s.winner,
                      place=ordinal(s.partner_place))
        if question == "match_winner":
            if setup.declarers is None:
                return [concept, say("exercise.show.first_deal")]
            return [concept, say("exercise.hint.next_level.declarers", team=setup.declarers,
                                 level=setup.levels[setup.declarers].value)]
        return [concept, say("exercise.hint.next_level.gain", gained=s.gained,
                             old=s.previous_levels[s.winner].value)]


def _team_words(team: int | None) -> str:
    if team is None:
        return say("exercise.answer.nobody")
    return say("exercise.answer.team_shown", team=team)


def _finish_order(finish: Sequence[int]) -> str:
    return ", ".join(say("exercise.show.finished_place", seat=s, place=ordinal(i + 1))
                     for i, s in enumerate(finish))


# -- tribute ----------------------------------------------------------------------------------


Pay = tuple[int, int, Card]


@dataclass(frozen=True)
class TributeSetup:
    """The previous finishing order, the new level and hands, or one proposed return."""

    level: Rank
    rules: Rules
    finish: tuple[int, ...] | None
    hands: Mapping[int, tuple[Card, ...]]
    plan: TributePlan | None
    receiver: int | None = None
    tribute_card: Card | None = None
    card: Card | None = None
    hand: tuple[Card, ...] | None = None


_PAY_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])\s*([CDHS♣♦♥♠])(?![A-Za-z])|"
                       r"(?<![A-Za-z])(RJ|BJ)(?![A-Za-z])", re.IGNORECASE)
_PAY_SEAT = re.compile(r"(?<![0-9A-Za-z])[0-3](?![0-9A-Za-z♣♦♥♠])")


def _one(value: object, field: str) -> Card:
    cards = read_cards(value, field)
    if len(cards) != 1:
        raise FieldError(field, say("return.one_card", count=len(cards)), "§08.2")
    return cards[0]


class Tribute(KindSpec):
    """Who pays whom which card, may this card be returned, who leads the new deal?"""

    kind = PuzzleKind.TRIBUTE
    questions = ("payments", "leader", "return")

    def _hands(self, value: object) -> dict[int, tuple[Card, ...]]:
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise FieldError("setup.hands", say("tribute.bad_hands", value=_as_text(value)))
        out = {}
        for key, cards in value.items():
            seat = read_seat(key, "setup.hands")
            assert seat is not None
            out[seat] = tuple(read_cards(cards, f"setup.hands.{seat}"))
        _counts("setup.hands", *out.values())
        return out

    def read_setup(self, raw: Mapping[str, Any], question: str) -> TributeSetup:
        level = _level(raw)
        rules = read_rules(raw.get("rules"))
        hands = self._hands(raw.get("hands"))
        finish: tuple[int, ...] | None = None
        plan = None
        if raw.get("finish") is not None or question != "return":
            finish = tuple(read_seats(_get(raw, "finish"), "setup.finish"))
            try:
                check_finish_order(finish)
            except GuandanError as err:
                raise FieldError("setup.finish", err.message, err.clause) from None
            try:
                plan = plan_tribute(finish, hands, level, rules)
            except GuandanError as err:
                raise FieldError("setup.hands", err.message, err.clause) from None
        if question != "return":
            return TributeSetup(level, rules, finish, hands, plan)
        card = _one(_get(raw, "card"), "setup.card")
        receiver = None
        if raw.get("tribute_card") is not None:
            tribute = _one(raw["tribute_card"], "setup.tribute_card")
        elif plan is None or finish is None:
            raise FieldError("setup.tribute_card", say("exercise.setup.missing",
                                                       field="tribute_card"))
        else:
            receiver = read_seat(raw.get("receiver", finish[0]), "setup.receiver")
            assert receiver is not None
            try:
                tribute = plan.payment_to(receiver).card
            except GuandanError as err:
                raise FieldError("setup.receiver", err.message, err.clause) from None
        hand = raw.get("hand")
        held = None if hand is None else tuple(read_cards(hand, "setup.hand"))
        if held is not None:
            _counts("setup.hand", held)
        return TributeSetup(level, rules, finish, hands, plan, receiver, tribute, card, held)

    def _payment(self, text: str, field: str) -> Pay:
        cards = _PAY_CARD.findall(text)
        seats = _PAY_SEAT.findall(_PAY_CARD.sub(" ", text))
        if len(cards) != 1 or len(seats) != 2:
            raise FieldError(field, say("exercise.answer.payment", value=text))
        rank, suit, joker = cards[0]
        card = read_cards(joker or rank + suit, field)[0]
        return int(seats[0]), int(seats[1]), card

    def read_answer(self, value: object, setup: TributeSetup, question: str,
                    field: str = "answer") -> Any:
        if question == "return":
            return read_yes_no(value, field)
        if question == "leader":
            return read_seat(value, field)
        if value is None or value is False or (isinstance(value, str) and value.strip().lower()
                                               .rstrip(".!") in _no_tribute_words()):
            return ()
        if isinstance(value, str):
            items: list[Any] = [p for p in re.split(r"[;\n]+|\band\b", value) if p.strip()]
        elif isinstance(value, list):
            items = value
        else:
            raise FieldError(field, say("exercise.answer.payment", value=_as_text(value)))
        pays = []
        for item in items:
            if not isinstance(item, str):
                raise FieldError(field, say("exercise.answer.payment", value=_as_text(item)))
            pays.append(self._payment(item, field))
        return tuple(sorted(pays, key=lambda p: p[1]))

    def write_answer(self, answer: Any, setup: TributeSetup, question: str) -> Any:
        if question in ("return", "leader"):
            return answer
        if not answer:
            return "none"
        return [f"{p} gives {c.code} to {r}" for p, r, c in answer]

    def show_answer(self, answer: Any, setup: TributeSetup, question: str) -> str:
        if question == "return":
            return yes_no(answer)
        if question == "leader":
            return say("exercise.answer.seat_shown", seat=answer)
        if not answer:
            return say("exercise.answer.no_tribute")
        return "; ".join(say("exercise.answer.payment_shown", payer=p, receiver=r, card=str(c))
                         for p, r, c in answer)

    def solve(self, setup: TributeSetup, question: str) -> Solution:
        if question == "return":
            assert setup.card is not None and setup.tribute_card is not None
            v = check_return(setup.card, setup.level, setup.tribute_card, setup.rules,
                             setup.hand)
            return Solution(v.legal, v.reason, (v.clause,), v)
        plan = setup.plan
        assert plan is not None
        text = plan.explanation
        if question == "leader":
            return Solution(plan.leader, text, clauses_in(text), plan)
        pays = tuple(sorted(((p.payer, p.receiver, p.card) for p in plan.payments),
                            key=lambda p: p[1]))
        return Solution(pays, text, clauses_in(text), plan)

    def is_correct(self, answer: Any, solution: Solution, setup: TributeSetup,
                   question: str) -> bool:
        if question != "payments":
            return bool(answer == solution.answer)
        if [(p, r) for p, r, _ in answer] != [(p, r) for p, r, _ in solution.answer]:
            return False
        for (payer, _, card), (_, _, right) in zip(answer, solution.answer, strict=True):
            if card.rank is not right.rank or card.is_wild(setup.level):
                return False
            if payer in setup.hands and card not in setup.hands[payer]:
                return False
        return True

    def show_setup(self, setup: TributeSetup, question: str) -> list[str]:
        lines = []
        if setup.finish is not None:
            lines.append(say("exercise.show.previous", order=_finish_order(setup.finish)))
        lines.append(say("exercise.show.new_level", level=setup.level.value,
                         wild=str(wild_card(setup.level))))
        if question != "return":
            lines += [say("exercise.show.seat_hand", seat=s, cards=format_cards(h))
                      for s, h in sorted(setup.hands.items())]
        else:
            assert setup.card is not None and setup.tribute_card is not None
            lines.append(say("exercise.show.return", card=str(setup.card),
                             tribute=str(setup.tribute_card)))
            if setup.hand is not None:
                lines.append(say("exercise.show.receiver_hand", cards=format_cards(setup.hand)))
        if setup.rules.variants:
            lines += setup.rules.sentences()
        return lines

    def ask(self, setup: TributeSetup, question: str) -> str:
        return say(f"exercise.ask.tribute.{question}")

    def hints(self, setup: TributeSetup, question: str, solution: Solution) -> list[str]:
        if question == "return":
            assert setup.card is not None and setup.tribute_card is not None
            return [say("exercise.hint.tribute.return_rank", card=str(setup.card),
                        level=setup.level.value),
                    say("exercise.hint.tribute.return_received", card=str(setup.tribute_card))]
        assert setup.finish is not None and setup.plan is not None
        lasts = last_seats(setup.finish)
        concept = say("exercise.hint.tribute.last", first=setup.finish[0],
                      seats=", ".join(str(s) for s in lasts))
        plan = setup.plan
        if plan.cancelled:
            return [concept, say("exercise.hint.tribute.cancelled")]
        pay = plan.payments[0]
        if question == "leader":
            return [concept, say("tribute.payment", payer=pay.payer, receiver=pay.receiver,
                                 card=str(pay.card))]
        return [concept, say("exercise.hint.tribute.card", seat=pay.payer, card=str(pay.card))]


def _no_tribute_words() -> set[str]:
    return _words("exercise.words.no_tribute")


# -- who_leads --------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealSetup:
    """A deal position: the hands, level, leader and seats out, then the actions taken."""

    deal: Deal
    actions: tuple[str, ...]
    seat: int | None = None


def _hand_list(value: object) -> list[list[Card]]:
    if isinstance(value, Mapping):
        hands: list[object] = [None] * 4
        for key, cards in value.items():
            seat = read_seat(key, "setup.hands")
            assert seat is not None
            hands[seat] = cards
        value = ["" if h is None else h for h in hands]
    if not isinstance(value, list) or len(value) != 4:
        raise FieldError("setup.hands", say("deal.not_four_hands",
                                            count=len(value) if isinstance(value, list) else 0))
    return [read_cards(h, f"setup.hands[{i}]", empty=True) for i, h in enumerate(value)]


class WhoLeads(KindSpec):
    """After these plays and passes, whose turn is it (§06)? How many cards must a seat say?"""

    kind = PuzzleKind.WHO_LEADS
    questions = ("to_move", "card_count")

    def read_setup(self, raw: Mapping[str, Any], question: str) -> DealSetup:
        level = _level(raw)
        hands = _hand_list(_get(raw, "hands"))
        leader = read_seat(_get(raw, "leader"), "setup.leader")
        finished = read_seats(raw.get("finished") or [], "setup.finished")
        try:
            deal = Deal(hands, level, leader, finished)  # type: ignore[arg-type]
        except GuandanError as err:
            raise FieldError("setup.hands", err.message, err.clause) from None
        actions = raw.get("actions") or []
        if isinstance(actions, str):
            actions = [a for a in re.split(r"[;\n]+", actions) if a.strip()]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise FieldError("setup.actions", say("exercise.setup.actions"))
        for i, line in enumerate(actions):
            try:
                action = Action.parse(line, level)
                if action.combo is None:
                    deal.pass_turn(seat=action.seat)
                else:
                    wilds = action.combo.wilds if "=" in line else None
                    deal.play(list(action.combo.cards), wilds=wilds, seat=action.seat)
            except GuandanError as err:
                raise FieldError(f"setup.actions[{i}]", err.message, err.clause) from None
        seat = None
        if question == "card_count":
            seat = read_seat(_get(raw, "seat"), "setup.seat")
        return DealSetup(deal, tuple(a.strip() for a in actions), seat)

    def read_answer(self, value: object, setup: DealSetup, question: str,
                    field: str = "answer") -> int | None:
        if question == "to_move":
            return read_seat(value, field, nobody=True)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 27:
            return value
        if isinstance(value, str):
            text = value.strip().lower()
            if text.isdigit() and int(text) <= 27:
                return int(text)
            if text.rstrip(".") in _words("exercise.words.many"):
                return None
        raise FieldError(field, say("exercise.answer.count", value=_as_text(value)))

    def write_answer(self, answer: int | None, setup: DealSetup, question: str) -> Any:
        if question == "to_move":
            return "nobody" if answer is None else answer
        return "more than 10" if answer is None else answer

    def show_answer(self, answer: int | None, setup: DealSetup, question: str) -> str:
        if question == "to_move":
            return say("exercise.answer.over") if answer is None else say(
                "exercise.answer.seat_shown", seat=answer)
        return say("exercise.answer.many") if answer is None else str(answer)

    def solve(self, setup: DealSetup, question: str) -> Solution:
        deal = setup.deal
        if question == "card_count":
            assert setup.seat is not None
            n = deal.card_count(setup.seat)
            if n is None:
                text = say("exercise.who.many", seat=setup.seat,
                           count=deal.cards_left(setup.seat))
            else:
                text = say("exercise.who.count", seat=setup.seat, count=n)
            return Solution(n, text, ("§06.9",), deal)
        status = deal.render_text().splitlines()[-1]
        clauses = clauses_in(status)
        if deal.trick == () and deal.history and not deal.is_over:
            clauses = ("§06.5", *clauses)
        return Solution(deal.to_move, status, tuple(dict.fromkeys(clauses)), deal)

    def show_setup(self, setup: DealSetup, question: str) -> list[str]:
        s = setup.deal.setup
        lines = [_level_line(s.level)]
        for seat, hand in enumerate(s.hands):
            if seat in s.finished:
                lines.append(say("exercise.show.seat_out", seat=seat))
            else:
                lines.append(say("exercise.show.seat_hand", seat=seat,
                                 cards=format_cards(hand)))
        lines.append(say("exercise.show.leader", seat=s.leader))
        for action in setup.deal.history:
            if action.combo is None:
                lines.append(say("exercise.show.passes", seat=action.seat))
            else:
                lines.append(say("exercise.show.plays", seat=action.seat,
                                 cards=str(action.combo)))
        return lines

    def ask(self, setup: DealSetup, question: str) -> str:
        if question == "card_count":
            return say("exercise.ask.who_leads.card_count", seat=setup.seat)
        return say("exercise.ask.who_leads.to_move")

    def hints(self, setup: DealSetup, question: str, solution: Solution) -> list[str]:
        deal = setup.deal
        if question == "card_count":
            assert setup.seat is not None
            return [say("exercise.hint.who_leads.count", seat=setup.seat),
                    say("exercise.hint.who_leads.ten")]
        last = next((a for a in reversed(deal.history) if a.combo is not None), None)
        if last is None:
            concept = say("exercise.show.leader", seat=deal.setup.leader)
        else:
            assert last.combo is not None
            concept = say("exercise.hint.who_leads.last", seat=last.seat,
                          play=describe(last.combo))
        passes = 0
        for action in reversed(deal.history):
            if action.combo is not None:
                break
            passes += 1
        out = [say("exercise.hint.who_leads.out", seats=", ".join(map(str, deal.finish_order)))
               ] if deal.finish_order else []
        near = say("exercise.hint.who_leads.passes", count=passes)
        return [concept, " ".join([near, *out])]


_SPECS: dict[PuzzleKind, KindSpec] = {s.kind: s for s in (
    LegalPlay(), Classify(), Strongest(), DeclareWild(), FindPlay(), NextLevel(), Tribute(),
    WhoLeads())}


def spec(kind: PuzzleKind | str) -> KindSpec:
    """Returns the handler of a puzzle kind."""
    try:
        return _SPECS[PuzzleKind(kind)]
    except ValueError:
        raise ExerciseError(say("exercise.generate.kind", kind=repr(kind)[:40],
                                kinds=", ".join(k.value for k in PuzzleKind))) from None
