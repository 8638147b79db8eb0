"""A class list as the school's LMS exports it, and each learner's class code.

``read_roster(path)`` reads a CSV file with one learner a row. The columns are found by their
headers, in English, Portuguese or Spanish, in any case and with or without accents; the
separator may be ``,``, ``;`` or a tab, and the file UTF-8 (a byte-order mark is fine):

- the name: ``name`` / ``full name`` / ``student`` (also ``nome``, ``nombre``…), or
  ``first name`` and ``last name`` (``surname``, ``sobrenome``, ``apellidos``…);
- at least one identifier: ``ID number`` (``student id``, ``SIS User ID``, ``matrícula``…),
  ``username`` (``login``, ``SIS Login ID``, ``usuário``…) or ``email`` (``email address``,
  ``correo``…); Canvas's own ``ID`` column is kept as ``lms_id``;
- optional: ``section`` (``turma``, ``sección``) and ``code`` (the class code).

A learner's *class code* is eight letters and digits (``K7QM-2XHD``) made from a secret only
the teacher holds and the learner's identifier (an HMAC): the teacher prints it on the
learner's sheet, the learner enters it once, and every results file the learner hands in
carries it. A file can then be matched to its learner without accounts, and a file made by
someone else — who does not know the code — is recognised.

>>> roster = read_roster_text("Full name;ID number;Email\\nAna Sá;1001;ana@school.org\\n")
>>> ana = roster.learners[0]
>>> ana.name, ana.id_number, ana.key
('Ana Sá', '1001', '1001')
>>> roster.find("ana@school.org") == roster.find("ANA SA") == ana
True
>>> learner_code("class secret", "1001")
'XX83-ULEY'
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import os
import re
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from .errors import ClassroomError
from .files import neutralise
from .messages import say
from .reading import read_file

#: The largest roster file read, and the most learners in one.
MOST_BYTES = 5_000_000
MOST_LEARNERS = 5_000
#: The largest class-secret file read (a longer one is no secret file).
MOST_SECRET_BYTES = 10_000
#: The letters and digits of a class code (no 0/O, 1/I: a code is copied by hand).
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 8

_NAME = {"name", "fullname", "student", "studentname", "learner", "nome", "nomecompleto",
         "nombre", "nombrecompleto", "aluno", "alumno", "estudiante", "estudante"}
_FIRST = {"firstname", "givenname", "first", "prenome", "primeironome"}
_LAST = {"lastname", "surname", "familyname", "last", "sobrenome", "apellido", "apellidos"}
_ID = {"idnumber", "studentid", "sisuserid", "studentnumber", "numero", "numerodeid",
       "matricula", "numerodematricula", "numeroid", "legajo", "id"}
_USER = {"username", "user", "login", "loginid", "sisloginid", "usuario", "nomedeusuario",
         "nombredeusuario"}
_EMAIL = {"email", "emailaddress", "mail", "correo", "correoelectronico", "enderecodeemail",
          "direcciondecorreo", "direcciondecorreoelectronico"}
_SECTION = {"section", "secao", "seccion", "turma", "grupo", "class"}
_CODE = {"code", "classcode", "codigo", "codigodaturma", "codigodeclase"}


def fold(text: str) -> str:
    """Returns text as names are compared: accents dropped, case folded, spaces collapsed.

    >>> fold("  Ána   SÁ ")
    'ana sa'
    """
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def _header(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold(text or ""))


def is_code_header(text: str) -> bool:
    """Tells whether a CSV column header names the class code (``code``, ``Código``…).

    >>> is_code_header("Class code"), is_code_header("name")
    (True, False)
    """
    return _header(text) in _CODE


@dataclass(frozen=True)
class Learner:
    """One learner of a roster: the name and the identifiers an LMS matches on."""

    name: str
    id_number: str = ""
    username: str = ""
    email: str = ""
    lms_id: str = ""
    section: str = ""
    code: str = ""

    @property
    def key(self) -> str:
        """Returns the identifier the class code is made from: the ID number, else the
        username, else the email."""
        return self.id_number or self.username or self.email

    def names(self) -> set[str]:
        """Returns every text a results file may name this learner by (folded)."""
        out = {fold(v) for v in (self.name, self.id_number, self.username, self.email,
                                 self.lms_id) if v}
        if "@" in self.email:
            out.add(fold(self.email.split("@", 1)[0]))
        return out

    @property
    def first_last(self) -> tuple[str, str]:
        """Returns the name as (first names, last name): the part after a comma is the first
        names (``"Sá, Ana"``), else the last word is the last name."""
        if "," in self.name:
            last, _, first = self.name.partition(",")
            return first.strip(), last.strip()
        first, _, last = self.name.rpartition(" ")
        return (first, last) if first else (last, "")


@dataclass(frozen=True)
class Roster:
    """A class list: its learners in the file's order, and where it was read."""

    source: str
    learners: tuple[Learner, ...]
    _index: dict[str, Learner] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, Learner] = {}
        ambiguous: set[str] = set()
        for learner in self.learners:
            for text in learner.names():
                if text in index and index[text] is not learner:
                    ambiguous.add(text)
                index.setdefault(text, learner)
        for text in ambiguous:  # two learners of the same name: only identifiers match them
            del index[text]
        self._index.update(index)

    def find(self, name: str) -> Learner | None:
        """Returns the learner a results file's name means (name, ID, username or email,
        compared without case or accents), or ``None``."""
        return self._index.get(fold(name))

    def by_code(self, code: str) -> Learner | None:
        """Returns the learner whose class code this is, or ``None``."""
        wanted = normal_code(code, strict=False)
        return next((a for a in self.learners if a.code and a.code == wanted), None)

    @property
    def has_codes(self) -> bool:
        """Tells whether every learner has a class code."""
        return bool(self.learners) and all(a.code for a in self.learners)

    def with_codes(self, secret: str) -> Roster:
        """Returns the roster with every learner's class code made from ``secret``."""
        if not isinstance(secret, str) or len(secret.strip()) < 8:
            raise ClassroomError(say("roster.secret.short"))
        return Roster(self.source, tuple(replace(a, code=learner_code(secret, a.key))
                                         for a in self.learners))

    def csv_text(self) -> str:
        """Returns the roster as CSV (name, ID number, username, email, section, code)."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\r\n")
        writer.writerow(["name", "id_number", "username", "email", "section", "code"])
        for a in self.learners:
            writer.writerow([neutralise(v) for v in (a.name, a.id_number, a.username, a.email,
                                                     a.section, a.code)])
        return buffer.getvalue()


def code_slips_html(roster: Roster) -> str:
    """Returns a printable page of class-code slips, one per learner (name, section, code and
    how to enter it), to cut out and hand out."""
    from html import escape

    if not roster.has_codes:
        raise ClassroomError(say("roster.slips.no_codes"))
    title = escape(say("roster.slips.title"))
    slips = []
    for a in roster.learners:
        section = f" · {escape(a.section)}" if a.section else ""
        slips.append(f'<div class="slip"><div class="who">{escape(a.name)}{section}</div>'
                     f'<div class="code">{escape(a.code)}</div>'
                     f'<div class="how">{escape(say("roster.slips.how", code=a.code))}</div>'
                     "</div>")
    css = ("body{font-family:system-ui,sans-serif;margin:1cm}"
           ".slips{display:grid;grid-template-columns:1fr 1fr;gap:0.4cm}"
           ".slip{border:1px dashed #888;padding:0.4cm;break-inside:avoid}"
           ".who{font-weight:bold}.code{font:bold 1.6em monospace;letter-spacing:0.1em;"
           "margin:0.2em 0}.how{font-size:0.85em}")
    return (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{title}</title>'
            f"<style>{css}</style></head><body><h1>{title}</h1>"
            f'<div class="slips">{"".join(slips)}</div></body></html>\n')


# -- Class codes -----------------------------------------------------------------------------


def learner_code(secret: str, key: str) -> str:
    """Returns a learner's class code: an HMAC of the identifier under the class secret, as
    eight letters and digits in two groups of four."""
    digest = hmac.new(secret.encode("utf-8"), f"guandan-learn class code\x1f{key}".encode(),
                      hashlib.sha256).digest()
    number = int.from_bytes(digest[:5], "big")
    chars = []
    for _ in range(CODE_LENGTH):
        number, r = divmod(number, len(CODE_ALPHABET))
        chars.append(CODE_ALPHABET[r])
    text = "".join(chars)
    return f"{text[:4]}-{text[4:]}"


def normal_code(text: object, *, strict: bool = True) -> str:
    """Returns a class code as written by ``learner_code`` from what a learner typed
    (spaces, dashes and case do not matter); raises ``ClassroomError`` when it cannot be one
    (``strict=False``: returns ``""`` instead).

    >>> normal_code(" 3e7m pnq6 ")
    '3E7M-PNQ6'
    """
    plain = re.sub(r"[\s\-_.]", "", text.upper()) if isinstance(text, str) else ""
    if len(plain) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in plain):
        if not strict:
            return ""
        shown = repr(text)[:30]
        raise ClassroomError(say("roster.code.bad", value=shown, length=CODE_LENGTH))
    return f"{plain[:4]}-{plain[4:]}"


def new_secret() -> str:
    """Returns a new random class secret (to keep in a file only the teacher reads)."""
    return secrets.token_urlsafe(24)


def read_secret(path: str | os.PathLike[str], *, create: bool = False) -> str:
    """Reads the class secret from a file (its first line); ``create`` writes a new one when
    the file does not exist yet (readable by its owner only)."""
    where = Path(path)
    if create and not where.exists():
        try:
            where.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(new_secret() + "\n")
        except OSError as err:
            raise ClassroomError(say("roster.secret.unreadable", path=str(where),
                                     reason=err.strerror or str(err))) from None

    def refuse(reason: str) -> ClassroomError:
        return ClassroomError(say("roster.secret.unreadable", path=str(where), reason=reason))

    data = read_file(where, MOST_SECRET_BYTES, refuse=refuse, unreadable=refuse,
                     too_big=lambda: ClassroomError(say("roster.secret.short")))
    try:
        text = data.decode("utf-8").strip().splitlines()
    except UnicodeDecodeError as err:
        raise refuse(str(err)) from None
    secret = text[0].strip() if text else ""
    if len(secret) < 8:
        raise ClassroomError(say("roster.secret.short"))
    return secret


# -- Reading ---------------------------------------------------------------------------------


def read_roster(path: str | os.PathLike[str]) -> Roster:
    """Reads a roster CSV (see the module for the columns); raises ``ClassroomError`` naming
    the file, and the line, of what cannot be read."""
    if not isinstance(path, (str, os.PathLike)):
        raise ClassroomError(say("roster.path.bad", value=type(path).__name__))
    where = Path(path)

    def refuse(reason: str) -> ClassroomError:
        return ClassroomError(say("roster.unreadable", path=str(where), reason=reason))

    data = read_file(where, MOST_BYTES, refuse=refuse, unreadable=refuse,
                     too_big=lambda: ClassroomError(say("roster.too_big", path=str(where),
                                                        most=MOST_BYTES // 1_000_000)))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ClassroomError(say("roster.not_utf8", path=str(where))) from None
    return read_roster_text(text, source=str(where))


def _column(headers: list[str], names: set[str], used: set[int]) -> int | None:
    for i, h in enumerate(headers):
        if i not in used and h in names:
            used.add(i)
            return i
    return None


def read_roster_text(text: str, *, source: str = "-") -> Roster:
    """Reads a roster from its text (see ``read_roster``)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    head = next((ln for ln in lines if ln.strip()), "")
    delimiter = max((",", ";", "\t"), key=head.count)
    rows = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    try:
        header_row = next(rows, [])
    except csv.Error as err:
        raise ClassroomError(say("roster.broken", path=source, line=1, reason=str(err))) from None
    headers = [_header(h) for h in header_row]
    used: set[int] = set()
    canvas = "sisuserid" in headers
    lms = headers.index("id") if canvas and "id" in headers else None
    if lms is not None:
        used.add(lms)
    email = _column(headers, _EMAIL, used)
    if email is None:
        email = next((i for i, h in enumerate(headers) if "email" in h and i not in used), None)
        if email is not None:
            used.add(email)
    last = _column(headers, _LAST, used)
    first = _column(headers, _FIRST, used)
    if last is not None and first is None:
        first = _column(headers, {"nome", "nombre"}, used)
    name = _column(headers, _NAME, used)
    ident = _column(headers, _ID - ({"id"} if canvas else set()), used)
    user = _column(headers, _USER, used)
    section = _column(headers, _SECTION, used)
    code = _column(headers, _CODE, used)
    if name is None and first is None and last is None:
        raise ClassroomError(say("roster.no_name", path=source))
    if ident is None and user is None and email is None:
        raise ClassroomError(say("roster.no_id", path=source))
    learners: list[Learner] = []
    seen: dict[tuple[str, str], int] = {}

    def cell(row: list[str], i: int | None) -> str:
        return row[i].strip() if i is not None and i < len(row) else ""

    line = 1
    while True:
        try:
            row = next(rows)
        except StopIteration:
            break
        except csv.Error as err:
            raise ClassroomError(say("roster.broken", path=source, line=rows.line_num,
                                     reason=str(err))) from None
        line = rows.line_num
        if not any(c.strip() for c in row):
            continue
        full = cell(row, name) or " ".join(p for p in (cell(row, first), cell(row, last)) if p)
        ids = {"id_number": cell(row, ident), "username": cell(row, user),
               "email": cell(row, email)}
        if fold(full) == "points possible" or (not any(ids.values()) and not full):
            continue  # Canvas's export has a "Points Possible" row
        if not full:
            raise ClassroomError(say("roster.row.no_name", path=source, line=line))
        if not any(ids.values()):
            raise ClassroomError(say("roster.row.no_id", path=source, line=line, name=full))
        for field_name, value in ids.items():
            if value:
                known = seen.get((field_name, fold(value)))
                if known is not None:
                    raise ClassroomError(say("roster.row.repeat", path=source, line=line,
                                             value=value, first=known))
                seen[(field_name, fold(value))] = line
        typed_code = cell(row, code)
        learners.append(Learner(full, lms_id=cell(row, lms), section=cell(row, section),
                                code=normal_code(typed_code) if typed_code else "", **ids))
        if len(learners) > MOST_LEARNERS:
            raise ClassroomError(say("roster.too_many", path=source, most=MOST_LEARNERS))
    if not learners:
        raise ClassroomError(say("roster.empty", path=source))
    return Roster(source, tuple(learners))


def learners_text(learners: Iterable[Learner]) -> str:
    """Returns learners' names joined for a sentence."""
    return ", ".join(a.name for a in learners)


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "MOST_LEARNERS", "Learner", "Roster", "code_slips_html",
           "fold", "is_code_header",
           "learner_code", "learners_text", "new_secret", "normal_code", "read_roster",
           "read_roster_text", "read_secret"]
