"""Seats, partners and teams, and when a deal stops (§02.1, §06.8), defined once.

Seats 0–3 sit in playing order; seats 0 and 2 form team 0, seats 1 and 3 team 1. A learner
reads them by the names card players use (``seat_name``): 0 South, 1 East, 2 North, 3 West, so
the next player sits on your right and your partner opposite; the API keeps the numbers.
"""

from __future__ import annotations

from collections.abc import Collection

#: The four seats in playing order (§02.1).
SEATS: tuple[int, int, int, int] = (0, 1, 2, 3)
#: The two teams (§02.1).
TEAMS: tuple[int, int] = (0, 1)


def seat_name(seat: int) -> str:
    """Returns the name a learner reads for a seat, in the current language (§02.1).

    Every sentence that names a seat uses it, through the ``{seat:seat}`` field of a message.

    >>> seat_name(0), seat_name(1), seat_name(2), seat_name(3)
    ('South', 'East', 'North', 'West')
    """
    from .messages import seat_text

    return seat_text(seat)


def partner(seat: int) -> int:
    """Returns the seat opposite, the partner (§02.1).

    >>> partner(1)
    3
    """
    return (seat + 2) % 4


def team(seat: int) -> int:
    """Returns the team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (§02.1).

    >>> team(3)
    1
    """
    return seat % 2


def deal_stops(out: Collection[int]) -> bool:
    """Tells whether a deal stops once the seats ``out`` have emptied their hands (§06.8).

    Play goes on until a partnership is out; three seats out always include one, which is
    also when only one player still holds cards.

    >>> deal_stops([0, 1]), deal_stops([0, 2]), deal_stops([0, 1, 3])
    (False, True, True)
    """
    return any(partner(s) in out for s in out)
