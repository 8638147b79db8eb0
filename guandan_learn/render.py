"""Pictures of cards, hands, plays and the table as deterministic SVG strings.

Every function here is pure: it returns the same text for the same input (no random ids, no
dates), so notebooks that show pictures compare cleanly under nbval, and tests need no kernel.
Every picture has ``role="img"``, a ``<title>`` and a ``<desc>`` for screen readers, written
through ``say``. An optional four-colour deck (clubs green, diamonds blue) helps learners who
do not tell red from black easily: pass ``four_colour=True`` or call ``set_four_colour(True)``.

>>> svg = card_svg(Card("7H"), "7")
>>> svg.startswith("<svg") and 'role="img"' in svg and ">wild</text>" in svg
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from .cards import (
    Card,
    CardsLike,
    Rank,
    Suit,
    as_level,
    format_cards,
    rank_letter,
    sort_cards,
    spoken_cards,
    to_cards,
    wild_card,
)
from .combo import Combo, Kind
from .errors import ArgumentError
from .messages import rank_plural, rank_singular, say, seat_text
from .rulebook import linked
from .text import describe

if TYPE_CHECKING:
    from .deal import Deal
    from .judge import Verdict

#: Size of one card face in pixels.
CARD_W, CARD_H = 56, 80
#: Space around a lone card, and under a wild heart for its declared meaning.
PAD, LABEL_H = 2, 16
#: Horizontal step between overlapping cards in a hand, and between cards of a play.
HAND_STEP, COMBO_STEP = 24, 40
#: How far a selected card rises in a hand.
RAISE = 12
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

INK = "#1a1a1a"
RED = "#c8102e"
GREEN = "#137333"
BLUE = "#1a56c4"
GOLD = "#b8860b"
#: The "wild" badge: white text on it is 6.3:1 (AA), where the gold border is only 3.3:1.
WILD_BADGE = "#7a5c00"
SELECT = "#1f6feb"
#: Every picture scales down to the width it is given, keeping its proportions.
FIT_STYLE = "max-width:100%;height:auto"
#: A page rule each picture carries: JupyterLab (and Voilà) break printed text anywhere,
#: even inside a word or "§02.7"; this makes it wrap between words, breaking a word only
#: when it is wider than the whole line.
PAGE_CSS = ".jp-OutputArea-output pre{word-break:normal;overflow-wrap:break-word}"
#: Rules for the widgets: buttons as wide as their label (or wrapping), tab titles whole
#: (the tab bar wraps onto more rows), rows of buttons that wrap on a narrow screen.
WIDGET_CSS = (
    ".gdl-widget .widget-button,.gdl-widget .jupyter-button{width:auto;min-width:fit-content;"
    "max-width:100%;height:auto;min-height:var(--jp-widgets-inline-height);"
    "white-space:normal;overflow:visible;text-overflow:clip}"
    ".gdl-widget .widget-hbox{flex-wrap:wrap}"
    ".gdl-widget .lm-TabBar-content{flex-wrap:wrap}"
    ".gdl-widget .jupyter-widgets.jupyter-widget-tab>.lm-TabBar{overflow:visible;"
    "min-height:fit-content}"
    ".gdl-widget .jupyter-widgets.jupyter-widget-tab>.lm-TabBar .lm-TabBar-tab{flex:0 0 auto;"
    "min-width:fit-content;max-width:none}"
    ".gdl-widget .jupyter-widgets.jupyter-widget-tab>.lm-TabBar .lm-TabBar-tabLabel{"
    "overflow:visible;text-overflow:clip}"
    ".gdl-widget .widget-label{width:auto;min-width:fit-content}" + PAGE_CSS)
#: The widest badge under a wild heart, and the narrowest that holds "= 10♥".
BADGE_W, BADGE_MIN = CARD_W - 8, 34

_four_colour = False


def set_four_colour(on: bool = True) -> bool:
    """Chooses the four-colour deck (clubs green, diamonds blue) as the default; returns it.

    >>> set_four_colour(True), 'fill="#137333"' in card_svg(Card("8C"))
    (True, True)
    >>> set_four_colour(False)
    False
    """
    global _four_colour
    _four_colour = bool(on)
    return _four_colour


def four_colour() -> bool:
    """Tells whether the four-colour deck is the default."""
    return _four_colour


def suit_colour(suit: Suit | None, *, four: bool | None = None, joker: Rank | None = None) -> str:
    """Returns the ink colour of a suit (or of a joker, by its colour).

    >>> suit_colour(Suit.CLUBS), suit_colour(Suit.CLUBS, four=True)
    ('#1a1a1a', '#137333')
    """
    if suit is None:
        return RED if joker is Rank.RED_JOKER else INK
    four = _four_colour if four is None else four
    if suit is Suit.HEARTS:
        return RED
    if suit is Suit.DIAMONDS:
        return BLUE if four else RED
    if suit is Suit.CLUBS:
        return GREEN if four else INK
    return INK


def card_name(card: Card) -> str:
    """Returns a card's spoken name: "8 of clubs", "jack of hearts", "red joker".

    >>> card_name(Card("JH")), card_name(Card("BJ"))
    ('jack of hearts', 'black joker')
    """
    if card.suit is None:
        return rank_singular(card.rank)
    return say("render.card", rank=rank_singular(card.rank),
               suit=say("render.suit." + card.suit.value))


def card_label(card: Card, level: Rank | str | None = None,
               declared: Card | None = None) -> str:
    """Returns a card's accessible label, naming a wild heart and what it stands for."""
    name = card_name(card)
    if level is not None and card.is_wild(level):
        if declared is not None:
            return say("render.card.declared", card=name, meaning=card_name(declared))
        return say("render.card.wild", card=name, level=as_level(level).value)
    return name


