"""Chapter 11, control and counting (issue 29): every technique it teaches has at least three
bank puzzles, each answer checked against a fresh solve; hand tags that can be read from the
position hold; the can_force question and refute() prove a "no"."""

from __future__ import annotations

from collections import defaultdict

import pytest

from guandan_learn import IllegalPlayError, set_language
from guandan_learn.combo import Combo
from guandan_learn.course import chapter, chapters
from guandan_learn.endgame import Endgame, refute, solve
from guandan_learn.exercises import Puzzle, generate, grade, load_bank

#: The techniques chapter 11 teaches (chapters 12 and 13 teach the others).
CHAPTER_11 = ("control", "tie", "counting", "lead_only", "last_card", "exits", "lost", "answer")

#: The chapter that teaches each endgame technique (issue 29: chapters 11 to 13).
TAUGHT_IN = {**dict.fromkeys(CHAPTER_11, 11),
             **dict.fromkeys(("handover", "waiting", "seats", "partner", "double"), 12),
             **dict.fromkeys(("wild", "bomb", "forms"), 13)}

BANK = {p.id: p for p in load_bank().puzzles if p.kind.value == "endgame"}


def _by_technique() -> dict[str, list[Puzzle]]:
    out: dict[str, list[Puzzle]] = defaultdict(list)
    for p in BANK.values():
        for name in p.techniques:
            out[name].append(p)
    return out


def _power(card: object, level: object) -> int:
    return Combo.of([card], level).power  # type: ignore[list-item,arg-type]


def _verified(p: Puzzle) -> bool:
    """Tells whether a puzzle's answer agrees with a solve that has no limits."""
    eg: Endgame = p.parsed.position
    sol = solve(eg, node_limit=None, time_limit=None)
    if p.question == "can_force":
        return p.expected is sol.wins
    moves = {None if m is None else tuple(sorted(c.index for c in m.cards))
             for m in sol.winning_moves}
    answer = None if p.expected is None else tuple(sorted(c.index for c in p.expected))
    return sol.wins and answer in moves


@pytest.mark.parametrize("name", CHAPTER_11)
def test_each_technique_has_three_verified_bank_puzzles(name: str) -> None:
    puzzles = _by_technique()[name]
    assert len(puzzles) >= 3, (name, [p.id for p in puzzles])
    assert all(_verified(p) for p in puzzles), name


def test_hand_tags_that_the_position_shows_hold() -> None:
    """lead_only: the hero holds a card below every opponent's card; tie: a hero's card ties
    an opponent's card or the table; exits: an opponent holds one card."""
    for p in BANK.values():
        eg: Endgame = p.parsed.position
        lv = eg.level
        hero = eg.hands[eg.hero]
        opponents = [c for s in (eg.hero + 1, eg.hero + 3) for c in eg.hands[s % 4]]
        if "lead_only" in p.tags:
            low = min(_power(c, lv) for c in opponents)
            assert any(_power(c, lv) < low for c in hero), p.id
        if "tie" in p.tags and eg.table is None:
            theirs = {_power(c, lv) for c in opponents}
            assert any(_power(c, lv) in theirs for c in hero), p.id
        if "exits" in p.tags:
            assert any(len(eg.hands[s % 4]) == 1 for s in (eg.hero + 1, eg.hero + 3)), p.id


def test_chapter_11_quiz_drills_only_its_techniques_and_all_of_them() -> None:
    quiz = chapter("11_endgames").quiz
    assert quiz is not None and not quiz.generated
    shown: set[str] = set()
    for pid in quiz.ids:
        names = set(BANK[pid].techniques)
        assert names <= set(CHAPTER_11), (pid, names)
        assert BANK[pid].parsed.position.goal == "first", pid
        shown |= names
    assert shown == set(CHAPTER_11)


def test_can_force_answers_yes_or_no_and_proves_a_no() -> None:
    lost = BANK["endgame-lost-three-loose-one-king"]
    assert lost.question == "can_force" and "lost" in lost.techniques
    assert grade(lost, "no").correct and not grade(lost, "yes").correct
    text = str(grade(lost, "no"))
    moves = refute(lost.parsed.position)
    assert len(moves) == 6 and not any(r.wins for r in moves)
    assert text.count("After ") == len(moves) and "After K♦: " in text
    won = BANK["endgame-lost-no-it-wins"]
    assert "lost" not in won.techniques
    assert grade(won, "yes").correct and not grade(won, "no").correct


def test_refute_names_the_move_and_says_it_in_each_language() -> None:
    eg = Endgame.loads("level 2; goal first; to_move 0; 0: 4C 7D AS; 1: 5H 8S KC; "
                       "2: 3H 5D; 3: 3S 6C QD")
    every = refute(eg)
    assert [str(r.move) for r in every] == ["4♣", "7♦", "A♠"]
    assert [r.wins for r in every] == [True, True, False]
    ace = refute(eg, "as")[0]
    assert ace.line[0] == (0, every[2].move) and ace.line[-1][0] == 1  # East goes out
    with pytest.raises(IllegalPlayError):
        refute(eg, "KC")
    texts = []
    try:
        for lang in ("en", "pt", "es"):
            set_language(lang)
            texts.append(str(ace))
    finally:
        set_language("en")
    assert len(set(texts)) == 3 and all("A♠" in t and "8♠" in t for t in texts)


def test_no_chapter_quiz_drills_a_technique_before_it_is_taught() -> None:
    from guandan_learn.exercises.techniques import TECHNIQUES

    assert set(TECHNIQUES) <= set(TAUGHT_IN)
    early = []
    for c in chapters():
        if c.quiz is None:
            continue
        puzzles = [BANK[i] for i in c.quiz.ids if i in BANK]
        puzzles += [generate(k, seed, d) for k, seed, d in c.quiz.generated_puzzles()
                    if k == "endgame"]
        for p in puzzles:
            late = [t for t in p.techniques if TAUGHT_IN.get(t, 99) > c.number]
            if late:
                early.append(f"{c.id}: {p.id} drills {late}")
    assert not early, "\n".join(early)
