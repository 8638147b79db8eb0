"""Pictures are deterministic, well-formed SVG with text for screen readers (render, plots)."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from guandan_learn import FACES, Card, Combo, judge, render
from guandan_learn.deal import Deal
from guandan_learn.render import (
    card_svg,
    combo_svg,
    deal_svg,
    hand_svg,
    set_four_colour,
    show_hand,
    verdict_html,
)
from guandan_learn.seats import seat_name

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """Parses SVG text and checks the accessibility frame every picture carries."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    title, desc = root.find(SVG + "title"), root.find(SVG + "desc")
    assert title is not None and title.text and title.text.strip()
    assert desc is not None and desc.text and desc.text.strip()
    assert list(root)[:2] == [title, desc]  # first children, where screen readers look
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(SVG + "text")]


def sample_deal() -> Deal:
    """The worked example of §09.1: a wild completes a bomb of 8s, then one pass."""
    d = Deal(["QS QD 3C 4D 5S 6H", "KC KD 4C", "8C 8D 8S 7H 5C", "9C 9D 6C"], "7", leader=0)
    d.play("QS QD")
    d.play("KC KD")
    d.play("8C 8D 8S 7H", wilds="8H")
    d.pass_turn()
    return d


def pictures() -> list[str]:
    return [
        card_svg(Card("8C")),
        card_svg("7H", "7", declared="8H", selected=True),
        card_svg("RJ"),
        hand_svg("3C 7H RJ KS 10D BJ", "7", selected="KS"),
        hand_svg("", "2"),
        combo_svg(Combo.of("8C 8D 8S 7H", "7"), caption=True),
        combo_svg(Combo.of("3C 4C 5C 7H 7H", "7")),
        deal_svg(sample_deal()),
        deal_svg(Deal.new(5, "7"), viewer=2),
    ]


def test_every_picture_is_valid_svg_with_title_and_desc() -> None:
    for svg in pictures():
        parse(svg)
    for card in FACES:
        for level in ("2", "7", "A"):
            parse(card_svg(card, level))


def test_output_is_deterministic_across_processes() -> None:
    code = ("import tests.test_render as t, hashlib; "
            "print(hashlib.sha256(''.join(t.pictures()).encode()).hexdigest())")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=ROOT,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
            for seed in (1, 2)}
    assert len(runs) == 1
    assert pictures() == pictures()
    assert "id=" not in "".join(pictures())  # no ids that could clash between pictures


def test_card_names_for_screen_readers() -> None:
    root = parse(card_svg("JH"))
    assert root.find(SVG + "desc").text == "Jack of hearts."
    desc = parse(card_svg("7H", "7", declared="8H")).find(SVG + "desc").text
    assert "wild heart standing for 8 of hearts (§03.4)" in desc


def test_wild_heart_badge_and_declared_meaning() -> None:
    combo = Combo.of("8C 8D 8S 7H", "7")  # §09.1: the wild 7♥ stands for a fourth eight
    root = parse(combo_svg(combo))
    assert "wild" in texts(root)
    assert "= 8♥" in texts(root)
    # In a rank bomb the wild is one more 8, not a second 8♥ (§03.4).
    assert "7♥ is wild and counts as one more of the 8s (§03.4)." in root.find(SVG + "desc").text
    assert root.find(SVG + "title").text == "The play: a 4-card bomb of 8s"
    # A heart of another rank is no wild, and a card without a level has no badge.
    assert "wild" not in texts(parse(card_svg("8H", "7")))
    assert "wild" not in texts(parse(card_svg("7H")))


def test_two_wilds_alike_are_said_once() -> None:
    tube = parse(combo_svg(Combo.of("3C 3D 4C 4D 7H 7H", "7"))).find(SVG + "desc").text
    assert tube.endswith(". Both 7♥ are wild and stand for 5♥ (§03.4).")
    bomb = parse(combo_svg(Combo.of("QC QD QH QS 7H 7H", "7"))).find(SVG + "desc").text
    assert bomb.endswith(". Both 7♥ are wild and count as two more queens (§03.4).")


