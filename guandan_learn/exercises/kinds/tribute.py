"""tribute: who pays whom which card, may this card be returned, who leads the new deal?"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...cards import STRENGTH, Card, Rank, Suit, format_cards, wild_card
from ...errors import GuandanError
from ...level import check_finish_order, last_seats, partner_of
from ...messages import say
from ...reason import Reason
from ...rules import Rules
from ...tribute import TributePlan, plan_tribute, tribute_card
from ..answers import _seat_names, _words, read_cards, read_seat, read_seats, read_yes_no
from ..explain import error_reason, plan_reasons, return_reasons
from ..layout import PaymentsAnswer, Picture, Row, SeatAnswer, Shape, YesNo
from ..model import FieldError, Solution
from ..pool import BJ, RJ, SUITS, Pool, Setup, cards_text, draw_finish, draw_level, face
from .base import (
    Built,
    KindSpec,
    LensFn,
    as_text,
    card_words,
    counts,
    finish_order,
    get,
    level_of,
    read_rules,
    yes_no,
)

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


def _any_suit(plan: TributePlan, setup: TributeSetup) -> tuple[Reason, ...]:
    """Says, for each payer who holds their tribute card's rank in more than one suit (two
    decks), that any of those cards is right: suits never break ties (§03.2). The plan names
    one of them, and the learner may have given another (issue 26: "West gives A♠" beside
    "A♦ for West")."""
    out = []
    for pay in plan.payments:
        same = sorted({c for c in setup.hands.get(pay.payer, ()) if c.rank is pay.card.rank
                       and not c.is_wild(setup.level)}, key=lambda c: c.index)
        if len({c.suit for c in same}) > 1:
            out.append(Reason.of("exercise.tribute.any_suit", "§03.2", payer=pay.payer,
                                 cards=format_cards(same)))
    return tuple(out)


_PAY_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])\s*([CDHS♣♦♥♠])(?![A-Za-z])|"
                       r"(?<![A-Za-z])(RJ|BJ)(?![A-Za-z])", re.IGNORECASE)
_PAY_SEAT = re.compile(r"(?<![0-9A-Za-z])[0-3](?![0-9A-Za-z♣♦♥♠])")


def _one(value: object, field: str) -> Card:
    cards = read_cards(value, field)
    if len(cards) != 1:
        raise FieldError(field, say("return.one_card", count=len(cards)), "§08.2")
    return cards[0]


_ASK = {"payments": "exercise.ask.tribute.payments", "leader": "exercise.ask.tribute.leader",
        "return": "exercise.ask.tribute.return"}


class Tribute(KindSpec):
    """Who pays whom which card, may this card be returned, who leads the new deal?"""

    name = "tribute"
    order = 70
    setup_type = TributeSetup
    questions = ("payments", "leader", "return")
    title_key = "widget.quiz.title.tribute"
    topic_key = "worksheet.kind.tribute"

    def _hands(self, value: object) -> dict[int, tuple[Card, ...]]:
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise FieldError("setup.hands", say("tribute.bad_hands", value=as_text(value)))
        out = {}
        for key, cards in value.items():
            seat = read_seat(key, "setup.hands")
            assert seat is not None
            out[seat] = tuple(read_cards(cards, f"setup.hands.{seat}"))
        counts("setup.hands", *out.values())
        return out

    def read_setup(self, raw: Mapping[str, Any], question: str) -> TributeSetup:
        level = level_of(raw)
        rules = read_rules(raw.get("rules"))
        hands = self._hands(raw.get("hands"))
        finish: tuple[int, ...] | None = None
        plan = None
        if raw.get("finish") is not None or question != "return":
            finish = tuple(read_seats(get(raw, "finish"), "setup.finish"))
            try:
                check_finish_order(finish)
            except GuandanError as err:
                raise FieldError("setup.finish", *error_reason(err)) from None
            try:
                plan = plan_tribute(finish, hands, level, rules)
            except GuandanError as err:
                raise FieldError("setup.hands", *error_reason(err)) from None
        if question != "return":
            return TributeSetup(level, rules, finish, hands, plan)
        card = _one(get(raw, "card"), "setup.card")
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
                raise FieldError("setup.receiver", *error_reason(err)) from None
        hand = raw.get("hand")
        held = None if hand is None else tuple(read_cards(hand, "setup.hand"))
        if held is not None:
            counts("setup.hand", held)
        return TributeSetup(level, rules, finish, hands, plan, receiver, tribute, card, held)

    def _payment(self, text: str, field: str) -> Pay:
        names = _seat_names()  # "North gives K♣ to South", as the options show it → 2 … 0
        words = re.compile(r"(?<!\w)(" + "|".join(
            re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?!\w)", re.I)
        text = words.sub(lambda m: f" {names[m.group(1).lower()]} ", text)
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
            raise FieldError(field, say("exercise.answer.payment", value=as_text(value)))
        pays = []
        for item in items:
            if not isinstance(item, str):
                raise FieldError(field, say("exercise.answer.payment", value=as_text(item)))
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
            v, why, clauses = return_reasons(setup.card, setup.level, setup.tribute_card,
                                             setup.rules, setup.hand)
            return Solution(v.legal, why, clauses, v)
        plan = setup.plan
        assert plan is not None and setup.finish is not None
        why, clauses = plan_reasons(setup.finish, setup.hands, setup.level, setup.rules, plan)
        either = _any_suit(plan, setup)
        if either and question == "payments":
            why, clauses = (*why, *either), (*clauses, "§03.2")
        if question == "leader":
            return Solution(plan.leader, why, clauses, plan)
        pays = tuple(sorted(((p.payer, p.receiver, p.card) for p in plan.payments),
                            key=lambda p: p[1]))
        return Solution(pays, why, clauses, plan)

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

    def why_wrong(self, answer: Any, setup: TributeSetup, question: str) -> Reason | None:
        if question == "return":
            assert setup.card is not None and setup.tribute_card is not None
            v, why, _ = return_reasons(setup.card, setup.level, setup.tribute_card,
                                       setup.rules, setup.hand)
            return why[0] if why and answer != v.legal else None
        if question == "leader":
            return Reason.of("exercise.why.tribute.leader", None, seat=answer)
        plan = setup.plan
        assert plan is not None
        right = {p.payer: p for p in plan.payments}
        if not answer:
            return Reason.of("exercise.why.tribute.due", "§08.1") if right else None
        if not right:
            return plan.reasons[0] if plan.reasons else None
        if len(answer) != len(right):
            return Reason.of("exercise.why.tribute.count", ("§08.1", "§08.3"))
        for payer, receiver, card in answer:
            pay = right.get(payer)
            if pay is None:
                return Reason.of("exercise.why.tribute.payer", ("§08.1", "§08.3"), payer=payer)
            if receiver != pay.receiver:
                return Reason.of("exercise.why.tribute.receiver", ("§08.3", "§08.4"),
                                 payer=payer, receiver=receiver)
            if payer in setup.hands and card not in setup.hands[payer]:
                return Reason.of("exercise.why.tribute.not_held", None, payer=payer,
                                 card=str(card))
            if card.is_wild(setup.level):
                return Reason.of("exercise.why.tribute.wild", "§08.1")
            if card.rank is not pay.card.rank:
                return Reason.of("exercise.why.tribute.lower", "§08.1", payer=payer,
                                 card=str(card))
        return None

    def layout(self, setup: TributeSetup, question: str) -> list[Row]:
        rows = []
        if setup.finish is not None:
            rows.append(Row(say("exercise.show.previous", order=finish_order(setup.finish))))
        rows.append(Row(say("exercise.show.new_level", level=setup.level.value,
                            wild=str(wild_card(setup.level)))))
        if question != "return":
            rows += [Row(say("exercise.show.seat_hand", seat=s, cards=format_cards(h)),
                         (Picture("hand", h, setup.level,
                                  caption=say("widget.quiz.seat_hand", seat=s)),))
                     for s, h in sorted(setup.hands.items())]
        else:
            assert setup.card is not None and setup.tribute_card is not None
            rows.append(Row(say("exercise.show.return", card=str(setup.card),
                                tribute=str(setup.tribute_card)),
                            (Picture("card", (setup.tribute_card,), setup.level,
                                     caption=say("widget.quiz.tribute_card")),
                             Picture("card", (setup.card,), setup.level,
                                     caption=say("widget.quiz.return_card")))))
            if setup.hand is not None:
                rows.append(Row(say("exercise.show.receiver_hand",
                                    cards=format_cards(setup.hand)),
                                (Picture("hand", setup.hand, setup.level,
                                         caption=say("widget.quiz.receiver_hand")),)))
        if setup.rules.variants:
            rows += [Row(text) for text in setup.rules.sentences(_options_that_matter(setup,
                                                                                      question))]
        return rows

    def ask(self, setup: TributeSetup, question: str) -> str:
        return say(_ASK[question])

    def answer_shape(self, setup: TributeSetup, question: str) -> Shape:
        if question == "return":
            return YesNo()
        if question == "leader":
            return SeatAnswer()
        return PaymentsAnswer(hands=tuple(sorted(setup.hands.items())), level=setup.level)

    def hints(self, setup: TributeSetup, question: str, solution: Solution) -> tuple[Reason, ...]:
        if question == "return":
            assert setup.card is not None and setup.tribute_card is not None
            return (Reason.of("exercise.hint.tribute.return_rank", None,
                              card=card_words(setup.card), level=setup.level.value),
                    Reason.of("exercise.hint.tribute.return_received", None,
                              card=card_words(setup.tribute_card)))
        assert setup.finish is not None and setup.plan is not None
        lasts = last_seats(setup.finish)
        concept = Reason.of("exercise.hint.tribute.last", None, first=setup.finish[0],
                            seats=", ".join(str(s) for s in lasts))
        plan = setup.plan
        if plan.cancelled:
            return concept, Reason.of("exercise.hint.tribute.cancelled")
        pay = plan.payments[0]
        if question == "leader":
            return concept, Reason.of("tribute.payment", None, payer=pay.payer,
                                      receiver=pay.receiver, card=card_words(pay.card))
        return concept, Reason.of("exercise.hint.tribute.card", None, seat=pay.payer,
                                  card=card_words(pay.card))


    def distractors(self, setup: TributeSetup, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        answer = solution.answer
        if question == "return":
            return [not answer]
        if question == "leader":
            return [x for x in range(4) if x != answer]
        if not answer:
            plan = solution.detail
            payer = next(iter(setup.hands), None)
            if payer is None:
                return []
            hand = sorted(setup.hands[payer], key=lambda c: -c.rank.natural)
            return [((payer, plan.finish_order[0], hand[0]),),
                    ((payer, partner_of(plan.finish_order[0]), hand[-1]),)]
        out: list[tuple[Pay, ...]] = [()]
        payer, receiver, card = answer[0]
        lower = sorted((c for c in setup.hands.get(payer, ()) if c.rank is not card.rank),
                       key=lambda c: -c.rank.natural)
        if lower:
            out.append(((payer, receiver, lower[0]), *answer[1:]))
        out.append(tuple(sorted(((r, p, c) for p, r, c in answer), key=lambda x: x[1])))
        return out

    def lenses(self) -> dict[str, LensFn]:
        return {
            "level-card-vs-ace": _tribute_lens(_by_natural),
            "tribute-wild-heart": _tribute_lens(_with_wild),
            "double-tribute-equal": _double_equal,
            "leader-after-tribute-first": _first_leads,
            "tribute-partner-exempt": _partner_exempt,
            "return-ace": _return_lens(lambda c, lv: c.rank is Rank.ACE),
            "return-level-rank": _return_lens(lambda c, lv: c.rank is lv and c.rank.natural <= 10),
        }

    def build(self, rng: random.Random, d: int) -> Built | None:
        lv = draw_level(rng)
        pool = Pool(rng, lv)
        question = rng.choice({1: ["payments", "payments", "leader"],
                               2: ["payments", "leader", "return", "return"],
                               3: ["payments", "payments", "leader", "return"]}[d])
        if question == "return":
            tribute = rng.choice([BJ, RJ, *pool.junk(1)])
            card = rng.choice([face(14, rng.choice(SUITS)),
                               face(lv.natural, rng.choice([Suit.CLUBS, Suit.SPADES])),
                               *pool.junk(3)])
            setup: Setup = {"level": lv.value, "tribute_card": tribute.code, "card": card.code}
            if d == 3 and rng.random() < 0.5:
                hand = [c for c in pool.junk(5) if c.rank.natural > 10 or c.rank is lv]
                hand += [card] if card not in hand else []
                setup["hand"] = cards_text(hand)
            return setup, question
        place = {1: rng.choice([3, 4]), 2: rng.choice([2, 3]), 3: rng.choice([2, 2, 4, 3])}[d]
        finish = draw_finish(rng, place)
        if place == 2 or place == 3:
            payers = [s for s in range(4) if s not in finish]
        else:
            payers = [partner_of(finish[0])]
        hands: dict[int, str] = {}
        shape = rng.choice(["plain", "wild", "equal", "red_jokers"]) if d == 3 else (
            "wild" if d == 2 and rng.random() < 0.4 else "plain")
        top_value = rng.choice([lv.natural, 14, 13, 16])
        for i, seat in enumerate(payers):
            cards = pool.junk(rng.randint(6, 9), jokers=rng.random() < 0.3)
            if shape == "wild" and i == 0:
                cards += pool.wilds(1) or []
            if shape == "equal" and len(payers) == 2:
                cards = [c for c in cards if c.rank.natural < 14 and c.rank is not lv and
                         not c.is_joker]
                cards += pool.rank(top_value, 1) or []
            if shape == "red_jokers" and (i == 0 or rng.random() < 0.5):
                cards += pool.rank(16, 1) or []
            if not cards:
                return None
            hands[seat] = cards_text(cards)
        setup = {"level": lv.value, "finish": finish, "hands": hands}
        return setup, question


# -- Lenses ------------------------------------------------------------------------------------

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
        return SPEC.differs(said, setup, question, solution)

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
        return None if payer == solution.answer else Solution(payer)
    return SPEC.differs(said, setup, question, solution)


def _first_leads(setup: TributeSetup, question: str, solution: Solution) -> Solution | None:
    plan: TributePlan = solution.detail
    if question != "leader" or plan.cancelled or plan.leader == plan.first:
        return None
    return Solution(plan.first)


def _partner_exempt(setup: TributeSetup, question: str, solution: Solution) -> Solution | None:
    plan: TributePlan = solution.detail
    if question == "return" or plan.cancelled or plan.double:
        return None
    if plan.payments[0].payer != partner_of(plan.first):
        return None
    said: Any = () if question == "payments" else plan.first
    return None if said == solution.answer else Solution(said)


def _return_lens(test: Callable[[Card, Rank], bool]) -> LensFn:
    def lens(setup: TributeSetup, question: str, solution: Solution) -> Solution | None:
        if question != "return" or solution.answer or setup.card is None:
            return None
        if setup.card is setup.tribute_card or not test(setup.card, setup.level):
            return None
        return Solution(True)

    return lens


def _no_tribute_words() -> set[str]:
    return _words("exercise.words.no_tribute")


SPEC = Tribute()


def _options_that_matter(setup: TributeSetup, question: str) -> set[str]:
    """Returns the table options a tribute question turns on: whether tribute is played (V6),
    who pays after a 1st–4th finish (V4), who leads after it (V5), what may be returned (V7)."""
    out = {"V6"} if not setup.rules.tribute else set()
    finish = setup.finish or ()
    if question in ("payments", "leader") and len(finish) == 3:
        fourth = next(s for s in range(4) if s not in finish)
        if fourth == partner_of(finish[0]):
            out.add("V4")
    if question == "leader":
        out.add("V5")
    if question == "return":
        out.add("V7")
    return out
