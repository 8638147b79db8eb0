"""The course in the browser (JupyterLite), in chromium, with no network beyond localhost.

The built site (``make lite``) is served from 127.0.0.1 by a small static server that counts
what it sends. Chromium resolves no other host (``--host-resolver-rules``), so nothing else can
be reached, and the page must not even ask: every request for another host is listed, and the
test fails if there is one. (Playwright's request routing would do the same, but it makes a
kernel start several times slower.) In one browser profile: chapter 3 runs top to bottom and
its quiz is answered wrong, then right; after a reload the study app's progress tab shows
that answer and the results file downloads; after a browser restart the answer is still
there; chapter 4 runs up to and past its figures, which say why they are missing; the
Portuguese chapter 0 runs up to its card picker (an anywidget), which answers clicks. The
console must say nothing wrong: no "Unsatisfied version" of a shared module, no widget model
that is not found, no other warning or error but a few known to be harmless (``HARMLESS``).
The first visit's and a reload's seconds and bytes are printed (the README quotes them).
About 3 minutes (2 without chapter 0).
"""

from __future__ import annotations

import concurrent.futures
import functools
import http.server
import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

import pytest
from test_lab import KERNEL_IDLE, RUN_ALL

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("GUANDAN_LITE_SITE") or ROOT / "build" / "lite")
CHROMIUM = os.environ.get("GUANDAN_CHROMIUM", "/usr/bin/chromium")
LOCAL = ("127.0.0.1", "localhost")
#: Chromium resolves no host but this one: nothing can reach the network, whoever asks.
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
ERRORS = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], " \
         ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']"
#: Runs the notebook shown up to its first cell whose code has the marker; returns its index.
RUN_UPTO = """async (marker) => {
  const app = window.jupyterapp, notebook = app.shell.currentWidget.content;
  const index = notebook.widgets.findIndex(
    (cell) => cell.model.sharedModel.getSource().includes(marker));
  if (index < 0) return index;
  notebook.activeCellIndex = index;
  await app.commands.execute('notebook:run-all-above');
  await app.commands.execute('notebook:run-cell');
  return index;
}"""
#: What the widget manager writes in place of a widget it cannot draw.
WIDGET_FAILED = re.compile(r"Error displaying widget|model not found|Failed to load model",
                           re.IGNORECASE)
#: Console warnings and errors that say nothing is wrong with the site: JupyterLite has no
#: terminals; chromium asks for /favicon.ico, which JupyterLab never links (it sets its icon
#: later).
HARMLESS = (
    re.compile(r"Disabling terminals plugin because they are not available on the server"),
    re.compile(r"Failed to load resource: .*404.* @ .*/favicon\.ico$"),
)


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so the JupyterLite test must run)", pytrace=False)
    pytest.skip(reason)


class _Counter:
    """What the server sent: responses and body bytes, by status."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.bytes, self.files, self.not_modified = 0, 0, 0

    def add(self, status: int, size: int) -> None:
        with self.lock:
            if status == 304:
                self.not_modified += 1
            else:
                self.files += 1
                self.bytes += size

    def report(self) -> str:
        return (f"{self.bytes / 1e6:.1f} MB in {self.files} files, "
                f"{self.not_modified} answered 'not modified'")


class _Handler(http.server.SimpleHTTPRequestHandler):
    counter: _Counter
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".json": "application/json"}

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        size = os.fstat(source.fileno()).st_size
        super().copyfile(source, outputfile)
        self.counter.add(200, size)

    def send_response(self, code: int, message: str | None = None) -> None:
        if code == 304:
            self.counter.add(304, 0)
        super().send_response(code, message)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, _Counter]]:
    """Serves the built site on 127.0.0.1; yields its address and the server's counter."""
    if not (SITE / "jupyter-lite.json").is_file():
        _missing(f"no JupyterLite site in {SITE}: run make lite")
    counter = _Counter()
    handler = type("Handler", (_Handler,), {"counter": counter})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", counter
    finally:
        server.shutdown()
        server.server_close()


class _Browser:
    """Chromium with one profile on disk (kept across a restart), offline but for 127.0.0.1."""

    def __init__(self, playwright: object, profile: Path) -> None:
        self.playwright, self.profile = playwright, profile
        self.blocked: list[str] = []  # requests for hosts other than this computer
        self.errors: list[str] = []
        self.console: list[str] = []  # the console's warnings and errors, but the harmless
        self.context: object = None

    def start(self) -> object:
        context = self.playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
            str(self.profile), executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  *OFFLINE_ARGS],
            viewport={"width": 1280, "height": 900}, accept_downloads=True)
        context.on("request", self._request)
        context.set_default_timeout(90_000)
        self.context = context
        page = context.pages[0] if context.pages else context.new_page()
        page.on("pageerror", lambda err: self.errors.append(str(err)))
        page.on("console", self._console)
        return page

    def _console(self, message: object) -> None:
        kind = message.type  # type: ignore[attr-defined]
        if kind in ("warning", "error"):
            said = f"{message.text} @ {message.location.get('url', '')}"  # type: ignore[attr-defined]
            if not any(known.search(said) for known in HARMLESS):
                self.console.append(f"{kind}: {said}")

    def _request(self, request: object) -> None:
        url = request.url  # type: ignore[attr-defined]
        if urlsplit(url).hostname not in LOCAL and not url.startswith(("data:", "blob:")):
            self.blocked.append(url)

    def stop(self) -> None:
        self.context.close()  # type: ignore[attr-defined]


