"""The course in the browser: a static JupyterLite site with every chapter, nothing to install.

``build_site(out)`` (``guandan-learn lite DIR``, ``make lite``) writes a folder any static web
server can serve (GitHub Pages, ``python -m http.server``): JupyterLab with a Python kernel
(Pyodide, CPython compiled to WebAssembly), every chapter in English, Portuguese and Spanish,
the rulebook and the study app, and the project's wheel with its pure-Python dependencies
(ipywidgets, anywidget, fsrs, platformdirs, …). Nothing is fetched from a CDN but what the
figures need: matplotlib, numpy and the rest of matplotlib's packages are listed in the site's
lock at Pyodide's CDN, and come from there when a learner runs ``%pip install matplotlib``
(offline, each figure says why it is missing). Answers are kept in the browser (``/drive``).

It needs the ``lite`` extra (JupyterLite, Python >= 3.12 for its lock solver), the Pyodide core
of the version the kernel expects (``pyodide_core``), and the network at build time for the
PyPI wheels. This module is a build tool: the engine never imports it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from importlib import metadata, resources
from pathlib import Path
from typing import Any, TextIO

from .errors import ArgumentError, CourseError
from .messages import say

#: The Pyodide core the JupyterLite kernel expects (``jupyterlite_pyodide_kernel.constants``).
PYODIDE_VERSION = "314.0.6"
#: Where ``make lite`` puts the ``pyodide`` npm package (``GUANDAN_PYODIDE_DIR`` overrides).
PYODIDE_DIR = Path.home() / ".cache" / "guandan-learn" / "pyodide"
#: What the site's kernel installs besides the project's wheel (pure Python, from PyPI);
#: micropip is what the kernel's ``piplite`` imports (Pyodide's own lock would have it).
SPECS = ("micropip", "ipywidgets>=8.1", "anywidget>=0.9", "fsrs>=6.3,<7", "platformdirs>=4")
#: The widget libraries whose front end the site takes from the environment that builds it
#: (ipywidgets' is ``jupyterlab_widgets``, anywidget carries its own): the kernel installs the
#: same versions, so every widget model the kernel asks for is one the page has.
IN_STEP = ("ipywidgets", "anywidget")
#: The kernel the site's notebooks name: JupyterLite's Pyodide kernel, not ipykernel's.
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: What the kernel loads when it starts, so the first cell imports the course at once.
PREFETCH = ("micropip", "guandan-learn", "ipywidgets", "anywidget", "fsrs", "platformdirs")
#: The core's files the site needs (the npm package also has consoles and source maps).
CORE_FILES = ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "pyodide.js",
              "python_stdlib.zip", "package.json")
LANGS = {"en": "", "pt": "pt", "es": "es"}
#: Where Pyodide's own builds of the compiled packages are (its CDN, for this version).
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full"
#: What the site lists from Pyodide's CDN, with what they need: ``%pip install matplotlib``.
FROM_CDN = ("matplotlib",)


def pyodide_core(folder: str | os.PathLike[str] | None = None) -> Path:
    """Returns the folder of the ``pyodide`` npm package (its ``pyodide.mjs``); raises
    ``CourseError`` saying how to get it when it is missing or of another version."""
    base = Path(folder or os.environ.get("GUANDAN_PYODIDE_DIR") or PYODIDE_DIR)
    for candidate in (base, base / "node_modules" / "pyodide"):
        package = candidate / "package.json"
        if (candidate / "pyodide.mjs").is_file() and package.is_file():
            version = json.loads(package.read_text(encoding="utf-8")).get("version")
            if version != PYODIDE_VERSION:
                raise CourseError(say("lite.pyodide_version", path=str(candidate),
                                      found=version, version=PYODIDE_VERSION))
            return candidate
    raise CourseError(say("lite.no_pyodide", path=str(base), version=PYODIDE_VERSION))


def _call(command: list[str], cwd: Path | None = None) -> None:
    """Runs a build step; raises ``CourseError`` when it fails (its output went to ours)."""
    try:
        done = subprocess.run(command, cwd=cwd, check=False)
    except OSError as err:
        raise CourseError(say("lite.build_failed", command=command[0], code=err.strerror)) \
            from None
    if done.returncode != 0:
        raise CourseError(say("lite.build_failed", command=" ".join(command[:3]),
                              code=done.returncode))


def source_root() -> Path | None:
    """Returns the project's source checkout when the package runs from one, else ``None``."""
    root = Path(__file__).resolve().parent.parent
    return root if (root / "pyproject.toml").is_file() and (root / "setup.py").is_file() else None


