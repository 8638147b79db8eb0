"""Results CSV files: reading the answers of one (``Progress.export_csv`` writes them)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..errors import ProgressError
from ..messages import say

if TYPE_CHECKING:
    pass
import csv

from .answer import Answer


def read_csv(path: str | os.PathLike[str]) -> list[Answer]:
    """Reads the answers of a results CSV; raises ``ProgressError`` naming the bad line."""
    if not isinstance(path, (str, os.PathLike)):  # open() would take a number as a descriptor
        raise ProgressError(say("progress.path.bad", value=type(path).__name__))
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            reader = csv.DictReader(handle)
            header = [h.strip() for h in reader.fieldnames or []]
            missing = [c for c in ("at", "learner", "source", "puzzle", "kind", "correct")
                       if c not in header]
            if missing:
                raise ProgressError(say("progress.csv.columns", path=str(path),
                                        missing=", ".join(missing)))
            out: list[Answer] = []
            for row in reader:
                line = reader.line_num
                clean = {(k or "").strip(): v for k, v in row.items()}
                if None in row or clean.get(""):
                    raise ProgressError(say("progress.csv.line", path=str(path), line=line,
                                            reason=say("progress.csv.extra")))
                try:
                    out.append(Answer.from_mapping(clean))
                except ProgressError as err:
                    raise ProgressError(say("progress.csv.line", path=str(path), line=line,
                                            reason=err.message)) from None
            return out
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise ProgressError(say("progress.csv.read", path=str(path), reason=str(err))) from None
