"""who_leads: after these plays and passes, whose turn is it (§06)? How many cards must a seat
say?"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...cards import Card, format_cards
from ...deal import Action, Deal
from ...errors import GuandanError
from ...level import partner_of
from ...messages import say
from ...reason import Reason
from ..answers import _words, read_cards, read_seat, read_seats
from ..explain import deal_status, error_reason
from ..layout import CountAnswer, Picture, Row, SeatAnswer, Shape
from ..model import FieldError, Solution
from ..pool import Pool, Setup, cards_text, draw_level
from .base import (
    Built,
    KindSpec,
    LensFn,
    as_text,
    get,
    joined,
    level_of,
    level_row,
    play_words,
)


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

    name = "who_leads"
    order = 80
    setup_type = DealSetup
    questions = ("to_move", "card_count")
    title_key = "widget.quiz.title.who_leads"
    topic_key = "worksheet.kind.who_leads"

    def read_setup(self, raw: Mapping[str, Any], question: str) -> DealSetup:
        level = level_of(raw)
        hands = _hand_list(get(raw, "hands"))
        leader = read_seat(get(raw, "leader"), "setup.leader")
        finished = read_seats(raw.get("finished") or [], "setup.finished")
        try:
            deal = Deal(hands, level, leader, finished)  # type: ignore[arg-type]
        except GuandanError as err:
            raise FieldError("setup.hands", *error_reason(err)) from None
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
                raise FieldError(f"setup.actions[{i}]", *error_reason(err)) from None
        seat = None
        if question == "card_count":
            seat = read_seat(get(raw, "seat"), "setup.seat")
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
        raise FieldError(field, say("exercise.answer.count", value=as_text(value)))

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
                text = Reason.of("exercise.who.many", None, seat=setup.seat,
                                 count=deal.cards_left(setup.seat))
            else:
                text = Reason.of("exercise.who.count", None, seat=setup.seat, count=n)
            return Solution(n, (text,), ("§06.9",), deal)
        said, cited = deal_status(deal)
        clauses = cited
        if deal.trick == () and deal.history and not deal.is_over:
            clauses = ("§06.5", *clauses)
        return Solution(deal.to_move, (said,), tuple(dict.fromkeys(clauses)), deal, cited)

    def why_wrong(self, answer: int | None, setup: DealSetup, question: str) -> Reason | None:
        deal = setup.deal
        if question == "card_count":
            assert setup.seat is not None
            seat = setup.seat
            if deal.card_count(seat) is None:
                return Reason.of("exercise.why.who.many", "§06.9", seat=seat)
            if answer is None:
                return Reason.of("exercise.why.who.exact", "§06.9", seat=seat)
            return Reason.of("exercise.why.who.count", "§02.3", seat=seat, count=answer)
        if answer is None:
            return Reason.of("exercise.why.who.not_over", "§06.8")
        if deal.to_move is None:
            return deal_status(deal)[0]
        if deal.cards_left(answer) == 0:
            return Reason.of("exercise.why.who.out", "§06.7", seat=answer)
        if not any(a.combo is not None for a in deal.history):
            return None  # the first lead of the deal (§02.5): the setup says who has it
        if deal.table is None:
            return Reason.of("exercise.why.who.lead", "§06.6", seat=answer)
        return Reason.of("exercise.why.who.turn", "§06.1", seat=answer)

    def layout(self, setup: DealSetup, question: str) -> list[Row]:
        s = setup.deal.setup
        rows = [level_row(s.level, s.hands)]
        for seat, hand in enumerate(s.hands):
            if seat in s.finished:
                rows.append(Row(say("exercise.show.seat_out", seat=seat)))
            else:
                rows.append(Row(say("exercise.show.seat_hand", seat=seat,
                                    cards=format_cards(hand)),
                                (Picture("hand", tuple(hand), s.level,
                                         caption=say("widget.quiz.seat_hand", seat=seat)),)))
        rows.append(Row(say("exercise.show.leader", seat=s.leader)))
        for action in setup.deal.history:
            if action.combo is None:
                rows.append(Row(say("exercise.show.passes", seat=action.seat), step=True))
            else:
                rows.append(Row(say("exercise.show.plays", seat=action.seat,
                                    cards=str(action.combo)), step=True))
        return rows

    def ask(self, setup: DealSetup, question: str) -> str:
        if question == "card_count":
            return say("exercise.ask.who_leads.card_count", seat=setup.seat)
        return say("exercise.ask.who_leads.to_move")

    def answer_shape(self, setup: DealSetup, question: str) -> Shape:
        if question == "card_count":
            return CountAnswer(most=10)
        return SeatAnswer(nobody_key="widget.quiz.deal_over")

    def hints(self, setup: DealSetup, question: str, solution: Solution) -> tuple[Reason, ...]:
        deal = setup.deal
        if question == "card_count":
            assert setup.seat is not None
            return (Reason.of("exercise.hint.who_leads.count", None, seat=setup.seat),
                    Reason.of("exercise.hint.who_leads.ten"))
        last = next((a for a in reversed(deal.history) if a.combo is not None), None)
        if last is None:
            concept = Reason.of("exercise.show.leader", None, seat=deal.setup.leader)
        else:
            assert last.combo is not None
            concept = Reason.of("exercise.hint.who_leads.last", None, seat=last.seat,
                                play=play_words(last.combo))
        passes = 0
        for action in reversed(deal.history):
            if action.combo is not None:
                break
            passes += 1
        near = Reason.of("exercise.hint.who_leads.passes", None, count=passes)
        if not deal.finish_order:
            return concept, near
        out = Reason.of("exercise.hint.who_leads.out", None,
                        seats=", ".join(map(str, deal.finish_order)))
        return concept, Reason.of("exercise.engine_words", None, text=joined((near, out), " "))

    def distractors(self, setup: DealSetup, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        answer = solution.answer
        if question == "card_count":
            return [x for x in (None, (answer or 11) - 1, (answer or 9) + 1) if x != answer]
        return [x for x in (0, 1, 2, 3, None) if x != answer]

    def lenses(self) -> dict[str, LensFn]:
        return {"partner-leads-next-seat": _next_seat, "pass-drops-out": _pass_drops_out}

    def build(self, rng: random.Random, d: int) -> Built | None:
        lv = draw_level(rng)
        pool = Pool(rng, lv)
        sizes = {1: (3, 5), 2: (3, 6), 3: (1, 4)}[d]
        hands = [pool.junk(rng.randint(*sizes)) for _ in range(4)]
        question = "card_count" if rng.random() < (0.1 if d > 1 else 0.05) else "to_move"
        if question == "card_count" and rng.random() < 0.5:
            hands[rng.randrange(4)] += pool.junk(rng.randint(6, 10))
        leader = rng.randrange(4)
        deal = Deal([list(h) for h in hands], lv, leader)
        steps = rng.randint({1: 2, 2: 5, 3: 4}[d], {1: 5, 2: 10, 3: 14}[d])
        for _ in range(steps):
            if deal.is_over:
                break
            if deal.can_pass and rng.random() < 0.45:
                deal.pass_turn()
                continue
            options = deal.hints()
            if not options:
                deal.pass_turn()
            else:
                deal.play(options[0] if rng.random() < 0.5 else rng.choice(options))
        if d == 3 and not deal.finish_order:
            return None
        if d == 2 and deal.trick == deal.history:
            return None
        setup: Setup = {"level": lv.value, "hands": [cards_text(h) for h in hands],
                        "leader": leader,
                        "actions": [str(a) for a in deal.history]}
        seat = None
        if question == "card_count":
            seats = [s for s in range(4) if deal.cards_left(s)]
            seat = setup["seat"] = max(seats, key=lambda s: (deal.cards_left(s), rng.random()))
        return setup, question, DealSetup(deal, tuple(setup["actions"]), seat)


# -- Lenses ------------------------------------------------------------------------------------

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
    return None if seat == deal.to_move else Solution(seat)


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
    return None if seat == deal.to_move else Solution(seat)


SPEC = WhoLeads()