# -- Building blocks -------------------------------------------------------------------------


def _attr(text: str) -> str:
    return escape(text, quote=True)


def _text(x: float, y: float, text: str, *, size: float, fill: str, weight: str = "normal",
          anchor: str = "start", extra: str = "") -> str:
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"{bold} '
            f'text-anchor="{anchor}"{extra}>{escape(text, quote=False)}</text>')


def _n(value: float) -> str:
    """Writes a coordinate without a trailing ``.0``, so output stays short and stable."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _svg(width: float, height: float, title: str, desc: str, body: Iterable[str],
         css_class: str = "") -> str:
    cls = f' class="{_attr(css_class)}"' if css_class else ""
    # Natural size, but never wider than the cell or widget it sits in: it shrinks to fit.
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
            f'viewBox="0 0 {_n(width)} {_n(height)}" style="{FIT_STYLE}" role="img" '
            f'font-family="{FONT}"{cls}>'
            f"<title>{escape(title, quote=False)}</title><desc>{escape(desc, quote=False)}</desc>"
            f"<style>{PAGE_CSS}</style>")
    return head + "".join(body) + "</svg>"


def _card(card: Card, x: float, y: float, *, level: Rank | None = None,
          declared: Card | None = None, selected: bool = False,
          four: bool | None = None, badge_w: float = BADGE_W, badge_dy: float = 0) -> str:
    """Draws one card face with its top-left corner at ``(x, y)`` as an SVG group.

    A declared meaning goes in a badge ``badge_w`` wide under the card, ``badge_dy`` lower.
    """
    wild = level is not None and card.is_wild(level)
    colour = suit_colour(card.suit, four=four, joker=card.rank)
    stroke, width = (SELECT, 3) if selected else ((GOLD, 2) if wild else ("#555555", 1))
    fill = "#fffbea" if wild else "#ffffff"
    parts = [f'<g class="card" data-card="{card.code}">',
             f'<rect class="face" x="{_n(x)}" y="{_n(y)}" width="{CARD_W}" height="{CARD_H}" '
             f'rx="6" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>']
    if card.suit is None:
        # Jokers: the learner's word for a joker ("JOKER", "CURINGA", "COMODÍN") down the left
        # edge, a star in the middle (filled for the red joker, hollow for the black one, so
        # the two differ without colour). Longer words sit closer, in smaller letters.
        word = say("render.joker_word")[:8]
        step = min(13.0, 62 / max(len(word) - 1, 1))
        for i, letter in enumerate(word):
            parts.append(_text(x + 10, y + 14 + step * i, letter, size=11 if step >= 12 else 9,
                               fill=colour, weight="bold", anchor="middle"))
        star = "★" if card.rank is Rank.RED_JOKER else "☆"
        parts.append(_text(x + 35, y + 52, star, size=30, fill=colour, anchor="middle"))
    else:
        rank = rank_letter(card.rank)
        size = 13 if len(rank) > 1 else 15
        parts.append(_text(x + 11, y + 17, rank, size=size, fill=colour, weight="bold",
                           anchor="middle", extra=' letter-spacing="-1"' if len(rank) > 1
                           else ""))
        parts.append(_text(x + 11, y + 32, card.suit.symbol, size=14, fill=colour,
                           anchor="middle"))
        parts.append(_text(x + 36, y + 56, card.suit.symbol, size=28, fill=colour,
                           anchor="middle"))
    if wild:
        parts.append(f'<rect class="wild" x="{_n(x + 3)}" y="{_n(y + 38)}" width="16" '
                     f'height="38" rx="3" fill="{WILD_BADGE}"/>')
        parts.append(_text(x + 11, y + 57, say("render.wild_badge"), size=10, fill="#ffffff",
                           weight="bold", anchor="middle",
                           extra=f' transform="rotate(-90 {_n(x + 11)} {_n(y + 57)})" '
                                 'dominant-baseline="central"'))
    if declared is not None:
        left = x + min(4.0, (CARD_W - badge_w) / 2)
        top = y + CARD_H + 1 + badge_dy
        parts.append(f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(badge_w)}" '
                     f'height="15" rx="7" fill="#ffffff" stroke="{GOLD}" stroke-width="1"/>')
        parts.append(_text(left + badge_w / 2, top + 12,
                           say("render.declared", meaning=str(declared)),
                           size=12 if badge_w >= BADGE_W else 11,
                           fill=suit_colour(declared.suit, four=four, joker=declared.rank),
                           weight="bold", anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def _row(cards: list[Card], x: float, y: float, step: float, *, level: Rank | None,
         declared: dict[int, Card] | None = None, selected: Collection[int] = (),
         four: bool | None = None) -> str:
    """Draws cards left to right, later cards on top; selected ones (by index) rise.

    Badges of declared wilds never overlap: they narrow to the step between cards, and where
    the step is too small even for that, a badge that would touch the one before it drops
    one label lower (so a row with declared wilds may need ``2 * LABEL_H`` below it).
    """
    # A wild heart that stands for itself (a lone 7♥ at level 7) is not declared as another
    # card (§03.5): it is drawn as a plain level card, with no wild badge and no "= 7♥".
    own = {i for i, meaning in (declared or {}).items() if meaning == cards[i]}
    declared = {i: meaning for i, meaning in (declared or {}).items() if i not in own}
    badge_w = max(BADGE_MIN, min(BADGE_W, step - 2))
    drops: dict[int, float] = {}
    previous: int | None = None
    for i in sorted(declared):
        low = previous is not None and drops[previous] == 0 and (i - previous) * step < badge_w + 2
        drops[i] = LABEL_H if low else 0
        previous = i
    return "".join(
        _card(c, x + i * step, y - (RAISE if i in selected else 0),
              level=None if i in own else level,
              declared=declared.get(i), selected=i in selected, four=four,
              badge_w=badge_w, badge_dy=drops.get(i, 0))
        for i, c in enumerate(cards))


# -- Cards, hands, plays ---------------------------------------------------------------------


def card_svg(card: Card | str, level: Rank | str | None = None, *,
             declared: Card | str | None = None, selected: bool = False,
             four_colour: bool | None = None) -> str:
    """Draws one card; a wild heart at ``level`` is badged "wild", ``declared`` shown under it.

    ``four_colour`` overrides the module default (``set_four_colour``).

    >>> card_svg("RJ").count("<text")  # J, O, K, E, R and the star
    6
    """
    c = to_cards(card)[0]
    lv = None if level is None else as_level(level)
    meaning = None if declared is None else to_cards(declared)[0]
    height = CARD_H + 2 * PAD + (LABEL_H if meaning is not None else 0)
    label = card_label(c, lv, meaning)
    body = _card(c, PAD, PAD, level=lv, declared=meaning, selected=selected, four=four_colour)
    return _svg(CARD_W + 2 * PAD, height, say("render.card.title", card=str(c)),
                say("render.card.desc", card=label[:1].upper() + label[1:]), [body])


def _selected_indices(cards: list[Card], selected: CardsLike | Collection[int] | None) -> set[int]:
    """Turns selected cards (a multiset) or positions into positions in ``cards``."""
    if not selected:
        return set()
    if isinstance(selected, str | Card):
        wanted = to_cards(selected)
    else:
        items = list(selected)
        if all(isinstance(i, int) for i in items):
            return {int(i) for i in items}  # type: ignore[arg-type]
        wanted = to_cards(items)  # type: ignore[arg-type]
    out: set[int] = set()
    for w in wanted:
        for i, c in enumerate(cards):
            if c is w and i not in out:
                out.add(i)
                break
    return out


def hand_svg(cards: CardsLike, level: Rank | str, *,
             selected: CardsLike | Collection[int] | None = None,
             four_colour: bool | None = None, step: float = HAND_STEP,
             sort: bool = True) -> str:
    """Draws a hand as overlapping cards, weakest first at ``level``; wild hearts are badged.

    ``selected`` names cards (or positions after sorting) drawn raised and outlined.

    >>> svg = hand_svg("KS 3C 7H", "7", selected="KS")
    >>> svg.index('data-card="3C"') < svg.index('data-card="KS"') < svg.index('data-card="7H"')
    True
    """
    lv = as_level(level)
    cs = sort_cards(cards, lv) if sort else to_cards(cards)
    chosen = _selected_indices(cs, selected)
    n = len(cs)
    width = (n - 1) * step + CARD_W + 2 * PAD if n else CARD_W + 2 * PAD
    height = CARD_H + 2 * PAD + RAISE
    if n == 0:
        title = say("render.hand.title_empty", level=lv.value)
    else:
        title = say("render.hand.title", count=n, level=lv.value)
    desc = [say("render.hand.desc", level=lv.value, cards=spoken_cards(cs)) if n
            else say("render.hand.empty_desc")]
    wilds = [c for c in cs if c.is_wild(lv)]
    if wilds:
        desc.append(say("render.hand.wilds", cards=spoken_cards(wilds)))
    if chosen:
        desc.append(say("render.hand.selected",
                        cards=spoken_cards([cs[i] for i in sorted(chosen)])))
    body = _row(cs, PAD, PAD + RAISE, step, level=lv, selected=chosen, four=four_colour)
    if not n:  # an empty place where the cards would be
        body = (f'<rect x="{PAD}" y="{PAD + RAISE}" width="{CARD_W}" height="{CARD_H}" rx="6" '
                'fill="none" stroke="#999999" stroke-dasharray="4 3"/>')
    return _svg(width, height, title, " ".join(desc), [body])


_LOW_ACE_KEY = {Kind.STRAIGHT: 5, Kind.STRAIGHT_FLUSH: 5, Kind.TUBE: 3, Kind.PLATE: 2}


def display_order(combo: Combo) -> list[tuple[Card, Card | None]]:
    """Orders a play's cards as a player lays them out, each with what it stands for if wild.

    Sequences run low to high with each wild in its declared place and a low ace first
    (§04.6); a full house shows its triple before its pair.

    >>> [str(c) for c, _ in display_order(Combo.of("AC 2D 3S 4C 5D", "7"))]
    ['A♣', '2♦', '3♠', '4♣', '5♦']
    """
    wild = wild_card(combo.level)
    meanings = iter(combo.wilds)
    shown = [(c, next(meanings, None) if c is wild else None) for c in combo.cards]
    if combo.kind in _LOW_ACE_KEY and combo.rank is not None:
        low = combo.rank.natural == _LOW_ACE_KEY[combo.kind]

        def value(item: tuple[Card, Card | None]) -> int:
            natural = (item[1] or item[0]).rank.natural
            return 1 if low and natural == 14 else natural

        shown.sort(key=value)
    elif combo.kind is Kind.FULL_HOUSE:
        shown.sort(key=lambda item: (item[1] or item[0]).rank is not combo.rank)
    return shown


def _wild_sentences(combo: Combo, pairs: list[tuple[Card, Card]]) -> list[str]:
    """Says what the declared wild hearts of a play stand for, once for two alike (§03.4).

    In a rank bomb a wild only adds one more card of the bomb's rank, so it is said that way
    (a bomb of eight queens holds no third Q♥).
    """
    if combo.kind is Kind.BOMB and combo.rank is not None and pairs:
        return [say("render.combo.wild_bomb", count=len(pairs), wild=str(pairs[0][0]),
                    ranks=rank_plural(combo.rank))]
    if len(pairs) == 2 and pairs[0] == pairs[1]:
        return [say("render.combo.wild_both", wild=str(pairs[0][0]), meaning=str(pairs[0][1]))]
    return [say("render.combo.wild", wild=str(w), meaning=str(m)) for w, m in pairs]


def combo_svg(combo: Combo, *, caption: bool = False, four_colour: bool | None = None) -> str:
    """Draws a play; each wild heart is badged and shows what it stands for, e.g. "= 8♥".

    >>> svg = combo_svg(Combo.of("8C 8D 8S 7H", "7"))
    >>> "= 8♥" in svg and "7♥ is wild and counts as one more of the 8s" in svg
    True
    >>> lone = combo_svg(Combo.of("7H", "7"))  # a level card, not declared (§03.5)
    >>> "= 7♥" in lone or "stands for" in lone or 'class="wild"' in lone
    False
    """
    shown = display_order(combo)
    cs = [card for card, _ in shown]
    declared = {i: meaning for i, (_, meaning) in enumerate(shown) if meaning is not None}
    n = len(cs)
    play = describe(combo)
    width: float = (n - 1) * COMBO_STEP + CARD_W + 2 * PAD
    if caption:
        width = max(width, 7.2 * len(play) + 2 * PAD)  # room for the caption under few cards
    badged = any(m != cs[i] for i, m in declared.items())
    height = CARD_H + 2 * PAD + (LABEL_H if badged else 0) + (20 if caption else 0)
    desc = [say("render.combo.desc", level=combo.level.value, cards=spoken_cards(cs))]
    desc += _wild_sentences(combo, [(cs[i], m) for i, m in declared.items() if m != cs[i]])
    body = [_row(cs, PAD, PAD, COMBO_STEP, level=combo.level, declared=declared,
                 four=four_colour)]
    if caption:  # on its own white ground, so it reads in a dark theme too
        body.append(f'<rect x="0" y="{_n(height - 20)}" width="{_n(width)}" height="20" '
                    'rx="4" fill="#ffffff"/>')
        body.append(_text(width / 2, height - 5, play, size=13, fill=INK, anchor="middle"))
    return _svg(width, height, say("render.combo.title", play=play), " ".join(desc), body)


@dataclass(frozen=True, repr=False)
class Hand:
    """A hand to show in a notebook: its picture is ``hand_svg`` (inline HTML through
    ``display.register``), its text the card list."""

    cards: tuple[Card, ...]
    level: Rank
    four_colour: bool | None = None

    def svg(self) -> str:
        """Returns the hand's picture."""
        return hand_svg(self.cards, self.level, four_colour=self.four_colour)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return format_cards(self.cards)


