"""``companion buttons``: the wiring check for whoever just soldered the pads.

Watches every button of the pin map through the real GPIO input and prints a
line per press (player, side, pin, edge stamp), a line when it is released
(how long it was held, how many bounce edges it made) and which buttons have
not been pressed yet. A pad button with an LED in the pin map lights it while it is
held, and its press line names the LED's pin (``lit LED GPIO5 (pin 29)``). It ends
when every button has been pressed (status 0) or on Ctrl-C (status 1, listing the
buttons never pressed). With ``[serial] enabled`` it watches the serial controller's
pads too, with the same lines (the controller stamps and debounces: its pin and its
stamp on the host clock once synced); on a machine without GPIO it then checks the
controller alone.

``--mock`` runs on stamped mock pins instead of the header, pressing the pins
given with ``--press`` (or typed one per line on standard input), so the check
can be tried and tested without a Pi. ``--clock-check`` waits for one press and
says which clock the edge stamps are on (they must be CLOCK_MONOTONIC).
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import threading
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from companion.config import settings as config
from companion.config.reading import named_path
from companion.errors import CompanionError
from companion.inputs.clock_check import (
    MockTaps,
    clock_verdict,
    first_press_stamps,
    mock_factory,
    open_watched_pads,
)
from companion.inputs.debounce import Press, Release
from companion.inputs.wiring_check import SerialButton, WiringCheck, serial_buttons
from companion.tools.argtypes import UsageError, cannot_write, output_file

if TYPE_CHECKING:   # gpiozero loads only when the check runs, not for every `companion` command
    from companion.inputs.gpio import Button, GpioPads
    from companion.inputs.mock import StampedMockFactory

NAME = "buttons"
HELP = "wiring check: show every button press with its pin, stamp and bounces"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="config file (default: the active one)")
    parser.add_argument("--mock", action="store_true",
                        help="use mock pins, pressed by --press or by lines on standard input")
    parser.add_argument("--press", metavar="GPIO[xN]", action="append", default=[],
                        help="with --mock: press this BCM GPIO, with N bounces as it closes "
                             "and N as it opens (e.g. 17x3: 12 bounce edges); repeatable")
    parser.add_argument("--screen", action="store_true",
                        help="show the check in a window (on the kiosk's screen) as well as in "
                             "the terminal")
    parser.add_argument("--png", metavar="FILE", type=output_file,
                        help="with --screen: draw the state after the --press presses into FILE "
                             "and stop")
    parser.add_argument("--clock-check", action="store_true",
                        help="wait for one press and say which clock the edge stamps are on")


def run(args: argparse.Namespace) -> int:
    print_lines_as_they_come()
    loaded = config.load(*named_path(args.config, "COMPANION_CONFIG", config.find))
    if not args.mock and args.press:
        raise UsageError("--press needs --mock (on real pins, press the buttons)")
    if args.png and not (args.screen and args.mock):
        raise UsageError("--png needs --screen and --mock")
    if args.png and cannot_write(args.png):
        raise CompanionError(f"--png {args.png}: cannot write it: {cannot_write(args.png)}")
    check = WiringCheck(_buttons(loaded))
    if args.mock:
        refuse_mock_without_gpio(loaded, check)
    factory = mock_factory() if args.mock else None
    if args.clock_check:
        return clock_check(loaded, factory, args)
    for spec in args.press:   # every --press is checked before any pin is opened
        parse_press(spec, check.buttons)
    with contextlib.ExitStack() as inputs:
        pads = open_inputs(loaded, check, factory, inputs)
        print(f"watching {len(check.buttons)} buttons from {loaded.source}{leds_text(check)}; "
              "press each one (Ctrl-C to stop)")
        try:
            if args.screen:
                show(check, args, pads, factory)
            elif args.mock:
                assert pads is not None and factory is not None  # --mock: mock GPIO pins
                drive_mock(pads, factory, args.press, check.done)
            else:
                while not check.done.wait(0.2):
                    pass
        except KeyboardInterrupt:
            print()
    print(check.missing_text())
    return 0 if check.done.is_set() else 1


def refuse_mock_without_gpio(loaded: config.Config, check: WiringCheck) -> None:
    """A UsageError when ``--mock`` has no GPIO button to press: mock pins stand for GPIO
    pins only (the serial controller is checked on the real board, without ``--mock``)."""
    if loaded.gpio.enabled and check.buttons:
        return
    why = "[gpio] enabled = false" if not loaded.gpio.enabled else "it maps no GPIO button"
    serial = "; check the serial controller's buttons without --mock" \
        if serial_buttons(loaded) else ""
    raise UsageError(f"--mock presses mock GPIO pins, and {loaded.source} has none ({why})"
                     f"{serial}")


def leds_text(check: WiringCheck) -> str:
    """``" (3 with an LED, lit while pressed)"``: what the header line says of the LEDs the
    check lights; nothing when the pads have none."""
    count = len(check.led_gpios)
    return f" ({count} with an LED, lit while pressed)" if count else ""


def print_lines_as_they_come() -> None:
    """Each line of the check reaches a file or a pipe as it is printed, not when the check
    ends: a maker watches it with ``tail -f`` or ``tee``, and a check stopped by a signal
    keeps what it printed."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(line_buffering=True)


