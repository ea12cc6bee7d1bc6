"""``companion run``, the real command in a process of its own, shows its first frame.

With the printed default config and SDL's dummy video driver, on whatever
pygame this suite runs (pip's, or Debian's 2.1.2 in ``make test-pi``): the
kiosk tells systemd READY=1 after its first frame, and ends cleanly on SIGTERM.
"""

import pytest
import os
import signal
import socket
import subprocess
import sys


def companion(*arguments: str, **options) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           **options.pop("env", {})}
    return subprocess.Popen([sys.executable, "-m", "companion", *arguments], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **options)


@pytest.mark.slow
def test_companion_run_with_the_printed_default_config_shows_its_first_frame(tmp_path):
    config = tmp_path / "config.toml"
    printed = companion("config", "--print-default")
    config.write_text(printed.communicate(timeout=120)[0])
    checked = companion("config", "--check", str(config))
    assert checked.communicate(timeout=120)[0].startswith(f"{config}: ok")
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(address)
        listener.settimeout(120)   # a bound on a hang, not a measure of speed
        kiosk = companion("run", "--config", str(config), env={"NOTIFY_SOCKET": address})
        try:
            ready = listener.recv(200)
        finally:
            kiosk.send_signal(signal.SIGTERM)
            _, errors = kiosk.communicate(timeout=120)
    assert ready.startswith(b"READY=1"), errors
    assert kiosk.returncode == 0, errors
