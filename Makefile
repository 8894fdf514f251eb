# Two commands: `make build` (set up + main job) and `make test` (set up + every test).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: build test lint pytest jstest bench fuzz clean system-deps

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP) $@

# The showcase project (scenarios/gaslight.yaml) is built the way a designer builds theirs.
build: $(STAMP)
	$(BIN)/gaslight build -f scenarios/gaslight.yaml

# Debian packages the tests use: chromium (browser tests), poppler-utils (pdftoppm), npm (node_modules below),
# libgs-common (Ghostscript's CMYK profile, for DriveThruCards' art: gaslight/outputs/cmyk_art.py),
# fonts-ipaexfont-gothic (a Japanese font for Chromium: the Japanese pages' screenshots and tests show glyphs;
# visitors' own systems bring theirs, and PDFs embed matplotlib-fontja's copy of the same font).
# Each is installed only when missing: a machine whose Node.js came with its own npm (NodeSource) cannot take
# Debian's npm beside it (the two conflict), so npm is asked for only where there is none.
system-deps:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	command -v npm >/dev/null || missing="$$missing npm"; \
	[ -f /usr/share/color/icc/ghostscript/default_cmyk.icc ] || missing="$$missing libgs-common"; \
	[ -f /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf ] || missing="$$missing fonts-ipaexfont-gothic"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $$missing; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq $$missing; fi; \
	fi

lint: $(TEST_STAMP)
	$(BIN)/ruff check toolkit tests benchmarks

# Node packages the tests use (package.json): axe-core, which checks every built page for accessibility.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

pytest: $(TEST_STAMP) system-deps node_modules/.package-lock.json
	$(BIN)/pytest -n 2

jstest:
	node --test tests/js/

test: lint jstest pytest

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# Every input surface (benchmarks/fuzz/): 20,000 mutated inputs each (fewer where one run is slow; the report
# says how many): internal errors, unlocated errors, runs over 10 s, worst and median time.
fuzz: $(STAMP)
	$(BIN)/python -m benchmarks.fuzz --jobs 2

clean:
	rm -rf build scenarios/.gaslight-cache
