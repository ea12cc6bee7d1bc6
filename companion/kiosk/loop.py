"""The one loop: takes posted events, lets the current scene decide, draws when something changed.

Inputs (GPIO pads, serial controller, keyboard, simulated players) only
stamp and :meth:`App.post` events; ``post`` is safe from any thread and wakes
the loop at once. Each pass the loop

1. sleeps until an event or the current scene's next timer (never busy-waits;
   at most :data:`MAX_WAIT_MS`, so the watchdog is fed): a posted event wakes it
   at once; the window's own events (a touch, a menu key) are looked for every
   :data:`WINDOW_POLL_MS`. When the table plays on the keyboard, or once anyone
   pressed a key (keys may tap beside the pads), it sleeps in
   ``pygame.event.wait(timeout)`` instead, which wakes within a millisecond of a
   key, as keys are stamped when the loop takes them (SDL looks every
   millisecond under KMSDRM and the dummy driver: 2-3 % of a core while idle);
   before a sleep with room, it collects Python's young garbage
   (:mod:`companion.kiosk.collector`), rather than in the middle of a frame,
2. drains the posted events and the window's own events (keys and touches
   as :func:`companion.inputs.actions.window_input` maps them, or, on a screen
   that takes text, a key that types as the character it types; close), puts
   them in :func:`companion.inputs.events.in_stamp_order` and hands them to
   the current scene,
3. runs the scene's timers and applies a scene change,
4. draws and flips only when the scene says something changed, stamps the
   flip with its clock right after ``pygame.display.flip()``
   and tells the scene (the roll scene opens the round at that stamp); then
   does the work scenes left for after the frame (saving a round),
5. calls the ``watchdog`` hook; after the first frame, the ``ready`` hook.

Every instant the loop hands a scene comes from one clock, ``clock``
(``time.monotonic_ns``, the clock of every input's stamps). A test gives
its own clock and ``wait``: the loop then calls ``wait(timeout_ms)``
instead of sleeping in ``pygame.event.wait`` (a test clock jumps to the
next timer), so a game plays the same on a busy machine as on an idle one.

A resized window is laid out anew and redrawn at once. Notices (a stuck button,
the serial controller's state, a save that waits) are one short line in the
bottom strip of every screen, and go to the journal whole;
``ctx.services.warn_until_cleared`` keeps one up until its cause is mended, and an
:class:`UntilActed` notice (saves missing, said at start) stays until the table acts. A touch
on the strip over a menu puts the notice shown away, and does nothing else (what it covered was
not seen).

An exception in a scene never kills the kiosk: the failsafe scene shows it
in one line and the table can go back to the title. Nor does one in the loop's own work
(a save after the frame, a worker's result, the retry of waiting saves), on whatever screen:
only the failsafe scene's own failure, which nothing is left to show, ends it.
"""

from __future__ import annotations

import collections
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from companion.display.draw_controller import controller_part
from companion.display.draw_notice import mark_part, notice_part
from companion.display.parts import Part
from companion.display.screen import Screen, window_input_polled
from companion.display.snapshots import Snapshots
from companion.inputs.actions import (
    KeyMap,
    Point,
    Typed,
    by_the_table,
    held_for_a_shortcut,
    menu_key,
    typed_character,
    window_input,
)
from companion.inputs.doorbell import INPUT_FOLDER, InputDoorbell
from companion.inputs.events import Stuck, in_stamp_order
from companion.inputs.serial.pads import (
    CORNER_STATES,
    player_notice,
    status_notice,
    status_word,
)
from companion.inputs.serial.reader import ControllerStatus
from companion.kiosk.collector import collect_before_sleep, frozen_start_up
from companion.scenes.changes import SceneChange, ToFailsafe
from companion.scenes.core import Context, Quit, Scene, no_op
from companion.scenes.notnot.saving import retry_waiting

log = logging.getLogger(__name__)

#: The longest the loop sleeps without a pass (keeps the watchdog fed).
MAX_WAIT_MS = 500
#: How long a notice (a stuck button, the controller unplugged) stays on screen.
NOTICE_S = 8


class UntilActed(str):
    """A notice's words that stay on the notice line until someone at the table acts (a press,
    a key, a touch: :func:`~companion.inputs.actions.by_the_table`), not :data:`NOTICE_S`: one
    said at start, when nobody may be looking (saves missing from a cut log). A notice that
    comes meanwhile shows for its time, then this one again."""
