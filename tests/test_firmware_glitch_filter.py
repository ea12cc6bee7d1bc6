"""The firmware's glitch filter (issue 26), run in simavr and judged by the real host decoder:
a press counts only once the line has stayed closed for the minimum press time (300 us),
still stamped with its first edge; shorter spikes are no press and no release."""

import pytest

from companion.boards.avr import NANO
from companion.simulation.firmware_sim.simavr import Press, run_controller, toolchain_missing

pytestmark = pytest.mark.skipif(toolchain_missing() is not None,
                                reason=f"simavr toolchain missing: {toolchain_missing()}")

STAMP_ERROR_US = 2.0
MIN_PRESS_US = 300
SPIKES_US = (5, 50, 100, 200)


def edges(result):
    return [(e["pin"], e["edge"]) for e in result.events]


@pytest.mark.parametrize("width_us", SPIKES_US)
def test_a_spike_shorter_than_the_minimum_press_is_not_a_press(width_us):
    result = run_controller(NANO, [Press("D3", 2000.3, 2000.3 + width_us)])
    assert result.min_press_us == MIN_PRESS_US
    assert edges(result) == []          # no press, and no release either
    assert result.glitches == 1


def test_without_the_filter_the_same_spikes_are_presses():
    # the stimulus reaches the firmware: a build with the filter off takes every spike
    spikes = [Press("D3", 2000.3 + 10_000.0 * i, 2000.3 + 10_000.0 * i + width)
              for i, width in enumerate(SPIKES_US)]
    result = run_controller(NANO, spikes, min_press_us=0)
    assert result.min_press_us == 0
    assert edges(result) == [("D3", "press"), ("D3", "release")] * len(SPIKES_US)
    assert result.glitches == 0


def test_a_press_just_past_the_minimum_counts_and_one_just_short_does_not():
    result = run_controller(NANO, [Press("D2", 2000.0, 2000.0 + MIN_PRESS_US - 10),
                                   Press("D8", 12_000.4, 12_000.4 + MIN_PRESS_US + 10)])
    assert edges(result) == [("D8", "press"), ("D8", "release")]
    assert abs(result.events[0]["t_us"] - 12_000.4) <= STAMP_ERROR_US
    assert result.glitches == 1


def test_a_press_held_past_the_minimum_keeps_its_first_edges_stamp():
    presses = [Press("D2", 2000.0, 2350.0), Press("D9", 4000.7, 5000.7),
               Press("A1", 6000.2, 56_000.2)]
    result = run_controller(NANO, presses)
    for press in presses:
        assert [(e["edge"]) for e in result.events if e["pin"] == press.pin] == \
            ["press", "release"], press
        stamps = {e["edge"]: e["t_us"] for e in result.events if e["pin"] == press.pin}
        assert abs(stamps["press"] - press.at_us) <= STAMP_ERROR_US, press
        assert abs(stamps["release"] - press.release_us) <= STAMP_ERROR_US, press
    assert result.glitches == 0


def test_a_bouncing_press_still_reports_its_first_edge():
    # closed for 40, 115 and 70 us between opens of 55, 50 and 30 us: no stretch of closed
    # line lasts 300 us until 360 us after the first contact, and the stamp is still that contact's
    presses = [Press("D7", 1000.0, 60_000.0, (40, 95, 210)),
               Press("A2", 70_000.0, 90_000.0, (40, 95, 210, 260, 330, 360))]
    result = run_controller(NANO, presses)
    assert edges(result) == [("D7", "press"), ("D7", "release"), ("A2", "press"), ("A2", "release")]
    assert abs(result.events[0]["t_us"] - 1000.0) <= STAMP_ERROR_US
    assert abs(result.events[2]["t_us"] - 70_000.0) <= STAMP_ERROR_US
    assert result.glitches == 0


def test_chatter_that_never_stays_closed_for_the_minimum_is_no_press_however_long():
    # 200 us closed, 100 us open, for 3 ms, then open for good: never a press
    chatter = tuple(offset for k in range(10) for offset in (300.0 * k + 200.0, 300.0 * k + 300.0))
    result = run_controller(NANO, [Press("D4", 2000.0, 2000.0 + 3200.0, chatter[:-1])])
    assert edges(result) == []
    assert result.glitches == 1


def test_a_spike_on_one_pin_leaves_a_press_on_another_alone():
    result = run_controller(NANO, [Press("D5", 3000.0, 3050.0), Press("D6", 3010.5, 9000.0)])
    assert edges(result) == [("D6", "press"), ("D6", "release")]
    assert abs(result.events[0]["t_us"] - 3010.5) <= STAMP_ERROR_US
    assert result.glitches == 1


def test_a_spike_does_not_lend_its_stamp_to_a_press_after_the_line_stayed_open():
    # open for 350 us after the spike: the spike is dropped, the press keeps its own stamp
    result = run_controller(NANO, [Press("D10", 2000.0, 2050.0), Press("D10", 2400.2, 9000.0)])
    assert edges(result) == [("D10", "press"), ("D10", "release")]
    assert abs(result.events[0]["t_us"] - 2400.2) <= STAMP_ERROR_US
    assert result.glitches == 1


def test_chatter_longer_than_the_debounce_time_starts_the_press_afresh():
    # 200 us closed, 100 us open for 8 ms, then held: a press pending 5 ms after its first edge
    # is a glitch and the line starts a new one, so no press is sent long after its stamp
    # (the host takes a stamp 50 ms older than its newest for a restarted controller)
    chatter = tuple(offset for k in range(27) for offset in (300.0 * k + 200.0, 300.0 * (k + 1)))
    result = run_controller(NANO, [Press("D11", 2000.0, 20_000.0, chatter)])
    assert edges(result) == [("D11", "press"), ("D11", "release")]
    assert 2000.0 + 4700.0 <= result.events[0]["t_us"] <= 2000.0 + 5300.0
    assert result.glitches == 1