def show_hand(cards: CardsLike, level: Rank | str, *, four_colour: bool | None = None) -> Hand:
    """Returns a hand that draws itself in a notebook, weakest first at ``level``.

    >>> str(show_hand("RJ 3C 7H", "7"))
    '3♣ 7♥ RJ'
    """
    lv = as_level(level)
    return Hand(tuple(sort_cards(cards, lv)), lv, four_colour)


# -- Verdicts --------------------------------------------------------------------------------


def verdict_html(verdict: Verdict, *, four_colour: bool | None = None) -> str:
    """Shows a judge's verdict: allowed or not, the reading (drawn), and the reason.

    >>> from guandan_learn import judge
    >>> "Not allowed" in verdict_html(judge("AC AD", Combo.of("9S", "7"), "7"))
    True
    """
    ok = verdict.legal
    colour = GREEN if ok else RED
    mark = "✔" if ok else "✘"
    head = say("render.verdict.legal" if ok else "render.verdict.illegal")
    # Its own light ground keeps the verdict's colours AA in a dark theme; no role="status":
    # a verdict in a chapter is static output, not a message that changes.
    parts = ['<div class="gdl-verdict" style="background:#ffffff;color:#1a1a1a;'
             'padding:2px 8px;border-radius:4px;display:inline-block">',
             f'<p><strong style="color:{colour}">{mark} {escape(head)}</strong></p>']
    if verdict.combo is not None:
        parts.append(f"<div>{combo_svg(verdict.combo, four_colour=four_colour)}</div>")
        parts.append(f"<p>{escape(say('render.verdict.reading', play=describe(verdict.combo)))}"
                     "</p>")
    parts.append(f"<p>{linked(verdict.reason)}</p></div>")  # its clause a link
    return "".join(parts)


