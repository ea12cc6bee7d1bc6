"""Notices in players' words, off the play area: one short line in a strip
of its own at the bottom (the score strip's place, while the notice is up), never over a card
spot, the dice, the level or any other text; the raw detail goes to the journal."""

from __future__ import annotations

import logging
from dataclasses import replace

import pygame
import pytest

from kiosk_helpers import notnot_play, FAST, change_to, shows_text, step_until, texts_drawn
from test_run_start_problems import run_and_look
from test_scenes_flow import to_round
from test_serial_kiosk import SERIAL_ON, Plugs
from companion.kiosk import startup
from companion.display import text
from companion.display.draw_notice import draw_notice
from companion.display.layout import Layout
from companion.errors import CompanionError
from companion.games.notnot.sides import Side
from companion.inputs.serial.pads import SerialPads, serial_pads
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.scenes.session import GameSetup

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]
UNPLUGGED = "button controller unplugged: waiting for it"
NO_PADS = "no button pads: playing with the keyboard"


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


def play_regions(layout: Layout) -> list[pygame.Rect]:
    """What a notice must never cover: the four spots, the deck, the dice words, the level."""
    return [*(layout.spot(side) for side in Side), layout.deck, *layout.die_lines(),
            layout.level_line]


def frame_texts(app, monkeypatch) -> list[text.Drawn]:
    """Every text the next frame draws (the scene's, the corner's, the notice's), drawn whole
    (the play screen otherwise paints only what changed)."""
    drawn = texts_drawn(monkeypatch)
    app.ctx.services.frame.forget()   # no kept picture either: every text is drawn again
    app.scene.dirty = True
    app.step()
    return list(drawn)


def check_notice_apart(app, monkeypatch, words: str) -> None:
    """The notice ``words`` is on screen in one line in its own strip, over no spot, die line,
    level line, nor any text but the score strip's own (which it takes while it is up)."""
    drawn = frame_texts(app, monkeypatch)
    layout, canvas = app.ctx.services.layout, app.screen.canvas
    notice = app.notice_drawn
    assert [d.text for d in notice] == [words]
    (line,) = notice
    assert shows_text(canvas, line) and line.size >= layout.min_text_size
    assert layout.notice.contains(line.rect)
    assert not any(line.rect.colliderect(region) for region in play_regions(layout))
    others = [d for d in drawn if d not in notice]
    assert others, "the screen drew nothing else"
    over = [d.text for d in others if d.rect.colliderect(layout.notice)
            and not layout.scores.contains(d.rect)]
    assert over == []
    assert all(shows_text(canvas, d) for d in others if not d.rect.colliderect(layout.notice))


def rotated_kiosk(rotation: int):
    """A kiosk on the real clock (the serial controller's clock sync needs it), its rounds as
    long as a table's: an unplug noticed mid-round is still in it on a busy machine."""
    return build_kiosk(KioskOptions(size=(800, 480), rotation=rotation, headless=True,
                                    sound=False, pace=replace(FAST, timeouts=1.0),
                                    setup=GameSetup(), first_scene=change_to("setup")))


def test_a_notice_shown_until_the_table_acts_comes_back_after_one_that_came_meanwhile():
    """A stuck button said over the start's notice that saves are missing has its 8 s; then
    the saves' notice is back, and stays (was: the stuck button's took its place for good)."""
    from companion.inputs.events import Stuck
    from companion.kiosk.loop import NOTICE_S, UntilActed
    from kiosk_helpers import CLOCK, kiosk, now

    app = kiosk("title")
    missing = "saves are missing: 1 save was cut off the log (companion history --check)"
    app.notify_in_turn([UntilActed(missing)])
    app.post(Stuck(2, Side.E, now(), "player 2 E"))
    app.step()
    assert app.notice and app.notice[0] == "player 2 E is stuck: release it"
    CLOCK.advance(NOTICE_S)
    app.step()
    CLOCK.advance(10 * NOTICE_S)
    app.step()
    assert app.notice and app.notice[0] == missing
    app.screen.close()


@pytest.mark.parametrize("rotation", [0, 90])
def test_an_unplugged_controller_is_one_line_in_players_words_off_the_play_area(
        monkeypatch, caplog, rotation):
    plugs = Plugs()
    app = rotated_kiosk(rotation)
    controller = serial_pads(SERIAL_ON, app.post, open_serial=plugs, ping_interval_s=0.02,
                             reconnect_s=0.02)
    assert isinstance(controller, SerialPads)
    app.controller = "connecting"
    controller.start()
    try:
        step_until(app, lambda: controller.reader.link.synced)
        to_round(app)
        caplog.set_level(logging.INFO)
        plugs.current.unplugged.set()
        plugs.current = None
        step_until(app, lambda: app.controller == "unplugged")
        assert app.notice is not None and app.notice[0] == UNPLUGGED
        assert app.scene.name in ("round", "verdict")
        check_notice_apart(app, monkeypatch, UNPLUGGED)
        journal = [r.getMessage() for r in caplog.records]
        assert any("/dev/fake" in line and "device disconnected" in line for line in journal)
    finally:
        controller.close()
        app.screen.close()


