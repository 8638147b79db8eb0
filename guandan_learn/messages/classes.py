"""Messages of rosters, assignments, gradebooks and hub collection (``guandan_learn.roster``,
``assignments``, ``gradebook``, ``hub`` and the learner's class box)."""

from __future__ import annotations

from ..i18n import N_, P_, Plural

MESSAGES: dict[str, str | Plural] = {
    # == Rosters ==
    "roster.path.bad": N_("A file is named by its path (text), not {value}."),
    "roster.unreadable": N_("The roster {path} cannot be read: {reason}."),
    "roster.too_big": N_("The roster {path} is larger than {most} MB; a class list is smaller."),
    "roster.not_utf8": N_(
        "The roster {path} is not UTF-8 text; save it from the spreadsheet as \"CSV UTF-8\"."),
    "roster.broken": N_("The roster {path} cannot be read at line {line}: {reason}."),
    "roster.no_name": N_(
        "The roster {path} has no name column: give it a \"name\" column, or \"first name\" "
        "and \"last name\"."),
    "roster.no_id": N_(
        "The roster {path} has no identifier column: give it an \"ID number\", \"username\" "
        "or \"email\" column (the ones the LMS matches on)."),
    "roster.row.no_name": N_("The roster {path}, line {line}: the learner has no name."),
    "roster.row.no_id": N_(
        "The roster {path}, line {line}: {name} has no ID number, username or email."),
    "roster.row.repeat": N_(
        "The roster {path}, line {line}: {value} is already on line {first}; every "
        "learner's identifiers must be their own."),
    "roster.too_many": N_("The roster {path} has more than {most} learners."),
    "roster.empty": N_("The roster {path} lists no learner."),
    "roster.unwritable": N_("{path} cannot be written: {reason}."),
    "roster.code.bad": N_(
        "{value} is not a class code: a class code is {length} letters and digits, like "
        "K7QM-2XHD."),
    "roster.secret.short": N_("A class secret has at least 8 characters."),
    "roster.secret.unreadable": N_("The class secret {path} cannot be read: {reason}."),
    "roster.cli.help": N_(
        "Gives every learner of a roster a class code (made from a secret only you keep) and "
        "writes the roster with a code column"),
    "roster.cli.help.roster": N_("the roster CSV exported from the LMS"),
    "roster.cli.help.secret": N_(
        "the file holding the class secret (made the first time; keep it private)"),
    "roster.cli.help.out": N_("the roster with codes to write (CSV)"),
    "roster.cli.help.slips": N_(
        "also write a printable page of code slips, one per learner (HTML)"),
    "roster.slips.title": N_("Class codes"),
    "roster.slips.how": N_(
        "Type this code once in the study app's \"Class code\" box, or run: guandan-learn "
        "progress --code {code}"),
    "roster.slips.no_codes": N_("The roster has no class codes to print."),
    "roster.cli.help.code": N_("saves the class code your teacher gave you"),
    "roster.cli.wrote": P_(
        "Wrote the class code of {count} learner to {path} (secret: {secret}).",
        "Wrote the class codes of {count} learners to {path} (secret: {secret})."),
    "roster.cli.code_saved": N_(
        "Class code {code} saved: every results file you hand in carries it."),
    # == Assignments ==
    "assignment.not_object": N_("{path}: an assignment is a JSON object {{\"title\": …}}."),
    "assignment.unknown": P_(
        "{path}: unknown field {keys}; an assignment has format, title, opens, due, tries, "
        "chapters, puzzles and generated.",
        "{path}: unknown fields {keys}; an assignment has format, title, opens, due, tries, "
        "chapters, puzzles and generated."),
    "assignment.format": N_("{path}: format {value} is not one this version reads ({format})."),
    "assignment.title": N_("{path}: the title must be text of 1 to 200 characters."),
    "assignment.time": N_(
        "{path}: {field} must be a time such as \"2025-03-07T18:00Z\", not {value}."),
    "assignment.window": N_("{path}: the due time must come after the opening time."),
    "assignment.tries": N_("{path}: tries must be a whole number from 1 to {most}, not {value}."),
    "assignment.list": N_("{path}: {field} must be a list."),
    "assignment.chapter": N_(
        "{path}: chapter {value} has no quiz; the chapters with a quiz are {known}."),
    "assignment.puzzle": N_("{path}: {value} is not a puzzle of the bank."),
    "assignment.generated": N_(
        "{path}: a generated item is {{\"kind\": …, \"seeds\": […], \"difficulty\": 1}}, "
        "not {value}."),
    "assignment.kind": N_("{path}: {value} is not a puzzle kind; the kinds are {kinds}."),
    "assignment.seeds": N_(
        "{path}: seeds must be a list of whole numbers from 0 to 999999999, not {value}."),
    "assignment.difficulty": N_("{path}: difficulty must be 1, 2 or 3, not {value}."),
    "assignment.empty": N_("{path}: the assignment has no puzzle."),
    "assignment.too_many": N_("{path}: {count} puzzles; an assignment holds at most {most}."),
    "assignment.too_big": N_("The assignment {path} is larger than {most} KB."),
    "assignment.unreadable": N_("The assignment {path} cannot be read: {reason}."),
    "assignment.not_json": N_("The assignment {path} is not JSON: {reason}."),
    "assignment.unwritable": N_("The assignment {path} cannot be written: {reason}."),
    "assignment.generated_text": N_(
        "{value} is not KIND:DIFFICULTY:SEEDS, like legal_play:2:1-5,9."),
    "assignment.cli.help": N_("Writes or checks an assignment file"),
    "assignment.cli.help.new": N_("writes a new assignment file"),
    "assignment.cli.help.check": N_("checks an assignment file and lists its puzzles"),
    "assignment.cli.help.title": N_("the title the learners see"),
    "assignment.cli.help.opens": N_("when it opens (ISO time; without a zone, UTC)"),
    "assignment.cli.help.due": N_("when it is due (ISO time; later answers are flagged late)"),
    "assignment.cli.help.chapters": N_("the chapters whose quizzes it holds, e.g. 3,4,5"),
    "assignment.cli.help.puzzles": N_("bank puzzles by id, separated by commas"),
    "assignment.cli.help.generated": N_(
        "generated puzzles as KIND:DIFFICULTY:SEEDS, e.g. legal_play:2:1-5 (repeatable)"),
    "assignment.cli.help.tries": N_("how many answers to a puzzle count (default 1)"),
    "assignment.cli.help.out": N_("the assignment file to write (JSON)"),
    "assignment.cli.help.file": N_("the assignment file"),
    "assignment.cli.wrote": P_("Wrote the assignment \"{title}\" ({count} puzzle) to {path}.",
                               "Wrote the assignment \"{title}\" ({count} puzzles) to {path}."),
    "assignment.cli.checked": P_(
        "\"{title}\": {count} puzzle, {tries:assignment.n.tries}, open from {opens} to {due}:",
        "\"{title}\": {count} puzzles, {tries:assignment.n.tries}, open from {opens} to "
        "{due}:"),
    "assignment.n.tries": P_("{count} answer counted per puzzle",
                             "{count} answers counted per puzzle"),
    # == Gradebook ==
    "gradebook.title": N_("Every learner's grade"),
    "gradebook.assignment": P_(
        "{puzzles} puzzle; {tries:assignment.n.tries}; open from {opens}, due {due}. A "
        "puzzle not answered counts as wrong; late answers count and are flagged.",
        "{puzzles} puzzles; {tries:assignment.n.tries}; open from {opens}, due {due}. A "
        "puzzle not answered counts as wrong; late answers count and are flagged.",
        n="puzzles"),
    "gradebook.col.learner": N_("Learner"),
    "gradebook.col.id": N_("Identifier"),
    "gradebook.col.status": N_("Handed in"),
    "gradebook.col.answered": N_("Puzzles answered"),
    "gradebook.col.right": N_("Right"),
    "gradebook.col.late": N_("Late"),
    "gradebook.col.grade": N_("Grade"),
    "gradebook.handed_in": N_("yes"),
    "gradebook.nothing": N_("nothing handed in"),
    "gradebook.checks.title": N_("Who made each file, and the assignment's window"),
    "gradebook.note.no_code": N_(
        "{file} carries no class code: its answers are kept out of every mark."),
    "gradebook.note.codes": N_(
        "{file} carries several class codes ({codes}): its answers are kept out of every "
        "mark."),
    "gradebook.note.unknown_code": N_(
        "{file} carries a class code that is nobody's on the roster: its answers are kept "
        "out of every mark."),
    "gradebook.note.mismatch": P_(
        "{file} carries the class code of {owner} but {count} answer in it names someone "
        "else: it is kept out of every mark.",
        "{file} carries the class code of {owner} but {count} answers in it name someone "
        "else: they are kept out of every mark."),
    "gradebook.note.in_other": P_(
        "{count} answer of another learner also appears in {file}, the file of {owner}: "
        "it counts only for the learner it names, from that learner's own file.",
        "{count} answers of another learner also appear in {file}, the file of {owner}: "
        "they count only for the learner they name, from that learner's own file."),
    "gradebook.note.by_code": P_(
        "{count} answer names {name}, who is not on the roster, in a file with the class "
        "code of {learner}: it counts for {learner}.",
        "{count} answers name {name}, who is not on the roster, in a file with the class "
        "code of {learner}: they count for {learner}."),
    "gradebook.note.stranger": P_(
        "{count} answer names {name}, who is not on the roster: it is kept out of every "
        "mark.",
        "{count} answers name {name}, who is not on the roster: they are kept out of every "
        "mark."),
    "gradebook.note.home_stranger": N_(
        "{file} is the home folder of {name}, who is not on the roster: its answers are kept "
        "out of every mark."),
    "gradebook.note.home_code": N_(
        "{file} is the home folder of {owner} but carries the class code of {other}: its "
        "answers are kept out of every mark."),
    "gradebook.note.copied": P_(
        "{one} and {two} handed in {count} identical answer at the same time.",
        "{one} and {two} handed in {count} identical answers at the same times."),
    "gradebook.note.other": P_(
        "{count} answer is to a puzzle outside the assignment: not graded.",
        "{count} answers are to puzzles outside the assignment: not graded."),
    "gradebook.note.early": P_(
        "{count} answer was given before the assignment opened: not graded.",
        "{count} answers were given before the assignment opened: not graded."),
    "gradebook.note.late": N_("Late answers (after the due time) from: {learners}."),
    "gradebook.note.nothing": N_("Nothing handed in ({count}): {learners}."),
    "gradebook.note.without_codes": N_(
        "The roster has no class codes, so a file is matched to a learner by the name in it "
        "only: anyone can hand in a file under another's name. Give codes with "
        "guandan-learn roster."),
    "gradebook.lms.roster": N_("The {lms} gradebook needs a roster (--roster)."),
    "gradebook.lms.moodle": N_(
        "Moodle matches learners by ID number or email, and these have neither in the "
        "roster: {learners}."),
    "gradebook.lms.google": N_(
        "Google Classroom matches learners by email, and these have none in the roster: "
        "{learners}."),
    "gradebook.lms.canvas": N_(
        "Canvas matches learners by ID, SIS User ID or SIS Login ID, and these have none in "
        "the roster: {learners}."),
    "gradebook.lms.unknown": N_("{lms} is not a gradebook layout; the layouts are {known}."),
    "gradebook.cli.help.roster": N_(
        "the class's roster CSV: every learner is listed, files are tied to learners"),
    "gradebook.cli.help.assignment": N_(
        "an assignment file: only its puzzles, in its window, are graded"),
    "gradebook.cli.help.lms": N_("also write the gradebook for these LMS: {known}"),
    "gradebook.cli.help.hub": N_(
        "on a JupyterHub: read every learner's saved progress in the home folders below DIR "
        "(instead of SUBMISSIONS)"),
    "gradebook.cli.source": N_(
        "Give either SUBMISSIONS (a folder or a zip of results files) or --hub-homes DIR."),
    # == Hub ==
    "hub.not_regular": N_("not a regular file"),
    "hub.link": N_("the progress file is a symbolic link, not read"),
    "hub.unreadable": N_("the saved progress cannot be read ({reason})"),
    "hub.nothing": N_("no saved progress in this home folder"),
    # == The learner's class box ==
    "class_box.code": N_("Class code"),
    "class_box.save": N_("Save"),
    "class_box.code_help": N_(
        "If your teacher gave you a class code, type it here once: every results file you "
        "hand in will carry it."),
    "class_box.code_saved": N_("Your class code {code} is saved with your answers."),
    "class_box.title": N_("Your assignments"),
    "class_box.due": P_(
        "{title} — due {due}: {done} of {count} puzzle answered, {right:class_box.n.right}.",
        "{title} — due {due}: {done} of {count} puzzles answered, {right:class_box.n.right}."),
    "class_box.late": P_(
        "{title} — was due {due} (answers now are late): {done} of {count} puzzle "
        "answered, {right:class_box.n.right}.",
        "{title} — was due {due} (answers now are late): {done} of {count} puzzles "
        "answered, {right:class_box.n.right}."),
    "class_box.n.right": P_("{count} right", "{count} right"),
    "class_box.start": N_("Start"),
}
