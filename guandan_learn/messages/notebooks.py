"""Messages of the glossary and of what the notebooks print from their own cells."""

from __future__ import annotations

from ..i18n import N_, P_, Plural

MESSAGES: dict[str, str | Plural] = {
    # The glossary's table (guandan_learn.glossary.glossary_html): the column of the words in
    # the learner's language, and the column of their meaning
    "glossary.head.word": N_("English"),
    "glossary.head.meaning": N_("meaning"),
    # ``import guandan_learn.widgets`` without the lab extra; the command is not translated
    "widgets.needs_lab": N_(
        "guandan_learn.widgets needs {module}, which is not installed. Install what the "
        "notebooks need with: pip install \"guandan-learn[lab]\""),
    # The teacher's notebook (notebooks/teacher_classroom.ipynb)
    "teacher.first_question": N_("{student}: question 1 — {setup}"),
    "teacher.answers": P_("{count} answer", "{count} answers"),
    # What a saved notebook shows where a widget was, until the notebook runs
    "notebooks.run_first": N_("This widget works once the notebook runs: choose Run → Run All "
                              "Cells."),
}
