"""Never a dead screen: what stops ``companion run`` from starting normally is on the display.

These run the real ``companion run`` (``cli.main``) under SDL's dummy video
driver; only the endless loop is replaced by one that runs passes until the
first frame, looks at it, and returns.
"""

from __future__ import annotations

import logging
import socket

import pygame
import pytest
from pathlib import Path

from kiosk_helpers import shows_text, step_until
from companion import cli
from companion.config import settings as settings_file
from companion.kiosk.loop import App
from companion.kiosk import startup
from companion.errors import CompanionError
from companion.kiosk.assemble import KioskOptions
from companion.kiosk.systemd import Notifier
from companion.config.settings import default_text, parse
from companion.inputs.keyboard import KeyMap
from companion.kiosk.startup import load_settings
from companion.scenes.common.failsafe import FailsafeScene, choices_hint
from companion.scenes.start_problem import StartProblem

MISTAKES = {
    "a value of the wrong kind": ('[gpio]\nstuck_s = "soon"\n', "stuck_s"),
    "stuck_s = inf": ("[gpio]\nstuck_s = inf\n", "at most 3600 s"),
    "a section nobody knows": ("[gpoi]\nenabled = true\n", "gpoi"),
    "a size no screen has": ('[display]\nsize = "99999999999999999999x480"\n',
                             "larger than 8192 pixels a side"),
}


class Looked:
    """What the replaced loop saw: the app, a copy of its first frame, the scene drawn."""

    app: App
    frame: pygame.Surface
    scene: str


def run_and_look(monkeypatch, tmp_path, argv: list[str], then=None) -> tuple[int, Looked]:
    """Run ``companion run ARGV`` until its first frame; ``then(app)`` may drive it further.

    The games are kept below ``tmp_path`` unless ARGV names a ``--state-dir``.
    """
    if "--state-dir" not in argv:
        argv = [*argv, "--state-dir", str(tmp_path / "state")]
    if "--config" not in argv:
        argv = [*argv, "--config", settings_every_pygame_knows(tmp_path)]
    looked = Looked()

    def first_frames(app: App, until=None) -> None:
        step_until(app, lambda: app.frames >= 1)
        looked.app, looked.scene, looked.frame = app, app.scene.name, app.screen.canvas.copy()
        if then is not None:
            then(app)

    monkeypatch.setattr(App, "run", first_frames)
    return cli.main(["run", "--size", "800x480", *argv]), looked


def notices_read_into(said: list[str]):
    """A ``then`` for :func:`run_and_look` that reads each notice in turn into ``said``."""
    def read_the_notices(app):
        while app.notice:
            said.append(app.notice[0])
            app.notice = (app.notice[0], 0)   # its time is up
            app.step()
    return read_the_notices


def settings_every_pygame_knows(folder) -> str:
    """The default settings without the keypad's keys, which pygame 2.1.2 refuses by the
    default config's names: these tests are about other things."""
    text = settings_file.default_text()
    keypad = '    { N = "[8]", E = "[6]", S = "[5]", W = "[4]" },\n'
    assert keypad in text
    path = folder / "settings-every-pygame-knows.toml"
    path.write_text(text.replace(keypad, ""))
    return str(path)


@pytest.fixture(autouse=True)
def quiet_systemd(monkeypatch):
    """No systemd watching, unless a test says otherwise."""
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def settings_with(tmp_path):
    def write(text: str):
        path = tmp_path / "config.toml"
        path.write_text(text)
        return str(path)
    return write


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES)
def test_a_mistake_in_the_settings_is_shown_in_large_text_on_the_screen(
        monkeypatch, settings_with, tmp_path, mistake):
    text, named = MISTAKES[mistake]
    path = settings_with(text)
    code, looked = run_and_look(monkeypatch, tmp_path, ["--config", path, "--keyboard-only"])
    assert code == 0 and looked.scene == "failsafe"
    drawn = looked.app.scenes[FailsafeScene].drawn
    shown = " ".join(d.text for d in drawn)
    assert named in shown and "then: start companion run again" in shown
    assert path in shown.replace(" ", "")          # a long path is broken after a slash
    assert all(shows_text(looked.frame, d) for d in drawn)
    short_side = min(looked.frame.get_size())
    assert min(d.rect.height for d in drawn) >= 0.03 * short_side


