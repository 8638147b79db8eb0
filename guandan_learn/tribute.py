"""Tribute, return and the new lead (§08), with the table options V4–V7.

Seats are numbered in playing order; "the seat on X's right" is ``(X + 1) % 4``. The level
passed in is always the **new** deal's active level, the previous winners' promoted level
(§08.9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import (
    STRENGTH,
    Card,
    CardsLike,
    Rank,
    as_level,
    check_counts,
    excerpt,
    format_cards,
    spoken_card,
    to_cards,
)
from .combo import rank_name
from .errors import ArgumentError, TributeError
from .judge import Verdict
from .level import check_finish_order, last_seats
from .messages import say
from .reason import Reason, join_text
from .rules import DEFAULT, Rules
from .seats import partner as partner_of


@dataclass(frozen=True, slots=True)
class Payment:
    """One tribute: ``payer`` gives ``card`` to ``receiver``, who returns a card to ``payer``."""

    payer: int
    receiver: int
    card: Card

    def __str__(self) -> str:
        return say("tribute.payment", payer=self.payer, receiver=self.receiver,
                   card=spoken_card(self.card, article=True))


@dataclass(frozen=True)
class TributePlan:
    """The tribute before a deal (§08): payments, or why there are none, and who leads.

    ``reasons`` explain the plan as ``Reason`` values, rendered when shown; when the tribute
    is cancelled the only reason says why, and ``cancel_clause`` is ``§08.7``, ``V4`` or ``V6``.
    ``return_rule`` states what every return must be (§08.2, §08.10 or V7).
    """

    finish_order: tuple[int, ...]
    level: Rank
    rules: Rules
    cancelled: bool
    payments: tuple[Payment, ...]
    leader: int
    reasons: tuple[Reason, ...]

    @property
    def cancel_reason(self) -> str | None:
        """Returns why the tribute is cancelled, in the current language, or ``None``."""
        return self.reasons[0].text() if self.cancelled else None

    @property
    def cancel_clause(self) -> str | None:
        """Returns the clause that cancels the tribute (§08.7, V4 or V6), or ``None``."""
        return self.reasons[0].main_clause if self.cancelled else None

    @property
    def sentences(self) -> tuple[str, ...]:
        """Returns the plan's sentences in the current language, each citing its clauses."""
        return tuple(r.text() for r in self.reasons)

    @property
    def first(self) -> int:
        """Returns the previous deal's first player."""
        return self.finish_order[0]

    @property
    def double(self) -> bool:
        """Tells whether two players pay (§08.3)."""
        return len(self.payments) == 2

    @property
    def explanation(self) -> str:
        """Returns the plan in short sentences citing their clauses."""
        return join_text(self.reasons)

    @property
    def return_rule_reason(self) -> Reason:
        """Returns what a returned card must be, as a ``Reason`` (§08.2, §08.10, V7)."""
        if self.rules.return_level_rank_allowed:
            return Reason.of("tribute.return_rule_v7", ("§08.2", "§08.10", "V7"))
        return Reason.of("tribute.return_rule", ("§08.2", "§08.10"),
                         level=rank_name(self.level, plural=True))

    @property
    def return_rule(self) -> str:
        """Returns the sentence stating what a returned card must be (§08.2, §08.10, V7)."""
        return self.return_rule_reason.text()

    def payment_to(self, receiver: int) -> Payment:
        """Returns the payment that ``receiver`` gets, or raises ``TributeError``."""
        for p in self.payments:
            if p.receiver == receiver:
                return p
        raise TributeError(Reason.of("tribute.no_payment", "§08.5", seat=receiver))

    def check_return(self, receiver: int, card: CardsLike,
                     hand: CardsLike | None = None) -> Verdict:
        """Judges the card ``receiver`` proposes to give back to their payer (§08.2, §08.5)."""
        return check_return(card, self.level, self.payment_to(receiver).card, self.rules, hand)

    def choose_return(self, receiver: int, hand: CardsLike) -> Card:
        """Returns a sensible card for ``receiver`` to give back (see ``choose_return``)."""
        return choose_return(hand, self.level, self.payment_to(receiver).card, self.rules)

    def __str__(self) -> str:
        return self.explanation


