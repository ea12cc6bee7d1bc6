"""``companion config --check`` says exactly which inputs ``companion run`` reads:
never "read" for an input the kiosk will not open."""

from __future__ import annotations

from companion.config import settings as config
from companion.commands.config import summary
from companion.inputs.serial.pads import tie_window_ns

SERIAL_ON = '[serial]\nenabled = true\nboard = "mega"\n'
#: The controller beside the GPIO pads: its one pad wired as player 7.
SERIAL_BESIDE_GPIO = SERIAL_ON + ("[[serial.pads]]\nplayer = 7\n"
                                  'N = "D53"\nE = "D52"\nS = "D51"\nW = "D50"\n')


def lines(text: str, gpio_here: bool, device_here: bool = True) -> dict[str, str]:
    said = summary(config.parse(text, "t.toml"), gpio_here, device_here)
    return {line.split(":")[0]: line for line in said.splitlines()}


def test_gpio_is_not_read_on_a_machine_without_a_gpio_chip():
    said = lines("", gpio_here=False)
    assert said["gpio"].startswith("gpio: not read here") and "6 pads" in said["gpio"]
    assert said["keyboard"].startswith("keyboard: read (in a window)")


def test_gpio_is_read_on_a_pi_with_its_pads():
    assert lines("", gpio_here=True)["gpio"].startswith("gpio: read, 6 pads (players 1-6)")


def test_the_gpio_line_says_the_glitch_filter_on_at_300_us_by_default_or_off():
    assert lines("", gpio_here=True)["gpio"].endswith("tie window 1000 us, glitch filter 300 us")
    assert lines("[gpio]\nmin_press_us = 0\n", True)["gpio"].endswith(", glitch filter off")


def test_gpio_switched_off_or_without_buttons_is_not_read():
    assert lines("[gpio]\nenabled = false\n", True)["gpio"] == \
        "gpio: not read (gpio.enabled = false)"
    assert lines("[gpio]\npads = []\n", True)["gpio"] == "gpio: not read (no buttons in [gpio])"


def test_the_controller_is_not_read_while_serial_is_off():
    assert lines("", True)["serial"] == "serial: not read (serial.enabled = false)"


def test_an_enabled_controller_is_read_with_the_boards_pads_and_its_tie_window():
    said = lines(SERIAL_ON + "[gpio]\nenabled = false\n", gpio_here=True, device_here=False)
    assert said["serial"].startswith("serial: read, /dev/companion-buttons (mega), "
                                     "6 pads (players 1-6, the board's own), tie window 20 us")
    assert "not plugged in now: read as soon as it appears" in said["serial"]
    assert said["ties"] == "ties: within 20 us"


def test_a_tie_window_of_zero_is_said_as_the_kiosk_uses_it_only_the_same_stamp_ties():
    said = lines(SERIAL_ON + "tie_window_us = 0\n[gpio]\nenabled = false\n", gpio_here=True)
    assert "tie window 0 us" in said["serial"]
    assert said["ties"] == "ties: within 0 us"


def test_with_gpio_and_controller_ties_use_the_wider_window():
    assert lines(SERIAL_BESIDE_GPIO, gpio_here=True)["ties"] == "ties: within 1000 us"
    loaded = config.parse(SERIAL_BESIDE_GPIO + KEYBOARD_OFF)
    assert tie_window_ns(loaded, gpio=False, serial=True) == 20_000
    assert tie_window_ns(loaded, gpio=False, serial=False) is None


KEYBOARD_OFF = "[keyboard]\nenabled = false\n"


