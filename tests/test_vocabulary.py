"""Each language says the game's words one way: the glossary's (issue 16).

The prose a learner reads in a language (the chapters, the cheat sheet and the app, the rulebook,
and for Portuguese and Spanish the translated messages) uses that language's glossary words for
the key terms, never another language's word for them nor a variant the course dropped, and
writes the face cards with the letters the engine prints and draws in that language.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml

from guandan_learn import set_language
from guandan_learn.cards import Rank, rank_letter
from guandan_learn.glossary import load_glossary
from guandan_learn.i18n import read_po
from guandan_learn.messages import MESSAGES

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "notebooks" / "src").glob("*.yaml"))
RULEBOOK = ROOT / "guandan_learn" / "data" / "rulebook"
LOCALE = ROOT / "guandan_learn" / "locale"
LANGUAGES = ("en", "pt", "es")
GLOSSARY = load_glossary()

#: Terms whose glossary word (its part before any "(" or ";") every language's prose uses.
KEY_TERMS = ("wild_heart", "bomb", "straight_flush", "tube", "plate", "tribute", "return",
             "active_level", "partner", "pair", "triple", "straight", "double_tribute")
#: Terms whose word in one language must not turn up in another's prose (where the words
#: differ and the other language's word is not an ordinary word of this one).
DISTINCT_TERMS = ("red_joker", "black_joker", "wild_heart", "straight", "straight_flush",
                  "triple", "tube", "plate", "tribute", "return", "double_tribute",
                  "four_jokers", "resisting_tribute")
#: Variants each language dropped for its glossary word or its house style.
FORBIDDEN = {
    "en": [],
    # The jokers are "curingas" (never "coringa", to keep them apart from the wild hearts);
    # ordinals are written 1º, 2º.
    "pt": [r"\bcoringas?\b", r"\b[1-4]\.º", r"\bcuringas? de copas\b"],
    # Ordinals are written 1.º, 2.º; the jokers are "comodines", the wild hearts never are.
    # Q is a "reina" (as the engine says), never a "dama".
    "es": [r"(?<!\.)\b[1-4]º", r"\bcomod[ií]n(es)? de corazones\b", r"\bes comod[ií]n\b",
           r"♥ comod[ií]n\b", r"\bdamas?\b"],
}
#: A card written in running text (10♥, Q♠) and a run or ladder of ranks (10-J-Q-K-A, A > K).
CARD = re.compile(r"(?<![\w§])(10|[2-9]|[A-Z])[♣♦♥♠]")
RUN = re.compile(r"(?<![\w§-])((?:10|[2-9A-Z])(?:-(?:10|[2-9A-Z])){2,})(?![\w-])")
LADDER = re.compile(r"(?<![\w§])((?:10|[2-9A-Z])(?: > (?:10|[2-9A-Z]|…)){2,})")


@cache
def _chapter_prose(lang: str) -> str:
    """The chapters' prose in ``lang``, without its inline code (`kind="straight"` is code)."""
    parts = []
    for source in SOURCES:
        cells = yaml.safe_load(source.read_text(encoding="utf-8"))["cells"]
        parts += [str(c["md"].get(lang, "")) for c in cells if "md" in c]
    return re.sub(r"`[^`]*`", "", "\n".join(parts))


def _texts_in(value: object, lang: str) -> list[str]:
    """The strings a YAML value holds under the key ``lang``, at any depth."""
    if isinstance(value, dict):
        return [str(v) for k, v in value.items() if k == lang and isinstance(v, str)] + [
            t for k, v in value.items() if k != lang for t in _texts_in(v, lang)]
    if isinstance(value, list):
        return [t for v in value for t in _texts_in(v, lang)]
    return []


def _bank_text(lang: str) -> str:
    """The translated texts of the puzzle bank and the misconception catalogue."""
    data = ROOT / "guandan_learn" / "data"
    paths = [*sorted((ROOT / "exercises").glob("*.yaml")), data / "misconceptions.yaml"]
    if lang == "en":
        return ""  # English lives in fields of its own name there; the messages cover it
    return "\n".join(t for p in paths
                     for t in _texts_in(yaml.safe_load(p.read_text(encoding="utf-8")), lang))


