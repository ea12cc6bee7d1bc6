"""The pygame display: opening it, the logical canvas, rotation, and the flip.

Scenes draw on :attr:`Screen.canvas`, which is the display surface itself
when the rotation is 0 and an offscreen surface of the turned size
otherwise; :meth:`Screen.present` turns it onto the display, flips, and
returns the stamp its :attr:`Screen.clock` gives right after the flip
(``time.monotonic_ns``; the loop's own clock once the loop has it).

A window (not fullscreen) can be resized: :meth:`Screen.resize` opens the
display at the new size (at least 800x480) and makes a new layout, so
everything drawn after follows the window.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

import pygame

from companion.config.settings import MIN_SIZE
from companion.display import text
from companion.display.drm_cards import point_kmsdrm_at_connected_card
from companion.display.layout import Layout
from companion.display.parts import PartImage, clear, covered
from companion.display.wayland_log import log_wayland_lines_where_unreachable
from companion.errors import CompanionError

log = logging.getLogger(__name__)

def use_headless_drivers() -> None:
    """Make SDL draw offscreen and play no sound (for tests and ``--headless``)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"


#: SDL video drivers that draw nowhere a person can see.
HIDDEN_DRIVERS = ("offscreen", "dummy")


#: The SDL video driver of the Pi's console: it reads the kernel's input devices itself.
CONSOLE_DRIVER = "KMSDRM"


def on_the_console() -> bool:
    """Whether the display is the console's (KMSDRM), whose window's input SDL reads from the
    kernel's input devices only when asked for events."""
    return pygame.display.get_driver() == CONSOLE_DRIVER


def window_input_polled() -> bool:
    """Whether a sleeping loop must look for the window's own events (touches, menu keys) every
    so often: a desktop's window, whose display server hands SDL the input. On the console the
    input doorbell wakes the loop; the hidden drivers take no input."""
    return not on_the_console() and pygame.display.get_driver() not in HIDDEN_DRIVERS


def refuse_hidden_display() -> None:
    """A CompanionError if SDL fell back to an invisible driver that nobody asked for."""
    driver = pygame.display.get_driver()
    if driver in HIDDEN_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        raise CompanionError(f"no display found (SDL fell back to its {driver} driver): "
                             "run the kiosk on the Pi's console (KMSDRM) or in a desktop session "
                             "(companion demo --headless --snapshots DIR draws offscreen into DIR)")


def draw_kmsdrm_frames_with_gles() -> None:
    """Under KMSDRM, have SDL present the window surface with its GLES 2 renderer.

    KMSDRM's EGL gives a GLES context. Where no desktop libGL is installed (a
    Raspberry Pi OS Lite console, the Pi in a box), SDL 2.26 still picks its
    desktop ``opengl`` renderer for the window surface; every frame then fails
    in GL and the screen stays black while the kiosk runs (found in the Pi in a
    box, tests/vm: the framebuffer on the CRTC was the kiosk's, all black). A
    table's own ``SDL_FRAMEBUFFER_ACCELERATION`` wins.
    """
    if os.environ.get("SDL_VIDEODRIVER") == "kmsdrm":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "opengles2")


def prepare_video() -> None:
    """Before SDL opens its video: under KMSDRM, present with GLES and open the card whose
    screen is connected; where SDL chooses its driver and no Wayland desktop is reachable,
    libwayland's lines go to our log."""
    draw_kmsdrm_frames_with_gles()
    screen = point_kmsdrm_at_connected_card()
    if screen is not None:
        log.info("KMSDRM opens card%d: %s is connected", screen.card, screen.name)
    log_wayland_lines_where_unreachable()


def driver_named() -> str:
    """``SDL_VIDEODRIVER=...`` as asked for (``auto`` if not set), for messages."""
    return f"SDL_VIDEODRIVER={os.environ.get('SDL_VIDEODRIVER', 'auto')}"


#: A frame that changed at least this share of the canvas is turned and shown whole: one turn of
#: the whole canvas costs less than many turns of its parts.
WHOLE_SHARE = 0.6


#: A rotated frame copies kept pictures already turned when they make at least this share of
#: what it painted; otherwise it turns its rects from the canvas, as a frame without pictures.
REPLAY_SHARE = 0.25


def pygame_build() -> str:
    """Which pygame and SDL this process draws with (``pygame 2.1.2, SDL 2.26.5``)."""
    return f"pygame {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}"


