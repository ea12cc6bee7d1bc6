"""The doctor's checks of what the table presses: the input devices SDL sees, the GPIO chip
and the interfaces ``config.txt`` switches on over the pads' pins, the press-stamp clock, and
the serial controller."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys

from companion.boards import boot_config
from companion.boards import pi_header as pins
from companion.config.settings import Config
from companion.errors import CompanionError
from companion.inputs.clock_check import clock_verdict, first_press_stamps, mock_factory
from companion.inputs.serial.reader import UDEV_DEVICE
from companion.tools.doctor.host import (
    ANSWER_S,
    FIX,
    OK,
    SKIP,
    Check,
    Host,
    boot_settings,
    not_here,
)


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
    boot = boot_settings(host)
    if boot is None:
        return ""
    used, clashes = pins_in_use(config), []
    for claim in boot_config.interfaces_on(boot.text, host.pi_model()):
        clash = sorted(set(claim.pins) & set(used))
        if clash:
            wired = ", ".join(f"{pins.describe(gpio)} to {used[gpio]}" for gpio in clash)
            clashes.append(f"{boot.where(claim.line)}: {claim.text} switches on {claim.title}, "
                           f"which holds {wired}")
    if not clashes:
        return ""
    return (f"{'; '.join(clashes)} in the settings: comment "
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


def check_serial(host: Host, config: Config, service_running: bool = False) -> Check:
    """The serial controller the settings name: its device there, a serial port this user may
    open, and (on this machine, the kiosk not running) the board on it answering as the
    settings' board, with the companion's firmware."""
    serial = config.serial
    if not serial.enabled:
        return Check("serial", SKIP, "no serial controller in the settings "
                                     "([serial] enabled = false)")
    device = host.path(serial.device)
    if not device.exists():
        rule = ("a board the udev rule does not know needs its ids added (docs/KIOSK.md)"
                if serial.device == UDEV_DEVICE else
                f"is it another port now? ls /dev/ttyUSB* /dev/ttyACM* lists them, and the "
                f"udev rule's {UDEV_DEVICE} follows the board wherever it is plugged")
        return Check("serial", FIX, f"{serial.device} is not there: plug the {serial.board} in; "
                                    f"{rule}")
    if not device.is_char_device():
        return Check("serial", FIX, f"{serial.device} is not a serial device (a "
                                    f"{'folder' if device.is_dir() else 'file'}): [serial] "
                                    "device names the controller's port, such as "
                                    "/dev/companion-buttons or /dev/ttyUSB0")
    if not os.access(device, os.R_OK | os.W_OK):
        return Check("serial", FIX, f"{serial.device}: you cannot open it; the kiosk's user "
                                    "needs the group dialout")
    if not host.live:
        return Check("serial", OK, f"{serial.device} ({serial.board}) is there and can be opened")
    if service_running:   # the kiosk holds the port: a second opening is refused
        return Check("serial", OK, f"{serial.device} ({serial.board}) is there; not asked who it "
                                   "is while the kiosk holds it (sudo systemctl stop companion, "
                                   "then ask again)")
    return controller_answer(serial.device, serial.board,
                             host.ask_controller(str(device), serial.board))


def controller_answer(device: str, board: str, answer: object | None) -> Check:
    """The serial line for what the controller on ``device`` answered when asked who it is
    (:func:`~companion.tools.doctor.host.ask_controller`)."""
    from companion.inputs.serial.reader import ControllerStatus

    if not isinstance(answer, ControllerStatus):
        return Check("serial", FIX, f"{device} opens, but nothing on it answered in "
                                    f"{ANSWER_S:g} s: flash the {board} with the companion's "
                                    "firmware (hardware/firmware)")
    if answer.connected and answer.kind != "pins":
        return Check("serial", OK, f"{device}: {answer.detail}, answering")
    said = answer.detail if device in answer.detail else f"{device}: {answer.detail}"
    if answer.kind == "silent":
        said += f": flash the {board} with the companion's firmware (hardware/firmware)"
    return Check("serial", FIX, said)
