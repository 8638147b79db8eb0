"""Every endgame search runs on a budget (issue 23, item 1): defaults, refusals and limits."""

from __future__ import annotations

import inspect
import math
import random
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guandan_learn import ArgumentError, Endgame, Solver, deck, refutation, solve
from guandan_learn.endgame import NODE_LIMIT, TIME_LIMIT
from guandan_learn.errors import EndgameError, ExerciseError
from guandan_learn.exercises import spec, validate
from guandan_learn.exercises.model import FieldError

PUZZLE = "level 2; to_move 0; 0: 3D 9S 9H QC QD; 1: KC 5H; 2: 4C 8S; 3: JD JH 7H"


def dealt(cards_each: int, seed: int = 1) -> Endgame:
    """The issue's reproducer: four hands of ``cards_each`` cards from one shuffled pack."""
    d = list(deck())
    random.Random(seed).shuffle(d)
    return Endgame({s: d[cards_each * s:cards_each * (s + 1)] for s in range(4)}, "2", 0)


def test_solve_solver_and_refutation_have_a_default_budget() -> None:
    assert NODE_LIMIT > 0 and 0 < TIME_LIMIT <= 10
    for fn in (solve, Solver, refutation):
        params = inspect.signature(fn).parameters
        assert params["node_limit"].default == NODE_LIMIT
        assert params["time_limit"].default == TIME_LIMIT


@pytest.mark.parametrize("cards_each", [10, 13, 27])
def test_big_hands_stop_on_the_budget_not_run_on(cards_each: int) -> None:
    eg = dealt(cards_each)
    t0 = time.process_time()
    with pytest.raises(EndgameError, match="stopped after 2000 positions"):
        solve(eg, node_limit=2000)
    with pytest.raises(EndgameError, match=r"0\.2 seconds"):
        solve(eg, time_limit=0.2, node_limit=None)
    assert time.process_time() - t0 < 5


def test_the_default_budget_stops_four_full_hands() -> None:
    # The default time limit, scaled down: what stops the search is the budget the defaults
    # set up, whichever limit comes first.
    with pytest.raises(EndgameError):
        solve(dealt(27), time_limit=TIME_LIMIT / 20)


@pytest.mark.parametrize("bad", [10**400, math.nan, math.inf, -math.inf, -1, 0, 0.0, True,
                                 False, "5", b"5", [5], 1j])
def test_bad_limits_are_refused(bad: object) -> None:
    eg = Endgame.loads(PUZZLE)
    move = Solver(eg).start().moves()[0]
    for name in ("node_limit", "time_limit"):
        with pytest.raises(ArgumentError, match=name):
            solve(eg, **{name: bad})  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match=name):
            Solver(eg, **{name: bad})  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match=name):
            refutation(eg, move, **{name: bad})  # type: ignore[arg-type]


def test_node_limits_are_whole_numbers_and_none_lifts_a_limit() -> None:
    eg = Endgame.loads(PUZZLE)
    with pytest.raises(ArgumentError, match="node_limit"):
        solve(eg, node_limit=2.5)  # type: ignore[arg-type]
    assert solve(eg, node_limit=None, time_limit=None).wins
    assert solve(eg, node_limit=10**15, time_limit=1e300).wins  # finite, however large


def test_a_refutation_shares_one_budget_for_its_whole_line() -> None:
    eg = Endgame.loads(PUZZLE)
    queens = next(m for m in Solver(eg).start().moves() if str(m) == "Q♣ Q♦")
    need = Solver(eg, node_limit=None)
    start = need.start()
    with need.budget():
        start.play(queens).line()
    assert need.nodes > 1
    with pytest.raises(EndgameError):
        refutation(eg, queens, node_limit=need.nodes - 1)
    assert refutation(eg, queens, node_limit=need.nodes)[0] == (0, queens)


