"""What every puzzle kind declares (``KindSpec``), and the pieces several kinds share.

A kind is one module of this package holding one ``KindSpec`` subclass instance named
``SPEC``. It reads its setup and answers, solves with the engine, lays its setup out as rows,
says the shape of its answer, generates fresh setups, offers plain distractors, and declares
the misconception lenses that apply to it. See ``docs/adding_a_puzzle_kind.md``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from ...cards import Card, Rank, check_counts, format_cards, wild_card
from ...combo import Combo, Kind
from ...errors import GuandanError
from ...judge import describe, judge
from ...messages import describe_bomb, rank_plural, rank_singular, say
from ...reason import Reason, render_field
from ...rules import DEFAULT, PRESETS, Rules
from ..answers import Reading, read_cards, read_level
from ..explain import EngineWords, error_reason
from ..layout import Picture, Row, Shape
from ..misconceptions import Misread, learner_legal
from ..model import FieldError, Solution

#: A lens: the answer a learner holding one wrong idea gives (``None``: the idea changes
#: nothing here).
LensFn = Callable[[Any, str, Solution], "Solution | None"]
#: An explainer: whether one wrong idea explains a (read) wrong answer.
ExplainFn = Callable[[Any, Any, str, Solution], bool]
#: What a generator builds: the setup as data and the question (and, optionally, the setup
#: already read, when building it read it anyway).
Built = tuple[dict[str, Any], str] | tuple[dict[str, Any], str, Any]

LABELS = "ABCDEFGH"


class KindSpec:
    """What every puzzle kind provides; each kind module fills it in as ``SPEC``."""

    #: The kind's name in exercise files ("legal_play").
    name: str = ""
    #: Where the kind comes in the list of kinds (lower first).
    order: int = 100
    #: The type ``read_setup`` returns.
    setup_type: type = object
    #: The questions this kind can ask; the first is the default.
    questions: tuple[str, ...] = ()
    #: The message keys of the kind's title on a quiz and of its topic on a worksheet.
    title_key: str = ""
    topic_key: str = ""
    #: The JSON Schema of the kind's ``setup`` in exercise files (``None``: any mapping). The
    #: eight first kinds have theirs in ``data/exercise.schema.json``; the loader adds the
    #: others' from here.
    setup_schema: ClassVar[dict[str, Any] | None] = None

    # -- Reading and writing -------------------------------------------------------------

    def read_setup(self, raw: Mapping[str, Any], question: str) -> Any:
        """Reads and checks the setup; raises ``FieldError`` naming the field."""
        raise NotImplementedError

    def read_answer(self, value: object, setup: Any, question: str,
                    field: str = "answer") -> Any:
        """Reads an answer in any accepted format; raises ``FieldError`` saying what to write."""
        raise NotImplementedError

    def write_answer(self, answer: Any, setup: Any, question: str) -> Any:
        """Returns the answer as plain data in the format of the exercise files."""
        raise NotImplementedError

    def show_answer(self, answer: Any, setup: Any, question: str) -> str:
        """Returns the answer in words for the learner."""
        raise NotImplementedError

    # -- Solving and grading -------------------------------------------------------------

    def solve(self, setup: Any, question: str) -> Solution:
        """Returns the engine's answer, why (as reasons) and the clauses."""
        raise NotImplementedError

    def is_correct(self, answer: Any, solution: Solution, setup: Any, question: str) -> bool:
        """Tells whether a (read) answer is right; most kinds have exactly one right answer."""
        return bool(answer == solution.answer)

    def why_wrong(self, answer: Any, setup: Any, question: str) -> Reason | None:
        """Returns the engine's reason about a wrong answer itself, when it has one."""
        return None

    # -- Showing -------------------------------------------------------------------------

    def layout(self, setup: Any, question: str) -> list[Row]:
        """Returns the setup as rows: a sentence each, with pictures of its cards."""
        raise NotImplementedError

    def show_setup(self, setup: Any, question: str) -> list[str]:
        """Returns the setup as sentences, one a line."""
        return [row.text for row in self.layout(setup, question)]

    def ask(self, setup: Any, question: str) -> str:
        """Returns the question sentence, saying how to answer."""
        raise NotImplementedError

    def answer_shape(self, setup: Any, question: str) -> Shape:
        """Returns the shape of the answer, so a screen can offer the control that fits."""
        raise NotImplementedError

    def hints(self, setup: Any, question: str, solution: Solution) -> tuple[Reason, ...]:
        """Returns the concept hint and the nearly-the-answer hint (the clause hint is shared)."""
        raise NotImplementedError

    # -- Generating ----------------------------------------------------------------------

    def build(self, rng: random.Random, difficulty: int) -> Built | None:
        """Draws a fresh setup and question (``None``: try again)."""
        raise NotImplementedError

    def distractors(self, setup: Any, question: str, solution: Solution,
                    rng: random.Random) -> list[Any]:
        """Returns plain wrong answers (no misconception) to top up the options."""
        return []

    # -- Misconceptions ------------------------------------------------------------------

    def lenses(self) -> dict[str, LensFn]:
        """Returns the lens of every misconception that shows in this kind, by id."""
        return {}

    def explainers(self) -> dict[str, ExplainFn]:
        """Returns, by misconception id, tests that replace "the lens gives this answer"."""
        return {}

    def differs(self, answer: Any, setup: Any, question: str, solution: Solution,
                detail: Any = None) -> Solution | None:
        """Returns a lens answer, or ``None`` when it is right after all."""
        if self.is_correct(answer, solution, setup, question):
            return None
        return Solution(answer, detail=detail)


