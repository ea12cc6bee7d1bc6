"""`companion buttons`, `companion config` and `companion bench inputs` from the command line."""

import json
import os

import pytest

from companion.cli import main
from companion.inputs.clock_check import clock_verdict

SMALL = "[gpio]\npads = [{ N = 4, E = 17, S = 27, W = 22 }]\n[gpio.controls]\nmenu = 18\n"


def small_config(tmp_path):
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    return str(path)


def test_the_wiring_check_reports_each_press_with_pin_and_bounces_and_ends_when_all_are_pressed(tmp_path, capsys):
    path = small_config(tmp_path)
    status = main(["buttons", "--config", path, "--mock",
                   "--press", "4", "--press", "17x2", "--press", "27", "--press", "22", "--press", "18"])
    out = capsys.readouterr().out
    assert status == 0
    assert "player 1 E   GPIO17 (pin 11)  pressed" in out
    assert "player 1 E   GPIO17 (pin 11)  released  after 61.0 ms, 8 bounce edges" in out
    assert "2/5 pressed; not yet: player 1 S W; menu" in out
    assert out.rstrip().endswith("every button works")


class LedWatchingTerminal:
    """A terminal that notes, beside each line printed, whether the mock LED pin is high."""

    def __init__(self, factory, gpio):
        self.factory, self.gpio, self.lines, self.text = factory, gpio, [], ""

    def write(self, text):
        self.text += text
        while "\n" in self.text:
            line, self.text = self.text.split("\n", 1)
            self.lines.append((line, self.factory.pin(self.gpio).state))

    def flush(self):
        pass


def test_a_press_on_a_pad_with_an_led_lights_it_while_held_and_names_its_pin(tmp_path,
                                                                            monkeypatch):
    from companion.inputs.mock import StampedMockFactory

    path = tmp_path / "leds.toml"
    path.write_text("[gpio]\npads = [{ N = 4, E = 17, S = 27, W = 22, leds = { E = 5 } }]\n")
    factory = StampedMockFactory()
    monkeypatch.setattr("companion.commands.buttons.mock_factory", lambda: factory)
    terminal = LedWatchingTerminal(factory, gpio=5)
    monkeypatch.setattr("sys.stdout", terminal)
    main(["buttons", "--config", str(path), "--mock", "--press", "17", "--press", "4"])
    lines = dict(terminal.lines)
    assert lines[f"watching 4 buttons from {path} (1 with an LED, lit while pressed); "
                 "press each one (Ctrl-C to stop)"] == 0
    pressed = next(line for line in lines if "player 1 E" in line and "pressed" in line)
    assert pressed.endswith("; lit LED GPIO5 (pin 29)") and lines[pressed] == 1
    released = next(line for line in lines if "player 1 E" in line and "released" in line)
    assert lines[released] == 0
    assert not any("LED" in line for line in lines if "player 1 N" in line)


def test_a_wiring_check_of_pads_without_leds_says_nothing_of_leds(tmp_path, capsys):
    main(["buttons", "--config", small_config(tmp_path), "--mock", "--press", "4", "--press", "17"])
    assert "LED" not in capsys.readouterr().out


def test_the_wiring_check_lists_the_buttons_never_pressed_and_fails(tmp_path, capsys):
    status = main(["buttons", "--config", small_config(tmp_path), "--mock", "--press", "4"])
    assert status == 1
    assert capsys.readouterr().out.rstrip().endswith("not yet: player 1 E S W; menu")


def test_the_wiring_check_reads_presses_from_standard_input_and_names_a_typos_line(
        tmp_path, capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("4 zz\n99 17\nq\n"))
    status = main(["buttons", "--config", small_config(tmp_path), "--mock"])
    out = capsys.readouterr().out
    assert status == 1
    assert "companion: stdin (line 1) zz: expected a BCM GPIO number" in out
    assert "companion: stdin (line 2) 99: GPIO99 is not a button in the pin map" in out
    assert "--press" not in out and "player 1 E   GPIO17 (pin 11)  pressed" in out


def test_every_mock_press_is_shown_even_a_button_pressed_again_at_once(tmp_path, capsys,
                                                                       monkeypatch):
    """Each mock tap starts after the previous one's release on the check's own timeline, so
    none lands inside the one before it, however fast (or slow) the machine runs the taps."""
    import io

    pressed, released = "player 1 N   GPIO4 (pin 7)    pressed", "player 1 N   GPIO4 (pin 7)    released"
    # 200 bounces last 100 ms, longer than a 60 ms press: the press is held past them
    main(["buttons", "--config", small_config(tmp_path), "--mock",
          "--press", "4", "--press", "4", "--press", "4x200", "--press", "4"])
    out = capsys.readouterr().out
    assert out.count(pressed) == 4 and out.count(released) == 4
    assert "after 60.0 ms, 0 bounce edges" in out and ", 800 bounce edges" in out
    assert "glitch" not in out
    monkeypatch.setattr("sys.stdin", io.StringIO("17\n17\n17 17\n"))
    main(["buttons", "--config", small_config(tmp_path), "--mock"])
    out = capsys.readouterr().out
    assert out.count("player 1 E   GPIO17 (pin 11)  pressed") == 4
    assert out.count("player 1 E   GPIO17 (pin 11)  released  after 60.0 ms") == 4


