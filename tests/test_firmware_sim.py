"""The controller firmware, run in simavr, judged by the real host decoder."""

import json
import re
import shutil
import subprocess
import sys

import pytest

from companion.boards.avr import BOARDS, MEGA, NANO
from companion.simulation.firmware_sim.comparison import GAPS_US, KINDS, compare
from companion.simulation.firmware_sim.simavr import Press, firmware_elf, run_controller, toolchain_missing

pytestmark = pytest.mark.skipif(toolchain_missing() is not None,
                                reason=f"simavr toolchain missing: {toolchain_missing()}")

STAMP_ERROR_US = 2.0


def presses_of(result, edge="press"):
    return [(e["pin"], e["t_us"]) for e in result.events if e["edge"] == edge]


def test_a_press_is_stamped_within_2_us_of_the_instant():
    presses = [Press(pin, 2000.0 + 9000.0 * i + 0.13 * i, 2000.0 + 9000.0 * i + 1500.0)
               for i, pin in enumerate(NANO.pin_names)]
    result = run_controller(NANO, presses)
    reported = dict(presses_of(result))
    assert set(reported) == set(NANO.pin_names)
    for press in presses:
        assert abs(reported[press.pin] - press.at_us) <= STAMP_ERROR_US, press
    for pin, t_us in presses_of(result, "release"):
        assert abs(t_us - next(p.release_us for p in presses if p.pin == pin)) <= STAMP_ERROR_US


@pytest.mark.slow
def test_presses_8_us_apart_on_any_two_pins_are_always_ordered_right():
    pins = NANO.pin_names
    pairs = [(a, b) for a in pins for b in pins if a != b]
    presses = []
    for k, (a, b) in enumerate(pairs):
        at = 2000.0 + 12_000.0 * k + (k * 0.37) % 1.0
        presses += [Press(a, at, at + 3000.0), Press(b, at + 8.0, at + 3008.0)]
    events = presses_of(run_controller(NANO, presses))
    assert len(events) == len(presses)
    stamps = iter(sorted(events, key=lambda e: e[1]))
    for a, b in pairs:
        assert [next(stamps)[0], next(stamps)[0]] == [a, b]


@pytest.mark.parametrize("board", BOARDS.values(), ids=list(BOARDS))
def test_every_pin_pressed_in_the_same_microsecond_is_reported_within_2_us(board):
    presses = [Press(pin, 3000.0, 20_000.0) for pin in board.pin_names]
    result = run_controller(board, presses)
    assert sorted(pin for pin, _ in presses_of(result)) == sorted(board.pin_names)
    assert all(abs(t - 3000.0) <= STAMP_ERROR_US for _, t in presses_of(result))
    assert sorted(pin for pin, _ in presses_of(result, "release")) == sorted(board.pin_names)
    assert result.overflows == 0


def test_a_bounce_burst_gives_one_press_with_the_first_edges_stamp():
    result = run_controller(NANO, [Press("D7", 1000.0, 60_000.0, (40, 95, 210)),
                                   Press("A2", 70_000.0, 90_000.0, (3, 7, 12, 30, 31, 33))])
    assert [(e["pin"], e["edge"]) for e in result.events] == [
        ("D7", "press"), ("D7", "release"), ("A2", "press"), ("A2", "release")]
    assert abs(result.events[0]["t_us"] - 1000.0) <= STAMP_ERROR_US
    assert abs(result.events[2]["t_us"] - 70_000.0) <= STAMP_ERROR_US


@pytest.mark.parametrize("board", BOARDS.values(), ids=list(BOARDS))
def test_a_burst_that_overflows_the_ring_is_counted_and_no_press_is_lost(board):
    chatter = tuple(3.0 * k for k in range(2, 82))  # 80 toggles, 3 us apart, on every pin
    presses = [Press(pin, 2000.0 + 0.7 * i, 30_000.0, chatter)
               for i, pin in enumerate(board.pin_names)]
    result = run_controller(board, presses)
    assert result.overflows > 0
    for pin in board.pin_names:
        assert [e["edge"] for e in result.events if e["pin"] == pin] == ["press", "release"], pin


def test_stamps_stay_right_across_both_timer_wraparounds():
    # the 16-bit Timer1 wraps every 32768 us; this build's 48-bit count wraps 65536 us after reset
    instants = [32_768.0 - 0.5, 65_536.0, 65_536.0 + 0.5, 98_304.0 + 1.0, 131_072.0 - 1.0]
    presses = [Press(NANO.pin_names[i], at, at + 2000.0) for i, at in enumerate(instants)]
    result = run_controller(NANO, presses, clock_start=0xFFFFFFFF)
    reported = dict(presses_of(result))
    for press in presses:
        assert abs(reported[press.pin] - press.at_us) <= STAMP_ERROR_US, press
    assert [pin for pin, _ in sorted(presses_of(result), key=lambda e: e[1])] == \
        [p.pin for p in presses]


