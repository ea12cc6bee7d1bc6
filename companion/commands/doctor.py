"""``companion doctor``: is this Pi ready for the kiosk? One line per check, OK or what to do.

The one command a maker runs on the Pi after wiring and installing. It checks
the machine and OS, the settings file, pygame and SDL, the video driver the
kiosk will use, EGL, the display connectors, the rotation, the sound card (and
plays a short tone on it), the input devices SDL will see, the GPIO chip, that
GPIO edge stamps are CLOCK_MONOTONIC (``--clock-check``: press one button; the
same check as ``companion buttons --clock-check``), the serial controller if
the settings name one, the state folder, and the service. Each line is
``OK``, ``FIX`` (with what to do) or ``--`` (does not apply here, e.g. the Pi
checks on a laptop, and why). Exit 0 when nothing is
to fix, else 1. ``--json`` prints the same as one JSON object for scripts.

Everything it reads goes through a :class:`Host` (files below a root, the
environment, commands it runs, the video probe), so tests fake a Pi.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pwd
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from companion.boards import boot_config
from companion.boards import pi_header as pins
from companion.config import settings as settings_file
from companion.config.reading import named_path
from companion.config.settings import Config
from companion.display import drm_cards
from companion.errors import CompanionError, StateError
from companion.inputs.clock_check import clock_verdict, first_press_stamps, mock_factory
from companion.kiosk.startup import keyboard_keys, load_settings
from companion.storage.database import FILENAME
from companion.storage.faults import cannot_save_in
from companion.storage.location import (
    ENVIRONMENT_VARIABLE,
    SYSTEM_STATE_DIR,
    not_a_folder,
    state_dir,
)
from companion.storage.mounts import refusal
from companion.storage.room import floor_of, free_space, is_full, megabytes
from companion.storage.soundness import check_lines
from companion.tools.argtypes import UsageError, folder_name

NAME = "doctor"
HELP = "check this Pi for the kiosk: display, inputs, GPIO, serial, state folder, service"

OK, FIX, SKIP = "ok", "fix", "n/a"
#: How each status starts its line.
LABELS = {OK: "OK", FIX: "FIX", SKIP: "--"}
#: What KMSDRM draws with; python3-pygame does not pull them in.
EGL_FILES = {"libEGL.so.1": "libegl1", "libGLESv2.so.2": "libgles2",
             "libEGL_mesa.so.0": "libegl-mesa0", "dri/*_dri.so": "libgl1-mesa-dri"}
#: Where Debian's own Python packages live (python3-pygame, python3-lgpio).
DEBIAN_PACKAGES = "/usr/lib/python3/dist-packages"
#: The video driver the installed service uses (systemd/companion.service).
SERVICE_VIDEO_DRIVER = "kmsdrm"
SERVICE = "companion.service"
SERVICE_USER = "companion"
#: Run in a child Python: opens SDL's video with $SDL_VIDEODRIVER and prints the driver's name.
VIDEO_PROBE = ("import os; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'; import pygame; "
               "pygame.display.init(); print(pygame.display.get_driver())")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the checks as one JSON object")
    parser.add_argument("--config", metavar="FILE", help="settings file (default: the active one)")
    parser.add_argument("--state-dir", metavar="DIR", default=None,
                        help="state folder to check (default: the kiosk's; with --root, the one "
                             "the service installed below that root uses)")
    parser.add_argument("--clock-check", action="store_true",
                        help="wait for one button press and check its stamp's clock")
    parser.add_argument("--mock", action="store_true", help="with --clock-check: press a mock pin")
    parser.add_argument("--root", metavar="DIR", default="/", type=folder_name,
                        help="read /proc, /sys, /dev, /etc and /usr below DIR (tests, a mounted "
                             "SD card) and check the state folder its companion.service uses "
                             "(DIR/var/lib/companion); commands and the video probe are then "
                             "not run")


@dataclass(frozen=True)
class Check:
    """One line of the report: what was checked, OK/FIX/n/a, and what was found or what to do."""

    name: str
    status: str
    text: str


def run_command(argv: list[str]) -> tuple[int, str]:
    """Run ``argv``; its exit status and standard output (127 if it is not installed)."""
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=15)
    except FileNotFoundError:
        return 127, ""
    except subprocess.TimeoutExpired:
        return 124, ""
    return done.returncode, done.stdout


def probe_video(driver: str) -> tuple[str | None, str]:
    """Open SDL's video with ``driver`` in a child process.

    Returns (the driver's name, "") or (None, why not).
    """
    env = {**os.environ, "SDL_VIDEODRIVER": driver}
    try:
        done = subprocess.run([sys.executable, "-c", VIDEO_PROBE], capture_output=True, text=True,
                              timeout=20, env=env)
    except subprocess.TimeoutExpired:
        return None, "it did not answer in 20 s"
    if done.returncode == 0 and done.stdout.strip():
        return done.stdout.strip().splitlines()[-1], ""
    lines = (done.stderr or done.stdout).strip().splitlines()
    return None, lines[-1] if lines else f"exit {done.returncode}"


#: Run in a child Python with the ALSA device as its argument: plays the level-up tone through
#: the kiosk's own :class:`~companion.audio.tones.Sounds`; on stderr, why there is no sound.
TONE_PROBE = ("import logging, os, sys, time; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'\n"
              "logging.basicConfig(level=logging.INFO, format='%(message)s')\n"
              "from companion.audio.tones import Sounds\n"
              "sounds = Sounds(device=sys.argv[1])\n"
              "if not sounds.audible: sys.exit(1)\n"
              "sounds.play('level-up')\n"
              "time.sleep(0.6)\n")


def play_tone(device: str) -> tuple[bool, str]:
    """Play a short tone on ALSA ``device`` ("" for the default) in a child process.

    Returns (True, "") or (False, why not).
    """
    try:
        done = subprocess.run([sys.executable, "-c", TONE_PROBE, device], capture_output=True,
                              text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return False, "the sound device did not answer in 20 s"
    if done.returncode == 0:
        return True, ""
    lines = done.stderr.strip().splitlines()
    return False, lines[-1] if lines else f"exit {done.returncode}"


def chip_labels(numbers: list[int]) -> dict[int, str]:
    """Each GPIO chip's label from lgpio (e.g. ``pinctrl-rp1`` on a Pi 5), where lgpio can tell."""
    try:
        import lgpio  # type: ignore[import-not-found]
    except ImportError:
        return {}
    labels = {}
    for number in numbers:
        try:
            handle = lgpio.gpiochip_open(number)
        except Exception:  # noqa: BLE001 - lgpio raises its own error type
            continue
        try:
            labels[number] = lgpio.gpio_get_chip_info(handle)[3]
        finally:
            lgpio.gpiochip_close(handle)
    return labels


def read_text(path: Path) -> str:
    """The text of ``path``, stripped and without NULs ("" if it cannot be read)."""
    try:
        return path.read_text(errors="replace").replace("\0", "").strip()
    except OSError:
        return ""


@dataclass
class Host:
    """What the doctor looks at: files below ``root``, the environment, commands, probes."""

    root: Path = Path("/")
    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)
    run: Callable[[list[str]], tuple[int, str]] = run_command
    probe_video: Callable[[str], tuple[str | None, str]] = probe_video
    chip_labels: Callable[[list[int]], dict[int, str]] = chip_labels
    play_tone: Callable[[str], tuple[bool, str]] = play_tone
    #: Whether commands and probes are run (this machine itself, not a folder such as an SD card).
    live: bool = True

    def path(self, absolute: str) -> Path:
        """``absolute`` below the root."""
        return self.root / absolute.lstrip("/")

    def read(self, absolute: str) -> str:
        """The text of a file below the root ("" if it cannot be read), NULs dropped."""
        return read_text(self.path(absolute))

    def pi_model(self) -> str:
        """The board's model ("Raspberry Pi 5 Model B Rev 1.0"), or "" if not a Pi."""
        model = (self.read("/proc/device-tree/model")
                 or self.read("/sys/firmware/devicetree/base/model"))
        return model if model.startswith("Raspberry Pi") else ""


