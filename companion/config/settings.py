"""The settings file: read TOML, merge it over the defaults, check it, freeze it.

Owns the config schema (:data:`SCHEMA`), the shipped defaults
(``default.toml``, which is also the commented file that
``companion config --print-default`` writes), validation, and the frozen
dataclass tree that :func:`load` returns.

>>> config = load()                      # the shipped defaults
>>> config.gpio.pads[0].buttons.N        # BCM GPIO of player 1's north button
4

Validation reports every problem at once, one line each, naming the file, the
key and its value, and raises :class:`ConfigError` (a ``CompanionError``)::

    my.toml: gpio.pads[2].E = 4: GPIO4 (pin 7) is already gpio.pads[1].N

Adding a table (like the kiosk's ``[display]`` and ``[sound]``) to the known keys is one entry
in :data:`SCHEMA`; reading it into the tree is one field on :class:`Config`.
"""

from __future__ import annotations

import difflib
import json
import math
import os
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.boards import pi_header as pins
from companion.config import reading
from companion.errors import CompanionError, ConfigError
from companion.games.notnot.cards import TABLE_FACES
from companion.games.notnot.sides import SIDES, Side

#: The faces a dealer pad can have a button for: a table card's, or a rule card (any of them).
DEALER_FACES: tuple[str, ...] = (*TABLE_FACES, "RULE")
#: The optional control buttons.
CONTROL_NAMES: tuple[str, ...] = ("menu", "confirm")

#: Where :func:`find` looks for a user's file, first match wins (after ``$COMPANION_CONFIG``).
#: The machine's settings file: the kiosk's service reads it (its user has no other).
SYSTEM_FILE = Path("/etc/companion/config.toml")
SEARCH_PATH: tuple[Path, ...] = (
    Path("~/.config/companion/config.toml").expanduser(),
    SYSTEM_FILE,
)


#: The largest config file read, in bytes (the commented default is about 4 KiB).
MAX_FILE_BYTES = 256 * 1024
#: Player numbers a pad may have.
MAX_PLAYER = 64
#: The longest a button may be held before it is reported stuck, in seconds.
MAX_STUCK_S = 3600
#: The longest glitch filter, in microseconds: every press counts this much later (a
#: person's press lasts tens of milliseconds).
MAX_MIN_PRESS_US = 10_000


class Gpio(int):
    """Schema kind: a BCM GPIO number (an integer)."""


class Number(float):
    """Schema kind: an integer or a float."""


class Written(float):
    """A float of a settings file that keeps its text as written: a message shows ``1e400`` as
    the file says it, not as the ``inf`` it reads as."""

    written: str

    def __new__(cls, text: str) -> Written:
        number = super().__new__(cls, text)
        number.written = text
        return number


def _sides(kind: object) -> dict:
    return {side.value: kind for side in SIDES}


#: Every known key of every table and the kind of value it takes: a type, a
#: nested table (a dict) or an array of tables (a one-item list). Unknown keys
#: and wrong types are reported from this table alone.
SCHEMA: dict[str, Any] = {
    "gpio": {
        "enabled": bool, "pull_up": bool, "debounce_ms": Number, "stuck_s": Number,
        "tie_window_us": int, "min_press_us": int,
        "pads": [{"player": int, **_sides(Gpio), "leds": _sides(Gpio)}],
        "controls": {name: Gpio for name in CONTROL_NAMES},
        "dealer": {face: Gpio for face in DEALER_FACES},
    },
    "interfaces": {key: bool for key in pins.INTERFACES},
    "keyboard": {
        "enabled": bool, "menu": str, "confirm": str,
        "pads": [_sides(str)],
    },
    "serial": {
        "enabled": bool, "device": str, "board": str, "tie_window_us": int,
        "pads": [{"player": int, **_sides(str)}],
    },
    "display": {"size": str, "rotation": int, "colour_blind": bool},
    "sound": {"voice": bool, "device": str},
    "game": {"handicaps": bool},
}

KIND_NAMES = {bool: "true or false", int: "an integer", Number: "a number",
              Gpio: "a BCM GPIO number (an integer)", str: "a string"}


