"""endgame: every hand open, a few cards each; which move forces the goal? (§06.3–§06.8)

The setup is an open-hand position (``guandan_learn.endgame.Endgame``): the four hands, the
level, the seat to move (the hero), the unbeaten play on the table and who made it, and the
goal of the hero's side ("first", "team_first" or "double"). The question ``best_move`` asks
for a move: cards to play, or a pass. The exact solver grades it: any first move that keeps a
forced win is right; a losing one is answered with the defence the solver finds against it.
The question ``can_force`` asks yes or no: can the hero's side force its goal at all? A "no"
is explained by the defence against every first move (proving a "no", issue 29).

A puzzle stays small (``HAND_CARDS`` cards a hand, ``TOTAL_CARDS`` in the four hands), so its
search is short; it runs on a budget of ``NODE_LIMIT`` positions and no clock, so that a
puzzle grades the same on every machine, however loaded. A bigger setup is refused when read,
and a setup the budget cannot decide is refused when solved (an ``ExerciseError``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...cards import FACES, Card, Rank, format_cards, wild_card
from ...combo import Combo
from ...endgame import GOALS, NODE_LIMIT, Endgame, Move, Solver, refutation, refute
from ...endgame import Solution as EndgameSolution
from ...errors import EndgameError, GuandanError
from ...judge import judge
from ...messages import say
from ...moves import exact_plays
from ...reason import Reason
from ..answers import _words, read_cards, read_yes_no
from ..explain import error_reason, verdict_reasons
from ..layout import CardsAnswer, Picture, Row, Shape, YesNo
from ..misconceptions import MISREADS, Misread, candidates
from ..model import FieldError, Solution
from ..pool import cards_text, draw_level
from .base import (
    Built,
    ExplainFn,
    KindSpec,
    LensFn,
    as_text,
    card_words,
    cards_words,
    explains_play_from_hand,
    get,
    joined,
    kind_reason,
    level_of,
    level_row,
    play_words,
    yes_no,
)

#: The clauses an endgame rests on: trick flow, the lead, finishing places.
CLAUSES = ("§06.3", "§06.5", "§06.6")
#: Steps of a line shown in a refutation or an explanation, at most.
LINE_STEPS = 32
#: Cards a puzzle's hand holds at most (the generator and the bank deal up to 5, chapter 11 6)…
HAND_CARDS = 6
#: … and cards in the four hands together: positions this small solve in well under a second.
TOTAL_CARDS = 20

_HAND = {"type": "string"}


@dataclass(frozen=True)
class EndgameSetup:
    """An open-hand position to play from, as the solver reads it."""

    position: Endgame

    @property
    def level(self) -> Rank:
        """Returns the active level."""
        return self.position.level

    @property
    def hero(self) -> int:
        """Returns the seat the learner plays."""
        return self.position.hero

    @property
    def hand(self) -> tuple[Card, ...]:
        """Returns the hero's hand."""
        return self.position.hands[self.position.hero]

    @property
    def table(self) -> Combo | None:
        """Returns the unbeaten play on the table (``None``: the hero leads)."""
        return None if self.position.table is None else self.position.table[0]


Answer = tuple[Card, ...] | None


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def _answer_of(move: Move) -> Answer:
    return None if move is None else _sorted(move.cards)


def _move_words(move: Move) -> Reason | Any:
    return Reason.of("exercise.endgame.pass") if move is None else card_words(move)


def _step(seat: int, move: Move) -> Reason:
    if move is None:
        return Reason.of("exercise.endgame.step.pass", None, seat=seat)
    return Reason.of("exercise.endgame.step.play", None, seat=seat, cards=card_words(move))


def line_words(line: Sequence[tuple[int, Move]]) -> Any:
    """Returns a line of play in words ("East plays 8♣, North passes…"), rendered when shown."""
    steps: list[object] = [_step(s, m) for s, m in line[:LINE_STEPS]]
    if len(line) > LINE_STEPS:
        steps.append("…")
    return joined(steps)


