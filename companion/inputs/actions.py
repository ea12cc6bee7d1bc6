"""Inputs to actions, in one place: what a key, a touch, a control button, the dealer pad and a
pad's tap mean to a menu or a prompt.

The loop turns the window's raw events into stamped input events
(:func:`window_input`: a menu key into a :class:`Nav`, a touch or click into a
:class:`Point`); scenes then ask :func:`action_of` what an event means and never
decode keys, control names or pad sides themselves:

==========================  ==================================================
input                       action
==========================  ==================================================
Up / Down arrow             ``MOVE_UP`` / ``MOVE_DOWN``
Enter (either), ``confirm`` ``SELECT``
Backspace                   ``BACK``
Esc, P, ``menu`` control    ``PAUSE``
a touch or a click          ``TOUCH_AT`` (the scene finds the rect it hit)
a key that types, on a      a :class:`Typed` character, not the key's own
screen that takes text      meaning (:func:`typed_character`)
a pad's N / S / E / W       ``MOVE_UP`` / ``MOVE_DOWN`` / ``SELECT`` / ``BACK``
                            (in menus and prompts only: :func:`action_of`)
the dealer pad's faces      the card to enter (:func:`card_of`)
==========================  ==================================================

Taps during an open round stay taps, judged by stamp: play screens ask
:func:`control_action_of` (or :func:`asks_pause`), which never reads a pad.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.inputs.events import Control, Dealer


class Action(str, enum.Enum):
    """What an input asks a menu or a prompt to do (the value is the action's short name)."""

    MOVE_UP = "up"
    MOVE_DOWN = "down"
    SELECT = "select"
    BACK = "back"
    PAUSE = "pause"
    TOUCH_AT = "touch"


@dataclass(frozen=True)
class Nav:
    """A menu key (or a benchmark's or test's menu press) asking for ``action`` at ``t_ns``;
    ``action`` is an :class:`Action`'s short name (``up``, ``down``, ``select``, ``back``,
    ``pause``)."""

    action: str
    t_ns: int


@dataclass(frozen=True)
class Point:
    """A touch or click at canvas pixel ``pos`` at ``t_ns``."""

    pos: tuple[int, int]
    t_ns: int


@dataclass(frozen=True)
class Typed:
    """A character typed on a keyboard at ``t_ns``, on a screen that takes text (a name
    being spelt): the loop hands the key so, not as the pad or menu key it is elsewhere."""

    character: str
    t_ns: int


#: The actions by their short names (what a :class:`Nav` carries).
ACTION_BY_NAME: dict[str, Action] = {action.value: action for action in Action}

#: The menu keys of the keyboard, by pygame key.
MENU_KEYS: dict[int, Action] = {
    pygame.K_UP: Action.MOVE_UP, pygame.K_DOWN: Action.MOVE_DOWN,
    pygame.K_RETURN: Action.SELECT, pygame.K_KP_ENTER: Action.SELECT,
    pygame.K_BACKSPACE: Action.BACK, pygame.K_ESCAPE: Action.PAUSE, pygame.K_p: Action.PAUSE,
}

#: The actions of the optional control buttons, by control name.
ACTION_OF_CONTROL: dict[str, Action] = {"menu": Action.PAUSE, "confirm": Action.SELECT}

#: The actions of a pad's buttons in a menu or a prompt, by side.
ACTION_OF_SIDE: dict[Side, Action] = {
    Side.N: Action.MOVE_UP, Side.S: Action.MOVE_DOWN, Side.E: Action.SELECT, Side.W: Action.BACK,
}

#: A key map: a pygame key press and its stamp to an input event, or ``None``.
KeyMap = Callable[[pygame.event.Event, int], object]


def menu_key(event: pygame.event.Event, t_ns: int) -> Nav | None:
    """The :class:`Nav` of a menu key press (arrows, Enter, Backspace, Esc/P), or ``None``."""
    action = MENU_KEYS.get(event.key)
    return Nav(action.value, t_ns) if action else None


def window_input(event: pygame.event.Event, t_ns: int, key_maps: Iterable[KeyMap],
                 to_canvas: Callable[[tuple[int, int]], tuple[int, int]]) -> object | None:
    """The input event of one window event stamped ``t_ns``: a key press through the first of
    ``key_maps`` that maps it (a player's Tap, a Control, a Nav), a left click or touch as a
    :class:`Point` on the canvas; ``None`` for anything else."""
    if event.type == pygame.KEYDOWN:
        return next((e for e in (m(event, t_ns) for m in key_maps) if e is not None), None)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return Point(to_canvas(event.pos), t_ns)
    return None


def typed_character(event: pygame.event.Event) -> str | None:
    """The character a key press types (a letter, a digit, a space, a sign; AltGr's too, as
    Polish keyboards type ł), or ``None``: a key that types nothing (an arrow, Enter,
    Backspace, Esc)."""
    character = getattr(event, "unicode", "") if event.type == pygame.KEYDOWN else ""
    if len(character) != 1 or not character.isprintable():
        return None
    return character


def held_for_a_shortcut(event: pygame.event.Event) -> bool:
    """Whether a key was pressed with Ctrl or the left Alt held (a shortcut, not typing; the
    right Alt is AltGr, which types)."""
    return bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_LALT))


def control_action_of(event: object) -> Action | None:
    """The action of an input that is not a player's pad: a menu key, a control button by its
    name (``menu`` pauses, ``confirm`` selects), a touch (``TOUCH_AT``); ``None`` for a pad's
    tap and for anything else."""
    if isinstance(event, Point):
        return Action.TOUCH_AT
    if isinstance(event, Nav):
        return ACTION_BY_NAME.get(event.action)  # an unknown name means nothing
    name = getattr(event, "name", None)  # a Control event of the input layer
    return ACTION_OF_CONTROL.get(name) if isinstance(name, str) else None


def action_of(event: object) -> Action | None:
    """The action of an input in a menu or a prompt: a pad's tap by its side (N up, S down,
    E select, W back), else as :func:`control_action_of`."""
    if isinstance(event, Tap):
        return ACTION_OF_SIDE[event.side]
    return control_action_of(event)


def asks_pause(event: object) -> bool:
    """Whether ``event`` asks a play screen for the pause menu: a touch, the pause key or the
    menu control (a player's pad never does)."""
    return control_action_of(event) in (Action.PAUSE, Action.TOUCH_AT)


def selects(event: object) -> bool:
    """Whether ``event`` selects on a one-choice screen: SELECT from any input, or a touch."""
    return action_of(event) in (Action.SELECT, Action.TOUCH_AT)


def touched_item(event: object, rects: Sequence[pygame.Rect]) -> int | None:
    """The index of the first of ``rects`` a touch ``event`` hit (``None``: none, or no touch)."""
    if not isinstance(event, Point):
        return None
    return next((i for i, rect in enumerate(rects) if rect.collidepoint(event.pos)), None)


def by_the_table(event: object) -> bool:
    """Whether ``event`` is someone at the table acting: a pad's tap, a key, a touch, a control
    or dealer pad's button (not a stuck button, the controller's state, the window closed)."""
    return isinstance(event, (Tap, Nav, Point, Typed, Control, Dealer))


def card_of(event: object) -> str | None:
    """The card face a dealer pad's button enters (``RED`` ... ``RULE``), or ``None``."""
    face = getattr(event, "face", None)  # a Dealer event of the input layer
    return face if isinstance(face, str) else None