# -- Words shared by several kinds -------------------------------------------------------------

KIND_KEYS: dict[Kind, str] = {
    Kind.SINGLE: "exercise.kind.single", Kind.PAIR: "exercise.kind.pair",
    Kind.TRIPLE: "exercise.kind.triple", Kind.FULL_HOUSE: "exercise.kind.full_house",
    Kind.STRAIGHT: "exercise.kind.straight", Kind.TUBE: "exercise.kind.tube",
    Kind.PLATE: "exercise.kind.plate", Kind.BOMB: "exercise.kind.bomb",
    Kind.STRAIGHT_FLUSH: "exercise.kind.straight_flush",
    Kind.JOKER_BOMB: "exercise.kind.joker_bomb",
}
_DESCRIBE_KEYS: dict[Kind, str] = {
    Kind.SINGLE: "describe.single", Kind.PAIR: "describe.pair", Kind.TRIPLE: "describe.triple",
    Kind.FULL_HOUSE: "describe.full_house", Kind.STRAIGHT: "describe.straight",
    Kind.TUBE: "describe.tube", Kind.PLATE: "describe.plate",
    Kind.STRAIGHT_FLUSH: "describe.straight_flush",
}
_PLACE_KEYS = ("exercise.place.1", "exercise.place.2", "exercise.place.3", "exercise.place.4")


def kind_reason(kind: Kind) -> Reason:
    """Returns the learner's name of a form ("full house") as a reason."""
    return Reason.of(KIND_KEYS[kind])


def kind_name(kind: Kind) -> str:
    """Returns the learner's name of a form: "full house", "straight flush"…"""
    return say(KIND_KEYS[kind])


def yes_no(value: bool) -> str:
    """Returns "yes" or "no" in the learner's language."""
    return say("exercise.answer.yes" if value else "exercise.answer.no")


def ordinal(place: int) -> Reason:
    """Returns "1st", "2nd", "3rd" or "4th" as a reason."""
    return Reason.of(_PLACE_KEYS[place - 1])


def play_words(combo: Combo) -> EngineWords:
    """Returns the description of a play ("a pair of 8s"), rendered when shown."""
    return EngineWords(lambda: describe(combo))


def cards_words(cards: Sequence[Card]) -> EngineWords:
    """Returns cards as text, rendered when shown."""
    held = tuple(cards)
    return EngineWords(lambda: format_cards(held))


def joined(parts: Sequence[object], sep: str = ", ") -> EngineWords:
    """Returns several fields (reasons, words) joined by ``sep``, rendered when shown."""
    items = tuple(parts)
    return EngineWords(lambda: sep.join(render_field(p) for p in items))


def card_words(card: Card | Combo) -> EngineWords:
    """Returns one card (or a play with its declarations) as text, rendered when shown."""
    return EngineWords(lambda: str(card))