def _bank(tmp_path: Path, hands: list[str]) -> Path:
    text = (
        "topic: t\nkind: endgame\npuzzles:\n- id: big-one\n  clauses: [§06.3]\n"
        "  difficulty: 1\n  setup:\n    level: '2'\n    goal: first\n    to_move: 0\n"
        f"    hands: [{', '.join(hands)}]\n  answer: 3C\n")
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_validate_refuses_a_13_card_puzzle_fast(tmp_path: Path) -> None:
    d = [c.code for c in deck()]
    random.Random(1).shuffle(d)
    hands = [" ".join(d[13 * s:13 * (s + 1)]) for s in range(4)]
    path = _bank(tmp_path, hands)
    t0 = time.process_time()
    loaded = validate([path])
    assert time.process_time() - t0 < 1
    assert not loaded.puzzles
    (err,) = loaded.errors
    text = str(err)
    assert "big-one" in text and "setup.hands[0]" in text
    assert "13 cards" in text and "at most 6 cards per hand" in text


def test_the_command_line_validate_refuses_it_fast(tmp_path: Path, capsys) -> None:
    from guandan_learn.cli import main

    d = [c.code for c in deck()]
    random.Random(1).shuffle(d)
    path = _bank(tmp_path, [" ".join(d[13 * s:13 * (s + 1)]) for s in range(4)])
    t0 = time.process_time()
    assert main(["validate", str(path)]) == 1
    assert time.process_time() - t0 < 1
    out = capsys.readouterr().out
    assert "at most 6 cards per hand" in out and "1 problem in 1 file" in out


def test_the_kind_refuses_too_many_cards_in_all() -> None:
    kind = spec("endgame")
    raw = {"level": "2", "to_move": 0,
           "hands": ["3C 4C 5C 6C 7C 8C", "3D 4D 5D 6D 7D 8D", "3H 4H 5H 6H 7H 8H",
                     "3S 4S 5S"]}
    with pytest.raises(FieldError, match=r"21 cards in all.*at most 20 cards") as err:
        kind.read_setup(raw, "best_move")
    assert err.value.field == "setup.hands"
    raw["hands"][3] = "3S 4S"
    assert kind.read_setup(raw, "best_move").position.hands[3]


def test_a_puzzle_the_kinds_budget_cannot_decide_is_refused(monkeypatch, tmp_path) -> None:
    import guandan_learn.exercises.kinds.endgame as kind_module

    path = _bank(tmp_path, ["3C 9D 9H QC QD", "5H KC", "4C 8S", "7H JD JH"])
    assert [str(e) for e in validate([path]).errors] != []  # 3♣ is a losing first move
    monkeypatch.setattr(kind_module, "NODE_LIMIT", 3)
    (err,) = validate([path]).errors
    assert isinstance(err, ExerciseError) and "within 3 positions" in str(err)


def _question_sizes(monkeypatch, eg: Endgame) -> list[int]:
    """Returns the positions each question of one click (playing 2♣) searches, asked one by
    one (the click's shared budget switched off)."""
    import contextlib

    import guandan_learn.endgame.search as search
    from guandan_learn.widgets import EndgamePlay

    sizes: list[int] = []
    plain = search._Search.budget

    @contextlib.contextmanager
    def recording(self: search._Search):  # type: ignore[no-untyped-def]
        outer, start = self.depth == 0, self.nodes
        with plain(self):
            yield
        if outer:
            sizes.append(self.nodes - start)

    w = EndgamePlay(eg, time_limit=None, node_limit=None)
    with monkeypatch.context() as m:
        m.setattr(search._Search, "budget", recording)
        m.setattr(EndgamePlay, "_click", lambda self: contextlib.nullcontext())
        w.play("2C")
    return sizes


