# Runs inside Pyodide (node, tests/lite/pyodide_run.mjs) with only the wheels unpacked:
# guandan-learn and its pure-Python dependencies, no PyYAML, jsonschema, numpy or matplotlib.
# Each check prints one "ok ..." line; any failure raises, and node exits 1.
import importlib.util
import sys
import time

assert sys.platform == "emscripten", sys.platform
for name in ("yaml", "jsonschema", "numpy", "matplotlib"):
    assert importlib.util.find_spec(name) is None, f"{name} should not be installed here"

started = time.perf_counter()
import guandan_learn  # noqa: E402
from guandan_learn import Combo, Endgame, classify, judge, solve  # noqa: E402

print(f"ok import {time.perf_counter() - started:.2f} s")

assert classify("8C 8D 8S 7H", "7")[0].describe() == "a 4-card bomb of 8s"
verdict = judge("AC AS", Combo.of("3C 3D", "2"), "2")
assert verdict.legal, verdict
print("ok engine")

from guandan_learn.datafiles import json_twin  # noqa: E402
from guandan_learn.exercises import exercise_files, load_bank  # noqa: E402

files = exercise_files()
assert files and all(json_twin(f).is_file() for f in files), files
loaded = load_bank(strict=True)
assert len(loaded.puzzles) > 50 and not loaded.errors, len(loaded.puzzles)
print(f"ok bank {len(loaded.puzzles)} puzzles from {len(files)} JSON files")

from guandan_learn.course import chapter, chapters  # noqa: E402
from guandan_learn.glossary import load_glossary  # noqa: E402

assert len(chapters()) >= 10 and len(load_glossary()) >= 30
quiz = chapter("03_combinations").quiz
assert quiz is not None and quiz.ids, quiz
print("ok chapters and glossary")

from guandan_learn.exercises import Question, grade  # noqa: E402

by_id = {p.id: p for p in loaded.puzzles}
puzzle = by_id[quiz.ids[0]]
question = Question(puzzle)
right = question.check(puzzle.answer)
assert right.correct, right
wrong_answer = next(c.answer for c in puzzle.choices if c.answer != puzzle.answer) \
    if puzzle.choices else None
if wrong_answer is not None:
    assert not grade(puzzle, wrong_answer).correct
print("ok quiz graded")

# Answers in the browser's way: an in-memory database written whole to its file.
from guandan_learn.progress import Progress  # noqa: E402
from guandan_learn.progress.answer import progress_path  # noqa: E402

assert str(progress_path("")) == "/drive/progress.sqlite3", progress_path("")
path = "/tmp/gdl/progress.sqlite3"
with Progress(path, learner="Ana") as progress:
    assert progress.snapshot and progress.status == "new"
    progress.record(puzzle, right, answer=puzzle.answer)
    progress.record(puzzle, grade(puzzle, puzzle.answer), answer=puzzle.answer)
with Progress(path, learner="Ana") as again:
    assert len(again.answers()) == 2 and again.skills(), again.answers()
    assert again.results_text().count("\n") >= 3
print("ok answers recorded and read back")

eg = Endgame({0: "8C 8D 8S 9C 9D", 1: "AC AD AS", 2: "3C", 3: "BJ"}, "2", 0)
solution = solve(eg)
assert solution.wins and " ".join(c.code for c in solution.winning_moves[0].cards) == \
    "8C 8D 8S 9C 9D"
print("ok endgame solved")

from guandan_learn import plots  # noqa: E402

missing = plots.bomb_ladder()
assert isinstance(missing, plots.MissingFigure) and "matplotlib" in str(missing)
print("ok figure replaced by a sentence")
print("ok", guandan_learn.__version__)
