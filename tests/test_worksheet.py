"""Class sets are fair, and print compactly (issue 25)."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from guandan_learn.exercises import load_bank
from guandan_learn.worksheet import (
    CARD_BANDS,
    CARD_SCALE,
    CLASS_SET,
    Fairness,
    class_set,
    fairness,
    write_worksheets,
)

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


# -- Compact printing --------------------------------------------------------------------------

CHROMIUM = os.environ.get("GUANDAN_CHROMIUM", "/usr/bin/chromium")


def _pdf_pages(html: Path, tmp_path: Path) -> int:
    """Prints a page to PDF with headless chromium (A4, from the page's @page) and counts its
    pages."""
    if not Path(CHROMIUM).is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing (CI is set, so the printing test must run)")
        pytest.skip(f"{CHROMIUM} is missing")  # (never under CI: .ci/run installs it)
    pdf = tmp_path / "printed.pdf"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                    "--no-pdf-header-footer", f"--user-data-dir={tmp_path / 'profile'}",
                    f"--print-to-pdf={pdf}", html.as_uri()],
                   capture_output=True, timeout=120, check=True)
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf.read_bytes()))


def test_a_class_set_prints_two_pages_a_student(tmp_path: Path) -> None:
    # The largest puzzles (difficulty 3, every kind): each student's 10 questions on two A4
    # pages, then the answer grid (one page for three students). 25 students print on 52.
    roster = ROSTER[:3]
    write_worksheets(tmp_path / "out", "mixed", 10, seed=2026, roster=roster, difficulty=3,
                     one_file=True)
    page = (tmp_path / "out" / CLASS_SET).read_text(encoding="utf-8")
    assert ".question { break-inside: avoid;" in page  # a question is never split
    assert page.count('<table class="grid">') == 1  # the answer grid stays
    heights = [float(h) for h in re.findall(r'<svg[^>]* height="([\d.]+)"', page)]
    assert heights and max(heights) <= round(96 * CARD_SCALE, 2)  # smaller cards
    assert _pdf_pages(tmp_path / "out" / CLASS_SET, tmp_path) == 2 * len(roster) + 1
