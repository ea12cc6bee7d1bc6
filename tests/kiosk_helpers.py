"""Shared helpers for the display, scene and demo tests: headless pygame and a driven kiosk.

A kiosk built here runs on :data:`CLOCK`, a :class:`SteppedClock` the tests control: it stands
still while the test and the loop work, and a pass that would sleep jumps it to that pass's next
timer. So a round lasts as long, and a tap lands at the same instant of it, on a busy machine
as on an idle one: no test that plays rounds can diverge or stall under load
(``tests/test_machine_independence.py`` proves it). ``kiosk(clock=None)`` is the real clock,
for a test whose inputs stamp on it (a simulated controller, the firmware under simavr) or
that watches the loop sleep. :func:`now` and :func:`tap` stamp on the clock of the last kiosk
built in the test (the real clock before one is)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.display import text  # noqa: E402
from companion.display.palette import BACKGROUND  # noqa: E402
from companion.kiosk.assemble import KioskOptions, build_kiosk  # noqa: E402
from companion.games.notnot.sides import Side  # noqa: E402
from companion.games.notnot.taps import Tap  # noqa: E402
from companion.scenes.session import Pace, GameSetup  # noqa: E402
from companion.scenes.catalogue import SCENES  # noqa: E402
from companion.scenes.core import entered_with  # noqa: E402
from companion.scenes.notnot.play import NotNotPlay, play_of  # noqa: E402
from companion.scenes.changes import SceneChange, NotNotChange  # noqa: E402

FAST = Pace(roll_frames=2, roll_frame_s=0.001, verdict_s=0.001, timeouts=0.01)
#: The most loop passes :func:`step_until` runs on a stepped clock before it fails.
MAX_PASSES = 20_000


class SteppedClock:
    """A loop clock (``time.monotonic_ns``'s shape) that moves only as the program runs, never
    with the machine's speed: each reading is :data:`READ_NS` after the one before (two taps
    posted one after the other are stamped in that order), a loop that waits jumps by its
    timeout instead of sleeping (:meth:`wait`), and a test may move it (:meth:`advance`).
    Starts at the real clock, so stamps look like real ones."""

    #: How far apart two readings are.
    READ_NS = 1_000

    def __init__(self, start_ns: int | None = None) -> None:
        self.now_ns = time.monotonic_ns() if start_ns is None else start_ns

    def __call__(self) -> int:
        self.now_ns += self.READ_NS
        return self.now_ns

    def wait(self, timeout_ms: int) -> None:
        """The loop sleeps ``timeout_ms`` until its next timer: that time passes at once."""
        self.advance(timeout_ms / 1000)

    def advance(self, seconds: float) -> None:
        self.now_ns += round(seconds * 1e9)


#: The clock of the kiosks built here, shared so that it only ever moves forward.
CLOCK = SteppedClock()
_current: Callable[[], int] = time.monotonic_ns


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


def texts_drawn(monkeypatch) -> list[text.Drawn]:
    """From here on, every text :func:`companion.display.text.draw` puts on any surface, in
    order (the list grows as they are drawn)."""
    drawn: list[text.Drawn] = []
    draw = text.draw

    def recording(*args, **kwargs):
        drawn.append(draw(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(text, "draw", recording)
    return drawn


def count_colour(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    """How many pixels in ``rect`` have exactly ``colour``."""
    part = surface.subsurface(rect.clip(surface.get_rect())).copy()
    return pygame.mask.from_threshold(part, tuple(colour), (1, 1, 1, 255)).count()


def kiosk(first="title", pace=FAST, state_dir=None, clock: SteppedClock | None = CLOCK,
          size=(800, 480), rotation=0, **settings):
    """A headless kiosk of ``size`` turned by ``rotation``, with the fast pace, starting at scene
    ``first``, saving games in ``state_dir`` (default: the test's own state folder), its loop on
    ``clock`` (``None``: the real clock)."""
    use_clock(clock)
    timing = {} if clock is None else {"clock": clock, "wait": clock.wait}
    return build_kiosk(KioskOptions(size=size, rotation=rotation, headless=True, sound=False,
                                    pace=pace,
                                    setup=GameSetup(**settings), first_scene=change_to(first),
                                    state_dir=None if state_dir is None else str(state_dir),
                                    **timing))


def use_clock(clock: SteppedClock | None) -> None:
    """:func:`now` and :func:`tap` stamp on ``clock`` from here on (``None``: the real clock).
    Every test starts on the real clock (``tests/conftest.py``), so a stepped clock never
    stamps the taps of a later test's kiosk."""
    global _current
    _current = clock or time.monotonic_ns


def now():
    """The instant on the clock of the last kiosk built."""
    return _current()


def tap(player, side, t_ns=None):
    """Player ``player`` presses ``side`` (stamped now, unless ``t_ns`` is given)."""
    return Tap(player, Side(side), now() if t_ns is None else t_ns, "test")


def in_scene(app, name):
    return lambda: app.scene.name == name


def change_to(scene: str, **details) -> SceneChange:
    """The change that enters the scene named ``scene`` with ``details``."""
    named = next(cls for cls in SCENES if cls.name == scene)
    return entered_with(named)(**details)


def notnot_play(app) -> NotNotPlay:
    """The Not Not game of the scene on screen (a test asks only in a game's scenes)."""
    play = play_of(app.scene)
    assert play is not None, f"no Not Not game in scene {app.scene.name}"
    return play


def game_of(app):
    """The Not Not game played in the scene on screen, or ``None`` (the title, a menu)."""
    play = play_of(app.scene)
    return None if play is None else play.game


def jump_to(app, scene: str, **details) -> None:
    """Make ``scene`` current on the next loop pass, as no person can: a test's shortcut past
    the table of scene changes (:mod:`companion.scenes.catalogue`), which ``ctx.go`` enforces. A Not
    Not scene goes on with the game on screen unless ``details`` give its ``play``."""
    named = next(cls for cls in SCENES if cls.name == scene)
    if issubclass(entered_with(named), NotNotChange) and "play" not in details:
        details["play"] = notnot_play(app)
    app.ctx.pending = change_to(scene, **details)
    app.step()


def step_until(app, done, limit_s: float = 5.0) -> None:
    """Run loop passes until ``done()``; fails after ``limit_s`` seconds of the loop's clock
    (on a stepped clock, or after :data:`MAX_PASSES` passes: a loop that never waits)."""
    if app.wait is None:
        end = time.monotonic() + limit_s
        while not done():
            assert time.monotonic() < end, f"still in scene {app.scene.name}"
            app.step()
        return
    end_ns, passes = app.clock() + round(limit_s * 1e9), 0
    while not done():
        passes += 1
        assert app.clock() < end_ns and passes <= MAX_PASSES, \
            f"still in scene {app.scene.name} after {passes} passes"
        app.step()


def choose(app, label: str) -> None:
    """Player 1 moves the menu's cursor to the item starting with ``label`` and selects it."""
    index = next(i for i, item in enumerate(app.scene.items()) if item.startswith(label))
    steps = index - app.scene.cursor
    for side in ("S" * steps if steps >= 0 else "N" * -steps) + "E":
        app.post(tap(1, side))
    app.step()


def play_round(app, rolls: list, players: int, late_s: float = 0.0) -> None:
    """Confirm the deal prompt if shown, then play one round: when a tap is needed, the player
    whose turn it is (round number, round the table of ``players``) taps the first valid spot,
    ``late_s`` seconds of the machine's time after the round opened (a busy machine)."""
    if app.scene.name == "deal":
        app.post(tap(1, "E"))
    step_until(app, in_scene(app, "round"))
    round_ = app.scene.round
    rolls.append(round_.roll)
    time.sleep(late_s)
    if round_.ruling.tap:
        app.post(tap(game_of(app).round_no % players + 1, round_.ruling.valid[0].value))
    step_until(app, in_scene(app, "verdict"))
    step_until(app, lambda: app.scene.name != "verdict")


def play(app, players: int, rounds: int | None = None, late_s: float = 0.0) -> list:
    """Play ``rounds`` rounds (default: to the end) at a table of ``players``, each tap
    ``late_s`` late (:func:`play_round`); the rolls."""
    rolls: list = []
    while app.scene.name != "end" and (rounds is None or len(rolls) < rounds):
        play_round(app, rolls, players, late_s)
    return rolls


def played_to_the_end_screen(app, answers) -> None:
    """The table plays the kiosk's game through its real loop to its end screen, drawn: the
    dealer confirms each deal, and each round that wants a tap gets the taps ``answers(round)``
    gives (none: nobody taps)."""
    while app.scene.name != "end":
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        step_until(app, lambda: app.scene.name in ("round", "end"))
        if app.scene.name == "end":
            break
        round_ = app.scene.round
        if round_.ruling.tap:
            for answer in answers(round_):
                app.post(answer)
        step_until(app, in_scene(app, "verdict"))
        step_until(app, lambda: app.scene.name != "verdict")
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
