"""Without the lab extra, ``import guandan_learn.widgets`` says what to install (issue 25)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Imports the widgets with ``blocked`` made unimportable, as if the lab extra were missing.
PROBE = """
import sys
from importlib.abc import MetaPathFinder

class Block(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Block())
from guandan_learn import set_language
from guandan_learn.errors import ExtraMissingError
set_language({lang!r})
try:
    import guandan_learn.widgets
except ModuleNotFoundError as err:
    print(type(err).__name__, isinstance(err, ExtraMissingError), err.name)
    print(err)
"""


@pytest.mark.parametrize(("blocked", "lang", "words"), [
    ("ipywidgets", "en", "guandan_learn.widgets needs ipywidgets, which is not installed."),
    ("anywidget", "pt", "guandan_learn.widgets precisa de anywidget, que não está instalado."),
])
def test_the_widgets_without_the_lab_extra_name_the_install_command(
        blocked: str, lang: str, words: str) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE.format(blocked=blocked, lang=lang)],
                          capture_output=True, text=True, encoding="utf-8", timeout=60,
                          cwd=ROOT, env={**os.environ, "GUANDAN_PROGRESS": "off"})
    assert done.returncode == 0, done.stderr
    kind, message = done.stdout.strip().split("\n")
    assert kind == f"ExtraMissingError True {blocked}"
    assert words in message and message.endswith('pip install "guandan-learn[lab]"')
