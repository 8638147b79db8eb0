"""Every reproducer of the robustness review (issue 12), kept as a regression test.

Each input once escaped the project's error family, changed state on a refusal, moved healthy
progress aside or lost it; each test below is built from that reproducer. The numbers are the
issue's.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import stat
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from guandan_learn import Deal, Match
from guandan_learn.bots import RulePlayer
from guandan_learn.cards import format_cards, parse_card, parse_cards, sort_cards, strength
from guandan_learn.combo import Combo, classify
from guandan_learn.errors import (
    ArgumentError,
    CardCountError,
    ClassroomError,
    GuandanError,
    MatchError,
    NotationError,
    ProgressError,
    ProgressWarning,
    TributeError,
)
from guandan_learn.exercises import BANK_DIR, KINDS, generate, grade
from guandan_learn.judge import beats, describe, judge, why_no_combination
from guandan_learn.moves import hints, legal_plays
from guandan_learn.progress import Answer, Progress, diagnose, log_path, read_csv
from guandan_learn.tribute import (
    allowed_returns,
    check_return,
    choose_return,
    plan_tribute,
    tribute_card,
)

ROOT = Path(__file__).resolve().parent.parent
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def fill(path: Path, n: int) -> list[Answer]:
    """Records ``n`` answers in a progress file; returns them."""
    with Progress(path) as progress:
        rows = []
        for i in range(n):
            puzzle = generate(KINDS[i % len(KINDS)], i)
            rows.append(progress.record(puzzle, grade(puzzle, puzzle.answer), at=T0))
        return rows


def count(path: Path) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProgressWarning)
        with Progress(path) as progress:
            return len(progress.answers(everyone=True))


# -- 1. Healthy data is never moved aside ----------------------------------------------------


def test_1_a_folder_is_refused_and_left_alone(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "mine.txt").write_text("keep me")
    with pytest.raises(ProgressError, match="not a regular file"):
        Progress(notes)
    monkeypatch.setenv("GUANDAN_PROGRESS", str(notes))
    from guandan_learn.cli import main

    assert main(["progress"]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]
    assert (notes / "mine.txt").read_text() == "keep me"


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Makes a file or folder read-only for this process: by its mode, or for root (whom modes
    do not stop) with the immutable attribute."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
        try:
            yield
        finally:
            path.chmod(mode)
        return
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
        pytest.skip("needs chattr to make a file read-only for root")  # pragma: no cover
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_1_a_read_only_folder_is_not_damage(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    fill(folder / "p.sqlite3", 5)
    (folder / "p.sqlite3.lock").unlink()
    before = sorted(p.name for p in folder.iterdir())
    with read_only(folder), pytest.raises(ProgressError, match="Cannot use"):
        Progress(folder / "p.sqlite3")
    assert sorted(p.name for p in folder.iterdir()) == before
    assert count(folder / "p.sqlite3") == 5


def test_1_out_of_file_descriptors_leaves_the_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    fill(path, 40)
    script = (
        "import resource, sys\n"
        "from guandan_learn.errors import ProgressError\n"
        "from guandan_learn.progress import Progress\n"
        "keep = [open(sys.argv[1], 'rb') for _ in range(3)]\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (len(keep) + 12, len(keep) + 12))\n"
        "held = []\n"
        "try:\n"
        "    while True: held.append(open(sys.argv[1], 'rb'))\n"
        "except OSError: pass\n"
        "try:\n"
        "    Progress(sys.argv[1])\n"
        "except ProgressError as err:\n"
        "    print('refused', err)\n")
    out = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert out.stdout.startswith("refused"), out.stderr[-500:]
    assert not any(".damaged-" in p.name for p in tmp_path.iterdir())
    assert diagnose(path) is None and count(path) == 40


# -- 2. Recovery cut short loses nothing -----------------------------------------------------

RECOVER = """
import sys
from guandan_learn.progress import Progress
print("go", flush=True)
Progress(sys.argv[1]).close()
"""


def _damage(path: Path) -> None:
    with open(path, "r+b") as f:
        f.seek(4096 * 2)
        f.write(b"\xff" * 4096 * 3)


def test_2_a_recovery_killed_at_any_point_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    fill(path, 150)
    _damage(path)
    assert diagnose(path) is not None
    for delay in [0.03 * k for k in range(12)]:
        child = subprocess.Popen([sys.executable, "-c", RECOVER, str(path)], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert child.stdout is not None and child.stdout.readline().strip() == "go"
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=10)
        assert count(path) == 150
        _damage(path)  # damage the file again for the next run
    assert count(path) == 150


def test_2_a_leftover_damaged_copy_is_merged_on_the_next_start(tmp_path: Path) -> None:
    """As an interrupted recovery of an older version left it: no file (or a new empty one)
    beside the damaged copy that alone holds the answers."""
    path = tmp_path / "p.sqlite3"
    fill(path, 30)
    log_path(path).unlink()
    os.replace(path, tmp_path / "p.sqlite3.damaged-20250101T000000Z")
    with pytest.warns(ProgressWarning, match="30 answer"):
        progress = Progress(path)
    assert progress.status == "recovered" and len(progress.answers()) == 30
    progress.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error", ProgressWarning)  # merged once, not again
        with Progress(path) as again:
            assert again.status == "ok" and len(again.answers()) == 30
    assert (tmp_path / "p.sqlite3.damaged-20250101T000000Z").exists()  # never deleted


def test_2_a_file_emptied_keeps_its_answers_from_the_log(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    fill(path, 12)
    path.write_bytes(b"")  # 12. a 0-byte file is not silently a new one
    with pytest.warns(ProgressWarning, match="12 answer"):
        progress = Progress(path)
    assert progress.status == "recovered" and len(progress.answers()) == 12
    progress.close()


# -- 4.–6. The engine's arguments ------------------------------------------------------------


def test_4_legal_plays_and_hints_check_the_card_count() -> None:
    with pytest.raises(CardCountError, match=r"§02\.2"):
        legal_plays("7H 7H 7H 7H 7H", None, "7")
    with pytest.raises(CardCountError, match=r"§02\.2"):
        hints("8C 8C 8C 8C 8C", None, "7")
    started = time.process_time()
    with pytest.raises(CardCountError):
        legal_plays(" ".join(["7H"] * 100) + " " + "AS " * 10**5, None, "7")
    assert time.process_time() - started < 2


@pytest.mark.parametrize("call", [
    lambda: classify(None, "7"), lambda: judge(5, None, "7"), lambda: hints(0.0, None, "7"),
    lambda: format_cards(None), lambda: sort_cards(None), lambda: Combo.of(None, "7"),
    lambda: Deal(["3C", "4C", "5C", "6C"], "7", 0, turned=5),
    lambda: Deal(["3C", "4C", "5C", "6C"], "7", 0).play("3C", wilds=5),
    lambda: check_return(None, "7", "AS"), lambda: choose_return(None, "7", "AS"),
    lambda: tribute_card(None, "7"), lambda: allowed_returns(None, "7", "AS"),
    lambda: plan_tribute([0, 1, 2], {3: None}, "8"),
    lambda: parse_card(None), lambda: parse_card(["8C"]), lambda: parse_card(b"8C"),
])
def test_5_cards_that_are_not_text_are_a_notation_error(call: object) -> None:
    with pytest.raises(NotationError):
        call()  # type: ignore[operator]


def test_5_a_match_return_of_no_cards_changes_nothing() -> None:
    m = _match_at_return()
    before = m.dumps()
    with pytest.raises(NotationError):
        m.give_return(m.pending_returns[0], None)  # type: ignore[arg-type]
    assert m.dumps() == before


@pytest.mark.parametrize("call", [
    lambda: judge("8C", None, "7", kind="xx"), lambda: Combo.of("8C", "7", kind="xx"),
    lambda: judge("8C", None, "7", rank="Z"), lambda: Combo.of("8C", "7", rank="Z"),
    lambda: judge("8C", "9S", "7"), lambda: hints("8C", "9S", "7"),
    lambda: legal_plays("8C", "9S", "7"), lambda: beats("8C", "9C"), lambda: describe(None),
])
def test_6_bad_options_and_tables_are_an_argument_error(call: object) -> None:
    with pytest.raises(ArgumentError):
        call()  # type: ignore[operator]


def test_6_an_unreadable_rank_is_a_notation_error() -> None:
    with pytest.raises(NotationError):
        strength("Z", "7")


def test_6_strength_reads_a_rank_written_as_text() -> None:
    assert strength("8", "7") == 8 and strength("7", "7") == 15


def test_6_tribute_rules_payers_and_wild_hearts() -> None:
    with pytest.raises(ArgumentError, match="Rules"):
        check_return("5C", "7", "AS", rules=None)  # type: ignore[arg-type]
    with pytest.raises(TributeError, match="no cards"):
        tribute_card("", "7")
    with pytest.raises(TributeError, match=r"§08\.11"):
        choose_return("7H 7H", "7", "AS")
    verdict = check_return("7H", "7", "AS", hand="7H 7H")
    assert not verdict.legal and verdict.clause == "§08.11"


# -- 7. Record loaders ---------------------------------------------------------------------

HANDS = "hand 0: 3C\nhand 1: 4C\nhand 2: 5C\nhand 3: 6C\n"


@pytest.mark.parametrize("lines", [
    "level 2\nleader ²\n", "level 2\nleader 0\ndealer ³\n", "level 2\nleader 0\nfinished ⁰\n",
    "level 2\nleader 0\nseed --5\n", "level 2\nleader 0\nseed " + "9" * 5000 + "\n",
])
def test_7_deal_records_with_unreadable_numbers(lines: str) -> None:
    with pytest.raises(NotationError, match=r"line [23]"):
        Deal.loads(lines + HANDS)


@pytest.mark.parametrize("change", [
    lambda t: t + "deal ²\n", lambda t: t.replace("rules default", "rules attempts_at_a=²"),
])
def test_7_match_records_with_unreadable_numbers(change: object) -> None:
    text = change(Match(seed=3).dumps())  # type: ignore[operator]
    with pytest.raises(NotationError, match="line"):
        Match.loads(text)


# -- 8., 9., 11., 12. Progress values ------------------------------------------------------


def _csv(tmp_path: Path, **fields: str) -> Path:
    row = {"at": "2025-01-01T00:00:00Z", "learner": "me", "source": "other", "puzzle": "p",
           "kind": "classify", "seed": "", "difficulty": "1", "correct": "1", **fields}
    path = tmp_path / "r.csv"
    path.write_text(",".join(row) + "\n" + ",".join(row.values()) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("fields", "field"), [
    ({"seed": str(2**63)}, "seed"), ({"difficulty": str(2**63)}, "difficulty"),
    ({"seed": "²"}, "seed"), ({"at": "9999-12-31T23:59:59-05:00"}, "at"),
    ({"at": "0001-01-01T00:00:00+01:00"}, "at"), ({"at": "9999-12-31T00:00:00Z"}, "at"),
])
def test_8_and_9_csv_values_out_of_range_name_their_field(tmp_path: Path, fields: dict[str, str],
                                                          field: str) -> None:
    with pytest.warns(ProgressWarning, match=f"line 2: .*'{field}'"):
        assert read_csv(_csv(tmp_path, **fields)) == []  # the line is reported and skipped


@pytest.mark.parametrize("kwargs", [{"at": "bad"}, {"at": 5}, {"learner": 5},
                                    {"learner": "  "}, {"at": "9999-12-31T00:00:00Z"}])
def test_8_and_11_record_refuses_bad_times_and_names(kwargs: dict[str, object]) -> None:
    progress = Progress(":memory:")
    puzzle = generate("classify", 1)
    with pytest.raises(ProgressError):
        progress.record(puzzle, grade(puzzle, puzzle.answer), **kwargs)  # type: ignore[arg-type]
    assert progress.answers(everyone=True) == []


def test_11_a_blank_export_name_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    fill(path, 2)
    with Progress(path) as progress, pytest.raises(ProgressError, match="blank"):
        progress.export_csv(tmp_path / "out.csv", name=" ")


def test_9_a_write_protected_file_says_so(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    fill(path, 1)
    with read_only(path), pytest.raises(ProgressError) as caught:
        progress = Progress(path)
        puzzle = generate("classify", 7)
        progress.record(puzzle, grade(puzzle, puzzle.answer))
    assert "readonly" in str(caught.value) and "no other program" not in str(caught.value)
    assert not any(".damaged-" in p.name for p in tmp_path.iterdir())
    assert count(path) == 1


def test_9_a_write_failure_is_not_called_busy(tmp_path: Path) -> None:
    """A full disk or a permission problem is not blamed on another program."""
    from guandan_learn.progress.store import _failure

    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
    busy = sqlite3.OperationalError("database is locked")
    busy.sqlite_errorcode = sqlite3.SQLITE_BUSY  # type: ignore[attr-defined]
    assert "not saved" in _failure(tmp_path, full)
    assert "no other program" in _failure(tmp_path, busy)


@pytest.mark.parametrize(("value", "error"), [(123, "path"), ("", "folder"), (".", "folder"),
                                              ("/dev/null", "not a regular file")])
def test_12_progress_paths_that_are_not_files(value: object, error: str) -> None:
    with pytest.raises(ProgressError, match=error):
        Progress(value)  # type: ignore[arg-type]


def test_9_why_no_combination_of_nothing() -> None:
    reason, clause = why_no_combination("", "7")
    assert reason.startswith("Choose") and clause == "§04.1"


def test_9_a_long_token_is_quoted_short() -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards("X" * 10**6)
    assert len(str(caught.value)) < 300


# -- 10., 14. The match --------------------------------------------------------------------


def _match_at_return() -> Match:
    for seed in range(60):
        m = Match(seed=seed)
        m.play_deal()
        while m.phase.name not in ("RETURN", "PLAY", "OVER"):
            m.step()
        if m.phase.name == "RETURN" and m.pending_returns:
            return m
    raise AssertionError("no seed reaches a return")  # pragma: no cover


@pytest.mark.parametrize("seat", [True, 1.0, "1", -1, 4])
def test_10_give_return_needs_a_seat_number(seat: object) -> None:
    m = _match_at_return()
    before = m.dumps()
    with pytest.raises(MatchError, match="not a seat"):
        m.give_return(seat, "5C")  # type: ignore[arg-type]
    assert m.dumps() == before


@pytest.mark.parametrize("action", ["play_deal", "run"])
def test_14_no_bot_for_a_seat_changes_nothing(action: str) -> None:
    m = Match(seed=5, players=[None, RulePlayer(), RulePlayer(), RulePlayer()])
    before = m.dumps()
    with pytest.raises(MatchError, match="no computer player"):
        getattr(m, action)()
    assert m.dumps() == before
    assert isinstance(MatchError("x"), GuandanError)


# -- 3., 9. Exercise files -----------------------------------------------------------------


def _bomb(levels: int) -> str:
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for k in range(1, levels):
        lines.append(f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * 9)}]")
    return "\n".join([*lines, f"puzzles: [*a{levels - 1}]", ""])


def test_3_an_alias_bomb_fails_fast(tmp_path: Path) -> None:
    from guandan_learn.exercises import load_file

    path = tmp_path / "bomb.yaml"
    path.write_text(_bomb(9), encoding="utf-8")
    assert len(path.read_bytes()) < 600
    started = time.process_time()
    loaded = load_file(path)
    assert time.process_time() - started < 1
    assert not loaded.puzzles and len(loaded.errors) == 1
    message = str(loaded.errors[0])
    assert str(path) in message and "200000 values" in message and len(message) < 400
    out = subprocess.run([sys.executable, "-m", "guandan_learn.cli", "validate", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert out.returncode == 1 and "200000 values" in out.stdout


def test_3_files_and_puzzle_counts_have_limits(tmp_path: Path) -> None:
    from guandan_learn.exercises import loader

    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * loader.MAX_FILE_BYTES + b"\npuzzles: []\n")
    assert "at most 1048576" in str(loader.load_file(big).errors[0])
    many = loader.load_data({"puzzles": [{}] * (loader.MAX_PUZZLES + 1)}, "many.yaml")
    assert "at most 2000" in str(many.errors[0]) and not many.puzzles


def test_9_an_impossible_date_or_number_names_the_puzzle(tmp_path: Path) -> None:
    from guandan_learn.exercises import load_file

    good = Path(BANK_DIR / "classify.yaml").read_text(encoding="utf-8")
    count_good = len(load_file(BANK_DIR / "classify.yaml").puzzles)
    for extra in ("when: 2020-13-45", "seed: " + "9" * 5000):
        text = good.replace("\n  - id:", f"\n  - {extra}\n    id:", 1)
        path = tmp_path / "one.yaml"
        path.write_text(text, encoding="utf-8")
        loaded = load_file(path)
        assert len(loaded.puzzles) == count_good - 1 and len(loaded.errors) == 1
        assert "puzzle '" in str(loaded.errors[0]) and len(str(loaded.errors[0])) < 400


def test_9_load_bank_of_one_folder_name() -> None:
    from guandan_learn.exercises import load_bank

    assert load_bank(str(BANK_DIR)).puzzles == load_bank([BANK_DIR]).puzzles


def test_9_a_roster_of_last_first_names(tmp_path: Path) -> None:
    from guandan_learn.worksheet import read_roster

    path = tmp_path / "roster.txt"
    path.write_text("Silva, Ana\nCosta, Bia\n", encoding="utf-8")
    assert read_roster(path) == ["Silva, Ana", "Costa, Bia"]


# -- 13. One exit-code contract ------------------------------------------------------------

CHECK = [sys.executable, "-m", "guandan_learn.cli", "check", "AC AD", "--table", "9S",
         "--level", "7"]


def test_13_stdout_on_a_full_disk_is_exit_2_in_one_line() -> None:
    if not Path("/dev/full").exists():  # pragma: no cover
        pytest.skip("needs /dev/full")
    with open("/dev/full", "w") as full:
        out = subprocess.run(CHECK, stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                             timeout=30, env={**os.environ, "GUANDAN_PROGRESS": "off"})
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "cannot write the output" in out.stderr


@pytest.mark.parametrize(("args", "code"), [(CHECK, 1), ([*CHECK[:5], "--level", "7"], 0)])
def test_13_a_reader_closing_the_pipe_keeps_the_answer(args: list[str], code: int) -> None:
    read, write = os.pipe()
    os.close(read)  # like `| head -0`
    try:
        out = subprocess.run(args, stdout=write, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                             timeout=30, env={**os.environ, "GUANDAN_PROGRESS": "off"})
    finally:
        os.close(write)
    assert out.returncode == code and out.stderr == ""


def test_13_validate_never_opens_a_named_pipe(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "x.yaml")
    out = subprocess.run([sys.executable, "-m", "guandan_learn.cli", "validate", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert out.returncode == 1 and "Not a regular file" in out.stdout


def test_13_project_errors_are_exit_2_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("at,learner,correct,seed\n"  # no results file: a bad line is only skipped
                   "2025-01-01,me,1,9223372036854775808\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "guandan_learn.cli", "progress", "--import",
                          str(bad)], capture_output=True, text=True, cwd=ROOT, timeout=30,
                         env={**os.environ, "GUANDAN_PROGRESS": str(tmp_path / "p.sqlite3")})
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "line 1" in out.stderr


# == Issue 23: the progress log, progress files, exports, spreadsheets, arguments ============

TORN_WRITER = """
import os, sys, time
from guandan_learn.progress import Answer, Progress, recovery
def rows(batch, n):
    return [Answer(at=f"2025-03-01T10:00:{k % 60:02d}.{batch:06d}+00:00", learner="Ana",
                   source="other", puzzle=f"p{batch}-{k}", kind="legal_play", seed=None,
                   difficulty=1, clauses=(), answer="x" * 40, correct=k % 2 == 0)
            for k in range(n)]
