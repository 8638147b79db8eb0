"""One notation (issue 18): every card printed as text reads back through ``parse_cards`` in
English, Portuguese and Spanish, and drawn cards show the same face letters (J, Q, K, A) in
every language, as the rulebook and the README say."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guandan_learn import Card, Deal, format_cards, judge, parse_cards
from guandan_learn.cards import FACES, Rank, rank_letter
from guandan_learn.i18n import set_language
from guandan_learn.render import card_svg

LANGUAGES = ("en", "pt", "es")
cards_lists = st.lists(st.sampled_from(FACES), min_size=0, max_size=12)


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


@settings(max_examples=200, deadline=None)
@given(cards=cards_lists, lang=st.sampled_from(LANGUAGES), sep=st.sampled_from([" ", ", "]))
def test_format_cards_reads_back_in_every_language(cards: list[Card], lang: str,
                                                   sep: str) -> None:
    set_language(lang)
    try:
        text = format_cards(cards, sep=sep)
        assert parse_cards(text) == cards
        assert [parse_cards(str(c))[0] for c in cards] == cards
    finally:
        set_language("en")


def test_every_face_prints_the_same_in_every_language(language: str) -> None:
    assert [str(c) for c in FACES[-6:]] == ["A♣", "A♦", "A♥", "A♠", "BJ", "RJ"]
    assert format_cards("QS KD JH") == "Q♠ K♦ J♥"
    assert parse_cards(format_cards(FACES)) == list(FACES)


def test_cards_in_sentences_read_back(language: str) -> None:
    deal = Deal(["QS QD 3C", "KC KD 4C", "8C 8D 8S 7H 5C", "9C 9D 6C"], "7", leader=0)
    for seat, line in enumerate(deal.render_text().splitlines()[1:5]):
        written = line.rsplit(":", 1)[1].strip().rstrip(".")
        assert parse_cards(written) == list(deal.hand(seat))
    verdict = judge("8C 9D", None, "7")
    assert "8♣ 9♦" in verdict.reason


def test_drawn_faces_use_the_letters_of_the_text() -> None:
    """A picture's face letter is the one the engine's sentences and the prose write (issue 16)."""
    set_language("pt")
    try:
        assert rank_letter(Rank.QUEEN) == "Q"
        assert ">Q<" in card_svg(Card("QS")).replace(" ", "")
        assert str(Card("QS")) == "Q♠"
    finally:
        set_language("en")
