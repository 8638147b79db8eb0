"""Fuzzing: arbitrary input gets an answer or the project's own error, never anything else.

Four parts, each bounded so the file runs in about a minute on two cores:

* arbitrary objects and strings go into every public function and loader, which must return
  or raise a ``GuandanError`` (a ``ValueError``) — never a ``TypeError``, ``AttributeError``,
  ``IndexError`` or a hang;
* random action sequences, legal and illegal, on a ``Deal`` and a ``Match``: a refused action
  changes nothing, and all 108 cards are always accounted for;
* fault injection: processes answering (and recovering a damaged file) are killed at random
  moments, and no answer they acknowledged is ever lost;
* the endgame notation (any text reads or is refused, a position round-trips), the exports
  (hostile teachers' words give well-formed XML and JSON or a skip with the reason; a file is
  replaced whole or not at all) and spreadsheet cells (neutralised, and restored exactly).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import guandan_learn as g
from guandan_learn.cards import deck
from guandan_learn.combo import Combo
from guandan_learn.errors import GuandanError, ProgressWarning
from guandan_learn.exercises import (
    KINDS,
    Question,
    check_answers,
    generate,
    grade,
    load_bank,
    load_data,
    load_file,
    spec,
)
from guandan_learn.exercises import solve as exercises_solve
from guandan_learn.exercises.loader import check_puzzle_data
from guandan_learn.progress import Answer, Progress, as_utc, diagnose, learner_name, read_csv
from guandan_learn.worksheet import read_roster

ROOT = Path(__file__).resolve().parent.parent
FUZZ = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# -- Arbitrary input -----------------------------------------------------------------------

CARD_WORDS = ["8C", "8c", "10H", "th", "RJ", "BJ", "7H", "AS", "2D", "QS", "KD", "XX", "",
              "8", "♥", "10♥", "1O", "²", "8C8D", "-"]
card_text = st.lists(st.sampled_from(CARD_WORDS), max_size=12).map(" ".join)
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-3, 20),
    st.floats(allow_nan=True), st.text(max_size=30), card_text, st.binary(max_size=10),
    st.sampled_from(["7", "A", "10", "Z", "pair", "bomb", "single", "xx", "§04.3", " "]),
    st.sampled_from(list(g.Rank)), st.sampled_from(list(g.Kind)),
    st.sampled_from(deck()[::7]),
)
objects = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.tuples(inner, inner),
                            st.dictionaries(st.one_of(st.integers(-2, 5), st.text(max_size=5)),
                                            inner, max_size=4)),
    max_leaves=12,
)
combos = st.sampled_from([None, Combo.of("9S", "7"), Combo.of("KC KD", "7"),
                          Combo.of("8C 8D 8S 7H", "7"), Combo.of("3C 4C 5C 6C 7C", "9")])
anything = st.one_of(objects, combos)


def _deal() -> g.Deal:
    return g.Deal(["QS QD 3C", "KC KD 4C", "8C 8D 8S 7H 5C", "9C 9D 6C"], "7", leader=0)


#: Every public function and loader, called with one to four arbitrary arguments.
CALLS: dict[str, Callable[..., Any]] = {
    "as_level": g.as_level, "beats": g.beats, "bomb_tier": g.bomb_tier,
    "check_return": g.check_return, "choose_return": g.choose_return,
    "classify": g.classify, "describe": g.describe, "dumps": g.dumps,
    "format_cards": g.format_cards, "hints": g.hints, "judge": g.judge,
    "HandPlays": g.HandPlays,
    "HandPlays.hints": lambda *a: g.HandPlays("8C 8D 8S 7H 9S", "7").hints(a[0]),
    "HandPlays.legal_plays": lambda *a: g.HandPlays("8C 8D 7H", "7").legal_plays(a[0]),
    "HandPlays.without": lambda *a: g.HandPlays("8C 8D 7H", "7").without(a[0]),
    "legal_plays": g.legal_plays, "loads": g.loads, "parse_card": g.parse_card,
    "parse_cards": g.parse_cards, "plan_tribute": g.plan_tribute, "rank_order": g.rank_order,
    "settle_deal": g.settle_deal, "sort_cards": g.sort_cards, "strength": g.strength,
    "why_no_combination": g.why_no_combination, "wild_card": g.wild_card, "Card": g.Card,
    "Combo.of": Combo.of, "Deal": g.Deal, "Deal.loads": g.Deal.loads, "Rules": g.Rules,
    "Match.loads": g.Match.loads, "Deal.play": lambda *a: _deal().play(*a[:2]),
    "Deal.pass_turn": lambda *a: _deal().pass_turn(seat=a[0]),
    "Match": lambda *a: g.Match(a[0], None, *a[1:2]),
    "load_data": load_data, "check_puzzle_data": check_puzzle_data,
    "Answer.from_mapping": Answer.from_mapping, "as_utc": as_utc,
    "learner_name": learner_name,
    "Progress.add": lambda *a: Progress(":memory:").add(a[0]),
    "Progress.answers": lambda *a: Progress(":memory:").answers(a[0]),
    "Progress.summary": lambda *a: Progress(":memory:").summary(a[0]),
    "Progress.export_csv": lambda *a: Progress(":memory:").export_csv(a[0] if not isinstance(
        a[0], str) else os.devnull, name=a[1] if len(a) > 1 else None),
    "read_csv": lambda *a: read_csv(a[0] if not isinstance(a[0], str) else os.devnull),
    "generate": generate, "spec": spec,
    "grade": lambda *a: grade(generate(KINDS[len(a) % len(KINDS)], 1), a[0]),
    "set_language": lambda *a: _language_then_english(*a),
    "exercises.solve": exercises_solve, "check_answers": check_answers,
    "Question": lambda *a: Question(*a[:1]), "load_file": lambda *a: load_file(*a[:1]),
    "RandomPlayer": g.RandomPlayer,
    "load_bank": lambda *a: load_bank([os.devnull] if a[0] is None or isinstance(a[0], str)
                                      else a[0]),  # None is the whole bank; text, any file
}


def _language_then_english(*args: Any) -> None:
    try:
        g.set_language(*args)
    finally:
        g.set_language("en")


def _call(function: Callable[..., Any], args: list[Any]) -> None:
    try:
        function(*args)
    except GuandanError:
        pass
    except TypeError as err:
        # Python's own check of the number of arguments (not a value reaching the code).
        if "positional argument" not in str(err) and "required" not in str(err):
            raise


@pytest.mark.parametrize("name", sorted(CALLS))
@FUZZ
@given(args=st.lists(anything, min_size=1, max_size=4))
def test_public_functions_answer_or_raise_the_project_error(name: str, args: list[Any]) -> None:
    _call(CALLS[name], args)


@FUZZ
@given(text=st.text(max_size=300))
def test_record_loaders_read_any_text(text: str) -> None:
    for loader in (g.Deal.loads, g.Match.loads, g.parse_cards):
        _call(loader, [text])


@settings(max_examples=40, deadline=None, derandomize=True)
@given(text=st.text(max_size=400))
def test_file_loaders_read_any_text(tmp_path_factory: pytest.TempPathFactory,
                                    text: str) -> None:
    from guandan_learn.exercises import load_file
    from guandan_learn.progress import read_csv

    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "f.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_file(path)
    assert all(isinstance(e, GuandanError) for e in loaded.errors)
    for reader in (read_csv, read_roster):
        _call(reader, [path])


# -- Random action sequences -----------------------------------------------------------------


def _cards_of(deal: g.Deal) -> Counter[g.Card]:
    held = Counter(c for hand in deal.hands for c in hand)
    played = Counter(c for a in deal.history if a.combo is not None for c in a.combo.cards)
    return held + played


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), moves=st.lists(st.integers(0, 10**6), max_size=60))
def test_random_actions_on_a_deal(seed: int, moves: list[int]) -> None:
    deal = g.new_deal(seed, "7")
    full = Counter(deck())
    assert _cards_of(deal) == full
    rng = random.Random(seed)
    for m in moves:
        if deal.is_over:
            break
        hand = list(deal.hand(deal.to_move))
        before = deal.dumps()
        choice = m % 4
        try:
            if choice == 0:
                deal.pass_turn()
            elif choice == 1:
                deal.play(rng.sample(hand, min(len(hand), 1 + m % 5)))
            elif choice == 2:
                plays = deal.legal_plays()
                if plays:
                    deal.play(plays[m % len(plays)])
            else:  # cards from another seat, a wrong seat, or nonsense
                other = (deal.to_move + 1 + m % 3) % 4
                deal.play(rng.choice([list(deal.hand(other))[:2] or ["3C"], "8C 8C 8C",
                                      None, 5]), seat=rng.choice([other, deal.to_move, 9]))
        except GuandanError:
            assert deal.dumps() == before  # a refused action changes nothing
        assert _cards_of(deal) == full


@settings(max_examples=8, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**4), moves=st.lists(st.integers(0, 10**6), max_size=80))
def test_random_actions_on_a_match(seed: int, moves: list[int]) -> None:
    match = g.Match(seed)
    full = Counter(deck())
    rng = random.Random(seed)
    for m in moves:
        if match.is_over:
            break
        before = match.dumps()
        try:
            action = m % 5
            if action == 0:
                match.give_return(rng.choice([0, 1, 2, 3, True, 1.0, None]),
                                  rng.choice(["5C", "AS", "7H", "", None, "3C 4C"]))
            elif action == 1 and match.deal is not None and not match.deal.is_over:
                match.deal.play(rng.choice(["3C", "RJ", "8C 8D", 7]))
            else:
                match.step()
        except GuandanError:
            assert match.dumps() == before
        hands = match.hands
        if any(hands):
            held = Counter(c for h in hands for c in h) + Counter(match.in_transit)
            deal = match.deal
            if deal is not None:
                held += Counter(c for a in deal.history if a.combo is not None
                                for c in a.combo.cards)
            assert held == full


# -- Fault injection -------------------------------------------------------------------------

WRITER = """
import sys
from guandan_learn.exercises import KINDS, generate, grade
from guandan_learn.progress import Progress
progress = Progress(sys.argv[1])
print("ready", flush=True)
start = int(sys.argv[2])
for i in range(start, start + 10**6):
    p = generate(KINDS[i % 8], i % 50)
    at = f"2025-01-01T{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}Z"
    row = progress.record(p, grade(p, p.answer), at=at, learner=f"w{start}")
    print(row.id, flush=True)
