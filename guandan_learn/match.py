"""A whole match: deals one after another, levels, tribute and return, until a team wins (§07).

A match is its seed plus the choices made in it: every play and pass, and every returned card.
Each deal goes through explicit phases (``MatchPhase``): it is announced (DEAL, §02.8), dealt,
the tribute is shown and paid (TRIBUTE, §08.1–§08.8), receivers give a card back (RETURN,
§08.2, §08.5), it is played (PLAY, §06) and settled (SETTLED, §07); the match is OVER when a team
wins (§07.5). The first deal has no tribute: it goes from DEAL straight to PLAY.

>>> m = Match(seed=5)
>>> m.phase, m.number, m.active_level.value, m.declarers
(<MatchPhase.DEAL: 'deal'>, 1, '2', None)
>>> m.step()
<MatchPhase.PLAY: 'play'>
>>> m.deal.to_move == m.deal.setup.leader
True
>>> s = m.play_deal()
>>> m.phase, s.declarers == s.winner, m.levels == s.levels
(<MatchPhase.SETTLED: 'settled'>, True, True)
>>> m.step(), m.number, m.active_level == s.active_level
(<MatchPhase.DEAL: 'deal'>, 2, True)
>>> m.step(), sum(len(h) for h in m.hands) + len(m.in_transit)
(<MatchPhase.TRIBUTE: 'tribute'>, 108)
>>> _ = m.run()
>>> m.is_over, m.winner in (0, 1), Match.loads(m.dumps()) == m
(True, True, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum

from .bots import Player, RulePlayer
from .cards import Card, CardsLike, Rank, excerpt, sort_cards, to_cards
from .deal import Deal
from .errors import (
    ArgumentError,
    GuandanError,
    IllegalPlayError,
    MatchError,
    NotationError,
    TributeError,
)
from .level import Settlement, settle_deal
from .messages import say
from .reason import Reason
from .rules import DEFAULT, PRESETS, Rules
from .tribute import TributePlan, check_return, plan_tribute
from .tribute import choose_return as _choose_return

#: The safety cap of ``Match.run``: a match that has played this many deals without a winner
#: stops with a ``MatchError`` instead of running on. Bot matches last about 12 deals (at most
#: 27 in 2,000 seeded matches, ``benchmarks/bench_match.py``); the cap only guards against a
#: match that never ends, which the rules allow (§07.7) but bots have never played.
MAX_DEALS = 1000


_SEAT_TEXT = ("0", "1", "2", "3")


#: The message key of each phase's name.
_PHASE_KEYS = {"deal": "match.phase.deal", "tribute": "match.phase.tribute",
               "return": "match.phase.return", "play": "match.phase.play",
               "settled": "match.phase.settled", "over": "match.phase.over"}


class MatchPhase(StrEnum):
    """Where the match stands in the current deal; the values name the phases in sentences."""

    DEAL = "deal"  # the deal is announced (§02.8); no card is dealt yet
    TRIBUTE = "tribute"  # cards are dealt; the tribute cards lie face up, not yet handed over
    RETURN = "return"  # tribute is paid; receivers are giving a card back (§08.2, §08.5)
    PLAY = "play"  # the deal is in play (§06); see ``Match.deal``
    SETTLED = "settled"  # the deal is over and settled (§07); the next one is not announced
    OVER = "over"  # a team has won the match (§07.5)

    @property
    def label(self) -> str:
        """Returns the phase's name in the learner's language."""
        return say(_PHASE_KEYS[self.value])


@dataclass(frozen=True, slots=True)
class Return:
    """One returned card: ``receiver`` gives ``card`` back to ``payer`` (§08.5)."""

    receiver: int
    payer: int
    card: Card

    def __str__(self) -> str:
        return say("match.returned", receiver=self.receiver, payer=self.payer,
                   card=str(self.card))


@dataclass(frozen=True)
class DealRecord:
    """What happened in one deal of a match, as far as it has gone.

    ``levels``, ``active_level``, ``declarers`` and ``attempts`` are the standing before the
    deal (§02.6–§02.8, V1); ``seed`` shuffles it; ``dealt`` holds the hands as dealt (``None``
    until dealt); ``tribute`` is the plan (``None`` in the first deal), ``paid`` tells whether
    the tribute cards have been handed over; ``returns`` lists the cards given back; ``deal`` is
    the deal as played, whose setup holds the hands after tribute and return; ``settlement``
    is ``None`` until the deal is settled.
    """

    number: int
    seed: int
    levels: dict[int, Rank]
    active_level: Rank
    declarers: int | None
    attempts: dict[int, int]
    dealt: tuple[tuple[Card, ...], ...] | None = None
    tribute: TributePlan | None = None
    paid: bool = False
    returns: tuple[Return, ...] = ()
    deal: Deal | None = None
    settlement: Settlement | None = None

    @property
    def announcement(self) -> str:
        """Returns the sentence announcing both levels and the active level (§02.8)."""
        if self.declarers is None:
            return say("match.announce_first", number=self.number,
                       level=self.active_level.value)
        return say("match.announce", number=self.number, l0=self.levels[0].value,
                   l1=self.levels[1].value, team=self.declarers,
                   level=self.active_level.value)


def deal_seed(seed: int, number: int) -> int:
    """Returns the seed that shuffles deal ``number`` (1, 2, …) of the match ``seed``.

    It is ``random.Random(f"guandan match {seed} deal {number}").getrandbits(32)``: the same on
    every machine and Python run, and unrelated from one deal to the next.

    >>> deal_seed(42, 1) == deal_seed(42, 1) != deal_seed(42, 2)
    True
    """
    return random.Random(f"guandan match {seed} deal {number}").getrandbits(32)


def _seed(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(say("deal.bad_seed", value=value))
    return value


def _players(players: Sequence[Player | None] | None) -> tuple[Player | None, ...]:
    if players is None:
        return (RulePlayer(),) * 4
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence) or (
            len(players) != 4):
        raise MatchError(Reason.of("match.bad_players", "§02.1", value=players))
    for p in players:
        if p is not None and not callable(getattr(p, "choose", None)):
            raise MatchError(Reason.of("match.bad_players", "§02.1", value=players))
    return tuple(players)


class Match:
    """A match in progress: both teams' levels, the current deal and the record of every deal.

    ``seed`` shuffles every deal (a random seed is drawn and recorded when it is ``None``);
    ``players`` gives one player per seat (``choose(deal)``, see ``bots``), ``None`` for a seat a
    person plays; by default four ``RulePlayer``s play. ``rules`` are the table's options.

    The bots act through ``step``, ``play_deal`` and ``run``. For a person's seat, play on
    ``match.deal`` (``play``, ``pass_turn``) and give returns with ``give_return``; ``step``
    refuses to act for them and ``waiting_for`` names the seat it waits for.

    Staging positions: ``shuffle`` deals each deal; a subclass may override it.
    """

    def __init__(self, seed: int | None = None, players: Sequence[Player | None] | None = None,
                 rules: Rules = DEFAULT) -> None:
        if not isinstance(rules, Rules):
            raise ArgumentError(say("level.bad_rules", value=rules))
        self.seed: int = random.randrange(2**32) if seed is None else _seed(seed)
        self.players: tuple[Player | None, ...] = _players(players)
        self.rules: Rules = rules
        self._records: list[DealRecord] = []
        self._current = DealRecord(1, deal_seed(self.seed, 1), {0: Rank.TWO, 1: Rank.TWO},
                                   Rank.TWO, None, {0: 0, 1: 0})
        self._phase = MatchPhase.DEAL
        self._hands: list[list[Card]] = [[], [], [], []]
        self._transit: list[Card] = []

    # -- Dealing ------------------------------------------------------------------------------

    def shuffle(self, number: int, level: Rank) -> Deal:
        """Returns deal ``number`` freshly shuffled at ``level``: ``Deal.new(deal_seed(...))``.

        The first deal is played as dealt, led by whoever received the turned card (§02.5);
        later deals keep only its hands. A subclass may override this to stage positions.
        """
        return Deal.new(deal_seed(self.seed, number), level)

    # -- State --------------------------------------------------------------------------------

    def _sync(self) -> None:
        """Settles the deal as soon as it is over, also after a person's last play."""
        deal = self._current.deal
        if self._phase is MatchPhase.PLAY and deal is not None and deal.is_over:
            self._settle()

    @property
    def phase(self) -> MatchPhase:
        """Returns the phase of the current deal, or ``MatchPhase.OVER``."""
        self._sync()
        return self._phase

    @property
    def number(self) -> int:
        """Returns the number of the current deal: 1 for the first."""
        return self._current.number

    @property
    def current(self) -> DealRecord:
        """Returns the record of the current deal so far."""
        self._sync()
        return self._current

    @property
    def history(self) -> tuple[DealRecord, ...]:
        """Returns the record of every deal so far, the current one last."""
        self._sync()
        if self._phase in (MatchPhase.SETTLED, MatchPhase.OVER):
            return tuple(self._records)
        return (*self._records, self._current)

    @property
    def levels(self) -> dict[int, Rank]:
        """Returns both teams' recorded levels now (after the last settlement, §02.6, §07.3)."""
        self._sync()
        s = self._current.settlement
        return dict(s.levels if s is not None else self._current.levels)

    @property
    def announcement(self) -> str:
        """Returns the sentence announcing both levels and the active level (§02.8)."""
        return self._current.announcement

    @property
    def active_level(self) -> Rank:
        """Returns the active level of the current deal (§02.7)."""
        return self._current.active_level

    @property
    def declarers(self) -> int | None:
        """Returns the team declaring the current deal, ``None`` in the first deal (§07.9)."""
        return self._current.declarers

    @property
    def attempts(self) -> dict[int, int]:
        """Returns each team's failed deals as declarers at A so far (V1)."""
        self._sync()
        s = self._current.settlement
        return dict(s.attempts if s is not None else self._current.attempts)

    @property
    def deal(self) -> Deal | None:
        """Returns the deal being played (or just settled); ``None`` before play begins."""
        self._sync()
        return self._current.deal

    @property
    def tribute(self) -> TributePlan | None:
        """Returns the current deal's tribute plan; ``None`` in the first deal or before dealing."""
        return self._current.tribute

    @property
    def settlement(self) -> Settlement | None:
        """Returns the last settlement, or ``None`` before the first deal is settled."""
        self._sync()
        if self._current.settlement is not None:
            return self._current.settlement
        return self._records[-1].settlement if self._records else None

    @property
    def winner(self) -> int | None:
        """Returns the team that won the match, or ``None`` while it goes on (§07.5)."""
        self._sync()
        s = self._current.settlement
        return None if s is None else s.match_winner

    @property
    def is_over(self) -> bool:
        """Tells whether a team has won the match (§07.5)."""
        return self.phase is MatchPhase.OVER

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Returns the four hands now; empty in the DEAL phase, before the cards are dealt."""
        self._sync()
        deal = self._current.deal
        if deal is not None:
            return deal.hands
        return tuple(tuple(h) for h in self._hands)

    @property
    def in_transit(self) -> tuple[Card, ...]:
        """Returns the tribute cards laid face up but not yet handed over (TRIBUTE phase)."""
        return tuple(self._transit)

    @property
    def pending_returns(self) -> tuple[int, ...]:
        """Returns the receivers who still owe a card back, in order (RETURN phase)."""
        if self._phase is not MatchPhase.RETURN:
            return ()
        plan = self._current.tribute
        assert plan is not None
        done = {r.receiver for r in self._current.returns}
        return tuple(p.receiver for p in plan.payments if p.receiver not in done)

    @property
    def waiting_for(self) -> int | None:
        """Returns the seat a person must act for before the match can go on, else ``None``."""
        phase = self.phase
        if phase is MatchPhase.RETURN:
            pending = self.pending_returns
            if all(self.players[s] is None for s in pending):
                return pending[0]
        if phase is MatchPhase.PLAY:
            deal = self._current.deal
            seat = None if deal is None else deal.to_move
            if seat is not None and self.players[seat] is None:
                return seat
        return None

    # -- Advancing ----------------------------------------------------------------------------

    def step(self) -> MatchPhase:
        """Advances by one action or phase with the bots and returns the phase reached.

        DEAL deals the cards (and the first deal goes to PLAY); TRIBUTE hands the tribute over
        (or, cancelled, goes to PLAY); RETURN has one bot receiver give a card back; PLAY has the
        bot to move play or pass, and a deal that ends is settled at once; SETTLED announces the
        next deal. Raises ``MatchError`` when the match is over or a person must act.
        """
        phase = self.phase
        if phase is MatchPhase.OVER:
            raise MatchError(Reason.of("match.over", "§07.5", team=self.winner, number=self.number))
        if phase is MatchPhase.DEAL:
            self._deal_cards()
        elif phase is MatchPhase.TRIBUTE:
            self._pay()
        elif phase is MatchPhase.RETURN:
            self._bot_return()
        elif phase is MatchPhase.PLAY:
            self._bot_action()
        else:
            self._announce_next()
        return self.phase

    def play_deal(self) -> Settlement:
        """Plays the current deal to its settlement with the bots and returns the settlement.

        In the SETTLED phase it plays the next deal. Raises ``MatchError`` when the match is over
        or a person must act.
        """
        self._check_bots(whole_match=False)
        if self.phase is MatchPhase.SETTLED:
            self.step()
        while self.phase is not MatchPhase.SETTLED and self._phase is not MatchPhase.OVER:
            self.step()
        settlement = self._current.settlement
        assert settlement is not None
        return settlement

    def run(self, max_deals: int = MAX_DEALS) -> Match:
        """Plays to the end of the match with the bots and returns the match.

        ``max_deals`` is the safety cap: once that many deals are settled without a winner,
        ``run`` stops and raises ``MatchError`` saying so (call ``run`` again with a higher cap
        to go on). It also raises when a person must act.
        """
        if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1:
            raise MatchError(say("match.bad_cap", value=max_deals))
        self._check_bots(whole_match=True)
        while not self.is_over:
            if self._phase is MatchPhase.SETTLED and self.number >= max_deals:
                levels = self.levels
                raise MatchError(Reason.of("match.cap", "§07.7", cap=max_deals, l0=levels[0].value,
                                     l1=levels[1].value))
            self.step()
        return self

    def _check_bots(self, *, whole_match: bool) -> None:
        """Refuses, before anything moves, to play on when a seat without a bot must act."""
        if self.is_over:
            return
        deal = self._current.deal
        if not whole_match and self.phase is MatchPhase.PLAY and deal is not None:
            needed = [s for s in range(4) if deal.cards_left(s)]
        else:
            needed = list(range(4))
        for seat in needed:
            if self.players[seat] is None:
                key = ("match.person_returns" if seat in self.pending_returns
                       else "match.person_plays")
                raise MatchError(say(key, seat=seat), clause="§06.3")

    def give_return(self, seat: int, card: CardsLike) -> Return:
        """Gives ``card`` back from receiver ``seat`` to their payer (§08.2, §08.5, §08.10).

        Raises ``TributeError`` (changing nothing) when no return is due from ``seat`` or the
        card may not come back; the message says why and cites the clause.

        >>> m = Match(seed=1)
        >>> m.give_return(0, "5C")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        guandan_learn.errors.TributeError: No return is due now (phase: announcing the deal): ...
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(4):
            raise MatchError(say("deal.bad_seat", value=seat), clause="§02.1")
        if self.phase is not MatchPhase.RETURN:
            raise TributeError(Reason.of("match.no_return_due", "§08.5", phase=self._phase.label))
        plan = self._current.tribute
        assert plan is not None
        payment = plan.payment_to(seat)
        for r in self._current.returns:
            if r.receiver == seat:
                raise TributeError(Reason.of("match.returned_already", "§08.5",
                                             seat=seat, payer=r.payer,
                                       card=str(r.card)))
        hand = self._hands[seat]
        verdict = check_return(card, plan.level, payment.card, self.rules, hand)
        if not verdict.legal:
            raise TributeError(verdict.reasons[0] if verdict.reasons else verdict.reason,
                               clause=verdict.clause)
        (given,) = to_cards(card)
        hand.remove(given)
        payer_hand = self._hands[payment.payer]
        payer_hand.append(given)
        self._hands[payment.payer] = sort_cards(payer_hand, plan.level)
        made = Return(seat, payment.payer, given)
        self._current = replace(self._current, returns=(*self._current.returns, made))
        if not self.pending_returns:
            self._start_play(plan.leader)
        return made

    def _deal_cards(self) -> None:
        cur = self._current
        dealt = self.shuffle(cur.number, cur.active_level)
        self._current = replace(cur, dealt=dealt.hands)
        if cur.number == 1:
            self._current = replace(self._current, deal=dealt)
            self._phase = MatchPhase.PLAY
            return
        previous = self._records[-1].settlement
        assert previous is not None
        hands = {s: dealt.hands[s] for s in range(4)}
        plan = plan_tribute(previous.finish_order, hands, cur.active_level, self.rules)
        self._hands = [list(h) for h in dealt.hands]
        self._transit = []
        for p in plan.payments:
            self._hands[p.payer].remove(p.card)
            self._transit.append(p.card)
        self._current = replace(self._current, tribute=plan)
        self._phase = MatchPhase.TRIBUTE

    def _pay(self) -> None:
        plan = self._current.tribute
        assert plan is not None
        for p in plan.payments:
            self._transit.remove(p.card)
            self._hands[p.receiver] = sort_cards([*self._hands[p.receiver], p.card], plan.level)
        self._current = replace(self._current, paid=True)
        if plan.payments:
            self._phase = MatchPhase.RETURN
        else:
            self._start_play(plan.leader)

    def _bot_return(self) -> None:
        plan = self._current.tribute
        assert plan is not None
        for seat in self.pending_returns:
            player = self.players[seat]
            if player is None:
                continue
            tribute = plan.payment_to(seat).card
            hand = tuple(self._hands[seat])
            own = getattr(player, "choose_return", None)
            if callable(own):
                card = own(hand, plan.level, tribute, self.rules)
            else:
                card = _choose_return(hand, plan.level, tribute, self.rules)
            self.give_return(seat, card)
            return
        raise MatchError(Reason.of("match.person_returns", "§08.5", seat=self.pending_returns[0]))

    def _start_play(self, leader: int) -> None:
        deal = Deal(self._hands, self._current.active_level, leader)
        self._hands = [[], [], [], []]
        self._current = replace(self._current, deal=deal)
        self._phase = MatchPhase.PLAY

    def _bot_action(self) -> None:
        deal = self._current.deal
        assert deal is not None
        seat = deal.to_move
        assert seat is not None
        player = self.players[seat]
        if player is None:
            raise MatchError(Reason.of("match.person_plays", "§06.3", seat=seat))
        choice = player.choose(deal)
        if choice is None:
            deal.pass_turn(seat=seat)
        else:
            deal.play(choice, seat=seat)
        self._sync()

    def _settle(self) -> None:
        cur = self._current
        assert cur.deal is not None
        s = settle_deal(cur.levels, cur.declarers, cur.deal.finish_order, self.rules,
                        cur.attempts)
        self._current = replace(cur, settlement=s)
        self._records.append(self._current)
        self._phase = MatchPhase.OVER if s.match_winner is not None else MatchPhase.SETTLED

    def _announce_next(self) -> None:
        s = self._current.settlement
        assert s is not None
        n = self._current.number + 1
        self._current = DealRecord(n, deal_seed(self.seed, n), dict(s.levels), s.active_level,
                                   s.declarers, dict(s.attempts))
        self._phase = MatchPhase.DEAL

    # -- Record -------------------------------------------------------------------------------

    def dumps(self) -> str:
        """Writes the match record: a header, then one section per deal (see ``loads``).

        >>> print(Match(seed=3).dumps(), end="")  # doctest: +NORMALIZE_WHITESPACE
        match
        seed 3
        rules default
        deal 1
        # Deal 1: both teams start at level 2, so the active level is 2; nobody declares in
        the first deal (§02.6, §02.8, §07.9).
        """
        lines = ["match", f"seed {self.seed}", "rules " + _rules_text(self.rules)]
        for record in self.history:
            lines += _section(record)
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str, players: Sequence[Player | None] | None = None) -> Match:
        """Reads a match record written by ``dumps`` and replays it; ``players`` go on from there.

        The header is ``match``, ``seed N`` and ``rules default`` (a preset name, or options
        such as ``rules attempts_at_a=3 tribute=no``). Each deal opens with ``deal N``; then
        ``shuffle S`` once dealt (``S`` is ``deal_seed(seed, N)``); ``tribute P R CARD`` per
        payment once paid, or ``tribute none``; ``return R P CARD`` per card given back; then
        the deal record of ``deal.py`` (hands after tribute and return, then the actions).
        Lines starting with ``#`` are comments. The record is checked against the rules as it
        is replayed: a wrong tribute, return, leader or hand is refused.
        """
        if not isinstance(text, str):
            raise NotationError(say("record.not_text", value=text))
        lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1)]
        lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
        if not lines or lines[0][1] != "match":
            raise NotationError(say("match.record.no_header"))
        header: dict[str, tuple[int, str]] = {}
        i = 1
        while i < len(lines) and lines[i][1].split()[0] != "deal":
            n, line = lines[i]
            head, _, rest = line.partition(" ")
            if head not in ("seed", "rules") or head in header or not rest.strip():
                raise NotationError(say("match.record.bad_line", number=n, text=line))
            header[head] = (n, rest.strip())
            i += 1
        if "seed" not in header:
            raise NotationError(say("match.record.missing", field="seed"))
        n, seed_text = header["seed"]
        try:
            if not re.fullmatch(r"-?[0-9]{1,40}", seed_text):
                raise ValueError(seed_text)
            seed = int(seed_text)
        except ValueError:
            raise NotationError(say("match.record.bad_line", number=n,
                                    text=excerpt("seed " + seed_text, 60))) from None
        rules = _read_rules(*header["rules"]) if "rules" in header else DEFAULT
        match = cls(seed, players, rules)
        sections: list[tuple[int, int, list[tuple[int, str]]]] = []
        for n, line in lines[i:]:
            words = line.split()
            if words[0] == "deal" and len(words) == 2 and re.fullmatch(r"[0-9]{1,9}", words[1]):
                sections.append((n, int(words[1]), []))
            elif words[0] == "deal" or not sections:
                raise NotationError(say("match.record.bad_line", number=n, text=line))
            else:
                sections[-1][2].append((n, line))
        for n, number, body in sections:
            match._replay(n, number, body)
        return match

    def _replay(self, line_number: int, number: int, body: list[tuple[int, str]]) -> None:
        """Replays one deal section of a record, checking it against the rules."""
        if self.phase is MatchPhase.SETTLED and self.number == number - 1:
            self._announce_next()
        if self._phase is not MatchPhase.DEAL or self.number != number:
            raise MatchError(Reason.of("match.record.out_of_order", "§07.5", number=line_number,
                                 deal=number, expected=self._expected_section()))
        deal_lines: list[str] = []
        tributes: list[tuple[int, str]] = []
        for n, line in body:
            words = line.split()
            head = words[0]
            if head in ("shuffle", "tribute", "return") and deal_lines:
                raise NotationError(Reason.of("match.record.late", "§08.8", number=n, text=line))
            if head == "shuffle":
                if self._phase is not MatchPhase.DEAL or len(words) != 2 or (
                        words[1] != str(self._current.seed)):
                    raise MatchError(Reason.of("match.record.shuffle", "§02.3", number=n, text=line,
                                         seed=self._current.seed))
                self._deal_cards()
            elif head == "tribute":
                tributes.append((n, line))
            elif head == "return":
                self._replay_tribute(tributes)
                tributes = []
                self._replay_return(n, line, words)
            else:
                deal_lines.append(line)
        if tributes:
            self._replay_tribute(tributes)
        if deal_lines:
            self._replay_tribute([])
            self._replay_deal(number, "\n".join(deal_lines) + "\n")

    def _expected_section(self) -> int:
        phase = self.phase
        return self.number + 1 if phase is MatchPhase.SETTLED else self.number

    def _replay_tribute(self, lines: list[tuple[int, str]]) -> None:
        """Pays the tribute if the record says so (or deal lines follow) and checks the lines."""
        if self._phase is not MatchPhase.TRIBUTE:
            if lines:
                n, line = lines[0]
                raise MatchError(Reason.of("match.record.no_tribute", "§08.1", number=n, text=line))
            return
        plan = self._current.tribute
        assert plan is not None
        expected = _tribute_lines(plan)
        got = [line.split() for _, line in lines]
        if lines and got != [e.split() for e in expected]:
            n, line = lines[0]
            raise MatchError(say("match.record.tribute", number=n, text=line,
                                 expected="; ".join(expected), reason=plan.explanation),
                             clause="§08.1")
        self._pay()

    def _replay_return(self, n: int, line: str, words: list[str]) -> None:
        if len(words) != 4 or words[1] not in _SEAT_TEXT or words[2] not in _SEAT_TEXT:
            raise NotationError(say("match.record.bad_line", number=n, text=line))
        receiver, payer = int(words[1]), int(words[2])
        try:
            plan = self._current.tribute
            if plan is None or self._phase is not MatchPhase.RETURN:
                raise TributeError(Reason.of("match.no_return_due", "§08.5",
                                             phase=self._phase.label))
            if plan.payment_to(receiver).payer != payer:
                raise TributeError(Reason.of("match.record.wrong_payer", "§08.5", receiver=receiver,
                                       payer=plan.payment_to(receiver).payer))
            self.give_return(receiver, words[3])
        except GuandanError as err:
            raise type(err)(Reason.of("match.record.refused", None, number=n, text=line,
                                      reason=err.why),
                            clause=err.clause) from None

    def _replay_deal(self, number: int, text: str) -> None:
        try:
            recorded = Deal.loads(text)
        except NotationError as err:
            raise NotationError(Reason.of("match.record.deal", None, deal=number,
                                          reason=err.why)) from None
        except IllegalPlayError as err:
            raise MatchError(Reason.of("match.record.deal", None, deal=number,
                                       reason=err.why),
                             clause=err.clause) from None
        deal = self._current.deal
        if self._phase is MatchPhase.DEAL:
            raise MatchError(Reason.of("match.record.not_dealt", "§02.3", deal=number))
        if self._phase is not MatchPhase.PLAY or deal is None:
            raise MatchError(Reason.of("match.record.early", "§08.5", deal=number))
        if recorded.setup != deal.setup:
            raise MatchError(say("match.record.setup", deal=number,
                                 expected=deal.dumps().strip()), clause="§08.8")
        self._current = replace(self._current, deal=recorded)
        self._sync()

    # -- Comparing and showing ----------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return self.dumps() == other.dumps()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        levels = self.levels
        return (f"<Match seed {self.seed}, deal {self.number}, {self.phase.value}, "
                f"levels {levels[0].value}-{levels[1].value}>")

    def render_text(self) -> str:
        """Returns the scoreboard as plain text, one sentence a line.

        It shows the deal number and phase, both teams' levels, the active level and the
        declarers (§02.8), this deal's tribute and returns, and the last settlement's
        explanation (§07).
        """
        phase = self.phase
        cur = self._current
        levels = self.levels
        lines = [say("match.view.title", number=cur.number, seed=self.seed,
                     phase=phase.label),
                 say("match.view.levels", l0=levels[0].value, l1=levels[1].value)]
        if self.rules.attempts_at_a is not None:
            for t in (0, 1):
                if self.attempts[t]:
                    lines.append(say("match.view.attempts", team=t, count=self.attempts[t],
                                     limit=self.rules.attempts_at_a))
        lines.append(cur.announcement)
        if phase in (MatchPhase.TRIBUTE, MatchPhase.RETURN, MatchPhase.PLAY) and cur.tribute:
            lines.append(cur.tribute.explanation)
            if cur.tribute.payments:
                lines.append(cur.tribute.return_rule)
            lines += [str(r) for r in cur.returns]
        if phase is MatchPhase.RETURN:
            plan = cur.tribute
            assert plan is not None
            for seat in self.pending_returns:
                lines.append(say("match.view.return_due", seat=seat,
                                 payer=plan.payment_to(seat).payer))
        if phase is MatchPhase.PLAY and cur.deal is not None:
            lines.append(say("match.view.to_move", seat=cur.deal.to_move))
        last = self.settlement
        if last is not None:
            lines.append(say("match.view.last", explanation=last.explanation))
        if phase is MatchPhase.OVER:
            clauses = "§07.5" if self.rules.win_at_a == "default" else "§07.5, V3"  # how it was won
            lines.append(say("match.view.winner", team=self.winner, number=cur.number,
                             clauses=clauses))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render_text()


