"""Messages of the pictures, plots and widgets."""

from __future__ import annotations

from ..i18n import N_, P_, Plural

MESSAGES: dict[str, str | Plural] = {
    # == Rendering and widgets ==
    # What a notebook prints as the text of an engine value (guandan_learn.display)
    "display.combo": N_("{cards} — {play}"),
    "display.deal": P_("Deal at level {level}: {seat:seat} to move, {count} action",
                       "Deal at level {level}: {seat:seat} to move, {count} actions"),
    "display.deal.over": P_("Deal at level {level}: over, {count} action",
                            "Deal at level {level}: over, {count} actions"),
    # Pictures: text for screen readers and labels drawn on cards and tables
    "render.suit.C": N_("clubs"),
    "render.suit.D": N_("diamonds"),
    "render.suit.H": N_("hearts"),
    "render.suit.S": N_("spades"),
    "render.card": N_("{rank} of {suit}"),
    "render.card.wild": N_("{card}, a wild heart at level {level} (§03.3)"),
    "render.card.declared": N_("{card}, a wild heart standing for {meaning} (§03.4)"),
    "render.card.title": N_("The card {card}"),
    "render.card.desc": N_("{card}."),
    "render.wild_badge": N_("wild"),
    "render.declared": N_("= {meaning}"),
    "render.joker_word": N_("JOKER"),
    "render.hand.title": P_("{count} card at level {level}", "{count} cards at level {level}"),
    "render.hand.title_empty": N_("An empty hand at level {level}"),
    "render.hand.empty_desc": N_("No cards are left in this hand."),
    "render.hand.desc": N_("From weakest to strongest at level {level} (§03.1): {cards}."),
    "render.hand.wilds": N_("Wild hearts: {cards} (§03.3)."),
    "render.hand.selected": N_("Selected: {cards}."),
    "render.combo.title": N_("The play: {play}"),
    "render.combo.desc": N_("Cards played at level {level}: {cards}."),
    "render.combo.wild": N_("{wild} is wild and stands for {meaning} (§03.4)."),
    "render.combo.wild_both": N_("Both {wild} are wild and stand for {meaning} (§03.4)."),
    "render.combo.wild_bomb": P_("{wild} is wild and counts as one more of the {ranks} (§03.4).",
                                 "Both {wild} are wild and count as two more {ranks} (§03.4)."),
    "render.deal.title": N_("The table at level {level}"),
    "render.deal.level": N_("Level {level}"),
    "render.deal.seat": N_("{seat:seat} · team {team}"),
    "render.deal.count": P_("{count} card", "{count} cards"),
    "render.deal.count_many": N_("more than 10 cards"),
    "render.deal.out_1": N_("out · 1st"),
    "render.deal.out_2": N_("out · 2nd"),
    "render.deal.out_3": N_("out · 3rd"),
    "render.deal.fourth": N_("4th"),
    "render.deal.last": N_("last"),
    "render.deal.pass": N_("pass"),
    "render.deal.to_beat": N_("to beat"),
    "render.deal.turn": N_("to play"),
    "render.deal.status_lead": N_("{seat:seat} leads: any combination is allowed (§06.2)."),
    "render.deal.status_beat": N_("{seat:seat} to play: beat {play} from {last:seat}, or pass "
                                  "(§06.3)."),
    "render.deal.status_over": N_("The deal is over. Finishing order: {order} (§06.7)."),
    "render.verdict.legal": N_("Allowed"),
    "render.verdict.illegal": N_("Not allowed"),
    "render.verdict.reading": N_("Read as {play}."),
    # Widgets
    "widget.picker.hand": N_("Your hand at level {level}: click a card to pick it or put it "
                             "back"),
    "widget.picker.prompt": N_("Click cards in your hand to build a play."),
    "widget.picker.table": N_("On the table: {play}. Beat it, or pass (§06.3)."),
    "widget.picker.lead": N_("You lead: nothing is on the table, so any combination is allowed "
                             "(§06.2)."),
    "widget.picker.selection": N_("Picked: {cards}."),
    "widget.picker.makes": N_("These cards make {play}."),
    "widget.picker.clear": N_("Clear"),
    "widget.picker.not_held": N_(
        "{card} cannot be picked: it is not in this hand ({hand}), or it is already picked "
        "as often as the hand holds it (§02.3)."),
    "widget.hints.next": N_("Next play"),
    "widget.hints.heading": N_("Hints for this hand at level {level}, weakest first."),
    "widget.hints.counter": N_("Hint {index} of {count}: {play}."),
    "widget.hints.empty": N_("This hand is empty: there is nothing to play (§06.7)."),
    "widget.hints.none": N_("Nothing in this hand beats {play}: pass (§06.3)."),
    "widget.hints.pass_too": N_("Passing is always allowed too, even when you could beat "
                                "(§06.3)."),
    "widget.action.play": N_("{seat:seat} plays {play}: {cards}."),
    "widget.action.play_named": N_("{seat:seat} plays {play}."),
    "widget.action.pass": N_("{seat:seat} passes."),
    "widget.replay.first": N_("First"),
    "widget.replay.prev": N_("◀ Back"),
    "widget.replay.next": N_("Next ▶"),
    "widget.replay.last": N_("Last"),
    "widget.replay.first_tip": N_("Go to the start"),
    "widget.replay.prev_tip": N_("One step back"),
    "widget.replay.next_tip": N_("One step forward"),
    "widget.replay.last_tip": N_("Go to the end"),
    "widget.replay.slider": N_("Step"),
    "widget.replay.start": N_("Step 0 of {count}: the cards are dealt and nobody has acted "
                              "yet."),
    "widget.replay.step": N_("Step {index} of {count}: {action}"),
    "widget.replay.in_deal": N_("Deal {number}. {caption}"),
    "widget.replay.deal_of": N_("Deal {number} of {count}"),
    "widget.replay.settled": N_("Result: {explanation}"),
    "widget.replay.no_step": N_("This replay has no step {index}: its steps go from 0 to "
                                "{last}."),
    "widget.replay.no_deals": N_(
        "This match has no deal in play yet: step it on (match.step()) until the cards are "
        "dealt, then replay it."),
    "widget.play.play": N_("Play"),
    "widget.play.pass": N_("Pass"),
    "widget.play.hint": N_("Hint"),
    "widget.play.intro": N_(
        "You play {seat:seat} (team {team}); your partner is {partner:seat}. The computer "
        "plays the other three seats."),
    "widget.play.log_heading": N_("What happened since your last turn:"),
    "widget.play.your_turn": N_("Your turn. {status}"),
    "widget.play.hint_picked": N_("Its cards are now picked in your hand: press Play to play "
                                  "them, or pick other cards."),
    "widget.play.refused": N_("{reason} Nothing has changed."),
    "widget.play.unchanged": N_(
        "The engine refuses this play, for the reason above: nothing has changed."),
    "widget.play.place_1": N_("1st"),
    "widget.play.place_2": N_("2nd"),
    "widget.play.place_3": N_("3rd"),
    "widget.play.place_4": N_("4th"),
    "widget.play.place_last": N_("last"),
    "widget.play.finisher": N_("{place}: {seat:seat}"),
    "widget.play.over": N_("The deal is over. Finishing order: {order} (§06.7, §06.8)."),
    "widget.play.won": N_("Your team wins the deal: {first:seat} finished first (§07.1)."),
    "widget.play.lost": N_("The other team wins the deal: {first:seat} finished first "
                           "(§07.1)."),
    "widget.play.bad_players": N_(
        "PlayDeal needs four players, one per seat in playing order (the entry for your own "
        "seat is ignored), not {value!r} (§02.1)."),
    # Figures (plots.py)
    "plot.ladder.rank_bomb": N_("{size} of a kind"),
    "plot.ladder.straight_flush": N_("straight flush: 5 in a row, one suit"),
    "plot.ladder.joker_bomb": N_("the four jokers"),
    "plot.ladder.ylabel": N_("weakest (1) to strongest"),
    "plot.ladder.title": N_(
        "The bomb ladder, weakest at the bottom (§05.2); rank bombs of one size go by rank "
        "(§05.3)"),
    "plot.ladder.note": N_("Examples at level {level}, where {wild} is wild (§03.3)."),
    "plot.levels.team": N_("team {team} ({seats:seats})"),
    "plot.levels.xlabel": N_("deals played"),
    "plot.levels.ylabel": N_("level"),
    "plot.levels.title": N_("Both teams' levels over the match (§07)"),
    "plot.levels.title_rulebook": N_("Both teams' levels over the match, by the rulebook (§07)"),
    "plot.levels.title_variants": N_(
        "Both teams' levels over the match, with house rules {variants} (§07)"),
    "plot.bombs.any": N_("any bomb"),
    "plot.bombs.straight_flush": N_("a straight flush"),
    "plot.bombs.level": N_("active level"),
    "plot.bombs.percent": N_("% of hands"),
    "plot.bombs.at_level": N_("level {level}"),
    "plot.bombs.count": N_(
        "bombs of one rank a hand can make at once (the four jokers count as one)"),
    "plot.bombs.title": N_("Bombs in {hands} dealt 27-card hands, by level (§05)"),
    # Quiz (widgets/quiz.py)
    "widget.quiz.header": N_("Puzzle {number} of {count}: {title}"),
    "widget.quiz.header_open": N_("Puzzle {number}: {title}"),
    "widget.quiz.check": N_("Check"),
    "widget.quiz.hint": N_("Hint"),
    "widget.quiz.solution": N_("Show solution"),
    "widget.quiz.next": N_("Next puzzle"),
    "widget.quiz.score": N_("Score: {right} of {answered} right."),
    "widget.quiz.score_none": N_("Score: nothing checked yet."),
    "widget.quiz.done": N_("That was the last puzzle: you got {right} of {answered} right."),
    "widget.quiz.no_answer": N_("Choose an answer first, then press Check."),
    "widget.quiz.no_rank": N_("Choose the rank that keys the {form} too, then press Check."),
    "widget.quiz.no_form": N_("Choose the form too, then press Check."),
    "widget.quiz.no_team_level": N_("Choose team {team}'s level too, then press Check."),
    "widget.quiz.unreadable": N_("That answer cannot be graded: {reason}"),
    "widget.quiz.unknown_id": N_(
        "No puzzle {id!r} in the exercise bank; ids look like 'legal-pair-on-single'."),
    "widget.quiz.empty": N_(
        "A quiz needs at least one puzzle: give puzzles, bank ids, or kinds such as "
        "'legal_play' (one of {kinds})."),
    "widget.quiz.bad_items": N_(
        "Give a quiz puzzles, bank ids or kind names (one, or a list of them), not a value "
        "of type {value}."),
    "widget.quiz.bad_generated_list": N_(
        "Ask for generated puzzles with a list such as [('legal_play', 3)], not a value of "
        "type {value}."),
    "widget.quiz.bad_count": N_(
        "A quiz's count is a whole number of puzzles (or None for no end), not {value}."),
    "widget.quiz.too_many": N_(
        "A quiz asks for at most {limit} generated puzzles, not {count}."),
    "widget.quiz.bad_generated": N_(
        "Ask for generated puzzles as (kind, how many) or (kind, how many, difficulty), "
        "not {value!r}."),
    "widget.quiz.on_table": N_("On the table: {play}."),
    "widget.quiz.your_cards": N_("Your cards:"),
    "widget.quiz.the_cards": N_("The cards:"),
    "widget.quiz.your_hand": N_("Your hand:"),
    "widget.quiz.play_label": N_("Play {label}:"),
    "widget.quiz.seat_hand": N_("{seat:seat} holds:"),
    "widget.quiz.tribute_card": N_("The tribute received:"),
    "widget.quiz.return_card": N_("The card to give back:"),
    "widget.quiz.receiver_hand": N_("The receiver's hand:"),
    "widget.quiz.actions": N_("Then, in order:"),
    "widget.quiz.yes": N_("Yes"),
    "widget.quiz.no": N_("No"),
    "widget.quiz.choose": N_("Choose one:"),
    "widget.quiz.seat": N_("{seat:seat}"),
    "widget.quiz.team": N_("Team {team}"),
    "widget.quiz.nobody": N_("Nobody"),
    "widget.quiz.deal_over": N_("Nobody: the deal is over"),
    "widget.quiz.no_winner": N_("Nobody yet"),
    "widget.quiz.form": N_("Form"),
    "widget.quiz.rank": N_("Rank"),
    "widget.quiz.no_combination": N_("not a combination"),
    "widget.quiz.strongest_first": N_("Strongest first:"),
    "widget.quiz.position": N_("{number}."),
    "widget.quiz.wild_stands": N_("Wild {card} #{number} stands for"),
    "widget.quiz.pick_meaning": N_(
        "Click the card each wild heart stands for ({count} in all)."),
    "widget.quiz.pick_cards": N_("Click the cards you would play, or press Pass."),
    "widget.quiz.pick_lead": N_("Click the cards you would lead."),
    "widget.quiz.pass": N_("Pass"),
    "widget.quiz.palette": N_("Cards a wild heart may stand for"),
    "widget.quiz.level": N_("Level"),
    "widget.quiz.cards_left": N_("Announce"),
    "widget.quiz.more_than_ten": N_("more than 10"),
    "widget.quiz.payments.none": N_("No tribute"),
    "widget.quiz.payments.one": N_("One payment"),
    "widget.quiz.payments.two": N_("Two payments"),
    "widget.quiz.payment": N_("Payment {number}:"),
    "widget.quiz.gives": N_("gives"),
    "widget.quiz.to_seat": N_("to"),
    # The endgame player (``widgets/endgame.py``)
    "widget.endgame.move": N_("Move:"),
    "widget.endgame.play": N_("Play"),
    "widget.endgame.show_me": N_("Show me"),
    "widget.endgame.reset": N_("Start again"),
    "widget.endgame.start_win": N_(
        "Your team can force the goal from here, whatever the defence does: find how."),
    "widget.endgame.start_lose": N_(
        "No move forces the goal from here: the best defence can always stop it."),
    "widget.endgame.still_win": N_("Good: the win is still forced."),
    "widget.endgame.lost_win": N_(
        "After that move the opponents can escape: you can no longer force the win."),
    "widget.endgame.no_win": N_("The win was not forced before this move either."),
    "widget.endgame.shown": N_("Shown: {move}"),
    "widget.endgame.no_line": N_(
        "No winning line is left from here: the best defence stops every move. Press Start "
        "again to try another way."),
    "widget.endgame.reached": N_("The goal is reached."),
    "widget.endgame.missed": N_("The goal is missed."),
    "widget.endgame.no_pass": N_("You are leading: a lead is a play, never a pass."),
    "widget.endgame.not_a_move": N_("{seat:seat} cannot play {cards} here."),
    "widget.endgame.goal": N_("Every hand is open. Your goal: {goal}."),
    "widget.endgame.seat": N_("{seat:seat}:"),
    "widget.endgame.you": N_("You, {seat:seat}:"),
    "widget.endgame.partner": N_("Partner, {seat:seat}:"),
    "widget.endgame.out": N_("out"),
    "widget.endgame.table": N_("On the table, from {seat:seat}:"),
    # == end rendering ==
}