def test_two_wilds_each_show_their_meaning() -> None:
    combo = Combo.of("3C 4C 5C 7H 7H", "7")
    labels = [t for t in texts(parse(combo_svg(combo))) if t.startswith("= ")]
    assert labels == ["= " + str(c) for c in combo.wilds]


def test_four_colour_deck() -> None:
    green, blue = 'fill="#137333"', 'fill="#1a56c4"'
    assert green not in card_svg("8C") and blue not in card_svg("8D")
    assert green in card_svg("8C", four_colour=True)
    assert blue in card_svg("8D", four_colour=True)
    assert card_svg("8H", four_colour=True) == card_svg("8H")  # hearts stay red
    try:
        set_four_colour(True)
        assert green in hand_svg("8C 9D", "2") and blue in hand_svg("8C 9D", "2")
        assert green not in card_svg("8C", four_colour=False)
    finally:
        set_four_colour(False)
    assert green not in card_svg("8C")


def test_jokers_are_drawn_apart() -> None:
    red, black = texts(parse(card_svg("RJ"))), texts(parse(card_svg("BJ")))
    assert red[:5] == black[:5] == list("JOKER")
    assert red[5] == "★" and black[5] == "☆"  # filled and hollow: they differ without colour
    assert 'fill="#c8102e"' in card_svg("RJ") and 'fill="#c8102e"' not in card_svg("BJ")


@pytest.mark.parametrize(("lang", "word"), [("pt", "CURINGA"), ("es", "COMODÍN")])
def test_jokers_carry_the_learners_word(lang: str, word: str) -> None:
    """The joker's word is in the learner's language, every letter on the card (issue 28)."""
    from guandan_learn import set_language

    try:
        set_language(lang)
        root = parse(card_svg("RJ"))
    finally:
        set_language("en")
    letters = [t for t in root.iter(SVG + "text") if t.text != "★"]
    assert [t.text for t in letters] == list(word)
    assert all(0 < float(t.get("y", "0")) <= render.PAD + render.CARD_H - 3 for t in letters)


def test_hand_is_sorted_by_strength_at_the_level() -> None:
    root = parse(hand_svg("7C AS 2D RJ 8H", "7"))
    order = [g.get("data-card") for g in root.iter(SVG + "g")]
    assert order == ["2D", "8H", "AS", "7C", "RJ"]  # level 7 sits above the ace (§03.1)
    assert root.find(SVG + "title").text == "5 cards at level 7"


def test_selected_cards_are_raised_and_outlined() -> None:
    svg = hand_svg("8C 8D 9S", "2", selected="8D")
    assert svg.count('stroke="#1f6feb"') == 1
    assert "Selected: 8♦." in parse(svg).find(SVG + "desc").text


def test_deal_shows_seats_trick_counts_and_turn() -> None:
    deal = sample_deal()
    root = parse(deal_svg(deal))
    words = " ".join(texts(root))
    for seat in range(4):
        assert f"{seat_name(seat)} · team {seat % 2}" in words
    assert "to beat" in words and "pass" in words and "= 8♥" in words
    assert "▶ to play" in words
    assert "South to play: beat a 4-card bomb of 8s from North, or pass (§06.3)." in words
    assert root.find(SVG + "desc").text.startswith("Active level 7.")


def test_deal_counts_follow_06_9_and_hide_other_hands() -> None:
    deal = Deal.new(5, "7")
    words = " ".join(texts(parse(deal_svg(deal, viewer=2))))
    assert words.count("more than 10 cards") == 3  # North sees its own 27 cards
    assert "North · team 0 — 27 cards" in words
    face_up = " ".join(texts(parse(deal_svg(deal))))  # every hand shown: the real counts
    assert face_up.count("— 27 cards") == 4 and "more than 10" not in face_up
    assert len(deal.hand(2)) == deal_svg(deal, viewer=2).count('class="card"')
    assert deal_svg(deal).count('class="card"') == 108