# -- The table of a deal ---------------------------------------------------------------------

DEAL_W, DEAL_H = 1000, 700
_FELT, _FELT_EDGE, _LABEL = "#2f6b4f", "#1e4a36", "#ffffff"
_TRICK_STEP, _SIDE_STEP, _SIDE_ROW = 22, 20, 14
_PLACES = {1: "render.deal.out_1", 2: "render.deal.out_2", 3: "render.deal.out_3"}


def _count_label(deal: Deal, seat: int, *, face_up: bool = False) -> str:
    """Says a seat's card count as the table hears it (§06.9), or, for a hand shown face up,
    how many cards the picture shows (more than 10 is only what a player hears)."""
    n = len(deal.hands[seat]) if face_up else deal.card_count(seat)
    if n is None:
        return say("render.deal.count_many")
    return say("render.deal.count", count=n)


def _pill(x: float, y: float, text: str, *, fill: str, ink: str, anchor: str = "middle",
          size: float = 13) -> str:
    width = 9 + len(text) * size * 0.6
    left = x - width / 2 if anchor == "middle" else (x if anchor == "start" else x - width)
    return (f'<rect x="{_n(left)}" y="{_n(y - size - 3)}" width="{_n(width)}" '
            f'height="{_n(size + 9)}" rx="{_n((size + 9) / 2)}" fill="{fill}"/>'
            + _text(left + width / 2, y + 1, text, size=size, fill=ink, weight="bold",
                    anchor="middle"))


