"""One deal of play as a recorded state machine: turns, tricks, the lead, finishing (§02, §06).

A deal is its setup (four hands in seat order, the active level, the leader, the seats already
out) plus the list of actions taken since. Seats 0–3 sit in playing order; seats 0 and 2 form
team 0, seats 1 and 3 team 1 (§02.1, §06.1).

>>> d = Deal(["QS QD 3C", "KC KD 4C", "8C 8D 8S 7H 5C", "9C 9D 6C"], "7", leader=0)
>>> d.play("QS QD").seat, d.to_move
(0, 1)
>>> d.play("KC KD").combo.describe()
'a pair of kings'
>>> d.play("8C 8D 8S 7H", wilds="8H").combo.describe()
'a 4-card bomb of 8s'
>>> for _ in range(3):
...     _ = d.pass_turn()
>>> d.to_move, d.table
(2, None)

The record is plain text that reads back to an equal deal:

>>> print(d.dumps(), end="")
level 7
leader 0
hand 0: 3C QD QS
hand 1: 4C KC KD
hand 2: 5C 7H 8C 8D 8S
hand 3: 6C 9C 9D
0 play QD QS
1 play KC KD
2 play 8C 8D 8S 7H =8H
3 pass
0 pass
1 pass
>>> Deal.loads(d.dumps()) == d
True
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import (
    STRENGTH,
    Card,
    CardsLike,
    Rank,
    as_level,
    check_counts,
    deck,
    format_cards,
    parse_cards,
    spoken_card,
    spoken_cards,
    to_cards,
)
from .combo import Combo, classify, play_reason, read_cards
from .errors import ArgumentError, DealError, GuandanError, IllegalPlayError, NotationError
from .judge import beats, read_play
from .messages import say
from .moves import HandPlays
from .reason import Reason
from .seats import SEATS, deal_stops, partner, team

__all__ = ["HAND_SIZE", "SEATS", "Action", "Deal", "Phase", "Setup", "dumps", "loads",
           "new_deal", "partner", "team"]

#: Cards each player is dealt (§02.3).
HAND_SIZE = 27


class Phase(StrEnum):
    """Where a deal stands: cards are being played, or the deal has stopped (§06.8)."""

    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Action:
    """One recorded action: ``seat`` plays ``combo``, or passes when ``combo`` is ``None``.

    ``str`` gives the notation line.

    >>> str(Action(2, Combo.of("8C 8D 8S 7H", "7")))
    '2 play 8C 8D 8S 7H =8H'
    >>> Action.parse("3 pass", "7")
    Action(seat=3, combo=None)
    """

    seat: int
    combo: Combo | None = None

    @property
    def is_pass(self) -> bool:
        """Tells whether the action is a pass."""
        return self.combo is None

    def __str__(self) -> str:
        if self.combo is None:
            return f"{self.seat} pass"
        text = f"{self.seat} play " + " ".join(c.code for c in self.combo.cards)
        if self.combo.wilds:
            text += " " + " ".join("=" + c.code for c in self.combo.wilds)
        return text

    @classmethod
    def parse(cls, text: str, level: Rank | str) -> Action:
        """Reads a notation line such as ``2 play 8C 8D 8S 7H =8H`` or ``1 pass``.

        The cards must form a combination (the strongest reading unless declared); whether the
        action is allowed is the deal's business.
        """
        seat, cards, wilds = _split_action(text)
        if cards is None:
            return cls(seat, None)
        readings, refusal = read_cards(cards, level, wilds=wilds)
        if refusal is not None:
            raise IllegalPlayError(refusal)
        return cls(seat, readings[0])


def _split_action(text: str) -> tuple[int, list[Card] | None, list[Card] | None]:
    """Splits an action line into seat, cards (``None`` for a pass) and declared wilds."""
    words = text.split()
    if len(words) < 2 or words[0] not in ("0", "1", "2", "3") or (
            words[1] not in ("play", "pass")) or (words[1] == "pass") != (len(words) == 2):
        raise NotationError(say("action.bad", text=text))
    seat = int(words[0])
    if words[1] == "pass":
        return seat, None, None
    cards = parse_cards(" ".join(w for w in words[2:] if not w.startswith("=")))
    declared = [w[1:] for w in words[2:] if w.startswith("=")]
    return seat, cards, parse_cards(" ".join(declared)) if declared else None


@dataclass(frozen=True, slots=True)
class Setup:
    """How a deal starts: hands in seat order, level, leader, seats already out, and the deal.

    ``seed``, ``dealer`` and ``turned`` record a shuffled first deal (§02.5); they are ``None``
    for a position set up by hand.
    """

    hands: tuple[tuple[Card, ...], ...]
    level: Rank
    leader: int
    finished: tuple[int, ...] = ()
    seed: int | None = None
    dealer: int | None = None
    turned: Card | None = None


def _seat(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in SEATS:
        raise DealError(Reason.of("deal.bad_seat", "§02.1", value=value))
    return value


def _sorted(cards: Iterable[Card], level: Rank) -> list[Card]:
    """Sorts a hand weakest first at ``level`` (§03.1), suits in C D H S order."""
    row = STRENGTH[level.natural]
    return sorted(cards, key=lambda c: (row[c.rank.natural], c.index))


def _check_setup(hands: object, level: Rank | str, leader: object, finished: object,
                 seed: object, dealer: object, turned: object) -> Setup:
    """Validates a setup and returns it, raising a ``GuandanError`` that quotes the input."""
    lv = as_level(level)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise ArgumentError(Reason.of("deal.hands_not_list", "§02.1", value=hands))
    if len(hands) != 4:
        raise DealError(Reason.of("deal.not_four_hands", None, count=len(hands)),
                        clause="§02.1")
    try:
        cards = [_sorted(to_cards(h), lv) for h in hands]
    except TypeError:
        raise ArgumentError(Reason.of("deal.hands_not_list", "§02.1", value=hands)) from None
    for seat, hand in enumerate(cards):
        if len(hand) > HAND_SIZE:
            raise DealError(Reason.of("deal.hand_too_big", None, seat=seat, count=len(hand)),
                            clause="§02.3")
    check_counts(c for hand in cards for c in hand)
    if isinstance(finished, (str, bytes)) or not isinstance(finished, Iterable):
        raise ArgumentError(Reason.of("deal.finished_not_list", "§06.7", value=finished))
    order = [_seat(s) for s in finished]
    for i, s in enumerate(order):
        if s in order[:i]:
            raise DealError(Reason.of("deal.finished_twice", "§06.7", seat=s, order=order))
        if cards[s]:
            raise DealError(Reason.of("deal.finished_holds_cards", "§06.7", seat=s,
                                cards=format_cards(cards[s])))
    for s in SEATS:
        if not cards[s] and s not in order:
            raise DealError(Reason.of("deal.empty_not_finished", "§06.7", seat=s, order=order))
    if deal_stops(order):
        a = next(s for s in order if partner(s) in order)
        raise DealError(Reason.of("deal.setup_over", "§06.8", a=min(a, partner(a)),
                                  b=max(a, partner(a))))
    lead = _seat(leader)
    if not cards[lead]:
        raise DealError(Reason.of("deal.leader_out", "§06.6", seat=lead))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ArgumentError(say("deal.bad_seed", value=seed))
    deal_by = None if dealer is None else _seat(dealer)
    card = None if turned is None else to_cards(turned)  # type: ignore[arg-type]
    if card is not None and (len(card) != 1 or card[0] not in cards[lead]):
        raise DealError(Reason.of("deal.turned_not_held", "§02.5",
                                  card=format_cards(card), seat=lead))
    return Setup(tuple(tuple(h) for h in cards), lv, lead, tuple(order), seed, deal_by,
                 None if card is None else card[0])


def _read(cs: list[Card], ws: list[Card] | None, table: Combo | None, lv: Rank,
          kind: Combo | None = None) -> Combo:
    """Returns the reading of ``cs`` to play: the declared one, else the strongest that works.

    Goes through ``judge.read_play``; raises ``IllegalPlayError`` with its reason when the cards
    are no play here. ``kind`` narrows to the reading of a ``Combo`` played as such.
    """
    if kind is not None:
        if table is None or beats(kind, table):
            return kind  # what read_play would pick for this declared reading, without re-reading
        verdict = read_play(cs, table, lv, kind=kind.kind, rank=kind.rank, wilds=kind.wilds)
    else:
        verdict = read_play(cs, table, lv, wilds=ws)
    if verdict.combo is None:
        raise IllegalPlayError(verdict.reasons[0])
    return verdict.combo


def _canonical(combo: Combo) -> Combo | None:
    """Returns the reading ``classify`` gives for the same play, or ``None`` if there is none."""
    ranks = sorted(c.rank.natural for c in combo.wilds)
    for r in classify(list(combo.cards), combo.level):
        if r == combo:
            return r
        if (r.kind is combo.kind and r.rank is combo.rank and r.suit is combo.suit
                and sorted(c.rank.natural for c in r.wilds) == ranks):
            return r
    return None


#: The message keys that say a seat is out, by its place.
OUT_KEYS = {1: "deal.view.out_1", 2: "deal.view.out_2", 3: "deal.view.out_3"}


def play_line(seat: int, combo: Combo) -> str:
    """Returns the sentence of a play in the trick, as the table's description says it.

    The cards are said in words (``Combo.spoken``); a play of jokers only is named once, since
    its description already says which cards it is.

    >>> play_line(0, Combo.of("BJ", "2"))
    'South played a single black joker.'
    >>> play_line(1, Combo.of("8D 8H 8S 2H", "2", kind="bomb", rank="8", wilds="8H"))
    'East played a 4-card bomb of 8s: 8♦ 8♥ 8♠ 2♥ (the 2♥ stands for 8♥).'
    """
    play = play_reason(combo).text()
    if all(c.is_joker for c in combo.cards):
        return say("deal.view.trick_play_named", seat=seat, play=play)
    return say("deal.view.trick_play", seat=seat, play=play, cards=combo.spoken())


class Deal:
    """A deal in play: hands, turn, trick, lead and finishing order, with its full record.

    ``hands`` are four hands in seat order (text or card lists); ``level`` the active level;
    ``leader`` the seat that leads; ``finished`` the seats already out, in finishing order
    (for positions set up mid-deal). Every refused action raises ``IllegalPlayError`` with the
    clause and changes nothing.

    >>> d = Deal(["3C", "4C 5C", "", "6C"], "2", leader=0, finished=[2])
    >>> d.play("3C").seat, d.finish_order, d.to_move
    (0, (2, 0), None)
    >>> d.is_over, d.place(1), d.place(3)
    (True, None, None)
    >>> Deal(["3C"], "2", 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    guandan_learn.errors.DealError: A deal has four hands, one per seat in playing order, not 1...
    """

    __slots__ = ("_finish", "_hands", "_history", "_last", "_phase", "_plays", "_setup",
                 "_table", "_to_move", "_trick")

    def __init__(self, hands: Sequence[CardsLike], level: Rank | str, leader: int,
                 finished: Iterable[int] = (), *, seed: int | None = None,
                 dealer: int | None = None, turned: Card | str | None = None) -> None:
        self._setup = _check_setup(hands, level, leader, finished, seed, dealer, turned)
        self._reset()

    def _reset(self) -> None:
        s = self._setup
        self._hands: list[list[Card]] = [list(h) for h in s.hands]
        # Each seat's hand index: read when first asked, then carried as cards leave the hand.
        self._plays: list[HandPlays | None] = [None, None, None, None]
        self._finish: list[int] = list(s.finished)
        self._history: list[Action] = []
        self._trick: list[Action] = []
        self._table: Combo | None = None
        self._last: int | None = None
        self._to_move: int | None = s.leader
        self._phase = Phase.PLAY

    # -- Making deals -------------------------------------------------------------------------

    @classmethod
    def new(cls, seed: int, level: Rank | str = "2") -> Deal:
        """Shuffles and deals a first deal from ``seed`` (§02.3–§02.5).

        ``random.Random(seed)`` shuffles the 108 cards, picks the seat that shuffles, and the
        position of the card turned face up and buried in the cut. Cards go out one at a time
        counter-clockwise, starting with the seat after the shuffler; whoever receives the
        turned card leads.

        >>> d = Deal.new(7)
        >>> [d.cards_left(s) for s in range(4)], d.setup.turned in d.hand(d.to_move)
        ([27, 27, 27, 27], True)
        """
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ArgumentError(say("deal.bad_seed", value=seed))
        rng = random.Random(seed)
        cards = deck()
        rng.shuffle(cards)
        dealer = rng.randrange(4)
        cut = rng.randrange(len(cards))
        hands: list[list[Card]] = [[] for _ in SEATS]
        for i, card in enumerate(cards):
            hands[(dealer + 1 + i) % 4].append(card)
        leader = (dealer + 1 + cut) % 4
        return cls(hands, level, leader, seed=seed, dealer=dealer, turned=cards[cut])

    @classmethod
    def from_setup(cls, setup: Setup) -> Deal:
        """Returns a fresh deal at the position ``setup`` describes, before any action."""
        return cls(setup.hands, setup.level, setup.leader, setup.finished, seed=setup.seed,
                   dealer=setup.dealer, turned=setup.turned)

    def steps(self) -> Iterator[tuple[Deal, Action]]:
        """Replays the record: yields the position before each action, and the action.

        >>> d = Deal(["3C", "4C 5C", "6C", "7C"], "2", 0)
        >>> _ = d.play("3C"), d.play("4C")
        >>> [(before.to_move, str(action)) for before, action in d.steps()]
        [(0, '0 play 3C'), (1, '1 play 4C')]
        """
        deal = Deal.from_setup(self._setup)
        for action in self._history:
            yield deal.copy(), action
            if action.combo is None:
                deal.pass_turn(seat=action.seat)
            else:
                deal.play(action.combo, seat=action.seat)

    def copy(self) -> Deal:
        """Returns an independent copy; actions on one never touch the other."""
        other = object.__new__(Deal)
        other._setup = self._setup
        other._hands = [list(h) for h in self._hands]
        other._plays = list(self._plays)  # an index never changes, so copies share it
        other._finish = list(self._finish)
        other._history = list(self._history)
        other._trick = list(self._trick)
        other._table = self._table
        other._last = self._last
        other._to_move = self._to_move
        other._phase = self._phase
        return other

    # -- State --------------------------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        """Returns how the deal started."""
        return self._setup

    @property
    def level(self) -> Rank:
        """Returns the active level (§02.7)."""
        return self._setup.level

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Returns the four hands in seat order, each weakest first (copies)."""
        return tuple(tuple(h) for h in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Returns one seat's hand, weakest first (a copy)."""
        return tuple(self._hands[_seat(seat)])

    def cards_left(self, seat: int) -> int:
        """Returns how many cards a seat holds (exact, for the engine)."""
        return len(self._hands[_seat(seat)])

    def card_count(self, seat: int) -> int | None:
        """Returns what the table hears when it asks a seat's count (§06.9).

        The exact count at 10 or fewer cards; ``None`` ("more than 10") otherwise.

        >>> d = Deal(["3C " * 2, "4C", "5C 6C", "7C"], "2", 0)
        >>> d.card_count(0), Deal.new(1).card_count(0)
        (2, None)
        """
        n = len(self._hands[_seat(seat)])
        return n if n <= 10 else None

    @property
    def phase(self) -> Phase:
        """Returns the phase: ``Phase.PLAY`` or ``Phase.OVER``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """Tells whether the deal has stopped (§06.8)."""
        return self._phase is Phase.OVER

    @property
    def to_move(self) -> int | None:
        """Returns the seat to act, or ``None`` once the deal is over."""
        return self._to_move

    @property
    def table(self) -> Combo | None:
        """Returns the play to beat: the last unbeaten play of the trick; ``None`` on a lead.

        When the deal is over it still shows the last play made.
        """
        return self._table

    @property
    def last_player(self) -> int | None:
        """Returns the seat of the last unbeaten play in the trick (``None`` on a lead)."""
        return self._last

    @property
    def leading(self) -> bool:
        """Tells whether the seat to move leads a new trick (and so may not pass)."""
        return self._to_move is not None and self._table is None

    @property
    def can_pass(self) -> bool:
        """Tells whether the seat to move may pass: anyone but the leader (§06.2–§06.3)."""
        return self._to_move is not None and self._table is not None

    @property
    def trick(self) -> tuple[Action, ...]:
        """Returns the actions of the current trick, in order."""
        return tuple(self._trick)

    @property
    def history(self) -> tuple[Action, ...]:
        """Returns every action of the deal, in order (automatic passes are not actions)."""
        return tuple(self._history)

    @property
    def finish_order(self) -> tuple[int, ...]:
        """Returns the seats in the order their hands emptied (§06.7)."""
        return tuple(self._finish)

    def place(self, seat: int) -> int | None:
        """Returns a seat's finishing place 1–4, or ``None`` when it has none (yet).

        The player left holding cards alone is 4th; after a 1st–2nd finish the two opponents
        have no place (both are "last", §06.8).
        """
        s = _seat(seat)
        if s in self._finish:
            return self._finish.index(s) + 1
        if self.is_over and len(self._finish) == 3:
            return 4
        return None

    def legal_plays(self) -> list[Combo]:
        """Lists every distinct play the seat to move can make (``[]`` once over)."""
        if self._to_move is None:
            return []
        return self._index(self._to_move).legal_plays(self._table)

    def hints(self) -> list[Combo]:
        """Lists one play per class for the seat to move, weakest first (``[]`` once over)."""
        if self._to_move is None:
            return []
        return self._index(self._to_move).hints(self._table)

    def _index(self, seat: int) -> HandPlays:
        """Returns the index of a seat's hand, read once for every table it meets."""
        plays = self._plays[seat]
        if plays is None:
            plays = self._plays[seat] = HandPlays(self._hands[seat], self.level)
        return plays

    # -- Actions ------------------------------------------------------------------------------

    def _check_turn(self, seat: int | None, bomb: bool = False) -> int:
        if self._to_move is None:
            raise IllegalPlayError(Reason.of("play.over", "§06.8"))
        if seat is not None and _seat(seat) != self._to_move:
            if bomb:
                raise IllegalPlayError(Reason.of("play.out_of_turn_bomb", "§05.7", seat=seat,
                                           to_move=self._to_move))
            raise IllegalPlayError(Reason.of("play.out_of_turn", "§06.1",
                                             seat=seat, to_move=self._to_move))
        return self._to_move

    def play(self, cards: CardsLike | Combo, wilds: CardsLike | None = None,
             seat: int | None = None) -> Action:
        """Plays cards (text, cards or a ``Combo``) for the seat to move and returns the action.

        ``wilds`` says what each wild heart stands for when the cards allow several readings;
        by default the strongest reading that may be played is taken. ``seat`` checks that it
        is that seat's turn. Raises ``IllegalPlayError`` (with a clause) when the play is not
        allowed, and then changes nothing.
        """
        lv = self.level
        if self._to_move is None:
            raise IllegalPlayError(Reason.of("play.over", "§06.8"))
        if isinstance(cards, Combo):
            if cards.level is not lv:
                raise IllegalPlayError(Reason.of("compare.levels_differ", "§02.7",
                                                 play=cards.level.value, table=lv.value))
            cs = list(cards.cards)
            mover = self._to_move
            plays = self._plays[mover]
            if (wilds is None and plays is not None and (seat is None or _seat(seat) == mover)
                    and plays.offered(cards, self._table)):
                # The hand's index offered this very play on this table: it is held, it may
                # be played, and it is its own reading (``classify`` reads it so).
                return self._commit(mover, cs, cards)
            reading = _canonical(cards)
            if reading is None:
                raise IllegalPlayError(Reason.of("combo.no_such_reading", "§03.4",
                                                 cards=format_cards(cs)))
        else:
            reading = None
            try:
                cs = to_cards(cards)
            except TypeError:
                raise NotationError(say("play.not_cards", value=cards)) from None
        if seat is not None and _seat(seat) != self._to_move:
            try:
                bomb = len(cs) >= 4 and any(r.is_bomb for r in classify(cs, lv))
            except GuandanError:
                bomb = False
            self._check_turn(seat, bomb)
        mover = self._to_move
        hand = self._hands[mover]
        missing = Counter(cs) - Counter(hand)
        if missing:
            raise IllegalPlayError(Reason.of(
                "play.not_held", "§02.3", seat=mover,
                missing=format_cards(_sorted(missing.elements(), lv)),
                hand=format_cards(hand) or "-"))
        combo = _read(cs, None if wilds is None else to_cards(wilds), self._table, lv, reading)
        return self._commit(mover, cs, combo)

    def _commit(self, mover: int, cs: list[Card], combo: Combo) -> Action:
        """Takes the cards of an allowed play from the mover's hand and records it."""
        hand = self._hands[mover]
        for c in cs:
            hand.remove(c)
        plays = self._plays[mover]
        if plays is not None:
            self._plays[mover] = plays.without(cs)
        action = Action(mover, combo)
        self._record(action)
        self._table = combo
        self._last = mover
        if not hand:
            self._finish.append(mover)
            if deal_stops(self._finish):
                self._to_move = None
                self._phase = Phase.OVER
                return action
        self._advance(mover)
        return action

    def pass_turn(self, seat: int | None = None) -> Action:
        """Passes for the seat to move and returns the action (§06.3–§06.5).

        Passing is allowed whenever there is a play to beat, even a beatable one; the leader may
        not pass (§06.2).
        """
        mover = self._check_turn(seat)
        if self._table is None:
            raise IllegalPlayError(Reason.of("play.leader_pass", "§06.2", seat=mover))
        action = Action(mover, None)
        self._record(action)
        self._advance(mover)
        return action

    def _record(self, action: Action) -> None:
        self._history.append(action)
        self._trick.append(action)

    def _advance(self, seat: int) -> None:
        """Moves the turn on; empty hands pass automatically, and a trick ends at 3 passes.

        Once the other three seats have passed (or are out), the turn would come back to the
        last player: the trick ends and the last player leads, or their partner if they are out
        (§06.5–§06.6).
        """
        hands = self._hands
        nxt = (seat + 1) % 4
        while nxt != self._last:
            if hands[nxt]:
                self._to_move = nxt
                return
            nxt = (nxt + 1) % 4
        last = self._last
        assert last is not None
        self._to_move = last if hands[last] else partner(last)
        self._trick = []
        self._table = None
        self._last = None

    # -- Record -------------------------------------------------------------------------------

    def dumps(self) -> str:
        """Writes the setup and every action as the deal-record notation (see ``loads``)."""
        s = self._setup
        lines = [f"level {s.level.value}"]
        if s.seed is not None:
            lines.append(f"seed {s.seed}")
        if s.dealer is not None:
            lines.append(f"dealer {s.dealer}")
        if s.turned is not None:
            lines.append(f"turned {s.turned.code}")
        lines.append(f"leader {s.leader}")
        if s.finished:
            lines.append("finished " + " ".join(str(x) for x in s.finished))
        for seat, hand in enumerate(s.hands):
            text = " ".join(c.code for c in sorted(hand, key=lambda c: c.index)) or "-"
            lines.append(f"hand {seat}: {text}")
        lines += [str(a) for a in self._history]
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str) -> Deal:
        """Reads a deal record written by ``dumps`` and replays its actions.

        Setup lines are ``level L``, ``leader S``, ``hand S: cards`` (``-`` when empty) and
        optionally ``finished S …``, ``seed N``, ``dealer S``, ``turned CARD``; then one line
        per action: ``S play cards =declared …`` or ``S pass``. Blank lines and lines starting
        with ``#`` are skipped.

        >>> d = Deal.loads("level 2\\nleader 1\\nhand 0: 3C\\nhand 1: 4C\\nhand 2: 5C\\n"
        ...                "hand 3: 6C\\n1 play 4C\\n2 play 5C\\n")
        >>> d.finish_order, d.to_move
        ((1, 2), 3)
        """
        if not isinstance(text, str):
            raise NotationError(say("record.not_text", value=text))
        fields: dict[str, str] = {}
        hands: dict[int, list[Card]] = {}
        actions: list[tuple[int, str]] = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            words = line.split()
            head = words[0]
            if head in ("0", "1", "2", "3"):
                actions.append((number, line))
                continue
            if actions or head not in ("level", "leader", "finished", "seed", "dealer",
                                       "turned", "hand"):
                raise NotationError(say("record.bad_line", number=number, text=line))
            if head == "hand":
                seat_text, _, hand_text = line[4:].partition(":")
                seat_text = seat_text.strip()
                if seat_text not in ("0", "1", "2", "3") or not _:
                    raise NotationError(say("record.bad_line", number=number, text=line))
                if int(seat_text) in hands:
                    raise NotationError(say("record.twice", number=number, text=line,
                                            field=f"hand {seat_text}"))
                hand_text = hand_text.strip()
                try:
                    hands[int(seat_text)] = [] if hand_text == "-" else parse_cards(hand_text)
                except NotationError as err:
                    raise NotationError(Reason.of("record.unreadable", None, number=number,
                                                  text=line, reason=err.why)) from None
                continue
            if head in fields:
                raise NotationError(say("record.twice", number=number, text=line, field=head))
            if head != "finished" and len(words) != 2:
                raise NotationError(say("record.bad_line", number=number, text=line))
            fields[head] = " ".join(words[1:])
            if head in ("leader", "dealer", "seed") or head == "finished":
                for w in words[1:]:
                    if not re.fullmatch(r"-?[0-9]{1,19}", w):  # ASCII digits int() reads
                        raise NotationError(say("record.bad_line", number=number, text=line))
        for name in ("level", "leader"):
            if name not in fields:
                raise NotationError(say("record.missing", field=name))
        for seat in SEATS:
            if seat not in hands:
                raise NotationError(say("record.missing", field=f"hand {seat}:"))
        deal = cls([hands[s] for s in SEATS], fields["level"], int(fields["leader"]),
                   [int(w) for w in fields.get("finished", "").split()],
                   seed=int(fields["seed"]) if "seed" in fields else None,
                   dealer=int(fields["dealer"]) if "dealer" in fields else None,
                   turned=fields.get("turned"))
        for number, line in actions:
            try:
                seat, cards, wilds = _split_action(line)
                if cards is None:
                    deal.pass_turn(seat=seat)
                else:
                    deal.play(cards, wilds=wilds, seat=seat)
            except NotationError as err:
                raise NotationError(Reason.of("record.unreadable", None, number=number,
                                              text=line, reason=err.why)) from None
            except IllegalPlayError as err:
                raise IllegalPlayError(Reason.of("record.action", None, number=number, text=line,
                                                 reason=err.why),
                                       clause=err.clause) from None
        return deal

    # -- Comparing and showing ----------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return self._setup == other._setup and self._history == other._history

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = "over" if self._to_move is None else f"seat {self._to_move} to move"
        return (f"<Deal level {self.level.value}, {state}, {len(self._history)} actions, "
                f"finished {list(self._finish)}>")

    def render_text(self, viewer: int | None = None) -> str:
        """Returns a plain text view of the table, one sentence a line.

        Shows every hand, or with ``viewer`` only that seat's hand and the others' counts as the
        table announces them (§06.9); then who is out, the trick, and whose turn it is. A
        ``viewer`` that is no seat (0–3) raises ``DealError``.
        """
        if viewer is not None:
            viewer = _seat(viewer)
        lines = [say("deal.view.level", level=self.level.value)]
        s = self._setup
        if s.seed is not None and s.dealer is not None and s.turned is not None:
            lines.append(say("deal.view.seed", seed=s.seed, dealer=s.dealer,
                             card=spoken_card(s.turned, article=True), leader=s.leader))
        for seat in SEATS:
            hand = self._hands[seat]
            fields = {"seat": seat, "team": team(seat)}
            if seat in self._finish:
                place = self._finish.index(seat) + 1
                lines.append(say(OUT_KEYS[place], **fields))
            elif viewer is None or viewer == seat:
                lines.append(say("deal.view.hand", count=len(hand), cards=spoken_cards(hand),
                                 **fields))
            elif len(hand) > 10:
                lines.append(say("deal.view.many", **fields))
            else:
                lines.append(say("deal.view.count", count=len(hand), **fields))
        if not self._trick:
            lines.append(say("deal.view.trick_empty"))
        for action in self._trick:
            if action.combo is None:
                lines.append(say("deal.view.trick_pass", seat=action.seat))
            else:
                lines.append(play_line(action.seat, action.combo))
        lines.append(self._status())
        return "\n".join(lines)

    def _status(self) -> str:
        if self._to_move is None:
            out = self._finish
            if len(out) == 2:
                a, b = sorted(out)
                return say("deal.view.over_team", a=a, b=b)
            left = next(s for s in SEATS if s not in out)
            return say("deal.view.over_one", seat=left)
        seat = self._to_move
        if self._table is not None:
            return say("deal.view.beat", seat=seat, play=play_reason(self._table).text(),
                       last=self._last)
        last_play = next((a for a in reversed(self._history) if a.combo is not None), None)
        if last_play is None:
            return say("deal.view.lead", seat=seat)
        if last_play.seat != seat:
            return say("deal.view.lead_partner", seat=seat, last=last_play.seat)
        return say("deal.view.lead_won", seat=seat)

    def __str__(self) -> str:
        return self.render_text()


def new_deal(seed: int, level: Rank | str = "2") -> Deal:
    """Shuffles and deals a first deal from ``seed`` (see ``Deal.new``)."""
    return Deal.new(seed, level)


def dumps(deal: Deal) -> str:
    """Writes a deal as its record (see ``Deal.dumps``)."""
    if not isinstance(deal, Deal):
        raise NotationError(say("record.not_deal", value=type(deal).__name__))
    return deal.dumps()


def loads(text: str) -> Deal:
    """Reads a deal record and replays it (see ``Deal.loads``)."""
    return Deal.loads(text)
