"""The text layer: engine values as sentences in the learner's language, made when shown.

The engine describes plays and explains verdicts as ``Reason`` values; this module turns them
(and the values that carry them) into text. It sits above the engine and below the exercises.

>>> from guandan_learn import Combo
>>> describe(Combo.of("8C 8D", "7"))
'a pair of 8s'
>>> plain(Combo.of("8C 8D", "7"))
'8♣ 8♦ — a pair of 8s'
"""

from __future__ import annotations

from html import escape

from .cards import Card
from .combo import Combo, play_reason
from .deal import OUT_KEYS, Deal, play_line
from .judge import Verdict
from .messages import say
from .reason import Reason, join_text
from .rulebook import linked
from .seats import team

__all__ = ["describe", "plain", "reason_html", "sentence", "table_line"]


def describe(combo: Combo) -> str:
    """Returns a plain description of a reading, e.g. "a pair of 8s" or "a 4-card bomb of 8s".

    >>> from guandan_learn import classify
    >>> describe(classify("2C 3D 4S 5H AC", "9")[0])
    'a straight up to 5'
    """
    return play_reason(combo).text()


def sentence(*reasons: Reason) -> str:
    """Renders reasons as one paragraph in the current language, each citing its clause."""
    return join_text(reasons)


def reason_html(reason: Reason) -> str:
    """Renders a reason as an HTML span that carries its clauses as data, each a link.

    >>> reason_html(Reason.of("judge.no_cards", "§04.1"))  # doctest: +ELLIPSIS
    '<span class="gdl-reason" data-clauses="§04.1">Choose at least one card to play (<a ...
    """
    clauses = " ".join(reason.clauses())
    return (f'<span class="gdl-reason" data-clauses="{escape(clauses)}">'
            f"{linked(reason.text())}</span>")


def plain(value: Card | Combo | Deal | Verdict) -> str:
    """Returns a learner's sentence for a value: what a notebook prints as its text.

    >>> from guandan_learn import Card, Deal, judge
    >>> plain(Card("8C"))
    '8♣'
    >>> plain(Deal(["3C", "4C", "5C", "6C"], "2", leader=3))
    'Deal at level 2: West to move, 0 actions'
    >>> plain(judge("8C 9D", None, "7"))  # doctest: +ELLIPSIS
    '8♣ 9♦ is not one of the forms: single, pair, ... (§04.1).'
    """
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Combo):
        return say("display.combo", cards=str(value), play=describe(value))
    if isinstance(value, Deal):
        count = len(value.history)
        if value.to_move is None:
            return say("display.deal.over", level=value.level.value, count=count)
        return say("display.deal", level=value.level.value, seat=value.to_move, count=count)
    return value.reason


def table_line(deal: Deal) -> str:
    """Returns the table in one line of text: who is out, the trick so far and whose turn it
    is, without the hands; a compact stand-in for the table picture between two actions.

    >>> d = Deal(["3C 5C 5D", "4C 9C 9D", "6S KC KD", "7C JC JD"], "2", leader=0)
    >>> _ = d.play("5C 5D"), d.play("9C 9D")
    >>> print(table_line(d))  # doctest: +NORMALIZE_WHITESPACE
    South played a pair of 5s: 5♣ 5♦. East played a pair of 9s: 9♣ 9♦. North to play: beat
    a pair of 9s from East, or pass (§06.3).
    """
    parts = [say(OUT_KEYS[place], seat=seat, team=team(seat))
             for place, seat in enumerate(deal.finish_order[:3], start=1)]
    for action in deal.trick:
        if action.combo is None:
            parts.append(say("deal.view.trick_pass", seat=action.seat))
        else:
            parts.append(play_line(action.seat, action.combo))
    parts.append(deal.render_text().rsplit("\n", 1)[-1])
    return " ".join(parts)
