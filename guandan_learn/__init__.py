"""guandan-learn: an exact rules engine for Guandan (掼蛋), for learning and teaching.

The engine has no dependency on Jupyter; rendering and widgets sit on top of it.

>>> from guandan_learn import classify, judge
>>> classify("8C 8D 8S 7H", "7")[0].describe()
'a 4-card bomb of 8s'
"""

from .bots import Player, RandomPlayer, RulePlayer, simulate_deal
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
from .errors import (
    CardCountError,
    ClassroomError,
    CourseError,
    DealError,
    ExerciseError,
    GuandanError,
    IllegalPlayError,
    MatchError,
    NotationError,
    ProgressError,
    TributeError,
)
from .i18n import get_language, set_language
from .judge import Verdict, beats, describe, judge, why_no_combination
from .level import Settlement, settle_deal
from .match import Match, MatchPhase, simulate_match
from .moves import hints, legal_plays
from .rules import CASUAL, DEFAULT, TOURNAMENT, Rules
from .tribute import Payment, TributePlan, check_return, choose_return, plan_tribute

__version__ = "0.1.0"

__all__ = [
    "CASUAL",
    "DEFAULT",
    "FACES",
    "LEVELS",
    "TOURNAMENT",
    "Action",
    "Card",
    "CardCountError",
    "ClassroomError",
    "Combo",
    "CourseError",
    "Deal",
    "DealError",
    "ExerciseError",
    "GuandanError",
    "IllegalPlayError",
    "Kind",
    "Match",
    "MatchError",
    "MatchPhase",
    "NotationError",
    "Payment",
    "Player",
    "ProgressError",
    "RandomPlayer",
    "Rank",
    "RulePlayer",
    "Rules",
    "Settlement",
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
    "set_language",
    "settle_deal",
    "simulate_deal",
    "simulate_match",
    "sort_cards",
    "strength",
    "why_no_combination",
    "wild_card",
]
