"""Solving a puzzle: the engine's answer, why (as reasons) and the clauses it rests on."""

from __future__ import annotations

from .kinds import spec
from .model import Puzzle, Solution, need_puzzle


def solve(puzzle: Puzzle) -> Solution:
    """Returns the engine's answer to a puzzle, with the explanation and its clauses.

    >>> from guandan_learn.exercises import generate
    >>> solve(generate("next_level", seed=1)).clauses[0]
    '§07.1'
    """
    need_puzzle(puzzle)
    return spec(puzzle.kind).solve(puzzle.parsed, puzzle.question)
