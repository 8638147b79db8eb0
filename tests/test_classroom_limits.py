"""The class report as a fixed-cost job (issue 23, items 2, 3, 4 and 9): hostile zips,
folders and rows are refused in the report's notes, each for its own file, quickly, and the
rest of the class is still graded."""

from __future__ import annotations

import io
import os
import stat
import struct
import time
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guandan_learn import reading
from guandan_learn.classroom import ClassReport, Limits, class_report, collect, summary_lines
from guandan_learn.cli import main
from guandan_learn.errors import ArgumentError, ProgressError
from guandan_learn.exercises import generate, grade
from guandan_learn.i18n import set_language
from guandan_learn.progress import CSV_COLUMNS, Answer, Progress, Regrader, read_results
from guandan_learn.progress.regrade import Budget

HEADER = ",".join(CSV_COLUMNS)


def rows_of(learner: str, count: int = 3, seed: int = 0) -> str:
    """Returns a results file of ``count`` right answers to generated legal-play puzzles."""
    lines = [HEADER]
    for i in range(count):
        p = generate("legal_play", seed + i)
        row = Answer.of(p, grade(p, p.answer), learner=learner,
                        at=f"2025-03-01T10:{i:02d}Z").to_row()
        lines.append(",".join(row[c] for c in CSV_COLUMNS))
    return "\r\n".join(lines) + "\r\n"


def learners(results) -> set[str]:
    return {a.learner for a in results.answers}


def quick(seconds: float = 1.0):
    """Asserts that the block takes less than ``seconds`` of CPU time."""
    class Timer:
        def __enter__(self):
            self.start = time.process_time()
            return self

        def __exit__(self, *exc):
            self.took = time.process_time() - self.start
            assert exc[0] is not None or self.took < seconds, self.took

    return Timer()


# -- Zips built by hand ----------------------------------------------------------------------


def local_record(name: str, data: bytes, method: int = zipfile.ZIP_DEFLATED) -> tuple[
        bytes, zipfile.ZipInfo]:
    """Returns one member's local header and data, as zipfile writes it, and its ZipInfo."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        archive.writestr(name, data)
        info = archive.infolist()[0]
    raw = buffer.getvalue()
    return raw[:info.compress_size + 30 + len(name.encode()) + len(info.extra)], info


def central_entry(name: str, info: zipfile.ZipInfo, offset: int, flags: int = 0) -> bytes:
    """Returns a central-directory entry for ``info``'s data at ``offset``, under ``name``."""
    encoded = name.encode()
    return struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, info.flag_bits | flags,
                       info.compress_type, 0, 0, info.CRC, info.compress_size,
                       info.file_size, len(encoded), 0, 0, 0, 0, 0, offset) + encoded


def end_record(count: int, size: int, offset: int) -> bytes:
    return struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count, count, size, offset, 0)


def zip_of(records: list[bytes], entries: list[bytes]) -> bytes:
    body = b"".join(records)
    directory = b"".join(entries)
    return body + directory + end_record(len(entries), len(directory), len(body))


