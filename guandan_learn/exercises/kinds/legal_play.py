"""legal_play: may these cards be played on this table at this level? (yes or no, and why)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Rank
from ...combo import Combo, Kind, classify
from ...judge import judge
from ...messages import say
from ...reason import Reason
from ..answers import read_cards, read_yes_no
from ..explain import verdict_clauses, verdict_reasons
from ..layout import Row, Shape, YesNo
from ..misconceptions import MISREADS, Misread, learner_legal
from ..model import Solution
from ..pool import BJ, RJ, SUITS, Pool, Setup, build, cards_text, draw_key, draw_level, face
from .base import (
    Built,
    KindSpec,
    LensFn,
    cards_row,
    cards_words,
    counts,
    get,
    level_of,
    level_row,
    play_words,
    table_of,
    table_row,
    yes_no,
)


@dataclass(frozen=True)
class PlaySetup:
    """A play to judge on a table (``None`` for a lead) at a level."""

    level: Rank
    play: tuple[Card, ...]
    table: Combo | None


class LegalPlay(KindSpec):
    """May these cards be played on this table at this level? (yes or no, and why)."""

    name = "legal_play"
    order = 10
    setup_type = PlaySetup
    questions = ("legal",)
    title_key = "widget.quiz.title.legal_play"
    topic_key = "worksheet.kind.legal_play"

    def read_setup(self, raw: Mapping[str, Any], question: str) -> PlaySetup:
        level = level_of(raw)
        play = read_cards(get(raw, "play"), "setup.play")
        table = table_of(raw, level)
        counts("setup.play", play, table.cards if table else ())
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
        return Solution(v.legal, verdict_reasons(setup.play, setup.table, setup.level, v),
                        verdict_clauses(v), v)

    def why_wrong(self, answer: bool, setup: PlaySetup, question: str) -> Reason | None:
        # Yes or no: the verdict already tells the answer, so the engine's reason may be said
        v = judge(setup.play, setup.table, setup.level)
        if answer == v.legal:
            return None
        reasons = verdict_reasons(setup.play, setup.table, setup.level, v)
        return reasons[0] if reasons else None

    def layout(self, setup: PlaySetup, question: str) -> list[Row]:
        return [level_row(setup.level, setup.table, setup.play), table_row(setup.table),
                cards_row("exercise.show.play", "widget.quiz.your_cards", setup.play,
                          setup.level)]

    def ask(self, setup: PlaySetup, question: str) -> str:
        return say("exercise.ask.legal_play")

    def answer_shape(self, setup: PlaySetup, question: str) -> Shape:
        return YesNo()

    def hints(self, setup: PlaySetup, question: str, solution: Solution) -> tuple[Reason, ...]:
        readings = classify(setup.play, setup.level)
        if not readings:
            return (Reason.of("exercise.hint.legal_play.no_reading"),
                    Reason.of("exercise.hint.legal_play.forms"))
        concept = Reason.of("exercise.hint.legal_play.reading", None,
                            cards=cards_words(setup.play), play=play_words(readings[0]))
        if setup.table is None:
            return concept, Reason.of("exercise.hint.legal_play.lead")
        return concept, Reason.of("exercise.hint.legal_play.compare", None,
                                  play=play_words(readings[0]), table=play_words(setup.table))

    def distractors(self, setup: PlaySetup, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        return [not solution.answer]

    def lenses(self) -> dict[str, LensFn]:
        return {mid: _lens(m) for mid, m in MISREADS.items()}

    def build(self, rng: random.Random, d: int) -> Built | None:
        lv = draw_level(rng)
        pool = Pool(rng, lv)
        lvv = lv.natural
        scenario = rng.choice({
            1: ["set", "set", "pair_single", "level_ace", "equal", "lead"],
            2: ["sequence", "full_house", "bomb_normal", "bombs", "flush", "not_combo", "forms"],
            3: ["jokers", "wild_fill", "wild_fill", "level_seq", "bombs", "equal", "not_combo"],
        }[d])
        play = table = None
        if scenario in ("set", "level_ace", "equal", "pair_single", "lead"):
            kind = rng.choice([Kind.SINGLE, Kind.PAIR, Kind.TRIPLE])
            a = draw_key(rng, kind, lv)
            b = {"level_ace": 14 if a == lvv else lvv, "equal": a}.get(
                scenario, draw_key(rng, kind, lv))
            if scenario == "level_ace":
                a = 14 if b == lvv else lvv
            if scenario == "pair_single":
                table, play = build(pool, Kind.SINGLE, a), build(pool, Kind.PAIR, b)
            elif scenario == "lead":
                play = build(pool, rng.choice(list(Kind)[:8]), draw_key(rng, kind, lv))
            else:
                table, play = build(pool, kind, a), build(pool, kind, b)
        elif scenario in ("sequence", "level_seq"):
            kind = rng.choice([Kind.STRAIGHT, Kind.TUBE, Kind.PLATE])
            if scenario == "level_seq":
                kind = Kind.STRAIGHT
                top = rng.randint(max(5, lvv), min(14, lvv + 4))
                table, play = build(pool, kind, draw_key(rng, kind, lv)), pool.run(top, 5, 1)
            else:
                table, play = build(pool, kind, draw_key(rng, kind, lv)), build(pool, kind,
                                                                           draw_key(rng, kind, lv))
        elif scenario == "full_house":
            a, b = rng.sample(range(2, 15), 2)
            table, play = build(pool, Kind.FULL_HOUSE, a), build(pool, Kind.FULL_HOUSE, b)
        elif scenario == "forms":
            k1, k2 = rng.sample([Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE,
                                 Kind.STRAIGHT, Kind.TUBE], 2)
            table = build(pool, k1, draw_key(rng, k1, lv))
            play = build(pool, k2, draw_key(rng, k2, lv))
        elif scenario == "bomb_normal":
            k = rng.choice([Kind.PAIR, Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.TRIPLE])
            normal, bomb = build(pool, k, draw_key(rng, k, lv)), build(pool, Kind.BOMB,
                                                                    draw_key(rng, Kind.BOMB, lv), 4)
            table, play = (normal, bomb) if rng.random() < 0.7 else (bomb, normal)
        elif scenario in ("bombs", "flush"):
            def draw_bomb() -> list[Card] | None:
                if scenario == "flush" or rng.random() < 0.25:
                    return build(pool, Kind.STRAIGHT_FLUSH, draw_key(rng, Kind.STRAIGHT_FLUSH, lv))
                return build(pool, Kind.BOMB, draw_key(rng, Kind.BOMB, lv),
                             rng.choice([4, 4, 5, 5, 6]),
                             wilds=rng.choice([0, 0, 1]) if d == 3 else 0)

            table, play = draw_bomb(), (draw_bomb() if scenario == "bombs" else
                                   build(pool, Kind.BOMB, draw_key(rng, Kind.BOMB, lv), 5))
            if scenario == "flush" and rng.random() < 0.5:
                table = build(pool, Kind.STRAIGHT, draw_key(rng, Kind.STRAIGHT, lv))
                play = pool.run(rng.randint(5, 14), 5, 1, rng.choice(SUITS))
        elif scenario == "not_combo":
            table = build(pool, Kind.STRAIGHT, draw_key(rng, Kind.STRAIGHT, lv))
            shape = rng.choice(["wrap", "long", "junk"])
            if shape == "wrap":
                start = rng.randint(10, 13)
                play = [c for v in range(start, start + 5)
                        for c in pool.rank((v - 2) % 13 + 2, 1) or []]
            elif shape == "long":
                play = pool.run(rng.randint(6, 14), 6, 1)
            else:
                play = pool.junk(rng.randint(2, 6))
        elif scenario == "jokers":
            shape = rng.choice(["mixed", "wild_joker", "wild_alone", "joker_pair"])
            if shape == "mixed":
                table, play = build(pool, Kind.PAIR, draw_key(rng, Kind.PAIR, lv)), [BJ, RJ]
            elif shape == "wild_joker":
                table = build(pool, Kind.PAIR, draw_key(rng, Kind.PAIR, lv))
                play = [rng.choice([BJ, RJ]), pool.wild]
            elif shape == "wild_alone":
                table, play = [rng.choice([BJ, RJ, face(14, rng.choice(SUITS))])], [pool.wild]
            else:
                table = build(pool, Kind.PAIR, draw_key(rng, Kind.PAIR, lv))
                play = [rng.choice([BJ, RJ])] * 2
        else:  # wild_fill
            kind = rng.choice([Kind.BOMB, Kind.STRAIGHT, Kind.STRAIGHT_FLUSH, Kind.FULL_HOUSE,
                               Kind.PAIR, Kind.TUBE])
            table = build(pool, kind, draw_key(rng, kind, lv), 4)
            play = build(pool, kind, draw_key(rng, kind, lv), rng.choice([4, 5]),
                         wilds=rng.choice([1, 1, 2]))
        if not play or (table is None and scenario != "lead"):
            return None
        setup: Setup = {"level": lv.value, "play": cards_text(play)}
        if table:
            setup["table"] = cards_text(table)
        return setup, "legal"


def _lens(m: Misread) -> LensFn:
    def lens(setup: PlaySetup, question: str, solution: Solution) -> Solution | None:
        said = learner_legal(m, setup.play, setup.table, setup.level)
        return None if said == solution.answer else Solution(said)

    return lens


SPEC = LegalPlay()
