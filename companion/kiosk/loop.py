"""The one loop: takes posted events, lets the current scene decide, draws when something changed.

Inputs (GPIO pads, serial controller, keyboard, simulated players) only
stamp and :meth:`App.post` events; ``post`` is safe from any thread and wakes
the loop at once. Each pass the loop

1. blocks in ``pygame.event.wait(timeout)`` until an event or the current
   scene's next timer (never busy-waits; at most :data:`MAX_WAIT_MS`, so the
   watchdog is fed),
2. drains the posted events and the window's own events (keys and touches
   as :func:`companion.inputs.actions.window_input` maps them, close), puts
   them in :func:`companion.inputs.events.in_stamp_order` and hands them to
   the current scene,
3. runs the scene's timers and applies a scene change,
4. draws and flips only when the scene says something changed, stamps the
   flip with ``time.monotonic_ns()`` right after ``pygame.display.flip()``
   and tells the scene (the roll scene opens the round at that stamp); then
   does the work scenes left for after the frame (saving a round),
5. calls the ``watchdog`` hook; after the first frame, the ``ready`` hook.

A resized window is laid out anew for its size and redrawn at once.

A button reported stuck by the input layer is named in a notice line over
every screen for a few seconds (scenes show theirs through ``ctx.services.notify``);
the input layer ignores it until released. The serial controller's state
(connected, clock synced, restarted, overflowed) is a notice too; "unplugged"
stays until it is back. While a controller is configured, the top-right
corner of every screen (title, menus, play screens) also shows its state for
good: a dot and ``controller: synced / connecting / unplugged``, from the last
status received.

An exception in a scene never kills the kiosk: the failsafe scene shows it
in one line and the table can go back to the title.
"""

from __future__ import annotations

import collections
import logging
import os
import time
from collections.abc import Callable, Iterable
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from companion.display.draw_controller import draw_controller
from companion.display.draw_notice import draw_notice
from companion.display.screen import Screen
from companion.display.snapshots import Snapshots
from companion.inputs.actions import KeyMap, menu_key, window_input
from companion.inputs.events import Stuck, in_stamp_order
from companion.inputs.serial.pads import status_notice, status_word
from companion.inputs.serial.reader import ControllerStatus
from companion.scenes.base import Quit, Scene
from companion.scenes.context import Context, no_op
from companion.scenes.transitions import Move, ToFailsafe

log = logging.getLogger(__name__)

#: The longest the loop sleeps without a pass (keeps the watchdog fed).
MAX_WAIT_MS = 500
#: How long a notice (a stuck button) stays over the screen.
NOTICE_S = 8
#: How long a lasting notice stays when nothing replaces it (a day).
LASTING_NOTICE_S = 86_400
#: A user event that only wakes the loop; the posted events wait in the app's own queue.
WAKE = pygame.event.custom_type()

