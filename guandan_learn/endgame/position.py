"""The endgame position and its notation: four open hands, the level, the seat to move, the
table and the goal (§06); ``Endgame.dumps`` and ``Endgame.loads`` write and read it on one line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..cards import STRENGTH, Card, CardsLike, Rank, as_level, check_counts, format_cards, to_cards
from ..combo import Combo
from ..deal import _canonical, _read, _split_action
from ..errors import ArgumentError, DealError, IllegalPlayError, NotationError
from ..messages import say

GOALS: tuple[str, ...] = ("first", "team_first", "double")
#: Cards each player is dealt (§02.3): no hand can hold more.
HAND_LIMIT = 27

Table = tuple[Combo, int] | None
Move = Combo | None


def _sorted(cards: Iterable[Card], level: Rank) -> tuple[Card, ...]:
    """Sorts a hand weakest first at ``level`` (§03.1), suits in C D H S order."""
    row = STRENGTH[level.natural]
    return tuple(sorted(cards, key=lambda c: (row[c.rank.natural], c.index)))


def _seat(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise DealError(say("endgame.bad_seat", value=value), clause="§02.1")
    return value


class Endgame:
    """An open-hand position: hands, level, the seat to move, the table, the goal and the seats
    already out.

    ``hands`` maps seats 0–3 to cards (or lists four hands in seat order); ``table`` is
    ``None`` for a lead or ``(play, seat)``: the unbeaten play (cards or a ``Combo``) and who
    made it (a seat that went out with it, possibly). ``out`` is the finish order so far: the
    seats that have gone out, first one first; exactly their hands are empty, and the deal is
    not over (§06.8: no partnership has both players out). Raises a ``GuandanError`` with a
    clear sentence for a position that cannot be.

    >>> eg = Endgame({0: "9C 9D 3S", 1: "KC", 2: "", 3: "AD"}, "2", 0, goal="double", out=[2])
    >>> eg.out, eg.decided
    ((2,), None)
    >>> Endgame(eg.hands, "2", 0, goal="team_first", out=[2]).decided
    True
    """

    __slots__ = ("goal", "hands", "level", "out", "table", "to_move")
    hands: tuple[tuple[Card, ...], ...]
    level: Rank
    to_move: int
    table: Table
    goal: str
    out: tuple[int, ...]

    def __init__(self, hands: Mapping[int, CardsLike] | Sequence[CardsLike],
                 level: Rank | str, to_move: int,
                 table: tuple[CardsLike | Combo, int] | None = None,
                 goal: str = "first", out: Sequence[int] = ()) -> None:
        lv = as_level(level)
        if not isinstance(goal, str) or goal not in GOALS:
            raise ArgumentError(say("endgame.bad_goal", goal=goal, goals=", ".join(GOALS)))
        if isinstance(hands, Mapping):
            if set(hands) != {0, 1, 2, 3} or any(isinstance(k, bool) for k in hands):
                raise DealError(say("endgame.not_four_hands", value=hands), clause="§02.1")
            raw = [hands[s] for s in range(4)]
        elif isinstance(hands, Sequence) and not isinstance(hands, (str, bytes)) \
                and len(hands) == 4:
            raw = list(hands)
        else:
            raise DealError(say("endgame.not_four_hands", value=hands), clause="§02.1")
        cards = []
        for seat, h in enumerate(raw):
            try:
                cs = to_cards(h)
            except TypeError:
                raise DealError(say("endgame.not_four_hands", value=hands),
                                clause="§02.1") from None
            if len(cs) > HAND_LIMIT:
                raise DealError(say("endgame.hand_too_big", seat=seat, count=len(cs),
                                    limit=HAND_LIMIT), clause="§02.3")
            cards.append(_sorted(cs, lv))
        done = _out(out, cards)
        mover = _seat(to_move)
        if mover in done:
            raise DealError(say("endgame.mover_out", seat=mover), clause="§06.5")
        on_table: Table = None
        if table is not None:
            if isinstance(table, (str, bytes)) or not isinstance(table, Sequence) \
                    or len(table) != 2:
                raise DealError(say("endgame.table_not_pair", value=table), clause="§06.3")
            play, by = table
            by = _seat(by)
            on_table = (_table_play(play, lv), by)
            if by == mover:
                raise DealError(say("endgame.table_own_seat", seat=by), clause="§06.5")
            if by in done and done[-1] != by:
                raise DealError(say("endgame.table_by_out", seat=by, last=done[-1]),
                                clause="§06.7")
        check_counts([c for h in cards for c in h]
                     + ([] if on_table is None else list(on_table[0].cards)))
        object.__setattr__(self, "hands", tuple(cards))
        object.__setattr__(self, "level", lv)
        object.__setattr__(self, "to_move", mover)
        object.__setattr__(self, "table", on_table)
        object.__setattr__(self, "goal", goal)
        object.__setattr__(self, "out", done)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Endgame is immutable")

    def _key(self) -> tuple[object, ...]:
        return (self.hands, self.level, self.to_move, self.table, self.goal, self.out)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Endgame):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def hero(self) -> int:
        """Returns the seat whose side must reach the goal: the seat to move."""
        return self.to_move

    @property
    def decided(self) -> bool | None:
        """Returns the goal's result when the seats already out decide it (``True``: the hero's
        side has reached it, ``False``: it cannot any more), else ``None``.

        The hero holds cards, so once anyone is out ``first`` is lost and ``team_first`` is
        the first one out's team's; ``double`` stays open only while the partner alone is out.
        """
        done = self.out
        if not done:
            return None
        ours = (done[0] & 1) == (self.hero & 1)
        if self.goal == "team_first":
            return ours
        if self.goal == "double" and ours and len(done) == 1:
            return None
        return False

    def dumps(self) -> str:
        """Writes the position on one line (see the module notes); ``loads`` reads it back."""
        fields = [f"level {self.level.value}", f"goal {self.goal}", f"to_move {self.to_move}"]
        if self.out:
            fields.append("out " + " ".join(str(s) for s in self.out))
        for seat, hand in enumerate(self.hands):
            fields.append(f"{seat}: " + (" ".join(c.code for c in hand) or "-"))
        if self.table is not None:
            play, by = self.table
            text = " ".join(c.code for c in play.cards)
            if play.wilds:
                text += " " + " ".join("=" + c.code for c in play.wilds)
            fields.append(f"table {by}: {text}")
        return "; ".join(fields)

    @classmethod
    def loads(cls, text: str) -> Endgame:
        """Reads a position written by ``dumps``; raises ``NotationError`` on bad text."""
        if not isinstance(text, str):
            raise NotationError(say("endgame.notation.not_text", value=text))
        seen: dict[str, str] = {}
        for raw in text.replace("\n", ";").split(";"):
            part = raw.strip()
            if not part:
                continue
            head, _, rest = part.partition(" ")
            if head in ("0:", "1:", "2:", "3:"):
                name, value = head[0], rest
            elif head in ("level", "goal", "to_move", "out") or head == "table":
                name, value = head, rest
            elif head[:1] in "0123" and head[1:2] == ":":
                name, value = head[0], part[2:]
            else:
                raise NotationError(say("endgame.notation.bad_field", field=part))
            if name in seen:
                raise NotationError(say("endgame.notation.twice", field=part))
            seen[name] = value.strip()
        for name in ("level", "to_move", "0", "1", "2", "3"):
            if name not in seen:
                raise NotationError(say("endgame.notation.missing",
                                        field=name + ":" if name.isdigit() else name))
        if seen["to_move"] not in ("0", "1", "2", "3"):
            raise NotationError(say("endgame.notation.bad_field", field="to_move "
                                    + seen["to_move"]))
        lv = as_level(seen["level"])
        table = None
        if "table" in seen:
            by, colon, cards = seen["table"].partition(":")
            if not colon or by.strip() not in ("0", "1", "2", "3") or not cards.strip():
                raise NotationError(say("endgame.notation.bad_field",
                                        field="table " + seen["table"]))
            _, cs, ws = _split_action(f"{by.strip()} play {cards.strip()}")
            assert cs is not None
            table = (_read(cs, ws, None, lv), int(by))
        out = seen.get("out", "").replace(",", " ").split()
        if any(s not in ("0", "1", "2", "3") for s in out):
            raise NotationError(say("endgame.notation.bad_field", field="out " + seen["out"]))
        hands = {s: "" if seen[str(s)] == "-" else seen[str(s)] for s in range(4)}
        return cls(hands, lv, int(seen["to_move"]), table, seen.get("goal", "first"),
                   [int(s) for s in out])

    def __repr__(self) -> str:
        return f"Endgame.loads({self.dumps()!r})"

    def __str__(self) -> str:
        return self.dumps()


def _out(out: object, hands: list[tuple[Card, ...]]) -> tuple[int, ...]:
    """Returns the finish order so far as a tuple, or raises ``DealError`` saying why it cannot
    be: a seat twice, a seat out that holds cards, an empty hand not out, or a deal over."""
    if isinstance(out, (str, bytes)) or not isinstance(out, Sequence):
        raise DealError(say("endgame.bad_out", value=out), clause="§06.7")
    done = tuple(_seat(s) for s in out)
    for seat in done:
        if done.count(seat) > 1:
            raise DealError(say("endgame.out_twice", seat=seat), clause="§06.7")
        if hands[seat]:
            raise DealError(say("endgame.out_holds_cards", seat=seat), clause="§06.7")
    for seat, hand in enumerate(hands):
        if not hand and seat not in done:
            raise DealError(say("endgame.empty_hand", seat=seat), clause="§06.7")
    if len(done) >= 3 or any(s ^ 2 in done for s in done):
        raise DealError(say("endgame.deal_over"), clause="§06.8")
    return done


def _table_play(play: CardsLike | Combo, lv: Rank) -> Combo:
    """Returns the reading of the table play, or raises ``IllegalPlayError`` saying why not."""
    if isinstance(play, Combo):
        if play.level is not lv:
            raise IllegalPlayError(say("compare.levels_differ", play=play.level.value,
                                       table=lv.value), clause="§02.7")
        reading = _canonical(play)
        if reading is None:
            raise IllegalPlayError(say("endgame.table_not_combo", cards=format_cards(play.cards),
                                       reason=say("combo.no_such_reading",
                                                  cards=format_cards(play.cards))),
                                   clause="§03.4")
        return reading
    try:
        cs = to_cards(play)
    except TypeError:
        raise NotationError(say("play.not_cards", value=play)) from None
    try:
        return _read(cs, None, None, lv)
    except IllegalPlayError as err:
        raise IllegalPlayError(say("endgame.table_not_combo", cards=format_cards(cs) or "-",
                                   reason=err.message), clause=err.clause) from None


__all__ = ["GOALS", "HAND_LIMIT", "Endgame", "Move", "Table"]
