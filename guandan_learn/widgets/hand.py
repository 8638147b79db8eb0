"""A clickable hand: an anywidget whose front-end is a small ES module kept in this file."""

from __future__ import annotations

import anywidget
import traitlets

from ..cards import Card, Rank
from ..messages import say
from ..render import CARD_W, PAD, card_label, card_svg
from .a11y import FOCUS_CSS

#: Pixels of each card left visible under the next one.
STRIP = 26

_ESM = """
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "gdl-hand";
  root.setAttribute("role", "group");
  el.appendChild(root);

  function toggle(i) {
    const picked = new Set(model.get("selected"));
    if (picked.has(i)) picked.delete(i); else picked.add(i);
    model.set("selected", [...picked].sort((a, b) => a - b));
    model.save_changes();
  }

  function draw() {
    const picked = new Set(model.get("selected"));
    const labels = model.get("labels");
    root.setAttribute("aria-label", model.get("label"));
    root.style.setProperty("--gdl-overlap", `-${model.get("overlap")}px`);
    // Redrawing replaces the buttons: keep focus on the card that had it (the one toggled).
    const active = document.activeElement;
    const focused = root.contains(active) && active.dataset ? active.dataset.index : null;
    root.replaceChildren();
    model.get("cards").forEach((svg, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "gdl-card" + (picked.has(i) ? " gdl-selected" : "");
      button.dataset.index = String(i);
      button.setAttribute("aria-pressed", picked.has(i) ? "true" : "false");
      button.setAttribute("aria-label", labels[i] || "");
      button.innerHTML = svg;
      button.addEventListener("click", () => toggle(i));
      root.appendChild(button);
      if (focused === String(i)) button.focus({ preventScroll: true });
    });
  }

  model.on("change:cards", draw);
  model.on("change:selected", draw);
  model.on("change:labels", draw);
  draw();
  return () => root.remove();
}
export default { render };
"""

_CSS = """
.gdl-hand { display: flex; flex-wrap: nowrap; padding: 16px 40px 6px 4px; overflow-x: auto; }
.gdl-hand .gdl-card {
  margin: 0 var(--gdl-overlap, -34px) 0 0; padding: 0; border: none; background: none;
  position: relative; cursor: pointer; line-height: 0; transition: transform 0.08s ease-out;
}
.gdl-hand .gdl-card:last-child { margin-right: 0; }
.gdl-hand .gdl-card.gdl-selected { transform: translateY(-14px); }
.gdl-hand .gdl-card.gdl-selected rect.face { stroke: #1f6feb; stroke-width: 3; }
.gdl-hand .gdl-card:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; z-index: 1; }
""" + FOCUS_CSS


class HandView(anywidget.AnyWidget):
    """Shows cards as buttons; clicking one toggles it in ``selected`` (positions, sorted).

    The pictures come from ``render.card_svg``, so the browser and the tests see the same
    cards; the front-end only toggles positions and raises the picked cards.
    """

    _esm = _ESM
    _css = _CSS
    cards = traitlets.List(traitlets.Unicode()).tag(sync=True)
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    overlap = traitlets.Int(CARD_W + 2 * PAD - STRIP).tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)

    def show(self, cards: list[Card], level: Rank) -> None:
        """Draws ``cards`` (in this order) at ``level`` and clears the selection."""
        self.selected = []
        self.labels = [card_label(c, level) for c in cards]
        self.cards = [card_svg(c, level) for c in cards]
        self.label = say("widget.picker.hand", level=level.value)