class App:
    """The kiosk: a screen, the shared context, the scenes by name, and the loop.

    ``key_maps`` turn a pygame key press into an event (a player's Tap or a
    menu Nav); the first that returns one wins. ``ready`` is called once
    after the first frame is on screen (systemd READY=1) and ``watchdog`` on
    every pass of the loop (systemd WATCHDOG=1).
    """

    def __init__(self, screen: Screen, ctx: Context, scenes: dict[str, Scene[Any]], first: Move,
                 key_maps: Iterable[KeyMap] = (menu_key,), snapshots: Snapshots | None = None,
                 ready: Callable[[], object] = no_op,
                 watchdog: Callable[[], object] = no_op) -> None:
        self.screen = screen
        self.ctx = ctx
        self.scenes = scenes
        self.key_maps = tuple(key_maps)
        self.snapshots = snapshots or Snapshots(None)
        self.ready = ready
        self.watchdog = watchdog
        self.frames = 0
        self.last_flip_ns = 0
        self._posted: collections.deque = collections.deque()
        #: A one-line notice over every screen (text, until stamp), e.g. a stuck button.
        self.notice: tuple[str, int] | None = None
        #: The serial controller's state word, shown in a corner of every screen while a
        #: controller is configured (``None``: no controller).
        self.controller: str | None = None
        #: The corner's text as last drawn.
        self.controller_drawn: list = []
        ctx.services.notify = self.notify
        self.scene = scenes[first.scene]
        self._enter(first, time.monotonic_ns())

    # -- inputs --------------------------------------------------------------
    def post(self, event: object) -> None:
        """Queue ``event`` for the loop and wake it (safe from any thread)."""
        self._posted.append(event)
        self.wake()

    def wake(self) -> None:
        """Make the loop start its next pass now, with or without events (safe from any
        thread): a waiting loop otherwise sleeps until the scene's next timer."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:  # display already closed: the loop is ending
            pass

    def _window_events(self, raw: Iterable[pygame.event.Event]) -> list:
        events: list[object] = []
        for event in raw:
            t_ns = time.monotonic_ns()
            if event.type == pygame.QUIT:
                events.append(Quit(t_ns))
            elif event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
            else:
                mapped = window_input(event, t_ns, self.key_maps, self.screen.to_canvas)
                if mapped is not None:
                    events.append(mapped)
        return events

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized: lay everything out for the new size and redraw."""
        if self.screen.resize(size):
            self.ctx.services.layout = self.screen.layout
            self.scene.dirty = True

    def _take_events(self, timeout_ms: int) -> list:
        raw = [pygame.event.wait(timeout_ms)] if timeout_ms > 0 else []
        raw += pygame.event.get()
        events = []
        while self._posted:
            events.append(self._posted.popleft())
        events += self._window_events([e for e in raw if e.type not in (WAKE, pygame.NOEVENT)])
        return in_stamp_order(events)

    # -- the loop ------------------------------------------------------------
    def run(self, until: Callable[[], bool] = lambda: False) -> None:
        """Run passes until the table quits or ``until()`` is true."""
        while not self.ctx.quitting and not until():
            self.step()

    def step(self) -> None:
        """One pass of the loop: wait, decide, maybe draw."""
        events = self._take_events(self._timeout_ms())
        now = time.monotonic_ns()
        for event in events:
            if isinstance(event, Quit):
                self.ctx.quitting = True
            elif isinstance(event, Stuck):
                stuck = f"{event.button or 'a button'} is stuck: release it"
                log.warning("%s", stuck)
                self._notice(stuck, now)
            elif isinstance(event, ControllerStatus):
                self.controller = status_word(event)
                notice = status_notice(event)
                log.info("%s", notice)   # the journal keeps the controller's story too
                self._notice(notice, now, lasting=not event.connected)
            self._guarded(self.scene.handle, event, now)
            self._apply_change(now)
        if self.notice and time.monotonic_ns() >= self.notice[1]:
            self.notice = None
            self.scene.dirty = True
        self._guarded(self.scene.update, time.monotonic_ns())
        self._apply_change(time.monotonic_ns())
        if self.scene.dirty:
            self._draw()
        self.watchdog()

    def notify(self, text: str) -> None:
        """Show ``text`` over every screen for :data:`NOTICE_S` seconds, from now."""
        self._notice(text, time.monotonic_ns())

    def _notice(self, text: str, now: int, lasting: bool = False) -> None:
        """Show ``text`` over every screen for :data:`NOTICE_S` seconds (``lasting``:
        until the next notice, e.g. an unplugged controller until it is back)."""
        self.notice = (text, now + int((LASTING_NOTICE_S if lasting else NOTICE_S) * 1e9))
        self.scene.dirty = True

    def _timeout_ms(self) -> int:
        if self._posted or self.scene.dirty:
            return 0
        wakes = [t for t in (self.scene.wake_at_ns(), self.notice and self.notice[1]) if t]
        if not wakes:
            return MAX_WAIT_MS
        wake = min(wakes)
        return max(0, min(MAX_WAIT_MS, -(-(wake - time.monotonic_ns()) // 1_000_000)))

    def _draw(self) -> None:
        self.scene.dirty = False
        moment = self._guarded(self.scene.draw, self.screen.canvas)
        if self.controller:
            self.controller_drawn = draw_controller(self.screen.canvas, self.screen.layout,
                                                    self.controller)
        if self.notice:
            draw_notice(self.screen.canvas, self.screen.layout, self.notice[0])
        t_flip = self.screen.present()
        self.last_flip_ns = t_flip
        self.frames += 1
        self._guarded(self.scene.flipped, t_flip)
        while self.ctx.after_frame:
            self._guarded(self.ctx.after_frame.pop(0))
        self.snapshots.offer(moment, self.screen.canvas)
        if self.frames == 1:
            self.ready()
        self._apply_change(time.monotonic_ns())

    def _apply_change(self, now: int) -> None:
        while self.ctx.pending:
            move, self.ctx.pending = self.ctx.pending, None
            self._enter(move, now)

    def _enter(self, move: Move, now: int) -> None:
        self.scene = self.scenes[move.scene]
        self.ctx.current_scene = move.scene
        log.info("scene: %s", move.scene)   # the journal says what the table saw
        self._guarded(self.scene.enter, now, move)
        self.ctx.hooks.on_scene(self.scene)

    def _guarded(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a scene's method; on an error, log it and switch to the failsafe scene."""
        try:
            return call(*args, **kwargs)
        except Exception as error:  # the kiosk must never die on a scene's error
            if self.scene is self.scenes.get("failsafe"):
                raise
            log.exception("scene %s failed", self.scene.name)
            message = f"{self.scene.name}: {type(error).__name__}: {error}"
            self.ctx.go(ToFailsafe(message=message))
            return None
