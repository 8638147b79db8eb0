"""The project's rulebook (``guandan_learn/data/rulebook``) and its clause ids, for the tests."""

from __future__ import annotations

from guandan_learn import rulebook


def clauses(first: int = 2, last: int = 9) -> list[str]:
    """Lists the rulebook's clause ids from section ``first`` to ``last``, in order."""
    return [c for c in rulebook.clauses("en")
            if c.startswith("§") and first <= int(c[1:3]) <= last]