def build_wheel(dest: Path, root: Path | None = None) -> Path:
    """Builds the project's wheel from its source checkout into ``dest``; returns its path."""
    root = root or source_root()
    if root is None:
        raise CourseError(say("lite.no_checkout"))
    dest.mkdir(parents=True, exist_ok=True)
    _call([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dest), str(root)])
    wheels = sorted(dest.glob("guandan_learn-*.whl"), key=lambda p: p.stat().st_mtime)
    if not wheels:
        raise CourseError(say("lite.no_wheel_built", path=str(dest)))
    return wheels[-1]


def _notebooks() -> Path:
    """Returns the folder of the English notebooks (``pt/``, ``es/`` inside it)."""
    root = source_root()
    if root is not None and (root / "notebooks" / "app.ipynb").is_file():
        return root / "notebooks"
    return Path(str(resources.files("guandan_learn").joinpath("notebooks", "en")))


def stage_contents(dest: Path) -> list[Path]:
    """Copies every notebook of every language into ``dest`` (English at the top, ``pt/``,
    ``es/``), each naming the site's kernel (``KERNELSPEC``), the rulebook beside them;
    returns the notebooks copied."""
    src = _notebooks()
    copied = []
    for lang, sub in LANGS.items():
        folder = (src / sub if sub else src) if source_root() else src.parent / lang
        target = dest / sub if sub else dest
        target.mkdir(parents=True, exist_ok=True)
        for notebook in sorted(folder.glob("*.ipynb")):
            nb = json.loads(notebook.read_text(encoding="utf-8"))
            nb.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
            copy = target / notebook.name
            copy.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            copied.append(copy)
    if (src / "rulebook.md").is_file():
        shutil.copy2(src / "rulebook.md", dest / "rulebook.md")
    if len(copied) < 3:
        raise CourseError(say("lite.no_notebooks", path=str(src)))
    return copied


def stage_pyodide(core: Path, dest: Path) -> Path:
    """Copies the Pyodide core into ``dest`` with its lock emptied of packages: the build's
    solver then writes every package the site has, each served from the site itself."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in CORE_FILES:
        shutil.copy2(core / name, dest / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return dest


def with_cdn_packages(lock: dict[str, Any], core_lock: dict[str, Any],
                      names: Sequence[str] = FROM_CDN) -> list[str]:
    """Adds to a site's lock the packages ``names`` and what they need, as Pyodide's CDN has
    them (packages the site serves itself are kept); returns the names added."""
    stock = core_lock["packages"]
    packages = lock["packages"]
    added, todo = [], list(names)
    while todo:
        name = todo.pop(0)
        if name in packages or name in added:
            continue
        entry = dict(stock[name])
        entry["file_name"] = f"{PYODIDE_CDN}/{entry['file_name']}"
        packages[name] = entry
        added.append(name)
        todo += entry.get("depends", [])
    return added


def widgets_stub() -> Path | None:
    """Returns the kernel's stand-in for ``widgetsnbextension`` (the classic notebook's widget
    files, 2.2 MB that the kernel never uses; the stand-in is 2 KB), if installed here."""
    folder = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
              / "pyodide-kernel-extension" / "static" / "pypi")
    stubs = sorted(folder.glob("widgetsnbextension-4.*-py3-none-any.whl"))
    return stubs[-1] if stubs else None


def kernel_specs() -> list[str]:
    """Returns what the site's kernel installs besides the project: ``SPECS``, with the
    libraries of ``IN_STEP`` pinned to the versions installed here, whose front ends the
    site carries (a version the page lacks shows "model not found" in place of a widget)."""
    specs = []
    for spec in SPECS:
        name = re.split(r"[<>=!~ ;\[]", spec, maxsplit=1)[0]
        if name in IN_STEP:
            with contextlib.suppress(metadata.PackageNotFoundError):  # then the range
                spec = f"{name}=={metadata.version(name)}"
        specs.append(spec)
    return specs


def lite_config(wheel: Path) -> dict[str, object]:
    """Returns the ``jupyter_lite_config.json`` of the site: the lock with the project's wheel
    and its dependencies, no source maps, no PyPI at run time."""
    stub = widgets_stub()
    return {
        "LiteBuildConfig": {"no_sourcemaps": True},
        "PyodideLockAddon": {
            "enabled": True,
            "wheels": [str(wheel), *([str(stub)] if stub else [])],
            "specs": [*kernel_specs(), "guandan-learn"],
            "prefetch_extra": list(PREFETCH),
        },
    }


def site_settings() -> dict[str, object]:
    """Returns the ``jupyter-lite.json`` overrides: no PyPI fallback in the page, the app on
    ``window`` (as JupyterLab's ``expose_app_in_browser``)."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "guandan-learn",
            "exposeAppInBrowser": "true",  # window.jupyterapp: the browser test drives it
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True},
            },
        },
    }


