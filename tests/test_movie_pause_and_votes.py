"""Not That Movie! on the kiosk: End the game from the pause menu (That's Not a Hat's too),
and what a player sees when a vote press is refused (the vote as kept, or a second disc on
the same screen)."""

import pytest
from test_movie_kiosk import pause, table  # noqa: F401  (the fixture, and the pause key)
from companion.storage.score_sheets import hat_score_sheet, movie_score_sheet

PLAYERS, START = 0, 5      # set-up items: players, names, votes, first holder, team, start,
#                            sheet


def cell_labels(table) -> list[str]:
    """The texts of the vote screen drawn in its last frame."""
    table.app.scene.dirty = True
    table.app.step()
    return table.scene.shown


@pytest.mark.slow
def test_end_the_game_from_the_pause_asks_first_then_puts_it_on_the_sheet_ended_early(table):
    table.menu(1, [START])
    table.wait_for("movie")
    for player in range(1, 5):
        table.press(player, "NNNNNNNE")                # everyone on screen 8
    for _ in range(7):
        table.press(table.scene.kept.game.holder, "E")  # seven tokens, none on screen 8
    pause(table)
    table.press(1, "SE")                               # End the game: it asks first
    assert table.scene.name == "games-pause"
    assert "End the game now? select again" in [d.text for d in table.scene.drawn_texts]
    assert movie_score_sheet(table.app.ctx.services.database()) == []
    table.press(1, "E")
    table.wait_for("movie-sheet")
    [line] = movie_score_sheet(table.app.ctx.services.database())
    assert line.ended_early and line.rounds == (8,)
    assert table.scene.newest == line.game_id
    table.app.step()
    [shown] = [d.text for d in table.scene.drawn if d.text.startswith(line.played_on)]
    assert shown.endswith("= 8  not rated  (ended early)")   # rated after 5 rounds only


@pytest.mark.slow
def test_end_the_game_from_the_hat_pause_ends_it_early_and_shows_it_ringed_on_the_sheet(table):
    table.menu(2, [5])                                 # That's Not a Hat: Start
    table.wait_for("hat")
    table.press(1, "W")                                # P1 gives a gift to the left
    pause(table)
    table.press(1, "SEE")                              # End the game, and confirm
    table.wait_for("hat-sheet")
    [sheet] = hat_score_sheet(table.app.ctx.services.database())
    assert sheet.ended_early and table.scene.newest == sheet.game_id
    table.app.step()
    assert table.scene.ringed is not None
    table.press(1, "E")
    table.wait_for("title")


@pytest.mark.slow
def test_a_player_who_presses_again_after_voting_is_told_their_vote_is_kept(table):
    table.menu(1, [START])
    table.wait_for("movie")
    table.press(2, "NE")
    assert "voted" in cell_labels(table)
    table.press(2, "E")
    shown = cell_labels(table)
    assert "P2: already voted (W takes it back)" in shown
    table.press(2, "W")                                # P2 takes the vote back
    assert "P2: already voted (W takes it back)" not in cell_labels(table)


@pytest.mark.slow
def test_a_second_disc_on_the_same_screen_is_told_to_choose_another(table):
    table.menu(1, [])
    while table.scene.items()[PLAYERS] != "Players: 2":
        table.press(1, "E")
    table.press(1, "S" * START + "E")
    table.wait_for("movie")
    assert table.scene.kept.game.players == 2
    table.press(1, "NNE")                              # the first disc on screen 3
    table.press(1, "NNE")                              # the second on screen 3 too: refused
    shown = cell_labels(table)
    assert "P1: not the same screen twice - choose another" in shown
    assert not any("3" in words for words in shown if words.startswith("P1"))  # never which
