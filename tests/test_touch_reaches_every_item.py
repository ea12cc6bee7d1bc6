"""A table with only a touchscreen reaches every item: a list longer than a page turns its pages
on its "▲ N more above" / "▼ N more below" rows, a score sheet on its row of buttons, and every
set-up (and a seat's choice of player) has a Back item. Touches are posted where the item is
drawn, through the kiosk's real loop on its stepped clock, on the 7-inch screen (800x480) and
turned upright."""

from __future__ import annotations

import pytest
from games_kiosk import finished_discs_game
from kiosk_helpers import choose, kiosk, now, step_until, tap

from companion.display.draw_menu import hint_top
from companion.inputs.actions import Point
from companion.storage.database import Database
from companion.storage.players import PlayerStore

#: Nine kept players: with New player, Guest and Back, a seat's list is longer than a page.
NINE = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy")
ROTATIONS = (0, 90)


def keep_players(folder, names) -> None:
    with Database.in_folder(folder) as database:
        for name in names:
            PlayerStore(database).add(name)


def touch(app, label: str) -> None:
    """Touch the middle of the item on screen that starts with ``label``; one loop pass."""
    app.scene.dirty = True
    app.step()
    index = next(i for i, item in enumerate(app.scene.items()) if item.startswith(label))
    app.post(Point(app.scene.item_rects()[index].center, now()))
    app.step()


def on_screen(app) -> list[str]:
    return list(app.scene.items())


def seat_one_of_nine(folder, rotation: int):
    """A kiosk on Seat 1's choice, with nine kept players, reached by touch from the set-up."""
    keep_players(folder, NINE)
    app = kiosk("setup", state_dir=folder, rotation=rotation)
    touch(app, "Names")
    touch(app, "Seat 1")
    return app


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_a_touch_on_more_below_turns_a_seats_list_to_new_player_and_guest(tmp_path, rotation):
    app = seat_one_of_nine(tmp_path, rotation)
    assert "Guest" not in on_screen(app) and on_screen(app)[-1] == "▼ 6 more below"
    touch(app, "▼")
    assert on_screen(app) == ["▲ 6 more above", "Gus", "Hal", "Ivy", "New player", "Guest",
                              "Back"]
    assert app.scene.hint().startswith("7-12 of 12")
    touch(app, "Guest")
    assert app.scene.title == "Who sits where?" and app.ctx.session.setup.names == {}


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_a_touch_on_more_above_turns_back_to_the_page_before(tmp_path, rotation):
    app = seat_one_of_nine(tmp_path, rotation)
    touch(app, "▼")
    touch(app, "▲")
    assert on_screen(app) == ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "▼ 6 more below"]
    assert on_screen(app)[app.scene.cursor] == "Fay"   # the last entry it brought back


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_a_touch_only_table_leaves_players_with_eight_kept_players(tmp_path, rotation):
    keep_players(tmp_path, NINE[:8])
    app = kiosk("title", state_dir=tmp_path, rotation=rotation)
    touch(app, "Players")
    assert "Back" not in on_screen(app)
    touch(app, "▼")
    assert on_screen(app)[-2:] == ["Hal: 0 games", "Back"]
    touch(app, "Back")
    assert app.scene.name == "title"


def test_pads_move_entry_by_entry_past_the_more_row_onto_the_next_page(tmp_path):
    keep_players(tmp_path, NINE)
    app = kiosk("title", state_dir=tmp_path)
    choose(app, "Players")
    for _ in range(6):                                   # from Ana down past Fay
        app.post(tap(1, "S"))
    app.step()
    assert on_screen(app)[0] == "▲ 2 more above"
    assert on_screen(app)[app.scene.cursor] == "Gus: 0 games"
    app.post(tap(1, "N"))
    app.step()
    assert on_screen(app)[app.scene.cursor] == "Fay: 0 games"   # never on a more row


def sheet_of_ten_games(folder, rotation: int):
    with Database.in_folder(folder) as database:
        for number in range(10):
            finished_discs_game(database, 4, f"Team {number}")
    app = kiosk("movie-sheet", state_dir=folder, rotation=rotation)
    app.step()
    return app


def teams_shown(app) -> list[str]:
    """The teams of the games the sheet shows, top to bottom."""
    return [word for piece in app.scene.drawn for word in piece.text.split("  ")
            if word.startswith("Team")]


