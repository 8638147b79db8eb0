"""Class sets are fair, and print compactly (issue 25)."""

from __future__ import annotations

import time

import pytest

from guandan_learn.exercises import load_bank
from guandan_learn.worksheet import CARD_BANDS, Fairness, class_set, fairness

#: A class of 25 with accented names, as a teacher's roster has them.
ROSTER = [f"{first} {last}" for first, last in zip(
    ["Ana", "Bárbara", "Caio", "Dário", "Érica", "Fábio", "Gisele", "Hélio", "Íris", "João",
     "Kátia", "Lúcia", "Márcio", "Núbia", "Otávio", "Paula", "Quésia", "Rúben", "Sônia", "Tião",
     "Úrsula", "Vítor", "Wânia", "Xênia", "Zoé"],
    ["Núñez", "Souza", "Peña", "Araújo", "Gonçalves"] * 5, strict=True)]
BANK = {p.id: p for p in load_bank().puzzles}


def test_difficulty_is_measured_from_the_puzzle() -> None:
    pair = BANK["legal-pair-on-single"]  # level 7, 9♠ on the table, A♣ A♦ to play
    assert fairness(pair) == Fairness("legal_play", pair.question, ("§04.3",), 1,
                                      cards=2, wilds=False, options=2)
    assert CARD_BANDS[1] < 3 <= CARD_BANDS[2]  # three cards to read: the band 3–5
    wild = next(p for p in BANK.values() if p.kind.value == "declare_wild")
    assert fairness(wild).wilds  # a wild among the cards


@pytest.mark.parametrize("difficulty", [1, 2])
def test_a_class_set_of_25_is_fair(difficulty: int) -> None:
    started = time.perf_counter()
    master, sheets = class_set("mixed", 10, 2026, ROSTER, difficulty)
    assert time.perf_counter() - started < 20  # (about 2 s on the CI machine)
    assert [s.student for s in sheets] == ROSTER
    for n in range(10):
        profiles = {fairness(s.puzzles[n]) for s in [master, *sheets]}
        assert len(profiles) == 1, f"question {n + 1}: {profiles}"  # same kind, clauses, band
        setups = {repr(s.puzzles[n].setup) for s in sheets}
        assert len(setups) == len(ROSTER)  # and every student other cards
    kinds = [fairness(p).kind for p in master.puzzles]
    assert len(set(kinds)) == 9  # mixed: every kind
