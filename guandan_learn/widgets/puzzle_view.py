"""The setup of a puzzle as pictures: hands, tables and plays drawn, levels and orders in words.

Pure functions returning HTML strings (no kernel needed), used by ``Quiz``: a small renderer of
the rows each kind lays out (``KindSpec.layout``), with no per-kind code. The pictures never
give the answer away: cards to be read or judged are drawn as a hand (no declared wilds), only
plays already made are drawn as plays.

>>> from guandan_learn.exercises import generate
>>> html = setup_html(generate("legal_play", seed=3))
>>> html.count("<svg") >= 1 and "The active level is" in html
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Rank
from ..exercises import Puzzle, spec
from ..exercises.layout import Row
from ..messages import say
from ..render import COMBO_STEP, hand_svg
from ..rulebook import linked

_P = "margin: 0.2em 0"


def line(text: str, css: str = "") -> str:
    """Returns one sentence as an HTML paragraph."""
    cls = f' class="{css}"' if css else ""
    return f'<p{cls} style="{_P}">{linked(text)}</p>'


def row(caption: str, picture: str) -> str:
    """Returns a caption beside a picture, on one line."""
    return ('<div class="gdl-quiz-row" style="display:flex;align-items:center;gap:12px;'
            'margin:0.2em 0;flex-wrap:wrap">'
            f'<span style="flex:0 0 13em">{linked(caption)}</span><div>{picture}</div></div>')


def cards_picture(cards: Sequence[Card], level: Rank) -> str:
    """Draws cards to be read or judged: spread like a play, but with no wild declared."""
    return hand_svg(list(cards), level, step=COMBO_STEP)


def rows_html(rows: Sequence[Row], *, pickable: bool = True) -> str:
    """Returns layout rows as HTML: a caption beside each picture, sentences alone, a run of
    steps as one numbered list. ``pickable=False`` leaves out the cards the answer control
    shows clickable."""
    parts: list[str] = []
    steps: list[str] = []

    def flush() -> None:
        if steps:
            items = "".join(f"<li>{linked(text)}</li>" for text in steps)
            parts.append(line(say("widget.quiz.actions")))
            parts.append(f'<ol class="gdl-quiz-actions" style="margin:0.2em 0">{items}</ol>')
            steps.clear()

    for r in rows:
        if r.step:
            steps.append(r.text)
            continue
        flush()
        if r.pickable and not pickable:
            continue
        if not r.pictures:
            parts.append(line(r.text))
        for picture in r.pictures:
            parts.append(row(picture.caption or r.text, picture.svg()))
    flush()
    return "".join(parts)


def setup_html(puzzle: Puzzle, *, hand: bool = True) -> str:
    """Returns the setup of a puzzle: pictures for cards, short sentences for the rest.

    ``hand=False`` leaves out the cards an answer is picked from (the quiz shows them
    clickable).
    """
    rows = spec(puzzle.kind).layout(puzzle.parsed, puzzle.question)
    return f'<div class="gdl-quiz-setup">{rows_html(rows, pickable=hand)}</div>'


__all__ = ["cards_picture", "line", "row", "rows_html", "setup_html"]
