"""Bad input of every kind gets one clear answer: the judge's stream, config and stimulus files,
mock presses. No internal error, no traceback, nothing read without bound."""

import json

import pytest
from fault_cases import outcome

GOOD = {"level": "normal", "dice": ["UP", "BLUE"], "negation": "NOTHING",
        "table": {"N": "RED", "E": "BLUE", "S": "GREEN", "W": "YELLOW"}}


def case(**changes) -> bytes:
    return json.dumps({**GOOD, **changes}).encode()


#: Bad judge lines and the field each error must name.
BAD_LINES: tuple[tuple[bytes, str], ...] = (
    (case(level=["normal"]), "level"), (case(level={"a": 1}), "level"), (case(level=3), "level"),
    (case(level=None), "level"), (case(negation=["NOT"]), "negation"),
    (case(negation={"x": 1}), "negation"), (case(liar="yes"), "liar"), (case(up=[1]), "up"),
    (case(up={"N": 1}), "up"), (case(dice=[["RED"], "BLUE"]), "dice[0]"),
    (case(dice=[{"a": 1}, "BLUE"]), "dice[0]"), (case(dice="RED"), "dice"),
    (case(table=[1, 2]), "table"),
    (case(table={"N": [1], "E": "BLUE", "S": "GREEN", "W": "YELLOW"}), "table.N"),
    (case(colour="RED"), "unknown field"), (b'{"level": ' + b"9" * 4000 + b"}", "level"),
    (b"[" * 5000 + b"]" * 5000, "longer than"), (b"[" * 20 + b"]" * 20, "nested deeper"),
    (case(level="x" * 5_000_000), "longer than"), (b"\xff\xfe\xfd", "UTF-8"),
    (b"not json", "not JSON"), (b"[1, 2]", "a case must be"), (b'"text"', "a case must be"),
    (case(level="y" * 3000), "level"), (b'{"level": 1e999}', "level"), (b"{" * 9 + b"}" * 9,
                                                                       "nested deeper"),
)


def test_every_bad_judge_line_gets_an_error_naming_its_field_and_the_stream_goes_on():
    good = json.dumps(GOOD).encode()
    stream = b"\n".join(line for bad, _ in BAD_LINES for line in (bad, good)) + b"\n"
    result = outcome(["judge"], stdin=stream)
    answers = [json.loads(line) for line in result.out.splitlines()]
    assert result.code == 1 and result.clear and len(answers) == 2 * len(BAD_LINES)
    for (bad, field), error, after in zip(BAD_LINES, answers[::2], answers[1::2]):
        assert field in error["error"], (bad[:60], error)
        assert len(error["error"]) < 200                 # a value is echoed a few dozen chars
        assert after == answers[1] and "tap" in after


def test_the_judges_limits_are_stated_in_its_help():
    result = outcome(["judge", "--help"])
    assert "4096 bytes" in result.out and "nested at most 8" in result.out


