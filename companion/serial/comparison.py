"""Our firmware against the naive baseline, on the same pairs of presses.

For each gap (2 to 1,000 us) a set of press pairs is simulated: two different
pins pressed ``gap`` apart, at varied sub-microsecond phases, across and
within ports. Each firmware runs the whole set once in simavr. Measured per
gap and firmware: the share of pairs whose reported stamps put the first
press strictly first; the worst |reported - true| press instant, true
instants counted from reset; and the worst jitter, the same after removing
the firmware's median offset (a constant offset, such as a clock started
after boot, could be calibrated away; jitter could not).
"""

from __future__ import annotations

from statistics import median

from companion.serial.boards import Board
from companion.serial.sim import Press, run_controller, run_naive

GAPS_US = (2, 4, 8, 16, 64, 256, 1000)
PAIR_SPACING_US = 12_000.0   # > hold + debounce, so pairs never interact
HOLD_US = 3_000.0
START_US = 2_000.0


def press_pairs(board: Board, gaps=GAPS_US, pairs_per_gap: int = 24) -> list[tuple[int, Press, Press]]:
    """(gap, first press, second press) for every pair, spread over pins and phases."""
    pins = board.pin_names
    pairs = []
    k = 0
    for gap in gaps:
        for i in range(pairs_per_gap):
            first = pins[(i * 5) % len(pins)]
            second = pins[(i * 5 + 1 + i % (len(pins) - 1)) % len(pins)]
            if second == first:
                second = pins[(pins.index(first) + 1) % len(pins)]
            at = START_US + k * PAIR_SPACING_US + (k * 0.37) % 1.0 + (k % 7) * 0.125
            pairs.append((gap, Press(first, at, at + HOLD_US),
                          Press(second, at + gap, at + gap + HOLD_US)))
            k += 1
    return pairs


def _stamp_of(events: list[dict], press: Press) -> float | None:
    """The reported stamp of ``press``: its pin's press event in the pair's time slot."""
    for event in events:
        if (event["pin"] == press.pin and event["edge"] == "press"
                and abs(event["t_us"] - press.at_us) < PAIR_SPACING_US / 3):
            return event["t_us"]
    return None


def score(events: list[dict], pairs) -> dict[int, dict]:
    """Per gap: pairs, share ordered right, worst error and jitter (us), presses missing."""
    stamps = [(gap, [_stamp_of(events, first), _stamp_of(events, second)], (first, second))
              for gap, first, second in pairs]
    offsets = [t - p.at_us for _, ts, ps in stamps for t, p in zip(ts, ps) if t is not None]
    offset = median(offsets) if offsets else 0.0
    rows: dict[int, dict] = {}
    for gap, (t_first, t_second), presses in stamps:
        row = rows.setdefault(gap, {"pairs": 0, "ordered_pairs": 0, "worst_error_us": 0.0,
                                    "worst_jitter_us": 0.0, "missing": 0})
        row["pairs"] += 1
        if t_first is None or t_second is None:
            row["missing"] += (t_first, t_second).count(None)
            continue
        row["ordered_pairs"] += t_first < t_second
        for t, press in zip((t_first, t_second), presses):
            row["worst_error_us"] = max(row["worst_error_us"], abs(t - press.at_us))
            row["worst_jitter_us"] = max(row["worst_jitter_us"], abs(t - press.at_us - offset))
    for row in rows.values():
        row["ordered"] = round(row["ordered_pairs"] / row["pairs"], 4)
        row["worst_error_us"] = round(row["worst_error_us"], 3)
        row["worst_jitter_us"] = round(row["worst_jitter_us"], 3)
    return rows


def compare(board: Board, pairs_per_gap: int = 24) -> dict:
    """Run both firmwares on the same pairs; the ``firmware-sim --compare --json`` shape."""
    pairs = press_pairs(board, pairs_per_gap=pairs_per_gap)
    presses = [press for _, first, second in pairs for press in (first, second)]
    ours = score(run_controller(board, presses).events, pairs)
    naive = score(run_naive(board, presses).events, pairs)
    return {
        "board": board.name,
        "pairs_per_gap": pairs_per_gap,
        "rows": [{"gap_us": gap, "ours": ours[gap], "naive": naive[gap]} for gap in GAPS_US],
    }


def stamping_errors(board: Board, presses_per_pin: int = 8) -> dict:
    """Single presses on every pin at varied phases: stamp error by how the pin is stamped.

    On the Mega, ports J and K count as "poll" in simulation: simavr 1.6 raises
    no PCINT1/PCINT2 for the ATmega2560, so there the firmware's polling
    backstop stamps them.
    """
    presses, kinds = [], []
    k = 0
    for round_no in range(presses_per_pin):
        for pin in board.pins:
            at = START_US + k * 1_500.0 + (k * 0.37) % 1.0
            presses.append(Press(pin.name, at, at + 600.0))
            simulated = "poll" if board.name == "mega" and pin.port in "JK" else pin.stamping
            kinds.append(simulated)
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
