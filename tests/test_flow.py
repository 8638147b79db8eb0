"""The course's flow: what a learner meets running a chapter from top to bottom (issue 16, 7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from guandan_learn import Deal
from guandan_learn.errors import GuandanError
from guandan_learn.widgets import DealReplay

SOURCES = Path(__file__).resolve().parent.parent / "notebooks" / "src"


def run_chapter(name: str) -> dict[str, Any]:
    """Runs every code cell of a chapter's source in order (Run All) and returns its names."""
    cells = yaml.safe_load((SOURCES / f"{name}.yaml").read_text(encoding="utf-8"))["cells"]
    names: dict[str, Any] = {"__name__": f"chapter_{name}"}
    for cell in cells:
        if "code" in cell:
            exec(compile(cell["code"], f"{name}.yaml", "exec"), names)
    return names


def test_the_replay_starts_at_step_0_after_run_all() -> None:
    """Chapter 8 quotes later steps of its replay; the replay on show stays at step 0."""
    names = run_chapter("08_a_whole_deal")
    replay = names["replay"]
    assert replay.count > 70
    assert replay.index == 0
    assert replay.prev_button.disabled and not replay.next_button.disabled
    assert replay.caption.value.count("Step 0 of") == 1


def test_a_quoted_step_is_a_copy() -> None:
    """``at`` returns a step without moving the replay; changing its position changes no step."""
    d = Deal(["3C", "4C 5C", "6C", "7C"], "2", 0)
    d.play("3C")
    d.play("4C")
    replay = DealReplay(d)
    frame = replay.at(2)
    assert replay.index == 0 and "Step 2 of 2" in frame.caption
    frame.position.pass_turn()
    assert len(replay.at(2).position.history) == len(frame.position.history) - 1
    with pytest.raises(GuandanError, match="no step 3"):
        replay.at(3)


@pytest.mark.parametrize(("lang", "names", "said"), [
    ("en", ("South", "East", "North", "West"), "West passes."),
    ("pt", ("Sul", "Leste", "Norte", "Oeste"), "Oeste passa."),
    ("es", ("Sur", "Este", "Norte", "Oeste"), "Oeste pasa."),
])
def test_seats_have_names_in_every_language(lang: str, names: tuple[str, ...],
                                            said: str) -> None:
    """Learner text names seats as card players do, South first, in playing order (§06.1)."""
    from guandan_learn import set_language
    from guandan_learn.exercises.answers import read_seat
    from guandan_learn.messages import say
    from guandan_learn.seats import partner, seat_name

    try:
        set_language(lang)
        assert tuple(seat_name(s) for s in range(4)) == names
        assert seat_name(partner(0)) == names[2]  # the partner sits opposite
        assert say("widget.action.pass", seat=3) == said
        assert read_seat(names[2]) == 2 and read_seat("north") == 2 and read_seat("2") == 2
    finally:
        set_language("en")


def test_house_rule_puzzles_show_only_the_options_that_matter() -> None:
    """Chapter 9's puzzles list the table options their question turns on, not all seven."""
    from guandan_learn.course import chapter
    from guandan_learn.exercises import spec
    from guandan_learn.widgets.quiz import Quiz

    quiz = chapter("09_house_rules").quiz
    assert quiz is not None
    made = Quiz(list(quiz.ids), generated=quiz.generated, seed=quiz.seed)
    for i in range(made.count or 0):
        puzzle = made.puzzle_at(i)
        rules = getattr(puzzle.parsed, "rules", None)
        if rules is None:
            continue
        shown = [row.text for row in spec(puzzle.kind).layout(puzzle.parsed, puzzle.question)]
        options = [text for text in shown if text in rules.sentences()]
        assert len(options) <= 2, (puzzle.id, options)
        for vid in (c for c in puzzle.clauses if c.startswith("V")):
            assert rules.sentences({vid})[0] in options, (puzzle.id, vid, options)
