"""Builds guandan-learn; everything else is in pyproject.toml.

The wheel carries the course's notebooks and the puzzle bank as package data without a second
copy in git: ``build_py`` copies the notebooks from ``notebooks/`` (English) and
``notebooks/pt/``, ``notebooks/es/`` into ``guandan_learn/notebooks/<lang>/``, and the bank from
``exercises/`` into ``guandan_learn/data/bank/``, out of the source tree or of the sdist, which
includes both. An editable install skips the copy: ``guandan_learn.course`` then reads
``notebooks/`` and ``guandan_learn.exercises`` reads ``exercises/`` themselves.

Last, it writes every YAML data file of the built package as JSON beside it (``name.yaml.json``,
see ``guandan_learn/datafiles.py``), wherever in the package the file sits (the bank too), so
the course's chapters, glossary and puzzle bank read with the standard library where PyYAML is
missing (Pyodide in the browser). Building needs PyYAML (``[build-system] requires``).
"""

import json
import re
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
        write_json(Path(self.build_lib) / "guandan_learn")  # keep last: every YAML copied

    def _copy(self, files: list[Path], target: Path) -> None:
        """Copies files into a folder of the build."""
        self.mkpath(str(target))
        for path in files:
            self.copy_file(str(path), str(target / path.name))


INT_KEY = re.compile(r"-?(0|[1-9][0-9]{0,17})")


def _plain(value: object, where: str) -> object:
    """Returns YAML data JSON writes without loss: integer keys become text that
    ``guandan_learn.datafiles.loads`` reads back as integers, so a text key that looks like an
    integer, or a key of another type, cannot be written."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if isinstance(key, bool) or not isinstance(key, (str, int)) or (
                    isinstance(key, str) and INT_KEY.fullmatch(key)):
                raise SystemExit(f"setup.py: {where} has the key {key!r}, which its JSON copy "
                                 "cannot keep; write it as a YAML integer or as a word")
            out[str(key)] = _plain(item, f"{where}.{key}")
        return out
    if isinstance(value, list):
        return [_plain(item, f"{where}[{i}]") for i, item in enumerate(value)]
    return value


def write_json(package: Path) -> None:
    """Writes each YAML file under ``package`` as JSON beside it; dates stay text."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("tag:yaml.org,2002:timestamp", Loader.construct_scalar)
    for path in sorted(package.rglob("*.y*ml")):
        if path.suffix in (".yaml", ".yml") and path.is_file():
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=Loader)
            text = json.dumps(_plain(data, path.name), ensure_ascii=False,
                              separators=(",", ":"))
            path.with_name(path.name + ".json").write_text(text, encoding="utf-8")


setup(cmdclass={"build_py": BuildWithNotebooks})
