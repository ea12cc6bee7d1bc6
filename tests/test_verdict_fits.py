"""A verdict always says everything: every line of every verdict the engine gives is
on the frame, in the panel beside the dice, at a cap height of at least 3 % of the display's
shorter side, overlapping no other text, at every size from 800x480 to 1920x1080 and every
rotation; a verdict too long for one page is shown in pages, every line on one of them.

The verdicts are real: the engine plays each round (a table set with the real correction, taps
offered to the real round, the real ``finish_round``), and the real verdict and tie-choice
scenes show them in a kiosk of each size.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from kiosk_helpers import FAST, count_colour, jump_to, kiosk, shows_text, step_until, tap
from test_scenes_flow import to_round
from companion.display import text
from companion.display.layout import MIN_TEXT_CAP
from companion.display.palette import PANEL
from companion.games.notnot import data_file as data
from companion.games.notnot.cards import Level
from companion.games.notnot.dice import Roll
from companion.games.notnot.game import Game
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.scenes.session import GameSetup
from companion.scenes.notnot.play_view import dice_words
from companion.scenes.changes import ToSetup, ToTieChoice, ToTitle, ToVerdict
from kiosk_helpers import game_of as game_on_screen
from companion.scenes.notnot.play import NotNotPlay
from companion.scenes.notnot.head_starts import with_head_starts

SIZES = [(800, 480), (1024, 600), (1280, 800), (1920, 1080)]
ROTATIONS = [0, 90, 180, 270]
#: Pages turn every 10 s and the tie choice waits 500 s: nothing moves on while a test looks.
STILL = replace(FAST, verdict_s=10.0, timeouts=100.0)
OPEN_NS = 10**12
N, E, S, W = Side.N, Side.E, Side.S, Side.W
PORTALS = {N: "RED", E: "BLUE", S: "GREEN", W: "YELLOW"}
#: NOT RED: every card but the red one (and a void) may be tapped.
NOT_RED = Roll(("RED", "NOTHING"), "NOT", N, False, Level.NORMAL)
NOTHING = Roll(("NOTHING", "NOTHING"), "NOTHING", N, False, Level.NORMAL)
RED = Roll(("RED", "NOTHING"), "NOTHING", N, False, Level.DISCOVERY)


def game_of(players: int, faces: dict[Side, str], scores: dict[int, int]) -> Game:
    """A Normal game of ``players`` with ``faces`` on the table and ``scores`` point cards."""
    dice, recipe = data.not_not()
    game = Game.new(players, "normal", 7, dice=dice, recipe=recipe, timing=STILL.timing())
    game.round_no = 1   # past the opening cross (portal cards only)
    for side, face in faces.items():
        game.correct(side, face)
    for player, n in scores.items():
        game.points[player] = [game.deck.pop() for _ in range(n)]
    return game


def round_of(game: Game, roll: Roll, taps: list[tuple[int, Side, float]]):
    """``roll``'s round in ``game`` with ``taps`` (player, spot, ms after the dice landed)."""
    round_ = game.open_round(roll, OPEN_NS)
    for player, side, ms in taps:
        round_.offer(Tap(player, side, OPEN_NS + round(ms * 1e6), "test"))
    return round_


def verdict_move(players, roll, taps, faces=PORTALS, scores=None, starts=None):
    """The game and the change to the verdict of the round the engine plays and finishes (with
    the head starts ``starts``, seat -> µs, when given)."""
    game = game_of(players, faces, scores or {})
    round_ = round_of(game, roll, taps)
    before, scores_before = game.faces(), game.scores()
    record = with_head_starts(game.finish_round(round_), round_, starts or {})
    return game, ToVerdict(record=record, before=before, scores_before=scores_before,
                           roll=roll, ruling=round_.ruling, words=dice_words(roll),
                           inks=["WHITE"] * 3, play=NotNotPlay(game))


def tie_choice_move(players):
    """The game and the change to the tie choice of ``players`` tied on E (one chooser fewer)."""
    game = game_of(players, PORTALS, {})
    round_ = round_of(game, NOT_RED, [(p, E, 300 + 0.1 * p) for p in range(1, players + 1)])
    return game, ToTieChoice(round=round_, choosers=game.choosers(round_),
                             words=dice_words(NOT_RED), inks=["WHITE"] * 3,
                             play=NotNotPlay(game))