def os_release(host: Host) -> dict[str, str]:
    """``/etc/os-release`` as a dict."""
    found = {}
    for line in host.read("/etc/os-release").splitlines():
        key, sep, value = line.partition("=")
        if sep:
            found[key.strip()] = value.strip().strip('"')
    return found


def not_here(host: Host, name: str, text: str, why_not: str) -> Check:
    """FIX on a Pi; on any other machine the check does not apply, and says why."""
    if host.pi_model():
        return Check(name, FIX, text)
    return Check(name, SKIP, f"{why_not} (not a Raspberry Pi: only the kiosk needs it)")


# ------------------------------------------------------------------ the checks
def check_machine(host: Host) -> Check:
    release = os_release(host)
    system = release.get("PRETTY_NAME", "an unknown OS")
    model = host.pi_model()
    if not model:
        return Check("machine", SKIP, f"not a Raspberry Pi ({system}): the Pi checks do not apply")
    if release.get("VERSION_CODENAME") != "bookworm":
        return Check("machine", FIX, f"{model}, {system}: the kiosk is made for Raspberry Pi OS "
                                     "Bookworm (Lite); install that")
    return Check("machine", OK, f"{model}, {system}")


def check_settings(path: str | Path | None,
                   named_by: str = "") -> tuple[Check, Config, bool]:
    """The settings check of the file at ``path`` (``named_by``: what named it, as
    :func:`companion.config.reading.named_path` says), the settings the kiosk would use, and
    whether they are the defaults it offers instead of a file with mistakes."""
    config, problem = load_settings(path, named_by)
    if problem is None:
        refused = keyboard_keys(config)[1]
        if refused:
            return Check("settings", FIX, f"{refused}: name that key differently in [keyboard] "
                                          "(the kiosk plays on with the menu keys only)"), \
                config, False
        return Check("settings", OK, f"{config.source}"), config, False
    more = f" (and {len(problem.detail) - 1} more)" if len(problem.detail) > 1 else ""
    empty = path is not None and os.fspath(path) == ""   # the line says to name a file
    fix = "" if empty else f" fix it (companion config --check {shlex.quote(str(path))});"
    return Check("settings", FIX, f"{problem.detail[0]}{more}:{fix} the kiosk shows this and "
                                  "offers the defaults"), config, True


