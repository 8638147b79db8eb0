"""One legality path (issue 18): ``judge``, ``Combo.of``, ``Deal.play`` and the command line
read the same cards on the same table through ``read_play`` and give the same reason and
clause; one comparison key orders readings everywhere."""

from __future__ import annotations

import contextlib
import io
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from guandan_learn import Combo, Deal, IllegalPlayError, beats, classify, judge
from guandan_learn.cards import LEVELS, deck, format_cards
from guandan_learn.cli import main
from guandan_learn.combo import strength_key
from guandan_learn.judge import read_play
from guandan_learn.plots import LADDER


def _position(seed: int) -> tuple[list, list, Combo | None, str]:
    """Draws cards to play, spare cards and a table (or a lead) from one shuffled deck."""
    rng = random.Random(seed)
    cards = deck()
    rng.shuffle(cards)
    level = rng.choice(LEVELS).value
    play = cards[:rng.randint(1, 8)]
    rest = cards[len(play):]
    table = None
    if rng.random() < 0.8:
        for size in (rng.randint(1, 6), 1):
            readings = classify(rest[:size], level)
            if readings:
                table = rng.choice(readings)
                rest = rest[size:]
                break
    return play, rest, table, level


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_every_caller_gives_the_same_reason(seed: int) -> None:
    play, rest, table, level = _position(seed)
    verdict = judge(play, table, level)
    assert verdict == read_play(play, table, level)
    assert verdict.reasons and verdict.clause == verdict.reasons[0].main_clause

    # Deal.play: seat 3 puts the table down (or seat 0 leads), then seat 0 plays the cards.
    hands = [play, rest[:5], rest[5:10], list(table.cards) if table else rest[10:15]]
    deal = Deal(hands, level, leader=3 if table else 0)
    if table is not None:
        deal.play(table, seat=3)
    try:
        action = deal.play(play, seat=0)
    except IllegalPlayError as err:
        assert not verdict.legal
        assert (str(err), err.clause) == (verdict.reason, verdict.clause)
        assert err.reason == verdict.reasons[0]
    else:
        assert verdict.legal and action.combo == verdict.combo

    # Combo.of reads a lead the same way.
    if table is None:
        try:
            combo = Combo.of(play, level)
        except IllegalPlayError as err:
            assert (str(err), err.clause) == (verdict.reason, verdict.clause)
        else:
            assert verdict.legal and combo == verdict.combo

    # The command line prints the same sentence.
    out = io.StringIO()
    argv = ["check", format_cards(play), "--level", level]
    if table is not None:
        argv += ["--table", format_cards(table.cards)]
    with contextlib.redirect_stdout(out):
        code = main(argv)
    if table is None or table == classify(list(table.cards), level)[0]:
        assert out.getvalue().splitlines()[-1] == verdict.reason
        assert code == (0 if verdict.legal else 1)


def test_mixed_jokers_get_the_same_clause_from_combo_of_and_judge() -> None:
    try:
        Combo.of("RJ BJ", "7")
    except IllegalPlayError as err:
        assert err.clause == judge("RJ BJ", None, "7").clause == "§04.7"
    else:
        raise AssertionError("RJ BJ is no pair")


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_beats_follows_the_strength_key(seed: int) -> None:
    play, _, table, level = _position(seed)
    if table is None:
        return
    for reading in classify(play, level):
        same_class = reading.kind is table.kind or (reading.is_bomb and table.is_bomb)
        if reading.is_bomb and not table.is_bomb:
            assert beats(reading, table)
        elif same_class:
            assert beats(reading, table) == (strength_key(reading) > strength_key(table))
        else:
            assert not beats(reading, table)


def test_the_ladder_is_ordered_by_the_strength_key() -> None:
    keys = [strength_key(Combo.of(example, "2")) for _, _, example in LADDER]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert LADDER[0][1] == {"size": 4} and LADDER[-1][0] == "plot.ladder.joker_bomb"
