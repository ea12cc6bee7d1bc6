"""The serial controller at the kiosk: open the configured controller and post its taps.

Owns turning the ``[serial]`` settings into a running
:class:`~companion.inputs.serial.reader.SerialReader`: the board, the device path,
and the pin map (``[[serial.pads]]``, else the board's own pads, four to a
player). The reader stamps and posts :class:`~companion.games.notnot.taps.Tap` and
:class:`~companion.inputs.serial.reader.ControllerStatus` events; the loop shows the
status (:func:`player_notice` on screen, :func:`status_notice` in the journal) and judges the
taps. Also owns which tie
window the kiosk uses once it knows which inputs it reads
(:func:`tie_window_ns`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from companion.boards.avr import Board, board_named
from companion.config.settings import Config, SerialSettings, seated_by_table
from companion.games.notnot.sides import Side
from companion.inputs.serial.reader import ControllerStatus, SerialReader

log = logging.getLogger(__name__)


def pin_map(settings: SerialSettings) -> dict[str, tuple[int, Side]] | None:
    """``{pin name: (player, side)}`` of ``[[serial.pads]]``; ``None``: the board's own pads."""
    if not settings.pads:
        return None
    return {name: (pad.player, side) for pad in settings.pads for side, name in pad.buttons.items()}


def players_of(settings: SerialSettings) -> tuple[int, ...]:
    """The players the controller seats, in order."""
    if settings.pads:
        return tuple(pad.player for pad in settings.pads)
    return tuple(range(1, board_named(settings.board).players + 1))


class SerialPads:
    """One serial controller, read in a thread of its own, posting to ``post``.

    Like :class:`~companion.inputs.gpio.GpioPads` for the kiosk: :meth:`close`
    stops it, :meth:`light` and :meth:`lights_off` do nothing (the controller
    drives no LEDs). ``reader_options`` go to :class:`SerialReader` (tests
    give ``open_serial``, ``ping_interval_s``).
    """

    def __init__(self, settings: SerialSettings, post: Callable[[object], None],
                 **reader_options: Any) -> None:
        self.settings = settings
        self.board: Board = board_named(settings.board)
        self.reader = SerialReader(settings.device, post, pin_map(settings), self.board,
                                   **reader_options)

    def start(self) -> SerialPads:
        """Start reading (the reader opens the device, and keeps reopening it)."""
        seated = players_of(self.settings)
        log.info("reading the serial controller on %s (%s, players %s)", self.settings.device,
                 self.board.name, " ".join(map(str, seated)))
        self.reader.start()
        return self

    def close(self) -> None:
        """Stop reading and close the device."""
        self.reader.stop()

    def light(self, player: int, side: Side) -> None:
        """No LEDs on the controller."""

    def lights_off(self) -> None:
        """No LEDs on the controller."""


def serial_pads(config: Config, post: Callable[[object], None],
                keyboard_only: bool = False, **reader_options: Any) -> SerialPads | None:
    """The configured controller, posting to ``post`` once :meth:`SerialPads.start`
    is called (start it when the loop is there to hear it); ``None`` when
    ``[serial]`` is off or the keyboard alone was asked for. A controller not
    plugged in yet is no error: the reader opens it when it appears."""
    if keyboard_only or not config.serial.enabled:
        return None
    return SerialPads(config.serial, post, **reader_options)


#: How long a round waits after its close for the controller's taps still on their way: a USB
#: serial adapter may hold received bytes up to 16 ms (an FTDI's default ``latency_timer``),
#: and a tap stamped before the close must still be judged (GPIO taps need only 2 ms). The
#: firmware's glitch filter sends a press 0.3 ms after its stamp: still inside.
SERIAL_SETTLE_S = 0.02


