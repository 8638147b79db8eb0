"""The one place where exercises read the engine's explanations, as ``Reason`` values.

Puzzle solutions, hints and feedback are built from reasons, rendered only when shown. The
engine carries its explanations as reasons (``Verdict.reasons``, ``Settlement.reasons``,
``TributePlan.reasons``, a return check's ``.reasons``, ``GuandanError.reason``); the clauses
are the reasons' own fields, never read out of text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..cards import Card, Rank
from ..combo import Combo, Kind, no_combination_reason
from ..deal import Deal
from ..errors import GuandanError
from ..judge import Verdict, describe
from ..level import Settlement
from ..reason import Reason
from ..rules import Rules
from ..tribute import TributePlan, check_return

Reasons = tuple[Reason, ...]


class EngineWords:
    """The engine's sentence for one value, rendered anew each time it is shown."""

    __slots__ = ("_render",)

    def __init__(self, render: Callable[[], str]) -> None:
        self._render = render

    def __str__(self) -> str:
        return self._render()

    def __repr__(self) -> str:
        return f"EngineWords({self._render()!r})"


def verdict_reasons(play: Sequence[Card], table: Combo | None, level: Rank,
                    verdict: Verdict, *, kind: Kind | None = None, rank: Rank | None = None,
                    wilds: Sequence[Card] | None = None) -> Reasons:
    """Returns why a play is legal or not (``judge`` with the same arguments)."""
    if verdict.reasons:
        return verdict.reasons
    return (Reason.of("exercise.engine_words", None, text=verdict.reason),)


def verdict_clauses(verdict: Verdict) -> tuple[str, ...]:
    """Returns the clauses a verdict cites."""
    return (verdict.clause,) if verdict.clause else ()


def no_combination(cards: Sequence[Card], level: Rank) -> tuple[Reasons, tuple[str, ...]]:
    """Returns why cards make no combination, and the clause it cites."""
    why = no_combination_reason(tuple(cards), level)
    return (why,), why.clauses()


def settlement_reasons(levels: tuple[Rank, Rank], declarers: int | None,
                       finish: Sequence[int], rules: Rules,
                       attempts: tuple[int, int] | None, settlement: Settlement) -> Reasons:
    """Returns the explanation of a settled deal (``settle_deal`` with the same arguments)."""
    return settlement.reasons


def settlement_clauses(settlement: Settlement) -> tuple[str, ...]:
    """Returns the clauses a settlement rests on."""
    return tuple(settlement.clauses)


def settlement_cited(settlement: Settlement) -> tuple[str, ...]:
    """Returns the clauses a settlement's sentences name: all but §07.1, the rule of settling
    itself, which the settlement lists first and no sentence names."""
    return tuple(c for c in settlement.clauses if c != "§07.1")


def plan_reasons(finish: Sequence[int], hands: Mapping[int, Sequence[Card]], level: Rank,
                 rules: Rules, plan: TributePlan) -> tuple[Reasons, tuple[str, ...]]:
    """Returns the explanation of a tribute plan and the clauses it cites."""
    clauses = tuple(dict.fromkeys(c for r in plan.reasons for c in r.clauses()))
    return plan.reasons, clauses


def return_reasons(card: Card, level: Rank, tribute: Card, rules: Rules,
                   hand: Sequence[Card] | None) -> tuple[Verdict, Reasons, tuple[str, ...]]:
    """Checks a proposed return; returns the verdict, why, and the clause it cites."""
    held = None if hand is None else list(hand)
    v = check_return(card, level, tribute, rules, held)
    return v, v.reasons, verdict_clauses(v)


def deal_status(deal: Deal) -> tuple[Reason, tuple[str, ...]]:
    """Returns whose turn it is, or why nobody's, as a reason, with the clauses it cites.

    The deal has no status reason yet; this reads its public state (whose turn, the table, the
    last play, the finishing order) and uses the deal's own status messages, until the deal
    gives its status as a reason itself.
    """
    seat = deal.to_move
    if seat is None:
        out = deal.finish_order
        if len(out) == 2:
            a, b = sorted(out)
            return Reason.of("deal.view.over_team", None, a=a, b=b), ("§06.8",)
        left = next(s for s in range(4) if s not in out)
        return Reason.of("deal.view.over_one", None, seat=left), ("§06.8",)
    table = deal.table
    if table is not None:
        play = EngineWords(lambda: describe(table))
        return Reason.of("deal.view.beat", None, seat=seat, play=play,
                         last=deal.last_player), ("§06.3",)
    last_play = next((a for a in reversed(deal.history) if a.combo is not None), None)
    if last_play is None:
        return Reason.of("deal.view.lead", None, seat=seat), ("§06.2",)
    if last_play.seat != seat:
        return Reason.of("deal.view.lead_partner", None, seat=seat,
                         last=last_play.seat), ("§06.6",)
    return Reason.of("deal.view.lead_won", None, seat=seat), ("§06.6",)


def error_reason(err: GuandanError) -> tuple[str, str | None]:
    """Returns an engine error's sentence (without the place) and its clause."""
    return err.message, err.clause


__all__ = ["EngineWords", "Reasons", "deal_status", "error_reason", "no_combination",
           "plan_reasons", "return_reasons", "settlement_cited", "settlement_clauses",
           "settlement_reasons", "verdict_clauses", "verdict_reasons"]