def _tribute_lines(plan: TributePlan) -> list[str]:
    if not plan.payments:
        return ["tribute none"]
    return [f"tribute {p.payer} {p.receiver} {p.card.code}" for p in plan.payments]


def _section(record: DealRecord) -> list[str]:
    """Writes one deal's section of the match record."""
    lines = [f"deal {record.number}", "# " + record.announcement]
    if record.dealt is None:
        return lines
    lines.append(f"shuffle {record.seed}")
    plan = record.tribute
    if plan is not None and record.paid:
        lines += ["# " + s for s in plan.sentences]
        lines += _tribute_lines(plan)
    lines += [f"return {r.receiver} {r.payer} {r.card.code}" for r in record.returns]
    if record.deal is not None:
        lines += record.deal.dumps().splitlines()
    if record.settlement is not None:
        lines += ["# " + s for s in record.settlement.sentences]
    return lines


def _option_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _rules_text(rules: Rules) -> str:
    """Writes the table options: a preset name, or the options that differ from the default."""
    for name, preset in PRESETS.items():
        if rules == preset:
            return name
    return " ".join(f"{f.name}={_option_text(getattr(rules, f.name))}" for f in fields(Rules)
                    if getattr(rules, f.name) != getattr(DEFAULT, f.name))


def _read_rules(number: int, text: str) -> Rules:
    """Reads the ``rules`` line of a match record."""
    if text in PRESETS:
        return PRESETS[text]
    defaults = {f.name: getattr(DEFAULT, f.name) for f in fields(Rules)}
    options: dict[str, object] = {}
    for word in text.split():
        name, _, value = word.partition("=")
        if name not in defaults or name in options or not value:
            raise NotationError(say("match.record.bad_rules", number=number, text=text,
                                    word=word))
        default = defaults[name]
        if isinstance(default, bool):
            if value not in ("yes", "no"):
                raise NotationError(say("match.record.bad_rules", number=number, text=text,
                                        word=word))
            options[name] = value == "yes"
        elif default is None or isinstance(default, int):
            if value == "none" and default is None:
                options[name] = None
            elif re.fullmatch(r"[0-9]{1,9}", value):
                options[name] = int(value)
            else:
                raise NotationError(say("match.record.bad_rules", number=number, text=text,
                                        word=word))
        else:
            options[name] = value
    try:
        return Rules(**options)  # type: ignore[arg-type]
    except GuandanError as err:
        raise NotationError(Reason.of("match.record.bad_rules_value", None, number=number,
                                      text=text, reason=err.why)) from None


