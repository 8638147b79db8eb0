"""Loading exercise files: YAML, checked against ``data/exercise.schema.json``, then the engine.

One file per topic in the bank, ``exercises/`` at the top of the project (package data in an
installed wheel, ``guandan_learn/data/bank/``), in the folders ``GUANDAN_EXERCISES`` names, or in
any folder or file given. A built wheel carries the shipped bank as JSON too
(``datafiles.json_twin``): where PyYAML is missing (the browser), that copy is read with the
standard library and not checked against the schema again (the tests check the YAML), so the
course's own puzzles need neither PyYAML nor jsonschema; a teacher's YAML file needs both, and
says so. A bad file or puzzle becomes an
``ExerciseError`` naming the file, the puzzle id and the field; the other puzzles and files
still load (``strict=True`` raises instead).

Limits, so that a hostile file fails fast: a file is a regular file of at most
``MAX_FILE_BYTES`` (1 MiB) with at most ``MAX_PUZZLES`` (2,000) puzzles and ``MAX_NODES``
(200,000) YAML values, each alias (``*name``) counted as the values it stands for (a few hundred
bytes of nested aliases would otherwise expand to gigabytes). Dates and numbers YAML cannot
hold stay text, so only the puzzle that has them is refused.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Collection, Iterable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import excerpt
from ..datafiles import has_yaml, json_twin, loads, safe_loader, yaml_module
from ..errors import ExerciseError, ExtraMissingError, GuandanError
from ..files import first_unwritable, shown
from ..messages import say
from .kinds import REGISTRY, KindSpec, PuzzleKind, spec
from .misconceptions import catalogue
from .model import (
    Choice,
    ExerciseArgumentError,
    FieldError,
    Puzzle,
    PuzzleError,
    need_puzzle,
    set_reader,
    texts,
)
from .solve import solve
from .techniques import check_names

if TYPE_CHECKING:
    import yaml
    from jsonschema import Draft202012Validator, ValidationError

#: The bank of a source checkout (a clone, an editable install): ``exercises/`` at the top.
CHECKOUT_BANK = Path(__file__).resolve().parents[2] / "exercises"


def _shipped_bank() -> Path:
    """Returns the folder of the shipped bank: the wheel's copy (``guandan_learn/data/bank/``,
    written there by the build from ``exercises/``), else ``exercises/`` of the checkout."""
    packaged = Path(str(resources.files("guandan_learn").joinpath("data", "bank")))
    return packaged if packaged.is_dir() else CHECKOUT_BANK


#: The folder of the shipped bank: ``exercises/`` of the project, carried by the wheel.
BANK_DIR = _shipped_bank()
#: Names a teacher's own bank: folders or files, separated by ``os.pathsep``.
ENV_EXERCISES = "GUANDAN_EXERCISES"
#: The largest exercise file read, in bytes.
MAX_FILE_BYTES = 1 << 20
#: The most puzzles one file may hold.
MAX_PUZZLES = 2_000
#: The most YAML values (mappings, lists and scalars) one file may hold.
MAX_NODES = 200_000


def _expanded(node: yaml.Node, sizes: dict[int, int]) -> int:
    """Counts the values of a YAML node with every alias expanded (at most ``MAX_NODES + 1``)."""
    known = sizes.get(id(node))
    if known is not None:
        return known
    sizes[id(node)] = MAX_NODES + 1  # an alias inside its own anchor never ends
    total = 1
    value = node.value
    if isinstance(value, list) and value and isinstance(value[0], tuple):  # a mapping
        total += sum(_expanded(k, sizes) + _expanded(v, sizes) for k, v in value)
    elif isinstance(value, list):  # a sequence
        total += sum(_expanded(c, sizes) for c in value)
    sizes[id(node)] = min(total, MAX_NODES + 1)
    return sizes[id(node)]


@cache
def _yaml_loader(pure: bool = False) -> Any:
    """Returns the YAML loader of exercise files (PyYAML is imported on the first YAML file):
    the safe loader, on libyaml where PyYAML has it (``datafiles.safe_loader``), or with
    ``pure`` the pure-Python one, which reads what libyaml refuses (e.g. an escaped lone
    surrogate) so that the schema and the text checks can name the field."""
    yaml = yaml_module("YAML exercise files")

    class Loader(yaml.SafeLoader if pure else safe_loader(yaml)):  # type: ignore[misc]
        """Safe YAML with a cap on values, aliases counted expanded; dates stay text."""

        def construct_document(self, node: Any) -> Any:
            if _expanded(node, {}) > MAX_NODES:
                raise yaml.composer.ComposerError(
                    None, None, say("exercise.file.too_many_nodes", limit=MAX_NODES),
                    node.start_mark)
            return super().construct_document(node)

        def construct_yaml_int(self, node: Any) -> Any:
            try:
                return super().construct_yaml_int(node)
            except ValueError:  # more digits than int() reads: the schema then names the field
                return self.construct_scalar(node)

    Loader.add_constructor("tag:yaml.org,2002:int", Loader.construct_yaml_int)
    Loader.add_constructor("tag:yaml.org,2002:timestamp", Loader.construct_scalar)
    return Loader


@cache
def schema() -> dict[str, Any]:
    """Returns the JSON Schema of an exercise file."""
    text = resources.files("guandan_learn").joinpath("data/exercise.schema.json").read_text(
        encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return with_kinds(data, REGISTRY.values())


def with_kinds(data: dict[str, Any], kinds: Iterable[KindSpec]) -> dict[str, Any]:
    """Adds to an exercise-file schema every kind it does not name yet: the kind's name, its
    questions and its ``setup_schema`` (so a new kind module needs no edit of the data file)."""
    defs = data["$defs"]
    names = defs["kind"]["enum"]
    for kind in kinds:
        if kind.name in names:
            continue
        names.append(kind.name)
        setup: dict[str, Any] = {"type": "object"}
        if kind.setup_schema is not None:
            defs[f"setup_{kind.name}"] = kind.setup_schema
            setup = {"$ref": f"#/$defs/setup_{kind.name}"}
        defs["puzzle"]["allOf"].append({
            "if": {"properties": {"kind": {"const": kind.name}}, "required": ["kind"]},
            "then": {"properties": {"setup": setup,
                                    "question": {"enum": list(kind.questions)}}}})
    return data


#: The optional libraries jsonschema checks string formats with, when installed (JupyterLab
#: brings them): ``rfc3987_syntax`` builds a grammar for IRI formats in about two seconds, and
#: the others (``isoduration`` brings ``arrow``) take half a second more together.
FORMAT_MODULES = ("rfc3987_syntax", "rfc3987", "rfc3339_validator", "rfc3986_validator",
                  "isoduration", "webcolors", "uri_template", "jsonpointer", "fqdn", "idna")


@cache
def _jsonschema() -> Any:
    """Imports ``jsonschema`` when the first file is validated, not when the package loads.

    The exercise schema uses no string format. When jsonschema is not imported yet, a copy of
    its own is imported with the libraries of ``FORMAT_MODULES`` not yet imported hidden (it
    treats each as not installed), then taken out of ``sys.modules`` with them: code that
    imports jsonschema later gets it whole, its format checks included.
    """
    import sys

    def is_jsonschema(name: str) -> bool:
        return name == "jsonschema" or name.startswith("jsonschema.")

    skipped = ([] if "jsonschema" in sys.modules
               else [name for name in FORMAT_MODULES if name not in sys.modules])
    for name in skipped:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        import jsonschema
    except ImportError:  # Pyodide: jsonschema needs the compiled rpds-py
        raise ExtraMissingError(say("data.needs_jsonschema", path="exercise files"),
                                name="jsonschema") from None
    finally:
        for name in skipped:
            del sys.modules[name]
        if skipped:  # the copy without format checks stays this module's own
            for name in [n for n in sys.modules if is_jsonschema(n)]:
                del sys.modules[name]
    return jsonschema


def _best_match(errors: Iterable[ValidationError]) -> ValidationError:
    return _jsonschema().exceptions.best_match(errors)


def _validator() -> Draft202012Validator:
    return _jsonschema().Draft202012Validator(schema())


@cache
def _puzzle_validator() -> Draft202012Validator:
    s = schema()
    return _jsonschema().Draft202012Validator({"$defs": s["$defs"], **s["$defs"]["puzzle"]})


def located(reason: str, path: str | None = None, puzzle_id: str | None = None,
            field: str | None = None, clause: str | None = None) -> PuzzleError:
    """Returns an error whose message names the file, the puzzle and the field it is about."""
    if path and puzzle_id and field:
        message = say("exercise.file.error_field", path=path, puzzle=puzzle_id, field=field,
                      reason=reason)
    elif path and puzzle_id:
        message = say("exercise.file.error_puzzle", path=path, puzzle=puzzle_id, reason=reason)
    elif puzzle_id and field:
        message = say("exercise.file.error_no_path", puzzle=puzzle_id, field=field,
                      reason=reason)
    elif path:
        message = say("exercise.file.error_file", path=path, reason=reason)
    else:
        message = reason
    return PuzzleError(message, reason=reason, path=path, puzzle_id=puzzle_id, field=field,
                       clause=clause)


def _field(parts: Iterable[Any]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out


def _schema_reason(error: ValidationError) -> tuple[str, list[Any]]:
    """Returns a sentence for a schema error and the path of the field it is about."""
    path = list(error.absolute_path)
    if error.validator == "required" and isinstance(error.instance, Mapping):
        missing = [p for p in error.validator_value  # type: ignore[union-attr]
                   if p not in error.instance]
        if missing:
            return say("exercise.file.missing", field=missing[0]), [*path, missing[0]]
    if error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        allowed = set(error.schema.get("properties", {}))  # type: ignore[union-attr]
        extra = [str(p) for p in error.instance if p not in allowed]
        if extra:
            return (say("exercise.file.unknown_field", field=extra[0],
                        allowed=", ".join(sorted(allowed))), [*path, extra[0]])
    text = error.message
    if len(text) > 200:
        text = text[:197] + "..."
    return say("exercise.file.schema", reason=text), path


def check_puzzle_data(data: Any) -> None:
    """Checks one puzzle record against the schema; raises ``PuzzleError`` naming the field."""
    errors = list(_puzzle_validator().iter_errors(data))
    if errors:
        reason, path = _schema_reason(_best_match(errors))
        pid = data.get("id") if isinstance(data, Mapping) else None
        raise located(reason, None, str(pid) if pid is not None else "?", _field(path) or "-")


def _shipped_json(path: Path) -> Path | None:
    """Returns the JSON copy of a file of the shipped bank where PyYAML is missing, when the
    wheel build wrote one."""
    if has_yaml():
        return None
    twin = json_twin(path)
    try:
        shipped = path.parent.resolve() == BANK_DIR.resolve()
    except OSError:  # pragma: no cover - a folder that cannot be resolved is not the bank
        return None
    return twin if shipped and twin.is_file() else None


def _read_yaml(path: Path) -> Any:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):  # a pipe or a device would block or never end
            raise located(say("exercise.file.not_regular"), str(path))
        if info.st_size > MAX_FILE_BYTES:
            raise located(say("exercise.file.too_big", size=info.st_size,
                              limit=MAX_FILE_BYTES), str(path))
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise located(say("exercise.file.too_big", size=len(data), limit=MAX_FILE_BYTES),
                          str(path))
        text = data.decode("utf-8")
        twin = _shipped_json(path)
        if twin is not None:
            return _Shipped(loads(twin.read_text(encoding="utf-8")))
    except OSError as err:
        raise located(say("exercise.file.unreadable", reason=err.strerror or str(err)),
                      str(path)) from None
    except UnicodeDecodeError:
        raise located(say("exercise.file.not_utf8"), str(path)) from None
    try:
        loader = _yaml_loader()
    except ExtraMissingError as err:
        raise located(say("data.needs_yaml", path=str(path)), str(path)) from err
    yaml = yaml_module(str(path))
    try:
        try:
            return yaml.load(text, Loader=loader)  # a SafeLoader with limits
        except yaml.YAMLError:
            if issubclass(loader, yaml.SafeLoader):
                raise
            # libyaml refused it: the pure-Python reader gives the same data or the same error
            return yaml.load(text, Loader=_yaml_loader(pure=True))
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark is not None else 0
        problem = excerpt(err.problem or err.context or "?", 200)
        raise located(say("exercise.file.yaml", line=line, problem=problem), str(path)) from None
    except (yaml.YAMLError, ValueError, TypeError, RecursionError, OverflowError) as err:
        raise located(say("exercise.file.yaml", line=0,
                          problem=excerpt(f"{type(err).__name__}: {err}", 120)),
                      str(path)) from None


class _Shipped(dict[str, Any]):
    """An exercise document of the shipped bank read from its JSON copy: already checked."""


class Loaded(NamedTuple):
    """What loading gives: the puzzles that loaded, and an error for each part that did not."""

    puzzles: list[Puzzle]
    errors: list[ExerciseError]


def load_data(document: Any, source: str | None = None,
              ids: Collection[str] | None = None) -> Loaded:
    """Reads the puzzles of one exercise document (already parsed YAML); never raises.

    With ``ids``, only the puzzles with those ids are read and checked (a quiz of a few bank
    puzzles checks those, not the whole bank); the others are left out.
    """
    path = source or "<data>"
    if not isinstance(document, Mapping):
        return Loaded([], [located(say("exercise.file.not_mapping"), path)])
    doc = dict(document)
    puzzles = doc.get("puzzles")
    default_kind = doc.get("kind")
    if isinstance(puzzles, list) and len(puzzles) > MAX_PUZZLES:
        return Loaded([], [located(say("exercise.file.too_many", count=len(puzzles),
                                       limit=MAX_PUZZLES), path)])
    if isinstance(puzzles, list):
        if ids is not None:
            puzzles = [p for p in puzzles if isinstance(p, Mapping) and str(p.get("id")) in ids]
        puzzles = [dict(p) if isinstance(p, Mapping) else p for p in puzzles]
        if isinstance(default_kind, str):
            for p in puzzles:
                if isinstance(p, dict) and "kind" not in p:
                    p["kind"] = default_kind
        doc["puzzles"] = puzzles
    try:
        found = [] if isinstance(document, _Shipped) else list(_validator().iter_errors(doc))
    except ExtraMissingError:
        return Loaded([], [located(say("data.needs_jsonschema", path=path), path)])
    except (TypeError, ValueError, RecursionError) as err:  # keys no schema can read
        return Loaded([], [located(say("exercise.file.schema", reason=type(err).__name__),
                                   path)])
    by_puzzle: dict[int, list[ValidationError]] = {}
    file_errors = []
    for error in found:
        p = list(error.absolute_path)
        if len(p) >= 2 and p[0] == "puzzles" and isinstance(p[1], int):
            by_puzzle.setdefault(p[1], []).append(error)
        else:
            file_errors.append(error)
    if file_errors:
        reason, p = _schema_reason(_best_match(file_errors))
        return Loaded([], [located(reason, path, None, _field(p) or None)])
    assert isinstance(puzzles, list)
    out: list[Puzzle] = []
    errors: list[ExerciseError] = []
    seen: set[str] = set()
    for i, item in enumerate(puzzles):
        pid = str(item.get("id", f"#{i + 1}")) if isinstance(item, Mapping) else f"#{i + 1}"
        if i in by_puzzle:
            reason, p = _schema_reason(_best_match(by_puzzle[i]))
            errors.append(located(reason, path, pid, _field(p[2:]) or "-"))
            continue
        if pid in seen:
            errors.append(located(say("exercise.file.duplicate_here"), path, pid, "id"))
            continue
        seen.add(pid)
        try:
            puzzle = Puzzle.from_data(item, source=path, checked=True)
            _check_choices(puzzle)
        except PuzzleError as err:
            errors.append(located(err.detail, path, pid, err.field or "-", err.clause))
            continue
        out.append(puzzle)
    return Loaded(out, errors)


def read_puzzle(data: Mapping[str, Any], source: str | None = None,
                checked: bool = False) -> Puzzle:
    """Reads one puzzle record and checks it: the schema (unless ``checked`` says the caller
    did), then its setup and answer with the engine (``Puzzle.from_data`` calls this).

    Raises ``PuzzleError`` naming the puzzle and the field.
    """
    if not checked:
        check_puzzle_data(data)
    pid = shown(str(data.get("id", "?")))
    try:
        unwritable = first_unwritable(data)
        if unwritable is not None:  # the exports (XML, JSON in UTF-8) could not carry it
            raise FieldError(unwritable[0], say("exercise.file.bad_char", char=unwritable[1]))
        kind = PuzzleKind(data["kind"])
        handler = spec(kind)
        question = data.get("question") or handler.questions[0]
        if question not in handler.questions:
            raise FieldError("question", say("exercise.bad_question", question=question,
                                             kind=kind.value,
                                             questions=", ".join(handler.questions)))
        parsed = handler.read_setup(data["setup"], question)
        expected = handler.read_answer(data["answer"], parsed, question, field="answer")
        choices = tuple(Choice(c["answer"], c.get("misconception"))
                        for c in data.get("choices", ()))
        for i, choice in enumerate(choices):
            handler.read_answer(choice.answer, parsed, question, field=f"choices[{i}].answer")
        try:
            tags = check_names(data.get("techniques", ()))
        except ExerciseError as err:
            raise FieldError("techniques", err.message) from None
    except PuzzleError as err:
        raise PuzzleError(err.detail, reason=err.detail, path=source, puzzle_id=pid,
                          field=err.field, clause=err.clause) from None
    return Puzzle(
        id=pid, kind=kind, setup=dict(data["setup"]), answer=data["answer"],
        question=question, clauses=tuple(data.get("clauses", ())),
        difficulty=int(data.get("difficulty", 1)), notes=texts(data.get("notes")),
        prompt=texts(data.get("prompt")), choices=choices, source=source,
        seed=data.get("seed"), tags=tags, parsed=parsed, expected=expected)


set_reader(read_puzzle)


def _check_choices(puzzle: Puzzle) -> None:
    known = catalogue()
    for i, choice in enumerate(puzzle.choices):
        mid = choice.misconception
        if mid is not None and (mid not in known or puzzle.kind not in known[mid].kinds):
            raise PuzzleError(say("exercise.file.unknown_misconception", id=mid,
                                  kind=puzzle.kind.value), field=f"choices[{i}].misconception")


def _path(item: object) -> Path:
    """Returns a path given as text or ``os.PathLike``; raises ``ExerciseArgumentError`` for
    anything else, or text no file system takes (a NUL, a name too long)."""
    if not isinstance(item, (str, os.PathLike)) or not isinstance(os.fspath(item), str):
        raise ExerciseArgumentError(say("exercise.file.bad_paths", value=excerpt(repr(item))))
    text = os.fspath(item)
    if "\0" in text:
        raise ExerciseArgumentError(say("exercise.file.bad_path", value=excerpt(repr(text)),
                                        reason=say("exercise.file.path_nul")))
    try:
        os.stat(text)
    except OSError as err:
        if err.errno == errno.ENAMETOOLONG:
            raise ExerciseArgumentError(say("exercise.file.bad_path",
                                            value=excerpt(repr(text)),
                                            reason=err.strerror or str(err))) from None
    except ValueError as err:  # pragma: no cover - what else os.stat refuses on this system
        raise ExerciseArgumentError(say("exercise.file.bad_path", value=excerpt(repr(text)),
                                        reason=str(err))) from None
    return Path(text)


def load_file(path: str | os.PathLike[str], ids: Collection[str] | None = None) -> Loaded:
    """Loads one exercise file; every problem of the file is in ``errors`` (a path that is
    no path raises ``ExerciseArgumentError``). ``ids`` is as for ``load_data``."""
    p = _path(path)
    try:
        document = _read_yaml(p)
    except PuzzleError as err:
        return Loaded([], [err])
    return load_data(document, str(p), ids)


def bank_paths(value: str | None = None) -> list[Path]:
    """Returns the folders and files of the bank named by ``value`` (default:
    ``GUANDAN_EXERCISES``), separated by ``os.pathsep``; an empty entry (a separator at the
    start or end) stands for the shipped bank. Unset or empty: the shipped bank alone.

    >>> bank_paths("") == [BANK_DIR]
    True
    >>> bank_paths("/class/bank" + os.pathsep) == [Path("/class/bank"), BANK_DIR]
    True
    >>> bank_paths("~/mine")[0] == Path.home() / "mine"
    True
    """
    if value is None:
        value = os.environ.get(ENV_EXERCISES, "")
    if not value.strip():
        return [BANK_DIR]
    return [Path(entry.strip()).expanduser() if entry.strip() else BANK_DIR
            for entry in value.split(os.pathsep)]


def exercise_files(paths: Iterable[str | os.PathLike[str]] | None = None) -> list[Path]:
    """Lists the exercise files: each ``*.yaml``/``*.yml`` of a folder, or the files given.

    With no paths, the bank: ``bank_paths()``, the shipped bank unless ``GUANDAN_EXERCISES``
    names others.
    """
    if paths is None:
        paths = bank_paths()
    elif isinstance(paths, (str, os.PathLike)):
        paths = [paths]  # one folder or file, not the letters of its name
    elif not isinstance(paths, Iterable):
        raise ExerciseArgumentError(say("exercise.file.bad_paths",
                                        value=excerpt(repr(paths))))
    out: list[Path] = []
    for item in paths:
        p = _path(item)
        if p.is_dir():
            out += sorted(q for q in p.iterdir() if q.suffix in (".yaml", ".yml"))
        else:
            out.append(p)
    return out


def load_bank(paths: Iterable[str | os.PathLike[str]] | None = None, *,
              strict: bool = False, ids: Collection[str] | None = None) -> Loaded:
    """Loads every exercise file; returns the puzzles and the errors (ids unique across files).

    With ``strict``, raises one ``ExerciseError`` listing every problem instead. With ``ids``,
    only the puzzles with those ids are read and checked (see ``load_data``).
    """
    puzzles: list[Puzzle] = []
    errors: list[ExerciseError] = []
    where: dict[str, str] = {}
    files = exercise_files(paths)
    if not files:
        errors.append(located(say("exercise.file.none")))
    for path in files:
        loaded = load_file(path, ids)
        errors += loaded.errors
        for puzzle in loaded.puzzles:
            if puzzle.id in where:
                errors.append(located(say("exercise.file.duplicate", other=where[puzzle.id]),
                                      str(path), puzzle.id, "id"))
                continue
            where[puzzle.id] = str(path)
            puzzles.append(puzzle)
    if strict and errors:
        raise ExerciseError(say("exercise.file.errors", count=len(errors),
                                errors="\n".join(str(e) for e in errors)))
    return Loaded(puzzles, errors)


def check_answers(puzzles: Iterable[Puzzle]) -> list[ExerciseError]:
    """Returns an error for every puzzle whose stored answer is not the engine's answer, or
    whose check fails: a project error's message, or a bug's exception by name, each as that
    puzzle's error while the other puzzles are still checked."""
    errors: list[ExerciseError] = []
    if not isinstance(puzzles, Iterable) or isinstance(puzzles, (str, bytes)):
        need_puzzle(puzzles)
    puzzles = list(puzzles)
    for puzzle in puzzles:
        need_puzzle(puzzle)
    for puzzle in puzzles:
        field = "answer"
        try:
            wrong = _wrong_answer(puzzle)
        except ExerciseError as err:  # the engine refuses the setup
            wrong, field = err.message, "setup"
        except GuandanError as err:  # another of the family: a search stopped at its limit
            wrong = err.message
        except Exception as err:  # a bug: reported for this puzzle, the others still checked
            wrong = say("exercise.file.check_failed", error=f"{type(err).__name__}: {err}")
        if wrong is not None:
            errors.append(located(wrong, puzzle.source, puzzle.id, field))
    return errors


def _wrong_answer(puzzle: Puzzle) -> str | None:
    """Returns why a puzzle's stored answer is not the engine's answer, or ``None``."""
    s = spec(puzzle.kind)
    solution = solve(puzzle)
    if s.is_correct(puzzle.expected, solution, puzzle.parsed, puzzle.question):
        return None
    return say("exercise.file.wrong_answer",
               stored=s.show_answer(puzzle.expected, puzzle.parsed, puzzle.question),
               engine=s.show_answer(solution.answer, puzzle.parsed, puzzle.question),
               explanation=solution.explanation)


def validate(paths: Iterable[str | os.PathLike[str]] | None = None) -> Loaded:
    """Loads exercise files and also checks every stored answer against the engine."""
    loaded = load_bank(paths)
    return Loaded(loaded.puzzles, loaded.errors + check_answers(loaded.puzzles))


__all__ = ["BANK_DIR", "CHECKOUT_BANK", "ENV_EXERCISES", "Loaded", "bank_paths", "check_answers",
           "check_puzzle_data", "exercise_files", "load_bank", "load_data", "load_file", "located",
           "read_puzzle", "schema", "validate", "with_kinds"]
