"""next_level: after this finishing order, both levels, the next active level, or the match
winner."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...cards import LEVELS, Rank
from ...errors import GuandanError
from ...level import Settlement, check_finish_order, settle_deal
from ...messages import say
from ...reason import Reason
from ...rules import Rules
from ...seats import partner
from ..answers import read_level, read_seats, read_team
from ..explain import error_reason, settlement_cited, settlement_clauses, settlement_reasons
from ..layout import LevelAnswer, LevelsAnswer, Row, Shape, TeamAnswer
from ..model import FieldError, Solution
from ..pool import Setup, draw_finish
from .base import Built, KindSpec, LensFn, as_text, finish_order, get, ordinal, read_rules


@dataclass(frozen=True)
class SettleSetup:
    """Both teams' levels, the declarers, a finishing order and the table's options."""

    levels: tuple[Rank, Rank]
    declarers: int | None
    finish: tuple[int, ...]
    rules: Rules
    attempts: tuple[int, int] | None
    settlement: Settlement


def _levels(value: object) -> tuple[Rank, Rank]:
    field = "setup.levels"
    items: list[Any]
    if isinstance(value, Mapping):
        keys = {str(k).strip().lower().replace("team", "").strip(): v for k, v in value.items()}
        if set(keys) != {"0", "1"}:
            raise FieldError(field, say("exercise.setup.levels", value=as_text(value)))
        items = [keys["0"], keys["1"]]
    elif isinstance(value, str):
        pairs = dict(re.findall(r"(?i)\b(?:team|t)\s*([01])\s*[:=]?\s*(?:at\s+)?(?:level\s+)?"
                                r"(10|[2-9tjqka])\b", value))
        if len(pairs) == 2:
            items = [pairs["0"], pairs["1"]]
        else:
            items = [w for w in re.split(r"[\s,;]+", value.strip())
                     if w and w.lower() not in ("level", "levels", "and")]
    elif isinstance(value, list):
        items = value
    else:
        items = []
    if len(items) != 2:
        raise FieldError(field, say("exercise.setup.levels", value=as_text(value)))
    return read_level(items[0], field), read_level(items[1], field)


_ASK = {"levels": "exercise.ask.next_level.levels",
        "active_level": "exercise.ask.next_level.active_level",
        "match_winner": "exercise.ask.next_level.match_winner"}


class NextLevel(KindSpec):
    """After this finishing order: both levels, the next active level, or the match winner."""

    name = "next_level"
    order = 60
    setup_type = SettleSetup
    questions = ("levels", "active_level", "match_winner")
    title_key = "widget.quiz.title.next_level"
    topic_key = "worksheet.kind.next_level"

    def read_setup(self, raw: Mapping[str, Any], question: str) -> SettleSetup:
        levels = _levels(get(raw, "levels"))
        if "declarers" not in raw:
            raise FieldError("setup.declarers", say("exercise.setup.declarers"))
        declarers = read_team(raw["declarers"], "setup.declarers")
        finish = read_seats(get(raw, "finish"), "setup.finish")
        try:
            check_finish_order(finish)
        except GuandanError as err:
            raise FieldError("setup.finish", *error_reason(err)) from None
        rules = read_rules(raw.get("rules"))
        attempts = raw.get("attempts")
        if attempts is not None:
            if not isinstance(attempts, list) or len(attempts) != 2:
                raise FieldError("setup.attempts", say("level.bad_attempts", value=attempts))
            attempts = (attempts[0], attempts[1])
        try:
            s = settle_deal(levels, declarers, finish, rules, attempts)
        except GuandanError as err:
            raise FieldError("setup", *error_reason(err)) from None
        return SettleSetup(levels, declarers, tuple(finish), rules, attempts, s)

    def read_answer(self, value: object, setup: SettleSetup, question: str,
                    field: str = "answer") -> Any:
        if question == "levels":
            try:
                return _levels(value)
            except FieldError as err:
                raise FieldError(field, say("exercise.answer.levels",
                                            value=as_text(value))) from err
        if question == "active_level":
            return read_level(value, field)
        return read_team(value, field)

    def write_answer(self, answer: Any, setup: SettleSetup, question: str) -> Any:
        if question == "levels":
            return [answer[0].value, answer[1].value]
        if question == "active_level":
            return answer.value
        return "none" if answer is None else answer

    def show_answer(self, answer: Any, setup: SettleSetup, question: str) -> str:
        if question == "levels":
            return say("exercise.answer.levels_shown", a=answer[0].value, b=answer[1].value)
        if question == "active_level":
            return say("exercise.answer.level_shown", level=answer.value)
        return team_words(answer)

    def solve(self, setup: SettleSetup, question: str) -> Solution:
        s = setup.settlement
        answer: Any = {"levels": (s.levels[0], s.levels[1]), "active_level": s.active_level,
                       "match_winner": s.match_winner}[question]
        why = settlement_reasons(setup.levels, setup.declarers, setup.finish, setup.rules,
                                 setup.attempts, s)
        return Solution(answer, why, settlement_clauses(s), s, settlement_cited(s))

    def why_wrong(self, answer: Any, setup: SettleSetup, question: str) -> Reason | None:
        s = setup.settlement
        if question == "levels":
            for team in (0, 1):
                given = answer[team]
                if given is s.levels[team]:
                    continue
                before = s.previous_levels[team]
                if s.levels[team] is before:
                    return Reason.of("exercise.why.next.stays", None, team=team,
                                     level=given.value)
                if team == s.winner:
                    return Reason.of("exercise.why.next.climbs", ("§07.2", "§07.3"), team=team,
                                     before=before.value, level=given.value)
                return None
            return None
        if question == "active_level":
            return Reason.of("exercise.why.next.active", "§07.9", level=answer.value)
        if answer is None:
            return (Reason.of("exercise.why.next.match", "§07.5")
                    if s.match_winner is not None else None)
        return Reason.of("exercise.why.next.no_match", "§07.5", team=answer)

    def layout(self, setup: SettleSetup, question: str) -> list[Row]:
        # Levels and finishing orders read best as words: no pictures.
        a, b = setup.levels
        lines = [say("exercise.show.levels", a=a.value, b=b.value)]
        if setup.declarers is None:
            lines.append(say("exercise.show.first_deal"))
        else:
            lines.append(say("exercise.show.declarers", team=setup.declarers,
                             level=setup.levels[setup.declarers].value))
        lines.append(say("exercise.show.finish", order=finish_order(setup.finish)))
        if setup.attempts and any(setup.attempts):
            lines.append(say("exercise.show.attempts", a=setup.attempts[0],
                             b=setup.attempts[1]))
        if setup.rules.variants:
            lines += setup.rules.sentences(_options_that_matter(setup))
        return [Row(text) for text in lines]

    def ask(self, setup: SettleSetup, question: str) -> str:
        return say(_ASK[question])

    def answer_shape(self, setup: SettleSetup, question: str) -> Shape:
        if question == "levels":
            return LevelsAnswer(choices_first=True)
        if question == "active_level":
            return LevelAnswer()
        return TeamAnswer(nobody_key="widget.quiz.no_winner")

    def hints(self, setup: SettleSetup, question: str,
              solution: Solution) -> tuple[Reason, ...]:
        s: Settlement = solution.detail
        concept = Reason.of("exercise.hint.next_level.winner", None, team=s.winner,
                            place=ordinal(s.partner_place))
        if question == "match_winner":
            if setup.declarers is None:
                return concept, Reason.of("exercise.show.first_deal")
            return concept, Reason.of("exercise.hint.next_level.declarers", None,
                                      team=setup.declarers,
                                      level=setup.levels[setup.declarers].value)
        return concept, Reason.of("exercise.hint.next_level.gain", None, gained=s.gained,
                                  old=s.previous_levels[s.winner].value)

    def distractors(self, setup: SettleSetup, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        s = solution.detail
        answer = solution.answer
        if question == "match_winner":
            return [t for t in (None, 0, 1) if t != answer]
        i = LEVELS.index(s.levels[s.winner])
        near = [LEVELS[j] for j in (i - 1, i + 1, i - 2) if 0 <= j < len(LEVELS)]
        if question == "active_level":
            return [*near, s.levels[1 - s.winner]]
        out = []
        for lv in near:
            levels = [s.levels[0], s.levels[1]]
            levels[s.winner] = lv
            out.append(tuple(levels))
        return out

    def lenses(self) -> dict[str, LensFn]:
        return {"promotion-from-active-level": _promotion_from_active,
                "reaching-a-wins": _match_lens(_reached_a),
                "win-at-a-first-fourth": _match_lens(_first_fourth_at_a),
                "win-at-a-not-declaring": _match_lens(_at_a_not_declaring)}

    def build(self, rng: random.Random, d: int) -> Built | None:
        place = rng.choice([2, 3, 4])
        finish = draw_finish(rng, place)
        winner = finish[0] % 2
        top = {1: 10, 2: 12, 3: 12}[d]
        levels = [rng.choice(LEVELS[:top]), rng.choice(LEVELS[:top])]
        if d == 1:
            declarers = rng.choice([None, winner])
            question = rng.choice(["levels", "active_level"])
        elif d == 2:
            declarers = 1 - winner
            if levels[0] is levels[1]:
                levels[declarers] = LEVELS[(LEVELS.index(levels[declarers]) + 3) % top]
            question = rng.choice(["levels", "active_level", "levels"])
        else:
            shape = rng.choice(["declaring_a", "other_a", "reach_a", "both_a"])
            if shape in ("declaring_a", "both_a"):
                levels[winner] = Rank.ACE
                declarers = winner
                if shape == "both_a":
                    levels[1 - winner] = Rank.ACE
                    declarers = rng.choice([0, 1])
            elif shape == "other_a":
                levels[winner] = Rank.ACE
                declarers = rng.choice([None, 1 - winner])
            else:
                levels[winner] = rng.choice(LEVELS[9:12])
                declarers = rng.choice([winner, 1 - winner])
            question = rng.choice(["match_winner", "match_winner", "levels"])
        setup: Setup = {"levels": [lv.value for lv in levels], "declarers": declarers,
                        "finish": finish}
        return setup, question


def team_words(team: int | None) -> str:
    """Returns a team in words ("team 1", "nobody")."""
    if team is None:
        return say("exercise.answer.nobody")
    return say("exercise.answer.team_shown", team=team)



# -- Lenses ------------------------------------------------------------------------------------

def _promotion_from_active(setup: SettleSetup, question: str,
                           solution: Solution) -> Solution | None:
    s: Settlement = solution.detail
    d = setup.declarers
    if question == "match_winner" or d is None or d == s.winner or s.match_winner is not None:
        return None
    if s.previous_levels[s.winner] is Rank.ACE:
        return None
    wrong = LEVELS[min(LEVELS.index(setup.levels[d]) + s.gained, len(LEVELS) - 1)]
    if wrong is s.levels[s.winner]:
        return None
    if question == "active_level":
        return Solution(wrong)
    levels = [s.levels[0], s.levels[1]]
    levels[s.winner] = wrong
    return Solution(tuple(levels))


def _match_lens(test: Callable[[SettleSetup, Settlement], bool]) -> LensFn:
    def lens(setup: SettleSetup, question: str, solution: Solution) -> Solution | None:
        s: Settlement = solution.detail
        if question != "match_winner" or s.match_winner is not None or not test(setup, s):
            return None
        return Solution(s.winner)

    return lens


def _reached_a(setup: SettleSetup, s: Settlement) -> bool:
    return s.previous_levels[s.winner] is not Rank.ACE and s.levels[s.winner] is Rank.ACE


def _first_fourth_at_a(setup: SettleSetup, s: Settlement) -> bool:
    return (s.previous_levels[s.winner] is Rank.ACE and setup.declarers == s.winner
            and s.partner_place == 4)


def _at_a_not_declaring(setup: SettleSetup, s: Settlement) -> bool:
    return (s.previous_levels[s.winner] is Rank.ACE and setup.declarers != s.winner
            and s.partner_place in (2, 3))


SPEC = NextLevel()


def _options_that_matter(setup: SettleSetup) -> set[str]:
    """Returns the table options a settlement turns on: the gain of a 1st–2nd finish (V2), and
    at level A the attempts (V1) and what wins there (V3); tribute options never matter here."""
    out = set()
    if len(setup.finish) >= 2 and setup.finish[1] == partner(setup.finish[0]):
        out.add("V2")
    at_a = [team for team in (0, 1) if setup.levels[team] is Rank.ACE]
    if setup.declarers is not None and setup.declarers in at_a:
        out |= {"V1", "V3"}
    if setup.attempts and any(setup.attempts):
        out.add("V1")
    return out