def _back(x: float, y: float) -> str:
    """Draws the back of a card (hidden hands)."""
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="#8b1e3f" stroke="#ffffff" stroke-width="2"/>'
            f'<rect x="{_n(x + 6)}" y="{_n(y + 6)}" width="{CARD_W - 12}" height="{CARD_H - 12}" '
            f'rx="4" fill="none" stroke="#e8c8d0" stroke-width="1"/>')


def check_viewer(viewer: object) -> None:
    """Raises ``ArgumentError`` unless ``viewer`` is ``None`` or a seat (0 to 3)."""
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                               or not 0 <= viewer < 4):
        shown = viewer if len(repr(viewer)) <= 60 else repr(viewer)[:59] + "…"
        raise ArgumentError(say("deal.bad_seat", value=shown), clause="§02.1")


def deal_svg(deal: Deal, viewer: int | None = None, *, four_colour: bool | None = None) -> str:
    """Draws the table: four seats around it, the current trick, counts, turn and who is out.

    The viewer's seat (seat 0 when ``viewer`` is ``None``) sits at the bottom; the seat that
    plays next sits on its right (§06.1). With a ``viewer`` the other hands are face down and
    only their counts show, as the table announces them (§06.9); without one every hand shows.
    The description for screen readers is the deal's own text view.
    """
    check_viewer(viewer)
    lv = deal.level
    bottom = 0 if viewer is None else viewer
    where = {bottom: "bottom", (bottom + 1) % 4: "right", (bottom + 2) % 4: "top",
             (bottom + 3) % 4: "left"}
    body = [f'<rect x="4" y="4" width="{DEAL_W - 8}" height="{DEAL_H - 8}" rx="28" '
            f'fill="{_FELT}" stroke="{_FELT_EDGE}" stroke-width="6"/>',
            _text(24, 36, say("render.deal.level", level=lv.value), size=18, fill=_LABEL,
                  weight="bold")]
    finish = deal.finish_order
    for seat, side in where.items():
        body.append(_seat(deal, seat, side, face_up=viewer is None or viewer == seat,
                          finish=finish, four=four_colour))
    body.append(_trick(deal, where, four_colour))
    body.append(_text(DEAL_W / 2, DEAL_H - 16, _status(deal), size=15, fill=_LABEL,
                      anchor="middle"))
    return _svg(DEAL_W, DEAL_H, say("render.deal.title", level=lv.value),
                deal.render_text(viewer).replace("\n", " "), body)