#: The venv the installer makes for the service (systemd/install.sh), with Debian's packages.
SERVICE_VENV = "/opt/companion/venv"


def check_pygame(host: Host) -> Check:
    if not host.live:
        return check_pygame_below(host)
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from companion.display.screen import pygame_build
    except ImportError as error:
        return Check("pygame", FIX, f"cannot import pygame ({error}): "
                                    "sudo apt-get install python3-pygame")
    where = str(Path(pygame.__file__).parent.parent)
    found = f"{pygame_build()}, from {where}"
    if host.pi_model() and where != DEBIAN_PACKAGES:
        return Check("pygame", FIX, f"{found}: not Debian's python3-pygame (built with KMSDRM); "
                                    "pip uninstall pygame from this venv or ~/.local")
    return Check("pygame", OK, found)


def check_pygame_below(host: Host) -> Check:
    """The pygame the service below ``--root`` would import: Debian's python3-pygame, unless a
    pip-installed one in its venv shadows it."""
    shadowing = sorted(host.path(SERVICE_VENV).glob("lib/python3*/site-packages/pygame"))
    if shadowing:
        where = "/" + str(shadowing[0].relative_to(host.root))
        return not_here(host, "pygame", f"{where}: a pip-installed pygame (without KMSDRM) hides "
                                        "Debian's python3-pygame from the service: remove it",
                        f"{where} is pip's pygame (on a Pi it would hide Debian's)")
    if not host.path(f"{DEBIAN_PACKAGES}/pygame").is_dir():
        return not_here(host, "pygame", f"no {DEBIAN_PACKAGES}/pygame: sudo apt-get install "
                                        "python3-pygame", f"no {DEBIAN_PACKAGES}/pygame")
    return Check("pygame", OK, f"Debian's python3-pygame in {DEBIAN_PACKAGES} (not imported: "
                               "--root)")


def video_driver(host: Host) -> str:
    """The SDL video driver a kiosk started here would use."""
    if host.environ.get("SDL_VIDEODRIVER"):
        return host.environ["SDL_VIDEODRIVER"]
    if host.environ.get("WAYLAND_DISPLAY"):
        return "wayland"
    if host.environ.get("DISPLAY"):
        return "x11"
    return SERVICE_VIDEO_DRIVER


def check_video(host: Host, service_active: bool) -> Check:
    driver = video_driver(host)
    also = "" if driver == SERVICE_VIDEO_DRIVER else f"; the service uses {SERVICE_VIDEO_DRIVER}"
    if not host.live:
        return Check("video", SKIP, f"{driver} would be used{also}; not probed with --root")
    if service_active and driver == SERVICE_VIDEO_DRIVER:
        return Check("video", OK, f"{driver}: the running kiosk holds the display (not probed)")
    got, why = host.probe_video(driver)
    if got in ("dummy", "offscreen") and got != driver:
        got, why = None, f"SDL fell back to its invisible {got} driver"
    if got:
        return Check("video", OK, f"{got} opens{also}")
    return not_here(host, "video", f"{driver} cannot open the display: {why}; check the display "
                                   "checks below and that nothing else holds it (no desktop, no X)",
                    f"no display for {driver} here: {why}")


def check_egl(host: Host) -> Check:
    folders = [host.path("/usr/lib"), *host.path("/usr/lib").glob("*-linux-gnu*")]
    missing = [package for pattern, package in EGL_FILES.items()
               if not any(next(folder.glob(pattern), None) for folder in folders)]
    if not missing:
        return Check("egl", OK, "EGL, GLES and Mesa's driver are installed")
    install = f"sudo apt-get install {' '.join(missing)}"
    return not_here(host, "egl", f"KMSDRM needs EGL and Mesa: {install}",
                    f"no {', '.join(missing)}")


def check_connectors(host: Host) -> Check:
    """The connected screens, and the card the kiosk's KMSDRM opens (the first with one)."""
    every = drm_cards.connectors(host.path(str(drm_cards.DRM_CLASS)))
    screens = [connector for connector in every if connector.status == "connected"]
    if screens:
        first = screens[0]
        return Check("display", OK, f"{', '.join(c.name for c in screens)} connected "
                                    f"({len(every) - len(screens)} other connectors empty); "
                                    f"the kiosk opens card{first.card} ({first.name}): "
                                    f"{drm_cards.INDEX_VARIABLE}={first.card}")
    if every:
        names = ", ".join(connector.name for connector in every)
        return not_here(host, "display", f"no display connected ({names} empty): check the "
                                         "HDMI cable or the DSI ribbon (the kiosk looks again "
                                         "every 5 s under systemd)",
                        "no display connected")
    return not_here(host, "display", "no DRM display device: dtoverlay=vc4-kms-v3d must be in "
                                     "/boot/firmware/config.txt (the Bookworm default); reboot",
                    "no DRM display device (/sys/class/drm)")


