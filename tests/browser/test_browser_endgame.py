"""In JupyterLab and in Voilà, in chromium: play an endgame out and let Show me finish it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from test_lab import open_and_run  # the same way of opening and running a notebook

pytestmark = pytest.mark.browser

START = "Your team can force the goal from here"
#: Each seat's label against its cards: how far the label's middle sits from the cards'
#: middle (in pixels), and whether the label ends before the cards start (beside them).
SEAT_LABELS = """(view) => [...view.querySelectorAll('b')].map((b) => {
  const svg = b.closest('div').querySelector('svg');
  if (!svg) return null;
  const label = b.getBoundingClientRect(), cards = svg.getBoundingClientRect();
  return {label: b.textContent, off: Math.abs((label.top + label.bottom) / 2
                                              - (cards.top + cards.bottom) / 2),
          beside: label.right <= cards.left, height: cards.height};
}).filter(Boolean)"""


def _labels_beside_the_cards(board) -> None:
    """Each seat's label sits beside its hand, level with the cards' middle (issue 26: the
    labels sat on the cards' bottom edge, reading as if under them)."""
    seats = board.locator(".gdl-endgame-view").evaluate(SEAT_LABELS)
    assert len(seats) == 4, seats
    for seat in seats:
        assert seat["beside"] and seat["off"] <= seat["height"] / 6, seat


def _play_it_out(page, artifacts: Path, name: str) -> None:
    from playwright.sync_api import expect

    board = page.locator(".gdl-endgame")
    status = board.locator(".gdl-endgame-status")
    expect(status).to_contain_text(START, timeout=60_000)
    expect(board.locator(".gdl-endgame-view svg")).to_have_count(4)  # the four hands
    _labels_beside_the_cards(board)

    # The tempting mistake: the queens first. The defence answers and the widget says so.
    board.locator("select").select_option(label="Q♣ Q♦")
    board.get_by_role("button", name="Play").click()
    expect(status).to_contain_text("you can no longer force the win")
    expect(board.locator(".gdl-endgame-line")).to_contain_text("South plays a pair of queens")
    board.screenshot(path=str(artifacts / f"{name}_mistake.png"))

    # Start again, then let Show me play the winning line, one move a click.
    board.get_by_role("button", name="Start again").click()
    expect(status).to_contain_text(START)
    show = board.get_by_role("button", name="Show me")
    for _ in range(6):
        if show.is_disabled():
            break
        show.click()
        page.wait_for_timeout(300)
    expect(status).to_contain_text("The goal is reached.")
    expect(board.locator(".gdl-endgame-line")).to_contain_text("South plays a pair of 9s")
    expect(show).to_be_disabled()
    board.screenshot(path=str(artifacts / f"{name}_shown.png"))


def test_endgame_in_jupyterlab(page, lab_url: str, artifacts: Path) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    seconds = open_and_run(page, lab_url, "endgame.ipynb")
    print(f"notebook open, kernel idle and cells started in {seconds:.1f} s")
    _play_it_out(page, artifacts, "lab_endgame")
    assert not errors, errors


def test_endgame_in_voila(page, voila_url: str, artifacts: Path) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start = time.monotonic()
    page.goto(f"{voila_url}/voila/render/endgame.ipynb")
    _play_it_out(page, artifacts, "voila_endgame")
    print(f"Voilà page played out in {time.monotonic() - start:.1f} s")
    assert not errors, errors