#: How often a sleeping loop looks for the window's own events (touches, menu keys) in a
#: desktop's window, when the players' taps come from pads, which wake it at once: a touch or
#: a menu key is taken within a tenth of a second, and a waiting round wakes ten times a second
#: (at 50 ms the wake-ups alone took about a third of issue 26's idle budget on the bench
#: machine). On the console the input doorbell wakes it instead
#: (:meth:`App.listen_to_input_devices`); the hidden drivers have no window input to look for.
WINDOW_POLL_MS = 100
#: A user event that only wakes the loop; the posted events wait in the app's own queue.
WAKE = pygame.event.custom_type()

class App:
    """The kiosk: a screen, the shared context, the scenes by name, and the loop.

    ``key_maps`` turn a pygame key press into an event (a player's Tap or a
    menu Nav); the first that returns one wins. ``ready`` is called once
    after the first frame is on screen (systemd READY=1) and ``watchdog`` on
    every pass of the loop (systemd WATCHDOG=1). ``clock`` gives every instant
    the loop uses (the flip's stamp too); ``wait(timeout_ms)``, when given,
    is how a pass waits for its next timer instead of ``pygame.event.wait``
    (the window's events are then taken as they are, without waiting).
    """

    def __init__(self, screen: Screen, ctx: Context,
                 scenes: dict[type[Scene[Any]], Scene[Any]], first: SceneChange,
                 key_maps: Iterable[KeyMap] = (menu_key,), snapshots: Snapshots | None = None,
                 ready: Callable[[], object] = no_op,
                 watchdog: Callable[[], object] = no_op,
                 clock: Callable[[], int] = time.monotonic_ns,
                 wait: Callable[[int], object] | None = None) -> None:
        self.clock = clock
        self.wait = wait
        screen.clock = clock
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
        #: Set by :meth:`wake`: a posted event or work is waiting.
        self._woken = threading.Event()
        #: Whether a key was pressed since the kiosk started: from then on the loop sleeps in
        #: SDL's wait, so that a key's tap is stamped within a millisecond.
        self.keys_used = False
        #: Whether the sleeping loop looks for the window's own events every
        #: :data:`WINDOW_POLL_MS` (a desktop's window); otherwise only a wake, the input
        #: doorbell's or a post's, or its timer ends its sleep.
        self.window_polled = window_input_polled()
        #: The input doorbell, while the loop listens to the kernel's input devices.
        self.doorbell: InputDoorbell | None = None
        #: Work posted back by workers (:meth:`in_loop`), run at the start of the next pass.
        self._work: collections.deque[Callable[[], None]] = collections.deque()
        #: The notice on every screen (text, until stamp; ``None``: until the table acts,
        #: :class:`UntilActed`), e.g. a stuck button.
        self.notice: tuple[str, int | None] | None = None
        #: Notices waiting their turn on the notice line (:meth:`notify_in_turn`).
        self.next_notices: collections.deque[str] = collections.deque()
        #: The notice that stays until cleared (a save that cannot be written); a short notice
        #: shows over it while it is up.
        self.lasting_notice: str | None = None
        #: The notice's lines as last drawn.
        self.notice_drawn: list = []
        #: The serial controller's state word, shown in a corner of every screen while a
        #: controller is configured (``None``: no controller).
        self.controller: str | None = None
        #: The corner's text as last drawn.
        self.controller_drawn: list = []
        ctx.services.notify = self.notify
        ctx.services.warn_until_cleared = self.warn_until_cleared
        ctx.services.in_loop = self.in_loop
        self.scene = scenes[ctx.table.scene_of(first)]
        self._enter(first, clock())

    # -- inputs --------------------------------------------------------------
    def post(self, event: object) -> None:
        """Queue ``event`` for the loop and wake it (safe from any thread)."""
        self._posted.append(event)
        self.wake()

    def in_loop(self, work: Callable[[], None]) -> None:
        """Run ``work`` in the loop's thread at the start of its next pass, then redraw (safe
        from any thread: a worker posts its result back this way)."""
        self._work.append(work)
        self.wake()

    def wake(self) -> None:
        """Make the loop start its next pass now, with or without events (safe from any
        thread): a waiting loop otherwise sleeps until the scene's next timer."""
        self._woken.set()
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:  # display already closed: the loop is ending
            pass

    def listen_to_input_devices(self, folder: Path = INPUT_FOLDER) -> None:
        """Have the kernel's input devices in ``folder`` wake the sleeping loop
        (:mod:`companion.inputs.doorbell`): on the console, where SDL reads them only when the
        loop asks, a touch or a menu key is taken at once, and the loop no longer looks every
        :data:`WINDOW_POLL_MS`."""
        self.doorbell = InputDoorbell(self.wake, folder)
        self.doorbell.start()
        self.window_polled = False
        log.info("input doorbell: watching %s", ", ".join(sorted(
            path.name for path in self.doorbell.devices)) or f"no device in {folder} yet")

    def stop_listening(self) -> None:
        """Stop the input doorbell, if it rings (the kiosk is closing)."""
        if self.doorbell is not None:
            self.doorbell.close()
            self.doorbell = None

    def _window_events(self, raw: Iterable[pygame.event.Event]) -> list:
        events: list[object] = []
        for event in raw:
            t_ns = self.clock()
            if event.type == pygame.QUIT:
                events.append(Quit(t_ns))
            elif event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
            elif event.type == pygame.VIDEOEXPOSE:
                self.screen.show_again()
            else:
                self.keys_used = self.keys_used or event.type == pygame.KEYDOWN
                character = typed_character(event) if self.scene.takes_text else None
                if character is None:
                    mapped = window_input(event, t_ns, self.key_maps, self.screen.to_canvas)
                else:   # a key that types is never a pad there, even as a shortcut
                    mapped = None if held_for_a_shortcut(event) else Typed(character, t_ns)
                if mapped is not None:
                    events.append(mapped)
        return events

    def show_controller(self, word: str) -> None:
        """Show the serial controller's state ``word`` in the corner of every screen from now on;
        the first time, lay out anew with the corner kept, so that no title lies under it."""
        if self.controller is None:
            self.screen.keep_controller_corner(CORNER_STATES)
            self._laid_out_anew()
        self.controller = word

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized: lay everything out for the new size and redraw."""
        if self.screen.resize(size):
            self._laid_out_anew()

    def _laid_out_anew(self) -> None:
        """The screen has a new layout: the scenes draw on it, everything redrawn at once."""
        self.ctx.services.layout = self.screen.layout
        self.ctx.services.frame.forget()
        self.scene.dirty = True

    def _wait(self, timeout_ms: int) -> list:
        """Sleep until an event comes or ``timeout_ms`` passes; the window's event that woke it."""
        if self.wait is not None:
            self.wait(timeout_ms)
            return []
        if self.ctx.services.keys is not None or self.keys_used:   # keys may be taps
            return [pygame.event.wait(timeout_ms)] if timeout_ms > 0 else []
        return self._sleep(timeout_ms)

    def _sleep(self, timeout_ms: int) -> list:
        """Sleep until :meth:`wake` is called, the window has an event, or ``timeout_ms``; the
        window's events taken meanwhile.

        It takes the window's events rather than peeking at them: pygame's ``event.peek()``
        (2.1.2 and 2.6 alike) hands back a queued posted event without holding its attributes,
        so they are freed when the peeked copy goes while SDL's queue still points at them, and
        the garbage collector later walks freed memory."""
        deadline = time.monotonic() + timeout_ms / 1000
        taken: list = []
        while (left := deadline - time.monotonic()) > 0:
            taken = pygame.event.get()
            looks_again_s = WINDOW_POLL_MS / 1000 if self.window_polled else left
            if taken or self._woken.wait(min(left, looks_again_s)):
                break
        self._woken.clear()
        return taken

    def _take_events(self, raw: list) -> list:
        """The posted events and the window's (``raw`` and those queued since), in stamp order."""
        raw += pygame.event.get()
        events = []
        while self._posted:
            events.append(self._posted.popleft())
        events += self._window_events([e for e in raw if e.type not in (WAKE, pygame.NOEVENT)])
        return in_stamp_order(events)

    # -- the loop ------------------------------------------------------------
    def run(self, until: Callable[[], bool] = lambda: False) -> None:
        """Run passes until the table quits or ``until()`` is true, with what was made before
        frozen (:func:`companion.kiosk.collector.frozen_start_up`: a full collection in play
        would cost frames)."""
        with frozen_start_up():
            while not self.ctx.quitting and not until():
                self.step()

    def step(self) -> None:
        """One pass of the loop: wait, decide, maybe draw.

        The pass's instant ``now`` is read before the events are taken, and the scene's timers
        run at it: every event posted before ``now`` has been handled when a timer decides (a
        round is judged only once each tap stamped before its close and posted within the
        settle time is in, however long the pass spent handling the events before it)."""
        collect_before_sleep(self._timeout_ms())   # not in the middle of the next frame
        woke = self._wait(self._timeout_ms())   # what is left of the sleep: a timer stays on time
        now = self.clock()
        events = self._take_events(woke)
        self._run_posted_work()
        for event in events:
            if isinstance(event, Quit):
                self.ctx.quitting = True
            elif isinstance(event, Stuck):
                self._notice(f"{event.button or 'a button'} is stuck: release it", now,
                             level=logging.WARNING)
            elif isinstance(event, ControllerStatus):
                self.show_controller(status_word(event))
                log.info("%s", status_notice(event))   # the journal keeps the whole story
                self._notice(player_notice(event), now)
            elif self.touches_the_notice(event):
                self.notice = (self.notice[0], now) if self.notice else None   # put away
                self.scene.dirty = True
                continue   # what it covered was not seen: the touch does nothing else
            elif self.notice and self.notice[1] is None and by_the_table(event):
                self.notice = (self.notice[0], now)   # read: its time is up
            self._guarded(self.scene.handle, event, now)
            self._apply_change(now)
        if self.notice and self.notice[1] is not None and now >= self.notice[1]:
            self.notice = None
            self.scene.dirty = True
            if self.next_notices:
                self._notice(self.next_notices.popleft(), now)
        self._guarded(self.scene.update, now)
        self._guarded_work(retry_waiting, self.ctx, now)
        self._apply_change(self.clock())
        if self.scene.dirty:
            self._draw()
        self.watchdog()

    def touches_the_notice(self, event: object) -> bool:
        """Whether ``event`` is a touch on the notice strip while a notice shows there over a
        screen whose touches pick what they touch (a menu): it puts the notice away (the next
        waiting one, if any, takes its place), so that a table with only the touchscreen
        reaches the item it covered (a menu's last, Back to the title). On a play screen a
        touch pauses, as anywhere on it."""
        return isinstance(event, Point) and self.notice is not None and \
            self.scene.touch_picks and self.screen.layout.notice.collidepoint(event.pos)

    def _run_posted_work(self) -> None:
        """Run what workers posted back (:meth:`in_loop`); the screen shows what it changed."""
        while self._work:
            self._guarded_work(self._work.popleft())
            self.scene.dirty = True

    def notify(self, text: str) -> None:
        """Show ``text`` on every screen for :data:`NOTICE_S` seconds, from now."""
        self._notice(text, self.clock())

    def notify_in_turn(self, texts: Iterable[str], ahead: bool = False) -> None:
        """Show each of ``texts`` for :data:`NOTICE_S` seconds, one after another (the notice
        line holds one: what went wrong at start is each said, not only the first); ``ahead``:
        before the notices shown or waiting now, which follow them."""
        texts = list(texts)
        if not texts:   # nothing to say: the notice shown now keeps its time (and is not said
            return      # again)
        if ahead:
            waiting = [self.notice[0]] if self.notice else []
            self.notice = None
            self.next_notices = collections.deque([*texts, *waiting, *self.next_notices])
        else:
            self.next_notices.extend(texts)
        if self.next_notices and self.notice is None:
            self.notify(self.next_notices.popleft())

    def warn_until_cleared(self, text: str | None) -> None:
        """Say ``text`` in the notice strip for :data:`NOTICE_S` seconds, then keep its mark
        (:data:`~companion.display.draw_notice.UNSAVED_MARK`) in the corner of every screen
        until the next call replaces it (``None``: clears it)."""
        if text is not None and text != self.lasting_notice:
            log.warning("notice until cleared: %s", text)
            self._notice(text, self.clock())
        self.lasting_notice = text
        self.scene.dirty = True

    def _notice(self, text: str, now: int, level: int = logging.INFO) -> None:
        """Show ``text`` on every screen for :data:`NOTICE_S` seconds (an :class:`UntilActed`
        until the table acts), and put it in the journal; a notice shown until the table acts
        comes back after it."""
        log.log(level, "notice: %s", text)
        if self.notice and self.notice[1] is None and self.notice[0] != text:
            self.next_notices.appendleft(self.notice[0])
        self.notice = (text, None if isinstance(text, UntilActed) else now + int(NOTICE_S * 1e9))
        self.scene.dirty = True

    def _timeout_ms(self) -> int:
        if self._posted or self._work or self.scene.dirty:
            return 0
        wakes = [t for t in (self.scene.wake_at_ns(), self.notice and self.notice[1],
                             self.ctx.services.saves.retry_at_ns) if t]
        if not wakes:
            return MAX_WAIT_MS
        wake = min(wakes)
        return max(0, min(MAX_WAIT_MS, -(-(wake - self.clock()) // 1_000_000)))

    def _draw(self) -> None:
        self.scene.dirty = False
        frame = self.ctx.services.frame
        frame.begin()
        frame.overlays = self._overlays()
        moment = self._guarded(self.scene.draw, self.screen.canvas)
        damage = frame.finish()
        if not frame.composed:   # the scene drew its whole frame: the corner and notice go over
            frame.paint_overlays(self.screen.canvas)
        self.controller_drawn = frame.drawn.get("controller", [])
        self.notice_drawn = frame.drawn.get("notice", [])
        t_flip = self.screen.present(damage, frame.steps)
        self.last_flip_ns = t_flip
        self.frames += 1
        self._guarded(self.scene.flipped, t_flip)
        while self.ctx.after_frame:
            self._guarded_work(self.ctx.after_frame.pop(0))
        self.snapshots.offer(moment, self.screen.canvas)
        if self.frames == 1:
            self.ready()
        self._apply_change(self.clock())

    def _overlays(self) -> list[Part]:
        """What goes over every screen: the controller's corner, the notice strip, and after
        the notice of a lasting fault its mark in the corner (the scores in sight again)."""
        layout, overlays = self.screen.layout, []
        if self.controller:
            overlays.append(controller_part(layout, self.controller))
        if self.notice:
            overlays.append(notice_part(layout, self.notice[0]))
        elif self.lasting_notice:
            overlays.append(mark_part(layout, overlays[0].rect if overlays else None))
        return overlays

    def _apply_change(self, now: int) -> None:
        while self.ctx.pending:
            change, self.ctx.pending = self.ctx.pending, None
            self._enter(change, now)

    def _enter(self, change: SceneChange, now: int) -> None:
        scene = self.ctx.table.scene_of(change)
        self.scene, self.ctx.current = self.scenes[scene], scene
        log.info("scene: %s", scene.name)   # the journal says what the table saw
        self._guarded(self.scene.enter, now, change)
        self.ctx.hooks.on_scene(self.scene)

    def _on_failsafe(self) -> bool:
        return type(self.scene) is self.ctx.table.scene_of(ToFailsafe())

    def _guarded(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a scene's method; on an error, log it and switch to the failsafe scene (an error
        of the failsafe scene's own method, which nothing is left to show, ends the kiosk)."""
        try:
            return call(*args, **kwargs)
        except Exception as error:  # the kiosk must never die on a scene's error
            if self._on_failsafe():
                raise
            log.exception("scene %s failed", self.scene.name)
            self._show_failure(error)
            return None

    def _guarded_work(self, call: Callable[..., Any], *args: Any) -> None:
        """Run the loop's own work (a save after the frame, a worker's result, the retry of
        waiting saves); on an error, log it naming the work and show it on the failsafe scene,
        or, on the failsafe scene already, leave it there: never end the kiosk."""
        try:
            call(*args)
        except Exception as error:  # the kiosk must never die on its work's error
            work = getattr(call, "__qualname__", type(call).__name__)
            log.exception("%s failed (on the %s screen)", work, self.scene.name)
            if not self._on_failsafe():
                self._show_failure(error)

    def _show_failure(self, error: Exception) -> None:
        self.ctx.go(ToFailsafe(message=f"{self.scene.name}: {type(error).__name__}: {error}"))
