"""The play screen is composed of parts (:mod:`companion.display.parts`): a frame paints and
presents only what changed, and the screen always shows what a whole redraw would show."""

from __future__ import annotations

import json
import os

import pygame
import pytest

from companion.display.draw_scores import score_cells
from companion.games.notnot.sides import Side
from companion.inputs.actions import Nav
from companion.scenes.session import Pace
from kiosk_helpers import CLOCK, choose, kiosk, step_until, tap

ROTATIONS = (0, 90, 180, 270)


class FrameWatch:
    """Watches every frame the kiosk presents: whether a composed canvas is the same as its
    parts painted afresh, whether the display is the canvas turned by the rotation, and which
    canvas rects each frame presented (``None``: the whole screen)."""

    def __init__(self, app) -> None:
        self.app = app
        self.frames: list[tuple[str, list[pygame.Rect] | None]] = []
        self.wrong: list[tuple[int, str, str]] = []
        self.present = app.screen.present
        app.screen.present = self.watch

    def watch(self, damage=None, steps=()) -> int:
        t_ns = self.present(damage, steps)
        screen, frame, scene = self.app.screen, self.app.ctx.services.frame, self.app.scene.name
        if frame.composed and not frame.check(screen.canvas):
            self.wrong.append((len(self.frames), scene, "canvas differs from a whole redraw"))
        turned = (screen.canvas if screen.canvas is screen.display else
                  pygame.transform.rotate(screen.canvas, screen.layout.rotation))
        if pygame.image.tostring(turned, "RGB") != pygame.image.tostring(screen.display, "RGB"):
            self.wrong.append((len(self.frames), scene, "display differs from the turned canvas"))
        self.frames.append((scene, None if damage is None else list(damage)))
        return t_ns


def started(rotation: int, players: int = 3, size=(800, 480)):
    """A game of ``players`` at the kiosk's own pace (a round counts its seconds down) started
    from the set-up, its frames watched from the first."""
    app = kiosk("setup", pace=Pace(), size=size, rotation=rotation, players=players,
                level="extreme", seed=5)
    watch = FrameWatch(app)
    choose(app, "Start")
    return app, watch


def laid_out(app) -> None:
    """The dealer says the first cards are laid out; the first roll starts."""
    app.post(tap(1, "E"))
    step_until(app, lambda: app.scene.name != "deal")


def play_round_with_a_wrong_tap_and_a_tie(app, round_no: int) -> None:
    """P1 taps a wrong card (when there is one); then P2 taps a right one, and every other round
    P3 taps the same card 0.3 ms after (a tie)."""
    if app.scene.name == "deal":
        app.post(tap(1, "E"))
    step_until(app, lambda: app.scene.name in ("round", "end"))
    if app.scene.name == "end":
        return
    ruling = app.scene.round.ruling
    if ruling.tap:
        wrong = [side for side in Side if side not in ruling.valid]
        if wrong:
            app.post(tap(1, wrong[0].value))
            app.step()
        stamp = CLOCK()
        app.post(tap(2, ruling.valid[0].value, stamp))
        if round_no % 2:
            app.post(tap(3, ruling.valid[0].value, stamp + 300_000))
    step_until(app, lambda: app.scene.name not in ("round", "tie-choice", "verdict"),
               limit_s=60)


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_every_frame_of_a_game_shows_what_a_whole_redraw_shows_at_every_rotation(rotation):
    app, watch = started(rotation)
    app.controller = "synced"
    for round_no in range(12):
        if round_no == 4:
            app.notify("P3 W is stuck: release it")   # the notice strip over the scores
        if round_no == 7:
            app.controller = "unplugged"   # the corner changes
        play_round_with_a_wrong_tap_and_a_tie(app, round_no)
    composed = [damage for _, damage in watch.frames if damage is not None]
    assert watch.wrong == []
    for image in app.ctx.services.frame.images.kept.values():   # turned copies are the turn
        for turn, turned in image.turns.items():
            rotated = pygame.transform.rotate(image.picture, turn)
            assert pygame.image.tostring(turned, "RGB") == pygame.image.tostring(rotated, "RGB")
    assert len(composed) > 40   # the play frames were composed, not drawn whole
    assert {scene for scene, _ in watch.frames} >= {"roll", "round", "verdict", "deal"}


def area(rects) -> int:
    return sum(r.width * r.height for r in rects)


