"""Printable worksheets and their answer keys: numbered puzzles with the cards drawn.

A sheet is a list of generated puzzles chosen by topic (puzzle kinds), count, difficulty and
seed; the same choice always gives the same sheet, byte for byte. For a class, every student
gets a fair variant of one sheet, with other cards: the seeds come from the sheet's seed and
the student's name, and every student's question *n* has the same ``Fairness`` — the same kind
and question, drills the same clauses and sits in the same difficulty band (see ``fairness``
for how difficulty is measured). The answer key holds
the engine's answer, explanation and clauses for every question, and the correction of each
wrong option's misconception.

Every sheet carries a short code (``Sheet.code``, such as ``4K7M-2PQX``): the class set's
seed, topic, count and difficulty and the student's place on the roster, with a check
character. ``sheet_from_code`` makes the same puzzles again from it, so a learner can enter the
answers written on paper (``guandan-learn sheet CODE``, or the study app's "My paper sheet") and
have them graded and saved like any other answer. When the roster carries class codes (the
``code`` column that ``guandan-learn roster`` writes), each student's sheet also shows their
class code beside the sheet code (``Sheet.class_code``).

A sheet is one standalone file, to print or to open with no server: every clause it cites is a
link within the page to the end of the sheet, where "The rules cited on this page" gives each
clause's text in the sheet's language (and its tooltip gives the same text on screen).

>>> sheet = make_sheet(["legal_play", "classify"], 4, seed=7)
>>> [p.kind.value for p in sheet.puzzles]
['legal_play', 'classify', 'legal_play', 'classify']
>>> sheet_html(sheet) == sheet_html(make_sheet(["legal_play", "classify"], 4, seed=7))
True
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path
from typing import NamedTuple

from .cards import excerpt
from .errors import ClassroomError, GuandanError
from .exercises import KINDS, Puzzle, Question, catalogue, generate, grade, spec
from .files import write_atomic
from .i18n import get_language
from .messages import say
from .roster import Learner, Roster, is_code_header, normal_code
from .rulebook import cited, cited_text, clause_anchor, link_clauses

#: Most questions on one sheet.
MOST = 60
#: Printed cards are drawn at this share of their size on screen (a card about 13 mm high).
CARD_SCALE = 0.6
#: Seeds tried for one question before a repeat is accepted.
TRIES = 80
#: Seeds tried for a student's question of the class set's profile (``Fairness``).
FAIR_TRIES = 600
#: Seeds a class set's own sheet samples at each position to pick the commonest profile.
SAMPLES = 12
#: The upper ends of the bands of "cards to read": 0, 1–2, 3–5, 6–9, 10–14, 15–20, 21–27, 28+.
CARD_BANDS = (0, 2, 5, 9, 14, 20, 27)
#: A card as setups write it: rank and suit (``10H``, ``QS``) or a joker (``BJ``, ``RJ``).
_CARD = re.compile(r"(?<!\w)(?:10|[2-9JQKA])[CDHS](?!\w)|(?<!\w)[BR]J(?!\w)")


@dataclass(frozen=True)
class Sheet:
    """One worksheet: its puzzles in order, and how they were chosen (``topic``: the kinds as
    asked for, which the questions cycle through; ``variant``: the student's place on the
    roster, from 1, or ``None`` for a sheet of no class set; ``class_code``: the student's
    class code from the roster, or ``""``)."""

    kinds: tuple[str, ...]
    seed: int
    difficulty: int
    puzzles: tuple[Puzzle, ...]
    student: str | None = None
    variant: int | None = None
    topic: tuple[str, ...] = ()
    class_code: str = ""

    @property
    def count(self) -> int:
        """Returns the number of questions."""
        return len(self.puzzles)

    @property
    def code(self) -> str:
        """Returns the sheet's code, which ``sheet_from_code`` reads back (``sheet_code``)."""
        return sheet_code(self.topic or self.kinds, self.count, self.seed, self.difficulty,
                          self.variant or 0)


def puzzle_seed(seed: int, student: str | None, position: int, attempt: int = 0) -> int:
    """Returns the generator seed of a question: from the sheet's seed, the student's name
    (``None`` for the plain sheet), the position and the attempt (below 10⁹).

    >>> puzzle_seed(3, None, 0) == puzzle_seed(3, None, 0) != puzzle_seed(3, "Ana", 0)
    True
    """
    text = f"guandan-worksheet\x1f{seed}\x1f{'' if student is None else student}" \
           f"\x1f{position}\x1f{attempt}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") % 10**9