def _hand(hands: Mapping[int, CardsLike], seat: int) -> list[Card]:
    if seat not in hands:
        raise TributeError(Reason.of("tribute.missing_hand", "§08.1", seat=seat))
    cards = to_cards(hands[seat])
    check_counts(cards)
    return cards


def tribute_card(hand: CardsLike, level: Rank | str) -> Card:
    """Returns the card a payer gives: the highest single at ``level``, never a wild (§08.1).

    Suits never break ties (§03.2); among equal cards the first in C D H S order is given.

    >>> tribute_card("7H 7S AC RJ 3D", "7")
    Card('RJ')
    >>> tribute_card("7H AC AS 3D", "7")
    Card('AC')
    """
    lv = as_level(level)
    row = STRENGTH[lv.natural]
    held = to_cards(hand)
    if not held:
        raise TributeError(Reason.of("tribute.payer_empty", "§08.1"))
    cards = [c for c in held if not c.is_wild(lv)]
    if not cards:
        raise TributeError(Reason.of("tribute.only_wilds", "§08.1", cards=format_cards(held)))
    return max(cards, key=lambda c: (row[c.rank.natural], -c.index))


def plan_tribute(finish_order: Sequence[int], hands: Mapping[int, CardsLike],
                 level: Rank | str, rules: Rules = DEFAULT) -> TributePlan:
    """Plans the tribute before a deal (§08.1–§08.7, §08.9, V4–V6); returns a ``TributePlan``.

    ``finish_order`` is the previous deal's (§06.7); ``hands`` maps seats to their new hands
    (only the payers' hands are read); ``level`` is the new active level (§08.9).

    >>> plan = plan_tribute([0, 1, 2], {3: "AS KD 5C 8H 8C"}, "8")
    >>> plan.payments
    (Payment(payer=3, receiver=0, card=Card('8C')),)
    >>> plan.leader
    3
    >>> print(plan.explanation)  # doctest: +NORMALIZE_WHITESPACE
    West finished last and gives South, the first finisher, their highest single card at level
    8 that is not a wild heart: 8♣ (§08.1, §08.9). South gives back one card to West (§08.5).
    West paid the tribute, so they lead the new deal (§08.6).
    >>> print(plan_tribute([0, 2], {1: "RJ 3C", 3: "RJ 4D"}, "5").cancel_reason)
    ... # doctest: +NORMALIZE_WHITESPACE
    East and West hold both red jokers between them, so the tribute is cancelled and South,
    the previous first finisher, leads (§08.7).
    """
    _check_rules(rules)
    order = check_finish_order(finish_order)
    lv = as_level(level)
    if not isinstance(hands, Mapping):
        raise ArgumentError(Reason.of("tribute.bad_hands", "§08.1", value=hands))
    first = order[0]
    partner = partner_of(first)
    payers = last_seats(order)

    def cancel(reason: Reason) -> TributePlan:
        return TributePlan(order, lv, rules, True, (), first, (reason,))

    if not rules.tribute:
        return cancel(Reason.of("tribute.off_v6", "V6", first=first))
    if payers == (partner,) and not rules.tribute_after_one_four:
        return cancel(Reason.of("tribute.off_v4", "V4", payer=partner, first=first))

    paid = {p: _hand(hands, p) for p in payers}
    check_counts([c for p in payers for c in paid[p]])
    red = {p: Counter(paid[p])[Card("RJ")] for p in payers}
    sentences: list[Reason] = []
    if len(payers) == 1:
        (payer,) = payers
        if red[payer] == 2:
            return cancel(Reason.of("tribute.cancel_single", "§08.7", seat=payer, first=first))
        card = tribute_card(paid[payer], lv)
        payments: tuple[Payment, ...] = (Payment(payer, first, card),)
        key = "tribute.single_partner" if payer == partner else "tribute.single"
        sentences.append(Reason.of(key, ("§08.1", "§08.9"), payer=payer, receiver=first,
                                   level=lv.value, card=spoken_card(card, article=True)))
        sentences.append(Reason.of("tribute.return_one", "§08.5", receiver=first, payer=payer))
        leader = payer
        if rules.leader_after_tribute == "first":
            leader = first
            sentences.append(Reason.of("tribute.leader_first_v5", "V5", seat=first))
        else:
            sentences.append(Reason.of("tribute.leader_single", "§08.6", seat=payer))
    else:
        right, other = (first + 1) % 4, (first + 3) % 4
        if red[right] + red[other] == 2:
            if 2 in red.values():
                holder = right if red[right] == 2 else other
                reason = Reason.of("tribute.cancel_single", "§08.7", seat=holder, first=first)
            else:
                reason = Reason.of("tribute.cancel_double", "§08.7", a=right, b=other,
                                   first=first)
            return cancel(reason)
        cards = {p: tribute_card(paid[p], lv) for p in payers}
        row = STRENGTH[lv.natural]
        s_right, s_other = (row[cards[p].rank.natural] for p in (right, other))
        to_first = other if s_other > s_right else right
        to_second = right if to_first == other else other
        payments = (Payment(to_first, first, cards[to_first]),
                    Payment(to_second, partner, cards[to_second]))
        sentences.append(Reason.of("tribute.double", "§08.3", a=right, b=other, first=first,
                                   second=partner))
        sentences.append(Reason.of("tribute.double_cards", ("§08.1", "§08.9"), a=right,
                                   card_a=spoken_card(cards[right], article=True), b=other,
                                   card_b=spoken_card(cards[other], article=True),
                                   level=lv.value))
        if s_right == s_other:
            sentences.append(Reason.of("tribute.double_equal", "§08.4", first=first,
                                       right=right, second=partner, other=other))
        else:
            sentences.append(Reason.of("tribute.double_higher", "§08.3", first=first,
                                       payer=to_first,
                                       card=spoken_card(cards[to_first], article=True),
                                       second=partner, other=to_second))
        sentences.append(Reason.of("tribute.return_two", "§08.5", first=first, payer=to_first,
                                   second=partner, other=to_second))
        leader = to_first
        if rules.leader_after_tribute == "first":
            leader = first
            sentences.append(Reason.of("tribute.leader_first_v5", "V5", seat=first))
        else:
            sentences.append(Reason.of("tribute.leader_double", "§08.6", seat=to_first,
                                       first=first))
    return TributePlan(order, lv, rules, False, payments, leader, tuple(sentences))


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Rules):
        raise ArgumentError(say("level.bad_rules", value=excerpt(repr(rules))))


