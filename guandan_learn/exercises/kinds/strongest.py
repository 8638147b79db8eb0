"""strongest: which of these plays wins, or what is their order of strength?"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cmp_to_key
from itertools import pairwise
from typing import Any

from ...cards import Card, Rank
from ...combo import Combo, Kind, classify
from ...judge import beats, describe, judge
from ...messages import say
from ...reason import Reason, join_text
from ..answers import _words, read_cards
from ..explain import no_combination, verdict_clauses, verdict_reasons
from ..layout import LabelAnswer, OrderAnswer, Picture, Row, Shape
from ..misconceptions import MISREADS, Misread
from ..model import FieldError, Solution
from ..pool import SEQ, Pool, build, cards_text, draw_key, draw_level
from .base import (
    LABELS,
    Built,
    KindSpec,
    LensFn,
    as_text,
    counts,
    get,
    joined,
    kind_reason,
    level_of,
    level_row,
    play_words,
)


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


def _example(setup: PlaysSetup) -> str:
    """Returns an order of every label, each once, to show the form ('B A C D')."""
    labels = list(setup.labels)
    return " ".join([*labels[1::-1], *labels[2:]])


_ASK = {"winner": "exercise.ask.strongest.winner", "order": "exercise.ask.strongest.order"}


class Strongest(KindSpec):
    """Which of these plays wins, or what is their order of strength?"""

    name = "strongest"
    order = 30
    setup_type = PlaysSetup
    questions = ("winner", "order")
    title_key = "widget.quiz.title.strongest"
    topic_key = "worksheet.kind.strongest"

    def read_setup(self, raw: Mapping[str, Any], question: str) -> PlaysSetup:
        level = level_of(raw)
        items = get(raw, "plays")
        if not isinstance(items, list) or not 2 <= len(items) <= len(LABELS):
            raise FieldError("setup.plays", say("exercise.setup.plays", most=len(LABELS)))
        plays: list[Combo] = []
        for i, item in enumerate(items):
            cards = read_cards(item, f"setup.plays[{i}]")
            readings = classify(cards, level) if len(cards) < 11 else []
            if not readings:
                reasons, clauses = no_combination(cards, level)
                raise FieldError(f"setup.plays[{i}]", join_text(reasons), clauses[0])
            plays.append(readings[0])
        counts("setup.plays", *(p.cards for p in plays))
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
            head = text.split(None, 1)
            if len(head) == 2 and head[0].lower() in _words("exercise.words.play"):
                text = head[1]
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
        raise FieldError(field, say("exercise.answer.label", value=as_text(value),
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
            raise FieldError(field, say("exercise.answer.order", value=as_text(value),
                                        example=_example(setup), count=len(setup.plays)))
        order = tuple(self._label(w, setup, field) for w in words)
        if sorted(order) != list(setup.labels):
            raise FieldError(field, say("exercise.answer.order", value=as_text(value),
                                        example=_example(setup), count=len(setup.plays)))
        return order

    def write_answer(self, answer: str | tuple[str, ...], setup: PlaysSetup,
                     question: str) -> str:
        return answer if isinstance(answer, str) else " ".join(answer)

    def show_answer(self, answer: str | tuple[str, ...], setup: PlaysSetup,
                    question: str) -> str:
        return answer if isinstance(answer, str) else " > ".join(answer)

    def ranking(self, setup: PlaysSetup) -> list[int]:
        """Returns the indexes of the plays, strongest first."""
        def by_strength(i: int, j: int) -> int:
            return _compare(setup.plays[i], setup.plays[j])

        return sorted(range(len(setup.plays)), key=cmp_to_key(by_strength))

    def solve(self, setup: PlaysSetup, question: str) -> Solution:
        order = self.ranking(setup)
        plays, labels = setup.plays, setup.labels
        if question == "winner":
            pairs = [(order[0], j) for j in order[1:]]
        else:
            pairs = list(pairwise(order))
        sentences: list[Reason] = []
        clauses: list[str] = []
        for i, j in pairs:
            v = judge(plays[i].cards, plays[j], setup.level)
            why = verdict_reasons(plays[i].cards, plays[j], setup.level, v)
            sentences.append(Reason.of("exercise.strongest.pair", None, a=labels[i],
                                       b=labels[j], reason=why))
            clauses += verdict_clauses(v)
        answer = labels[order[0]] if question == "winner" else tuple(labels[i] for i in order)
        return Solution(answer, tuple(sentences), tuple(dict.fromkeys(clauses)), order)

    def why_wrong(self, answer: str | tuple[str, ...], setup: PlaysSetup,
                  question: str) -> Reason | None:
        plays, labels = setup.plays, setup.labels
        order = self.ranking(setup)
        place = {i: n for n, i in enumerate(order)}
        index = {label: i for i, label in enumerate(labels)}

        def beaten(i: int, j: int) -> bool:  # play i is stronger than play j
            return place[i] < place[j] and beats(plays[i], plays[j])

        def why(i: int, j: int) -> tuple[Reason, ...]:
            v = judge(plays[i].cards, plays[j], setup.level)
            return verdict_reasons(plays[i].cards, plays[j], setup.level, v)

        if isinstance(answer, str):
            g = index[answer]
            above = [i for i in order if beaten(i, g)]
            if not above:
                return None
            i = above[-1]  # the weakest play that beats it, so the winner is not given away
            return Reason.of("exercise.why.strongest.beaten", None, a=answer, b=labels[i],
                             reason=why(i, g))
        pairs = [*pairwise(answer), *((x, y) for n, x in enumerate(answer)
                                      for y in answer[n + 2:])]
        for x, y in pairs:
            if beaten(index[y], index[x]):
                return Reason.of("exercise.why.strongest.order", None, a=x, b=y,
                                 reason=why(index[y], index[x]))
        return None

    def layout(self, setup: PlaysSetup, question: str) -> list[Row]:
        # The plays are already made: each is drawn as a play, its declared wilds shown.
        return [level_row(setup.level, setup.plays)] + [
            Row(say("exercise.show.labelled", label=label, cards=str(play)),
                (Picture.play(play, say("widget.quiz.play_label", label=label)),))
            for label, play in zip(setup.labels, setup.plays, strict=True)]

    def ask(self, setup: PlaysSetup, question: str) -> str:
        return say(_ASK[question])

    def answer_shape(self, setup: PlaysSetup, question: str) -> Shape:
        if question == "order":
            return OrderAnswer(labels=setup.labels)
        return LabelAnswer(labels=setup.labels)

    def hints(self, setup: PlaysSetup, question: str, solution: Solution) -> tuple[Reason, ...]:
        readings = [Reason.of("exercise.hint.strongest.reading", None, label=label,
                              play=play_words(p))
                    for label, p in zip(setup.labels, setup.plays, strict=True)]
        concept = Reason.of("exercise.engine_words", None, text=joined(readings, " "))
        order: list[int] = solution.detail
        if question == "winner":
            best = setup.plays[order[0]]
            return concept, Reason.of("exercise.hint.strongest.winner", None,
                                      kind=kind_reason(best.kind), size=best.size)
        return concept, Reason.of("exercise.hint.strongest.weakest", None,
                                  label=setup.labels[order[-1]])

    def distractors(self, setup: PlaysSetup, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        answer = solution.answer
        if question == "winner":
            return [x for x in setup.labels if x != answer]
        other = list(answer)
        rng.shuffle(other)
        return [tuple(other), tuple(reversed(answer))]

    def lenses(self) -> dict[str, LensFn]:
        return {mid: _lens(m) for mid, m in MISREADS.items()}

    def build(self, rng: random.Random, d: int) -> Built | None:
        lv = draw_level(rng)
        pool = Pool(rng, lv)
        n = rng.choice([3, 3, 4])
        plays: list[list[Card] | None] = []
        if d == 1:
            kind = rng.choice([Kind.SINGLE, Kind.PAIR, Kind.TRIPLE])
            values = [lv.natural, 14, *range(2, 15)] + ([15, 16] if kind is not Kind.TRIPLE else [])
            keys = rng.sample(sorted(set(values)), n)
            if rng.random() < 0.6 and lv.natural not in keys:
                keys[0] = lv.natural
            if 14 not in keys and rng.random() < 0.6:
                keys[-1] = 14
            plays = [build(pool, kind, k) for k in keys]
        elif d == 2:
            for _ in range(n):
                if rng.random() < 0.3:
                    plays.append(build(pool, Kind.STRAIGHT_FLUSH,
                                       draw_key(rng, Kind.STRAIGHT_FLUSH, lv)))
                else:
                    plays.append(build(pool, Kind.BOMB, draw_key(rng, Kind.BOMB, lv),
                                       rng.choice([4, 4, 5, 5, 6])))
        else:
            shape = rng.choice(["mixed", "full_house", "sequence"])
            if shape == "mixed":
                k = rng.choice([Kind.PAIR, Kind.STRAIGHT, Kind.TRIPLE])
                plays.append(build(pool, k, draw_key(rng, k, lv)))
                for _ in range(n - 1):
                    r = rng.random()
                    if r < 0.1:
                        plays.append(build(pool, Kind.JOKER_BOMB, 0))
                    elif r < 0.4:
                        plays.append(build(pool, Kind.STRAIGHT_FLUSH,
                                           draw_key(rng, Kind.STRAIGHT_FLUSH, lv)))
                    else:
                        plays.append(build(pool, Kind.BOMB, draw_key(rng, Kind.BOMB, lv),
                                           rng.choice([4, 5, 6, 7]), wilds=rng.choice([0, 1])))
            else:
                kind = Kind.FULL_HOUSE if shape == "full_house" else rng.choice(list(SEQ))
                keys = rng.sample(range(2 if kind is Kind.FULL_HOUSE else 5, 15), n)
                plays = [build(pool, kind, k) for k in keys]
        if any(p is None for p in plays):
            return None
        question = "winner" if d == 1 or rng.random() < 0.5 else "order"
        return {"level": lv.value, "plays": [cards_text(p) for p in plays if p]}, question


def _lens(m: Misread) -> LensFn:
    def lens(setup: PlaysSetup, question: str, solution: Solution) -> Solution | None:
        plays = [m.table(p) for p in setup.plays]
        labels = setup.labels
        beaten: dict[tuple[int, int], bool] = {}  # each pair asked once

        def beats(i: int, j: int) -> bool:
            got = beaten.get((i, j))
            if got is None:
                a, b = plays[i], plays[j]
                assert a is not None and b is not None
                got = beaten[(i, j)] = m.beats(a, b)
            return got

        def cmp(i: int, j: int) -> int:
            return -1 if beats(i, j) else (1 if beats(j, i) else 0)

        order = sorted(range(len(plays)), key=cmp_to_key(cmp))
        if question == "winner":
            top = order[0]
            if any(cmp(top, j) != -1 for j in range(len(plays)) if j != top):
                return None
            said: Any = labels[top]
        else:
            said = tuple(labels[i] for i in order)
        return None if said == solution.answer else Solution(said)

    return lens


SPEC = Strongest()
