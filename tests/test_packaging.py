"""The project's metadata and environments agree with each other (issue 13)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

from guandan_learn import __version__

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
EXTRAS = PROJECT["optional-dependencies"]
URL = "https://github.com/guandan-learn/guandan-learn"
#: Tools a learner never needs.
DEVELOPER_TOOLS = {"pytest", "hypothesis", "ruff", "nbval", "playwright", "build", "uv"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement.strip(), maxsplit=1)[0].lower()


def _lines(path: Path) -> list[str]:
    return [line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.split("#")[0].strip()]


def test_the_version_is_written_once() -> None:
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "guandan_learn.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_the_extras_build_on_each_other() -> None:
    lab = {_name(r) for r in EXTRAS["lab"]}
    engine = {_name(r) for r in EXTRAS["test-engine"]}
    assert "guandan-learn[lab,test-engine]" in EXTRAS["test"]
    repeated = {_name(r) for r in EXTRAS["test"]} & (lab | engine)
    assert not repeated, f"the test extra repeats {repeated}"
    assert not lab & DEVELOPER_TOOLS
    assert any(r.startswith("fsrs>=6.3") for r in PROJECT["dependencies"])


def test_binder_installs_the_learners_runtime_only() -> None:
    wanted = [*PROJECT["dependencies"], *EXTRAS["lab"]]
    assert _lines(ROOT / ".binder" / "requirements.txt") == [
        re.sub(r"\s*#.*", "", r) for r in wanted]
    post = (ROOT / ".binder" / "postBuild").read_text(encoding="utf-8")
    assert re.search(r"pip install --no-deps[^\n]* \.\n", post) and " -e " not in post
    assert "jupyter trust" in post


def test_environment_yml_is_the_learners_runtime() -> None:
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    conda = [str(d) for d in env["dependencies"] if isinstance(d, str)]
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    names = {_name(d).replace("matplotlib-base", "matplotlib") for d in [*conda, *pip]}
    wanted = {_name(r) for r in [*PROJECT["dependencies"], *EXTRAS["lab"]]}
    assert wanted <= names, f"environment.yml lacks {wanted - names}"
    assert not names & DEVELOPER_TOOLS
    assert not [p for p in pip if p.startswith("-e") or p.strip() in (".", "-e .")]
    fsrs = next(r for r in PROJECT["dependencies"] if r.startswith("fsrs"))
    assert re.sub(r"\s*#.*", "", fsrs) in pip


def test_index_metadata() -> None:
    urls = PROJECT["urls"]
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(urls)
    assert all(u.startswith(URL) for u in urls.values())
    classifiers = set(PROJECT["classifiers"])
    assert {"Intended Audience :: Education", "Topic :: Education",
            "Natural Language :: English", "Natural Language :: Spanish"} <= classifiers
    assert any(c.startswith("Natural Language :: Portuguese") for c in classifiers)


def test_readme_links_work_on_the_package_index() -> None:
    """PyPI shows the README without the repository: every link and image is absolute."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)", readme) + re.findall(r'src="([^"]+)"', readme)
    relative = [t for t in targets if not t.startswith(("https://", "http://", "#"))]
    assert not relative, f"relative links in README.md: {relative}"
    assert "mybinder.org/v2/gh/guandan-learn/guandan-learn" in readme


def test_readme_sets_up_with_exactly_two_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in quick.splitlines() if line.strip()]
    assert commands == ["make lab", "make test"]


def test_contributing_and_changelog() -> None:
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for needed in ("make test", "scripts/build_notebooks.py", "scripts/i18n.py update",
                   "docs/adding_a_puzzle_kind.md", "notebooks/src"):
        assert needed in contributing
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in changelog and f"## [{__version__}]" in changelog
