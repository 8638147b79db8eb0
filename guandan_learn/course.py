"""The course as package data: the chapter list with each chapter's quiz, and the notebooks.

``chapters()`` reads ``data/chapters.yaml``: every numbered chapter in order, its title in each
language and the puzzles of its "Check yourself" quiz (the chapters and the study app both
read it). The notebooks ship inside the package (``guandan_learn/notebooks/<lang>/``, written
there by the wheel build from ``notebooks/``); in a source checkout they are read from
``notebooks/`` itself. ``copy_notebooks`` copies one language's notebooks into a folder the
learner owns, keeping a manifest of what it wrote so that a copy the learner has edited is
never overwritten without ``force``, and marks the copies trusted so that their stored
pictures show before anything runs.

>>> [c.id for c in chapters()][:2]
['00_start_here', '01_cards_and_rank_order']
>>> chapter("03").title("pt")
'3 · Combinações'
>>> chapter("03").quiz.seed, chapter("03").quiz.generated[0]
(17, ('classify', 1, 2))
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from .datafiles import read_package_data
from .errors import CourseError
from .i18n import LANGUAGES, get_language
from .messages import say

#: The notebooks of a source checkout: English in ``notebooks/``, the others below it.
CHECKOUT_NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: The file in a learner's folder that records what was copied there.
MANIFEST = ".guandan-learn.json"
#: The notebook a first visit opens.
FIRST_NOTEBOOK = "00_start_here.ipynb"


@dataclass(frozen=True)
class ChapterQuiz:
    """The puzzles of a chapter's "Check yourself" quiz: bank ids, then generated puzzles."""

    ids: tuple[str, ...]
    generated: tuple[tuple[str, int, int], ...] = ()
    seed: int = 0
    tries: int | None = None  # wrong tries before the solution shows; None: the quiz's default

    def generated_puzzles(self) -> list[tuple[str, int, int]]:
        """Lists the generated puzzles as ``(kind, seed, difficulty)``, in quiz order: the
        puzzle at position ``p`` (after the bank ids) has the seed ``quiz_seed(seed, p)``.

        >>> chapter("03").quiz.generated_puzzles()[0][0]
        'classify'
        """
        out = []
        position = len(self.ids)
        for kind, count, difficulty in self.generated:
            for _ in range(count):
                out.append((kind, quiz_seed(self.seed, position), difficulty))
                position += 1
        return out


@dataclass(frozen=True)
class Chapter:
    """One numbered chapter: its notebook's name, its titles by language, its quiz."""

    id: str
    titles: dict[str, str] = field(hash=False)
    quiz: ChapterQuiz | None = None

    @property
    def number(self) -> int:
        """Returns the chapter's number (``03_combinations`` → 3)."""
        return int(self.id.split("_", 1)[0])

    def title(self, language: str | None = None) -> str:
        """Returns the title in a language (default: the one in use), else in English."""
        return self.titles.get(language or get_language()) or self.titles["en"]


def quiz_seed(seed: int, position: int) -> int:
    """Returns the generator seed of the puzzle at ``position`` (from 0) of a quiz seeded
    ``seed`` (the quizzes and the class report agree on it)."""
    return random.Random(f"guandan-quiz/{seed}/{position}").randrange(10**6)


def _quiz(data: Any, where: str) -> ChapterQuiz | None:
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("ids", []), list):
        raise CourseError(say("course.bad_chapters", where=where))
    generated = []
    for entry in data.get("generated") or []:
        if not isinstance(entry, dict) or "kind" not in entry:
            raise CourseError(say("course.bad_chapters", where=where))
        generated.append((str(entry["kind"]), int(entry.get("count", 1)),
                          int(entry.get("difficulty", 1))))
    tries = data.get("tries")
    return ChapterQuiz(tuple(str(i) for i in data.get("ids") or ()), tuple(generated),
                       int(data.get("seed", 0)), None if tries is None else int(tries))


@cache
def chapters() -> tuple[Chapter, ...]:
    """Returns the course's numbered chapters in order (``data/chapters.yaml``)."""
    data = read_package_data("data", "chapters.yaml")
    items = data.get("chapters") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise CourseError(say("course.bad_chapters", where="chapters"))
    out = []
    for i, item in enumerate(items):
        where = f"chapters[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("title"), dict) or (
                "en" not in item["title"]) or "id" not in item:
            raise CourseError(say("course.bad_chapters", where=where))
        out.append(Chapter(str(item["id"]), {str(k): str(v) for k, v in item["title"].items()},
                           _quiz(item.get("quiz"), where)))
    return tuple(out)


def chapter(name: str | int) -> Chapter:
    """Returns a chapter by its notebook name, its number prefix (``"03"``) or its number."""
    for c in chapters():
        if c.id == name or (isinstance(name, int) and c.number == name) or (
                isinstance(name, str) and name.isdigit() and c.number == int(name)):
            return c
    raise CourseError(say("course.no_chapter", name=name,
                          chapters=", ".join(c.id for c in chapters())))


# -- The notebooks -----------------------------------------------------------------------------


def _language(language: str | None) -> str:
    code = language or get_language()
    if code not in LANGUAGES:
        raise CourseError(say("course.bad_language", language=code,
                              languages=", ".join(LANGUAGES)))
    return code


