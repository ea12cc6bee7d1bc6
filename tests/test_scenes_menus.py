"""Menus, prompts and confirmations at the table, driven through the real loop, headless."""

import pytest

from companion.scenes.common.late_taps import LATE_TAP_S
from kiosk_helpers import in_scene, kiosk, now, step_until, tap
from companion.games.notnot.sides import Side
from companion.inputs.actions import Nav, Point
from kiosk_helpers import game_of


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def start_from_setup(app, player: int = 1) -> None:
    """Player ``player``'s pad moves down to Start and selects it."""
    for side in "SSSSSSE":  # past the names, colour-blind mode and the voice
        app.post(tap(player, side))
    step_until(app, lambda: app.scene.name in ("deal", "entry"))


def test_only_the_dealers_pad_confirms_a_dealing_prompt_a_players_mashed_e_does_not(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    start_from_setup(app, player=2)
    assert app.ctx.session.setup.dealer == 2
    app.post(tap(1, "E")); app.post(tap(3, "E")); app.post(tap(4, "E"))
    app.step(); app.step()
    assert app.scene.name == "deal"
    app.post(tap(2, "E"))
    step_until(app, lambda: app.scene.name in ("roll", "round"))


def test_enter_confirms_a_dealing_prompt_without_a_pad(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    start_from_setup(app)
    app.post(Nav("select", now()))
    step_until(app, lambda: app.scene.name in ("roll", "round"))


def test_a_touch_on_a_dealing_prompt_pauses_as_on_every_play_screen(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    start_from_setup(app)
    app.post(Point((400, 240), now()))
    step_until(app, in_scene(app, "pause"))
    app.post(tap(1, "E"))  # Resume: back to the same prompt
    step_until(app, in_scene(app, "deal"))


def test_table_dealt_cards_are_entered_by_the_dealers_pad_only(tmp_path):
    app = kiosk("setup", state_dir=tmp_path, deals="table")
    start_from_setup(app, player=3)
    spot = game_of(app).awaiting_cards()[0]
    app.post(tap(1, "E")); app.post(tap(2, "S")); app.post(tap(2, "E"))
    app.step()
    assert game_of(app).faces()[spot] is None and app.scene.cursor == 0
    app.post(tap(3, "E"))  # the first face on the list
    app.step()
    assert game_of(app).faces()[spot] == "RED"


def test_quit_asks_first_and_a_second_select_quits():
    app = kiosk()
    app.post(tap(1, "N"))  # wraps from the first item to Quit
    app.post(tap(1, "E"))
    app.step()
    assert not app.ctx.quitting and app.scene.shown_items()[4] == "Quit the companion? select again"
    app.post(tap(1, "E"))
    app.step()
    assert app.ctx.quitting


def test_any_other_button_cancels_a_question_and_does_nothing_else():
    app = kiosk()
    app.post(tap(1, "N")); app.post(tap(1, "E"))
    app.step()
    app.post(tap(1, "W"))
    app.step()
    assert app.scene.name == "title" and app.scene.asking is None and app.scene.cursor == 4
    app.post(tap(1, "E"))
    app.step()
    assert not app.ctx.quitting and app.scene.asking == 4


def test_a_touch_asks_and_a_second_touch_on_the_same_item_confirms():
    app = kiosk()
    app.step()
    quit_item = app.scene.item_rects()[4].center
    app.post(Point(quit_item, now()))
    app.step()
    assert not app.ctx.quitting and app.scene.asking == 4
    app.post(Point(quit_item, now()))
    app.step()
    assert app.ctx.quitting


@pytest.mark.parametrize("setup", ["setup", "movie-setup", "hat-setup"])
@pytest.mark.parametrize("back", ["Esc", "W"])
def test_esc_and_the_pads_w_go_back_from_a_set_up_menu_to_the_title(tmp_path, setup, back):
    app = kiosk(setup, state_dir=tmp_path)
    app.step()
    app.post(Nav("pause", now()) if back == "Esc" else tap(1, "W"))
    step_until(app, in_scene(app, "title"))


def test_e_on_the_end_screen_goes_to_the_set_up_of_a_new_game(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    start_from_setup(app)
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    for side in "SSEE":  # End the game, asked and confirmed
        app.post(tap(1, side))
    step_until(app, in_scene(app, "end"))
    app.post(tap(1, "E", now() + round(LATE_TAP_S * 1e9)))   # a second on: no late tap
    step_until(app, lambda: app.scene.name != "end")
    assert app.scene.name == "setup" and game_of(app) is None


def to_correction(app) -> None:
    """From the set-up, through the first dealing prompt and the pause menu, to the correction."""
    start_from_setup(app)
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    app.post(tap(1, "S")); app.post(tap(1, "E"))
    step_until(app, in_scene(app, "correction"))


def test_correct_the_table_steps_a_card_forward_with_e_and_back_with_w(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    to_correction(app)
    game = game_of(app)
    app.post(tap(1, "S"))  # the spot E
    before = game.faces()["E"]
    app.post(tap(1, "E"))
    app.step()
    forward = game.faces()["E"]
    app.post(tap(1, "W"))
    app.step()
    assert forward != before and game.faces()["E"] == before and app.scene.name == "correction"
    app.post(tap(1, "W"))
    app.step()
    assert game.faces()["E"] not in (before, None)


def test_correct_the_table_skips_a_second_void_and_says_why_without_dealing_advice(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    to_correction(app)
    game = game_of(app)
    game.round_no = 1   # past the opening cross (portal cards only)
    game.correct(Side.N, "VOID")
    game.correct(Side.E, "WHITE")
    app.post(tap(1, "S"))  # the spot E
    app.post(tap(1, "E"))  # WHITE, then VOID (refused), then RED
    app.step()
    assert game.faces()[Side.E] == "RED"
    assert app.scene.subtitle == ("E is now RED (VOID skipped: a void card already lies on N: "
                                  "only one void may lie on the table)")


def test_correct_the_table_skips_a_void_in_the_opening_cross_and_says_why(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    to_correction(app)
    game = game_of(app)
    assert game.round_no == 0
    game.correct(Side.E, "WHITE")
    app.post(tap(1, "S"))  # the spot E
    app.post(tap(1, "E"))  # WHITE, then VOID (refused), then RED
    app.step()
    assert game.faces()[Side.E] == "RED"
    assert app.scene.subtitle.startswith("E is now RED (VOID skipped: the opening cross is four "
                                         "portal cards")


def test_correct_the_table_returns_to_the_pause_menu_from_done_or_with_esc(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    to_correction(app)
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    app.post(tap(1, "S")); app.post(tap(1, "E"))
    step_until(app, in_scene(app, "correction"))
    app.post(tap(1, "N")); app.post(tap(1, "W"))  # W on Done
    step_until(app, in_scene(app, "pause"))


def test_table_deals_entry_shows_each_face_as_a_coloured_card_and_the_spots_entered(tmp_path):
    from kiosk_helpers import count_colour
    from companion.display.draw_entry import entry_item_rects, small_spot, small_table_area
    from companion.display.palette import PORTAL
    from companion.games.notnot.sides import Side

    app = kiosk("setup", state_dir=tmp_path, deals="table", level="normal")
    start_from_setup(app)
    app.post(tap(1, "E"))  # RED on N
    step_until(app, lambda: game_of(app).faces()[Side.N] == "RED" and not app.scene.dirty)
    canvas, layout = app.screen.canvas, app.ctx.services.layout
    items = entry_item_rects(layout, len(app.scene.items()))
    for i, colour in enumerate(("RED", "BLUE", "GREEN", "YELLOW")):
        assert count_colour(canvas, items[i], PORTAL[colour]) > 100, colour
    table = small_table_area(layout)
    assert count_colour(canvas, small_spot(table, Side.N), PORTAL["RED"]) > 100
    assert count_colour(canvas, small_spot(table, Side.E), PORTAL["RED"]) == 0
    assert app.scene.title == "Card revealed on E?"


def test_table_deals_w_takes_back_the_cards_entered_one_a_press_then_pauses(tmp_path):
    app = kiosk("setup", state_dir=tmp_path, deals="table", level="normal")
    start_from_setup(app)
    assert "pause" in app.scene.hint()   # nothing entered yet: W pauses
    for _ in range(2):
        app.post(tap(1, "E"))   # RED on N, then RED on E
        app.step()
    assert game_of(app).faces()[Side.E] == "RED" and "fix the last card (E)" in app.scene.hint()
    app.post(tap(1, "W"))
    app.step()
    assert game_of(app).faces()[Side.E] is None and app.scene.title == "Card revealed on E?"
    assert "fix the last card (N)" in app.scene.hint()
    app.post(tap(1, "W"))
    app.step()
    assert game_of(app).faces()[Side.N] is None and app.scene.title == "Card revealed on N?"
    app.post(tap(1, "W"))
    step_until(app, in_scene(app, "pause"))


def test_table_deals_w_never_takes_back_a_card_of_a_deal_already_rolled(tmp_path):
    app = kiosk("setup", state_dir=tmp_path, deals="table", level="normal")
    start_from_setup(app)
    for _ in range(4):
        app.post(tap(1, "E"))   # RED on N, E, S and W
        app.step()
    app.post(tap(1, "E"))   # yes: roll
    for _ in range(30):     # rounds until one has a card to win; P2 wins it
        step_until(app, in_scene(app, "round"))
        valid = app.scene.round.ruling.valid
        if valid:
            app.post(tap(2, valid[0]))
            break
        step_until(app, lambda: app.scene.name != "round")
    step_until(app, in_scene(app, "entry"))
    assert app.scene.title == f"Card revealed on {valid[0]}?" and "pause" in app.scene.hint()
    app.post(tap(1, "W"))
    step_until(app, in_scene(app, "pause"))
    assert list(game_of(app).faces().values()).count(None) == 1   # no card of the roll taken


def test_a_resized_window_is_laid_out_for_its_new_size_and_touches_follow():
    import pygame

    app = kiosk()
    app.step()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720))
    app.step()
    assert app.ctx.services.layout.size == (1280, 720) == app.screen.canvas.get_size()
    first = app.scene.item_rects()[0]
    assert first.centerx == 640
    app.post(Point(first.center, now()))
    step_until(app, in_scene(app, "setup"))


def test_a_window_made_smaller_than_800x480_keeps_800x480():
    import pygame

    app = kiosk()
    app.step()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 900), w=640, h=900))
    app.step()
    assert app.ctx.services.layout.size == (800, 900)


def test_an_exposed_window_shows_its_last_frame_again_on_a_still_screen(monkeypatch):
    """With no window manager, X asks the window to draw what another window hid."""
    import pygame

    app = kiosk()
    for _ in range(3):   # the title menu drawn, then still
        app.step()
    flips = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    app.step()
    assert flips == []
    pygame.event.post(pygame.event.Event(pygame.VIDEOEXPOSE))
    app.step()
    assert flips == [1]


def test_games_kept_before_schema_4_are_listed_as_played_to_their_end(tmp_path, capsys):
    from companion.cli import main
    from companion.storage.database import FILENAME, Database
    from companion.storage.games import GameStore
    from companion.storage.schema import MIGRATIONS

    with Database(tmp_path / FILENAME, migrations=MIGRATIONS[:3]) as old:
        game_id = GameStore(old).create(2, {"level": "normal"}, {"round": 0})
        with old.transaction() as db:  # finished as schema 3 could
            db.execute("UPDATE games SET state = 'finished', finished_at = started_at, result = ?",
                       ('{"winners": [1], "scores": {"1": 3, "2": 1}}',))
    with Database.in_folder(tmp_path) as database:
        assert database.version == len(MIGRATIONS)
        assert not GameStore(database).get(game_id).ended_early
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    assert "ended early" not in capsys.readouterr().out


def test_a_touch_on_another_item_only_cancels_a_question():
    app = kiosk()
    app.step()
    rects = app.scene.item_rects()
    app.post(Point(rects[3].center, now()))
    app.step()
    app.post(Point(rects[0].center, now()))  # "Not Not", while Quit asks
    app.step()
    assert app.scene.name == "title" and app.scene.asking is None and not app.ctx.quitting


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (1920, 1080), (480, 800)])
def test_a_menus_subtitle_never_touches_its_first_item(size):
    import pygame

    from companion.display.draw_menu import draw_menu, item_rects
    from companion.display.layout import Layout

    pygame.init()
    layout = Layout(size)
    canvas = pygame.Surface(layout.size)
    for count in (2, 4, 7):
        drawn = draw_menu(canvas, layout, "PAUSED", ["Resume"] * count, 0,
                          "Nobody had tapped: new dice after Resume")
        subtitle = next(d for d in drawn if d.text.startswith("Nobody"))
        assert subtitle.rect.bottom < item_rects(layout, count)[0].top


def test_a_table_filled_by_correct_the_table_during_the_entry_is_confirmed_then_rolled(tmp_path):
    app = kiosk("setup", deals="table", state_dir=tmp_path)
    start_from_setup(app)
    assert app.scene.name == "entry"
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    app.post(tap(1, "S")); app.post(tap(1, "E"))   # Correct the table
    step_until(app, in_scene(app, "correction"))
    for _ in range(4):                              # a card on every spot, then Done
        app.post(tap(1, "E")); app.post(tap(1, "S"))
    app.post(tap(1, "E"))
    step_until(app, in_scene(app, "pause"))
    assert None not in game_of(app).faces().values()
    app.post(tap(1, "E"))                           # Resume: the four cards to confirm
    step_until(app, in_scene(app, "entry"))
    assert app.scene.title == "Are these the four cards?"
    app.post(tap(1, "E"))                           # Yes: roll the dice
    step_until(app, lambda: app.scene.name in ("roll", "round"))
