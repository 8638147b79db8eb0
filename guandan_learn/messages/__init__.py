"""Every sentence the project shows a learner, written once, translated through ``gettext``.

The templates are split by the layer that owns them (``engine``, ``exercises``, ``render``,
``cli``, ``progress``, ``endgame``, ``classroom``); one translation function, ``say``, serves
them all, and one pair of catalogues holds their translations. Templates use ``str.format``
fields; translations must keep the same fields. A message whose words follow a number is a
``Plural`` (``P_(singular, plural, n=field)``); a sentence with several numbers names the
plural piece of each other number as its field's format spec (``{files:cli.n.files}``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..i18n import N_, P_, Plural, gettext_, ngettext_
from . import (
    classroom,
    cli,
    endgame,
    engine,
    exercises,
    exports,
    notebooks,
    progress,
    render,
    review,
)
from .classes import MESSAGES as CLASSES
from .lite import MESSAGES as LITE

if TYPE_CHECKING:
    from ..cards import Rank

__all__ = ["MESSAGES", "N_", "PLURALS", "P_", "describe_bomb", "rank_plural", "rank_singular",
           "say", "seat_text"]


def _merge(*owners: Mapping[str, str | Plural]) -> tuple[dict[str, str], dict[str, Plural]]:
    merged: dict[str, str] = {}
    plurals: dict[str, Plural] = {}
    for owner in owners:
        clash = merged.keys() & owner.keys()
        if clash:
            raise RuntimeError(f"message keys defined twice: {sorted(clash)}")
        for key, message in owner.items():
            if isinstance(message, Plural):
                plurals[key] = message
                merged[key] = message.singular
            else:
                merged[key] = message
    return merged, plurals


#: Every message's English template (a plural message's singular form) …
MESSAGES: dict[str, str]
#: … and the plural messages' two forms.
PLURALS: dict[str, Plural]
MESSAGES, PLURALS = _merge(engine.MESSAGES, exercises.MESSAGES, render.MESSAGES,
                           cli.MESSAGES, progress.MESSAGES, endgame.MESSAGES,
                           exports.MESSAGES, classroom.MESSAGES, notebooks.MESSAGES,
                           CLASSES, LITE, review.MESSAGES)



class _Formatter(string.Formatter):
    """``str.format`` plus specs: ``{x:seat}`` names a seat 0–3 ("South"), ``{x:seats}``
    names several (a list, or text such as "1, 3"), in the learner's language, and the key of
    a plural message (``{files:cli.n.files}``) counts with it ("3 files")."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in PLURALS:
            return say(format_spec, **{PLURALS[format_spec].n: value})
        if format_spec == "seat":
            return seat_text(value)
        if format_spec == "seats":
            items = re.findall(r"\d", value) if isinstance(value, str) else list(value)
            return gettext_(MESSAGES["seat.list_sep"], "seat.list_sep").join(
                seat_text(v) for v in items)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def seat_text(seat: object) -> str:
    """Returns the name of seat 0–3 (an int or its digit), the way card players say it.

    Seats keep playing order (§06.1): 0 South, 1 East, 2 North, 3 West, so the next player
    sits on the right and partners sit opposite (§02.1).

    >>> seat_text(0), seat_text("2")
    ('South', 'North')
    """
    try:
        number = int(str(seat))
    except ValueError:
        return str(seat)
    key = f"seat.{number}"
    return gettext_(MESSAGES[key], key) if key in MESSAGES else str(seat)


def say(key: str, **fields: object) -> str:
    """Returns the message ``key`` in the learner's language, with its fields filled in.

    >>> say("describe.pair", ranks="8s")
    'a pair of 8s'
    >>> say("widget.action.pass", seat=3)
    'West passes.'
    >>> say("course.copied", count=1, folder="course")
    'Copied 1 notebook into course.'
    """
    plural = PLURALS.get(key)
    if plural is None:
        return _FORMATTER.format(gettext_(MESSAGES[key], key), **fields)
    template = ngettext_(plural.singular, plural.plural, _number(fields.get(plural.n)), key)
    return _FORMATTER.format(template, **fields)


def _number(value: object) -> int:
    """Returns the number a plural message counts with (a count, or its digits as text)."""
    try:
        return int(str(value).strip())
    except ValueError:
        return 2  # not a number: the plural form reads right for "several"


def describe_bomb(size: int, ranks: str) -> str:
    """Returns "a 4-card bomb of 8s", with the wording a size may need ("an 8-card …").

    >>> describe_bomb(8, "kings")
    'an 8-card bomb of kings'
    """
    key = f"describe.bomb.{size}"
    return say(key if key in MESSAGES else "describe.bomb", size=size, ranks=ranks)


def rank_singular(rank: Rank) -> str:
    """Returns a rank's name in the singular: "8", "ace", "red joker"."""
    key = "rank." + rank.value
    return say(key) if key in MESSAGES else rank.value


def rank_plural(rank: Rank) -> str:
    """Returns a rank's name in the plural: "8s", "aces", "red jokers"."""
    key = "ranks." + rank.value
    return say(key) if key in MESSAGES else say("ranks.number", rank=rank.value)