#: The clauses that say what each form is and how it is keyed (§04, §05).
KIND_CLAUSES: dict[Kind, tuple[str, ...]] = {
    Kind.SINGLE: ("§04.1", "§03.1"), Kind.PAIR: ("§04.1", "§04.4"),
    Kind.TRIPLE: ("§04.1", "§04.4"), Kind.FULL_HOUSE: ("§04.1", "§04.4"),
    Kind.STRAIGHT: ("§04.1", "§04.5"), Kind.TUBE: ("§04.1", "§04.5"),
    Kind.PLATE: ("§04.1", "§04.5"), Kind.BOMB: ("§05.1", "§05.3"),
    Kind.STRAIGHT_FLUSH: ("§05.2", "§05.4"), Kind.JOKER_BOMB: ("§05.5",),
}


def reading_clauses(combo: Combo) -> tuple[str, ...]:
    """Returns the clauses behind one reading: its form, an ace played low, the wilds."""
    out = list(KIND_CLAUSES[combo.kind])
    if combo.kind.is_sequence and any(c.rank is Rank.ACE for c in combo.cards + combo.wilds) \
            and combo.rank is not Rank.ACE:
        out.append("§04.6")
    if combo.kind is Kind.JOKER_BOMB or (combo.kind is Kind.PAIR and combo.rank is not None
                                         and combo.rank.is_joker):
        out.append("§04.7" if combo.kind is Kind.PAIR else "§05.5")
    if combo.wilds:
        out += ["§03.3", "§03.4"]
    if combo.kind.is_sequence and any(c.rank is combo.level for c in combo.cards
                                      if not c.is_wild(combo.level)):
        out.append("§03.6")
    return tuple(dict.fromkeys(out))


def show_reading(reading: Reading, size: int | None = None) -> str:
    """Returns a learner's reading in words: "a pair of 8s", "a bomb of 8s", "no combination"."""
    kind, rank = reading.kind, reading.rank
    if kind is None:
        return say("exercise.reading.none")
    if kind is Kind.JOKER_BOMB:
        return say("describe.joker_bomb")
    assert rank is not None
    if kind is Kind.BOMB:
        if size:
            return describe_bomb(size, rank_plural(rank))
        return say("exercise.reading.bomb", ranks=rank_plural(rank))
    if kind is Kind.SINGLE or kind.is_sequence:
        return say(_DESCRIBE_KEYS[kind], name=rank_singular(rank))
    return say(_DESCRIBE_KEYS[kind], ranks=rank_plural(rank))


def declarations(combo: Combo, *, others_only: bool = False) -> tuple[Reason, ...]:
    """Returns what each wild heart of a play stands for ("8♥ as 9♠"), as reasons; with
    ``others_only``, only the wilds that stand for another card than themselves."""
    return tuple(Reason.of("exercise.declared", None, wild=card_words(w), card=card_words(d))
                 for w, d in zip(combo.wild_cards, combo.wilds, strict=True)
                 if not (others_only and w == d))


# -- Rows shared by several kinds ---------------------------------------------------------------


def _cards_in(shown: object) -> Iterator[Card]:
    """Yields every card in cards, plays, hands, tables (play, seat) and mappings of them."""
    if isinstance(shown, Card):
        yield shown
    elif isinstance(shown, Combo):
        yield from shown.cards
    elif isinstance(shown, Mapping):
        for value in shown.values():
            yield from _cards_in(value)
    elif isinstance(shown, Iterable) and not isinstance(shown, str):
        for item in shown:
            yield from _cards_in(item)


def level_row(level: Rank, *shown: object) -> Row:
    """Returns the row saying the active level, and its wild hearts when the cards ``shown``
    hold one (or when nothing is passed): a puzzle without a wild heart does not name them."""
    wild = wild_card(level)
    if shown and wild not in _cards_in(shown):
        return Row(say("exercise.show.level.no_wild", level=level.value))
    return Row(say("exercise.show.level", level=level.value, wild=str(wild)))


