# guandan-learn: build / test entry points.  Needs GNU make and Python >= 3.11.
PYTHON ?= python3
VENV   ?= .venv

# What a learner needs (the lab extra), and what the tests need on top of it (the test extra).
LAB_STAMP := $(VENV)/.installed-lab
STAMP     := $(VENV)/.installed

# axe-core (npm) for the accessibility checks of the browser tests, in a cache folder, no CDN.
AXE_DIR ?= $(HOME)/.cache/guandan-learn/axe
AXE_JS  := $(AXE_DIR)/node_modules/axe-core/axe.min.js

# configurable-http-proxy (npm) for the JupyterHub test of tests/browser/test_hub.py.
CHP_DIR ?= $(HOME)/.cache/guandan-learn/chp
CHP_BIN := $(CHP_DIR)/node_modules/.bin/configurable-http-proxy

# Silence debugger/Jupyter path warnings during the test run.
TEST_ENV = PYDEVD_DISABLE_FILE_VALIDATION=1 JUPYTER_PLATFORM_DIRS=1 GUANDAN_AXE_DIR=$(AXE_DIR) \
            GUANDAN_CHP_DIR=$(CHP_DIR) GUANDAN_PYODIDE_DIR=$(PYODIDE_DIR) \
            GUANDAN_LITE_SITE=$(CURDIR)/$(LITE_DIR)

.PHONY: install axe chp lab app test test-lowest lint typecheck bench clean lite pyodide

install: $(STAMP)

define make_venv
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null || { \
	  echo "error: guandan-learn needs Python >= 3.11, but PYTHON=$(PYTHON) is" \
	       "'$$($(PYTHON) --version 2>/dev/null || echo not found)'." >&2; \
	  echo "       Run e.g. 'make $(or $(MAKECMDGOALS),install) PYTHON=python3.11'." >&2; \
	  exit 1; }
	@test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
endef

$(LAB_STAMP): pyproject.toml setup.py
	$(make_venv)
	$(VENV)/bin/pip install -q -e '.[lab]'
	@touch $@

$(STAMP): pyproject.toml setup.py
	$(make_venv)
	$(VENV)/bin/pip install -q -e '.[test]'
	@touch $@ $(LAB_STAMP)

# JupyterLab refuses to run as root without --allow-root (containers, Binder-like machines).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# The notebooks are marked trusted first, so their stored pictures show before they run.
lab: $(LAB_STAMP)
	$(VENV)/bin/jupyter trust notebooks/*.ipynb notebooks/*/*.ipynb > /dev/null
	$(VENV)/bin/jupyter lab notebooks/ $(ROOT_FLAG)

# The study app (notebooks/app.ipynb) through Voila on this computer only: widgets, no code.
# Answers are saved in the learner's progress file (GUANDAN_PROGRESS overrides where).
APP_PORT ?= 8866
# The app in Portuguese or Spanish: make app APP_LANG=pt (or es).
APP_NOTEBOOK := notebooks/$(if $(filter pt es,$(APP_LANG)),$(APP_LANG)/,)app.ipynb

# Voila serves the whole folder, so the app's clause links open the rulebook beside it; the
# package's "guandan" template (guandan_learn/offline.py) keeps Voila off the CDN.
app: $(LAB_STAMP)
	@echo "The study app: http://127.0.0.1:$(APP_PORT)/voila/render/$(APP_NOTEBOOK:notebooks/%=%)"
	JUPYTER_PATH=$(CURDIR)/guandan_learn/data/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH} \
	  $(VENV)/bin/voila notebooks/ --template=guandan --no-browser --Voila.ip=127.0.0.1 \
	  --port=$(APP_PORT) --Voila.port_retries=0

