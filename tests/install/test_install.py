"""The course installs anywhere: the built wheel in a fresh virtualenv, used outside the checkout.

Builds the sdist, then the wheel from the sdist (as ``python -m build`` does), installs the wheel
with the ``lab`` extra into a new virtualenv (from the pip cache; no byte-compiling, to keep it
quick), and from a folder outside the repository checks what a learner and a teacher do first:
the bank validates, a chapter's quiz grades answers, the study app lists every chapter, the
course copies in each language, and a copied chapter runs under nbval.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "pt", "es")
VERSION = next(line.split('"')[1] for line in
               (ROOT / "guandan_learn" / "__init__.py").read_text(encoding="utf-8").splitlines()
               if line.startswith("__version__"))


def _run(command: list[str], cwd: Path, env: dict[str, str], timeout: int = 600,
         check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=timeout, check=False)
    if check and done.returncode != 0:
        pytest.fail(f"{' '.join(command)} exited {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done


class Installed:
    """A fresh virtualenv with the wheel installed, and a folder outside the checkout."""

    def __init__(self, base: Path) -> None:
        self.dist = base / "dist"
        self.venv = base / "venv"
        self.outside = base / "outside"
        self.outside.mkdir()
        self.python = str(self.venv / "bin" / "python")
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "GUANDAN_EXERCISES")}
        self.env.update(PATH=f"{self.venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
                        GUANDAN_PROGRESS="off", GUANDAN_LANG="en",
                        JUPYTER_DATA_DIR=str(base / "jupyter-data"),
                        JUPYTER_RUNTIME_DIR=str(base / "jupyter-runtime"),
                        IPYTHONDIR=str(base / "ipython"), MPLCONFIGDIR=str(base / "mpl"))

    def wheel(self) -> Path:
        return next(self.dist.glob("guandan_learn-*.whl"))

    def sdist(self) -> Path:
        return next(self.dist.glob("guandan_learn-*.tar.gz"))

    def cli(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return _run([str(self.venv / "bin" / "guandan-learn"), *args], self.outside, self.env,
                    check=check)

    def python_code(self, code: str) -> str:
        return _run([self.python, "-c", code], self.outside, self.env).stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("install")
    here = Installed(base)
    # Without PYTHONPATH: a checkout on it (its egg-info) would pass for the installed wheel.
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    # The sdist first, then the wheel built from the unpacked sdist: the wheel holds only what
    # the sdist carries. No isolation: the test extra brings setuptools and build.
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(here.dist), str(ROOT)],
         base, env, timeout=900)
    _run([sys.executable, "-m", "venv", "--without-pip", str(here.venv)], base, env)
    _run([sys.executable, "-m", "pip", "--python", here.python, "install", "--quiet",
          "--no-compile", f"{here.wheel()}[lab]", "nbval==0.11.*", "pytest>=8,<10"],
         base, env, timeout=1200)
    return here


def test_the_package_comes_from_the_wheel(installed: Installed) -> None:
    where = installed.python_code("import guandan_learn; print(guandan_learn.__file__)")
    assert str(installed.venv) in where and str(ROOT) not in where
    assert installed.cli("--version").stdout.strip() == f"guandan-learn {VERSION}"
    done = _run([installed.python, "-m", "guandan_learn", "--version"], installed.outside,
                installed.env)
    assert done.stdout.strip() == f"guandan-learn {VERSION}"


def test_the_catalogues_and_the_glossary_ship(installed: Installed) -> None:
    english = installed.cli("check", "AC AD", "--table", "9S", "--level", "7", check=False)
    portuguese = installed.cli("--lang", "pt", "check", "AC AD", "--table", "9S", "--level", "7",
                               check=False)
    assert english.returncode == portuguese.returncode == 1
    assert "(§04.3)" in portuguese.stdout and portuguese.stdout != english.stdout
    out = installed.python_code("from guandan_learn.glossary import load_glossary\n"
                                "print(len(load_glossary()))")
    assert int(out) >= 10


def test_the_shipped_bank_validates(installed: Installed) -> None:
    out = installed.cli("validate").stdout
    files = sorted(p.name for p in (ROOT / "exercises").glob("*.yaml"))
    assert f"in {len(files)} files: every one loads and agrees with the engine" in out
    with zipfile.ZipFile(installed.wheel()) as wheel:  # exercises/ rides as package data
        shipped = sorted(n.rsplit("/", 1)[1] for n in wheel.namelist()
                         if n.startswith("guandan_learn/data/bank/"))
    # Each file with its JSON copy, which the course reads where PyYAML is missing.
    assert shipped == sorted([*files, *(f"{name}.json" for name in files), "README.md"])
    where = installed.python_code("from guandan_learn.exercises import BANK_DIR\n"
                                  "print(BANK_DIR)")
    assert str(installed.venv) in where and where.strip().endswith("data/bank")


def test_a_chapter_quiz_grades_answers(installed: Installed) -> None:
    out = installed.python_code(
        "from guandan_learn.widgets import chapter_quiz\n"
        "q = chapter_quiz('01_cards_and_rank_order')\n"
        "q.answer(q.puzzle.answer)\n"  # the bank's answer, which validate checks
        "first = q.check()\n"
        "q.next()\n"
        "p = q.puzzle\n"
        "q.answer(next(c.answer for c in p.choices if c.misconception))\n"
        "second = q.check()\n"
        "print(first.correct, second.correct, '§03.1' in str(second.misconception), q.score)\n")
    assert out.strip() == "True False True Score: 1 of 2 right."


def test_the_study_app_lists_every_chapter(installed: Installed) -> None:
    chapters = yaml.safe_load((ROOT / "guandan_learn" / "data" / "chapters.yaml").read_text(
        encoding="utf-8"))["chapters"]
    for lang in LANGUAGES:
        out = installed.python_code(
            "import json\n"
            "from guandan_learn import set_language\n"
            "from guandan_learn.progress import Progress\n"
            "from guandan_learn.widgets.study import StudyApp\n"
            f"set_language('{lang}')\n"
            "print(json.dumps(StudyApp(Progress(':memory:'), count=2).tabs.titles))\n")
        titles = json.loads(out)
        with_quiz = [c["title"][lang] for c in chapters if c.get("quiz")]
        assert titles[1:-3] == with_quiz
        assert len(titles) == len(with_quiz) + 4  # "Due first", the chapters, "My progress",
        # "My paper sheet", "Play a deal"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_course_copies_in_each_language(installed: Installed, lang: str) -> None:
    dest = installed.outside / f"course-{lang}"
    out = installed.cli("notebooks", str(dest), "--lang", lang).stdout
    source = ROOT / "notebooks" if lang == "en" else ROOT / "notebooks" / lang
    names = sorted(p.name for p in source.glob("*.ipynb"))
    assert sorted(p.name for p in dest.glob("*.ipynb")) == names
    assert str(dest) in out and str(len(names)) in out
    for name in names:
        assert (dest / name).read_bytes() == (source / name).read_bytes()
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary(data_dir=installed.env["JUPYTER_DATA_DIR"])
    nb = nbformat.read(dest / "03_combinations.ipynb", nbformat.NO_CONVERT)
    assert notary.check_signature(nb), "the copies are trusted"


def test_a_copied_chapter_runs_under_nbval(installed: Installed) -> None:
    dest = installed.outside / "nbval-pt"
    installed.cli("notebooks", str(dest), "--lang", "pt")
    done = _run([installed.python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
                 "--nbval-sanitize-with", str(ROOT / "notebooks" / "nbval_sanitize.cfg"),
                 str(dest / "01_cards_and_rank_order.ipynb")], installed.outside,
                installed.env, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout


def test_the_sdist_holds_what_its_tests_need(installed: Installed) -> None:
    with tarfile.open(installed.sdist()) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    for path in ("conftest.py", "Makefile", "setup.py", "MANIFEST.in", "CHANGELOG.md",
                 "CONTRIBUTING.md", "notebooks/nbval_sanitize.cfg",
                 "scripts/build_notebooks.py", "tests/test_course.py",
                 "guandan_learn/data/chapters.yaml", "exercises/README.md"):
        assert path in names, f"the sdist lacks {path}"
    for pattern in ("tests/playthroughs/", "notebooks/src/", "notebooks/pt/", "notebooks/es/",
                    "exercises/"):
        assert any(n.startswith(pattern) for n in names), f"the sdist lacks {pattern}"
    assert not any("__pycache__" in n or ".ipynb_checkpoints" in n for n in names)
