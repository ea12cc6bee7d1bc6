"""Keyboard play at a desk: pygame key events to taps and control presses.

The ``[keyboard]`` table maps pygame key names to buttons: by default player 1
on ``w d s a`` (N E S W), player 2 on the arrow keys, player 3 on ``i l k j``,
player 4 on the keypad ``[8] [6] [5] [4]``; ``escape`` is the menu control and
``return`` confirms.

Stamps are only millisecond-true, and usually worse: pygame's key events carry
no usable edge stamp, so :meth:`KeyMap.event_of` stamps an event with the ``t_ns`` the loop
gives it, its own clock's reading when it takes the event (``time.monotonic_ns()`` when none
is given). The stamp is as late as the loop is in taking it (it sleeps in SDL's wait, which
wakes within a millisecond of a key; longer while a frame is drawn), plus the keyboard's own
scan time (USB keyboards poll every 1-8 ms). Fine for playing at a desk; not a fair judge of
close taps.

Hints name a player's button with :func:`button_name`: the key a keyboard table
presses ("D", "keypad 6", "→"), or the pad's letter on GPIO or serial pads; several
players' same button with :func:`anyones` ("A/←/J/keypad 4" on the keyboard, "W" on pads).

>>> keys = KeyMap(companion.config.settings.load().keyboard)
>>> keys.event_of(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w), t_ns=5)
Tap(player=1, side=<Side.N: 'N'>, t_ns=5, source='keyboard')
"""

from __future__ import annotations

import difflib
import os
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from companion.config.settings import KeyboardSettings, KeyNames, spelled
from companion.errors import CompanionError
from companion.games.notnot.sides import Side
from companion.inputs.actions import ACTION_OF_SIDE, MENU_KEYS
from companion.inputs.events import Control, Tap

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

SOURCE = "keyboard"


def key_code(name: str, where: str) -> int:
    """The pygame key code of key ``name``; a ``CompanionError`` naming ``where`` if unknown.

    ``name`` is looked up, ignoring case, in :func:`key_table`: pygame's own
    names (``"[8]"``, ``"page down"``) and SDL's (``"Keypad 8"``, ``"PageDown"``)
    both work on every pygame from 2.1.2 up.
    """
    code = named_key(name)
    if code is None:
        raise CompanionError(f'{where} = "{name}": {unknown_key(name)}')
    return code


def unknown_key(name: str) -> str:
    """Why ``name`` names no key of :func:`key_table` ("" when it names one), with a hint
    naming only keys of the table."""
    if named_key(name) is not None:
        return ""
    close = difflib.get_close_matches(name.strip().lower(), key_names(), n=1)
    hint = f' (did you mean "{close[0]}"?)' if close else ""
    return f"pygame knows no key by that name{hint}"


def named_key(name: str) -> int | None:
    """The key code ``name`` names in :func:`key_table` (case and surrounding spaces never
    count), else ``None``: the one lookup of a key name."""
    return key_table().get(name.strip().lower())


def same_key(name: object) -> object:
    """Which key ``name`` names: its key code, so that two spellings of one key ("[8]" and
    "keypad 8", "W" and "w") are the same; a name of no key (or no text) stands for itself."""
    code = named_key(name) if isinstance(name, str) else None
    return spelled(name) if code is None else code


#: The key names' checks the settings make with pygame at hand (``companion config --check``).
KEY_NAMES = KeyNames(problem=unknown_key, key=same_key)


