"""Assembling the kiosk: a screen, the shared context, every scene, and the loop.

``companion run``, ``companion demo`` and the latency benchmark all build
their kiosk here, so each runs the same scenes through the same loop.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.audio.tones import Sounds
from companion.display.screen import Screen, on_the_console, use_headless_drivers
from companion.display.snapshots import Snapshots
from companion.inputs.actions import menu_key
from companion.inputs.keyboard import KeyMap
from companion.kiosk.loop import App
from companion.scenes.catalogue import TABLE, build_scenes
from companion.scenes.changes import SceneChange, ToTitle
from companion.scenes.common.table_choices import start_choices
from companion.scenes.core import Context, Services, no_op
from companion.scenes.session import GameSetup, Pace, Session
from companion.storage.owner import FolderLock
from companion.storage.preferences import Preferences

log = logging.getLogger(__name__)


@dataclass
class KioskOptions:
    """How to build a kiosk."""

    size: tuple[int, int] | None = None
    rotation: int = 0
    fullscreen: bool = False
    headless: bool = False
    sound: bool = True
    #: The ALSA device the tones and the voice play on (``""``: ALSA's default).
    sound_device: str = ""
    setup: GameSetup = field(default_factory=GameSetup)
    pace: Pace = field(default_factory=Pace)
    tie_window_ns: int | None = None
    #: The players only the keyboard's pads seat beside the pads read (their games tie within
    #: the keyboard's window too).
    keys_only_seats: tuple[int, ...] = ()
    #: How many players have a pad (``None``: the context's default).
    players_with_pads: int | None = None
    #: The keys the table plays on, when it has no pads: the hints name them.
    keys: KeyMap | None = None
    #: The state folder games are saved in (``None``: the usual place).
    state_dir: str | None = None
    #: The lock the kiosk holds on it (``None``: none), held again if its file goes.
    lock: FolderLock | None = None
    snapshots: str | None = None
    #: The change that enters the first scene.
    first_scene: SceneChange = field(default_factory=ToTitle)
    key_maps: tuple[Callable, ...] = (menu_key,)
    #: The settings file's colour-blind mode and voice (the choices saved from the menu win).
    preferences: Preferences = field(default_factory=Preferences)
    ready: Callable[[], object] = no_op
    watchdog: Callable[[], object] = no_op
    #: The loop's clock, and how it waits for its next timer (``None``: in pygame): a test's.
    clock: Callable[[], int] = time.monotonic_ns
    wait: Callable[[int], object] | None = None
    #: Whether the kernel's input devices wake the sleeping loop (the input doorbell;
    #: ``None``: on the console, where SDL reads them only when asked).
    input_doorbell: bool | None = None


def build_kiosk(options: KioskOptions) -> App:
    """An App ready to run, with the screen open (offscreen when ``headless``)."""
    if options.headless:
        use_headless_drivers()
    screen = Screen(options.size, options.rotation, options.fullscreen)
    services = Services(layout=screen.layout, pace=options.pace,
                        sounds=Sounds(enabled=options.sound and not options.headless,
                                      device=options.sound_device),
                        rng=random.Random(f"{options.setup.seed}:inks"),
                        state_dir=options.state_dir, lock=options.lock)
    if options.tie_window_ns is not None:
        services.tie_window_ns = options.tie_window_ns
    services.keys_only_seats = options.keys_only_seats
    if options.players_with_pads is not None:
        services.players_with_pads = options.players_with_pads
    services.keys = options.keys
    ctx = Context(session=Session(setup=options.setup), services=services, table=TABLE)
    notices = start_choices(ctx, options.preferences)
    snapshots = Snapshots(options.snapshots, always=("end",))
    app = App(screen, ctx, build_scenes(ctx), options.first_scene, key_maps=options.key_maps,
              snapshots=snapshots, ready=options.ready, watchdog=options.watchdog,
              clock=options.clock, wait=options.wait)
    if options.input_doorbell or (options.input_doorbell is None and on_the_console()):
        app.listen_to_input_devices()
    for notice in notices:  # the voice cannot speak, the saved choices cannot be read
        log.warning("%s", notice)
    app.notify_in_turn(notices)
    return app
