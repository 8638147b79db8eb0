"""Assignments: which puzzles a class answers, between which dates, with how many tries.

An assignment is a small JSON file a teacher writes by hand or with
``guandan-learn assignment new``::

    {"format": 1,
     "title": "Chapters 3 to 5",
     "opens": "2025-03-03T08:00Z",
     "due": "2025-03-07T18:00Z",
     "tries": 2,
     "chapters": [3, 4, 5],
     "puzzles": ["legal-pair-on-single"],
     "generated": [{"kind": "legal_play", "seeds": [1, 2, 3], "difficulty": 2}]}

``title``, ``opens`` and ``due`` are required, and at least one puzzle: ``chapters`` adds
every puzzle of those chapters' "Check yourself" quizzes, ``puzzles`` bank puzzles by id, and
``generated`` the generator's puzzles of a kind, one per seed, at a difficulty (1–3; default 1).
Times are ISO 8601; a time without a zone is UTC. ``tries`` (1–20, default 1) is how many
answers to a puzzle count: a puzzle is right when one of its first ``tries`` answers is. Every
puzzle counts the same; a puzzle not answered counts as wrong. Answers dated before
``opens`` are not part of the assignment; answers after ``due`` count, and are flagged late.

The learner's app shows the assignments it finds: the files named by ``GUANDAN_ASSIGNMENTS``
(files or folders of ``*.json``, separated by ``:`` — ``;`` on Windows), else the
``assignments`` folder of the working directory.

>>> a = Assignment.from_data({"title": "Week 1", "opens": "2025-03-03", "due": "2025-03-07",
...                           "puzzles": ["legal-pair-on-single"],
...                           "generated": [{"kind": "classify", "seeds": [4, 5]}]})
>>> a.ids
('legal-pair-on-single', 'classify-d1-s4', 'classify-d1-s5')
>>> a.window("2025-03-05T10:00Z"), a.window("2025-03-09T10:00Z"), a.window("2025-03-01")
('on time', 'late', 'before')
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from .course import chapters
from .errors import ClassroomError, GuandanError
from .exercises import KINDS, Puzzle, generate
from .messages import say
from .progress import Answer, Regrader, as_utc, iso
from .reading import read_file

#: The assignment format this version reads and writes.
FORMAT = 1
#: The environment variable naming assignment files or folders for the learner's app.
ENV_ASSIGNMENTS = "GUANDAN_ASSIGNMENTS"
#: The largest assignment file read, the most puzzles in one, the most files in a folder.
MOST_BYTES = 1_000_000
MOST_PUZZLES = 500
MOST_FILES = 100
MOST_TRIES = 20
_KEYS = {"format", "title", "opens", "due", "tries", "chapters", "puzzles", "generated"}
_GENERATED_KEYS = {"kind", "seeds", "difficulty"}


@dataclass(frozen=True)
class Assignment:
    """One assignment: its title, window, tries, and its puzzles by id (in order)."""

    title: str
    opens: datetime
    due: datetime
    tries: int = 1
    chapters: tuple[int, ...] = ()
    puzzles: tuple[str, ...] = ()
    generated: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    source: str = field(default="", compare=False)

    # -- Reading and writing -------------------------------------------------------------

    @classmethod
    def from_data(cls, data: object, source: str = "-") -> Assignment:
        """Reads an assignment from its JSON data; raises ``ClassroomError`` naming the file
        and the field that is wrong."""
        def bad(key: str, **fields: object) -> ClassroomError:
            return ClassroomError(say(key, path=source, **fields))

        if not isinstance(data, Mapping):
            raise bad("assignment.not_object")
        unknown = sorted(str(k) for k in data if k not in _KEYS)
        if unknown:
            raise bad("assignment.unknown", keys=", ".join(unknown)[:200], count=len(unknown))
        version = data.get("format", FORMAT)
        if version != FORMAT:
            raise bad("assignment.format", value=repr(version)[:20], format=FORMAT)
        title = data.get("title")
        if not isinstance(title, str) or not title.strip() or len(title) > 200:
            raise bad("assignment.title")
        times = {}
        for key in ("opens", "due"):
            value = data.get(key)
            if not isinstance(value, str):
                raise bad("assignment.time", field=key, value=repr(value)[:40])
            try:
                times[key] = as_utc(value)
            except GuandanError:
                raise bad("assignment.time", field=key, value=repr(value)[:40]) from None
        if times["due"] <= times["opens"]:
            raise bad("assignment.window")
        tries = data.get("tries", 1)
        if not _whole(tries) or not 1 <= tries <= MOST_TRIES:
            raise bad("assignment.tries", value=repr(tries)[:20], most=MOST_TRIES)
        numbers = _list(data, "chapters", source)
        quizzes = {c.number: c for c in chapters() if c.quiz is not None}
        for n in numbers:
            if not _whole(n) or n not in quizzes:
                raise bad("assignment.chapter", value=repr(n)[:20],
                          known=", ".join(map(str, sorted(quizzes))))
        ids = _list(data, "puzzles", source)
        bank = _bank_ids()
        for pid in ids:
            if not isinstance(pid, str) or pid not in bank:
                raise bad("assignment.puzzle", value=repr(pid)[:60])
        made: list[tuple[str, tuple[int, ...], int]] = []
        for item in _list(data, "generated", source):
            if not isinstance(item, Mapping) or set(item) - _GENERATED_KEYS:
                raise bad("assignment.generated", value=repr(item)[:60])
            kind, seeds, level = item.get("kind"), item.get("seeds"), item.get("difficulty", 1)
            if kind not in KINDS:
                raise bad("assignment.kind", value=repr(kind)[:40], kinds=", ".join(KINDS))
            if (not isinstance(seeds, list) or not seeds
                    or not all(_whole(s) and 0 <= s < 10**9 for s in seeds)):
                raise bad("assignment.seeds", value=repr(seeds)[:60])
            if not _whole(level) or level not in (1, 2, 3):
                raise bad("assignment.difficulty", value=repr(level)[:20])
            made.append((str(kind), tuple(int(s) for s in seeds), int(level)))
        out = cls(title.strip(), times["opens"], times["due"], int(tries),
                  tuple(int(n) for n in numbers), tuple(ids), tuple(made), source)
        if not out.ids:
            raise bad("assignment.empty")
        if len(out.ids) > MOST_PUZZLES:
            raise bad("assignment.too_many", count=len(out.ids), most=MOST_PUZZLES)
        return out

    def to_data(self) -> dict[str, Any]:
        """Returns the assignment as JSON data (what ``from_data`` reads)."""
        data: dict[str, Any] = {"format": FORMAT, "title": self.title,
                                "opens": _stamp(self.opens), "due": _stamp(self.due),
                                "tries": self.tries}
        if self.chapters:
            data["chapters"] = list(self.chapters)
        if self.puzzles:
            data["puzzles"] = list(self.puzzles)
        if self.generated:
            data["generated"] = [{"kind": k, "seeds": list(s), "difficulty": d}
                                 for k, s, d in self.generated]
        return data

    def json_text(self) -> str:
        """Returns the assignment file's text."""
        return json.dumps(self.to_data(), ensure_ascii=False, indent=2) + "\n"

    def write(self, path: str | os.PathLike[str]) -> Path:
        """Writes the assignment file (through a temporary file renamed into place)."""
        where = Path(path)
        temporary = where.with_name(where.name + ".tmp")
        try:
            temporary.write_text(self.json_text(), encoding="utf-8")
            os.replace(temporary, where)
        except OSError as err:
            temporary.unlink(missing_ok=True)
            raise ClassroomError(say("assignment.unwritable", path=str(where),
                                     reason=err.strerror or str(err))) from None
        return where

    # -- What it holds -------------------------------------------------------------------

    @cached_property
    def ids(self) -> tuple[str, ...]:
        """Returns the id of every puzzle of the assignment, in order, each once."""
        out: dict[str, None] = {}
        for n in self.chapters:
            out.update(dict.fromkeys(_chapter_ids(n)))
        out.update(dict.fromkeys(self.puzzles))
        for kind, seeds, level in self.generated:
            out.update(dict.fromkeys(f"{kind}-d{level}-s{s}" for s in seeds))
        return tuple(out)

    def belongs(self, answer: Answer) -> bool:
        """Tells whether an answer is to one of the assignment's puzzles."""
        return answer.puzzle in self._id_set

    @cached_property
    def _id_set(self) -> frozenset[str]:
        return frozenset(self.ids)

    def window(self, at: datetime | str) -> str:
        """Says where a time falls: ``"before"`` the assignment opens, ``"on time"`` or
        ``"late"`` (after it is due)."""
        moment = as_utc(at)
        return "before" if moment < self.opens else "late" if moment > self.due else "on time"

    def make_puzzles(self) -> list[Puzzle]:
        """Returns the assignment's puzzles, made (bank puzzles looked up, the rest
        generated), in order."""
        bank = Regrader().bank
        out = []
        for pid in self.ids:
            match = re.fullmatch(r"(?P<kind>[a-z_]+)-d(?P<d>[123])-s(?P<seed>\d+)", pid)
            if pid in bank:
                out.append(bank[pid])
            elif match is not None:
                out.append(generate(match["kind"], int(match["seed"]), int(match["d"])))
        return out

    def progress(self, answers: Iterable[Answer]) -> tuple[int, int]:
        """Returns how many of the assignment's puzzles a learner's answers (since it opened)
        tried, and how many are right within the tries allowed."""
        tried = self.tally(answers)
        return len(tried), sum(1 for right, _ in tried.values() if right)

    def tally(self, answers: Iterable[Answer]) -> dict[str, tuple[bool, bool]]:
        """Returns, for every puzzle of the assignment answered since it opened: whether it
        is right within the tries allowed, and whether the answer that decided it is late."""
        by_puzzle: dict[str, list[Answer]] = {}
        for a in answers:
            if self.belongs(a) and self.window(a.at) != "before":
                by_puzzle.setdefault(a.puzzle, []).append(a)
        out = {}
        for pid, rows in by_puzzle.items():
            rows.sort(key=lambda a: (a.at, a.id))
            counted = rows[:self.tries]
            right = next((a for a in counted if a.correct), None)
            decided = right or counted[-1]
            out[pid] = (right is not None, self.window(decided.at) == "late")
        return out


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(data: Mapping[str, Any], key: str, source: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ClassroomError(say("assignment.list", path=source, field=key))
    return value


def _stamp(moment: datetime) -> str:
    return iso(moment).replace(".000000+00:00", "Z")


@cache
def _bank_ids() -> frozenset[str]:
    return frozenset(Regrader().bank)


def _chapter_ids(number: int) -> list[str]:
    for c in chapters():
        if c.number == number and c.quiz is not None:
            return [*c.quiz.ids, *(f"{k}-d{d}-s{s}" for k, s, d in c.quiz.generated_puzzles())]
    return []


def read_assignment(path: str | os.PathLike[str]) -> Assignment:
    """Reads an assignment file; raises ``ClassroomError`` saying what is wrong in it."""
    if not isinstance(path, (str, os.PathLike)):
        raise ClassroomError(say("roster.path.bad", value=type(path).__name__))
    where = Path(path)

    def refuse(reason: str) -> ClassroomError:
        return ClassroomError(say("assignment.unreadable", path=str(where), reason=reason))

    data = read_file(where, MOST_BYTES, refuse=refuse, unreadable=refuse,
                     too_big=lambda: ClassroomError(say("assignment.too_big", path=str(where),
                                                        most=MOST_BYTES // 1000)))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ClassroomError(say("assignment.not_json", path=str(where),
                                 reason="not UTF-8")) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise ClassroomError(say("assignment.not_json", path=str(where),
                                 reason=str(err)[:100])) from None
    return Assignment.from_data(data, str(where))


def new_assignment(title: str, opens: str, due: str, *, chapters: Sequence[int] = (),
                   puzzles: Sequence[str] = (),
                   generated: Sequence[tuple[str, Sequence[int], int]] = (),
                   tries: int = 1, source: str = "-") -> Assignment:
    """Returns a new assignment, checked as a file is (``ClassroomError`` naming ``source``,
    the file it is for, when it is not one)."""
    data: dict[str, Any] = {"title": title, "opens": opens, "due": due, "tries": tries,
                            "chapters": list(chapters), "puzzles": list(puzzles),
                            "generated": [{"kind": k, "seeds": list(s), "difficulty": d}
                                          for k, s, d in generated]}
    return Assignment.from_data(data, source)


def read_generated(text: str) -> tuple[str, list[int], int]:
    """Reads the command line's ``KIND:DIFFICULTY:SEEDS`` (seeds as ``1,2,5-9``).

    >>> read_generated("legal_play:2:1-3,7")
    ('legal_play', [1, 2, 3, 7], 2)
    """
    parts = text.split(":")
    if len(parts) != 3 or not parts[1].strip().isdigit():
        raise ClassroomError(say("assignment.generated_text", value=text[:60]))
    seeds: list[int] = []
    for piece in parts[2].split(","):
        low, _, high = piece.strip().partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise ClassroomError(say("assignment.generated_text", value=text[:60]))
        start, end = int(low), int(high or low)
        if end < start or end - start >= MOST_PUZZLES or len(seeds) > MOST_PUZZLES:
            raise ClassroomError(say("assignment.generated_text", value=text[:60]))
        seeds.extend(range(start, end + 1))
    return parts[0].strip(), seeds, int(parts[1])


# -- The learner's side --------------------------------------------------------------------


def assignment_places(value: str | None = None) -> list[Path]:
    """Returns where the learner's app looks for assignments: ``GUANDAN_ASSIGNMENTS`` (files
    or folders), else ``./assignments``."""
    text = os.environ.get(ENV_ASSIGNMENTS, "") if value is None else value
    places = [Path(p).expanduser() for p in text.split(os.pathsep) if p.strip()]
    return places or [Path("assignments")]


def find_assignments(places: Iterable[str | os.PathLike[str]] | None = None
                     ) -> tuple[list[Assignment], list[str]]:
    """Reads every assignment file found (see ``assignment_places``); returns them by due
    date, and a sentence for each file that could not be read."""
    found: list[Assignment] = []
    problems: list[str] = []
    files: list[Path] = []
    for place in (assignment_places() if places is None else [Path(p) for p in places]):
        if place.is_dir():
            try:
                files += sorted(p for p in place.glob("*.json") if p.is_file())[:MOST_FILES]
            except OSError as err:
                problems.append(say("assignment.unreadable", path=str(place),
                                    reason=err.strerror or str(err)))
        elif place.is_file():
            files.append(place)
    for path in files[:MOST_FILES]:
        try:
            found.append(read_assignment(path))
        except ClassroomError as err:
            problems.append(str(err))
    found.sort(key=lambda a: (a.due, a.title))
    return found, problems


def open_assignments(now: datetime | str | None = None,
                     places: Iterable[str | os.PathLike[str]] | None = None
                     ) -> list[Assignment]:
    """Returns the assignments found that are open at ``now`` (default: the current time),
    overdue ones included, soonest due first."""
    moment = as_utc(now)
    return [a for a in find_assignments(places)[0] if a.opens <= moment]


__all__ = ["ENV_ASSIGNMENTS", "FORMAT", "MOST_PUZZLES", "Assignment", "assignment_places",
           "find_assignments", "new_assignment", "open_assignments", "read_assignment",
           "read_generated"]