def show(check: WiringCheck, args: argparse.Namespace, pads: GpioPads | None,
         factory: StampedMockFactory | None) -> None:
    """Run the check in a window; mock presses come from a thread, as real ones do."""
    from companion.display.wiring_screen import WiringScreen

    try:
        screen = WiringScreen(check)
    except Exception as error:   # pygame.error: no display; one line, nothing lost
        raise CompanionError(f"cannot open a window: {error} "
                             "(drop --screen to check in the terminal)") from None
    try:
        if args.png:
            assert pads is not None and factory is not None  # --png needs --mock
            drive_mock(pads, factory, args.press, check.done)
            screen.save(args.png)
            return
        driver = None
        if factory is not None and pads is not None:
            driver = threading.Thread(target=drive_mock,
                                      args=(pads, factory, args.press, check.done), daemon=True)
            driver.start()
        screen.run(check.done, should_stop=lambda: False)
    finally:
        screen.close()


def _buttons(loaded: config.Config) -> tuple[Button, ...]:
    from companion.inputs.gpio import buttons_of
    return buttons_of(loaded.gpio)


def open_inputs(loaded: config.Config, check: WiringCheck, factory: StampedMockFactory | None,
                inputs: contextlib.ExitStack) -> GpioPads | None:
    """Open the GPIO pads (``None`` if the check has no GPIO button) and the serial
    controller when enabled, each closed by ``inputs``. Without GPIO on this machine
    the controller is checked alone (one line says so)."""
    serial = serial_buttons(loaded)
    pads = None
    if serial and not loaded.gpio.enabled:
        check.buttons = ()
    if check.buttons or not serial:
        try:
            pads = inputs.enter_context(open_watched_pads(loaded, check.on_transition, factory))
            check.light_pads(pads)
        except CompanionError as error:
            if not serial or factory is not None:
                raise
            print(f"companion: {error}; checking the serial controller alone")
            check.buttons = ()
    if serial and factory is None:
        check.buttons = tuple(check.buttons) + serial
        watch = SerialWatch(check, serial, loaded.serial.device)
        inputs.callback(watch.reader.stop)
        watch.reader.start()
    return pads