def area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def to_show(damage: Sequence[pygame.Rect] | None, whole: pygame.Rect
            ) -> list[pygame.Rect] | None:
    """The rects to turn and show for ``damage`` (``None``: the whole canvas): two rects whose
    union is no larger than the two of them become their union (no pixel is turned twice),
    and a frame that changed :data:`WHOLE_SHARE` of the canvas or more is shown whole."""
    if damage is None:
        return None
    rects = [pygame.Rect(rect) for rect in damage]
    joined = True
    while joined:
        joined = False
        for i, one in enumerate(rects):
            other = next((j for j in range(i + 1, len(rects))
                          if area(one.union(rects[j])) <= area(one) + area(rects[j])), None)
            if other is not None:
                rects[i] = one.union(rects.pop(other))
                joined = True
                break
    return None if sum(map(area, rects)) >= WHOLE_SHARE * area(whole) else rects


def default_size(desktop: tuple[int, int], fullscreen: bool) -> tuple[int, int]:
    """The display's size when none is asked for, on a ``desktop`` of that size (0x0: not
    known): fullscreen, the desktop's; a window, the smallest size (800x480), stood upright
    on an upright desktop so that it fits there."""
    if min(desktop) <= 0:
        return MIN_SIZE
    if fullscreen:
        return desktop
    return MIN_SIZE if desktop[0] >= desktop[1] else (MIN_SIZE[1], MIN_SIZE[0])