def config_txt(host: Host) -> str | None:
    """Where the boot partition's ``config.txt`` is below the root (``None``: not there)."""
    return next((path for path in boot_config.CONFIG_TXT if host.path(path).is_file()), None)


def check_rotation(host: Host, config: Config) -> Check:
    """The picture and the touch turned once, by ``[display] rotation`` alone: no touchscreen
    also turned in ``config.txt``, no old rotation key that KMS ignores."""
    path = config_txt(host)
    if path is None:
        return Check("rotation", SKIP, "no config.txt here (a Pi's boot partition has it)")
    text, rotation = host.read(path), config.display.rotation
    ignored = boot_config.ignored_rotations(text)
    if ignored:
        return Check("rotation", FIX, f"{path} line {ignored[0].line}: {ignored[0].text} turns "
                                      "nothing under KMS: remove it and turn the picture with "
                                      "[display] rotation = 90, 180 or 270 in the settings")
    touch = boot_config.touch_turns(text)
    if touch and rotation:
        return Check("rotation", FIX, f"touch turned twice: {path} line {touch[0].line} "
                                      f"({', '.join(touch[0].what)}) and [display] rotation = "
                                      f"{rotation}: remove those parameters, [display] rotation "
                                      "turns the picture and the touch together")
    if touch:
        return Check("rotation", OK, f"the touchscreen is turned by {path} line {touch[0].line} "
                                     f"({', '.join(touch[0].what)}) and the picture is not: right "
                                     "only for a touch panel mounted turned on its screen")
    return Check("rotation", OK, f"[display] rotation = {rotation} turns the picture and the "
                                 f"touch together; {path} turns neither")


def sound_cards(host: Host) -> list[str]:
    """The ALSA cards' ids in ``/proc/asound/cards`` (``vc4hdmi0``, ``Headphones``, ``Device``)."""
    return [line.partition("[")[2].partition("]")[0].strip()
            for line in host.read("/proc/asound/cards").splitlines() if "[" in line]


def check_sound(host: Host, config: Config, service_running: bool = False) -> Check:
    """A sound card for the tones and the voice, a ``[sound] device`` that names one, and (on
    this machine itself) a short tone played on it."""
    cards, device = sound_cards(host), config.sound.device or "default"
    if not cards:
        return not_here(host, "sound", "no sound card, so no tones and no voice: a Pi 5 has no "
                                       "headphone jack; use the screen's speakers over HDMI, a "
                                       "USB speaker or an I2S amplifier (hardware/BOM.md)",
                        "no sound card")
    named = card_named(device, cards)
    if named is not None and named not in cards:
        return Check("sound", FIX, f"[sound] device = {device} names card {named}, which is not "
                                   f"here (cards: {', '.join(cards)})")
    if device.startswith("hw:") and named is not None and named.startswith("vc4hdmi"):
        return Check("sound", FIX, f"[sound] device = {device}: HDMI refuses plain samples on "
                                   f"hw:, use \"sysdefault:CARD={named}\"")
    found = f"tones and voice play on {device} (cards: {', '.join(cards)})"
    if not host.live:
        return Check("sound", OK, found)
    played, why_not = host.play_tone(config.sound.device)
    if played:
        return Check("sound", OK, f"{found}: a short tone just played there; no tone heard: "
                                  "check the volume and the cable, or name another device")
    busy = " (the kiosk may hold it: sudo systemctl stop companion, then ask again)"
    return Check("sound", FIX, f"no tone on {device}: {why_not}{busy if service_running else ''}"
                               f"; aplay -L lists the devices (cards: {', '.join(cards)})")


def card_named(device: str, cards: list[str]) -> str | None:
    """The card an ALSA ``device`` name opens: ``CARD=id``, or a number (``hw:1,0``) in
    ``cards``' order; ``None``: the device does not say (``default``)."""
    if "CARD=" in device:
        return device.partition("CARD=")[2].partition(",")[0]
    number = device.partition(":")[2].partition(",")[0]
    if number.isdigit():
        return cards[int(number)] if int(number) < len(cards) else f"number {number}"
    return None


def check_inputs(host: Host) -> Check:
    devices = sorted(host.path("/dev/input").glob("event*"), key=lambda p: int(p.name[5:] or 0))
    if not devices:
        return Check("input", SKIP, "no input devices: plug in a keyboard or the touchscreen for "
                                    "the menus (the pads work without)")
    seen = []
    unreadable = 0
    for device in devices:
        name = host.read(f"/sys/class/input/{device.name}/device/name") or "?"
        readable = os.access(device, os.R_OK)
        unreadable += not readable
        seen.append(f"{device.name} {name}" + ("" if readable else " (not readable)"))
    text = f"{len(devices)} devices SDL will see: {'; '.join(seen)}"
    if unreadable == len(devices):
        return Check("input", FIX, f"{text}: you cannot read them; the kiosk's user needs the "
                                   "group input (run the installer again)")
    return Check("input", OK, text)