class Fairness(NamedTuple):
    """What every student's question *n* of a class set shares: the kind and question, the
    clauses it drills, and its difficulty band (``fairness`` says how it is measured)."""

    kind: str
    question: str
    clauses: tuple[str, ...]
    difficulty: int  # the generator's own level, 1–3
    cards: int  # the band of the number of cards to read (``CARD_BANDS``)
    wilds: bool  # whether a wild (the level's heart) is among them
    options: int  # the number of options to choose from (0: a written answer)


def _strings(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


def fairness(puzzle: Puzzle) -> Fairness:
    """Returns a puzzle's kind, question, clauses and difficulty band.

    Difficulty is measured from the puzzle as generated, the same way for every kind: the
    generator's difficulty (1–3), how many cards the learner reads in the setup (hands, table,
    plays and actions; in bands: 0, 1–2, 3–5, 6–9, 10–14, 15–20, 21–27, 28 or more), whether a
    wild is among them (the heart of the level rank), and how many options there are. The form
    of the play (a single, a bomb, a straight…) is in the clauses it drills (§04.3, §05.2…).

    >>> f = fairness(generate("legal_play", 3))
    >>> f.kind, f.question, f.difficulty, f.options
    ('legal_play', 'legal', 1, 2)
    """
    setup = dict(puzzle.setup)
    level = setup.get("level")
    cards = [c for text in _strings({k: v for k, v in setup.items() if k != "level"})
             for c in _CARD.findall(text)]
    wilds = isinstance(level, str) and f"{level}H" in cards
    band = next((i for i, top in enumerate(CARD_BANDS) if len(cards) <= top), len(CARD_BANDS))
    return Fairness(puzzle.kind.value, puzzle.question, tuple(sorted(puzzle.clauses)),
                    puzzle.difficulty, band, wilds, len(puzzle.choices))


def _fingerprint(puzzle: Puzzle) -> str:
    return json.dumps([puzzle.kind.value, puzzle.question, puzzle.to_data()["setup"]],
                      sort_keys=True, ensure_ascii=False)


def read_topic(topic: str | Iterable[str]) -> tuple[str, ...]:
    """Reads the kinds of a worksheet: ``"legal_play,classify"``, a list, or ``"mixed"``.

    >>> read_topic("classify, tribute")
    ('classify', 'tribute')
    """
    items = topic.split(",") if isinstance(topic, str) else list(topic)
    kinds = [str(k).strip() for k in items if str(k).strip()]
    if kinds == ["mixed"]:
        return KINDS
    bad = [k for k in kinds if k not in KINDS]
    if not kinds or bad:
        raise ClassroomError(say("worksheet.bad_topic", topic=", ".join(bad) or "''",
                                 kinds=", ".join(KINDS)))
    return tuple(kinds)


def _typical(kind: str, seed: int, student: str | None, position: int,
             difficulty: int) -> Fairness:
    """Returns the commonest profile among the first ``SAMPLES`` seeds of a position: the one
    a class set asks for there, so that every student's variant is easy to find."""
    counts: dict[Fairness, int] = {}
    for attempt in range(SAMPLES):
        try:
            found = fairness(generate(kind, puzzle_seed(seed, student, position, attempt),
                                      difficulty))
        except GuandanError:  # pragma: no cover - generators always succeed in practice
            continue
        counts[found] = counts.get(found, 0) + 1
    return max(counts, key=lambda f: counts[f])  # the first of the commonest, on a tie


def make_sheet(kinds: str | Iterable[str], count: int, seed: int = 0, difficulty: int = 1,
               student: str | None = None, *, like: Sheet | None = None,
               avoid: Sequence[Sheet] = (), typical: bool = False,
               variant: int | None = None) -> Sheet:
    """Returns a sheet of ``count`` questions cycling through ``kinds``.

    ``like`` makes a fair variant: each question with the same ``fairness`` (kind, question,
    clauses and difficulty band) as in ``like``, while one of ``FAIR_TRIES`` seeds gives it.
    ``typical`` picks at each place the commonest profile of its first seeds (a class set's
    own sheet, so that its variants exist). No puzzle repeats within a sheet, and (while other
    seeds can avoid it) none repeats a puzzle at the same place in ``like`` or in ``avoid``.
    The seeds come from ``seed`` and ``variant`` (a place on a roster) when it is given, else
    from ``student``.
    """
    chosen = read_topic(kinds)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MOST:
        raise ClassroomError(say("worksheet.bad_count", count=count, most=MOST))
    if isinstance(difficulty, bool) or difficulty not in (1, 2, 3):
        raise ClassroomError(say("exercise.generate.difficulty", value=repr(difficulty)))
    if like is not None and like.count != count:
        raise ClassroomError(say("worksheet.bad_count", count=count, most=like.count))
    if variant is not None and (isinstance(variant, bool) or not isinstance(variant, int)
                                or not 1 <= variant <= MOST_STUDENTS):
        raise ClassroomError(say("worksheet.bad_variant", variant=variant, most=MOST_STUDENTS))
    key = student if variant is None else f"#{variant}"
    seen: set[str] = set()
    taken = [like, *avoid] if like is not None else list(avoid)
    puzzles: list[Puzzle] = []
    for i in range(count):
        model = like.puzzles[i] if like is not None else None
        kind = model.kind.value if model is not None else chosen[i % len(chosen)]
        level = model.difficulty if model is not None else difficulty
        target = (fairness(model) if model is not None else
                  _typical(kind, seed, key, i, level) if typical else None)
        fallback: Puzzle | None = None
        for attempt in range(FAIR_TRIES if target is not None else TRIES):
            try:
                p = generate(kind, puzzle_seed(seed, key, i, attempt), level)
            except GuandanError:  # pragma: no cover - generators always succeed in practice
                continue
            if model is not None and p.question != model.question:
                continue
            if target is not None and fairness(p) != target:
                continue
            print_ = _fingerprint(p)
            if print_ in seen:
                continue
            fallback = fallback or p
            if any(i < s.count and _fingerprint(s.puzzles[i]) == print_ for s in taken if s):
                continue
            break
        else:
            if fallback is None:
                raise ClassroomError(say("worksheet.no_puzzle", kind=kind, number=i + 1))
            p = fallback
        seen.add(_fingerprint(p))
        puzzles.append(p)
    kinds_used = tuple(dict.fromkeys(p.kind.value for p in puzzles))
    return Sheet(kinds_used if like is not None else chosen, seed,
                 like.difficulty if like is not None else difficulty, tuple(puzzles), student,
                 variant, like.topic if like is not None and like.topic else chosen)


# -- Rosters ---------------------------------------------------------------------------------


def read_roster(path: str | os.PathLike[str]) -> list[str]:
    """Reads student names: one a line, or a CSV file with a ``name`` column. Blank lines and
    lines starting with ``#`` are skipped; a repeated name is an error (sheets are named by
    student)."""
    return [s.name for s in read_students(path)]


def read_students(path: str | os.PathLike[str]) -> list[Learner]:
    """Reads a roster as ``read_roster`` does, keeping each student's class code when the CSV
    file has a ``code`` column (as ``guandan-learn roster`` writes); a code that is not one is
    an error naming the file and the student."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise ClassroomError(say("worksheet.roster_read", path=str(path),
                                 reason=str(err))) from None
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    names: list[str] = []
    codes: list[str] = []
    if lines and re.search(r"[,;\t]", lines[0]):
        try:
            dialect = csv.Sniffer().sniff(lines[0], delimiters=",;\t")
        except csv.Error:
            dialect = csv.excel
        reader = csv.DictReader(io.StringIO("\n".join(lines)), dialect=dialect)
        columns = {(c or "").strip().lower(): c for c in reader.fieldnames or []}
        column = columns.get("name") or columns.get("student")
        if column is None and not re.search(r"[,;\t] ", lines[0]):
            raise ClassroomError(say("worksheet.roster_column", path=str(path)))
        code_column = next((c for c in reader.fieldnames or [] if is_code_header(c or "")),
                           None)
        if column is not None:  # else names written "Silva, Ana", one a line
            for row in reader:
                name = (row.get(column) or "").strip()
                if name:
                    names.append(name)
                    codes.append(_student_code(path, name, row.get(code_column)
                                                if code_column else None))
    if not names and (not lines or not re.search(r"[,;\t]", lines[0]) or column is None):
        names = [ln.strip() for ln in lines]
    if not names:
        raise ClassroomError(say("worksheet.roster_empty", path=str(path)))
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            raise ClassroomError(say("worksheet.roster_repeat", path=str(path), name=n))
        seen.add(n.casefold())
    return [Learner(n, code=c) for n, c in zip(names, codes or [""] * len(names), strict=True)]


def _student_code(path: str | os.PathLike[str], name: str, typed: object) -> str:
    text = typed.strip() if isinstance(typed, str) else ""
    if not text:
        return ""
    try:
        return normal_code(text)
    except ClassroomError as err:
        raise ClassroomError(say("worksheet.roster_code", path=str(path), name=name,
                                 reason=str(err))) from None


def file_stem(name: str) -> str:
    """Returns a student's name as a file-name part: letters, digits and dashes.

    >>> file_stem("Ana Lúcia O'Neil")
    'ana-lúcia-o-neil'
    """
    return re.sub(r"[^\w]+", "-", name.casefold()).strip("-_") or "student"


#: A class set's roster: names, learners (whose class codes their sheets show), or a roster.
Students = Sequence[str | Learner] | Roster


def _students(roster: Students) -> list[tuple[str, str]]:
    """Returns each student's name and class code (``""`` when the roster has none)."""
    items = roster.learners if isinstance(roster, Roster) else roster
    return [(a.name, a.code) if isinstance(a, Learner) else (a, "") for a in items]


def class_set(kinds: str | Iterable[str], count: int, seed: int, roster: Students,
              difficulty: int = 1) -> tuple[Sheet, list[Sheet]]:
    """Returns the class set's own sheet and one fair variant of it per student: other
    cards, the same ``fairness`` at every position. A student's sheet depends on their place
    on the roster (not their name), which its code carries; a roster of learners with class
    codes (``read_students``, ``roster.read_roster``) puts each one's code on their sheet.

    >>> _, sheets = class_set("legal_play", 1, 1, [Learner("Ana", code="XX83-ULEY"), "Bo"])
    >>> [(s.student, s.class_code) for s in sheets]
    [('Ana', 'XX83-ULEY'), ('Bo', '')]
    """
    students = _students(roster)
    if len(students) > MOST_STUDENTS:
        raise ClassroomError(say("worksheet.bad_variant", variant=len(students),
                                 most=MOST_STUDENTS))
    master = make_sheet(kinds, count, seed, difficulty, typical=True)
    sheets: list[Sheet] = []
    for place, (name, code) in enumerate(students, start=1):
        sheet = make_sheet(kinds, count, seed, difficulty, student=name, like=master,
                           avoid=sheets, variant=place)
        sheets.append(replace(sheet, class_code=code) if code else sheet)
    return master, sheets


# -- Sheet codes -----------------------------------------------------------------------------

#: The letters of a code: Crockford's base 32 (no I, L, O or U, which read as 1, 1, 0 and V).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: The longest code read, in characters (dashes and spaces aside).
MOST_CODE = 32
#: The most students a class set (and so a code) has.
MOST_STUDENTS = 500
#: Folded into the check character: codes of another layout fail their check.
_CODE_VERSION = 1


def _check(digits: Sequence[int]) -> int:
    """Returns the check digit of base-32 digits (Luhn mod 32: any one mistyped character
    changes it, and so do most swaps of two neighbours)."""
    total, factor = 0, 2
    for d in reversed([_CODE_VERSION, *digits]):
        added = factor * d
        total += added // 32 + added % 32
        factor = 3 - factor
    return (32 - total % 32) % 32


def _varint(value: int) -> list[int]:
    """Writes a number ≥ 0 as base-16 digits, each but the last marked by adding 16."""
    digits = [value & 15]
    value >>= 4
    while value:
        digits.append(16 + (value & 15))
        value >>= 4
    return digits[::-1]


def sheet_code(kinds: str | Iterable[str], count: int, seed: int, difficulty: int = 1,
               variant: int = 0) -> str:
    """Returns the code of a sheet: its topic, count, seed, difficulty and the student's place
    on the roster (0: the sheet of no class set), in base 32 with a check character.

    >>> sheet_code("mixed", 10, 2026, 1, 12)
    '0ACZ-X40Z'
    >>> read_code("0acz x4oz")[1:]
    (10, 2026, 1, 12)
    """
    topic = read_topic(kinds)
    fields = [difficulty - 1, count, variant, seed * 2 if seed >= 0 else -seed * 2 - 1]
    fields += [0] if topic == KINDS else [len(topic), *(KINDS.index(k) for k in topic)]
    digits = [d for value in fields for d in _varint(value)]
    text = "".join(ALPHABET[d] for d in [*digits, _check(digits)])
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def read_code(code: object) -> tuple[tuple[str, ...], int, int, int, int]:
    """Reads a sheet code: returns its ``(kinds, count, seed, difficulty, variant)``.

    Case, dashes and spaces do not matter, and O, I and L read as 0, 1 and 1. A code that
    cannot be read raises ``ClassroomError`` saying why.
    """
    text = code if isinstance(code, str) else ""
    shown = excerpt(text) if text.strip() else repr(code)
    cleaned = re.sub(r"[\s-]+", "", text).upper().translate(str.maketrans("OIL", "011"))
    if not cleaned or len(cleaned) > MOST_CODE or any(c not in ALPHABET for c in cleaned):
        raise ClassroomError(say("sheet.code.bad_chars", code=shown, most=MOST_CODE))
    digits = [ALPHABET.index(c) for c in cleaned]
    if len(digits) < 2 or _check(digits[:-1]) != digits[-1]:
        raise ClassroomError(say("sheet.code.mistyped", code=shown))
    fields: list[int] = []
    value, pending = 0, False
    for d in digits[:-1]:
        value, pending = value * 16 + (d & 15), d >= 16
        if not pending:
            fields.append(value)
            value = 0
    try:
        if pending or len(fields) < 5:
            raise ValueError
        level, count, variant, zigzag, number, *rest = fields
        seed = zigzag // 2 if zigzag % 2 == 0 else -(zigzag + 1) // 2
        kinds = KINDS if number == 0 else tuple(KINDS[k] for k in rest)
        if (len(rest) != number or not 0 <= level <= 2 or not 1 <= count <= MOST
                or not 0 <= variant <= MOST_STUDENTS):
            raise ValueError
    except (ValueError, IndexError):
        raise ClassroomError(say("sheet.code.unknown", code=shown)) from None
    return kinds, count, seed, level + 1, variant


def sheet_from_code(code: str) -> Sheet:
    """Returns the sheet a code names, with the same puzzles as on paper (made by the same
    version of guandan-learn); ``ClassroomError`` for a code that cannot be read."""
    kinds, count, seed, difficulty, variant = read_code(code)
    if variant == 0:
        return make_sheet(kinds, count, seed, difficulty)
    master = make_sheet(kinds, count, seed, difficulty, typical=True)
    sheets: list[Sheet] = []
    for place in range(1, variant + 1):  # earlier students' sheets steer this one's seeds
        sheets.append(make_sheet(kinds, count, seed, difficulty, like=master, avoid=sheets,
                                 variant=place))
    return sheets[-1]


#: The file ``one_file`` writes: every student's sheet and the class answer grid.
CLASS_SET = "class-set.html"


def write_worksheets(out: str | os.PathLike[str], kinds: str | Iterable[str], count: int,
                     seed: int = 0, difficulty: int = 1,
                     roster: Students | None = None, *,
                     one_file: bool = False) -> list[Path]:
    """Writes ``worksheet.html`` and ``key.html`` into ``out`` — or, with a roster,
    ``worksheet-<name>.html`` and ``key-<name>.html`` for every student, and with ``one_file``
    also ``class-set.html`` (every sheet, a page each, then the class answer grid). Returns the
    files."""
    if one_file and roster is None:
        raise ClassroomError(say("worksheet.one_file_roster"))
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ClassroomError(say("worksheet.write", path=str(folder), reason=str(err))) from None
    if roster is None:
        sheets = [make_sheet(kinds, count, seed, difficulty)]
        stems = [""]
    else:
        _, sheets = class_set(kinds, count, seed, roster, difficulty)
        stems, used = [], set()
        for name, _ in _students(roster):
            stem = file_stem(name)
            while stem in used:
                stem += "-2"
            used.add(stem)
            stems.append("-" + stem)
    files = [(f"{prefix}{stem}.html", text) for sheet, stem in zip(sheets, stems, strict=True)
             for prefix, text in (("worksheet", sheet_html(sheet)), ("key", key_html(sheet)))]
    if one_file:
        files.append((CLASS_SET, class_set_html(sheets)))
    written: list[Path] = []
    for name, text in files:
        path = folder / name
        try:
            write_atomic(path, text)  # a sheet cut short never replaces the one there
        except OSError as err:
            raise ClassroomError(say("worksheet.write", path=str(path),
                                     reason=str(err))) from None
        written.append(path)
    return written


# -- Pictures of a setup ---------------------------------------------------------------------

Row = tuple[str, str | None]  # a sentence, and the pictures beside it (if any)


def setup_rows(puzzle: Puzzle) -> list[Row]:
    """Returns a puzzle's setup as sentences, each with pictures of its cards if it has any.

    The rows are the kind's own layout (``KindSpec.layout``), drawn as the quiz draws them: the
    pictures never give an answer away (cards to read are drawn without declared wilds).
    """
    out: list[Row] = []
    for row in spec(puzzle.kind).layout(puzzle.parsed, puzzle.question):
        pictures = "".join(_scaled(p.svg(sort=False)) for p in row.pictures)
        out.append((row.text, pictures or None))
    return out


_SIZE = re.compile(r'^(<svg\b[^>]*?) width="([\d.]+)" height="([\d.]+)"')


def _scaled(svg: str, scale: float = CARD_SCALE) -> str:
    """Returns a picture drawn at ``scale`` of its size (its ``viewBox`` keeps the drawing).

    >>> _scaled('<svg width="60" height="84" viewBox="0 0 60 84"></svg>', 0.5)
    '<svg width="30" height="42" viewBox="0 0 60 84"></svg>'
    """
    return _SIZE.sub(lambda m: f'{m[1]} width="{float(m[2]) * scale:g}" '
                               f'height="{float(m[3]) * scale:g}"', svg, count=1)


# -- HTML ------------------------------------------------------------------------------------

# Compact printing (issue 25): a 10-question sheet fits on two A4 pages. Questions flow in two
# columns and are never split across a column or a page (``break-inside: avoid``); text sits
# beside the smaller cards; the rules cited close the sheet in small print.
CSS = """
@page { size: A4; margin: 10mm 11mm 11mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; font-size: 9.5pt; color: #111;
       max-width: 188mm; margin: 0 auto; padding: 6mm 0; line-height: 1.25; }
header { border-bottom: 1.5px solid #111; margin-bottom: 2.5mm; padding-bottom: 1mm; }
h1 { font-size: 13pt; margin: 0 0 1mm; }
.meta { margin: 0.5mm 0; color: #333; font-size: 8.5pt; }
.meta.name { font-size: 10pt; color: #111; }
.fill { display: inline-block; min-width: 45mm; border-bottom: 1px solid #555; }
.code { float: right; font-family: "DejaVu Sans Mono", monospace; font-size: 10pt;
        border: 1px solid #111; padding: 0.3mm 1.5mm; margin: 0 0 1mm 3mm; }
.questions { list-style: none; padding: 0; margin: 0; columns: 2; column-gap: 7mm;
             column-rule: 1px solid #ddd; }
.question { break-inside: avoid; page-break-inside: avoid; border-bottom: 1px solid #bbb;
            padding: 1.5mm 0 2mm; display: inline-block; width: 100%; }
.question h2 { font-size: 10pt; margin: 0 0 0.8mm; }
.question h2 .kind { font-weight: normal; color: #444; }
.row { display: flex; align-items: center; gap: 0.5mm 2.5mm; flex-wrap: wrap; margin: 0.5mm 0; }
.row p { margin: 0; flex: 1 1 30mm; }
.row svg { max-width: 100%; height: auto; flex: none; }
.line { margin: 0.5mm 0; }
.ask { font-weight: bold; margin: 1mm 0 0.5mm; }
.options { list-style: none; padding: 0; margin: 0.5mm 0; display: flex; flex-wrap: wrap;
           gap: 0.5mm 5mm; }
.box { display: inline-block; width: 3mm; height: 3mm; border: 1px solid #222;
       margin-right: 1.2mm; vertical-align: -0.4mm; }
.lines { margin-top: 0.5mm; }
.lines div { height: 6mm; border-bottom: 1px solid #888; display: flex; align-items: flex-end;
             color: #555; font-size: 8pt; }
.answer { font-weight: bold; margin: 1mm 0; }
.why { margin: 1mm 0; }
.clauses, .wrong, .source { margin: 1mm 0; color: #333; font-size: 8.5pt; }
.wrong li { margin: 0.5mm 0; }
.rules { break-before: auto; margin-top: 2.5mm; font-size: 7.5pt; line-height: 1.2;
         columns: 2; column-gap: 7mm; }
.rules h2 { font-size: 9pt; margin: 0 0 1mm; column-span: all; }
.rules dl { margin: 0; }
.rules dt { font-weight: bold; margin-top: 0.8mm; break-after: avoid; }
.rules dd { margin: 0 0 0 4mm; break-inside: avoid; }
a.gdl-clause { color: inherit; }
footer { margin-top: 2mm; font-size: 7.5pt; color: #555; }
@media print { body { padding: 0; } a { color: inherit; text-decoration: none; } }
"""


def _page(title: str, body: str, css: str = "") -> str:
    lang = escape(get_language())
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{escape(title)}</title>\n<style>{CSS}{css}</style>\n</head>\n<body>\n"
            f"{body}"
            "</body>\n</html>\n")


