"""``companion run``, the real command in a process of its own, on a laptop without a sound card
or a display: the user reads our own lines only, not libasound's ``ALSA lib ...`` lines nor
libwayland's ``XDG_RUNTIME_DIR`` line.
"""

import ctypes
import glob
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.audio.cards import listed_cards

#: A bound on a hang on a busy machine, not a measure of speed.
TIMEOUT_S = 120
#: What the environment may hold of a desktop, a sound server or a chosen SDL driver.
DESKTOP = ("DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "XDG_RUNTIME_DIR", "PULSE_SERVER",
           "SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "AUDIODEV")


def companion(*arguments: str, env: dict[str, str]) -> subprocess.Popen:
    """``companion ARGUMENTS`` in a child Python, away from any desktop, with ``env`` added."""
    clean = {name: value for name, value in os.environ.items() if name not in DESKTOP}
    return subprocess.Popen([sys.executable, "-m", "companion", *arguments],
                            env={**clean, **env}, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def libwayland_installed() -> bool:
    try:
        ctypes.CDLL("libwayland-client.so.0")
    except OSError:
        return False
    return True


def started_and_stopped(tmp_path: Path, *arguments: str, env: dict[str, str]) -> str:
    """What ``companion run ARGUMENTS`` wrote to stderr once it said it was ready (systemd's
    ``READY=1``, to a socket of the test's) and was stopped (SIGTERM, as systemd stops it)."""
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(address)
        listener.settimeout(TIMEOUT_S)
        kiosk = companion("run", *arguments, "--state-dir", str(tmp_path / "state"),
                          env={"SDL_VIDEODRIVER": "dummy", **env, "NOTIFY_SOCKET": address})
        try:
            ready = listener.recv(200)
        finally:
            kiosk.send_signal(signal.SIGTERM)
            _, errors = kiosk.communicate(timeout=TIMEOUT_S)
    assert ready.startswith(b"READY=1"), errors
    return errors


@pytest.mark.slow
def test_a_kiosk_without_a_sound_card_says_it_plays_silent_and_prints_no_alsa_lines(tmp_path):
    if listed_cards():
        pytest.skip("this machine has a sound card: ALSA opens it and the tones play")
    errors = started_and_stopped(tmp_path, "--mock", env={"SDL_AUDIODRIVER": "alsa"})
    assert "ALSA lib" not in errors
    assert "no sound: /proc/asound/cards lists no sound card, so the table plays silent" in errors


@pytest.mark.slow
def test_a_kiosk_without_a_display_says_no_display_found_and_nothing_of_wayland(tmp_path):
    if not libwayland_installed():
        pytest.skip("libwayland is not installed here: SDL cannot try Wayland")
    if any(Path("/dev/dri").glob("card*")):
        pytest.skip("this machine has a DRM card: SDL's KMSDRM may open a real screen on it")
    kiosk = companion("run", "--mock", "--state-dir", str(tmp_path / "state"),
                      env={"SDL_AUDIODRIVER": "dummy"})
    _, errors = kiosk.communicate(timeout=TIMEOUT_S)
    assert kiosk.returncode == 2, errors
    assert "companion: no display found" in errors
    assert "XDG_RUNTIME_DIR" not in errors


@pytest.mark.slow
def test_a_laptop_without_gpio_plays_with_the_keyboard_without_a_warning(tmp_path):
    """A desk user read "WARNING ... no button pads: playing with the keyboard" at every start,
    where the keyboard is the way to play: the screen's notice stays, the journal says it as
    information (a Pi whose pins did not open is warned: test_run_start_problems)."""
    if glob.glob("/dev/gpiochip*"):
        pytest.skip("this machine has a GPIO chip: pads that do not open there are warned")
    errors = started_and_stopped(tmp_path, env={"SDL_AUDIODRIVER": "dummy"})
    assert "notice: no button pads: playing with the keyboard" in errors
    assert "WARNING" not in errors, errors


@pytest.mark.slow
def test_the_wiring_check_on_screen_without_a_sound_card_prints_no_alsa_lines(tmp_path):
    """``companion buttons --screen`` plays no sound, yet it opened the mixer: libasound wrote
    its ``ALSA lib ...`` lines under the check's own on a machine with no sound card."""
    if listed_cards():
        pytest.skip("this machine has a sound card: ALSA opens it")
    check = companion("buttons", "--mock", "--screen", "--png", str(tmp_path / "check.png"),
                      env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "alsa"})
    out, errors = check.communicate(timeout=TIMEOUT_S)
    assert "not yet: player 1 N E S W" in out, errors   # the check ran: nobody pressed
    assert (tmp_path / "check.png").exists()
    assert "ALSA lib" not in errors and "ALSA lib" not in out, errors