def test_deal_over_shows_places() -> None:
    deal = Deal(["3C", "4C", "5C", "6C 6D"], "2", leader=0)
    for _ in range(3):
        deal.play(deal.hints()[0])
    assert deal.is_over
    words = " ".join(texts(parse(deal_svg(deal))))
    assert "out · 1st" in words and "out · 2nd" in words and "out · 3rd" in words
    assert "4th" in words and "Finishing order: South → East → North" in words


def test_notebook_reprs() -> None:
    """The render layer's display module gives the engine's values their pictures."""
    from guandan_learn.display import html

    assert html(Card("8C")) == card_svg(Card("8C"))
    combo = Combo.of("8C 8D 8S 7H", "7")
    assert html(combo) == combo_svg(combo, caption=True)
    hand = show_hand("RJ 3C 7H", "7")
    assert html(hand) == hand_svg("3C 7H RJ", "7")  # inline, so its title and desc survive
    assert not hasattr(hand, "_repr_svg_")
    verdict = judge("AC AD", Combo.of("9S", "7"), "7")
    shown = html(verdict)
    assert "Not allowed" in shown and "A pair cannot beat a single" in shown
    assert shown == verdict_html(verdict)
    ok = html(judge("8C 8D 8S 7H", Combo.of("KC KD", "7"), "7"))
    assert "Allowed" in ok and "Read as a 4-card bomb of 8s." in ok and "= 8♥" in ok
    for value in (Card("8C"), combo, verdict):
        assert not hasattr(value, "_repr_svg_") and not hasattr(value, "_repr_html_")


def test_display_registers_pictures_and_sentences_with_ipython() -> None:
    """In a kernel, text/html is the inline picture and text/plain a learner's sentence."""
    from IPython.core.interactiveshell import InteractiveShell

    from guandan_learn import Deal
    from guandan_learn.display import register

    shell = InteractiveShell.instance()
    assert register(shell)
    combo = Combo.of("8C 8D", "7")
    data, _ = shell.display_formatter.format(combo)
    assert data["text/plain"] == "8♣ 8♦ — a pair of 8s"
    assert data["text/html"].startswith("<svg") and 'role="img"' in data["text/html"]
    assert "<title>" in data["text/html"] and "<desc>" in data["text/html"]
    deal = Deal(["3C", "4C", "5C", "6C"], "2", leader=3)
    data, _ = shell.display_formatter.format(deal)
    assert data["text/plain"] == "Deal at level 2: West to move, 0 actions"
    data, _ = shell.display_formatter.format(judge("AC AD", Combo.of("9S", "7"), "7"))
    assert data["text/plain"].startswith("A pair cannot beat a single")


