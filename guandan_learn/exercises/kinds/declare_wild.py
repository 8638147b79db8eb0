"""declare_wild: what must the wild heart stand for to make this play?"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...cards import LEVELS, Card, Rank, Suit, format_cards, wild_card
from ...combo import Combo, Kind, classify
from ...judge import beats, judge
from ...messages import say
from ...reason import Reason
from ..answers import Declared, read_cards, read_declared
from ..explain import EngineWords, verdict_clauses, verdict_reasons
from ..layout import DeclaredAnswer, Row, Shape
from ..misconceptions import MISREADS, Misread
from ..model import FieldError, Solution
from ..pool import Pool, Setup, build, cards_text, draw_key, draw_level
from .base import (
    Built,
    KindSpec,
    LensFn,
    as_text,
    cards_row,
    cards_words,
    counts,
    declarations,
    get,
    kind_reason,
    level_of,
    level_row,
    play_words,
    reading_clauses,
    table_of,
    table_row,
)


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

    name = "declare_wild"
    order = 40
    setup_type = DeclareSetup
    questions = ("declare",)
    title_key = "widget.quiz.title.declare_wild"
    topic_key = "worksheet.kind.declare_wild"

    def read_setup(self, raw: Mapping[str, Any], question: str) -> DeclareSetup:
        level = level_of(raw)
        cards = read_cards(get(raw, "cards"), "setup.cards")
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
                    "exercise.setup.make", value=as_text(make),
                    kinds=", ".join(k.value for k in Kind))) from None
        table = table_of(raw, level)
        counts("setup.cards", cards, table.cards if table else ())
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
        text = [Reason.of("exercise.declare.explain", None, declared=declarations(best),
                          play=play_words(best))]
        clauses = ["§03.3", "§03.4", *reading_clauses(best)]
        cited: tuple[str, ...] | None = ()
        if setup.table is not None:
            v = judge(setup.cards, setup.table, setup.level)
            if v.combo == best:
                text += verdict_reasons(setup.cards, setup.table, setup.level, v)
                clauses += verdict_clauses(v)
                cited = verdict_clauses(v)
        else:
            text.append(Reason.of("exercise.see", None,
                                  clauses=", ".join(dict.fromkeys(clauses))))
            cited = None
        return Solution(answer, tuple(text), tuple(dict.fromkeys(clauses)), best, cited)

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
            return (best.rank is not None and counts[best.rank] == 3 and len(pair) == 1
                    and counts[pair[0]] == 2)
        return False

    def why_wrong(self, answer: tuple[Declared, ...], setup: DeclareSetup,
                  question: str) -> Reason | None:
        if any(rank.is_joker for rank, _ in answer):
            return Reason.of("exercise.why.declare.joker", "§03.8")
        ranks = sorted(rank.natural for rank, _ in answer)
        suits = [card for _, card in answer if card is not None]
        said = [r for r in classify(setup.cards, setup.level) if r.wilds
                and sorted(d.rank.natural for d in r.wilds) == ranks
                and all(card in r.wilds for card in suits)]
        cards = cards_words(setup.cards)
        declared = EngineWords(lambda: self.show_answer(answer, setup, question))
        if not said:
            return Reason.of("exercise.why.declare.none", "§03.4", declared=declared,
                             cards=cards)
        made = [r for r in said if setup.make is None or r.kind is setup.make]
        if not made:
            assert setup.make is not None
            return Reason.of("exercise.why.declare.not_make", reading_clauses(said[0]),
                             declared=declared, cards=cards, play=play_words(said[0]),
                             make=kind_reason(setup.make))
        play = made[0]
        if setup.table is not None and not beats(play, setup.table):
            v = judge(setup.cards, setup.table, setup.level, kind=play.kind, rank=play.rank,
                      wilds=play.wilds)
            return verdict_reasons(setup.cards, setup.table, setup.level, v)[0]
        return Reason.of("exercise.why.declare.weaker", reading_clauses(play),
                         declared=declared, cards=cards, play=play_words(play))

    def layout(self, setup: DeclareSetup, question: str) -> list[Row]:
        rows = [level_row(setup.level),
                cards_row("exercise.show.cards", "widget.quiz.the_cards", setup.cards,
                          setup.level)]
        if setup.table is not None:
            rows.append(table_row(setup.table))
        return rows

    def ask(self, setup: DeclareSetup, question: str) -> str:
        if setup.make is not None:
            return say("exercise.ask.declare_wild.make", kind=kind_reason(setup.make).text())
        if setup.table is not None:
            return say("exercise.ask.declare_wild.beat")
        return say("exercise.ask.declare_wild.strongest")

    def answer_shape(self, setup: DeclareSetup, question: str) -> Shape:
        wilds = tuple(c for c in setup.cards if c.is_wild(setup.level))
        palette: tuple[Card, ...] = ()
        if setup.candidates[0].kind is Kind.STRAIGHT_FLUSH:
            # The suit matters: the cards the wilds may stand for, in the naturals' suits.
            suits = sorted({c.suit for c in setup.cards if c.suit is not None
                            and not c.is_wild(setup.level)}, key=list(Suit).index)
            palette = tuple(Card(r, s) for s in suits for r in LEVELS)
        return DeclaredAnswer(wilds=wilds, level=setup.level, palette=palette)

    def hints(self, setup: DeclareSetup, question: str,
              solution: Solution) -> tuple[Reason, ...]:
        naturals = [c for c in setup.cards if not c.is_wild(setup.level)]
        best: Combo = solution.detail
        return (Reason.of("exercise.hint.declare_wild.naturals", None,
                          cards=cards_words(naturals), count=setup.wild_count),
                Reason.of("exercise.hint.declare_wild.play", None, play=play_words(best)))

    def distractors(self, setup: DeclareSetup, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        out = []
        for step in (1, -1, 2, -2):
            said = tuple((Rank.from_natural(min(14, max(2, r.natural + step))), None)
                         for r, _ in solution.answer)
            out.append(said)
        return out

    def lenses(self) -> dict[str, LensFn]:
        return {mid: self._lens(m) for mid, m in MISREADS.items()}

    def _lens(self, m: Misread) -> LensFn:
        def lens(setup: DeclareSetup, question: str, solution: Solution) -> Solution | None:
            table = m.table(setup.table)
            found = [r for r in m.readings(setup.cards, setup.level) if r.wilds
                     and (setup.make is None or r.kind is setup.make)
                     and (table is None or m.beats(r, table))]
            best = m.best(found)
            if best is None:
                return None
            said = tuple((d.rank, d if best.kind is Kind.STRAIGHT_FLUSH else None)
                         for d in best.wilds)
            return self.differs(said, setup, question, solution, best)

        return lens

    def build(self, rng: random.Random, d: int) -> Built | None:
        lv = draw_level(rng)
        pool = Pool(rng, lv)
        kind = rng.choice({1: [Kind.PAIR, Kind.TRIPLE, Kind.BOMB],
                           2: [Kind.STRAIGHT, Kind.TUBE, Kind.PLATE, Kind.FULL_HOUSE, Kind.BOMB],
                           3: [Kind.STRAIGHT_FLUSH, Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.TUBE,
                               Kind.BOMB]}[d])
        wilds = 1 if d == 1 else rng.choice([1, 1, 2])
        cards = build(pool, kind, draw_key(rng, kind, lv), rng.choice([4, 5, 6]), wilds)
        if cards is None or pool.wild not in cards:
            return None
        setup: Setup = {"level": lv.value, "cards": cards_text(cards)}
        if d == 3:
            r = rng.random()
            if r < 0.35:
                setup["make"] = rng.choice([Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.STRAIGHT_FLUSH,
                                            kind]).value
            elif r < 0.7:
                table_kind = Kind.BOMB if kind.is_bomb else kind
                table = build(pool, table_kind, draw_key(rng, table_kind, lv), 4)
                if table:
                    setup["table"] = cards_text(table)
        return setup, "declare"


SPEC = DeclareWild()