def _open(page: object, base: str, name: str, *, run: bool = True) -> float:
    """Opens a notebook of the site, waits for its kernel, runs every cell; returns seconds."""
    start = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={name}")  # type: ignore[attr-defined]
    page.wait_for_function(KERNEL_IDLE, arg=name, timeout=180_000,  # type: ignore[attr-defined]
                           polling=250)
    ready = time.monotonic() - start
    if run:
        page.evaluate(RUN_ALL)  # type: ignore[attr-defined]
    return ready


def _open_here(page: object, name: str, upto: str) -> None:
    """Opens another notebook in the page (as the file browser does) and runs its cells up to
    the first whose code has ``upto``; a new page would restore the notebooks open in it,
    starting a kernel for each."""
    page.evaluate(  # type: ignore[attr-defined]
        "async (path) => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }",
        name)
    page.wait_for_function(KERNEL_IDLE, arg=name, timeout=180_000,  # type: ignore[attr-defined]
                           polling=250)
    found = page.evaluate(RUN_UPTO, upto)  # type: ignore[attr-defined]
    assert found >= 0, f"no cell of {name} has {upto!r}"


def _in_view(page: object, selector: str) -> object:
    """Returns a locator of ``selector`` inside the notebook shown (the others stay open)."""
    shown = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")  # type: ignore[attr-defined]
    return page.locator(f"[id='{shown}'] {selector}")  # type: ignore[attr-defined]


def _verdicts(language: str) -> tuple[str, str]:
    """Returns the card picker's "allowed" and "not allowed" in ``language``."""
    from guandan_learn.i18n import get_language, set_language
    from guandan_learn.messages import say

    before = get_language()
    try:
        set_language(language)
        return say("render.verdict.legal"), say("render.verdict.illegal")
    finally:
        set_language(before)


def _wait_idle(page: object, name: str) -> None:
    page.wait_for_timeout(500)  # type: ignore[attr-defined]
    page.wait_for_function(KERNEL_IDLE, arg=name, timeout=180_000,  # type: ignore[attr-defined]
                           polling=250)


def _quiz_answers() -> tuple[list[str], list[str]]:
    """Returns the dropdown labels of the right answer to chapter 3's first puzzle, and of a
    wrong one, as the quiz's controls show them."""
    from itertools import product

    from guandan_learn.course import chapter
    from guandan_learn.exercises import grade, load_bank
    from guandan_learn.widgets.quiz_controls import NO_ANSWER, make_control

    quiz = chapter("03_combinations").quiz
    assert quiz is not None
    puzzle = next(p for p in load_bank().puzzles if p.id == quiz.ids[0])
    control = make_control(puzzle)
    boxes = control.boxes  # type: ignore[attr-defined]

    def labels() -> list[str]:  # a dropdown left empty (the rank of "none") is skipped: ""
        return [next((label for label, v in box.options if v == box.value), "")
                for box in boxes]

    assert control.put(puzzle.expected)
    right = labels()
    for values in product(*[[v for _, v in box.options if v is not None] for box in boxes]):
        for box, value in zip(boxes, values, strict=True):
            box.value = value
        answer = control.get()
        if answer is not NO_ANSWER and not grade(puzzle, answer).correct:
            return right, labels()
    raise AssertionError("no wrong answer to choose")


def _choose(quiz: object, labels: list[str]) -> None:
    selects = quiz.locator(".gdl-quiz-answer select")  # type: ignore[attr-defined]
    for i, label in enumerate(labels):
        if label:
            selects.nth(i).select_option(label=label)


@pytest.fixture()
def patient_expect() -> Iterator[None]:
    """Gives ``expect`` 90 s (the kernel's answers, on a busy machine), then Playwright's 5 s."""
    from playwright.sync_api import expect

    expect.set_options(timeout=90_000)
    yield
    expect.set_options(timeout=5_000)


def test_the_course_runs_in_the_browser_offline(site: tuple[str, _Counter], tmp_path: Path,
                                                patient_expect: None) -> None:
    # Playwright's sync API refuses a thread whose event loop is running, as the main
    # thread's is once another browser test has opened the session's browser.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(_walk_the_site, site, tmp_path).result()