def test_the_widget_bounds_a_whole_click_and_a_refused_click_changes_nothing(
        monkeypatch) -> None:
    from guandan_learn.widgets import EndgamePlay

    eg = Endgame.loads("level 2; goal first; to_move 0; 0: 3H 4H 2C; 1: JD JH AD; "
                       "2: QH KC 2H 2S; 3: 8H 8S 9S AH")
    sizes = _question_sizes(monkeypatch, eg)
    most = max(sizes)
    assert sum(sizes) > most  # the click asks several questions
    # Each question fits in ``most`` positions; the click as a whole does not.
    w = EndgamePlay(eg, time_limit=None, node_limit=most)
    before = w.game
    with pytest.raises(EndgameError, match=f"{most} positions"):
        w.play("2C")
    assert w.game is before and not w.game.history
    # A button says so instead (a fresh widget: what the first try learnt is kept, so a second
    # try gets further).
    w = EndgamePlay(eg, time_limit=None, node_limit=most)
    before = w.game
    w._guarded(lambda: w.play("2C"))
    assert w.game is before and f"{most} positions" in w.said
    roomy = EndgamePlay(eg, time_limit=None, node_limit=sum(sizes) + 10)
    roomy.play("2C")
    assert roomy.game.history


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 400))
def test_a_small_budget_answers_right_or_says_it_stopped(seed: int, nodes: int) -> None:
    rng = random.Random(seed)
    cards = list(deck())
    rng.shuffle(cards)
    hands = []
    for _ in range(4):
        n = rng.randint(1, 4)
        hands.append(cards[:n])
        cards = cards[n:]
    eg = Endgame(hands, rng.choice("2579JA"), rng.randrange(4), None,
                 rng.choice(["first", "team_first", "double"]))
    solver = Solver(eg, node_limit=None, time_limit=None)
    full = solver.solve()
    assert full.line is full.line  # played out once, on the first reading
    try:
        small = solve(eg, node_limit=nodes)
    except EndgameError:
        assert full.nodes > nodes
        return
    again = Solver(eg, node_limit=None, time_limit=None)  # ``solve`` plays the line anew
    again.start().line()
    try:
        line = small.line
    except EndgameError:  # the answer fitted, the line did not: the two share the budget
        assert full.nodes <= nodes < full.nodes + again.nodes
        return
    assert nodes >= full.nodes + again.nodes
    assert small.wins == full.wins and line == full.line
    assert [str(m) for m in small.winning_moves] == [str(m) for m in full.winning_moves]


def test_the_generator_draws_again_past_the_kinds_budget(monkeypatch) -> None:
    import guandan_learn.exercises.kinds.endgame as kind_module

    monkeypatch.setattr(kind_module, "NODE_LIMIT", 1)
    assert all(kind_module.build_position(random.Random(i), 2) is None for i in range(20))


def test_a_solution_plays_its_line_out_when_first_read_within_the_same_budget() -> None:
    eg = Endgame.loads(PUZZLE)
    solver = Solver(eg, node_limit=None, time_limit=None)
    sol = solver.solve()
    answered = solver.nodes
    assert sol.nodes == answered
    line = sol.line
    played = solver.nodes
    assert played > answered  # the line searched more, once read
    assert sol.line is line and solver.nodes == played  # and only once
    assert line == Solver(eg, node_limit=None, time_limit=None).start().line()
    # The answer and the line share one budget: a limit the answer fits in and the whole does
    # not stops the line when it is read.
    tight = solve(eg, node_limit=answered, time_limit=None)
    assert tight.wins == sol.wins and tight.winning_moves == sol.winning_moves
    with pytest.raises(EndgameError):
        tight.line  # noqa: B018
    with pytest.raises(AttributeError):
        tight.wins = False  # type: ignore[misc]
    assert solve(eg, node_limit=None, time_limit=None).line == line
    kept = Solver(eg, node_limit=solver.nodes, time_limit=None).solve()
    assert kept.line == line  # the solver's own tables: no more than the first time


def test_a_solution_from_solve_keeps_no_search_tables(monkeypatch) -> None:
    import gc
    import weakref

    import guandan_learn.endgame.search as search

    made: list[weakref.ref[search._Search]] = []
    plain = search._Search.__init__

    def init(self: search._Search, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        plain(self, *args, **kwargs)
        made.append(weakref.ref(self))

    monkeypatch.setattr(search._Search, "__init__", init)
    eg = Endgame.loads(PUZZLE)
    sol = solve(eg)
    gc.collect()
    assert len(made) == 1 and made[0]() is None  # held, the solution holds no search
    assert sol.line == Solver(eg).start().line()
    held = Solver(eg)
    kept = held.solve()
    del held
    gc.collect()
    assert made[-1]() is not None  # ``Solver.solve`` keeps its tables for the line …
    assert kept.line
    gc.collect()
    assert made[-1]() is None  # … until it is read