def simulate_match(seed: int, players: Sequence[Player | None] | None = None,
                   rules: Rules = DEFAULT, max_deals: int = MAX_DEALS) -> Match:
    """Plays a whole match from ``seed`` and returns it, finished.

    By default four ``RulePlayer``s play. Their matches end in about 12 deals and 0.15 s, like
    random players' (``benchmarks/bench_match.py``), but they play like people, and they keep
    no state, so a match read back with ``Match.loads`` goes on exactly as the original would.
    Raises ``MatchError`` if the match reaches ``max_deals`` deals without a winner (see
    ``Match.run``).

    >>> m = simulate_match(2)
    >>> m.is_over, m.levels[m.winner].value, m.settlement.match_winner == m.winner
    (True, 'A', True)
    """
    return Match(seed, players, rules).run(max_deals)


def cards_in_play(match: Match) -> list[Card]:
    """Returns every card of the current deal: hands, cards played and tribute cards in transit.

    After dealing these are always the 108 cards of the two decks (§02.2); before dealing
    (DEAL phase) there are none.

    >>> m = Match(seed=4)
    >>> _ = m.step(), m.step()
    >>> len(cards_in_play(m))
    108
    """
    deal = match.deal
    cards = [c for h in match.hands for c in h] + list(match.in_transit)
    if deal is not None:
        cards += [c for a in deal.history if a.combo is not None for c in a.combo.cards]
    return cards


