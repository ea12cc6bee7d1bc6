"""Runs controller firmware in simavr against a stimulus and decodes what it sends.

Owns: reading a stimulus file, building the firmware and the harness with
``make`` (``hardware/firmware``, ``hardware/sim``), turning presses into pin
drives at exact simulated instants, and decoding the UART bytes with the real
host decoder (:mod:`companion.inputs.serial.frames`, :mod:`companion.inputs.serial.protocol`).

Stimulus (JSON): ``{"presses": [{"pin": "D2", "at_us": 1000.0,
"release_us": 60000.0, "bounce_us": [40, 95, 210]}]}``. The line goes low
(pressed) at ``at_us``; each bounce offset (us after the press) toggles it once
more; an odd number of bounces would leave it open, so it then closes again
:data:`SETTLE_US` after the last bounce; it goes high at ``release_us``
(optional: no release).
"""

from __future__ import annotations

import fcntl
import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import companion
from companion.boards.avr import Board, BoardError
from companion.config import reading
from companion.errors import CompanionError
from companion.inputs.serial.clock_sync import TickUnwrapper
from companion.inputs.serial.frames import FrameDecoder
from companion.inputs.serial.protocol import Edge, Filter, Heartbeat, Hello, ProtocolError, parse

HARDWARE = Path(companion.__file__).resolve().parent.parent / "hardware"
SETTLE_US = 10.0
#: The latest instant a stimulus may name: 10 simulated minutes (about 2 real ones).
MAX_US = 600_000_000.0
#: Simulated time after the last stimulus, for debounce, sending and a heartbeat.
TAIL_US = 120_000.0


@dataclass(frozen=True)
class Press:
    """One button press on ``pin`` as the stimulus describes it."""

    pin: str
    at_us: float
    release_us: float | None = None
    bounce_us: tuple[float, ...] = ()

    def transitions(self) -> list[tuple[float, int]]:
        """(instant in us, level) for every change of the line, press first."""
        changes = [(self.at_us, 0)]
        level = 0
        for offset in self.bounce_us:
            level ^= 1
            changes.append((self.at_us + offset, level))
        if level:
            changes.append((self.at_us + self.bounce_us[-1] + SETTLE_US, 0))
        if self.release_us is not None:
            changes.append((self.release_us, 1))
        return changes


@dataclass
class SimResult:
    """What the host decoded from one simulated run."""

    events: list[dict] = field(default_factory=list)
    frames: int = 0
    crc_errors: int = 0
    bad_frames: int = 0
    lost: int = 0
    overflows: int = 0
    hello: Hello | None = None
    #: The firmware's glitch filter (us, 0: off) and the glitches it dropped, from its FILTER
    #: messages (``None``: it sent none).
    min_press_us: int | None = None
    glitches: int = 0

    def as_json(self) -> dict:
        """The ``companion firmware-sim --json`` shape."""
        return {"events": self.events, "frames": self.frames,
                "crc_errors": self.crc_errors, "bad_frames": self.bad_frames,
                "lost": self.lost, "overflows": self.overflows,
                "min_press_us": self.min_press_us, "glitches": self.glitches}


# ---- stimulus ---------------------------------------------------------------

def _number(value: object, where: str) -> float:
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not 0 <= value <= MAX_US):
        shown = repr(value) if isinstance(value, (bool, float)) or not isinstance(value, int) \
            else f"{value:.3g}" if abs(value) < 10 ** 300 else "a huge number"
        raise CompanionError(f"{where}: expected microseconds from 0 to {MAX_US:.0f}, "
                             f"got {shown[:40]}")
    return float(value)