def test_engine_imports_no_rendering_or_jupyter() -> None:
    code = ("import sys, guandan_learn; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'matplotlib', 'anywidget', 'IPython') "
            "or m in ('guandan_learn.render', 'guandan_learn.plots')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_registering_with_ipython_leaves_matplotlib_until_a_figure_shows() -> None:
    """Importing the package in a kernel imports no matplotlib (a second or more of Run All);
    a figure made later still shows as inline SVG with its title."""
    code = ("import sys; from IPython.core.interactiveshell import InteractiveShell; "
            "shell = InteractiveShell.instance(); import guandan_learn; "
            "assert 'matplotlib' not in sys.modules, 'imported'; "
            "from matplotlib.figure import Figure; fig = Figure(); "
            "fig.add_subplot().set_title('Bombs'); "
            "data, _ = shell.display_formatter.format(fig); "
            "print(data['text/html'][:4], '<title>Bombs</title>' in data['text/html'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["<svg", "True"]


def test_render_doctests() -> None:
    failures, _ = doctest.testmod(render)
    assert failures == 0


# -- Figures ---------------------------------------------------------------------------------

plots = pytest.importorskip("guandan_learn.plots")


def test_figures_are_deterministic_svg() -> None:
    plots.configure_matplotlib(svg=False)
    for make in (plots.bomb_ladder,
                 lambda: plots.levels_over_match([("2", "2"), ("4", "2"), ("4", "5")]),
                 lambda: plots.bomb_statistics(5, 1, ["2", "A"])):
        first, second = plots.figure_svg(make()), plots.figure_svg(make())
        assert first == second
        assert "<dc:date>" not in first
        ET.fromstring(first)


def test_bomb_ladder_order() -> None:
    labels = [key.split(".")[-1] + str(fields.get("size", "")) for key, fields, _ in
              plots.LADDER]
    assert labels == ["rank_bomb4", "rank_bomb5", "straight_flush", "rank_bomb6", "rank_bomb7",
                      "rank_bomb8", "rank_bomb9", "rank_bomb10", "joker_bomb"]
    # Every example is a bomb of the rung it illustrates, at level 2 (§05.2).
    from guandan_learn import Kind, bomb_tier, classify

    tiers = []
    for _, _, example in plots.LADDER:
        best = classify(example, "2")[0]
        assert best.is_bomb
        tiers.append(bomb_tier(best.kind, best.size))
    assert tiers == sorted(tiers) and len(set(tiers)) == len(tiers)
    assert classify("5♠ 6♠ 7♠ 8♠ 9♠", "2")[0].kind is Kind.STRAIGHT_FLUSH


def test_bomb_ladder_at_the_chapters_level() -> None:
    """Chapter 4 draws its ladder at level 7, like its other examples (issue 16)."""
    from guandan_learn import classify

    fig = plots.bomb_ladder("7")
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "9♣ 9♦ 9♠ 9♥ 7♥" in texts and not any("2♥" in t for t in texts)
    assert "level 7, where 7♥ is wild" in fig.axes[0].get_xlabel()
    for _, _, example in plots.LADDER:
        assert classify(example.replace("2♥", "7♥"), "7")[0].is_bomb


def test_bomb_counts() -> None:
    from guandan_learn import parse_cards

    assert plots.rank_bomb_count(parse_cards("8C 8D 8S 9C 9D 9S 7H 7H"), "7") == 2
    assert plots.rank_bomb_count(parse_cards("8C 8D 8S 9C 9D 9S 7H"), "7") == 1
    assert plots.rank_bomb_count(parse_cards("8C 8D 9C 9D 7H 7H"), "7") == 1
    assert plots.rank_bomb_count(parse_cards("BJ BJ RJ RJ"), "7") == 1
    stats = plots.bomb_counts(20, 3, ["2", "7"])
    for s in stats:
        assert s.hands == 80 and sum(s.bombs.values()) == 80
        assert s.with_straight_flush <= s.with_bomb <= s.hands
        # A hand that makes a rank bomb holds a bomb.
        assert s.with_bomb >= s.hands - s.bombs[0]
    assert plots.bomb_counts(20, 3, ["2"]) == stats[:1]  # the same shuffles for every level


def test_hands_and_figures_reach_a_notebook_as_inline_svg_with_text() -> None:
    """A hand and a matplotlib figure are text/html with <title> and <desc> (no <img> without
    alt), also after ``configure_matplotlib`` resets IPython's figure formatters."""
    from IPython.core.interactiveshell import InteractiveShell

    from guandan_learn import plots
    from guandan_learn.display import register

    shell = InteractiveShell.instance()
    assert register(shell)
    data, _ = shell.display_formatter.format(show_hand("RJ 3C 7H", "7"))
    assert data["text/html"] == hand_svg("3C 7H RJ", "7") and "image/svg+xml" not in data
    assert data["text/plain"] == "3♣ 7♥ RJ"
    plots.configure_matplotlib()
    data, _ = shell.display_formatter.format(plots.bomb_ladder())
    assert set(data) == {"text/html", "text/plain"}  # drawn once: no image/svg+xml beside it
    figure = data["text/html"]
    assert figure.startswith("<svg") and 'role="img"' in figure
    title = figure[figure.index("<title>") + 7:figure.index("</title>")]
    desc = figure[figure.index("<desc>") + 6:figure.index("</desc>")]
    assert title.startswith("The bomb ladder") and "the four jokers" in desc
