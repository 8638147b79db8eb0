"""The exercise bank against the engine, the loader's errors, the grader, and misconceptions.

Every puzzle in the bank (``exercises/*.yaml``) must hold the engine's answer;
every rulebook clause from §02 to §09 must be drilled by at least two puzzles (reported clause
by clause).
"""

from __future__ import annotations

import os
import re
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulebook import clauses  # the tests folder is on sys.path

from guandan_learn import ExerciseError, GuandanError, rulebook, set_language
from guandan_learn.exercises import (
    KINDS,
    Feedback,
    Puzzle,
    PuzzleKind,
    Question,
    catalogue,
    check_answers,
    generate,
    grade,
    load_bank,
    load_data,
    load_file,
    solve,
    spec,
    validate,
)
from guandan_learn.exercises.lenses import LENSES

ROOT = Path(__file__).resolve().parent.parent
BANK = load_bank().puzzles
#: The issue asks for at least 20 hand-written puzzles of every kind.
PER_KIND = 20


def _clauses() -> list[str]:
    return clauses(2, 9)


CLAUSES = _clauses()


# -- The bank ---------------------------------------------------------------------------------


def test_bank_loads_without_errors() -> None:
    loaded = load_bank(strict=True)
    assert loaded.errors == []
    assert {p.kind.value for p in loaded.puzzles} == set(KINDS)


def test_bank_ids_are_unique() -> None:
    ids = [p.id for p in BANK]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("puzzle", BANK, ids=[p.id for p in BANK])
def test_stored_answer_is_the_engine_answer(puzzle: Puzzle) -> None:
    solution = solve(puzzle)
    s = spec(puzzle.kind)
    assert s.is_correct(puzzle.expected, solution, puzzle.parsed, puzzle.question), (
        s.show_answer(solution.answer, puzzle.parsed, puzzle.question), solution.explanation)
    feedback = grade(puzzle, puzzle.answer)
    assert feedback.correct
    assert feedback.explanation == solution.explanation
    assert re.search(r"§\d\d\.\d+", feedback.explanation)


@pytest.mark.parametrize("puzzle", [p for p in BANK if p.choices],
                         ids=[p.id for p in BANK if p.choices])
def test_bank_choices(puzzle: Puzzle) -> None:
    """Exactly one option is right; a tagged option is wrong and graded with its idea."""
    results = [grade(puzzle, c.answer) for c in puzzle.choices]
    assert sum(f.correct for f in results) == 1
    for choice, feedback in zip(puzzle.choices, results, strict=True):
        if choice.misconception:
            assert not feedback.correct
            assert feedback.misconception is not None
            assert feedback.misconception.id == choice.misconception


def test_check_answers_finds_no_mismatch() -> None:
    assert check_answers(BANK) == []


def test_check_answers_reports_any_failing_check_as_that_puzzles_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from guandan_learn.errors import EndgameError
    from guandan_learn.exercises import loader

    stopped, broken, fine = BANK[:3]

    def failing_solve(puzzle: Puzzle) -> Any:
        if puzzle is stopped:
            raise EndgameError("the search stopped at its limit")
        if puzzle is broken:
            raise KeyError("a bug")
        return solve(puzzle)

    monkeypatch.setattr(loader, "solve", failing_solve)
    errors = check_answers([stopped, broken, fine])
    assert [(e.puzzle_id, e.field) for e in errors] == [(stopped.id, "answer"),
                                                        (broken.id, "answer")]
    assert "the search stopped at its limit" in errors[0].message
    assert "KeyError" in errors[1].message and "'a bug'" in errors[1].message