"""

RECOVER = ("import sys\nfrom guandan_learn.progress import Progress\nprint('go', flush=True)\n"
           "Progress(sys.argv[1]).close()\n")


def _damage(path: Path, rng: random.Random) -> None:
    size = path.stat().st_size
    with open(path, "r+b") as f:
        if rng.random() < 0.5:
            f.truncate(max(0, size * rng.randint(1, 9) // 10))
        else:
            f.seek(rng.randrange(0, max(1, size)))
            f.write(os.urandom(rng.randint(1, 3) * 4096))


def _stored(path: Path) -> set[str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProgressWarning)
        with Progress(path) as progress:
            return {a.id for a in progress.answers(everyone=True)}


def test_fault_injection_loses_no_acknowledged_answer(tmp_path: Path) -> None:
    """Writers killed at random moments, files damaged, recoveries killed at random moments:
    every answer a writer printed (``record`` had returned) is still there at the end."""
    path = tmp_path / "p.sqlite3"
    rng = random.Random(12)
    acknowledged: set[str] = set()
    kills = recoveries_killed = 0
    for round_ in range(int(os.environ.get("GUANDAN_FAULT_ROUNDS", "8"))):
        writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path),
                                     str(1000 * round_ + 100 * k)],
                                    stdout=subprocess.PIPE, text=True, cwd=ROOT)
                   for k in range(1 + round_ % 2)]
        for w in writers:
            assert w.stdout is not None and w.stdout.readline().strip() == "ready"
        for w in writers:  # a few answers acknowledged, then a kill at a random moment
            assert w.stdout is not None
            for _ in range(rng.randint(1, 6)):
                acknowledged.add(w.stdout.readline().strip())
        time.sleep(rng.random() * 0.3)
        for w in writers:
            w.send_signal(signal.SIGKILL)
            kills += 1
        for w in writers:
            out, _ = w.communicate(timeout=30)
            acknowledged.update(line for line in out.split("\n") if len(line) == 32)
        _damage(path, rng)
        if diagnose(path) is not None:
            child = subprocess.Popen([sys.executable, "-c", RECOVER, str(path)], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            assert child.stdout is not None and child.stdout.readline().strip() == "go"
            time.sleep(rng.random() * 0.3)
            child.send_signal(signal.SIGKILL)
            child.communicate(timeout=30)
            recoveries_killed += 1
        stored = _stored(path)
        lost = acknowledged - stored
        assert not lost, f"round {round_}: {len(lost)} of {len(acknowledged)} answers lost"
    print(f"fault injection: {kills} writers and {recoveries_killed} recoveries killed, "
          f"{len(acknowledged)} acknowledged answers, 0 lost")
    assert len(acknowledged) >= kills >= 8


# -- The endgame notation and the exports (issue 23) -----------------------------------------

_CODES = st.sampled_from([c.code for c in deck()])
#: Fields that are wrong on their own.
BAD_FIELDS = ["level Z", "level", "to_move 4", "to_move x", "goal x", "table 5: 9S", "table 0:",
              "0: 3C XX", "1: RJ RJ RJ", "2:", "3:8C", "table 1: 8C 8D =8C =9C", "4: 3C"]


@st.composite
def endgame_text(draw: st.DrawFn) -> str:
    """Returns the notation of a position, often right, sometimes with one field wrong,
    missing, twice, or with text thrown in."""
    def cards(most: int) -> str:
        return " ".join(draw(st.lists(_CODES, min_size=1, max_size=most)))

    fields = [f"level {draw(st.sampled_from(['2', '9', 'A', '7']))}",
              f"to_move {draw(st.integers(0, 3))}",
              *(f"{seat}: {cards(5)}" for seat in range(4))]
    if draw(st.booleans()):
        fields.append(f"goal {draw(st.sampled_from(['first', 'both']))}")
    if draw(st.booleans()):
        fields.append(f"table {draw(st.integers(0, 3))}: {cards(3)}")
    change = draw(st.integers(0, 7))
    if change == 1:
        fields.pop(draw(st.integers(0, len(fields) - 1)))
    elif change == 2:
        fields.append(draw(st.sampled_from(fields)))
    elif change == 3:
        fields.insert(draw(st.integers(0, len(fields))), draw(st.text(max_size=20)))
    elif change == 4:
        fields[draw(st.integers(0, len(fields) - 1))] = draw(st.sampled_from(BAD_FIELDS))
    return draw(st.sampled_from(["; ", ";", "\n"])).join(draw(st.permutations(fields)))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(text=st.one_of(endgame_text(), st.text(max_size=120)))
def test_endgame_notation_reads_any_text_and_round_trips(text: str) -> None:
    started = time.process_time()
    try:
        position = g.Endgame.loads(text)
    except GuandanError:
        return
    finally:
        assert time.process_time() - started < 1
    assert g.Endgame.loads(position.dumps()) == position


@settings(max_examples=60, deadline=None, derandomize=True)
@given(cards=st.lists(st.sampled_from(deck()), min_size=4, max_size=16),
       cut=st.lists(st.integers(0, 16), min_size=3, max_size=3, unique=True),
       level=st.sampled_from(["2", "7", "A"]), to_move=st.integers(0, 3))
def test_endgame_positions_round_trip(cards: list[g.Card], cut: list[int], level: str,
                                      to_move: int) -> None:
    a, b, c = sorted(cut)
    hands = [cards[:a], cards[a:b], cards[b:c], cards[c:]]
    try:
        position = g.Endgame(hands, level, to_move)
    except GuandanError:
        return
    assert g.Endgame.loads(position.dumps()) == position


#: Teachers' words a hostile bank or a puzzle made in code could hold.
HOSTILE_TEXT = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(["\x00", "\x01", "\x1f", "\ud800", "\udfff", "\ufffe", "]]>",
                              "<", "&", '"', "'", "=", "\n", "€", "🂡", "a"]),
             max_size=12).map("".join),
)
EXPORT_KINDS = [k for k in KINDS if k != "endgame"]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(kind=st.sampled_from(EXPORT_KINDS), seed=st.integers(0, 50), note=HOSTILE_TEXT,
       prompt=HOSTILE_TEXT)
def test_exports_are_well_formed_or_skip_with_a_reason(kind: str, seed: int, note: str,
                                                        prompt: str) -> None:
    import json
    from dataclasses import replace
    from xml.parsers import expat

    from guandan_learn import exports

    puzzle = replace(generate(kind, seed), notes={"en": note}, prompt={"en": prompt})
    export = exports.collect(puzzles=[puzzle])
    assert len(export.items) + len(export.skipped) == 1
    expat.ParserCreate().Parse(exports.moodle_xml(export).encode("utf-8"), True)
    text = exports.jupyterquiz_json(export)
    assert len(json.loads(text.encode("utf-8"))) == len(export.items)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(text=HOSTILE_TEXT)
def test_export_files_are_whole_or_untouched(tmp_path_factory: pytest.TempPathFactory,
                                             text: str) -> None:
    from xml.parsers import expat

    from guandan_learn.files import write_atomic

    def well_formed(text: str) -> None:
        expat.ParserCreate().Parse(text.encode("utf-8"), True)

    folder = tmp_path_factory.mktemp("export")
    out = folder / "out.xml"
    out.write_text("old", encoding="utf-8")
    try:
        write_atomic(out, f"<a>{text}</a>", check=well_formed)
    except (expat.ExpatError, UnicodeEncodeError):  # refused: the old file is there, whole
        assert out.read_text(encoding="utf-8") == "old"
    else:
        assert out.read_text(encoding="utf-8") == f"<a>{text}</a>"
    assert [p.name for p in folder.iterdir()] == ["out.xml"]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(cell=st.text(st.sampled_from(list("=+-@'\" ,;\t\r\n1aＡ＝.")), max_size=12))
def test_spreadsheet_cells_are_neutralised_and_restored(cell: str) -> None:
    import re

    from guandan_learn.files import neutralise, restore

    safe = neutralise(cell)
    assert restore(safe) == cell
    for piece in re.split(r"[,;\t\r\n]", safe):
        body = piece.lstrip(" \"")
        assert body[:1] not in ("=", "+", "-", "@", "\uff1d") or re.fullmatch(
            r"[+-]?(\d+(\.\d*)?|\.\d+)", piece.strip(" \"'")), (cell, safe)
