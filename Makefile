PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install test lab bench check clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(PY) tools/ensure_chromium.py
	$(PY) -m pytest -q tests
	$(PY) -m pytest -q --nbval-lax --nbval-current-env -p no:cacheprovider notebooks
	$(PY) -m carcnb check puzzles

check: $(STAMP)
	$(PY) -m carcnb check puzzles

lab: $(STAMP)
	$(PY) -m jupyter lab notebooks/00-start-here.ipynb --ServerApp.root_dir=notebooks

bench: $(STAMP)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info