# ----------------------------------------------------------------- the tree
@dataclass(frozen=True)
class SidePins:
    """One pin (or key name) per card spot: BCM numbers on GPIO, names elsewhere."""

    N: Any
    E: Any
    S: Any
    W: Any

    def of(self, side: Side) -> Any:
        """The pin of ``side``."""
        return getattr(self, Side(side).value)

    def items(self) -> tuple[tuple[Side, Any], ...]:
        """``((Side.N, pin), (Side.E, pin), ...)`` clockwise from north."""
        return tuple((side, self.of(side)) for side in SIDES)


@dataclass(frozen=True)
class Pad:
    """Player ``player``'s four buttons, and their LEDs if wired."""

    player: int
    buttons: SidePins
    leds: SidePins | None = None


@dataclass(frozen=True)
class GpioSettings:
    """Buttons on the Pi's header. Times are nanoseconds (the file says ms/s/us)."""

    enabled: bool
    pull_up: bool
    debounce_ns: int
    stuck_ns: int
    tie_window_ns: int
    pads: tuple[Pad, ...]
    controls: Mapping[str, int]   # control name -> BCM GPIO
    dealer: Mapping[str, int]     # dealer face -> BCM GPIO
    #: The glitch filter: how long a switch must stay closed before its press counts (0: off;
    #: the shipped default, ``gpio.min_press_us = 300``, is 300 µs).
    min_press_ns: int = 300_000


@dataclass(frozen=True)
class KeyboardSettings:
    """Desk play: pygame key names per player (player = position from 1), control keys."""

    enabled: bool
    pads: tuple[Pad, ...]
    controls: Mapping[str, str]   # control name -> key name


@dataclass(frozen=True)
class SerialSettings:
    """The serial controller: device, board kind, pads by board pin name."""

    enabled: bool
    device: str
    board: str
    tie_window_ns: int
    pads: tuple[Pad, ...]


@dataclass(frozen=True)
class DisplaySettings:
    """The kiosk's screen: ``size`` (``None``: the whole screen), rotation in degrees, and
    whether colour-blind mode is on."""

    size: tuple[int, int] | None
    rotation: int
    colour_blind: bool


@dataclass(frozen=True)
class SoundSettings:
    """Whether the verdicts are spoken aloud (spoken call-outs), and the ALSA device the tones
    and the voice play on (``""``: ALSA's ``default``)."""

    voice: bool
    device: str = ""


@dataclass(frozen=True)
class GameSettings:
    """How the games are judged: ``handicaps``, whether named players' head starts count."""

    handicaps: bool = False


@dataclass(frozen=True)
class Config:
    """A checked configuration. ``source`` names the file it came from."""

    source: str
    gpio: GpioSettings
    interfaces: frozenset[str]   # config keys of the enabled interfaces
    keyboard: KeyboardSettings
    serial: SerialSettings
    display: DisplaySettings
    sound: SoundSettings
    game: GameSettings = GameSettings()


# --------------------------------------------------------------- reading
def default_text() -> str:
    """The shipped default config file, comments and all."""
    return resources.files("companion.config").joinpath("default.toml").read_text(encoding="utf-8")


def find() -> Path | None:
    """The user's config file: ``$COMPANION_CONFIG``, else the first of :data:`SEARCH_PATH` that
    exists, or is a symbolic link whose target does not (a maker's link left dangling is read,
    and so named in one line, never passed over for the next place or the defaults)."""
    named = os.environ.get("COMPANION_CONFIG")
    if named:
        return Path(named)
    return next((path for path in SEARCH_PATH if path.exists() or path.is_symlink()), None)


@dataclass(frozen=True)
class KeyNames:
    """What the keyboard input knows of key names, given by a caller that has pygame (this
    module does not import it)."""

    #: Why a key name names no key ("" when it names one).
    problem: Callable[[str], str]
    #: Which key a name names: two spellings of one key ("[8]", "keypad 8") give the same.
    key: Callable[[str], object]


def spelled(name: object) -> object:
    """Which key a name names, as far as its spelling says without pygame: case and the spaces
    around it never count (the keyboard input reads "W " as "w")."""
    return name.strip().lower() if isinstance(name, str) else name