def parse_press(item: object, board: Board, where: str) -> Press:
    """One press from its JSON object; :class:`CompanionError` naming the field if bad."""
    if not isinstance(item, dict):
        raise CompanionError(f"{where}: expected an object with pin and at_us")
    unknown = set(item) - {"pin", "at_us", "release_us", "bounce_us"}
    if unknown:
        raise CompanionError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    if "pin" not in item or "at_us" not in item:
        raise CompanionError(f"{where}: needs both 'pin' and 'at_us'")
    if not isinstance(item["pin"], (str, int)) or isinstance(item["pin"], bool) \
            or len(str(item["pin"])) > 8:
        raise CompanionError(f"{where}.pin: expected a pin name such as D2")
    try:
        board.pin(str(item["pin"]))
    except BoardError as error:
        raise CompanionError(f"{where}.pin: {error}") from None
    at_us = _number(item["at_us"], f"{where}.at_us")
    bounces = item.get("bounce_us", [])
    if not isinstance(bounces, list):
        raise CompanionError(f"{where}.bounce_us: expected a list of microsecond offsets")
    bounce_us = tuple(_number(b, f"{where}.bounce_us[{i}]") for i, b in enumerate(bounces))
    if any(b <= a for a, b in zip((0.0,) + bounce_us, bounce_us)):
        raise CompanionError(f"{where}.bounce_us: offsets must be > 0 and increasing")
    release = item.get("release_us")
    press = Press(str(item["pin"]), at_us,
                  None if release is None else _number(release, f"{where}.release_us"),
                  bounce_us)
    settled = press.transitions()[-2 if release is not None else -1][0]
    if settled > MAX_US:
        raise CompanionError(f"{where}.bounce_us: the bounces end after {MAX_US:.0f} us")
    if press.release_us is not None and press.release_us <= settled:
        raise CompanionError(f"{where}.release_us: must come after the press and its bounces "
                             f"(after {settled:g} us)")
    return press


def parse_stimulus(data: object, board: Board, source: str = "stimulus") -> list[Press]:
    """Presses from the stimulus JSON object; overlapping presses of one pin are refused."""
    if not isinstance(data, dict) or not isinstance(data.get("presses"), list):
        raise CompanionError(f'{source}: expected {{"presses": [...]}}')
    presses = [parse_press(item, board, f"{source}: presses[{i}]")
               for i, item in enumerate(data["presses"])]
    by_pin: dict[str, float] = {}
    for i, press in sorted(enumerate(presses), key=lambda ip: ip[1].at_us):
        if press.pin in by_pin and press.at_us <= by_pin[press.pin]:
            raise CompanionError(f"{source}: presses[{i}]: pin {press.pin} is still held "
                                 f"at {press.at_us:g} us")
        by_pin[press.pin] = float("inf") if press.release_us is None else press.release_us
    return presses


#: The largest stimulus file read, in bytes.
MAX_STIMULUS_BYTES = 1024 * 1024


def load_stimulus(path: str, board: Board) -> list[Press]:
    """Read (at most :data:`MAX_STIMULUS_BYTES`) and check a stimulus file."""
    try:
        text = reading.read_text(path, MAX_STIMULUS_BYTES)
        if text is None:
            raise reading.Unparsable("no such file")
        data = reading.parse_json(text)
    except reading.Unparsable as problem:
        raise CompanionError(f"stimulus {path}: {problem}") from None
    return parse_stimulus(data, board, f"stimulus {path}")


# ---- toolchain --------------------------------------------------------------

def toolchain_missing() -> str | None:
    """Why simavr runs are impossible here (``None`` if they are possible)."""
    for tool in ("make", "cc", "avr-gcc"):
        if not shutil.which(tool):
            return (f"{tool} is not installed "
                    "(apt-get install gcc-avr avr-libc simavr libsimavr-dev)")
    if not Path("/usr/include/simavr/sim_avr.h").exists() and not shutil.which("simavr"):
        return "libsimavr-dev is not installed (apt-get install simavr libsimavr-dev)"
    if not (HARDWARE / "sim" / "harness.c").exists():
        return (f"the hardware sources are not at {HARDWARE} (they come with the repository, "
                "not with an installed copy: run it from a clone)")
    return None


def check_toolchain(who: str) -> None:
    """Raise :class:`CompanionError` when simavr runs are impossible here: one line naming
    ``who`` asked for one (the command or option) and the one reason that holds."""
    reason = toolchain_missing()
    if reason:
        raise CompanionError(f"{who} cannot run here: {reason}")


