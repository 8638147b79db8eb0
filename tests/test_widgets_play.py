"""DealReplay and PlayDeal without a browser: click buttons, move the slider, read the HTML."""

from __future__ import annotations

import doctest
from html import escape

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from guandan_learn import (
    Deal,
    DealError,
    IllegalPlayError,
    Match,
    MatchError,
    RandomPlayer,
    simulate_deal,
    simulate_match,
)
from guandan_learn.render import deal_svg
from guandan_learn.rulebook import unlink
from guandan_learn.seats import seat_name
from guandan_learn.widgets import DealReplay, PlayDeal
from guandan_learn.widgets import play as play_module
from guandan_learn.widgets import replay as replay_module


def click(button) -> None:
    """Clicks an ipywidgets Button the way the front-end does."""
    button._click_handlers(button)


def small_deal() -> Deal:
    """§09.1: a wild completes a bomb; then three passes and C leads again (§09.2)."""
    d = Deal(["QS QD 3C", "KC KD 4C", "8C 8D 8S 7H 5C", "9C 9D 6C"], "7", leader=0)
    d.play("QS QD")
    d.play("KC KD")
    d.play("8C 8D 8S 7H", wilds="8H")
    for _ in range(3):
        d.pass_turn()
    return d


# -- DealReplay ----------------------------------------------------------------------------------


def test_replay_steps_forward_and_back() -> None:
    deal = small_deal()
    replay = DealReplay(deal)
    assert replay.count == 7 and replay.index == 0
    assert "Step 0 of 6: the cards are dealt" in replay.caption.value
    assert "South leads: any combination is allowed (§06.2)." in unlink(replay.caption.value)
    assert replay.first_button.disabled and replay.prev_button.disabled
    assert not replay.next_button.disabled
    assert replay.view.value.count("<svg") == 1

    click(replay.next_button)
    assert replay.index == 1 and replay.slider.value == 1
    assert "Step 1 of 6: South plays a pair of queens: Q♦ Q♠." in replay.caption.value
    assert "East to play: beat a pair of queens from South, or pass (§06.3)." in unlink(
        replay.caption.value)
    click(replay.next_button)
    click(replay.next_button)
    assert ("Step 3 of 6: North plays a 4-card bomb of 8s: 8♣ 8♦ 8♠ 7♥ (the 7♥ stands for 8♥)."
            in replay.caption.value)
    assert "= 8♥" in replay.view.value  # the wild's declared meaning is drawn (§03.4)
    click(replay.prev_button)
    assert replay.index == 2 and "Step 2 of 6: East plays a pair of kings" in (
        replay.caption.value)

    click(replay.last_button)
    assert replay.index == 6 and replay.next_button.disabled and replay.last_button.disabled
    assert "Step 6 of 6: East passes." in replay.caption.value
    assert "North made the last unbeaten play, so they lead" in replay.caption.value  # §09.2
    click(replay.next_button)  # disabled in the browser; a stray click stays on the last step
    assert replay.index == 6
    click(replay.first_button)
    assert replay.index == 0