def honest_zip(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def with_good_member(records: list[bytes], entries: list[bytes], offset: int) -> bytes:
    """Adds an honest member (Ana's results) after the hostile ones."""
    record, info = local_record("ana.csv", rows_of("Ana").encode())
    return zip_of([*records, record], [*entries, central_entry("ana.csv", info, offset)])


# -- Item 2: re-grading has a cost cap -------------------------------------------------------


def test_bogus_generated_ids_cost_nothing(tmp_path: Path) -> None:
    header = "at,learner,source,puzzle,kind,seed,difficulty,answer"
    text = header + "\n" + "".join(f"2025-03-01T10:00Z,A,generated,x,endgame,{i},3,pass\n"
                                   for i in range(2000))
    archive = tmp_path / "bogus.zip"
    archive.write_bytes(honest_zip({"a.csv": text, "ana.csv": rows_of("Ana")}))
    with quick():
        results = collect(archive)
    assert learners(results) == {"Ana"}
    notes = results.notes()
    assert len(notes) == 2000
    assert notes[0] == ("a.csv, line 2: the row names the puzzle 'x', but its kind, seed and "
                        "difficulty make 'endgame-d3-s0'.")
    assert results.regrader.made == 3  # Ana's three puzzles, nothing for the bogus rows
    page = ClassReport(results).html()
    assert "And 1800 more." in page and len(page) < 100_000


def test_the_regrading_budget_is_per_class_and_reported(tmp_path: Path) -> None:
    (tmp_path / "flood.csv").write_text(rows_of("Flood", count=30, seed=100), encoding="utf-8")
    (tmp_path / "zoe.csv").write_text(rows_of("Zoe", count=3, seed=100), encoding="utf-8")
    limits = Limits(budget=Budget(puzzles=10))
    results = collect(tmp_path, limits=limits)
    notes = "\n".join(results.notes())
    assert results.regrader.made == 10
    assert "flood.csv, lines 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, " \
           "28, 29, 30, 31: not graded again: the re-grading budget is spent (10 puzzles" in notes
    # The puzzles already made still grade: Zoe's three are among Flood's first ten.
    assert sum(a.learner == "Zoe" for a in results.answers) == 3
    assert sum(a.learner == "Flood" for a in results.answers) == 10


def test_the_budget_in_seconds_stops_the_work(tmp_path: Path) -> None:
    (tmp_path / "flood.csv").write_text(rows_of("Flood", count=20, seed=300), encoding="utf-8")
    results = collect(tmp_path, limits=Limits(budget=Budget(seconds=0.0)))
    assert results.regrader.made == 0 and not results.answers
    assert "budget is spent" in "\n".join(results.notes())


def test_new_answers_are_work_too_and_an_unreadable_one_costs_once(tmp_path: Path) -> None:
    p = generate("classify", 1, 3)
    row = Answer.of(p, grade(p, p.answer), learner="Junk", at="2025-03-01T10:00Z").to_row()
    lines = [HEADER] + [",".join({**row, "answer": f"junk {i}"}[c] for c in CSV_COLUMNS)
                        for i in range(3000)]
    (tmp_path / "junk.csv").write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    (tmp_path / "ana.csv").write_text(rows_of("Ana"), encoding="utf-8")
    with quick(1.5):
        results = collect(tmp_path, limits=Limits(budget=Budget(seconds=0.3)))
    notes = "\n".join(results.notes())
    assert "junk.csv, line 2: cannot read the answer 'junk 0'" in notes
    assert "budget is spent" in notes and learners(results) == {"Ana"}
    regrader = Regrader()
    same = Answer.from_mapping({**row, "answer": "junk", "correct": "0"})
    with pytest.raises(ProgressError):
        regrader.regrade(same)
    spent = regrader.seconds
    for _ in range(200):
        with pytest.raises(ProgressError, match="cannot read the answer 'junk'"):
            regrader.regrade(same)
    assert regrader.seconds == spent


def test_budgets_are_checked() -> None:
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(ArgumentError):
            Budget(puzzles=bad)  # type: ignore[arg-type]
    for bad in (float("nan"), float("inf"), -1.0, 10**400, "1"):
        with pytest.raises(ArgumentError):
            Budget(seconds=bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Regrader(budget=5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Limits(files=-1)
    with pytest.raises(ArgumentError):
        collect(".", limits=5)  # type: ignore[arg-type]
    assert Budget(None, None).puzzles is None


def test_a_header_of_a_million_columns_is_refused_at_once() -> None:
    data = ("at,learner,source,puzzle,kind" + "," * 1_000_000 + "\n"
            + "2025-03-01T10:00Z,A,generated,x,endgame\n" * 500).encode()
    with quick():
        read = read_results(data, name="wide.csv")
    assert str(read.problems[0]) == ("wide.csv: its header has 1000005 columns, more than the "
                                     "100 a results file may have.")


def test_rows_are_capped_per_file_and_per_class(tmp_path: Path) -> None:
    (tmp_path / "a.csv").write_text(rows_of("A", count=6), encoding="utf-8")
    (tmp_path / "b.csv").write_text(rows_of("B", count=6), encoding="utf-8")
    (tmp_path / "c.csv").write_text(rows_of("C", count=2), encoding="utf-8")
    results = collect(tmp_path, limits=Limits(rows_per_file=4, rows=7))
    notes = "\n".join(results.notes())
    assert "a.csv, line 6: the file has more than 4 lines" in notes
    assert "b.csv, line 5: the files read before it already hold 7 lines" in notes
    assert "c.csv: the files read before it already hold 7 lines" in notes
    assert sum(a.learner == "A" for a in results.answers) == 4
    assert sum(a.learner == "B" for a in results.answers) == 3


# -- Item 3: zip bombs -----------------------------------------------------------------------


def test_many_entries_pointing_at_one_member_are_refused(tmp_path: Path) -> None:
    record, info = local_record("bomb.csv", b"0" * 19_900_000)
    entries = [central_entry(f"m{i:04d}.csv", info, 0) for i in range(1000)]
    data = with_good_member([record], entries, len(record))
    assert len(data) < 200_000
    with quick():
        results = collect(data)
    assert learners(results) == {"Ana"}
    notes = results.notes()
    assert any(n.startswith("1000 files: its data overlaps another entry's in the zip")
               and "m0000.csv, m0001.csv" in n and "and 980 more" in n for n in notes)


def test_overlapping_data_ranges_are_refused(tmp_path: Path) -> None:
    inner, inner_info = local_record("inner.csv", b"0" * 1000)
    outer, outer_info = local_record("outer.csv", inner, zipfile.ZIP_STORED)
    start = 30 + len("outer.csv")  # the inner record sits inside the outer's data
    entries = [central_entry("outer.csv", outer_info, 0),
               central_entry("inner.csv", inner_info, start)]
    results = collect(with_good_member([outer], entries, len(outer)))
    text = "\n".join(results.notes())
    assert "outer.csv: its data overlaps" in text and "inner.csv: its data overlaps" in text
    assert learners(results) == {"Ana"}


def test_a_member_that_shrinks_too_much_is_refused() -> None:
    data = honest_zip({"zeros.csv": "0" * 3_000_000, "ana.csv": rows_of("Ana")})
    with quick():
        results = collect(data)
    assert "zeros.csv: it is compressed more than 200 times" in "\n".join(results.notes())
    assert learners(results) == {"Ana"}


def test_members_and_bytes_are_capped() -> None:
    files = {f"l{i:02d}.csv": rows_of(f"L{i:02d}", count=1) for i in range(15)}
    results = collect(honest_zip(files), limits=Limits(files=10))
    assert learners(results) == {f"L{i:02d}" for i in range(10)}
    text = "\n".join(results.notes())
    assert "l10.csv: past the first 10 files" in text
    assert "4 more entries of the zip: past the first 10 files" in text
    size = len(rows_of("L00", count=1).encode())
    results = collect(honest_zip(files), limits=Limits(bytes=3 * size + 10))
    assert len(learners(results)) == 3
    assert "already hold 0.0" in "\n".join(results.notes())
    big = collect(honest_zip({"big.csv": rows_of("Big", count=5), "ana.csv": rows_of("Ana")}),
                  limits=Limits(bytes_per_file=len(rows_of("Ana").encode())))
    assert learners(big) == {"Ana"} and "big.csv: larger than" in "\n".join(big.notes())


def test_a_zip_of_too_many_entries_is_one_error(tmp_path: Path) -> None:
    record, info = local_record("a.csv", b"x")
    entries = [central_entry(f"{i}.csv", info, 0) for i in range(50)]
    path = tmp_path / "many.zip"
    path.write_bytes(zip_of([record], entries))
    with pytest.raises(ProgressError, match="the zip holds 50 entries, more than the 40"):
        collect(path, limits=Limits(files=10))
    with pytest.raises(ProgressError, match=r"the zip is larger than 0\.001024 MB"):
        collect(path, limits=Limits(files=1, bytes=0))  # 1 KB of headers, no data


# -- Item 4: every per-file failure is reported for that file --------------------------------


def test_an_answer_of_5000_brackets_is_a_reported_line(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    good = rows_of("Ana").splitlines()
    fields = good[1].split(",")
    fields[CSV_COLUMNS.index("answer")] = "[" * 5000
    fields[CSV_COLUMNS.index("id")] = ""
    deep = "\r\n".join([*good, ",".join(fields), ",".join(fields).replace("[" * 5000,
                                                                           "[" * 900)]) + "\r\n"
    path = tmp_path / "ana.csv"
    path.write_text(deep, encoding="utf-8")
    with quick():
        results = collect(tmp_path)
    text = "\n".join(results.notes())
    assert "ana.csv, line 5: the answer is longer than 2000 characters" in text
    assert "ana.csv, line 6: cannot read the answer" in text
    assert len(results.answers) == 3
    monkeypatch.setenv("GUANDAN_PROGRESS", str(tmp_path / "p.sqlite3"))
    assert main(["progress", "--import", str(path)]) == 0
    out = capsys.readouterr().out
    assert "line 5: the answer is longer" in out and "3 new answer" in out
    assert main(["class", str(tmp_path), "--out", str(tmp_path / "out")]) == 0


def test_an_encrypted_member_is_reported() -> None:
    record, info = local_record("secret.csv", rows_of("Eve").encode(), zipfile.ZIP_STORED)
    record = record[:6] + struct.pack("<H", 1) + record[8:]  # the local header's flags
    data = with_good_member([record], [central_entry("secret.csv", info, 0, flags=1)],
                            len(record))
    results = collect(data)
    assert "secret.csv: it is encrypted" in "\n".join(results.notes())
    assert learners(results) == {"Ana"}
    # zipfile asks for a password by the central directory's flag, whatever the local one.
    plain, info = local_record("secret.csv", rows_of("Eve").encode(), zipfile.ZIP_STORED)
    data = with_good_member([plain], [central_entry("secret.csv", info, 0, flags=1)],
                            len(plain))
    results = collect(data)
    assert "secret.csv: it is encrypted" in "\n".join(results.notes())
    assert learners(results) == {"Ana"}


def nest(root: Path, depth: int) -> None:
    """Makes ``depth`` folders named ``d``, one inside the other, by relative names."""
    fd = os.open(root, os.O_RDONLY)
    here = fd
    try:
        for _ in range(depth):
            os.mkdir("d", dir_fd=here)
            below = os.open("d", os.O_RDONLY, dir_fd=here)
            if here != fd:
                os.close(here)
            here = below
    finally:
        if here != fd:
            os.close(here)
        os.close(fd)


def unnest(root: Path, depth: int) -> None:
    """Removes the folders ``nest`` made, deepest first (pytest's clean-up recurses)."""
    for level in range(depth, 0, -1):  # "d/d/…/d" stays under the system's path limit
        os.rmdir(os.path.join(root, *["d"] * level))


def test_a_folder_1200_levels_deep_is_reported(tmp_path: Path) -> None:
    root = tmp_path / "class"
    root.mkdir()
    try:
        nest(root, 1200)
        (root / "ana.csv").write_text(rows_of("Ana"), encoding="utf-8")
        with quick():
            results = collect(root)
    finally:
        unnest(root, 1200)
    assert learners(results) == {"Ana"}
    assert "d/d/d/d" in "\n".join(results.notes())
    assert any("inside more than 32 folders" in n for n in results.notes())
    zipped = honest_zip({"/".join(["d"] * 40) + "/x.csv": rows_of("Deep"),
                         "ana.csv": rows_of("Ana")})
    results = collect(zipped)
    assert learners(results) == {"Ana"} and "inside more than 32" in "\n".join(results.notes())


def test_links_pipes_and_devices_are_reported_never_opened(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    (tmp_path / "ana.csv").write_text(rows_of("Ana"), encoding="utf-8")
    (tmp_path / "mem.csv").symlink_to("/proc/self/mem")
    (tmp_path / "zero.csv").symlink_to("/dev/zero")
    (tmp_path / "gone.csv").symlink_to(tmp_path / "nowhere.csv")
    (tmp_path / "folder.csv").symlink_to(tmp_path)
    os.mkfifo(tmp_path / "pipe.csv")
    with quick():
        results = collect(tmp_path)
    assert learners(results) == {"Ana"}
    notes = "\n".join(results.notes())
    assert "mem.csv: it is in the system's /proc folder, or a link into it" in notes
    assert "zero.csv: it is in the system's /dev folder" in notes
    assert "gone.csv: it is a link to nothing" in notes
    assert "pipe.csv: it is not a regular file" in notes
    assert "folder.csv: it is not a regular file" in notes
    monkeypatch.setenv("GUANDAN_PROGRESS", str(tmp_path / "p.sqlite3"))
    for name in ("pipe.csv", "mem.csv", "gone.csv"):
        assert main(["progress", "--import", str(tmp_path / name)]) != 0
        err = capsys.readouterr()
        assert name in err.out + err.err and "Traceback" not in err.out + err.err
    with pytest.raises(ProgressError, match="not a regular file"):
        Progress(":memory:").import_csv(tmp_path / "pipe.csv")
    with pytest.raises(ProgressError):
        collect(tmp_path / "pipe.csv")  # a pipe named as the submissions: refused, not opened


def test_permission_denied_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ana.csv").write_text(rows_of("Ana"), encoding="utf-8")
    (tmp_path / "locked.csv").write_text(rows_of("Lock"), encoding="utf-8")
    (tmp_path / "shut").mkdir()
    (tmp_path / "shut" / "x.csv").write_text(rows_of("Shut"), encoding="utf-8")
    if os.geteuid() == 0:  # root reads anything: the refusal is what the system would say
        real_open, real_scandir = os.open, os.scandir

        def refuse_open(path, *args, **kwargs):
            if str(path).endswith("locked.csv"):
                raise PermissionError(13, "Permission denied")
            return real_open(path, *args, **kwargs)

        def refuse_scandir(path="."):
            if str(path).endswith("shut"):
                raise PermissionError(13, "Permission denied")
            return real_scandir(path)

        monkeypatch.setattr(reading.os, "open", refuse_open)
        monkeypatch.setattr(os, "scandir", refuse_scandir)
    else:
        (tmp_path / "locked.csv").chmod(0)
        (tmp_path / "shut").chmod(0)
    try:
        results = collect(tmp_path)
    finally:
        (tmp_path / "locked.csv").chmod(stat.S_IRWXU)
        (tmp_path / "shut").chmod(stat.S_IRWXU)
    notes = "\n".join(results.notes())
    assert "locked.csv: cannot be read (Permission denied)" in notes
    assert "shut: this folder cannot be read (Permission denied)" in notes
    assert learners(results) == {"Ana"}


def test_a_file_that_is_no_text_and_read_results_of_a_pipe(tmp_path: Path) -> None:
    (tmp_path / "latin.csv").write_bytes(HEADER.encode() + b"\n\xe9\xff\n")
    (tmp_path / "ana.csv").write_text(rows_of("Ana"), encoding="utf-8")
    results = collect(tmp_path)
    assert "latin.csv: it is not a text file" in "\n".join(results.notes())
    os.mkfifo(tmp_path / "p.csv")
    read = read_results(tmp_path / "p.csv")
    assert not read.answers and "not a regular file" in read.problems[0].message


def test_a_file_name_that_is_not_utf8_is_shown_and_written(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "ana.csv").write_text(rows_of("Ana"), encoding="utf-8")
    with open(os.path.join(os.fsencode(folder), b"\xff\xfe.csv"), "w") as handle:
        handle.write(rows_of("Bo"))
    os.mkfifo(os.path.join(os.fsencode(folder), b"p\xff.txt.csv"))
    report = class_report(folder)
    assert learners(report.results) == {"Ana", "Bo"}
    assert "p\ufffd.txt.csv: it is not a regular file" in "\n".join(report.results.notes())
    report.write(tmp_path / "out")
    assert "p\ufffd.txt.csv" in (tmp_path / "out" / "report.html").read_text(encoding="utf-8")


def test_read_file_caps_what_it_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f.csv"
    path.write_bytes(b"x" * 100)
    assert reading.read_file(path, 100) == b"x" * 100
    with pytest.raises(ProgressError, match="larger than 5e-05 MB"):
        reading.read_file(path, 50)
    # A file whose size says less than it holds (as /proc's do) is cut while it is read.
    real_fstat = os.fstat

    def small_fstat(fd: int) -> os.stat_result:
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, *st[1:6], 0, *st[7:10]))

    monkeypatch.setattr(reading, "check_file", lambda p, **_: os.stat_result(
        (stat.S_IFREG, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    monkeypatch.setattr(reading.os, "fstat", small_fstat)
    with pytest.raises(ProgressError, match="larger than"):
        reading.read_file(path, 50)


def test_the_refusals_speak_portuguese_and_spanish(tmp_path: Path) -> None:
    (tmp_path / "gone.csv").symlink_to(tmp_path / "nowhere.csv")
    (tmp_path / "ana.csv").write_text(rows_of("Ana"), encoding="utf-8")
    try:
        set_language("pt")
        assert "é um link para nada" in "\n".join(collect(tmp_path).notes())
        set_language("es")
        assert "es un enlace a nada" in "\n".join(collect(tmp_path).notes())
    finally:
        set_language("en")


# -- Item 9: the report is linear, its page bounded ------------------------------------------


def test_the_page_shows_the_first_learners_and_says_so(tmp_path: Path) -> None:
    text = HEADER + "\r\n" + "".join(
        rows_of(f"L{i:03d}", count=1).split("\r\n", 1)[1] for i in range(60))
    (tmp_path / "all.csv").write_text(text, encoding="utf-8")
    report = class_report(tmp_path, limits=Limits(shown=20))
    assert len(report.learners) == 60 and report.learners_shown == report.learners[:20]
    page = report.html()
    assert "The first 20 of the 60 learners (by name) are shown here" in page
    assert "L019" in page and "L020" not in page
    assert report.gradebook_csv().count("\r\n") == 61
    assert report.last["L000"].startswith("2025-03-01T10:00")
    with pytest.raises(ArgumentError):
        ClassReport(report.results, shown=-1)


def test_the_class_book_page_shows_the_first_learners_too(tmp_path: Path) -> None:
    from guandan_learn.gradebook import ClassBook

    text = HEADER + "\r\n" + "".join(
        rows_of(f"L{i:03d}", count=1).split("\r\n", 1)[1] for i in range(210))
    (tmp_path / "all.csv").write_text(text, encoding="utf-8")
    book = ClassBook(collect(tmp_path))
    page = book.html()
    assert page.count("The first 200 of the 210 learners (by name) are shown here") == 3
    assert "L199" in page and "L200" not in page
    assert book.gradebook_csv().count("\r\n") == 211


def test_the_notes_shown_are_capped(tmp_path: Path) -> None:
    from guandan_learn.gradebook import ClassBook

    for i in range(250):  # each file a line the engine cannot grade: 250 notes
        (tmp_path / f"f{i:03d}.csv").write_text(
            HEADER + "\r\n" + ",".join(["", "2025-03-01T10:00Z", f"L{i}", "bank", "nope",
                                         "legal_play", "", "1", "", "yes", "1", ""]) + "\r\n",
            encoding="utf-8")
    results = collect(tmp_path)
    assert len(results.notes()) == 250
    for lines in (list(summary_lines(ClassReport(results))), ClassBook(results).summary_lines()):
        assert len(lines) == 202 and lines[-1] == "And 50 more."
    assert ClassBook(results).html().count('<li class="note">') == 201


def test_long_names_do_not_swell_the_page(tmp_path: Path) -> None:
    for i in range(10):
        name = f"{i}" + "x" * 50_000
        (tmp_path / f"{i}.csv").write_text(rows_of(name, count=1), encoding="utf-8")
    (tmp_path / "twice.csv").write_text(rows_of("0" + "x" * 50_000, count=2, seed=5),
                                        encoding="utf-8")
    report = class_report(tmp_path)
    assert len(report.learners) == 10
    assert len(report.html()) < 150_000
    assert "x" * 50_000 in report.gradebook_csv()  # the gradebook keeps every name whole


# -- Fuzz: hostile zips and folders ----------------------------------------------------------

MEMBER = st.tuples(
    st.sampled_from(["a.csv", "b/c.csv", ".hidden.csv", "x.txt", "d/" * 40 + "e.csv",
                     "__MACOSX/f.csv", "g.CSV"]),
    st.one_of(st.binary(max_size=200),
              st.sampled_from([rows_of("Ana"), HEADER + "\n" + "[" * 3000,
                               HEADER + '\n"unfinished', "0" * 1_100_000]).map(str.encode),
              st.text(max_size=200).map(lambda t: (HEADER + "\n" + t).encode("utf-8",
                                                                               "replace"))),
    st.sampled_from(["plain", "encrypted", "overlap", "lying"]))
FUZZ = settings(max_examples=30, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@FUZZ
@given(st.lists(MEMBER, min_size=1, max_size=6))
def test_fuzz_hostile_zips_never_raise_and_lose_nothing(members) -> None:
    records: list[bytes] = []
    entries: list[bytes] = []
    offset = 0
    names = []
    for i, (name, data, trick) in enumerate(members):
        name = f"{i}{name}" if not name.startswith(("__", ".", "d/")) else name
        names.append(name)
        record, info = local_record(name, data)
        flags = 1 if trick == "encrypted" else 0
        where = 0 if trick == "overlap" else offset
        if trick == "lying":
            info.file_size = max(0, info.file_size - 5)
        entries.append(central_entry(name, info, where, flags))
        records.append(record)
        offset += len(record)
    data = with_good_member(records, entries, offset)
    results = collect(data)
    assert "Ana" in learners(results)
    told = {p.file for p in results.problems} | set(results.files)
    for name in names:
        parts = name.split("/")
        if "__MACOSX" in parts or any(p.startswith(".") for p in parts):
            continue
        assert name in told, name
    ClassReport(results).html()


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["a.csv", "b/c.csv", "d.txt", "e/f/g.csv"]),
                          st.sampled_from(["file", "fifo", "broken", "proc", "dir-link",
                                           "brackets", "binary"])),
                min_size=1, max_size=5, unique_by=lambda m: m[0]))
def test_fuzz_hostile_folders_never_raise_and_lose_nothing(tmp_path_factory, members) -> None:
    root = tmp_path_factory.mktemp("fuzz")
    (root / "ana.csv").write_text(rows_of("Ana"), encoding="utf-8")
    for name, kind in members:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "file":
            path.write_text(rows_of("Bo", count=1), encoding="utf-8")
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "broken":
            path.symlink_to(root / "nowhere")
        elif kind == "proc":
            path.symlink_to("/proc/self/mem")
        elif kind == "dir-link":
            path.symlink_to(root)
        elif kind == "brackets":
            path.write_text(HEADER + "\n" + "," * 9 + "[" * 5000 + ",1,\n", encoding="utf-8")
        else:
            path.write_bytes(b"\xff\xfe\x00" * 50)
    with quick(5):
        results = collect(root)
    assert "Ana" in learners(results)
    told = {p.file for p in results.problems} | set(results.files)
    for name, _ in members:
        assert name in told, name
    ClassReport(results).html()


BASE_ZIP = honest_zip({"a.csv": rows_of("Ana"), "b/c.csv": rows_of("Bo", 2), "x.txt": "hi"})


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.integers(0, len(BASE_ZIP) - 1), st.integers(0, 255)),
                min_size=1, max_size=6),
       st.integers(0, len(BASE_ZIP)))
