"""Quiz without a browser: answer every kind right and wrong, climb hints, score, move on."""

from __future__ import annotations

import doctest
import re
from html import escape, unescape

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from guandan_learn.errors import ExerciseError
from guandan_learn.exercises import KINDS, Question, generate, load_bank, solve, spec
from guandan_learn.rulebook import unlink
from guandan_learn.widgets import Quiz, quiz_set
from guandan_learn.widgets import puzzle_view as view_module
from guandan_learn.widgets import quiz as quiz_module
from guandan_learn.widgets import quiz_controls as controls_module
from guandan_learn.widgets.quiz_controls import NO_ANSWER, CardPick, Options, Payments, Selects


def click(button) -> None:
    """Clicks an ipywidgets Button the way the front-end does."""
    button._click_handlers(button)


def engine_answer(puzzle) -> object:
    """Returns the engine's answer to a puzzle, written as exercise data."""
    s = spec(puzzle.kind)
    return s.write_answer(solve(puzzle).answer, puzzle.parsed, puzzle.question)


def wrong_choice(puzzle) -> object | None:
    """Returns a wrong option of a puzzle's choices (as data), if it has one."""
    s = spec(puzzle.kind)
    solution = solve(puzzle)
    for choice in puzzle.choices:
        read = s.read_answer(choice.answer, puzzle.parsed, puzzle.question)
        if not s.is_correct(read, solution, puzzle.parsed, puzzle.question):
            return choice.answer
    return None


def text_of(html: str) -> str:
    """Returns the feedback HTML with its entities read back and its clause links taken away
    (their text kept), to compare with sentences."""
    return unescape(unlink(html))


# Puzzles of every kind and question, and both ways of answering (choices or open controls).
CASES = [(kind, d, seed) for kind in KINDS for d in (1, 2, 3) for seed in (0, 1)]


@pytest.mark.parametrize("choices", [None, False], ids=["choices", "open"])
@pytest.mark.parametrize(("kind", "difficulty", "seed"), CASES)
def test_every_kind_right_then_wrong(kind: str, difficulty: int, seed: int,
                                     choices: bool | None) -> None:
    puzzle = generate(kind, seed, difficulty)
    quiz = Quiz([puzzle], choices=choices)
    assert quiz.puzzle is puzzle and quiz.count == 1
    assert "<svg" in quiz.setup_view.value or kind == "next_level"
    assert escape(Question(puzzle).prompt) in quiz.prompt_view.value
    assert quiz.given is NO_ANSWER

    right = engine_answer(puzzle)
    quiz.answer(right)
    assert quiz._override is NO_ANSWER, "the control shows the engine's answer"
    click(quiz.check_button)
    html = text_of(quiz.feedback_html)
    feedback = Question(puzzle).check(right)
    assert feedback.correct
    assert "Correct:" in html and feedback.explanation in html
    assert all(c in html for c in feedback.clauses)

    wrong = wrong_choice(puzzle)
    assert wrong is not None, "generated puzzles offer a wrong option"
    quiz.answer(wrong)
    graded = quiz.check()
    assert graded is not None and not graded.correct
    html = text_of(quiz.feedback_html)
    assert f"Not quite: “{graded.given}” is not right." in html
    assert f"The right answer: {graded.expected}." in html
    # Every kind's wrong answer says once what is wrong with it: the mix-up, else the reason.
    if graded.misconception is not None:
        assert graded.correction in html
        assert not graded.why or html.count(graded.why) == (graded.why in graded.explanation)
    else:
        assert graded.why, f"{puzzle.id}: nothing says what is wrong with {graded.given!r}"
        assert html.count(graded.why) == 1
    assert quiz.score == (1, 1) and str(quiz.score) == "Score: 1 of 1 right."


@pytest.mark.parametrize("choices", [None, False], ids=["choices", "open"])
def test_every_bank_puzzle_answers_through_its_control(choices: bool | None) -> None:
    puzzles = load_bank().puzzles
    quiz = Quiz(puzzles, choices=choices)
    assert quiz.count == len(puzzles)
    for puzzle in puzzles:
        assert quiz.puzzle is puzzle
        quiz.answer(puzzle.answer)
        assert quiz._override is NO_ANSWER, puzzle.id
        assert quiz.check().correct, puzzle.id
        quiz.next()
    assert quiz.score == (len(puzzles), len(puzzles))


