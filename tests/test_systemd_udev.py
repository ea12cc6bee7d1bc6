"""The udev rule: a stable /dev/companion-buttons for the known controllers, FTDI at 1 ms.

udevadm cannot test a rule without the device plugged in, so this reads the
rule file with a small matcher for the part of udev's syntax it uses
(``KEY==``, ``KEY{attr}==`` with ``|`` alternatives and globs; ``=`` and
``+=`` assignments) and runs it against devices described as udev sees them.
"""

import fnmatch
import re
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "systemd" / "99-companion-buttons.rules"
TOKEN = re.compile(r'\s*([A-Z_]+)(?:\{([^}]+)\})?\s*(==|!=|\+=|:=|=)\s*"([^"]*)"\s*(?:,|$)')


def parse(text: str) -> list[list[tuple[str, str | None, str, str]]]:
    rules = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        tokens, position = [], 0
        while position < len(line):
            match = TOKEN.match(line, position)
            assert match, f"line {number}: cannot read {line[position:]!r}"
            tokens.append(match.groups())
            position = match.end()
        rules.append(tokens)
    return rules


def matches(pattern: str, value: str | None) -> bool:
    return value is not None and any(fnmatch.fnmatchcase(value, p) for p in pattern.split("|"))


def apply(device: dict) -> dict:
    """What the rules do to ``device``: symlinks, attributes written, owner and mode."""
    done = {"SYMLINK": [], "ATTR": {}}
    for rule in parse(RULES.read_text()):
        tests = [t for t in rule if t[2] in ("==", "!=")]
        if all(matches(value, lookup(device, key, attr)) == (op == "==") for key, attr, op, value in tests):
            for key, attr, op, value in rule:
                if op in ("=", "+=", ":="):
                    if key == "SYMLINK":
                        done["SYMLINK"].append(value)
                    elif key == "ATTR":
                        done["ATTR"][attr] = value
                    else:
                        done[key] = value
    return done


def lookup(device: dict, key: str, attr: str | None):
    if key == "ATTRS":  # any device up the chain (the USB device's ids)
        return device.get("parent_attrs", {}).get(attr)
    if key == "ATTR":
        return device.get("attrs", {}).get(attr)
    return device.get(key)


def usb_tty(vendor: str, product: str, kernel="ttyUSB0") -> dict:
    return {"ACTION": "add", "SUBSYSTEM": "tty", "KERNEL": kernel,
            "parent_attrs": {"idVendor": vendor, "idProduct": product}}


@pytest.mark.parametrize("vendor, product, board", [
    ("1a86", "7523", "CH340"),
    ("1a86", "55d4", "CH9102 (USB-C clone Nanos)"),
    ("0403", "6001", "FTDI FT232R"),
    ("0403", "6015", "FTDI FT-X"),
    ("2341", "0043", "Arduino Uno R3 (ATmega16U2)"),
    ("2341", "0042", "Arduino Mega 2560 R3 (ATmega16U2)"),
    ("2a03", "0043", "arduino.org Uno"),
])
def test_a_known_controller_is_reachable_as_dev_companion_buttons(vendor, product, board):
    done = apply(usb_tty(vendor, product, "ttyACM0" if vendor != "1a86" else "ttyUSB0"))
    assert done["SYMLINK"] == ["companion-buttons"], board
    assert done["GROUP"] == "dialout" and done["MODE"] == "0660"


@pytest.mark.parametrize("vendor, product", [("10c4", "ea60"), ("067b", "2303"), ("2341", "8036")])
def test_other_serial_adapters_get_no_companion_name(vendor, product):
    assert apply(usb_tty(vendor, product))["SYMLINK"] == []


def test_an_ftdi_adapter_gets_a_1_ms_latency_timer():
    port = {"ACTION": "add", "SUBSYSTEM": "usb-serial", "DRIVER": "ftdi_sio", "KERNEL": "ttyUSB0"}
    assert apply(port)["ATTR"] == {"latency_timer": "1"}


def test_other_usb_serial_drivers_keep_their_latency():
    port = {"ACTION": "add", "SUBSYSTEM": "usb-serial", "DRIVER": "ch341-uart", "KERNEL": "ttyUSB0"}
    assert apply(port)["ATTR"] == {}


def test_every_line_of_the_rule_file_is_udev_syntax_this_test_understands():
    rules = parse(RULES.read_text())
    assert len(rules) == 4
