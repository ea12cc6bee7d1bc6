"""Reading a firmware-sim stimulus: what a press does to the line, and bad input in one line."""

import pytest

from companion.errors import CompanionError
from companion.boards.avr import MEGA, NANO
from companion.simulation.firmware_sim.simavr import Press, parse_stimulus


def test_each_bounce_toggles_the_line_and_the_contact_settles_closed():
    press = Press("D2", 1000.0, 60_000.0, (40, 95, 210))
    assert press.transitions() == [(1000.0, 0), (1040.0, 1), (1095.0, 0), (1210.0, 1),
                                   (1220.0, 0), (60_000.0, 1)]
    assert Press("D2", 5.0, None, (1, 2)).transitions() == [(5.0, 0), (6.0, 1), (7.0, 0)]


def test_a_stimulus_reads_into_presses():
    presses = parse_stimulus({"presses": [{"pin": "A15", "at_us": 10, "release_us": 20.5}]}, MEGA)
    assert presses == [Press("A15", 10.0, 20.5, ())]


@pytest.mark.parametrize("stimulus, message", [
    ([], 'expected {"presses": [...]}'),
    ({"presses": [{"pin": "D2"}]}, "presses[0]: needs both 'pin' and 'at_us'"),
    ({"presses": [{"pin": "D13", "at_us": 1}]}, "presses[0].pin: 'D13' is not a button pin of the nano"),
    ({"presses": [{"pin": "D2", "at_us": -1}]}, "presses[0].at_us: expected microseconds"),
    ({"presses": [{"pin": "D2", "at_us": 1, "bounce_us": 5}]}, "presses[0].bounce_us: expected a list"),
    ({"presses": [{"pin": "D2", "at_us": 1, "bounce_us": [9, 9]}]}, "offsets must be > 0 and increasing"),
    ({"presses": [{"pin": "D2", "at_us": 1, "bounce_us": [9], "release_us": 15}]},
     "presses[0].release_us: must come after the press and its bounces (after 20 us)"),
    ({"presses": [{"pin": "D2", "at_us": 1}, {"pin": "D2", "at_us": 900}]},
     "presses[1]: pin D2 is still held at 900 us"),
])
def test_a_bad_stimulus_is_refused_naming_the_field(stimulus, message):
    with pytest.raises(CompanionError) as error:
        parse_stimulus(stimulus, NANO, "stimulus s.json")
    assert message in str(error.value)
    assert str(error.value).startswith("stimulus s.json")
