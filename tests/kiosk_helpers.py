"""Shared helpers for the display, scene and demo tests: headless pygame and a driven kiosk."""

from __future__ import annotations

import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.display import text  # noqa: E402
from companion.display.palette import BACKGROUND  # noqa: E402
from companion.kiosk.assemble import KioskOptions, build_kiosk  # noqa: E402
from companion.games.notnot.sides import Side  # noqa: E402
from companion.games.notnot.taps import Tap  # noqa: E402
from companion.scenes.context import Pace, Settings  # noqa: E402
from companion.scenes.transitions import ENTERED_WITH, Move  # noqa: E402

FAST = Pace(roll_frames=2, roll_frame_s=0.001, verdict_s=0.001, timeouts=0.01)


def canvas(size=(800, 480)) -> pygame.Surface:
    text.reset()  # another test may have quit pygame since fonts were cached
    pygame.font.init()
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    return surface


def shows_text(surface: pygame.Surface, drawn: text.Drawn) -> bool:
    """Whether ``surface`` shows the glyphs of ``drawn`` where it says it drew them.

    The fully opaque pixels of the rendered text must be exactly the ink
    colour on screen, and no other pixel there may be.
    """
    glyphs = pygame.mask.from_surface(text.image(drawn.text, drawn.size, drawn.ink), 254)
    region = surface.subsurface(drawn.rect).copy()
    inked = pygame.mask.from_threshold(region, drawn.ink, (1, 1, 1, 255))
    return glyphs.count() > 0 and inked.count() == glyphs.count() == inked.overlap_area(glyphs, (0, 0))


def count_colour(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    """How many pixels in ``rect`` have exactly ``colour``."""
    part = surface.subsurface(rect.clip(surface.get_rect())).copy()
    return pygame.mask.from_threshold(part, tuple(colour), (1, 1, 1, 255)).count()


def kiosk(first="title", pace=FAST, state_dir=None, **settings):
    """A headless kiosk with the fast pace, starting at scene ``first``, saving games in
    ``state_dir`` (default: the test's own state folder)."""
    return build_kiosk(KioskOptions(size=(800, 480), headless=True, sound=False, pace=pace,
                                    settings=Settings(**settings), first_scene=move_to(first),
                                    state_dir=None if state_dir is None else str(state_dir)))


def now():
    return time.monotonic_ns()


def tap(player, side, t_ns=None):
    """Player ``player`` presses ``side`` (stamped now, unless ``t_ns`` is given)."""
    return Tap(player, Side(side), now() if t_ns is None else t_ns, "test")


def in_scene(app, name):
    return lambda: app.scene.name == name


def move_to(scene: str, **details) -> Move:
    """The move that enters the scene named ``scene`` with ``details``."""
    return ENTERED_WITH[scene](**details)


def jump_to(app, scene: str, **details) -> None:
    """Make ``scene`` current on the next loop pass, as no person can: a test's shortcut past
    the table of moves (:mod:`companion.scenes.transitions`), which ``ctx.go`` enforces."""
    app.ctx.pending = move_to(scene, **details)
    app.step()


def step_until(app, done, limit_s: float = 5.0) -> None:
    """Run loop passes until ``done()`` (fails after ``limit_s`` seconds)."""
    end = time.monotonic() + limit_s
    while not done():
        assert time.monotonic() < end, f"still in scene {app.scene.name}"
        app.step()