def build_site(out: str | os.PathLike[str], *, wheel: str | os.PathLike[str] | None = None,
               pyodide: str | os.PathLike[str] | None = None,
               jupyter: Sequence[str] | None = None) -> Path:
    """Builds the static site into ``out`` (replaced); returns its folder.

    ``wheel`` is a built guandan-learn wheel (default: built now from the checkout),
    ``pyodide`` the Pyodide core (default: ``pyodide_core()``), ``jupyter`` the command that
    runs ``jupyter`` (default: the one beside this Python).
    """
    if not isinstance(out, (str, os.PathLike)) or not str(out).strip():
        raise ArgumentError(say("lite.bad_out", value=repr(out)[:80]))
    target = Path(out).resolve()
    if target.exists() and not target.is_dir():
        raise ArgumentError(say("lite.out_is_file", path=str(target)))
    core = pyodide_core(pyodide)
    command = list(jupyter or [str(Path(sys.executable).with_name("jupyter"))])
    if jupyter is None and importlib.util.find_spec("jupyterlite_pyodide_kernel") is None:
        raise CourseError(say("lite.needs_jupyterlite"))
    with tempfile.TemporaryDirectory(prefix="guandan-lite-") as tmp:
        work = Path(tmp)
        built = Path(wheel).resolve() if wheel else build_wheel(work / "dist")
        if not built.is_file() or built.suffix != ".whl":
            raise ArgumentError(say("lite.not_wheel", path=str(built)))
        site_dir = work / "lite"
        stage_pyodide(core, site_dir / "static" / "pyodide")
        (site_dir / "jupyter_lite_config.json").write_text(
            json.dumps(lite_config(built), indent=2), encoding="utf-8")
        (site_dir / "jupyter-lite.json").write_text(json.dumps(site_settings(), indent=2),
                                                    encoding="utf-8")
        contents = work / "contents"
        stage_contents(contents)
        build_out = work / "site"
        _call([*command, "lite", "build", "--lite-dir", str(site_dir), "--contents",
               str(contents), "--output-dir", str(build_out)], cwd=site_dir)
        site_lock = build_out / "static" / "pyodide-lock" / "pyodide-lock.json"
        lock = json.loads(site_lock.read_text(encoding="utf-8"))
        with_cdn_packages(lock, json.loads((core / "pyodide-lock.json").read_text(
            encoding="utf-8")))
        site_lock.write_text(json.dumps(lock, indent=1), encoding="utf-8")
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(build_out, target)
    return target


def add_parser(sub: Any) -> None:
    """Adds the ``lite`` command to the command line's subcommands."""
    import argparse

    parser = sub.add_parser("lite", help=say("lite.cli.help"), description=say("lite.cli.help"))
    parser.add_argument("dir", metavar="DIR", help=say("lite.cli.help.dir"))
    parser.add_argument("--wheel", metavar="WHEEL", help=say("lite.cli.help.wheel"))
    parser.add_argument("--pyodide", metavar="DIR", help=say("lite.cli.help.pyodide"))
    parser.add_argument("--lang", default=argparse.SUPPRESS, help=argparse.SUPPRESS)


def run(args: Any, out: TextIO) -> int:
    """Runs ``guandan-learn lite DIR``: builds the site and says where it is."""
    site = build_site(args.dir, wheel=args.wheel, pyodide=args.pyodide)
    print(say("lite.cli.wrote", path=str(site)), file=out)
    return 0


__all__ = ["FROM_CDN", "IN_STEP", "KERNELSPEC", "PYODIDE_CDN", "PYODIDE_VERSION", "add_parser",
           "build_site", "build_wheel", "kernel_specs", "lite_config", "pyodide_core", "run",
           "site_settings", "stage_contents", "stage_pyodide", "with_cdn_packages"]
