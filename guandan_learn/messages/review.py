"""Messages of the deal review (``guandan_learn.review``) and the solver player (``bots``)."""

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
    "review.never": N_(
        "The hands never got small enough to solve within the budget while all four seats "
        "held cards, so none of {seat:seat}'s moves is judged."),
    "review.clean": N_("No move of {seat:seat} let a forced result go."),
    "review.not_deal": N_("Expected a Deal to review, got {value!r}."),
    "review.bad_seat": N_("The seat to review is 0, 1, 2 or 3, not {value!r}."),
    "review.bad_cards": N_(
        "The number of cards in play to start judging is a whole number of at least 4, not "
        "{value!r}."),
    "review.bad_step": N_("The deal has no move {step}."),
    "review.not_four_hands": N_(
        "The solver needs a deal in play with cards in all four hands."),
    "bots.bad_cards": N_(
        "SolverPlayer's cards (the most cards in play at which it asks the solver) is a whole "
        "number of at least 4, not {value!r}."),
    "review.no_such_move": N_("{move} is not one of the moves the solver knows here."),
}