def test_a_settings_file_that_is_not_there_is_not_told_to_be_fixed_but_named_or_written(tmp_path):
    """"Fix /tmp/nope.toml" of a file that does not exist: there is nothing to fix."""
    missing = tmp_path / "nope.toml"
    _, problem = load_settings(missing, "--config")
    assert problem is not None and not problem.todo.startswith("Fix")
    assert problem.todo.startswith("Name a settings file that is there, or write one: "
                                   f"companion config --print-default > {missing}, then: ")


def test_a_start_problem_says_to_restart_the_service_under_systemd_and_the_command_by_hand(
        monkeypatch):
    monkeypatch.setenv("INVOCATION_ID", "0123456789abcdef")       # systemd's, for a unit
    _, problem = load_settings("")
    assert problem is not None and problem.todo.endswith("then: sudo systemctl restart companion")
    monkeypatch.delenv("INVOCATION_ID")
    _, problem = load_settings("")
    assert problem is not None and problem.todo.endswith("then: start companion run again")


def test_a_start_problems_keys_are_named_as_the_table_presses_them():
    problem = StartProblem(title="t", detail=(), todo="", fallback="play without saving",
                           can_quit=True)
    assert choices_hint(problem, None) == "E or a touch: play without saving   W: quit"
    keys = KeyMap(parse(default_text()).keyboard)
    assert choices_hint(problem, keys) == \
        "Enter or a touch: play without saving   Backspace: quit"


def test_after_the_mistake_e_plays_with_the_default_settings_and_says_so(
        monkeypatch, settings_with, tmp_path):
    path = settings_with("[gpio]\nstuck_s = inf\n")

    def press_enter(app: App) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
        step_until(app, lambda: app.scene.name == "title")

    code, looked = run_and_look(monkeypatch, tmp_path, ["--config", path, "--keyboard-only"],
                                then=press_enter)
    assert code == 0 and looked.app.scene.name == "title"
    assert looked.app.notice and "default settings" in looked.app.notice[0]


