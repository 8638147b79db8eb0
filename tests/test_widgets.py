"""Widgets without a browser: set selections, click buttons, read the HTML feedback."""

from __future__ import annotations

import doctest
from html import escape

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from guandan_learn import Combo, IllegalPlayError, hints, judge
from guandan_learn.rulebook import unlink
from guandan_learn.widgets import CardPicker, HandView, HintCycler
from guandan_learn.widgets import hand as hand_module
from guandan_learn.widgets import hints as hints_module
from guandan_learn.widgets import picker as picker_module

HAND = "3C 5D 8C 8D 8S 7H QS KH RJ"


def click(button) -> None:
    """Clicks an ipywidgets Button the way the front-end does."""
    button._click_handlers(button)


def test_picker_starts_with_a_prompt_and_the_table() -> None:
    picker = CardPicker(HAND, "7", table=Combo.of("6C 6D", "7"))
    assert picker.selected == [] and picker.verdict is None
    assert "Click cards in your hand" in picker.feedback.value
    assert "On the table: a pair of 6s." in picker.table_view.value
    assert "<svg" in picker.table_view.value
    # The hand is drawn weakest first at level 7, one picture and one label per card.
    assert [str(c) for c in picker.hand] == ["3♣", "5♦", "8♣", "8♦", "8♠", "Q♠", "K♥", "7♥",
                                             "RJ"]
    assert len(picker.hand_view.cards) == len(picker.hand_view.labels) == 9
    assert "wild heart at level 7" in picker.hand_view.labels[7]


def test_picking_a_higher_pair_beats_the_table() -> None:
    picker = CardPicker(HAND, "7", table="6C 6D")
    picker.hand_view.selected = [2, 3]  # what the front-end sends after two clicks
    assert [str(c) for c in picker.selected] == ["8♣", "8♦"]
    assert picker.verdict is not None and picker.verdict.legal
    html = picker.feedback.value
    assert "Picked: 8♣ 8♦." in html
    assert "These cards make a pair of 8s." in html
    assert "✔ Allowed" in html
    assert escape(picker.verdict.reason) in unlink(html) and "(§04.4)" in unlink(html)


def test_feedback_is_the_judges_reason() -> None:
    picker = CardPicker(HAND, "7", table="6C 6D")
    picker.selected = "3C 5D"
    expected = judge("3C 5D", Combo.of("6C 6D", "7"), "7")
    assert not picker.verdict and picker.verdict == expected
    assert "✘ Not allowed" in picker.feedback.value
    assert "These cards make" not in picker.feedback.value
    assert "(§04.1)" in unlink(picker.feedback.value)
    picker.selected = "QS"
    assert "These cards make a single queen." in picker.feedback.value
    assert escape(picker.verdict.reason) in unlink(picker.feedback.value)
    assert picker.verdict.clause == "§04.3" and "(§04.3)" in unlink(picker.feedback.value)
    picker.selected = "8C 8D 8S 7H"  # §09.1: the wild completes a bomb
    assert picker.verdict.legal and picker.verdict.combo.is_bomb
    assert escape(picker.verdict.reason) in unlink(picker.feedback.value)
    assert picker.verdict.clause == "§05.6"


def test_lead_allows_any_combination() -> None:
    picker = CardPicker(HAND, "7")
    assert "You lead" in picker.table_view.value
    picker.selected = [0]
    assert picker.verdict.legal and picker.verdict.clause == "§06.2"
    assert escape(picker.verdict.reason) in unlink(picker.feedback.value)


def test_selection_by_value_counts_copies() -> None:
    picker = CardPicker("8C 8C 9D", "2")
    picker.selected = "8C 8C"
    assert picker.hand_view.selected == [0, 1]
    with pytest.raises(IllegalPlayError) as err:
        picker.selected = "8C 8C 8C"
    assert err.value.clause == "§02.3"
    picker.selected = [5, 2]  # out-of-range positions are dropped
    assert picker.hand_view.selected == [2]


def test_clear_button_puts_cards_back() -> None:
    picker = CardPicker(HAND, "7", table="6C 6D")
    picker.selected = "8C 8D"
    click(picker.clear_button)
    assert picker.selected == [] and picker.verdict is None
    assert "Click cards in your hand" in picker.feedback.value
    assert picker.clear_button.description == "Clear"


def test_hand_view_holds_no_rules() -> None:
    view = HandView()
    assert view.cards == [] and view.selected == []
    assert "export default" in hand_module._ESM and "save_changes" in hand_module._ESM
    assert "import " not in hand_module._ESM  # no build step, no dependencies


def test_hint_cycler_steps_through_hints() -> None:
    table = Combo.of("6C 6D", "7")
    cycler = HintCycler(HAND, table, "7")
    assert cycler.hints == hints(HAND, table, "7")
    n = len(cycler.hints)
    assert n >= 3
    seen = [cycler.current]
    assert f"Hint 1 of {n}: {cycler.hints[0].describe()}." in cycler.view.value
    assert "<svg" in cycler.view.value and "Passing is always allowed" in cycler.view.value
    for i in range(1, n + 1):
        click(cycler.button)
        seen.append(cycler.current)
        assert f"Hint {i % n + 1} of {n}:" in cycler.view.value
    assert seen[:n] == cycler.hints and seen[n] == cycler.hints[0]  # the cycle comes round


def test_hint_cycler_shows_the_wild_meaning() -> None:
    cycler = HintCycler("8C 8D 8S 7H", "KC KD", "7")
    assert [h.describe() for h in cycler.hints] == ["a 4-card bomb of 8s"]
    assert "= 8♥" in cycler.view.value and cycler.button.disabled


def test_hint_cycler_when_nothing_beats() -> None:
    cycler = HintCycler("3C 4D", "RJ", "7")
    assert cycler.hints == [] and cycler.current is None
    assert "Nothing in this hand beats a single red joker: pass (§06.3)." in unlink(
        cycler.view.value)
    click(cycler.button)
    assert cycler.current is None


@pytest.mark.parametrize("module", [picker_module, hints_module])
def test_widget_doctests(module) -> None:
    failures, _ = doctest.testmod(module)
    assert failures == 0
