"""What a saved notebook shows where a widget was, before the notebook runs again.

A widget lives only in a running kernel. Every widget of the project also gives a plain
``text/html`` line, saying to run the notebook; JupyterLab and Voilà prefer the live widget,
while a notebook opened without running (or exported to HTML) shows that line instead of a
dead copy. The notebook build keeps the line and drops the widget's own output and state.

>>> from guandan_learn import set_language
>>> _ = set_language("en")
>>> "Run All Cells" in RunFirst()._repr_html_()
True
"""

from __future__ import annotations

import html

from ..messages import say

#: The class of the line, which tests and styles find it by.
RUN_FIRST_CLASS = "gdl-run-first"


def run_first_html() -> str:
    """Returns the line a saved copy of a widget shows: run the notebook to use it."""
    return f'<p class="{RUN_FIRST_CLASS}">{html.escape(say("notebooks.run_first"))}</p>'


class RunFirst:
    """Mixes into a widget the ``text/html`` line that stands for it in a saved notebook."""

    def _repr_html_(self) -> str:
        """Returns the line that says to run the notebook."""
        return run_first_html()
