"""Figures with matplotlib: the bomb ladder, levels over a match, bomb statistics.

Import this module only where figures are wanted; the engine never imports it. Notebooks call
``configure_matplotlib()`` first, so SVG output is the same on every run (fixed hash salt, no
date in the metadata) and nbval can compare it.

matplotlib itself is imported when the first figure is drawn. Where it cannot be (the course in
the browser, offline), a drawing function returns a ``MissingFigure``: a notebook shows its
translated sentence in the figure's place, and the cells after it still run.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, ParamSpec

from .cards import LEVELS, Card, Rank, as_level, deck, format_cards, wild_card
from .combo import Combo, Kind, strength_key
from .messages import say
from .moves import bomb_kinds
from .render import FIT_STYLE, PAGE_CSS

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The value ``svg.hashsalt`` is set to, so SVG ids are the same on every run.
HASH_SALT = "guandan-learn"
INK, RED, GREEN, BLUE, GOLD = "#1a1a1a", "#c8102e", "#137333", "#1a56c4", "#b8860b"


class MissingFigure:
    """Stands in a figure's place where matplotlib cannot be imported: shows why, in words.

    Methods a notebook calls on a figure (``set_size_inches``, ``tight_layout``) do nothing and
    return it, so a cell that adjusts its figure still shows the sentence.

    >>> print(MissingFigure("No module named 'matplotlib'"))  # doctest: +ELLIPSIS
    This figure is not drawn here: matplotlib could not be loaded (No module named ...
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        self.message = say("plots.unavailable", reason=reason)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        return f'<p class="gdl-no-figure" role="note">{escape(self.message)}</p>'

    def __getattr__(self, name: str) -> Callable[..., MissingFigure]:
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kwargs: self


def matplotlib_missing() -> str | None:
    """Imports matplotlib's figures; returns why it cannot be, or ``None`` when it can."""
    try:
        import matplotlib.figure  # noqa: F401
    except ImportError as err:
        return str(err) or type(err).__name__
    return None


P = ParamSpec("P")


def _drawing(draw: Callable[P, Figure]) -> Callable[P, Any]:
    """Makes a drawing function return a ``MissingFigure`` when matplotlib cannot load."""

    @functools.wraps(draw)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> Figure | MissingFigure:
        reason = matplotlib_missing()
        if reason is not None:
            return MissingFigure(reason)
        return draw(*args, **kwargs)

    return wrapper


def configure_matplotlib(*, svg: bool = True) -> None:
    """Makes figures deterministic: fixed SVG hash salt, no dates, SVG output in notebooks.

    Does nothing where matplotlib cannot be imported (each figure then says why).

    >>> configure_matplotlib(svg=False)
    >>> import matplotlib
    >>> matplotlib.rcParams["svg.hashsalt"]
    'guandan-learn'
    """
    if matplotlib_missing() is not None:
        return
    import matplotlib as mpl

    mpl.rcParams["svg.hashsalt"] = HASH_SALT
    mpl.rcParams["svg.fonttype"] = "path"
    mpl.rcParams["font.family"] = ["DejaVu Sans"]
    mpl.rcParams["figure.dpi"] = 100
    if svg:
        _html_figures()


def _html_figures() -> None:
    """Shows figures in a notebook as inline SVG with a title and a description, and in no
    other form: text/html is what JupyterLab and nbconvert show, and an ``image/svg+xml`` or
    ``image/png`` beside it (shown elsewhere as an ``<img>`` without ``alt``) would draw every
    figure a second time for nothing. The figure formatters of other libraries (the inline
    backend's, set when pyplot loads) are dropped; matplotlib_inline is not needed."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - only outside Jupyter installs
        return
    shell = get_ipython()
    if shell is None:
        return
    for formatter in shell.display_formatter.formatters.values():
        formatter.pop("matplotlib.figure.Figure", None)
    shell.display_formatter.formatters["text/html"].for_type_by_name(
        "matplotlib.figure", "Figure", figure_html)


def figure_svg(fig: Figure) -> str:
    """Returns a figure as SVG text with no date, the same on every run."""
    import io

    configure_matplotlib(svg=False)
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def figure_text(fig: Figure) -> tuple[str, str]:
    """Returns a figure's title and a text description made of the words it shows.

    The description reads the figure's own (translated) words: its axis titles and labels,
    tick labels, legend entries and every text drawn in it, so it says what the picture says.

    >>> title, desc = figure_text(bomb_ladder())
    >>> "four jokers" in desc.lower() and bool(title)
    True
    """
    parts: list[str] = []
    title = fig.get_suptitle() if hasattr(fig, "get_suptitle") else ""
    for ax in fig.axes:
        title = title or ax.get_title()
        parts += [ax.get_title(), ax.get_ylabel(), ax.get_xlabel()]
        parts += [t.get_text() for t in ax.texts]
        legend = ax.get_legend()
        if legend is not None:
            parts += [t.get_text() for t in legend.get_texts()]
        for axis in (ax.xaxis, ax.yaxis):
            ticks = [t.get_text() for t in axis.get_ticklabels() if t.get_text()]
            if ticks:
                parts.append(", ".join(ticks))
    words = [p.replace("\n", " ").strip().rstrip(".") for p in parts if p and p.strip()]
    return title.strip(), ". ".join(dict.fromkeys(words))


def figure_html(fig: Figure) -> str:
    """Returns a figure as inline SVG with ``role="img"``, a ``<title>`` and a ``<desc>``.

    >>> svg = figure_html(bomb_ladder())
    >>> svg.count("<title>") >= 1 and 'role="img"' in svg and "<desc>" in svg
    True
    """
    text = figure_svg(fig)
    title, desc = figure_text(fig)
    start = text.index("<svg")
    end = text.index(">", start)
    head = text[start:end].replace(" xmlns:xlink=", ' role="img" xmlns:xlink=', 1)
    if 'role="img"' not in head:
        head += ' role="img"'
    head += f' style="{FIT_STYLE}"'  # never wider than its cell
    return (head + f"><title>{escape(title or desc[:80], quote=False)}</title>"
            f"<desc>{escape(desc, quote=False)}</desc><style>{PAGE_CSS}</style>"
            + text[end + 1:])


# -- The bomb ladder (§05.2) -----------------------------------------------------------------

_QUEENS = ["Q♣", "Q♣", "Q♦", "Q♦", "Q♠", "Q♠", "Q♥", "Q♥", "2♥", "2♥"]
_RUNGS: tuple[tuple[str, dict[str, int], str], ...] = (
    ("plot.ladder.joker_bomb", {}, "BJ BJ RJ RJ"),
    ("plot.ladder.straight_flush", {}, "5♠ 6♠ 7♠ 8♠ 9♠"),
    ("plot.ladder.rank_bomb", {"size": 4}, "8♣ 8♦ 8♠ 8♥"),
    ("plot.ladder.rank_bomb", {"size": 5}, "9♣ 9♦ 9♠ 9♥ 2♥"),
    *(("plot.ladder.rank_bomb", {"size": n}, " ".join(_QUEENS[:n])) for n in range(6, 11)),
)
#: The rungs of the bomb ladder, weakest first: (label key, fields, example cards), in the
#: order the engine's comparison key (``combo.strength_key``) gives their examples at level 2.
LADDER: tuple[tuple[str, dict[str, int], str], ...] = tuple(
    sorted(_RUNGS, key=lambda rung: strength_key(Combo.of(rung[2], "2"))))


@_drawing
def bomb_ladder(level: Rank | str = "2") -> Figure:
    """Draws the bomb ladder (§05.2): 4 < 5 < straight flush < 6 < … < 10 < the four jokers.

    The examples fill their bombs with the wild heart of ``level`` (the order is the same at
    every level; a chapter draws it at the level of its other examples).
    """
    from matplotlib.figure import Figure

    lv = as_level(level)
    wild = str(wild_card(lv))
    fig = Figure(figsize=(7.5, 5.2))
    ax = fig.subplots()
    n = len(LADDER)
    for i, (key, fields, plain) in enumerate(LADDER):
        example = plain.replace("2♥", wild)
        colour = GOLD if key == "plot.ladder.straight_flush" else (
            RED if key == "plot.ladder.joker_bomb" else BLUE)
        ax.barh(i, 1, left=0, height=0.72, color=colour, alpha=0.18, edgecolor=colour)
        ax.text(0.03, i, say(key, **fields), va="center", ha="left", fontsize=11,
                fontweight="bold", color=INK)
        ax.text(0.97, i, format_cards(example), va="center", ha="right", fontsize=11,
                color=INK)  # the card notation, the same in every language
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_xlim(0, 1)
    ax.set_yticks(range(n), [str(i + 1) for i in range(n)])
    ax.set_xticks([])
    ax.set_ylabel(say("plot.ladder.ylabel"))
    ax.set_title(say("plot.ladder.title"))
    ax.set_xlabel(say("plot.ladder.note", level=lv.value, wild=wild))
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    fig.tight_layout()
    return fig


# -- Levels over a match (§07) ---------------------------------------------------------------


@_drawing
def levels_over_match(history: Iterable[tuple[Rank | str, Rank | str]], *,
                      variants: Sequence[str] | None = None) -> Figure:
    """Draws both teams' levels after each deal, from a list of ``(team 0, team 1)`` levels.

    The first pair is the start of the match (usually ``("2", "2")``, §02.6). ``variants``
    (a table's ``Rules.variants``) names the table in the title, so two matches' charts can be
    told apart: ``()`` is the rulebook's table.
    """
    from matplotlib.figure import Figure

    pairs = [(as_level(a), as_level(b)) for a, b in history]
    fig = Figure(figsize=(7.5, 4))
    ax = fig.subplots()
    xs = list(range(len(pairs)))
    for team, (colour, marker) in enumerate(((BLUE, "o"), (RED, "s"))):
        ys = [p[team].natural for p in pairs]
        ax.step(xs, ys, where="post", color=colour, marker=marker,
                label=say("plot.levels.team", team=team, seats=f"{team} & {team + 2}"))
    ax.set_yticks([r.natural for r in LEVELS], [r.value for r in LEVELS])
    ax.set_ylim(1.5, 14.5)
    ax.set_xticks(xs)
    ax.set_xlabel(say("plot.levels.xlabel"))
    ax.set_ylabel(say("plot.levels.ylabel"))
    if variants is None:
        title = say("plot.levels.title")
    elif variants:
        title = say("plot.levels.title_variants", variants=", ".join(variants))
    else:
        title = say("plot.levels.title_rulebook")
    ax.set_title(title, pad=26)
    ax.grid(axis="y", alpha=0.3)
    # Above the axes, under the title, outside the data: the lines may run anywhere.
    ax.legend(loc="lower left", bbox_to_anchor=(0, 1.01), ncols=2, frameon=False,
              borderaxespad=0)
    fig.tight_layout()
    return fig


# -- Bombs in dealt hands (§05) --------------------------------------------------------------


def rank_bomb_count(hand: Iterable[Card], level: Rank | str) -> int:
    """Counts the most rank bombs (and the four jokers) a hand can make at once.

    Each bomb needs 4 cards of one rank; wild hearts fill the ranks that need fewest (§05.1).

    >>> from guandan_learn import parse_cards
    >>> rank_bomb_count(parse_cards("8C 8D 8S 8H 9C 9D 9S 7H"), "7")
    2
    >>> rank_bomb_count(parse_cards("BJ BJ RJ RJ 3C"), "7")
    1
    """
    lv = as_level(level)
    wild = wild_card(lv)
    cards = list(hand)
    wilds = sum(1 for c in cards if c is wild)
    counts = Counter(c.rank for c in cards if c is not wild and not c.is_joker)
    jokers = Counter(c.rank for c in cards if c.is_joker)
    bombs = 1 if jokers[Rank.BLACK_JOKER] == 2 and jokers[Rank.RED_JOKER] == 2 else 0
    bombs += sum(1 for n in counts.values() if n >= 4)
    for need in sorted(4 - n for n in counts.values() if n < 4):
        if need > wilds:
            break
        wilds -= need
        bombs += 1
    return bombs


@dataclass(frozen=True)
class BombStats:
    """How often dealt 27-card hands hold bombs at one level."""

    level: Rank
    hands: int
    with_bomb: int
    with_straight_flush: int
    bombs: Counter[int]

    @property
    def share_with_bomb(self) -> float:
        """Returns the share of hands that can play at least one bomb of any kind."""
        return self.with_bomb / self.hands if self.hands else 0.0

    @property
    def mean_bombs(self) -> float:
        """Returns the mean number of rank bombs (four jokers included) a hand makes at once."""
        total = sum(k * v for k, v in self.bombs.items())
        return total / self.hands if self.hands else 0.0


def bomb_counts(n_deals: int, seed: int, levels: Sequence[Rank | str] = ("2",)
                ) -> list[BombStats]:
    """Deals ``n_deals`` shuffles of the 108 cards per level and counts bombs in the 4 hands.

    A hand "holds a bomb" when ``hints`` offers any bomb, straight flushes included (its
    ``bomb_kinds`` are not empty); the number of bombs is ``rank_bomb_count``. The same
    shuffles serve every level.

    >>> [s.hands for s in bomb_counts(2, 1, ["2", "A"])]
    [8, 8]
    """
    rng = random.Random(seed)
    shuffles = []
    for _ in range(n_deals):
        cards = deck()
        rng.shuffle(cards)
        shuffles.append(cards)
    out = []
    for level in levels:
        lv = as_level(level)
        with_bomb = with_sf = 0
        bombs: Counter[int] = Counter()
        for cards in shuffles:
            for seat in range(4):
                hand = cards[seat::4]
                kinds = bomb_kinds(hand, lv)
                with_bomb += bool(kinds)
                with_sf += Kind.STRAIGHT_FLUSH in kinds
                bombs[rank_bomb_count(hand, lv)] += 1
        out.append(BombStats(lv, 4 * n_deals, with_bomb, with_sf, bombs))
    return out


@_drawing
def bomb_statistics(n_deals: int = 250, seed: int = 0,
                    levels: Sequence[Rank | str] = ("2", "7", "A")) -> Figure:
    """Draws how often a dealt hand holds a bomb, and how many rank bombs it makes, by level."""
    from matplotlib.figure import Figure

    stats = bomb_counts(n_deals, seed, levels)
    fig = Figure(figsize=(9, 4))
    left, right = fig.subplots(1, 2)
    names = [s.level.value for s in stats]
    xs = range(len(stats))
    left.bar([x - 0.2 for x in xs], [100 * s.share_with_bomb for s in stats], width=0.4,
             color=BLUE, label=say("plot.bombs.any"))
    left.bar([x + 0.2 for x in xs], [100 * s.with_straight_flush / s.hands for s in stats],
             width=0.4, color=GOLD, label=say("plot.bombs.straight_flush"))
    left.set_xticks(list(xs), names)
    left.set_ylim(0, 100)
    left.set_xlabel(say("plot.bombs.level"))
    left.set_ylabel(say("plot.bombs.percent"))
    # Legends sit above their axes, outside the bars (which reach any height).
    left.legend(loc="lower left", bbox_to_anchor=(0, 1.01), fontsize=9, frameon=False,
                borderaxespad=0)
    most = max((k for s in stats for k in s.bombs), default=0)
    width = 0.8 / max(len(stats), 1)
    for i, s in enumerate(stats):
        ks = list(range(most + 1))
        right.bar([k + (i - (len(stats) - 1) / 2) * width for k in ks],
                  [100 * s.bombs[k] / s.hands for k in ks], width=width,
                  label=say("plot.bombs.at_level", level=s.level.value))
    right.set_xticks(list(range(most + 1)))
    right.set_xlabel(say("plot.bombs.count"))
    right.set_ylabel(say("plot.bombs.percent"))
    right.legend(loc="lower left", bbox_to_anchor=(0, 1.01), fontsize=9, frameon=False,
                 borderaxespad=0, ncols=len(stats))
    fig.suptitle(say("plot.bombs.title", hands=stats[0].hands if stats else 0))
    fig.tight_layout()
    return fig
