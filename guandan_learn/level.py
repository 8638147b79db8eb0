"""Settling a deal: who won, how far they climb, who declares next, who wins the match (§07).

Teams are 0 (seats 0 and 2) and 1 (seats 1 and 3). A finishing order lists the seats in the
order their hands emptied, up to the moment the deal stopped (§06.8): two seats after a 1st–2nd
finish, otherwise three (the fourth seat, the one still holding cards, may be added).

**Partner's place.** The first finisher's partner is 2nd or 3rd when listed there; when the
partner is not listed, the partner is the player left holding cards, so 4th. (After a 1st–2nd
finish the opponents are both "last", §06.8; that matters for tribute only.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .cards import LEVELS, Rank, as_level
from .errors import MatchError
from .messages import say
from .rules import DEFAULT, Rules

LevelLike = Rank | str
LevelsLike = Mapping[int, LevelLike] | Sequence[LevelLike]

TEAMS: tuple[int, int] = (0, 1)


def team_of(seat: int) -> int:
    """Returns the team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3 (§02.1).

    >>> team_of(3)
    1
    """
    return seat % 2


def partner_of(seat: int) -> int:
    """Returns the seat opposite, the partner (§02.1).

    >>> partner_of(1)
    3
    """
    return (seat + 2) % 4


def check_finish_order(finish_order: Sequence[int]) -> tuple[int, ...]:
    """Returns the finishing order as a tuple, or raises ``MatchError`` if no deal stops so.

    >>> check_finish_order([0, 2])
    (0, 2)
    >>> check_finish_order([0, 1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    guandan_learn.errors.MatchError: The finishing order [0, 1] cannot end a deal: seats 0 ...
    """
    if isinstance(finish_order, (str, bytes)) or not isinstance(finish_order, Sequence):
        raise MatchError(say("finish.not_sequence", value=finish_order), clause="§06.7")
    order = list(finish_order)
    for seat in order:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise MatchError(say("finish.not_seat", value=seat, order=order), clause="§02.1")
    for i, seat in enumerate(order):
        if seat in order[:i]:
            raise MatchError(say("finish.duplicate", seat=seat, order=order), clause="§06.7")
    if len(order) < 2:
        raise MatchError(say("finish.too_short", order=order), clause="§06.8")
    a, b = order[0], order[1]
    if len(order) == 2 and b != partner_of(a):
        raise MatchError(say("finish.not_stopped", order=order, a=a, b=b), clause="§06.8")
    if len(order) > 2 and b == partner_of(a):
        raise MatchError(say("finish.after_stop", order=order, a=a, b=b), clause="§06.8")
    return tuple(order)


def partner_place(finish_order: Sequence[int]) -> int:
    """Returns the place (2, 3 or 4) of the first finisher's partner; unlisted means 4th.

    >>> partner_place([1, 3]), partner_place([1, 2, 3]), partner_place([1, 2, 0])
    (2, 3, 4)
    """
    order = check_finish_order(finish_order)
    partner = partner_of(order[0])
    return order.index(partner) + 1 if partner in order else 4


def last_seats(finish_order: Sequence[int]) -> tuple[int, ...]:
    """Returns the seat(s) that count as last: both opponents after a 1st–2nd finish (§06.8).

    >>> last_seats([0, 2]), last_seats([0, 1, 3]), last_seats([0, 1, 2, 3])
    ((1, 3), (2,), (3,))
    """
    order = check_finish_order(finish_order)
    if len(order) == 2:
        return tuple(sorted({0, 1, 2, 3} - set(order)))
    if len(order) == 4:
        return (order[3],)
    return tuple({0, 1, 2, 3} - set(order))


def _team(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in TEAMS:
        raise MatchError(say("level.bad_team", value=value), clause="§02.1")
    return value


def _levels(levels: LevelsLike) -> dict[int, Rank]:
    if isinstance(levels, Mapping):
        if set(levels) != {0, 1} or any(isinstance(k, bool) for k in levels):
            raise MatchError(say("level.bad_levels", value=levels), clause="§02.6")
        return {t: as_level(levels[t]) for t in TEAMS}
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Sequence) or len(levels) != 2:
        raise MatchError(say("level.bad_levels", value=levels), clause="§02.6")
    return {t: as_level(levels[t]) for t in TEAMS}


def _attempts(attempts: Mapping[int, int] | Sequence[int] | None, levels: dict[int, Rank],
              rules: Rules) -> dict[int, int]:
    if attempts is None:
        return {0: 0, 1: 0}
    if isinstance(attempts, Mapping):
        if not set(attempts) <= {0, 1}:
            raise MatchError(say("level.bad_attempts", value=attempts), clause="V1")
        counts = {t: attempts.get(t, 0) for t in TEAMS}
    elif isinstance(attempts, Sequence) and not isinstance(attempts, str) and len(attempts) == 2:
        counts = {t: attempts[t] for t in TEAMS}
    else:
        raise MatchError(say("level.bad_attempts", value=attempts), clause="V1")
    for t, n in counts.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise MatchError(say("level.attempts_not_count", team=t, value=n), clause="V1")
        if n and levels[t] is not Rank.ACE:
            raise MatchError(say("level.attempts_below_a", team=t, level=levels[t].value,
                                 count=n), clause="V1")
        if rules.attempts_at_a is not None and n >= rules.attempts_at_a:
            raise MatchError(say("level.attempts_over_limit", team=t, count=n,
                                 limit=rules.attempts_at_a), clause="V1")
    return counts


@dataclass(frozen=True)
class Settlement:
    """The result of one deal (§07): winners, promotion, next active level, match winner.

    ``gained`` is the promotion the finish earns by §07.2 (or V2); ``advanced`` is how many
    levels the winners actually moved (less at the top, §07.4; negative after a V1 drop).
    ``attempts`` counts each team's failed deals as declarers at A so far (V1).
    """

    finish_order: tuple[int, ...]
    winner: int
    partner_place: int
    gained: int
    advanced: int
    previous_levels: dict[int, Rank]
    levels: dict[int, Rank]
    active_level: Rank
    declarers: int
    previous_declarers: int | None
    match_winner: int | None
    attempts: dict[int, int]
    dropped: int | None
    sentences: tuple[str, ...]
    clauses: tuple[str, ...] = field(default=())

    @property
    def first(self) -> int:
        """Returns the seat that finished first."""
        return self.finish_order[0]

    @property
    def match_over(self) -> bool:
        """Tells whether a team won the match with this deal (§07.5)."""
        return self.match_winner is not None

    @property
    def explanation(self) -> str:
        """Returns the short explanation, sentences citing their clauses."""
        return " ".join(self.sentences)

    def __str__(self) -> str:
        return self.explanation


def _wins_match(place: int, rules: Rules) -> bool:
    if rules.win_at_a == "one_two":
        return place == 2
    if rules.win_at_a == "any":
        return True
    return place in (2, 3)


def settle_deal(levels: LevelsLike, declarers: int | None, finish_order: Sequence[int],
                rules: Rules = DEFAULT,
                attempts: Mapping[int, int] | Sequence[int] | None = None) -> Settlement:
    """Settles a deal by §07 and the table's ``rules``; returns the ``Settlement``.

    ``levels`` gives both teams' recorded levels (mapping team → level, or a pair);
    ``declarers`` is the team whose level was active (``None`` in the first deal, §07.9);
    ``finish_order`` lists the seats in the order they went out; ``attempts`` gives each team's
    failed deals as declarers at A so far (V1; zero when omitted).

    >>> s = settle_deal({0: "6", 1: "9"}, 1, [0, 1, 2])
    >>> s.winner, s.gained, s.levels[0].value, s.active_level.value, s.declarers
    (0, 2, '8', '8', 0)
    >>> print(s.explanation)  # doctest: +NORMALIZE_WHITESPACE
    Team 0 finished 1st and 3rd: +2 from its own level 6 → 8 (§07.2, §07.3).
    Team 1 stays at level 9 (§07.3).
    Next deal: team 0 declares and the active level is 8 (§02.7, §07.9).
    >>> settle_deal(["A", "J"], 0, [2, 1, 0]).match_winner
    0
    """
    if not isinstance(rules, Rules):
        raise MatchError(say("level.bad_rules", value=rules))
    before = _levels(levels)
    if declarers is not None:
        declarers = _team(declarers)
    order = check_finish_order(finish_order)
    counts = _attempts(attempts, before, rules)
    first = order[0]
    winner = team_of(first)
    loser = 1 - winner
    place = partner_place(order)
    gained = {2: rules.double_finish_gain, 3: 2, 4: 1}[place]
    after = dict(before)
    sentences: list[str] = []
    clauses: list[str] = ["§07.1"]
    match_winner: int | None = None
    dropped: int | None = None
    old = before[winner]
    at_a_declaring = declarers is not None and before[declarers] is Rank.ACE

    if old is Rank.ACE:
        if declarers == winner and _wins_match(place, rules):
            match_winner = winner
            clause = "§07.5" if rules.win_at_a == "default" else "§07.5, V3"
            sentences.append(say(f"level.match_won_{place}", team=winner, clauses=clause))
            clauses += ["§07.5"] if rules.win_at_a == "default" else ["§07.5", "V3"]
        elif declarers == winner:
            sentences.append(say(f"level.stay_at_a_{rules.win_at_a}_{place}", team=winner))
            clauses += ["§07.6"] if rules.win_at_a == "default" else ["§07.6", "V3"]
        elif declarers is None:
            sentences.append(say("level.stay_at_a_first_deal", team=winner))
            clauses.append("§07.9")
        else:
            sentences.append(say("level.stay_at_a_not_declaring", team=winner))
            clauses.append("§07.9")
    else:
        new = LEVELS[min(LEVELS.index(old) + gained, len(LEVELS) - 1)]
        after[winner] = new
        gain_clause = "§07.2" if place != 2 or gained == 3 else "V2"
        if LEVELS.index(old) + gained > len(LEVELS) - 1:
            sentences.append(say(f"level.win_capped_{place}", team=winner, gained=gained,
                                 old=old.value, clause=gain_clause))
            clauses.append("§07.4")
        else:
            sentences.append(say(f"level.win_{place}", team=winner, gained=gained,
                                 old=old.value, new=new.value,
                                 clauses=f"{gain_clause}, §07.3"))
        clauses += ["§07.2", "§07.3"] if gain_clause == "§07.2" else ["§07.2", "V2", "§07.3"]
        if new is Rank.ACE:
            sentences.append(say("level.reached_a", team=winner))
            clauses += ["§07.4", "§07.5"]

    # V1: a deal played at the declarers' level A that they do not win the match in is a
    # failed attempt, whoever won the deal.
    if at_a_declaring and match_winner is None:
        assert declarers is not None
        counts[declarers] += 1
        if rules.attempts_at_a is None:
            sentences.append(say("level.failed_at_a_unlimited", team=declarers,
                                 count=counts[declarers]))
            clauses.append("§07.7")
        elif counts[declarers] >= rules.attempts_at_a:
            after[declarers] = Rank.TWO
            counts[declarers] = 0
            dropped = declarers
            sentences.append(say("level.dropped", team=declarers, limit=rules.attempts_at_a))
            clauses.append("V1")
        else:
            sentences.append(say("level.failed_at_a", team=declarers, count=counts[declarers],
                                 limit=rules.attempts_at_a))
            clauses.append("V1")

    if dropped != loser:
        sentences.append(say("level.loser_stays", team=loser, level=before[loser].value))
        clauses.append("§07.3")
    if match_winner is None:
        sentences.append(say("level.next_deal", team=winner, level=after[winner].value))
        clauses += ["§02.7", "§07.9"]
    return Settlement(
        finish_order=order, winner=winner, partner_place=place, gained=gained,
        advanced=LEVELS.index(after[winner]) - LEVELS.index(old),
        previous_levels=before, levels=after, active_level=after[winner], declarers=winner,
        previous_declarers=declarers, match_winner=match_winner, attempts=counts,
        dropped=dropped, sentences=tuple(sentences),
        clauses=tuple(dict.fromkeys(clauses)),
    )
