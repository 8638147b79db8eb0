"""Builds guandan-learn; everything else is in pyproject.toml.

The wheel carries the course's notebooks as package data (``guandan_learn/notebooks/<lang>/``)
without a second copy in git: ``build_py`` copies them from ``notebooks/`` (English) and
``notebooks/pt/``, ``notebooks/es/`` of the source tree, or of the sdist, which includes them.
An editable install skips the copy: ``guandan_learn.course`` then reads ``notebooks/`` itself.

It also writes every YAML data file of the built package as JSON beside it (``name.yaml.json``,
see ``guandan_learn/datafiles.py``), wherever in the package the file sits, so the course's
chapters, glossary and puzzle bank read with the standard library where PyYAML is missing
(Pyodide in the browser). Building needs PyYAML (``[build-system] requires``).
"""

import json
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
        write_json(Path(self.build_lib) / "guandan_learn")  # keep last: every YAML copied


def write_json(package: Path) -> None:
    """Writes each YAML file under ``package`` as JSON beside it; dates stay text."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("tag:yaml.org,2002:timestamp", Loader.construct_scalar)
    for path in sorted(package.rglob("*.y*ml")):
        if path.suffix in (".yaml", ".yml") and path.is_file():
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=Loader)
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            path.with_name(path.name + ".json").write_text(text, encoding="utf-8")


setup(cmdclass={"build_py": BuildWithNotebooks})
