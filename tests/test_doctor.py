"""``companion doctor``: one line per check, OK or what to do; a Pi faked below a root folder."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion import cli
from companion.commands import doctor
from companion.tools.doctor.host import FIX, OK, SKIP, Check, Host, play_tone

SERVICE_RUNNING = {"LoadState": "loaded", "ActiveState": "active", "SubState": "running",
                   "UnitFileState": "enabled", "StatusText": "kiosk up", "NRestarts": "0"}


def write(root: Path, path: str, text: str = "") -> Path:
    target = root / path.lstrip("/")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    return target


def fake_pi(root: Path) -> Path:
    """A Raspberry Pi 5 on Bookworm with a display, a keyboard, EGL and its GPIO chip."""
    write(root, "/proc/device-tree/model", "Raspberry Pi 5 Model B Rev 1.0\0")
    write(root, "/etc/os-release", 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n'
                                   "VERSION_CODENAME=bookworm\n")
    write(root, "/sys/class/drm/card1-HDMI-A-1/status", "connected\n")
    write(root, "/sys/class/drm/card1-HDMI-A-2/status", "disconnected\n")
    write(root, "/dev/input/event0")
    write(root, "/sys/class/input/event0/device/name", "USB Keyboard\n")
    write(root, "/dev/gpiochip0")
    for library in ("libEGL.so.1", "libGLESv2.so.2", "libEGL_mesa.so.0", "dri/v3d_dri.so"):
        write(root, f"/usr/lib/aarch64-linux-gnu/{library}")
    (root / "var/lib/companion").mkdir(parents=True)
    return root


def systemctl_says(state: dict[str, str] | None):
    def run(argv: list[str]) -> tuple[int, str]:
        if state is None:
            return 1, ""
        return 0, "".join(f"{key}={value}\n" for key, value in state.items())
    return run


def pi_host(root: Path, service=SERVICE_RUNNING, video=("kmsdrm", ""), tone=(True, "")) -> Host:
    """A live host whose files are below ``root`` and whose commands and probes are faked."""
    return Host(root=root, environ={}, run=systemctl_says(service), live=True,
                probe_video=lambda driver: video, chip_labels=lambda chips: {0: "pinctrl-rp1"},
                play_tone=lambda device: tone)


def arguments(**overrides) -> SimpleNamespace:
    base = dict(json=False, config=None, state_dir=None, clock_check=False, mock=False, root="/")
    return SimpleNamespace(**{**base, **overrides})


def by_name(host: Host, **overrides) -> dict[str, Check]:
    return {check.name: check for check in doctor.checks(arguments(**overrides), host)}


def test_on_a_ready_pi_every_check_is_ok_or_says_why_it_was_not_run(tmp_path):
    found = by_name(pi_host(fake_pi(tmp_path)), state_dir=str(tmp_path / "state"))
    assert found["machine"].status == OK and "Raspberry Pi 5" in found["machine"].text
    assert found["display"].status == OK and "HDMI-A-1 connected" in found["display"].text
    assert found["input"].status == OK and "event0 USB Keyboard" in found["input"].text
    assert found["gpio"].status == OK and "gpiochip0 (pinctrl-rp1)" in found["gpio"].text
    assert found["egl"].status == OK
    assert found["service"].status == OK and "kiosk up" in found["service"].text
    assert found["video"].status == OK and "holds the display" in found["video"].text
    assert found["clock"].status == SKIP and "--clock-check" in found["clock"].text
    assert found["serial"].status == SKIP


def test_missing_egl_on_a_pi_names_the_packages_to_install(tmp_path):
    root = fake_pi(tmp_path)
    (root / "usr/lib/aarch64-linux-gnu/libEGL_mesa.so.0").unlink()
    (root / "usr/lib/aarch64-linux-gnu/dri/v3d_dri.so").unlink()
    egl = by_name(pi_host(root))["egl"]
    assert egl.status == FIX
    assert egl.text.endswith("sudo apt-get install libegl-mesa0 libgl1-mesa-dri")


def test_the_display_check_names_the_card_the_kiosk_opens_on_a_pi_5_with_a_dsi_panel(tmp_path):
    root = fake_pi(tmp_path)
    write(root, "/sys/class/drm/card1-HDMI-A-1/status", "disconnected\n")
    write(root, "/sys/class/drm/card2-DSI-1/status", "connected\n")
    found = by_name(pi_host(root), state_dir=str(tmp_path / "state"))
    assert found["display"].status == OK
    assert found["display"].text.endswith(
        "the kiosk opens card2 (DSI-1): SDL_KMSDRM_DEVICE_INDEX=2")

def test_no_display_connected_on_a_pi_says_to_check_the_cable(tmp_path):
    root = fake_pi(tmp_path)
    write(root, "/sys/class/drm/card1-HDMI-A-1/status", "disconnected\n")
    display = by_name(pi_host(root))["display"]
    assert display.status == FIX and "cable" in display.text


def display_line_without_a_drm_device(tmp_path, config_txt: str, capsys) -> dict:
    """``companion doctor --root`` on a Pi with this ``config.txt`` whose kernel has no DRM
    display device: its display line."""
    root = fake_pi(tmp_path / "root")
    for status in (root / "sys/class/drm").glob("*/status"):
        status.unlink()
        status.parent.rmdir()
    write(root, "/boot/firmware/config.txt", config_txt)
    cli.main(["doctor", "--json", "--root", str(root), "--state-dir", str(tmp_path / "state"),
              "--config", no_keyboard(tmp_path)])
    return {c["name"]: c for c in json.loads(capsys.readouterr().out)["checks"]}["display"]


def test_no_drm_device_though_config_txt_loads_the_driver_says_to_reboot_or_read_dmesg(
        tmp_path, capsys):
    display = display_line_without_a_drm_device(tmp_path, "[all]\ndtoverlay=vc4-kms-v3d\n",
                                                 capsys)
    assert display == {"name": "display", "status": FIX, "text": (
        "no DRM display device: /boot/firmware/config.txt line 2 has dtoverlay=vc4-kms-v3d, yet "
        "the driver did not start: reboot if the line is newer than this boot; else "
        "dmesg | grep -i vc4 says why")}


@pytest.mark.parametrize("config_txt, to_do", [
    ("dtparam=audio=on\n", "dtoverlay=vc4-kms-v3d is not in /boot/firmware/config.txt (the "
                           "Bookworm default): add it; reboot"),
    ("dtparam=audio=on\n# dtoverlay=vc4-kms-v3d\n",
     "/boot/firmware/config.txt line 2: remove the # before dtoverlay=vc4-kms-v3d; reboot"),
    ("dtoverlay=vc4-fkms-v3d\n", "/boot/firmware/config.txt line 1: dtoverlay=vc4-fkms-v3d is "
                                 "the old fake-KMS driver: make it dtoverlay=vc4-kms-v3d; reboot"),
    ("[pi4]\ndtoverlay=vc4-kms-v3d\n",
     "/boot/firmware/config.txt line 2: dtoverlay=vc4-kms-v3d is in a section this Raspberry "
     "Pi 5 Model B Rev 1.0 does not read: move it under [all]; reboot"),
])
def test_no_drm_device_names_what_to_change_in_config_txt_to_load_the_driver(
        tmp_path, capsys, config_txt, to_do):
    display = display_line_without_a_drm_device(tmp_path, config_txt, capsys)
    assert display == {"name": "display", "status": FIX,
                       "text": f"no DRM display device: {to_do}"}


def test_a_pi_without_the_service_says_to_run_the_installer(tmp_path):
    service = by_name(pi_host(fake_pi(tmp_path), service={"LoadState": "not-found"}))["service"]
    assert service.status == FIX and "install.sh" in service.text


def test_a_failed_service_points_at_its_journal(tmp_path):
    failed = {**SERVICE_RUNNING, "ActiveState": "failed", "SubState": "failed"}
    service = by_name(pi_host(fake_pi(tmp_path), service=failed))["service"]
    assert service.status == FIX and "journalctl -u companion" in service.text


def test_a_display_that_does_not_open_on_a_pi_is_to_fix(tmp_path):
    video = by_name(pi_host(fake_pi(tmp_path), service=None,
                            video=(None, "kmsdrm not available")))["video"]
    assert video.status == FIX and "kmsdrm not available" in video.text


def test_a_configured_serial_controller_that_is_not_plugged_in_is_to_fix(tmp_path):
    settings = write(tmp_path, "config.toml", "[gpio]\nenabled = false\n[serial]\nenabled = true\n")
    serial = by_name(pi_host(fake_pi(tmp_path / "root")), config=str(settings))["serial"]
    assert serial.status == FIX and "is not there" in serial.text and "udev rule" in serial.text


def test_a_port_named_in_the_settings_that_is_not_there_is_not_blamed_on_the_udev_rule(
        tmp_path):
    """"/dev/ttyUSB7 is not there ... a board the udev rule does not know needs its ids added"
    (a maker): no rule names that port; the board may sit on another one."""
    settings = write(tmp_path, "config.toml", '[gpio]\nenabled = false\n[serial]\nenabled = '
                                              'true\ndevice = "/dev/ttyUSB7"\n')
    serial = by_name(pi_host(fake_pi(tmp_path / "root")), config=str(settings))["serial"]
    assert serial.status == FIX and serial.text.startswith("/dev/ttyUSB7 is not there")
    assert "ids added" not in serial.text and "ls /dev/ttyUSB* /dev/ttyACM*" in serial.text


def serial_on_a_port(tmp_path, board: str, port) -> Check:
    """The doctor's serial line for settings naming ``board`` on a port (a character device)
    behind which ``port`` answers as a controller would."""
    from functools import partial

    from companion.tools.doctor.host import ask_controller

    root = fake_pi(tmp_path / "root")
    (root / "dev" / "ttyUSB0").symlink_to("/dev/null")   # a character device this user opens
    settings = write(tmp_path, "config.toml", "[gpio]\nenabled = false\n[serial]\nenabled = "
                                              f'true\ndevice = "/dev/ttyUSB0"\nboard = "{board}"\n')
    host = pi_host(root, service=None)   # the kiosk not running: the port is free
    host.ask_controller = partial(ask_controller, wait_s=1.5, open_serial=lambda path: port)
    return by_name(host, config=str(settings))["serial"]


def test_a_controller_that_answers_as_the_settings_board_is_ok(tmp_path):
    from test_serial_kiosk import FakeController

    serial = serial_on_a_port(tmp_path, "nano", FakeController())
    assert serial == Check("serial", OK, "/dev/ttyUSB0: nano controller (firmware 1, 16 pins), "
                                         "answering")


def test_a_controller_that_is_another_board_or_says_nothing_is_to_fix(tmp_path):
    """Both passed as 'is there and can be opened' (a maker: a Nano where the settings say
    mega, and a bare port with nothing behind it)."""
    from test_serial_kiosk import FakeController

    class Silent(FakeController):
        def write(self, data: bytes) -> None:   # hears the requests, never answers
            pass

    other = serial_on_a_port(tmp_path / "mega", "mega", FakeController())
    assert other.status == FIX and 'write board = "nano" in [serial]' in other.text
    silent = serial_on_a_port(tmp_path / "bare", "nano", Silent())
    assert silent.status == FIX and silent.text.count("/dev/ttyUSB0") == 1
    assert ("silent" in silent.text or "nothing on it answered" in silent.text) \
        and "flash the nano with the companion's firmware" in silent.text


def test_a_controller_the_running_kiosk_holds_is_not_asked_who_it_is(tmp_path):
    root = fake_pi(tmp_path / "root")
    (root / "dev" / "ttyUSB0").symlink_to("/dev/null")
    settings = write(tmp_path, "config.toml", "[gpio]\nenabled = false\n[serial]\nenabled = "
                                              'true\ndevice = "/dev/ttyUSB0"\n')
    host = pi_host(root)
    host.ask_controller = lambda device, board: pytest.fail("asked while the kiosk holds it")
    serial = by_name(host, config=str(settings))["serial"]
    assert serial.status == OK and "not asked who it is while the kiosk holds it" in serial.text


@pytest.mark.parametrize("device", ["/dev", "/etc/passwd"])
def test_a_serial_device_that_is_a_folder_or_a_file_is_to_fix(tmp_path, device):
    root = fake_pi(tmp_path / "root")
    write(root, "/etc/passwd", "root:x:0:0::/root:/bin/sh\n")
    settings = write(tmp_path, "config.toml", "[gpio]\nenabled = false\n[serial]\nenabled = "
                                              f"true\ndevice = \"{device}\"\n")
    serial = by_name(pi_host(root), config=str(settings))["serial"]
    assert serial.status == FIX and serial.text.startswith(f"{device} is not a serial device")


def test_with_a_mistake_in_the_settings_the_serial_line_says_it_read_the_defaults(tmp_path):
    settings = write(tmp_path, "config.toml", "[serial]\nenabled = true\nboard = \"uno\"\n")
    serial = by_name(pi_host(fake_pi(tmp_path / "root")), config=str(settings))["serial"]
    assert serial.text == ("no serial controller in the settings ([serial] enabled = false) "
                           "(the default settings: the settings file does not load)")


def test_a_mistake_in_the_settings_is_to_fix(tmp_path):
    settings = write(tmp_path, "config.toml", "[gpio]\nstuck_s = inf\n")
    found = by_name(pi_host(fake_pi(tmp_path / "root")), config=str(settings))["settings"]
    assert found.status == FIX and "companion config --check" in found.text


def test_a_state_folder_that_cannot_be_made_is_to_fix(tmp_path):
    in_the_way = write(tmp_path, "file", "not a folder")
    host = pi_host(fake_pi(tmp_path / "root"))
    state = by_name(host, state_dir=str(in_the_way / "state"))["state"]
    assert state.status == FIX and f"{in_the_way} is a file, not a folder" in state.text


def test_a_state_folder_where_no_folder_can_be_made_is_to_fix(tmp_path):
    host = pi_host(fake_pi(tmp_path / "root"))
    state = by_name(host, state_dir="/proc/companion-state")["state"]   # root is refused too
    assert state.status == FIX and "no folder can be made in /proc" in state.text


def test_a_state_folder_still_to_make_is_fine_where_a_folder_can_be_made(tmp_path):
    host = pi_host(fake_pi(tmp_path / "root"))
    state = by_name(host, state_dir=str(tmp_path / "new" / "state"))["state"]
    assert state.status == OK and "will be made at the first save" in state.text
    assert not (tmp_path / "new").exists() and list(tmp_path.iterdir()) == [tmp_path / "root"]


def test_a_state_folder_on_a_nearly_full_disk_is_to_fix(tmp_path, monkeypatch):
    kept_database(tmp_path / "state")
    disk = os.statvfs(tmp_path)
    blocks = 60 * 2**20 // disk.f_frsize                      # a 60 MB disk, 1.8 MB free
    nearly_full = os.statvfs_result((disk.f_bsize, disk.f_frsize, blocks, 0,
                                     int(1.8 * 2**20) // disk.f_frsize, *disk[5:]))
    monkeypatch.setattr(os, "statvfs", lambda folder: nearly_full)
    state = by_name(pi_host(fake_pi(tmp_path / "root")), state_dir=str(tmp_path / "state"))
    assert state["state"].status == FIX
    assert state["state"].text == (f"the disk holding {tmp_path / 'state'} is full: 2 MB left, "
                                   "under the 3 MB the companion keeps free, so no game is "
                                   "saved: free some space")


def kept_database(folder: Path) -> Path:
    """A state folder holding a sound state database; the database's path."""
    from companion.storage.database import Database
    with Database.in_folder(folder) as database:
        database.read("SELECT count(*) FROM sqlite_master")
    return folder / "companion.sqlite3"


