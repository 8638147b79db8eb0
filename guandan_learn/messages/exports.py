"""Messages of the class set in one file and of the exports to Moodle and jupyterquiz."""

from __future__ import annotations

from ..i18n import N_, P_, Plural

MESSAGES: dict[str, str | Plural] = {
    # == A class set in one file (``guandan-learn worksheet --roster FILE --one-file``) ==
    "worksheet.one_file_roster": N_(
        "A class set in one file needs a roster: give the students' names with --roster."),
    "worksheet.class_title": N_("Guandan worksheets: the class set"),
    "worksheet.grid.title": N_("Answers of the class"),
    "worksheet.grid.student": N_("Student"),
    "worksheet.grid.question": N_("Q{number}"),
    "worksheet.cli.help.one_file": N_(
        "also write class-set.html: every student's sheet, one a page, and the class answer "
        "grid at the end (needs --roster)"),
    # == Exports of the bank (``guandan-learn export moodle|jupyterquiz``) ==
    "exports.category.more": N_("More puzzles · {topic}"),
    "exports.rules": N_("Rules: {clauses}"),
    "exports.try_again": N_("Try another answer."),
    "exports.no_quiz": N_(
        "Chapter {chapter} has no quiz, so there is nothing to export. Chapters with a quiz: "
        "{chapters}."),
    "exports.bad_format": N_("Cannot export to {format}: the formats are {formats}."),
    "exports.nothing": N_("No puzzle of the bank can be exported as asked."),
    "exports.write": N_("Cannot write {path}: {reason}"),
    "exports.skip.few_options": N_(
        "the engine finds fewer than two different answers to offer as options"),
    "exports.skip.no_right": N_("the engine marks none of the options right"),
    "exports.skip.all_right": N_("the engine marks every option right"),
    "exports.skip.same_words": N_("two different options read the same in words"),
    "exports.skip.bad_char": N_(
        "its {field} holds the character {char}, which the export formats cannot carry"),
    "exports.not_written": N_(
        "The export was not written to {path}, and any file already there was left as it "
        "was: {reason}"),
    "exports.cli.help": N_(
        "Export the bank's puzzles as quiz questions: Moodle XML or jupyterquiz JSON."),
    "exports.cli.help.format": N_(
        "moodle (question XML to import into a Moodle question bank) or jupyterquiz (JSON for "
        "jupyterquiz.display_quiz)"),
    "exports.cli.help.out": N_("the file to write"),
    "exports.cli.help.chapter": N_(
        "only the puzzles of this chapter's quiz (its number or name); default: the whole bank"),
    "exports.cli.help.lang": N_(
        "the language of the questions and of the messages: en, pt or es"),
    "exports.cli.wrote": P_("Wrote {count} question to {path}.",
                            "Wrote {count} questions to {path}."),
    "exports.cli.skipped": N_(
        "Puzzles skipped, as they cannot be asked as a choice faithfully: {count}."),
    "exports.cli.skipped_one": N_("{id}: {reason}"),
}
