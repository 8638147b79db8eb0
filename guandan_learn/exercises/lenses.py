"""Misconception lenses gathered from the kinds: which wrong idea gives which wrong answer.

Each kind declares its lenses (``KindSpec.lenses``); ``LENSES`` holds them by misconception id.
Generators offer lens answers as wrong options (``wrong_answers``); the grader names the idea
behind a wrong answer by asking which lens gives it (``explain``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .kinds import REGISTRY, ExplainFn, LensFn, spec
from .misconceptions import Misconception, catalogue
from .model import Solution

__all__ = ["LENSES", "Lens", "explain", "for_kind", "wrong_answers"]


@dataclass(frozen=True)
class Lens:
    """How one misconception answers puzzles of the kinds it knows."""

    answers: dict[str, LensFn]
    explainers: dict[str, ExplainFn] = dataclasses.field(default_factory=dict)

    def answer(self, kind: str, setup: Any, question: str,
               solution: Solution) -> Solution | None:
        """Returns the answer the learner would give, or ``None`` when the idea changes nothing."""
        fn = self.answers.get(kind)
        return None if fn is None else fn(setup, question, solution)

    def explains(self, kind: str, answer: Any, setup: Any, question: str,
                 solution: Solution) -> bool:
        """Tells whether this idea explains a (wrong) answer."""
        if kind in self.explainers:
            return self.explainers[kind](answer, setup, question, solution)
        said = self.answer(kind, setup, question, solution)
        if said is None:
            return False
        return bool(answer == said.answer) or spec(kind).is_correct(answer, said, setup, question)


def _gather() -> dict[str, Lens]:
    out: dict[str, Lens] = {}
    for name, kind in REGISTRY.items():
        for mid, fn in kind.lenses().items():
            out.setdefault(mid, Lens({})).answers[name] = fn
        for mid, test in kind.explainers().items():
            out.setdefault(mid, Lens({})).explainers[name] = test
    return out


#: The lens of every misconception in the catalogue, by id.
LENSES: dict[str, Lens] = _gather()


def for_kind(kind: str) -> list[Misconception]:
    """Returns the misconceptions that show in puzzles of one kind, in catalogue order."""
    return [m for m in catalogue().values() if kind in m.kinds]


def wrong_answers(kind: str, setup: Any, question: str,
                  solution: Solution) -> list[tuple[str, Solution]]:
    """Returns (misconception id, answer) for every idea that changes this puzzle's answer."""
    out = []
    for m in for_kind(kind):
        said = LENSES[m.id].answer(kind, setup, question, solution)
        if said is not None:
            out.append((m.id, said))
    return out


def explain(kind: str, answer: Any, setup: Any, question: str,
            solution: Solution) -> Misconception | None:
    """Returns the first misconception (in catalogue order) that explains a wrong answer."""
    for m in for_kind(kind):
        if LENSES[m.id].explains(kind, answer, setup, question, solution):
            return m
    return None