def test_a_countdown_tick_paints_and_presents_only_the_panel_beside_the_dice():
    app, watch = started(90)
    laid_out(app)
    step_until(app, lambda: app.scene.name == "round" and app.scene.round.ruling.tap)
    before = len(watch.frames)
    CLOCK.advance(1.0)   # the countdown's next second
    step_until(app, lambda: len(watch.frames) > before)
    scene, damage = watch.frames[-1]
    panel = app.ctx.services.layout.panel()
    assert scene == "round" and damage is not None
    assert all(panel.contains(rect) for rect in damage) and area(damage) <= area([panel])


def test_a_tap_flash_paints_and_presents_only_the_tapping_player_s_score_cell():
    app, watch = started(0)
    laid_out(app)
    step_until(app, lambda: app.scene.name == "round" and app.scene.round.ruling.tap
               and any(side not in app.scene.round.ruling.valid for side in Side))
    wrong = next(side for side in Side if side not in app.scene.round.ruling.valid)
    before = len(watch.frames)
    app.post(tap(1, wrong.value))
    step_until(app, lambda: len(watch.frames) > before)
    _, cells = score_cells(app.ctx.services.layout, app.scene.play.game.scores())
    assert watch.frames[before] == ("round", [cells[0].span])   # P1's cell, not the strip


def test_a_screen_its_scene_draws_whole_is_presented_whole_and_so_is_the_play_screen_after_it():
    app, watch = started(90)
    assert watch.frames == [("deal", None)]   # the set-up's menu was drawn whole before it
    laid_out(app)
    step_until(app, lambda: app.scene.name == "round")
    app.post(Nav("pause", CLOCK()))
    step_until(app, lambda: app.scene.name == "pause")
    paused = len(watch.frames)
    app.post(Nav("back", CLOCK()))   # back to the game
    step_until(app, lambda: app.scene.name != "pause" and len(watch.frames) > paused)
    assert watch.frames[paused - 1] == ("pause", None)
    assert watch.frames[paused][1] is None and watch.wrong == []


def test_the_frame_budget_bench_times_each_kind_of_play_frame_against_a_bare_blit(
        tmp_path, monkeypatch):
    from companion.tools.benchmarks import play_frames

    monkeypatch.setattr(play_frames, "SIZES", ((800, 480),))
    report = play_frames.measure_budget(3, 1, str(tmp_path))
    size = report["sizes"]["800x480"]
    assert size["blit_floor_ms"] > 0 and set(size["rotations"]) == {"0", "90", "180", "270"}
    assert set(size["whole_turn_to_blit"]) == set(size["rotations"])
    assert all(turn > 0 for turn in size["whole_turn_to_blit"].values())
    for kinds in size["rotations"].values():
        assert set(kinds) == {"tumble", "countdown", "verdict", "timeline"}
        assert all(k["n"] > 0 and k["p99_to_blit"] > 0 for k in kinds.values())
    worst = max(k["p99_to_blit"] for r in size["rotations"].values() for k in r.values())
    assert report["worst_p99_to_blit"] == worst and report["met"] == (worst <= 3)
    assert set(size["collections_in_frames"]) == set(size["rotations"])
    assert report["collections_in_frames"] == sum(
        c["n"] for c in size["collections_in_frames"].values())
    assert report["stack"].startswith(f"pygame {pygame.version.ver}, SDL ")
    assert report["stack"] in play_frames.summary_lines(report)[-1]


