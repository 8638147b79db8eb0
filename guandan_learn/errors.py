"""The error family: every problem the project reports is a ``GuandanError``."""

from __future__ import annotations


class GuandanError(ValueError):
    """Is the root of every error the project raises on bad input."""

    clause: str | None = None

    def __init__(self, message: str, *, clause: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if clause is not None:
            self.clause = clause


class NotationError(GuandanError):
    """Says that card, rank or level text cannot be read."""


class CardCountError(GuandanError):
    """Says that cards are impossible: more copies of a face than two decks hold."""


class IllegalPlayError(GuandanError):
    """Says that a readable action is not allowed here, naming the rule by clause."""


class ExerciseError(GuandanError):
    """Says that an exercise file or answer is malformed."""


class MatchError(IllegalPlayError):
    """Says that a match record is impossible: seats, levels, finishing order or attempts."""


class TributeError(IllegalPlayError):
    """Says that a tribute or return cannot be made as asked (§08)."""


class DealError(IllegalPlayError):
    """Says that a deal cannot be set up as given: seats, hands, finished seats or leader."""


class ProgressError(GuandanError):
    """Says that saved progress cannot be read or written: the database, or a results CSV."""


class ClassroomError(GuandanError):
    """Says that a worksheet cannot be made as asked: the topic, count or roster."""


class CourseError(GuandanError):
    """Says that the course's notebooks cannot be found, copied or opened as asked."""


class ProgressWarning(UserWarning):
    """Warns that saved progress was damaged and moved aside, or could not be recorded."""