WITH_VOID = {N: "WHITE", E: "BLUE", S: "GREEN", W: "VOID"}
VERDICTS = {
    "win": lambda: verdict_move(2, NOT_RED, [(1, E, 300)]),
    "win and wrong": lambda: verdict_move(
        3, RED, [(2, E, 250), (1, N, 300), (3, W, 300.4)], scores={2: 1}),
    "tie on different cards": lambda: verdict_move(3, NOT_RED, [(1, E, 300), (2, S, 300.3)]),
    "void taken": lambda: verdict_move(2, NOT_RED, [(1, E, 300)], faces=WITH_VOID),
    "wrong only": lambda: verdict_move(2, NOT_RED, [(2, N, 300)], scores={2: 1}),
    "no winner": lambda: verdict_move(2, NOT_RED, []),
    "nobody may tap": lambda: verdict_move(2, NOTHING, []),
    "wrong when nobody may tap": lambda: verdict_move(2, NOTHING, [(2, S, 500)], scores={2: 2}),
    "too early": lambda: verdict_move(3, NOT_RED, [(3, W, -50)]),
    # the longest: three tie on three cards (the first takes the void), two wrong (one pays),
    # one too early, on a Normal table of eight players
    "worst": lambda: verdict_move(
        8, NOT_RED, [(6, N, -40), (1, N, 300), (2, E, 300.2), (3, S, 300.4), (4, W, 300.5),
                     (5, W, 300.6), (7, W, 300.7), (8, W, 300.8)],
        faces=WITH_VOID, scores={4: 1, 7: 2}),
    # the longest head start said with a margin, and three tied winners' head starts listed
    "win by a margin with a head start": lambda: verdict_move(
        12, RED, [(12, N, 300), (11, E, 300.4)], starts={12: 999_999}),
    "worst with head starts": lambda: verdict_move(
        8, NOT_RED, [(6, N, -40), (1, N, 300), (2, E, 300.2), (3, S, 300.4), (4, W, 300.5),
                     (5, W, 300.6), (7, W, 300.7), (8, W, 300.8)],
        faces=WITH_VOID, scores={4: 1, 7: 2}, starts={1: 999_999, 2: 999_999, 3: 999_999}),
}
TIE_CHOICES = {"tie on one card, 2 choosers": 3, "tie on one card, 3 choosers": 4}


@pytest.fixture(scope="module", params=[(s, r) for s in SIZES for r in ROTATIONS],
                ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}")
def app(request, tmp_path_factory):
    size, rotation = request.param
    app = build_kiosk(KioskOptions(size=size, rotation=rotation, headless=True, sound=False,
                                   pace=STILL, setup=GameSetup(players=4),
                                   first_scene=ToTitle(),
                                   state_dir=str(tmp_path_factory.mktemp("state"))))
    yield app
    app.screen.close()


def show(app, scene: str, game: Game, change) -> None:
    """``scene`` entered with ``change`` while ``game`` is played, on the next loop pass (at
    once: the scene before asks for a frame, so the loop does not wait for it)."""
    app.scene.dirty = True
    jump_to(app, scene, **vars(change))
    assert app.scene.name == scene


def glyphs(drawn: text.Drawn) -> pygame.Rect:
    """Where ``drawn``'s letters are inked (its image's bounding box, placed)."""
    inked = text.image(drawn.text, drawn.size, drawn.ink).get_bounding_rect()
    return inked.move(drawn.rect.topleft)


def overlaps(frame: list[text.Drawn]) -> list[str]:
    """Pairs of texts of ``frame`` whose letters overlap."""
    return [f"{a.text!r} on {b.text!r}" for i, a in enumerate(frame) for b in frame[i + 1:]
            if glyphs(a).colliderect(glyphs(b))]


def misfits(app, panel_texts: list[text.Drawn], frame: list[text.Drawn]) -> list[str]:
    """What of a frame is not as it must be: a panel text off the screen, out of the panel or
    too small, two texts overlapping, the level or a dice word missing."""
    screen, scene = app.screen.canvas, app.scene
    least = MIN_TEXT_CAP * min(app.ctx.services.layout.display_size)
    wrong = [f"{d.text!r} is not on the frame" for d in panel_texts if not shows_text(screen, d)]
    wrong += [f"{d.text!r} at {d.rect} leaves the panel {scene.room.rect}"
              for d in panel_texts if not scene.room.rect.contains(d.rect)]
    wrong += [f"{d.text!r}: cap {text.CAP_HEIGHT_PER_SIZE * d.size:.1f} px < {least:.1f} px"
              for d in frame if text.CAP_HEIGHT_PER_SIZE * d.size < least]
    wrong += overlaps(frame)
    shown = [d.text for d in frame]
    wrong += [f"{word!r} is not shown" for word in scene_words(scene) if word not in shown]
    return wrong


def scene_words(scene) -> list[str]:
    """The level line and the dice words the scene's play screen must show."""
    view = getattr(scene, "play_view", None)
    words = view.words if view is not None else scene.words
    level = (view.level if view is not None else scene.round.roll.level.value) or ""
    return [f"LEVEL  {level.upper()}", *(w for w in words if w)]


