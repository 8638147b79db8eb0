"""Explanations as values: a ``Reason`` is a message key, its fields and the clause it cites.

The engine returns reasons, never finished sentences; text is produced only when a reason is
shown, in the language current at that moment, so switching language switches every
explanation already made. A field is plain data (card text, a number, a seat) or another
``Reason`` (the description of a play, a rank's name), rendered when its parent is.

>>> r = Reason.of("describe.pair", "§04.1", ranks="8s")
>>> r.clause
'§04.1'
>>> str(r)
'a pair of 8s (§04.1)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

FieldValue = object
"""A field of a reason: ``str``, ``int``, another ``Reason``, or a tuple of these."""

ClauseLike = str | tuple[str, ...] | None
"""The clause a reason cites: one id such as ``"§04.3"``, several (the most specific last), or
``None``."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Says why, as data: a message key, its fields, and the clause of the rules it cites."""

    key: str
    fields: tuple[tuple[str, FieldValue], ...] = ()
    clause: ClauseLike = None

    @classmethod
    def of(cls, key: str, clause: ClauseLike = None, /, **fields: FieldValue) -> Reason:
        """Makes a reason from a message key, an optional clause id and the message's fields.

        >>> Reason.of("describe.pair", None, ranks="8s").fields
        (('ranks', '8s'),)
        """
        return cls(key, tuple(fields.items()), clause)

    @property
    def cited(self) -> tuple[str, ...]:
        """Returns the clause ids this reason cites itself, in the order they are cited.

        >>> Reason.of("return.ok_v7", ("§08.2", "V7"), card="7♦").cited
        ('§08.2', 'V7')
        """
        if self.clause is None:
            return ()
        return (self.clause,) if isinstance(self.clause, str) else self.clause

    @property
    def main_clause(self) -> str | None:
        """Returns the most specific clause this reason cites (the last one), or ``None``."""
        cited = self.cited
        return cited[-1] if cited else None

    @property
    def field_map(self) -> Mapping[str, FieldValue]:
        """Returns the fields as a mapping."""
        return dict(self.fields)

    def text(self) -> str:
        """Renders the reason in the current language, its clause cited once at the end."""
        from .messages import say

        filled = {name: render_field(value) for name, value in self.fields}
        return cite(say(self.key, **filled), self.clause)

    def clauses(self) -> tuple[str, ...]:
        """Returns every clause this reason and its nested reasons cite, outermost first."""
        found: list[str] = list(self.cited)
        for _, value in self.fields:
            for nested in _reasons_in(value):
                found += [c for c in nested.clauses() if c not in found]
        return tuple(found)

    def __str__(self) -> str:
        return self.text()


def render_field(value: FieldValue) -> str:
    """Renders one field for a message: reasons as text, tuples joined by commas."""
    if isinstance(value, Reason):
        return value.text()
    if isinstance(value, tuple):
        return ", ".join(render_field(v) for v in value)
    return str(value)


def cite(sentence: str, clause: ClauseLike) -> str:
    """Appends a clause citation to a sentence, before its final full stop.

    >>> cite("Equal strength never beats.", "§04.8")
    'Equal strength never beats (§04.8).'
    >>> cite("a pair of 8s", "§04.1")
    'a pair of 8s (§04.1)'
    >>> cite("Seat 3 leads.", ("§08.1", "§08.9"))
    'Seat 3 leads (§08.1, §08.9).'
    >>> cite("Seen.", None)
    'Seen.'
    """
    if not clause:
        return sentence
    if not isinstance(clause, str):
        clause = ", ".join(clause)
    body = sentence.rstrip()
    stop = body[-1] if body and body[-1] in ".!?" else ""
    if stop:
        body = body[:-1]
    return f"{body} ({clause}){stop}"


def join_text(reasons: Iterable[Reason], sep: str = " ") -> str:
    """Renders several reasons as one paragraph."""
    return sep.join(r.text() for r in reasons)


def _reasons_in(value: FieldValue) -> Iterable[Reason]:
    if isinstance(value, Reason):
        yield value
    elif isinstance(value, tuple):
        for v in value:
            yield from _reasons_in(v)