def _here(clause_id: str, prefix: str = "") -> str:
    """Returns the link to a clause's text at the end of the sheet itself (``prefix`` tells
    apart the sheets of a class set, which share one page)."""
    return f"#{prefix}rule-{clause_anchor(clause_id)}"


def _text(text: str, prefix: str = "") -> str:
    """Returns sheet text as HTML, each clause it cites a link to the rules at its end."""
    return link_clauses(escape(text), href=lambda cid: _here(cid, prefix))


def _rules(parts: list[str], prefix: str = "") -> str:
    """Returns the rules the sheet cites, their text in full, each with its anchor; or ""."""
    shown = re.sub(r"<svg.*?</svg>", " ", "".join(parts), flags=re.DOTALL)  # (read aloud only)
    ids = cited(re.sub(r"<[^>]*>", " ", shown))
    if not ids:
        return ""
    for cid in ids:  # and the clauses these clauses cite, so every link on the page lands
        ids += [more for more in cited(cited_text(cid)) if more not in ids]
    rows = "".join(f'<dt id="{_here(cid, prefix)[1:]}">{escape(cid)}</dt>'
                   f"<dd>{_text(cited_text(cid), prefix)}</dd>" for cid in ids)
    return (f'<section class="rules"><h2>{escape(say("rulebook.appendix"))}</h2>'
            f"<dl>{rows}</dl></section>")


