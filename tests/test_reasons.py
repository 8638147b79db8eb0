"""Explanations as data: engine reasons render in the language current when they are shown."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from guandan_learn import Combo, Deal, judge, plan_tribute, settle_deal
from guandan_learn.errors import CardCountError, GuandanError, IllegalPlayError
from guandan_learn.i18n import set_language
from guandan_learn.reason import Reason, cite

ENGINE = ("cards", "combo", "judge", "moves", "deal", "level", "tribute", "rules", "match",
          "bots", "seats")
PACKAGE = Path(__file__).resolve().parent.parent / "guandan_learn"


@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def _in_portuguese(value: object) -> str:
    set_language("pt")
    try:
        return str(value)
    finally:
        set_language("en")


def test_verdict_made_in_english_renders_in_portuguese(english: None) -> None:
    verdict = judge("AC AD", Combo.of("9S", "7"), "7")
    english_text = verdict.reason
    assert english_text.startswith("A pair cannot beat a single")
    portuguese = _in_portuguese(verdict)
    assert portuguese != english_text
    assert portuguese.endswith("(§04.3).")
    assert "pair" not in portuguese
    assert verdict.clause == "§04.3" and verdict.reasons[0].clause == "§04.3"
    assert verdict.reason == english_text  # back in English once the language is back


def test_nested_description_follows_the_language(english: None) -> None:
    verdict = judge("KC KD", Combo.of("QS QD", "7"), "7")
    assert "a pair of kings" in verdict.reason
    assert "kings" not in _in_portuguese(verdict)
    assert verdict.reasons[0].clauses() == ("§04.4",)


def test_settlement_made_in_english_renders_in_portuguese(english: None) -> None:
    settlement = settle_deal({0: "6", 1: "9"}, 1, [0, 1, 2])
    english_text = settlement.explanation
    assert english_text.startswith("Team 0 finished 1st and 3rd")
    set_language("pt")
    try:
        portuguese = settlement.explanation
        sentences = settlement.sentences
    finally:
        set_language("en")
    assert "Team" not in portuguese and portuguese != english_text
    assert "(§07.2, §07.3)" in portuguese and "(§02.7, §07.9)" in portuguese
    assert len(sentences) == len(settlement.reasons) == 3
    assert [r.cited for r in settlement.reasons] == [("§07.2", "§07.3"), ("§07.3",),
                                                     ("§02.7", "§07.9")]


def test_tribute_plan_made_in_english_renders_in_portuguese(english: None) -> None:
    plan = plan_tribute([0, 1, 2], {3: "AS KD 5C 8H 8C"}, "8")
    english_text = plan.explanation
    assert english_text.startswith("West finished last")
    set_language("pt")
    try:
        portuguese, rule = plan.explanation, plan.return_rule
    finally:
        set_language("en")
    assert portuguese != english_text and "Seat" not in portuguese
    assert "(§08.1, §08.9)" in portuguese
    assert rule != plan.return_rule
    cancelled = plan_tribute([0, 2], {1: "RJ 3C", 3: "RJ 4D"}, "5")
    assert cancelled.cancel_clause == "§08.7"
    assert _in_portuguese(cancelled.reasons[0]) != cancelled.cancel_reason


def test_return_check_made_in_english_renders_in_portuguese(english: None) -> None:
    from guandan_learn.tribute import check_return

    verdict = check_return("7D", "7", "AS")
    assert _in_portuguese(verdict) != verdict.reason
    assert verdict.clause == "§08.2"


def test_deal_refusal_made_in_english_renders_in_portuguese(english: None) -> None:
    deal = Deal(["3C 4C", "5C", "6C", "7C"], "2", leader=0)
    with pytest.raises(IllegalPlayError) as caught:
        deal.play("5C")
    err = caught.value
    assert isinstance(err.reason, Reason) and err.clause == "§02.3"
    english_text = str(err)
    assert english_text.endswith("(§02.3).")
    portuguese = _in_portuguese(err)
    assert portuguese != english_text and portuguese.endswith("(§02.3).")
    assert err.message == english_text


def test_errors_carry_the_clause_of_their_reason() -> None:
    with pytest.raises(CardCountError) as caught:
        Combo.of("8C 8C 8C", "7")
    assert caught.value.clause == "§02.2"
    assert caught.value.reason is not None and caught.value.reason.key == "cards.too_many_copies"
    assert str(GuandanError("plain text")) == "plain text"


def test_cite_appends_one_clause_or_several() -> None:
    assert cite("Seen.", ("§08.1", "§08.9")) == "Seen (§08.1, §08.9)."
    assert Reason.of("judge.no_cards", ("§04.1", "V1")).main_clause == "V1"


@pytest.mark.parametrize("module", ENGINE)
def test_no_engine_module_reads_clause_ids_out_of_text(module: str) -> None:
    """Clauses are fields of reasons: no engine code searches text for "§"."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"findall", "search", "match", "finditer", "split",
                                       "index", "find", "partition"}):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    assert "§" not in arg.value, f"{module}: {ast.unparse(node)}"


def test_malformed_arguments_are_not_illegal_plays() -> None:
    from guandan_learn import ArgumentError, Rules, settle_deal

    cases = [lambda: Combo.of("8C 8D", "7", kind="pairs"),
             lambda: Combo.of("8C 8D", "7", rank="eleven"),
             lambda: judge("8C 8D", None, "7", kind="bogus"),
             lambda: Deal.new("42"),  # type: ignore[arg-type]
             lambda: Deal("3C 4C", "2", leader=0),
             lambda: settle_deal({0: "2", 1: "2"}, 0, "012"),  # type: ignore[arg-type]
             lambda: settle_deal({0: "2", 1: "2"}, 0, [0, 2], rules="casual"),  # type: ignore
             lambda: Rules(win_at_a="never")]  # type: ignore[arg-type]
    for case in cases:
        with pytest.raises(ArgumentError) as caught:
            case()
        assert not isinstance(caught.value, IllegalPlayError)
        assert isinstance(caught.value, GuandanError) and isinstance(caught.value, TypeError)


@pytest.mark.parametrize("module", ENGINE)
def test_a_reason_with_a_clause_has_a_template_without_one(module: str) -> None:
    """The clause is cited once: by the reason, never also inside its template."""
    import re

    from guandan_learn.messages import MESSAGES

    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "of" and len(node.args) >= 2
                and isinstance(node.args[0], ast.Constant)):
            key = node.args[0].value
            assert key in MESSAGES, key
            clause = node.args[1]
            if not (isinstance(clause, ast.Constant) and clause.value is None):
                assert not re.search(r"\((§|V\d)[^()]*\)\.?$", MESSAGES[key]), key


def test_a_refused_record_line_renders_whole_in_portuguese(english: None) -> None:
    """A wrapper keeps the inner reason as a field, so both parts switch language together."""
    record = "level 2\nleader 0\nhand 0: 3C\nhand 1: 4C\nhand 2: 5C\nhand 3: 6C\n1 play 4C\n"
    with pytest.raises(IllegalPlayError) as caught:
        Deal.loads(record)
    err = caught.value
    assert err.clause == "§06.1" and err.reason is not None
    english_text = str(err)
    assert "Line 7" in english_text or "line 7" in english_text
    portuguese = _in_portuguese(err)
    assert portuguese != english_text and portuguese.endswith("(§06.1).")
    set_language("pt")
    try:
        inner = str(err.reason.field_map["reason"])
    finally:
        set_language("en")
    assert inner in portuguese