def load(path: str | os.PathLike | None = None, named_by: str = "",
         key_names: KeyNames | None = None) -> Config:
    """Read, merge over the defaults, check and freeze the config at ``path``; ``key_names``,
    when given, checks each key name of the ``[keyboard]`` table too, among the other checks,
    and finds a key named twice however it is spelled.

    ``path=None`` loads the shipped defaults. Raises :class:`ConfigError`
    listing every problem, or a ``CompanionError`` if the file is unreadable: an empty path, a
    file that is not there (a symbolic link whose target is not there says so), one that cannot
    be read. ``named_by`` says where the path came from ("$COMPANION_CONFIG"), in those messages.
    """
    if path is None:
        return parse(default_text(), "default config", key_names)
    if os.fspath(path) == "":   # Path("") would be the current folder
        raise CompanionError('config file "": the path is empty (name a settings file)')
    path = Path(path)
    where = f"{path} (named by {named_by})" if named_by else str(path)
    try:
        text = reading.read_text(path, MAX_FILE_BYTES)
    except reading.Unparsable as problem:
        raise CompanionError(f"config file {where}: {problem}") from None
    if text is None and path.is_symlink():
        raise CompanionError(f"config file {where}: a symbolic link to "
                             f"{os.path.realpath(path)}, which does not exist")
    if text is None:
        raise CompanionError(f"config file not found: {where}")
    return parse(text, str(path), key_names)


def parse(text: str, source: str = "config", key_names: KeyNames | None = None) -> Config:
    """Check and freeze config ``text`` (merged over the defaults); ``source`` names it in
    messages; ``key_names``: as :func:`load`'s."""
    own = _toml(text, source)
    data = merged(_toml(default_text(), "default config"), own)
    problems = [f"{source}: {line}{default_pads_note(line, own)}"
                for line in check(data, key_names)]
    if problems:
        raise ConfigError(problems)
    return build(data, source)


def _toml(text: str, source: str) -> dict:
    try:
        return reading.parse_toml(text, parse_float=Written)
    except reading.Unparsable as problem:
        raise ConfigError([f"{source}: {problem}"]) from None


def default_pads_note(line: str, own: dict) -> str:
    """What to add to a problem ``line`` that names a pad of the default pin map when the
    file (``own``) sets no ``[[gpio.pads]]``: the maker never wrote that pad."""
    gpio = own.get("gpio")
    if "gpio.pads[" not in line or isinstance(gpio, dict) and "pads" in gpio:
        return ""
    return (" (a pad of the default pin map: this file sets no [[gpio.pads]]; a list of your "
            "own replaces the default one whole)")


def merged(base: dict, over: dict) -> dict:
    """``over`` on top of ``base``: tables merge key by key, anything else replaces."""
    result = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merged(result[key], value)
        else:
            result[key] = value
    return result


# --------------------------------------------------------------- checking
def seats_with_pads(config: Config) -> tuple[int, list[int]]:
    """How many players the kiosk can seat with ``config``'s pads, and the players whose pads
    can never play: it seats players 1, 2, 3, ... up to the first number without a pad on any
    table, and never more than the most players a game takes."""
    from companion.games.notnot.game import TABLE_MAX_PLAYERS

    numbers = {player for players in seated_by_table(config).values() for player in players}
    seats = 0
    while seats + 1 in numbers and seats < TABLE_MAX_PLAYERS:
        seats += 1
    return seats, sorted(player for player in numbers if player > seats)


def pads_never_seated(config: Config) -> str:
    """Why some pads of ``config`` can never play ("" when every pad can, see
    :func:`seats_with_pads`): the pads, and the gap or the limit that leaves them out."""
    from companion.games.notnot.game import TABLE_MAX_PLAYERS

    seats, unseated = seats_with_pads(config)
    if not unseated:
        return ""
    why = (f"a game seats at most {TABLE_MAX_PLAYERS} players" if seats == TABLE_MAX_PLAYERS
           else f"player {seats + 1} has no pad, and players sit in turn from player 1")
    return f"the pads of {players_named(unseated)} never play: {why}"


def check(data: dict, key_names: KeyNames | None = None) -> list[str]:
    """Every problem with merged config ``data``, one line each (empty if none); ``key_names``:
    as :func:`load`'s."""
    unknown: list[str] = []
    wrong: list[str] = []
    check_shape(data, SCHEMA, "", unknown, wrong)
    if wrong:   # the values of the right kind are checked too, the wrong ones as the defaults
        data = kinds_right(data, _toml(default_text(), "default config"), SCHEMA)
    return (unknown + wrong + check_gpio(data) + check_timing(data)
            + check_keyboard(data, key_names)
            + check_serial(data) + check_display(data) + check_sound(data))


