# All set-up happens here: `make demo` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# A whole game played by simulated players pressing mock GPIO buttons, judged
# and drawn by the real code, at real pace; PNG frames of key moments land in
# snapshots/. In a window where a display exists, headless otherwise.
DEMO_FLAGS := $(if $(DISPLAY)$(WAYLAND_DISPLAY),,--headless)

demo: $(STAMP)
	$(BIN)/companion demo $(DEMO_FLAGS) --snapshots snapshots

test: $(STAMP)
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) build *.egg-info