def table_row(table: Combo | None) -> Row:
    """Returns the row of the play on the table (drawn as a play), or of an empty table."""
    if table is None:
        return Row(say("exercise.show.lead"))
    return Row(say("exercise.show.table", cards=str(table), play=describe(table)),
               (Picture.play(table, say("widget.quiz.on_table", play=describe(table))),))


def cards_row(key: str, caption_key: str, cards: Sequence[Card], level: Rank, *,
              pickable: bool = False, style: str = "cards") -> Row:
    """Returns a row of cards to read or judge (``style="hand"`` for a hand)."""
    held = tuple(cards)
    return Row(say(key, cards=format_cards(held)),
               (Picture(style, held, level, caption=say(caption_key)),), pickable=pickable)


def finish_order(finish: Sequence[int]) -> str:
    """Returns a finishing order in words: "East 1st, West 2nd"."""
    return ", ".join(say("exercise.show.finished_place", seat=s, place=ordinal(i + 1).text())
                     for i, s in enumerate(finish))


# -- Common setup fields ---------------------------------------------------------------------


def as_text(value: object) -> str:
    """Returns what a teacher wrote, for an error message."""
    return value if isinstance(value, str) else repr(value)


def get(raw: Mapping[str, Any], name: str, default: Any = ...) -> Any:
    """Returns a setup field; raises ``FieldError`` when a required one is missing."""
    if name in raw and raw[name] is not None:
        return raw[name]
    if default is ...:
        raise FieldError(f"setup.{name}", say("exercise.setup.missing", field=name))
    return default


def level_of(raw: Mapping[str, Any], name: str = "level") -> Rank:
    """Reads a level field of a setup."""
    return read_level(get(raw, name), f"setup.{name}")


def table_of(raw: Mapping[str, Any], level: Rank) -> Combo | None:
    """Reads the play on the table (``table`` and its optional ``table_wilds``)."""
    value = raw.get("table")
    cards = read_cards(value, "setup.table", empty=True)
    if not cards:
        return None
    wilds = raw.get("table_wilds")
    try:
        declared = None if wilds is None else read_cards(wilds, "setup.table_wilds")
        return Combo.of(cards, level, wilds=declared)
    except GuandanError as err:
        raise FieldError("setup.table", *error_reason(err)) from None


def counts(field: str, *groups: Sequence[Card]) -> None:
    """Checks that cards together fit in two decks (§02.2)."""
    try:
        check_counts([c for g in groups for c in g])
    except GuandanError as err:
        raise FieldError(field, *error_reason(err)) from None


def read_rules(value: object, field: str = "setup.rules") -> Rules:
    """Reads table options: a preset name ("default", "tournament", "casual") or a mapping of
    ``Rules`` fields such as ``{tribute: false}``."""
    if value is None:
        return DEFAULT
    if isinstance(value, str) and value.strip().lower() in PRESETS:
        return PRESETS[value.strip().lower()]
    if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
        try:
            return Rules(**value)
        except TypeError:
            pass
        except GuandanError as err:
            raise FieldError(field, *error_reason(err)) from None
    raise FieldError(field, say("exercise.setup.rules", value=as_text(value),
                                presets=", ".join(PRESETS)))


def explains_play_from_hand(m: Misread) -> ExplainFn:
    """Returns whether a misread explains a play chosen from a hand (``setup.hand``) on a
    table (``setup.table``): the learner's reading would allow it, the engine's does not."""
    def explains(answer: Any, setup: Any, question: str, solution: Solution) -> bool:
        if answer is None or setup.table is None or Counter(answer) - Counter(setup.hand):
            return False
        if judge(answer, setup.table, setup.level).legal:
            return False  # a legal play is wrong for another reason (the endgame's, say)
        return learner_legal(m, answer, setup.table, setup.level)

    return explains


__all__ = [
    "LABELS",
    "Built",
    "ExplainFn",
    "KindSpec",
    "LensFn",
    "as_text",
    "card_words",
    "cards_row",
    "cards_words",
    "counts",
    "declarations",
    "explains_play_from_hand",
    "finish_order",
    "get",
    "joined",
    "kind_name",
    "kind_reason",
    "level_of",
    "level_row",
    "ordinal",
    "play_words",
    "read_rules",
    "reading_clauses",
    "show_reading",
    "table_of",
    "table_row",
    "yes_no",
]

