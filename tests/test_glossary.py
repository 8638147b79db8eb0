"""The glossary data: complete entries, unique ids, pinyin with tones (issue 7)."""

from __future__ import annotations

import re
import unicodedata
from importlib import resources

import pytest
import yaml

from guandan_learn import GuandanError
from guandan_learn.glossary import FIELDS, glossary_html, load_glossary, term

RAW = yaml.safe_load(resources.files("guandan_learn").joinpath("data/glossary.yaml").read_text(
    encoding="utf-8"))
ENTRIES = list(load_glossary().values())

#: Vowels carrying a tone mark (first to fourth tone), plain and with ü.
TONE_MARKED = set("āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜĀÁǍÀĒÉĚÈĪÍǏÌŌÓǑÒŪÚǓÙ")

#: The words the glossary must have (issue 7 and the chapter briefs).
REQUIRED = ("guandan", "level", "active_level", "wild_heart", "bomb", "straight_flush",
            "four_jokers", "single", "pair", "triple", "full_house", "straight", "tube",
            "plate", "tribute", "return", "resisting_tribute", "partner_takes_lead",
            "first_finisher", "second_finisher", "third_finisher", "last_finisher", "partner",
            "declarers")


def test_ids_are_unique() -> None:
    ids = [item["id"] for item in RAW]
    assert len(ids) == len(set(ids))
    assert len(ENTRIES) == len(ids)


def test_required_terms_are_there() -> None:
    assert not [i for i in REQUIRED if i not in load_glossary()]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_every_field_is_filled(entry) -> None:
    for field in FIELDS:
        assert entry.word(field).strip(), f"{entry.id}: {field} is empty"
    assert re.fullmatch(r"[a-z_]+", entry.id)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_chinese_is_in_characters(entry) -> None:
    for alternative in entry.zh.split(" / "):
        assert all(unicodedata.name(ch).startswith("CJK UNIFIED") for ch in alternative), (
            f"{entry.id}: {alternative!r}")


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_pinyin_has_tones(entry) -> None:
    """Every pinyin word carries a tone mark or a tone number; alternatives match zh."""
    alternatives = entry.pinyin.split(" / ")
    assert len(alternatives) == len(entry.zh.split(" / ")), entry.id
    for alternative in alternatives:
        for word in alternative.split():
            assert set(word) & TONE_MARKED or re.search(r"[1-5]", word), (
                f"{entry.id}: {word!r} has no tone")
            assert re.fullmatch(r"[a-zA-Z1-5'āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+", word), (
                f"{entry.id}: {word!r}")


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_clauses_are_rulebook_ids(entry) -> None:
    assert re.fullmatch(r"§0\d\.\d+", entry.clause), entry.id


def test_term_and_errors() -> None:
    assert term("plate", "zh") == "钢板"
    assert term("plate") == "plate"
    with pytest.raises(GuandanError):
        term("plate", "fr")
    with pytest.raises(GuandanError):
        term("nothing")


def test_html_table_has_a_row_per_entry() -> None:
    html = glossary_html("pt")
    assert html.count("<tr>") == len(ENTRIES) + 1
    assert "tributo" in html
