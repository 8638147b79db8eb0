"""Pictures and sentences for engine values in a notebook, attached from the render layer.

The engine's values (``Card``, ``Combo``, ``Deal``, ``Verdict``) know nothing of notebooks;
``register`` teaches IPython to show them: ``text/html`` is an inline ``<svg role="img">``
with its ``<title>`` and ``<desc>`` (a verdict adds its reading and reason around it), and
``text/plain`` is a learner's sentence such as ``8♣ 8♦ — a pair of 8s``. A deal's settlement
and a tribute plan show their sentences. In HTML every clause cited is a link to it in the
rulebook, in the learner's language, with the clause's text as its tooltip; the plain text
stays plain.

The package facade (``guandan_learn/__init__``, which is not an engine module) calls
``register`` when IPython is already imported, so ``from guandan_learn import ...`` in a
kernel is enough.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import Card
from .combo import Combo
from .deal import Deal
from .judge import Verdict
from .level import Settlement
from .render import Hand, card_svg, combo_svg, deal_svg, verdict_html
from .rulebook import linked
from .text import plain
from .tribute import TributePlan

__all__ = ["HTML", "explained_html", "html", "register"]


def explained_html(value: Settlement | TributePlan) -> str:
    """Shows a settlement or a tribute plan: one paragraph per sentence, each clause a link.

    >>> from guandan_learn import settle_deal
    >>> page = explained_html(settle_deal(("2", "2"), None, [1, 0, 3]))
    >>> page.startswith('<div class="gdl-explained">') and 'class="gdl-clause"' in page
    True
    """
    body = "".join(f"<p>{linked(sentence)}</p>" for sentence in value.sentences)
    return f'<div class="gdl-explained">{body}</div>'

#: The HTML picture of each kind of value.
HTML: dict[type, Callable[[Any], str]] = {
    Card: card_svg,
    Combo: lambda combo: combo_svg(combo, caption=True),
    Deal: deal_svg,
    Verdict: verdict_html,
    Hand: Hand.svg,
    Settlement: explained_html,
    TributePlan: explained_html,
}


def html(value: Card | Combo | Deal | Verdict | Hand | Settlement | TributePlan) -> str:
    """Returns the HTML a notebook shows for an engine value.

    >>> html(Card("8C")).startswith("<svg") and 'role="img"' in html(Card("8C"))
    True
    """
    for kind, draw in HTML.items():
        if isinstance(value, kind):
            return draw(value)
    raise TypeError(f"no picture for {type(value).__name__}")


def _pretty(value: object, printer: Any, cycle: bool) -> None:
    if isinstance(value, Settlement | TributePlan):
        printer.text(value.explanation)
        return
    printer.text(plain(value))  # type: ignore[arg-type]


def register(shell: Any = None) -> bool:
    """Registers the HTML pictures and plain sentences with IPython; tells whether it could.

    ``shell`` is the running IPython shell (found with ``get_ipython`` when omitted); outside
    IPython nothing happens.
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    formatters = shell.display_formatter.formatters
    for kind, draw in HTML.items():
        formatters["text/html"].for_type(kind, draw)
        if kind is not Hand:  # a hand's text is its card list (``str``)
            formatters["text/plain"].for_type(kind, _pretty)
    # Figures: inline SVG with a title and a description, not an <img> without alt. Named,
    # not imported: matplotlib (a second or more) loads when a notebook draws, not here.
    formatters["text/html"].for_type_by_name("matplotlib.figure", "Figure", _figure_html)
    return True  # configure_matplotlib puts the figure formatter back after its own


def _figure_html(fig: Any) -> str:
    from .plots import figure_html

    return figure_html(fig)
