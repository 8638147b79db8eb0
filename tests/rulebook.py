"""Finds the project rulebook (``../shared/RULES.md``) and its clause ids, for the tests."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rules_md() -> Path | None:
    """Returns the rulebook's path: ``GUANDAN_RULES``, ``../shared/RULES.md`` or ``RULES.md``."""
    for candidate in (os.environ.get("GUANDAN_RULES"), ROOT.parent / "shared" / "RULES.md",
                      ROOT / "RULES.md"):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    if os.environ.get("CI"):
        raise FileNotFoundError("CI runs with the rulebook beside the clone: ../shared/RULES.md")
    return None


def clauses(first: int = 2, last: int = 9) -> list[str]:
    """Lists the rulebook's clause ids from section ``first`` to ``last``, in order."""
    path = rules_md()
    if path is None:
        return []
    ids = re.findall(r"^- (§0\d\.\d+)", path.read_text(encoding="utf-8"), re.MULTILINE)
    return [c for c in dict.fromkeys(ids) if first <= int(c[1:3]) <= last]