def test_fuzz_damaged_zips_give_a_project_error_or_a_report(flips, keep) -> None:
    data = bytearray(BASE_ZIP)
    for where, byte in flips:
        data[where if where % 3 else len(data) - 1 - where % 200] = byte  # the directory too
    try:
        results = collect(bytes(data[:max(keep, len(data) // 2)]))
    except ProgressError:
        return
    ClassReport(results).html()


def test_a_zip_version_zipfile_lacks_is_one_error(tmp_path: Path) -> None:
    data = bytearray(honest_zip({"a.csv": rows_of("Ana")}))
    start = data.rfind(b"PK\x01\x02")
    data[start + 6] = 70  # "needs zip version 7.0": zipfile raises NotImplementedError
    with pytest.raises(ProgressError, match="Cannot read the submissions"):
        collect(bytes(data))


# -- A hub's homes are read within the same limits ---------------------------------------------


def test_a_hubs_homes_are_read_within_the_class_limits(tmp_path: Path) -> None:
    from guandan_learn import hub
    from guandan_learn.classroom import LIMITS

    assert hub.MOST_BYTES == LIMITS.bytes_per_file == 20_000_000  # no 200 MB cap of its own
    homes = tmp_path / "home"
    for user in ("ana", "bo"):
        with Progress(homes / user / hub.PROGRESS_IN_HOME) as progress:
            p = generate("legal_play", 1)
            progress.record(p, grade(p, p.answer), at="2025-03-01T10:00Z")
    folder = (homes / "ana" / hub.PROGRESS_IN_HOME).parent
    sizes = [f.stat().st_size for f in folder.iterdir()]
    largest, whole = max(sizes), sum(sizes)
    assert learners(hub.collect_homes(homes)) == {"ana", "bo"}
    assert learners(hub.collect_homes(homes, limits=Limits(bytes_per_file=largest))) == {
        "ana", "bo"}
    small = hub.collect_homes(homes, limits=Limits(bytes_per_file=largest - 1))
    assert not small.answers and len(small.problems) == 2
    assert f"larger than {(largest - 1) / 1e6:g} MB" in small.problems[0].message
    first = hub.collect_homes(homes, limits=Limits(bytes=whole))  # room for one home's copies
    assert learners(first) == {"ana"}
    assert "already hold" in "\n".join(p.message for p in first.problems)
    # The exported results are read within the same limits: a row cap of 0 reads no answer.
    assert not hub.collect_homes(homes, limits=Limits(rows_per_file=0)).answers
    with pytest.raises(ArgumentError, match="limit limits"):
        hub.collect_homes(homes, limits={"bytes": 1})  # type: ignore[arg-type]
    assert sorted(f.name for f in folder.iterdir()) == sorted(
        f.name for f in (homes / "bo" / hub.PROGRESS_IN_HOME).parent.iterdir())
