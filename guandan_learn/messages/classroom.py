"""Messages of the class report and gradebook (``guandan_learn.classroom``, ``guandan-learn
class``)."""

from __future__ import annotations

from ..i18n import N_, P_, Plural

MESSAGES: dict[str, str | Plural] = {
    # == Classroom ==
    "classroom.title": N_("Class report"),
    "classroom.summary": P_(
        "{learners} learner, {answers:classroom.n.regraded}, from {files:classroom.n.files} "
        "in {source}.",
        "{learners} learners, {answers:classroom.n.regraded}, from {files:classroom.n.files} "
        "in {source}.", n="learners"),
    "classroom.n.regraded": P_("{count} answer graded again by the engine",
                               "{count} answers graded again by the engine"),
    "classroom.n.files": P_("{count} results file", "{count} results files"),
    "classroom.n.learners": P_("{count} learner", "{count} learners"),
    "classroom.first_try_note": N_(
        "Accuracy counts each learner's first answer to each puzzle (later tries are "
        "practice). Every answer was graded again by the rules engine; the files' own "
        "'correct' column is not trusted."),
    "classroom.nobody": N_("No answers could be read."),
    "classroom.total": N_("total"),
    "classroom.heatmap.title": N_("First-try accuracy, learner by chapter"),
    "classroom.heatmap.chapter": N_("ch. {chapter}"),
    "classroom.heatmap.cell": N_("{learner}: {right} of {tried} right at the first try"),
    "classroom.clauses.title": N_("Accuracy per rule clause"),
    "classroom.difficulty.title": N_("Endgame puzzles: measured difficulty and first tries"),
    "classroom.difficulty.note": N_(
        "Each endgame puzzle's difficulty (1 to 3) is measured by the solver: a point when at "
        "most a quarter of the first moves win, a point when the solver's line takes 11 moves "
        "or more. If the difficulty means something, harder puzzles are answered right less "
        "often."),
    "classroom.difficulty.level": N_("Difficulty"),
    "classroom.difficulty.puzzles": N_("Puzzles"),
    "classroom.difficulty.none": N_("Nobody has answered an endgame puzzle yet."),
    "classroom.clauses.clause": N_("Clause"),
    "classroom.clauses.accuracy": N_("Right at the first try"),
    "classroom.clauses.tried": N_("Right / answered"),
    "classroom.clauses.bar": N_("Right at the first try, as a bar"),
    "classroom.misconceptions.title": N_("The most frequent misconceptions (up to ten)"),
    "classroom.misconceptions.none": N_("No wrong answer matched a known misconception."),
    "classroom.misconceptions.count": P_("{count} answer, {learners:classroom.n.learners}",
                                         "{count} answers, {learners:classroom.n.learners}"),
    "classroom.misconception.example": N_(
        "Example ({puzzle}): {setup} {question} Answered: {answer}."),
    "classroom.learners.title": N_("Each learner's progress"),
    "classroom.learners.learner": N_("Learner"),
    "classroom.learners.puzzles": N_("Puzzles answered"),
    "classroom.learners.first_try": N_("Right at the first try"),
    "classroom.learners.chapters": N_("Chapters attempted"),
    "classroom.learners.last": N_("Last answer (UTC)"),
    "classroom.learners.bar": N_("Chapters attempted, as a bar"),
    "classroom.notes.title": N_("What was reported while reading the files ({count})"),
    "classroom.notes.none": N_("Every file and every line was read as written."),
    "classroom.note.lines": N_("{path}, lines {lines}: {reason}."),
    "classroom.note.several_files": N_(
        "The learner {learner!r} is in several files ({files}); their answers were merged."),
    "classroom.note.duplicates": P_(
        "{count} answer was handed in more than once; it counts once.",
        "{count} answers were handed in more than once; each counts once."),
    "classroom.not_results": N_("not a results file (a results file is a .csv); skipped"),
    "classroom.too_big": N_("larger than {most} MB, so not a results file; skipped"),
    "classroom.bad_member": N_("cannot be read from the zip ({reason}); skipped"),
    "classroom.empty_file": N_("holds no answers"),
    "classroom.bad_source": N_(
        "Cannot read the submissions {path}: {reason}. Give a folder or a .zip of results "
        "files."),
    "classroom.missing": N_("there is no such file or folder"),
    "classroom.unwritable": N_("Cannot write the class report into {path}: {reason}"),
    "classroom.upload": N_("Upload a .zip"),
    "classroom.cli.help": N_(
        "Collect a class's results files (a folder or a .zip), grade every answer again, and "
        "write a gradebook (gradebook.csv) and a report (report.html)."),
    "classroom.cli.help.submissions": N_("a folder or a .zip of results CSV files"),
    "classroom.cli.help.out": N_("the folder to write gradebook.csv and report.html into"),
    "classroom.cli.wrote": N_("Wrote {path}"),
    # The limits of a class report (classroom.Limits).
    "classroom.limit_bad": N_(
        "The class report's limit {name} cannot be {value}: give a whole number, 0 or more."),
    "classroom.unreadable_folder": N_("this folder cannot be read ({reason}); skipped"),
    "classroom.too_deep": N_("inside more than {most} folders; skipped"),
    "classroom.too_many_files": N_(
        "past the first {most} files of the submissions, which are all that is read; skipped"),
    "classroom.more_entries": N_("{count} more entries of the zip"),
    "classroom.zip_too_big": N_(
        "the zip is larger than {most} MB, more than a class report reads"),
    "classroom.zip_too_many": N_(
        "the zip holds {count} entries, more than the {most} a class report looks at"),
    "classroom.too_much": N_(
        "the files read before it already hold {most} MB, all that a class report reads; "
        "skipped"),
    "classroom.overlapping": N_(
        "its data overlaps another entry's in the zip (a zip bomb's trick); skipped"),
    "classroom.encrypted": N_("it is encrypted (it needs a password); skipped"),
    "classroom.ratio": N_(
        "it is compressed more than {most} times (a zip bomb's trick, never a results "
        "file's); skipped"),
    "classroom.too_many_rows": N_(
        "the files read before it already hold {most} lines, all that a class report "
        "reads; what follows was not read"),
    "classroom.note.files": N_("{count} files: {reason}: {files}."),
    "classroom.note.more_files": N_("{files} and {count} more"),
    "classroom.note.more_lines": N_("{lines} and {count} more"),
    "classroom.learners.shown": N_(
        "The first {shown} of the {learners} learners (by name) are shown here; every "
        "learner is in the gradebook (gradebook.csv)."),
    # == end classroom ==
}