def kinds_right(table: dict, defaults: dict, schema: dict) -> dict:
    """``table`` with each value of the wrong kind for ``schema`` (said by :func:`check_shape`)
    replaced by its default, so that every other value can be checked; a key without a
    default is left out, so a pad keeps its other sides (the checks of pads read the sides a
    pad has), and an item of a list of tables that is no table stands as an empty one."""
    right = {}
    for key, value in table.items():
        kind, default = schema.get(key), defaults.get(key)
        if kind is None:
            right[key] = value   # unknown: said already, and never read
        elif isinstance(kind, dict):
            fits = isinstance(value, dict)
            right[key] = kinds_right(value, default or {}, kind) if fits else default
        elif isinstance(kind, list):
            right[key] = ([kinds_right(item, {}, kind[0]) if isinstance(item, dict) else {}
                           for item in value] if isinstance(value, list) else default)
        else:
            right[key] = value if is_kind(value, kind) else default
        if right[key] is None:
            del right[key]
    return right


def check_shape(table: dict, schema: dict, where: str, unknown: list, wrong: list) -> None:
    """Add unknown keys (with a "did you mean") to ``unknown``, values of the wrong kind to
    ``wrong``."""
    for key, value in table.items():
        name = f"{where}.{key}" if where else key
        if key not in schema:
            unknown.append(_unknown(name, key, schema))
            continue
        kind = schema[key]
        if isinstance(kind, dict):
            if not isinstance(value, dict):
                wrong.append(f"{name} = {show(value)}: expected a table of {', '.join(kind)}")
            else:
                check_shape(value, kind, name, unknown, wrong)
        elif isinstance(kind, list):
            if not isinstance(value, list):
                wrong.append(f"{name} = {show(value)}: expected an array of tables")
                continue
            for number, item in enumerate(value, start=1):
                if not isinstance(item, dict):   # its place kept: the others keep their numbers
                    wrong.append(f"{name}[{number}] = {show(item)}: expected a table")
                    continue
                check_shape(item, kind[0], f"{name}[{number}]", unknown, wrong)
                wrong += _missing_sides(item, kind[0], f"{name}[{number}]")
        elif not is_kind(value, kind):
            wrong.append(f"{name} = {show(value)}: expected {KIND_NAMES[kind]}")


def _unknown(name: str, key: str, schema: dict) -> str:
    close = difflib.get_close_matches(key, list(schema), n=1)
    hint = f' (did you mean "{close[0]}"?)' if close else f" (known: {', '.join(schema)})"
    return f"{name}: unknown key{hint}"


def _missing_sides(item: dict, schema: dict, where: str) -> list[str]:
    missing = [side.value for side in SIDES if side.value in schema and side.value not in item]
    return [f"{where}: missing {', '.join(missing)} (a pad needs N, E, S and W)"] if missing else []


def is_kind(value: object, kind: Any) -> bool:
    """Whether a TOML ``value`` is of schema ``kind`` (booleans are never numbers)."""
    if kind is bool:
        return isinstance(value, bool)
    if kind in (int, Gpio):
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is Number:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


#: The most characters of a value a message shows.
SHOWN_CHARS = 60


def show(value: object, depth: int = 0) -> str:
    """A value as it would be written in TOML, for messages (cut to :data:`SHOWN_CHARS`)."""
    if depth > 2:
        return "..."
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):   # escaped as TOML writes it: a message stays one line
        text = json.dumps(value[:SHOWN_CHARS], ensure_ascii=False)
    elif isinstance(value, Written):   # 1e400 as written, not the inf it reads as
        text = value.written
    elif isinstance(value, dict):
        text = "{ " + ", ".join(f"{k} = {show(v, depth + 1)}" for k, v in
                                list(value.items())[:8]) + " }"
    elif isinstance(value, list):
        text = "[" + ", ".join(show(v, depth + 1) for v in value[:8]) + "]"
    elif isinstance(value, int) and abs(value) >= 10 ** SHOWN_CHARS:
        text = "a number of more than 60 digits"
    else:
        text = str(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 3] + "..."