def _messages(lang: str) -> str:
    if lang == "en":
        return "\n".join(MESSAGES.values())
    catalogue = read_po((LOCALE / lang / "LC_MESSAGES" / "guandan_learn.po").read_text(
        encoding="utf-8"))
    return "\n".join(catalogue.values())


@cache
def _prose(lang: str) -> dict[str, str]:
    """Every text a learner reads in ``lang``, by where it comes from."""
    glossary = "\n".join(f"{e.word(lang)}: {e.meaning(lang)}" for e in GLOSSARY.values())
    texts = {"chapters": _chapter_prose(lang),
             "rulebook": (RULEBOOK / f"{lang}.md").read_text(encoding="utf-8"),
             "messages": _messages(lang), "glossary": glossary, "puzzles": _bank_text(lang)}
    # Code the learner types stays in the notation: fields, quoted input, options.
    code = re.compile(r"`[^`]*`|\{[^{}]*\}|'[^'\n]*'|\w+=\w+")
    return {where: code.sub("", text) for where, text in texts.items()}


def _word(term_id: str, lang: str) -> str:
    return re.split(r"[(;]", GLOSSARY[term_id].word(lang))[0].strip().lower()


def _face_letters(lang: str) -> set[str]:
    """The letters the engine draws on J, Q, K and A in ``lang``."""
    set_language(lang)
    try:
        return {rank_letter(r) for r in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)}
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_engine_writes_and_draws_the_same_letters(lang: str) -> None:
    """Card text keeps the notation (J, Q, K, A); the pictures use the same letters."""
    assert _face_letters(lang) == {"J", "Q", "K", "A"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_face_letters_come_from_the_engine(lang: str) -> None:
    allowed = _face_letters(lang) | {str(n) for n in range(2, 11)}
    for where, text in _prose(lang).items():
        found = set(CARD.findall(text))
        for run in RUN.findall(text) + LADDER.findall(text):
            found |= set(re.split(r"-| > ", run)) - {"…"}
        strange = sorted(found - allowed)
        assert not strange, (lang, where, strange)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_key_terms_are_the_glossarys(lang: str) -> None:
    text = _chapter_prose(lang).lower()
    for term_id in KEY_TERMS:
        assert _word(term_id, lang) in text, (lang, term_id, _word(term_id, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_other_languages_words(lang: str) -> None:
    for where, text in _prose(lang).items():
        if where == "messages" and lang == "en":
            continue
        lowered = text.lower()
        for other in LANGUAGES:
            if other == lang:
                continue
            for term_id in DISTINCT_TERMS:
                word = _word(term_id, other)
                if word == _word(term_id, lang) or word in _word(term_id, lang):
                    continue
                found = re.search(rf"\b{re.escape(word)}\b", lowered)
                assert not found, (lang, where, term_id,
                                   lowered[max(0, found.start() - 40):found.end() + 40])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_dropped_variants(lang: str) -> None:
    for where, text in _prose(lang).items():
        for pattern in FORBIDDEN[lang]:
            found = re.search(pattern, text)
            assert not found, (lang, where, pattern,
                               text[max(0, found.start() - 40):found.end() + 40])


def test_the_scan_catches_the_old_slips() -> None:
    """The patterns find what issue 16 saw: V/D/R letters, 1.º in Portuguese, 'coringa'."""
    old = "10, V, D, R, A; os V♥; 10-V-D-R-A; A > R > D > V; 1.º e 2.º; os coringas"
    assert {"V", "D"} <= set(CARD.findall(old)) | set(RUN.findall(old)[0].split("-"))
    assert set(LADDER.findall(old)[0].split(" > ")) == {"A", "R", "D", "V"}
    assert all(re.search(p, old) for p in FORBIDDEN["pt"][:2])
    assert re.search(FORBIDDEN["es"][0], "quedó 1º") and not re.search(
        FORBIDDEN["es"][0], "quedó 1.º")
