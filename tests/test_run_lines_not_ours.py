"""``companion run``, the real command in a process of its own, on a laptop without a sound card
or a display: the user reads our own lines only, not libasound's ``ALSA lib ...`` lines nor
libwayland's ``XDG_RUNTIME_DIR`` line.
"""

import ctypes
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


@pytest.mark.slow
def test_a_kiosk_without_a_sound_card_says_it_plays_silent_and_prints_no_alsa_lines(tmp_path):
    if listed_cards():
        pytest.skip("this machine has a sound card: ALSA opens it and the tones play")
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(address)
        listener.settimeout(TIMEOUT_S)
        kiosk = companion("run", "--mock", "--state-dir", str(tmp_path / "state"),
                          env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "alsa",
                               "NOTIFY_SOCKET": address})
        try:
            ready = listener.recv(200)
        finally:
            kiosk.send_signal(signal.SIGTERM)
            _, errors = kiosk.communicate(timeout=TIMEOUT_S)
    assert ready.startswith(b"READY=1"), errors
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