def test_pressing_a_pin_outside_the_map_is_one_line(tmp_path, capsys):
    assert main(["buttons", "--config", small_config(tmp_path), "--mock", "--press", "5"]) == 2
    assert capsys.readouterr().err == "companion: --press 5: GPIO5 is not a button in the pin map\n"


@pytest.mark.skipif(os.path.exists("/dev/gpiochip0"), reason="this machine has GPIO")
def test_without_gpio_hardware_the_wiring_check_says_so_in_one_line(capsys):
    assert main(["buttons"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: cannot open the GPIO pins:") and err.count("\n") == 1


def test_the_clock_check_finds_mock_stamps_on_the_monotonic_clock(capsys):
    assert main(["buttons", "--mock", "--clock-check"]) == 0
    assert "stamps are CLOCK_MONOTONIC: good" in capsys.readouterr().out


def test_the_clock_check_recognises_realtime_stamps():
    verdict, ok = clock_verdict(stamp=1_700_000_000_000_000_000, monotonic=5_000_000_000,
                                realtime=1_700_000_000_000_300_000)
    assert not ok and verdict.startswith("stamps are CLOCK_REALTIME")


def test_print_default_writes_the_commented_default_file(capsys):
    from companion.config.settings import default_text
    assert main(["config", "--print-default"]) == 0
    assert capsys.readouterr().out == default_text()


def test_config_check_says_ok_and_what_the_file_sets_up(tmp_path, capsys):
    assert main(["config", "--check", small_config(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "small.toml: ok" in out and "1 pad (player 1), controls menu;" in out


def test_config_check_names_each_pads_buttons_by_their_physical_header_pins(tmp_path, capsys):
    """A maker who typed physical pin numbers (7 11 13 15) where the map wants GPIOs sees the
    pins the kiosk will read: pin 26, 23, 33 and 10, not the ones wired."""
    path = tmp_path / "physical.toml"
    path.write_text("[gpio]\npads = [{ N = 7, E = 11, S = 13, W = 15 }]\n")
    assert main(["config", "--check", str(path)]) == 0
    assert "  player 1: N pin 26 (GPIO7), E pin 23 (GPIO11), S pin 33 (GPIO13), W pin 10 (GPIO15)" \
        in capsys.readouterr().out.splitlines()


def test_config_check_prints_every_problem_one_per_line(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text("[gpio]\ndebouce_ms = 3\npads = [{ N = 4, E = 4, S = 0, W = 22 }]\n")
    assert main(["config", "--check", str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        f'companion: {path}: gpio.debouce_ms: unknown key (did you mean "debounce_ms"?)',
        f"{path}: gpio.pads[1].E = 4: GPIO4 (pin 7) is already gpio.pads[1].N",
        f"{path}: gpio.pads[1].S = 0: GPIO0 (pin 27) is ID_SD, reserved for the HAT ID EEPROM (never use GPIO 0/1)",
    ]


def test_config_check_names_every_unknown_key_name_beside_the_other_mistakes(tmp_path, capsys):
    path = tmp_path / "keys.toml"
    path.write_text('[gpio]\ndebounce_ms = -5\n[keyboard]\nmenu = "esc4pe"\n'
                    'pads = [{ N = "w", E = "d", S = "sss", W = "a" },'
                    ' { N = "up", E = "right", S = "dwn", W = "left" }]\n')
    assert main(["config", "--check", str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        f"companion: {path}: gpio.debounce_ms = -5: expected more than 0 and at most 100 ms",
        f'{path}: keyboard.pads[1].S = "sss": pygame knows no key by that name',
        f'{path}: keyboard.pads[2].S = "dwn": pygame knows no key by that name '
        '(did you mean "down"?)',
        f'{path}: keyboard.menu = "esc4pe": pygame knows no key by that name '
        '(did you mean "escape"?)',
    ]


def test_config_check_of_a_missing_file_is_one_line(capsys):
    assert main(["config", "--check", "/nonexistent/c.toml"]) == 2
    assert capsys.readouterr().err == "companion: config file not found: /nonexistent/c.toml\n"


def test_bench_inputs_prints_exactly_the_promised_keys(capsys):
    assert main(["bench", "inputs", "--json", "--edges", "100", "--presses", "200",
                 "--glitches", "20"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"edge_to_queue_us", "same_stamp_delivered", "bounce_presses",
                            "bounce_stamp_error_us", "lost", "glitch_filter"}
    glitches = figures["glitch_filter"]
    assert 0 <= glitches["spikes_taken"] <= 20   # 0 unless the machine delays an edge > 1 ms
    # a filtered press is posted no sooner than its minimum and the edges' delivery time
    assert glitches["press_to_queue_us"]["p50"] >= glitches["settle_added_us"] == 1300
    assert set(figures["edge_to_queue_us"]) == {"p50", "p99"}
    assert figures["edge_to_queue_us"]["p50"] > 0
    assert (figures["same_stamp_delivered"], figures["bounce_presses"],
            figures["bounce_stamp_error_us"], figures["lost"]) == (16, 1, 0, 0)


def test_the_screen_check_lights_pressed_buttons_green_and_the_latest_yellow(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    from companion.display.wiring_screen import COLOURS
    png = tmp_path / "check.png"
    status = main(["buttons", "--config", small_config(tmp_path), "--mock", "--screen",
                   "--png", str(png), "--press", "4", "--press", "17"])
    image = pygame.image.load(str(png))
    # player 1's cross: N at column 1 row 0, E at column 2 row 1 (boxes of 44 px from x=12, y=94)
    assert status == 1
    assert tuple(image.get_at((12 + 46 + 22, 94 + 4)))[:3] == COLOURS["pressed"]
    assert tuple(image.get_at((12 + 92 + 22, 94 + 46 + 4)))[:3] == COLOURS["latest"]
    assert tuple(image.get_at((12 + 46 + 22, 94 + 92 + 4)))[:3] == COLOURS["waiting"]


def test_png_without_a_mock_screen_is_one_line(capsys):
    assert main(["buttons", "--png", "x.png"]) == 2
    assert capsys.readouterr().err == ("companion buttons: --png needs --screen and --mock "
                                       "(see companion buttons --help)\n")


def test_press_without_mock_pins_points_to_the_buttons_help(capsys):
    assert main(["buttons", "--press", "17"]) == 2
    assert capsys.readouterr().err == (
        "companion buttons: --press needs --mock (on real pins, press the buttons) "
        "(see companion buttons --help)\n")


@pytest.mark.parametrize("clock_check", [[], ["--clock-check"]])
def test_mock_pins_with_gpio_switched_off_and_the_serial_controller_on_is_one_line(
        tmp_path, capsys, clock_check):
    path = tmp_path / "serial.toml"
    path.write_text("[gpio]\nenabled = false\n[serial]\nenabled = true\n")
    assert main(["buttons", "--mock", "--config", str(path), "--press", "4", *clock_check]) == 2
    assert capsys.readouterr().err == (
        f"companion buttons: --mock presses mock GPIO pins, and {path} has none ([gpio] "
        "enabled = false); check the serial controller's buttons without --mock "
        "(see companion buttons --help)\n")


def test_the_clock_check_keeps_its_answer_when_a_line_is_still_busy_as_it_is_released(
        capsys, monkeypatch):
    from gpiozero.pins.mock import MockPin

    real_close, busy = MockPin.close, []

    def close(pin):
        if not busy:
            busy.append(pin)
            raise RuntimeError("'GPIO busy'")   # lgpio's alert thread still holds the line
        real_close(pin)

    monkeypatch.setattr(MockPin, "close", close)
    assert main(["buttons", "--mock", "--clock-check"]) == 0
    assert "stamps are CLOCK_MONOTONIC: good" in capsys.readouterr().out


def test_a_pin_another_program_holds_is_named_in_one_line_with_who_may_hold_it(
        capsys, monkeypatch):
    """lgpio refuses a line the kiosk's service (or a kernel interface) holds with its own
    ``lgpio.error("GPIO busy")``, not a gpiozero error: the check names the pin and who may
    hold it, in one line."""
    from companion.inputs import gpio

    lgpio_error = type("error", (Exception,), {"__module__": "lgpio"})
    real_input = gpio.InputDevice

    def claim(pin, **options):
        if pin == 17:
            raise lgpio_error("'GPIO busy'")
        return real_input(pin, **options)

    monkeypatch.setattr(gpio, "InputDevice", claim)
    assert main(["buttons", "--mock"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("companion: cannot open player 1 E (GPIO17 (pin 11)): 'GPIO busy': "
                          "another program holds it") and "sudo systemctl stop companion" in err


@pytest.mark.slow
def test_the_wiring_check_prints_each_press_into_a_file_as_it_happens(tmp_path):
    """A maker watching ``companion buttons > log`` (or through tee) sees a press when it is
    pressed, not when the check ends."""
    import subprocess
    import sys
    import time

    log = tmp_path / "buttons.log"
    with log.open("w") as out:
        check = subprocess.Popen([sys.executable, "-m", "companion", "buttons", "--mock",
                                  "--config", small_config(tmp_path)],
                                 stdin=subprocess.PIPE, stdout=out, stderr=subprocess.STDOUT,
                                 text=True, env={**os.environ, "PYTHONUNBUFFERED": ""})
        try:
            check.stdin.write("17\n")
            check.stdin.flush()
            deadline = time.monotonic() + 120   # a bound for a stuck check, not a speed
            while "GPIO17 (pin 11)  pressed" not in log.read_text():
                assert check.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        finally:
            check.stdin.close()
            check.wait(timeout=120)
