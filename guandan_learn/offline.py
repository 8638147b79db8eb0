"""Voilà with no request outside the server: the ``guandan`` template, which drops the Font
Awesome stylesheets Voilà's lab template loads from a CDN (its own bundle carries the font).

Voilà finds templates in ``<JUPYTER_PATH entry>/voila/templates``; ``voila_env`` puts the
package's ``data/jupyter`` folder first there and ``VOILA_ARGS`` chooses the template.

>>> VOILA_ARGS
['--template=guandan']
>>> env = voila_env({"JUPYTER_PATH": "/elsewhere"})
>>> env["JUPYTER_PATH"].endswith("/elsewhere") and "guandan_learn" in env["JUPYTER_PATH"]
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

#: The name of the template folder under ``data/jupyter/voila/templates``.
TEMPLATE = "guandan"
#: The command-line arguments that make Voilà use it.
VOILA_ARGS = [f"--template={TEMPLATE}"]


def jupyter_data() -> Path:
    """Returns the package's Jupyter data folder (it holds ``voila/templates/guandan``)."""
    return Path(str(resources.files("guandan_learn").joinpath("data", "jupyter")))


def voila_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """Returns ``env`` (default: this process's) with the package's data folder on JUPYTER_PATH."""
    out = dict(os.environ if env is None else env)
    rest = out.get("JUPYTER_PATH", "")
    out["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(jupyter_data()), rest) if p)
    return out


if __name__ == "__main__":  # prints the folder, for Makefiles and shells
    print(jupyter_data())