@pytest.mark.slow
def test_the_watchdog_is_fed_while_the_mistake_is_on_the_screen(monkeypatch, settings_with,
                                                                tmp_path):
    address = str(tmp_path / "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(2)
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    monkeypatch.setenv("WATCHDOG_USEC", "2000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    path = settings_with("[gpio]\nstuck_s = inf\n")

    def pass_again(app: App) -> None:
        pygame.time.wait(5)
        app.step()

    try:
        code, looked = run_and_look(monkeypatch, tmp_path, ["--config", path, "--keyboard-only"],
                                    then=pass_again)
        ready = listener.recv(1000).decode()
        assert code == 0 and ready.startswith("READY=1") and "settings file has a mistake" in ready
        assert b"WATCHDOG=1" in {listener.recv(100) for _ in range(2)}
    finally:
        listener.close()


class FakeClock:
    """A monotonic clock in seconds that moves only when ``sleep`` is called."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_under_systemd_a_missing_display_is_waited_for_with_the_watchdog_fed(monkeypatch, tmp_path):
    address = str(tmp_path / "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(2)
    clock = FakeClock()
    notifier = Notifier(environ={"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "4000000"}, clock=clock)
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    try:
        with pytest.raises(CompanionError, match="cannot open the display"):
            startup.open_kiosk(KioskOptions(size=(800, 480), sound=False), notifier,
                                   sleep=clock.sleep, tries=3)
        said = [listener.recv(1000).decode() for _ in range(5)]
    finally:
        listener.close()
        notifier.close()
    assert said[0].startswith("READY=1") and "no picture" in said[0]
    assert said[1:] == ["WATCHDOG=1"] * 4   # every 2 s over two 5 s waits
    assert clock.now == 2 * startup.DISPLAY_RETRY_S


def test_in_a_terminal_a_missing_display_is_one_line_and_exit_2(monkeypatch, tmp_path,
                                                               capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    code = cli.main(["run", "--keyboard-only"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    last = err.splitlines()[-1]
    assert last.startswith("companion: cannot open the display (SDL_VIDEODRIVER=no-such-driver)")


@pytest.mark.parametrize("error", [OverflowError("signed integer is greater than maximum"),
                                   TypeError("invalid resolution for Surface"),
                                   pygame.error("Window is too large")])
def test_a_display_size_sdl_refuses_is_one_line_and_exit_2(monkeypatch, tmp_path, capsys,
                                                          error):
    def refuse(size, flags=0):
        raise error

    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    code = cli.main(["run", "--keyboard-only", "--size", "8192x4320", "--state-dir",
                     str(tmp_path / "state")])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and "internal error" not in err
    assert err.splitlines()[-1].startswith("companion: cannot open a 8192x4320 display")


@pytest.mark.parametrize("error", [CompanionError("cannot open the GPIO pins: no header here"),
                                   RuntimeError("GPIO busy")])
def test_pads_that_cannot_be_opened_leave_the_keyboard_with_a_notice(monkeypatch, tmp_path, error):
    def no_pins(*args, **kwargs):
        raise error

    monkeypatch.setattr(startup, "open_gpio", no_pins)
    code, looked = run_and_look(monkeypatch, tmp_path, [])
    assert code == 0 and looked.scene == "title"
    assert looked.app.notice and "playing with the keyboard" in looked.app.notice[0]


def test_keyboard_only_as_asked_needs_no_notice(monkeypatch, tmp_path):
    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only"])
    assert code == 0 and looked.scene == "title" and looked.app.notice is None


def test_a_deleted_write_ahead_log_is_the_first_notice_with_what_to_do_in_a_line_that_fits(
        monkeypatch, tmp_path):
    from companion.display.draw_notice import draw_notice
    from companion.storage.database import FILENAME, Database

    state = tmp_path / "state"
    Database.in_folder(state).close()
    (state / f"{FILENAME}-shm").write_bytes(b"")      # the index is there, the log is not
    shown: list[str] = []

    def read_the_notice(app):   # the words the notice strip draws at 800x480
        drawn = draw_notice(app.screen.canvas.copy(), app.ctx.services.layout, app.notice[0])
        shown.append(" ".join(piece.text for piece in drawn))

    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir",
                                                        str(state)], then=read_the_notice)
    assert code == 0 and looked.scene == "title"
    assert shown == ["games are not saved: the write-ahead log was deleted: copy the state "
                     "folder as it is, then run companion history --check"]   # whole, not cut
    assert (state / f"{FILENAME}-shm").exists() and not (state / f"{FILENAME}-wal").exists()


def test_a_read_only_state_database_is_said_at_the_start_not_at_the_first_save(monkeypatch,
                                                                                 tmp_path):
    from companion.storage.database import FILENAME, Database

    state = tmp_path / "state"
    Database.in_folder(state).close()
    (state / FILENAME).chmod(0o444)
    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir",
                                                        str(state)])
    assert code == 0 and looked.scene == "title"
    assert looked.app.notice and looked.app.notice[0] == (
        f"games are not saved: {state / FILENAME} is read-only: make it writable, "
        f"e.g. sudo chmod u+w {state / FILENAME}")


def test_the_state_dir_option_is_where_the_games_are_kept(monkeypatch, tmp_path):
    state = tmp_path / "state"
    code, _ = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir", str(state)])
    assert code == 0 and (state / "companion.sqlite3").is_file()


def test_a_state_database_that_cannot_be_opened_leaves_a_notice_and_the_game(monkeypatch, tmp_path):
    """The notice says why in words that fit the strip at 800x480 (a tester read "...: the state
    folder /tmp/... is" and no more); the journal has the whole line."""
    from companion.display.draw_notice import draw_notice

    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("in the way")
    shown: list[str] = []

    def read_the_notice(app):
        drawn = draw_notice(app.screen.canvas.copy(), app.ctx.services.layout, app.notice[0])
        shown.append(" ".join(piece.text for piece in drawn))

    code, looked = run_and_look(monkeypatch, tmp_path,
                                ["--keyboard-only", "--state-dir", str(not_a_folder)],
                                then=read_the_notice)
    assert code == 0 and looked.scene == "title"
    assert shown == ["games are not saved: the state folder is a file, not a folder"]


def test_mock_opens_the_pin_map_on_mock_pins_as_the_gpio_warning_suggests(monkeypatch, tmp_path):
    code, looked = run_and_look(monkeypatch, tmp_path, ["--mock"])
    assert code == 0 and looked.scene == "title" and looked.app.notice is None
    assert looked.app.ctx.services.tie_window_ns == settings_file.load().gpio.tie_window_ns


def test_on_mock_pins_the_hints_name_the_keyboards_keys_which_a_hand_presses(monkeypatch,
                                                                               tmp_path):
    code, looked = run_and_look(monkeypatch, tmp_path, ["--mock"])
    assert code == 0 and looked.scene == "title"
    assert looked.app.scene.hint() == "↑/↓ move   Enter select"
    assert looked.app.ctx.services.players_with_pads == 3   # the keyboard pads (not the keypad)


def test_keyboard_keys_this_pygame_refuses_leave_the_menus_and_a_notice(monkeypatch, tmp_path):
    def refused(settings):
        raise CompanionError('keyboard.pads[4].N = "[8]": pygame knows no key by that name')

    monkeypatch.setattr(startup, "KeyMap", refused)
    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only"])
    assert code == 0 and looked.scene == "title"
    assert looked.app.notice
    assert looked.app.notice[0].startswith("no keyboard pads: keyboard.pads[4]")


DAMAGED_CHOICES = {
    "nested 4000 deep": ("[" * 4000 + "\n").encode(), "a UTF-8 BOM": b'\xef\xbb\xbf{"voice": true}',
    "not UTF-8": b"\xff\xfe{", "a number of 5000 digits": b'{"voice": ' + b"9" * 5000 + b"}",
}


@pytest.mark.slow
@pytest.mark.parametrize("damage", DAMAGED_CHOICES)
def test_a_damaged_choices_file_keeps_the_settings_and_the_kiosk_starts(monkeypatch, tmp_path,
                                                                       damage):
    state = tmp_path / "state"
    state.mkdir()
    (state / "preferences.json").write_bytes(DAMAGED_CHOICES[damage])
    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir",
                                                        str(state)])
    assert code == 0 and looked.scene == "title"
    said, _until = looked.app.notice
    assert "cannot read the saved choices" in said and "\n" not in said


def test_a_state_folder_that_is_a_file_leaves_the_kiosk_playing_and_says_games_are_not_saved(
        monkeypatch, tmp_path):
    a_file = tmp_path / "passwd"
    a_file.write_text("root:x:0:0\n")
    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir",
                                                        str(a_file)])
    said, _until = looked.app.notice
    assert code == 0 and looked.scene == "title" and "\n" not in said
    assert said.startswith("games are not saved") and "is a file, not a folder" in said
    assert a_file.read_text() == "root:x:0:0\n"


