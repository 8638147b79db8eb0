"""Messages of the command line."""

from __future__ import annotations

from ..i18n import N_, P_, Plural

MESSAGES: dict[str, str | Plural] = {
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
    "cli.help.paths": N_(
        "exercise files or folders (default: the bank shipped with guandan-learn, or the "
        "folders GUANDAN_EXERCISES names)"),
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
    "cli.validate.ok": P_(
        "{puzzles} puzzle in {files:cli.n.files}: it loads and agrees with the engine.",
        "{puzzles} puzzles in {files:cli.n.files}: every one loads and agrees with the engine.",
        n="puzzles"),
    "cli.n.files": P_("{count} file", "{count} files"),
    "cli.validate.bad": P_("{count} problem in {files:cli.n.files}.",
                           "{count} problems in {files:cli.n.files}."),
    "cli.help.version": N_("show the version of guandan-learn and exit"),
    # == The course: copying and opening the notebooks ==
    "cli.help.notebooks": N_(
        "Copy the course's notebooks into a folder of yours (default: ~/guandan-learn/LANG). "
        "A notebook you have edited there is never replaced without --force."),
    "cli.help.lab": N_(
        "Copy the course's notebooks if needed (keeping the ones you edited) and open "
        "JupyterLab in that folder."),
    "cli.help.app": N_("Serve the study app with Voilà: every chapter's quiz, no code."),
    "cli.help.dest": N_("the folder for the notebooks (default: ~/guandan-learn/LANG)"),
    "cli.help.course_lang": N_(
        "the language of the notebooks and messages: en, pt or es (default: your locale)"),
    "cli.help.force": N_("replace notebooks you have edited (your changes are lost)"),
    "cli.help.port": N_("the port to serve on"),
    "cli.help.no_browser": N_("do not open a web browser"),
    "cli.missing": N_(
        "{program} is not installed. Install what the notebooks need with: "
        "pip install 'guandan-learn[lab]'"),
    "cli.lab.opening": N_("Opening JupyterLab in {folder} (Ctrl+C stops it)."),
    "cli.app.serving": N_("Serving the study app in {language} (Ctrl+C stops it)."),
    "course.copied": P_("Copied {count} notebook into {folder}.",
                        "Copied {count} notebooks into {folder}."),
    "course.current": P_("{count} notebook there was already up to date.",
                         "{count} notebooks there were already up to date."),
    "course.kept": N_("Kept your edited copies of: {names}."),
    "course.untrusted": N_(
        "The copies are not marked trusted (nbformat is not installed): their pictures show "
        "once you run them."),
    "course.edited": N_(
        "{folder} holds notebooks you have edited: {names}. Nothing was copied. Add --force to "
        "replace them (your changes are lost), or choose another folder."),
    "course.not_a_folder": N_("{path} is a file, not a folder."),
    "course.not_a_file": N_("{path} is in the way: it is not a notebook file."),
    "course.unwritable": N_("Cannot write into {folder}: {reason}."),
    "course.manifest": N_(
        "Written by guandan-learn: the notebooks it copied here and their hashes, so that a "
        "notebook you edit is never replaced without --force."),
    "course.bad_language": N_(
        "There is no course in the language {language!r}; the languages are {languages}."),
    "course.no_notebooks": N_(
        "The notebooks in {language} are not in this installation of guandan-learn."),
    "course.no_chapter": N_("There is no chapter {name!r}; the chapters are {chapters}."),
    "course.no_quiz": N_("Chapter {name} has no quiz of its own."),
    "course.bad_chapters": N_("The chapter list of the course is damaged at {where}."),
    # == end command line ==
}