# run_pytest DIR, FIND-PREDICATE, EXTRA-ARGS
# Runs pytest over DIR.  Pytest exits 5 when it collects nothing; that is accepted only
# while DIR is missing or holds no file matching FIND-PREDICATE (e.g. before the first
# notebook exists).  Any other failure, or exit 5 with test files present, fails the target.
define run_pytest
	@if [ -z "$$(find $(1) \( $(2) \) -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | head -n 1)" ]; then \
	  if [ -d $(1) ]; then \
	    echo "note: $(1)/ has no tests yet; pytest exit 5 (nothing collected) is accepted"; \
	    $(TEST_ENV) $(VENV)/bin/python -m pytest $(3) $(1); rc=$$?; \
	    [ $$rc -eq 0 ] || [ $$rc -eq 5 ] || exit $$rc; \
	  else echo "note: $(1)/ does not exist yet; skipping"; fi; \
	else \
	  echo "$(TEST_ENV) $(VENV)/bin/python -m pytest $(3) $(1)"; \
	  $(TEST_ENV) $(VENV)/bin/python -m pytest $(3) $(1); \
	fi
endef

# axe-core for tests/browser/test_a11y.py: installed once with npm (skipped without npm; the
# browser tests then skip, or fail under CI).
axe:
	@if [ -f $(AXE_JS) ]; then :; \
	elif command -v npm >/dev/null 2>&1; then \
	  echo "npm install --no-save axe-core@4 --prefix $(AXE_DIR)"; \
	  mkdir -p $(AXE_DIR) && npm install --no-save --silent --no-audit --no-fund \
	    --prefix $(AXE_DIR) axe-core@4; \
	else echo "note: npm not found; the axe checks of tests/browser will not run"; fi

# configurable-http-proxy for the hub test: installed once with npm, like axe-core.
chp:
	@if [ -f $(CHP_BIN) ]; then :; \
	elif command -v npm >/dev/null 2>&1; then \
	  echo "npm install --no-save configurable-http-proxy@5 --prefix $(CHP_DIR)"; \
	  mkdir -p $(CHP_DIR) && npm install --no-save --silent --no-audit --no-fund \
	    --prefix $(CHP_DIR) configurable-http-proxy@5; \
	else echo "note: npm not found; the JupyterHub test of tests/browser will not run"; fi

# The course in the browser (JupyterLite).  The pyodide npm package at the version the site's
# kernel expects (guandan_learn/lite.py), in a cache folder like axe-core; its build tools in
# a virtualenv of their own (.venv-lite, this checkout installed editable) on Python >= 3.12
# (the kernel's lock solver needs it): LITE_PYTHON, else pyenv's 3.12/3.13, else the PATH's.  The site goes to LITE_DIR; it is
# rebuilt when the package, the notebooks or the build settings change.
PYODIDE_VERSION := 314.0.6
PYODIDE_DIR ?= $(HOME)/.cache/guandan-learn/pyodide
PYODIDE_MJS := $(PYODIDE_DIR)/node_modules/pyodide/pyodide.mjs
LITE_VENV   ?= .venv-lite
LITE_DIR    ?= build/lite
LITE_PYTHON ?= $(shell for p in $(wildcard $(HOME)/.pyenv/versions/3.1[23]*/bin/python3.1[23]) \
                 python3.12 python3.13; do "$$p" -c 'import sys; assert sys.version_info >= (3, 12)' \
                 2>/dev/null && { command -v "$$p"; break; }; done)
LITE_STAMP  := $(LITE_VENV)/.installed-lite
LITE_SOURCES := $(shell find guandan_learn notebooks exercises -type f \( -name '*.py' -o -name '*.yaml' \
                  -o -name '*.json' -o -name '*.ipynb' -o -name '*.po' -o -name '*.md' \) \
                  -not -path '*/.ipynb_checkpoints/*' -not -path '*/__pycache__/*' 2>/dev/null)

pyodide: $(PYODIDE_MJS)

$(PYODIDE_MJS):
	@command -v npm >/dev/null 2>&1 || { echo "error: make pyodide needs npm" >&2; exit 1; }
	mkdir -p $(PYODIDE_DIR)
	npm install --no-save --silent --no-audit --no-fund --prefix $(PYODIDE_DIR) \
	  pyodide@$(PYODIDE_VERSION)

