"""Settings for every test run from the repository (tests/ and nbval over notebooks/).

Graded answers are saved in the learner's progress database (``guandan_learn.progress``);
the tests turn that off for this process and every process it starts (kernels, servers, the
command line), so no test writes to the real home folder. Tests of progress itself pass a
temporary file. They also run in English whatever the machine's locale; tests of another
language select it.
"""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ["GUANDAN_PROGRESS"] = "off"
    os.environ["GUANDAN_LANG"] = "en"  # the tests expect English, whatever the locale (LANG)
    os.environ.pop("GUANDAN_LEARNER", None)
