"""The endgame solver is exact: it agrees with a plain minimax on thousands of tiny positions."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guandan_learn import (
    ArgumentError,
    Card,
    CardCountError,
    Combo,
    DealError,
    EndgameError,
    GuandanError,
    IllegalPlayError,
    NotationError,
    beats,
    classify,
    deck,
    wild_card,
)
from guandan_learn.endgame import GOALS, Endgame, Solver, refutation, solve
from guandan_learn.moves import exact_plays

# -- A plain reference: every sub-multiset of the hand, every reading, explicit pass counts ----


def reference_plays(hand: tuple[Card, ...], table: Combo | None, level: str) -> list[Combo]:
    """Lists every play told apart by exact cards and reading, by brute force over sub-hands."""
    return [r for r in every_play(hand, level) if table is None or beats(r, table)]


@cache
def every_play(hand: tuple[Card, ...], level: str) -> list[Combo]:
    """Lists every reading of every sub-multiset of the hand (remembered per hand)."""
    items = sorted(Counter(hand).items(), key=lambda kv: kv[0].index)
    seen, out = set(), []
    for counts in itertools.product(*(range(n + 1) for _, n in items)):
        cards = [c for (c, _), k in zip(items, counts, strict=True) for _ in range(k)]
        if not cards or len(cards) > 10:
            continue
        for r in classify(cards, level):
            ident = (tuple(sorted(c.index for c in r.cards)), r.kind, r.rank, r.suit,
                     tuple(sorted(c.rank.natural for c in r.wilds)))
            if ident not in seen:
                seen.add(ident)
                out.append(r)
    return out


def reference_solve(eg: Endgame) -> tuple[bool, set]:
    """Plain minimax: returns whether the hero's side wins, and the set of winning first moves
    (each as sorted card indices with its kind, rank and suit; ``None`` for a pass)."""
    level = eg.level.value
    hero, goal = eg.hero, eg.goal

    def result(hands: tuple, seat: int) -> bool | None:
        if goal == "first":
            return seat == hero
        if goal == "team_first" or seat % 2 != hero % 2:
            return seat % 2 == hero % 2
        return True if not hands[(seat + 2) % 4] else None

    @cache
    def value(hands: tuple, mover: int, table: Combo | None, last: int, passes: int) -> bool:
        if not hands[mover]:  # an empty hand passes automatically (§06.5)
            return after_pass(hands, mover, table, last, passes)
        mine = mover % 2 == hero % 2
        results = (after_play(hands, mover, p) for p in reference_plays(hands[mover], table,
                                                                          level))
        if table is not None:
            results = itertools.chain(results, [after_pass(hands, mover, table, last, passes)])
        return any(results) if mine else all(results)

    def after_pass(hands: tuple, mover: int, table: Combo | None, last: int,
                   passes: int) -> bool:
        if passes + 1 == 3:  # three passes after a play end the trick (§06.5, §06.6)
            return value(hands, last if hands[last] else (last + 2) % 4, None, -1, 0)
        return value(hands, (mover + 1) % 4, table, last, passes + 1)

    def after_play(hands: tuple, mover: int, play: Combo) -> bool:
        rest = list(hands[mover])
        for c in play.cards:
            rest.remove(c)
        new = tuple(tuple(rest) if s == mover else h for s, h in enumerate(hands))
        if not rest:
            done = result(new, mover)
            if done is not None:
                return done
        return value(new, (mover + 1) % 4, play, mover, 0)

    hands = tuple(tuple(sorted(h, key=lambda c: c.index)) for h in eg.hands)
    table = None if eg.table is None else eg.table[0]
    last = -1 if eg.table is None else eg.table[1]
    passes = 0 if eg.table is None else (hero - last) % 4 - 1
    wins = set()
    for p in reference_plays(hands[hero], table, level):
        if after_play(hands, hero, p):
            wins.add(ident(p))
    if table is not None and after_pass(hands, hero, table, last, passes):
        wins.add(None)
    return bool(wins), wins


def ident(move: Combo | None) -> tuple | None:
    if move is None:
        return None
    return (tuple(sorted(c.index for c in move.cards)), move.kind, move.rank, move.suit)


# -- Random tiny positions ----------------------------------------------------------------------

LEVELS = ["2", "5", "7", "10", "A"]
NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def tiny_position(rng: random.Random, max_cards: int = 3) -> Endgame:
    """Draws a small position rich in interactions: few ranks, few suits, wilds and jokers."""
    level = rng.choice(LEVELS)
    start = rng.randrange(len(NAMES) - 4)
    ranks = NAMES[start:start + rng.choice([3, 4, 5])]
    suits = rng.sample("CDHS", rng.choice([1, 2, 2, 3]))
    pool = [c for c in deck() if c.rank.value in ranks and c.suit is not None
            and c.suit.value in suits and c is not wild_card(level)]
    pool += [c for c in deck() if c.is_joker and rng.random() < 0.2]
    pool += [wild_card(level)] * rng.choice([0, 0, 1, 2])
    rng.shuffle(pool)
    sizes = [rng.randint(1, max_cards) for _ in range(4)]
    while sum(sizes) > len(pool):
        sizes[sizes.index(max(sizes))] -= 1
    if min(sizes) == 0:
        return tiny_position(rng, max_cards)
    hands, i = [], 0
    for n in sizes:
        hands.append(pool[i:i + n])
        i += n
    to_move = rng.randrange(4)
    goal = rng.choice(GOALS)
    table = None
    spare = pool[i:]
    if spare and rng.random() < 0.5:
        plays = exact_plays(spare[:6], None, level)
        by = rng.choice([s for s in range(4) if s != to_move])
        table = (rng.choice(plays), by)
    return Endgame(hands, level, to_move, table, goal)


def suited_position(rng: random.Random) -> Endgame:
    """Draws a position where straight flushes, and so suits, can matter."""
    level = rng.choice(LEVELS)
    start = rng.randrange(len(NAMES) - 6)
    ranks = NAMES[start:start + 6]
    suits = rng.sample("CDS", 2)
    pool = [c for c in deck() if c.rank.value in ranks and c.suit is not None
            and c.suit.value in suits and c is not wild_card(level)]
    rng.shuffle(pool)
    w = rng.choice([0, 1, 2])
    hero_hand = pool[:rng.randint(4, 6) - w] + [wild_card(level)] * w
    rest = pool[len(hero_hand) - w:]
    hands = [hero_hand]
    for _ in range(3):
        n = rng.randint(1, 2)
        hands.append(rest[:n])
        rest = rest[n:]
    to_move = 0
    return Endgame(hands, level, to_move, None, rng.choice(GOALS))


def check_agrees(eg: Endgame) -> None:
    sol = solve(eg)
    wins, moves = reference_solve(eg)
    assert sol.wins == wins, eg.dumps()
    got = [ident(m) for m in sol.winning_moves]
    assert len(got) == len(set(got)), eg.dumps()
    assert set(got) == moves, eg.dumps()


@pytest.mark.parametrize("block", range(20))
def test_agrees_with_plain_minimax_on_tiny_positions(block: int) -> None:
    rng = random.Random(block)
    for _ in range(100):
        check_agrees(tiny_position(rng, max_cards=rng.choice([2, 3, 3])))


@pytest.mark.parametrize("block", range(4))
def test_agrees_with_plain_minimax_on_four_card_hands(block: int) -> None:
    rng = random.Random(500 + block)
    for _ in range(25):
        check_agrees(tiny_position(rng, max_cards=4))


@pytest.mark.parametrize("block", range(4))
def test_agrees_with_plain_minimax_where_suits_matter(block: int) -> None:
    rng = random.Random(1000 + block)
    for _ in range(25):
        check_agrees(suited_position(rng))


# -- Hand-reasoned positions --------------------------------------------------------------------


def texts(moves: list) -> list[str]:
    return ["pass" if m is None else " ".join(c.code for c in m.cards) for m in moves]


def test_a_whole_hand_led_at_once_goes_out() -> None:
    # The leader may play any combination (§06.2): the full house empties the hand at once.
    # Anything smaller is beaten by the aces or the joker, whose player then goes out.
    eg = Endgame({0: "8C 8D 8S 9C 9D", 1: "AC AD AS", 2: "3C", 3: "BJ"}, "2", 0)
    sol = solve(eg)
    assert sol.wins and texts(sol.winning_moves) == ["8C 8D 8S 9C 9D"]
    assert sol.line == [(0, sol.winning_moves[0])]


def test_a_bomb_takes_the_lead_back() -> None:
    # Any bomb beats any normal play (§05.6); passing lets seat 1 lead its king and go out
    # (three passes end the trick and its player leads, §06.5, §06.6).
    eg = Endgame({0: "3C 3D 3S 3H 4C", 1: "KC", 2: "5D", 3: "QC"}, "2", 0,
                 table=("AC AD", 1))
    sol = solve(eg)
    assert texts(sol.winning_moves) == ["3C 3D 3H 3S"]
    assert [str(s) for s, _ in sol.line] == ["0", "1", "2", "3", "0"]


def test_equal_strength_never_beats_but_the_level_card_does() -> None:
    # A king cannot beat a king (§04.8), a level 2 beats an ace (§03.1): only 2♣ keeps the lead.
    eg = Endgame({0: "KD 2C", 1: "AS", 2: "4C", 3: "3C"}, "2", 0, table=("KC", 3))
    sol = solve(eg)
    assert texts(sol.winning_moves) == ["2C"]


def test_the_partner_leads_when_the_last_player_is_out() -> None:
    # Seat 0 goes out with the ace; nobody beats it, so its partner, seat 2, leads (§06.6) and
    # goes out with its pair: 1st and 2nd. Were seat 1 to lead, its 4 would go out first.
    eg = Endgame({0: "AC", 1: "4C", 2: "3C 3D", 3: "5C"}, "2", 0, goal="double")
    sol = solve(eg)
    assert sol.wins and texts(sol.winning_moves) == ["AC"]
    assert [(s, texts([m])[0]) for s, m in sol.line] == [
        (0, "AC"), (1, "pass"), (2, "pass"), (3, "pass"), (2, "3C 3D")]


def test_goals_differ() -> None:
    # Whatever seat 0 leads, seat 1 cannot beat it and the partner's 9 goes out at once: enough
    # for the team (§07.1), not for seat 0, whose other card then loses to the queens.
    hands = {0: "4C 8D", 1: "3D 3S", 2: "9C", 3: "QS QD"}
    assert texts(solve(Endgame(hands, "5", 0, goal="team_first")).winning_moves) == ["4C", "8D"]
    assert not solve(Endgame(hands, "5", 0, goal="first")).wins


def test_losing_positions_have_no_winning_moves_but_a_line() -> None:
    eg = Endgame({0: "3C 4D", 1: "RJ", 2: "5C", 3: "BJ"}, "2", 0)
    sol = solve(eg)
    assert not sol.wins and sol.winning_moves == []
    assert sol.line[0][0] == 0 and sol.line[-1][0] in (1, 3)
    assert "cannot force" in str(sol)


# -- Bad positions --------------------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"hands": {0: deck()[:28], 1: "3C", 2: "4C", 3: "5C"}}, DealError, "no hand ever holds"),
    ({"hands": {0: "8C 8C", 1: "8C", 2: "4C", 3: "5C"}}, CardCountError, "two of each card"),
    ({"hands": {0: "8C", 1: "", 2: "4C", 3: "5C"}}, DealError, "holds no cards"),
    ({"hands": {0: "8C", 1: "3C", 2: "4C"}}, DealError, "four hands"),
    ({"table": ("8C 9D", 1)}, IllegalPlayError, "cannot be"),
    ({"table": ("9C", 0)}, DealError, "its own unbeaten play"),
    ({"table": "9C"}, DealError, "the seat that made it"),
    ({"table": ("8C 8C", 1)}, CardCountError, "two of each card"),
    ({"to_move": 4}, DealError, "not a seat"),
    ({"goal": "second"}, GuandanError, "not one the solver knows"),
    ({"level": "Z"}, NotationError, "level"),
])
def test_bad_positions_are_refused(kwargs: dict, error: type, words: str) -> None:
    args = {"hands": {0: "8C 9C", 1: "3C", 2: "4C", 3: "8C"}, "level": "2", "to_move": 0}
    with pytest.raises(error, match=words):
        Endgame(**(args | kwargs))


@pytest.mark.parametrize(("text", "words"), [
    ("level 7; 0: AC; 1: 3C; 2: 5D; 3: KH", "to_move"),
    ("level 7; to_move 0; 0: AC; 1: 3C; 2: 5D", "'3:'"),
    ("level 7; to_move 0; to_move 1; 0: AC; 1: 3C; 2: 5D; 3: KH", "second time"),
    ("level 7; to_move 0; 0: AC; 1: 3C; 2: 5D; 3: KH; colour red", "colour red"),
    ("level 7; to_move 0; 0: AC; 1: 3C; 2: 5D; 3: KH; table 9C", "table 9C"),
])
def test_bad_notation_is_refused(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        Endgame.loads(text)


# -- Notation -------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 8))
def test_notation_round_trips(rnd: random.Random, max_cards: int) -> None:
    eg = tiny_position(rnd, max_cards)
    text = eg.dumps()
    assert Endgame.loads(text) == eg
    assert Endgame.loads(text.replace("; ", "\n")) == eg
    assert eval(repr(eg), {"Endgame": Endgame}) == eg
    assert hash(Endgame.loads(text)) == hash(eg)


def test_wild_declarations_survive_the_notation() -> None:
    eg = Endgame({0: "AC", 1: "3C", 2: "5D", 3: "KH"}, "7", 0,
                 table=(Combo.of("3S 4S 5S 6S 7H", "7", kind="straight"), 2))
    again = Endgame.loads(eg.dumps())
    assert again == eg and again.table[0].kind.value == "straight"


@pytest.mark.parametrize("seed", range(40))
def test_exact_plays_are_every_play_by_its_cards(seed: int) -> None:
    rng = random.Random(3000 + seed)
    eg = tiny_position(rng, max_cards=8) if seed % 2 else suited_position(rng)
    hand = eg.hands[eg.to_move]
    table = None if eg.table is None else eg.table[0]
    got = [ident(p) for p in exact_plays(hand, table, eg.level)]
    assert len(got) == len(set(got))
    assert set(got) == {ident(p) for p in reference_plays(hand, table, eg.level.value)}


# -- The public API: positions in play, shared searches and limits ------------------------------

PUZZLE = "level 2; to_move 0; 0: 3D 9S 9H QC QD; 1: KC 5H; 2: 4C 8S; 3: JD JH 7H"


def test_positions_are_values_and_refuse_foreign_moves() -> None:
    start = Solver(Endgame.loads(PUZZLE)).start()
    nines = next(m for m in start.moves() if texts([m]) == ["9H 9S"])
    after = start.play(nines)
    assert start.history == () and start.mover == 0 and start.table is None
    assert after.history == ((0, nines),) and after.table == nines and after.last == 0
    assert after.mover == 1 and len(after.hands[0]) == 3
    with pytest.raises(IllegalPlayError):
        start.play(None)  # no pass on a lead
    with pytest.raises(IllegalPlayError):
        after.play(nines)  # not seat 1's cards


def test_a_solver_answers_like_solve_and_its_line_reaches_the_result() -> None:
    rng = random.Random(7)
    for _ in range(20):
        eg = tiny_position(rng, max_cards=4)
        solver = Solver(eg)
        start = solver.start()
        sol = solve(eg)
        assert start.wins() == sol.wins
        assert [ident(m) for m in start.winning_moves()] == [ident(m) for m in sol.winning_moves]
        assert solver.solve().line == sol.line
        pos = start
        for _, move in sol.line:
            pos = pos.play(move)
        assert pos.over and pos.result == sol.wins


def test_a_refutation_starts_with_the_move_and_the_defence_wins() -> None:
    eg = Endgame.loads(PUZZLE)
    start = Solver(eg).start()
    queens = next(m for m in start.moves() if texts([m]) == ["QC QD"])
    assert not start.value(queens)
    line = refutation(eg, queens)
    assert line[0] == (0, queens)
    pos = start
    for _, move in line:
        pos = pos.play(move)
    assert pos.result is False


def test_limits_stop_a_search_with_a_clear_error() -> None:
    eg = Endgame.loads("level 4; goal double; to_move 3; 0: 2H 7S 8D 9D QS KS; "
                       "1: 5S 5S 7H 9H JH AC; 2: 3H 5C 6S 8C QD AD; 3: 3H 3S 5C 7C JC AD")
    with pytest.raises(EndgameError, match="stopped after 100 positions"):
        solve(eg, node_limit=100)
    with pytest.raises(EndgameError, match="seconds"):
        solve(eg, time_limit=1e-9)
    with pytest.raises(ArgumentError):
        solve(eg, node_limit=0)


def test_a_full_table_drops_its_oldest_half_and_stays_exact(monkeypatch) -> None:
    import guandan_learn.endgame.search as module

    rng = random.Random(11)
    positions = [tiny_position(rng, max_cards=4) for _ in range(30)]
    expected = [solve(eg) for eg in positions]
    assert all(sol.line for sol in expected)  # played out before the table shrinks
    monkeypatch.setattr(module, "TT_LIMIT", 8)
    monkeypatch.setattr(module, "CHECK_EVERY", 4)
    sizes: list[int] = []
    real_check = module._Search.check

    def check(self: module._Search) -> None:
        real_check(self)
        sizes.append(len(self.tt))

    monkeypatch.setattr(module._Search, "check", check)
    purged = 0
    for eg, sol in zip(positions, expected, strict=True):
        solver = Solver(eg)
        again = solver.solve()
        assert again.wins == sol.wins and again.line == sol.line
        assert [ident(m) for m in again.winning_moves] == [ident(m) for m in sol.winning_moves]
        # Each check leaves at most the limit; after it come at most CHECK_EVERY new positions
        # and the searches still open at it (one a move; n cards last at most 4n moves).
        assert max(sizes, default=0) <= 8
        assert len(solver._search.tt) <= 8 + 4 + 4 * sum(len(h) for h in eg.hands)
        purged += solver.nodes > 8 + 4
    assert purged >= 3  # the table did fill up and drop entries


def test_the_package_keeps_every_public_name() -> None:
    import guandan_learn
    import guandan_learn.endgame as package
    from guandan_learn.endgame import position, search, solution

    for name in ("GOALS", "Endgame", "Move", "Position", "Solution", "Solver", "refutation",
                 "solve", "HAND_LIMIT", "TT_LIMIT", "CHECK_EVERY", "NODE_LIMIT", "TIME_LIMIT"):
        assert hasattr(package, name), name
    for name in ("Endgame", "Position", "Solution", "Solver", "refutation", "solve"):
        assert getattr(guandan_learn, name) is getattr(package, name)
    assert package.Endgame is position.Endgame and package.Solver is solution.Solver
    assert search.TT_LIMIT == package.TT_LIMIT
