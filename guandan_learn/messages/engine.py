"""Messages of the engine: notation, judging, plays, deals, levels, tribute and the match."""

from __future__ import annotations

from ..i18n import N_, P_, Plural

MESSAGES: dict[str, str | Plural] = {
    # The seats as card players name them, in playing order (§06.1): seat_text(), {x:seat}.
    "seat.0": N_("South"),
    "seat.1": N_("East"),
    "seat.2": N_("North"),
    "seat.3": N_("West"),
    "seat.list_sep": N_(", "),
    # Notation (§02.2, §03)
    "notation.bad_token": N_(
        "Cannot read {token!r} (card {position}): write a rank (2-10 or T, J, Q, K, A) then a "
        "suit (C, D, H, S or ♣ ♦ ♥ ♠), or RJ / BJ for a joker."),
    "notation.bad_token_at": N_(
        "Cannot read {token!r} (card {position}, at character {offset}): write a rank "
        "(2-10 or T, J, Q, K, A) then a suit (C, D, H, S or ♣ ♦ ♥ ♠), or RJ / BJ for a joker."),
    "notation.card_parts": N_(
        "Cannot make a card from rank {rank!r} and suit {suit!r}: jokers have no suit and "
        "every other rank needs one."),
    "notation.not_text": N_("Expected card text such as '8C 8D', got {value}."),
    "notation.not_card": N_("Expected a card or card text such as '8C', got {value}."),
    "notation.bad_size": N_("A size is a whole number of cards, not {value}."),
    "notation.bad_separator": N_("Cards are separated by text such as ' ', not by {value}."),
    "record.not_deal": N_(
        "Only a Deal can be written as a deal record, not a value of type {value}."),
    "notation.bad_rank": N_(
        "Cannot read the rank {rank!r}: a rank is one of 2-10, J, Q, K, A, BJ or RJ."),
    "notation.bad_kind": N_("Cannot read the form {kind!r}: a form is one of {kinds}."),
    "notation.not_combo": N_(
        "Expected a play read with Combo.of (for example Combo.of('9S', '7')), got {value}."),
    "notation.bad_level": N_(
        "Cannot read the level {level!r}: a level is one of 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, "
        "K, A (§07.4)."),
    "cards.too_many_copies": N_(
        "{card} appears {count} times, but the two decks hold only two of each card."),
    # The rulebook (rulebook.py)
    "rulebook.unknown": N_(
        "{clause!r} is not in the rulebook: a clause is cited like §04.3 (section 4, clause 3) "
        "or V4 (a house rule), and the rulebook runs from §01.1 to §09.4 and V1 to V14."),
    "rulebook.section": N_(
        "{clause} is a whole section of the rulebook, not one clause: its clauses run from "
        "{first} to {last}."),
    "rulebook.language": N_(
        "The rulebook is written in {languages}, not in {lang!r}."),
    "rulebook.view": N_(
        "A rulebook link is made for {views}, not for {view!r}."),
    "rulebook.cited": N_("The rulebook on {clauses}"),
    "rulebook.appendix": N_("The rules cited on this page"),
    # Comparison and judging (§04, §05, §06)
    "compare.levels_differ": N_(
        "These plays were read at different levels ({play} and {table}); one table has one "
        "active level."),
    "argument.language": N_(
        "A language is named by its code, such as 'pt' (or None for the environment's), "
        "not by a value of type {value}."),
    "argument.not_deal": N_("A player chooses a play in a Deal, not in {value}."),
    "argument.players": N_(
        "The players are four players (each with a choose method) in seat order, not "
        "{value}."),
    "argument.bad_kind": N_("{value!r} is not a form of play: the forms are {kinds}."),
    "argument.bad_rank": N_(
        "{value!r} is not a rank: the ranks are 2-10, J, Q, K, A, BJ and RJ."),
    "combo.none": N_("{cards} is not a combination."),
    "combo.no_such_reading": N_(
        "{cards} cannot be read that way: check what the wild heart stands for."),
    "judge.no_cards": N_("Choose at least one card to play."),
    "judge.lead": N_("You lead, so any combination is allowed: this is {play}."),
    "judge.beats_bomb_over_normal": N_(
        "Any bomb beats any normal play: {play} beats {table}."),
    "judge.beats_bigger_bomb": N_(
        "Bombs go by size first: {play} beats {table}."),
    "judge.beats_on_ladder": N_(
        "On the bomb ladder (4 of a kind, 5 of a kind, straight flush, 6 to 10 of a kind, four "
        "jokers) {play} ranks above {table}."),
    "judge.beats_same_size_bomb": N_(
        "Bombs of the same size go by rank: {play} beats {table}."),
    "judge.beats_straight_flush": N_(
        "Straight flushes go by their highest rank: {play} beats {table}."),
    "judge.beats_higher": N_("Same form, higher rank: {play} beats {table}."),
    "judge.beats_higher_sequence": N_(
        "Same form, higher top card: {play} beats {table}."),
    "judge.equal": N_(
        "Equal strength never beats: {play} only equals {table}, so the play on the table "
        "stands."),
    "judge.smaller_bomb": N_(
        "Bombs go by size first, and {play} is lower on the ladder than {table}."),
    "judge.lower_on_ladder": N_(
        "On the bomb ladder (4 of a kind, 5 of a kind, straight flush, 6 to 10 of a kind, four "
        "jokers) {play} ranks below {table}."),
    "judge.lower_straight_flush": N_(
        "Straight flushes go by their highest rank, and {play} is lower than {table}."),
    "judge.lower_bomb": N_(
        "Bombs of the same size go by rank, and {play} is lower than {table}."),
    "judge.only_bomb_beats_bomb": N_(
        "Only a stronger bomb can beat a bomb, and the table holds {table}."),
    "judge.pair_on_single": N_(
        "A pair cannot beat a single: a play is only beaten by the same form, or by a bomb."),
    "judge.wrong_form": N_(
        "A play is only beaten by the same form, or by a bomb: {play} cannot beat {table}."),
    "judge.lower_sequence": N_(
        "Sequences go by their highest rank, and {play} is not higher than {table}."),
    "judge.lower_full_house": N_(
        "A full house goes by its triple only, and {play} is lower than {table}."),
    "judge.lower": N_(
        "Singles, pairs and triples compare by rank, and {play} is lower than {table}."),
    # Why cards form no combination
    "why.wild_not_joker": N_(
        "{cards}: a wild heart never stands for a joker, so it cannot complete a joker play."),
    "why.mixed_jokers": N_(
        "{cards}: jokers of different colours never form a pair."),
    "why.too_many": N_("{cards}: {count} cards is more than any play can hold; the largest "
        "bomb has 10 cards."),
    "why.joker_in_sequence": N_(
        "{cards}: jokers never appear in straights, tubes, plates or straight flushes."),
    "why.wraps": N_(
        "{cards}: a sequence never wraps around, so K-A-2 is not consecutive."),
    "why.long_straight": N_(
        "{cards}: a straight has exactly 5 cards, a tube exactly 3 pairs and a plate exactly "
        "2 triples."),
    "why.two_pairs": N_("{cards}: two pairs in a row are not a tube, which has exactly 3 pairs."),
    "why.four_cards": N_(
        "{cards}: four cards only play as a bomb of one rank, or as the four jokers."),
    "why.big_not_bomb": N_(
        "{cards}: seven or more cards only play as a bomb, all of one rank."),
    "why.none": N_(
        "{cards} is not one of the forms: single, pair, triple, full house, straight, tube, "
        "plate or bomb."),
    # Describing plays
    "describe.single": N_("a single {name}"),
    "describe.single_joker": N_("a single {name}"),
    "describe.pair": N_("a pair of {ranks}"),
    "describe.triple": N_("a triple of {ranks}"),
    "describe.full_house": N_("a full house with three {ranks}"),
    "describe.straight": N_("a straight up to {name}"),
    "describe.tube": N_("a tube up to {name}"),
    "describe.plate": N_("a plate up to {name}"),
    "describe.bomb": N_("a {size}-card bomb of {ranks}"),
    # A size may have its own wording where the language needs it (English: "an 8-card").
    "describe.bomb.8": N_("an {size}-card bomb of {ranks}"),
    "describe.straight_flush": N_("a straight flush up to {name}"),
    "describe.joker_bomb": N_("the bomb of four jokers"),
    # The short labels of ranks on cards and in card text (reading stays in English notation)
    "card.letter.J": N_("J"),
    "card.letter.Q": N_("Q"),
    "card.letter.K": N_("K"),
    "card.letter.A": N_("A"),
    "card.letter.BJ": N_("BJ"),
    "card.letter.RJ": N_("RJ"),
    # Rank names
    "rank.J": N_("jack"),
    "rank.Q": N_("queen"),
    "rank.K": N_("king"),
    "rank.A": N_("ace"),
    "rank.BJ": N_("black joker"),
    "rank.RJ": N_("red joker"),
    "ranks.number": N_("{rank}s"),
    "ranks.J": N_("jacks"),
    "ranks.Q": N_("queens"),
    "ranks.K": N_("kings"),
    "ranks.A": N_("aces"),
    "ranks.BJ": N_("black jokers"),
    "ranks.RJ": N_("red jokers"),
    # Cards said in a sentence or a picture's description (read aloud: no BJ/RJ, no arrows)
    "card.the.BJ": N_("the black joker"),
    "card.the.RJ": N_("the red joker"),
    "combo.wild_as": N_("the {wild} stands for {card}"),
    "combo.spoken": N_("{cards} ({wilds})"),
    # == Deal and legal plays (§06) ==
    # Setting up a deal (§02, §06)
    "deal.hands_not_list": N_(
        "Give the four hands as a list in seat order, such as ['3C 4D', 'KS', '', '9H'], not "
        "{value!r}."),
    "deal.not_four_hands": N_(
        "A deal has four hands, one per seat in playing order, not {count} (§02.1)."),
    "deal.bad_seat": N_(
        "{value!r} is not a seat: seats are 0, 1, 2 and 3 in playing order."),
    "deal.hand_too_big": N_(
        "{seat:seat} holds {count} cards, but each player is dealt only 27 (§02.3)."),
    "deal.finished_not_list": N_(
        "Give the finished seats as a list in the order they went out, such as [2] or [0, 3], "
        "not {value!r}."),
    "deal.finished_twice": N_(
        "{seat:seat} appears twice among the finished seats {order}; each player finishes "
        "once."),
    "deal.finished_holds_cards": N_(
        "{seat:seat} is listed as finished but still holds {cards}; a player finishes when "
        "their hand is empty."),
    "deal.empty_not_finished": N_(
        "{seat:seat} holds no cards, so it must be listed among the finished seats {order}, "
        "in the order the hands emptied."),
    "deal.setup_over": N_(
        "This position is already over: {a:seat} and {b:seat}, partners, are both out, so the "
        "deal has stopped."),
    "deal.leader_out": N_("{seat:seat} cannot lead: their hand is already empty."),
    "deal.bad_seed": N_("A seed is a whole number, such as 42, not {value!r}."),
    "deal.turned_not_held": N_(
        "The turned card {card} must be in the hand of {seat:seat}, who leads because they "
        "received it."),
    "deal.four_players": N_(
        "A deal needs four players, one per seat in playing order, not {count}."),
    # Refused actions (§06)
    "play.over": N_("The deal is over, so nobody plays or passes any more."),
    "play.out_of_turn": N_(
        "It is {to_move:seat}'s turn, not {seat:seat}'s: play goes counter-clockwise, "
        "South → East → North → West."),
    "play.out_of_turn_bomb": N_(
        "It is {to_move:seat}'s turn, not {seat:seat}'s: a bomb is played on your own turn "
        "only, and nobody interrupts."),
    "play.not_held": N_(
        "{seat:seat} does not hold {missing}: a player plays only cards from their own hand, "
        "which is {hand}."),
    "moves.not_held": N_("{missing} cannot leave the hand: it holds only {hand}."),
    "play.not_cards": N_("Expected cards such as '8C 8D' or a Combo, got {value!r}."),
    "play.leader_pass": N_(
        "{seat:seat} leads this trick, so they may not pass: the leader plays any legal "
        "combination."),
    # Showing the table
    "deal.view.level": N_(
        "Active level {level}. South and North (team 0) play against East and West (team 1)."),
    "deal.view.seed": N_(
        "Dealt from seed {seed}: {dealer:seat} shuffled and {card} was turned up; "
        "{leader:seat} received it and so leads the first trick (§02.5)."),
    "deal.view.hand": P_("{seat:seat} (team {team}) holds {count} card: {cards}.",
                         "{seat:seat} (team {team}) holds {count} cards: {cards}."),
    "deal.view.count": P_("{seat:seat} (team {team}) holds {count} card.",
                          "{seat:seat} (team {team}) holds {count} cards."),
    "deal.view.many": N_("{seat:seat} (team {team}) holds more than 10 cards (§06.9)."),
    "deal.view.out_1": N_("{seat:seat} (team {team}) is out, finishing 1st."),
    "deal.view.out_2": N_("{seat:seat} (team {team}) is out, finishing 2nd."),
    "deal.view.out_3": N_("{seat:seat} (team {team}) is out, finishing 3rd."),
    "deal.view.trick_empty": N_("No cards are on the table in this trick yet."),
    "deal.view.trick_play": N_("{seat:seat} played {play}: {cards}."),
    "deal.view.trick_play_named": N_("{seat:seat} played {play}."),
    "deal.view.trick_pass": N_("{seat:seat} passed."),
    "deal.view.lead": N_("{seat:seat} leads: any combination is allowed (§06.2)."),
    "deal.view.lead_won": N_(
        "{seat:seat} made the last unbeaten play, so they lead: any combination is allowed "
        "(§06.6)."),
    "deal.view.lead_partner": N_(
        "{seat:seat} leads because their partner, {last:seat}, made the last unbeaten play and "
        "is out (§06.6)."),
    "deal.view.beat": N_(
        "{seat:seat} to play: beat {play} from {last:seat}, or pass (§06.3)."),
    "deal.view.over_team": N_(
        "The deal is over: {a:seat} and {b:seat}, partners, are both out (§06.8)."),
    "deal.view.over_one": N_(
        "The deal is over: only {seat:seat} still holds cards, so they are 4th (§06.8)."),
    # Reading a deal record
    "record.not_text": N_("Expected the text of a deal record, got {value!r}."),
    "record.bad_line": N_(
        "Cannot read line {number} of the deal record, {text!r}: expected a line such as "
        "'level 7', 'leader 0', 'hand 0: 3C 4D', '2 play 8C 8D 8S 7H =8H' or '1 pass'."),
    "record.twice": N_("Line {number} of the deal record, {text!r}, gives {field} again."),
    "record.missing": N_(
        "The deal record has no {field!r} line; it needs 'level', 'leader' and the lines "
        "'hand 0:' to 'hand 3:'."),
    "record.unreadable": N_(
        "Line {number} of the deal record, {text!r}, cannot be read. {reason}"),
    "action.bad": N_(
        "Cannot read the action {text!r}: write a seat and 'play' with the cards, such as "
        "'2 play 8C 8D 8S 7H =8H', or a seat and 'pass', such as '1 pass'."),
    "record.action": N_(
        "Line {number} of the deal record, {text!r}, cannot be replayed. {reason}"),
    # == end deal ==
    # == Levels, match and tribute (§07, §08) ==
    # Table options (rules.py, the rulebook's V1–V7)
    "rules.bad_option": N_(
        "The table option {name} cannot be {value!r}; see {vid} in the rulebook."),
    "rules.attempts_unlimited": N_(
        "Attempts at A: unlimited; a team at A stays there until it wins (§07.7)."),
    "rules.attempts_limited": N_(
        "Attempts at A: after {count} failed deals as declarers at A, a team drops back to "
        "level 2 (V1)."),
    "rules.double_gain_default": N_("A 1st–2nd finish gains {gain} levels (§07.2)."),
    "rules.double_gain_variant": N_(
        "A 1st–2nd finish gains {gain} levels instead of 3 (V2)."),
    "rules.win_default": N_(
        "Winning at A: the declarers at level A win with one player 1st, the partner 2nd or "
        "3rd (§07.5)."),
    "rules.win_one_two": N_(
        "Winning at A: as declarers at level A, only a 1st–2nd finish wins (V3)."),
    "rules.win_any": N_(
        "Winning at A: as declarers at level A, any deal won wins the match (V3)."),
    "rules.tribute_on": N_("Tribute and return are played (§08)."),
    "rules.tribute_off": N_(
        "There is no tribute and no return; the previous first finisher leads (V6)."),
    "rules.one_four_pays": N_(
        "After a 1st–4th finish the partner of the first finisher pays the tribute (§08.1)."),
    "rules.one_four_free": N_("After a 1st–4th finish nobody pays tribute (V4)."),
    "rules.leader_payer": N_("After tribute the payer leads (§08.6)."),
    "rules.leader_first": N_("After tribute the previous first finisher leads (V5)."),
    "rules.return_default": N_(
        "A returned card has natural rank 2–10 and is not of the active level rank (§08.2)."),
    "rules.return_level_allowed": N_(
        "A returned card has natural rank 2–10; the active level rank is allowed too (V7)."),
    # Finishing orders (§06.7, §06.8)
    "finish.not_sequence": N_(
        "A finishing order is a list of seats such as [0, 1, 2], not {value!r}."),
    "finish.not_seat": N_(
        "{value!r} in the finishing order {order} is not a seat: seats are 0, 1, 2 and 3 in "
        "playing order."),
    "finish.duplicate": N_(
        "{seat:seat} appears twice in the finishing order {order}; each player finishes once."),
    "finish.too_short": N_(
        "The finishing order {order} is too short: a deal stops only when a team is out "
        "or one player still holds cards, so at least two seats finish."),
    "finish.not_stopped": N_(
        "The finishing order {order} cannot end a deal: {a:seat} and {b:seat} are opponents, so "
        "play goes on until a team is out or only one player holds cards."),
    "finish.after_stop": N_(
        "The finishing order {order} goes on after the deal stopped: {a:seat} and {b:seat} are "
        "partners, so the deal ended when both were out."),
    # Settling a deal (§07)
    "level.bad_rules": N_("Expected a Rules value for the table options, got {value!r}."),
    "level.bad_team": N_(
        "{value!r} is not a team: team 0 is South and North (seats 0 and 2), team 1 is East "
        "and West (seats 1 and 3)."),
    "level.bad_levels": N_(
        "Give both teams' levels as a mapping {{0: level, 1: level}} or a pair such as "
        "('2', '5'), not {value!r}."),
    "level.bad_attempts": N_(
        "Give the failed attempts at A as a mapping {{0: count, 1: count}} or a pair of "
        "counts, not {value!r} (V1)."),
    "level.attempts_not_count": N_(
        "The failed attempts at A of team {team} must be a whole number, 0 or more, not "
        "{value!r}."),
    "level.attempts_below_a": N_(
        "Team {team} is at level {level}, not A, so it cannot have {count} failed attempts "
        "at A."),
    "level.attempts_over_limit": N_(
        "Team {team} cannot have {count} failed attempts at A: this table drops a team back "
        "to level 2 after {limit}."),
    "level.win_2": N_(
        "Team {team} finished 1st and 2nd: +{gained} from its own level {old} → {new}."),
    "level.win_3": N_(
        "Team {team} finished 1st and 3rd: +{gained} from its own level {old} → {new}."),
    "level.win_4": N_(
        "Team {team} finished 1st and 4th: +{gained} from its own level {old} → {new}."),
    "level.win_capped_2": N_(
        "Team {team} finished 1st and 2nd: +{gained} from its own level {old} would pass A, "
        "so it stops at A."),
    "level.win_capped_3": N_(
        "Team {team} finished 1st and 3rd: +{gained} from its own level {old} would pass A, "
        "so it stops at A."),
    "level.win_capped_4": N_(
        "Team {team} finished 1st and 4th: +{gained} from its own level {old} would pass A, "
        "so it stops at A."),
    "level.reached_a": N_(
        "Team {team} is now at A, which does not by itself win: it wins the match by winning a "
        "deal as declarers at A."),
    "level.match_won_2": N_(
        "Team {team} finished 1st and 2nd as declarers at level A: it wins the match."),
    "level.match_won_3": N_(
        "Team {team} finished 1st and 3rd as declarers at level A: it wins the match."),
    "level.match_won_4": N_(
        "Team {team} finished 1st and 4th as declarers at level A: at this table any deal "
        "won at A wins the match."),
    "level.stay_at_a_default_4": N_(
        "Team {team} finished 1st and 4th as declarers at level A: that is not enough to win, "
        "so it stays at A."),
    "level.stay_at_a_one_two_3": N_(
        "Team {team} finished 1st and 3rd as declarers at level A: at this table only a "
        "1st–2nd finish wins, so it stays at A."),
    "level.stay_at_a_one_two_4": N_(
        "Team {team} finished 1st and 4th as declarers at level A: at this table only a "
        "1st–2nd finish wins, so it stays at A."),
    "level.stay_at_a_not_declaring": N_(
        "Team {team} won the deal at level A but was not declaring, so it cannot win the "
        "match in this deal and stays at A."),
    "level.stay_at_a_first_deal": N_(
        "Team {team} won the deal at level A, but nobody declares in the first deal, so it "
        "stays at A."),
    "level.failed_at_a_unlimited": N_(
        "Team {team} failed as declarers at A (failures so far: {count}); there is no "
        "automatic reset."),
    "level.failed_at_a": N_(
        "Team {team} failed as declarers at A: attempt {count} of {limit}."),
    "level.dropped": N_(
        "Team {team} failed as declarers at A for the last of its {limit} attempts, so it "
        "drops back to level 2."),
    "level.loser_stays": N_("Team {team} stays at level {level}."),
    "level.next_deal": N_(
        "Next deal: team {team} declares and the active level is {level}."),
    # Tribute (§08)
    "tribute.payment": N_("{payer:seat} gives {card} to {receiver:seat}."),
    "tribute.missing_hand": N_(
        "The hand of {seat:seat} is needed: that seat pays tribute."),
    "tribute.bad_hands": N_(
        "Give the hands as a mapping from seat to cards, such as {{3: 'AS KD 5C'}}, not "
        "{value!r}."),
    "tribute.only_wilds": N_(
        "{cards} holds only wild hearts, and a wild heart is never given as tribute."),
    "tribute.no_payment": N_("{seat:seat} receives no tribute, so they return nothing."),
    "tribute.empty_hand": N_("A receiver with no cards has nothing to return."),
    "tribute.payer_empty": N_("A payer with no cards has nothing to give as tribute."),
    "return.only_wilds": N_(
        "{cards} holds only wild hearts besides the tribute, and a wild heart is never "
        "returned, so nothing can go back."),
    "tribute.off_v6": N_(
        "This table plays without tribute, so there is no tribute or return and {first:seat}, "
        "the previous first finisher, leads."),
    "tribute.off_v4": N_(
        "{payer:seat} finished last as the partner of {first:seat}; this table plays no "
        "tribute after a 1st–4th finish, so {first:seat} leads."),
    "tribute.cancel_single": N_(
        "{seat:seat} holds both red jokers, so the tribute is cancelled and {first:seat}, the "
        "previous first finisher, leads."),
    "tribute.cancel_double": N_(
        "{a:seat} and {b:seat} hold both red jokers between them, so the tribute is cancelled and "
        "{first:seat}, the previous first finisher, leads."),
    "tribute.single": N_(
        "{payer:seat} finished last and gives {receiver:seat}, the first finisher, their "
        "highest single card at level {level} that is not a wild heart: {card}."),
    "tribute.single_partner": N_(
        "{payer:seat} finished last and, although {payer:seat} and {receiver:seat} are "
        "partners, gives {receiver:seat}, the first finisher, their highest single card at "
        "level {level} that is not a wild heart: {card}."),
    "tribute.return_one": N_("{receiver:seat} gives back one card to {payer:seat}."),
    "tribute.leader_single": N_(
        "{seat:seat} paid the tribute, so they lead the new deal."),
    "tribute.leader_double": N_(
        "{seat:seat} paid the first finisher, {first:seat}, so they lead the new deal."),
    "tribute.leader_first_v5": N_(
        "At this table the previous first finisher, {seat:seat}, leads after tribute."),
    "tribute.double": N_(
        "After the 1st–2nd finish of {first:seat} and {second:seat}, both opponents, {a:seat} "
        "and {b:seat}, pay tribute."),
    "tribute.double_cards": N_(
        "At level {level}, the highest single that is not a wild heart is {card_a} for "
        "{a:seat} and {card_b} for {b:seat}."),
    "tribute.double_higher": N_(
        "The higher card, {card} from {payer:seat}, goes to {first:seat}, the first finisher; "
        "{second:seat} receives from {other:seat}."),
    "tribute.double_equal": N_(
        "The two cards are equal, so {first:seat} receives from {right:seat}, the opponent on "
        "their right, and {second:seat} from {other:seat}."),
    "tribute.return_two": N_(
        "{first:seat} gives back one card to {payer:seat}, and {second:seat} to {other:seat}."),
    "tribute.return_rule": N_(
        "Each receiver gives back one card of natural rank 2–10: never an ace, a joker, a "
        "card of the level rank ({level}) or the tribute card itself."),
    "tribute.return_rule_v7": N_(
        "Each receiver gives back one card of natural rank 2–10, the level rank included at "
        "this table: never an ace, a joker or the tribute card itself."),
    # Returning a card (§08.2, §08.10, §08.11)
    "return.one_card": N_("Return exactly one card, not {count} (§08.2)."),
    "return.not_held": N_("{card} cannot be returned: it is not in the hand ({hand})."),
    "return.tribute_card": N_(
        "{card} cannot be returned: it is the card received as tribute, and a card of the "
        "tribute's rank and suit is never given back."),
    "return.joker": N_(
        "{card} cannot be returned: only cards of natural rank 2–10 come back, never a joker."),
    "return.ace": N_(
        "{card} cannot be returned: an ace counts high here, so it never comes back."),
    "return.picture": N_(
        "{card} cannot be returned: its natural rank is above 10, and only 2–10 come back."),
    "return.level": N_(
        "{card} cannot be returned: it is of the active level rank, and {level} never come "
        "back."),
    "return.ok": N_(
        "{card} may be returned: its natural rank is 10 or lower and it is not of the active "
        "level rank."),
    "return.ok_v7": N_(
        "{card} may be returned: its natural rank is 10 or lower, and at this table the level "
        "rank may come back too."),
    "return.fallback_ok": N_(
        "No card in the hand is allowed by §08.2, so one of the weakest cards that are not "
        "wild hearts goes back: {card}."),
    "return.fallback_required": N_(
        "No card in the hand is allowed by §08.2, so the weakest card that is not a wild heart "
        "must go back, such as {weakest}, not {card}."),
    # The match (match.py)
    "match.announce_first": N_(
        "Deal {number}: both teams start at level {level}, so the active level is {level}; "
        "nobody declares in the first deal (§02.6, §02.8, §07.9)."),
    "match.announce": N_(
        "Deal {number}: team 0 is at level {l0} and team 1 at level {l1}; team {team} won the "
        "previous deal and declares, so the active level is {level} (§02.7, §02.8, §07.9)."),
    "match.returned": N_("{receiver:seat} gives back {card} to {payer:seat} (§08.5)."),
    "match.bad_players": N_(
        "A match needs four players, one per seat in playing order, each with a choose(deal) "
        "method or None for a seat a person plays, not {value!r}."),
    "match.over": N_(
        "The match is over: team {team} won it in deal {number}, so nothing more is played."),
    "match.bad_cap": N_(
        "The safety cap on deals is a whole number, 1 or more, not {value!r}."),
    "match.cap": N_(
        "The match reached the safety cap of {cap} deals without a winner (team 0 at level "
        "{l0}, team 1 at level {l1}); call run() with a higher max_deals to go on."),
    "match.no_return_due": N_(
        "No return is due now (phase: {phase}): cards come back only "
        "after the tribute is paid."),
    "match.returned_already": N_(
        "{seat:seat} has already given back {card} to {payer:seat}; each receiver returns one "
        "card."),
    "match.person_returns": N_(
        "{seat:seat} has no computer player: choose the card it gives back with "
        "match.give_return({seat}, card)."),
    "match.person_plays": N_(
        "{seat:seat} has no computer player: play for it with match.deal.play(...) or "
        "match.deal.pass_turn()."),
    # Reading a match record
    "match.record.no_header": N_(
        "A match record starts with a line 'match', then 'seed N' and 'rules default'."),
    "match.record.bad_line": N_(
        "Cannot read line {number} of the match record, {text!r}: expected 'seed N', "
        "'rules …', 'deal N', 'shuffle S', 'tribute P R CARD', 'return R P CARD' or a line "
        "of the deal record."),
    "match.record.missing": N_("The match record has no {field!r} line."),
    "match.record.bad_rules": N_(
        "Cannot read the table options on line {number}, {text!r}: {word!r} is not an option "
        "such as attempts_at_a=3, tribute=no or win_at_a=any (V1–V7)."),
    "match.record.bad_rules_value": N_(
        "The table options on line {number}, {text!r}, cannot be used. {reason}"),
    "match.record.out_of_order": N_(
        "Line {number} of the match record opens deal {deal}, but the next section must be "
        "deal {expected}: deals follow one another, and a new one starts only after the "
        "previous one is over."),
    "match.record.late": N_(
        "Line {number} of the match record, {text!r}, comes after the deal's own lines; "
        "shuffle, tribute and return come before play."),
    "match.record.shuffle": N_(
        "Line {number} of the match record, {text!r}, does not fit: this deal is shuffled by "
        "seed {seed}, once, when it is dealt."),
    "match.record.no_tribute": N_(
        "Line {number} of the match record, {text!r}, gives a tribute where none is due: "
        "tribute is paid from the second deal on, after the cards are dealt."),
    "match.record.tribute": N_(
        "Line {number} of the match record, {text!r}, does not follow the rules: the tribute "
        "here is {expected}. {reason}"),
    "match.record.wrong_payer": N_(
        "{receiver:seat} gives their card back to {payer:seat}, who paid it."),
    "match.record.refused": N_(
        "Line {number} of the match record, {text!r}, cannot be replayed. {reason}"),
    "match.record.deal": N_("Deal {deal} of the match record cannot be replayed. {reason}"),
    "match.record.not_dealt": N_(
        "Deal {deal} of the match record starts play before it is dealt: a 'shuffle' line "
        "comes first."),
    "match.record.early": N_(
        "Deal {deal} of the match record starts play before every tribute card has come "
        "back."),
    "match.record.setup": N_(
        "Deal {deal} of the match record does not start as the shuffle, tribute and return "
        "leave it; it starts:\n{expected}"),
    # The scoreboard
    "match.view.title": N_("Match with seed {seed}, deal {number}, phase: {phase}."),
    "match.phase.deal": N_("announcing the deal"),
    "match.phase.tribute": N_("tribute"),
    "match.phase.return": N_("return"),
    "match.phase.play": N_("play"),
    "match.phase.settled": N_("deal settled"),
    "match.phase.over": N_("match over"),
    "match.view.levels": N_(
        "Team 0 (South and North) is at level {l0}; team 1 (East and West) is at level {l1} "
        "(§02.6)."),
    "match.view.attempts": N_(
        "Team {team} has failed {count} of its {limit} attempts at A (V1)."),
    "match.view.return_due": N_("{seat:seat} is to give back one card to {payer:seat} (§08.5)."),
    "match.view.to_move": N_("The deal is in play: {seat:seat} to act (§06)."),
    "match.view.last": N_("Last deal: {explanation}"),
    "match.view.winner": N_("Team {team} has won the match in deal {number} ({clauses})."),
    # == end match ==
}