def test_every_notice_at_start_is_said_in_turn_the_most_urgent_first(monkeypatch, tmp_path):
    a_file = tmp_path / "passwd"
    a_file.write_text("root:x:0:0\n")
    config = tmp_path / "bad-key.toml"
    config.write_text(Path(settings_every_pygame_knows(tmp_path)).read_text()
                      .replace('{ N = "w",', '{ N = "nosuchkey",'))
    said = []
    read_the_notices = notices_read_into(said)

    code, _ = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--config", str(config),
                                                   "--state-dir", str(a_file)],
                           then=read_the_notices)
    assert code == 0 and len(said) == 3
    assert said[0].startswith("games are not saved: ")   # the most urgent first
    assert said[1].startswith("no keyboard pads: ") and "nosuchkey" in said[1]
    assert "cannot read the saved choices" in said[2]   # the folder is a file: no choices


def test_pads_that_can_never_play_are_said_at_start_with_where_to_read_why(
        monkeypatch, tmp_path, capsys):
    """Pads numbered past a gap (players 1, 2, then 4) were dead at the table without a word
    (a maker)."""
    config = tmp_path / "gap.toml"
    config.write_text("[keyboard]\nenabled = false\n" + "".join(
        f"[[gpio.pads]]\nplayer = {player}\nN = {n}\nE = {e}\nS = {s}\nW = {w}\n"
        for player, (n, e, s, w) in [(1, (4, 17, 27, 22)), (2, (10, 9, 11, 8)),
                                     (6, (5, 6, 13, 19)), (7, (12, 16, 20, 21))]))
    said = []
    read_the_notices = notices_read_into(said)

    code, _ = run_and_look(monkeypatch, tmp_path, ["--mock", "--config", str(config)],
                           then=read_the_notices)
    assert code == 0
    assert "the pads of players 6 and 7 never play: companion config --check says why" in said
    journal = capsys.readouterr().err
    assert "the pads of players 6 and 7 never play: player 3 has no pad, and players sit in " \
        "turn from player 1" in journal


