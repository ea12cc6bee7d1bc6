"""The real controller firmware in simavr on a pseudo-terminal, its buttons pressed live.

Owns one running simavr harness in ``--pty --live`` mode
(``hardware/sim/harness.c``): the firmware talks on a pty as a plugged-in
controller would, and :meth:`SimulatedController.press` closes a button pin
now (a few microseconds from now, for presses meant to be that far apart).
The device path is a symlink that stays the same across :meth:`unplug` and
:meth:`plug_in` (a new harness, a new pty), so a reader reopens it as it
would reopen ``/dev/companion-buttons``. Building and running use
:mod:`companion.simulation.firmware_sim.simavr`.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from companion.boards.avr import Board
from companion.errors import CompanionError
from companion.games.notnot.sides import Side
from companion.simulation.firmware_sim.simavr import (
    check_toolchain,
    drive_script,
    firmware_elf,
    harness_on_pty,
    harness_path,
)

#: How long a simulated run may last before the harness stops by itself (hours).
MAX_HOURS = 6
#: How long a simulated finger holds a button, in simulated microseconds.
HOLD_US = 5_000
#: How far ahead :meth:`SimulatedController.press_together` schedules its presses: long
#: enough that a harness reading its stdin late on a loaded machine still finds every change
#: in its future (a change it reads after its instant is applied at once, and presses meant
#: to be microseconds apart would land together).
LEAD_US = 50_000
#: The soonest a button is pressed again after its release: the firmware's 5 ms
#: debounce lock, and a margin.
REPRESS_NS = 10_000_000


class SimulatedController:
    """The firmware of ``board`` in simavr, reachable at :attr:`path` like a real controller.

    Raises :class:`CompanionError` (one line) when simavr runs are impossible here
    (:func:`~.simavr.check_toolchain`). Press with :meth:`press` or :meth:`press_together`; map
    players with :meth:`pin_of` (the board's own pads, four to a player).
    """

    def __init__(self, board: Board, folder: str | None = None) -> None:
        check_toolchain("the simulated controller")
        self.board = board
        self.elf = firmware_elf(board)
        self.harness = harness_path()
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        if folder is None:
            self._folder = tempfile.TemporaryDirectory(prefix="companion-simavr-")
            folder = self._folder.name
        self.path = str(Path(folder) / "controller")
        self._pins = {target: board.pin(name) for name, target in board.default_map().items()}
        self._lock = threading.Lock()
        self._free_at: dict[tuple[str, int], int] = {}
        self.process: subprocess.Popen | None = None
        self.plug_in()

    def plug_in(self) -> None:
        """Power the controller up (a new harness) and point :attr:`path` at its pty."""
        lines, _ = drive_script(self.board, [])
        process, pty = harness_on_pty(
            [str(self.harness), "--pty", "--live", self.board.mcu, str(self.elf)],
            lines + [f"end {MAX_HOURS * 3600 * 10**9}"], keep_stdin=True)
        link = Path(self.path)
        if link.is_symlink():
            link.unlink()
        os.symlink(pty, link)
        self.process = process

    def unplug(self) -> None:
        """Pull the plug: the harness stops, the pty goes away."""
        process, self.process = self.process, None
        if process is None:
            return
        Path(self.path).unlink(missing_ok=True)
        process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()

    def pin_of(self, player: int, side: Side) -> tuple[str, int]:
        """(AVR port letter, bit) of ``player``'s ``side`` button."""
        try:
            pin = self._pins[player, Side(side)]
        except KeyError:
            raise CompanionError(f"the {self.board.name} has no pad for player {player}") from None
        return pin.port, pin.bit

    def press(self, player: int, side: Side, hold_us: float = HOLD_US) -> None:
        """``player`` presses ``side`` now, and lets go ``hold_us`` later."""
        self.press_together([(player, side, 0.0)], hold_us, lead_us=0)

    def press_together(self, presses: list[tuple[int, Side, float]],
                       hold_us: float = HOLD_US, lead_us: float = LEAD_US) -> None:
        """Presses ``(player, side, after_us)``, ``after_us`` microseconds after ``lead_us``
        from now, exactly that far apart in simulated time; each held ``hold_us``.

        Each pin change is sent with its host ``CLOCK_MONOTONIC`` instant, and the
        harness applies it when the simulation reaches that instant, however late
        it reads the line; the lead keeps every change of one call in its future
        (the simulation runs at most 0.2 ms ahead of the wall clock). A finger
        cannot press a button again before it let go and the firmware's debounce
        lock ended: a press that comes sooner (a starved caller's presses arrive
        bunched) waits until :data:`REPRESS_NS` after the release."""
        start_ns = time.monotonic_ns() + round(lead_us * 1000)
        lines = []
        for player, side, after_us in presses:
            port, bit = self.pin_of(player, side)
            at_ns = max(start_ns + round(after_us * 1000), self._free_at.get((port, bit), 0))
            released_ns = at_ns + round(hold_us * 1000)
            self._free_at[port, bit] = released_ns + REPRESS_NS
            lines.append(f"drive @{at_ns} {port} {bit} 0")
            lines.append(f"drive @{released_ns} {port} {bit} 1")
        with self._lock:
            process = self.process
            if process is None or process.stdin is None:
                return   # unplugged: a press on a dead controller goes nowhere
            try:
                process.stdin.write("\n".join(lines) + "\n")
                process.stdin.flush()
            except (BrokenPipeError, ValueError):
                pass

    def close(self) -> None:
        """Stop the simulation and remove the device link."""
        with self._lock:
            self.unplug()
        if self._folder is not None:
            self._folder.cleanup()
