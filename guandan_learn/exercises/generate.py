"""Generators: a fresh puzzle of any kind from a seed, with options from misconceptions.

``generate(kind, seed, difficulty)`` draws a setup with ``random.Random`` seeded by the kind,
difficulty and seed (so the same seed always gives the same puzzle) through the kind's own
``build``, lets the engine solve it, and offers as wrong options the answers that
misconceptions give (each tagged with its id), topped up with the kind's plain distractors.

Difficulty 1 keeps to sets and plain cases; 2 adds sequences, bombs and the match; 3 adds wild
hearts, jokers, level A and the rarer tribute cases.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import ExerciseError, GuandanError
from ..messages import say
from .kinds import KINDS, LABELS, KindSpec, PuzzleKind, spec
from .layout import YesNo
from .lenses import wrong_answers
from .model import Choice, Puzzle, PuzzleError, Solution
from .pool import Pool, build


def _options(kind: KindSpec, setup: Any, question: str, solution: Solution,
             rng: random.Random, size: int = 4) -> tuple[Choice, ...]:
    chosen: list[tuple[Any, str | None]] = [(solution.answer, None)]

    def fresh(value: Any) -> bool:
        if kind.is_correct(value, solution, setup, question):
            return False
        return all(value != v for v, _ in chosen)

    for mid, said in wrong_answers(kind.name, setup, question, solution):
        if len(chosen) < size and fresh(said.answer):
            chosen.append((said.answer, mid))
    for value in kind.distractors(setup, question, solution, rng):
        if len(chosen) < size and fresh(value):
            chosen.append((value, None))
    if len(chosen) < 2:
        return ()
    if isinstance(kind.answer_shape(setup, question), YesNo):
        chosen.sort(key=lambda c: not c[0])  # yes first, as the buttons show them
    else:
        rng.shuffle(chosen)
    return tuple(Choice(kind.write_answer(v, setup, question), m) for v, m in chosen)


def generate(kind: PuzzleKind | str, seed: int = 0, difficulty: int = 1) -> Puzzle:
    """Returns a fresh puzzle of ``kind``; the same seed and difficulty give the same puzzle.

    >>> p = generate("legal_play", seed=7)
    >>> p == generate("legal_play", seed=7), p.kind.value, p.id
    (True, 'legal_play', 'legal_play-d1-s7')
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise ExerciseError(say("exercise.generate.kind", kind=repr(kind),
                                kinds=", ".join(KINDS)))
    k = PuzzleKind(kind)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ExerciseError(say("deal.bad_seed", value=seed))
    if isinstance(difficulty, bool) or difficulty not in (1, 2, 3):
        raise ExerciseError(say("exercise.generate.difficulty", value=repr(difficulty)))
    rng = random.Random(f"{k.value}/{difficulty}/{seed}")
    s = spec(k)
    for _ in range(500):
        built = s.build(rng, difficulty)
        if built is None:
            continue
        raw, question = built[0], built[1]
        try:
            setup = built[2] if len(built) > 2 else s.read_setup(raw, question)
        except (PuzzleError, GuandanError):
            continue
        solution = s.solve(setup, question)
        choices = _options(s, setup, question, solution, rng)
        clauses = solution.clauses or (s.questions[0],)
        return Puzzle(
            id=f"{k.value}-d{difficulty}-s{seed}", kind=k, setup=raw,
            answer=s.write_answer(solution.answer, setup, question), question=question,
            clauses=clauses, difficulty=difficulty, choices=choices, seed=seed,
            parsed=setup, expected=solution.answer)
    # Every builder succeeds within a few tries; this only guards against an endless loop.
    raise ExerciseError(say("exercise.generate.failed", kind=k.value, seed=seed))


__all__ = ["LABELS", "Pool", "build", "generate"]
