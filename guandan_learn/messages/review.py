"""Messages of the deal review (``guandan_learn.review``), the solver player (``bots``) and the
endgame techniques (``exercises.techniques``)."""

from __future__ import annotations

from ..i18n import N_

MESSAGES: dict[str, str] = {
    "review.goal.first": N_("going out first"),
    "review.goal.team_first": N_("the team finishing first"),
    "review.goal.double": N_("the team finishing 1st and 2nd"),
    "review.lost.one": N_(
        "Move {number}, {seat:seat} played {move}: before it, {goal} was forced; after it, the "
        "others can stop it. The move that kept it: {better}. The line that punishes {move}: "
        "{line}."),
    "review.lost.many": N_(
        "Move {number}, {seat:seat} played {move}: before it, {goal} was forced; after it, the "
        "others can stop it. The moves that kept it: {better}. The line that punishes {move}: "
        "{line}."),
    "review.too_large": N_(
        "Move {number}, {seat:seat} played {move}: whether {goal} was forced is too large a "
        "question for the solver's budget, so this move is not judged for it."),
    "review.start": N_(
        "The review judges {seat:seat}'s moves from move {number}, with {cards} cards left in "
        "play."),
    "review.start_late": N_(
        "The review judges {seat:seat}'s moves from move {number}, with {cards} cards left in "
        "play; the positions before it are too large to solve within the budget."),
    "review.start_out": N_(
        "The review judges {seat:seat}'s moves from move {number}, with {cards} cards left in "
        "play; the positions before it are too large to solve within the budget. {out:seat} is "
        "already out, so the review asks only whether {goal} is forced."),
    "review.never": N_(
        "The hands never got small enough to solve within the budget while a goal was still "
        "open, so none of {seat:seat}'s moves is judged."),
    "review.clean": N_("No move of {seat:seat} let a forced result go."),
    "review.not_deal": N_("Expected a Deal to review, got {value!r}."),
    "review.bad_seat": N_("The seat to review is 0, 1, 2 or 3, not {value!r}."),
    "review.bad_cards": N_(
        "The number of cards in play to start judging is a whole number of at least 4, not "
        "{value!r}."),
    "review.bad_step": N_("The deal has no move {step}."),
    "review.over": N_("The deal is over: there is no position left to solve."),
    "bots.bad_cards": N_(
        "SolverPlayer's cards (the most cards in play at which it asks the solver) is a whole "
        "number of at least 4, not {value!r}."),
    "review.no_such_move": N_("{move} is not one of the moves the solver knows here."),
    "technique.lost": N_("proving a loss"),
    "technique.waiting": N_("waiting: the pass"),
    "technique.wild": N_("declaring a wild"),
    "technique.bomb": N_("spending a bomb"),
    "technique.partner": N_("playing for the partner"),
    "technique.double": N_("the double finish"),
    "technique.answer": N_("answering a play"),
    "technique.control": N_("control"),
    "technique.counting": N_("counting"),
    "technique.tie": N_("ties between top cards"),
    "technique.last_card": N_("the last card"),
    "technique.exits": N_("counting exits"),
    "technique.lead_only": N_("cards that can only be led"),
    "technique.seats": N_("seating"),
    "technique.forms": N_("forms in the endgame"),
    "technique.handover": N_("handing over the lead"),
    "technique.show": N_("Techniques: {names}."),
    "technique.difficulty": N_(
        "Difficulty {level} of 3: {winning} of {moves} first moves win; the solver's line "
        "takes {depth} moves."),
    "technique.not_list": N_("The techniques are a list of names, not {value!r}."),
    "technique.unknown": N_("{name!r} is not a technique; the techniques are {names}."),
    "technique.none": N_("No puzzle of {kinds} needs the technique {technique!r}."),
    "widget.quiz.technique_kinds": N_(
        "A quiz by technique ({technique!r}) draws from kind names alone, such as "
        "Quiz(['endgame'], technique={technique!r})."),
    "widget.play.review": N_("Review"),
    "widget.play.review_later": N_("Finish the deal first: the review reads the whole deal."),
    "widget.play.review_heading": N_("Your play, checked by the exact solver:"),
    "widget.play.from_cards": N_(
        "The computer played all four seats until {cards} cards were left in play; from here "
        "you play {seat:seat}."),
    "widget.play.bad_start": N_(
        "start is the number of cards in play at which you take over, a whole number of at "
        "least 4 (or None for the whole deal), not {value!r}."),
    "app.tab.play": N_("Play a deal"),
    "app.play.intro": N_(
        "Play a deal against the computer, then press Review: the exact solver shows where "
        "your moves let a forced result go, once the hands are small enough to solve. New "
        "endgame starts when {cards} cards are left, so every move you make is judged."),
    "app.play.new_deal": N_("New deal"),
    "app.play.new_endgame": N_("New endgame"),
}