@lru_cache(maxsize=1)
def key_table() -> dict[str, int]:
    """Every accepted key name, lower case, to its key code; built from pygame's ``K_*`` constants.

    For each constant: the name ``pygame.key.name`` gives (pygame's) and, where it
    differs, SDL's name from :data:`SDL_NAMES`. Neither pygame 2.1.2's
    ``key.key_code`` (SDL's names only) nor SDL's own names (which need the video
    system) are asked, so the table is the same on every pygame from 2.1.2 up.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # pygame warns before pygame.init(); names work anyway
        table: dict[str, int] = {}
        for constant in sorted(name for name in dir(pygame) if name.startswith("K_")):
            code = getattr(pygame, constant)
            for name in (SDL_NAMES.get(constant.removeprefix("K_"), ""), pygame.key.name(code)):
                if name:
                    table.setdefault(name.lower(), code)
        return table


#: SDL's names of the keys whose pygame 2.1.2 name differs (SDL_keyboard.c), by constant
#: without its ``K_``.
SDL_NAMES: dict[str, str] = {
    **{f"KP{digit}": f"Keypad {digit}" for digit in range(10)},
    **{f"KP_{digit}": f"Keypad {digit}" for digit in range(10)},
    "KP_DIVIDE": "Keypad /", "KP_MULTIPLY": "Keypad *", "KP_MINUS": "Keypad -",
    "KP_PLUS": "Keypad +", "KP_PERIOD": "Keypad .", "KP_ENTER": "Keypad Enter",
    "KP_EQUALS": "Keypad =", "BREAK": "Pause", "PAUSE": "Pause", "CAPSLOCK": "CapsLock",
    "PAGEUP": "PageUp", "PAGEDOWN": "PageDown", "PRINT": "PrintScreen",
    "PRINTSCREEN": "PrintScreen", "MODE": "ModeSwitch", "LGUI": "Left GUI",
    "LMETA": "Left GUI", "LSUPER": "Left GUI", "RGUI": "Right GUI", "RMETA": "Right GUI",
    "RSUPER": "Right GUI", "SCROLLLOCK": "ScrollLock", "SCROLLOCK": "ScrollLock",
    "SYSREQ": "SysReq",
}


def key_names() -> list[str]:
    """Every key name :func:`key_code` accepts, lower case, sorted."""
    return sorted(key_table())


#: What the keyboard shows on the keys whose pygame name is not printed on them.
KEY_LABELS: dict[int, str] = {
    pygame.K_UP: "\N{UPWARDS ARROW}", pygame.K_DOWN: "\N{DOWNWARDS ARROW}",
    pygame.K_LEFT: "\N{LEFTWARDS ARROW}", pygame.K_RIGHT: "\N{RIGHTWARDS ARROW}",
    pygame.K_RETURN: "Enter", pygame.K_BACKSPACE: "Backspace", pygame.K_ESCAPE: "Esc",
}


#: The word a keypad key's name starts with ("keypad 6").
KEYPAD = "keypad "


def key_label(code: int) -> str:
    """What key ``code`` says on the keyboard ("D", "keypad 6", "\N{RIGHTWARDS ARROW}",
    "Enter"), the same on every pygame from 2.1.2 up."""
    if code in KEY_LABELS:
        return KEY_LABELS[code]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # pygame warns before pygame.init(); names work anyway
        name = pygame.key.name(code)
    if len(name) > 2 and name[0] == "[" and name[-1] == "]":
        return KEYPAD + name[1:-1]        # pygame's "[6]"
    return name.upper() if len(name) == 1 else name


#: The menu key that does what each side of a pad does in a menu (up, down, select, back).
MENU_KEY_OF: dict[Side, int] = {side: next(key for key, act in MENU_KEYS.items() if act is action)
                                for side, action in ACTION_OF_SIDE.items()}


def button_name(keys: KeyMap | None, player: int | None, side: Side) -> str:
    """What ``player``'s ``side`` button is called for the inputs the table plays on: its key
    on the keyboard (``keys``: the table plays on them), else the pad's letter. ``player``
    ``None``: any pad's, as in a menu (on the keyboard: the menu key doing the same)."""
    if keys is None:
        return side.value
    code = MENU_KEY_OF[side] if player is None else keys.key_of(player, side)
    return side.value if code is None else key_label(code)


def keypad_said_once(names: Sequence[str]) -> list[str]:
    """Key ``names`` as said in one line: when every one is a keypad key ("keypad 8"), the
    first keeps the word and the others are said by their digit alone ("5")."""
    if not all(name.startswith(KEYPAD) for name in names):
        return list(names)
    return [*names[:1], *(name.removeprefix(KEYPAD) for name in names[1:])]


#: What a button is called for the table's inputs: (player, side) to "E", "D", "keypad 6"
#: (player ``None``: any pad's, "E" or the keyboard's "Enter"), e.g. :func:`button_name` over
#: the table's keys.
Name = Callable[[int | None, Side], str]


def anyones(name: Name, players: Iterable[int], side: Side) -> str:
    """Any of ``players``' ``side`` button, each name once: "W" on pads, "A/←/J/keypad 4" on
    the keyboard."""
    return "/".join(dict.fromkeys(name(player, side) for player in players))


class KeyMap:
    """Which key presses which button, from the config's ``[keyboard]`` table."""

    def __init__(self, settings: KeyboardSettings, source: str = "config") -> None:
        self.taps: dict[int, tuple[int, Side]] = {}
        self.controls: dict[int, str] = {}
        named: dict[int, str] = {}   # key code -> where it was named first
        for number, pad in enumerate(settings.pads, start=1):
            for side, name in pad.buttons.items():
                where = f"{source}: keyboard.pads[{number}].{side}"
                self.taps[self._once(key_code(name, where), where, name, named)] = \
                    (pad.player, side)
        for control, name in settings.controls.items():
            where = f"{source}: keyboard.{control}"
            self.controls[self._once(key_code(name, where), where, name, named)] = control
        self._keys = {button: code for code, button in self.taps.items()}

    @staticmethod
    def _once(code: int, where: str, name: str, named: dict[int, str]) -> int:
        """``code``, named at ``where`` for the first time; a ``CompanionError`` if a key
        named before is the same key, however spelled (one key never drives two buttons)."""
        if code in named:
            raise CompanionError(f'{where} = "{name}": the same key as {named[code]}')
        named[code] = where
        return code

    def key_of(self, player: int, side: Side) -> int | None:
        """The key that presses ``player``'s ``side`` button (``None``: no key does)."""
        return self._keys.get((player, side))

    def event_of(self, event: pygame.event.Event, t_ns: int | None = None) -> Tap | Control | None:
        """The tap or control press a pygame ``KEYDOWN`` event means, else ``None``.

        Stamped ``t_ns``, or ``time.monotonic_ns()`` now (see the module docstring).
        """
        if event.type != pygame.KEYDOWN:
            return None
        t_ns = time.monotonic_ns() if t_ns is None else t_ns
        if event.key in self.taps:
            player, side = self.taps[event.key]
            return Tap(player, side, t_ns, SOURCE)
        if event.key in self.controls:
            return Control(self.controls[event.key], t_ns, SOURCE)
        return None