def gpio_pins(data: dict) -> list[tuple[str, int]]:
    """Every ``(key, BCM GPIO)`` the ``[gpio]`` table uses, in file order; a key no pin can
    have (``leds = { X = 5 }``) claims none: it is named unknown, once."""
    gpio = data["gpio"]
    used = []
    for number, pad in enumerate(gpio.get("pads", []), start=1):
        used += [(f"gpio.pads[{number}].{side.value}", pad[side.value]) for side in SIDES
                 if side.value in pad]
        leds = pad.get("leds", {})
        used += [(f"gpio.pads[{number}].leds.{side.value}", leds[side.value]) for side in SIDES
                 if side.value in leds]
    for table, known in (("controls", CONTROL_NAMES), ("dealer", DEALER_FACES)):
        used += [(f"gpio.{table}.{name}", pin) for name, pin in gpio.get(table, {}).items()
                 if name in known]
    return used


def check_gpio(data: dict) -> list[str]:
    """Pins that do not exist, GPIO 0/1, interface clashes, pins used twice, player numbers."""
    enabled = {key for key, on in data.get("interfaces", {}).items() if on}
    pull_up = data["gpio"]["pull_up"]
    problems: list[str] = []
    first_use: dict[int, str] = {}
    for key, gpio in gpio_pins(data):
        if not 0 <= gpio < 100:
            problems.append(f"{key} = {show(gpio)}: there is no such GPIO on the 40-pin header "
                            "(GPIO 2 to 27 are usable)")
            continue
        problem = pins.pin_problem(gpio, pull_up=pull_up)
        if problem is None and gpio in first_use:
            problem = f"{pins.describe(gpio)} is already {first_use[gpio]}"
        if problem is None:
            clashes = pins.interface_clashes(gpio, enabled)
            if clashes:
                uses = " and ".join(f"{use} (interfaces.{key} = true)" for key, use in clashes)
                problem = f"{pins.describe(gpio)} is {uses}"
        first_use.setdefault(gpio, key)
        if problem:
            problems.append(f"{key} = {gpio}: {problem}")
    return problems + check_players(data)


def player_numbers(pads: list[dict]) -> list[int]:
    """The player number of each pad: its ``player`` key, else its position from 1."""
    return [pad.get("player", number) for number, pad in enumerate(pads, start=1)]


def check_players(data: dict) -> list[str]:
    """Player numbers must be at least 1 and name one pad across the enabled pad sources (the
    serial board's own pads too, when ``[[serial.pads]]`` does not say)."""
    problems: list[str] = []
    owner: dict[int, str] = {}
    for table in ("gpio", "serial"):
        if not data[table].get("enabled"):
            continue
        free = max(owner, default=0) + 1   # the first player the earlier tables leave
        for number, (key, player, wiring) in enumerate(seated_pads(data, table)):
            if not 1 <= player <= MAX_PLAYER:
                problems.append(f"{key}.player = {show(player)}: players are numbered 1 to "
                                f"{MAX_PLAYER}")
            elif player in owner:
                fix = ("give one of them player = N" if not wiring else
                       f"wire it as a [[serial.pads]] table of player = {free + number}, "
                       + ", ".join(f'{side} = "{name}"' for side, name in wiring.items())
                       + ", a key a line; or, with no pads wired to the Pi, "
                       "[gpio] enabled = false")
                problems.append(f"{key} is player {player}, and so is {owner[player]} ({fix})")
            owner.setdefault(player, key)
    return problems


def seated_pads(data: dict, table: str) -> list[tuple[str, int, dict[str, str]]]:
    """``(key, player, pins)`` of each pad of ``[table]``, ``pins`` empty; with ``[serial]`` and
    no ``[[serial.pads]]``, the board's own pads as the serial input seats them, with their
    ``{side: board pin}``."""
    pads = data[table].get("pads", [])
    if pads or table != "serial":
        return [(f"{table}.pads[{number}]", player, {})
                for number, player in enumerate(player_numbers(pads), start=1)]
    from companion.boards import avr as boards

    board = boards.BOARDS.get(data["serial"]["board"])
    if board is None:   # check_serial names it
        return []
    own: dict[int, dict[str, str]] = {}
    for name, (player, side) in board.default_map().items():
        own.setdefault(player, {})[side.value] = name
    return [(f"serial pad {player} (the {board.name}'s own, as no [[serial.pads]] are given)",
             player, pins) for player, pins in own.items()]


#: The fewest players a game takes: every game needs pads for players 1 and 2 at least.
FEWEST_PLAYERS = 2


