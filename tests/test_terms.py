"""One word per game idea and one register per language, in everything a learner reads (issue 28).

The table is ``guandan_learn/data/terms.yaml``: for each idea the word each language uses and
the words it must not use, each language's register and the forms that break it, and the
code words (goals, kinds, presets) that need the learner's word beside them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from guandan_learn.glossary import load_glossary
from guandan_learn.i18n import po_path, po_records
from guandan_learn.messages import MESSAGES, PLURALS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "guandan_learn" / "data"
SOURCES = sorted((ROOT / "notebooks" / "src").glob("*.yaml"))
BANK = sorted((ROOT / "exercises").glob("*.yaml"))
LANGUAGES = ("en", "pt", "es")
TABLE: dict[str, Any] = yaml.safe_load((DATA / "terms.yaml").read_text(encoding="utf-8"))
#: Inline code is not prose: `kind="straight"`, `first`.
CODE = re.compile(r"`[^`\n]*`")


def _cells(source: Path, lang: str) -> str:
    cells = yaml.safe_load(source.read_text(encoding="utf-8"))["cells"]
    return "\n".join(str(c["md"].get(lang, "")) for c in cells if "md" in c)


def _in_language(data: Any, lang: str) -> list[str]:
    """Every text of ``lang`` in a bank file's data: the strings under a ``lang`` key."""
    if isinstance(data, dict):
        return [text for key, value in data.items()
                for text in ([value] if key == lang and isinstance(value, str)
                             else _in_language(value, lang))]
    if isinstance(data, list):
        return [text for value in data for text in _in_language(value, lang)]
    return []


def _bank(lang: str) -> str:
    """The puzzle bank's prompts, notes and hints in ``lang``, without lists of answers."""
    texts = [text for source in BANK
             for text in _in_language(yaml.safe_load(source.read_text(encoding="utf-8")), lang)]
    return "\n".join(t for t in texts if "|" not in t)


def _messages(lang: str) -> str:
    if lang == "en":
        texts = [*MESSAGES.values(), *(p.plural for p in PLURALS.values())]
    else:
        entries = po_records(po_path(lang).read_text(encoding="utf-8"))
        texts = [form for e in entries if e.context for form in (e.forms or (e.msgstr,))]
    return "\n".join(t for t in texts if "|" not in t)  # "pasar|paso|…" lists answers


@cache
def prose(lang: str) -> dict[str, str]:
    """Every text a learner reads in ``lang``, by file, without its inline code."""
    texts = {f"notebooks/src/{s.name}": _cells(s, lang) for s in SOURCES}
    chapters = yaml.safe_load((DATA / "chapters.yaml").read_text(encoding="utf-8"))["chapters"]
    texts["guandan_learn/data/chapters.yaml"] = "\n".join(c["title"][lang] for c in chapters)
    texts[f"guandan_learn/data/rulebook/{lang}.md"] = (DATA / "rulebook" / f"{lang}.md").read_text(
        encoding="utf-8")
    texts["guandan_learn/data/glossary.yaml"] = "\n".join(
        f"{t.word(lang)}: {t.meaning(lang)}" for t in load_glossary().values())
    where = "guandan_learn/messages" if lang == "en" else str(po_path(lang).relative_to(ROOT))
    texts[where] = _messages(lang)
    texts["exercises"] = _bank(lang)
    texts["guandan_learn/data/misconceptions.yaml"] = "\n".join(_in_language(
        yaml.safe_load((DATA / "misconceptions.yaml").read_text(encoding="utf-8")), lang))
    return {name: CODE.sub("", text) for name, text in texts.items()}


def avoided(lang: str) -> list[tuple[str, str]]:
    """The (why, pattern) pairs of everything ``lang`` must not write."""
    pairs = [(f"not the word for {t['idea']} ({t[lang]['word']})", p)
             for t in TABLE["terms"] for p in t[lang]["avoid"]]
    register = TABLE["register"][lang]
    return pairs + [(f"outside the register ({register['rule'].split(';')[0]})", p)
                    for p in register["avoid"]]