def gpio_chips(host: Host) -> list[int]:
    """The numbers of the GPIO chips ``/dev/gpiochip*`` on the system checked (a Pi's, or a
    kernel's simulated ones)."""
    return sorted(int(p.name[8:]) for p in host.path("/dev").glob("gpiochip*")
                  if p.name[8:].isdigit())


def pins_in_use(config: Config) -> dict[int, str]:
    """Each BCM GPIO the settings wire (pads, their lights, controls, dealer) -> its name;
    none when ``[gpio]`` is off."""
    gpio = config.gpio
    if not gpio.enabled:
        return {}
    used = {pin: f"player {pad.player} {side}" for pad in gpio.pads
            for side, pin in pad.buttons.items()}
    used |= {pin: f"player {pad.player} {side}'s light" for pad in gpio.pads
             for side, pin in (pad.leds or {}).items() if pin is not None}
    used |= {pin: name for name, pin in gpio.controls.items()}
    return used | {pin: f"dealer {face}" for face, pin in gpio.dealer.items()}


def interface_clash(host: Host, config: Config) -> str:
    """What to fix when ``config.txt`` switches on interfaces whose pins the settings wire to
    buttons or lights, each line that does: the kernel holds those pins from boot, and the
    pads then cannot open ("GPIO busy"); "" when none does."""
    path = config_txt(host)
    if path is None:
        return ""
    used, clashes = pins_in_use(config), []
    for claim in boot_config.interfaces_on(host.read(path), host.pi_model()):
        clash = sorted(set(claim.pins) & set(used))
        if clash:
            wired = ", ".join(f"{pins.describe(gpio)} to {used[gpio]}" for gpio in clash)
            clashes.append(f"line {claim.line}: {claim.text} switches on {claim.title}, which "
                           f"holds {wired}")
    if not clashes:
        return ""
    return (f"{path} {'; '.join(clashes)} in the settings: comment "
            f"{'that line' if len(clashes) == 1 else 'those lines'} out and reboot, or wire "
            "those buttons to other pins")


def check_gpio(host: Host, config: Config) -> Check:
    chips = gpio_chips(host)
    if not chips:
        return not_here(host, "gpio", "no /dev/gpiochip*: the GPIO driver is missing; update the "
                                      "kernel (sudo apt full-upgrade)", "no GPIO chips")
    clash = interface_clash(host, config)
    if clash:
        return Check("gpio", FIX, clash)
    labels = host.chip_labels(chips) if host.live else {}
    header = [n for n in chips if labels.get(n, "").startswith("pinctrl-")]
    named = ", ".join(f"gpiochip{n}" + (f" ({labels[n]})" if n in labels else "") for n in chips)
    if header:
        chip = header[0]
        return Check("gpio", OK, f"the header is gpiochip{chip} ({labels[chip]}); {named}")
    return Check("gpio", OK, f"{named} (labels need python3-lgpio)")


def check_clock(host: Host, args: argparse.Namespace, config: Config) -> Check:
    if not args.clock_check:
        if host.pi_model():
            return Check("clock", SKIP, "press stamps not checked: companion doctor --clock-check, "
                                        "then press one button")
        return Check("clock", SKIP, "no GPIO here; --clock-check --mock tries the check "
                                    "on mock pins")
    if not args.mock and not gpio_chips(host):
        return Check("clock", SKIP, "no GPIO here, so no press to stamp; --clock-check --mock "
                                    "tries the check on mock pins")
    factory = mock_factory() if args.mock else None
    try:
        with contextlib.redirect_stdout(sys.stderr):  # "press any button once" is not the report
            stamps = first_press_stamps(config, factory)
    except CompanionError as error:
        return Check("clock", FIX, f"cannot open the pads: {error}")
    if stamps is None:
        return Check("clock", SKIP, "no button was pressed")
    verdict, good = clock_verdict(*stamps)
    pins = "mock pins" if args.mock else "the GPIO pads"
    return Check("clock", OK if good else FIX, f"{pins}: {verdict}")


def check_serial(host: Host, config: Config) -> Check:
    serial = config.serial
    if not serial.enabled:
        return Check("serial", SKIP, "no serial controller in the settings "
                                     "([serial] enabled = false)")
    device = host.path(serial.device)
    if not device.exists():
        return Check("serial", FIX, f"{serial.device} is not there: plug the {serial.board} in; "
                                    "a board the udev rule does not know needs its ids added "
                                    "(docs/KIOSK.md)")
    if not device.is_char_device():
        return Check("serial", FIX, f"{serial.device} is not a serial device (a "
                                    f"{'folder' if device.is_dir() else 'file'}): [serial] "
                                    "device names the controller's port, such as "
                                    "/dev/companion-buttons or /dev/ttyUSB0")
    if not os.access(device, os.R_OK | os.W_OK):
        return Check("serial", FIX, f"{serial.device}: you cannot open it; the kiosk's user "
                                    "needs the group dialout")
    return Check("serial", OK, f"{serial.device} ({serial.board}) is there and can be opened")


