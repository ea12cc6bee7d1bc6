"""What the doctor looks at and what it says: the :class:`Host` (files below a root, the
environment, the commands and probes it runs), each line's :class:`Check`, and the machine's
own check (model and OS)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from companion.boards import boot_config

OK, FIX, SKIP = "ok", "fix", "n/a"
#: How each status starts its line.
LABELS = {OK: "OK", FIX: "FIX", SKIP: "--"}


#: Run in a child Python: opens SDL's video with $SDL_VIDEODRIVER and prints the driver's name.
VIDEO_PROBE = ("import os; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'; import pygame; "
               "pygame.display.init(); print(pygame.display.get_driver())")


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


#: How long the doctor waits for the serial controller to say who it is: a Nano restarts when
#: its port opens and its bootloader keeps it quiet for a second or two.
ANSWER_S = 4.0
#: Statuses that settle who is on the port without waiting longer: another board, a port in
#: use or that cannot be opened, a fault of the companion's own reading.
SETTLED = frozenset({"board", "busy", "refused", "failed"})


def ask_controller(device: str, board: str, wait_s: float = ANSWER_S,
                   open_serial: Callable[[str], object] | None = None) -> object | None:
    """Open the serial controller on ``device`` as the kiosk does (the settings' ``board``)
    and wait up to ``wait_s`` for it to say who it is. Returns the
    :class:`~companion.inputs.serial.reader.ControllerStatus` that settles it (it answered
    as a board: ``connected``; or why not, :data:`SETTLED`), else the last one it gave (silent,
    garbled), ``None`` when it gave none."""
    import queue

    from companion.boards.avr import board_named
    from companion.inputs.serial.reader import ControllerStatus, SerialReader

    said: queue.Queue[object] = queue.Queue()
    reader = SerialReader(device, said.put, board=board_named(board), open_serial=open_serial)
    deadline, last = time.monotonic() + wait_s, None
    reader.start()
    try:
        while (left := deadline - time.monotonic()) > 0:
            try:
                event = said.get(timeout=left)
            except queue.Empty:
                break
            if isinstance(event, ControllerStatus):
                last = event
                if event.connected or event.kind in SETTLED:
                    return event
    finally:
        reader.stop()
    return last


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


def whole_text(path: Path) -> str:
    """The text of the regular file at ``path`` as written, NULs dropped ("" if there is none
    that can be read): its line numbers are a maker's."""
    try:
        return path.read_text(errors="replace").replace("\0", "") if path.is_file() else ""
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
    ask_controller: Callable[[str, str], object | None] = ask_controller
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


def config_txt(host: Host) -> str | None:
    """Where the boot partition's ``config.txt`` is below the root (``None``: not there)."""
    return next((path for path in boot_config.CONFIG_TXT if host.path(path).is_file()), None)


def boot_settings(host: Host) -> boot_config.BootText | None:
    """``config.txt`` as the firmware reads it, each included file in place of its ``include``
    line (``None``: no ``config.txt`` here)."""
    path = config_txt(host)
    return None if path is None else boot_config.with_includes(
        path, lambda name: whole_text(host.path(name)))
