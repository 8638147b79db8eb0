"""The registry of puzzle kinds: every module of this package that declares a ``SPEC``.

A kind is one module, ``kinds/<name>.py``, holding one ``KindSpec`` as ``SPEC`` (see
``base.KindSpec`` and ``docs/adding_a_puzzle_kind.md``). The registry finds the modules, orders
them by ``SPEC.order`` and names them in ``PuzzleKind``; the loader, grader, generator, lenses,
widgets, worksheets and command line all ask it, so a new module is picked up everywhere.

>>> KINDS[:3]
('legal_play', 'classify', 'strongest')
>>> spec("classify").questions
('strongest',)
"""

from __future__ import annotations

import importlib
import pkgutil
from enum import StrEnum
from typing import TYPE_CHECKING

from ...errors import ExerciseError
from ...messages import say
from .base import LABELS, ExplainFn, KindSpec, LensFn, kind_name, reading_clauses, show_reading

if TYPE_CHECKING:
    from .classify import CardsSetup
    from .declare_wild import DeclareSetup
    from .find_play import HandSetup
    from .legal_play import PlaySetup
    from .next_level import SettleSetup
    from .strongest import PlaysSetup
    from .tribute import TributeSetup
    from .who_leads import DealSetup


def _discover() -> dict[str, KindSpec]:
    found: list[KindSpec] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        kind = getattr(module, "SPEC", None)
        if isinstance(kind, KindSpec):
            found.append(kind)
    found.sort(key=lambda k: (k.order, k.name))
    return {k.name: k for k in found}


#: Every kind's handler, by name, in order.
REGISTRY: dict[str, KindSpec] = _discover()

#: The names of the puzzle kinds, in order.
KINDS: tuple[str, ...] = tuple(REGISTRY)

#: The puzzle kinds; the value is the name used in exercise files.
PuzzleKind = StrEnum(  # type: ignore[misc]
    "PuzzleKind", {name.upper(): name for name in KINDS}, module=__name__)
PuzzleKind.__doc__ = "The kinds of puzzle; the value is the name used in exercise files."


def spec(kind: object) -> KindSpec:
    """Returns the handler of a puzzle kind (a ``PuzzleKind`` or its name)."""
    try:
        return REGISTRY[str(kind)]
    except KeyError:
        raise ExerciseError(say("exercise.generate.kind", kind=repr(kind)[:40],
                                kinds=", ".join(REGISTRY))) from None


def kinds() -> tuple[KindSpec, ...]:
    """Returns every kind's handler, in order."""
    return tuple(REGISTRY.values())


def __getattr__(name: str) -> object:
    # The setup types, by their historical names (``kinds.PlaySetup``…).
    for kind in REGISTRY.values():
        if kind.setup_type.__name__ == name:
            return kind.setup_type
    raise AttributeError(name)


__all__ = ["KINDS", "LABELS", "REGISTRY", "CardsSetup", "DealSetup", "DeclareSetup",
           "ExplainFn", "HandSetup", "KindSpec", "LensFn", "PlaySetup", "PlaysSetup",
           "PuzzleKind", "SettleSetup", "TributeSetup", "kind_name", "kinds", "reading_clauses",
           "show_reading", "spec"]