$(LITE_STAMP): pyproject.toml setup.py
	@test -n "$(LITE_PYTHON)" || { echo "error: make lite needs Python >= 3.12:" \
	  "set LITE_PYTHON=/path/to/python3.12" >&2; exit 1; }
	@test -x $(LITE_VENV)/bin/python || $(LITE_PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install -q --upgrade pip
	$(LITE_VENV)/bin/pip install -q -e '.[lite]'
	@touch $@

$(LITE_DIR)/jupyter-lite.json: $(LITE_STAMP) $(PYODIDE_MJS) $(LITE_SOURCES) pyproject.toml setup.py
	GUANDAN_PYODIDE_DIR=$(PYODIDE_DIR) $(LITE_VENV)/bin/guandan-learn lite $(LITE_DIR)

lite: $(LITE_DIR)/jupyter-lite.json

# make test builds the site first; without Python >= 3.12 (outside CI) it says so and the
# site's tests skip.  Under CI `make lite` runs and fails with its reason.
LITE_TEST = $(if $(or $(LITE_PYTHON),$(CI)),lite,lite-note)
.PHONY: lite-note
lite-note:
	@echo "note: no Python >= 3.12 found (LITE_PYTHON); the JupyterLite site is not built and" \
	  "its tests (tests/lite, tests/browser/test_lite.py) skip"

# pytest-xdist: the tests (a file per worker at a time) and the notebooks on every core; the
# browser tests, which start their own Jupyter servers, run one at a time.  PYTEST_WORKERS=0
# runs everything in one process.
PYTEST_WORKERS ?= 2
XDIST := $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist loadfile)

# Every test: lint, import layers, types, pytest over tests/ (with the browser tests and the
# install test, which builds the wheel and uses it from a fresh virtualenv), nbval over the
# notebooks, and the engine and exercise tests under the lowest dependency versions
# pyproject.toml allows.
test: $(STAMP) axe chp $(LITE_TEST)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(call run_pytest,tests,-name 'test_*.py' -o -name '*_test.py',$(XDIST) --durations=15 --ignore=tests/browser)
	$(call run_pytest,tests/browser,-name 'test_*.py',--durations=10)
	$(call run_pytest,notebooks,-name '*.ipynb',$(XDIST) --nbval --nbval-sanitize-with notebooks/nbval_sanitize.cfg)
	@$(MAKE) --no-print-directory test-lowest

# The lowest allowed versions of the runtime dependencies and of the engine's test tools
# (uv's lowest-direct resolution), in a virtualenv of their own, under the engine and
# exercise tests: YAML and the schema (the bank), fsrs and platformdirs (progress), the
# command line.  The generator tests, pure engine code and the slowest, run in `test` only.
# A failure here means a lower bound in pyproject.toml is too low.  The tests that need the lab
# extra (marked `lab`) are deselected rather than skipped: they run in `test`.
LOWEST       ?= .venv-lowest
LOWEST_TESTS ?= tests/test_rule_cases.py tests/test_notation.py tests/test_moves.py \
                tests/test_deal.py tests/test_level.py tests/test_tribute.py \
                tests/test_exercises.py tests/test_progress.py tests/test_cli.py \
                tests/test_i18n.py tests/test_doctests.py

test-lowest: $(STAMP)
	rm -rf $(LOWEST)
	$(VENV)/bin/uv venv -q --python $(VENV)/bin/python $(LOWEST)
	$(VENV)/bin/uv pip install -q --python $(LOWEST)/bin/python --resolution lowest-direct \
	  -e '.[test-engine]'
	$(VENV)/bin/uv pip list -q --python $(LOWEST)/bin/python \
	  | grep -iE '^(pyyaml|jsonschema|fsrs|platformdirs|pytest|hypothesis) '
	$(TEST_ENV) $(LOWEST)/bin/python -m pytest -q -p no:cacheprovider -m "not lab" $(LOWEST_TESTS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

bench: $(STAMP)
	$(VENV)/bin/python benchmarks/bench_engine.py
	$(VENV)/bin/python benchmarks/bench_exercises.py
	$(VENV)/bin/python benchmarks/bench_endgame.py
	$(VENV)/bin/python benchmarks/bench_classroom.py
	$(VENV)/bin/python benchmarks/bench_notebooks.py

clean:
	rm -rf $(VENV) $(LOWEST) $(LITE_VENV) .pytest_cache .hypothesis .ruff_cache .jupyter-test build dist *.egg-info
	find . -path ./.git -prune -o \( -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) \) -prune -exec rm -rf {} +
