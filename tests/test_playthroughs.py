"""Golden playthroughs: each recorded deal replays to exactly the text on file (§06)."""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

from guandan_learn import loads

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path(__file__).resolve().parent / "playthroughs"
FILES = sorted(FOLDER.glob("*.txt"))


def _regen():
    spec = importlib.util.spec_from_file_location("regen_playthroughs",
                                                  ROOT / "scripts" / "regen_playthroughs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


regen = _regen()


def test_there_are_playthroughs() -> None:
    assert len(FILES) >= 3, f"{FOLDER} should hold at least three golden playthroughs"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays_line_by_line(path: Path) -> None:
    expected = path.read_text(encoding="utf-8")
    deal = loads(regen.record_of(expected))
    assert deal.is_over
    actual = regen.playthrough_text(deal, path.stem)
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                    f"{path.name} (on file)", f"{path.name} (replayed)",
                                    lineterm="", n=2)
        pytest.fail("\n".join(list(diff)[:60]))


def test_every_generator_has_its_file() -> None:
    for name in regen.DEALS:
        assert (FOLDER / f"{name}.txt").exists(), f"run scripts/regen_playthroughs.py ({name})"
