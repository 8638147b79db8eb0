"""Saved progress: every graded answer in a local SQLite database, and the skills it schedules.

Each answer is one row: when (UTC), which puzzle (a bank id, or a generator's kind, seed and
difficulty), its kind and clauses, the answer given, right or wrong, the misconception matched,
and the learner. Each row's id is a hash of its contents, so importing the same rows twice
adds nothing. The skills (every puzzle kind and every clause) are flashcards scheduled by the
``fsrs`` package: a right answer rates the skill *Good*, a wrong one *Again*; a retry of the
same puzzle within ``RETRY_WINDOW`` of the try before is stored but not reviewed, so a question
is reviewed once, by its first try (as mastery counts it).

The database lives in the user's data folder (``platformdirs``) unless ``GUANDAN_PROGRESS``
names a file; ``GUANDAN_PROGRESS=off`` records nothing. Writes are transactions (WAL journal,
``BEGIN IMMEDIATE``, a busy timeout), so two processes may answer at once. Every new answer is
first appended to a plain log beside the file (``<file>.answers.jsonl``, synced to disk), then
committed. A damaged file (SQLite says corrupt or not a database, or it is another program's)
is never deleted: it is rebuilt from the log and what SQLite still reads in it under a
temporary name, the old one renamed with a timestamp suffix and the new one moved into place,
and a ``ProgressWarning`` says so. A file that cannot be opened for any other reason raises
``ProgressError`` and is left alone. On each start, answers only the log or a damaged copy set
aside still holds are copied back (see ``recovery``).

>>> import tempfile, pathlib
>>> from guandan_learn.exercises import Question, generate
>>> folder = tempfile.mkdtemp()
>>> progress = Progress(pathlib.Path(folder) / "progress.sqlite3")
>>> q = Question(generate("legal_play", seed=3))
>>> row = progress.record(q.puzzle, q.check(q.puzzle.answer), at="2025-01-02T03:04:05Z")
>>> row.correct, row.kind, row.source, row.at
(True, 'legal_play', 'generated', '2025-01-02T03:04:05.000000+00:00')
>>> progress.summary().kinds["legal_play"].accuracy
1.0
>>> progress.close()

The package's modules each own one thing: ``answer`` (the row, times, where the file lives),
``store`` (the ``Progress`` database and the graders' hook), ``recovery`` (damage and salvage),
``scheduling`` (skills, summaries), ``csv_file`` (results CSV, every row graded again by
``regrade``) and ``picker`` (what next).
"""

from __future__ import annotations

from ..exercises.grade import Feedback, on_answer
from ..exercises.model import Puzzle
from .answer import (
    APPLICATION_ID,
    BUSY_MS,
    CSV_COLUMNS,
    DEFAULT_LEARNER,
    EARLIEST,
    ENV_HUB_USER,
    ENV_LEARNER,
    ENV_PATH,
    FILE_NAME,
    LATEST,
    OFF_WORDS,
    SCHEMA_VERSION,
    Answer,
    answer_notation,
    as_utc,
    default_learner,
    hand_in_name,
    iso,
    learner_name,
    progress_path,
    results_file_name,
    utc_now,
)
from .csv_file import RESULTS_FORMAT, Problem, Results, read_csv, read_results
from .recovery import diagnose, leftovers, log_path, move_aside, read_log, salvage
from .regrade import Regrader
from .scheduling import Skill, Stats, Summary, chapter_of, clause_key, review, scheduler
from .store import Progress, close_shared, on_recorded, record_answer, shared_progress

__all__ = [
    "APPLICATION_ID",
    "BUSY_MS",
    "CSV_COLUMNS",
    "DEFAULT_LEARNER",
    "EARLIEST",
    "ENV_HUB_USER",
    "ENV_LEARNER",
    "ENV_PATH",
    "FILE_NAME",
    "LATEST",
    "OFF_WORDS",
    "RESULTS_FORMAT",
    "SCHEMA_VERSION",
    "Answer",
    "Problem",
    "Progress",
    "Regrader",
    "Results",
    "Skill",
    "Stats",
    "Summary",
    "answer_notation",
    "as_utc",
    "chapter_of",
    "clause_key",
    "close_shared",
    "default_learner",
    "diagnose",
    "hand_in_name",
    "iso",
    "learner_name",
    "leftovers",
    "log_path",
    "move_aside",
    "on_recorded",
    "progress_path",
    "read_csv",
    "read_log",
    "read_results",
    "record_answer",
    "results_file_name",
    "review",
    "salvage",
    "scheduler",
    "shared_progress",
    "utc_now",
]


def _record_checked(puzzle: Puzzle, feedback: Feedback, answer: object) -> None:
    record_answer(puzzle, feedback, answer=answer)


# Every answer a ``Question`` checks is recorded: grading returns results, progress subscribes.
on_answer(_record_checked)