@pytest.mark.lab
def test_checking_a_file_leaves_jsonschema_whole_for_other_code() -> None:
    """The schema check skips jsonschema's format libraries while it imports jsonschema (they
    cost seconds, and the schema has no format); jsonschema imported afterwards by other code
    still checks the formats those libraries bring (the lab extra installs them)."""
    code = ("from guandan_learn.exercises import loader\n"
            "assert loader.load_data({'puzzles': []}, 'class.yaml').errors\n"
            "import jsonschema\n"
            "print(' '.join(sorted(jsonschema.FormatChecker.checkers)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.split()
    assert {"iri", "duration", "color", "json-pointer", "uri-template", "hostname",
            "date-time"} <= set(out)


@pytest.mark.parametrize("kind", KINDS)
def test_bank_has_enough_puzzles_of_each_kind(kind: str) -> None:
    count = sum(1 for p in BANK if p.kind.value == kind)
    assert count >= PER_KIND, f"{kind}: {count} puzzles"


@pytest.mark.parametrize("clause", [
    pytest.param(c, id=c.replace("§", "clause-")) for c in CLAUSES])
def test_every_clause_is_drilled_twice(clause: str) -> None:
    drilling = [p.id for p in BANK if clause in p.clauses]
    assert len(drilling) >= 2, f"{clause} is drilled by {len(drilling)} puzzle(s): {drilling}"


def test_rulebook_lists_the_clauses() -> None:
    assert "§02.1" in CLAUSES and "§09.4" in CLAUSES and "§01.1" not in CLAUSES


def test_bank_clauses_exist_in_the_rulebook() -> None:
    known = set(rulebook.clauses())
    for p in BANK:
        for c in p.clauses:
            assert c in known, (p.id, c)


# -- Loader errors name the file, the puzzle and the field ------------------------------------

GOOD = {"id": "good-one", "kind": "legal_play", "clauses": ["§04.3"], "difficulty": 1,
        "setup": {"level": "7", "table": "9S", "play": "AC AD"}, "answer": "no"}


def _write(tmp_path: Path, name: str, document: Any) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    return path


def _with(**changes: Any) -> dict[str, Any]:
    out = {**GOOD, "id": "bad-one"}
    for key, value in changes.items():
        if key.startswith("setup_"):
            out["setup"] = {**GOOD["setup"], key[6:]: value}
        elif value is None:
            out.pop(key)
        else:
            out[key] = value
    return out


BAD_PUZZLES = [
    (_with(setup_table="9X"), "setup.table", "9X"),
    (_with(setup_level="Z"), "setup.level", ""),
    (_with(setup_play=None), "setup.play", ""),
    (_with(setup_bogus="x"), "setup.bogus", "bogus"),
    (_with(answer="maybe"), "answer", "maybe"),
    (_with(difficulty=4), "difficulty", ""),
    (_with(clauses=["4.3"]), "clauses[0]", "4.3"),
    (_with(kind="poker"), "kind", ""),
    (_with(question="why"), "question", ""),
    (_with(answer=None), "answer", ""),
    (_with(choices=[{"answer": "yes", "misconception": "no-such-idea"}, {"answer": "no"}]),
     "choices[0].misconception", "no-such-idea"),
    (_with(setup_play="AC AC AC"), "setup.play", "§02.2"),
    ({**_with(kind="strongest"), "question": "winner",
      "setup": {"level": "2", "plays": ["3C", "3D"]}}, "setup.plays", "§04.8"),
    ({**_with(kind="next_level"), "question": "levels",
      "setup": {"levels": ["2", "3"], "declarers": 0, "finish": [0, 1]}}, "setup.finish",
     "§06.8"),
    ({**_with(kind="who_leads"),
      "setup": {"level": "2", "hands": ["3C", "4C", "5C", "6C"], "leader": 0,
                "actions": ["1 play 4C"]}}, "setup.actions[0]", "turn"),
    ({**_with(kind="tribute"), "question": "payments",
      "setup": {"level": "2", "finish": [0, 1, 2], "hands": {1: "AS"}}}, "setup.hands", "West"),
]


@pytest.mark.parametrize(("data", "field", "quoted"), BAD_PUZZLES,
                         ids=[f for _, f, _ in BAD_PUZZLES])
def test_bad_puzzle_is_named_and_the_rest_loads(tmp_path: Path, data: dict[str, Any],
                                                field: str, quoted: str) -> None:
    path = _write(tmp_path, "mixed.yaml", {"puzzles": [GOOD, data]})
    _write(tmp_path, "other.yaml", {"kind": "legal_play",
                                    "puzzles": [{**GOOD, "id": "other-one"}]})
    loaded = load_bank([tmp_path])
    assert [p.id for p in loaded.puzzles] == ["good-one", "other-one"]
    assert len(loaded.errors) == 1
    err = loaded.errors[0]
    assert isinstance(err, ExerciseError)
    message = str(err)
    assert str(path) in message and "'bad-one'" in message and field in message, message
    assert quoted in message
    assert err.path == str(path) and err.puzzle_id == "bad-one" and err.field == field
    with pytest.raises(ExerciseError, match="1 problem"):
        load_bank([tmp_path], strict=True)


def test_file_level_kind_is_the_default(tmp_path: Path) -> None:
    puzzle = {k: v for k, v in GOOD.items() if k != "kind"}
    path = _write(tmp_path, "a.yaml", {"kind": "legal_play", "puzzles": [puzzle]})
    assert [p.kind for p in load_file(path).puzzles] == [PuzzleKind.LEGAL_PLAY]
    path = _write(tmp_path, "b.yaml", {"puzzles": [puzzle]})
    (err,) = load_file(path).errors
    assert err.field == "kind" and "missing" in str(err)


def test_duplicate_ids(tmp_path: Path) -> None:
    first = _write(tmp_path, "a.yaml", {"puzzles": [GOOD]})
    _write(tmp_path, "b.yaml", {"puzzles": [GOOD]})
    loaded = load_bank([tmp_path])
    assert len(loaded.puzzles) == 1
    (err,) = loaded.errors
    assert "b.yaml" in str(err) and str(first) in str(err) and err.field == "id"
    path = _write(tmp_path / ".." / tmp_path.name, "c.yaml", {"puzzles": [GOOD, GOOD]})
    assert "twice" in str(load_file(path).errors[0])


def test_loading_some_ids_reads_and_checks_only_those(tmp_path: Path) -> None:
    """A quiz of a few bank puzzles loads those: a broken puzzle it does not ask is not read,
    a broken one it asks is named, and one left out of both files is not there."""
    _write(tmp_path, "a.yaml", {"puzzles": [GOOD, _with(answer="maybe")]})
    _write(tmp_path, "b.yaml", {"kind": "legal_play",
                                "puzzles": [{**GOOD, "id": "other-one"},
                                            {**_with(setup_table="9X"), "id": "bad-two"}]})
    loaded = load_bank([tmp_path], ids={"good-one", "other-one"})
    assert [p.id for p in loaded.puzzles] == ["good-one", "other-one"] and not loaded.errors
    loaded = load_bank([tmp_path], ids=frozenset({"bad-two", "good-one", "nowhere"}))
    assert [p.id for p in loaded.puzzles] == ["good-one"]
    (err,) = loaded.errors
    assert err.puzzle_id == "bad-two" and err.field == "setup.table"
    assert len(load_bank([tmp_path]).errors) == 2  # without ids: the whole bank, both errors


def test_bank_reads_the_same_with_libyaml_as_with_pure_python() -> None:
    """The exercise loader parses on libyaml where PyYAML has it; every bank file reads the
    same as with PyYAML's pure-Python safe loader (dates stay text in both)."""
    from guandan_learn.exercises import loader

    class Pure(yaml.SafeLoader):
        pass

    Pure.add_constructor("tag:yaml.org,2002:timestamp", Pure.construct_scalar)
    assert issubclass(loader._yaml_loader(), getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    for path in loader.exercise_files([loader.BANK_DIR]):
        text = path.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=loader._yaml_loader()) == yaml.load(text, Loader=Pure)


@pytest.mark.parametrize(("text", "expect"), [
    ("puzzles: [", "YAML"),
    ("- just\n- a list\n", "mapping"),
    ("topic: nothing\n", "puzzles"),
    ("puzzles: []\n", "puzzles"),
    ("puzzles: 3\n", "puzzles"),
    ("puzzles:\n  - 2001-13-01\n", "'2001-13-01' is not of type 'object'"),  # a date YAML
    # cannot hold stays text: the puzzle is named, not the whole file dropped as "not YAML"
    ("\tpuzzles: x", "YAML"),
])
def test_bad_files(tmp_path: Path, text: str, expect: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_file(path)
    assert loaded.puzzles == []
    assert len(loaded.errors) == 1 and str(path) in str(loaded.errors[0])
    assert expect in str(loaded.errors[0])


def test_unreadable_and_missing_files(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"topic: caf\xe9\n")
    assert "UTF-8" in str(load_file(path).errors[0])
    assert load_file(tmp_path / "nothing.yaml").errors
    assert load_bank([tmp_path / "empty"]).errors


def test_validate_reports_a_wrong_stored_answer(tmp_path: Path) -> None:
    path = _write(tmp_path, "wrong.yaml", {"puzzles": [{**GOOD, "answer": "yes"}]})
    assert load_file(path).errors == []
    (err,) = validate([path]).errors
    assert err.field == "answer" and "§04.3" in str(err) and "good-one" in str(err)


# -- Fuzzing: the loader and the grader raise only ExerciseError ------------------------------

json_like = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.floats(allow_nan=False) | st.text(
        string.printable + "♣♦♥♠§", max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["id", "kind", "setup", "answer", "level", "play", "table", "puzzles",
                         "clauses", "difficulty", "hands", "cards", 0, 1, 3]) | st.text(
            max_size=5), inner, max_size=5),
    max_leaves=20)