@pytest.mark.slow
@pytest.mark.parametrize("rotation", ["0", "90"])
def test_no_button_pads_is_one_line_that_leaves_the_level_of_check_the_table_in_view(
        monkeypatch, capsys, tmp_path, rotation):
    def no_pins(*args, **kwargs):
        raise CompanionError("cannot open the GPIO pins: lgpio is missing")

    def to_check_the_table(app):
        words, until = app.notice   # the start's notice, kept up however slow the rounds run
        app.notice = (words, until + 3600 * 10**9)
        app.ctx.pending = change_to("setup")
        step_until(app, lambda: app.scene.name == "setup")
        to_round(app)
        app.ctx.pending = change_to("deal", check=True, play=notnot_play(app))
        step_until(app, lambda: app.scene.name == "deal")
        check_notice_apart(app, monkeypatch, NO_PADS)

    monkeypatch.setattr(startup, "open_gpio", no_pins)
    code, looked = run_and_look(monkeypatch, tmp_path, ["--rotation", rotation],
                                then=to_check_the_table)
    assert code == 0 and looked.app.notice is not None
    journal = capsys.readouterr().err   # the journal: what the kiosk logs on stderr
    assert "lgpio is missing" in journal and "companion doctor" in journal


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("size", SIZES)
def test_the_notice_strip_is_clear_of_the_play_area_and_holds_one_line(size, rotation):
    from kiosk_helpers import canvas

    layout = Layout(size, rotation)
    surface = canvas(layout.size)
    assert not any(layout.notice.colliderect(region)
                   for region in [*play_regions(layout), layout.dice, layout.table])
    for words in (UNPLUGGED, NO_PADS, "player 12 W is stuck: release it"):
        (line,) = draw_notice(surface, layout, words)
        assert layout.notice.contains(line.rect) and line.size >= layout.min_text_size


def test_a_notice_too_long_for_one_line_stays_in_its_strip():
    from kiosk_helpers import canvas

    layout = Layout((800, 480), 90)
    surface = canvas(layout.size)
    drawn = draw_notice(surface, layout, "this game is not being saved: " + "very " * 40 + "full")
    assert drawn and all(layout.notice.contains(d.rect) for d in drawn)
    assert all(d.size >= layout.min_text_size for d in drawn)


def test_a_notice_cut_short_ends_after_a_whole_word():
    """A tester's full disk read '...2 MB left; the game i...' on a portrait screen."""
    from kiosk_helpers import canvas

    layout = Layout((800, 480), 90)
    line = ("this game is not being saved: the disk holding /var/lib/companion/companion.sqlite3 "
            "is nearly full: 2 MB left; the game is kept in memory and saved once there is room")
    drawn = draw_notice(canvas(layout.size), layout, line)
    last = drawn[-1].text
    assert last.endswith("...")
    kept = last.removesuffix("...").split(" ")
    assert " ".join(d.text for d in drawn).removesuffix("...").split(" ")[-1] in line.split(" ")
    assert kept[-1].rstrip(";:,") in [word.rstrip(";:,") for word in line.split(" ")]


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("size", SIZES)
def test_the_controllers_corner_covers_no_card_spot_dice_word_or_the_level(size, rotation):
    from companion.display.draw_controller import draw_controller
    from companion.display.palette import CONTROLLER

    layout = Layout(size, rotation)
    text.reset()
    pygame.font.init()
    for state in CONTROLLER:                                    # every word the corner says
        corner_clear_of_the_play(layout, draw_controller(pygame.Surface(layout.size), layout,
                                                         state), (size, rotation, state))


def corner_clear_of_the_play(layout, drawn, case) -> None:
    corner = drawn[0].rect.unionall([d.rect for d in drawn[1:]])
    corner.left -= 3 * round(layout.unit)                       # the dot before the word
    level = text.draw(pygame.Surface(layout.size), "LEVEL  EXTREME", layout.small_size,
                      (255, 255, 255), midleft=layout.level_line.midleft).rect
    regions = [*(layout.spot(side) for side in Side), layout.deck, *layout.die_lines(), level,
               layout.scores]
    assert pygame.Rect((0, 0), layout.size).contains(corner)
    assert [region for region in regions if corner.colliderect(region)] == [], case
