"""Every sentence the engine shows a learner, written once, translated through ``gettext``.

Templates use ``str.format`` fields; translations must keep the same fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import gettext_

if TYPE_CHECKING:
    from .cards import Rank


def N_(message: str) -> str:
    """Marks a message for extraction without translating it yet."""
    return message


MESSAGES: dict[str, str] = {
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
    "notation.bad_level": N_(
        "Cannot read the level {level!r}: a level is one of 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, "
        "K, A (§07.4)."),
    "cards.too_many_copies": N_(
        "{card} appears {count} times, but the two decks hold only two of each card (§02.2)."),
    # Comparison and judging (§04, §05, §06)
    "compare.levels_differ": N_(
        "These plays were read at different levels ({play} and {table}); one table has one "
        "active level (§02.7)."),
    "combo.none": N_("{cards} is not a combination (§04.1)."),
    "combo.no_such_reading": N_(
        "{cards} cannot be read that way: check what the wild heart stands for (§03.4)."),
    "judge.no_cards": N_("Choose at least one card to play (§04.1)."),
    "judge.lead": N_("You lead, so any combination is allowed: this is {play} (§06.2)."),
    "judge.beats_bomb_over_normal": N_(
        "Any bomb beats any normal play: {play} beats {table} ({clause})."),
    "judge.beats_bigger_bomb": N_(
        "Bombs go by size first: {play} beats {table} ({clause})."),
    "judge.beats_same_size_bomb": N_(
        "Bombs of the same size go by rank: {play} beats {table} ({clause})."),
    "judge.beats_straight_flush": N_(
        "Straight flushes go by their highest rank: {play} beats {table} ({clause})."),
    "judge.beats_higher": N_("Same form, higher rank: {play} beats {table} ({clause})."),
    "judge.beats_higher_sequence": N_(
        "Same form, higher top card: {play} beats {table} ({clause})."),
    "judge.equal": N_(
        "Equal strength never beats: {play} only equals {table}, so the play on the table "
        "stands (§04.8)."),
    "judge.smaller_bomb": N_(
        "Bombs go by size first, and {play} is lower on the ladder than {table} (§05.2)."),
    "judge.lower_straight_flush": N_(
        "Straight flushes go by their highest rank, and {play} is lower than {table} (§05.4)."),
    "judge.lower_bomb": N_(
        "Bombs of the same size go by rank, and {play} is lower than {table} (§05.3)."),
    "judge.only_bomb_beats_bomb": N_(
        "Only a stronger bomb can beat a bomb, and the table holds {table} (§05.6)."),
    "judge.pair_on_single": N_(
        "A pair cannot beat a single: a play is only beaten by the same form, or by a bomb "
        "(§04.3)."),
    "judge.wrong_form": N_(
        "A play is only beaten by the same form, or by a bomb: {play} cannot beat {table} "
        "(§04.3)."),
    "judge.lower_sequence": N_(
        "Sequences go by their highest rank, and {play} is not higher than {table} (§04.5)."),
    "judge.lower_full_house": N_(
        "A full house goes by its triple only, and {play} is lower than {table} (§04.4)."),
    "judge.lower": N_(
        "Singles, pairs and triples compare by rank, and {play} is lower than {table} (§04.4)."),
    # Why cards form no combination
    "why.wild_not_joker": N_(
        "{cards}: a wild heart never stands for a joker, so it cannot complete a joker play "
        "(§03.8)."),
    "why.mixed_jokers": N_(
        "{cards}: jokers of different colours never form a pair (§04.7)."),
    "why.too_many": N_("{cards}: {count} cards is more than any play can hold; the largest "
                       "bomb has 10 cards (§05.2)."),
    "why.joker_in_sequence": N_(
        "{cards}: jokers never appear in straights, tubes or plates (§03.7)."),
    "why.wraps": N_(
        "{cards}: a sequence never wraps around: K-A-2 is not consecutive (§04.6)."),
    "why.long_straight": N_(
        "{cards}: a straight has exactly 5 cards, a tube exactly 3 pairs and a plate exactly "
        "2 triples (§04.1)."),
    "why.four_cards": N_(
        "{cards}: four cards only play as a bomb of one rank, or as the four jokers (§05.1)."),
    "why.big_not_bomb": N_(
        "{cards}: seven or more cards only play as a bomb, all of one rank (§05.1)."),
    "why.none": N_(
        "{cards} is not one of the forms: single, pair, triple, full house, straight, tube, "
        "plate or bomb (§04.1)."),
    # Describing plays
    "describe.single": N_("a single {name}"),
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
    # == Deal and legal plays (§06) ==
    # Setting up a deal (§02, §06)
    "deal.hands_not_list": N_(
        "Give the four hands as a list in seat order, such as ['3C 4D', 'KS', '', '9H'], not "
        "{value!r} (§02.1)."),
    "deal.not_four_hands": N_(
        "A deal has four hands, one per seat in playing order, not {count} (§02.1)."),
    "deal.bad_seat": N_(
        "{value!r} is not a seat: seats are 0, 1, 2 and 3 in playing order (§02.1)."),
    "deal.hand_too_big": N_(
        "Seat {seat} holds {count} cards, but each player is dealt only 27 (§02.3)."),
    "deal.finished_not_list": N_(
        "Give the finished seats as a list in the order they went out, such as [2] or [0, 3], "
        "not {value!r} (§06.7)."),
    "deal.finished_twice": N_(
        "Seat {seat} appears twice among the finished seats {order}; each player finishes "
        "once (§06.7)."),
    "deal.finished_holds_cards": N_(
        "Seat {seat} is listed as finished but still holds {cards}; a player finishes when "
        "their hand is empty (§06.7)."),
    "deal.empty_not_finished": N_(
        "Seat {seat} holds no cards, so it must be listed among the finished seats {order}, "
        "in the order the hands emptied (§06.7)."),
    "deal.setup_over": N_(
        "This position is already over: seats {a} and {b}, partners, are both out, so the "
        "deal has stopped (§06.8)."),
    "deal.leader_out": N_("Seat {seat} cannot lead: its hand is already empty (§06.6)."),
    "deal.bad_seed": N_("A seed is a whole number, such as 42, not {value!r}."),
    "deal.turned_not_held": N_(
        "The turned card {card} must be in the hand of seat {seat}, who leads because they "
        "received it (§02.5)."),
    "deal.four_players": N_(
        "A deal needs four players, one per seat in playing order, not {count} (§02.1)."),
    # Refused actions (§06)
    "play.over": N_("The deal is over, so nobody plays or passes any more (§06.8)."),
    "play.out_of_turn": N_(
        "It is seat {to_move}'s turn, not seat {seat}'s: play goes counter-clockwise, "
        "0 → 1 → 2 → 3 (§06.1)."),
    "play.out_of_turn_bomb": N_(
        "It is seat {to_move}'s turn, not seat {seat}'s: a bomb is played on your own turn "
        "only, and nobody interrupts (§05.7)."),
    "play.not_held": N_(
        "Seat {seat} does not hold {missing}: a player plays only cards from their own hand, "
        "which is {hand} (§02.3)."),
    "play.not_cards": N_("Expected cards such as '8C 8D' or a Combo, got {value!r}."),
    "play.leader_pass": N_(
        "Seat {seat} leads this trick, so it may not pass: the leader plays any legal "
        "combination (§06.2)."),
    # Showing the table
    "deal.view.level": N_(
        "Active level {level}. Seats 0 and 2 (team 0) play against seats 1 and 3 (team 1)."),
    "deal.view.seed": N_(
        "Dealt from seed {seed}: seat {dealer} shuffled and {card} was turned up; seat "
        "{leader} received it and led first (§02.5)."),
    "deal.view.hand_one": N_("Seat {seat} (team {team}) holds 1 card: {cards}."),
    "deal.view.hand": N_("Seat {seat} (team {team}) holds {count} cards: {cards}."),
    "deal.view.count_one": N_("Seat {seat} (team {team}) holds 1 card."),
    "deal.view.count": N_("Seat {seat} (team {team}) holds {count} cards."),
    "deal.view.many": N_("Seat {seat} (team {team}) holds more than 10 cards (§06.9)."),
    "deal.view.out_1": N_("Seat {seat} (team {team}) is out, finishing 1st."),
    "deal.view.out_2": N_("Seat {seat} (team {team}) is out, finishing 2nd."),
    "deal.view.out_3": N_("Seat {seat} (team {team}) is out, finishing 3rd."),
    "deal.view.trick_empty": N_("No cards are on the table in this trick yet."),
    "deal.view.trick_play": N_("Seat {seat} played {play}: {cards}."),
    "deal.view.trick_pass": N_("Seat {seat} passed."),
    "deal.view.lead": N_("Seat {seat} leads: any combination is allowed (§06.2)."),
    "deal.view.lead_won": N_(
        "Seat {seat} made the last unbeaten play, so it leads: any combination is allowed "
        "(§06.6)."),
    "deal.view.lead_partner": N_(
        "Seat {seat} leads because its partner, seat {last}, made the last unbeaten play and "
        "is out (§06.6)."),
    "deal.view.beat": N_(
        "Seat {seat} to play: beat {play} from seat {last}, or pass (§06.3)."),
    "deal.view.over_team": N_(
        "The deal is over: seats {a} and {b}, partners, are both out (§06.8)."),
    "deal.view.over_one": N_(
        "The deal is over: only seat {seat} still holds cards, so it is 4th (§06.8)."),
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
    # Table options (rules.py, VARIANTS.md V1–V7)
    "rules.bad_option": N_(
        "The table option {name} cannot be {value!r}; see {vid} in VARIANTS.md."),
    "rules.attempts_unlimited": N_(
        "Attempts at A: unlimited; a team at A stays there until it wins (§07.7)."),
    "rules.attempts_limited": N_(
        "Attempts at A: after {count} failed deals as declarers at A, a team drops back to "
        "level 2 (V1)."),
    "rules.double_gain_default": N_("A 1st–2nd finish gains {gain} levels (§07.2)."),
    "rules.double_gain_variant": N_(
        "A 1st–2nd finish gains {gain} levels instead of 3 (V2)."),
    "rules.win_default": N_(
        "Winning at A: as declarers at level A, finish 1st with the partner 2nd or 3rd "
        "(§07.5)."),
    "rules.win_one_two": N_(
        "Winning at A: as declarers at level A, only a 1st–2nd finish wins (V3)."),
    "rules.win_any": N_(
        "Winning at A: as declarers at level A, any deal won wins the match (V3)."),
    "rules.tribute_on": N_("Tribute and return are played (§08)."),
    "rules.tribute_off": N_(
        "There is no tribute and no return; the previous first player leads (V6)."),
    "rules.one_four_pays": N_(
        "After a 1st–4th finish the partner of the first player pays the tribute (§08.1)."),
    "rules.one_four_free": N_("After a 1st–4th finish nobody pays tribute (V4)."),
    "rules.leader_payer": N_("After tribute the payer leads (§08.6)."),
    "rules.leader_first": N_("After tribute the previous first player leads (V5)."),
    "rules.return_default": N_(
        "A returned card has natural rank 2–10 and is not of the active level rank (§08.2)."),
    "rules.return_level_allowed": N_(
        "A returned card has natural rank 2–10; the active level rank is allowed too (V7)."),
    # Finishing orders (§06.7, §06.8)
    "finish.not_sequence": N_(
        "A finishing order is a list of seats such as [0, 1, 2], not {value!r} (§06.7)."),
    "finish.not_seat": N_(
        "{value!r} in the finishing order {order} is not a seat: seats are 0, 1, 2 and 3 in "
        "playing order (§02.1)."),
    "finish.duplicate": N_(
        "Seat {seat} appears twice in the finishing order {order}; each player finishes once "
        "(§06.7)."),
    "finish.too_short": N_(
        "The finishing order {order} is too short: a deal stops only when a partnership is out "
        "or one player still holds cards, so at least two seats finish (§06.8)."),
    "finish.not_stopped": N_(
        "The finishing order {order} cannot end a deal: seats {a} and {b} are opponents, so "
        "play goes on until a partnership is out or only one player holds cards (§06.8)."),
    "finish.after_stop": N_(
        "The finishing order {order} goes on after the deal stopped: seats {a} and {b} are "
        "partners, so the deal ended when both were out (§06.8)."),
    # Settling a deal (§07)
    "level.bad_rules": N_("Expected a Rules value for the table options, got {value!r}."),
    "level.bad_team": N_(
        "{value!r} is not a team: team 0 is seats 0 and 2, team 1 is seats 1 and 3 (§02.1)."),
    "level.bad_levels": N_(
        "Give both teams' levels as a mapping {{0: level, 1: level}} or a pair such as "
        "('2', '5'), not {value!r} (§02.6)."),
    "level.bad_attempts": N_(
        "Give the failed attempts at A as a mapping {{0: count, 1: count}} or a pair of "
        "counts, not {value!r} (V1)."),
    "level.attempts_not_count": N_(
        "The failed attempts at A of team {team} must be a whole number, 0 or more, not "
        "{value!r} (V1)."),
    "level.attempts_below_a": N_(
        "Team {team} is at level {level}, not A, so it cannot have {count} failed attempts "
        "at A (V1)."),
    "level.attempts_over_limit": N_(
        "Team {team} cannot have {count} failed attempts at A: this table drops a team back "
        "to level 2 after {limit} (V1)."),
    "level.win_2": N_(
        "Team {team} finished 1st and 2nd: +{gained} from its own level {old} → {new} "
        "({clauses})."),
    "level.win_3": N_(
        "Team {team} finished 1st and 3rd: +{gained} from its own level {old} → {new} "
        "({clauses})."),
    "level.win_4": N_(
        "Team {team} finished 1st and 4th: +{gained} from its own level {old} → {new} "
        "({clauses})."),
    "level.win_capped_2": N_(
        "Team {team} finished 1st and 2nd: +{gained} from its own level {old} would pass A, "
        "so it stops at A ({clause}, §07.3, §07.4)."),
    "level.win_capped_3": N_(
        "Team {team} finished 1st and 3rd: +{gained} from its own level {old} would pass A, "
        "so it stops at A ({clause}, §07.3, §07.4)."),
    "level.win_capped_4": N_(
        "Team {team} finished 1st and 4th: +{gained} from its own level {old} would pass A, "
        "so it stops at A ({clause}, §07.3, §07.4)."),
    "level.reached_a": N_(
        "Team {team} is now at A, which does not by itself win: it wins the match by winning a "
        "deal as declarers at A (§07.4, §07.5)."),
    "level.match_won_2": N_(
        "Team {team} finished 1st and 2nd as declarers at level A: it wins the match "
        "({clauses})."),
    "level.match_won_3": N_(
        "Team {team} finished 1st and 3rd as declarers at level A: it wins the match "
        "({clauses})."),
    "level.match_won_4": N_(
        "Team {team} finished 1st and 4th as declarers at level A: at this table any deal "
        "won at A wins the match ({clauses})."),
    "level.stay_at_a_default_4": N_(
        "Team {team} finished 1st and 4th as declarers at level A: that is not enough to win, "
        "so it stays at A (§07.6)."),
    "level.stay_at_a_one_two_3": N_(
        "Team {team} finished 1st and 3rd as declarers at level A: at this table only a "
        "1st–2nd finish wins, so it stays at A (V3)."),
    "level.stay_at_a_one_two_4": N_(
        "Team {team} finished 1st and 4th as declarers at level A: at this table only a "
        "1st–2nd finish wins, so it stays at A (§07.6, V3)."),
    "level.stay_at_a_not_declaring": N_(
        "Team {team} won the deal at level A but was not declaring, so it cannot win the "
        "match in this deal and stays at A (§07.5, §07.9)."),
    "level.stay_at_a_first_deal": N_(
        "Team {team} won the deal at level A, but nobody declares in the first deal, so it "
        "stays at A (§07.5, §07.9)."),
    "level.failed_at_a_unlimited": N_(
        "Team {team} failed as declarers at A (failures so far: {count}); there is no "
        "automatic reset (§07.7)."),
    "level.failed_at_a": N_(
        "Team {team} failed as declarers at A: attempt {count} of {limit} (V1)."),
    "level.dropped": N_(
        "Team {team} failed as declarers at A for the last of its {limit} attempts, so it "
        "drops back to level 2 (V1)."),
    "level.loser_stays": N_("Team {team} stays at level {level} (§07.3)."),
    "level.next_deal": N_(
        "Next deal: team {team} declares and the active level is {level} (§02.7, §07.9)."),
    # Tribute (§08)
    "tribute.payment": N_("Seat {payer} gives {card} to seat {receiver}."),
    "tribute.missing_hand": N_(
        "The hand of seat {seat} is needed: that seat pays tribute (§08.1)."),
    "tribute.bad_hands": N_(
        "Give the hands as a mapping from seat to cards, such as {{3: 'AS KD 5C'}}, not "
        "{value!r}."),
    "tribute.only_wilds": N_(
        "{cards} holds only wild hearts, and a wild heart is never given as tribute (§08.1)."),
    "tribute.no_payment": N_("Seat {seat} receives no tribute, so it returns nothing (§08.5)."),
    "tribute.empty_hand": N_("A receiver with no cards has nothing to return (§08.5)."),
    "tribute.off_v6": N_(
        "This table plays without tribute, so there is no tribute or return and seat {first}, "
        "the previous first player, leads (V6)."),
    "tribute.off_v4": N_(
        "Seat {payer} finished last as the partner of seat {first}; this table plays no "
        "tribute after a 1st–4th finish, so seat {first} leads (V4)."),
    "tribute.cancel_single": N_(
        "Seat {seat} holds both red jokers, so the tribute is cancelled and seat {first}, the "
        "previous first player, leads (§08.7)."),
    "tribute.cancel_double": N_(
        "Seats {a} and {b} hold both red jokers between them, so the tribute is cancelled and "
        "seat {first}, the previous first player, leads (§08.7)."),
    "tribute.single": N_(
        "Seat {payer} finished last and gives seat {receiver}, the first player, its highest "
        "single at level {level} that is not a wild heart: {card} (§08.1, §08.9)."),
    "tribute.single_partner": N_(
        "Seat {payer} finished last and, although they are partners, gives seat {receiver}, "
        "the first player, its highest single at level {level} that is not a wild heart: "
        "{card} (§08.1, §08.9)."),
    "tribute.return_one": N_("Seat {receiver} gives back one card to seat {payer} (§08.5)."),
    "tribute.leader_single": N_(
        "Seat {seat} paid the tribute, so it leads the new deal (§08.6)."),
    "tribute.leader_double": N_(
        "Seat {seat} paid the first player, seat {first}, so it leads the new deal (§08.6)."),
    "tribute.leader_first_v5": N_(
        "At this table the previous first player, seat {seat}, leads after tribute (V5)."),
    "tribute.double": N_(
        "After the 1st–2nd finish of seats {first} and {second}, both opponents, seats {a} "
        "and {b}, pay tribute (§08.3)."),
    "tribute.double_cards": N_(
        "At level {level}, the highest single that is not a wild heart is {card_a} for seat "
        "{a} and {card_b} for seat {b} (§08.1, §08.9)."),
    "tribute.double_higher": N_(
        "The higher card, {card} from seat {payer}, goes to seat {first}, the first player; "
        "seat {second} receives from seat {other} (§08.3)."),
    "tribute.double_equal": N_(
        "The two cards are equal, so seat {first} receives from seat {right}, the opponent on "
        "its right, and seat {second} from seat {other} (§08.4)."),
    "tribute.return_two": N_(
        "Seat {first} gives back one card to seat {payer}, and seat {second} to seat {other} "
        "(§08.5)."),
    "tribute.return_rule": N_(
        "Each receiver gives back one card of natural rank 2–10: never an ace, a joker, a "
        "card of the level rank ({level}) or the tribute card itself (§08.2, §08.10)."),
    "tribute.return_rule_v7": N_(
        "Each receiver gives back one card of natural rank 2–10, the level rank included at "
        "this table: never an ace, a joker or the tribute card itself (§08.2, §08.10, V7)."),
    # Returning a card (§08.2, §08.10, §08.11)
    "return.one_card": N_("Return exactly one card, not {count} (§08.2)."),
    "return.not_held": N_("{card} cannot be returned: it is not in the hand ({hand}) (§08.2)."),
    "return.tribute_card": N_(
        "{card} cannot be returned: it is the tribute card itself, and the same rank and suit "
        "never goes straight back (§08.10)."),
    "return.joker": N_(
        "{card} cannot be returned: only cards of natural rank 2–10 come back, never a joker "
        "(§08.2)."),
    "return.ace": N_(
        "{card} cannot be returned: an ace counts high here, so it never comes back (§08.10)."),
    "return.picture": N_(
        "{card} cannot be returned: its natural rank is above 10, and only 2–10 come back "
        "(§08.2)."),
    "return.level": N_(
        "{card} cannot be returned: it is of the active level rank, and {level} never come "
        "back (§08.2)."),
    "return.ok": N_(
        "{card} may be returned: its natural rank is 10 or lower and it is not of the active "
        "level rank (§08.2)."),
    "return.ok_v7": N_(
        "{card} may be returned: its natural rank is 10 or lower, and at this table the level "
        "rank may come back too (§08.2, V7)."),
    "return.fallback_ok": N_(
        "No card in the hand is allowed by §08.2, so the weakest card that is not a wild heart "
        "goes back: {card} is one (§08.11)."),
    "return.fallback_required": N_(
        "No card in the hand is allowed by §08.2, so the weakest card that is not a wild heart "
        "must go back, such as {weakest}, not {card} (§08.11)."),
    # The match (match.py)
    "match.announce_first": N_(
        "Deal {number}: both teams start at level {level}, so the active level is {level}; "
        "nobody declares in the first deal (§02.6, §02.8, §07.9)."),
    "match.announce": N_(
        "Deal {number}: team 0 is at level {l0} and team 1 at level {l1}; team {team} won the "
        "previous deal and declares, so the active level is {level} (§02.7, §02.8, §07.9)."),
    "match.returned": N_("Seat {receiver} gives back {card} to seat {payer} (§08.5)."),
    "match.bad_players": N_(
        "A match needs four players, one per seat in playing order, each with a choose(deal) "
        "method or None for a seat a person plays, not {value!r} (§02.1)."),
    "match.over": N_(
        "The match is over: team {team} won it in deal {number}, so nothing more is played "
        "(§07.5)."),
    "match.bad_cap": N_(
        "The safety cap on deals is a whole number, 1 or more, not {value!r}."),
    "match.cap": N_(
        "The match reached the safety cap of {cap} deals without a winner (team 0 at level "
        "{l0}, team 1 at level {l1}); call run() with a higher max_deals to go on (§07.7)."),
    "match.no_return_due": N_(
        "No return is due now (phase: {phase}): cards come back only "
        "after the tribute is paid (§08.5)."),
    "match.returned_already": N_(
        "Seat {seat} has already given back {card} to seat {payer}; each receiver returns one "
        "card (§08.5)."),
    "match.person_returns": N_(
        "Seat {seat} has no computer player: choose the card it gives back with "
        "match.give_return({seat}, card) (§08.2, §08.5)."),
    "match.person_plays": N_(
        "Seat {seat} has no computer player: play for it with match.deal.play(...) or "
        "match.deal.pass_turn() (§06.3)."),
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
        "such as attempts_at_a=3, tribute=no or win_at_a=any (VARIANTS.md)."),
    "match.record.bad_rules_value": N_(
        "The table options on line {number}, {text!r}, cannot be used. {reason}"),
    "match.record.out_of_order": N_(
        "Line {number} of the match record opens deal {deal}, but the next section must be "
        "deal {expected}: deals follow one another, and a new one starts only after the "
        "previous one is over (§06.8, §07.5)."),
    "match.record.late": N_(
        "Line {number} of the match record, {text!r}, comes after the deal's own lines; "
        "shuffle, tribute and return come before play (§08.8)."),
    "match.record.shuffle": N_(
        "Line {number} of the match record, {text!r}, does not fit: this deal is shuffled by "
        "seed {seed}, once, when it is dealt (§02.3)."),
    "match.record.no_tribute": N_(
        "Line {number} of the match record, {text!r}, gives a tribute where none is due: "
        "tribute is paid from the second deal on, after the cards are dealt (§08.1)."),
    "match.record.tribute": N_(
        "Line {number} of the match record, {text!r}, does not follow the rules: the tribute "
        "here is {expected}. {reason}"),
    "match.record.wrong_payer": N_(
        "Seat {receiver} gives its card back to seat {payer}, who paid it (§08.5)."),
    "match.record.refused": N_(
        "Line {number} of the match record, {text!r}, cannot be replayed. {reason}"),
    "match.record.deal": N_("Deal {deal} of the match record cannot be replayed. {reason}"),
    "match.record.not_dealt": N_(
        "Deal {deal} of the match record starts play before it is dealt: a 'shuffle' line "
        "comes first (§02.3)."),
    "match.record.early": N_(
        "Deal {deal} of the match record starts play before every tribute card has come "
        "back (§08.5)."),
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
        "Team 0 (seats 0 and 2) is at level {l0}; team 1 (seats 1 and 3) is at level {l1} "
        "(§02.6)."),
    "match.view.attempts": N_(
        "Team {team} has failed {count} of its {limit} attempts at A (V1)."),
    "match.view.return_due": N_("Seat {seat} is to give back one card to seat {payer} (§08.5)."),
    "match.view.to_move": N_("The deal is in play: seat {seat} to act (§06)."),
    "match.view.last": N_("Last deal: {explanation}"),
    "match.view.winner": N_("Team {team} has won the match in deal {number} (§07.5)."),
    # == end match ==
    # == Exercises ==
    # Words a learner may type (alternatives separated by "|"; translations may add their own)
    "exercise.words.yes": N_("yes|y|true|legal|allowed|ok|it may|it can"),
    "exercise.words.no": N_("no|n|false|illegal|not allowed|it may not|it cannot"),
    "exercise.words.nobody": N_("nobody|none|no one|noone|over|the deal is over|no team|neither"),
    "exercise.words.seat": N_("seat|player|p"),
    "exercise.words.team": N_("team|t"),
    "exercise.words.level": N_("level|lvl"),
    "exercise.words.pass": N_("pass|i pass|nothing|none|no play|-"),
    "exercise.words.no_tribute": N_("none|no tribute|nobody|cancelled|canceled|no one pays"),
    "exercise.words.many": N_("more than 10|more than ten|many|over 10|>10"),
    # Answers that cannot be read
    "exercise.answer.unreadable": N_("Cannot grade the answer to puzzle {puzzle!r}: {reason}"),
    "exercise.answer.yes_no": N_("Answer yes or no, not {value}."),
    "exercise.answer.seat": N_("Answer with a seat number, 0, 1, 2 or 3, not {value}."),
    "exercise.answer.seat_or_nobody": N_(
        "Answer with a seat number, 0, 1, 2 or 3, or 'nobody' when the deal is over, not "
        "{value}."),
    "exercise.answer.team": N_(
        "Answer with a team, 0 (seats 0 and 2) or 1 (seats 1 and 3), or 'nobody', not {value}."),
    "exercise.answer.team_only": N_(
        "Answer with a team, 0 (seats 0 and 2) or 1 (seats 1 and 3), not {value}."),
    "exercise.answer.cards": N_("Write cards as text such as '8C 8D 7H', not {value}."),
    "exercise.answer.no_cards": N_("Write at least one card, such as '8C 8D'."),
    "exercise.answer.seats": N_(
        "Write seats in order, such as '0 1 2' or [0, 1, 2], each 0 to 3, not {value}."),
    "exercise.answer.reading": N_(
        "Name a form and its rank, such as 'pair 8', 'straight 5', 'bomb of aces', "
        "'joker_bomb' or 'none', not {value}."),
    "exercise.answer.reading_rank": N_(
        "Say which one rank keys the play, such as 'pair 8' or 'straight up to 5', not "
        "{value}."),
    "exercise.answer.declared": N_(
        "Say what each wild heart stands for, as a rank ('8') or a card ('8S'), not {value}."),
    "exercise.answer.declared_count": N_(
        "These cards hold {count} wild heart(s), so name {count} card(s), not {given}."),
    "exercise.answer.label": N_("Answer with one of the plays {labels}, not {value}."),
    "exercise.answer.order": N_(
        "Put all {count} plays in order, strongest first, each once, such as 'B A C', not "
        "{value}."),
    "exercise.answer.levels": N_(
        "Give both teams' levels, team 0 first, such as '8 9', not {value}."),
    "exercise.answer.payment": N_(
        "Write each tribute as payer, card and receiver, such as '3 gives AS to 0' (separate "
        "two with ';'), or 'none', not {value}."),
    "exercise.answer.count": N_(
        "Answer with a number of cards, or 'more than 10', not {value}."),
    # Answers in words
    "exercise.answer.yes": N_("yes"),
    "exercise.answer.no": N_("no"),
    "exercise.answer.pass": N_("pass"),
    "exercise.answer.nobody": N_("nobody"),
    "exercise.answer.team_shown": N_("team {team}"),
    "exercise.answer.seat_shown": N_("seat {seat}"),
    "exercise.answer.over": N_("nobody: the deal is over"),
    "exercise.answer.many": N_("more than 10"),
    "exercise.answer.levels_shown": N_("team 0 at level {a}, team 1 at level {b}"),
    "exercise.answer.level_shown": N_("level {level}"),
    "exercise.answer.no_tribute": N_("no tribute"),
    "exercise.reading.none": N_("no combination"),
    "exercise.reading.bomb": N_("a bomb of {ranks}"),
    "exercise.kind.single": N_("single"),
    "exercise.kind.pair": N_("pair"),
    "exercise.kind.triple": N_("triple"),
    "exercise.kind.full_house": N_("full house"),
    "exercise.kind.straight": N_("straight"),
    "exercise.kind.tube": N_("tube"),
    "exercise.kind.plate": N_("plate"),
    "exercise.kind.bomb": N_("bomb"),
    "exercise.kind.straight_flush": N_("straight flush"),
    "exercise.kind.joker_bomb": N_("four jokers"),
    "exercise.place.1": N_("1st"),
    "exercise.place.2": N_("2nd"),
    "exercise.place.3": N_("3rd"),
    "exercise.place.4": N_("4th"),
    "exercise.declared": N_("{wild} as {card}"),
    "exercise.answer.payment_shown": N_("seat {payer} gives {card} to seat {receiver}"),
    # Showing a puzzle
    "exercise.show.level": N_("The active level is {level}, so the two {wild} are wild."),
    "exercise.show.lead": N_("The table is empty: you lead."),
    "exercise.show.table": N_("On the table: {cards}, {play}."),
    "exercise.show.play": N_("Your cards: {cards}."),
    "exercise.show.cards": N_("The cards: {cards}."),
    "exercise.show.hand": N_("Your hand: {cards}."),
    "exercise.show.labelled": N_("Play {label}: {cards}."),
    "exercise.show.levels": N_(
        "Team 0 (seats 0 and 2) is at level {a}; team 1 (seats 1 and 3) is at level {b}."),
    "exercise.show.first_deal": N_("This is the first deal, so nobody declares (§07.9)."),
    "exercise.show.declarers": N_(
        "Team {team} declares: the deal is played at its level, {level}."),
    "exercise.show.finished_place": N_("seat {seat} {place}"),
    "exercise.show.finish": N_("The finishing order: {order}."),
    "exercise.show.attempts": N_(
        "Failed deals as declarers at A so far: team 0 {a}, team 1 {b}."),
    "exercise.show.previous": N_("The previous deal's finishing order: {order}."),
    "exercise.show.new_level": N_(
        "The new deal is played at level {level}, so the two {wild} are wild."),
    "exercise.show.seat_hand": N_("Seat {seat} holds {cards}."),
    "exercise.show.seat_out": N_("Seat {seat} is already out."),
    "exercise.show.return": N_(
        "A receiver got {tribute} as tribute and wants to give back {card}."),
    "exercise.show.receiver_hand": N_("The receiver's hand: {cards}."),
    "exercise.show.leader": N_("Seat {seat} leads."),
    "exercise.show.plays": N_("Seat {seat} plays {cards}."),
    "exercise.show.passes": N_("Seat {seat} passes."),
    "exercise.show.options": N_("Options: {options}"),
    # Questions
    "exercise.ask.legal_play": N_("May you play these cards here? Answer yes or no."),
    "exercise.ask.classify": N_(
        "What is the strongest reading of these cards, and which rank keys it? Answer like "
        "'pair 8', 'straight 5', 'bomb 8', 'joker_bomb' or 'none'."),
    "exercise.ask.strongest.winner": N_(
        "Which play is the strongest, beating each of the others? Answer with its letter."),
    "exercise.ask.strongest.order": N_(
        "Put the plays in order of strength, strongest first, such as 'B A C'."),
    "exercise.ask.declare_wild.strongest": N_(
        "What must each wild heart stand for to make the strongest play of these cards? "
        "Answer with ranks or cards, such as '8' or '6C'."),
    "exercise.ask.declare_wild.beat": N_(
        "What must each wild heart stand for so that these cards beat the table (the "
        "strongest way)? Answer with ranks or cards, such as '8' or '6C'."),
    "exercise.ask.declare_wild.make": N_(
        "What must each wild heart stand for to make a {kind} (the strongest one)? Answer with "
        "ranks or cards, such as '8' or '6C'."),
    "exercise.ask.find_play": N_(
        "Pick cards from your hand that beat the table, such as '9C 9D', or answer 'pass' if "
        "nothing beats it."),
    "exercise.ask.find_play.lead": N_(
        "You lead: pick cards from your hand that make any combination."),
    "exercise.ask.next_level.levels": N_(
        "What are both teams' levels after this deal? Answer team 0 first, such as '8 9'."),
    "exercise.ask.next_level.active_level": N_(
        "At which level is the next deal played? Answer with a level, such as '8'."),
    "exercise.ask.next_level.match_winner": N_(
        "Has a team won the match? Answer with the team (0 or 1), or 'nobody'."),
    "exercise.ask.tribute.payments": N_(
        "Who pays tribute to whom, and which card? Answer like '3 gives AS to 0' (two "
        "payments separated by ';'), or 'none'."),
    "exercise.ask.tribute.leader": N_("Who leads the new deal? Answer with a seat number."),
    "exercise.ask.tribute.return": N_("May that card be given back? Answer yes or no."),
    "exercise.ask.who_leads.to_move": N_(
        "Whose turn is it now? Answer with a seat number, or 'nobody' if the deal is over."),
    "exercise.ask.who_leads.card_count": N_(
        "Seat {seat} is asked how many cards it holds. What must it answer: a number, or "
        "'more than 10'?"),
    # Engine answers framed for a puzzle
    "exercise.see": N_("See {clauses}."),
    "exercise.classify.explain": N_("{cards} is {play}."),
    "exercise.classify.wilds": N_("Declared: {declared}."),
    "exercise.classify.others": N_(
        "The same cards can also be read as {others}, which is weaker."),
    "exercise.strongest.pair": N_("{a} over {b}: {reason}"),
    "exercise.declare.explain": N_("With {declared}, the cards make {play}."),
    "exercise.find.explain": N_(
        "For example {cards}: {reason} Different kinds of play in your hand that beat it: "
        "{count}."),
    "exercise.find.explain_lead": N_(
        "For example {cards}: {reason} Different kinds of play in your hand to lead with: "
        "{count}."),
    "exercise.find.none": N_(
        "Nothing in your hand beats {table}, so you pass (§06.3)."),
    "exercise.find.not_held": N_(
        "Your hand does not hold {missing}: you play only cards from your hand, {hand} "
        "(§02.3)."),
    "exercise.find.could_beat": N_(
        "Passing is always allowed (§06.3), but your hand can beat the table here."),
    "exercise.who.count": N_(
        "Seat {seat} holds {count} cards, 10 or fewer, so it must say exactly how many "
        "(§06.9)."),
    "exercise.who.many": N_(
        "Seat {seat} holds {count} cards, more than 10, so it only has to say 'more than 10'; "
        "exact counts are owed at 10 or fewer (§06.9)."),
    # Feedback
    "exercise.feedback.correct": N_("Correct: {answer}."),
    "exercise.feedback.wrong": N_("Not quite: {answer} is not right."),
    "exercise.feedback.misconception": N_("A common mix-up ({clause}): {correction}"),
    "exercise.feedback.right": N_("The right answer: {answer}."),
    "exercise.feedback.solution": N_("The answer: {answer}."),
    "exercise.feedback.note": N_("Your teacher adds: {note}"),
    # Hints
    "exercise.hint.numbered": N_("Hint {number} of {total}: {hint}"),
    "exercise.hint.clause": N_("This puzzle turns on {clauses} of the rulebook."),
    "exercise.hint.legal_play.reading": N_("{cards} can be read as {play}."),
    "exercise.hint.legal_play.no_reading": N_(
        "First ask whether your cards form a combination at all."),
    "exercise.hint.legal_play.forms": N_(
        "The forms are single, pair, triple, full house, straight, tube, plate and the bombs "
        "(§04.1, §05.1)."),
    "exercise.hint.legal_play.lead": N_("Nobody has played yet in this trick."),
    "exercise.hint.legal_play.compare": N_(
        "Put {play} next to {table}: is it the same form, or a bomb? And is it strictly "
        "stronger?"),
    "exercise.hint.classify.count": N_(
        "There are {count} cards, {wilds} of them wild hearts at level {level}."),
    "exercise.hint.classify.kind": N_("It is a {kind}: now find the rank that keys it."),
    "exercise.hint.classify.none": N_(
        "Check each form in turn: does any of them fit these cards exactly?"),
    "exercise.hint.strongest.reading": N_("{label} is {play}."),
    "exercise.hint.strongest.winner": N_("The strongest play is a {kind} of {size} cards."),
    "exercise.hint.strongest.weakest": N_("The weakest play is {label}."),
    "exercise.hint.declare_wild.naturals": N_(
        "Set the {count} wild heart(s) aside: the other cards are {cards}."),
    "exercise.hint.declare_wild.play": N_("The play to make is {play}."),
    "exercise.hint.find_play.lead": N_("Any combination will do when you lead."),
    "exercise.hint.find_play.need": N_(
        "To beat {table} you need the same form and more strength, or a bomb (§04.3, "
        "§05.6)."),
    "exercise.hint.find_play.nothing": N_("Look hard: maybe nothing in this hand will do."),
    "exercise.hint.find_play.look": N_("Look for {play} in your hand."),
    "exercise.hint.next_level.winner": N_(
        "Team {team} won the deal; its partner finished {place}."),
    "exercise.hint.next_level.gain": N_(
        "The winners gain {gained}, counted from their own level {old}."),
    "exercise.hint.next_level.declarers": N_(
        "Look at who declared: team {team}, at level {level}."),
    "exercise.hint.tribute.last": N_(
        "Seat {first} finished first; the tribute comes from the last: seat(s) {seats}."),
    "exercise.hint.tribute.cancelled": N_("Look at where the red jokers are."),
    "exercise.hint.tribute.card": N_("Seat {seat} gives {card}."),
    "exercise.hint.tribute.return_rank": N_(
        "Look at the natural rank of {card}, and at the level, {level}."),
    "exercise.hint.tribute.return_received": N_("The card received as tribute was {card}."),
    "exercise.hint.who_leads.last": N_("The last play, by seat {seat}, was {play}."),
    "exercise.hint.who_leads.passes": N_("Count the passes since then: {count}."),
    "exercise.hint.who_leads.out": N_("Out of cards so far: seat(s) {seats}."),
    "exercise.hint.who_leads.count": N_("Count the cards seat {seat} still holds."),
    "exercise.hint.who_leads.ten": N_("The exact count is owed only at 10 cards or fewer."),
    # Bad setups and files
    "exercise.bad_question": N_(
        "{question!r} is not a question of {kind} puzzles; choose one of {questions}."),
    "exercise.not_puzzle": N_("Expected a Puzzle, got {value}."),
    "exercise.setup.missing": N_("The setup needs a {field!r} field."),
    "exercise.setup.rules": N_(
        "Cannot read the table options {value}: write a preset ({presets}) or options such "
        "as {{tribute: false}} (VARIANTS.md)."),
    "exercise.setup.plays": N_("List between 2 and {most} plays to compare."),
    "exercise.setup.tie": N_(
        "Plays {a} and {b} are equally strong ({play_a}, {play_b}), so neither beats the "
        "other (§04.8); a strongest puzzle needs a clear order."),
    "exercise.setup.incomparable": N_(
        "Plays {a} and {b} cannot be compared: {play_a} and {play_b} are different forms and "
        "neither is a bomb (§04.3)."),
    "exercise.setup.no_wild": N_("{cards} holds no wild heart ({wild})."),
    "exercise.setup.make": N_("{value} is not a form; choose one of {kinds}."),
    "exercise.setup.no_declaration": N_(
        "No reading of {cards} with its wild hearts does what the puzzle asks."),
    "exercise.setup.levels": N_(
        "Give both teams' levels, team 0 first, such as ['6', '9'] or {{0: '6', 1: '9'}}, "
        "not {value}."),
    "exercise.setup.declarers": N_(
        "Say which team declared (0 or 1), or null in the first deal (§07.9)."),
    "exercise.setup.actions": N_(
        "Write the actions as a list of lines such as '0 play QS QD' and '1 pass'."),
    "exercise.file.error_field": N_("{path}, puzzle {puzzle!r}, field {field}: {reason}"),
    "exercise.file.error_puzzle": N_("{path}, puzzle {puzzle!r}: {reason}"),
    "exercise.file.error_no_path": N_("Puzzle {puzzle!r}, field {field}: {reason}"),
    "exercise.file.error_file": N_("{path}: {reason}"),
    "exercise.file.errors": N_("{count} problem(s) in the exercise files:\n{errors}"),
    "exercise.file.none": N_("No exercise files were found."),
    "exercise.file.unreadable": N_("Cannot open the file: {reason}."),
    "exercise.file.not_utf8": N_("The file is not UTF-8 text."),
    "exercise.file.yaml": N_("Not valid YAML (line {line}): {problem}."),
    "exercise.file.not_mapping": N_(
        "An exercise file is a mapping with a 'puzzles' list (see exercises/README.md)."),
    "exercise.file.schema": N_("Does not fit the exercise schema: {reason}"),
    "exercise.file.missing": N_("The field {field!r} is missing."),
    "exercise.file.unknown_field": N_(
        "There is no field {field!r} here; the fields are {allowed}."),
    "exercise.file.duplicate_here": N_("This id is used twice in the file."),
    "exercise.file.duplicate": N_("This id is already used in {other}."),
    "exercise.file.unknown_misconception": N_(
        "{id!r} is not a misconception of {kind} puzzles in data/misconceptions.yaml."),
    "exercise.file.wrong_answer": N_(
        "The stored answer is {stored}, but the engine says {engine}: {explanation}"),
    "exercise.generate.kind": N_("There is no puzzle kind {kind}; choose one of {kinds}."),
    "exercise.generate.difficulty": N_("Difficulty is 1, 2 or 3, not {value}."),
    "exercise.generate.failed": N_("Could not make a {kind} puzzle from seed {seed}."),
    # == end exercises ==
    # == Rendering and widgets ==
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
    "render.hand.title": N_("A hand of {count} cards at level {level}"),
    "render.hand.title_one": N_("A hand of 1 card at level {level}"),
    "render.hand.title_empty": N_("An empty hand at level {level}"),
    "render.hand.empty_desc": N_("No cards are left in this hand."),
    "render.hand.desc": N_("From weakest to strongest at level {level} (§03.1): {cards}."),
    "render.hand.wilds": N_("Wild hearts: {cards} (§03.3)."),
    "render.hand.selected": N_("Selected: {cards}."),
    "render.combo.title": N_("The play: {play}"),
    "render.combo.desc": N_("Cards played at level {level}: {cards}."),
    "render.combo.wild": N_("{wild} is wild and stands for {meaning} (§03.4)."),
    "render.deal.title": N_("The table at level {level}"),
    "render.deal.level": N_("Level {level}"),
    "render.deal.seat": N_("Seat {seat} · team {team}"),
    "render.deal.count": N_("{count} cards"),
    "render.deal.count_one": N_("1 card"),
    "render.deal.count_many": N_("more than 10 cards"),
    "render.deal.out_1": N_("out · 1st"),
    "render.deal.out_2": N_("out · 2nd"),
    "render.deal.out_3": N_("out · 3rd"),
    "render.deal.fourth": N_("4th"),
    "render.deal.last": N_("last"),
    "render.deal.pass": N_("pass"),
    "render.deal.to_beat": N_("to beat"),
    "render.deal.turn": N_("to play"),
    "render.deal.status_lead": N_("Seat {seat} leads: any combination is allowed (§06.2)."),
    "render.deal.status_beat": N_("Seat {seat} to play: beat {play} from seat {last}, or pass "
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
    "widget.hints.next": N_("Next hint"),
    "widget.hints.heading": N_("Hints for this hand at level {level}, weakest first."),
    "widget.hints.counter": N_("Hint {index} of {count}: {play}."),
    "widget.hints.empty": N_("This hand is empty: there is nothing to play (§06.7)."),
    "widget.hints.none": N_("Nothing in this hand beats {play}: pass (§06.3)."),
    "widget.hints.pass_too": N_("Passing is always allowed too, even when you could beat "
                                "(§06.3)."),
    "widget.action.play": N_("Seat {seat} plays {play}: {cards}."),
    "widget.action.pass": N_("Seat {seat} passes."),
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
    "widget.replay.no_deals": N_(
        "This match has no deal in play yet: step it on (match.step()) until the cards are "
        "dealt, then replay it."),
    "widget.play.play": N_("Play"),
    "widget.play.pass": N_("Pass"),
    "widget.play.hint": N_("Hint"),
    "widget.play.intro": N_(
        "You play seat {seat} (team {team}); your partner is seat {partner}. The computer "
        "plays the other three seats."),
    "widget.play.log_heading": N_("What happened since your last turn:"),
    "widget.play.your_turn": N_("Your turn. {status}"),
    "widget.play.hint_picked": N_("Its cards are now picked in your hand: press Play to play "
                                  "them, or pick other cards."),
    "widget.play.refused": N_("{reason} Nothing has changed."),
    "widget.play.place_1": N_("1st"),
    "widget.play.place_2": N_("2nd"),
    "widget.play.place_3": N_("3rd"),
    "widget.play.place_4": N_("4th"),
    "widget.play.place_last": N_("last"),
    "widget.play.finisher": N_("{place}: seat {seat}"),
    "widget.play.over": N_("The deal is over. Finishing order: {order} (§06.7, §06.8)."),
    "widget.play.won": N_("Your team wins the deal: seat {first} finished first (§07.1)."),
    "widget.play.lost": N_("The other team wins the deal: seat {first} finished first "
                           "(§07.1)."),
    "widget.play.bad_players": N_(
        "PlayDeal needs four players, one per seat in playing order (the entry for your own "
        "seat is ignored), not {value!r} (§02.1)."),
    # Figures (plots.py)
    "plot.ladder.rank_bomb": N_("{size} of a kind"),
    "plot.ladder.straight_flush": N_("straight flush: 5 in a row, one suit"),
    "plot.ladder.joker_bomb": N_("the four jokers"),
    "plot.ladder.ylabel": N_("weakest (1) to strongest"),
    "plot.ladder.title": N_("The bomb ladder: size first, then rank (§05.2, §05.3)"),
    "plot.ladder.note": N_("Examples at level 2, where 2♥ is wild (§03.3)."),
    "plot.levels.team": N_("team {team} (seats {seats})"),
    "plot.levels.xlabel": N_("deals played"),
    "plot.levels.ylabel": N_("level"),
    "plot.levels.title": N_("Both teams' levels over the match (§07)"),
    "plot.bombs.any": N_("any bomb"),
    "plot.bombs.straight_flush": N_("a straight flush"),
    "plot.bombs.level": N_("active level"),
    "plot.bombs.percent": N_("% of hands"),
    "plot.bombs.at_level": N_("level {level}"),
    "plot.bombs.count": N_("rank bombs made at once (four jokers included)"),
    "plot.bombs.title": N_("Bombs in {hands} dealt 27-card hands, by level (§05)"),
    # Quiz (widgets/quiz.py)
    "widget.quiz.title.legal_play": N_("Is this play allowed?"),
    "widget.quiz.title.classify": N_("Name the combination"),
    "widget.quiz.title.strongest": N_("Which play is strongest?"),
    "widget.quiz.title.declare_wild": N_("What does the wild heart stand for?"),
    "widget.quiz.title.find_play": N_("Find a play"),
    "widget.quiz.title.next_level": N_("Levels after the deal"),
    "widget.quiz.title.tribute": N_("Tribute"),
    "widget.quiz.title.who_leads": N_("Whose turn is it?"),
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
    "widget.quiz.unreadable": N_("That answer cannot be graded: {reason}"),
    "widget.quiz.clauses": N_("Rules: {clauses}."),
    "widget.quiz.unknown_id": N_(
        "No puzzle {id!r} in the exercise bank; ids look like 'legal-pair-on-single'."),
    "widget.quiz.empty": N_(
        "A quiz needs at least one puzzle: give puzzles, bank ids, or kinds such as "
        "'legal_play' (one of {kinds})."),
    "widget.quiz.bad_generated": N_(
        "Ask for generated puzzles as (kind, how many) or (kind, how many, difficulty), "
        "not {value!r}."),
    "widget.quiz.on_table": N_("On the table: {play}."),
    "widget.quiz.your_cards": N_("Your cards:"),
    "widget.quiz.the_cards": N_("The cards:"),
    "widget.quiz.your_hand": N_("Your hand:"),
    "widget.quiz.play_label": N_("Play {label}:"),
    "widget.quiz.seat_hand": N_("Seat {seat} holds:"),
    "widget.quiz.tribute_card": N_("The tribute received:"),
    "widget.quiz.return_card": N_("The card to give back:"),
    "widget.quiz.receiver_hand": N_("The receiver's hand:"),
    "widget.quiz.actions": N_("Then, in order:"),
    "widget.quiz.yes": N_("Yes"),
    "widget.quiz.no": N_("No"),
    "widget.quiz.choose": N_("Choose one:"),
    "widget.quiz.seat": N_("Seat {seat}"),
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
    "widget.quiz.payment": N_("Payment {number}: seat"),
    "widget.quiz.gives": N_("gives"),
    "widget.quiz.to_seat": N_("to seat"),
    # == end rendering ==
    # == Command line ==
    "cli.description": N_(
        "Learn and check the rules of Guandan (掼蛋): judge a play, read cards, drill puzzles, "
        "check exercise files."),
    "cli.help.check": N_(
        "Judge whether CARDS may be played on the table at a level, and say why. Exit code 0 "
        "when allowed, 1 when not."),
    "cli.help.classify": N_(
        "List every reading of CARDS at a level, strongest first. Exit code 1 when they form "
        "no combination."),
    "cli.help.drill": N_(
        "Answer generated puzzles in the terminal, one per line of input ('hint' for a hint, "
        "'skip' for the solution). Works with piped input too."),
    "cli.help.validate": N_(
        "Check exercise files against the schema and the engine. Exit code 1 on any problem."),
    "cli.help.cards": N_("cards such as '8C 8D 8S 7H' (ranks 2-10 or T, J, Q, K, A; suits C D H "
                         "S or ♣ ♦ ♥ ♠; RJ and BJ for the jokers)"),
    "cli.help.table": N_("the play to beat, in the same notation (leave out to lead)"),
    "cli.help.level": N_("the active level: 2-10, J, Q, K or A"),
    "cli.help.lang": N_("the language of the messages: en, pt or es"),
    "cli.help.topic": N_("the kind of puzzle, or 'mixed' for all kinds"),
    "cli.help.count": N_("how many puzzles"),
    "cli.help.seed": N_("the seed: the same seed gives the same puzzles"),
    "cli.help.difficulty": N_("1 (plain), 2 (sequences, bombs, the match) or 3 (wilds, A)"),
    "cli.help.paths": N_("exercise files or folders (default: the bank in exercises/)"),
    "cli.words.hint": N_("hint|h|?"),
    "cli.words.skip": N_("skip|s|solution|show"),
    "cli.error": N_("guandan-learn: error: {message}"),
    "cli.reading": N_("{number}. {play}: {cards}"),
    "cli.table_not_combo": N_("The table {cards} is not a combination. {reason}"),
    "cli.drill.count": N_("A drill has at least one puzzle, not {count}."),
    "cli.drill.header": N_("Question {number} of {count} ({id}):"),
    "cli.drill.prompt": N_("Your answer ('hint', 'skip'): "),
    "cli.drill.stopped": N_("No more answers: the drill stops here."),
    "cli.drill.score": N_("You answered {right} of {count} correctly."),
    "cli.validate.ok": N_(
        "{puzzles} puzzle(s) in {files} file(s): every one loads and agrees with the engine."),
    "cli.validate.bad": N_("{count} problem(s) in {files} file(s)."),
    # == end command line ==
    # == Progress and classroom ==
    "progress.off": N_(
        "Saved progress is off ({variable}=off): nothing is recorded, and there is nothing to "
        "show."),
    "progress.unusable": N_("Cannot use the progress file {path}: {reason}"),
    "progress.closed": N_("The progress file {path} is closed."),
    "progress.failed": N_(
        "Could not read or write the progress file {path}: {reason}. Nothing was lost: try "
        "again when no other program is writing it."),
    "progress.no_wal": N_(
        "The progress file {path} cannot use a write-ahead journal here (mode {mode}); two "
        "programs answering at once may wait for each other."),
    "progress.not_recorded": N_(
        "Your answer was graded but not saved in your progress: {reason}"),
    "progress.recovered": N_(
        "Your progress file {path} could not be read ({reason}). It was moved aside, not "
        "deleted, to {moved}; a new file was started and the {count} answer(s) still readable "
        "in the old one were copied into it."),
    "progress.damage.check": N_("SQLite's integrity check failed: {detail}"),
    "progress.damage.foreign": N_("it is an SQLite file, but not a guandan-learn progress file"),
    "progress.damage.newer": N_(
        "it was written by a newer guandan-learn (format {version}); update to read it"),
    "progress.damage.schema": N_("its tables are not those of a progress file"),
    "progress.row.missing": N_("the field {field!r} is empty"),
    "progress.row.bad": N_("cannot read {value!r} as the field {field!r}"),
    "progress.csv.columns": N_(
        "{path} is not a results CSV: it lacks the column(s) {missing} (line 1)."),
    "progress.csv.line": N_("{path}, line {line}: {reason}."),
    "progress.csv.extra": N_("this line has more fields than the header"),
    "progress.csv.read": N_("Cannot read the results CSV {path}: {reason}"),
    "progress.csv.write": N_("Cannot write the results CSV {path}: {reason}"),
    "progress.skill.kind": N_("puzzle kind {topic}"),
    "progress.skill.clause": N_("clause {topic}"),
    "progress.summary.empty": N_("No answers recorded yet for {learner}."),
    "progress.summary.total": N_(
        "{learner}: {answered} answer(s), {right} right ({percent}%)."),
    "progress.summary.by_kind": N_("By puzzle kind:"),
    "progress.summary.by_clause": N_("By clause:"),
    "progress.summary.what": N_("skill"),
    "progress.summary.answered": N_("answered"),
    "progress.summary.right": N_("right"),
    "progress.summary.accuracy": N_("accuracy"),
    "progress.summary.last_seen": N_("last seen (UTC)"),
    "worksheet.title": N_("Guandan worksheet"),
    "worksheet.key_title": N_("Guandan worksheet: answer key"),
    "worksheet.for_student": N_("{title} for {name}"),
    "worksheet.name": N_("Name:"),
    "worksheet.date": N_("Date:"),
    "worksheet.meta": N_(
        "Topics: {topics} · {count} question(s) · difficulty {difficulty} · sheet {seed}"),
    "worksheet.instructions": N_(
        "Answer every question. Where there are options, tick one box; otherwise write your "
        "answer on the line. Cards are written rank then suit: 8♣ is the eight of clubs, RJ "
        "and BJ are the red and black jokers."),
    "worksheet.number": N_("Question {number}"),
    "worksheet.answer": N_("Answer: {answer}"),
    "worksheet.clauses": N_("Rules: {clauses}"),
    "worksheet.wrong_option": N_("If the answer is “{answer}”: {correction} ({clause})"),
    "worksheet.source": N_("Puzzle {id}"),
    "worksheet.line.answer": N_("Answer:"),
    "worksheet.line.why": N_("Why (which rule)?"),
    "worksheet.footer": N_(
        "Made with guandan-learn (sheet {seed}); the answers and explanations come from its "
        "rules engine."),
    "worksheet.kind.legal_play": N_("Legal play"),
    "worksheet.kind.classify": N_("Combinations"),
    "worksheet.kind.strongest": N_("Strongest play"),
    "worksheet.kind.declare_wild": N_("Wild hearts"),
    "worksheet.kind.find_play": N_("Find a play"),
    "worksheet.kind.next_level": N_("Levels after a deal"),
    "worksheet.kind.tribute": N_("Tribute and return"),
    "worksheet.kind.who_leads": N_("Whose turn"),
    "worksheet.bad_topic": N_(
        "Cannot make a worksheet on {topic}: the topics are puzzle kinds ({kinds}), separated "
        "by commas, or 'mixed'."),
    "worksheet.bad_count": N_("A worksheet has 1 to {most} questions, not {count}."),
    "worksheet.no_puzzle": N_("No {kind} puzzle could be made for question {number}."),
    "worksheet.roster_read": N_("Cannot read the roster {path}: {reason}"),
    "worksheet.roster_column": N_(
        "The roster {path} looks like a CSV file but has no 'name' column (line 1)."),
    "worksheet.roster_empty": N_("The roster {path} names no student."),
    "worksheet.roster_repeat": N_(
        "The roster {path} names {name!r} twice: every sheet is named by its student."),
    "worksheet.write": N_("Cannot write {path}: {reason}"),
    "progress.cli.help": N_(
        "Show your saved progress: answers and accuracy by puzzle kind and by clause, and what "
        "is due for practice. Also exports and imports results as CSV."),
    "progress.cli.help.due": N_(
        "serve what your saved progress says is due first (spaced repetition), then new "
        "material"),
    "progress.cli.help.learner": N_(
        "whose progress (default: $GUANDAN_LEARNER or 'me'); with --export, only theirs"),
    "progress.cli.help.export": N_("write the answers to a CSV file"),
    "progress.cli.help.name": N_(
        "with --export: the name to hand the results in under (replaces the learner)"),
    "progress.cli.help.import": N_(
        "add the answers of a CSV file (answers already there are not added twice)"),
    "progress.cli.file": N_("Progress file: {path}"),
    "progress.cli.imported": N_(
        "Added {count} new answer(s) from {path} ({already} were there already)."),
    "progress.cli.exported": N_("Wrote {count} answer(s) to {path}."),
    "progress.cli.due": N_("Due for practice now ({count}): {skills}."),
    "progress.cli.more": N_("And {count} more."),
    "progress.cli.next_due": N_("Nothing is due now; next: {skill}, at {when} UTC."),
    "worksheet.cli.help": N_(
        "Write a printable worksheet (HTML, cards drawn) and its answer key; with a roster, "
        "an equivalent but different sheet for every student."),
    "worksheet.cli.help.topic": N_(
        "puzzle kinds separated by commas, such as 'legal_play,classify', or 'mixed'"),
    "worksheet.cli.help.out": N_("the folder to write the sheets into"),
    "worksheet.cli.help.roster": N_(
        "a file of student names, one a line (or a CSV file with a 'name' column)"),
    "worksheet.cli.wrote": N_("Wrote {path}"),
    "progress.plot.chapter": N_("ch. {chapter}"),
    "progress.plot.chapter_axis": N_("chapter"),
    "progress.plot.practised": N_("{count}"),
    "progress.plot.not_yet": N_("–"),
    "progress.plot.mastery_axis": N_("mastery: chance you still know it (%)"),
    "progress.plot.mastery_title": N_(
        "Mastery per chapter (above each bar: clauses practised)"),
    "progress.plot.due_now": N_("due now"),
    "progress.plot.not_due": N_("not due yet"),
    "progress.plot.clauses_axis": N_("clauses practised"),
    "progress.plot.due_title": N_("What is due at {when} UTC"),
    "progress.plot.kinds_due": N_("Puzzle kinds due: {kinds}"),
    "progress.plot.wrong_label": N_("{wrong} of {answered} wrong ({learners} learner(s))"),
    "progress.plot.wrong_axis": N_("answers that were wrong (%)"),
    "progress.plot.wrong_title": N_("What the class gets wrong, clause by clause"),
    "app.tab.due": N_("Due first"),
    "app.tab.progress": N_("My progress"),
    "app.new_set": N_("New set: what is due first"),
    # == end progress ==
}


def say(key: str, **fields: object) -> str:
    """Returns the message ``key`` in the learner's language, with its fields filled in.

    >>> say("describe.pair", ranks="8s")
    'a pair of 8s'
    """
    return gettext_(MESSAGES[key], key).format(**fields)


def describe_bomb(size: int, ranks: str) -> str:
    """Returns "a 4-card bomb of 8s", with the wording a size may need ("an 8-card …").

    >>> describe_bomb(8, "kings")
    'an 8-card bomb of kings'
    """
    key = f"describe.bomb.{size}"
    return say(key if key in MESSAGES else "describe.bomb", size=size, ranks=ranks)


def rank_singular(rank: Rank) -> str:
    """Returns a rank's name in the singular: "8", "ace", "red joker"."""
    key = "rank." + rank.value
    return say(key) if key in MESSAGES else rank.value


def rank_plural(rank: Rank) -> str:
    """Returns a rank's name in the plural: "8s", "aces", "red jokers"."""
    key = "ranks." + rank.value
    return say(key) if key in MESSAGES else say("ranks.number", rank=rank.value)