def _allowed(card: Card, level: Rank, tribute: Card,
             rules: Rules) -> tuple[bool, str, str | tuple[str, ...]]:
    """Returns (allowed, message key, clauses) for one card by §08.2, §08.10 and V7."""
    if card is tribute:
        return False, "return.tribute_card", "§08.10"
    if card.is_joker:
        return False, "return.joker", "§08.2"
    if card.rank is Rank.ACE:
        return False, "return.ace", "§08.10"
    if card.rank.natural > 10:
        return False, "return.picture", "§08.2"
    if card.rank is level:
        if rules.return_level_rank_allowed:
            return True, "return.ok_v7", ("§08.2", "V7")
        return False, "return.level", "§08.2"
    return True, "return.ok", "§08.2"


def allowed_returns(hand: CardsLike, level: Rank | str, tribute_card: CardsLike,
                    rules: Rules = DEFAULT) -> list[Card]:
    """Lists the cards of ``hand`` that §08.2 and §08.10 (or V7) allow back, weakest first.

    >>> allowed_returns("3C 7D 7H 10S JD AS", "7", "AS")
    [Card('3C'), Card('10S')]
    """
    lv = as_level(level)
    _check_rules(rules)
    tribute = _one_card(tribute_card)
    cards = sorted(set(to_cards(hand)), key=lambda c: (c.rank.natural, c.index))
    return [c for c in cards if _allowed(c, lv, tribute, rules)[0]]


def _one_card(cards: CardsLike) -> Card:
    cs = to_cards(cards)
    if len(cs) != 1:
        raise TributeError(say("return.one_card", count=len(cs)), clause="§08.2")
    return cs[0]


