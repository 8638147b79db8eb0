"""Builds guandan-learn; everything else is in pyproject.toml.

The wheel carries the course's notebooks and the puzzle bank as package data without a second
copy in git: ``build_py`` copies the notebooks from ``notebooks/`` (English) and
``notebooks/pt/``, ``notebooks/es/`` into ``guandan_learn/notebooks/<lang>/``, and the bank from
``exercises/`` into ``guandan_learn/data/bank/``, out of the source tree or of the sdist, which
includes both. An editable install skips the copy: ``guandan_learn.course`` then reads
``notebooks/`` and ``guandan_learn.exercises`` reads ``exercises/`` themselves.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
NOTEBOOKS = {"en": ROOT / "notebooks", "pt": ROOT / "notebooks" / "pt",
             "es": ROOT / "notebooks" / "es"}
#: The puzzle bank, its files and where the wheel carries them.
BANK = ROOT / "exercises"
BANK_FILES = ("*.yaml", "*.yml", "README.md")
BANK_TARGET = ("guandan_learn", "data", "bank")


class BuildWithNotebooks(build_py):
    """Builds the package and copies the notebooks of every language and the bank into it."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for lang, folder in NOTEBOOKS.items():
            notebooks = sorted(folder.glob("*.ipynb"))
            if not notebooks:
                raise SystemExit(f"setup.py: no notebooks in {folder}; the wheel needs them")
            self._copy(notebooks, Path(self.build_lib) / "guandan_learn" / "notebooks" / lang)
        puzzles = sorted(p for pattern in BANK_FILES for p in BANK.glob(pattern))
        if not any(p.suffix in (".yaml", ".yml") for p in puzzles):
            raise SystemExit(f"setup.py: no puzzles in {BANK}; the wheel needs the bank")
        self._copy(puzzles, Path(self.build_lib).joinpath(*BANK_TARGET))

    def _copy(self, files: list[Path], target: Path) -> None:
        """Copies files into a folder of the build."""
        self.mkpath(str(target))
        for path in files:
            self.copy_file(str(path), str(target / path.name))


setup(cmdclass={"build_py": BuildWithNotebooks})