class EndgameKind(KindSpec):
    """Every hand open: pick the move that forces the goal against any defence."""

    name = "endgame"
    order = 90
    setup_type = EndgameSetup
    questions = ("best_move", "can_force")
    title_key = "widget.quiz.title.endgame"
    topic_key = "worksheet.kind.endgame"
    setup_schema: ClassVar[dict[str, Any] | None] = {
        "type": "object",
        "required": ["level", "hands"],
        "additionalProperties": False,
        "properties": {
            "level": {"type": ["string", "integer"]},
            "goal": {"enum": list(GOALS)},
            "to_move": {"type": "integer", "minimum": 0, "maximum": 3},
            "hands": {"type": "array", "items": _HAND, "minItems": 4, "maxItems": 4},
            "table": {"type": ["string", "null"]},
            "table_by": {"type": "integer", "minimum": 0, "maximum": 3},
            "table_wilds": {"type": ["string", "null"]},
        },
    }

    # -- Reading and writing -------------------------------------------------------------

    def read_setup(self, raw: Mapping[str, Any], question: str) -> EndgameSetup:
        level = level_of(raw)
        hands = get(raw, "hands")
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) \
                or len(hands) != 4:
            raise FieldError("setup.hands", say("endgame.not_four_hands", value=as_text(hands)),
                             "§02.1")
        cards = [read_cards(h, f"setup.hands[{i}]") for i, h in enumerate(hands)]
        to_move = raw.get("to_move", 0)
        goal = raw.get("goal", "first")
        table = None
        played = raw.get("table")
        if played:
            if "table_by" not in raw:
                raise FieldError("setup.table_by", say("exercise.setup.missing",
                                                       field="table_by"))
            tcards = read_cards(played, "setup.table")
            wilds = raw.get("table_wilds")
            try:
                play: Any = tcards if wilds is None else Combo.of(
                    tcards, level, wilds=read_cards(wilds, "setup.table_wilds"))
            except GuandanError as err:
                raise FieldError("setup.table", *error_reason(err)) from None
            table = (play, raw["table_by"])
        for i, hand in enumerate(cards):
            if len(hand) > HAND_CARDS:
                raise FieldError(f"setup.hands[{i}]", say(
                    "exercise.endgame.hand_limit", count=len(hand), limit=HAND_CARDS))
        total = sum(len(h) for h in cards)
        if total > TOTAL_CARDS:
            raise FieldError("setup.hands", say("exercise.endgame.total_limit", count=total,
                                                limit=TOTAL_CARDS))
        try:
            position = Endgame(cards, level, to_move, table, goal)
        except GuandanError as err:
            raise FieldError("setup", *error_reason(err)) from None
        return EndgameSetup(position)

    def read_answer(self, value: object, setup: EndgameSetup, question: str,
                    field: str = "answer") -> Answer | bool:
        if question == "can_force":
            return read_yes_no(value, field)
        if value is None or value is False or (
                isinstance(value, str) and value.strip().lower().rstrip(".!") in
                _words("exercise.words.pass")):
            return None
        return _sorted(read_cards(value, field))

    def write_answer(self, answer: Any, setup: EndgameSetup, question: str) -> str | bool:
        if question == "can_force":
            return bool(answer)
        return "pass" if answer is None else " ".join(c.code for c in answer)

    def show_answer(self, answer: Any, setup: EndgameSetup, question: str) -> str:
        if question == "can_force":
            return yes_no(bool(answer))
        return say("exercise.answer.pass") if answer is None else format_cards(answer)

    # -- Solving and grading -------------------------------------------------------------

    def solve(self, setup: EndgameSetup, question: str) -> Solution:
        sol = _solved(setup.position)
        goal = _goal(setup.position)
        if question == "can_force":
            return _can_force(setup, sol, goal)
        if not sol.wins:
            why = Reason.of("exercise.endgame.no_win", "§06.3", goal=goal,
                            line=line_words(sol.line))
            return Solution(_answer_of(sol.line[0][1]), (why,), CLAUSES, sol,
                            cited=("§06.3",))
        first = sol.line[0][1]
        reasons = [Reason.of("exercise.endgame.explain_pass", "§06.3", goal=goal,
                             line=line_words(sol.line)) if first is None else
                   Reason.of("exercise.endgame.explain", "§06.3", move=_move_words(first),
                             goal=goal, line=line_words(sol.line))]
        others = _distinct([m for m in sol.winning_moves if _answer_of(m) != _answer_of(first)])
        if others:
            reasons.append(Reason.of("exercise.endgame.others", None,
                                     moves=joined([_move_words(m) for m in others])))
        return Solution(_answer_of(first), tuple(reasons), CLAUSES, sol, cited=("§06.3",))

    def is_correct(self, answer: Answer, solution: Solution, setup: EndgameSetup,
                   question: str) -> bool:
        sol: EndgameSolution = solution.detail
        if question == "can_force" or not sol.wins:
            return answer == solution.answer
        return any(_answer_of(m) == answer for m in sol.winning_moves)

    def why_wrong(self, answer: Any, setup: EndgameSetup, question: str) -> Reason | None:
        if question == "can_force":
            return None  # the solution's reasons show the line, or every refutation
        if answer is None:
            if setup.table is None:
                return Reason.of("exercise.endgame.lead_no_pass", "§06.2")
            move: Move = None
        else:
            missing = Counter(answer) - Counter(setup.hand)
            if missing:
                return Reason.of("exercise.find.not_held", None,
                                 missing=cards_words(list(missing.elements())),
                                 hand=cards_words(setup.hand))
            plays = [p for p in exact_plays(setup.hand, setup.table, setup.level)
                     if _sorted(p.cards) == answer]
            if not plays:
                v = judge(answer, setup.table, setup.level)
                return verdict_reasons(answer, setup.table, setup.level, v)[0]
            move = plays[0]
        try:
            line = refutation(setup.position, move, node_limit=NODE_LIMIT, time_limit=None)
        except EndgameError:
            raise _too_hard() from None
        goal = _goal(setup.position)
        return Reason.of("exercise.endgame.refuted", "§06.3", move=_move_words(move),
                         line=line_words(line[1:]), goal=goal)

    # -- Showing -------------------------------------------------------------------------

    def layout(self, setup: EndgameSetup, question: str) -> list[Row]:
        pos = setup.position
        hero = pos.hero
        rows = [level_row(pos.level, pos.hands, pos.table),
                Row(say("exercise.show.endgame.goal",
                        goal=_goal(pos).text()))]
        if pos.table is None:
            rows.append(Row(say("exercise.show.lead")))
        else:
            play, by = pos.table
            rows.append(Row(say("exercise.show.endgame.table", seat=by, cards=str(play),
                                play=str(play_words(play))),
                            (Picture.play(play, say("widget.quiz.endgame.table", seat=by)),)))
        for seat in [(hero + i) & 3 for i in (1, 2, 3)]:
            who = "partner" if seat == hero ^ 2 else "opponent"
            cards = pos.hands[seat]
            shown, caption = _SEAT_KEYS[who]
            rows.append(Row(say(shown, seat=seat, cards=format_cards(cards)),
                            (Picture("hand", cards, pos.level,
                                     caption=say(caption, seat=seat)),)))
        rows.append(Row(say("exercise.show.endgame.you", seat=hero,
                            cards=format_cards(pos.hands[hero])),
                        (Picture("hand", pos.hands[hero], pos.level,
                                 caption=say("widget.quiz.endgame.you", seat=hero)),),
                        pickable=True))
        return rows

    def ask(self, setup: EndgameSetup, question: str) -> str:
        if question == "can_force":
            return say("exercise.ask.endgame.can_force")
        lead = setup.table is None
        return say("exercise.ask.endgame.lead" if lead else "exercise.ask.endgame")

    def answer_shape(self, setup: EndgameSetup, question: str) -> Shape:
        if question == "can_force":
            return YesNo()
        return CardsAnswer(cards=setup.hand, level=setup.level,
                           allow_pass=setup.table is not None)

    def hints(self, setup: EndgameSetup, question: str,
              solution: Solution) -> tuple[Reason, ...]:
        sol: EndgameSolution = solution.detail
        if question == "can_force":
            return (Reason.of("exercise.hint.endgame.can_force"),)
        move = sol.line[0][1] if sol.line else None
        if move is None:
            return (Reason.of("exercise.hint.endgame.wait"),
                    Reason.of("exercise.hint.endgame.pass"))
        return (Reason.of("exercise.hint.endgame.form", None, form=kind_reason(move.kind)),
                Reason.of("exercise.hint.endgame.cards", None, cards=card_words(move)))

    # -- Generating ----------------------------------------------------------------------

    def build(self, rng: random.Random, d: int) -> Built | None:
        return build_position(rng, d)

    def distractors(self, setup: EndgameSetup, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        if question == "can_force":
            return [not solution.answer]
        sol: EndgameSolution = solution.detail
        right = {_answer_of(m) for m in sol.winning_moves}
        moves: list[Answer] = [_sorted(p.cards) for p in
                               exact_plays(setup.hand, setup.table, setup.level)]
        if setup.table is not None:
            moves.append(None)
        wrong = list(dict.fromkeys(m for m in moves if m not in right))
        return rng.sample(wrong, min(3, len(wrong)))

    def lenses(self) -> dict[str, LensFn]:
        return {mid: _lens(m) for mid, m in MISREADS.items()}

    def explainers(self) -> dict[str, ExplainFn]:
        return {mid: _moves_only(explains_play_from_hand(m)) for mid, m in MISREADS.items()}


#: The message keys of the other seats' rows: (the setup line, the picture's caption).
_SEAT_KEYS = {"partner": ("exercise.show.endgame.partner", "widget.quiz.endgame.partner"),
              "opponent": ("exercise.show.endgame.opponent", "widget.quiz.endgame.opponent")}
#: The message key that states each goal.
GOAL_KEYS = {"first": "exercise.endgame.goal.first",
             "team_first": "exercise.endgame.goal.team_first",
             "double": "exercise.endgame.goal.double"}


def _too_hard() -> FieldError:
    return FieldError("setup", say("exercise.endgame.too_hard", limit=NODE_LIMIT))


def _solved(position: Endgame) -> EndgameSolution:
    """Solves a puzzle's position and plays out its line on the kind's budget; past it, a
    ``FieldError``."""
    try:
        sol = Solver(position, node_limit=NODE_LIMIT, time_limit=None).solve()
        sol.line  # noqa: B018  # played out here, with the same tables and budget
        return sol
    except EndgameError:
        raise _too_hard() from None


def _goal(position: Endgame) -> Reason:
    return Reason.of(GOAL_KEYS[position.goal], None, seat=position.hero,
                     partner=position.hero ^ 2)


def _can_force(setup: EndgameSetup, sol: EndgameSolution, goal: Reason) -> Solution:
    """Answers "can your side force the goal?": yes with the winning line, no with the
    defence against each first move."""
    if sol.wins:
        why = Reason.of("exercise.endgame.can_force.yes", "§06.3", move=_move_words(
            sol.line[0][1]), goal=goal, line=line_words(sol.line))
        return Solution(True, (why,), CLAUSES, sol, cited=("§06.3",))
    reasons = [Reason.of("exercise.endgame.can_force.no", "§06.3", goal=goal)]
    try:
        for r in refute(setup.position, node_limit=NODE_LIMIT, time_limit=None):
            reasons.append(Reason.of("exercise.endgame.can_force.refuted", None,
                                     move=_move_words(r.move), line=line_words(r.line[1:])))
    except EndgameError:
        raise _too_hard() from None
    return Solution(False, tuple(reasons), CLAUSES, sol, cited=("§06.3",))


def _distinct(moves: Sequence[Move]) -> list[Move]:
    seen: set[Answer] = set()
    out = []
    for m in moves:
        a = _answer_of(m)
        if a not in seen:
            seen.add(a)
            out.append(m)
    return out


# -- The generator ------------------------------------------------------------------------------


def build_position(rng: random.Random, d: int) -> Built | None:
    """Draws an instructive position: the hero wins, and only one or two first moves do."""
    level = draw_level(rng) if d >= 2 else rng.choice([Rank.TWO, Rank.FIVE, Rank.NINE,
                                                       Rank.JACK])
    wild = wild_card(level)
    # Few ranks, so pairs and triples come up; wild hearts only from difficulty 3.
    values = rng.sample(range(2, 15), {1: 5, 2: 6, 3: 7}[d])
    left = [2] * 54
    pile: list[Card] = []
    for v in values:
        for s in range(4):
            card = FACES[(v - 2) * 4 + s]
            if card is not wild:
                pile += [card] * left[card.index]
    if d == 3 and rng.random() < 0.6:
        pile += [wild] * rng.choice([1, 2])
    if d >= 2 and rng.random() < 0.3:
        pile += [FACES[52 + rng.randrange(2)]]
    rng.shuffle(pile)
    sizes = [rng.randint(3, {1: 4, 2: 5, 3: 5}[d])] + [rng.randint(1, {1: 3, 2: 4, 3: 4}[d])
                                                       for _ in range(3)]
    if sum(sizes) > len(pile):
        return None
    hands = []
    for n in sizes:
        hands.append(pile[:n])
        pile = pile[n:]
    goal = rng.choice({1: ["first", "first", "team_first"],
                       2: ["first", "team_first", "team_first", "double"],
                       3: ["first", "team_first", "double", "double"]}[d])
    raw: dict[str, Any] = {"level": level.value, "goal": goal, "to_move": 0,
                           "hands": [cards_text(h) for h in hands]}
    if d >= 2 and rng.random() < 0.5:
        by = rng.choice([1, 3])
        plays = exact_plays(hands[by], None, level)
        if not plays:
            return None
        play = rng.choice([p for p in plays if not p.is_bomb] or plays)
        if len(play.cards) == len(hands[by]):
            return None
        rest = list(hands[by])
        for c in play.cards:
            rest.remove(c)
        raw["hands"][by] = cards_text(rest)
        raw["table"] = " ".join(c.code for c in play.cards)
        raw["table_by"] = by
        if play.wilds:
            raw["table_wilds"] = " ".join(c.code for c in play.wilds)
    try:
        setup = SPEC.read_setup(raw, "best_move")
    except GuandanError:
        return None
    # Only the winning first moves decide whether the position is kept: no line is played out
    # for the many positions drawn and dropped (the puzzle's solution is made when it is shown).
    try:
        first = Solver(setup.position, node_limit=NODE_LIMIT, time_limit=None).start()
        winning_moves = first.winning_moves()
    except EndgameError:  # beyond the kind's budget: draw another
        return None
    if not winning_moves:
        return None
    winning = {_answer_of(m) for m in winning_moves}
    moves: set[Answer] = {_sorted(p.cards) for p in exact_plays(setup.hand, setup.table, level)}
    if setup.table is not None:
        moves.add(None)
    # Instructive: one or two winning moves among at least three, and no going out at once.
    if not 1 <= len(winning) <= 2 or len(moves) < 3 or any(
            a is not None and len(a) == len(setup.hand) for a in moves):
        return None
    # Now and then (at difficulty 3) ask whether the goal can be forced at all.
    return raw, "can_force" if d == 3 and rng.random() < 0.2 else "best_move", setup


def _moves_only(explains: ExplainFn) -> ExplainFn:
    """Returns an explainer that reads only answers that are moves (not a yes or no)."""
    def only(answer: Any, setup: Any, question: str, solution: Solution) -> bool:
        return question != "can_force" and explains(answer, setup, question, solution)

    return only


def _lens(m: Misread) -> LensFn:
    def lens(setup: EndgameSetup, question: str, solution: Solution) -> Solution | None:
        if setup.table is None or question == "can_force":
            return None
        seen = m.table(setup.table)
        if seen is None:
            return None
        for cards, plays, legal in candidates(setup.hand, setup.table, setup.level):
            if not legal and any(m.beats(r, seen) for p in plays for r in m.reread(p)):
                return Solution(cards)
        return None

    return lens


SPEC = EndgameKind()