class Screen:
    """An open display of ``size`` (``None``: the desktop size), fullscreen or windowed, turned by
    ``rotation``."""

    def __init__(self, size: tuple[int, int] | None = None, rotation: int = 0,
                 fullscreen: bool = False, caption: str = "Not Not companion") -> None:
        #: Stamps the flip: ``time.monotonic_ns`` unless the loop gives its own.
        self.clock: Callable[[], int] = time.monotonic_ns
        prepare_video()
        self.flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        #: The words the controller's corner may show, kept clear on every layout made here.
        self.controller_corner: tuple[str, ...] = ()
        try:
            self.display = self._set_mode(self._open_video(size, fullscreen))
        except CompanionError:
            pygame.display.quit()   # the next try opens SDL's video anew (a screen switched
            raise                   # on since then is found, its card chosen again)
        refuse_hidden_display()
        pygame.display.set_caption(caption)
        pygame.mouse.set_visible(not fullscreen)
        self._fit(rotation)

    @staticmethod
    def _open_video(size: tuple[int, int] | None, fullscreen: bool) -> tuple[int, int]:
        """Open SDL's video and fonts; the display's size (``size``, or the desktop's when
        ``None``). A CompanionError if SDL's video does not open."""
        try:
            pygame.display.init()
            text.reset()  # fonts cached before a pygame.quit() are dead
            pygame.font.init()
            if size is None:
                info = pygame.display.Info()
                size = default_size((info.current_w, info.current_h), fullscreen)
        except pygame.error as error:
            raise CompanionError(f"cannot open the display ({driver_named()}): {error}") from None
        return size

    def _set_mode(self, size: tuple[int, int]) -> pygame.Surface:
        """The display at ``size``; a CompanionError naming the size if SDL cannot make it."""
        try:
            return pygame.display.set_mode(size, self.flags)
        except (pygame.error, TypeError, OverflowError, ValueError) as error:
            raise CompanionError(f"cannot open a {size[0]}x{size[1]} display "
                                 f"({driver_named()}): {error}") from None

    def _fit(self, rotation: int) -> None:
        """Make the layout and the canvas for the display as it is now."""
        self.layout = Layout(self.display.get_size(), rotation, self.controller_corner)
        self.canvas = self.display if rotation == 0 else pygame.Surface(self.layout.size).convert()

    def keep_controller_corner(self, words: Sequence[str]) -> None:
        """Lay out anew with the top-right corner kept for the controller's state, which shows
        one of ``words`` (:attr:`Layout.controller_corner`)."""
        self.controller_corner = tuple(words)
        self.layout = replace(self.layout, controller_corner=self.controller_corner)

    def resize(self, size: tuple[int, int]) -> bool:
        """The window was resized to ``size``: reopen the display at that size (at least
        800x480) with a new layout and canvas. ``False`` (nothing done) when fullscreen, or
        when the display already has that size."""
        if self.flags & pygame.FULLSCREEN:
            return False
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if size == self.display.get_size() and size == self.layout.display_size:
            return False
        self.display = self._set_mode(size)
        self._fit(self.layout.rotation)
        return True

    def present(self, damage: Sequence[pygame.Rect] | None = None,
                steps: Sequence[tuple[pygame.Rect, PartImage | None]] = ()) -> int:
        """Show the canvas and return the flip's stamp: all of it (``damage`` ``None``), or only
        the canvas rects in ``damage``, each turned onto the display by itself when rotated
        (a countdown's tick turns and shows its panel, not the screen). With the compositor's
        ``steps`` (what it painted, in order), a rotated screen copies each kept picture
        already turned, and turns only the rest (:meth:`_mostly_turned_before`)."""
        damage = to_show(damage, self.canvas.get_rect())
        if damage is not None and self.canvas is not self.display and \
                self._mostly_turned_before(damage, steps):
            pygame.display.update(self._replay(damage, steps))
        elif damage is None:
            if self.canvas is not self.display:
                self.display.blit(pygame.transform.rotate(self.canvas, self.layout.rotation),
                                  (0, 0))
            pygame.display.flip()
        else:
            shown = [self._show(rect) for rect in damage]
            pygame.display.update(shown)
            stamp = self.clock()   # the frame is shown: what follows is for the next frames
            self._keep_turned(steps)
            return stamp
        return self.clock()

    def show_again(self) -> None:
        """Show the display's last frame again, as it is: the window was exposed (another
        window over it went away, with no window manager to keep what it hid)."""
        pygame.display.flip()

    def _keep_turned(self, steps: Sequence[tuple[pygame.Rect, PartImage | None]]) -> None:
        """Give each kept picture of ``steps`` that has none its turned copy, copied from the
        display just turned (no part painted after it lies over it), so that the next frame
        showing it copies it instead of turning it."""
        if self.canvas is self.display:   # upright: the picture is what the display shows
            return
        rotation = self.layout.rotation
        for i, (rect, image) in enumerate(steps):
            if image is not None and rotation not in image.turns and \
                    rect.collidelist([later for later, _ in steps[i + 1:]]) < 0:
                image.keep_turn(rotation, self.display.subsurface(self.to_display(rect)).copy())

    def _mostly_turned_before(self, damage: Sequence[pygame.Rect],
                              steps: Sequence[tuple[pygame.Rect, PartImage | None]]) -> bool:
        """Whether the kept pictures already turned cover at least :data:`REPLAY_SHARE` of the
        pixels of ``steps``: then copying them beats turning ``damage`` from the canvas (a
        verdict's first frame, all new, is turned from the canvas in one go)."""
        rotation = self.layout.rotation
        ready = sum(area(rect) for rect, image in steps
                    if image is not None and rotation in image.turns)
        return bool(steps) and ready >= REPLAY_SHARE * sum(area(rect) for rect, _ in steps)

    def _replay(self, damage: Sequence[pygame.Rect],
                steps: Sequence[tuple[pygame.Rect, PartImage | None]]) -> list[pygame.Rect]:
        """Bring the rotated display's ``damage`` to what the canvas shows by replaying the
        compositor's ``steps`` on it: the background, then each kept picture turned, or the
        canvas rect turned where a part has none. Returns the display rects."""
        copied = [rect for rect, image in steps if image is not None]
        shown = []
        for rect in damage:
            shown.append(self.to_display(rect.clip(self.canvas.get_rect())))
            if not covered(rect, copied):
                clear(self.display, shown[-1])
        for rect, image in steps:
            if image is None:
                self._show(rect)
            else:
                self.display.blit(image.turned(self.layout.rotation), self.to_display(rect))
        return shown

    def _show(self, rect: pygame.Rect) -> pygame.Rect:
        """Turn the canvas's ``rect`` onto the display (when rotated); the display rect it
        covers."""
        rect = rect.clip(self.canvas.get_rect())
        if self.canvas is self.display:
            return rect
        shown = self.to_display(rect)
        self.display.blit(pygame.transform.rotate(self.canvas.subsurface(rect),
                                                  self.layout.rotation), shown)
        return shown

    def to_display(self, rect: pygame.Rect) -> pygame.Rect:
        """A canvas rect as the display rect it shows in, after the rotation (counter-clockwise,
        as ``pygame.transform.rotate`` turns)."""
        x, y, w, h = rect
        cw, ch = self.layout.size
        return pygame.Rect({0: (x, y, w, h), 90: (y, cw - x - w, h, w),
                            180: (cw - x - w, ch - y - h, w, h),
                            270: (ch - y - h, x, h, w)}[self.layout.rotation])

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A display pixel (e.g. a touch) as a canvas pixel, undoing the rotation."""
        x, y = pos
        w, h = self.layout.size
        return {0: (x, y), 90: (w - 1 - y, x), 180: (w - 1 - x, h - 1 - y),
                270: (y, h - 1 - x)}[self.layout.rotation]

    def close(self) -> None:
        pygame.display.quit()