def players_named(numbers: Iterable[int], joined: str = "and") -> str:
    """``"players 1-4"`` / ``"player 2"`` / ``"players 1 and 2"`` (``joined``: "or" gives
    ``"players 1 or 2"``) / ``"players 1, 3, 5"`` of player ``numbers``."""
    numbers = sorted(numbers)
    if not numbers:
        return "no players"
    if len(numbers) == 1:
        return f"player {numbers[0]}"
    if len(numbers) == 2:
        return f"players {numbers[0]} {joined} {numbers[1]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"players {numbers[0]}-{numbers[-1]}"
    return "players " + ", ".join(map(str, numbers))


def seated_by_table(config: Config) -> dict[str, tuple[int, ...]]:
    """The players each pad table of ``config`` seats (``gpio``, ``serial``, ``keyboard``), as
    the kiosk reads them where each is there: a table switched off seats nobody; the serial
    controller without ``[[serial.pads]]`` seats its board's own pads, players 1, 2, ..."""
    from companion.boards import avr as boards

    serial = config.serial
    board_own = tuple(range(1, boards.board_named(serial.board).players + 1))
    return {
        "gpio": tuple(pad.player for pad in config.gpio.pads) if config.gpio.enabled else (),
        "serial": (tuple(pad.player for pad in serial.pads) or board_own) if serial.enabled
        else (),
        "keyboard": (tuple(pad.player for pad in config.keyboard.pads)
                     if config.keyboard.enabled else ()),
    }


def no_game_without_pads(config: Config) -> str:
    """Why no game can be played with ``config`` ("" when one can): every game needs pads for
    players 1 and 2 (the kiosk counts players from 1), on any of ``[gpio]``, ``[serial]`` and
    ``[keyboard]``; the line says who has none and what each table seats."""
    seated = seated_by_table(config)
    needed = range(1, FEWEST_PLAYERS + 1)
    missing = [player for player in needed
               if not any(player in players for players in seated.values())]
    if not missing:
        return ""
    enabled = {"gpio": config.gpio.enabled, "serial": config.serial.enabled,
               "keyboard": config.keyboard.enabled}
    tables = "; ".join(
        f"[{table}]: " + ("enabled = false" if not enabled[table]
                          else players_named(players) if players else "no pads")
        for table, players in seated.items())
    who = ("no player has a pad" if not any(seated.values()) else
           f"{players_named(missing)} {'has' if len(missing) == 1 else 'have'} no pad")
    return (f"no game can be played: {who}, and every game needs pads for "
            f"{players_named(needed)} ({tables})")


def check_timing(data: dict) -> list[str]:
    """Debounce, stuck and tie-window times that make sense together."""
    gpio, problems = data["gpio"], []
    if not 0 < gpio["debounce_ms"] <= 100:
        problems.append(f"gpio.debounce_ms = {show(gpio['debounce_ms'])}: expected more than 0 "
                        "and at most 100 ms")
    if not (math.isfinite(gpio["stuck_s"]) and 0 < gpio["stuck_s"] <= MAX_STUCK_S):
        problems.append(f"gpio.stuck_s = {show(gpio['stuck_s'])}: expected more than 0 and at most "
                        f"{MAX_STUCK_S} s")
    elif 0 < gpio["debounce_ms"] <= 100 and not gpio["stuck_s"] * 1000 > gpio["debounce_ms"]:
        problems.append(f"gpio.stuck_s = {show(gpio['stuck_s'])}: "
                        "must be longer than gpio.debounce_ms")
    if not 0 <= gpio["min_press_us"] <= MAX_MIN_PRESS_US:
        problems.append(f"gpio.min_press_us = {show(gpio['min_press_us'])}: expected 0 (off) to "
                        f"{MAX_MIN_PRESS_US} us")
    elif 0 < gpio["stuck_s"] <= MAX_STUCK_S and not gpio["stuck_s"] * 1e6 > gpio["min_press_us"]:
        problems.append(f"gpio.stuck_s = {show(gpio['stuck_s'])}: must be longer than "
                        f"gpio.min_press_us ({show(gpio['min_press_us'])} us), or no press counts")
    for table in ("gpio", "serial"):
        window = data[table]["tie_window_us"]
        if not 0 <= window <= MAX_TIE_WINDOW_US:
            problems.append(f"{table}.tie_window_us = {show(window)}: expected 0 to "
                            f"{MAX_TIE_WINDOW_US} us")
    return problems


