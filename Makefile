# Kreide: `make run` serves the app, `make test` lints and runs every test, `make lint` only
# lints (ruff, mypy: strict on engine/, ESLint on pwa/), `make bench` measures.
# GNU make. Everything lands in .venv (created if missing); DATABASE_URL is honoured.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
export PORT

.PHONY: run test test-pg lint coverage bench install db-upgrade browser lock

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The exact versions of requirements/test.txt (the runtime's and the tests', each with its
# hashes: pip refuses a file whose hash differs), then Kreide itself without dependencies and
# without a build environment of its own (setuptools is in the lock too). Re-installs when the
# lock changes. The recipe (deploy/README.md) installs requirements/runtime.txt the same way.
$(STAMP): requirements/test.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/test.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	rm -rf kreide.egg-info  # an older install's metadata in the tree would shadow the new version's
	touch $@

# Write requirements/runtime.txt and requirements/test.txt anew from pyproject.toml (its
# dependencies, its build system, its `test` extra): the newest versions allowed, for
# Python 3.11 and later on any platform, with the hashes of every file of each version. The
# tests' lock keeps the runtime's versions. tests/test_lock.py checks they agree.
LOCK := $(BIN)/uv pip compile --quiet --generate-hashes --universal --python-version 3.11 \
	--custom-compile-command 'make lock'
BUILD_REQUIRES := $(BIN)/python -c 'import tomllib; \
	print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")'
lock: $(STAMP)
	mkdir -p requirements
	$(BUILD_REQUIRES) | $(LOCK) --upgrade pyproject.toml - -o requirements/runtime.txt
	$(BUILD_REQUIRES) | $(LOCK) --upgrade --extra test -c requirements/runtime.txt pyproject.toml - \
		-o requirements/test.txt

instance:
	mkdir -p instance

# the schema up to date (api/schema.py: behind a lock, as the recipe's kreide-migrate.service)
db-upgrade: $(STAMP) | instance
	$(BIN)/flask --app wsgi kreide migrate

run: db-upgrade
	@echo "Kreide is at http://localhost:$(PORT)"
	@for ip in $$(hostname -I 2>/dev/null); do \
		case $$ip in *:*) ;; *) echo "  phones on this network: http://$$ip:$(PORT)" ;; esac; \
	done
	exec $(BIN)/gunicorn -c gunicorn.conf.py wsgi:app

# Debian's Chromium for the browser tests (tests/browser), installed with apt-get when missing.
browser:
	bash scripts/install-browser.sh

# ruff, then mypy as pyproject.toml configures it (engine/ strict, api/ checked leniently),
# then ESLint over the JavaScript (pwa/) as eslint.config.mjs configures it (scripts/eslint.sh
# installs the pinned ESLint with npm on first use); `make test` runs it first, so a finding
# stops the run before the browser and pytest.
lint: $(STAMP)
	$(BIN)/ruff check engine api tests bench scripts wsgi.py gunicorn.conf.py
	$(BIN)/mypy
	bash scripts/eslint.sh

# Every test on SQLite, and tests/api again on PostgreSQL (test-pg), in three runs side by
# side on the two cores: the engine and the API; the phone app in Chromium (tests/browser,
# which mostly waits for the browser and its server); tests/api on PostgreSQL. Each run's output
# follows the first's, and any failing fails the target.
test: $(STAMP) lint browser
	@browser=$$(mktemp /tmp/kreide-test-browser.XXXXXX); pglog=$$(mktemp /tmp/kreide-test-pg.XXXXXX); \
	$(BIN)/python -m pytest tests/browser > "$$browser" 2>&1 & web=$$!; \
	$(MAKE) --no-print-directory test-pg > "$$pglog" 2>&1 & pg=$$!; \
	$(BIN)/python -m pytest --ignore=tests/browser; main=$$?; \
	wait $$web; phone=$$?; wait $$pg; postgres=$$?; \
	echo; echo "=== tests/browser: the phone app in Chromium (ran beside the run above) ==="; cat "$$browser"; \
	echo; echo "=== tests/api on PostgreSQL (ran beside the run above) ==="; cat "$$pglog"; \
	rm -f "$$browser" "$$pglog"; \
	[ $$main -eq 0 ] && [ $$phone -eq 0 ] && [ $$postgres -eq 0 ]

# The share of engine/'s and api/'s lines and branches that the tests run, one figure per
# package (pyproject.toml's [tool.coverage]); then `.venv/bin/coverage report` lists the files
# below 100%. On SQLite, without tests/browser and tests/deploy (their server is another process).
# Not part of `make test`: tests/engine and tests/api take about 1.6 times the CPU time under it.
coverage: $(STAMP)
	$(BIN)/python -m pytest tests --ignore=tests/browser --ignore=tests/deploy -q --cov --cov-report=
	@for package in engine api; do \
		echo "$$package/: $$($(BIN)/coverage report --include="$$package/*" --format=total)% covered"; \
	done

# tests/api on a throwaway PostgreSQL cluster on loopback (scripts/pg.sh; Debian's
# postgresql is installed with apt-get when missing), stopped and removed whatever happens.
test-pg: $(STAMP)
	@dir=$$(mktemp -d /tmp/kreide-pg.XXXXXX); \
	trap 'bash scripts/pg.sh stop "$$dir"; rm -rf "$$dir"' EXIT; trap 'exit 1' INT TERM; \
	url=$$(bash scripts/pg.sh start "$$dir") || exit 1; \
	echo "tests/api on PostgreSQL ($$url)"; \
	KREIDE_TEST_DATABASE_URL=$$url $(BIN)/python -m pytest tests/api

bench: $(STAMP) browser
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/api.py
	$(BIN)/python bench/live.py
	$(BIN)/python bench/tournament.py
	$(BIN)/python bench/club.py
	$(BIN)/python bench/pwa.py
	$(BIN)/python bench/load.py --db both
	$(BIN)/python bench/crash.py --db both
	$(BIN)/python bench/restore.py
	$(BIN)/python bench/faults.py