def test_a_sound_state_database_is_ok(tmp_path):
    kept_database(tmp_path / "state")
    state = by_name(pi_host(fake_pi(tmp_path / "root")), state_dir=str(tmp_path / "state"))
    assert state["state"].status == OK and "its database is sound" in state["state"].text


@pytest.mark.parametrize("damage", ["pages", "not a database", "empty"])
def test_a_damaged_state_database_is_to_fix_and_history_check_named(tmp_path, damage):
    path = kept_database(tmp_path / "state")
    data = bytearray(path.read_bytes())
    if damage == "pages":   # every page but the header's, bytes flipped here and there
        for i in range(4096, len(data), 997):
            data[i] ^= 0x5A
    path.write_bytes({"pages": bytes(data), "not a database": b"hello\n", "empty": b""}[damage])
    state = by_name(pi_host(fake_pi(tmp_path / "root")), state_dir=str(tmp_path / "state"))
    assert state["state"].status == FIX and str(path) in state["state"].text
    assert f"companion history --check --state-dir {tmp_path / 'state'}" in state["state"].text
    assert "\n" not in state["state"].text


def test_a_folder_in_place_of_the_state_database_is_to_fix(tmp_path):
    (tmp_path / "state" / "companion.sqlite3").mkdir(parents=True)
    state = by_name(pi_host(fake_pi(tmp_path / "root")), state_dir=str(tmp_path / "state"))
    assert state["state"].status == FIX and state["state"].text == (
        f"{tmp_path / 'state' / 'companion.sqlite3'} is a folder, not the state database: "
        "move the folder away")