def test_bench_frames_on_screen_draws_fullscreen_on_the_display_sdl_opens_and_names_its_driver(
        tmp_path, monkeypatch, capsys):
    """``companion bench frames --on-screen``: the floor and every play frame on the display
    the kiosk would open (here SDL's dummy driver, asked for by name), fullscreen at the
    screen's own size, each rotation; the report names the driver and the size."""
    from companion import cli
    from companion.kiosk import assemble

    opened = []
    build = assemble.build_kiosk
    monkeypatch.setattr("companion.tools.benchmarks.play_frames.build_kiosk",
                        lambda options: opened.append(options) or build(options))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    code = cli.main(["bench", "frames", "--on-screen", "--rounds", "1", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == (0 if report["met"] else 1)
    assert report["on_screen"] is True and report["driver"] == "dummy"
    pygame.display.init()
    width, height = pygame.display.get_desktop_sizes()[0]
    pygame.display.quit()
    assert list(report["sizes"]) == [f"{width}x{height}"]
    assert set(report["sizes"][f"{width}x{height}"]["rotations"]) == {"0", "90", "180", "270"}
    assert [(o.size, o.fullscreen, o.headless) for o in opened] == [
        ((width, height), True, False)] * 4


def test_bench_frames_prints_its_figures_without_the_kiosk_s_log_of_each_scene_and_round(
        tmp_path, monkeypatch, capsys):
    """On a Pi's console the log and the figures share one screen: the kiosk the bench plays
    logs only its warnings and errors, never a line for each scene and each round it opens."""
    from companion import cli

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    code = cli.main(["bench", "frames", "--on-screen", "--rounds", "1"])
    shown = capsys.readouterr()
    assert code in (0, 1) and "frame" in shown.out
    assert shown.err == ""


def test_bench_frames_offscreen_measures_the_three_sizes(monkeypatch):
    from companion import cli
    from companion.tools.benchmarks import play_frames

    asked = []
    monkeypatch.setattr(play_frames, "measure_budget",
                        lambda rounds, seed, folder, sizes, on_screen:
                        asked.append((sizes, on_screen)) or {"met": False})
    assert cli.main(["bench", "frames", "--rounds", "1", "--json"]) == 1
    assert asked == [(list(play_frames.SIZES), False)]


def test_bench_frames_on_screen_without_a_display_says_so_in_one_line(tmp_path):
    import subprocess
    import sys

    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver", "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "companion", "bench", "frames", "--on-screen"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith("companion: cannot open the display"), done.stderr


def test_the_frame_budget_bench_counts_a_garbage_collection_inside_a_frame(tmp_path,
                                                                           monkeypatch):
    import gc

    from companion.scenes.notnot.round import RoundScene
    from companion.tools.benchmarks import play_frames

    draw = RoundScene.draw

    def collecting_draw(self, canvas):
        gc.collect(0)
        return draw(self, canvas)

    monkeypatch.setattr(RoundScene, "draw", collecting_draw)
    times = play_frames.measure_frames((800, 480), 0, 2, 1, str(tmp_path))
    assert len(times["collections"]) >= len(times["countdown"]) > 0


def test_rects_shown_are_joined_where_they_overlap_and_a_mostly_changed_frame_is_shown_whole():
    from companion.display.screen import to_show

    whole = pygame.Rect(0, 0, 800, 480)
    apart = [pygame.Rect(0, 0, 100, 100), pygame.Rect(400, 300, 100, 100)]
    assert to_show(apart, whole) == apart
    overlapping = [pygame.Rect(0, 0, 100, 100), pygame.Rect(50, 0, 100, 100)]
    assert to_show(overlapping, whole) == [pygame.Rect(0, 0, 150, 100)]
    assert to_show([pygame.Rect(0, 0, 800, 300)], whole) is None   # 62 % of the screen
    assert to_show(None, whole) is None and to_show([], whole) == []


def test_the_frame_budget_bench_plays_on_into_a_new_game_when_one_ends(tmp_path):
    from companion.tools.benchmarks import play_frames

    games = []
    original = play_frames.start_game
    play_frames.start_game = lambda ctx: games.append(original(ctx))
    try:
        times = play_frames.measure_frames((800, 480), 0, 60, 1, str(tmp_path))
    finally:
        play_frames.start_game = original
    assert len(games) >= 2   # the first game ended and the table started another
    assert len(times["countdown"]) >= 60


def test_the_frame_budget_bench_says_so_in_one_line_when_its_table_is_stuck(
        tmp_path, monkeypatch):
    from companion.errors import CompanionError
    from companion.tools.benchmarks import play_frames

    monkeypatch.setattr(play_frames, "MOST_STEPS_PER_ROUND", 3)
    with pytest.raises(CompanionError, match="stuck on the .* screen: no new round in 3"):
        play_frames.measure_frames((800, 480), 0, 2, 1, str(tmp_path))


def test_a_turned_frame_is_stamped_as_it_is_shown_before_its_pictures_are_kept_turned(
        monkeypatch):
    """A round opens at its flip's stamp: the turned copies kept for later frames come after
    it, or a tap pressed while they were made would count as too early (a reader of the
    loop's docstring)."""
    from companion.display.parts import PartImage
    from companion.display.screen import Screen, use_headless_drivers

    use_headless_drivers()
    screen = Screen((800, 480), 90)
    readings = iter(range(1, 100))
    screen.clock = lambda: next(readings)
    kept_at: list[int] = []
    monkeypatch.setattr(PartImage, "keep_turn",
                        lambda image, rotation, turned: kept_at.append(next(readings)))
    rect = pygame.Rect(10, 10, 50, 40)
    try:
        stamp = screen.present([rect], [(rect, PartImage(pygame.Surface(rect.size), []))])
    finally:
        screen.close()
    assert kept_at and stamp < kept_at[0]