def pages_of_verdict(app) -> tuple[list[list[text.Drawn]], list[str]]:
    """The panel's texts of each page of the verdict on screen, as the scene turns them, and
    what is wrong on any page's frame (:func:`misfits`)."""
    scene, pages, wrong = app.scene, [], []
    for page in range(scene.pages):
        scene.update(scene.panel.shown_ns + page * round(STILL.verdict_s * 1e9))
        assert scene.page == page and app.scene is scene
        scene.draw(app.screen.canvas)
        pages.append(scene.drawn)
        wrong += misfits(app, scene.drawn, scene.play_drawn + scene.drawn + scene.timeline_drawn)
    return pages, wrong


def missing(lines: tuple[str, ...], pages: list[list[text.Drawn]]) -> list[str]:
    """The ``lines`` no page shows whole (a wrapped line is its drawn lines, joined)."""
    shown = [" ".join(d.text for d in page) for page in pages]
    return [line for line in lines if not any(line in words for words in shown)]


@pytest.mark.parametrize("kind", VERDICTS)
def test_every_line_of_every_verdict_is_on_screen_in_the_panel_large_enough(app, kind):
    show(app, "verdict", *VERDICTS[kind]())
    pages, wrong = pages_of_verdict(app)
    assert not missing(app.scene.view.lines, pages) and not wrong


@pytest.mark.parametrize("kind", TIE_CHOICES)
def test_the_tie_choice_says_every_line_and_its_countdown_on_one_page(app, kind):
    show(app, "tie-choice", *tie_choice_move(TIE_CHOICES[kind]))
    scene = app.scene
    assert scene.pages() == 1
    scene.draw(app.screen.canvas)
    prompt = scene.prompt()
    panel = scene.panel_drawn
    assert len(prompt.details) == 1 + len(scene.choosers)  # who took it, who presses what
    assert not missing(prompt.lines, [panel]) and " s left, then " in prompt.footer[0]
    assert not misfits(app, panel, scene.drawn_texts), kind


def test_the_verdict_shows_the_deck_as_it_was_during_the_round():
    app = kiosk("setup", players=2)
    round_ = to_round(app, without_void=True)
    during = len(game_on_screen(app).deck)
    app.post(tap(1, round_.ruling.valid[0].value))
    step_until(app, lambda: app.scene.name == "verdict" and not app.scene.dirty)
    assert len(game_on_screen(app).deck) < during  # the refill drew the next card
    layout = app.ctx.services.layout
    counts = [d.text for d in app.scene.play_drawn if layout.deck.contains(d.rect)]
    assert counts == [str(during)]


def test_a_verdict_without_taps_has_no_timeline_and_gives_its_room_to_the_verdict():
    app = kiosk("setup", players=2)
    to_round(app, needs_tap=False)
    step_until(app, lambda: app.scene.name == "verdict" and not app.scene.dirty)
    layout, screen = app.ctx.services.layout, app.screen.canvas
    assert app.scene.view.headline == "NOBODY MAY TAP"
    assert app.scene.timeline_drawn == [] and count_colour(screen, layout.timeline, PANEL) == 0
    assert app.scene.room.rect.bottom == layout.dice.bottom


@pytest.mark.parametrize("rotation", [0, 90])
def test_the_first_lay_out_on_the_keyboard_lists_each_players_keys_and_they_fit(tmp_path,
                                                                                rotation):
    """On a laptop, no screen of a round said which keys tap which spot (a newcomer): the first
    lay-out says each player's, in the panel, clear of every other text."""
    from kiosk_helpers import choose, step_until, in_scene

    from companion.config.settings import load
    from companion.inputs.keyboard import KeyMap

    app = build_kiosk(KioskOptions(size=(800, 480), rotation=rotation, headless=True,
                                   sound=False, pace=STILL, setup=GameSetup(players=4),
                                   keys=KeyMap(load().keyboard), first_scene=ToSetup(),
                                   state_dir=str(tmp_path)))
    try:
        choose(app, "Start")
        step_until(app, in_scene(app, "deal"))
        app.scene.dirty = True
        app.step()
        said = [d.text for d in app.scene.drawn_texts]
        assert "keys for N E S W:" in said
        assert {"P1: W D S A", "P2: ↑ → ↓ ←", "P3: I L K J", "P4: keypad 8 6 5 4"} <= set(said)
        canvas = app.screen.canvas.get_rect()
        assert all(canvas.contains(d.rect) for d in app.scene.drawn_texts)
        assert not overlaps(app.scene.drawn_texts)
    finally:
        app.screen.close()
