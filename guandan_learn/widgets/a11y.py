"""Accessible building blocks for the widgets: a radio group, a toggle with ``aria-pressed``,
one live region, and the focus style every control the project draws or styles shares.

ipywidgets' toggle buttons and radio buttons expose neither their state nor their group to
assistive technology (no ``aria-pressed``, one Tab stop per radio, the question is not their
name), and an HTML widget cannot carry a persistent ``role="status"``. These anywidgets do:

- ``ChoiceGroup``: native radio inputs in a ``role="radiogroup"`` named by the question (one
  Tab stop, arrow keys move the choice); drawn as buttons or as a list; the chosen one shows a
  filled dot, a thick outline and bold text, not only a shade.
- ``PressButton``: a ``<button aria-pressed>`` that toggles ``value``.
- ``LiveRegion``: one ``role="status"`` element made once; only its text changes, so screen
  readers announce each new message (a fresh status element is often not announced).

>>> group = ChoiceGroup(options=[("Yes", 0), ("No", 1)], description="May you play?")
>>> group.value = 1
>>> [label for label, _ in group.options], group.value, group.labels
(['Yes', 'No'], 1, ['Yes', 'No'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anywidget
import traitlets

#: The focus ring of every control the project draws or styles: 3 px, outside the control,
#: #1f6feb is 4.8:1 on white and 3.4:1 or more on JupyterLab's dark backgrounds.
FOCUS = "#1f6feb"
_SCOPES = (".gdl-quiz", ".gdl-card-picker", ".gdl-play-deal", ".gdl-deal-replay",
           ".gdl-study-app", ".gdl-hints", ".gdl-hand", ".gdl-choices")
FOCUS_CSS = (", ".join(f"{s} :is(button, select, input, textarea, [tabindex]):focus-visible, "
                       f"{s} .lm-TabBar-tab:focus-visible" for s in _SCOPES)
             + f" {{ outline: 3px solid {FOCUS} !important; outline-offset: 2px !important; }}\n"
             + ".gdl-choices .gdl-choice:has(input:focus-visible) "
             + f"{{ outline: 3px solid {FOCUS}; outline-offset: 2px; }}\n"
             # In a dark JupyterLab theme the feedback keeps its own light ground, so its
             # green, red and brown stay AA (they are chosen for a light ground).
             # The app's tab labels: ipywidgets greys them to 4.45:1 on their grey ground.
             + ".gdl-study-app .lm-TabBar-tab, .gdl-study-app .lm-TabBar-tabLabel "
             "{ color: var(--jp-ui-font-color1, #1a1a1a) !important; }\n"
             + 'body[data-jp-theme-light="false"] :is(.gdl-quiz-feedback, .gdl-quiz-hints, '
             ".gdl-feedback, .gdl-play-feedback, .gdl-caption, .gdl-hints) .widget-html-content "
             "{ background: #ffffff; color: #1a1a1a; border-radius: 4px; padding: 0 6px; }\n")

_CHOICES_ESM = """
let groups = 0;
function render({ model, el }) {
  const name = `gdl-choice-${Date.now().toString(36)}-${groups++}`;
  const root = document.createElement("div");
  root.setAttribute("role", "radiogroup");
  el.appendChild(root);
  let inputs = [];

  function mark() {
    const value = model.get("value");
    inputs.forEach((input, i) => {
      input.checked = value === i;
      input.parentElement.classList.toggle("gdl-chosen", value === i);
    });
  }

  function draw() {
    root.className = `gdl-choices gdl-choices-${model.get("look")}`;
    const name_text = model.get("description");
    if (name_text) root.setAttribute("aria-label", name_text);
    else root.removeAttribute("aria-label");
    root.replaceChildren();
    inputs = model.get("labels").map((text, i) => {
      const label = document.createElement("label");
      label.className = "gdl-choice";
      const input = document.createElement("input");
      input.type = "radio";
      input.name = name;
      input.value = String(i);
      input.addEventListener("change", () => {
        if (input.checked) { model.set("value", i); model.save_changes(); mark(); }
      });
      const span = document.createElement("span");
      span.textContent = text;
      label.append(input, span);
      root.appendChild(label);
      return input;
    });
    mark();
  }

  model.on("change:labels", draw);
  model.on("change:description", draw);
  model.on("change:look", draw);
  model.on("change:value", mark);
  draw();
  return () => root.remove();
}
export default { render };
"""

_CHOICES_CSS = """
.gdl-choices { display: flex; flex-wrap: wrap; gap: 6px; margin: 2px 0; }
.gdl-choices-list { flex-direction: column; gap: 2px; }
.gdl-choices .gdl-choice {
  display: inline-flex; align-items: center; gap: 6px; cursor: pointer;
  color: var(--jp-ui-font-color1, #1a1a1a); font-size: var(--jp-widgets-font-size, 13px);
}
.gdl-choices-buttons .gdl-choice {
  padding: 3px 12px 3px 8px; border-radius: 4px;
  border: 1px solid var(--jp-border-color1, #757575);
  background: var(--jp-layout-color1, #ffffff);
}
.gdl-choices .gdl-choice input { margin: 0; accent-color: #1f6feb; width: 15px; height: 15px; }
.gdl-choices .gdl-choice.gdl-chosen { font-weight: bold; }
.gdl-choices-buttons .gdl-choice.gdl-chosen {
  border: 2px solid #1f6feb; padding: 2px 11px 2px 7px; }
.gdl-choices-buttons .gdl-choice.gdl-chosen span::after { content: " \\2713"; }
""" + FOCUS_CSS


class ChoiceGroup(anywidget.AnyWidget):
    """One choice among labelled answers as a real radio group named by ``description``.

    ``options`` are ``(label, index)`` pairs in the order shown (the index is the position),
    ``value`` the chosen index or ``None``; ``look`` is ``"buttons"`` or ``"list"``.
    """

    _esm = _CHOICES_ESM
    _css = _CHOICES_CSS
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    value = traitlets.Int(None, allow_none=True).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    look = traitlets.Unicode("buttons").tag(sync=True)

    def __init__(self, *, options: Sequence[tuple[str, int]] = (), **kwargs: Any) -> None:
        super().__init__(labels=[label for label, _ in options], **kwargs)

    @property
    def options(self) -> list[tuple[str, int]]:
        """Returns the ``(label, index)`` pairs shown."""
        return [(label, i) for i, label in enumerate(self.labels)]

    @traitlets.validate("value")
    def _valid(self, proposal: dict[str, Any]) -> int | None:
        value = proposal["value"]
        if value is not None and not 0 <= value < len(self.labels):
            raise traitlets.TraitError(f"no choice at {value}")
        return value


_PRESS_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "gdl-press jupyter-button";
  el.appendChild(button);
  function draw() {
    const on = model.get("value");
    button.textContent = model.get("description") + (on ? " \\u2713" : "");
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.classList.toggle("gdl-pressed", on);
  }
  button.addEventListener("click", () => {
    model.set("value", !model.get("value"));
    model.save_changes();
    draw();
  });
  model.on("change:value", draw);
  model.on("change:description", draw);
  draw();
  return () => button.remove();
}
export default { render };
"""

_PRESS_CSS = """
.gdl-press { margin: 4px 0; padding: 0 12px; min-width: 5em; height: 28px; border-radius: 4px;
  border: 1px solid var(--jp-border-color1, #757575); cursor: pointer;
  background: var(--jp-layout-color1, #ffffff); color: var(--jp-ui-font-color1, #1a1a1a); }
.gdl-press.gdl-pressed { border: 2px solid #1f6feb; font-weight: bold; }
.gdl-press:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
"""


class PressButton(anywidget.AnyWidget):
    """A toggle button that says whether it is pressed (``aria-pressed``); ``value`` is it."""

    _esm = _PRESS_ESM
    _css = _PRESS_CSS
    value = traitlets.Bool(False).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)


_LIVE_ESM = """
function render({ model, el }) {
  const live = document.createElement("div");
  live.className = "gdl-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  el.appendChild(live);
  const draw = () => { live.textContent = model.get("value"); };
  model.on("change:value", draw);
  draw();
  return () => live.remove();
}
export default { render };
"""

_LIVE_CSS = """
.gdl-live { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
""" + FOCUS_CSS


class LiveRegion(anywidget.AnyWidget):
    """One persistent, visually hidden ``role="status"`` whose text (``value``) is announced."""

    _esm = _LIVE_ESM
    _css = _LIVE_CSS
    value = traitlets.Unicode("").tag(sync=True)

    def say(self, text: str) -> None:
        """Announces ``text`` (again, even when it is the same as the last message)."""
        text = " ".join(text.split())
        # A trailing no-break space toggles so a repeated message is still a change.
        self.value = text + "\u00a0" if self.value == text else text


_STEP_ESM = """
function render({ model, el }) {
  const label = document.createElement("label");
  label.className = "gdl-step-slider";
  const text = document.createElement("span");
  const input = document.createElement("input");
  input.type = "range";
  const readout = document.createElement("output");
  label.append(text, input, readout);
  el.appendChild(label);
  function draw() {
    text.textContent = model.get("description");
    input.setAttribute("aria-label", model.get("description"));
    input.min = String(model.get("min"));
    input.max = String(model.get("max"));
    input.value = String(model.get("value"));
    readout.textContent = String(model.get("value"));
  }
  function send(value) {
    const low = model.get("min"), high = model.get("max");
    model.set("value", Math.max(low, Math.min(high, value)));
    model.save_changes();
  }
  input.addEventListener("input", () => send(Number(input.value)));
  // JupyterLab's shortcuts must not take the arrow keys from the slider.
  input.setAttribute("data-lm-suppress-shortcuts", "true");
  const keys = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10,
                 PageDown: -10 };
  input.addEventListener("keydown", (event) => {
    const value = model.get("value");
    let next = null;
    if (event.key in keys) next = value + keys[event.key];
    else if (event.key === "Home") next = model.get("min");
    else if (event.key === "End") next = model.get("max");
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    send(next);
  });
  for (const name of ["value", "min", "max", "description"]) model.on(`change:${name}`, draw);
  draw();
  return () => label.remove();
}
export default { render };
"""

_STEP_CSS = """
.gdl-step-slider { display: inline-flex; align-items: center; gap: 0.5em; margin: 0 0.4em; }
.gdl-step-slider input { width: 14em; }
""" + FOCUS_CSS


class StepSlider(anywidget.AnyWidget):
    """A native range input named by its ``description`` (``aria-label`` and a visible label),
    with its ``value`` shown beside it; ipywidgets' slider handle has no accessible name."""

    _esm = _STEP_ESM
    _css = _STEP_CSS
    value = traitlets.Int(0).tag(sync=True)
    min = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(0).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)

    @traitlets.validate("value")
    def _within(self, proposal: Any) -> int:
        return max(self.min, min(int(proposal["value"]), self.max))


def live_for(*views: Any, last: bool = False) -> LiveRegion:
    """Returns one live region that announces the text of each new value of ``views``."""
    import html
    import re

    live = LiveRegion()

    def announce(change: dict[str, Any]) -> None:
        markup = change["new"] or ""
        if last and "<p" in markup:
            markup = markup[markup.rfind("<p"):]
        markup = re.sub(r"<details\b.*?</details>", " ", markup, flags=re.DOTALL)  # closed text
        live.say(html.unescape(re.sub(r"<[^>]+>", " ", markup)))

    for view in views:
        view.observe(announce, names="value")
    return live


__all__ = ["FOCUS_CSS", "ChoiceGroup", "LiveRegion", "PressButton", "StepSlider", "live_for"]