def test_controls_fit_the_kind() -> None:
    def control(kind: str, seed: int = 0, difficulty: int = 1, choices: bool | None = False):
        return Quiz([generate(kind, seed, difficulty)], choices=choices).control

    yes_no = control("legal_play", choices=None)
    assert isinstance(yes_no, Options) and [o[0] for o in yes_no.box.options] == ["Yes", "No"]
    assert isinstance(control("tribute", 0, 2), Options)  # a return: yes or no
    assert isinstance(control("find_play", choices=None), CardPick)  # picking is the exercise
    assert isinstance(control("find_play", choices=True), Options)
    assert isinstance(control("classify", choices=None), Options)  # the puzzle's choices
    reading = control("classify")
    assert isinstance(reading, Selects) and len(reading.boxes) == 2  # form and rank
    order = control("strongest", 0, 2)
    assert isinstance(order, Selects) and len(order.boxes) == 3  # a dropdown per position
    assert [b.description for b in order.boxes] == ["1.", "2.", "3."]
    winner = control("strongest", 0, 1)
    assert [o[0] for o in winner.box.options] == ["A", "B", "C", "D"]
    suited = control("declare_wild", 2, 3)  # a straight flush: the suit matters
    assert isinstance(suited, CardPick) and len(suited.cards) == 13 and suited.pass_button is None
    ranks = control("declare_wild", 0, 1)
    assert isinstance(ranks, Selects) and "stands for" in ranks.boxes[0].description
    levels = control("next_level", 0, 1)
    assert [b.description for b in levels.boxes] == ["Team 0", "Team 1"]
    assert control("next_level", 1, 1).box.description == "Level"
    assert [o[0] for o in control("next_level", 2, 3).box.options] == [
        "Team 0", "Team 1", "Nobody yet"]
    assert isinstance(control("tribute", 1, 1), Payments)
    assert [o[0] for o in control("tribute", 0, 1).box.options] == [
        "South", "East", "North", "West"]
    assert [o[0] for o in control("who_leads").box.options][-1] == "Nobody: the deal is over"


def test_clicking_the_controls_grades_like_typing() -> None:
    # legal_play: press Yes or No.
    quiz = Quiz("legal-pair-on-single")
    quiz.control.box.value = 0  # "Yes"
    click(quiz.check_button)
    html = text_of(quiz.feedback_html)
    assert "Not quite: “yes” is not right." in html
    assert "This is a common mix-up (§04.3). A pair never beats a single" in html
    assert "The right answer" not in html and "Your teacher adds:" not in html  # a first try
    quiz.control.box.value = 1  # "No"
    click(quiz.check_button)
    assert "Correct: no." in quiz.feedback_html
    assert quiz.score == (0, 1)  # the first graded try counts

    # find_play: click cards in the hand, or press Pass.
    puzzle = generate("find_play", 0, 2)  # beat with a bomb of 9s
    quiz = Quiz([puzzle])
    assert "Your hand:" not in quiz.setup_view.value  # the hand is the clickable control
    pick = quiz.control
    nines = [i for i, c in enumerate(pick.cards) if c.rank.value == "9"]
    pick.view.selected = nines
    assert quiz.given == " ".join(pick.cards[i].code for i in nines)
    click(quiz.check_button)
    assert "Correct:" in quiz.feedback_html
    pick.pass_button.value = True
    assert pick.view.selected == [] and quiz.given == "pass"
    click(quiz.check_button)
    html = text_of(quiz.feedback_html)
    assert "Not quite: “pass” is not right." in html
    assert spec("find_play").why_wrong(None, puzzle.parsed, puzzle.question).text() in html
    pick.view.selected = [0]  # picking a card takes back the pass
    assert not pick.pass_button.value

    # strongest order: a dropdown per position.
    puzzle = generate("strongest", 0, 2)
    quiz = Quiz([puzzle], choices=False)
    order = solve(puzzle).answer
    for box, label in zip(quiz.control.boxes, order, strict=True):
        box.value = label
    assert quiz.check().correct
    quiz.control.boxes[0].value = order[1]  # one play twice: explained, not graded
    assert quiz.check() is None
    assert "That answer cannot be graded: Put all 3 plays in order" in text_of(
        quiz.feedback_html)

    # tribute payments: how many, then seat, card and seat.
    puzzle = generate("tribute", 1, 1)
    quiz = Quiz([puzzle], choices=False)
    ((payer, receiver, card),) = solve(puzzle).answer
    pays = quiz.control
    pays.count.value = 1
    assert quiz.given is NO_ANSWER
    pays.rows[0][0].value = payer
    assert card.code in [v for _, v in pays.rows[0][1].options]
    pays.rows[0][1].value = card.code
    pays.rows[0][2].value = receiver
    assert quiz.check().correct
    pays.count.value = 0
    assert quiz.given == "none" and not quiz.check().correct

    # classify: a form and a rank; the rank goes away for "not a combination".
    puzzle = generate("classify", 1, 1)  # not a combination
    quiz = Quiz([puzzle], choices=False)
    form, rank = quiz.control.boxes
    form.value = "pair"
    assert quiz.given is NO_ANSWER
    rank.value = "9"
    assert quiz.given == "pair 9" and not quiz.check().correct
    form.value = "none"
    assert rank.disabled and rank.value is None and quiz.given == "none"
    assert quiz.check().correct


