"""The ``guandan-learn`` command line: each command, its exit codes and its errors."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from guandan_learn import get_language, set_language
from guandan_learn.cli import main
from guandan_learn.exercises import BANK_DIR
from guandan_learn.messages import say

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_legal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "8C 8D 8S 7H", "--table", "KC KD", "--level", "7")
    assert code == 0
    assert "a 4-card bomb of 8s" in out and "§05.6" in out


def test_check_not_legal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "AC AD", "--table", "9S", "--level", "7")
    assert code == 1 and "§04.3" in out


def test_check_lead_and_non_combination(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", "3C 4D", "--level", "2")[0] == 1
    code, out, _ = run(capsys, "check", "3C", "--level", "2")
    assert code == 0 and "§06.2" in out


def test_classify(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "classify", "3C 4C 5C 6C 7H", "--level", "7")
    assert code == 0
    assert out.splitlines()[0].startswith("1. a straight flush up to 7")
    code, out, _ = run(capsys, "classify", "BJ RJ", "--level", "5")
    assert code == 1 and "§04.7" in out


@pytest.mark.parametrize("argv", [
    ["check", "8X", "--level", "7"],
    ["check", "8C", "--table", "3C 4D", "--level", "7"],
    ["classify", "8C", "--level", "Z"],
    ["classify", "8C 8C 8C", "--level", "2"],
    ["drill", "--count", "0"],
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("guandan-learn: error: ") and err.count("\n") == 1


@pytest.mark.parametrize("argv", [
    [], ["frobnicate"], ["check"], ["check", "8C"], ["drill", "--topic", "poker"],
    ["drill", "--difficulty", "5"], ["drill", "--count", "x"],
])
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and "usage:" in err


@pytest.mark.parametrize("command", ["check", "classify", "drill", "validate"])
def test_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and "usage: guandan-learn " + command in out and "--lang" in out
    code, out, _ = run(capsys, "--help")
    assert code == 0 and command in out


def test_validate_the_bank(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate")
    assert code == 0 and "agrees with the engine" in out


def test_validate_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("puzzles:\n  - id: x\n    kind: classify\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(bad), str(BANK_DIR / "classify.yaml"))
    assert code == 1
    assert str(bad) in out and "'x'" in out and "1 problem in 2 files" in out


def test_drill_reads_piped_answers(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from guandan_learn.exercises import generate

    first = generate("next_level", 7, 1)
    answers = f"hint\nwibble\n{first.answer}\nskip\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code, out, _ = run(capsys, "drill", "--topic", "next_level", "--count", "2", "--seed", "7")
    assert code == 0
    assert "Question 1 of 2 (next_level-d1-s7)" in out and "Hint 1 of 3" in out
    assert "Answer with both levels" in out or "Answer with a level" in out
    assert "Correct" in out and "The answer:" in out
    assert "You answered 1 of 2 correctly." in out


def test_drill_gives_a_second_try_before_the_answer(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from guandan_learn.exercises import generate

    first = generate("legal_play", 0, 1)
    wrong = "no" if first.answer in (True, "yes") else "yes"
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{wrong}\n{wrong}\n"))
    code, out, _ = run(capsys, "drill", "--topic", "legal_play", "--count", "1")
    assert code == 0
    tried, _, shown = out.partition("Try again")
    assert "Not quite" in tried and "The right answer" not in tried
    assert "The right answer" in shown and "You answered 0 of 1 correctly." in shown
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{wrong}\n"))
    code, out, _ = run(capsys, "drill", "--topic", "legal_play", "--count", "1", "--tries", "1")
    assert "Try again" not in out and "The right answer" in out


def test_drill_numbers_its_options_and_reads_the_number(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from guandan_learn.exercises import Question, generate

    q = Question(generate("strongest", 4, 2))
    right = next(n for n, o in enumerate(q.options, start=1) if Question(q.puzzle).check(o).correct)
    wrong = next(n for n in range(1, len(q.options) + 1) if n != right)
    shown = "Options: " + " | ".join(f"{n}) {o}" for n, o in enumerate(q.options, start=1))
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{right}\n"))
    code, out, _ = run(capsys, "drill", "--topic", "strongest", "--count", "1", "--seed", "4",
                       "--difficulty", "2")
    assert code == 0 and shown in out and "You answered 1 of 1 correctly." in out
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{len(q.options) + 1}\n{wrong}\n{wrong}\n"))
    code, out, _ = run(capsys, "drill", "--topic", "strongest", "--count", "1", "--seed", "4",
                       "--difficulty", "2")
    assert code == 0 and "Cannot grade" in out  # there is no such option
    assert "You answered 0 of 1 correctly." in out
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{q.options[right - 1]}\n"))
    code, out, _ = run(capsys, "drill", "--topic", "strongest", "--count", "1", "--seed", "4",
                       "--difficulty", "2")
    assert code == 0 and "You answered 1 of 1 correctly." in out  # the text still works


def test_drill_leaves_options_that_are_numbers_unnumbered(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from guandan_learn.exercises import Question, generate

    seed = next(s for s in range(40) if any(o.isdigit() for o in Question(
        generate("declare_wild", s, 1)).options))
    q = Question(generate("declare_wild", seed, 1))
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{q.puzzle.answer}\n"))
    code, out, _ = run(capsys, "drill", "--topic", "declare_wild", "--count", "1", "--seed",
                       str(seed))
    assert code == 0 and "Options: " + " | ".join(q.options) in out and "1) " not in out


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_drill_reads_forms_in_the_learners_language(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    lang: str) -> None:
    from guandan_learn.exercises import generate, solve
    from guandan_learn.exercises.kinds import kind_name

    puzzle = generate("classify", 5, 1)
    right = solve(puzzle).answer
    try:
        set_language(lang)
        words = say("exercise.reading.none") if right.kind is None else (
            f"{kind_name(right.kind)} {'' if right.rank is None else right.rank.value}")
        monkeypatch.setattr(sys, "stdin", io.StringIO(words + "\n"))
        code, out, _ = run(capsys, "drill", "--topic", "classify", "--count", "1", "--seed",
                           "5", "--lang", lang)
        assert code == 0 and say("cli.drill.score", right=1, count=1) in out
        assert "'pair 8'" not in out and say("exercise.type.reading") in out
    finally:
        set_language("en")


def test_drill_stops_at_end_of_input(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, _ = run(capsys, "drill", "--count", "3")
    assert code == 0 and "stops here" in out and "0 of 0" in out


def test_lang_option(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        run(capsys, "--lang", "pt", "check", "3C", "--level", "2")
        assert get_language() == "pt"
        run(capsys, "check", "3C", "--level", "2", "--lang", "es")
        assert get_language() == "es"
    finally:
        set_language("en")


def test_as_a_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "guandan_learn.cli", "classify", "AC 2D 3S 4H 5C", "--level", "9"],
        capture_output=True, text=True, encoding="utf-8", check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "a straight up to 5" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "guandan_learn.cli", "drill", "--topic", "legal_play", "--count",
         "1"], input="yes\n", capture_output=True, text=True, encoding="utf-8", check=False,
        cwd=ROOT)
    assert done.returncode == 0 and "You answered" in done.stdout


def test_solve_an_endgame(capsys: pytest.CaptureFixture[str]) -> None:
    position = ("level 2; goal first; to_move 0; 0: 3D 9S 9H QC QD; 1: KC 5H; 2: 4C 8S; "
                "3: JD JH 7H")
    code, out, _ = run(capsys, "solve", position)
    assert code == 0
    assert "Winning first moves: 9♥ 9♠." in out and "South: 9♥ 9♠" in out
    code, out, _ = run(capsys, "solve", position.replace("0: 3D 9S 9H QC QD", "0: 3D 9S 8H QC QD"))
    assert code == 1 and "cannot force" in out
    try:
        code, out, _ = run(capsys, "solve", "--lang", "pt", position)
        assert code == 0 and "vencedoras" in out
    finally:
        set_language("en")


@pytest.mark.parametrize("position", ["level 2; to_move 0; 0: 3D; 1: 4D; 2: 5D",
                                      "level 2; to_move 0; 0: 3D; 1: 4D; 2: 5D; 3: ZZ",
                                      "level 2; to_move 0; 0: 3D; 1: 4D; 2: 5D; 3: 6D; "
                                      "table 0: 7D"])
def test_solve_bad_positions_exit_2(capsys: pytest.CaptureFixture[str], position: str) -> None:
    code, out, err = run(capsys, "solve", position)
    assert code == 2 and not out and err.startswith("guandan-learn: error:")
