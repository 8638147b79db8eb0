"""Puzzles drawn by technique: the bank's, then generated ones whose solution shows it."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..errors import ExerciseError
from ..messages import say
from .generate import generate
from .loader import exercise_files, load_bank
from .model import Puzzle
from .techniques import FOUND, TECHNIQUES, techniques_of


def _bank() -> tuple[Puzzle, ...]:
    """Returns the bank's puzzles, read again only when an exercise file changes."""
    files = exercise_files()
    return _bank_of(tuple((str(f), f.stat().st_mtime_ns if f.exists() else 0) for f in files))


@lru_cache(maxsize=2)
def _bank_of(files: tuple[tuple[str, int], ...]) -> tuple[Puzzle, ...]:
    return tuple(load_bank([name for name, _ in files]).puzzles)


def by_technique(kinds: Iterable[str], technique: str, *, seed: int = 0,
                 difficulty: int = 1, generated: int = 3,
                 tries: int = 12) -> list[Puzzle]:
    """Returns the puzzles of ``kinds`` that need ``technique``: the bank's, then up to
    ``generated`` generated ones (of the techniques a solution shows) found among ``tries``
    seeds from ``seed``. Raises ``ExerciseError`` for an unknown technique or when none has it.
    """
    if not isinstance(technique, str) or technique not in TECHNIQUES:
        raise ExerciseError(say("technique.unknown", name=technique,
                                names=", ".join(TECHNIQUES)))
    wanted = [str(k) for k in kinds]
    out = [p for p in _bank()
           if p.kind.value in wanted and technique in techniques_of(p)]
    if technique in FOUND:
        made = 0
        for i in range(tries):
            if made >= generated:
                break
            kind = wanted[i % len(wanted)]
            p = generate(kind, seed + i, difficulty)
            if technique in techniques_of(p):
                out.append(p)
                made += 1
    if not out:
        raise ExerciseError(say("technique.none", technique=technique,
                                kinds=", ".join(wanted)))
    return out



__all__ = ["by_technique"]
