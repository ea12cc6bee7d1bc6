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
import json
from dataclasses import asdict, replace
from pathlib import Path

from companion.errors import CompanionError
from companion.storage.location import not_a_folder
from companion.tools.argtypes import UsageError, folder_name
from companion.tools.doctor.display import (
    check_connectors,
    check_egl,
    check_pygame,
    check_rotation,
    check_video,
)
from companion.tools.doctor.host import FIX, LABELS, Check, Host, check_machine
from companion.tools.doctor.pads import check_clock, check_gpio, check_inputs, check_serial
from companion.tools.doctor.service import (
    check_service,
    check_settings,
    service_state,
    settings_to_check,
)
from companion.tools.doctor.sound import check_sound
from companion.tools.doctor.state import check_state

NAME = "doctor"
HELP = "check this Pi for the kiosk: display, inputs, GPIO, serial, state folder, service"


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
        check_clock(host, args, config), said(check_serial(host, config, service_running)),
        check_state(host, args), check_service(host, service),
    ]


def as_defaults(check: Check) -> Check:
    """``check``, which tells what the settings name, made on the defaults the kiosk offers
    when the settings file does not load (missing, or with mistakes: its own line says which),
    saying so."""
    return Check(check.name, check.status, f"{check.text} (the default settings: the settings "
                                           "file does not load)")


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
