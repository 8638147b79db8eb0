"""Choosing what to practise next: a puzzle per due skill, then new material."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..errors import GuandanError

if TYPE_CHECKING:
    from ..exercises.model import Puzzle
from .answer import Answer


class _Picker:
    """Chooses puzzles for skills without repeating one (used by ``next_puzzles``)."""

    def __init__(self, learner: str, seed: int, kinds: Sequence[str], difficulty: int,
                 history: Sequence[Answer], bank: Sequence[Puzzle] | None) -> None:
        self.learner, self.seed, self.kinds = learner, seed, tuple(kinds)
        self.difficulty = difficulty
        self.out: list[Puzzle] = []
        self.covered: set[str] = set()
        self.answered = {a.puzzle for a in history}
        self.last_seen: dict[str, str] = {}
        self.level: dict[str, int] = {}
        for a in history:
            self.last_seen[a.puzzle] = a.at
            self.level[a.kind] = a.difficulty
        self._bank = bank
        self.count = 0

    def bank(self) -> list[Puzzle]:
        """Returns the bank puzzles of the allowed kinds, least recently answered first."""
        if self._bank is None:
            self._bank = _default_bank()
        puzzles = [p for p in self._bank if p.kind.value in self.kinds]
        return sorted(puzzles, key=lambda p: (self.last_seen.get(p.id, ""), p.id))

    def take(self, puzzle: Puzzle) -> bool:
        """Adds a puzzle unless it is already there; marks the skills it covers."""
        if any(p.id == puzzle.id for p in self.out):
            return False
        self.out.append(puzzle)
        self.covered.add(f"kind:{puzzle.kind.value}")
        self.covered.update(f"clause:{c}" for c in puzzle.clauses)
        return True

    def _seed(self, skill: str, k: int) -> int:
        text = f"{self.learner}\x1f{self.seed}\x1f{skill}\x1f{k}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")

    def _generate(self, kind: str, skill: str) -> Iterator[Puzzle]:
        from ..exercises import generate

        for k in range(12):
            try:
                p = generate(kind, self._seed(skill, k),
                             self.level.get(kind, self.difficulty))
            except GuandanError:
                continue
            if p.id not in self.answered or k == 11:
                yield p

    def serve(self, skill: str, *, fresh: bool = False) -> None:
        """Adds one puzzle for a skill (unless an earlier puzzle covers it already)."""
        if skill in self.covered and not fresh:
            return
        what, _, topic = skill.partition(":")
        self.count += 1
        if what == "kind":
            if topic in self.kinds:
                for p in self._generate(topic, f"{skill}#{self.count}" if fresh else skill):
                    if self.take(p):
                        return
            return
        for p in self.bank():
            if topic in p.clauses and self.take(p):
                return
        for kind in self.kinds:
            for p in self._generate(kind, skill):
                if topic in p.clauses and self.take(p):
                    return


_BANK: list[Puzzle] | None = None


def _default_bank() -> list[Puzzle]:
    global _BANK
    if _BANK is None:
        try:
            from ..exercises import load_bank

            _BANK = list(load_bank().puzzles)
        except (GuandanError, OSError):  # pragma: no cover - an install without the bank
            _BANK = []
    return _BANK

