"""Our firmware against the naive baseline, on the same sets of presses, in simavr.

Three kinds of press set, each at every gap of :data:`GAPS_US`:

- ``same port``: two pins of one AVR port, the second ``gap`` after the first;
- ``cross port``: two pins on different ports (different interrupts);
- ``burst``: eight pins, four on each of two ports, pressed one after another
  ``gap`` apart, alternating ports (at gap 0 all eight close at once).

Sets vary over pins and sub-microsecond phases. Each firmware runs each kind
once in simavr. Measured per kind, gap and firmware: the share of sets whose
stamps put every press strictly after the one before (not defined at gap 0),
and how many sets had a later press stamped before an earlier one (reversed;
equal stamps, a tie, are not reversed);
the worst |reported - true| press instant, true instants counted from reset;
and the worst jitter, the same after removing the firmware's median offset
(a constant offset, such as a clock started after boot, could be calibrated
away; jitter could not).
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import median
from typing import Any

from companion.boards.avr import Board
from companion.simulation.firmware_sim.simavr import Press, run_controller, run_naive

GAPS_US = (0, 1, 2, 4, 8, 16, 64, 256, 1000)
KINDS = ("same port", "cross port", "burst")
BURST_PORTS = 2
BURST_PINS_PER_PORT = 4
SET_SPACING_US = 12_000.0   # > hold + debounce, so sets never interact
HOLD_US = 3_000.0
START_US = 2_000.0


def _by_port(board: Board) -> dict[str, list[str]]:
    """Port letter -> the board's pin names on that port, in wire order."""
    ports: dict[str, list[str]] = {}
    for pin in board.pins:
        ports.setdefault(pin.port, []).append(pin.name)
    return ports


def pin_sets(board: Board, kind: str, count: int) -> list[tuple[str, ...]]:
    """``count`` pin tuples of ``kind`` (in press order), rotating over pins and ports."""
    ports = _by_port(board)
    names = sorted(ports)
    sets: list[tuple[str, ...]] = []
    if kind == "same port":
        pairs = [(pins[i], pins[(i + 1 + k) % len(pins)])
                 for pins in ports.values() if len(pins) > 1
                 for k in range(len(pins) - 1) for i in range(len(pins))]
        sets = [pairs[(i * 7) % len(pairs)] for i in range(count)]
    elif kind == "cross port":
        pairs = [(a, b) for x in names for y in names if x != y
                 for a, b in zip(ports[x], ports[y])]
        sets = [pairs[(i * 5) % len(pairs)] for i in range(count)]
    elif kind == "burst":
        wide = [name for name in names if len(ports[name]) >= BURST_PINS_PER_PORT]
        duos = [(x, y) for x in wide for y in wide if x != y]
        for i in range(count):
            x, y = duos[i % len(duos)]
            shift = i // len(duos)
            firsts = [ports[x][(shift + k) % len(ports[x])] for k in range(BURST_PINS_PER_PORT)]
            seconds = [ports[y][(shift + k) % len(ports[y])] for k in range(BURST_PINS_PER_PORT)]
            sets.append(tuple(pin for duo in zip(firsts, seconds) for pin in duo))
    else:
        raise ValueError(f"unknown kind {kind!r} (choose from {', '.join(KINDS)})")
    return sets


#: (gap in us, the set's presses in true order)
PressSet = tuple[float, tuple[Press, ...]]


def press_sets(board: Board, kind: str, gaps: Sequence[float] = GAPS_US,
               sets_per_gap: int = 24) -> list[PressSet]:
    """(gap, presses in true order) for every set of ``kind``, spread over pins and phases."""
    out = []
    k = 0
    for gap in gaps:
        for pins in pin_sets(board, kind, sets_per_gap):
            at = START_US + k * SET_SPACING_US + (k * 0.37) % 1.0 + (k % 7) * 0.125
            out.append((gap, tuple(Press(pin, at + i * gap, at + i * gap + HOLD_US)
                                   for i, pin in enumerate(pins))))
            k += 1
    return out