real_write = os.write
def torn_write(fd, data):
    real_write(fd, bytes(data[:len(data) // 2 + 7]))  # then the program is killed
    print("torn", flush=True)
    time.sleep(60)
if __name__ == "__main__":
    progress = Progress(sys.argv[1])
    progress.add(rows(0, 20))
    print("acknowledged", flush=True)
    recovery.os.write = torn_write
    progress.add(rows(1, 20))
"""


def _rows(batch: int, n: int) -> list[Answer]:
    scope: dict[str, Any] = {}
    exec(TORN_WRITER.replace('if __name__ == "__main__":', "if False:"), scope)
    return list(scope["rows"](batch, n))


def _rebuilt(path: Path) -> set[str]:
    """Returns the answers a progress file rebuilt from its log alone holds."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProgressWarning)
        with Progress(path) as progress:
            return {a.id for a in progress.answers(everyone=True)}


def test_23_5_a_kill_tearing_the_log_loses_no_acknowledged_answer(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    child = subprocess.Popen([sys.executable, "-c", TORN_WRITER, str(path)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "acknowledged"
    assert child.stdout.readline().strip() == "torn"
    child.send_signal(signal.SIGKILL)
    child.communicate(timeout=10)
    tail = log_path(path).read_bytes()
    assert not tail.endswith(b"\n")  # the kill left the log's last line cut short
    acknowledged = {a.id for a in _rows(0, 20)}
    with warnings.catch_warnings(record=True) as caught, Progress(path) as progress:
        warnings.simplefilter("always")
        after = _rows(2, 1)[0]
        progress.add([after])
    acknowledged.add(after.id)
    stored = _rebuilt(path)
    assert acknowledged <= stored, "an acknowledged answer was lost"
    assert stored <= acknowledged | {a.id for a in _rows(1, 20)}
    log = log_path(path).read_bytes()
    assert log.startswith(tail) and log[len(tail):len(tail) + 1] == b"\n"  # a line of its own
    assert any("cut short" in str(w.message) for w in caught)


def test_23_5_a_torn_tail_is_reported_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    rows = fill(path, 3)
    log = log_path(path)
    fragment = log.read_bytes().split(b"\n")[0][:50]
    with open(log, "ab") as handle:
        handle.write(fragment)
    with pytest.warns(ProgressWarning) as caught, Progress(path) as progress:
        new = progress.record(generate("classify", 5), grade(generate("classify", 5), "none"),
                              at="2025-04-01T10:00Z")
    said = " ".join(str(w.message) for w in caught)
    assert "line 4" in said and "50 bytes" in said
    assert fragment + b"\n" in log.read_bytes()  # kept, apart
    assert {a.id for a in rows} | {new.id} <= _rebuilt(path)


def test_23_5_a_short_write_is_finished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from guandan_learn.progress import recovery

    real = os.write
    monkeypatch.setattr(recovery.os, "write", lambda fd, data: real(fd, bytes(data[:7])))
    path = tmp_path / "p.sqlite3"
    rows = fill(path, 4)
    monkeypatch.undo()
    assert {a.id for a in rows} <= _rebuilt(path)


@pytest.mark.parametrize("card", ["{}", "not json", "[1,2]", 5, "[" * 5000,
                                  '{"card_id": 1, "state": 1, "step": "x", "stability": null, '
                                  '"difficulty": null, "due": "2025-01-01", '
                                  '"last_review": null}'])
def test_23_6_a_skill_schedule_edited_by_hand_is_replayed(tmp_path: Path, card: object) -> None:
    path = tmp_path / "p.sqlite3"
    fill(path, 3)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE skills SET card = ?", (card,))
    conn.close()
    with Progress(path) as progress:
        with pytest.warns(ProgressWarning, match="table skills, row me / "):
            skills = progress.skills()
        assert skills and all(s.card.due.tzinfo is not None for s in skills)
        puzzle = generate("legal_play", 40)
        progress.record(puzzle, grade(puzzle, puzzle.answer), at="2026-01-01T10:00Z")
        assert len(progress.answers()) == 4


def test_23_6_a_bad_meta_or_answer_row_is_reported_not_raised(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    fill(path, 3)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = 'abc' WHERE key = 'log_size'")
        conn.execute("UPDATE answers SET correct = 'x', at = 'never' WHERE rowid = 1")
    conn.close()
    with (pytest.warns(ProgressWarning, match="log_size: 'abc'"), Progress(path) as progress,
          pytest.warns(ProgressWarning, match="1 row of the table answers")):
        assert len(progress.answers()) == 2
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM answers").fetchone()[0] == 3  # kept
    conn.close()


def test_23_6_a_deeply_nested_log_line_never_blocks_opening(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    rows = fill(path, 3)
    with open(log_path(path), "ab") as handle:
        handle.write(b"[" * 100_000 + b"\n")
    path.unlink()
    started = time.process_time()
    with pytest.warns(ProgressWarning) as caught, Progress(path) as progress:
        assert {a.id for a in progress.answers()} == {a.id for a in rows}
    assert time.process_time() - started < 1
    assert any("line 4" in str(w.message) for w in caught)


BAD_TEXT = """kind: classify
puzzles:
  - id: bad-text
    clauses: ["§04.6"]
    difficulty: 1
    setup: {level: "9", cards: "AC 2D 3S 4H 5C"}
    answer: straight 5
    notes: {en: "NOTE"}
"""


@pytest.mark.parametrize(("note", "char"), [("a \\x01 b", "U+0001"), ("\\uD800", "U+D800"),
                                            ("\\uFFFE", "U+FFFE")])
def test_23_7_validate_refuses_text_xml_cannot_carry(tmp_path: Path, note: str,
                                                    char: str) -> None:
    from guandan_learn.exercises import validate

    bank = tmp_path / "bank.yaml"
    bank.write_text(BAD_TEXT.replace("NOTE", note), encoding="utf-8")
    loaded = validate([bank])
    assert not loaded.puzzles and len(loaded.errors) == 1
    assert "bad-text" in str(loaded.errors[0]) and char in str(loaded.errors[0])
    assert "notes.en" in str(loaded.errors[0])


@pytest.mark.parametrize("fmt", ["moodle", "jupyterquiz"])
@pytest.mark.parametrize("text", ["x\x01y", "x\ud800y"])
def test_23_7_an_export_that_cannot_be_written_leaves_the_old_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str, text: str) -> None:
    from dataclasses import replace

    from guandan_learn import exports

    export = exports.collect(puzzles=[generate("legal_play", 3)])
    export.items[0] = replace(export.items[0], prompt=text)  # past every check before
    monkeypatch.setattr(exports, "collect", lambda chapter=None: export)
    out = tmp_path / "quiz.out"
    out.write_text("the old export", encoding="utf-8")
    if fmt == "jupyterquiz" and text == "x\x01y":  # JSON carries it, escaped: a good file
        exports.write_export(fmt, out)
        assert json.loads(out.read_text(encoding="utf-8"))[0]["question"].count("\x01") == 1
    else:
        with pytest.raises(ClassroomError, match="left as it was"):
            exports.write_export(fmt, out)
        assert out.read_text(encoding="utf-8") == "the old export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quiz.out"]  # no temporary left


def test_23_7_a_puzzle_made_in_code_with_such_text_is_skipped() -> None:
    from dataclasses import replace
    from xml.parsers import expat

    from guandan_learn import exports

    good = generate("legal_play", 3)
    bad = replace(generate("classify", 4), notes={"en": "a\x01b"})
    export = exports.collect(puzzles=[bad, good])
    assert [i.puzzle.id for i in export.items] == [good.id]
    assert export.skipped[0][0] == bad.id and "U+0001" in export.skipped[0][1]
    expat.ParserCreate().Parse(exports.moodle_xml(export).encode("utf-8"), True)


HOSTILE = ["x;=cmd|' /C calc'!A0", "x\t=1+1", "a,b;@SUM(1)", "ok\n+1+1", ' "=1"', "-1+2",
           "=HYPERLINK(\"x\")", "\uff1d1+1", "'=1", "''=1"]


def _pieces(text: str) -> list[str]:
    """Returns every cell a spreadsheet could see in CSV text, splitting on , ; tab or line."""
    import re

    return [p.lstrip(" \"") for p in re.split(r"[,;\t\r\n]", text)]


def _safe(text: str) -> bool:
    import re

    return all(not p[:1] or p[:1] not in "=+-@\uff1d\uff0b\uff0d\uff20"
               or re.fullmatch(r"[+-]?\d+(\.\d*)?", p.strip(' "')) for p in _pieces(text))


@pytest.mark.parametrize("name", HOSTILE)
def test_23_8_no_cell_of_a_written_csv_reads_as_a_formula(tmp_path: Path, name: str) -> None:
    from guandan_learn.classroom import class_report
    from guandan_learn.files import neutralise, restore

    assert restore(neutralise(name)) == name and _safe(neutralise(name))
    folder = tmp_path / "class"
    folder.mkdir()
    with Progress(":memory:", learner=name) as progress:
        puzzle = generate("legal_play", 3)
        progress.record(puzzle, grade(puzzle, puzzle.answer), at="2025-03-01T10:00Z",
                        answer=name)
        progress.export_csv(folder / "a.csv")
    results = (folder / "a.csv").read_text(encoding="utf-8")
    assert _safe(results)
    back = read_csv(folder / "a.csv")
    assert [a.learner for a in back] == [name.strip()]  # reads back as written (trimmed)
    report = class_report(folder)
    assert _safe(report.gradebook_csv()) and report.learners == [name.strip()]


@pytest.mark.parametrize("call", [
    lambda: __import__("guandan_learn").set_language(5),
    lambda: __import__("guandan_learn.exercises").exercises.solve(None),
    lambda: __import__("guandan_learn.exercises").exercises.check_answers([parse_card("AC")]),
    lambda: __import__("guandan_learn.exercises").exercises.Question(Deal.new(1)),
    lambda: __import__("guandan_learn.exercises").exercises.grade(Deal.new(1), "x"),
    lambda: __import__("guandan_learn.exercises").exercises.load_file(b"x"),
    lambda: __import__("guandan_learn.exercises").exercises.load_bank(["x" * 10000]),
    lambda: __import__("guandan_learn.exercises").exercises.load_bank(["\0"]),
    lambda: __import__("guandan_learn.exercises").exercises.load_bank([b"x"]),
    lambda: __import__("guandan_learn.widgets.quiz").widgets.quiz.Quiz(generated=5),
    lambda: __import__("guandan_learn.widgets.quiz").widgets.quiz.Quiz(5),
    lambda: __import__("guandan_learn.widgets.quiz").widgets.quiz.quiz_set(5),
    lambda: __import__("guandan_learn.bots").bots.simulate_deal(1, 1.0),
    lambda: __import__("guandan_learn.bots").bots.simulate_deal(1, [1, 2, 3, 4]),
    lambda: __import__("guandan_learn.bots").bots.RandomPlayer(set()),
    lambda: __import__("guandan_learn.widgets.replay").widgets.replay.DealReplay(
        Deal.new(1), bytearray()),
    lambda: __import__("guandan_learn.render").render.deal_svg(Deal.new(1), 7),
    lambda: __import__("guandan_learn.widgets.quiz").widgets.quiz.Quiz("legal_play", count="x"),
    lambda: __import__("guandan_learn.exercises").exercises.validate(5),
    lambda: RulePlayer().choose(5),  # type: ignore[arg-type]
    lambda: __import__("guandan_learn.bots").bots.RandomPlayer(1).choose(None),
])
def test_23_10_wrong_argument_types_are_argument_errors(call: Callable[[], object]) -> None:
    with pytest.raises(ArgumentError) as caught:
        call()
    assert str(caught.value).endswith(".") and "Traceback" not in str(caught.value)


def test_23_10_a_quiz_asks_for_a_bounded_number_of_puzzles() -> None:
    from guandan_learn.errors import ExerciseError
    from guandan_learn.widgets.quiz import Quiz

    started = time.process_time()
    for generated in ([("legal_play", 10**9)], [("legal_play", "x")], [("legal_play", -1)]):
        with pytest.raises(ExerciseError):
            Quiz(generated=generated)
    assert time.process_time() - started < 1


def test_23_7_an_atomic_write_never_replaces_a_device_pipe_or_link(tmp_path: Path) -> None:
    import threading

    from guandan_learn.files import write_atomic

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()))
    reader.start()
    write_atomic(pipe, "through the pipe")
    reader.join(timeout=10)
    assert got == [b"through the pipe"] and stat.S_ISFIFO(os.stat(pipe).st_mode)
    real = tmp_path / "real.csv"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o640)
    (tmp_path / "link.csv").symlink_to("real.csv")
    write_atomic(tmp_path / "link.csv", "new")
    assert (tmp_path / "link.csv").is_symlink() and real.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.csv", "pipe", "real.csv"]