def check_keyboard(data: dict, key_names: KeyNames | None = None) -> list[str]:
    """Each key drives one button, however it is spelled; with ``key_names`` (the keyboard
    input's), each names a key."""
    board = data["keyboard"]
    used = [(f"keyboard.pads[{number}].{side.value}", pad[side.value])
            for number, pad in enumerate(board.get("pads", []), start=1)
            for side in SIDES if side.value in pad]   # an unknown key is said already
    used += [(f"keyboard.{name}", board[name]) for name in CONTROL_NAMES if name in board]
    unnamed = [] if key_names is None else [
        f'{where} = "{key}": {key_names.problem(key)}' for where, key in used
        if isinstance(key, str) and key_names.problem(key)]
    return unnamed + _repeats(used, spelled if key_names is None else key_names.key)


def check_serial(data: dict) -> list[str]:
    """The board is one we know; an enabled controller's device is a path; its pad pins are
    each used once, and are that board's button pins (when the board is one we know)."""
    from companion.boards import avr as boards

    serial, problems = data["serial"], []
    board_known = serial["board"] in boards.BOARDS
    if not board_known:
        problems.append(f"serial.board = {show(serial['board'])}: "
                        f"{boards.board_refusal(serial['board'])}")
    device = serial["device"]
    if serial["enabled"] and not (device.startswith("/") and device.isprintable()):
        problems.append(f"serial.device = {show(device)}: expected the controller's device "
                        "path, such as \"/dev/companion-buttons\" (the udev rule's name) or "
                        "\"/dev/ttyUSB0\"")
    used = [(f"serial.pads[{number}].{side.value}", pad[side.value])
            for number, pad in enumerate(serial.get("pads", []), start=1) for side in SIDES
            if side.value in pad]
    problems += _repeats(used)
    for key, name in used if board_known else ():
        problem = boards.pin_problem(serial["board"], name)
        if problem:
            problems.append(f"{key} = {show(name)}: {problem}")
    return problems


#: Rotations the display may be turned by, in degrees.
ROTATIONS = (0, 90, 180, 270)
#: The longest ALSA device name ``[sound] device`` takes.
MAX_DEVICE_NAME = 100
#: The smallest screen the layout serves.
MIN_SIZE = (800, 480)
#: The longest tie window an input may have, in microseconds (one second).
MAX_TIE_WINDOW_US = 1_000_000
#: The largest side of a screen size, in pixels: twice a 4K display's width, far less than
#: what would overflow SDL.
MAX_SIDE = 8192


def screen_size(text: str) -> tuple[int, int] | None:
    """``display.size``: ``""`` for the whole screen (``None``), else :func:`parse_size`'s."""
    return None if text == "" else parse_size(text, ', or "" for the whole screen')


def parse_size(text: str, other_choice: str = "") -> tuple[int, int]:
    """A screen size ``WIDTHxHEIGHT`` in ASCII digits, at least 800x480 and at most
    :data:`MAX_SIDE` a side, as ``(width, height)``; ``ValueError`` naming what is wrong
    (a text that is no size at all ends with ``other_choice``, what else the caller takes).

    The one reading of a size: ``[display] size`` and ``--size`` both come here.
    """
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() for part in parts):
        raise ValueError(f'expected WIDTHxHEIGHT in digits 0-9, such as "800x480"{other_choice}')
    digits = [part.lstrip("0") or "0" for part in parts]   # leading zeros say nothing
    if any(len(part) > len(str(MAX_SIDE)) or int(part) > MAX_SIDE for part in digits):
        raise ValueError(f"larger than {MAX_SIDE} pixels a side")
    w, h = int(digits[0]), int(digits[1])
    if min(w, h) < min(MIN_SIZE) or max(w, h) < max(MIN_SIZE):
        raise ValueError("smaller than 800x480")
    return w, h


def check_display(data: dict) -> list[str]:
    """A size the layout serves and a rotation of 0, 90, 180 or 270."""
    display, problems = data["display"], []
    try:
        screen_size(display["size"])
    except ValueError as error:
        problems.append(f"display.size = {show(display['size'])}: {error}")
    if display["rotation"] not in ROTATIONS:
        problems.append(f"display.rotation = {show(display['rotation'])}: expected one of "
                        f"{', '.join(map(str, ROTATIONS))}")
    return problems


