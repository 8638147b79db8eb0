"""axe-core in the page: run it over the project's own output and list serious findings.

``axe.min.js`` comes from the npm package ``axe-core`` (version 4), installed without a CDN by
``make axe`` into a cache folder (``GUANDAN_AXE_DIR``, default ``~/.cache/guandan-learn/axe``)
and loaded into the page with Playwright's ``add_script_tag``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

#: Where ``make axe`` installs the package (``npm install --prefix``).
AXE_DIR = Path(os.environ.get("GUANDAN_AXE_DIR")
               or Path.home() / ".cache" / "guandan-learn" / "axe")
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
#: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
SERIOUS = ("serious", "critical")
#: The project's own output in JupyterLab and Voilà: rendered Markdown and cell outputs.
OWN = [".jp-MarkdownOutput", ".jp-OutputArea-output"]

_RUN = """async ([selectors, tags]) => {
  const include = selectors.filter((s) => document.querySelector(s)).map((s) => [s]);
  if (!include.length) return null;
  const result = await axe.run({ include }, {
    runOnly: { type: "tag", values: tags }, resultTypes: ["violations"],
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
  }));
}"""


def run_axe(page: Any, selectors: list[str] | None = None) -> list[dict[str, Any]]:
    """Runs axe over the elements matching ``selectors`` (the project's own output); returns
    every violation with its impact and nodes. Fails when nothing matches."""
    if page.evaluate("() => typeof window.axe") == "undefined":
        page.add_script_tag(path=str(AXE_JS))
    found = page.evaluate(_RUN, [selectors or OWN, TAGS])
    assert found is not None, f"nothing to check: no element matches {selectors or OWN}"
    return found


def serious(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Keeps the serious and critical violations."""
    return [v for v in violations if v["impact"] in SERIOUS]


def counts(violations: list[dict[str, Any]]) -> dict[str, int]:
    """Counts failing nodes by ``rule (impact)``."""
    return {f"{v['id']} ({v['impact']})": len(v["nodes"]) for v in violations}


def report(violations: list[dict[str, Any]]) -> str:
    """Says each violation and its first nodes, for an assertion message."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['help']}")
        lines += [f"    {n['target']}: {n['summary'].splitlines()[-1].strip()}"
                  for n in v["nodes"][:3]]
    return "\n".join(lines)
