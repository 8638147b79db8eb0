"""Card notation (issue 2, §02.2, §03): ranks 2-10 or T, J Q K A; suits C D H S or ♣ ♦ ♥ ♠ in any
case; jokers RJ and BJ; cards separated by spaces or commas; errors name the token and where."""

from __future__ import annotations

import pytest

from guandan_learn import (
    Card,
    GuandanError,
    NotationError,
    Rank,
    Suit,
    as_level,
    format_cards,
    parse_card,
    parse_cards,
)

# (text, rank, suit) — suit None for a joker
SINGLE_CARDS: list[tuple[str, Rank, Suit | None]] = [
    ("2C", Rank.TWO, Suit.CLUBS),
    ("3D", Rank.THREE, Suit.DIAMONDS),
    ("4H", Rank.FOUR, Suit.HEARTS),
    ("5S", Rank.FIVE, Suit.SPADES),
    ("6c", Rank.SIX, Suit.CLUBS),
    ("7d", Rank.SEVEN, Suit.DIAMONDS),
    ("8h", Rank.EIGHT, Suit.HEARTS),
    ("9s", Rank.NINE, Suit.SPADES),
    ("10C", Rank.TEN, Suit.CLUBS),
    ("10h", Rank.TEN, Suit.HEARTS),
    ("TC", Rank.TEN, Suit.CLUBS),
    ("tc", Rank.TEN, Suit.CLUBS),
    ("Th", Rank.TEN, Suit.HEARTS),
    ("JS", Rank.JACK, Suit.SPADES),
    ("js", Rank.JACK, Suit.SPADES),
    ("QD", Rank.QUEEN, Suit.DIAMONDS),
    ("qD", Rank.QUEEN, Suit.DIAMONDS),
    ("KH", Rank.KING, Suit.HEARTS),
    ("kh", Rank.KING, Suit.HEARTS),
    ("AC", Rank.ACE, Suit.CLUBS),
    ("ac", Rank.ACE, Suit.CLUBS),
    ("2♣", Rank.TWO, Suit.CLUBS),
    ("8♦", Rank.EIGHT, Suit.DIAMONDS),
    ("10♥", Rank.TEN, Suit.HEARTS),
    ("T♥", Rank.TEN, Suit.HEARTS),
    ("q♠", Rank.QUEEN, Suit.SPADES),
    ("A♠", Rank.ACE, Suit.SPADES),
    ("RJ", Rank.RED_JOKER, None),
    ("rj", Rank.RED_JOKER, None),
    ("Rj", Rank.RED_JOKER, None),
    ("BJ", Rank.BLACK_JOKER, None),
    ("bj", Rank.BLACK_JOKER, None),
    ("bJ", Rank.BLACK_JOKER, None),
]


@pytest.mark.parametrize(("text", "rank", "suit"), SINGLE_CARDS)
def test_one_card(text: str, rank: Rank, suit: Suit | None) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert parse_cards(text) == [card]
    assert Card(text) is card
    assert Card(rank, suit) is card


def test_every_face_in_both_suit_forms() -> None:
    for rank in Rank:
        if rank.is_joker:
            continue
        for suit in Suit:
            a = parse_card(rank.value + suit.value)
            b = parse_card(rank.value + suit.symbol)
            c = parse_card(rank.value.lower() + suit.value.lower())
            assert a is b is c
            assert (a.rank, a.suit) == (rank, suit)


SEPARATED: list[tuple[str, list[str]]] = [
    ("8C 8D", ["8C", "8D"]),
    ("8C,8D", ["8C", "8D"]),
    ("8C, 8D", ["8C", "8D"]),
    ("8c , 8♦ ,RJ", ["8C", "8D", "RJ"]),
    ("  10h\tqs\nbj  ", ["10H", "QS", "BJ"]),
    ("8C,,8D", ["8C", "8D"]),
    ("8C 8C", ["8C", "8C"]),
    ("", []),
    ("  ,  ", []),
]


