"""House rules: the table options V1–V7 of the rulebook, none of them by default.

A ``Rules`` value is passed explicitly to every function whose answer depends on it; there is
no module-level "current table". Each field names its variant id.

>>> print(Rules().describe())
Attempts at A: unlimited; a team at A stays there until it wins (§07.7).
A 1st–2nd finish gains 3 levels (§07.2).
Winning at A: the declarers at level A win with one player 1st, the partner 2nd or 3rd (§07.5).
Tribute and return are played (§08).
After a 1st–4th finish the partner of the first finisher pays the tribute (§08.1).
After tribute the payer leads (§08.6).
A returned card has natural rank 2–10 and is not of the active level rank (§08.2).
>>> TOURNAMENT.variants
('V1',)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import ClassVar, Literal

from .errors import ArgumentError
from .messages import say

WinAtA = Literal["default", "one_two", "any"]
Leader = Literal["payer", "first"]

_WIN_AT_A = ("default", "one_two", "any")
_LEADERS = ("payer", "first")


@dataclass(frozen=True, slots=True)
class Rules:
    """The options a table plays by; ``Rules()`` is the rulebook itself, with no variant.

    - ``attempts_at_a`` (V1): ``None`` means unlimited attempts at A (§07.7); a number ``N``
      sends a team back to level 2 after ``N`` failed deals as declarers at A (commonly 3).
    - ``double_finish_gain`` (V2): levels gained for a 1st–2nd finish, 3 by §07.2, 4 in V2.
    - ``win_at_a`` (V3): ``"default"`` is §07.5 (partner 2nd or 3rd); ``"one_two"`` (V3a)
      wins only with a 1st–2nd finish; ``"any"`` (V3b) wins with any deal won. In every case
      the team must be declaring a deal played at its level A (§07.5, §07.9).
    - ``tribute_after_one_four`` (V4): ``True`` means the partner pays after a 1st–4th finish
      (§08.1); ``False`` means no tribute then ("resisting tribute").
    - ``leader_after_tribute`` (V5): ``"payer"`` is §08.6; ``"first"`` lets the previous first
      player lead.
    - ``tribute`` (V6): ``False`` plays no tribute and no return at all.
    - ``return_level_rank_allowed`` (V7): ``True`` lets a 2–10 of the level rank come back.
    """

    attempts_at_a: int | None = None
    double_finish_gain: int = 3
    win_at_a: WinAtA = "default"
    tribute_after_one_four: bool = True
    leader_after_tribute: Leader = "payer"
    tribute: bool = True
    return_level_rank_allowed: bool = False

    DEFAULT: ClassVar[Rules]
    TOURNAMENT: ClassVar[Rules]
    CASUAL: ClassVar[Rules]

    def __post_init__(self) -> None:
        a = self.attempts_at_a
        if a is not None and (not isinstance(a, int) or isinstance(a, bool) or a < 1):
            raise ArgumentError(say("rules.bad_option", name="attempts_at_a", value=a, vid="V1"))
        g = self.double_finish_gain
        if not isinstance(g, int) or isinstance(g, bool) or g < 1:
            raise ArgumentError(say("rules.bad_option", name="double_finish_gain", value=g,
                                   vid="V2"))
        if self.win_at_a not in _WIN_AT_A:
            raise ArgumentError(say("rules.bad_option", name="win_at_a", value=self.win_at_a,
                                   vid="V3"))
        if self.leader_after_tribute not in _LEADERS:
            raise ArgumentError(say("rules.bad_option", name="leader_after_tribute",
                                   value=self.leader_after_tribute, vid="V5"))
        for name, vid in (("tribute_after_one_four", "V4"), ("tribute", "V6"),
                          ("return_level_rank_allowed", "V7")):
            if not isinstance(getattr(self, name), bool):
                raise ArgumentError(say("rules.bad_option", name=name,
                                       value=getattr(self, name), vid=vid))

    @classmethod
    def default(cls) -> Rules:
        """Returns the rulebook's own table, with no variant."""
        return DEFAULT

    @property
    def variants(self) -> tuple[str, ...]:
        """Returns the ids of the variants in force, e.g. ``('V1', 'V6')``; empty by default."""
        ids = []
        if self.attempts_at_a is not None:
            ids.append("V1")
        if self.double_finish_gain != 3:
            ids.append("V2")
        if self.win_at_a != "default":
            ids.append("V3")
        if not self.tribute_after_one_four:
            ids.append("V4")
        if self.leader_after_tribute != "payer":
            ids.append("V5")
        if not self.tribute:
            ids.append("V6")
        if self.return_level_rank_allowed:
            ids.append("V7")
        return tuple(ids)

    def sentences(self, only: Collection[str] | None = None) -> list[str]:
        """Returns one sentence per option, each citing its clause or V id; tribute details only
        when tribute is on. ``only`` keeps the options named by their ids (``{"V1", "V3"}``),
        for a puzzle that shows only the options its question turns on.

        >>> Rules(attempts_at_a=3).sentences({"V1", "V5"})  # doctest: +NORMALIZE_WHITESPACE
        ['Attempts at A: after 3 failed deals as declarers at A, a team drops back to level 2
          (V1).', 'After tribute the payer leads (§08.6).']
        """
        out: list[tuple[str, str]] = []
        if self.attempts_at_a is None:
            out.append(("V1", say("rules.attempts_unlimited")))
        else:
            out.append(("V1", say("rules.attempts_limited", count=self.attempts_at_a)))
        if self.double_finish_gain == 3:
            out.append(("V2", say("rules.double_gain_default", gain=3)))
        else:
            out.append(("V2", say("rules.double_gain_variant", gain=self.double_finish_gain)))
        out.append(("V3", say("rules.win_" + self.win_at_a)))
        if not self.tribute:
            out.append(("V6", say("rules.tribute_off")))
        else:
            out.append(("V6", say("rules.tribute_on")))
            out.append(("V4", say("rules.one_four_pays" if self.tribute_after_one_four
                                  else "rules.one_four_free")))
            out.append(("V5", say("rules.leader_" + self.leader_after_tribute)))
            out.append(("V7", say("rules.return_level_allowed" if self.return_level_rank_allowed
                                  else "rules.return_default")))
        return [text for vid, text in out if only is None or vid in only]

    def describe(self) -> str:
        """Returns the options in force, one sentence a line, each citing its clause or V id."""
        return "\n".join(self.sentences())


#: The rulebook's table, with no variant.
DEFAULT = Rules()
#: A strict, tournament-like table: three attempts at A (V1), otherwise the rulebook; winning
#: at A keeps §07.5 (partner 2nd or 3rd), as most tournament codes do.
TOURNAMENT = Rules(attempts_at_a=3)
#: A casual table: no tribute or return (V6), and any deal won as declarers at A wins (V3b).
CASUAL = Rules(tribute=False, win_at_a="any")
#: The presets by name.
PRESETS: dict[str, Rules] = {"default": DEFAULT, "tournament": TOURNAMENT, "casual": CASUAL}

Rules.DEFAULT = DEFAULT
Rules.TOURNAMENT = TOURNAMENT
Rules.CASUAL = CASUAL