# Where each side's label and hand go: (label x, label y, label anchor, hand x, hand y, rows).
_SIDES = {
    "bottom": (500, 548, "middle", 500, 562, 1),
    "top": (500, 30, "middle", 500, 46, 1),
    "left": (24, 238, "start", 20, 252, 2),
    "right": (976, 238, "end", 980, 252, 2),
}


def _seat(deal: Deal, seat: int, side: str, *, face_up: bool, finish: tuple[int, ...],
          four: bool | None) -> str:
    lx, ly, anchor, hx, hy, rows = _SIDES[side]
    turn = deal.to_move == seat
    parts = []
    label = say("render.deal.seat", seat=seat, team=seat % 2)
    status = _count_label(deal, seat, face_up=face_up)
    place = deal.place(seat)
    if seat in finish:
        status = say(_PLACES[finish.index(seat) + 1])
    elif place == 4:
        status = say("render.deal.fourth")
    elif deal.is_over:
        status = say("render.deal.last")
    text = f"{label} — {status}"
    if turn:
        text += f" — ▶ {say('render.deal.turn')}"
    parts.append(_pill(lx, ly, text, fill="#f2c94c" if turn else _FELT_EDGE,
                       ink=INK if turn else _LABEL, anchor=anchor, size=14))
    hand = list(deal.hand(seat))
    if not hand:
        return "".join(parts)
    if not face_up:
        x = hx - CARD_W / 2 if side in ("top", "bottom") else (hx if side == "left"
                                                                else hx - CARD_W)
        parts.append(_back(x, hy))
        return "".join(parts)
    if rows > 1:
        rows = -(-len(hand) // _SIDE_ROW)
    per_row = -(-len(hand) // rows)
    step = 20 if rows == 1 else _SIDE_STEP
    for r in range(rows):
        chunk = hand[r * per_row:(r + 1) * per_row]
        if not chunk:
            continue
        width = (len(chunk) - 1) * step + CARD_W
        if side in ("top", "bottom"):
            x = hx - width / 2
        elif side == "left":
            x = hx
        else:
            x = hx - width
        parts.append(_row(chunk, x, hy + r * 44, step, level=deal.level, four=four))
    return "".join(parts)


# Centre point of each side's latest play in the trick.
_TRICK_AT = {"bottom": (500, 420), "top": (500, 150), "left": (410, 275), "right": (590, 315)}


def _trick(deal: Deal, where: dict[int, str], four: bool | None) -> str:
    latest = {}
    for action in deal.trick:
        latest[action.seat] = action
    parts = []
    table = deal.table
    for seat, action in latest.items():
        cx, cy = _TRICK_AT[where[seat]]
        if action.combo is None:
            parts.append(_pill(cx, cy + 40, say("render.deal.pass"), fill="#d9d9d9", ink=INK))
            continue
        cs = list(action.combo.cards)
        wild_positions = [i for i, c in enumerate(cs) if c.is_wild(deal.level)]
        declared = dict(zip(wild_positions, action.combo.wilds, strict=False))
        width = (len(cs) - 1) * _TRICK_STEP + CARD_W
        x = cx - width / 2
        if where[seat] == "left":
            x = max(x, 340)
        elif where[seat] == "right":
            x = min(x, 660 - width)
        parts.append(_row(cs, x, cy, _TRICK_STEP, level=deal.level, declared=declared,
                          four=four))
        if action.combo is table and deal.last_player == seat:
            parts.append(_pill(x + width / 2, cy - 8, say("render.deal.to_beat"),
                               fill="#f2c94c", ink=INK, size=11))
    return "".join(parts)


def _status(deal: Deal) -> str:
    if deal.is_over or deal.to_move is None:
        order = " → ".join(seat_text(s) for s in deal.finish_order)  # seats by name
        return say("render.deal.status_over", order=order)
    if deal.table is None:
        return say("render.deal.status_lead", seat=deal.to_move)
    return say("render.deal.status_beat", seat=deal.to_move, play=describe(deal.table),
               last=deal.last_player)