def test_replay_draws_each_position_of_the_record() -> None:
    deal = simulate_deal(5)
    replay = DealReplay(deal, viewer=1)
    positions = [before for before, _ in deal.steps()] + [deal]
    assert replay.count == len(deal.history) + 1
    for i in (0, 1, len(positions) // 2, len(positions) - 1):
        replay.slider.value = i  # what dragging the slider sends
        assert replay.position == positions[i]
        assert deal_svg(positions[i], 1).split("<svg ", 1)[1] in replay.view.value
    replay.index = 10_000  # kept inside the record
    assert replay.index == replay.count - 1
    assert "The deal is over" in replay.caption.value
    assert f"Step {len(deal.history)} of {len(deal.history)}:" in replay.caption.value


def test_replay_reads_a_text_record() -> None:
    deal = small_deal()
    from_text = DealReplay(deal.dumps())
    from_deal = DealReplay(deal)
    for _ in range(4):
        from_text.next()
        from_deal.next()
        assert from_text.caption.value == from_deal.caption.value
        assert from_text.view.value == from_deal.view.value


def test_replay_says_who_goes_out() -> None:
    deal = Deal(["3C", "4C 5C", "6C", "7C"], "2", 0)
    deal.play("3C")
    replay = DealReplay(deal)
    replay.next()
    assert "South plays a single 3: 3♣." in replay.caption.value
    assert "South (team 0) is out, finishing 1st." in replay.caption.value


def test_replay_of_a_match_steps_across_deals() -> None:
    match = simulate_match(1)
    replay = DealReplay(match)
    records = match.history
    assert replay.count == sum(len(r.deal.history) + 1 for r in records)
    assert "Deal 1 of" in replay.scoreboard.value
    assert escape(records[0].announcement) in unlink(replay.scoreboard.value)
    assert "Deal 1. Step 0 of" in replay.caption.value
    # The last step of deal 1 settles it; the next step announces deal 2 and its tribute.
    replay.go(len(records[0].deal.history))
    assert "The deal is over" in replay.caption.value
    assert escape(records[0].settlement.explanation) in unlink(replay.scoreboard.value)
    replay.next()
    assert "Deal 2. Step 0 of" in replay.caption.value
    assert escape(records[1].announcement) in unlink(replay.scoreboard.value)
    assert escape(records[1].tribute.explanation) in unlink(replay.scoreboard.value)
    assert replay.position.level == records[1].active_level
    replay.last()
    assert "wins the match" in replay.scoreboard.value
    # The match record replays to the same steps.
    again = DealReplay(match.dumps())
    again.last()
    assert again.count == replay.count and again.scoreboard.value == replay.scoreboard.value


def test_replay_of_a_match_before_play_says_why_not() -> None:
    with pytest.raises(MatchError) as err:
        DealReplay(Match(seed=3))
    assert "step it on" in err.value.message


# -- PlayDeal ------------------------------------------------------------------------------------


def refused_like_the_engine(game: PlayDeal, attempt, cards=None) -> None:
    """Makes one illegal attempt; the feedback is the engine's sentence and nothing changes."""
    record, hand = game.deal.dumps(), game.deal.hand(game.seat)
    probe = game.deal.copy()
    with pytest.raises(IllegalPlayError) as err:
        if attempt == "pass":
            probe.pass_turn(seat=game.seat)
        else:
            probe.play(cards or [], seat=game.seat)
    game.selected = cards or []
    click(game.pass_button if attempt == "pass" else game.play_button)
    shown = game.picker.feedback.value + game.feedback.value  # said once, by one of them
    assert shown.count("✘ Not allowed") == 1
    assert escape(err.value.message) in unlink(shown)
    assert "nothing has changed." in game.feedback.value.lower()
    assert game.deal.dumps() == record and game.deal.hand(game.seat) == hand


def no_combination(game: PlayDeal) -> list:
    """Returns two cards of the hand that never make a play: two ranks, no wild (§04.1)."""
    level = game.deal.level
    natural = [c for c in game.deal.hand(game.seat) if not c.is_wild(level)]
    other = next((c for c in natural if c.rank is not natural[0].rank), None)
    return [natural[0], other] if other is not None else []


def test_play_deal_to_the_end_with_hints() -> None:
    game = PlayDeal(seat=0, seed=0)
    assert game.deal.to_move == 0 and game.deal.leading
    assert "You play South (team 0); your partner is North." in game.intro.value
    assert "Your turn. South leads" in game.feedback.value
    assert "<svg" in game.table.value and "J♥ was turned up" in game.moves.value
    # A person sees only their own hand: the other hands are face down (§06.9).
    assert game.table.value.count('class="card"') == 27
    turns = refused = 0
    while not game.deal.is_over:
        assert game.deal.to_move == 0
        assert [str(c) for c in game.picker.hand] == [str(c) for c in game.deal.hand(0)]
        if turns % 3 == 0:  # now and then, an illegal attempt first
            if game.deal.leading:
                refused_like_the_engine(game, "pass")
            else:
                refused_like_the_engine(game, "play", no_combination(game))
            refused += 1
        if turns % 4 == 1:
            refused_like_the_engine(game, "play")  # nothing picked (§04.1)
            refused += 1
        history = len(game.deal.history)
        click(game.hint_button)
        hint = game._current_hint()
        if hint is None:
            assert "pass (§06.3)" in unlink(game.feedback.value)
            click(game.pass_button)
            assert game.deal.history[history].combo is None
        else:
            assert f"Hint 1 of {len(game.deal.hints())}: {hint.describe()}." in (
                game.feedback.value)
            assert sorted(game.selected) == sorted(hint.cards)
            assert "✔ Allowed" in game.picker.feedback.value  # the live verdict agrees
            click(game.play_button)
            assert game.deal.history[history].combo == hint
            assert f"South plays {hint.describe()}" in game.moves.value
        turns += 1
    assert refused >= 2 and turns > 5
    assert "The deal is over. Finishing order: 1st: " in game.feedback.value
    first = game.deal.finish_order[0]
    assert f"{seat_name(first)} finished first (§07.1)" in unlink(game.feedback.value)
    assert all(b.disabled for b in (game.play_button, game.pass_button, game.hint_button))
    # Acting after the end is explained by the engine, too.
    record = game.deal.dumps()
    assert game.play() is None and game.hint() is None
    assert "The deal is over, so nobody plays or passes any more (§06.8)." in unlink(
        game.feedback.value)
    assert game.deal.dumps() == record
    assert Deal.loads(record) == game.deal


def test_play_deal_hint_cycles_and_bots_move_first() -> None:
    game = PlayDeal(seat=2, seed=1)
    assert game.deal.setup.leader != 2 and game.deal.history  # the bots played up to seat 2
    assert all(a.seat != 2 for a in game.deal.history)
    assert "East plays" in game.moves.value or "South plays" in game.moves.value
    hints = game.deal.hints()
    assert len(hints) >= 2
    click(game.hint_button)
    click(game.hint_button)
    assert f"Hint 2 of {len(hints)}: {hints[1].describe()}." in game.feedback.value
    assert sorted(game.selected) == sorted(hints[1].cards)
    click(game.picker.clear_button)
    assert game.selected == []


def test_play_deal_with_other_players() -> None:
    game = PlayDeal(seat=1, seed=2, level="7", players=[RandomPlayer(1), None,
                                                         RandomPlayer(2), RandomPlayer(3)])
    assert game.deal.level.value == "7" and game.deal.to_move in (1, None)
    with pytest.raises(DealError):
        PlayDeal(players=[RandomPlayer()])
    with pytest.raises(DealError):
        PlayDeal(seat=4)


@pytest.mark.parametrize("module", [play_module, replay_module])
def test_play_and_replay_doctests(module) -> None:
    failures, _ = doctest.testmod(module)
    assert failures == 0


def test_play_deal_review_shows_the_solver_moments_after_the_deal() -> None:
    from guandan_learn import RulePlayer

    game = PlayDeal(seat=0, seed=3)
    assert game.review_button.disabled
    assert game.review() is None and "Finish the deal first" in game.review_view.value
    rule = RulePlayer()
    while not game.deal.is_over:
        choice = rule.choose(game.deal)
        if choice is None:
            click(game.pass_button)
        else:
            game.selected = list(choice.cards)
            click(game.play_button)
    assert not game.review_button.disabled
    done = game.review()
    shown = unlink(game.review_view.value)
    assert done is not None and done.deal is game.deal and done.seat == 0
    assert "checked by the exact solver" in shown
    for line in str(done).split("\n"):
        assert escape(line) in shown
    game.review_view.value = ""
    click(game.review_button)  # the button does the same
    assert "checked by the exact solver" in game.review_view.value
