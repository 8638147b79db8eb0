"""Endgames with seats already out (issue 29, item 1): the finish order so far, the goals it
decides, the notation, the checks, and the search agreeing with a search that saw the seat go
out on its own."""

from __future__ import annotations

import random

import pytest

import guandan_learn.endgame.search as search
from guandan_learn import LEVELS, DealError, Endgame, RulePlayer, deck, simulate_deal, solve
from guandan_learn.deal import Deal
from guandan_learn.endgame import Solver
from guandan_learn.review import endgame_at, match_move

HANDS = {0: "9C 9D 3S", 1: "KC", 2: "", 3: "AD"}


def test_the_finish_order_is_kept_written_and_read_back() -> None:
    eg = Endgame(HANDS, "2", 0, goal="double", out=[2])
    assert eg.out == (2,) and eg.decided is None
    text = eg.dumps()
    assert text == "level 2; goal double; to_move 0; out 2; 0: 3S 9C 9D; 1: KC; 2: -; 3: AD"
    assert Endgame.loads(text) == eg and Endgame.loads(text.replace("out 2", "out 2,")) == eg
    assert eg != Endgame({**HANDS, 2: "4C"}, "2", 0, goal="double")
    # the old notation, without ``out``, reads as before: every seat holds cards
    old = Endgame.loads("level 7; to_move 0; 0: 5S AC AD; 1: 3C 3D RJ; 2: 4D 4S; 3: 6C KH KS")
    assert old.out == () and old.decided is None and "out" not in old.dumps()


@pytest.mark.parametrize(("goal", "out", "to_move", "decided"), [
    ("first", [2], 0, False),  # someone else went out first
    ("team_first", [2], 0, True),
    ("team_first", [1], 0, False),
    ("double", [2], 0, None),  # the partner first: open, the hero must beat both opponents
    ("double", [1], 0, False),
    ("double", [2, 1], 0, False),
    ("team_first", [2, 1], 0, True),
])
def test_the_seats_out_decide_some_goals(goal: str, out: list[int], to_move: int,
                                         decided: bool | None) -> None:
    hands = {s: "" if s in out else card for s, card in enumerate(["9C", "KC", "5D", "AD"])}
    eg = Endgame(hands, "2", to_move, goal=goal, out=out)
    assert eg.decided is decided
    sol = solve(eg)
    if decided is None:
        assert not sol.decided and sol.line
    else:
        assert sol.decided and sol.wins is decided and sol.winning_moves == sol.line == []
        assert "already out decide" in str(sol)
        assert Solver(eg).start().over and Solver(eg).start().moves() == []


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"out": []}, "not among the seats already out"),
    ({"out": [2, 2]}, "twice"),
    ({"out": [2, 1]}, "hand is not empty"),
    ({"out": "2"}, "list of seats"),
    ({"out": [5]}, "not a seat"),
    ({"hands": {**HANDS, 0: ""}, "out": [2, 0]}, "deal is over"),
    ({"hands": {**HANDS, 1: "", 3: ""}, "out": [2, 1, 3]}, "deal is over"),
    ({"hands": {**HANDS, 0: "", 2: "5D"}, "out": [0]}, "cannot be to move"),
    ({"hands": {**HANDS, 1: ""}, "out": [1, 2], "table": ("KC", 1)}, "went out after it"),
])
def test_impossible_finish_orders_are_refused(kwargs: dict, words: str) -> None:
    args = {"hands": HANDS, "level": "2", "to_move": 0, "goal": "double", "out": [2]}
    with pytest.raises(DealError, match=words):
        Endgame(**(args | kwargs))


def test_a_table_by_the_last_seat_out_is_a_position() -> None:
    eg = Endgame({0: "9C 3S", 1: "KC", 2: "", 3: "AD"}, "2", 3, ("5D", 2), "double", [2])
    assert Endgame.loads(eg.dumps()) == eg
    assert eg.dumps().endswith("table 2: 5D")


def _dealt_out(rng: random.Random) -> Endgame:
    """The hero to move, the partner out first, the opponents and the hero with 1–5 cards."""
    cards = deck()
    rng.shuffle(cards)
    hero = rng.randrange(4)
    hands: list[list] = [[], [], [], []]
    for s in range(4):
        if s != hero ^ 2:
            n = rng.randint(1, 5)
            hands[s], cards = cards[:n], cards[n:]
    return Endgame(hands, rng.choice(LEVELS), hero, None, "double", [hero ^ 2])


@pytest.mark.parametrize("seed", range(12))
def test_the_search_with_a_seat_out_agrees_with_the_plain_search(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    eg = _dealt_out(random.Random(seed))
    got = solve(eg, node_limit=None, time_limit=None)
    monkeypatch.setattr(search, "BOUNDS", False)
    plain = solve(eg, node_limit=None, time_limit=None)
    assert (got.wins, got.winning_moves, got.line) == (plain.wins, plain.winning_moves,
                                                       plain.line)


def _first_out(deal: Deal) -> int:
    return next(i for i, (before, _) in enumerate(deal.steps()) if before.finish_order)


#: Seeded deals of four ``RulePlayer``s where at most 16 cards are in play when the first seat
#: goes out: with the team of the first one out finishing 1st and 2nd (13, 46, 65) or not (9).
OUT_SEEDS = (9, 13, 46, 65)


@pytest.mark.parametrize("seed", OUT_SEEDS)
def test_a_position_after_someone_went_out_is_solved_as_the_search_before_it_saw_it(
        seed: int) -> None:
    """From the last position before the first seat went out, a solver walks the record; at
    each later turn of the walking hero's team, a new solver of that position (the seat out
    given as ``out``) answers the same."""
    deal = simulate_deal(seed, [RulePlayer()] * 4)
    steps = list(deal.steps())
    i = _first_out(deal) - 1
    assert sum(steps[i][0].cards_left(s) for s in range(4)) <= 16
    hero = steps[i][0].to_move
    assert hero is not None
    pos = Solver(endgame_at(steps[i][0], "double"), node_limit=None, time_limit=None).start()
    compared = 0
    for before, action in steps[i:]:
        if pos.over:
            break
        if before.finish_order and before.to_move is not None \
                and before.to_move % 2 == hero % 2:
            fresh = solve(endgame_at(before, "double"), node_limit=None, time_limit=None)
            decided = endgame_at(before, "double").decided
            assert fresh.wins is pos.wins()
            if decided is None:
                assert fresh.winning_moves == pos.winning_moves()
                compared += 1
        pos = pos.play(match_move(pos.moves(), action.combo))
    assert compared
