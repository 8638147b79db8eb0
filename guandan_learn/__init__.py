"""guandan-learn: an exact rules engine for Guandan (掼蛋), for learning and teaching.

The engine has no dependency on Jupyter; rendering and widgets sit on top of it. This facade
is not an engine module: it gathers the public names, and in a running IPython kernel it
registers ``guandan_learn.display`` so cards, plays, deals and verdicts draw themselves.

>>> from guandan_learn import classify, judge
>>> classify("8C 8D 8S 7H", "7")[0].describe()
'a 4-card bomb of 8s'
"""

import sys

from .bots import Player, RandomPlayer, RulePlayer, SolverPlayer, simulate_deal
from .cards import (
    FACES,
    LEVELS,
    Card,
    Rank,
    Suit,
    as_level,
    deck,
    format_cards,
    parse_card,
    parse_cards,
    rank_order,
    sort_cards,
    strength,
    wild_card,
)
from .combo import Combo, Kind, bomb_tier, classify
from .deal import Action, Deal, dumps, loads, new_deal
from .endgame import Endgame, Position, Solution, Solver, refutation, solve
from .errors import (
    ArgumentError,
    CardCountError,
    ClassroomError,
    CourseError,
    DealError,
    EndgameError,
    ExerciseError,
    GuandanError,
    IllegalPlayError,
    MatchError,
    NotationError,
    ProgressError,
    RulebookError,
    TributeError,
)
from .i18n import get_language, set_language
from .judge import Verdict, beats, describe, judge, why_no_combination
from .level import Settlement, settle_deal
from .match import Match, MatchPhase, simulate_match
from .moves import HandPlays, hints, legal_plays
from .review import review_deal
from .rules import CASUAL, DEFAULT, TOURNAMENT, Rules
from .tribute import Payment, TributePlan, check_return, choose_return, plan_tribute

__version__ = "0.1.0"

if "IPython" in sys.modules:  # a kernel: attach the pictures from the render layer
    from . import display as _display

    _display.register()

__all__ = [
    "CASUAL",
    "DEFAULT",
    "FACES",
    "LEVELS",
    "TOURNAMENT",
    "Action",
    "ArgumentError",
    "Card",
    "CardCountError",
    "ClassroomError",
    "Combo",
    "CourseError",
    "Deal",
    "DealError",
    "Endgame",
    "EndgameError",
    "ExerciseError",
    "GuandanError",
    "HandPlays",
    "IllegalPlayError",
    "Kind",
    "Match",
    "MatchError",
    "MatchPhase",
    "NotationError",
    "Payment",
    "Player",
    "Position",
    "ProgressError",
    "RandomPlayer",
    "Rank",
    "RulePlayer",
    "RulebookError",
    "Rules",
    "Settlement",
    "Solution",
    "Solver",
    "SolverPlayer",
    "Suit",
    "TributeError",
    "TributePlan",
    "Verdict",
    "__version__",
    "as_level",
    "beats",
    "bomb_tier",
    "check_return",
    "choose_return",
    "classify",
    "deck",
    "describe",
    "dumps",
    "format_cards",
    "get_language",
    "hints",
    "judge",
    "legal_plays",
    "loads",
    "new_deal",
    "parse_card",
    "parse_cards",
    "plan_tribute",
    "rank_order",
    "refutation",
    "review_deal",
    "set_language",
    "settle_deal",
    "simulate_deal",
    "simulate_match",
    "solve",
    "sort_cards",
    "strength",
    "why_no_combination",
    "wild_card",
]