def _mutations() -> st.SearchStrategy[dict[str, Any]]:
    base = [p.to_data() for p in BANK]

    def mutate(data: dict[str, Any], path: list[str], value: Any) -> dict[str, Any]:
        out = yaml.safe_load(yaml.safe_dump(data, allow_unicode=True))
        target = out
        for key in path[:-1]:
            if not isinstance(target.get(key), dict):
                return out
            target = target[key]
        target[path[-1]] = value
        return out

    fields = st.sampled_from([["setup", k] for k in ("level", "play", "table", "cards", "hand",
                                                       "plays", "hands", "finish", "levels",
                                                       "declarers", "actions", "leader", "make",
                                                       "card", "seat", "rules")]
                             + [["answer"], ["question"], ["choices"], ["notes"], ["kind"]])
    return st.builds(mutate, st.sampled_from(base), fields, json_like)


@settings(max_examples=int(os.environ.get("FUZZ", 150)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(json_like, st.builds(lambda p: {"puzzles": [p]}, _mutations())))
def test_fuzzed_documents_never_crash_the_loader(document: Any) -> None:
    loaded = load_data(document, "fuzz.yaml")
    for err in loaded.errors:
        assert isinstance(err, ExerciseError)
    for puzzle in loaded.puzzles:
        try:
            solve(puzzle)
        except GuandanError as err:  # pragma: no cover - setups are checked when loading
            pytest.fail(f"a loaded puzzle failed to solve: {err}")


@settings(max_examples=60, deadline=None)
@given(st.text(string.printable + "♣♦♥♠:-[]{}", max_size=80))
def test_fuzzed_yaml_text_never_crashes(tmp_path_factory: pytest.TempPathFactory,
                                        text: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "f.yaml"
    path.write_text(text, encoding="utf-8")
    for err in load_file(path).errors:
        assert isinstance(err, ExerciseError)


SAMPLE = [*BANK, *(generate(k, s, d) for k in KINDS for s in range(2) for d in (1, 3))]


@settings(max_examples=int(os.environ.get("FUZZ", 300)), deadline=None)
@given(st.sampled_from(SAMPLE), json_like)
def test_fuzzed_answers_raise_only_exercise_errors(puzzle: Puzzle, answer: Any) -> None:
    try:
        feedback = grade(puzzle, answer)
    except ExerciseError as err:
        assert str(err)
    else:
        assert isinstance(feedback, Feedback) and str(feedback)


def test_grade_rejects_a_non_puzzle() -> None:
    with pytest.raises(ExerciseError):
        grade("legal-pair-on-single", "yes")  # type: ignore[arg-type]


# -- Forgiving answers ------------------------------------------------------------------------

BY_ID = {p.id: p for p in BANK}


@pytest.mark.parametrize(("pid", "answer", "correct"), [
    ("legal-pair-on-single", "No", True), ("legal-pair-on-single", False, True),
    ("legal-pair-on-single", "n", True), ("legal-pair-on-single", "illegal.", True),
    ("legal-pair-on-single", "yes", False),
    ("classify-ace-low-straight", "a straight up to 5", True),
    ("classify-ace-low-straight", "STRAIGHT 5", True),
    ("classify-ace-low-straight", {"kind": "straight", "rank": 5}, True),
    ("classify-ace-low-straight", "straight ace", False),
    ("classify-mixed-jokers", "not a combination", True),
    ("classify-mixed-jokers", "pair of red jokers", False),
    ("classify-two-wilds", "pair of jacks", True),
    ("classify-wild-straight-flush", "straight flush up to 7", True),
    ("strongest-level-single", "b", True), ("strongest-level-single", 2, True),
    ("strongest-level-single", "5♣", True), ("strongest-level-single", "A", False),
    ("strongest-bomb-ladder", "D > C > B > A", True), ("strongest-bomb-ladder", "dcba", True),
    ("strongest-bomb-ladder", ["D", "C", "B", "A"], True),
    ("strongest-bomb-ladder", "A B C D", False),
    ("declare-fourth-eight", "8H", True), ("declare-fourth-eight", 8, True),
    ("declare-fourth-eight", "9", False),
    ("declare-straight-flush-suit", "K", True), ("declare-straight-flush-suit", "KS", True),
    ("declare-straight-flush-suit", "KD", False), ("declare-straight-flush-suit", "8", False),
    ("declare-full-house-pair", "4 4", True), ("declare-full-house-pair", "Q 4", False),
    ("find-higher-pair", "qh qs", True), ("find-higher-pair", "3C 3D", False),
    ("find-higher-pair", "KS KH", False), ("find-higher-pair", "pass", False),
    ("find-pass", "pass", True), ("find-pass", "4S 4D", False),
    ("find-level-pair", ["7S", "7H"], True),
    ("next-own-level", "8 9", True), ("next-own-level", "8, 9", True),
    ("next-own-level", {0: "8", 1: 9}, True), ("next-own-level", "team 0: 8, team 1: 9", True),
    ("next-own-level", "J 9", False),
    ("next-stops-at-a", "level A", True), ("next-stops-at-a", "a", True),
    ("next-first-fourth-at-a", "nobody", True), ("next-first-fourth-at-a", "team 0", False),
    ("tribute-no-wild-heart", "seat 3 gives 8♣ to seat 0", True),
    ("tribute-no-wild-heart", "3 -> 0: 8♣", True),
    ("tribute-no-wild-heart", "3 -> 0: 8D", False),
    ("tribute-no-wild-heart", "3 gives 8H to 0", False),
    ("tribute-double-equal", "3 gives AD to 2; 1 gives AS to 0", True),
    ("tribute-double-equal", "1 gives AS to 2; 3 gives AD to 0", False),
    ("tribute-cancelled", "no tribute", True), ("tribute-leader-double", "seat 2", True),
    ("tribute-return-ace", "no", True),
    ("who-worked-example", "2", True), ("who-worked-example", "seat 2", True),
    ("who-deal-over", "nobody", True), ("who-deal-over", None, True),
    ("who-deal-over", 0, False), ("who-card-count", "7", True),
    ("who-card-count", "more than 10", False),
])
def test_forgiving_answers(pid: str, answer: Any, correct: bool) -> None:
    assert grade(BY_ID[pid], answer).correct is correct


@pytest.mark.parametrize(("pid", "answer", "words"), [
    ("legal-pair-on-single", "perhaps", "yes or no"),
    ("classify-ace-low-straight", "straight", "rank"),
    ("classify-ace-low-straight", "wibble 5", "form"),
    ("strongest-level-single", "E", "A, B, C"),
    ("strongest-bomb-ladder", "A B", "all 4"),
    ("declare-fourth-eight", "8 8", "1 wild"),
    ("find-higher-pair", "QX", "QX"),
    ("next-own-level", "8", "team 0 first"),
    ("tribute-no-wild-heart", "3 gives to 0", "payer"),
    ("who-worked-example", "5", "South, East, North or West"),
    ("who-card-count", "lots", "more than 10"),
])
def test_unreadable_answers_say_what_to_write(pid: str, answer: Any, words: str) -> None:
    with pytest.raises(ExerciseError, match=re.escape(words)) as info:
        grade(BY_ID[pid], answer)
    assert pid in str(info.value)


# -- Feedback, hints, the Question object -----------------------------------------------------


def test_wrong_answer_feedback() -> None:
    feedback = grade(BY_ID["legal-pair-on-single"], "yes")
    assert not feedback and feedback.misconception is not None
    assert feedback.misconception.id == "pair-vs-single"
    text = str(feedback)
    assert "Not quite" in text and "The right answer: no." in text and "§04.3" in text
    assert "Same form, or a bomb!" in text  # the teacher's words stay
    html = feedback._repr_html_()
    assert html.startswith('<div class="guandan-feedback wrong"') and "§04.3" in html


def test_feedback_names_a_misconception_without_tagged_choices() -> None:
    feedback = grade(BY_ID["next-first-fourth-at-a"], "team 0")
    assert feedback.misconception is not None
    assert feedback.misconception.id == "win-at-a-first-fourth"
    assert "partner must finish 2nd or 3rd" in str(feedback)


def test_find_play_feedback_explains_the_selection() -> None:
    feedback = grade(BY_ID["find-higher-pair"], "3C 3D")
    assert feedback.why is not None and "§04.4" in feedback.why
    feedback = grade(BY_ID["find-higher-pair"], "KS KH")
    assert feedback.why is not None and "does not hold" in feedback.why


def test_html_escapes() -> None:
    puzzle = BY_ID["legal-pair-on-single"]
    data = {**puzzle.to_data(), "notes": "<b>bold</b> & co"}
    odd = Puzzle.from_data(data)
    assert "&lt;b&gt;" in grade(odd, "no")._repr_html_()


def test_question_hints_climb_a_ladder() -> None:
    q = Question(BY_ID["legal-pair-on-single"])
    hints = [q.hint() for _ in range(4)]
    assert hints[0].startswith("Hint 1 of 3") and "§04.3" in hints[0]
    assert "a pair of aces" in hints[1]
    assert "single 9" in hints[2] and "strictly" in hints[2]
    assert hints[3] == hints[2].replace("Hint 3", "Hint 3")
    assert "Options: yes | no" in str(q)
    assert "<b>May you play" in q._repr_html_()
    assert q.solution().given is None and "The answer: no." in str(q.solution())
    assert q.check("no").correct and len(q.attempts) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_a_three_step_ladder(kind: str) -> None:
    for d in (1, 2, 3):
        q = Question(generate(kind, 5, d))
        ladder = q.hint_ladder()
        assert len(ladder) == 3 and all(ladder) and "§" in ladder[0]
        assert q.prompt and q.setup_lines


def test_teacher_prompt_and_translated_notes() -> None:
    puzzle = BY_ID["legal-pair-on-single"]
    data = {**puzzle.to_data(), "prompt": {"en": "Well?", "pt": "E então?"}}
    q = Question(Puzzle.from_data(data))
    assert q.prompt == "Well?"
    try:
        set_language("pt")
        assert q.prompt == "E então?"
        assert "Mesma forma" in str(grade(puzzle, "no"))
        assert "Um par nunca cobre" in str(grade(puzzle, "yes"))
        set_language("es")
        assert "Misma forma" in puzzle.note
    finally:
        set_language("en")


# -- Misconceptions ---------------------------------------------------------------------------


def test_catalogue_matches_the_lenses() -> None:
    ids = list(catalogue())
    assert set(ids) == set(LENSES)
    for mid, m in catalogue().items():
        assert re.fullmatch(r"§0[2-9]\.\d+", m.clause), mid
        assert m.correction and m.belief and m.kinds
        assert set(m.kinds) <= set(LENSES[mid].answers) | set(LENSES[mid].explainers), mid
    required = {"pair-vs-single", "level-card-vs-ace", "ace-low-keyed-high",
                "straight-flush-vs-five-bomb", "promotion-from-active-level",
                "tribute-wild-heart"}
    assert required <= set(ids)


def _puzzle(kind: str, setup: dict[str, Any], answer: Any, question: str | None = None) -> Puzzle:
    data = {"id": "case", "kind": kind, "clauses": ["§04.1"], "difficulty": 1,
            "setup": setup, "answer": answer}
    if question:
        data["question"] = question
    return Puzzle.from_data(data)


#: One case per misconception: a puzzle, the engine's answer, and the wrong answer the idea gives.
IDEAS = [
    ("pair-vs-single", "legal_play", {"level": "2", "table": "9S", "play": "KC KD"}, "no",
     "yes", None),
    ("different-forms", "legal_play", {"level": "2", "table": "9S 9D", "play": "KC KD KS"},
     "no", "yes", None),
    ("level-card-vs-ace", "strongest", {"level": "6", "plays": ["AS", "6C"]}, "B", "A",
     "winner"),
    ("ace-low-keyed-high", "classify", {"level": "9", "cards": "AC 2D 3S 4H 5C"}, "straight 5",
     "straight A", None),
    ("straight-flush-vs-five-bomb", "legal_play",
     {"level": "2", "table": "3D 4D 5D 6D 7D", "play": "9C 9D 9H 9S 9S"}, "no", "yes", None),
    ("straight-flush-over-six-bomb", "legal_play",
     {"level": "2", "table": "9C 9D 9H 9S 9S 9D", "play": "3D 4D 5D 6D 7D"}, "no", "yes",
     None),
    ("flush-is-straight", "classify", {"level": "2", "cards": "3D 4D 5D 6D 7D"},
     "straight_flush 7", "straight 7", None),
    ("equal-beats", "legal_play", {"level": "2", "table": "9S", "play": "9C"}, "no", "yes",
     None),
    ("bomb-rank-over-size", "legal_play",
     {"level": "2", "table": "3C 3D 3H 3S 3S", "play": "AC AD AH AS"}, "no", "yes", None),
    ("joker-pair-mixed", "classify", {"level": "2", "cards": "BJ RJ"}, "none", "pair RJ",
     None),
    ("wrap-around", "classify", {"level": "5", "cards": "QC KD AS 2H 3C"}, "none", "straight 3",
     None),
    ("suit-breaks-ties", "legal_play", {"level": "2", "table": "9C", "play": "9S"}, "no",
     "yes", None),
    ("wild-is-joker", "legal_play", {"level": "2", "table": "BJ", "play": "2H"}, "no", "yes",
     None),
    ("wild-for-joker", "classify", {"level": "2", "cards": "RJ 2H"}, "none", "pair RJ", None),
    ("level-rank-in-sequence", "classify", {"level": "7", "cards": "5C 6D 7S 8H 9C"},
     "straight 9", "none", None),
    ("full-house-by-pair", "legal_play",
     {"level": "2", "table": "6C 6D 6S 3C 3D", "play": "5C 5D 5H KC KD"}, "no", "yes", None),
    ("long-straight", "classify", {"level": "2", "cards": "3C 4D 5S 6H 7C 8D"}, "none",
     "straight 8", None),
    ("promotion-from-active-level", "next_level",
     {"levels": ["6", "9"], "declarers": 1, "finish": [0, 1, 2]}, ["8", "9"], ["J", "9"],
     "levels"),
    ("reaching-a-wins", "next_level", {"levels": ["Q", "5"], "declarers": 0, "finish": [0, 2]},
     "none", 0, "match_winner"),
    ("win-at-a-first-fourth", "next_level",
     {"levels": ["A", "9"], "declarers": 0, "finish": [0, 1, 3]}, "none", 0, "match_winner"),
    ("win-at-a-not-declaring", "next_level",
     {"levels": ["A", "9"], "declarers": 1, "finish": [0, 1, 2]}, "none", 0, "match_winner"),
    ("tribute-wild-heart", "tribute",
     {"level": "8", "finish": [0, 1, 2], "hands": {3: "8H AS 5C"}}, "3 gives AS to 0",
     "3 gives 8H to 0", "payments"),
    ("double-tribute-equal", "tribute",
     {"level": "5", "finish": [0, 2], "hands": {1: "AS 3C", 3: "AD 4C"}},
     "1 gives AS to 0; 3 gives AD to 2", "3 gives AD to 0; 1 gives AS to 2", "payments"),
    ("leader-after-tribute-first", "tribute",
     {"level": "5", "finish": [0, 1, 2], "hands": {3: "AS 3C"}}, 3, 0, "leader"),
    ("tribute-partner-exempt", "tribute",
     {"level": "5", "finish": [0, 1, 3], "hands": {2: "AS 3C"}}, "2 gives AS to 0", "none",
     "payments"),
    ("return-ace", "tribute", {"level": "5", "tribute_card": "RJ", "card": "AC"}, "no", "yes",
     "return"),
    ("return-level-rank", "tribute", {"level": "5", "tribute_card": "RJ", "card": "5C"}, "no",
     "yes", "return"),
    ("partner-leads-next-seat", "who_leads",
     {"level": "9", "hands": ["KC", "3D 4D", "5D 6D", "2S 7D"], "leader": 1,
      "actions": ["1 play 3D", "2 play 5D", "3 play 7D", "0 play KC", "1 pass", "2 pass",
                  "3 pass"]}, 2, 1, None),
    ("pass-drops-out", "who_leads",
     {"level": "2", "hands": ["3C 9C", "4C 8C", "5C KC", "6C 7D"], "leader": 0,
      "actions": ["0 play 3C", "1 pass", "2 play 5C", "3 play 6C", "0 pass"]}, 1, 2, None),
]


def test_every_idea_has_a_case() -> None:
    assert {case[0] for case in IDEAS} == set(catalogue())


@pytest.mark.parametrize(("mid", "kind", "setup", "right", "wrong", "question"), IDEAS,
                         ids=[c[0] for c in IDEAS])
def test_each_lens_gives_and_explains_its_wrong_answer(mid: str, kind: str,
                                                       setup: dict[str, Any], right: Any,
                                                       wrong: Any, question: str | None) -> None:
    puzzle = _puzzle(kind, setup, right, question)
    assert grade(puzzle, right).correct
    feedback = grade(puzzle, wrong)
    assert not feedback.correct
    solution = solve(puzzle)
    s = spec(puzzle.kind)
    said = s.read_answer(wrong, puzzle.parsed, puzzle.question)
    assert LENSES[mid].explains(puzzle.kind, said, puzzle.parsed, puzzle.question, solution)
    assert feedback.misconception is not None  # the first idea (in catalogue order) that fits
    lens_answer = LENSES[mid].answer(puzzle.kind, puzzle.parsed, puzzle.question, solution)
    if lens_answer is not None:
        assert not s.is_correct(lens_answer.answer, solution, puzzle.parsed, puzzle.question)


def test_find_play_lens_explains_a_selection() -> None:
    puzzle = _puzzle("find_play", {"level": "2", "table": "9S", "hand": "KC KD 3C"}, "KC")
    feedback = grade(puzzle, "KC KD")
    assert feedback.misconception is not None and feedback.misconception.id == "pair-vs-single"


def test_a_right_answer_has_no_misconception() -> None:
    for puzzle in BANK:
        assert grade(puzzle, puzzle.answer).misconception is None


# -- One home per kind, reasons as data, layers ------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_declares_its_parts(kind: str) -> None:
    from guandan_learn.exercises.kinds import REGISTRY
    from guandan_learn.exercises.layout import Row, Shape
    from guandan_learn.messages import MESSAGES

    s = REGISTRY[kind]
    assert s.name == kind and s.questions and s.title_key in MESSAGES
    assert s.topic_key in MESSAGES
    for seed in range(3):
        p = generate(kind, seed, 2)
        assert isinstance(p.parsed, s.setup_type)
        rows = s.layout(p.parsed, p.question)
        assert rows and all(isinstance(r, Row) and r.text for r in rows)
        assert s.show_setup(p.parsed, p.question) == [r.text for r in rows]
        assert isinstance(s.answer_shape(p.parsed, p.question), Shape)
        hints = s.hints(p.parsed, p.question, solve(p))
        assert len(hints) == 2 and all(h.text() for h in hints)


@pytest.mark.parametrize("kind", KINDS)
def test_a_solution_made_in_english_renders_in_portuguese(kind: str) -> None:
    try:
        set_language("en")
        q = Question(generate(kind, 5, 3))
        english = (str(q.solution()), q.hint_ladder())
        set_language("pt")
        shown = (str(q.solution()), q.hint_ladder())
        fresh = Question(generate(kind, 5, 3))
        assert shown == (str(fresh.solution()), fresh.hint_ladder())
        assert shown != english
    finally:
        set_language("en")


def _imports(path: Path) -> list[tuple[int, str]]:
    """Returns (level, module) of every import of a file, inside functions too, except those
    only for the type checker."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            return
        if isinstance(node, ast.ImportFrom):
            out.append((node.level, node.module or ""))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


#: The layers of the exercises package, lowest first; a module imports only from lower ones.
_LAYERS = [{"techniques"}, {"model", "explain"}, {"answers", "layout", "pool"},
           {"misconceptions"}, {"kinds.base"}, {"kinds"}, {"lenses", "solve"}, {"generate"},
           {"grade", "loader"}, {"draw"}]


def _rank(name: str) -> int:
    for i, layer in enumerate(_LAYERS):
        if name in layer:
            return i
    raise AssertionError(f"{name} is in no layer")


def test_exercises_import_nothing_above_them() -> None:
    root = Path(__file__).resolve().parents[1] / "guandan_learn" / "exercises"
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).with_suffix("").as_posix().replace("/", ".")
        if rel == "__init__":
            continue
        in_kinds = rel.startswith("kinds.")
        own = _rank("kinds.base" if rel == "kinds.base" else "kinds" if in_kinds else rel)
        depth = 2 if in_kinds else 1  # the import level that reaches ``exercises``
        for level, module in _imports(path):
            if in_kinds and level == 1:  # a kind may use the shared base, nothing else
                assert module == "base", (rel, module)
            elif level == depth:
                target = "kinds.base" if module == "kinds.base" else module.split(".")[0]
                assert _rank(target) < own, (rel, module)
            else:
                top = module.split(".")[0]
                assert top not in ("progress", "widgets", "worksheet", "cli"), (rel, module)


def test_a_new_kind_joins_the_file_schema_from_its_module() -> None:
    import copy
    from typing import ClassVar

    from guandan_learn.exercises.kinds import KindSpec
    from guandan_learn.exercises.loader import schema, with_kinds

    class Sample(KindSpec):
        name = "sample"
        questions = ("best_move",)
        setup_schema: ClassVar[dict[str, Any] | None] = {"type": "object",
                                                         "required": ["hands"]}

    data = with_kinds(copy.deepcopy(schema()), [Sample()])
    assert "sample" in data["$defs"]["kind"]["enum"]
    assert data["$defs"]["setup_sample"] == Sample.setup_schema
    rule = data["$defs"]["puzzle"]["allOf"][-1]
    assert rule["if"]["properties"]["kind"]["const"] == "sample"
    assert rule["then"]["properties"]["question"]["enum"] == ["best_move"]
    assert with_kinds(copy.deepcopy(schema()), []) == schema()  # the eight are in the file


def test_feedback_made_in_english_shows_in_the_language_of_the_moment() -> None:
    try:
        set_language("en")
        puzzle = generate("next_level", 1, 1)
        wrong = grade(puzzle, next(c.answer for c in puzzle.choices
                                   if c.answer != puzzle.answer))
        english = str(wrong)
        set_language("pt")
        again = grade(puzzle, next(c.answer for c in puzzle.choices
                                   if c.answer != puzzle.answer))
        assert str(wrong) == str(again) != english
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "pt", "es"])
def test_every_option_shown_grades_as_typed(lang: str) -> None:
    """An option, typed as shown (the command-line drill, a worksheet read back), is graded."""
    from guandan_learn.exercises import KINDS, Question, generate, grade
    from guandan_learn.i18n import set_language

    set_language(lang)
    try:
        for kind in KINDS:
            for seed in range(2 if str(kind).endswith("endgame") else 6):
                puzzle = generate(kind, seed=seed)
                options = Question(puzzle).options
                verdicts = [bool(grade(puzzle, option)) for option in options]
                assert not options or verdicts.count(True) >= 1, (puzzle.id, options)
    finally:
        set_language("en")


def test_a_legal_play_is_not_called_a_misread() -> None:
    """A single 7♣ out of a pair on a lower single is legal: its feedback is the endgame's own
    reason, never "A pair never beats a single" (chapter 11)."""
    from guandan_learn.judge import judge

    puzzle = BY_ID["endgame-count-level-9-single"]
    setup = puzzle.parsed
    for card in dict.fromkeys(setup.hand):
        assert judge([card], setup.table, setup.level).legal
        feedback = grade(puzzle, [card.code], reveal=False)
        assert feedback.misconception is None
        assert feedback.correct or feedback.why
    assert grade(puzzle, "7C 7C", reveal=False).misconception is not None  # the real misread


def test_an_order_with_a_repeated_letter_is_shown_a_whole_order() -> None:
    """The example in the message lists every play once (not 'B A C' beside five plays)."""
    puzzle = next(p for p in (generate("strongest", s, 3) for s in range(40))
                  if p.question == "order" and len(p.parsed.labels) >= 4)
    labels = puzzle.parsed.labels
    with pytest.raises(GuandanError) as err:
        grade(puzzle, " ".join([labels[0], *labels[:-1]]))
    example = " ".join([labels[1], labels[0], *labels[2:]])
    assert f"such as '{example}'" in str(err.value)


@pytest.mark.parametrize("lang", ["en", "pt", "es"])
def test_find_play_explanation_counts_the_plays_in_a_sentence(lang: str) -> None:
    """The count of plays that beat the table reads as a sentence in each language, not as a
    label with a number after a colon ("…that beat it: 3.", issue 26)."""
    by_id = {p.id: p for p in BANK}
    set_language(lang)
    try:
        texts = {n: solve(by_id[pid]).reasons[0].text()
                 for n, pid in ((1, "find-higher-pair"), (2, "find-higher-straight"),
                                (5, "find-first-lead"))}
    finally:
        set_language("en")
    for count, text in texts.items():
        assert not re.search(r":\s*\d+\.?$", text), text
        assert re.search(rf"\b{count}\b \w+", text), text  # the number counts a noun
    if lang == "en":
        assert "Your hand has 1 play that beats it: this one." in texts[1]
        assert "your hand has 2 different plays that beat it" in texts[2]
        assert "your hand has 5 different plays to lead with" in texts[5]


def test_tribute_payments_store_the_card_the_engine_names() -> None:
    """Among a payer's equal cards the engine names one (suits never break ties, §03.2, so any
    is accepted); the bank stores that one, so a stored answer is never shown beside an
    engine's answer that names another suit (tribute-shown-double: A♦, not A♠)."""
    payments = [p for p in BANK if p.kind.value == "tribute" and p.question == "payments"]
    assert len(payments) >= 10
    assert [(p.id, p.expected) for p in payments if p.expected != solve(p).answer] == []
    shown = next(p for p in payments if p.id == "tribute-shown-double")
    assert grade(shown, "1 gives BJ to 0; 3 gives AS to 2").correct  # the other ace is right too


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tribute_explanation_names_every_card_a_right_answer_may_give(lang: str) -> None:
    """With two decks a payer may hold the tribute's rank in two suits; any of them is right
    (§03.2), and the explanation names each, so a right "West gives A♠" never sits beside an
    explanation that names only A♦ (issue 26, chapter 7 in Spanish)."""
    puzzles = [p for p in BANK if p.kind.value == "tribute"]
    puzzles += [generate("tribute", seed=s, difficulty=3) for s in range(12)]
    puzzles = [p for p in puzzles if p.question == "payments"]
    seen = 0
    set_language(lang)
    try:
        for puzzle in puzzles:
            solution = solve(puzzle)
            if not solution.answer:
                continue
            hands = puzzle.parsed.hands
            for i, (payer, receiver, card) in enumerate(solution.answer):
                for other in {c for c in hands.get(payer, ()) if c.rank is card.rank
                              and c.suit is not card.suit and not c.is_wild(puzzle.parsed.level)}:
                    given = [f"{p} {r} {o.code}" for p, r, o in solution.answer]
                    given[i] = f"{payer} {receiver} {other.code}"
                    feedback = grade(puzzle, "; ".join(given))
                    assert feedback.correct, (puzzle.id, given)
                    words = str(feedback)
                    assert str(other) in words.split("\n", 1)[1], (puzzle.id, words)
                    seen += 1
    finally:
        set_language("en")
    assert seen >= 1  # tribute-shown-double: West holds A♦ and A♠