def _title(sheet: Sheet, key: bool) -> str:
    base = say("worksheet.key_title" if key else "worksheet.title")
    return base if sheet.student is None else say("worksheet.for_student", title=base,
                                                  name=sheet.student)


def _meta(sheet: Sheet) -> str:
    topics = ", ".join(say(spec(k).topic_key) for k in sheet.kinds)
    return say("worksheet.meta", topics=topics, count=sheet.count,
               difficulty=sheet.difficulty, seed=sheet.seed)


def _setup_html(puzzle: Puzzle, prefix: str = "") -> str:
    """Returns a puzzle's setup: each row with pictures beside them, and the sentences between
    them run together in one paragraph (a deal's actions take a line, not one each)."""
    out: list[str] = []
    words: list[str] = []
    for text, picture in [*setup_rows(puzzle), ("", "")]:
        if picture is None:
            words.append(_text(text, prefix))
            continue
        if words:
            out.append(f'<p class="line">{" ".join(words)}</p>')
            words = []
        if picture:
            out.append(f'<div class="row"><p>{_text(text, prefix)}</p>{picture}</div>')
    return "".join(out)


def _heading(number: int, puzzle: Puzzle) -> str:
    return (f'<h2>{escape(say("worksheet.number", number=number))} '
            f'<span class="kind">· {escape(say(spec(puzzle.kind).topic_key))}'
            "</span></h2>")


