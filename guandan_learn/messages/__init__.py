"""Every sentence the project shows a learner, written once, translated through ``gettext``.

The templates are split by the layer that owns them (``engine``, ``exercises``, ``render``,
``cli``, ``progress``, ``endgame``, ``classroom``); one translation function, ``say``, serves
them all, and one pair of catalogues holds their translations. Templates use ``str.format``
fields; translations must keep the same fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import N_, gettext_
from . import classroom, cli, endgame, engine, exercises, exports, notebooks, progress, render

if TYPE_CHECKING:
    from ..cards import Rank

__all__ = ["MESSAGES", "N_", "describe_bomb", "rank_plural", "rank_singular", "say"]


def _merge(*owners: dict[str, str]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for owner in owners:
        clash = merged.keys() & owner.keys()
        if clash:
            raise RuntimeError(f"message keys defined twice: {sorted(clash)}")
        merged.update(owner)
    return merged


MESSAGES: dict[str, str] = _merge(engine.MESSAGES, exercises.MESSAGES, render.MESSAGES,
                                  cli.MESSAGES, progress.MESSAGES, endgame.MESSAGES,
                                  exports.MESSAGES, classroom.MESSAGES, notebooks.MESSAGES)



def say(key: str, **fields: object) -> str:
    """Returns the message ``key`` in the learner's language, with its fields filled in.

    >>> say("describe.pair", ranks="8s")
    'a pair of 8s'
    """
    return gettext_(MESSAGES[key], key).format(**fields)


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
