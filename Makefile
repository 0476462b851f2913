PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install test lab bench strength check site clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# The layers of the package are checked first (lint-imports: docs/architecture.md); then tools/run_tests.py runs
# the unit tests on two workers (pytest-xdist, a file at a time: a module's fixtures are made once), and beside
# them the tests that drive JupyterLab in a browser (e2e) in one stream and `carcnb check puzzles` then the
# notebooks (nbval) in another, each part with a data folder of its own. How long the whole run took is kept for
# `make bench`.
test: $(STAMP)
	@date +%s > $(VENV)/test-started
	$(VENV)/bin/lint-imports --no-cache
	$(PY) tools/ensure_chromium.py
	$(PY) tools/run_tests.py
	@echo $$(( $$(date +%s) - $$(cat $(VENV)/test-started) )) > $(VENV)/test-seconds

check: $(STAMP)
	$(PY) -m carcnb check puzzles

# JupyterLab refuses to run as root unless told; a container user is often root. The address it opens (and
# prints, for a machine without a browser) is the start page itself, not the Launcher.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(STAMP)
	$(PY) -m jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=notebooks --LabApp.default_url=/lab/tree/00-start-here.ipynb

# The notebooks as a static website in site/ (each notebook executed once): open site/index.html.
site: $(STAMP)
	$(PY) -m carcnb site notebooks -o site --force

bench: $(STAMP)
	$(PY) bench/run.py

# The computer players' matches (about an hour and a half on two cores); `make bench` prints what the last run found.
strength: $(STAMP)
	$(PY) bench/strength.py

clean:
	rm -rf $(VENV) build *.egg-info site
