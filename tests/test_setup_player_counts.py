"""Each game's set-up offers only as many players as there are pads: nobody waits for a pad
that does not exist."""

import pytest

from games_kiosk import Table

#: title item, index of "Players" in its set-up, how to read the count chosen, the fewest.
GAMES = {
    "not-not": (0, 1, lambda scene: scene.ctx.session.setup.players, 2),
    "not-that-movie": (1, 0, lambda scene: scene.players, 2),
    "thats-not-a-hat": (2, 0, lambda scene: scene.players, 3),
}


def offered(table: Table, game: str) -> set[int]:
    """Every player count the set-up's "Players" item steps through."""
    title_item, players_item, count, _ = GAMES[game]
    table.press(1, "S" * title_item + "E")
    table.press(1, "S" * players_item)
    seen = {count(table.scene)}
    for _ in range(8):
        table.press(1, "E")
        seen.add(count(table.scene))
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_set_up_offers_no_more_players_than_there_are_pads(tmp_path, game):
    table = Table(tmp_path, players=4)
    try:
        table.app.ctx.services.players_with_pads = 4
        assert offered(table, game) == set(range(GAMES[game][3], 5))
    finally:
        table.close()


@pytest.mark.slow
def test_with_the_default_six_pads_not_not_offers_two_to_six_players(tmp_path):
    table = Table(tmp_path, players=4)
    try:
        assert offered(table, "not-not") == {2, 3, 4, 5, 6}
    finally:
        table.close()


def test_companion_run_counts_the_pads_it_has_keys_only_at_a_desk_gpio_pads_at_the_table():
    from companion.config import settings as settings_file
    from companion.kiosk.startup import players_with_pads

    config = settings_file.load()
    assert players_with_pads(config, gpio_open=False) == 4     # the keyboard's four pads
    assert players_with_pads(config, gpio_open=True) == 6      # the six GPIO pads


def test_the_kiosk_keeps_the_pad_count_it_is_built_with():
    from companion.kiosk.assemble import KioskOptions, build_kiosk

    app = build_kiosk(KioskOptions(size=(800, 480), headless=True, sound=False, players_with_pads=3))
    try:
        assert app.ctx.services.players_with_pads == 3
    finally:
        app.screen.close()


def movie_setup(table: Table) -> None:
    """From the title, into Not That Movie!'s set-up (the title's second item)."""
    table.wait_for("title")
    steps = 1 - table.scene.cursor
    table.press(1, ("S" * steps if steps >= 0 else "N" * -steps) + "E")
    table.wait_for("movie-setup")


@pytest.mark.slow
def test_fewer_players_chosen_hand_the_tokens_to_a_player_who_plays(tmp_path):
    table = Table(tmp_path, players=4)
    try:
        table.app.ctx.services.players_with_pads = 4
        movie_setup(table)
        for _ in range(3):                                 # the tokens start with P2, P3, P4
            table.press(1, "S" * (3 - table.scene.cursor) + "E")
        assert "Tokens start with: P4" in table.scene.items()
        table.press(1, "NNNE")                             # Players: 4 wraps round to 2
        assert table.scene.items()[:4] == ["Players: 2", "Names: all guests",
                                           "Votes: on the pads", "Tokens start with: P2"]
    finally:
        table.close()


@pytest.mark.slow
def test_a_set_up_shown_with_fewer_pads_cuts_the_players_and_the_first_holder_to_them(tmp_path):
    table = Table(tmp_path, players=4)
    try:
        movie_setup(table)
        for _ in range(3):                                 # 4 players, the tokens start with P4
            table.press(1, "S" * (3 - table.scene.cursor) + "E")
        table.press(1, "W")                                # back to the title
        table.app.ctx.services.players_with_pads = 3
        movie_setup(table)
        assert table.scene.items()[:4] == ["Players: 3", "Names: all guests",
                                           "Votes: on the pads", "Tokens start with: P3"]
    finally:
        table.close()