#: Bad config files (TOML text) and what the one error line must say.
BAD_CONFIGS: tuple[tuple[str, str], ...] = (
    ("[gpio]\nstuck_s = inf", "gpio.stuck_s = inf: expected more than 0 and at most 3600 s"),
    ("[gpio]\nstuck_s = 1e300", "gpio.stuck_s"), ("[gpio]\nstuck_s = -1", "gpio.stuck_s"),
    ("[gpio]\nstuck_s = nan", "gpio.stuck_s"), ("[gpio]\ndebounce_ms = inf", "gpio.debounce_ms"),
    ("[gpio]\ndebounce_ms = nan", "gpio.debounce_ms"),
    ("[gpio]\nmin_press_us = 10000\ndebounce_ms = 0.5\nstuck_s = 0.001",
     "gpio.stuck_s = 0.001: must be longer than gpio.min_press_us (10000 us)"),
    ("[gpio]\ntie_window_us = 99999999999999999", "gpio.tie_window_us"),
    ("[serial]\ntie_window_us = -5", "serial.tie_window_us"),
    ("x = " + "[" * 3000 + "]" * 3000, "nested too deeply"),
    ("x = " + "{a = " * 2000 + "1" + "}" * 2000, "nested too deeply"),
    ("[gpio]\nstuck_s = " + "9" * 5000, "not valid TOML"),
    ("[[gpio.pads]]\nplayer = 1\nN = " + "9" * 300 + "\nE = 5\nS = 6\nW = 7", "no such GPIO"),
    ("[[gpio.pads]]\nplayer = 99999999999\nN = 4\nE = 5\nS = 6\nW = 7", "numbered 1 to 64"),
    ("[gpio]\nenabled = \"" + "x" * 100_000 + "\"", "expected true or false"),
    ("[gpio\n", "not valid TOML"),
    ("\ufeff[gpio]\nenabled = true\n", "byte-order mark (BOM)"),
    ('[display]\nsize = "99999999999999999999x480"', "larger than 8192 pixels a side"),
    ('[display]\nsize = "\uff18\uff10\uff10x480"', "digits 0-9"), ('[display]\nsize = "640x480"',
                                                                "smaller than 800x480"),
)


@pytest.mark.parametrize("text, says", BAD_CONFIGS, ids=[t[:30] for t, _ in BAD_CONFIGS])
def test_a_bad_config_number_or_shape_gets_one_line_naming_it_in_every_command(tmp_path, text,
                                                                                 says):
    path = tmp_path / "config.toml"
    path.write_text(text)
    for argv in (["config", "--check", str(path)], ["wiring", "--config", str(path), "--out",
                                                    str(tmp_path / "w")]):
        result = outcome(argv)
        assert result.code == 2 and result.clear and says in result.err, (argv, result.err[-300:])
        assert len(result.err) < 600


@pytest.mark.parametrize("option", [["config", "--check"], ["firmware-sim", "--stimulus"]])
def test_an_endless_file_is_read_only_up_to_a_limit(option, tmp_path):
    huge = tmp_path / "huge"
    with huge.open("wb") as file:
        file.truncate(1 << 30)                  # 1 GiB of zeros, none of it on disk
    result = outcome([*option, str(huge)])
    assert result.code == 2 and result.clear and "larger than" in result.err
    result = outcome([*option, "/dev/zero"])    # a device is not even opened
    assert result.code == 2 and result.clear and "is a device (character device), not a file" in result.err


BAD_STIMULI: tuple[tuple[str, str], ...] = (
    ('{"presses": [{"pin": "D2", "at_us": ' + "9" * 5000 + "}]}", "not JSON"),
    ('{"presses": [{"pin": "D2", "at_us": 1e400}]}', "at_us"),
    ('{"presses": [{"pin": "D2", "at_us": ' + "9" * 400 + "}]}", "at_us"),
    ("[" * 100_000, "nested too deeply"), ('{"presses": [{"pin": [1, 2], "at_us": 5}]}', "pin"),
    ('{"presses": [{"pin": "' + "D" * 10_000 + '", "at_us": 5}]}', "pin"),
    ('{"presses": [{"pin": "D2", "at_us": 5, "bounce_us": [' + "1," * 10 + "1]}]}", "bounce_us"),
    ('\ufeff{"presses": []}', "byte-order mark (BOM)"),
)


@pytest.mark.parametrize("text, says", BAD_STIMULI, ids=[t[:30] for t, _ in BAD_STIMULI])
def test_a_bad_stimulus_gets_one_line_naming_the_field(tmp_path, text, says):
    path = tmp_path / "stimulus.json"
    path.write_text(text)
    result = outcome(["firmware-sim", "--stimulus", str(path)])
    assert result.code == 2 and result.clear and says in result.err and len(result.err) < 400


@pytest.mark.parametrize("press, says", [("17x5000000", "at most 1000 bounces"),
                                         ("١٧", "digits 0-9"), ("17x١", "digits 0-9"),
                                         ("9" * 5000, "digits 0-9"),
                                         ("17x" + "9" * 5000, "digits")])
