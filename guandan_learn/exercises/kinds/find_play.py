"""find_play: pick cards from this hand that beat the table; any right selection is right."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Rank, format_cards
from ...combo import Combo, Kind
from ...judge import judge
from ...messages import say
from ...moves import hints as play_hints
from ...reason import Reason
from ..answers import _words, read_cards
from ..explain import verdict_clauses, verdict_reasons
from ..layout import CardsAnswer, Row, Shape
from ..misconceptions import MISREADS, Misread, candidates
from ..model import FieldError, Solution
from ..pool import Pool, build, cards_text, draw_key, draw_level
from .base import (
    Built,
    ExplainFn,
    KindSpec,
    LensFn,
    card_words,
    cards_row,
    cards_words,
    counts,
    explains_play_from_hand,
    get,
    level_of,
    level_row,
    play_words,
    table_of,
    table_row,
)


@dataclass(frozen=True)
class HandSetup:
    """A hand to play from, on a table (``None`` for a lead), at a level."""

    level: Rank
    hand: tuple[Card, ...]
    table: Combo | None


class FindPlay(KindSpec):
    """Pick cards from this hand that beat the table; any right selection is right."""

    name = "find_play"
    order = 50
    setup_type = HandSetup
    questions = ("beat",)
    title_key = "widget.quiz.title.find_play"
    topic_key = "worksheet.kind.find_play"

    def read_setup(self, raw: Mapping[str, Any], question: str) -> HandSetup:
        level = level_of(raw)
        hand = read_cards(get(raw, "hand"), "setup.hand")
        if len(hand) > 27:
            raise FieldError("setup.hand", say("deal.hand_too_big", seat=0, count=len(hand)),
                             "§02.3")
        table = table_of(raw, level)
        counts("setup.hand", hand, table.cards if table else ())
        return HandSetup(level, tuple(hand), table)

    def read_answer(self, value: object, setup: HandSetup, question: str,
                    field: str = "answer") -> tuple[Card, ...] | None:
        if value is None or value is False or (
                isinstance(value, str) and value.strip().lower().rstrip(".!") in
                _words("exercise.words.pass")):
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
            return Solution(None, (Reason.of("exercise.find.none", None,
                                             table=play_words(setup.table)),),
                            ("§06.3",), plays)
        best = plays[0]
        v = judge(best.cards, setup.table, setup.level, kind=best.kind, rank=best.rank,
                  wilds=best.wilds)
        why = verdict_reasons(best.cards, setup.table, setup.level, v, kind=best.kind,
                              rank=best.rank, wilds=best.wilds)
        key = "exercise.find.explain" if setup.table is not None else "exercise.find.explain_lead"
        text = Reason.of(key, None, cards=card_words(best), reason=why, count=len(plays))
        answer = tuple(sorted(best.cards, key=lambda c: c.index))
        return Solution(answer, (text,), verdict_clauses(v), plays)

    def judged(self, answer: tuple[Card, ...], setup: HandSetup) -> tuple[bool, tuple[Reason, ...]]:
        """Judges a selection, first checking that the hand holds it (§02.3)."""
        missing = Counter(answer) - Counter(setup.hand)
        if missing:
            return False, (Reason.of("exercise.find.not_held", None,
                                     missing=cards_words(list(missing.elements())),
                                     hand=cards_words(setup.hand)),)
        v = judge(answer, setup.table, setup.level)
        return v.legal, verdict_reasons(answer, setup.table, setup.level, v)

    def is_correct(self, answer: tuple[Card, ...] | None, solution: Solution, setup: HandSetup,
                   question: str) -> bool:
        if answer is None or solution.answer is None:
            return answer is None and solution.answer is None
        return self.judged(answer, setup)[0]

    def why_wrong(self, answer: tuple[Card, ...] | None, setup: HandSetup,
                  question: str) -> Reason | None:
        if answer is None:
            return Reason.of("exercise.find.could_beat")
        legal, why = self.judged(answer, setup)
        return None if legal else why[0]

    def layout(self, setup: HandSetup, question: str) -> list[Row]:
        return [level_row(setup.level, setup.table, setup.hand), table_row(setup.table),
                cards_row("exercise.show.hand", "widget.quiz.your_hand", setup.hand,
                          setup.level, pickable=True, style="hand")]

    def ask(self, setup: HandSetup, question: str) -> str:
        key = "exercise.ask.find_play.lead" if setup.table is None else "exercise.ask.find_play"
        return say(key)

    def answer_shape(self, setup: HandSetup, question: str) -> Shape:
        return CardsAnswer(cards=setup.hand, level=setup.level,
                           allow_pass=setup.table is not None)

    def hints(self, setup: HandSetup, question: str, solution: Solution) -> tuple[Reason, ...]:
        plays: list[Combo] = solution.detail
        if setup.table is None:
            concept = Reason.of("exercise.hint.find_play.lead")
        else:
            concept = Reason.of("exercise.hint.find_play.need", None,
                                table=play_words(setup.table))
        if not plays:
            return concept, Reason.of("exercise.hint.find_play.nothing")
        return concept, Reason.of("exercise.hint.find_play.look", None,
                                  play=play_words(plays[0]))

    def distractors(self, setup: HandSetup, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        out: list[Any] = [None] if solution.answer is not None else []
        if setup.table is not None:
            wrong = [cards for cards, _, legal in candidates(setup.hand, setup.table,
                                                              setup.level) if not legal]
            out += rng.sample(wrong, min(3, len(wrong)))
        return out

    def lenses(self) -> dict[str, LensFn]:
        return {mid: _lens(m) for mid, m in MISREADS.items()}

    def explainers(self) -> dict[str, ExplainFn]:
        return {mid: explains_play_from_hand(m) for mid, m in MISREADS.items()}

    def build(self, rng: random.Random, d: int) -> Built | None:
        lv = draw_level(rng)
        pool = Pool(rng, lv)
        tkind = rng.choice({1: [Kind.SINGLE, Kind.PAIR, Kind.PAIR, Kind.TRIPLE],
                            2: [Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.TUBE, Kind.PAIR],
                            3: [Kind.BOMB, Kind.STRAIGHT, Kind.PAIR, Kind.FULL_HOUSE,
                                Kind.STRAIGHT_FLUSH]}[d])
        table = build(pool, tkind, draw_key(rng, tkind, lv), 4)
        if table is None:
            return None
        hand: list[Card] = []
        for _ in range(rng.choice([1, 2])):
            k = tkind if rng.random() < 0.7 else rng.choice([Kind.PAIR, Kind.SINGLE, Kind.TRIPLE])
            part = build(pool, k, draw_key(rng, k, lv), rng.choice([4, 5]))
            hand += part or []
        if d >= 2 and rng.random() < 0.35:
            hand += build(pool, Kind.BOMB, draw_key(rng, Kind.BOMB, lv), 4) or []
        if d == 3:
            hand += pool.wilds(rng.choice([1, 1, 2])) or []
        hand += pool.junk(rng.randint({1: 2, 2: 2, 3: 1}[d], {1: 4, 2: 4, 3: 3}[d]),
                          jokers=rng.random() < 0.2)
        if not hand or len(hand) > 16:
            return None
        return {"level": lv.value, "table": cards_text(table), "hand": cards_text(hand)}, "beat"


def _lens(m: Misread) -> LensFn:
    def lens(setup: HandSetup, question: str, solution: Solution) -> Solution | None:
        if setup.table is None:
            return None
        seen = m.table(setup.table)
        assert seen is not None
        for cards, plays, legal in candidates(setup.hand, setup.table, setup.level):
            if not legal and any(m.beats(r, seen) for p in plays for r in m.reread(p)):
                return Solution(cards)
        return None

    return lens


SPEC = FindPlay()
