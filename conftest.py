"""Settings for every test run from the repository (tests/ and nbval over notebooks/).

Graded answers are saved in the learner's progress database (``guandan_learn.progress``);
the tests turn that off for this process and every process it starts (kernels, servers, the
command line), so no test writes to the real home folder. Tests of progress itself pass a
temporary file. They also run in English whatever the machine's locale; tests of another
language select it.
"""

from __future__ import annotations

import os
import time

import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ["GUANDAN_PROGRESS"] = "off"
    os.environ["GUANDAN_LANG"] = "en"  # the tests expect English, whatever the locale (LANG)
    os.environ.pop("GUANDAN_LEARNER", None)
    _retry_kernel_starts()


def _retry_kernel_starts() -> None:
    """Gives nbval's kernel start two more tries: a kernel that dies before it answers (two
    kernels started at once by parallel workers can both be handed the same free port) is
    started again, while a kernel that never starts still fails, after the third try."""
    try:
        import nbval.kernel as kernel
    except ImportError:  # nbval is a test tool of the notebooks only
        return
    start = kernel.start_new_kernel
    if getattr(start, "retries", False):
        return

    def start_new_kernel(*args: object, **kwargs: object) -> object:
        for attempt in range(3):
            try:
                return start(*args, **kwargs)
            except RuntimeError:
                if attempt == 2:
                    raise
                time.sleep(1 + attempt)
        raise AssertionError("unreachable")

    start_new_kernel.retries = True  # type: ignore[attr-defined]
    kernel.start_new_kernel = start_new_kernel