def test_bad_answers_are_explained_never_raised() -> None:
    quiz = Quiz("legal_play", seed=4)
    click(quiz.check_button)
    assert "Choose an answer first, then press Check." in quiz.feedback_html
    assert quiz.score == (0, 0)
    for bad in ("maybe", 42, None, ["x"], {"a": 1}):
        quiz.answer(bad)
        assert quiz.check() is None
        assert "That answer cannot be graded: Answer yes or no" in quiz.feedback_html
    assert quiz.score == (0, 0)  # unreadable answers do not count

    quiz = Quiz([generate("find_play", 0, 1)])
    quiz.answer("3C 3C 3C")
    assert quiz.check() is None and "(§02.2)" in unlink(quiz.feedback_html)
    quiz.answer("RJ")  # readable, but not in the hand: graded, with the reason
    feedback = quiz.check()
    assert feedback is not None and not feedback.correct and "(§02.3)" in unlink(quiz.feedback_html)

    quiz = Quiz([generate("classify", 0, 1)], choices=False)
    quiz.answer("a flush of spades")
    assert quiz.check() is None and "cannot be graded" in quiz.feedback_html
    quiz.control.boxes[0].value = "pair"  # touching the control drops the typed answer
    assert quiz.given is NO_ANSWER


def test_hint_climbs_the_ladder() -> None:
    quiz = Quiz("classify", seed=3)
    ladder = quiz.question.hint_ladder()
    assert len(ladder) == 3
    for n in range(1, len(ladder) + 1):
        click(quiz.hint_button)
        html = text_of(quiz.hint_view.value)
        assert html.count("gdl-quiz-hint") == n
        assert f"Hint {n} of 3: {ladder[n - 1]}" in html
    assert quiz.hint_button.disabled
    assert ladder[0].startswith("This puzzle turns on §")
    quiz.next()
    assert quiz.hint_view.value == "" and not quiz.hint_button.disabled


def test_show_solution_and_the_score() -> None:
    quiz = Quiz(["legal_play", "classify"], seed=11, count=5)
    assert quiz.header.value.count("Puzzle 1 of 5") == 1
    assert str(quiz.score) == "Score: nothing checked yet."
    right = 0
    for i in range(4):
        answer = engine_answer(quiz.puzzle) if i != 2 else wrong_choice(quiz.puzzle)
        quiz.answer(answer)
        right += quiz.check().correct
        quiz.answer(engine_answer(quiz.puzzle))  # a second try does not change the score
        quiz.check()
        click(quiz.next_button)
    assert right == 3 and quiz.score == (3, 4)
    assert "Score: 3 of 4 right." in quiz.score_view.value
    assert quiz.puzzle.kind.value == "legal_play"  # the kinds take turns
    click(quiz.solution_button)
    solution = Question(quiz.puzzle).solution()
    html = text_of(quiz.feedback_html)
    assert f"The answer: {solution.expected}." in html and solution.explanation in html
    assert "That was the last puzzle: you got 3 of 5 right." in quiz.score_view.value
    assert quiz.next_button.disabled and quiz.next() is None and quiz.index == 4