def sheet_html(sheet: Sheet) -> str:
    """Returns the worksheet as a printable HTML page: numbered questions, cards drawn, boxes
    for the options and lines to answer on."""
    return _page(_title(sheet, False), _sheet_body(sheet))


def _sheet_body(sheet: Sheet, prefix: str = "") -> str:
    code = sheet.code
    parts = ["<header>", f'<p class="code" data-code="{code}">'
                         f'{escape(say("sheet.code.label", code=code))}</p>']
    if sheet.class_code:
        mine = escape(sheet.class_code)
        parts.append(f'<p class="code class-code" data-class-code="{mine}">'
                     f'{escape(say("sheet.class_code.label", code=sheet.class_code))}</p>')
    parts.append(f"<h1>{escape(_title(sheet, False))}</h1>")
    name = escape(sheet.student) if sheet.student else '<span class="fill"></span>'
    parts.append(f'<p class="meta name">{escape(say("worksheet.name"))} {name} &nbsp; '
                 f'{escape(say("worksheet.date"))} <span class="fill"></span></p>')
    parts.append(f'<p class="meta">{escape(_meta(sheet))}</p>')
    parts.append(f'<p class="meta">{escape(say("worksheet.instructions"))} '
                 f'{escape(say("sheet.code.how", code=code))}</p></header>')
    parts.append('<main><ol class="questions">')
    for number, puzzle in enumerate(sheet.puzzles, start=1):
        q = Question(puzzle)
        parts.append(f'<li class="question" id="{prefix}q{number}">{_heading(number, puzzle)}')
        parts.append(_setup_html(puzzle, prefix))
        parts.append(f'<p class="ask">{_text(q.prompt, prefix)}</p>')
        if q.options:
            items = "".join(f'<li><span class="box"></span>{escape(o)}</li>' for o in q.options)
            parts.append(f'<ul class="options">{items}</ul>')
        labels = ["worksheet.line.why"] if q.options else ["worksheet.line.answer",
                                                           "worksheet.line.why"]
        lines = "".join(f"<div>{escape(say(label))}</div>" for label in labels)
        parts.append(f'<div class="lines">{lines}</div></li>')
    parts.append("</ol></main>")
    parts.append(_rules(parts, prefix))
    parts.append(f'<footer>{escape(say("worksheet.footer", seed=sheet.seed))}</footer>\n')
    return "\n".join(p for p in parts if p)