def test_a_mock_press_is_bounded_and_its_gpio_is_ascii_digits(press, says):
    result = outcome(["buttons", "--mock", "--press", press])
    assert result.code == 2 and result.clear and says in result.err and len(result.err) < 300


@pytest.mark.parametrize("size, says", [("99999999999999999999x480", "larger than 8192 pixels"),
                                        ("9" * 5000 + "x480", "larger than 8192 pixels"),
                                        ("\uff18\uff10\uff10x480", "digits 0-9"),
                                        ("800x", "WIDTHxHEIGHT"), ("640x480", "smaller than"),
                                        ("0" * 5000 + "640x480", "smaller than")])
def test_a_screen_size_option_is_ascii_digits_at_most_8192_a_side(size, says):
    for command in ("run", "demo"):
        result = outcome([command, "--size", size])
        said = [line for line in result.err.splitlines() if line.startswith("companion")]
        assert result.code == 2 and result.clear and says in said[0] and len(said[0]) < 200


@pytest.mark.parametrize("argv", [["history", "--limit", "١٢"],
                                  ["history", "--limit", "9" * 5000],
                                  ["simulate", "--players", "٣"]])
def test_whole_number_options_take_ascii_digits_only(argv):
    result = outcome(argv)
    assert result.code == 2 and result.clear and len(result.err) < 300


@pytest.mark.parametrize("argv, says", [(["movie-rating", "--players", "1", "--total", "3"],
                                          "1 player: choose 2 to 7"),
                                         (["history", "--limit", "-1"],
                                          "-1 games: choose 1 to 1000000"),
                                         (["movie-rating", "--players", "9", "--total", "3"],
                                          "9 players: choose 2 to 7")])
def test_a_count_out_of_range_is_said_in_the_singular_for_one(argv, says):
    result = outcome(argv)
    assert result.code == 2 and result.clear and says in result.err, result.err


@pytest.mark.parametrize("argv, says", [
    (["history", "--game", "9" * 26], "choose 1 to 4611686018427387904"),
    (["history", "--game", "9" * 19], "choose 1 to 4611686018427387904"),
    (["simulate", "--seed", "9" * 30], "choose -9223372036854775808 to 9223372036854775807"),
    (["simulate", "--seed", "-" + "9" * 30], "choose -9223372036854775808 or more")])
def test_a_number_past_an_open_range_names_the_end_it_passed(argv, says):
    result = outcome(argv)
    assert result.code == 2 and result.clear and says in result.err, result.err


@pytest.mark.parametrize("what", [["--stimulus", "stimulus.json"], ["--stamping"]])
def test_pairs_without_compare_is_refused_in_one_line_not_ignored(tmp_path, what):
    result = outcome(["firmware-sim", *what, "--pairs", "5"])
    assert result.code == 2 and result.clear and "--pairs counts the press sets of --compare" \
        in result.err and len(result.err) < 300, result.err


@pytest.mark.parametrize("argv, says", [
    (["doctor", "--root", ""], "argument --root: an empty name is no folder"),
    (["history", "--recover-to", ""], "argument --recover-to: an empty name is no folder"),
    (["demo", "--headless", "--snapshots", ""], "argument --snapshots: an empty name is no folder"),
    (["wiring", "--out", ""], "argument --out: an empty name is no folder"),
    (["wiring", "--bom", " "], "argument --bom: an empty name is no file"),
    (["replay", "1", "1", "--png", ""], "argument --png: an empty name is no file"),
    (["players", "profile", "Ana", "--png", ""], "argument --png: an empty name is no file"),
    (["firmware-sim", "--stimulus", ""], "argument --stimulus: an empty name is no file")])
def test_an_empty_path_is_refused_in_one_line_not_taken_for_the_current_folder_or_none(argv,
                                                                                      says):
    result = outcome(argv)
    assert result.code == 2 and result.clear and says in result.err, result.err