def findings(texts: dict[str, str], lang: str) -> list[str]:
    """Every avoided word in ``texts`` (file → text), as "file: «quote» — why"."""
    out = []
    for why, pattern in avoided(lang):
        for name, text in texts.items():
            for m in re.finditer(pattern, text, re.IGNORECASE):
                quote = " ".join(text[max(0, m.start() - 30):m.end() + 30].split())
                out.append(f"{name}: «{quote}» — {m.group(0)!r} is {why}")
    return out


def test_the_table_is_complete() -> None:
    ideas = {t["idea"].split(" (")[0] for t in TABLE["terms"]}
    assert {"lead", "finish", "pass", "deal", "trick", "team", "pair", "level", "level card",
            "wild heart", "control", "bomb", "tribute", "return"} <= ideas
    for term in TABLE["terms"]:
        for lang in LANGUAGES:
            assert term[lang]["word"], (term["idea"], lang)
            for pattern in term[lang]["avoid"]:
                re.compile(pattern)
    assert set(TABLE["register"]) == set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_word_per_idea_and_one_register(lang: str) -> None:
    found = findings(prose(lang), lang)
    assert not found, f"{len(found)} avoided words in {lang}:\n" + "\n".join(found)


@pytest.mark.parametrize(("lang", "file", "planted", "word"), [
    ("es", "notebooks/src/00_start_here.yaml", 'El Guandan (掼蛋, "tirar huevos") viene de',
     "tirar huevos"),
    ("es", "notebooks/src/11_endgames.yaml", "`team_first` (tú o tu compañero salís primero)",
     "salís primero"),
    ("es", "notebooks/src/08_a_whole_deal.yaml", "contra la computadora", "computadora"),
    ("pt", "guandan_learn/data/rulebook/pt.md", "O jogo acaba quando tu tens cartas", "tu"),
    ("en", "notebooks/src/05_tricks_and_the_lead.yaml", "when a round of play ends",
     "round of play"),
    ("pt", "guandan_learn/locale/pt/LC_MESSAGES/guandan_learn.po", "a dobradinha (1º e 2º)",
     "dobradinha"),
    ("es", "exercises", "El doble final: el trío no se puede superar", "doble final"),
    ("pt", "notebooks/src/05_tricks_and_the_lead.yaml", "Leste vence os 5 com um par de 9",
     "vence os 5"),
])
def test_a_word_put_back_is_found(lang: str, file: str, planted: str, word: str) -> None:
    texts = dict(prose(lang))
    texts[file] += "\n" + CODE.sub("", planted)
    found = findings(texts, lang)
    assert any(f.startswith(file + ":") and repr(word) in f for f in found), found


def _first_showings(text: str, code: str) -> list[str]:
    """The sentence after the first `code` in a chapter's text, when it shows it."""
    m = re.search(r"`" + re.escape(code) + r"`", text)
    if m is None:
        return []
    return [" ".join(re.split(r"(?<=[.:;])\s", text[m.end():m.end() + 200])[0].split())]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_code_words_come_with_the_learners_word(lang: str) -> None:
    missing = []
    for source in SOURCES:
        text = _cells(source, lang)
        for entry in TABLE["code_words"]:
            for after in _first_showings(text, entry["code"]):
                if not any(w.lower() in after.lower() for w in entry[lang]):
                    missing.append(f"{source.name}: `{entry['code']}` {after!r} "
                                   f"(one of {entry[lang]})")
    assert not missing, "\n".join(missing)


#: A JupyterLab menu path in bold, such as **Run → Run All Cells**.
MENU = re.compile(r"\*\*[^*\n]*→[^*\n]*\*\*")


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_menu_paths_carry_the_learners_names(lang: str) -> None:
    """JupyterLab is in English unless a language pack is installed: the learner's name is
    beside each menu path, and chapter 0 says so once."""
    bare = []
    for source in SOURCES:
        text = _cells(source, lang)
        bare += [f"{source.name}: {m.group(0)}" for m in MENU.finditer(text)
                 if not text[m.end():m.end() + 12].lstrip().startswith("(")]
    assert not bare, bare
    start = _cells(ROOT / "notebooks" / "src" / "00_start_here.yaml", lang)
    assert {"pt": "pacote de idioma", "es": "paquete de idioma"}[lang] in start
