"""In JupyterLab, in chromium: answer a Quiz as a learner would and read the feedback."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_lab import open_and_run  # the same way of opening and running a notebook

pytestmark = pytest.mark.browser


def test_quiz_in_jupyterlab(page, lab_url: str, artifacts: Path) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    seconds = open_and_run(page, lab_url, "quiz.ipynb")
    print(f"notebook open, kernel idle and cells started in {seconds:.1f} s")

    quiz = page.locator(".gdl-quiz")
    expect(quiz.locator(".gdl-quiz-title")).to_have_text(
        "Puzzle 1 of 2: Is this play allowed?", timeout=30_000)
    expect(quiz.locator(".gdl-quiz-setup")).to_contain_text("On the table: a single 9.")
    expect(quiz.locator(".gdl-quiz-setup svg")).to_have_count(2)  # the table and your cards
    expect(quiz.locator(".gdl-quiz-question")).to_contain_text("May you play these cards here?")
    feedback = quiz.locator(".gdl-quiz-feedback")
    score = quiz.locator(".gdl-quiz-score")
    expect(score).to_have_text("Score: nothing checked yet.")

    # Check with nothing chosen: told what to do, nothing counted.
    quiz.get_by_role("button", name="Check").click()
    expect(feedback).to_have_text("Choose an answer first, then press Check.")

    # The common mistake: a pair on a single. The grader says what is wrong and names the
    # mix-up and the rule, but a first wrong try does not show the solution.
    quiz.get_by_role("radio", name="Yes", exact=True).check()
    quiz.get_by_role("button", name="Check").click()
    expect(feedback).to_contain_text("Not quite: “yes” is not right.")
    expect(feedback).to_contain_text("This is a common mix-up (§04.3). A pair never beats a single")
    expect(feedback).not_to_contain_text("A pair cannot beat a single")  # said once, above
    expect(feedback).to_contain_text("Try again, or ask for a hint")
    expect(feedback).not_to_contain_text("The right answer")
    expect(feedback).not_to_contain_text("Your teacher adds:")
    expect(score).to_have_text("Score: 0 of 1 right.")

    # The second wrong try (of two) shows the solution, the engine's reason and the teacher's.
    quiz.get_by_role("button", name="Check").click()
    expect(feedback).to_contain_text("The right answer: no.")
    expect(feedback).to_contain_text("Your teacher adds:")
    expect(score).to_have_text("Score: 0 of 1 right.")
    quiz.get_by_role("button", name="Hint").click()
    expect(quiz.locator(".gdl-quiz-hints")).to_contain_text(
        "Hint 1 of 3: This puzzle turns on §04.3 of the rulebook.")
    quiz.screenshot(path=str(artifacts / "quiz.png"))

    # The right answer now: correct, but the score keeps the first try.
    quiz.get_by_role("radio", name="No", exact=True).check()
    quiz.get_by_role("button", name="Check").click()
    expect(feedback).to_contain_text("Correct: no.")
    expect(score).to_have_text("Score: 0 of 1 right.")

    # Next: a generated puzzle, fresh controls and no old feedback.
    quiz.get_by_role("button", name="Next puzzle").click()
    expect(quiz.locator(".gdl-quiz-title")).to_have_text("Puzzle 2 of 2: Is this play allowed?")
    expect(feedback).to_have_text("")
    expect(quiz.get_by_role("button", name="Next puzzle")).to_be_disabled()
    quiz.get_by_role("button", name="Show solution").click()
    expect(feedback).to_contain_text("The answer:")
    expect(score).to_have_text("That was the last puzzle: you got 0 of 2 right.")
    assert errors == []


def test_quiz_in_portuguese(page, lab_url: str, artifacts: Path) -> None:
    """A learner in São Paulo answers the same puzzle: labels, feedback and rule in Portuguese."""
    from playwright.sync_api import expect

    from guandan_learn import set_language
    from guandan_learn.messages import say

    set_language("pt")
    try:
        labels = {key: say(f"widget.quiz.{key}") for key in ("yes", "check", "title.legal_play")}
        wrong = say("exercise.feedback.wrong", answer=say("widget.quiz.yes").lower())
        right = say("exercise.feedback.right", answer="").split(":")[0]
    finally:
        set_language("en")
    assert labels["check"] != "Check" and labels["yes"] != "Yes"

    open_and_run(page, lab_url, "quiz_pt.ipynb")
    quiz = page.locator(".gdl-quiz")
    expect(quiz.locator(".gdl-quiz-title")).to_contain_text(labels["title.legal_play"],
                                                            timeout=30_000)
    quiz.get_by_role("radio", name=labels["yes"], exact=True).check()
    quiz.get_by_role("button", name=labels["check"]).click()
    feedback = quiz.locator(".gdl-quiz-feedback")
    expect(feedback).to_contain_text("§04.3")
    expect(feedback).to_contain_text(wrong.split(":")[0])
    expect(feedback).not_to_contain_text(right)  # a first try keeps the solution back
    quiz.screenshot(path=str(artifacts / "quiz_pt.png"))
