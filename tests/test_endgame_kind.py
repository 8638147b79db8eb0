"""The endgame puzzle kind and the EndgamePlay widget, against the exact solver."""

from __future__ import annotations

import pytest

from guandan_learn import Endgame, IllegalPlayError, set_language, solve
from guandan_learn.exercises import Question, generate, grade, load_bank, spec
from guandan_learn.moves import exact_plays

BANK = {p.id: p for p in load_bank().puzzles if p.kind.value == "endgame"}


def test_the_bank_covers_every_goal_and_wild_levels() -> None:
    assert len(BANK) >= 25
    goals = {p.parsed.position.goal for p in BANK.values()}
    assert goals == {"first", "team_first", "double"}
    wild_in_hand = [p for p in BANK.values()
                    if any(c.is_wild(p.parsed.level) for h in p.parsed.position.hands for c in h)]
    assert len(wild_in_hand) >= 3
    assert all(set(p.notes) == {"en", "pt", "es"} for p in BANK.values())


def test_a_losing_move_is_answered_with_the_refutation() -> None:
    puzzle = BANK["endgame-ctl-low-pair-first"]
    feedback = grade(puzzle, "QC QD")
    assert not feedback.correct
    text = str(feedback)
    assert "After Q♣ Q♦, the best defence goes:" in text
    assert "West plays J♦ J♥" in text and "(§06.3)" in text
    assert grade(puzzle, "9S 9H").correct  # any order of the cards


def test_every_winning_first_move_is_right() -> None:
    puzzle = BANK["endgame-count-tie-is-no-beat"]
    assert grade(puzzle, "9D 9H 9S").correct and grade(puzzle, "JS").correct
    assert not grade(puzzle, "7D").correct


def test_a_pass_on_a_lead_and_cards_not_held() -> None:
    puzzle = BANK["endgame-ctl-low-pair-first"]
    assert "never a pass" in str(grade(puzzle, "pass"))
    held = grade(puzzle, "AS")
    assert not held.correct and "A♠" in str(held)


def test_hints_come_from_the_solver() -> None:
    q = Question(BANK["endgame-bomb-lead-it-first"])
    ladder = q.hint_ladder()
    assert "bomb" in ladder[1] and "J♣ J♦ J♥ J♠" in ladder[2]
    wait = Question(BANK["endgame-wait-for-partner"])
    assert "wait" in wait.hint_ladder()[1]


def test_a_refutation_renders_in_portuguese() -> None:
    puzzle = BANK["endgame-ctl-low-pair-first"]
    feedback = grade(puzzle, "QC QD")
    try:
        set_language("pt")
        assert "Depois de Q♣ Q♦, a melhor defesa é:" in str(feedback)
    finally:
        set_language("en")


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_generated_puzzles_are_instructive(difficulty: int) -> None:
    for seed in range(8):
        p = generate("endgame", seed, difficulty)
        pos = p.parsed.position
        sol = solve(pos)
        winning = {tuple(sorted(m.cards, key=lambda c: c.index)) if m else None
                   for m in sol.winning_moves}
        table = None if pos.table is None else pos.table[0]
        moves = {tuple(sorted(m.cards, key=lambda c: c.index))
                 for m in exact_plays(pos.hands[0], table, pos.level)}
        assert sol.wins and 1 <= len(winning) <= 2 < len(moves) + (table is not None)
        assert spec("endgame").is_correct(p.expected, spec("endgame").solve(p.parsed, p.question),
                                          p.parsed, p.question)


def test_the_widget_plays_it_out() -> None:
    pytest.importorskip("ipywidgets")
    from guandan_learn.widgets import EndgamePlay

    w = EndgamePlay(BANK["endgame-double-kings-back"].parsed.position)
    assert "can force the goal" in w.said
    before = w.game
    with pytest.raises(IllegalPlayError):
        w.play("AS")
    assert w.game is before and w.game.history == ()  # a refused move changes nothing
    assert w.play("4D 4H") and "still forced" in w.said
    while not w.over:
        w.show_me()
    assert "The goal is reached." in w.said and "reached" in w.status.value
    assert w.choice.disabled


def test_the_widget_against_a_lost_position() -> None:
    pytest.importorskip("ipywidgets")
    from guandan_learn.widgets import EndgamePlay

    lost = Endgame.loads("level 2; to_move 0; 0: 3D 9S 8H QC QD; 1: KC 5H; 2: 4C 8S; "
                         "3: JD JH 7H")
    w = EndgamePlay(lost, partner=False)
    assert "No move forces the goal" in w.said
    before = w.game
    assert w.show_me() is None  # no winning line to show: it says so, and plays nothing
    assert "No winning line is left" in w.said and w.game is before and not w.over


def test_a_winning_pass_is_explained_as_passing() -> None:
    """Not "a pass forces the goal": the sentence starts with Passing."""
    from guandan_learn.exercises import solve

    solution = solve(BANK["endgame-wait-for-partner"])
    assert solution.answer is None
    assert solution.reasons[0].text().startswith("Passing forces the goal against any defence")