def touch_button(app, index: int) -> None:
    """Touch the sheet's button ``index`` (the page above, back, the page below)."""
    app.post(Point(app.scene.buttons()[index].center, now()))
    app.step()


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_a_touch_on_the_score_sheet_s_more_below_shows_the_older_games(tmp_path, rotation):
    app = sheet_of_ten_games(tmp_path, rotation)
    first_page = teams_shown(app)
    touch_button(app, 2)
    assert app.scene.name == "movie-sheet"
    assert "Team 0" in teams_shown(app) and not set(teams_shown(app)) & set(first_page)
    touch_button(app, 0)                                 # and back up
    assert teams_shown(app) == first_page


def test_a_touch_on_the_score_sheet_s_lines_stays_and_back_to_the_title_leaves(tmp_path):
    app = sheet_of_ten_games(tmp_path, 0)
    app.post(Point(app.scene.drawn[0].rect.center, now()))
    app.step()
    assert app.scene.name == "movie-sheet"
    touch_button(app, 1)
    assert app.scene.name == "title"


@pytest.mark.parametrize("setup", ["setup", "movie-setup", "hat-setup"])
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_back_to_the_title_is_the_last_item_of_every_set_up(tmp_path, setup, rotation):
    app = kiosk(setup, state_dir=tmp_path, rotation=rotation)
    assert on_screen(app)[-1] == "Back to the title"
    touch(app, "Back to the title")
    assert app.scene.name == "title"


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_a_set_up_with_a_kept_game_shows_back_to_the_title_above_the_hint(tmp_path, rotation):
    first = kiosk("setup", state_dir=tmp_path, rotation=rotation)
    choose(first, "Start")
    step_until(first, lambda: first.scene.name == "deal")   # the game is kept
    app = kiosk("setup", state_dir=tmp_path, rotation=rotation)
    app.step()
    assert on_screen(app)[0].startswith("Resume") and len(on_screen(app)) == 9
    back = app.scene.item_rects()[-1]
    assert back.bottom < hint_top(app.ctx.services.layout, app.scene.hint())
    touch(app, "Back to the title")
    assert app.scene.name == "title"


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_back_on_a_seat_s_choice_returns_to_the_seats_unchanged(tmp_path, rotation):
    keep_players(tmp_path, ["Ana"])
    app = kiosk("setup", state_dir=tmp_path, rotation=rotation)
    touch(app, "Names")
    touch(app, "Seat 2")
    touch(app, "Back")
    assert app.scene.title == "Who sits where?" and app.ctx.session.setup.names == {}
    assert on_screen(app)[app.scene.cursor] == "Seat 2: P2"


def test_a_touch_on_a_notice_over_a_menus_last_item_puts_the_notice_away(tmp_path):
    """A rename's notice ("Dad is called Papa from now on") stood over Back to the title for
    8 s at 800x480, and a touch-only table could not reach it meanwhile. A touch on the
    notice puts it away and does nothing else (the item under it was not seen); the next
    touch picks the item."""
    first = kiosk("setup", state_dir=tmp_path)
    touch(first, "Start")                                    # the game is kept
    step_until(first, lambda: first.scene.name == "deal")
    first.screen.close()                                     # the power went
    app = kiosk("setup", state_dir=tmp_path)                 # Resume offered: one more item
    app.ctx.services.notify("Dad is called Papa from now on")
    app.step()
    back = app.scene.item_rects()[-1]
    assert on_screen(app)[-1] == "Back to the title"
    assert back.colliderect(app.screen.layout.notice) and app.notice is not None
    app.post(Point(back.center, now()))
    app.step()
    assert app.notice is None and app.scene.name == "setup"
    touch(app, "Back to the title")
    assert app.scene.name == "title"


def test_a_touch_on_a_notice_over_a_play_screen_still_pauses(tmp_path):
    app = kiosk("title", state_dir=tmp_path)
    choose(app, "Not Not")
    choose(app, "Start")
    step_until(app, lambda: app.scene.name in ("deal", "roll", "round"))
    app.ctx.services.notify("P2's pad is unplugged")
    app.step()
    app.post(Point(app.screen.layout.notice.center, now()))
    step_until(app, lambda: app.scene.name == "pause")
