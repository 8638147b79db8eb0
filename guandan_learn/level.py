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
from .errors import ArgumentError, MatchError
from .messages import say
from .reason import Reason, join_text
from .rules import DEFAULT, Rules
from .seats import SEATS, TEAMS, deal_stops
from .seats import partner as partner_of
from .seats import team as team_of

__all__ = ["TEAMS", "Settlement", "check_finish_order", "last_seats", "partner_of",
           "partner_place", "settle_deal", "team_of"]

LevelLike = Rank | str
LevelsLike = Mapping[int, LevelLike] | Sequence[LevelLike]


def check_finish_order(finish_order: Sequence[int]) -> tuple[int, ...]:
    """Returns the finishing order as a tuple, or raises ``MatchError`` if no deal stops so.

    >>> check_finish_order([0, 2])
    (0, 2)
    >>> check_finish_order([0, 1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    guandan_learn.errors.MatchError: The finishing order [0, 1] cannot end a deal: South ...
    """
    if isinstance(finish_order, (str, bytes)) or not isinstance(finish_order, Sequence):
        raise ArgumentError(Reason.of("finish.not_sequence", "§06.7", value=finish_order))
    order = list(finish_order)
    for seat in order:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise MatchError(Reason.of("finish.not_seat", "§02.1", value=seat, order=order))
    for i, seat in enumerate(order):
        if seat in order[:i]:
            raise MatchError(Reason.of("finish.duplicate", "§06.7", seat=seat, order=order))
    if len(order) < 2:
        raise MatchError(Reason.of("finish.too_short", "§06.8", order=order))
    a, b = order[0], order[1]
    if len(order) == 2 and not deal_stops(order):
        raise MatchError(Reason.of("finish.not_stopped", "§06.8", order=order, a=a, b=b))
    if len(order) > 2 and deal_stops(order[:2]):
        raise MatchError(Reason.of("finish.after_stop", "§06.8", order=order, a=a, b=b))
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
        return tuple(sorted(set(SEATS) - set(order)))
    if len(order) == 4:
        return (order[3],)
    return tuple(set(SEATS) - set(order))


def _team(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in TEAMS:
        raise MatchError(Reason.of("level.bad_team", "§02.1", value=value))
    return value


def _levels(levels: LevelsLike) -> dict[int, Rank]:
    if isinstance(levels, Mapping):
        if set(levels) != {0, 1} or any(isinstance(k, bool) for k in levels):
            raise MatchError(Reason.of("level.bad_levels", "§02.6", value=levels))
        return {t: as_level(levels[t]) for t in TEAMS}
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Sequence) or len(levels) != 2:
        raise MatchError(Reason.of("level.bad_levels", "§02.6", value=levels))
    return {t: as_level(levels[t]) for t in TEAMS}


def _attempts(attempts: Mapping[int, int] | Sequence[int] | None, levels: dict[int, Rank],
              rules: Rules) -> dict[int, int]:
    if attempts is None:
        return {0: 0, 1: 0}
    if isinstance(attempts, Mapping):
        if not set(attempts) <= {0, 1}:
            raise MatchError(Reason.of("level.bad_attempts", None, value=attempts),
                             clause="V1")
        counts = {t: attempts.get(t, 0) for t in TEAMS}
    elif isinstance(attempts, Sequence) and not isinstance(attempts, str) and len(attempts) == 2:
        counts = {t: attempts[t] for t in TEAMS}
    else:
        raise MatchError(Reason.of("level.bad_attempts", None, value=attempts),
                         clause="V1")
    for t, n in counts.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise MatchError(Reason.of("level.attempts_not_count", "V1", team=t, value=n))
        if n and levels[t] is not Rank.ACE:
            raise MatchError(Reason.of("level.attempts_below_a", "V1",
                                       team=t, level=levels[t].value,
                                 count=n))
        if rules.attempts_at_a is not None and n >= rules.attempts_at_a:
            raise MatchError(Reason.of("level.attempts_over_limit", "V1", team=t, count=n,
                                 limit=rules.attempts_at_a))
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
    reasons: tuple[Reason, ...]
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
    def sentences(self) -> tuple[str, ...]:
        """Returns the explanation's sentences in the current language, each citing clauses."""
        return tuple(r.text() for r in self.reasons)

    @property
    def explanation(self) -> str:
        """Returns the short explanation, sentences citing their clauses."""
        return join_text(self.reasons)

    def __str__(self) -> str:
        return self.explanation


