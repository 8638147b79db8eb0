"""Benchmarks of the class report: a zip of one results file per learner, read, graded again
and summed up (the gradebook and the page); prints the time of each step and the page's size.

Run with ``make bench`` or ``python benchmarks/bench_classroom.py [--learners N ...]
[--answers N ...]``.
This is a script, not a test: timings on shared machines vary, so no test asserts on them.
Target (issue 23): 20,000 learners under 3 s, the cost linear in learners and answers.
Each learner answers ``--answers`` puzzles of the chapter quizzes (some wrong), so the
puzzles are made again once for the class, as in a real class.
"""

from __future__ import annotations

import argparse
import csv
import io
import platform
import random
import sys
import time
import zipfile

from guandan_learn.classroom import ClassReport, collect
from guandan_learn.course import chapters, quiz_seed
from guandan_learn.exercises import Puzzle, generate, grade
from guandan_learn.progress import CSV_COLUMNS, Answer


def quiz_puzzles() -> list[Puzzle]:
    """Returns the generated puzzles of the chapter quizzes (what a class answers)."""
    out = []
    for c in chapters():
        if c.quiz is None:
            continue
        position = len(c.quiz.ids)
        for kind, count, difficulty in c.quiz.generated:
            for _ in range(count):
                out.append(generate(kind, quiz_seed(c.quiz.seed, position), difficulty))
                position += 1
    return out


def class_zip(learners: int, answers: int, seed: int = 1) -> bytes:
    """Returns a zip of one results file per learner, ``answers`` rows each."""
    rng = random.Random(seed)
    puzzles = quiz_puzzles()
    options = {}
    for p in puzzles:
        wrong = [c.answer for c in p.choices if not grade(p, c.answer).correct][:1]
        options[p.id] = [(p.answer, grade(p, p.answer)),
                         *((w, grade(p, w)) for w in wrong)]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for i in range(learners):
            name = f"learner{i:05d}"
            text = io.StringIO()
            writer = csv.DictWriter(text, fieldnames=CSV_COLUMNS, lineterminator="\r\n")
            writer.writeheader()
            for j, p in enumerate(rng.sample(puzzles, min(answers, len(puzzles)))):
                given, feedback = rng.choice(options[p.id])
                writer.writerow(Answer.of(p, feedback, answer=given, learner=name,
                                          at=f"2025-03-01T10:{j % 60:02d}Z").to_row())
            archive.writestr(f"{name}.csv", text.getvalue())
    return buffer.getvalue()


def bench(learners: int, answers: int) -> None:
    data = class_zip(learners, answers)
    cpu = time.process_time()
    t0 = time.perf_counter()
    results = collect(data)
    t1 = time.perf_counter()
    report = ClassReport(results)
    book = report.gradebook_csv()
    t2 = time.perf_counter()
    page = report.html()
    t3 = time.perf_counter()
    cpu = time.process_time() - cpu
    print(f"  {learners:>7} {answers:>7} {len(results.answers):>8} {len(data) // 1000:>7} "
          f"{t1 - t0:>8.2f} {t2 - t1:>8.2f} {t3 - t2:>8.2f} {t3 - t0:>8.2f} {cpu:>8.2f} "
          f"{len(page) // 1000:>8} {len(book) // 1000:>8}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[30, 2_000, 20_000])
    parser.add_argument("--answers", type=int, nargs="+", default=[1, 5],
                        help="answers per learner")
    args = parser.parse_args(argv)
    print(f"Class report, {platform.python_implementation()} {platform.python_version()} "
          "(seconds of wall time per step, the whole in wall and CPU time; sizes in KB)")
    print(f"  {'learners':>7} {'each':>7} {'answers':>8} {'zip KB':>7} {'collect':>8} "
          f"{'book':>8} {'page':>8} {'total':>8} {'CPU':>8} {'page KB':>8} {'csv KB':>8}")
    # The puzzles of the quizzes and the chapters are read once per process: before timing.
    ClassReport(collect(class_zip(1, 1))).html()
    for each in args.answers:
        for n in args.learners:
            bench(n, each)
    return 0


if __name__ == "__main__":
    sys.exit(main())
