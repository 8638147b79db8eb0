"""Everything a learner meets runs in Portuguese and Spanish as well as English (issue 9).

The rest of the suite checks English sentences; these tests drive each part of the product in
every language, so that a translated template that breaks (a wrong field, a stray brace) or a
sentence left in English shows up here.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator

import pytest

from guandan_learn import (
    classify,
    judge,
    plan_tribute,
    set_language,
    settle_deal,
    simulate_deal,
    simulate_match,
)
from guandan_learn.cli import main
from guandan_learn.exercises import KINDS, Puzzle, Question, generate, grade, spec
from guandan_learn.i18n import LANGUAGES
from guandan_learn.render import deal_svg

LEARNER_LANGUAGES = [lang for lang in LANGUAGES if lang != "en"]


@pytest.fixture(params=LEARNER_LANGUAGES)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def test_verdicts_and_explanations(lang: str) -> None:
    table = classify("9S", "7")[0]
    reason = judge("AC AD", table, "7").reason
    settlement = settle_deal({0: "6", 1: "9"}, 1, [0, 1, 2]).explanation
    tribute = plan_tribute([0, 1, 2], {3: "RJ 2C 3C", 1: "AS 4D 5D"}, "8").explanation
    set_language("en")
    assert reason != judge("AC AD", table, "7").reason
    assert settlement != settle_deal({0: "6", 1: "9"}, 1, [0, 1, 2]).explanation
    assert tribute != plan_tribute([0, 1, 2], {3: "RJ 2C 3C", 1: "AS 4D 5D"}, "8").explanation
    assert "§04.3" in reason and "§07.2" in settlement and "§08" in tribute


@pytest.mark.parametrize("kind", KINDS)
def test_every_puzzle_kind_asks_hints_and_grades(lang: str, kind: str) -> None:
    for seed in range(12):
        puzzle = generate(kind, seed=seed, difficulty=1 + seed % 3)
        q = Question(puzzle)
        assert q.prompt and q.setup_lines
        right = q.check(puzzle.answer)
        assert right.correct, (lang, kind, seed, str(right))
        assert "§" in str(right)
        hints = [q.hint() for _ in range(4)]
        assert all(hints)
        assert str(q.solution())


def test_deals_matches_and_pictures(lang: str) -> None:
    deal = simulate_deal(5)
    text = deal.render_text()
    assert deal_svg(deal).startswith("<svg")
    match = simulate_match(3)
    board = match.render_text()
    set_language("en")
    assert text != simulate_deal(5).render_text()
    assert board != simulate_match(3).render_text()


def test_command_line(lang: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["--lang", lang, "check", "8C 8D 8S 7H", "--table", "KC KD", "--level", "7"])
    assert code == 0
    assert "§05.6" in out.getvalue()
    assert "Any bomb beats" not in out.getvalue()


#: A learner's text must not show a programmer's value: "Payment(payer=3, …)", "Rank.ACE"…
_REPR = re.compile(r"\b[A-Z][A-Za-z]+\(|\b(?:Rank|Kind|Suit)\.|\),\)|<[A-Z][a-z]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def _one_of_each_question(kind: str) -> list[Puzzle]:
    """Returns a generated puzzle with a wrong option for every question of a kind."""
    found: dict[str, Puzzle] = {}
    for seed in range(60):
        for difficulty in (1, 2, 3):
            puzzle = generate(kind, seed, difficulty)
            if puzzle.question not in found and any(
                    not grade(puzzle, c.answer).correct for c in puzzle.choices):
                found[puzzle.question] = puzzle
        if len(found) == len(spec(kind).questions):
            break
    assert set(found) == set(spec(kind).questions), kind
    return list(found.values())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_feedback_reads_naturally_for_every_answer_type(language: str, kind: str) -> None:
    try:
        set_language(language)
        for puzzle in _one_of_each_question(kind):
            wrong = next(c.answer for c in puzzle.choices if not grade(puzzle, c.answer).correct)
            q = Question(puzzle)
            shown = [q.check(wrong), q.check(wrong), grade(puzzle, puzzle.answer), q.solution()]
            assert shown[0].hidden and not shown[1].hidden
            texts = [*q.lines(), *(text for f in shown for _, text in f.lines())]
            for text in texts:
                assert not _REPR.search(text), (language, puzzle.id, text)
                for sentence in _SENTENCE.split(text):
                    assert sentence.count(": ") <= 1 and "::" not in sentence, (
                        language, puzzle.id, sentence)
            if language != "en":
                assert not any(word in text for text in texts
                               for word in ("Not quite", "Correct:", "Try again", "Answer "))
    finally:
        set_language("en")
