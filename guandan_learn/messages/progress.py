"""Messages of saved progress, scheduling, worksheets and the study app."""

from __future__ import annotations

from ..i18n import N_, P_, Plural

MESSAGES: dict[str, str | Plural] = {
    # == Progress and classroom ==
    "progress.off": N_(
        "Saved progress is off ({variable}=off): nothing is recorded, and there is nothing to "
        "show."),
    "progress.unusable": N_("Cannot use the progress file {path}: {reason}"),
    "progress.closed": N_("The progress file {path} is closed."),
    "progress.not_a_file": N_("it is not a regular file (a folder or a device?)"),
    "progress.path.bad": N_(
        "A progress file is named by a path, not by a value of type {value}."),
    "progress.path.folder": N_(
        "The progress file {path!r} names a folder, not a file: add a file name."),
    "progress.unwritable": N_(
        "Could not read or write the progress file {path}: {reason}. The answer was not "
        "saved; check the file's permissions and the free space on its disk."),
    "progress.restored": P_(
        "Your progress file {path} lacked {count} answer that was still kept in its answer "
        "log {log} or in a damaged copy set aside earlier; it was copied back into it.",
        "Your progress file {path} lacked {count} answers that were still kept in its answer "
        "log {log} or in a damaged copy set aside earlier; they were copied back into it."),
    "progress.row.not_mapping": N_(
        "An answer row is a mapping of field names to values, not a value of type {value}."),
    "progress.not_answers": N_("Only answers (Answer rows) can be added to saved progress."),
    "progress.learner.bad": N_("A learner's name is text, not a value of type {value}."),
    "progress.learner.blank": N_("A learner's name cannot be blank."),
    "progress.time.bad": N_("Cannot read {value} as a time (write it like 2025-03-01T09:00Z)."),
    "progress.time.range": N_(
        "The time {value} is out of range: answers are dated from {earliest} to {latest}."),
    "progress.failed": N_(
        "Could not read or write the progress file {path}: {reason}. Nothing was lost: try "
        "again when no other program is writing it."),
    "progress.no_wal": N_(
        "The progress file {path} cannot use a write-ahead journal here (mode {mode}); two "
        "programs answering at once may wait for each other."),
    "progress.not_recorded": N_(
        "Your answer was graded but not saved in your progress: {reason}"),
    "progress.recovered": P_(
        "Your progress file {path} could not be read ({reason}). It was moved aside, not "
        "deleted, to {moved}; a new file was started and the {count} answer still readable "
        "in the old one was copied into it.",
        "Your progress file {path} could not be read ({reason}). It was moved aside, not "
        "deleted, to {moved}; a new file was started and the {count} answers still readable "
        "in the old one were copied into it."),
    "progress.damage.check": N_("SQLite's integrity check failed: {detail}"),
    "progress.damage.foreign": N_("it is an SQLite file, but not a guandan-learn progress file"),
    "progress.damage.newer": N_(
        "it was written by a newer guandan-learn (format {version}); update to read it"),
    "progress.damage.schema": N_("its tables are not those of a progress file"),
    "progress.log.torn": P_(
        "The answer log {log} ended in a line cut short ({size} byte from byte {start}), "
        "left by a program stopped while writing it. That line was kept as it is, apart, and "
        "the next answer was written on a new line.",
        "The answer log {log} ended in a line cut short ({size} bytes from byte {start}), "
        "left by a program stopped while writing it. That line was kept as it is, apart, and "
        "the next answer was written on a new line.", n="size"),
    "progress.log.skipped": P_(
        "{count} line of the answer log {log} is no answer this program wrote (cut short or "
        "edited) and was skipped; it was left in the log: line {lines}.",
        "{count} lines of the answer log {log} are no answer this program wrote (cut short "
        "or edited) and were skipped; they were left in the log: lines {lines}."),
    "progress.table.bad": N_("{path}: table {table}, row {row}: {reason}"),
    "progress.card.bad": N_("the skill's schedule is not one this program wrote"),
    "progress.skills.replayed": N_(
        "{reason}; the skill was scheduled again from the answers."),
    "progress.rows.skipped": P_(
        "{path}: {count} row of the table answers cannot be read (edited by another "
        "program?) and was left out, but kept in the file: id {rows}.",
        "{path}: {count} rows of the table answers cannot be read (edited by another "
        "program?) and were left out, but kept in the file: ids {rows}."),
    "progress.meta.bad": N_(
        "{path}: table meta, row log_size: {value!r} is no size in bytes, so the answer log "
        "was read again."),
    "progress.row.missing": N_("the field {field!r} is empty"),
    "progress.row.bad": N_("cannot read {value!r} as the field {field!r}"),
    "progress.csv.line": N_("{path}, line {line}: {reason}."),
    "progress.csv.extra": N_("this line has more fields than the header"),
    "progress.csv.read": N_("Cannot read the results CSV {path}: {reason}"),
    "progress.csv.file_problem": N_("{path}: {reason}."),
    "progress.csv.unreadable": N_("cannot be read ({reason})"),
    "progress.csv.not_text": N_("it is not a text file (a results CSV is UTF-8 text)"),
    "progress.csv.broken": N_("the file is cut short or broken here ({reason}); what follows "
                              "was not read"),
    "progress.csv.columns_missing": P_(
        "it is not a results CSV: it lacks the column {missing} (line 1)",
        "it is not a results CSV: it lacks the columns {missing} (line 1)"),
    "progress.csv.newer": N_(
        "written by a newer guandan-learn (results format {format}); update to read it"),
    "progress.csv.forged_right": N_(
        "marked right, but the engine grades this answer wrong; it counts as wrong"),
    "progress.csv.forged_wrong": N_(
        "marked wrong, but the engine grades this answer right; it counts as right"),
    "progress.csv.line_short": N_("line {line}: {reason}"),
    "progress.csv.problems": P_("{count} line of {path} was not taken as written: {problems}.",
                                "{count} lines of {path} were not taken as written: "
                                "{problems}."),
    "progress.regrade.unknown": N_(
        "the puzzle {puzzle!r} is not in the bank, so the answer cannot be graded again"),
    "progress.regrade.source": N_(
        "the puzzle is neither from the bank nor generated (source {source!r}), so the answer "
        "cannot be graded again"),
    "progress.regrade.generated": N_(
        "the generated puzzle {puzzle!r} cannot be made again from its kind, seed and "
        "difficulty"),
    "progress.regrade.mismatch": N_(
        "the row names the puzzle {puzzle!r}, but its kind, seed and difficulty make {made!r}"),
    "progress.regrade.no_answer": N_("no answer is recorded, so it cannot be graded again"),
    "progress.regrade.answer": N_("cannot read the answer {answer!r}: {reason}"),
    "progress.regrade.long": N_(
        "the answer is longer than {most} characters, so it is no answer to a puzzle"),
    "progress.regrade.nested": N_("the answer is nested too deep to be read"),
    "progress.regrade.spent": N_(
        "not graded again: the re-grading budget is spent ({puzzles} puzzles made again, "
        "{seconds} s of work); the answers already graded still count"),
    "progress.regrade.budget_bad": N_(
        "The re-grading budget's {field} cannot be {value}: give a whole number or a finite "
        "number of seconds, 0 or more, or None for no limit."),
    "progress.file.special": N_(
        "it is not a regular file (a folder, a device, a pipe or a link to one), so it is "
        "not read"),
    "progress.file.system": N_(
        "it is in the system's {folder} folder, or a link into it, so it is not read"),
    "progress.file.broken_link": N_("it is a link to nothing (the file it names is gone)"),
    "progress.file.too_big": N_("it is larger than {most} MB, so it is no results file"),
    "progress.csv.too_many_columns": N_(
        "its header has {count} columns, more than the {most} a results file may have"),
    "progress.csv.too_many_rows": N_(
        "the file has more than {most} lines; this line and the ones after it were not read"),
    "progress.cli.skipped": N_("Not taken as written: {problem}"),
    "progress.name.saved": N_(
        "A name is already saved with this progress ({name}); it cannot be changed here."),
    "app.hand_in.name": N_("Your name:"),
    "app.hand_in.save": N_("Use this name"),
    "app.hand_in.help": N_(
        "Your results are handed in under this name. Check it and press the button: it can "
        "be set only once."),
    "app.hand_in.as": N_("Results are handed in as {name}."),
    "app.hand_in.download": N_("Download my results"),
    "app.hand_in.count": P_("{count} answer, as {file}", "{count} answers, as {file}"),
    "app.hand_in.none": N_("No answers saved yet: check an answer first."),
    "app.hand_in.binder": N_(
        "This is a temporary Binder session: your answers are lost when it ends. Download "
        "your results before you close the page."),
    "progress.csv.write": N_("Cannot write the results CSV {path}: {reason}"),
    "progress.skill.kind": N_("puzzle kind {topic}"),
    "progress.skill.clause": N_("clause {topic}"),
    "progress.summary.empty": N_("No answers recorded yet for {learner}."),
    "progress.summary.total": P_(
        "{learner}: {answered} answer, {right:progress.n.right} ({percent}%).",
        "{learner}: {answered} answers, {right:progress.n.right} ({percent}%).", n="answered"),
    "progress.n.right": P_("{count} right", "{count} right"),
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
    "worksheet.meta": P_(
        "Topics: {topics} · {count} question · difficulty {difficulty} · sheet {seed}",
        "Topics: {topics} · {count} questions · difficulty {difficulty} · sheet {seed}"),
    "worksheet.instructions": N_(
        "Answer every question. Where there are options, tick one box; otherwise write your "
        "answer on the line. Cards are written rank then suit: 8♣ is the eight of clubs, RJ "
        "and BJ are the red and black jokers."),
    "worksheet.number": N_("Question {number}"),
    "worksheet.answer": N_("Answer: {answer}"),
    "worksheet.clauses": N_("Rules: {clauses}"),
    "worksheet.source": N_("Puzzle {id}"),
    "worksheet.line.answer": N_("Answer:"),
    "worksheet.line.why": N_("Why (which rule)?"),
    "worksheet.footer": N_(
        "Made with guandan-learn (sheet {seed}); the answers and explanations come from its "
        "rules engine."),
    "worksheet.bad_topic": N_(
        "Cannot make a worksheet on {topic}: the topics are puzzle kinds ({kinds}), separated "
        "by commas, or 'mixed'."),
    "worksheet.bad_count": N_("A worksheet has 1 to {most} questions, not {count}."),
    "worksheet.no_puzzle": N_("No {kind} puzzle could be made for question {number}."),
    "worksheet.roster_read": N_("Cannot read the roster {path}: {reason}"),
    "worksheet.roster_column": N_(
        "The roster {path} looks like a CSV file but has no 'name' column (line 1)."),
    "worksheet.roster_empty": N_("The roster {path} names no student."),
    "worksheet.roster_code": N_("The roster {path}, at {name}: {reason}"),
    "worksheet.roster_repeat": N_(
        "The roster {path} names {name!r} twice: every sheet is named by its student."),
    "worksheet.write": N_("Cannot write {path}: {reason}"),
    "worksheet.bad_variant": N_(
        "A class set has 1 to {most} students; there is no student {variant}."),
    # Sheet codes: printed on each sheet, typed back to enter the answers written on paper
    "sheet.code.label": N_("Code: {code}"),
    "sheet.class_code.label": N_("Class code: {code}"),
    "sheet.code.how": N_(
        "To hand in your answers, type them on screen: guandan-learn sheet {code}, or the "
        "study app's \"My paper sheet\" tab."),
    "sheet.code.bad_chars": N_(
        "{code} is not a sheet code: a code has at most {most} characters, digits and the "
        "letters A to Z other than U (copy it from the top of your sheet)."),
    "sheet.code.mistyped": N_(
        "The sheet code {code} does not check out: a character is mistyped. Copy it again "
        "from the top of your sheet."),
    "sheet.code.unknown": N_(
        "The sheet code {code} names no sheet this version of guandan-learn makes."),
    "sheet.cli.help": N_(
        "Enter the answers you wrote on a printed worksheet: its questions again, by the code "
        "at its top; each answer is graded and saved like any other."),
    "sheet.cli.help.code": N_("the code printed at the top of your sheet"),
    "sheet.cli.help.tries": N_(
        "answers you may give before a wrong one shows the solution (default 1, as on paper)"),
    "sheet.opened": P_(
        "Sheet {code}: {count} question, the same as on your paper. Enter the answer you "
        "wrote for it.",
        "Sheet {code}: {count} questions, the same as on your paper. Enter the answer you "
        "wrote for each."),
    "app.tab.sheet": N_("My paper sheet"),
    "app.sheet.code": N_("Sheet code:"),
    "app.sheet.open": N_("Open my sheet"),
    "app.sheet.help": N_(
        "Answered a printed worksheet? Type the code at its top to enter your answers here: "
        "they are graded and saved like any other."),
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
    "progress.cli.imported": P_(
        "Added {count} new answer from {path} ({already:progress.n.already}).",
        "Added {count} new answers from {path} ({already:progress.n.already})."),
    "progress.n.already": P_("{count} was there already", "{count} were there already"),
    "progress.cli.exported": P_("Wrote {count} answer to {path}.",
                                "Wrote {count} answers to {path}."),
    "progress.cli.more": N_("And {count} more."),
    "worksheet.cli.help": N_(
        "Write a printable worksheet (HTML, cards drawn) and its answer key; with a roster, "
        "an equivalent but different sheet for every student."),
    "worksheet.cli.help.topic": N_(
        "puzzle kinds separated by commas, such as 'legal_play,classify', or 'mixed'"),
    "worksheet.cli.help.out": N_("the folder to write the sheets into"),
    "worksheet.cli.help.roster": N_(
        "a file of student names, one a line (or a CSV file with a 'name' column, and a 'code' "
        "column to print each student's class code on their sheet)"),
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
    "progress.plot.wrong_label": N_(
        "{wrong} of {answered} wrong ({learners:progress.n.learners})"),
    "progress.n.learners": P_("{count} learner", "{count} learners"),
    "progress.plot.wrong_axis": N_("answers that were wrong (%)"),
    "progress.plot.wrong_title": N_("What the class gets wrong, clause by clause"),
    "app.tab.due": N_("Due first"),
    "app.tab.progress": N_("My progress"),
    "app.new_set": N_("New set: what is due first"),
    # -- The progress view: honest mastery, chapters and rules by name, local times --
    "progress.view.title": N_("Your progress"),
    "progress.view.title_of": N_("Progress of {learner}"),
    "progress.view.empty": N_(
        "No answers recorded yet. Answer a quiz and your progress shows here."),
    "progress.view.headline": N_(
        "Questions answered: {questions}. Right the first time: {first}; right after another "
        "try: {later}; not solved: {wrong}."),
    "progress.view.how": N_(
        "Mastery counts only your first try at each question, recent questions the most, and "
        "it fades as your memory of a rule fades, until you practise it again. One answer says "
        "too little, so mastery shows as a figure once a rule has been asked at least twice; "
        "a rule is known well from {well}% on."),
    "progress.view.early": N_("too early"),
    "progress.view.chapters": N_("Chapter by chapter"),
    "progress.view.rules": N_("Rule by rule (the rules you have practised)"),
    "progress.view.col.chapter": N_("Chapter"),
    "progress.view.col.questions": N_("Questions"),
    "progress.view.col.first": N_("Right the first time"),
    "progress.view.col.mastery": N_("Mastery"),
    "progress.view.col.words": N_("In words"),
    "progress.view.col.rule": N_("Rule"),
    "progress.view.col.memory": N_("Memory now"),
    "progress.view.col.last": N_("Last practised"),
    "progress.view.col.review": N_("Next review"),
    "progress.view.percent": N_("{percent}%"),
    "progress.view.first_of": N_("{first} of {questions}"),
    "progress.view.words": N_("You know {well} of the {total} rules of this chapter well."),
    "progress.view.words.practice": P_("{count} rule needs more practice.",
                                       "{count} rules need more practice."),
    "progress.view.words.once": P_("{count} rule was right the only time it was asked.",
                                   "{count} rules were right the only time they were asked."),
    "progress.view.words.due": P_("{count} rule is due for review now.",
                                  "{count} rules are due for review now."),
    "progress.view.words.untried": N_("Not tried yet ({total} rules)."),
    "progress.view.state.well": N_("known well"),
    "progress.view.state.practice": N_("needs more practice"),
    "progress.view.state.once": N_("right once so far"),
    "progress.view.due_now": N_("due now"),
    "progress.view.other_chapter": N_("Other rules"),
    "progress.view.due_kinds": N_("Kinds of question due for practice now: {kinds}."),
    "progress.view.times": N_("Times are local ({zone})."),
    "progress.view.rule_line": N_(
        "{rule}: {first} of {questions} right the first time; mastery {mastery}% "
        "({state}); last practised {last}; next review {review}."),
    "progress.view.chapter_line": N_("{chapter}: mastery {mastery}%. {words}"),
    "progress.view.chapter_line_early": N_(
        "{chapter}: no mastery figure yet (no rule asked twice). {words}"),
    "progress.view.rule_line_early": N_(
        "{rule}: {first} of {questions} right the first time ({state}); no mastery figure "
        "before a second question; last practised {last}; next review {review}."),
    "progress.bars.title": N_("Your questions, chapter by chapter"),
    "progress.bars.first": N_("right the first time"),
    "progress.bars.later": N_("right after another try"),
    "progress.bars.wrong": N_("not solved"),
    "progress.bars.axis": N_("questions answered"),
    "progress.bars.mastery": N_("mastery {percent}% on {tried} of {total} rules"),
    "progress.bars.early": N_("too early: {tried} of {total} rules tried"),
    "progress.bars.due": N_("{count} due for review"),
    "progress.bars.untried": N_("not tried yet"),
    "progress.difficulty.band": N_(
        "Difficulty {level}: {percent}% right at the first try ({right} of {tried} first "
        "answers, {puzzles} puzzles)."),
    "progress.difficulty.not_answers": N_(
        "Expected a Progress store or a list of saved answers, got {value}."),
    # == end progress ==
}
