"""What a Pi's ``config.txt`` turns: the touchscreen's axes (overlay parameters), the old
rotation keys the KMS display driver ignores, the interfaces it switches on, whose
pins the kernel then holds from boot, and the display driver it loads.

Under KMS (every Raspberry Pi OS since Bullseye) the firmware's ``display_rotate`` and
``lcd_rotate`` turn nothing, and SDL's KMSDRM driver does not turn the picture either:
the kiosk turns it itself (``[display] rotation``) and maps each touch back through the same
turn. A touchscreen turned in ``config.txt`` as well (``invx``, ``invy``, ``swapxy`` or the
``touchscreen-*`` parameters of a panel's overlay) is turned twice. ``companion doctor``
reads both (:func:`touch_turns`, :func:`ignored_rotations`).

The firmware reads an ``include`` line's file in its place; so does :func:`with_includes`, which
also says where each line came from (:class:`BootText`).

>>> touch_turns("dtoverlay=vc4-kms-dsi-7inch,invx,invy  # upside down")
[Turn(line=1, text='dtoverlay=vc4-kms-dsi-7inch,invx,invy', what=('invx', 'invy'))]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath

from companion.boards import pi_header

#: Where the boot partition's settings are: Bookworm's place first, then the older one.
CONFIG_TXT = ("/boot/firmware/config.txt", "/boot/config.txt")
#: An ``include`` line: the firmware reads the file it names (beside ``config.txt``) in its place.
INCLUDE = re.compile(r"include\s+(\S+)")
#: How many ``include`` lines deep the files are read (an included file may include another).
MOST_INCLUDED = 8
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


@dataclass(frozen=True)
class BootText:
    """What the firmware reads for the ``config.txt`` at ``path``: ``text``, its lines with
    each included file's lines in place of the ``include`` line, and for each of its lines the
    file and line (from 1) it came from (``origins``)."""

    path: str
    text: str
    origins: tuple[tuple[str, int], ...]

    def where(self, line: int) -> str:
        """Line ``line`` (from 1) of :attr:`text` where a maker finds it: "/boot/config.txt
        line 3"."""
        path, number = self.origins[line - 1]
        return f"{path} line {number}"


def with_includes(path: str, read: Callable[[str], str], depth: int = 0) -> BootText:
    """The file at ``path`` as the firmware reads it (``read`` gives a file's text): each
    ``include`` line's file, named from the folder of ``path``, read in its place (up to
    :data:`MOST_INCLUDED` deep; a file that cannot be read gives no lines)."""
    lines: list[str] = []
    origins: list[tuple[str, int]] = []
    for number, line in enumerate(read(path).splitlines(), 1):
        included = INCLUDE.fullmatch(line.partition("#")[0].strip())
        if included and depth < MOST_INCLUDED:
            inner = with_includes(str(PurePosixPath(path).parent / included[1]), read, depth + 1)
            lines += inner.text.splitlines()
            origins += inner.origins
        else:
            lines.append(line)
            origins.append((path, number))
    return BootText(path, "\n".join(lines), tuple(origins))


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
INTERFACE_PARAMETERS = {"spi": "spi", "i2c_arm": "i2c", "i2c": "i2c", "i2c1": "i2c",
                        "i2s": "i2s", "uart0": "uart"}
#: ``dtoverlay=`` names (or their start) that take an interface's pins: 1-Wire, SPI1, and
#: the I2S sound cards (amplifiers and DACs).
INTERFACE_OVERLAYS = (("w1-gpio", "one_wire"), ("spi1-", "spi1"), ("hifiberry-", "i2s"),
                      ("iqaudio-", "i2s"), ("max98357a", "i2s"), ("googlevoicehat", "i2s"),
                      ("justboom-", "i2s"), ("allo-", "i2s"))
#: The extra UARTs' overlays and the GPIOs (TX, RX) each takes: a Pi 4's, then a Pi 5's.
UART_OVERLAYS = {"uart2": (0, 1), "uart3": (4, 5), "uart4": (8, 9), "uart5": (12, 13),
                 "uart0-pi5": (14, 15), "uart1-pi5": (0, 1), "uart2-pi5": (4, 5),
                 "uart3-pi5": (8, 9), "uart4-pi5": (12, 13)}
#: Overlays that give GPIOs to a driver (a power button, a fan, a software I2C bus, an IR
#: receiver, PWM): each GPIO parameter and the GPIO it takes when the line does not say
#: (the defaults of the Raspberry Pi kernel's ``overlays/README``).
GPIO_OVERLAYS = {"gpio-shutdown": (("gpio_pin", 3),), "gpio-poweroff": (("gpiopin", 26),),
                 "gpio-fan": (("gpiopin", 12),), "gpio-ir": (("gpio_pin", 18),),
                 "gpio-ir-tx": (("gpio_pin", 18),), "pwm": (("pin", 18),),
                 "pwm-2chan": (("pin", 18), ("pin2", 19)),
                 "i2c-gpio": (("i2c_gpio_sda", 23), ("i2c_gpio_scl", 24))}
#: A ``config.txt`` section that applies to some models only (``[pi4]``, ``[pi400]``, ``[cm4]``).
MODEL_SECTION = re.compile(r"(pi|cm)[0-9a-z+]*")


@dataclass(frozen=True)
class Claim:
    """Line ``line`` of ``config.txt`` (``text``, without its comment) switches on the
    interface called ``title``, which holds the GPIOs ``pins`` from boot."""

    line: int
    text: str
    title: str
    pins: tuple[int, ...]


