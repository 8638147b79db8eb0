"""Messages of the exercises: answers, puzzles, questions, feedback, hints and bank files."""

from __future__ import annotations

from ..i18n import N_, P_, Plural

MESSAGES: dict[str, str | Plural] = {
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
    "exercise.words.play": N_("play"),
    # Names of forms and ranks a learner may type in a reading ("pair 8"); English always works
    "exercise.words.form.single": N_("single"),
    "exercise.words.form.pair": N_("pair"),
    "exercise.words.form.triple": N_("triple"),
    "exercise.words.form.full_house": N_("full house"),
    "exercise.words.form.straight": N_("straight"),
    "exercise.words.form.tube": N_("tube"),
    "exercise.words.form.plate": N_("plate"),
    "exercise.words.form.bomb": N_("bomb"),
    "exercise.words.form.straight_flush": N_("straight flush"),
    "exercise.words.form.joker_bomb": N_("four jokers"),
    "exercise.words.form.none": N_("none|no combination"),
    "exercise.words.rank.ten": N_("ten|tens"),
    "exercise.words.rank.jack": N_("jack|jacks"),
    "exercise.words.rank.queen": N_("queen|queens"),
    "exercise.words.rank.king": N_("king|kings"),
    "exercise.words.rank.ace": N_("ace|aces"),
    "exercise.words.filler": N_("a|an|the|of|up|to|with|keyed|by|is|it|card|cards|high|top"),
    # Answers that cannot be read
    "exercise.answer.unreadable": N_("Cannot grade the answer to puzzle {puzzle!r}: {reason}"),
    "exercise.answer.yes_no": N_("Answer yes or no, not {value}."),
    "exercise.answer.seat": N_(
        "Answer with a seat, South, East, North or West (or 0, 1, 2, 3), not {value}."),
    "exercise.answer.seat_or_nobody": N_(
        "Answer with a seat, South, East, North or West (or 0, 1, 2, 3), or 'nobody' when the "
        "deal is over, not {value}."),
    "exercise.answer.team": N_(
        "Answer with a team, 0 (South and North) or 1 (East and West), or 'nobody', not {value}."),
    "exercise.answer.team_only": N_(
        "Answer with a team, 0 (South and North) or 1 (East and West), not {value}."),
    "exercise.answer.cards": N_("Write cards as text such as '8C 8D 7H', not {value}."),
    "exercise.answer.no_cards": N_("Write at least one card, such as '8C 8D'."),
    "exercise.answer.seats": N_(
        "Write seats in order, such as '0 1 2' or [0, 1, 2], each 0 to 3, not {value}."),
    "exercise.answer.reading": N_(
        "Name a form and its rank, such as 'pair 8', 'straight 5', 'bomb of aces', "
        "'four jokers' or 'none', not {value}."),
    "exercise.answer.reading_rank": N_(
        "Say which one rank keys the play, such as 'pair 8' or 'straight up to 5', not "
        "{value}."),
    "exercise.answer.declared": N_(
        "Say what each wild heart stands for, as a rank ('8') or a card ('8S'), not {value}."),
    "exercise.answer.declared_count": P_(
        "These cards hold {count} wild heart, so name {count} card, not {given}.",
        "These cards hold {count} wild hearts, so name {count} cards, not {given}."),
    "exercise.answer.label": N_("Answer with one of the plays {labels}, not {value}."),
    "exercise.answer.order": N_(
        "Put all {count} plays in order, strongest first, each once, such as '{example}', not "
        "{value}."),
    "exercise.answer.levels": N_(
        "Give both teams' levels, team 0 first, such as '8 9', not {value}."),
    "exercise.answer.payment": N_(
        "Write each tribute as payer, card and receiver, such as 'West gives A♠ to South' "
        "(separate two with ';'), or 'none', not {value}."),
    "exercise.answer.count": N_(
        "Answer with a number of cards, or 'more than 10', not {value}."),
    # Answers in words
    "exercise.answer.yes": N_("yes"),
    "exercise.answer.no": N_("no"),
    "exercise.answer.pass": N_("pass"),
    "exercise.answer.nobody": N_("nobody"),
    "exercise.answer.team_shown": N_("team {team}"),
    "exercise.answer.seat_shown": N_("{seat:seat}"),
    "exercise.answer.over": N_("nobody (the deal is over)"),
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
    "exercise.answer.payment_shown": N_("{payer:seat} gives {card} to {receiver:seat}"),
    # Showing a puzzle
    "exercise.show.level": N_("The active level is {level}, so the two {wild} are wild."),
    "exercise.show.level.no_wild": N_("The active level is {level}."),
    "exercise.show.lead": N_("The table is empty: you lead."),
    "exercise.show.table": N_("On the table: {cards}, {play}."),
    "exercise.show.play": N_("Your cards: {cards}."),
    "exercise.show.cards": N_("The cards: {cards}."),
    "exercise.show.hand": N_("Your hand: {cards}."),
    "exercise.show.labelled": N_("Play {label}: {cards}."),
    "exercise.show.levels": N_(
        "Team 0 (South and North) is at level {a}; team 1 (East and West) is at level {b}."),
    "exercise.show.first_deal": N_("This is the first deal, so nobody declares (§07.9)."),
    "exercise.show.declarers": N_(
        "Team {team} declares: the deal is played at its level, {level}."),
    "exercise.show.finished_place": N_("{seat:seat} {place}"),
    "exercise.show.finish": N_("The finishing order: {order}."),
    "exercise.show.attempts": N_(
        "Failed deals as declarers at A so far: team 0 {a}, team 1 {b}."),
    "exercise.show.previous": N_("The previous deal's finishing order: {order}."),
    "exercise.show.new_level": N_(
        "The new deal is played at level {level}, so the two {wild} are wild."),
    "exercise.show.seat_hand": N_("{seat:seat} holds {cards}."),
    "exercise.show.seat_out": N_("{seat:seat} is already out."),
    "exercise.show.return": N_(
        "A receiver got {tribute} as tribute and wants to give back {card}."),
    "exercise.show.receiver_hand": N_("The receiver's hand: {cards}."),
    "exercise.show.leader": N_("{seat:seat} leads."),
    "exercise.show.plays": N_("{seat:seat} plays {cards}."),
    "exercise.show.passes": N_("{seat:seat} passes."),
    "exercise.show.options": N_("Options: {options}"),
    # Questions (what to find out; how to give the answer is the control's, or the typed form's)
    "exercise.ask.legal_play": N_("May you play these cards here?"),
    "exercise.ask.classify": N_(
        "What is the strongest reading of these cards, and which rank keys it?"),
    "exercise.ask.strongest.winner": N_(
        "Which play is the strongest, beating each of the others?"),
    "exercise.ask.strongest.order": N_("Put the plays in order of strength, strongest first."),
    "exercise.ask.declare_wild.strongest": N_(
        "What must each wild heart stand for to make the strongest play of these cards?"),
    "exercise.ask.declare_wild.beat": N_(
        "What must each wild heart stand for so that these cards beat the table (the "
        "strongest way)?"),
    "exercise.ask.declare_wild.make": N_(
        "What must each wild heart stand for to make a {kind} (the strongest one)?"),
    "exercise.ask.find_play": N_(
        "Which cards from your hand beat the table? Pass if nothing beats it."),
    "exercise.ask.find_play.lead": N_(
        "You lead: which cards from your hand make a combination?"),
    "exercise.ask.next_level.levels": N_("What are both teams' levels after this deal?"),
    "exercise.ask.next_level.active_level": N_("At which level is the next deal played?"),
    "exercise.ask.next_level.match_winner": N_("Has a team won the match, and which one?"),
    "exercise.ask.tribute.payments": N_("Who pays tribute to whom, and which card?"),
    "exercise.ask.tribute.leader": N_("Who leads the new deal?"),
    "exercise.ask.tribute.return": N_("May that card be given back?"),
    "exercise.ask.who_leads.to_move": N_("Whose turn is it now?"),
    "exercise.ask.who_leads.card_count": N_(
        "{seat:seat} is asked how many cards it holds. What must it answer?"),
    # How to write an answer in text (the command line, ``str`` of a question)
    "exercise.type.yes_no": N_("Answer yes or no."),
    "exercise.type.seat": N_("Answer with a seat: South, East, North or West."),
    "exercise.type.seat_or_nobody": N_(
        "Answer with a seat, South, East, North or West, or 'nobody' if the deal is over."),
    "exercise.type.team": N_("Answer with a team, 0 or 1."),
    "exercise.type.team_or_nobody": N_("Answer with a team, 0 or 1, or 'nobody'."),
    "exercise.type.level": N_("Answer with a level, such as '8'."),
    "exercise.type.levels": N_("Answer with both levels, team 0 first, such as '8 9'."),
    "exercise.type.reading": N_(
        "Answer like 'pair 8', 'straight 5', 'bomb 8', 'four jokers' or 'none'."),
    "exercise.type.label": N_("Answer with the play's letter."),
    "exercise.type.order": N_("Answer with the letters, strongest first, such as 'B A C'."),
    "exercise.type.cards": N_("Answer with cards from your hand, such as '9C 9D'."),
    "exercise.type.cards_or_pass": N_(
        "Answer with cards from your hand, such as '9C 9D', or 'pass'."),
    "exercise.type.declared": N_(
        "Answer with a rank for each wild heart, such as '8' or '5 6'."),
    "exercise.type.declared_cards": N_(
        "Answer with a card for each wild heart, such as '6C' or '5S 6S'."),
    "exercise.type.payments": N_(
        "Answer like 'West gives A♠ to South' (two payments separated by ';'), or 'none'."),
    "exercise.type.count": N_("Answer with a number, or 'more than {most}'."),
    # Engine answers framed for a puzzle
    "exercise.see": N_("See {clauses}."),
    "exercise.classify.explain": N_("{cards} is {play}."),
    "exercise.classify.wilds": N_("Declared: {declared}."),
    "exercise.classify.others": N_(
        "The same cards can also be read as {others}, which is weaker."),
    "exercise.strongest.pair": N_("{a} beats {b}. {reason}"),
    "exercise.declare.explain": N_("With {declared}, the cards make {play}."),
    "exercise.find.explain": P_(
        "For example, play {cards}. {reason} Your hand has {count} play that beats it: this "
        "one.",
        "For example, play {cards}. {reason} In all, your hand has {count} different plays "
        "that beat it (different in form, rank or number of cards)."),
    "exercise.find.explain_lead": P_(
        "For example, play {cards}. {reason} Your hand has {count} play to lead with: this "
        "one.",
        "For example, play {cards}. {reason} In all, your hand has {count} different plays to "
        "lead with (different in form, rank or number of cards)."),
    "exercise.tribute.any_suit": N_(
        "{payer:seat} holds {cards}: suits never break ties, so any one of them is the right "
        "tribute card."),
    "exercise.find.none": N_(
        "Nothing in your hand beats {table}, so you pass (§06.3)."),
    "exercise.find.not_held": N_(
        "Your hand does not hold {missing}: you play only cards from your hand, {hand} "
        "(§02.3)."),
    "exercise.find.could_beat": N_(
        "Passing is always allowed (§06.3), but your hand can beat the table here."),
    "exercise.who.count": P_(
        "{seat:seat} holds {count} card, 10 or fewer, so it must say exactly how many "
        "(§06.9).",
        "{seat:seat} holds {count} cards, 10 or fewer, so it must say exactly how many "
        "(§06.9)."),
    "exercise.who.many": N_(
        "{seat:seat} holds {count} cards, more than 10, so it only has to say 'more than 10'; "
        "exact counts are owed at 10 or fewer (§06.9)."),
    # Feedback
    "exercise.feedback.correct": N_("Correct: {answer}."),
    "exercise.feedback.wrong": N_("Not quite: “{answer}” is not right."),
    "exercise.feedback.misconception": N_("This is a common mix-up ({clause}). {correction}"),
    "exercise.feedback.right": N_("The right answer: {answer}."),
    "exercise.feedback.solution": N_("The answer: {answer}."),
    "exercise.feedback.note": N_("Your teacher adds: {note}"),
    "exercise.feedback.try_again": N_(
        "Try again, or ask for a hint; the solution is there when you want it."),
    "exercise.tries": N_("A learner has at least 1 try, a whole number, not {value}."),
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
    "exercise.hint.classify.count": P_(
        "There are {count} cards, {wilds} of them a wild heart at level {level}.",
        "There are {count} cards, {wilds} of them wild hearts at level {level}.", n="wilds"),
    "exercise.hint.classify.kind": N_("It is a {kind}: now find the rank that keys it."),
    "exercise.hint.classify.none": N_(
        "Check each form in turn: does any of them fit these cards exactly?"),
    "exercise.hint.strongest.reading": N_("{label} is {play}."),
    "exercise.hint.strongest.winner": P_(
        "The strongest play is a {kind} of {size} card.",
        "The strongest play is a {kind} of {size} cards.", n="size"),
    "exercise.hint.strongest.weakest": N_("The weakest play is {label}."),
    "exercise.hint.declare_wild.naturals": P_(
        "Set the {count} wild heart aside: the other cards are {cards}.",
        "Set the {count} wild hearts aside: the other cards are {cards}."),
    "exercise.hint.declare_wild.play": N_("The play to make is {play}."),
    "exercise.hint.find_play.lead": N_("Any combination will do when you lead."),
    "exercise.hint.find_play.need": N_(
        "To beat {table} you need the same form and more strength, or a bomb (§04.3, "
        "§05.6)."),
    "exercise.hint.find_play.nothing": N_("Look hard: maybe nothing in this hand will do."),
    "exercise.hint.find_play.look": N_("Look for {play} in your hand."),
    "exercise.hint.next_level.winner": N_(
        "Team {team} won the deal; its partner finished {place}."),
    "exercise.hint.next_level.gain": P_(
        "The winners gain {gained} level, counted from their own level {old}.",
        "The winners gain {gained} levels, counted from their own level {old}.", n="gained"),
    "exercise.hint.next_level.declarers": N_(
        "Look at who declared: team {team}, at level {level}."),
    "exercise.hint.tribute.last": N_(
        "{first:seat} finished first; the tribute comes from the last: {seats:seats}."),
    "exercise.hint.tribute.cancelled": N_("Look at where the red jokers are."),
    "exercise.hint.tribute.card": N_("{seat:seat} gives {card}."),
    "exercise.hint.tribute.return_rank": N_(
        "Look at the natural rank of {card}, and at the level, {level}."),
    "exercise.hint.tribute.return_received": N_("The card received as tribute was {card}."),
    "exercise.hint.who_leads.last": N_("The last play, by {seat:seat}, was {play}."),
    "exercise.hint.who_leads.passes": N_("Count the passes since then: {count}."),
    "exercise.hint.who_leads.out": N_("Out of cards so far: {seats:seats}."),
    "exercise.hint.who_leads.count": N_("Count the cards {seat:seat} still holds."),
    "exercise.hint.who_leads.ten": N_("The exact count is owed only at 10 cards or fewer."),
    # Bad setups and files
    "exercise.bad_question": N_(
        "{question!r} is not a question of {kind} puzzles; choose one of {questions}."),
    "exercise.not_puzzle": N_("Expected a Puzzle, got {value}."),
    "exercise.setup.missing": N_("The setup needs a {field!r} field."),
    "exercise.setup.rules": N_(
        "Cannot read the table options {value}: write a preset ({presets}) or options such "
        "as {{tribute: false}} (V1–V7)."),
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
    "exercise.file.errors": P_("{count} problem in the exercise files:\n{errors}",
                               "{count} problems in the exercise files:\n{errors}"),
    "exercise.file.none": N_("No exercise files were found."),
    "exercise.file.unreadable": N_("Cannot open the file: {reason}."),
    "exercise.file.not_utf8": N_("The file is not UTF-8 text."),
    "exercise.file.bad_char": N_(
        "holds the character {char}, which no text of a puzzle may hold (XML and the exports "
        "cannot carry it); remove it"),
    "exercise.file.yaml": N_("Not valid YAML (line {line}): {problem}."),
    "exercise.file.too_many_nodes": N_(
        "the file holds more than {limit} values (aliases counted as what they stand for), "
        "more than an exercise file may"),
    "exercise.file.not_regular": N_(
        "Not a regular file (a pipe, a device or a socket?): exercise files are plain files."),
    "exercise.file.too_big": N_(
        "The file has {size} bytes; an exercise file may have at most {limit}."),
    "exercise.file.too_many": N_(
        "The file has {count} puzzles; an exercise file may have at most {limit}."),
    "exercise.file.bad_paths": N_(
        "Give exercise files or folders as paths (or a list of them), not {value}."),
    "exercise.file.bad_path": N_(
        "Cannot use {value} as the path of an exercise file or folder: {reason}."),
    "exercise.file.path_nul": N_("it holds a NUL character"),
    "exercise.file.not_mapping": N_(
        "An exercise file is a mapping with a 'puzzles' list (see README.md beside the bank, "
        "in exercises/)."),
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
    "exercise.file.check_failed": N_(
        "The engine failed while checking the stored answer ({error}); this is a bug."),
    "exercise.generate.kind": N_("There is no puzzle kind {kind}; choose one of {kinds}."),
    "exercise.generate.difficulty": N_("Difficulty is 1, 2 or 3, not {value}."),
    "exercise.generate.failed": N_("Could not make a {kind} puzzle from seed {seed}."),
    # The engine's own words, shown as they are (see ``exercises/explain.py``)
    "exercise.engine_words": N_("{text}"),
    # Each kind's title on a quiz and topic on a worksheet (``KindSpec.title_key``/``topic_key``)
    "widget.quiz.title.legal_play": N_("Is this play allowed?"),
    "widget.quiz.title.classify": N_("Name the combination"),
    "widget.quiz.title.strongest": N_("Which play is strongest?"),
    "widget.quiz.title.declare_wild": N_("What does the wild heart stand for?"),
    "widget.quiz.title.find_play": N_("Find a play"),
    "widget.quiz.title.next_level": N_("Levels after the deal"),
    "widget.quiz.title.tribute": N_("Tribute"),
    "widget.quiz.title.who_leads": N_("Whose turn is it?"),
    # A question of a kind whose title would not fit it (``<kind title key>.<question>``)
    "widget.quiz.title.strongest.order": N_("Order of strength"),
    "widget.quiz.title.who_leads.card_count": N_("How many cards?"),
    "widget.quiz.title.next_level.active_level": N_("The next deal's level"),
    "widget.quiz.title.next_level.match_winner": N_("Has a team won the match?"),
    "widget.quiz.title.tribute.return": N_("The return card"),
    "widget.quiz.title.tribute.leader": N_("Who leads after the tribute?"),
    "worksheet.kind.legal_play": N_("Legal play"),
    "worksheet.kind.classify": N_("Combinations"),
    "worksheet.kind.strongest": N_("Strongest play"),
    "worksheet.kind.declare_wild": N_("Wild hearts"),
    "worksheet.kind.find_play": N_("Find a play"),
    "worksheet.kind.next_level": N_("Levels after a deal"),
    "worksheet.kind.tribute": N_("Tribute and return"),
    "worksheet.kind.who_leads": N_("Whose turn"),
    "widget.quiz.title.endgame": N_("Endgame: think ahead"),
    "worksheet.kind.endgame": N_("Endgames"),
    # Endgame puzzles (``kinds/endgame.py``)
    "exercise.endgame.goal.first": N_("you ({seat:seat}) go out first, before anyone else"),
    "exercise.endgame.goal.team_first": N_(
        "you ({seat:seat}) or your partner ({partner:seat}) go out first"),
    "exercise.endgame.goal.double": N_(
        "you ({seat:seat}) and your partner ({partner:seat}) take 1st and 2nd places"),
    "exercise.show.endgame.goal": N_("Every hand is open. Your goal: {goal}."),
    "exercise.show.endgame.table": N_(
        "On the table: {cards}, {play}, played by {seat:seat}; every seat since has passed."),
    "exercise.show.endgame.partner": N_("Your partner, {seat:seat}, holds {cards}."),
    "exercise.show.endgame.opponent": N_("Opponent {seat:seat} holds {cards}."),
    "exercise.show.endgame.you": N_("You are {seat:seat} and hold {cards}."),
    "widget.quiz.endgame.table": N_("On the table ({seat:seat}):"),
    "widget.quiz.endgame.partner": N_("Partner ({seat:seat}):"),
    "widget.quiz.endgame.opponent": N_("Opponent ({seat:seat}):"),
    "widget.quiz.endgame.you": N_("You ({seat:seat}):"),
    # The question only: how to answer is the control's, or in text the answer shape's line
    "exercise.ask.endgame.lead": N_("Which lead forces your goal against any defence?"),
    "exercise.ask.endgame.can_force": N_(
        "Can your team force its goal against any defence? To answer no, find the defence "
        "that beats every first move."),
    "exercise.endgame.can_force.yes": N_(
        "Yes: {move} forces the goal ({goal}). A line of best play: {line}."),
    "exercise.endgame.can_force.no": N_(
        "No: every first move has a defence that keeps the goal ({goal}) out of reach."),
    "exercise.endgame.can_force.refuted": N_("After {move}: {line}."),
    "exercise.hint.endgame.can_force": N_(
        "Try each first move in turn, and look for the defence that answers it."),
    "exercise.ask.endgame": N_(
        "Which move forces your goal against any defence? Passing is a move too."),
    "exercise.endgame.pass": N_("a pass"),
    "exercise.endgame.step.play": N_("{seat:seat} plays {cards}"),
    "exercise.endgame.step.pass": N_("{seat:seat} passes"),
    "exercise.endgame.explain": N_(
        "{move} forces the goal against any defence: {goal}. A line of best play: {line}."),
    "exercise.endgame.explain_pass": N_(
        "Passing forces the goal against any defence: {goal}. A line of best play: {line}."),
    "exercise.endgame.others": N_("Also winning: {moves}."),
    "exercise.endgame.no_win": N_(
        "No move forces the goal ({goal}) against the best defence. A line of best play: "
        "{line}."),
    "exercise.endgame.refuted": N_(
        "After {move}, the best defence goes: {line}. From there your goal is out of reach "
        "({goal})."),
    "exercise.endgame.lead_no_pass": N_("You are leading: a lead is a play, never a pass."),
    "exercise.endgame.hand_limit": N_(
        "This hand holds {count} cards: an endgame puzzle has at most {limit} cards per hand."),
    "exercise.endgame.total_limit": N_(
        "The hands hold {count} cards in all: an endgame puzzle has at most {limit} cards in "
        "the four hands."),
    "exercise.endgame.too_hard": N_(
        "The solver cannot decide this position within {limit} positions searched: give the "
        "hands fewer cards."),
    "exercise.hint.endgame.form": N_(
        "Think about who keeps control of the lead: the winning move takes the form {form}."),
    "exercise.hint.endgame.cards": N_("Play {cards}."),
    "exercise.hint.endgame.wait": N_(
        "Think about who keeps control of the lead: sometimes the strongest move is to wait."),
    "exercise.hint.endgame.pass": N_("Pass, and let the others spend their cards first."),
    # What is wrong with one wrong answer (KindSpec.why_wrong), without giving the right one
    "exercise.why.classify.is_play": N_(
        "{cards} do make a play: count the cards and look for the form they fit."),
    "exercise.why.classify.cannot": N_("{cards} cannot be read as {given}."),
    "exercise.why.classify.weaker": N_(
        "{cards} can be read as {given}, but the question asks for their strongest reading, "
        "and they have a stronger one."),
    "exercise.why.declare.none": N_("With {declared}, {cards} make no play."),
    "exercise.why.declare.weaker": N_(
        "With {declared}, {cards} make {play}, but other declarations make a stronger play."),
    "exercise.why.declare.not_make": N_("With {declared}, {cards} make {play}, not {make}."),
    "exercise.why.declare.joker": N_("A wild heart never stands for a joker."),
    "exercise.why.strongest.beaten": N_("{b} beats {a}. {reason}"),
    "exercise.why.strongest.order": N_(
        "Your order puts {a} above {b}, but {b} beats {a}. {reason}"),
    "exercise.why.who.out": N_("{seat:seat} has no cards left and takes no more turns."),
    "exercise.why.who.not_over": N_(
        "The deal is not over: it stops only when both players of one team have finished."),
    "exercise.why.who.lead": N_(
        "{seat:seat} does not lead now: the player who made the last play nobody beat leads, "
        "or that player's partner when that player has no cards left."),
    "exercise.why.who.turn": N_(
        "{seat:seat} does not play next: play goes counter-clockwise, to the next player who "
        "still holds cards."),
    "exercise.why.who.count": N_(
        "{seat:seat} does not hold {count} cards: each player starts with 27; count the cards "
        "{seat:seat} has played since."),
    "exercise.why.who.exact": N_(
        "{seat:seat} holds 10 cards or fewer, so must say exactly how many."),
    "exercise.why.who.many": N_(
        "{seat:seat} holds more than 10 cards, so need not say exactly how many."),
    "exercise.why.next.stays": N_(
        "Team {team}'s level does not change in this deal, so it is not {level}."),
    "exercise.why.next.climbs": N_(
        "Team {team} won the deal: it climbs from its own level, {before}, by the steps its "
        "finish earns, and that does not make {level}."),
    "exercise.why.next.active": N_(
        "The next deal is played at the level of the team that won this one, not at {level}."),
    "exercise.why.next.no_match": N_(
        "Team {team} has not won the match: a team wins it only as declarers at their level A, "
        "finishing first with the partner 2nd or 3rd."),
    "exercise.why.next.match": N_(
        "A team has won the match in this deal: declarers at their level A finished first "
        "with the partner 2nd or 3rd."),
    "exercise.why.tribute.due": N_("A tribute is paid after this finish: nothing cancels it."),
    "exercise.why.tribute.count": N_(
        "The number of payments is not right: after a 1st–2nd finish both losers pay, after "
        "any other finish one player does."),
    "exercise.why.tribute.payer": N_("{payer:seat} does not pay tribute after this finish."),
    "exercise.why.tribute.receiver": N_("{payer:seat} does not pay {receiver:seat}."),
    "exercise.why.tribute.not_held": N_("{payer:seat} does not hold {card}."),
    "exercise.why.tribute.wild": N_("A wild heart is never given as tribute."),
    "exercise.why.tribute.lower": N_(
        "{card} is not {payer:seat}'s highest single card: {payer:seat} holds a higher one "
        "that is not a wild heart."),
    "exercise.why.tribute.leader": N_("{seat:seat} does not lead the first trick of this deal."),
    # == end exercises ==
}