def _make(directory: Path, target: str, *variables: str) -> None:
    """``make target`` in ``directory``, one process at a time (two test suites running side by
    side would otherwise write the same ELF at once, and one could run it half written)."""
    with _build_lock(directory):
        result = subprocess.run(["make", "-s", "-C", str(directory), target, *variables],
                                capture_output=True, text=True)
    if result.returncode:
        detail = (result.stderr or result.stdout).strip().splitlines()[-1:] or ["make failed"]
        raise CompanionError(f"cannot build {directory / target}: {detail[0]}")


@contextmanager
def _build_lock(directory: Path) -> Iterator[None]:
    """Hold ``directory/build/.lock`` (no lock where the folder cannot be written: make then
    only finds its targets up to date, or fails with its own message)."""
    try:
        (directory / "build").mkdir(exist_ok=True)
        lock = open(directory / "build" / ".lock", "a")
    except OSError:
        lock = None
    if lock is None:
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def firmware_elf(board: Board, firmware: str = "controller",
                 clock_start: int | None = None, min_press_us: int | None = None) -> Path:
    """Build (if needed) and return the ELF of ``firmware`` ("controller" or "naive");
    ``clock_start`` and ``min_press_us`` make a test build of the controller (its overflow
    count's start, its glitch filter; ``None``: the firmware's own)."""
    check_toolchain("firmware-sim")
    directory = HARDWARE / "firmware"
    if firmware == "naive":
        target = f"build/naive-{board.name}/naive.elf"
        _make(directory, target)
    else:
        # each make variable given, and the suffix hardware/firmware/Makefile gives its build
        builds = [(f"{variable}={value}", f"-{suffix}-{value}")
                  for variable, suffix, value in (("CLOCK_START", "clock", clock_start),
                                                  ("MIN_PRESS_US", "min-press", min_press_us))
                  if value is not None]
        target = f"build/{board.name}{''.join(suffix for _, suffix in builds)}/controller.elf"
        _make(directory, target, *(variable for variable, _ in builds))
    return directory / target


def harness_path() -> Path:
    """Build (if needed) and return the simavr harness."""
    _make(HARDWARE / "sim", "build/harness")
    return HARDWARE / "sim" / "build" / "harness"


# ---- running ----------------------------------------------------------------

def drive_script(board: Board, presses: list[Press]) -> tuple[list[str], float]:
    """Harness script lines for ``presses`` (all pins idle high first) and the last instant."""
    lines = [f"drive 0 {pin.port} {pin.bit} 1" for pin in board.pins]
    last = 0.0
    for press in presses:
        pin = board.pin(press.pin)
        for at_us, level in press.transitions():
            lines.append(f"drive {round(at_us * 1000)} {pin.port} {pin.bit} {level}")
            last = max(last, at_us)
    return lines, last


def run_harness(board: Board, elf: Path, lines: list[str], end_us: float) -> list[tuple[int, int]]:
    """Run the harness; (simulated ns, byte) for every byte the firmware sent."""
    script = "\n".join(lines + [f"end {round(end_us * 1000)}"]) + "\n"
    result = subprocess.run([str(harness_path()), board.mcu, str(elf)], input=script,
                            capture_output=True, text=True)
    if result.returncode:
        raise CompanionError(f"simavr harness failed: {result.stderr.strip().splitlines()[-1:]}")
    out = []
    for line in result.stdout.splitlines():
        fields = line.split()
        if len(fields) == 2:  # "NS HEX"; watch lines have more fields
            out.append((int(fields[0]), int(fields[1], 16)))
    return out


