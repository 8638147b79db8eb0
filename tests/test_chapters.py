"""The tutorial teaches every clause from §02 to §09; each chapter ends with a quiz (issue 7)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from rulebook import clauses  # the tests folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "notebooks" / "src").glob("*.yaml"))
CHAPTERS = [s for s in SOURCES if s.stem[:2].isdigit() and s.stem[:2] != "00"]


def _prose(source: Path, lang: str = "en") -> str:
    cells = yaml.safe_load(source.read_text(encoding="utf-8"))["cells"]
    return "\n".join(str(c["md"].get(lang, "")) for c in cells if "md" in c)


def _code(source: Path) -> str:
    cells = yaml.safe_load(source.read_text(encoding="utf-8"))["cells"]
    return "\n".join(str(c["code"]) for c in cells if "code" in c)


CLAUSES = clauses(2, 9)


@pytest.mark.parametrize("clause", CLAUSES)
def test_every_clause_is_taught(clause: str) -> None:
    teaching = [s.stem for s in SOURCES if clause in _prose(s)]
    assert teaching, f"{clause} is not taught in any notebook's text"


@pytest.mark.parametrize("source", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_opens_with_its_aims_and_ends_with_a_quiz(source: Path) -> None:
    prose = _prose(source)
    assert "In this chapter" in prose, "a chapter opens with what it teaches"
    assert "Check yourself" in prose or source.stem.startswith("10"), "…and ends with a quiz"
    assert "quiz" in _code(source).lower(), "the check-yourself set is a graded Quiz"
