"""The error family: every problem the project reports is a ``GuandanError``.

An error carries either a finished sentence or a ``Reason``; a reason is rendered each time the
error is shown, in the language current then, and its clause becomes the error's ``clause``.
"""

from __future__ import annotations

from . import i18n
from .messages import say
from .reason import Reason


class GuandanError(ValueError):
    """Is the root of every error the project raises on bad input."""

    clause: str | None = None
    reason: Reason | None = None

    def __init__(self, message: str | Reason, *, clause: str | None = None) -> None:
        super().__init__(message)
        if isinstance(message, Reason):
            self.reason = message
            if clause is None:
                clause = message.main_clause
        else:
            self._text = message
        if clause is not None:
            self.clause = clause

    @property
    def message(self) -> str:
        """Returns the sentence, rendered now when the error carries a ``Reason``."""
        if self.reason is not None:
            return self.reason.text()
        text = getattr(self, "_text", None)
        return text if text is not None else (str(self.args[0]) if self.args else "")

    @message.setter
    def message(self, text: str) -> None:
        self.reason = None
        self._text = text

    @property
    def why(self) -> Reason | str:
        """Returns the ``Reason`` when there is one, else the sentence: a field for a wrapper."""
        return self.reason if self.reason is not None else self.message

    def __str__(self) -> str:
        return self.message


class ArgumentError(GuandanError, TypeError):
    """Says that an argument is malformed: the wrong type, or a name that means nothing here.

    It is no ``IllegalPlayError``: nothing was played. It is also a ``TypeError``, which is
    what Python raises for the wrong type of argument.
    """


class NotationError(GuandanError):
    """Says that card, rank or level text cannot be read."""


class CardCountError(GuandanError):
    """Says that cards are impossible: more copies of a face than two decks hold."""


class IllegalPlayError(GuandanError):
    """Says that a readable action is not allowed here, naming the rule by clause."""


class ExerciseError(GuandanError):
    """Says that an exercise file or answer is malformed."""


class RulebookError(GuandanError):
    """Says that a clause id is not in the rulebook, or the rulebook has no such language."""


class MatchError(IllegalPlayError):
    """Says that a match record is impossible: seats, levels, finishing order or attempts."""


class TributeError(IllegalPlayError):
    """Says that a tribute or return cannot be made as asked (§08)."""


class EndgameError(GuandanError):
    """Says that an endgame search stopped at its limit of positions or time, unfinished."""


class DealError(IllegalPlayError):
    """Says that a deal cannot be set up as given: seats, hands, finished seats or leader."""


class ProgressError(GuandanError):
    """Says that saved progress cannot be read or written: the database, or a results CSV."""


class ClassroomError(GuandanError):
    """Says that a worksheet cannot be made as asked: the topic, count or roster."""


class CourseError(GuandanError):
    """Says that the course's notebooks cannot be found, copied or opened as asked."""


class ExtraMissingError(GuandanError, ModuleNotFoundError):
    """Says that a part of the project needs an extra that is not installed, naming the install
    command; it is a ``ModuleNotFoundError`` too, so ``except ImportError`` still catches it."""

    def __init__(self, message: str, *, name: str | None = None) -> None:
        super().__init__(message)
        self.name = name


class ProgressWarning(UserWarning):
    """Warns that saved progress was damaged and moved aside, or could not be recorded."""


def _refuse_language(value: object) -> ArgumentError:
    return ArgumentError(say("argument.language", value=type(value).__name__))


i18n.refuse_language = _refuse_language
