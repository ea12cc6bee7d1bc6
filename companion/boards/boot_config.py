"""What a Pi's ``config.txt`` turns: the touchscreen's axes (overlay parameters), the old
rotation keys the KMS display driver ignores, and the interfaces it switches on, whose
pins the kernel then holds from boot.

Under KMS (every Raspberry Pi OS since Bullseye) the firmware's ``display_rotate`` and
``lcd_rotate`` turn nothing, and SDL's KMSDRM driver does not turn the picture either:
the kiosk turns it itself (``[display] rotation``) and maps each touch back through the same
turn. A touchscreen turned in ``config.txt`` as well (``invx``, ``invy``, ``swapxy`` or the
``touchscreen-*`` parameters of a panel's overlay) is turned twice. ``companion doctor``
reads both (:func:`touch_turns`, :func:`ignored_rotations`).

>>> touch_turns("dtoverlay=vc4-kms-dsi-7inch,invx,invy  # upside down")
[Turn(line=1, text='dtoverlay=vc4-kms-dsi-7inch,invx,invy', what=('invx', 'invy'))]
"""

from __future__ import annotations

from dataclasses import dataclass

#: Where the boot partition's settings are: Bookworm's place first, then the older one.
CONFIG_TXT = ("/boot/firmware/config.txt", "/boot/config.txt")
#: Overlay parameters that turn or mirror a touchscreen's axes.
TOUCH_PARAMETERS = frozenset({"swapxy", "invx", "invy", "touchscreen-swapped-x-y",
                              "touchscreen-inverted-x", "touchscreen-inverted-y"})
#: Firmware keys that turned the picture before KMS, ignored under it.
OLD_ROTATION_KEYS = frozenset({"display_rotate", "display_lcd_rotate", "lcd_rotate",
                               "display_hdmi_rotate"})
#: Values that switch a parameter off.
OFF = frozenset({"0", "off", "false", "no"})


@dataclass(frozen=True)
class Turn:
    """Line ``line`` (from 1) of ``config.txt``, as written without its comment, and the
    parameters or keys on it that turn something."""

    line: int
    text: str
    what: tuple[str, ...]


def settings_lines(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` that say something, numbered from 1, comments and blanks left
    out."""
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.partition("#")[0].strip()
        if line and not line.startswith("["):
            lines.append((number, line))
    return lines


def switched_on(parameter: str) -> tuple[str, bool]:
    """``invx`` or ``invx=1`` -> ``("invx", True)``; ``invx=0`` -> ``("invx", False)``."""
    name, equals, value = parameter.partition("=")
    return name.strip(), not equals or value.strip().lower() not in OFF


def touch_turns(text: str) -> list[Turn]:
    """The ``dtoverlay=``/``dtparam=`` lines of ``config.txt`` ``text`` that turn a
    touchscreen's axes."""
    found = []
    for number, line in settings_lines(text):
        key, _, value = line.partition("=")
        if key.strip() not in ("dtoverlay", "dtparam"):
            continue
        parameters = [switched_on(part) for part in value.split(",")[1 if key.strip() ==
                                                                       "dtoverlay" else 0:]]
        what = tuple(name for name, on in parameters if on and name in TOUCH_PARAMETERS)
        if what:
            found.append(Turn(number, line, what))
    return found


def ignored_rotations(text: str) -> list[Turn]:
    """The lines of ``config.txt`` ``text`` with an old rotation key KMS ignores (and not 0)."""
    found = []
    for number, line in settings_lines(text):
        key, on = switched_on(line)
        if key in OLD_ROTATION_KEYS and on:
            found.append(Turn(number, line, (key,)))
    return found


#: ``dtparam=`` names that switch on an interface of :data:`~.pi_header.INTERFACES`.
INTERFACE_PARAMETERS = {"spi": "spi", "i2c_arm": "i2c", "i2c": "i2c", "i2s": "i2s",
                        "uart0": "uart"}
#: ``dtoverlay=`` names (or their start) that take an interface's pins: 1-Wire, SPI1, and
#: the I2S sound cards (amplifiers and DACs).
INTERFACE_OVERLAYS = (("w1-gpio", "one_wire"), ("spi1-", "spi1"), ("hifiberry-", "i2s"),
                      ("iqaudio-", "i2s"), ("max98357a", "i2s"), ("googlevoicehat", "i2s"),
                      ("justboom-", "i2s"), ("allo-", "i2s"))


@dataclass(frozen=True)
class Claim:
    """Line ``line`` of ``config.txt`` (``text``, without its comment) switches on the
    interface ``key`` of :data:`~.pi_header.INTERFACES`; ``gpio`` is the pin it moved it to
    (1-Wire's ``gpiopin=``), else ``None``."""

    line: int
    text: str
    key: str
    gpio: int | None = None


def interfaces_on(text: str, uart: bool = True) -> list[Claim]:
    """The interfaces the lines of ``config.txt`` ``text`` switch on (``uart``: count
    ``enable_uart=1``, which takes GPIO 14/15 on every Pi but the 5, where it is the debug
    connector's)."""
    found = []
    for number, line in settings_lines(text):
        key, _, value = (part.strip() for part in line.partition("="))
        if key == "enable_uart" and uart and value not in OFF:
            found.append(Claim(number, line, "uart"))
        elif key == "dtparam":
            for name, on in map(switched_on, value.split(",")):
                if on and name in INTERFACE_PARAMETERS:
                    found.append(Claim(number, line, INTERFACE_PARAMETERS[name]))
        elif key == "dtoverlay":
            overlay, *parameters = value.split(",")
            taken = next((iface for start, iface in INTERFACE_OVERLAYS
                          if overlay.strip().startswith(start)), None)
            moved = [value for name, _, value in (p.partition("=") for p in parameters)
                     if name.strip() == "gpiopin" and value.strip().isdigit()]
            if taken:
                found.append(Claim(number, line, taken, int(moved[0]) if moved else None))
    return found