def test_next_is_deterministic_by_seed() -> None:
    def ids(seed: int, kinds: object = "find_play") -> list[str]:
        quiz = Quiz(kinds, seed=seed)
        out = [quiz.puzzle.id]
        for _ in range(5):
            click(quiz.next_button)
            out.append(quiz.puzzle.id)
        return out

    assert ids(7) == ids(7)
    assert ids(7) != ids(8)
    assert len(set(ids(7))) == 6  # fresh puzzles, not the same one again
    mixed = ids(2, ["tribute", "who_leads", "strongest"])
    assert [i.split("-d")[0] for i in mixed] == ["tribute", "who_leads", "strongest"] * 2
    quiz = Quiz("who_leads", seed=2, difficulty=3)
    assert quiz.count is None and "Puzzle 1: Whose turn is it?" in quiz.header.value
    assert quiz.puzzle.difficulty == 3 and not quiz.next_button.disabled


def test_bank_ids_then_generated_puzzles() -> None:
    bank = {p.id: p for p in load_bank().puzzles}
    quiz = quiz_set(["legal-pair-on-single", "find-pass"], [("legal_play", 2), ("tribute", 1, 2)],
                    seed=3)
    assert quiz.count == 5
    seen = [quiz.puzzle]
    while quiz.next() is not None:
        seen.append(quiz.puzzle)
    assert seen[0] == bank["legal-pair-on-single"] and seen[1] == bank["find-pass"]
    assert [p.kind.value for p in seen[2:]] == ["legal_play", "legal_play", "tribute"]
    assert seen[4].difficulty == 2 and seen[2].id != seen[3].id
    again = quiz_set(["legal-pair-on-single", "find-pass"],
                     [("legal_play", 2), ("tribute", 1, 2)], seed=3)
    assert again.puzzle_at(3) == seen[3]
    # A list may mix puzzles, ids and kinds: each kind is one generated puzzle.
    puzzle = generate("classify", 9)
    quiz = Quiz([puzzle, "who-deal-over", "next_level"])
    assert quiz.count == 3 and quiz.puzzle_at(2).kind.value == "next_level"


@pytest.mark.parametrize("bad", ["no-such-puzzle", [], ["legal_play", 3]])
def test_bad_quiz_sources_say_what_to_give(bad: object) -> None:
    with pytest.raises(ExerciseError):
        Quiz(bad)


def test_bad_generated_requests_are_errors() -> None:
    with pytest.raises(ExerciseError, match="kind, how many"):
        Quiz(generated=[("legal_play",)])
    with pytest.raises(ExerciseError, match="legal_play"):
        Quiz(generated=[("poker", 2)])


def test_pictures_never_give_the_answer_away() -> None:
    # Cards to read or declare are drawn as a hand: no "= 8♥" badge of a declared wild.
    for kind in ("classify", "declare_wild", "legal_play"):
        for seed in range(6):
            html = view_module.setup_html(generate(kind, seed, 3))
            assert "is wild and stands for" not in html, (kind, seed)
    # Plays already on the table are plays: their reading is shown.
    html = view_module.setup_html(generate("strongest", 0, 1))
    assert html.count("Play ") >= 3 and html.count("<svg") == 4
    html = view_module.setup_html(generate("tribute", 0, 2))  # a return: two cards drawn
    assert "The tribute received:" in html and "The card to give back:" in html
    html = view_module.setup_html(generate("who_leads", 0, 3))
    assert html.count("holds:") + html.count("is already out") == 4
    assert "Then, in order:" in html and "<ol" in html
    html = view_module.setup_html(generate("next_level", 0, 1))
    assert "The finishing order:" in html and "<svg" not in html


@pytest.mark.parametrize("module", [quiz_module, view_module, controls_module])
def test_quiz_doctests(module) -> None:
    failures, _ = doctest.testmod(module)
    assert failures == 0


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_drawn_and_answered_from_its_description(kind: str) -> None:
    # No renderer knows the kinds: each row of the layout is drawn, each answer shape has a
    # control, in the quiz and on the worksheet alike.
    from guandan_learn.worksheet import setup_rows

    for seed in range(3):
        puzzle = generate(kind, seed, 3)
        s = spec(kind)
        rows = s.layout(puzzle.parsed, puzzle.question)
        shape = s.answer_shape(puzzle.parsed, puzzle.question)
        assert type(shape) in controls_module.CONTROLS
        html = view_module.setup_html(puzzle)
        sheet = setup_rows(puzzle)
        assert [text for text, _ in sheet] == [r.text for r in rows]
        drawn = sum(len(r.pictures) for r in rows)
        assert html.count("<svg") == drawn == sum((p or "").count("<svg") for _, p in sheet)