def test_mock_pins_with_the_keyboard_switched_off_say_why_no_game_starts(monkeypatch, tmp_path):
    """The set-up said players 1-2 need a pad in the settings file, which gave both a pad
    (a maker: mock pins are pressed on the keyboard, and it was switched off)."""
    config = tmp_path / "no-keys.toml"
    config.write_text(Path(settings_every_pygame_knows(tmp_path)).read_text()
                      .replace('enabled = true\nmenu = "escape"', 'enabled = false\nmenu = "escape"'))
    said = []
    code, _ = run_and_look(monkeypatch, tmp_path, ["--mock", "--config", str(config)],
                           then=notices_read_into(said))
    assert code == 0
    assert "--mock plays the pin map from the keyboard's pads, and [keyboard] is switched " \
        "off" in said


def test_a_state_database_that_links_to_nothing_is_said_at_start_and_left_as_it_is(
        monkeypatch, tmp_path):
    state, usb = tmp_path / "state", tmp_path / "usb" / "companion.sqlite3"
    state.mkdir()
    (state / "companion.sqlite3").symlink_to(usb)
    said = []
    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir",
                                                        str(state)], then=notices_read_into(said))
    assert code == 0 and looked.scene == "title"
    assert said[0] == f"games are not saved: the state database is a dangling link (to {usb})"
    assert (state / "companion.sqlite3").is_symlink() and not usb.parent.exists()


def test_saved_choices_of_the_wrong_kind_are_said_and_the_settings_used(monkeypatch, tmp_path):
    """{"colour_blind": "yes", "voice": [1]} was ignored without a word (a saves tester)."""
    state = tmp_path / "state"
    state.mkdir()
    (state / "preferences.json").write_text('{"colour_blind": "yes", "voice": [1]}')
    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir",
                                                        str(state)])
    assert code == 0 and looked.scene == "title"
    said, _until = looked.app.notice
    assert said.endswith("preferences.json: colour_blind, voice are not true or false: using "
                         "the settings for them")


def test_a_start_problem_too_long_for_body_text_is_shown_whole_in_smaller_text():
    """Every line of the problem and of what to do stands above the hint: the text gets
    smaller before anything is left out (at 800x480 a long state folder's path pushed the end
    of what to do off the screen)."""
    from kiosk_helpers import canvas
    from companion.display.layout import Layout
    from companion.scenes.common.failsafe import draw_problem
    from companion.scenes.start_problem import StartProblem

    surface = canvas()
    layout = Layout(surface.get_size())
    folder = "/tmp/pytest-of-root/pytest-209/test_a_second_kiosk_with_a_settings_mi0/state"
    problem = StartProblem(
        title="Another companion is using the state folder",
        detail=(f"The kiosk (pid 13631) is using {folder}: two kiosks saving there would mix "
                "their games.", "Also: the settings file has a mistake, so the defaults are "
                "used (companion config --check names it).",
                f"{folder}/config.toml: gpio.tie_window_us = \"soon\": expected an integer"),
        todo=f"Stop the other one first, or start this one with --state-dir another folder. "
             f"Played here, nothing is saved or written to {folder}.",
        fallback="play without saving", can_quit=True)
    drawn = draw_problem(surface, layout, problem)
    shown = " ".join(d.text for d in drawn)
    assert shown.replace(" ", "").count(folder) == 3   # broken after a slash, each whole
    assert "(companion config --check names it)." in shown
    assert all(shows_text(surface, d) for d in drawn)
    assert min(d.rect.height for d in drawn) >= 0.03 * min(surface.get_size())