def check_sound(data: dict) -> list[str]:
    """An ALSA device name: printable, no spaces, at most :data:`MAX_DEVICE_NAME` characters."""
    device = data["sound"]["device"]
    if len(device) > MAX_DEVICE_NAME or not all(c.isprintable() and not c.isspace()
                                                 for c in device):
        return [f"sound.device = {show(device)}: expected an ALSA device name such as "
                f"\"sysdefault:CARD=vc4hdmi0\" (no spaces, at most {MAX_DEVICE_NAME} characters)"]
    return []


def raw_sound_device(config: Config) -> str:
    """Why ``[sound] device`` may leave the table silent ("" when it does not): a raw ``hw:``
    device converts no sample rate nor format and holds the card alone, so the tones and the
    voice fail or go silent (a Pi's HDMI refuses it outright); ALSA's ``default`` or the card's
    ``sysdefault:CARD=...`` name convert and share (``plughw:`` converts too)."""
    device = config.sound.device
    if device != "hw" and not device.startswith("hw:"):
        return ""
    card = device.partition("CARD=")[2].partition(",")[0]
    instead = (f'"sysdefault:CARD={card}"' if card
               else '"" (ALSA\'s default) or the card\'s "sysdefault:CARD=..." name (aplay -L '
                    'lists them; a Pi\'s HDMI: "sysdefault:CARD=vc4hdmi0")')
    return (f"sound.device = {show(device)} converts no sample rate nor format and holds the "
            f"card alone, so the tones and the voice may fail or go silent (HDMI refuses it): "
            f"use {instead}")


def _repeats(used: list[tuple[str, Any]],
             same: Callable[[Any], Hashable] = lambda value: value) -> list[str]:
    """A line for each ``(key, value)`` whose value an earlier key used (values are the same
    when ``same`` gives them alike), naming the earlier value when it is spelled otherwise."""
    problems: list[str] = []
    first_use: dict[Hashable, tuple[str, Any]] = {}
    for key, value in used:
        if same(value) in first_use:
            first_key, first_value = first_use[same(value)]
            spelling = "" if first_value == value else f" ({show(first_value)}: the same key)"
            problems.append(f"{key} = {show(value)}: already used by {first_key}{spelling}")
        first_use.setdefault(same(value), (key, value))
    return problems


# --------------------------------------------------------------- freezing
def build(data: dict, source: str) -> Config:
    """The frozen :class:`Config` of checked, merged ``data``."""
    gpio, keyboard, serial = data["gpio"], data["keyboard"], data["serial"]
    return Config(
        source=source,
        gpio=GpioSettings(
            enabled=gpio["enabled"],
            pull_up=gpio["pull_up"],
            debounce_ns=round(gpio["debounce_ms"] * 1_000_000),
            stuck_ns=round(gpio["stuck_s"] * 1_000_000_000),
            tie_window_ns=gpio["tie_window_us"] * 1000,
            min_press_ns=gpio["min_press_us"] * 1000,
            pads=build_pads(gpio.get("pads", [])),
            controls=MappingProxyType(dict(gpio.get("controls", {}))),
            dealer=MappingProxyType(dict(gpio.get("dealer", {}))),
        ),
        interfaces=frozenset(key for key, on in data["interfaces"].items() if on),
        keyboard=KeyboardSettings(
            enabled=keyboard["enabled"],
            pads=build_pads(keyboard.get("pads", [])),
            controls=MappingProxyType({name: keyboard[name]
                                       for name in CONTROL_NAMES if name in keyboard}),
        ),
        serial=SerialSettings(
            enabled=serial["enabled"],
            device=serial["device"],
            board=serial["board"],
            tie_window_ns=serial["tie_window_us"] * 1000,
            pads=build_pads(serial.get("pads", [])),
        ),
        display=DisplaySettings(size=screen_size(data["display"]["size"]),
                                rotation=data["display"]["rotation"],
                                colour_blind=data["display"]["colour_blind"]),
        sound=SoundSettings(voice=data["sound"]["voice"], device=data["sound"]["device"]),
        game=GameSettings(handicaps=data["game"]["handicaps"]),
    )


def side_pins(table: dict) -> SidePins:
    return SidePins(**{side.value: table.get(side.value) for side in SIDES})


def build_pads(pads: list[dict]) -> tuple[Pad, ...]:
    return tuple(
        Pad(player, side_pins(pad), side_pins(pad["leds"]) if "leds" in pad else None)
        for player, pad in zip(player_numbers(pads), pads)
    )
