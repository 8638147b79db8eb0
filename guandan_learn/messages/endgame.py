"""Messages of the endgame solver: bad positions, the position notation and the verdict."""

from __future__ import annotations

from ..i18n import N_

MESSAGES: dict[str, str] = {
    # == Endgames (§06) ==
    "endgame.bad_goal": N_(
        "The goal {goal!r} is not one the solver knows: choose one of {goals}."),
    "endgame.not_four_hands": N_(
        "An endgame gives four hands, one for each seat 0, 1, 2 and 3 (§02.1), not {value!r}."),
    "endgame.bad_seat": N_("{value!r} is not a seat: the seats are 0, 1, 2 and 3 (§02.1)."),
    "endgame.hand_too_big": N_(
        "{seat:seat} holds {count} cards, but no hand ever holds more than {limit} (§02.3)."),
    "endgame.empty_hand": N_(
        "{seat:seat} holds no cards but is not among the seats already out: give the finish "
        "order so far, such as out=[{seat}] (§06.7)."),
    "endgame.bad_out": N_(
        "The seats already out are a list of seats in the order they went out, such as [2] or "
        "[2, 1], not {value!r}."),
    "endgame.out_twice": N_("{seat:seat} goes out only once, but the finish order lists it "
                            "twice (§06.7)."),
    "endgame.out_holds_cards": N_(
        "{seat:seat} is listed as out, but its hand is not empty: a seat is out once its hand "
        "is empty (§06.7)."),
    "endgame.deal_over": N_(
        "With these seats out the deal is over: it stops once both players of a team "
        "are out (§06.8)."),
    "endgame.mover_out": N_(
        "{seat:seat} is out, so it cannot be to move: an empty hand passes (§06.5)."),
    "endgame.table_by_out": N_(
        "The play on the table is {seat:seat}'s, who is out, so it was the play that emptied "
        "that hand; but {last:seat} went out after it, which takes a play that beats it "
        "(§06.7)."),
    "endgame.table_not_pair": N_(
        "The table is the unbeaten play and the seat that made it, such as (\"9S 9D\", 3), "
        "not {value!r}."),
    "endgame.table_not_combo": N_("The play on the table, {cards}, cannot be: {reason}"),
    "endgame.table_own_seat": N_(
        "{seat:seat} cannot be to move on its own unbeaten play: once the other three have "
        "passed, the trick is over and {seat:seat} leads (§06.5, §06.6)."),
    "endgame.not_endgame": N_("Expected an Endgame to solve, got {value!r}."),
    "endgame.notation.not_text": N_(
        "Expected an endgame position as text, such as 'level 7; to_move 0; 0: AC; 1: 3C; "
        "2: 5D; 3: KH', got {value!r}."),
    "endgame.notation.bad_field": N_(
        "Cannot read {field!r} in an endgame position: the fields are 'level L', 'goal G', "
        "'to_move S', 'out S S' (the seats already out), 'S: cards' for each seat ('S: -' "
        "for a seat out) and 'table S: cards'."),
    "endgame.notation.twice": N_("{field!r} gives a field of the position a second time."),
    "endgame.notation.missing": N_("The endgame position lacks its {field!r} field."),
    "endgame.pass": N_("pass"),
    "endgame.bad_limit": N_(
        "{name} must be a finite positive number (a whole one for node_limit), or None for no "
        "limit; not {value!r}."),
    "endgame.node_limit": N_("The search stopped after {limit} positions without an answer."),
    "endgame.time_limit": N_("The search stopped after {seconds} seconds without an answer."),
    "endgame.not_a_move": N_("{move} is not one of {seat:seat}'s moves here."),
    "endgame.over": N_("The deal is decided: nobody moves any more."),
    "endgame.wins.first": N_(
        "{seat:seat} can force going out first, whatever the others do. Winning first "
        "moves: {moves}."),
    "endgame.wins.team_first": N_(
        "{seat:seat}'s team can force finishing first, whatever the opponents do. Winning "
        "first moves: {moves}."),
    "endgame.wins.double": N_(
        "{seat:seat}'s team can force finishing 1st and 2nd, whatever the opponents do. "
        "Winning first moves: {moves}."),
    "endgame.loses.first": N_(
        "{seat:seat} cannot force going out first: the others can always stop it."),
    "endgame.loses.team_first": N_(
        "{seat:seat}'s team cannot force finishing first: the opponents can always stop it."),
    "endgame.loses.double": N_(
        "{seat:seat}'s team cannot force finishing 1st and 2nd: the opponents can always stop "
        "it."),
    "endgame.line": N_("A line of best play: {line}."),
    "endgame.decided.won": N_(
        "The seats already out decide it: {seat:seat}'s team has reached the goal, whatever "
        "happens now."),
    "endgame.decided.lost": N_(
        "The seats already out decide it: {seat:seat}'s team can no longer reach the goal."),
    "endgame.refute.loses": N_("After {move}: {line}. The goal is out of reach."),
    "endgame.refute.wins": N_("After {move} the goal is still forced: {line}."),
}