def _walk_the_site(site: tuple[str, _Counter], tmp_path: Path) -> None:
    """Opens chapter 3 and the study app, reloads, restarts, and runs chapter 4 offline."""
    if not Path(CHROMIUM).exists():
        _missing(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    base, counter = site
    right, wrong = _quiz_answers()
    with sync_playwright() as p:
        browser = _Browser(p, tmp_path / "profile")
        page = browser.start()

        # First visit: chapter 3, top to bottom, then its quiz wrong, then right.
        counter.reset()
        seconds = _open(page, base, "03_combinations.ipynb")
        quiz = page.locator(".gdl-quiz").last
        expect(quiz.locator(".gdl-quiz-title")).to_contain_text("Puzzle 1 of", timeout=120_000)
        _wait_idle(page, "03_combinations.ipynb")
        first = f"first visit: kernel ready {seconds:.1f} s after opening, {counter.report()}"
        expect(page.locator(ERRORS)).to_have_count(0)
        expect(page.get_by_text(WIDGET_FAILED)).to_have_count(0)
        expect(page.locator(".jp-Cell svg").first).to_be_visible()  # the cards are drawn
        quiz.scroll_into_view_if_needed()
        feedback, score = quiz.locator(".gdl-quiz-feedback"), quiz.locator(".gdl-quiz-score")
        _choose(quiz, wrong)
        quiz.get_by_role("button", name="Check").click()
        expect(feedback).to_contain_text("Not quite")
        _choose(quiz, right)
        quiz.get_by_role("button", name="Check").click()
        expect(feedback).to_contain_text("Correct")
        expect(score).to_have_text("Score: 0 of 1 right.")

        # A reload: the study app finds both answers, and hands the results file in.
        counter.reset()
        page.reload()
        seconds = _open(page, base, "app.ipynb")
        later = f"reload: kernel ready {seconds:.1f} s after opening, {counter.report()}"
        app = page.locator(".gdl-study-app")
        expect(app).to_be_visible(timeout=120_000)
        app.get_by_role("tab", name="3 · Combinations").click()
        expect(app.locator(".gdl-quiz").last.locator(".gdl-quiz-title")).to_contain_text(
            "Puzzle 1 of")
        app.get_by_role("tab", name="My progress").click()
        report = app.locator(".gdl-app-progress")
        expect(report).to_contain_text("Questions answered: 1. Right the first time: 0; "
                                       "right after another try: 1")
        with page.expect_download() as download:
            page.locator("a.gdl-download").click()
        results = Path(download.value.path()).read_text(encoding="utf-8")
        assert results.count("\n") >= 3 and "classify" in results, results
        browser.stop()

        # A browser restart (the same profile): the answers are still there.
        page = browser.start()
        _open(page, base, "app.ipynb")
        app = page.locator(".gdl-study-app")
        app.get_by_role("tab", name="My progress").click(timeout=120_000)
        expect(app.locator(".gdl-app-progress")).to_contain_text("Questions answered: 1.")

        # A chapter with figures runs past them; each says why it is missing.
        _open(page, base, "04_bombs.ipynb")
        expect(page.locator(".gdl-quiz").last.locator(".gdl-quiz-title")).to_contain_text(
            "Puzzle 1 of", timeout=120_000)
        missing = page.locator(".gdl-no-figure")
        expect(missing).to_have_count(2)
        expect(missing.first).to_contain_text("This figure is not drawn here: matplotlib could "
                                              "not be loaded")
        expect(page.locator(ERRORS)).to_have_count(0)

        # The Portuguese chapter 0, opened beside it, up to its card picker (an anywidget).
        allowed, refused = _verdicts("pt")
        _open_here(page, "pt/00_start_here.ipynb", upto="CardPicker(")
        picker = _in_view(page, ".gdl-card-picker")
        cards, said = picker.locator(".gdl-card"), picker.locator(".gdl-feedback")
        expect(cards).to_have_count(5, timeout=120_000)  # 8♣ 8♦ 9♠ K♥ 7♥, at level 7
        cards.nth(0).click(position={"x": 10, "y": 40})
        expect(said).to_contain_text(refused)  # a single cannot beat the pair of 6s
        cards.nth(1).click(position={"x": 10, "y": 40})
        expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
        expect(said).to_contain_text(allowed)
        expect(said).not_to_contain_text(refused)
        _wait_idle(page, "pt/00_start_here.ipynb")
        expect(page.locator(ERRORS)).to_have_count(0)
        expect(page.get_by_text(WIDGET_FAILED)).to_have_count(0)
        browser.stop()
    print(first)
    print(later)
    assert browser.blocked == [], browser.blocked
    assert browser.errors == [], browser.errors
    assert browser.console == [], (f"{len(browser.console)} console messages, the first: "
                                   + "\n".join(browser.console[:3]))
