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
        "then run the notebook again from the top. Everything else in this notebook works "
        "without it."),
    # The browser's copy of the progress database could not be read, and was set aside
    "progress.snapshot_damaged": N_(
        "The saved progress in {path} could not be read ({reason}); it was set aside as "
        "{moved}, and new answers go to a fresh file."),
    # guandan-learn lite DIR: building the JupyterLite site
    "lite.cli.help": N_(
        "Build the course as a static JupyterLite site in a folder: every chapter in every "
        "language, the rulebook and the study app, running in the browser with nothing to "
        "install (needs guandan-learn[lite], Python 3.12 or newer)."),
    "lite.cli.help.dir": N_("the folder to write the site to (replaced if it exists)"),
    "lite.cli.help.wheel": N_("a built guandan-learn wheel (default: built now from the "
                              "source checkout)"),
    "lite.cli.help.pyodide": N_("the folder of the pyodide npm package (default: "
                                "GUANDAN_PYODIDE_DIR or ~/.cache/guandan-learn/pyodide)"),
    "lite.cli.wrote": N_("Wrote the site to {path}: serve the folder with any static web "
                         "server, e.g. python -m http.server -d {path}."),
    "lite.bad_out": N_("guandan-learn lite needs a folder to write the site to, not {value}."),
    "lite.out_is_file": N_("{path} is a file, not a folder for the site."),
    "lite.not_wheel": N_("{path} is not a wheel file."),
    "lite.no_checkout": N_("guandan-learn lite builds the wheel from a source checkout; run "
                           "it from one, or give a built wheel with --wheel."),
    "lite.no_wheel_built": N_("pip wrote no guandan_learn wheel to {path}."),
    "lite.no_notebooks": N_("No notebooks found in {path}."),
    "lite.no_pyodide": N_("No Pyodide core in {path}: run make pyodide (npm install "
                          "pyodide@{version} --prefix {path}) or set GUANDAN_PYODIDE_DIR."),
    "lite.pyodide_version": N_("{path} holds Pyodide {found}; the site's kernel needs "
                               "{version} (make pyodide installs it)."),
    "lite.needs_jupyterlite": N_("Building the site needs JupyterLite, which is not "
                                 "installed here: pip install \"guandan-learn[lite]\" (Python "
                                 "3.12 or newer)."),
    "lite.build_failed": N_("{command} failed (exit code {code}); its output is above."),
}
