"""Every screen the kiosk has: no text overlaps another text or leaves the screen.

The kiosk is driven through the real loop, scene by scene (every scene of
:mod:`companion.scenes.catalogue`, the level-up splash and a notice too), at
800x480, 1024x600, 1920x1080 and 800x480 turned 90 and 270 degrees. Every
text drawn on the canvas between two flips is one frame's text (a
:class:`~companion.display.text.Drawn` with its rect); a frame fails when two
of its rects overlap or one is not wholly on the canvas.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache

import pygame
import pytest

import kiosk_helpers
from kiosk_helpers import FAST, now, tap
from companion.display import text
from companion.display.draw_menu import draw_message
from companion.display.draw_notice import notice_part
from companion.display.layout import Layout
from companion.display.screen import Screen
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.kiosk import loop
from companion.kiosk.loop import App
from companion.inputs.actions import Nav
from companion.scenes.catalogue import SCENES
from companion.scenes.common.late_taps import LATE_TAP_S
from companion.scenes.session import GameSetup
from companion.scenes.changes import ToTitle
from kiosk_helpers import game_of

#: Every test here plays whole games, fuzzes or starts programs: `make test-quick` leaves them out.
pytestmark = pytest.mark.slow

#: Canvas sizes and rotations: the smallest, two larger, and the smallest turned.
SCREENS = [((800, 480), 0), ((1024, 600), 0), ((1920, 1080), 0), ((800, 480), 90),
           ((800, 480), 270)]
#: What the tours show beside the catalogue's scenes.
EXTRAS = ("level-up", "notice")
#: A scene's error as the failsafe shows it.
FAILSAFE_MESSAGE = ('config: keyboard.pads[4].N = "[88]": pygame knows no key by that name '
                    '(did you mean "[8]"?)')
#: A notice as long as one gets (a settings problem said in full).
LONG_NOTICE = ("this game is not being saved: the state database is read-only "
               "(/var/lib/companion/companion.sqlite3); the game goes on and is saved again "
               "once the folder can be written")


@dataclass
class Frame:
    """The texts of one frame on the canvas, and what the screen showed then."""

    shows: str
    canvas: tuple[int, int]
    texts: list[text.Drawn] = field(default_factory=list)


class Recorder:
    """Collects every text drawn on ``app``'s canvas, frame by frame, named by ``shows()``."""

    def __init__(self, app: App) -> None:
        self.app, self.frames, self.pending = app, [], []
        self.shows: Callable[[], str] = self.scene_shown

    def scene_shown(self) -> str:
        """The current scene's name, or ``level-up`` while the roll shows its splash."""
        scene = self.app.scene
        return "level-up" if getattr(scene, "splashing", False) else scene.name

    def drew(self, surface: pygame.Surface, piece: text.Drawn) -> None:
        if surface is self.app.screen.canvas:
            self.pending.append(piece)

    def covered(self, bar: pygame.Rect) -> None:
        """An opaque bar was filled over ``bar``: the texts drawn under it are gone."""
        self.pending = [piece for piece in self.pending if not piece.rect.colliderect(bar)]

    def flipped(self) -> None:
        self.frames.append(Frame(self.shows(), self.app.screen.canvas.get_size(), self.pending))
        self.pending = []


def recording(app: App) -> Recorder:
    """Record ``app``'s frames: every ``text.draw`` and every flip go through the recorder; each
    frame is drawn whole (the play screen otherwise paints only what changed), so that it
    records every text the frame shows."""
    recorder = Recorder(app)
    draw, present = text.draw, Screen.present
    frame = app.ctx.services.frame
    begin = frame.begin

    def beginning_whole() -> None:
        frame.forget()   # no kept picture either: every text is drawn again
        begin()

    def drawing(surface, words, size, colour, **anchor):
        piece = draw(surface, words, size, colour, **anchor)
        recorder.drew(surface, piece)
        return piece

    def presenting(screen, damage=None, steps=()):
        recorder.flipped()
        return present(screen, damage, steps)

    def noticing(layout, line):   # the notice's bar hides what lies in its strip
        part = notice_part(layout, line)

        def paint(surface):
            recorder.covered(layout.notice)
            return part.paint(surface)
        return replace(part, paint=paint)

    text.draw = drawing
    app.screen.present = presenting.__get__(app.screen)
    frame.begin = beginning_whole
    loop.notice_part = noticing
    recorder.restore = lambda: (setattr(text, "draw", draw),
                                setattr(loop, "notice_part", notice_part))
    return recorder