SEVEN_MISTAKES = """[gpio]
debouce_ms = 5
pull_up = "yes"
[[gpio.pads]]
N = 4
E = 4
S = 0
W = 40
[interfaces]
i2s = true
[display]
rotation = 45
size = "10x10"
"""


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_what_to_do_is_shown_whole_however_many_mistakes_the_settings_have(
        monkeypatch, tmp_path, size):
    """Seven mistakes in a settings file under systemd: the detail lines that do not fit give
    way to a count of them, and what to do is shown to its last word (it was cut after
    "companion config --check" at 800x480)."""
    from kiosk_helpers import canvas
    from companion.display.layout import Layout
    from companion.scenes.common.failsafe import draw_problem

    monkeypatch.setenv("INVOCATION_ID", "0123456789abcdef")
    path = tmp_path / "config.toml"
    path.write_text(SEVEN_MISTAKES)
    _, problem = load_settings(str(path))
    assert problem is not None and len(problem.detail) == 7
    assert problem.title == "The settings file has 7 mistakes"
    surface = canvas(size)
    drawn = draw_problem(surface, Layout(surface.get_size()), problem)
    shown = " ".join(d.text for d in drawn)
    assert problem.todo.replace(" ", "") in shown.replace(" ", "")
    assert shown.endswith("then: sudo systemctl restart companion " + drawn[-1].text)
    assert any(d.text.startswith("... and ") and d.text.endswith(" more") for d in drawn)
    assert all(shows_text(surface, d) for d in drawn)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_long_settings_path_is_broken_after_a_slash_in_text_as_large_as_the_rest(
        monkeypatch, tmp_path, size):
    """A settings file 180 characters down: each line of the problem stands inside the screen,
    the path broken after a slash, never drawn smaller than the words around it."""
    from kiosk_helpers import canvas
    from companion.display.layout import Layout
    from companion.scenes.common.failsafe import draw_problem

    folder = tmp_path.joinpath(*(["a-rather-long-folder-name"] * 6))
    folder.mkdir(parents=True)
    path = folder / "config.toml"
    path.write_text('[gpio]\ndebouce_ms = 5\n')
    _, problem = load_settings(str(path))
    assert problem is not None and problem.title == "The settings file has a mistake"
    surface = canvas(size)
    drawn = draw_problem(surface, Layout(surface.get_size()), problem)
    body = [d for d in drawn[1:] if "or a touch" not in d.text]    # not the title, nor the hint
    assert all(surface.get_rect().contains(d.rect) for d in drawn)
    assert len({d.size for d in body}) == 1                          # one size for every line
    assert "".join(d.text for d in body).replace(" ", "").count(str(path)) == 2
    assert any(d.text.endswith("/") for d in body)


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1920, 1080)])
def test_a_notice_shown_over_a_start_problem_covers_none_of_it(size):
    """The kiosk's notices (no pads found, say) take the strip along the bottom; a start
    problem, what to do and its hint all stand above it."""
    from kiosk_helpers import canvas
    from companion.display.layout import Layout
    from companion.scenes.common.failsafe import draw_problem

    surface = canvas(size)
    layout = Layout(surface.get_size())
    _, problem = load_settings("/nowhere/config.toml")
    assert problem is not None
    drawn = draw_problem(surface, layout, problem)
    assert "play with the default settings" in drawn[-1].text
    assert all(piece.rect.bottom <= layout.notice.top for piece in drawn), \
        [(piece.text, piece.rect) for piece in drawn if piece.rect.bottom > layout.notice.top]


def test_a_notice_shown_at_start_with_no_other_is_said_once(monkeypatch, tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    (state / "preferences.json").write_text("garbage{")
    said: list[str] = []
    shown = App._notice

    def notice(app, text, now, level=logging.INFO):   # what goes to the journal and the strip
        said.append(text)
        shown(app, text, now, level)

    monkeypatch.setattr(App, "_notice", notice)
    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir",
                                                        str(state)])
    assert code == 0 and looked.scene == "title"
    assert len([text for text in said if "cannot read the saved choices" in text]) == 1, said


def test_a_laptop_without_gpio_starts_without_a_warning_a_pi_whose_pins_fail_gets_one(
        monkeypatch):
    """A desk user saw "WARNING ... cannot open the GPIO pins" at every start of a laptop, where
    the keyboard is the way to play; a Pi whose pins did not open must still be warned."""
    import logging

    from companion.kiosk import startup

    failed = "cannot open the GPIO pins: Unable to load any default pin factory!"
    monkeypatch.setattr(startup.glob, "glob", lambda pattern: [])
    assert startup.pads_missing_level(failed) == logging.INFO   # the journal still says why
    monkeypatch.setattr(startup.glob, "glob", lambda pattern: ["/dev/gpiochip0"])
    assert startup.pads_missing_level(failed) == logging.WARNING
    assert startup.pads_missing_level(startup.KEYBOARD_ASKED) == logging.DEBUG