def test_keys_that_play_for_players_no_pad_seats_tie_within_the_keyboards_window(tmp_path):
    """A controller wired as player 7 on a laptop: players 1-4 play on the keyboard, whose
    stamps are true to a millisecond at best, and were judged within the controller's 20 us
    (a reader of the docs); a game that seats none of them keeps the controller's window (a
    regression tester: two pads on the controller, a 2-player game)."""
    said = lines(SERIAL_BESIDE_GPIO, gpio_here=False)
    assert said["ties"] == ("ties: within 20 us, and within 1000 us in a game that seats "
                            "players 1-4, whom only the keyboard seats (a key is true to a "
                            "millisecond at best); on a Pi: within 1000 us")
    two = SERIAL_ON + ('[gpio]\nenabled = false\n[[serial.pads]]\nplayer = 1\nN = "D53"\n'
                       'E = "D52"\nS = "D51"\nW = "D50"\n[[serial.pads]]\nplayer = 2\n'
                       'N = "D10"\nE = "D11"\nS = "D12"\nW = "D13"\n')
    assert "in a game that seats players 3 or 4, whom only the keyboard" in \
        lines(two, gpio_here=False)["ties"]
    for players, window in ((2, 20_000), (3, 1_000_000), (4, 1_000_000)):
        assert game_window(config.parse(two), players, tmp_path / str(players)) == window


def game_window(loaded: config.Config, players: int, folder) -> int:
    """The tie window of a game of ``players`` at a kiosk ``companion run`` builds with
    ``loaded``, its controller read, saving in ``folder``."""
    from argparse import Namespace

    from companion.kiosk.assemble import build_kiosk
    from companion.kiosk.startup import kiosk_options
    from companion.kiosk.systemd import Notifier
    from companion.scenes.changes import ToSetup
    from companion.scenes.notnot.flow import start_game

    args = Namespace(size=(800, 480), rotation=None, seed=1, window=True, mock=False,
                     state_dir=str(folder))
    options = kiosk_options(args, loaded, None, Notifier({}), controller=object())
    options.headless, options.sound, options.setup.players = True, False, players
    options.first_scene = ToSetup()   # games start there
    app = build_kiosk(options)
    try:
        return start_game(app.ctx).game.timing.tie_window_ns
    finally:
        app.screen.close()


def test_checked_off_the_pi_the_ties_line_says_the_pis_window_beside_this_machines():
    """The gpio line said what a Pi reads and the ties line what this laptop does: a maker
    checking the file before copying it to the Pi was told the wrong window, and why."""
    eight = SERIAL_ON.replace('"mega"', '"nano"') + "[gpio]\npads = [" + ", ".join(
        f"{{ N = {n}, E = {e}, S = {s}, W = {w} }}" for n, e, s, w in
        ((4, 17, 27, 22), (5, 6, 13, 26), (12, 16, 20, 21), (23, 24, 25, 18))) + "]\n" + \
        "".join(f'[[serial.pads]]\nplayer = {p}\nN = "D{2 + 4 * (p - 5)}"\nE = "D{3 + 4 * (p - 5)}"'
                f'\nS = "D{4 + 4 * (p - 5)}"\nW = "D{5 + 4 * (p - 5)}"\n' for p in (5, 6))
    assert lines(eight, gpio_here=True)["ties"] == "ties: within 1000 us"
    assert lines(eight, gpio_here=False)["ties"].endswith("; on a Pi: within 1000 us")
    assert lines("", gpio_here=False)["ties"].endswith("; on a Pi: within 1000 us")


def test_keys_for_players_the_pads_seat_leave_the_controllers_window():
    """The shipped keyboard pads (players 1-4) beside a Mega's own pads (players 1-6)."""
    mega = SERIAL_ON + "[gpio]\nenabled = false\n"
    assert lines(mega, gpio_here=False)["ties"] == "ties: within 20 us"
    assert lines(mega + KEYBOARD_OFF, gpio_here=False)["ties"] == "ties: within 20 us"


def test_a_keyboard_switched_off_still_leaves_the_menu_keys():
    assert lines("[keyboard]\nenabled = false\n", True)["keyboard"].startswith(
        "keyboard: only the menu keys")


def test_a_folder_named_as_the_controllers_port_is_not_called_read(tmp_path):
    """``device = "/tmp"`` passed as "serial: read" (a maker); only doctor said otherwise."""
    said = lines(SERIAL_ON + f'device = "{tmp_path}"\n[gpio]\nenabled = false\n', True)
    assert said["serial"].startswith(f"serial: not read: {tmp_path} is a folder, not a serial "
                                     "port")