def decode_controller(board: Board, wire: bytes, clock_start: int = 0) -> SimResult:
    """Decode controller bytes into events with ``t_us`` since power-on."""
    decoder = FrameDecoder()
    unwrapper = TickUnwrapper()
    result = SimResult()
    epoch = clock_start << 16
    for frame in decoder.feed(wire):
        try:
            message = parse(frame)
        except ProtocolError:
            continue
        if isinstance(message, Hello):
            result.hello = message
            unwrapper.reset()
        ticks = getattr(message, "ticks", None)
        if ticks is not None:
            ticks = unwrapper.unwrap(ticks)
        if isinstance(message, Edge):
            assert ticks is not None  # an edge carries its stamp
            ticks_per_us = result.hello.ticks_per_us if result.hello else 2
            result.events.append({"pin": (board.pin_names[message.pin]
                                          if message.pin < len(board.pins)
                                          else f"#{message.pin}"),
                                  "edge": "press" if message.pressed else "release",
                                  "t_us": (ticks - epoch) / ticks_per_us})
        elif isinstance(message, Heartbeat):
            result.overflows = max(result.overflows, message.lost_events)
        elif isinstance(message, Filter):
            result.min_press_us, result.glitches = message.min_press_us, message.glitches
    result.frames, result.crc_errors = decoder.frames, decoder.crc_errors
    result.bad_frames, result.lost = decoder.bad_frames, decoder.lost
    return result


def start_on_pty(board: Board, presses: list[Press],
                 end_us: float) -> tuple[subprocess.Popen[str], str]:
    """Start the real firmware on a pseudo-terminal, paced to the wall clock.

    Returns ``(process, path)``: open ``path`` with pyserial like a real
    controller; simulated time 0 is about when this returns. The process ends
    at simulated ``end_us``; the caller waits for or kills it.
    """
    elf = firmware_elf(board, "controller")
    lines, _ = drive_script(board, presses)
    return harness_on_pty([str(harness_path()), "--pty", board.mcu, str(elf)],
                          lines + [f"end {round(end_us * 1000)}"], keep_stdin=False)


def harness_on_pty(command: list[str], lines: list[str],
                   keep_stdin: bool) -> tuple[subprocess.Popen[str], str]:
    """Start the harness ``command`` (with ``--pty``), send it the script ``lines`` and
    return ``(process, pty path)``; its stdin stays open when ``keep_stdin`` (for more
    lines later), else it is closed. :class:`CompanionError` with the harness's own
    words if it gives no pty.
    """
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdin and process.stdout and process.stderr  # all three are pipes
    process.stdin.write("\n".join(lines) + "\n")
    if keep_stdin:
        process.stdin.flush()
    else:
        process.stdin.close()
    path = process.stdout.readline().strip()
    if not path:
        process.kill()
        words = process.stderr.read().strip()
        process.wait()
        raise CompanionError(f"simavr harness gave no pty: {words}")
    return process, path


def run_controller(board: Board, presses: list[Press], clock_start: int | None = None,
                   wire_filter: Callable[[bytes], bytes] | None = None,
                   min_press_us: int | None = None) -> SimResult:
    """Run the real firmware on ``presses`` and decode its output.

    ``wire_filter(bytes) -> bytes`` may damage the byte stream on its way to the
    decoder (garbage, cut frames); ``min_press_us`` runs a build with that glitch filter.
    """
    elf = firmware_elf(board, "controller", clock_start, min_press_us)
    lines, last = drive_script(board, presses)
    sent = bytes(byte for _, byte in run_harness(board, elf, lines, last + TAIL_US))
    if wire_filter is not None:
        sent = wire_filter(sent)
    return decode_controller(board, sent, clock_start or 0)


def run_naive(board: Board, presses: list[Press]) -> SimResult:
    """Run the naive baseline on ``presses``; its text lines become events."""
    elf = firmware_elf(board, "naive")
    lines, last = drive_script(board, presses)
    text = bytes(byte for _, byte in run_harness(board, elf, lines, last + TAIL_US))
    result = SimResult()
    for line in text.decode("ascii", "replace").splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "01" and parts[2].isdigit():
            result.events.append({"pin": parts[0],
                                  "edge": "press" if parts[1] == "0" else "release",
                                  "t_us": float(parts[2])})
    return result