CLASS_CSS = """
.student { break-after: page; page-break-after: always; }
.grid { border-collapse: collapse; font-size: 9pt; width: 100%; }
.grid caption { font-size: 14pt; font-weight: bold; text-align: left; margin-bottom: 2mm; }
.grid th, .grid td { border: 1px solid #888; padding: 1mm 1.5mm; vertical-align: top;
                     text-align: left; }
.grid thead th { background: #eee; }
.grid tr { break-inside: avoid; page-break-inside: avoid; }
"""


def class_set_html(sheets: Sequence[Sheet]) -> str:
    """Returns every student's sheet in one printable page, each starting a new sheet of
    paper, then the class answer grid: a row per student, a column per question, the engine's
    answers in the cells.

    >>> from guandan_learn.worksheet import class_set
    >>> _, sheets = class_set("legal_play", 2, 1, ["Ana", "<Bo>"])
    >>> page = class_set_html(sheets)
    >>> page.count('class="student"'), "&lt;Bo&gt;" in page, "<Bo>" in page
    (2, True, False)
    """
    parts = [f'<section class="student" id="student-{i}">{_sheet_body(sheet, f"s{i}-")}'
             "</section>" for i, sheet in enumerate(sheets, start=1)]
    count = max((s.count for s in sheets), default=0)
    head = "".join(f'<th scope="col">{escape(say("worksheet.grid.question", number=n))}</th>'
                   for n in range(1, count + 1))
    rows = []
    for sheet in sheets:
        cells = "".join(f"<td>{escape(Question(p).solution().expected)}</td>"
                        for p in sheet.puzzles)
        rows.append(f'<tr><th scope="row">{escape(sheet.student or "")}</th>{cells}</tr>')
    parts.append(f'<section class="answers"><table class="grid"><caption>'
                 f'{escape(say("worksheet.grid.title"))}</caption><thead><tr><th scope="col">'
                 f'{escape(say("worksheet.grid.student"))}</th>{head}</tr></thead><tbody>'
                 f'{"".join(rows)}</tbody></table></section>\n')
    return _page(say("worksheet.class_title"), "\n".join(parts), CLASS_CSS)