class SerialWatch:
    """Feeds the serial controller's pin edges to a wiring check as presses and releases."""

    def __init__(self, check: WiringCheck, buttons: tuple[SerialButton, ...], device: str,
                 **reader_options: Any) -> None:
        from companion.boards.avr import board_named
        from companion.inputs.serial.reader import SerialReader

        self.check = check
        self.by_pin = {button.pin: button for button in buttons}
        self.pressed_at: dict[str, int] = {}
        board = board_named(buttons[0].board)
        self.reader = SerialReader(device, self.on_event, board=board,
                                   report_edges=True, **reader_options)

    def on_event(self, event: object) -> None:
        """A controller event: a pin edge becomes a press or release line, a status a line."""
        from companion.inputs.serial.reader import ControllerStatus, PinEdge

        if isinstance(event, ControllerStatus):
            from companion.inputs.serial.pads import status_notice
            self.check.write(status_notice(event))
            return
        if not isinstance(event, PinEdge):
            return
        button = self.by_pin.get(event.pin)
        if button is None:
            return
        t_ns = event.t_ns if event.t_ns is not None else time.monotonic_ns()
        if event.pressed:
            self.pressed_at[event.pin] = t_ns
            self.check.on_transition(button, Press(t_ns))
        elif event.pin in self.pressed_at:
            self.check.on_transition(button, Release(t_ns, self.pressed_at.pop(event.pin), 0))


def parse_press(spec: str, buttons: Iterable[Button | SerialButton],
                where: str = "--press") -> tuple[int, int]:
    """``"17x3"`` -> ``(17, 3)``: a BCM GPIO of the pin map and a bounce count. An error names
    where ``spec`` came from (``where``: the option, or ``stdin (line N)``) and the spec."""
    from companion.inputs.mock import MAX_BOUNCES

    named = f"{where} {spec[:40]}"
    match = re.fullmatch(r"\s*([0-9]{1,3})\s*(?:x\s*([0-9]{1,9}))?\s*", spec)
    if not match:
        raise CompanionError(f"{named}: expected a BCM GPIO number (digits 0-9), "
                             "optionally xN bounces (e.g. 17x3)")
    gpio, bounces = int(match[1]), int(match[2] or 0)
    if bounces > MAX_BOUNCES:
        raise CompanionError(f"{named}: at most {MAX_BOUNCES} bounces")
    if gpio not in {b.gpio for b in buttons if not isinstance(b, SerialButton)}:
        raise CompanionError(f"{named}: GPIO{gpio} is not a button in the pin map")
    return gpio, bounces


def drive_mock(pads: GpioPads, factory: StampedMockFactory, specs: list[str],
               done: threading.Event) -> None:
    """Press the mock pins of ``specs``, or of lines read from standard input, one after
    another (each after the previous one's release: pressing a pin twice shows two presses)."""
    presses = [parse_press(spec, pads.buttons) for spec in specs]
    taps = MockTaps(pads, factory)
    if presses:
        for gpio, bounces in presses:
            taps.tap(gpio, bounces)
        return
    prompt = sys.stdin.isatty()
    number = 0
    while not done.is_set():
        if prompt:
            print("GPIO[xN] to press> ", end="", flush=True)
        line = sys.stdin.readline()
        number += 1
        if not line or line.strip() in ("q", "quit"):
            return
        for spec in line.split():
            try:
                taps.tap(*parse_press(spec, pads.buttons, f"stdin (line {number})"))
            except CompanionError as error:   # a typo loses nothing: say so, go on
                print(f"companion: {error}")


def clock_check(loaded: config.Config, factory: StampedMockFactory | None,
                args: argparse.Namespace) -> int:
    """Wait for one press; print its stamp beside CLOCK_MONOTONIC and CLOCK_REALTIME."""
    gpio = parse_press(args.press[0], _buttons(loaded))[0] if factory and args.press else None
    stamps = first_press_stamps(loaded, factory, gpio)
    if stamps is None:
        return 1
    stamp, monotonic, realtime = stamps
    verdict, ok = clock_verdict(stamp, monotonic, realtime)
    print(f"edge stamp        {stamp / 1e9:20.6f} s\n"
          f"CLOCK_MONOTONIC   {monotonic / 1e9:20.6f} s  "
          f"(stamp {(monotonic - stamp) / 1e3:.0f} us before)\n"
          f"CLOCK_REALTIME    {realtime / 1e9:20.6f} s\n{verdict}")
    return 0 if ok else 1
