"""The kiosk's systemd unit: valid, hardened, and a kiosk on tty1.

``systemd-analyze verify`` insists that ExecStart's program exists, and
/opt/companion/venv is only there on an installed Pi: the verify test checks a
copy whose ExecStart points at this interpreter instead, nothing else changed.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parent.parent / "systemd" / "companion.service"
INSTALLED_PROGRAM = "/opt/companion/venv/bin/companion"
SECURITY_LIMIT = 1.0
MODULES = UNIT.parent / "companion-modules.conf"

needs_systemd_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed (apt: systemd)")


def settings(text: str) -> list[tuple[str, str, str]]:
    """(section, key, value) for every assignment, in file order."""
    found, section = [], ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        found.append((section, key.strip(), value.strip()))
    return found


def values(key: str, unit: Path = UNIT) -> list[str]:
    """Every value ``key`` is given in ``unit``, in file order."""
    return [v for _, k, v in settings(unit.read_text()) if k == key]


def analyze(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["systemd-analyze", *args], cwd=cwd, capture_output=True, text=True, timeout=60)


@needs_systemd_analyze
def test_the_unit_passes_systemd_analyze_verify_without_a_word(tmp_path):
    text = UNIT.read_text()
    assert INSTALLED_PROGRAM in text
    copy = tmp_path / "companion.service"
    copy.write_text(text.replace(INSTALLED_PROGRAM, sys.executable))
    result = analyze("verify", str(copy), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == "", "verify warned: " + result.stdout + result.stderr


@needs_systemd_analyze
def test_the_unit_is_rated_at_most_1_0_exposed(tmp_path):
    result = analyze("security", "--offline=yes", str(UNIT), cwd=tmp_path)
    match = re.search(r"Overall exposure level for companion\.service: (\d+\.\d+)", result.stdout)
    assert match, result.stdout + result.stderr
    exposure = float(match.group(1))
    print(f"systemd-analyze security --offline=yes: {exposure}")
    assert exposure <= SECURITY_LIMIT


def test_every_device_the_kiosk_opens_is_named_in_a_comment_beside_it():
    lines = UNIT.read_text().splitlines()
    kinds = {"char-drm": "DRM", "char-input": "input", "char-gpiochip": "GPIO", "char-ttyUSB": "serial",
             "char-ttyACM": "serial", "char-ttyAMA": "serial", "char-alsa": "audio", "/dev/tty": "tty"}
    allowed = [i for i, line in enumerate(lines) if line.startswith("DeviceAllow=")]
    assert allowed
    for i in allowed:
        device = lines[i].split("=", 1)[1].split()[0]
        kind = next(name for prefix, name in kinds.items() if device.startswith(prefix))
        comment_above = []
        j = i - 1
        while j >= 0 and (lines[j].startswith("#") or lines[j].startswith("DeviceAllow=")):
            if lines[j].startswith("#"):
                comment_above.append(lines[j])
            j -= 1
        assert any(kind in c for c in comment_above), f"{lines[i]} has no comment naming {kind}"


def test_the_service_notifies_and_is_watched_and_always_restarted():
    assert values("Type") == ["notify"]
    assert values("WatchdogSec") and values("Restart") == ["always"]
    assert values("NotifyAccess") == ["main"]


def test_a_kiosk_the_watchdog_aborts_leaves_where_each_thread_was_in_the_journal():
    # systemd ends a hung kiosk with SIGABRT (WatchdogSignal's default), which Python's
    # fault handler answers with every thread's stack on stderr, the journal
    assert values("WatchdogSignal") in ([], ["SIGABRT"], ["6"])
    assert "PYTHONFAULTHANDLER=1" in values("Environment")
    assert values("StandardError") == ["journal"]


def test_the_kiosk_owns_tty1_instead_of_the_login_prompt():
    assert values("TTYPath") == ["/dev/tty1"]
    assert values("StandardInput") == ["tty"]
    assert "getty@tty1.service" in " ".join(values("Conflicts"))
    assert "SDL_VIDEODRIVER=kmsdrm" in values("Environment")


def test_it_runs_as_its_own_user_and_writes_only_its_state_folder():
    assert values("User") == ["companion"]
    assert values("ProtectSystem") == ["strict"]
    assert values("StateDirectory") == ["companion"]
    assert "COMPANION_STATE_DIR=%S/companion" in values("Environment")
    assert values("ReadWritePaths") == []


def test_sdls_input_gets_udevs_netlink_monitor_and_hot_plug_and_nothing_reaches_a_network():
    assert values("RestrictAddressFamilies") == ["AF_UNIX AF_NETLINK"]
    assert values("PrivateNetwork") in ([], ["no"]), "a private network hides udev's hot-plug events"
    assert values("IPAddressDeny") == ["any"]


#: The device classes that exist only once their driver is loaded, and that driver.
LATE_DRIVERS = {"char-drm": "drm", "char-ttyUSB": "usbserial", "char-ttyACM": "cdc_acm",
                "char-alsa": "snd"}


def test_the_drivers_behind_the_device_list_load_before_the_kiosk_starts():
    loaded = [line.strip() for line in MODULES.read_text().splitlines()
              if line.strip() and not line.startswith(("#", ";"))]
    allowed = {v.split()[0] for v in values("DeviceAllow")}
    for device, driver in LATE_DRIVERS.items():
        assert device in allowed
        assert driver in loaded, f"{device} needs {driver} in {MODULES.name}"
    assert "systemd-modules-load.service" in " ".join(values("After"))


def test_the_working_directory_is_writable_for_lgpio():
    assert values("WorkingDirectory") == ["%t/companion"]
    assert values("RuntimeDirectory") == ["companion"]
