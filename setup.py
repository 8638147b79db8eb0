"""Builds guandan-learn; everything else is in pyproject.toml.

The wheel carries the course's notebooks as package data (``guandan_learn/notebooks/<lang>/``)
without a second copy in git: ``build_py`` copies them from ``notebooks/`` (English) and
``notebooks/pt/``, ``notebooks/es/`` of the source tree, or of the sdist, which includes them.
An editable install skips the copy: ``guandan_learn.course`` then reads ``notebooks/`` itself.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
NOTEBOOKS = {"en": ROOT / "notebooks", "pt": ROOT / "notebooks" / "pt",
             "es": ROOT / "notebooks" / "es"}


class BuildWithNotebooks(build_py):
    """Builds the package and copies the notebooks of every language into it."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for lang, folder in NOTEBOOKS.items():
            notebooks = sorted(folder.glob("*.ipynb"))
            if not notebooks:
                raise SystemExit(f"setup.py: no notebooks in {folder}; the wheel needs them")
            target = Path(self.build_lib) / "guandan_learn" / "notebooks" / lang
            self.mkpath(str(target))
            for notebook in notebooks:
                self.copy_file(str(notebook), str(target / notebook.name))


setup(cmdclass={"build_py": BuildWithNotebooks})