#: Where systemd looks for a system unit and its drop-ins, the first found first (systemd.unit(5)).
UNIT_FOLDERS = ("/etc/systemd/system", "/run/systemd/system", "/usr/local/lib/systemd/system",
                "/usr/lib/systemd/system", "/lib/systemd/system")
#: Where a system unit's ``StateDirectory=`` names its folders, and what its ``%S`` stands for.
SYSTEMD_STATE_ROOT = "/var/lib"
def service_user_entry(host: Host) -> tuple[int, str] | None:
    """The kiosk's user's id and home folder on the system checked (below ``--root``: from its
    ``/etc/passwd``); ``None`` when there is no such user."""
    if host.live:
        try:
            entry = pwd.getpwnam(SERVICE_USER)
        except KeyError:
            return None
        return entry.pw_uid, entry.pw_dir
    for line in host.read("/etc/passwd").splitlines():
        fields = line.split(":")
        if len(fields) > 5 and fields[0] == SERVICE_USER and fields[2].isdigit():
            return int(fields[2]), fields[5]
    return None


def service_user_id(host: Host) -> int | None:
    """The kiosk's user's id on the system checked (below ``--root``: its ``/etc/passwd``)."""
    entry = service_user_entry(host)
    return None if entry is None else entry[0]


def service_settings_path(host: Host, unit: dict[str, list[str]] | None) -> Path | None:
    """The settings file the kiosk's service below the root reads, in
    :func:`companion.config.settings.find`'s order as the service sees it: its unit's
    ``COMPANION_CONFIG``, else its user's ``~/.config/companion/config.toml``, else
    ``/etc/companion/config.toml`` (``None``: neither is there, the defaults)."""
    environment = {name: value for name, _, value in
                   (word.partition("=") for word in (unit or {}).get("Environment", []))}
    if environment.get("COMPANION_CONFIG"):
        return host.path(environment["COMPANION_CONFIG"])
    user = service_user_entry(host)
    places = [host.path(f"{user[1]}/.config/companion/config.toml")] if user else []
    places.append(host.path(str(settings_file.SYSTEM_FILE)))
    return next((path for path in places if path.exists() or path.is_symlink()), None)


def settings_to_check(args: argparse.Namespace, host: Host) -> tuple[str | Path | None, str, str]:
    """The settings file the doctor checks, what named it, and a note for its line: the file
    asked for (``--config``, ``$COMPANION_CONFIG``); else, with the kiosk's service installed
    (or below ``--root``), the file the service reads, noting the caller's own file when that
    is another (the kiosk never reads it); else the file this user's commands read."""
    if args.config is not None or os.environ.get("COMPANION_CONFIG") or \
            (host.live and unit_settings(host) is None):
        return *named_path(args.config, "COMPANION_CONFIG", settings_file.find), ""
    path = service_settings_path(host, unit_settings(host))
    own = settings_file.find() if host.live else None
    if own is None or path is not None and own.resolve() == path.resolve():
        return path, "", f" (what {SERVICE} reads)"
    return path, "", (f" (what {SERVICE} reads; your own {own} is read only by the commands "
                      f"you run, never by the kiosk: edit {path or settings_file.SYSTEM_FILE} "
                      "for the kiosk)")


def owned_by_service_user(host: Host, folder: Path) -> bool:
    """Whether ``folder`` belongs to the kiosk's user, who may write it."""
    uid = service_user_id(host)
    try:
        info = folder.stat()
    except OSError:
        return False
    return uid is not None and info.st_uid == uid and bool(info.st_mode & 0o200)


def owner_to_be(host: Host) -> str:
    """Whom to give a state folder that cannot be written: the kiosk's user where there is one,
    else the user running this (a laptop's kiosk runs as you)."""
    if service_user_id(host) is not None:
        return SERVICE_USER
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def unit_settings(host: Host) -> dict[str, list[str]] | None:
    """companion.service below the root, its drop-ins applied: its ``StateDirectory=`` entries
    (``"StateDirectory"``) and its ``Environment=`` assignments (``"Environment"``, ``NAME=value``,
    the last one of a name last); ``None`` when it is not installed there."""
    unit = next((host.path(f"{folder}/{SERVICE}") for folder in UNIT_FOLDERS
                 if host.path(f"{folder}/{SERVICE}").is_file()), None)
    if unit is None:
        return None
    drop_ins: dict[str, Path] = {}
    for folder in reversed(UNIT_FOLDERS):   # a drop-in's name in an earlier folder wins
        for path in host.path(f"{folder}/{SERVICE}.d").glob("*.conf"):
            drop_ins[path.name] = path
    found: dict[str, list[str]] = {"StateDirectory": [], "Environment": []}
    for path in [unit, *(drop_ins[name] for name in sorted(drop_ins))]:
        section = ""
        for line in read_text(path).splitlines():
            line = line.strip()
            if line.startswith("["):
                section = line
            key, sep, value = line.partition("=")
            if section != "[Service]" or not sep or key.strip() not in found:
                continue
            try:
                words = shlex.split(value) if key.strip() == "Environment" else value.split()
            except ValueError:   # an unclosed quote: systemd ignores the line too
                continue
            found[key.strip()] = found[key.strip()] + words if words else []   # empty: reset
    return found


