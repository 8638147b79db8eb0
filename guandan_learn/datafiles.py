"""The course's data files: YAML in the source tree, JSON beside it in a built wheel.

The wheel build (``setup.py``) writes every YAML file of the package as JSON beside it, so the
course reads its chapters, glossary, misconceptions and puzzle bank with the standard library
where PyYAML is missing (Pyodide in JupyterLite). Where PyYAML is installed the YAML itself is
read, as before; a source checkout has only the YAML; a teacher's own YAML bank always needs
PyYAML.
"""

from __future__ import annotations

import importlib.util
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import ExtraMissingError
from .messages import say


def json_twin(path: Path) -> Path:
    """Returns where the JSON copy of a YAML file sits: beside it, ``name.yaml.json``
    (``setup.py`` writes one for every YAML file of the package when it builds the wheel).

    >>> json_twin(Path("bank/classify.yaml")).as_posix()
    'bank/classify.yaml.json'
    """
    return path.with_name(path.name + ".json")


def _int_keys(pairs: list[tuple[str, Any]]) -> dict[Any, Any]:
    return {int(k) if _INT_KEY.fullmatch(k) else k: v for k, v in pairs}


_INT_KEY = re.compile(r"-?(0|[1-9][0-9]{0,17})")


def loads(text: str) -> Any:
    """Reads a JSON copy: keys written from YAML integers (seats: ``3: "AC AD"``) are integers
    again (``setup.py`` refuses a YAML text key that would read back as one).

    >>> loads('{"hands": {"3": "AC"}, "id": "x"}')
    {'hands': {3: 'AC'}, 'id': 'x'}
    """
    return json.loads(text, object_pairs_hook=_int_keys)


def yaml_module(path: str) -> Any:
    """Imports PyYAML; raises ``ExtraMissingError`` naming the file that needs it."""
    try:
        import yaml
    except ImportError:
        raise ExtraMissingError(say("data.needs_yaml", path=path), name="yaml") from None
    return yaml


def safe_loader(yaml: Any) -> Any:
    """Returns PyYAML's safe loader on libyaml (``CSafeLoader``, about ten times faster) where
    PyYAML was built with it, else its pure-Python ``SafeLoader``; both read the same data."""
    return getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


def has_yaml() -> bool:
    """Tells whether PyYAML can be imported here (not in Pyodide)."""
    return importlib.util.find_spec("yaml") is not None


def read_package_data(*parts: str) -> Any:
    """Reads one YAML data file of the package (e.g. ``"data", "glossary.yaml"``) with PyYAML,
    or, where PyYAML is missing, its JSON copy (the wheel build writes one)."""
    source = resources.files("guandan_learn").joinpath(*parts)
    twin = resources.files("guandan_learn").joinpath(*parts[:-1], parts[-1] + ".json")
    if not has_yaml() and twin.is_file():
        return loads(twin.read_text(encoding="utf-8"))
    text = source.read_text(encoding="utf-8")
    yaml = yaml_module("/".join(parts))
    return yaml.load(text, Loader=safe_loader(yaml))


__all__ = ["has_yaml", "json_twin", "loads", "read_package_data", "safe_loader", "yaml_module"]