def tie_window_ns(config: Config, gpio: bool, serial: bool) -> int | None:
    """The tie window for the inputs the kiosk reads (``None``: keyboard only).

    With the controller alone, its own (20 us by default: its stamps are
    good to a microsecond); with GPIO pads too, the wider of the two, since
    a tie is only as fine as the coarser stamp. A game that seats a player
    only the keyboard seats (:func:`seated_by_keys_alone`) ties within the
    keyboard's window too (:meth:`companion.scenes.core.Services.tie_window_for`).
    """
    windows = ([config.gpio.tie_window_ns] if gpio else []) \
        + ([config.serial.tie_window_ns] if serial else [])
    return max(windows) if windows else None


def seated_by_keys_alone(config: Config, gpio: bool, serial: bool) -> tuple[int, ...]:
    """The players only the keyboard's pads seat, beside the GPIO pads (when ``gpio``: read)
    and the controller's (when ``serial``): their taps are keys."""
    seated = seated_by_table(config)
    by_pads = set(seated["gpio"] if gpio else ()) | set(seated["serial"] if serial else ())
    return tuple(player for player in seated["keyboard"] if player not in by_pads)


#: The corner's words for a controller whose presses are not taken, by kind of status: what a
#: maker at the table can act on (a board there but not understood is no unplugged cable).
CORNER_WORDS = {
    "board": "wrong board",          # another board than the settings name
    "failed": "not read",            # a fault of the companion's own reading
    "busy": "in use",                # another program has the port open
    "refused": "cannot open",        # the port is there, this user may not open it
    "garbled": "garbled",            # bytes that make no frame: another firmware or baud
    "silent": "silent",              # plugged in, says nothing
}


def status_word(status: ControllerStatus) -> str:
    """The controller's state in a word or two for the corner of the screen: ``synced`` (its
    taps are judged), ``connecting`` (talking, clock not yet synced), one of
    :data:`CORNER_WORDS` when its kind says why its presses are not taken, else
    ``unplugged``."""
    if status.kind in CORNER_WORDS and not status.connected:
        return CORNER_WORDS[status.kind]
    if not status.connected:
        return "unplugged"
    return "synced" if status.synced else "connecting"


#: Every word :func:`status_word` gives: the corner keeps room for the widest.
CORNER_STATES = ("synced", "connecting", "unplugged", *CORNER_WORDS.values())


#: What the screen tells the table of each kind of controller status (one short line each;
#: the journal keeps :func:`status_notice`, the whole story with the path and the error).
PLAYER_WORDS = {
    "missing": "button controller not found: waiting for it",
    "refused": "button controller cannot be opened: companion doctor says why",
    "busy": "button controller in use by another program",
    "garbled": "button controller not understood: check its firmware",
    "board": "button controller is not the board the settings name: its presses are not taken",
    "unplugged": "button controller unplugged: waiting for it",
    "failed": "button controller not read: a fault of the companion (see its journal)",
    "silent": "button controller silent: waiting for it",
    "talking": "button controller talking again",
    "pins": "button controller lacks pins the settings name",
    "restarted": "button controller restarted: syncing its clock",
    "overflow": "button controller lost presses: it was too busy",
    "synced": "button controller ready",
    "connecting": "button controller found: syncing its clock",
}


def player_notice(status: ControllerStatus) -> str:
    """The notice the table sees for a controller status: :data:`PLAYER_WORDS` of its kind,
    else of its state (a status without a kind that is not connected is unplugged)."""
    return PLAYER_WORDS.get(status.kind) or PLAYER_WORDS[status_word(status)]


def status_notice(status: ControllerStatus) -> str:
    """The whole line for a controller status, naming the controller and what it said (the
    journal's line, and the wiring check's)."""
    name = f"serial controller {status.device}".rstrip()
    if not status.connected:
        said = status.detail if status.device and status.device in status.detail \
            else f"{name}: {status.detail}"
        return f"{said}; waiting for it"
    if status.alarm:
        return f"{name}: {status.detail}"
    if status.synced:
        return f"{name}: connected, clock synced"
    return f"{name}: connected ({status.detail}), syncing its clock"