def service_state_dir(host: Host) -> tuple[Path, bool | None]:
    """The state folder the kiosk's service on the system below the root would use, by
    :func:`~companion.storage.location.state_dir`'s order with the unit's environment; and
    whether systemd makes it and gives it to the kiosk's user at each start (its
    ``StateDirectory=``), ``None`` when the service is not installed there."""
    settings = unit_settings(host)
    if settings is None:
        return host.path(str(SYSTEM_STATE_DIR)), None
    made = [os.path.normpath(f"{SYSTEMD_STATE_ROOT}/{entry.split(':')[0]}")
            for entry in settings["StateDirectory"]]
    environment = {name: value for name, _, value in
                   (word.partition("=") for word in settings["Environment"])}
    named = re.sub("%[S%]", lambda m: {"%S": SYSTEMD_STATE_ROOT, "%%": "%"}[m[0]],
                   environment.get(ENVIRONMENT_VARIABLE, ""))
    folder = os.path.normpath(named if named.startswith("/") else
                              made[0] if made else str(SYSTEM_STATE_DIR))
    return host.path(folder), folder in made


def check_state(host: Host, args: argparse.Namespace) -> Check:
    """The state folder: there or to be made, writable by the kiosk, and its database sound."""
    folder, found = check_state_folder(host, args)
    if folder is None or found.status != OK:
        return found
    full = disk_full(folder)
    if full:
        return Check("state", FIX, full)
    try:
        cannot_save = cannot_save_in(folder / FILENAME)
        if cannot_save:
            return Check("state", FIX, cannot_save)
        if not (folder / FILENAME).is_file():
            return found
        damage = check_lines(folder)
    except OSError as error:   # the kiosk's own folder, closed to others (StateDirectoryMode)
        return Check("state", found.status, f"{found.text}; its database was not read "
                                            f"({error.strerror}): run the doctor with sudo to "
                                            "check it")
    except CompanionError as error:
        damage = [str(error)]
    if damage:
        return Check("state", FIX, f"{damage[0][:300]}; more: companion history --check "
                                   f"--state-dir {folder}")
    return Check("state", OK, f"{found.text}; its database is sound")


def disk_full(folder: Path) -> str:
    """What to do when the disk that holds ``folder`` (or will: the nearest folder above it
    that exists) has less free space than the companion keeps free ("" when it has more): no
    game is saved until then."""
    there = next((p for p in (folder, *folder.parents) if p.is_dir()), Path("/"))
    left, room = is_full(there), free_space(there)
    if left is None or room is None:
        return ""
    return (f"the disk holding {folder} is full: {megabytes(left)} left, under the "
            f"{megabytes(floor_of(room[1]))} the companion keeps free, so no game is saved: "
            "free some space")


def check_state_folder(host: Host, args: argparse.Namespace) -> tuple[Path | None, Check]:
    """The state folder (``None``: none can be named) and whether the kiosk can write there.

    With ``--root``, unless ``--state-dir`` or ``COMPANION_STATE_DIR`` names one, the folder is
    the one the service installed below the root would use, not this machine's."""
    made_by_systemd: bool | None = False
    try:
        if args.state_dir or host.live or host.environ.get(ENVIRONMENT_VARIABLE):
            folder = state_dir(args.state_dir, environ=host.environ,
                               system_dir=host.path(str(SYSTEM_STATE_DIR)))
        else:
            folder, made_by_systemd = service_state_dir(host)
    except StateError as error:
        return None, Check("state", FIX, str(error))
    problem = not_a_folder(folder)
    if problem:
        advice = ("move the file away or name another folder"
                  if problem.endswith("is a file, not a folder") else "name another folder")
        return folder, Check("state", FIX, f"{problem}: {advice}")
    if folder.is_dir():
        if owned_by_service_user(host, folder):
            return folder, Check("state", OK,
                                 f"{folder} belongs to {SERVICE_USER}, the kiosk's user")
        if made_by_systemd:
            return folder, Check("state", OK, f"{folder} is {SERVICE}'s StateDirectory: systemd "
                                              f"gives it to {SERVICE_USER} at each start")
        try:
            with tempfile.TemporaryFile(dir=folder):
                pass
        except OSError as error:
            why, to_do = refusal(folder, error)
            to_do = to_do or f"sudo chown {owner_to_be(host)}: {folder}"
            return folder, Check("state", FIX, f"{folder} is {why}: {to_do}")
        return folder, Check("state", OK, f"{folder} is writable")
    if made_by_systemd:
        return folder, Check("state", OK, f"{folder} is not there yet: systemd makes it for "
                                          f"{SERVICE_USER} when {SERVICE} starts (StateDirectory)")
    if made_by_systemd is None:
        return folder, not_here(host, "state", f"{folder} is not there and {SERVICE} is not "
                                               f"installed below {host.root}: install the kiosk "
                                               "there (sudo ./systemd/install.sh on that system)",
                                f"{folder} is not there: the kiosk is not installed below "
                                f"{host.root}")
    parent = next((p for p in folder.parents if p.exists()), Path("/"))
    try:   # make a folder where the kiosk will make its own (root may write where others may
        with tempfile.TemporaryDirectory(dir=parent):   # not; /proc refuses everybody)
            pass
    except OSError as error:
        why, to_do = refusal(parent, error)
        to_do = to_do or f"sudo mkdir -p {folder} && sudo chown {owner_to_be(host)}: {folder}"
        return folder, Check("state", FIX, f"{folder} does not exist and no folder can be made "
                                           f"in {parent}, which is {why}: {to_do}")
    return folder, Check("state", OK, f"{folder} will be made at the first save")