def ink(piece: text.Drawn) -> pygame.Rect:
    """Where the glyphs of ``piece`` lie: its rect less the line's empty leading and sides."""
    return text.image(piece.text, piece.size, piece.ink).get_bounding_rect().move(piece.rect.topleft)


def problems(frame: Frame) -> list[str]:
    """What in ``frame`` leaves the canvas (its rect) or overlaps another text (its glyphs)."""
    wrong = [f"{d.text!r} at {d.rect} leaves the {frame.canvas} canvas"
             for d in frame.texts if not pygame.Rect((0, 0), frame.canvas).contains(d.rect)]
    for i, one in enumerate(frame.texts):
        for other in frame.texts[i + 1:]:
            if ink(one).colliderect(ink(other)):
                wrong.append(f"{one.text!r} at {ink(one)} overlaps {other.text!r} at {ink(other)}")
    return wrong


# -- driving the kiosk --------------------------------------------------------------------

def kiosk_at(size: tuple[int, int], rotation: int, folder: str, **settings) -> App:
    """A headless kiosk of ``size`` turned by ``rotation``, twelve pads, at the fast pace, on
    the tests' stepped clock (a busy machine plays the tours as an idle one does)."""
    kiosk_helpers.use_clock(kiosk_helpers.CLOCK)
    return build_kiosk(KioskOptions(size=size, rotation=rotation, headless=True, sound=False,
                                    pace=FAST, players_with_pads=12, setup=GameSetup(**settings),
                                    first_scene=ToTitle(), state_dir=folder,
                                    clock=kiosk_helpers.CLOCK, wait=kiosk_helpers.CLOCK.wait))


def until(app: App, done: Callable[[], bool], act: Callable[[], None] = lambda: None,
          limit_s: float = 20.0) -> None:
    """Loop passes (``act()`` before each) until ``done()``; fails after ``limit_s`` seconds of
    the kiosk's clock or :data:`kiosk_helpers.MAX_PASSES` passes."""
    end_ns, passes = app.clock() + round(limit_s * 1e9), 0
    while not done():
        passes += 1
        assert app.clock() < end_ns and passes <= kiosk_helpers.MAX_PASSES, \
            f"still in scene {app.scene.name} after {passes} passes"
        act()
        app.step()


def press(app: App, player: int, sides: str) -> None:
    """``player`` presses ``sides`` one after another; the loop takes each."""
    for side in sides:
        app.post(tap(player, side))
        app.step()


def press_on_an_end(app: App) -> None:
    """P1's E on a round's or a game's end, a second on: no late tap of the press that ended it."""
    app.post(tap(1, "E", now() + round(LATE_TAP_S * 1e9)))
    app.step()


def choose(app: App, index: int) -> None:
    """On a menu: move the cursor to item ``index`` and select it."""
    steps = index - app.scene.cursor
    press(app, 1, ("S" * steps if steps >= 0 else "N" * -steps) + "E")


def at(app: App, scene: str) -> None:
    until(app, lambda: app.scene.name == scene)


def play_on(app: App) -> None:
    """One move of a table playing on: confirm a deal, take a valid card in an open round."""
    if app.scene.name == "deal":
        app.post(tap(1, "E"))
    elif app.scene.name == "round" and app.scene.round.ruling.tap and not app.scene.round.taps:
        app.post(tap(4, app.scene.round.ruling.valid[0].value))


def notnot_tour(app: App) -> None:
    """Not Not from the title: set-up, deal, a round with a wrong and a valid tap, the verdict,
    a tie on one card, its replay, the pause, the correction, the level-up splash, the end."""
    at(app, "title")
    recorder_note(app, "title")
    app.notify(LONG_NOTICE)
    recorder_note(app, "notice")
    app.notice = None
    choose(app, 0)
    at(app, "setup")
    choose(app, len(app.scene.items()) - 2)
    at(app, "deal")
    press(app, 1, "E")
    until(app, lambda: app.scene.name == "round" and app.scene.round.ruling.tap
          and "VOID" not in game_of(app).faces().values(), lambda: play_on(app))
    valid = app.scene.round.ruling.valid[0].value
    t = now()
    for player in (1, 2, 3):
        app.post(tap(player, valid, t + player * 100_000))
    wrong = [s for s in "NESW" if s not in {v.value for v in app.scene.round.ruling.valid}]
    if wrong:
        app.post(tap(5, wrong[0], t + 50_000))
    at(app, "tie-choice")
    app.post(Nav("pause", now()))
    at(app, "pause")
    choose(app, 1)
    at(app, "correction")
    press(app, 1, "E")
    app.post(Nav("pause", now()))
    at(app, "pause")
    choose(app, 0)
    at(app, "tie-choice")
    until(app, lambda: app.scene.name == "verdict")
    app.post(tap(1, "N", now() + round(LATE_TAP_S * 1e9)))   # the round's replay, a second on,
    app.step()                                              # until the next press
    at(app, "replay")
    press(app, 1, "N")
    until(app, lambda: game_of(app).level.value == "normal", lambda: play_on(app), 60)
    until(app, lambda: app.scene.name == "round", lambda: play_on(app))
    app.post(Nav("pause", now()))
    at(app, "pause")
    choose(app, 2)
    choose(app, 2)
    at(app, "end")
    app.post(tap(1, "E", now() + round(LATE_TAP_S * 1e9)))   # a second on: no late tap
    at(app, "setup")


