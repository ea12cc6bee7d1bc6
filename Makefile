# All set-up happens here: `make demo` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# The Raspberry Pi's own stack (Debian Bookworm's python3 and python3-pygame,
# python3-serial from apt), the Python and pygame systemd/install.sh deploys: a
# venv that sees the system's dist-packages, with gpiozero and the test tools
# from pip. gpiozero is NOT the deployed one: install.sh takes Raspberry Pi OS's
# python3-gpiozero (2.0.x), while Debian's own archive (what CI has) offers only
# 1.6.2, so this venv pip-installs gpiozero>=2.0.1 instead.
PI_PYTHON := /usr/bin/python3
PI_VENV   := .venv-pi
PI_BIN    := $(PI_VENV)/bin
PI_STAMP  := $(PI_VENV)/.installed

.PHONY: demo lint test test-quick test-pi test-vm perf-table perf-guard clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# A whole game played by simulated players pressing mock GPIO buttons, judged
# and drawn by the real code, at real pace; PNG frames of key moments land in
# snapshots/. In a window where a display exists, headless otherwise. Then the
# moments a seeded game may not show (a win with a wrong tap, a three-way tie on one
# card, two level-ups in one refill, the controller unplugged), staged on the real
# kiosk, headless, at 800x480 and turned by 90 degrees: snapshots/moments*/.
DEMO_FLAGS := $(if $(DISPLAY)$(WAYLAND_DISPLAY),,--headless)

demo: $(STAMP)
	$(BIN)/companion demo $(DEMO_FLAGS) --snapshots snapshots
	$(BIN)/companion demo --moments --snapshots snapshots/moments
	$(BIN)/companion demo --moments --rotation 90 --snapshots snapshots/moments-portrait

# ruff (lint, import order) and mypy on companion/, settings in pyproject.toml.
# Runs once, in `make test`; `make test-pi` runs pytest only (same source, same result).
lint: $(STAMP)
	$(BIN)/ruff check companion
	$(BIN)/mypy

test: $(STAMP) lint
	$(BIN)/python -m pytest -q

# Every benchmark once (about a minute), its JSON kept in docs/performance.json and the
# README's performance table written from it.
perf-table: $(STAMP)
	$(BIN)/companion bench all --json > docs/performance.json.new
	mv docs/performance.json.new docs/performance.json
	$(BIN)/python -m companion.tools.perf_table docs/performance.json README.md

# The performance guard (CI runs it): every benchmark once, and each ratio to its floor in
# docs/performance-budget.toml held to its budget (companion/tools/perf_guard.py); a ratio over
# is measured once more and fails only when it is over again.
perf-guard: $(STAMP)
	$(BIN)/python -m companion.tools.perf_guard docs/performance-budget.toml

# The loop while working: every test but those marked slow (pyproject.toml), no lint.
test-quick: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow"

$(PI_STAMP): pyproject.toml
	test -x $(PI_BIN)/python || $(PI_PYTHON) -m venv --system-site-packages $(PI_VENV)
	$(PI_BIN)/pip install --quiet 'gpiozero>=2.0.1' 'pytest>=8' 'hypothesis>=6.100'
	$(PI_BIN)/pip install --quiet --no-deps -e .
	touch $(PI_STAMP)

# The whole suite on the Pi's stack; a guard test fails it unless pygame is
# Debian's 2.1.2 from the system's dist-packages (apt: python3-pygame
# python3-venv python3-serial).
test-pi: $(PI_STAMP)
	COMPANION_PI_STACK=1 $(PI_BIN)/python -m pytest -q

# The Pi in a box (tests/vm, README "Pi in a box"): a Debian Bookworm VM with real
# systemd, KMSDRM, evdev and a gpio-sim chip; install.sh installs the kiosk in it and
# the tests drive it from the host. Needs root, QEMU and debootstrap (installed here
# from the Debian archive). The image is kept in $(VM_DIR) and rebuilt when its
# inputs change.
VM_DIR ?= build/vm
VM_SHOTS ?= $(VM_DIR)/shots
VM_PYTEST ?=

test-vm: $(STAMP)
	bash tests/vm/build-image.sh $(VM_DIR)
	COMPANION_VM=1 COMPANION_VM_IMAGE=$(VM_DIR) COMPANION_VM_SHOTS=$(VM_SHOTS) \
		$(BIN)/python -m pytest -q -s --durations=0 tests/vm $(VM_PYTEST)
	@echo "test-vm: screen dumps in $(VM_SHOTS)"

clean:
	rm -rf $(VENV) $(PI_VENV) build *.egg-info