def test_garbage_and_cut_frames_on_the_wire_do_not_desync_the_host():
    presses = [Press(pin, 2000.0 + 8000.0 * i, 5000.0 + 8000.0 * i)
               for i, pin in enumerate(NANO.pin_names)]

    def damage(wire: bytes) -> bytes:
        frames = wire.split(b"\x00")
        out = []
        for i, frame in enumerate(frames):
            if i % 5 == 3:
                frame = frame[: len(frame) // 2]          # a cut frame
            if i % 7 == 2:
                out.append(b"\xde\xad\x00\xbe\xef")        # garbage with a stray delimiter
            out.append(frame)
        return b"\x00".join(out)

    clean = run_controller(NANO, presses)
    damaged = run_controller(NANO, presses, wire_filter=damage)
    assert damaged.bad_frames > 0 and damaged.lost > 0
    assert all(event in clean.events for event in damaged.events)
    assert len(damaged.events) >= len(clean.events) * 0.6


def test_every_mega_pin_is_stamped_within_2_us():
    presses = [Press(pin.name, 2000.0 + 9000.0 * i + 0.3 * i, 4000.0 + 9000.0 * i)
               for i, pin in enumerate(MEGA.pins)]
    reported = dict(presses_of(run_controller(MEGA, presses)))
    assert set(reported) == set(MEGA.pin_names)
    for press in presses:
        assert abs(reported[press.pin] - press.at_us) <= STAMP_ERROR_US, press


@pytest.mark.parametrize("board", BOARDS.values(), ids=list(BOARDS))
def test_eight_buttons_on_two_ports_closing_at_once_are_each_stamped_within_2_us(board):
    ports = {}
    for pin in board.pins:
        ports.setdefault(pin.port, []).append(pin.name)
    first, second = [pins[:4] for pins in ports.values() if len(pins) >= 4][:2]
    presses = [Press(pin, 3000.3, 9000.0) for pin in first + second]
    reported = dict(presses_of(run_controller(board, presses)))
    assert sorted(reported) == sorted(first + second)
    assert all(abs(t - 3000.3) <= STAMP_ERROR_US for t in reported.values()), reported


@pytest.mark.slow
@pytest.mark.parametrize("board", BOARDS.values(), ids=list(BOARDS))
def test_under_contention_every_stamp_is_within_2_us_and_none_is_reversed(board):
    # same-port pairs, cross-port pairs and bursts of eight on two ports, at every gap
    report = compare(board, sets_per_gap=3, naive=False)
    assert {(row["kind"], row["gap_us"]) for row in report["rows"]} == \
        {(kind, gap) for kind in KINDS for gap in GAPS_US}
    for row in report["rows"]:
        ours = row["ours"]
        assert ours["missing"] == 0 and ours["reversed_sets"] == 0, row
        assert ours["worst_error_us"] <= STAMP_ERROR_US, row
        if row["gap_us"] >= 4:
            assert ours["ordered"] == 1.0, row
    assert report["worst_error_us"] <= STAMP_ERROR_US


@pytest.mark.skipif(not shutil.which("avr-objdump"), reason="avr-objdump is not installed")
@pytest.mark.parametrize("board", BOARDS.values(), ids=list(BOARDS))
def test_only_the_button_interrupt_uses_its_registers(board):
    # snapshot.S saves only SREG, r30 and r31: r2 and r4-r11 must be its own; r3 (the
    # overflow count's low byte) and r12 (raw_tail) are the main loop's to write, and
    # no library code may touch any of them
    listing = subprocess.run(["avr-objdump", "-d", str(firmware_elf(board))],
                             capture_output=True, text=True, check=True).stdout
    isr_labels = {"__vector_1", "__vector_3", "store", "check", "full", "done"}
    reserved = {str(r) for r in range(2, 13)}
    function = None
    users = set()
    for line in listing.splitlines():
        label = re.match(r"[0-9a-f]+ <(\w+)>:", line)
        if label:
            function = label.group(1)
        elif function not in isr_labels:
            code = line.split(";")[0]
            users |= {(function, r) for r in set(re.findall(r"\br(\d+)\b", code)) & reserved}
    assert {register for _, register in users} <= {"3", "12"}, sorted(users)
    assert {function for function, _ in users} <= {"main"}, sorted(users)


@pytest.mark.slow
def test_ours_orders_every_pair_from_1_us_and_the_naive_loop_does_not():
    report = compare(NANO, sets_per_gap=4)
    pairs = [row for row in report["rows"] if row["kind"] != "burst" and row["gap_us"]]
    assert all(row["ours"]["ordered"] == 1.0 for row in pairs)
    assert min(row["naive"]["ordered"] for row in pairs) < 1.0
    assert max(row["naive"]["worst_error_us"] for row in pairs) > 50


@pytest.mark.slow
def test_the_firmware_sim_command_prints_the_decoded_events(tmp_path):
    stimulus = tmp_path / "presses.json"
    stimulus.write_text(json.dumps({"presses": [
        {"pin": "D2", "at_us": 1000.0, "release_us": 60000.0, "bounce_us": [40, 95, 210]}]}))
    out = subprocess.run([sys.executable, "-m", "companion", "firmware-sim", "--board", "nano",
                          "--stimulus", str(stimulus), "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert [(e["pin"], e["edge"]) for e in report["events"]] == [("D2", "press"), ("D2", "release")]
    assert abs(report["events"][0]["t_us"] - 1000.0) <= STAMP_ERROR_US
    assert report["crc_errors"] == 0 and report["lost"] == 0 and report["overflows"] == 0


@pytest.mark.slow
def test_a_stimulus_naming_a_pin_the_board_lacks_is_one_clear_line(tmp_path):
    stimulus = tmp_path / "bad.json"
    stimulus.write_text(json.dumps({"presses": [{"pin": "D99", "at_us": 10}]}))
    out = subprocess.run([sys.executable, "-m", "companion", "firmware-sim", "--stimulus",
                          str(stimulus)], capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        out.stderr.strip()] and "presses[0].pin" in out.stderr and "D99" in out.stderr


@pytest.mark.slow
def test_the_compare_command_reports_pairs_and_bursts_at_every_gap_within_2_us():
    out = subprocess.run([sys.executable, "-m", "companion", "firmware-sim", "--board", "mega",
                          "--compare", "--pairs", "1", "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert [(row["kind"], row["gap_us"]) for row in report["rows"]] == \
        [(kind, gap) for kind in KINDS for gap in GAPS_US]
    assert report["worst_error_us"] <= STAMP_ERROR_US
    assert all(row["naive"] is not None for row in report["rows"])