def entry_and_failsafe_tour(app: App) -> None:
    """Not Not with table deals: the entry of the first cards; then the failsafe."""
    at(app, "title")
    choose(app, 0)
    at(app, "setup")
    choose(app, 2)                                       # Names: the seats, seat 1's choice,
    at(app, "names")                                     # a letter spelt, all taken back
    press(app, 1, "EESEWWWW")
    at(app, "setup")
    choose(app, 3)                                       # Deals: the table
    choose(app, len(app.scene.items()) - 2)
    at(app, "entry")
    press(app, 1, "SE")
    kiosk_helpers.jump_to(app, "failsafe", message=FAILSAFE_MESSAGE)
    at(app, "failsafe")


def set_up(app: App, title_item: int, menu: str, players: int) -> None:
    """From the title to the set-up ``menu``, its Players item stepped ``players`` times."""
    at(app, "title")
    choose(app, title_item)
    at(app, menu)
    for _ in range(players):
        choose(app, 0)


def movie_round(app: App) -> None:
    """P1 votes screen 1, the others screen 2; the holder places on 1 and 2: two mistakes end
    the round. Between the two, a player without the stack presses: it does nothing, and
    says so under the first mistake's answer."""
    game = app.scene.kept.game
    for player in range(1, game.players + 1):
        press(app, player, "E" if player == 1 else "NE")
    press(app, game.holder, "E")
    press(app, game.holder % game.players + 1, "E")
    press(app, game.holder, "E")


def movie_tour(app: App) -> None:
    """Not That Movie! with seven players: set-up, votes, tokens, a pause, five rounds, the
    score sheet."""
    set_up(app, 1, "movie-setup", players=3)             # Players: 7
    choose(app, 5)
    at(app, "movie")
    press(app, 1, "NNEE")                                # voted, then told it is kept
    app.post(Nav("pause", now()))
    at(app, "games-pause")
    choose(app, 0)
    at(app, "movie")
    press(app, 1, "W")
    for number in range(5):
        movie_round(app)
        press_on_an_end(app)
    at(app, "movie-sheet")


def hat_penalty(app: App) -> None:
    """The player whose turn it is gives a gift left; it is refused and the giver was wrong."""
    pads = app.scene.pads
    giver = app.scene.kept.game.turn or 1
    press(app, giver, "W")
    press(app, app.scene.kept.game.pending.receiver, "S")
    press(app, giver, "N")
    assert pads.prompt in ("giving", "round-over", "game-over")


def hat_tour(app: App) -> None:
    """That's Not a Hat with eight players, rounds as many as players, special cards: every
    prompt, to the end and the score sheet."""
    set_up(app, 2, "hat-setup", players=4)               # Players: 8
    choose(app, 2)                                       # Rounds: as many as players
    choose(app, 4)                                       # Special cards: with
    choose(app, 5)
    at(app, "hat")
    press(app, 1, "NSW")                                 # choosing, stepping, cancelled
    press(app, 1, "E")
    press(app, 1, "SW")                                  # take it back? keep it
    while not app.scene.kept.game.over:
        hat_penalty(app)
        if app.scene.pads.prompt == "round-over":
            press_on_an_end(app)
    press_on_an_end(app)
    at(app, "hat-sheet")
    press(app, 1, "E")
    at(app, "title")
    choose(app, 3)                                       # the players menu
    at(app, "players")
    press(app, 1, "W")
    at(app, "title")


def recorder_note(app: App, shows: str) -> None:
    """Name the next frame ``shows``."""
    app.recorder.shows = lambda: shows
    app.scene.dirty = True
    app.step()
    app.recorder.shows = app.recorder.scene_shown


