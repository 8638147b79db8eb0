"""The setup of a puzzle as pictures: hands, tables and plays drawn, levels and orders in words.

Pure functions returning HTML strings (no kernel needed), used by ``Quiz``. The pictures never
give the answer away: cards to be read or judged are drawn as a hand (no declared wilds), only
plays already on the table are drawn as plays.

>>> from guandan_learn.exercises import generate
>>> html = setup_html(generate("legal_play", seed=3))
>>> html.count("<svg") >= 1 and "The active level is" in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..cards import Card, Rank, format_cards, wild_card
from ..combo import Combo
from ..exercises import Puzzle, PuzzleKind, spec
from ..exercises.kinds import (
    CardsSetup,
    DealSetup,
    DeclareSetup,
    HandSetup,
    PlaySetup,
    PlaysSetup,
    TributeSetup,
    _finish_order,
)
from ..judge import describe
from ..messages import say
from ..render import COMBO_STEP, card_svg, combo_svg, hand_svg

_P = "margin: 0.2em 0"


def line(text: str, css: str = "") -> str:
    """Returns one sentence as an HTML paragraph."""
    cls = f' class="{css}"' if css else ""
    return f'<p{cls} style="{_P}">{escape(text)}</p>'


def row(caption: str, picture: str) -> str:
    """Returns a caption beside a picture, on one line."""
    return ('<div class="gdl-quiz-row" style="display:flex;align-items:center;gap:12px;'
            'margin:0.2em 0;flex-wrap:wrap">'
            f'<span style="flex:0 0 13em">{escape(caption)}</span><div>{picture}</div></div>')


def cards_picture(cards: Sequence[Card], level: Rank) -> str:
    """Draws cards to be read or judged: spread like a play, but with no wild declared."""
    return hand_svg(list(cards), level, step=COMBO_STEP)


def _level(level: Rank) -> str:
    return line(say("exercise.show.level", level=level.value, wild=str(wild_card(level))))


def _table(table: Combo | None) -> str:
    if table is None:
        return line(say("exercise.show.lead"))
    return row(say("widget.quiz.on_table", play=describe(table)), combo_svg(table))


def _legal_play(s: PlaySetup) -> list[str]:
    return [_level(s.level), _table(s.table),
            row(say("widget.quiz.your_cards"), cards_picture(s.play, s.level))]


def _classify(s: CardsSetup) -> list[str]:
    return [_level(s.level), row(say("widget.quiz.the_cards"), cards_picture(s.cards, s.level))]


def _strongest(s: PlaysSetup) -> list[str]:
    return [_level(s.level)] + [row(say("widget.quiz.play_label", label=label), combo_svg(play))
                                for label, play in zip(s.labels, s.plays, strict=True)]


def _declare_wild(s: DeclareSetup) -> list[str]:
    out = [_level(s.level), row(say("widget.quiz.the_cards"), cards_picture(s.cards, s.level))]
    if s.table is not None:
        out.append(_table(s.table))
    return out


def _find_play(s: HandSetup, hand: bool) -> list[str]:
    out = [_level(s.level), _table(s.table)]
    if hand:
        out.append(row(say("widget.quiz.your_hand"), hand_svg(s.hand, s.level)))
    return out


def _tribute(s: TributeSetup, question: str) -> list[str]:
    out = []
    if s.finish is not None:
        out.append(line(say("exercise.show.previous", order=_finish_order(s.finish))))
    out.append(line(say("exercise.show.new_level", level=s.level.value,
                        wild=str(wild_card(s.level)))))
    if question != "return":
        out += [row(say("widget.quiz.seat_hand", seat=seat), hand_svg(cards, s.level))
                for seat, cards in sorted(s.hands.items())]
    else:
        assert s.card is not None and s.tribute_card is not None
        out.append(row(say("widget.quiz.tribute_card"), card_svg(s.tribute_card, s.level)))
        out.append(row(say("widget.quiz.return_card"), card_svg(s.card, s.level)))
        if s.hand is not None:
            out.append(row(say("widget.quiz.receiver_hand"), hand_svg(s.hand, s.level)))
    out += [line(text) for text in (s.rules.sentences() if s.rules.variants else [])]
    return out


def _who_leads(s: DealSetup) -> list[str]:
    deal = s.deal.setup
    out = [_level(deal.level)]
    for seat, hand in enumerate(deal.hands):
        if seat in deal.finished:
            out.append(line(say("exercise.show.seat_out", seat=seat)))
        else:
            out.append(row(say("widget.quiz.seat_hand", seat=seat), hand_svg(hand, deal.level)))
    out.append(line(say("exercise.show.leader", seat=deal.leader)))
    steps = []
    for action in s.deal.history:
        if action.combo is None:
            steps.append(say("exercise.show.passes", seat=action.seat))
        else:
            steps.append(say("exercise.show.plays", seat=action.seat,
                             cards=format_cards(action.combo.cards)))
    if steps:
        items = "".join(f"<li>{escape(text)}</li>" for text in steps)
        out.append(line(say("widget.quiz.actions")))
        out.append(f'<ol class="gdl-quiz-actions" style="margin:0.2em 0">{items}</ol>')
    return out


def setup_html(puzzle: Puzzle, *, hand: bool = True) -> str:
    """Returns the setup of a puzzle: pictures for cards, short sentences for the rest.

    ``hand=False`` leaves out the hand of a ``find_play`` puzzle (the quiz shows it clickable).
    """
    s, q = puzzle.parsed, puzzle.question
    kind = puzzle.kind
    if kind is PuzzleKind.LEGAL_PLAY:
        parts = _legal_play(s)
    elif kind is PuzzleKind.CLASSIFY:
        parts = _classify(s)
    elif kind is PuzzleKind.STRONGEST:
        parts = _strongest(s)
    elif kind is PuzzleKind.DECLARE_WILD:
        parts = _declare_wild(s)
    elif kind is PuzzleKind.FIND_PLAY:
        parts = _find_play(s, hand)
    elif kind is PuzzleKind.TRIBUTE:
        parts = _tribute(s, q)
    elif kind is PuzzleKind.WHO_LEADS:
        parts = _who_leads(s)
    else:  # next_level: levels and finishing orders read best as words
        parts = [line(text) for text in spec(kind).show_setup(s, q)]
    return f'<div class="gdl-quiz-setup">{"".join(parts)}</div>'


__all__ = ["cards_picture", "line", "row", "setup_html"]