@pytest.mark.parametrize(("text", "codes"), SEPARATED)
def test_separators(text: str, codes: list[str]) -> None:
    assert [c.code for c in parse_cards(text)] == codes


def test_order_is_kept() -> None:
    assert [c.code for c in parse_cards("KS 2C RJ 10D")] == ["KS", "2C", "RJ", "10D"]


BAD_TOKENS: list[tuple[str, str, int, int]] = [
    # text, bad token, card number, character position (1-based)
    ("8X", "8X", 1, 1),
    ("8C 8X", "8X", 2, 4),
    ("8C,8X", "8X", 2, 4),
    ("8C  11C", "11C", 2, 5),
    ("0C", "0C", 1, 1),
    ("C8", "C8", 1, 1),
    ("8", "8", 1, 1),
    ("10", "10", 1, 1),
    ("8CC", "8CC", 1, 1),
    ("JK", "JK", 1, 1),
    ("RJ BJ XJ", "XJ", 3, 7),
    ("RJ♥", "RJ♥", 1, 1),
    ("8♣ 9♦ 10♡", "10♡", 3, 7),
    ("AS KS QS JS 1OS", "1OS", 5, 13),
    ("8ſ", "8ſ", 1, 1),
    ("\u212aC", "\u212aC", 1, 1),
]


@pytest.mark.parametrize(("text", "token", "number", "offset"), BAD_TOKENS)
def test_unreadable_token_is_named(text: str, token: str, number: int, offset: int) -> None:
    with pytest.raises(NotationError) as err:
        parse_cards(text)
    message = str(err.value)
    assert repr(token) in message
    assert f"card {number}" in message
    assert f"character {offset}" in message


def test_notation_error_family() -> None:
    assert issubclass(NotationError, GuandanError)
    assert issubclass(NotationError, ValueError)
    with pytest.raises(ValueError):
        parse_cards("zz")
    with pytest.raises(NotationError):
        parse_card("zz")
    with pytest.raises(NotationError):
        Card("zz")
    with pytest.raises(NotationError):
        Card(Rank.RED_JOKER, Suit.HEARTS)  # jokers have no suit
    with pytest.raises(NotationError):
        Card(Rank.EIGHT)  # every other rank needs one
    with pytest.raises(NotationError):
        parse_cards(None)  # type: ignore[arg-type]


def test_short_form_and_repr() -> None:
    assert str(Card("10h")) == "10♥"
    assert str(Card("tc")) == "10♣"
    assert str(Card("rj")) == "RJ"
    assert repr(Card("10h")) == "Card('10H')"
    assert repr(Card("bj")) == "Card('BJ')"
    assert format_cards("10h qs bj") == "10♥ Q♠ BJ"
    assert format_cards("8c 8d", sep=", ") == "8♣, 8♦"
    assert format_cards([Card("AS"), "2D"]) == "A♠ 2♦"
    assert format_cards("") == ""


def test_format_parses_back() -> None:
    text = "2C 3D 4H 5S 6C 7D 8H 9S 10C JD QH KS AC RJ BJ"
    cards = parse_cards(text)
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, sep=",")) == cards
    for card in cards:
        assert eval(repr(card), {"Card": Card}) is card


LEVELS_TEXT: list[tuple[str | Rank, Rank]] = [
    ("2", Rank.TWO), ("9", Rank.NINE), ("10", Rank.TEN), ("T", Rank.TEN), ("j", Rank.JACK),
    ("Q", Rank.QUEEN), ("k", Rank.KING), ("A", Rank.ACE), (Rank.SEVEN, Rank.SEVEN),
]


@pytest.mark.parametrize(("text", "rank"), LEVELS_TEXT)
def test_levels(text: str | Rank, rank: Rank) -> None:
    assert as_level(text) is rank


@pytest.mark.parametrize("text", ["BJ", "RJ", "11", "0", "X", "", Rank.RED_JOKER])
def test_bad_levels(text: str | Rank) -> None:
    with pytest.raises(NotationError) as err:
        as_level(text)
    assert "§07.4" in str(err.value)