def _weakest(cards: list[Card], level: Rank, tribute: Card) -> list[Card]:
    """Returns the weakest cards by §03.1 that §08.11 may require: no wild, not the tribute."""
    row = STRENGTH[level.natural]
    pool = ([c for c in cards if not c.is_wild(level) and c is not tribute]
            or [c for c in cards if not c.is_wild(level)])
    if not pool:
        raise TributeError(Reason.of("return.only_wilds", "§08.11", cards=format_cards(cards)))
    low = min(row[c.rank.natural] for c in pool)
    return sorted({c for c in pool if row[c.rank.natural] == low}, key=lambda c: c.index)


def check_return(card: CardsLike, level: Rank | str, tribute_card: CardsLike,
                 rules: Rules = DEFAULT, hand: CardsLike | None = None) -> Verdict:
    """Judges a proposed return card (§08.2, §08.10, §08.11, V7); returns a ``Verdict``.

    ``level`` is the new active level; ``tribute_card`` is the card received. With ``hand``
    (the receiver's cards), the card must be in it, and when nothing there is allowed the
    weakest card that is not a wild heart is required (§08.11).

    >>> check_return("5C", "7", "AS").legal
    True
    >>> print(check_return("7D", "7", "AS").reason)
    7♦ cannot be returned: it is of the active level rank, and 7s never come back (§08.2).
    >>> check_return("AD", "7", "AS").clause
    '§08.10'
    >>> check_return("JC", "7", "AS", hand="JC QD AS 7H").legal
    True
    """
    lv = as_level(level)
    _check_rules(rules)
    tribute = _one_card(tribute_card)
    cs = to_cards(card)
    if len(cs) != 1:
        # The template cites §08.2 itself: the exercises still show it through say().
        return Verdict(False, None, Reason.of("return.one_card", None, count=len(cs)), "§08.2")
    c = cs[0]
    text = str(c)
    if hand is not None:
        held = to_cards(hand)
        check_counts(held)
        if c not in held:
            return Verdict(False, None, Reason.of("return.not_held", "§08.2", card=text,
                                                  hand=format_cards(held)))
        if not any(_allowed(h, lv, tribute, rules)[0] for h in held):
            if all(h.is_wild(lv) for h in held):
                return Verdict(False, None, Reason.of("return.only_wilds", "§08.11",
                                                      cards=format_cards(held)))
            weakest = _weakest(held, lv, tribute)
            if c in weakest:
                return Verdict(True, None, Reason.of("return.fallback_ok", "§08.11", card=text))
            return Verdict(False, None, Reason.of("return.fallback_required", "§08.11",
                                                  card=text, weakest=str(weakest[0])))
    ok, key, clause = _allowed(c, lv, tribute, rules)
    return Verdict(ok, None, Reason.of(key, clause, card=text, level=rank_name(lv, plural=True)))


def choose_return(hand: CardsLike, level: Rank | str, tribute_card: CardsLike,
                  rules: Rules = DEFAULT) -> Card:
    """Returns a sensible return card for a bot: the lowest allowed card, keeping sets whole.

    Prefers a card whose rank the hand holds only once, then the lowest rank; never gives a
    wild heart when anything else is allowed. Falls back to §08.11 when nothing is allowed.

    >>> choose_return("3C 3D 4S 9H AS", "7", "AS")
    Card('4S')
    >>> choose_return("JC QD AS", "7", "AS")
    Card('JC')
    """
    lv = as_level(level)
    _check_rules(rules)
    tribute = _one_card(tribute_card)
    held = to_cards(hand)
    if not held:
        raise TributeError(Reason.of("tribute.empty_hand", "§08.5"))
    check_counts(held)
    allowed = allowed_returns(held, lv, tribute, rules)
    if not allowed:
        return _weakest(held, lv, tribute)[0]
    counts = Counter(c.rank for c in held)
    return min(allowed, key=lambda c: (c.is_wild(lv), counts[c.rank] > 1, c.rank.natural,
                                       c.index))
