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
            "declarers", "control", "loose_card", "tie", "exit")


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


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_meanings_and_headings_are_in_the_learners_language(lang: str) -> None:
    from guandan_learn import set_language

    for entry in ENTRIES:
        assert entry.meaning(lang) != entry.meaning("en"), (lang, entry.id)
    set_language(lang)
    try:
        html = glossary_html(lang)
    finally:
        set_language("en")
    assert "<th>gloss</th>" not in html and "<th>significado</th>" in html
    assert load_glossary()["pair"].meaning(lang) in html


def test_chinese_terms_are_attested_or_marked() -> None:
    """The terms several independent Guandan programs use carry no ``check`` mark; a guess is
    never written as a term (the declarers get a description, not 庄家)."""
    attested = {"four_jokers": "天王炸", "tube": "三连对", "plate": "钢板", "full_house": "三带二",
                "wild_heart": "逢人配", "level_card": "级牌", "tribute": "进贡", "return": "还贡",
                "resisting_tribute": "抗贡", "double_finish": "双下", "pass": "不要"}
    glossary = load_glossary()
    for id_, word in attested.items():
        assert word in glossary[id_].zh.split(" / ") and not glossary[id_].check, id_
    assert "庄家" not in glossary["declarers"].zh


def test_the_tribute_entry_says_the_whole_rule() -> None:
    """Never a wild heart, the double tribute and the cancellation, in every language."""
    words = {"en": ("never a wild heart", "double tribute", "both red jokers"),
             "pt": ("nunca uma carta de nível de copas", "tributo duplo",
                    "dois curingas vermelhos"),
             "es": ("nunca una carta de nivel de corazones", "tributo doble",
                    "dos comodines rojos")}
    for lang, expected in words.items():
        for word in expected:
            assert word in load_glossary()["tribute"].meaning(lang), (lang, word)