@pytest.mark.parametrize("file", ["companion.sqlite3", "companion.sqlite3-wal"])
def test_a_state_database_made_read_only_is_to_fix_though_its_folder_is_writable(tmp_path, file):
    path = kept_database(tmp_path / "state").with_name(file)
    path.touch()
    path.chmod(0o444)
    state = by_name(pi_host(fake_pi(tmp_path / "root")), state_dir=str(tmp_path / "state"))
    assert state["state"].status == FIX and state["state"].text == (
        f"{path} is read-only: make it writable, e.g. sudo chmod u+w {path}")


def test_a_state_folder_that_is_a_file_is_to_fix(tmp_path):
    a_file = write(tmp_path, "passwd", "root:x:0:0\n")
    state = by_name(pi_host(fake_pi(tmp_path / "root")), state_dir=str(a_file))["state"]
    assert state.status == FIX and state.text.startswith(
        f"the state folder {a_file} is a file, not a folder")


def no_keyboard(folder: Path) -> str:
    """Settings without keyboard keys (pygame 2.1.2 refuses some default names)."""
    return str(write(folder, "no-keyboard.toml", "[keyboard]\nenabled = false\n"))


def test_on_a_machine_that_is_not_a_pi_the_pi_checks_do_not_apply_and_it_exits_0(tmp_path, capsys):
    code = cli.main(["doctor", "--root", str(tmp_path), "--state-dir", str(tmp_path / "state"),
                     "--config", no_keyboard(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    lines = out.splitlines()
    assert lines[-1] == "nothing to fix"
    assert all(line.startswith(("OK ", "-- ")) for line in lines[:-1])
    assert "not a Raspberry Pi" in lines[0]


@pytest.mark.slow
def test_json_parses_and_has_one_entry_per_check_on_this_machine(tmp_path, capsys):
    code = cli.main(["doctor", "--json", "--state-dir", str(tmp_path / "state")])
    found = json.loads(capsys.readouterr().out)
    assert code == (1 if found["to_fix"] else 0)
    names = [check["name"] for check in found["checks"]]
    assert names == ["machine", "settings", "pygame", "video", "egl", "display", "rotation", "sound",
                     "input",
                     "gpio", "clock", "serial", "state", "service"]
    assert {check["status"] for check in found["checks"]} <= {OK, FIX, SKIP}


def test_the_clock_check_on_a_laptop_without_mock_pins_does_not_apply(tmp_path, capsys):
    code = cli.main(["doctor", "--json", "--clock-check", "--root", str(tmp_path),
                     "--state-dir", str(tmp_path / "state"), "--config", no_keyboard(tmp_path)])
    found = {c["name"]: c for c in json.loads(capsys.readouterr().out)["checks"]}
    assert found["clock"] == {"name": "clock", "status": SKIP, "text": (
        "no GPIO here, so no press to stamp; --clock-check --mock tries the check on mock pins")}
    assert FIX not in {check["status"] for check in found.values()} and code == 0


def test_the_clock_check_is_the_buttons_check_on_a_pressed_pin(tmp_path, capsys):
    code = cli.main(["doctor", "--json", "--clock-check", "--mock", "--root", str(tmp_path),
                     "--state-dir", str(tmp_path / "state"), "--config", no_keyboard(tmp_path)])
    found = {c["name"]: c for c in json.loads(capsys.readouterr().out)["checks"]}
    assert code == 0
    assert found["clock"] == {"name": "clock", "status": OK,
                              "text": "mock pins: stamps are CLOCK_MONOTONIC: good"}


UNIT = "[Service]\nUser=companion\nStateDirectory=companion\n"


def test_the_settings_line_checks_the_file_the_kiosks_service_reads_not_the_callers_own(
        tmp_path, monkeypatch):
    """A maker who wrote the settings into their own ~/.config is told the service never reads
    it: the doctor checks the file the service reads (here with a mistake), and names both."""
    from companion.config import settings as settings_file

    root = fake_pi(tmp_path / "root")
    write(root, "/etc/systemd/system/companion.service", UNIT)
    service_file = write(root, "/etc/companion/config.toml", "[gpio]\nstuck_s = inf\n")
    own = write(tmp_path, "home/.config/companion/config.toml", "[keyboard]\nenabled = false\n")
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setattr(settings_file, "SEARCH_PATH", (own, settings_file.SYSTEM_FILE))
    found = by_name(pi_host(root))["settings"]
    assert found.status == FIX and str(service_file) in found.text
    assert found.text.endswith(f"(what companion.service reads; your own {own} is read only by "
                               "the commands you run, never by the kiosk: edit "
                               f"{service_file} for the kiosk)")


def test_the_settings_of_a_mounted_sd_card_are_its_own_not_this_machines(tmp_path, capsys):
    """``doctor --root`` reads the settings below the root, as its service would, and the
    pygame the service's venv would import there."""
    root = fake_pi(tmp_path / "root")
    write(root, "/etc/systemd/system/companion.service", UNIT)
    service_file = write(root, "/etc/companion/config.toml", "[gpio]\nstuck_s = inf\n")
    write(root, "/opt/companion/venv/lib/python3.11/site-packages/pygame/__init__.py")
    assert cli.main(["doctor", "--json", "--root", str(root)]) == 1
    found = {c["name"]: c for c in json.loads(capsys.readouterr().out)["checks"]}
    assert found["settings"]["status"] == FIX and str(service_file) in found["settings"]["text"]
    assert found["pygame"] == {"name": "pygame", "status": FIX, "text": (
        "/opt/companion/venv/lib/python3.11/site-packages/pygame: a pip-installed pygame "
        "(without KMSDRM) hides Debian's python3-pygame from the service: remove it")}
    service_file.write_text("[keyboard]\nenabled = false\n")
    write(root, "/usr/lib/python3/dist-packages/pygame/__init__.py")
    (root / "opt").rename(tmp_path / "opt-gone")
    cli.main(["doctor", "--json", "--root", str(root)])
    found = {c["name"]: c for c in json.loads(capsys.readouterr().out)["checks"]}
    assert found["settings"] == {"name": "settings", "status": OK,
                                 "text": f"{service_file} (what companion.service reads)"}
    assert found["pygame"]["status"] == OK


@pytest.mark.parametrize("root", ["/no/such/folder"])
def test_a_root_that_is_not_a_folder_is_one_line(root, capsys):
    assert cli.main(["doctor", "--root", root]) == 2
    assert capsys.readouterr().err == f"companion: --root {root}: not a folder\n"


def test_a_keyboard_key_this_pygame_refuses_is_to_fix(tmp_path, monkeypatch):
    from companion.kiosk import startup
    from companion.errors import CompanionError

    def refused(settings):
        raise CompanionError('keyboard.pads[4].N = "[8]": pygame knows no key by that name')

    monkeypatch.setattr(startup, "KeyMap", refused)
    found = by_name(pi_host(fake_pi(tmp_path)))["settings"]
    assert found.status == FIX and found.text.startswith('keyboard.pads[4].N = "[8]"')


def rotation_check(tmp_path, config_txt: str, rotation: int) -> Check:
    """The doctor's rotation line on a Pi with this ``config.txt`` and ``[display] rotation``."""
    root = fake_pi(tmp_path)
    write(root, "/boot/firmware/config.txt", config_txt)
    settings = write(tmp_path, "config.toml", f"[display]\nrotation = {rotation}\n")
    return by_name(pi_host(root), config=str(settings), state_dir=str(tmp_path / "state"))["rotation"]


def test_a_touchscreen_turned_in_config_txt_and_by_the_settings_is_turned_twice(tmp_path):
    config_txt = ("[all]\ndtoverlay=vc4-kms-v3d\n"
                  "dtoverlay=vc4-kms-dsi-7inch,invx,invy  # mounted upside down\n")
    assert rotation_check(tmp_path, config_txt, 180) == Check(
        "rotation", FIX, "touch turned twice: /boot/firmware/config.txt line 3 (invx, invy) and "
                         "[display] rotation = 180: remove those parameters, [display] rotation "
                         "turns the picture and the touch together")


def test_the_documented_way_turns_picture_and_touch_by_the_settings_alone(tmp_path):
    found = rotation_check(tmp_path, "dtoverlay=vc4-kms-v3d\ndtoverlay=vc4-kms-dsi-7inch,invx=0\n",
                           180)
    assert found.status == OK
    assert found.text.startswith("[display] rotation = 180 turns the picture and")


def gpio_check(tmp_path, config_txt: str, model: str = "Raspberry Pi 4 Model B Rev 1.5",
               settings: str = "") -> Check:
    """The doctor's gpio line on a Pi ``model`` with this ``config.txt`` and settings."""
    root = fake_pi(tmp_path / "root")
    write(root, "/proc/device-tree/model", f"{model}\0")
    write(root, "/boot/firmware/config.txt", config_txt)
    path = write(tmp_path, "config.toml", settings)
    return by_name(pi_host(root), config=str(path), state_dir=str(tmp_path / "state"))["gpio"]


def test_an_interface_config_txt_switches_on_over_the_pads_pins_is_to_fix(tmp_path):
    """SPI's pins are pads 2 and 4 of the default map: the kernel holds them from boot and
    every pad fails to open ("GPIO busy"), so the line that switches SPI on is named."""
    found = gpio_check(tmp_path, "dtparam=audio=on\n#dtparam=i2c_arm=on\ndtparam=spi=on\n")
    assert found == Check("gpio", FIX, (
        "/boot/firmware/config.txt line 3: dtparam=spi=on switches on SPI0, which holds "
        "GPIO7 (pin 26) to player 4 W, GPIO8 (pin 24) to player 2 W, GPIO9 (pin 21) to player 2 "
        "E, GPIO10 (pin 19) to player 2 N, GPIO11 (pin 23) to player 2 S in the settings: "
        "comment that line out and reboot, or wire those buttons to other pins"))


@pytest.mark.parametrize("line, pin", [("dtoverlay=w1-gpio", "GPIO4 (pin 7) to player 1 N"),
                                       ("dtoverlay=w1-gpio,gpiopin=17", "GPIO17 (pin 11) to "
                                                                         "player 1 E"),
                                       ("dtparam=i2c_arm=on", "GPIO2 (pin 3) to player 6 N"),
                                       ("enable_uart=1", "GPIO14 (pin 8) to player 6 S"),
                                       ("dtoverlay=hifiberry-dac", "GPIO21 (pin 40) to player 5 W"),
                                       # a maker's config.txt lines doctor passed as OK:
                                       ("dtoverlay=gpio-shutdown", "GPIO3 (pin 5) to player 6 E"),
                                       ("dtparam=i2c1=on", "GPIO2 (pin 3) to player 6 N"),
                                       ("dtoverlay=i2c-gpio,i2c_gpio_sda=5,i2c_gpio_scl=6",
                                        "GPIO5 (pin 29) to player 3 N, GPIO6 (pin 31) to player "
                                        "3 E"),
                                       ("dtoverlay=gpio-fan,gpiopin=14",
                                        "GPIO14 (pin 8) to player 6 S")])
def test_each_way_config_txt_takes_a_pads_pin_is_read(tmp_path, line, pin):
    found = gpio_check(tmp_path, f"[all]\n{line}  # switched on by raspi-config\n")
    assert found.status == FIX and f"line 2: {line} switches on" in found.text and pin in found.text


@pytest.mark.parametrize("config_txt", [
    "[pi3]\nenable_uart=1\n[all]\n",                 # the Pi 4 reads no [pi3] line
    "[none]\ndtparam=spi=on\n",
    "dtparam=spi=on\ndtparam=spi=off\n",               # the last line wins
    "enable_uart=1\nenable_uart=0\n",
    "#dtparam=i2c_arm=on\ndtparam=i2c_arm=off\n"])
def test_an_interface_config_txt_leaves_off_for_this_pi_is_no_clash(tmp_path, config_txt):
    assert gpio_check(tmp_path, config_txt).status == OK


def test_a_section_for_this_pi_is_read_and_an_extra_uart_overlay_is_known(tmp_path):
    found = gpio_check(tmp_path, "[pi4]\ndtoverlay=uart3\n[all]\n")
    assert found.status == FIX and "line 2: dtoverlay=uart3 switches on UART3, which holds " \
        "GPIO4 (pin 7) to player 1 N, GPIO5 (pin 29) to player 3 N" in found.text


def test_every_interface_over_the_pads_pins_is_named_at_once(tmp_path):
    found = gpio_check(tmp_path / "two", "dtparam=i2c_arm=on\nenable_uart=1\n")
    assert "line 1: dtparam=i2c_arm=on switches on I2C" in found.text
    assert "line 2: enable_uart=1 switches on UART" in found.text
    assert found.text.endswith("comment those lines out and reboot, or wire those buttons to "
                               "other pins")


def test_interfaces_on_pins_the_settings_leave_free_are_fine(tmp_path):
    four_pads = "[gpio]\npads = [{ N = 4, E = 17, S = 27, W = 22 }]\ncontrols = {}\n"
    assert gpio_check(tmp_path / "four", "dtparam=spi=on\ndtparam=i2c_arm=on\nenable_uart=1\n",
                      settings=four_pads).status == OK
    assert gpio_check(tmp_path / "off", "dtparam=spi=on\n", settings="[gpio]\nenabled = false\n"
                      ).status == OK


def test_enable_uart_on_a_pi_5_is_its_debug_connector_not_the_pads_pins(tmp_path):
    assert gpio_check(tmp_path, "enable_uart=1\n", model="Raspberry Pi 5 Model B Rev 1.0"
                      ).status == OK


def test_an_old_rotation_key_kms_ignores_is_a_fix(tmp_path):
    root = fake_pi(tmp_path)
    write(root, "/boot/config.txt", "display_lcd_rotate=2\n")
    found = by_name(pi_host(root), state_dir=str(tmp_path / "state"))
    assert found["rotation"].status == FIX
    assert found["rotation"].text.startswith(
        "/boot/config.txt line 1: display_lcd_rotate=2 turns nothing under KMS")


@pytest.mark.parametrize("line, what", [
    ("dtoverlay=vc4-kms-dsi-7inch,swapxy,invy", ("swapxy", "invy")),
    ("dtoverlay=goodix,touchscreen-inverted-x=1", ("touchscreen-inverted-x",)),
    ("dtparam=touchscreen-swapped-x-y", ("touchscreen-swapped-x-y",)),
    ("dtoverlay=vc4-kms-dsi-7inch,invx=off", ()),
    ("dtoverlay=invx", ()),              # an overlay's name is not a parameter
    ("# dtoverlay=vc4-kms-dsi-7inch,invx", ()),
])
def test_each_way_config_txt_turns_a_touchscreen_is_read(line, what):
    from companion.boards.boot_config import touch_turns
    assert tuple(w for turn in touch_turns(line) for w in turn.what) == what


PI_5_CARDS = (" 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0\n                      vc4-hdmi-0\n"
              " 1 [vc4hdmi1       ]: vc4-hdmi - vc4-hdmi-1\n                      vc4-hdmi-1\n")


def sound_check(tmp_path, cards: str | None, device: str = "", **host) -> Check:
    """The doctor's sound line on a Pi 5 with these ``/proc/asound/cards`` and ``[sound] device``."""
    root = fake_pi(tmp_path)
    if cards is not None:
        write(root, "/proc/asound/cards", cards)
    settings = write(tmp_path, "config.toml", f'[sound]\ndevice = "{device}"\n')
    return by_name(pi_host(root, **host), config=str(settings),
                   state_dir=str(tmp_path / "state"))["sound"]


def test_a_pi_5_without_a_sound_card_is_told_its_options(tmp_path):
    found = sound_check(tmp_path, cards=None)
    assert found.status == FIX and "a Pi 5 has no headphone jack" in found.text


def test_a_pi_4_without_a_sound_card_is_pointed_at_its_headphone_jack_not_told_it_has_none(
        tmp_path):
    """A Pi 4 was told "a Pi 5 has no headphone jack" (a maker): it has one, off when
    config.txt turns audio off."""
    root = fake_pi(tmp_path)
    write(root, "/proc/device-tree/model", "Raspberry Pi 4 Model B Rev 1.5\0")
    found = by_name(pi_host(root), config=str(write(tmp_path, "config.toml", "")),
                    state_dir=str(tmp_path / "state"))["sound"]
    assert found.status == FIX and "Pi 5" not in found.text
    assert "dtparam=audio=on" in found.text and "headphone jack" in found.text


def test_hdmi_sound_on_hw_is_refused_with_the_name_that_works(tmp_path):
    assert sound_check(tmp_path, PI_5_CARDS, "hw:1,0") == Check(
        "sound", FIX, '[sound] device = hw:1,0: HDMI refuses plain samples on hw:, use '
                      '"sysdefault:CARD=vc4hdmi1"')


def test_a_sound_device_naming_a_card_that_is_not_there_is_a_fix(tmp_path):
    found = sound_check(tmp_path, PI_5_CARDS, "sysdefault:CARD=Device")
    assert found.status == FIX
    assert found.text == ("[sound] device = sysdefault:CARD=Device names card Device, which is "
                          "not here (cards: vc4hdmi0, vc4hdmi1)")


def test_the_sound_line_says_which_device_plays(tmp_path):
    usb = PI_5_CARDS + " 2 [Device         ]: USB-Audio - USB Audio Device\n"
    assert sound_check(tmp_path, usb, "plughw:2,0") == Check(
        "sound", OK, "tones and voice play on plughw:2,0 (cards: vc4hdmi0, vc4hdmi1, Device): a "
                     "short tone just played there; no tone heard: check the volume and the "
                     "cable, or name another device")
    assert sound_check(tmp_path / "2", usb).text.startswith("tones and voice play on default")


def test_the_doctor_plays_a_tone_on_the_device_the_kiosk_uses(tmp_path):
    asked = []
    root = fake_pi(tmp_path / "pi")
    write(root, "/proc/asound/cards", PI_5_CARDS)
    settings = write(tmp_path, "config.toml", '[sound]\ndevice = "sysdefault:CARD=vc4hdmi0"\n')
    host = pi_host(root)
    host.play_tone = lambda device: asked.append(device) or (True, "")
    by_name(host, config=str(settings), state_dir=str(tmp_path / "state"))
    assert asked == ["sysdefault:CARD=vc4hdmi0"]


def test_a_tone_that_does_not_play_is_a_fix_saying_why(tmp_path):
    found = sound_check(tmp_path, PI_5_CARDS, "sysdefault:CARD=vc4hdmi0", service=None,
                        tone=(False, "no sound on sysdefault:CARD=vc4hdmi0: ALSA: Couldn't open "
                                     "audio device: No such file or directory"))
    assert found == Check(
        "sound", FIX, "no tone on sysdefault:CARD=vc4hdmi0: no sound on sysdefault:CARD=vc4hdmi0: "
                      "ALSA: Couldn't open audio device: No such file or directory; aplay -L "
                      "lists the devices (cards: vc4hdmi0, vc4hdmi1)")


def test_a_tone_that_does_not_play_while_the_kiosk_runs_says_it_may_hold_the_device(tmp_path):
    found = sound_check(tmp_path, PI_5_CARDS, "default", tone=(False, "Device or resource busy"))
    assert found.status == FIX
    assert "the kiosk may hold it: sudo systemctl stop companion" in found.text


def test_no_tone_is_played_on_a_card_read_from_a_mounted_sd_card(tmp_path):
    root = fake_pi(tmp_path / "pi")
    write(root, "/proc/asound/cards", PI_5_CARDS)
    host = Host(root=root, environ={}, live=False,
                play_tone=lambda device: pytest.fail("a tone was played"))
    assert by_name(host, state_dir=str(tmp_path / "state"))["sound"].status == OK


def test_the_tone_probe_plays_through_the_kiosks_own_sounds(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert play_tone("") == (True, "")


def test_the_sound_device_reaches_sdls_alsa_driver(monkeypatch):
    from companion.audio.tones import Sounds
    monkeypatch.delenv("AUDIODEV", raising=False)
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import os

    import pygame
    from companion.kiosk.startup import kiosk_options
    from companion.kiosk.systemd import Notifier
    from companion.config.settings import parse

    config = parse('[sound]\ndevice = "sysdefault:CARD=vc4hdmi0"')
    options = kiosk_options(SimpleNamespace(size=None, rotation=None, seed=1, window=True,
                                            mock=False, state_dir=None),
                            config, None, Notifier(environ={}))
    Sounds(device=options.sound_device)
    pygame.mixer.quit()
    assert os.environ["AUDIODEV"] == "sysdefault:CARD=vc4hdmi0"


@pytest.mark.parametrize("device", ["hw 0", "x" * 101, "default\\n"])
def test_a_sound_device_that_cannot_be_an_alsa_name_is_refused_in_one_line(device):
    from companion.config.settings import parse
    from companion.errors import ConfigError
    with pytest.raises(ConfigError, match="sound.device = .*: expected an ALSA device name"):
        parse(f'[sound]\ndevice = "{device}"')


def test_mock_without_the_clock_check_is_refused_in_one_line(capsys):
    assert cli.main(["doctor", "--mock"]) == 2
    assert capsys.readouterr().err == (
        "companion doctor: --mock presses a mock pin for --clock-check: give both, or leave "
        "--mock out (see companion doctor --help)\n")


def test_an_included_file_of_config_txt_is_read_where_its_include_line_stands(tmp_path):
    """The firmware reads an ``include`` line's file in its place: an interface switched on
    there holds the pads' pins as well, and the doctor names the included file's own line."""
    write(tmp_path / "root", "/boot/firmware/extra.txt", "# added by a HAT's installer\n"
                                                        "dtparam=spi=on\n")
    found = gpio_check(tmp_path, "dtparam=audio=on\ninclude extra.txt\n")
    assert found.status == FIX and found.text.startswith(
        "/boot/firmware/extra.txt line 2: dtparam=spi=on switches on SPI0, which holds GPIO7")


def test_a_line_after_the_include_line_takes_back_what_the_included_file_switched_on(tmp_path):
    write(tmp_path / "root", "/boot/firmware/extra.txt", "dtparam=spi=on\n")
    assert gpio_check(tmp_path, "include extra.txt\ndtparam=spi=off\n").status == OK


def test_a_touchscreen_turned_in_an_included_file_is_turned_twice_too(tmp_path):
    write(tmp_path, "/boot/firmware/panel.txt", "\ndtoverlay=vc4-kms-dsi-7inch,invx,invy\n")
    found = rotation_check(tmp_path, "dtoverlay=vc4-kms-v3d\ninclude panel.txt\n"
                                     "dtparam=audio=on\n", 180)
    assert found.status == FIX and found.text.startswith(
        "touch turned twice: /boot/firmware/panel.txt line 2 (invx, invy)")


def test_an_include_line_naming_no_file_adds_nothing(tmp_path):
    found = rotation_check(tmp_path, "include missing.txt\ndtoverlay=vc4-kms-dsi-7inch,invx\n", 90)
    assert found.status == FIX and "/boot/firmware/config.txt line 2 (invx)" in found.text


def test_a_file_that_includes_itself_is_read_a_few_times_and_no_more(tmp_path):
    found = rotation_check(tmp_path, "include config.txt\ndtoverlay=vc4-kms-dsi-7inch,invy\n", 270)
    assert found.status == FIX and "/boot/firmware/config.txt line 2 (invy)" in found.text


def test_line_numbers_of_config_txt_count_its_blank_first_lines(tmp_path):
    found = rotation_check(tmp_path, "\n\ndtoverlay=vc4-kms-dsi-7inch,invx\n", 90)
    assert "/boot/firmware/config.txt line 3 (invx)" in found.text