TOURS = (notnot_tour, entry_and_failsafe_tour, movie_tour, hat_tour)


def tour(size: tuple[int, int], rotation: int, folder: str) -> list[Frame]:
    """Every tour on a kiosk of ``size`` turned by ``rotation``; the frames drawn."""
    frames = []
    for number, walk in enumerate(TOURS):
        app = kiosk_at(size, rotation, f"{folder}/{number}", players=12, level="first-game")
        app.recorder = recording(app)
        try:
            walk(app)
        finally:
            app.recorder.restore()
            app.screen.close()
        frames += app.recorder.frames
    return frames


@cache
def frames_of(size: tuple[int, int], rotation: int, base: str) -> tuple[Frame, ...]:
    """The frames of the tours on one screen (cached: every scene's test reads them)."""
    folder = f"{base}/{size[0]}x{size[1]}-{rotation}"
    return tuple(tour(size, rotation, folder))


def blocks(frame: Frame) -> list[list[text.Drawn]]:
    """The frame's texts grouped into blocks: lines of one size and ink, each right under the
    one before and centred on it (one wrapped text)."""
    grouped: list[list[text.Drawn]] = []
    for piece in frame.texts:
        last = grouped[-1][-1] if grouped else None
        if last is not None and (last.size, last.ink) == (piece.size, piece.ink) \
                and piece.rect.top == last.rect.bottom \
                and abs(piece.rect.centerx - last.rect.centerx) <= 1:
            grouped[-1].append(piece)
        else:
            grouped.append([piece])
    return grouped


def word_alone(block: list[text.Drawn]) -> bool:
    """Whether a wrapped text of more than two words ends in a line of one word."""
    words = " ".join(line.text for line in block).split()
    return len(block) > 1 and len(words) > 2 and len(block[-1].text.split()) == 1


SCREEN_IDS = [f"{w}x{h}-{r}" for (w, h), r in SCREENS]


def shown(size, rotation, tmp_path_factory) -> tuple[Frame, ...]:
    return frames_of(size, rotation, str(tmp_path_factory.getbasetemp()))


#: Screens whose texts overlap today, in another helper's files, and why.
#: Screens with a known overlap, by name, and why (none now).
KNOWN: dict[str, str] = {}


def scene_cases() -> list:
    """Every scene of the catalogue and every extra, a known overlap marked as expected."""
    return [pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN[name], strict=True))
            if name in KNOWN else name for name in [cls.name for cls in SCENES] + list(EXTRAS)]


@pytest.mark.parametrize("size, rotation", SCREENS, ids=SCREEN_IDS)
@pytest.mark.parametrize("shows", scene_cases())
def test_no_text_overlaps_another_or_leaves_the_screen(shows, size, rotation, tmp_path_factory):
    frames = [f for f in shown(size, rotation, tmp_path_factory) if f.shows == shows]
    assert frames, f"the tour never showed {shows}"
    wrong = sorted({p for frame in frames for p in problems(frame)})
    assert wrong == []


@pytest.mark.parametrize("size, rotation", SCREENS, ids=SCREEN_IDS)
def test_no_wrapped_text_leaves_a_word_alone_on_its_last_line(size, rotation, tmp_path_factory):
    alone = sorted({f"{frame.shows}: {[line.text for line in block]}"
                    for frame in shown(size, rotation, tmp_path_factory)
                    for block in blocks(frame) if word_alone(block)})
    assert alone == []


@pytest.mark.parametrize("size, rotation", SCREENS, ids=SCREEN_IDS)
def test_the_lines_of_a_round_s_or_a_game_s_end_come_out_at_one_size(size, rotation,
                                                                      tmp_path_factory):
    firsts = ("Round ", "votes: ", "Total ", "rounds: ")
    sizes = {tuple(sorted({d.size for d in frame.texts if d.text.startswith(firsts)}))
             for frame in shown(size, rotation, tmp_path_factory)
             if frame.shows == "movie"
             and any(d.text.startswith(("rounds: ", "votes: ")) for d in frame.texts)}
    assert sizes and all(len(one) == 1 for one in sizes), sizes


def test_a_message_screen_says_its_lines_at_one_size():
    layout = Layout((800, 480), 0)
    lines = ["Table deals", "that card cannot be revealed: a second void card on the table is "
                            "against the rules"]
    drawn = draw_message(kiosk_helpers.canvas(layout.size), layout, "Something went wrong", lines)
    said = [d for d in drawn if d.text not in ("Something went wrong", "E continue")]
    assert len({d.size for d in said}) == 1