def notebooks_folder(language: str | None = None) -> Traversable:
    """Returns the folder of the course's notebooks in a language (default: the one in use):
    the package's own copy, else the notebooks of the source checkout."""
    code = _language(language)
    packaged = resources.files("guandan_learn").joinpath("notebooks", code)
    if packaged.is_dir():
        return packaged
    checkout = CHECKOUT_NOTEBOOKS if code == "en" else CHECKOUT_NOTEBOOKS / code
    if checkout.is_dir():
        return checkout
    raise CourseError(say("course.no_notebooks", language=code))


def notebook_files(language: str | None = None) -> list[Traversable]:
    """Lists the course's notebooks in a language, by name."""
    folder = notebooks_folder(language)
    return sorted((f for f in folder.iterdir() if f.name.endswith(".ipynb") and f.is_file()),
                  key=lambda f: f.name)


def default_folder(language: str | None = None) -> Path:
    """Returns where the course is copied when no folder is given: ``~/guandan-learn/<lang>``."""
    return Path.home() / "guandan-learn" / _language(language)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(folder: str | os.PathLike[str]) -> dict[str, str]:
    """Returns what was copied into a folder: notebook name → hash of the copied bytes."""
    path = Path(folder) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        files = data["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}


@dataclass
class Copied:
    """What ``copy_notebooks`` did: written (new or updated), already current, kept as the
    learner edited them, whether the copies are marked trusted, and whether it was the
    folder's first copy."""

    folder: Path
    language: str
    written: list[str] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    trusted: bool = False
    first: bool = False  # nothing had been copied into the folder before

    def __str__(self) -> str:
        lines = [say("course.copied", count=len(self.written), folder=str(self.folder))]
        if self.current:
            lines.append(say("course.current", count=len(self.current)))
        if self.kept:
            lines.append(say("course.kept", names=", ".join(self.kept)))
        if not self.trusted and (self.written or self.current):
            lines.append(say("course.untrusted"))
        return "\n".join(lines)


def copy_notebooks(folder: str | os.PathLike[str] | None = None, language: str | None = None,
                   *, force: bool = False, keep_edited: bool = False) -> Copied:
    """Copies the course's notebooks in a language into ``folder`` and marks them trusted.

    A notebook already there is replaced only when it is the copy this command wrote (its
    hash is in the folder's manifest) or ``force`` is given. A copy the learner has edited is
    left as it is with ``keep_edited``; otherwise the whole copy is refused and nothing is
    written (``CourseError`` names the edited notebooks).
    """
    code = _language(language)
    dest = Path(folder).expanduser() if folder is not None else default_folder(code)
    if dest.exists() and not dest.is_dir():
        raise CourseError(say("course.not_a_folder", path=str(dest)))
    manifest = read_manifest(dest)
    result = Copied(dest, code, first=not (dest / MANIFEST).is_file())
    plan: list[tuple[str, bytes]] = []
    edited: list[str] = []
    for source in notebook_files(code):
        data = source.read_bytes()
        target = dest / source.name
        if not target.exists():
            plan.append((source.name, data))
            continue
        if not target.is_file():
            raise CourseError(say("course.not_a_file", path=str(target)))
        now = _digest(target.read_bytes())
        if now == _digest(data):
            result.current.append(source.name)
        elif manifest.get(source.name) == now or force:
            plan.append((source.name, data))
        else:
            edited.append(source.name)
    if edited and not keep_edited and not force:
        raise CourseError(say("course.edited", folder=str(dest), names=", ".join(edited)))
    result.kept = edited
    try:
        dest.mkdir(parents=True, exist_ok=True)
        for name, data in plan:
            _write(dest / name, data)
            manifest[name] = _digest(data)
            result.written.append(name)
        for name in result.current:
            manifest[name] = _digest((dest / name).read_bytes())
        _write(dest / MANIFEST, (json.dumps({
            "about": say("course.manifest"), "language": code, "files": manifest},
            ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    except OSError as err:
        raise CourseError(say("course.unwritable", folder=str(dest), reason=str(err))) from None
    result.trusted = trust(dest / name for name in [*result.written, *result.current])
    return result


def _write(path: Path, data: bytes) -> None:
    """Writes a file whole: into a temporary file beside it, then renamed over it."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def trust(paths: Iterable[str | os.PathLike[str]]) -> bool:
    """Marks notebooks trusted for this user, as ``jupyter trust`` does, so that JupyterLab
    shows their stored HTML and pictures before they run; ``False`` without ``nbformat``."""
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:
        return False
    notary = NotebookNotary()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            nb = nbformat.read(f, nbformat.NO_CONVERT)
        notary.sign(nb)
    return True


def app_notebook(language: str | None = None) -> Traversable:
    """Returns the study app's notebook (``app.ipynb``) in a language."""
    return notebooks_folder(language).joinpath("app.ipynb")


__all__ = ["MANIFEST", "Chapter", "ChapterQuiz", "Copied", "app_notebook", "chapter",
           "chapters", "copy_notebooks", "default_folder", "notebook_files", "notebooks_folder",
           "quiz_seed", "read_manifest", "trust"]