def service_state(host: Host) -> dict[str, str] | None:
    """The service's systemd properties, or ``None`` where there is no systemctl to ask."""
    if not host.live:
        return None
    code, out = host.run(["systemctl", "show", SERVICE, "-p", "LoadState", "-p", "ActiveState",
                          "-p", "SubState", "-p", "UnitFileState", "-p", "StatusText",
                          "-p", "NRestarts"])
    if code != 0:
        return None
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def check_service(host: Host, state: dict[str, str] | None) -> Check:
    if state is None:
        return Check("service", SKIP, "no systemd to ask" + ("" if host.live else " (with --root)"))
    if state.get("LoadState") != "loaded":
        return not_here(host, "service", "companion.service is not installed: "
                                         "sudo ./systemd/install.sh",
                        "companion.service is not installed")
    found = (f"{state.get('ActiveState')} ({state.get('SubState')}), {state.get('UnitFileState')}, "
             f"restarts: {state.get('NRestarts', '?')}")
    if state.get("StatusText"):
        found += f", says: {state['StatusText']}"
    if state.get("ActiveState") != "active":
        return Check("service", FIX, f"{found}: journalctl -u companion -b says why; "
                                     "sudo systemctl restart companion")
    if state.get("UnitFileState") != "enabled":
        return Check("service", FIX, f"{found}: it will not start at boot; "
                                     "sudo systemctl enable companion")
    return Check("service", OK, found)


def checks(args: argparse.Namespace, host: Host) -> list[Check]:
    """Every check, in the order a maker would fix them."""
    service = service_state(host)
    service_running = bool(service and service.get("ActiveState") == "active")
    path, named_by, note = settings_to_check(args, host)
    settings, config, defaults = check_settings(path, named_by)
    settings = replace(settings, text=settings.text + note)
    said = as_defaults if defaults else lambda check: check
    return [
        check_machine(host), settings, check_pygame(host), check_video(host, service_running),
        check_egl(host), check_connectors(host), check_rotation(host, config),
        said(check_sound(host, config, service_running)), check_inputs(host),
        check_gpio(host, config),
        check_clock(host, args, config), said(check_serial(host, config)),
        check_state(host, args), check_service(host, service),
    ]


def as_defaults(check: Check) -> Check:
    """``check``, which tells what the settings name, made on the defaults the kiosk offers
    when the settings file has mistakes, saying so."""
    return Check(check.name, check.status, f"{check.text} (the default settings: the file "
                                           "has mistakes)")


def report(found: list[Check]) -> str:
    """The checks as lines: ``OK``/``FIX``/``--``, the check's name, what was found."""
    width = max(len(check.name) for check in found)
    return "\n".join(f"{LABELS[c.status]:<4} {c.name:<{width}}  {c.text}" for c in found)


def run(args: argparse.Namespace) -> int:
    if args.mock and not args.clock_check:
        raise UsageError("--mock presses a mock pin for --clock-check: give both, or leave "
                         "--mock out")
    problem = not_a_folder(Path(args.root), "--root")
    if problem:
        raise CompanionError(problem)
    host = Host(root=Path(args.root), live=Path(args.root).resolve() == Path("/"))
    if not host.root.is_dir():
        raise CompanionError(f"--root {args.root}: not a folder")
    found = checks(args, host)
    to_fix = sum(check.status == FIX for check in found)
    if args.json:
        print(json.dumps({"pi": bool(host.pi_model()), "to_fix": to_fix,
                          "checks": [asdict(check) for check in found]}))
    else:
        print(report(found))
        print(f"{to_fix} to fix" if to_fix else "nothing to fix")
    return 1 if to_fix else 0