def _stamp_of(events: list[dict], press: Press) -> float | None:
    """The reported stamp of ``press``: its pin's press event in the set's time slot."""
    for event in events:
        if (event["pin"] == press.pin and event["edge"] == "press"
                and abs(event["t_us"] - press.at_us) < SET_SPACING_US / 3):
            return event["t_us"]
    return None


def score(events: list[dict], sets: list[PressSet]) -> dict[float, dict]:
    """Per gap: sets, share ordered right, worst error and jitter (us), presses missing."""
    stamped = [(gap, presses, [_stamp_of(events, press) for press in presses])
               for gap, presses in sets]
    offsets = [t - p.at_us for _, ps, ts in stamped for t, p in zip(ts, ps) if t is not None]
    offset = median(offsets) if offsets else 0.0
    rows: dict[float, dict] = {}
    for gap, presses, stamps in stamped:
        row = rows.setdefault(gap, {"sets": 0, "ordered_sets": 0, "reversed_sets": 0,
                                    "worst_error_us": 0.0, "worst_jitter_us": 0.0, "missing": 0})
        row["sets"] += 1
        row["missing"] += stamps.count(None)
        for t, press in zip(stamps, presses):
            if t is not None:
                row["worst_error_us"] = max(row["worst_error_us"], abs(t - press.at_us))
                row["worst_jitter_us"] = max(row["worst_jitter_us"],
                                             abs(t - press.at_us - offset))
        if None not in stamps:
            known = [t for t in stamps if t is not None]
            row["ordered_sets"] += all(a < b for a, b in zip(known, known[1:]))
            row["reversed_sets"] += any(a > b for a, b in zip(known, known[1:]))
    for gap, row in rows.items():
        row["ordered"] = round(row["ordered_sets"] / row["sets"], 4) if gap else None
        row["worst_error_us"] = round(row["worst_error_us"], 3)
        row["worst_jitter_us"] = round(row["worst_jitter_us"], 3)
    return rows


def compare(board: Board, sets_per_gap: int = 24, naive: bool = True) -> dict:
    """Run both firmwares on the same sets; the ``firmware-sim --compare --json`` shape.

    ``rows`` has one entry per kind and gap; ``worst_error_us`` is our worst
    over all of them. ``naive=False`` leaves the baseline out (``"naive": None``).
    """
    rows: list[dict[str, Any]] = []
    for kind in KINDS:
        sets = press_sets(board, kind, sets_per_gap=sets_per_gap)
        presses = [press for _, group in sets for press in group]
        ours = score(run_controller(board, presses).events, sets)
        theirs = score(run_naive(board, presses).events, sets) if naive else {}
        rows += [{"kind": kind, "gap_us": gap, "ours": ours[gap], "naive": theirs.get(gap)}
                 for gap in GAPS_US]
    return {"board": board.name, "sets_per_gap": sets_per_gap, "rows": rows,
            "worst_error_us": max(row["ours"]["worst_error_us"] for row in rows)}


def stamping_errors(board: Board, presses_per_pin: int = 8) -> dict:
    """Single presses on every pin at varied phases: stamp error by how the pin is stamped."""
    presses, kinds = [], []
    k = 0
    for _round_no in range(presses_per_pin):
        for pin in board.pins:
            at = START_US + k * 1_500.0 + (k * 0.37) % 1.0
            presses.append(Press(pin.name, at, at + 600.0))
            kinds.append(pin.stamping)
            k += 1
    events = run_controller(board, presses).events
    errors: dict[str, list[float]] = {}
    for press, kind in zip(presses, kinds):
        stamp = next((e["t_us"] for e in events if e["pin"] == press.pin and e["edge"] == "press"
                      and abs(e["t_us"] - press.at_us) < 500), None)
        errors.setdefault(kind, []).append(float("inf") if stamp is None else stamp - press.at_us)
    return {"board": board.name, "presses_per_pin": presses_per_pin, "stamping": {
        kind: {"pins": len(values) // presses_per_pin, "median_error_us": round(median(values), 3),
               "worst_error_us": round(max(abs(v) for v in values), 3)}
        for kind, values in errors.items()}}
