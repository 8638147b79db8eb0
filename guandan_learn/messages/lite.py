"""Messages of the course where packages are missing: JupyterLite in the browser."""

from __future__ import annotations

from ..i18n import N_

MESSAGES: dict[str, str] = {
    # A data file or a teacher's bank is YAML and PyYAML is not installed (JupyterLite)
    "data.needs_yaml": N_(
        "Reading {path} needs PyYAML, which is not installed here. Install it (pip install "
        "pyyaml; in JupyterLite, run %pip install pyyaml in a cell) and try again."),
    # A teacher's bank is checked against the schema and jsonschema is not installed
    "data.needs_jsonschema": N_(
        "Checking {path} against the exercise schema needs jsonschema, which is not "
        "installed here. Install it (pip install jsonschema; in JupyterLite, run %pip install "
        "jsonschema in a cell) and try again."),
    # Shown in place of a figure when matplotlib cannot be imported (the browser offline)
    "plots.unavailable": N_(
        "This figure is not drawn here: matplotlib could not be loaded ({reason}). In the "
        "browser, matplotlib comes from the internet: run %pip install matplotlib in a cell, "
        "then run this cell again. Everything else in this notebook works without it."),
    # The browser's copy of the progress database could not be read, and was set aside
    "progress.snapshot_damaged": N_(
        "The saved progress in {path} could not be read ({reason}); it was set aside as "
        "{moved}, and new answers go to a fresh file."),
}