def key_html(sheet: Sheet) -> str:
    """Returns the answer key: for every question the engine's answer, its explanation and
    clauses, and for each wrong option the feedback a learner choosing it reads.

    Each item carries ``data-kind``, ``data-seed``, ``data-difficulty`` and ``data-question``,
    so the puzzle can be made again and checked.
    """
    parts = ["<header>", f'<p class="code">{escape(say("sheet.code.label", code=sheet.code))}</p>',
             f"<h1>{escape(_title(sheet, True))}</h1>",
             f'<p class="meta">{escape(_meta(sheet))}</p></header>',
             '<main><ol class="questions">']
    mistakes = catalogue()
    for number, puzzle in enumerate(sheet.puzzles, start=1):
        q = Question(puzzle)
        shown = q.solution()
        parts.append(
            f'<li class="question" id="q{number}" data-kind="{puzzle.kind.value}" '
            f'data-seed="{puzzle.seed}" data-difficulty="{puzzle.difficulty}" '
            f'data-question="{escape(puzzle.question)}">{_heading(number, puzzle)}')
        parts.append(f'<p class="answer">{escape(say("worksheet.answer", answer=shown.expected))}'
                     "</p>")
        parts.append(f'<p class="why">{_text(shown.explanation)}</p>')
        clauses = say("worksheet.clauses", clauses=", ".join(shown.clauses))
        parts.append(f'<p class="clauses">{_text(clauses)}</p>')
        wrong = []
        for choice in puzzle.choices:
            if mistakes.get(choice.misconception or "") is None:
                continue
            # the words a learner choosing this option reads in the quiz and the drill
            tried = grade(puzzle, choice.answer, q.solved)
            wrong.append(" ".join(text for _, text in tried.wrong_lines()))
        if wrong:
            items = "".join(f"<li>{_text(w)}</li>" for w in wrong)
            parts.append(f'<ul class="wrong">{items}</ul>')
        parts.append(f'<p class="source">{escape(say("worksheet.source", id=puzzle.id))}</p>'
                     "</li>")
    parts.append("</ol></main>")
    parts.append(_rules(parts))
    parts.append(f'<footer>{escape(say("worksheet.footer", seed=sheet.seed))}</footer>\n')
    return _page(_title(sheet, True), "\n".join(p for p in parts if p))


__all__ = [
    "CLASS_SET",
    "Fairness",
    "Sheet",
    "class_set",
    "class_set_html",
    "fairness",
    "file_stem",
    "key_html",
    "make_sheet",
    "puzzle_seed",
    "read_code",
    "read_roster",
    "read_students",
    "read_topic",
    "setup_rows",
    "sheet_code",
    "sheet_from_code",
    "sheet_html",
    "write_worksheets",
]

