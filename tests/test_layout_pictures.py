"""Layout of the pictures without a browser: they shrink to their cell, wild badges never
overlap, plot legends sit outside the data, the glossary's Chinese has a font, and the Voilà
template loads nothing from a CDN."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from guandan_learn import Combo, Deal
from guandan_learn.render import FIT_STYLE, PAGE_CSS, combo_svg, deal_svg, hand_svg

BADGE = re.compile(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="15" rx="7"')


def _badges(svg: str) -> list[tuple[float, float, float]]:
    return [(float(x), float(y), float(w)) for x, y, w in BADGE.findall(svg)]


def _overlap(badges: list[tuple[float, float, float]]) -> list[tuple]:
    return [(a, b) for i, a in enumerate(badges) for b in badges[i + 1:]
            if a[1] == b[1] and a[0] < b[0] + b[2] and b[0] < a[0] + a[2]]


def test_pictures_shrink_to_their_cell_and_wrap_printed_text_between_words() -> None:
    deck_row = hand_svg(" ".join(["3C"] * 54), "2")
    assert 'width="1332"' in deck_row and f'style="{FIT_STYLE}"' in deck_row
    assert "max-width:100%" in FIT_STYLE and "height:auto" in FIT_STYLE
    assert f"<style>{PAGE_CSS}</style>" in deck_row
    assert "word-break:normal" in PAGE_CSS and "break-all" not in PAGE_CSS


@pytest.mark.parametrize("cards", ["9C 9D 7H 7H", "5C 6C 7H 7H 9C", "9C 9D 9S 7H 7H"])
def test_two_declared_wilds_have_badges_side_by_side_without_overlap(cards: str) -> None:
    svg = combo_svg(Combo.of(cards, "7"))
    badges = _badges(svg)
    assert len(badges) == 2 and _overlap(badges) == []
    assert all(w >= 34 for _, _, w in badges)  # room for "= 10♥"


def test_wild_badges_in_a_trick_on_the_table_drop_a_row_rather_than_overlap() -> None:
    deal = Deal(["9C 9D 7H 7H 3S", "4C", "5C", "6C"], "7", leader=0)
    deal.play("9C 9D 7H 7H", wilds="9S 9H")
    badges = _badges(deal_svg(deal))
    assert len(badges) == 2 and _overlap(badges) == []
    assert badges[0][1] != badges[1][1]  # the cards are 22 px apart: one badge drops


def _inside(fig, legend) -> bool:
    """Tells whether a legend's box overlaps the data area of any axes of the figure."""
    fig.canvas.draw()
    box = legend.get_window_extent()
    return any(box.overlaps(ax.get_window_extent()) for ax in fig.axes)


def test_plot_legends_sit_outside_the_data() -> None:
    from guandan_learn.plots import bomb_statistics, levels_over_match

    fig = bomb_statistics(n_deals=2, seed=0)
    for ax in fig.axes:
        assert not _inside(fig, ax.get_legend())
    fig = levels_over_match([("2", "2"), ("3", "2"), ("3", "5"), ("A", "5")])
    assert not _inside(fig, fig.axes[0].get_legend())


def test_two_tables_charts_say_which_table() -> None:
    from guandan_learn.plots import levels_over_match

    titles = {levels_over_match([("2", "2"), ("5", "2")], variants=v).axes[0].get_title()
              for v in ((), ("V1",))}
    assert titles == {"Both teams' levels over the match, by the rulebook (§07)",
                      "Both teams' levels over the match, with house rules V1 (§07)"}


def test_the_font_subset_covers_every_chinese_character_the_glossary_shows() -> None:
    from fontTools.ttLib import TTFont

    from guandan_learn.glossary import cjk_font_face, glossary_html, load_glossary

    font = resources.files("guandan_learn").joinpath("data/fonts/gdl-cjk.woff")
    with resources.as_file(font) as path:
        cmap = TTFont(str(path)).getBestCmap()
    chinese = {c for entry in load_glossary().values() for c in entry.zh + "中文"
               if "\u2e80" <= c <= "\u9fff"}
    assert chinese and not {c for c in chinese if ord(c) not in cmap}, (
        "run scripts/cjk_font.py: the font subset lacks some of the glossary's characters")
    page = glossary_html("pt")
    assert cjk_font_face() in page and '"GDL CJK"' in page and 'lang="zh"' in page
    assert "text-align: left" in page
    assert resources.files("guandan_learn").joinpath("data/fonts/LICENSE-wqy-zenhei").is_file()


def test_chinese_in_the_prose_needs_no_system_font() -> None:
    """A chapter whose text has Chinese words shows ``chinese_font()``, whose embedded subset
    holds every one of them (issue 28)."""
    import yaml
    from fontTools.ttLib import TTFont

    from guandan_learn.glossary import chinese_font, cjk_font_face

    font = resources.files("guandan_learn").joinpath("data/fonts/gdl-cjk.woff")
    with resources.as_file(font) as path:
        cmap = TTFont(str(path)).getBestCmap()
    sources = sorted((Path(__file__).resolve().parent.parent / "notebooks" / "src").glob("*.yaml"))
    missing, lacking = [], set()
    for source in sources:
        cells = yaml.safe_load(source.read_text(encoding="utf-8"))["cells"]
        chinese = set(re.findall(r"[\u2e80-\u9fff]", " ".join(str(c["md"]) for c in cells
                                                              if "md" in c)))
        if chinese and not any("chinese_font()" in c.get("code", "") for c in cells):
            missing.append(source.name)
        lacking |= {c for c in chinese if ord(c) not in cmap}
    assert not missing, f"these chapters' Chinese needs chinese_font(): {missing}"
    assert not lacking, f"run scripts/cjk_font.py: the subset lacks {sorted(lacking)}"
    style = chinese_font()._repr_html_()
    assert cjk_font_face() in style and ".jp-RenderedMarkdown" in style


def test_the_voila_template_drops_the_cdn_stylesheets() -> None:
    import jinja2

    from guandan_learn.offline import TEMPLATE, jupyter_data

    folder = jupyter_data() / "voila" / "templates" / TEMPLATE
    text = (folder / "index.html.j2").read_text(encoding="utf-8")
    voila = pytest.importorskip("voila")
    del voila
    from voila.paths import collect_template_paths

    lab = next(p for p in collect_template_paths(["voila", "nbconvert"], "lab")
               if (p.rstrip("/").endswith("lab") and "voila" in p))
    links = re.findall(r'<link rel="stylesheet" href="https://[^"]+"[^>]*/>',
                       Path(lab, "index.html.j2").read_text(encoding="utf-8"))
    assert links, "Voilà's lab template no longer loads stylesheets from a CDN"
    for link in links:  # each one is removed, character for character
        assert f"replace('{link}', '')" in text
    jinja2.Environment().parse(text)  # the template is valid Jinja
