"""classify: what combination is this, keyed by which rank? (the strongest reading)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Rank
from ...combo import Kind, classify
from ...messages import say
from ...reason import Reason
from ..answers import Reading, read_cards, read_reading
from ..explain import EngineWords, no_combination
from ..layout import ReadingAnswer, Row, Shape
from ..misconceptions import MISREADS, Misread
from ..model import Solution
from ..pool import BJ, RJ, Pool, build, cards_text, draw_key, draw_level
from .base import (
    KIND_CLAUSES,
    Built,
    KindSpec,
    LensFn,
    cards_row,
    cards_words,
    declarations,
    get,
    joined,
    kind_reason,
    level_of,
    level_row,
    play_words,
    reading_clauses,
    show_reading,
)


@dataclass(frozen=True)
class CardsSetup:
    """Cards to read at a level."""

    level: Rank
    cards: tuple[Card, ...]


class Classify(KindSpec):
    """What combination is this, keyed by which rank? (the strongest reading)."""

    name = "classify"
    order = 20
    setup_type = CardsSetup
    questions = ("strongest",)
    title_key = "widget.quiz.title.classify"
    topic_key = "worksheet.kind.classify"

    def read_setup(self, raw: Mapping[str, Any], question: str) -> CardsSetup:
        level = level_of(raw)
        return CardsSetup(level, tuple(read_cards(get(raw, "cards"), "setup.cards")))

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
            reasons, clauses = no_combination(setup.cards, setup.level)
            return Solution(Reading(None), reasons, clauses, readings)
        best = readings[0]
        text = [Reason.of("exercise.classify.explain", None, cards=cards_words(setup.cards),
                          play=play_words(best))]
        declared = declarations(best, others_only=True)
        if declared:  # a wild heart standing for itself is not declared (§03.5)
            text.append(Reason.of("exercise.classify.wilds", None, declared=declared))
        others = list(dict.fromkeys(r.classes for r in readings[1:]))
        if others and others != [best.classes]:
            firsts = {r.classes: r for r in reversed(readings[1:])}
            text.append(Reason.of("exercise.classify.others", None, others=joined(
                [play_words(firsts[c]) for c in others], "; ")))
        clauses = reading_clauses(best)
        text.append(Reason.of("exercise.see", None, clauses=", ".join(clauses)))
        return Solution(Reading(best.kind, best.rank), tuple(text), clauses, readings)

    def why_wrong(self, answer: Reading, setup: CardsSetup, question: str) -> Reason | None:
        cards = cards_words(setup.cards)
        readings = classify(setup.cards, setup.level)
        if answer.kind is None:
            return (Reason.of("exercise.why.classify.is_play", "§04.1", cards=cards)
                    if readings else None)
        given = EngineWords(lambda: show_reading(answer, len(setup.cards)))
        same = [r for r in readings if r.kind is answer.kind
                and (answer.rank is None or r.rank is answer.rank)]
        if same:
            return Reason.of("exercise.why.classify.weaker", reading_clauses(same[0]),
                             cards=cards, given=given)
        return Reason.of("exercise.why.classify.cannot", KIND_CLAUSES[answer.kind],
                         cards=cards, given=given)

    def layout(self, setup: CardsSetup, question: str) -> list[Row]:
        return [level_row(setup.level, setup.cards),
                cards_row("exercise.show.cards", "widget.quiz.the_cards", setup.cards,
                          setup.level)]

    def ask(self, setup: CardsSetup, question: str) -> str:
        return say("exercise.ask.classify")

    def answer_shape(self, setup: CardsSetup, question: str) -> Shape:
        return ReadingAnswer()

    def hints(self, setup: CardsSetup, question: str, solution: Solution) -> tuple[Reason, ...]:
        wilds = sum(1 for c in setup.cards if c.is_wild(setup.level))
        concept = Reason.of("exercise.hint.classify.count", None, count=len(setup.cards),
                            wilds=wilds, level=setup.level.value)
        answer: Reading = solution.answer
        if answer.kind is None:
            return concept, Reason.of("exercise.hint.classify.none")
        return concept, Reason.of("exercise.hint.classify.kind", None,
                                  kind=kind_reason(answer.kind))

    def distractors(self, setup: CardsSetup, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        answer = solution.answer
        readings = solution.detail
        out = [Reading(r.kind, r.rank) for r in readings[1:]]
        if answer.kind is not None and answer.rank is not None:
            v = answer.rank.natural
            out.append(Reading(answer.kind, Rank.from_natural(v + 1 if v < 14 else v - 1)))
            out.append(Reading(None))
        elif answer.kind is Kind.JOKER_BOMB:
            out += [Reading(Kind.PAIR, Rank.RED_JOKER), Reading(None)]
        else:
            naturals = [c for c in setup.cards if not c.is_joker]
            counted = Counter(c.rank for c in naturals)
            for rank, n in counted.most_common(2):
                out.append(Reading((Kind.SINGLE, Kind.PAIR, Kind.TRIPLE)[min(n, 3) - 1], rank))
            if naturals:
                top = max(naturals, key=lambda c: c.rank.natural).rank
                out.append(Reading(Kind.STRAIGHT if len(setup.cards) >= 5 else Kind.SINGLE,
                                   top))
        return out

    def lenses(self) -> dict[str, LensFn]:
        return {mid: _lens(m) for mid, m in MISREADS.items()}

    def build(self, rng: random.Random, d: int) -> Built | None:
        lv = draw_level(rng)
        pool = Pool(rng, lv)
        kinds = {1: [Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE, Kind.BOMB],
                 2: [Kind.STRAIGHT, Kind.TUBE, Kind.PLATE, Kind.STRAIGHT_FLUSH, Kind.BOMB,
                     Kind.FULL_HOUSE, Kind.JOKER_BOMB],
                 3: [Kind.STRAIGHT, Kind.TUBE, Kind.PLATE, Kind.STRAIGHT_FLUSH, Kind.BOMB,
                     Kind.FULL_HOUSE, Kind.PAIR]}[d]
        odd = rng.random() < 0.2
        if odd:
            shape = rng.choice({1: ["mixed", "joker_pair", "junk"], 2: ["wrap", "long", "junk"],
                                3: ["wild_joker", "level_seq", "wrap", "mixed"]}[d])
            if shape == "mixed":
                cards = [BJ, RJ]
            elif shape == "joker_pair":
                cards = [rng.choice([BJ, RJ])] * 2
            elif shape == "wild_joker":
                cards = [rng.choice([BJ, RJ]), pool.wild]
            elif shape == "wrap":
                start = rng.randint(10, 13)
                cards = [c for v in range(start, start + 5) for c in pool.rank((v - 2) % 13 + 2, 1)
                         or []]
            elif shape == "long":
                cards = pool.run(rng.randint(6, 14), rng.choice([6, 7]), 1) or []
            elif shape == "level_seq":
                top = rng.randint(max(5, lv.natural), min(14, lv.natural + 4))
                cards = pool.run(top, 5, 1) or []
            else:
                cards = pool.junk(rng.randint(3, 7), jokers=True)
        else:
            kind = rng.choice(kinds)
            wilds = 0 if d < 3 else rng.choice([1, 1, 2])
            built = build(pool, kind, draw_key(rng, kind, lv), rng.choice([4, 5, 6, 7, 8]), wilds)
            if built is None:
                return None
            cards = built
        if not cards:
            return None
        text = cards_text(cards)
        if d == 3:
            shuffled = list(cards)
            rng.shuffle(shuffled)
            text = " ".join(c.code for c in shuffled)
        return {"level": lv.value, "cards": text}, "strongest"


def _lens(m: Misread) -> LensFn:
    def lens(setup: CardsSetup, question: str, solution: Solution) -> Solution | None:
        best = m.best(m.readings(setup.cards, setup.level))
        said = Reading(None) if best is None else Reading(best.kind, best.rank)
        return None if said == solution.answer else Solution(said)

    return lens


SPEC = Classify()