_MATCH_WON = {2: "level.match_won_2", 3: "level.match_won_3", 4: "level.match_won_4"}
_WIN = {2: "level.win_2", 3: "level.win_3", 4: "level.win_4"}
_WIN_CAPPED = {2: "level.win_capped_2", 3: "level.win_capped_3", 4: "level.win_capped_4"}
#: Staying at A as declarers without winning the match: (table option, place) → key, clauses.
_STAY_AT_A: dict[tuple[str, int], tuple[str, str | tuple[str, ...]]] = {
    ("default", 4): ("level.stay_at_a_default_4", "§07.6"),
    ("one_two", 3): ("level.stay_at_a_one_two_3", "V3"),
    ("one_two", 4): ("level.stay_at_a_one_two_4", ("§07.6", "V3")),
}


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
        raise ArgumentError(say("level.bad_rules", value=rules))
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
    sentences: list[Reason] = []
    clauses: list[str] = ["§07.1"]
    match_winner: int | None = None
    dropped: int | None = None
    old = before[winner]
    at_a_declaring = declarers is not None and before[declarers] is Rank.ACE

    if old is Rank.ACE:
        if declarers == winner and _wins_match(place, rules):
            match_winner = winner
            won: str | tuple[str, ...] = "§07.5" if rules.win_at_a == "default" else ("§07.5",
                                                                                     "V3")
            sentences.append(Reason.of(_MATCH_WON[place], won, team=winner))
            clauses += ["§07.5"] if rules.win_at_a == "default" else ["§07.5", "V3"]
        elif declarers == winner:
            key, stay = _STAY_AT_A[rules.win_at_a, place]
            sentences.append(Reason.of(key, stay, team=winner))
            clauses += ["§07.6"] if rules.win_at_a == "default" else ["§07.6", "V3"]
        elif declarers is None:
            sentences.append(Reason.of("level.stay_at_a_first_deal", ("§07.5", "§07.9"),
                                       team=winner))
            clauses.append("§07.9")
        else:
            sentences.append(Reason.of("level.stay_at_a_not_declaring", ("§07.5", "§07.9"),
                                       team=winner))
            clauses.append("§07.9")
    else:
        new = LEVELS[min(LEVELS.index(old) + gained, len(LEVELS) - 1)]
        after[winner] = new
        gain_clause = "§07.2" if place != 2 or gained == 3 else "V2"
        if LEVELS.index(old) + gained > len(LEVELS) - 1:
            sentences.append(Reason.of(_WIN_CAPPED[place], (gain_clause, "§07.3", "§07.4"),
                                       team=winner, gained=gained, old=old.value))
            clauses.append("§07.4")
        else:
            sentences.append(Reason.of(_WIN[place], (gain_clause, "§07.3"), team=winner,
                                       gained=gained, old=old.value, new=new.value))
        clauses += ["§07.2", "§07.3"] if gain_clause == "§07.2" else ["§07.2", "V2", "§07.3"]
        if new is Rank.ACE:
            sentences.append(Reason.of("level.reached_a", ("§07.4", "§07.5"), team=winner))
            clauses += ["§07.4", "§07.5"]

    # V1: a deal played at the declarers' level A that they do not win the match in is a
    # failed attempt, whoever won the deal.
    if at_a_declaring and match_winner is None:
        assert declarers is not None
        counts[declarers] += 1
        if rules.attempts_at_a is None:
            sentences.append(Reason.of("level.failed_at_a_unlimited", "§07.7", team=declarers,
                                 count=counts[declarers]))
            clauses.append("§07.7")
        elif counts[declarers] >= rules.attempts_at_a:
            after[declarers] = Rank.TWO
            counts[declarers] = 0
            dropped = declarers
            sentences.append(Reason.of("level.dropped", "V1", team=declarers,
                                       limit=rules.attempts_at_a))
            clauses.append("V1")
        else:
            sentences.append(Reason.of("level.failed_at_a", "V1", team=declarers,
                                       count=counts[declarers],
                                 limit=rules.attempts_at_a))
            clauses.append("V1")

    if dropped != loser:
        sentences.append(Reason.of("level.loser_stays", "§07.3", team=loser,
                                   level=before[loser].value))
        clauses.append("§07.3")
    if match_winner is None:
        sentences.append(Reason.of("level.next_deal", ("§02.7", "§07.9"), team=winner,
                                   level=after[winner].value))
        clauses += ["§02.7", "§07.9"]
    return Settlement(
        finish_order=order, winner=winner, partner_place=place, gained=gained,
        advanced=LEVELS.index(after[winner]) - LEVELS.index(old),
        previous_levels=before, levels=after, active_level=after[winner], declarers=winner,
        previous_declarers=declarers, match_winner=match_winner, attempts=counts,
        dropped=dropped, reasons=tuple(sentences),
        clauses=tuple(dict.fromkeys(clauses)),
    )