def model_sections(model: str) -> set[str]:
    """The model sections of ``config.txt`` (``[pi4]``, ``[pi400]``, ``[cm4]``, ...) whose lines
    a Pi whose model is ``model`` reads ("Raspberry Pi 400 Rev 1.0": pi400 and pi4); empty
    when the model is not known (then every section is read)."""
    found = re.search(r"Raspberry Pi (Compute Module )?(Zero 2|Zero|\d+)", model)
    if found is None:
        return set()
    module, number = found.groups()
    if number.startswith("Zero"):
        return {"pi02", "pi0"} if number == "Zero 2" else {"pi0"} | ({"pi0w"} if " W" in model
                                                                     else set())
    family = {400: 4, 500: 5}.get(int(number), int(number))
    sections = {f"pi{family}", f"pi{number}"} | ({f"cm{family}"} if module else set())
    return sections | ({"pi3+"} if family == 3 and "Plus" in model else set())


def read_lines(text: str, model: str = "") -> list[tuple[int, str]]:
    """The lines of ``config.txt`` ``text`` a Pi whose model is ``model`` reads (numbered from
    1, comments and blanks left out): not those under a model section for another model
    (``[pi3]`` on a Pi 4) or under ``[none]``; ``[all]`` ends a section. Other conditions
    (``[HDMI:0]``, ``[EDID=...]``) are not known here: their lines are read."""
    sections, reads, lines = model_sections(model), True, []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.partition("#")[0].strip()
        if line.startswith("["):
            name = line.strip("[] ").lower()
            if name in ("all", "none"):
                reads = name == "all"
            elif MODEL_SECTION.fullmatch(name):
                reads = not sections or name in sections
        elif line and reads:
            lines.append((number, line))
    return lines


def interface(key: str, line: int, text: str, pins: tuple[int, ...] = ()) -> Claim:
    """Line ``line`` switching on the interface ``key`` of :data:`~.pi_header.INTERFACES` (on
    ``pins`` when it moved them)."""
    taken = pi_header.INTERFACES[key]
    return Claim(line, text, taken.title, pins or tuple(taken.pins))


def gpio_given(given: dict[str, str], name: str, default: int) -> int:
    """The GPIO an overlay's parameter ``name`` takes: as ``given`` on its line, else
    ``default``."""
    pin = given.get(name, "")
    return int(pin) if pin.isdigit() else default


def interfaces_on(text: str, model: str = "") -> list[Claim]:
    """The interfaces the lines of ``config.txt`` ``text`` leave switched on, on a Pi whose
    model is ``model`` (:func:`read_lines`): a later line that switches one off
    (``dtparam=spi=off``, ``enable_uart=0``) takes back an earlier one. ``enable_uart=1``
    takes GPIO 14/15 on every Pi but the 5, where it is the debug connector's."""
    on: dict[str, Claim] = {}
    for number, line in read_lines(text, model):
        key, _, value = (part.strip() for part in line.partition("="))
        if key == "enable_uart" and "Pi 5" not in model:
            on.pop("uart", None)
            if value not in OFF:
                on["uart"] = interface("uart", number, line)
        elif key == "dtparam":
            for name, switched in map(switched_on, value.split(",")):
                if name in INTERFACE_PARAMETERS:
                    iface = INTERFACE_PARAMETERS[name]
                    on.pop(iface, None)
                    if switched:
                        on[iface] = interface(iface, number, line)
        elif key == "dtoverlay":
            overlay, *parameters = (part.strip() for part in value.split(","))
            given = {name.strip(): pin.strip()
                     for name, _, pin in (part.partition("=") for part in parameters)}
            if overlay in UART_OVERLAYS:
                on[overlay] = Claim(number, line, overlay.split("-")[0].upper(),
                                    UART_OVERLAYS[overlay])
                continue
            if overlay in GPIO_OVERLAYS:
                on[f"{overlay}@{number}"] = Claim(number, line, f"the {overlay} overlay", tuple(
                    gpio_given(given, name, default) for name, default in GPIO_OVERLAYS[overlay]))
                continue
            taken = next((iface for start, iface in INTERFACE_OVERLAYS
                          if overlay.startswith(start)), None)
            moved = tuple(int(pin) for name, pin in given.items()
                          if name == "gpiopin" and pin.isdigit())
            if taken:
                on[taken] = interface(taken, number, line, moved[:1])
    return sorted(on.values(), key=lambda claim: claim.line)


#: The overlay of the KMS display driver, which SDL's KMSDRM draws through (``-pi4`` and the
#: like are its older names), and the old fake-KMS driver's.
KMS_OVERLAY = "vc4-kms-v3d"
FAKE_KMS_OVERLAY = "vc4-fkms-v3d"


def display_overlays(text: str, model: str = "") -> list[Turn]:
    """The ``dtoverlay=`` lines of ``config.txt`` ``text`` that load a display driver
    (:data:`KMS_OVERLAY` or :data:`FAKE_KMS_OVERLAY`) on a Pi whose model is ``model``
    (:func:`read_lines`), each with the overlay's name."""
    found = []
    for number, line in read_lines(text, model):
        key, _, value = (part.strip() for part in line.partition("="))
        overlay = value.split(",")[0].strip()
        if key == "dtoverlay" and overlay.startswith((KMS_OVERLAY, FAKE_KMS_OVERLAY)):
            found.append(Turn(number, line, (overlay,)))
    return found


def commented_out(text: str, overlay: str) -> int | None:
    """The first line of ``config.txt`` ``text`` that would load ``overlay`` but for the ``#``
    before it (``None``: no such line)."""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#"):
            said = stripped.lstrip("#").strip().replace(" ", "")
            if said.startswith(f"dtoverlay={overlay}"):
                return number
    return None
