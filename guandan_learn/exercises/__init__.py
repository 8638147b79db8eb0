"""Exercises: puzzles as data, solved and explained by the engine, graded with misconceptions.

>>> from guandan_learn.exercises import Question, generate
>>> q = Question(generate("legal_play", seed=3))
>>> q.check(q.puzzle.answer).correct
True

The bank is ``exercises/*.yaml`` at the top of the project, which the wheel carries as package
data (or the folders ``GUANDAN_EXERCISES`` names); ``load_bank()`` reads it. The file format is
described in ``exercises/README.md``.
Each puzzle kind is one module of ``exercises/kinds`` (see ``docs/adding_a_puzzle_kind.md``);
``KINDS`` lists them.

Layers, each importing only those below: ``techniques`` → ``model``, ``answers``, ``explain``,
``layout``, ``pool``, ``misconceptions`` → ``kinds`` (the registry and one module per kind) →
``lenses``, ``solve`` → ``generate`` → ``grade``, ``loader`` → ``draw``.
"""

from .answers import Reading
from .draw import by_technique
from .generate import generate
from .grade import TRIES, Feedback, Question, grade, on_answer, quiz
from .kinds import KINDS, PuzzleKind, spec
from .loader import (
    BANK_DIR,
    Loaded,
    check_answers,
    check_puzzle_data,
    exercise_files,
    load_bank,
    load_data,
    load_file,
    schema,
    validate,
)
from .misconceptions import Misconception, catalogue
from .model import Choice, FieldError, Puzzle, PuzzleError, Solution
from .solve import solve

__all__ = [
    "BANK_DIR",
    "KINDS",
    "TRIES",
    "Choice",
    "Feedback",
    "FieldError",
    "Loaded",
    "Misconception",
    "Puzzle",
    "PuzzleError",
    "PuzzleKind",
    "Question",
    "Reading",
    "Solution",
    "by_technique",
    "catalogue",
    "check_answers",
    "check_puzzle_data",
    "exercise_files",
    "generate",
    "grade",
    "load_bank",
    "load_data",
    "load_file",
    "on_answer",
    "quiz",
    "schema",
    "solve",
    "spec",
    "validate",
]