# -- Try, then hint, then answer -------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_wrong_first_try_keeps_the_answer_back(kind: str) -> None:
    puzzle = generate(kind, 3, 2)
    wrong = wrong_choice(puzzle)
    assert wrong is not None
    quiz = Quiz([puzzle])
    quiz.answer(wrong)
    first = quiz.check()
    assert first is not None and not first.correct and first.hidden
    html = text_of(quiz.feedback_html)
    assert f"Not quite: “{first.given}” is not right." in html
    assert "The right answer" not in html
    assert first.explanation not in html or first.explanation == first.why  # yes/no: the reason
    assert "Try again, or ask for a hint" in html
    if first.misconception is not None:  # what is wrong, said once: the mix-up ...
        assert first.correction in html
    else:  # ... else the engine's reason about that answer
        assert first.why and first.why in html
    assert quiz.score == (0, 1)
    quiz.answer(wrong)  # the second wrong try (of the default 2) shows the solution
    second = quiz.check()
    assert second is not None and not second.hidden
    assert f"The right answer: {second.expected}." in text_of(quiz.feedback_html)
    quiz.answer(puzzle.answer)
    assert quiz.check().correct and quiz.score == (0, 1)  # only the first try counts


def test_the_teacher_sets_the_tries_and_show_solution_ends_them() -> None:
    quiz = quiz_set(["legal-pair-on-single"], tries=3)
    for _ in range(2):
        quiz.answer("yes")
        assert quiz.check().hidden
    quiz.answer("yes")
    assert not quiz.check().hidden
    quiz = quiz_set(["legal-pair-on-single"], tries=1)
    quiz.answer("yes")
    assert "The right answer: no." in text_of(quiz.check()._repr_html_())
    quiz = quiz_set(["legal-pair-on-single"])
    quiz.answer("yes")
    assert quiz.check().hidden
    click(quiz.solution_button)
    assert "The answer: no." in text_of(quiz.feedback_html)
    quiz.answer("yes")
    assert not quiz.check().hidden  # the solution is out: nothing is held back any more
    assert quiz.score == (0, 1)
    quiz = quiz_set(["legal-pair-on-single"])
    quiz.answer("no")
    assert quiz.check().correct and quiz.score == (1, 1)
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(ExerciseError):
            Question(generate("legal_play", 1), tries=bad)


def test_a_half_given_answer_says_which_part_is_missing() -> None:
    quiz = Quiz([generate("classify", 0, 1)], choices=False)
    form, rank = quiz.control.boxes
    click(quiz.check_button)
    assert "Choose an answer first" in quiz.feedback_html
    form.value = "pair"
    click(quiz.check_button)
    assert "Choose the rank that keys the pair too" in text_of(quiz.feedback_html)
    form.value, rank.value = None, "8"
    click(quiz.check_button)
    assert "Choose the form too" in text_of(quiz.feedback_html)
    levels = next(p for p in (generate("next_level", s, 1) for s in range(30))
                  if p.question == "levels")
    quiz = Quiz([levels], choices=False)
    quiz.control.boxes[0].value = "8"  # one team's level set, the other's not
    click(quiz.check_button)
    assert "Choose team 1's level too" in text_of(quiz.feedback_html)


@pytest.mark.parametrize("kind", KINDS)
def test_the_feedback_names_its_rules_once(kind: str) -> None:
    """No "Rules: §…" line above "The rulebook on §…": the block's summary names every clause."""
    quiz = Quiz([generate(kind, 5, 1)])
    quiz.show_solution()
    html = quiz.feedback_html
    summary = re.search(r"<summary[^>]*>([^<]*)</summary>", html)
    assert summary is not None and "Rules:" not in html
    assert all(c in summary[1] for c in quiz.question.solved.clauses)


@pytest.mark.parametrize(("kind", "question", "title"), [
    ("strongest", "order", "Order of strength"), ("who_leads", "card_count", "How many cards?"),
    ("next_level", "match_winner", "Has a team won the match?"),
    ("strongest", "winner", "Which play is strongest?")])
def test_a_title_fits_its_question(kind: str, question: str, title: str) -> None:
    from guandan_learn.exercises import Question

    puzzle = next(p for p in (generate(kind, s, d) for d in (1, 2, 3) for s in range(30))
                  if p.question == question)
    assert Question(puzzle).title == title
