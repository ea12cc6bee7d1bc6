"""A set-up that offers a kept game (after a power cut) shows the kept game's names, as it shows
its other choices, so Start seats the same players (README: chosen names "stay chosen for the
next game"): Not Not, Not That Movie! and That's Not a Hat alike. The names are as the state
folder keeps them now (a renamed player shows the new name, a forgotten one is a guest), and
the names the table chooses on the Names screen stay when it comes back to the set-up.

Each test drives a headless kiosk with pad presses; the power cut is a new kiosk on the same
state folder, entered at the title as the kiosk starts.
"""

import pytest

from kiosk_helpers import choose, kiosk, play, step_until, tap
from test_named_players_kiosk import name_seats, press
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.players import PlayerStore


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def seat_players(app, players: int) -> None:
    """Step the set-up's Players item to ``players``."""
    for _ in range(12):
        if f"Players: {players}" in app.scene.items():
            return
        choose(app, "Players")
    assert f"Players: {players}" in app.scene.items()


def play_a_little(app, game: str) -> None:
    """From Start: the game is under way and kept (Not Not: a round played; That's Not a
    Hat: P1 gives a gift; Not That Movie!: kept as it starts)."""
    if game == "setup":
        step_until(app, lambda: app.scene.name in ("deal", "entry"))
        play(app, players=app.ctx.session.setup.players, rounds=1)
    elif game == "hat-setup":
        step_until(app, lambda: app.scene.name == "hat")
        press(app, "W")
    else:
        step_until(app, lambda: app.scene.name == "movie")


#: Each game: its set-up scene, its title item, its kind in the state database, and what its
#: game scene is called.
GAMES = {
    "Not Not": ("setup", "Not Not", "not-not", ("deal", "entry")),
    "Not That Movie!": ("movie-setup", "Not That Movie!", "not-that-movie", ("movie",)),
    "That's Not a Hat": ("hat-setup", "That's Not a Hat", "thats-not-a-hat", ("hat",)),
}


def kept_game_id(folder, kind: str) -> int | None:
    """The id of the unfinished game of ``kind`` kept in ``folder`` (``None``: none)."""
    with Database.in_folder(folder) as database:
        kept = GameStore(database, kind=kind).unfinished()
    return None if kept is None else kept.id


def seats_of(folder, game_id: int) -> dict[int, str]:
    with Database.in_folder(folder) as database:
        return PlayerStore(database).seat_players(game_id)


def kept_named_game(folder, setup: str, names: list[str]):
    """A kiosk whose table of three sat as ``names`` (``name_seats``' words) in ``setup``, started
    the game and played a little: the game is kept unfinished."""
    app = kiosk(setup, state_dir=folder, players=3)
    seat_players(app, 3)
    name_seats(app, names, setup=setup)
    choose(app, "Start")
    play_a_little(app, setup)
    return app


def power_cut(app, folder, setup: str, title_item: str):
    """The power went while ``app`` played; the kiosk starts again at the title, and the table
    chooses the same game: its set-up, as a new kiosk shows it."""
    app.screen.close()
    app.ctx.services.close_database()
    again = kiosk("title", state_dir=folder)
    choose(again, title_item)
    step_until(again, lambda: again.scene.name == setup)
    return again


def start_anew(app, scenes: tuple[str, ...]) -> None:
    """Start over the kept game: Start asks first, a second E starts."""
    choose(app, "Start")
    assert app.scene.asking is not None
    press(app, "E")
    step_until(app, lambda: app.scene.name in scenes)


@pytest.mark.parametrize("game", GAMES)
def test_after_a_power_cut_the_set_up_offers_the_kept_games_names(tmp_path, game):
    setup, title_item, kind, scenes = GAMES[game]
    first = kept_named_game(tmp_path, setup, ["new:Ann", "Guest", "new:Cy"])
    kept = kept_game_id(tmp_path, kind)
    assert kept is not None and seats_of(tmp_path, kept) == {1: "Ann", 3: "Cy"}
    again = power_cut(first, tmp_path, setup, title_item)
    items = again.scene.items()
    assert items[0].startswith("Resume the game in progress")
    assert "Names: Ann, P2, Cy" in items, items          # not "Names: all guests"
    start_anew(again, scenes)                            # Start: a new game, the same table
    new = kept_game_id(tmp_path, kind)
    assert new is not None and new != kept
    assert seats_of(tmp_path, new) == {1: "Ann", 3: "Cy"}


@pytest.mark.parametrize("game", GAMES)
def test_after_a_power_cut_the_kept_games_names_are_as_the_state_folder_keeps_them_now(
        tmp_path, game):
    setup, title_item, kind, scenes = GAMES[game]
    first = kept_named_game(tmp_path, setup, ["new:Ann", "new:Bo", "new:Cy"])
    first.screen.close()
    first.ctx.services.close_database()
    with Database.in_folder(tmp_path) as database:       # meanwhile, `companion players ...`
        PlayerStore(database).rename("Ann", "Anna")
        PlayerStore(database).forget("Bo")
    again = kiosk("title", state_dir=tmp_path)
    choose(again, title_item)
    step_until(again, lambda: again.scene.name == setup)
    assert "Names: Anna, P2, Cy" in again.scene.items()
    start_anew(again, scenes)
    assert seats_of(tmp_path, kept_game_id(tmp_path, kind)) == {1: "Anna", 3: "Cy"}


@pytest.mark.parametrize("game", GAMES)
def test_names_chosen_while_a_kept_game_is_offered_stay_chosen_back_in_the_set_up(tmp_path, game):
    setup, title_item, kind, scenes = GAMES[game]
    first = kept_named_game(tmp_path, setup, ["new:Ann", "Guest", "Guest"])
    again = power_cut(first, tmp_path, setup, title_item)
    assert "Names: Ann, P2, P3" in again.scene.items()
    name_seats(again, ["Guest", "new:Bo", "Ann"], setup=setup)    # the table sits anew
    items = again.scene.items()
    assert items[0].startswith("Resume the game in progress")
    assert "Names: P1, Bo, Ann" in items and items[again.scene.cursor].startswith("Names")
    start_anew(again, scenes)
    assert seats_of(tmp_path, kept_game_id(tmp_path, kind)) == {2: "Bo", 3: "Ann"}


@pytest.mark.parametrize("game", GAMES)
def test_a_set_up_keeps_the_choices_made_while_a_kept_game_is_offered_back_from_names_and_title(
        tmp_path, game):
    setup, title_item, _, _ = GAMES[game]
    first = kiosk(setup, state_dir=tmp_path)
    seat_players(first, 3)
    choose(first, "Start")
    play_a_little(first, setup)
    again = power_cut(first, tmp_path, setup, title_item)
    assert "Players: 3" in again.scene.items()
    seat_players(again, 4)                               # 4 players, then name them
    name_seats(again, ["new:Ann", "Guest", "Guest", "new:Di"], setup=setup)
    assert "Players: 4" in again.scene.items() and "Names: Ann, P2, P3, Di" in again.scene.items()
    again.post(tap(1, "W"))                              # to the title, and back: the kept
    step_until(again, lambda: again.scene.name == "title")   # game is still offered first, and
    choose(again, title_item)                                # the choices are the table's
    step_until(again, lambda: again.scene.name == setup)
    items = again.scene.items()
    assert items[0].startswith("Resume the game in progress")
    assert "Players: 4" in items and "Names: Ann, P2, P3, Di" in items, items
