"""Messages of the command line."""

from __future__ import annotations

from ..i18n import N_

MESSAGES: dict[str, str] = {
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
    "cli.help.solve": N_(
        "Solve an open-hand endgame exactly: can the side to move force its goal? Prints the "
        "winning first moves and a line of best play. Exit code 0 when it wins, 1 when not, 2 "
        "for a position that cannot be read."),
    "cli.help.position": N_(
        "the position, such as 'level 7; goal first; to_move 0; 0: AC AD 5S; 1: 3C 9H; "
        "2: 5D 5S; 3: KH QS; table 3: 9S' (goal: first, team_first or double)"),
    "cli.help.cards": N_("cards such as '8C 8D 8S 7H' (ranks 2-10 or T, J, Q, K, A; suits C D H "
                         "S or ♣ ♦ ♥ ♠; RJ and BJ for the jokers)"),
    "cli.help.table": N_("the play to beat, in the same notation (leave out to lead)"),
    "cli.help.level": N_("the active level: 2-10, J, Q, K or A"),
    "cli.help.lang": N_("the language of the messages: en, pt or es"),
    "cli.help.topic": N_("the kind of puzzle, or 'mixed' for all kinds"),
    "cli.help.count": N_("how many puzzles"),
    "cli.help.seed": N_("the seed: the same seed gives the same puzzles"),
    "cli.help.tries": N_(
        "answers a learner may give before a wrong one shows the solution (default 2)"),
    "cli.help.difficulty": N_("1 (plain), 2 (sequences, bombs, the match) or 3 (wilds, A)"),
    "cli.help.paths": N_("exercise files or folders (default: the bank in exercises/)"),
    "cli.words.hint": N_("hint|h|?"),
    "cli.words.skip": N_("skip|s|solution|show"),
    "cli.error": N_("guandan-learn: error: {message}"),
    "cli.output_failed": N_("cannot write the output: {reason}"),
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
}
