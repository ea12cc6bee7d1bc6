"""Not That Movie! on the kiosk: whole games pressed on the pads through the GPIO input path."""

import pytest

from games_kiosk import Table, finished_discs_game, run_demo
from kiosk_helpers import jump_to, now, shows_text
from companion.inputs.actions import Nav
from companion.storage.score_sheets import movie_score_sheet

START, SCORE_SHEET = 5, 6      # set-up items: players, names, votes, first holder, team, start,
#                                sheet


@pytest.fixture
def table(tmp_path):
    table = Table(tmp_path, players=4)
    yield table
    table.close()


def vote(table, votes):
    """Each player counts to their screen on their own pad: from 1, N up or S down, then E."""
    for player, screen in votes.items():
        table.press(player, ("N" * (screen - 1) if screen <= 4 else "S" * (9 - screen)) + "E")


def place(table, screen):
    """The holder moves the pointer to ``screen`` and places the token there."""
    game = table.scene.kept.game
    while table.scene.pads.pointer != screen:
        table.press(game.holder, "N")
    table.press(game.holder, "E")


@pytest.mark.slow
def test_a_whole_four_player_game_on_the_pads_scores_and_rates_as_the_rulebook_says(table):
    table.menu(1, [START])
    table.wait_for("movie")
    on_8 = {1: 8, 2: 8, 3: 8, 4: 8}
    rounds = [
        (on_8, (1, 2, 3, 4, 5, 6, 7)),                  # all 7 coloured + 1 bonus     = 8
        ({1: 1, 2: 2, 3: 1, 4: 2}, (1, 2)),             # two mistakes at once         = 0
        ({1: 1, 2: 1, 3: 1, 4: 1}, (1, 2, 3, 4, 5, 6, 7)),  # a mistake, 6 coloured    = 6
        ({1: 3, 2: 8, 3: 8, 4: 8}, (1, 2, 3, 4, 5, 6, 7)),  # screen 3 is P1's mistake = 6
        (on_8, (1, 2, 3, 4, 5, 6, 7)),                  #                              = 8
    ]
    game = table.scene.kept.game
    for number, (votes, screens) in enumerate(rounds, 1):
        assert game.phase == "voting"
        vote(table, votes)
        for screen in screens:
            place(table, screen)
        if number < 5:
            assert game.phase == "round-over"
            table.read()                                # the round's points
            table.press(3, "E")
    assert game.over and [s.points for s in game.scores] == [8, 0, 6, 6, 8]
    table.app.scene.dirty = True
    table.app.step()
    shown = table.scene.shown   # the end, and the last round as every round ends
    assert "Round 5: 8 points (with 1 bonus)" in shown
    assert "votes: P1 8   P2 8   P3 8   P4 8" in shown
    assert "take the token back" in table.scene.hint()
    assert (game.total(), game.rating().stars, game.rating().title) == (28, 4, "Blockbuster!")
    table.read()                                    # the total and its stars
    table.press(2, "E")
    table.wait_for("movie-sheet")
    [line] = movie_score_sheet(table.app.ctx.services.database())
    assert (line.players, line.team, line.rounds) == (4, "Popcorn", (8, 0, 6, 6, 8))
    assert (line.total, line.stars, line.title) == (28, 4, "Blockbuster!")


@pytest.mark.slow
def test_a_mistake_shows_only_the_players_who_voted_for_the_screen(table):
    table.menu(1, [START])
    table.wait_for("movie")
    vote(table, {1: 2, 2: 5, 3: 2, 4: 6})
    place(table, 2)
    last = table.scene.pads.last
    assert last.mistake and last.voters == (1, 3)
    table.app.step()
    shown = table.scene.shown
    assert "Screen 2: MISTAKE - voted for it: P1, P3" in shown
    assert not any("5" in words and "P2" in words for words in shown)


@pytest.mark.slow
def test_a_game_cut_off_by_a_power_loss_resumes_from_the_menu(tmp_path):
    first = Table(tmp_path, players=4)
    first.menu(1, [START])
    first.wait_for("movie")
    vote(first, {1: 8, 2: 8, 3: 7, 4: 8})
    place(first, 1)
    place(first, 7)
    snapshot = first.scene.kept.game.snapshot()
    first.close()                                  # the power went
    again = Table(tmp_path, players=4)
    try:
        again.menu(1, [0])                         # "Resume the game in progress"
        again.wait_for("movie")
        game = again.scene.kept.game
        assert game.snapshot() == snapshot and game.round.mistakes == 1 and game.holder == 2
    finally:
        again.close()


def test_a_power_loss_during_a_pad_vote_resumes_with_a_notice_that_everyone_votes_again_if_they_had(tmp_path):
    first = Table(tmp_path, players=4)
    first.menu(1, [START])
    first.wait_for("movie")
    vote(first, {1: 8, 2: 3})                      # two of four have voted
    first.close()                                  # the power went
    again = Table(tmp_path, players=4)
    try:
        again.menu(1, [0])                         # "Resume the game in progress"
        again.wait_for("movie")
        assert again.app.notice[0] == ("round 1: everyone votes, again if they had (a secret vote "
                                       "is never kept)")
        assert not any(again.scene.pads.vote.has_voted(player) for player in range(1, 5))
    finally:
        again.close()


@pytest.mark.slow
def test_the_demo_plays_a_whole_game_on_the_kiosk_and_ends_it_as_the_script_did(tmp_path, capsys):
    said, scripted, moments = run_demo(tmp_path, capsys, "not-that-movie", players=2, seed=3)
    assert said == scripted and said.startswith("game over: rounds ")
    assert {"movie-vote", "movie-place", "movie-round-over", "movie-end", "movie-sheet"} <= moments


def test_a_kept_game_that_no_longer_restores_is_set_aside_in_one_line(tmp_path):
    from companion.storage.database import Database
    from companion.storage.games import GameStore

    with Database.in_folder(tmp_path) as db:
        GameStore(db, kind="not-that-movie").create(4, {}, {"kind": "not-that-movie", "players": 9})
    table = Table(tmp_path, players=4)
    try:
        table.menu(1, [])
        table.wait_for("movie-setup")
        assert table.scene.unfinished is None
        assert table.scene.subtitle.startswith("the kept game could not be resumed: snapshot: missing")
        assert table.scene.items()[0] == "Players: 4"
    finally:
        table.close()


def test_the_score_sheet_says_a_three_player_game_was_rated_on_the_four_player_row(table):
    database = table.app.ctx.services.database()
    finished_discs_game(database, 3, "Trio")
    finished_discs_game(database, 5, "Five")
    jump_to(table.app, "movie-sheet")
    drawn = {d.text: d for d in table.scene.drawn}
    note = "The rulebook's table has no row for 3 players: rated on the 4-player row."
    assert note in drawn and shows_text(table.app.screen.canvas, drawn[note])
    assert not any("no row for 5" in words for words in drawn)


def test_the_game_just_finished_is_ringed_on_the_score_sheet_clear_of_every_line(table):
    from companion.display.draw_menu import frame_width
    from companion.display.palette import HIGHLIGHT

    database = table.app.ctx.services.database()
    for players, team in ((4, "Older"), (3, "Newest"), (5, "Oldest")):
        finished_discs_game(database, players, team)
    newest = next(line.game_id for line in movie_score_sheet(database) if line.team == "Newest")
    jump_to(table.app, "movie-sheet", newest=newest)
    ring, canvas = table.scene.ringed, table.app.screen.canvas
    band = frame_width(table.app.ctx.services.layout)
    inside = ring.inflate(-2 * band, -2 * band)
    ours = [d for d in table.scene.drawn if "Newest" in d.text or "no row for 3" in d.text]
    assert len(ours) == 2 and all(inside.contains(d.rect) for d in ours)
    assert not any(ring.colliderect(d.rect) for d in table.scene.drawn if d not in ours)
    assert canvas.get_at((ring.left + 1, ring.centery))[:3] == HIGHLIGHT


def test_the_tokens_of_a_discs_game_are_drawn_round_with_dark_numbers_once_placed(table):
    from companion.display.palette import BACKGROUND
    from companion.scenes.movie.play import COLOURED_TOKEN

    table.menu(1, [2, START])                       # votes with the voting discs, start
    table.wait_for("movie")
    table.press(table.scene.kept.game.holder, "E")  # token 1: nobody voted for it
    table.app.scene.dirty = True
    table.app.step()
    canvas, first = table.app.screen.canvas, table.scene.screen_cells()[0]
    assert first.width == first.height
    assert canvas.get_at(first.topleft)[:3] != COLOURED_TOKEN          # a corner: round
    assert canvas.get_at((first.left + 3, first.centery))[:3] == COLOURED_TOKEN
    inks = {tuple(canvas.get_at((x, first.centery)))[:3] for x in range(first.left, first.right)}
    assert BACKGROUND in inks                       # the number "1", dark on amber


@pytest.mark.slow
def test_enter_on_the_keyboard_starts_the_next_round_and_at_the_end_writes_the_sheet(table):
    table.menu(1, [2, START])                       # votes with the voting discs, start
    table.wait_for("movie")
    game = table.scene.kept.game
    for number in range(1, 6):
        while game.phase == "placing":
            table.press(game.holder, "E")           # "nobody voted for it"
        table.read()                                # the round's points
        table.press_enter()
        if number < 5:
            assert game.round_number == number + 1 and game.phase == "placing"
    table.wait_for("movie-sheet")
    [line] = movie_score_sheet(table.app.ctx.services.database())
    assert line.rounds == (8, 8, 8, 8, 8)


def colour_a_discs_round(table) -> int:
    """A new game with the voting discs, its first round played to its end, every token
    coloured ("nobody voted for it", E): 8 points. Who placed the last token."""
    table.menu(1, [2, START])                       # votes with the voting discs, start
    table.wait_for("movie")
    game = table.scene.kept.game
    while game.phase == "placing":
        holder = game.holder
        table.press(holder, "E")
    return holder


def test_a_second_e_within_a_second_of_the_round_ending_does_not_skip_the_rounds_summary(table):
    holder = colour_a_discs_round(table)
    game = table.scene.kept.game
    table.press(holder, "E")                        # a double press of the last token's E
    table.read(0.5)
    table.press(holder % 4 + 1, "E")                # another player's E, under a second on
    assert (game.round_number, game.phase) == (1, "round-over")
    assert "Round 1: 8 points (with 1 bonus)" in shown_now(table)


def test_enter_within_a_second_of_the_round_ending_does_not_skip_the_rounds_summary(table):
    colour_a_discs_round(table)
    table.press_enter()                             # right after the last token's E
    game = table.scene.kept.game
    assert (game.round_number, game.phase) == (1, "round-over")
    assert "Round 1: 8 points (with 1 bonus)" in shown_now(table)


def test_an_e_a_second_after_the_round_ending_starts_the_next_round(table):
    holder = colour_a_discs_round(table)
    table.press(holder, "E")                        # too soon: a late tap of the last token's
    table.read()                                    # the round's points, read
    table.press(holder % 4 + 1, "E")
    game = table.scene.kept.game
    assert (game.round_number, game.phase) == (2, "placing")


@pytest.mark.slow
def test_every_game_on_a_score_sheet_full_of_notes_can_be_scrolled_to(table):
    database = table.app.ctx.services.database()
    for number in range(8):
        finished_discs_game(database, 3, f"Team{number}")
    jump_to(table.app, "movie-sheet")
    seen = set()
    for _ in range(8):
        seen |= {d.text.split()[2] for d in table.scene.drawn if d.text.startswith("20")}
        table.press(1, "S")                          # scroll down one game
    assert seen == {f"Team{number}" for number in range(8)}


@pytest.mark.slow
def test_start_over_a_kept_game_ends_it_as_it_stands_marked_ended_early(table, tmp_path, capsys):
    from companion.cli import main

    table.menu(1, [START])
    table.wait_for("movie")
    vote(table, {1: 8, 2: 8, 3: 8, 4: 8})
    for screen in range(1, 8):
        place(table, screen)
    jump_to(table.app, "movie-setup")
    table.app.step()
    table.press(1, "S" * (START + 1 - table.scene.cursor) + "E")   # after "Resume": Start
    table.press(1, "E")                              # Start over a kept game asks first
    table.wait_for("movie")
    [line] = movie_score_sheet(table.app.ctx.services.database())
    assert line.ended_early and line.rounds == (8,)
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("(ended early)")


@pytest.mark.slow
def test_a_game_ended_before_anything_was_entered_leaves_no_line_on_the_score_sheet(table):
    """A third press on a finished game's sheet starts a game (the set-up opens on Start):
    ended at once, it left a line of 0 points "ended early" for good."""
    table.menu(1, [START])
    table.wait_for("movie")
    pause(table)
    table.press(1, "SEE")                          # End the game, and again: it asks first
    table.wait_for("movie-sheet")
    assert movie_score_sheet(table.app.ctx.services.database()) == []
    jump_to(table.app, "movie-setup")
    table.app.step()
    assert not table.scene.items()[0].startswith("Resume")


def test_the_play_screen_shown_without_a_game_says_so_on_the_failsafe(table):
    jump_to(table.app, "movie")                       # no person can: no game was started
    table.wait_for("failsafe")
    assert table.scene.message == ("movie: NoGameInPlay: the movie scene was entered without "
                                   "a game to play")


def pause(table):
    """The pause key (Esc, the menu button): the bookkeeping games' pause menu."""
    table.app.post(Nav("pause", now()))
    table.wait_for("games-pause")


@pytest.mark.slow
def test_resume_from_the_pause_goes_on_with_the_same_game(table):
    table.menu(1, [START])
    table.wait_for("movie")
    vote(table, {1: 8, 2: 8, 3: 7, 4: 8})
    kept, snapshot = table.scene.kept, table.scene.kept.game.snapshot()
    pause(table)
    table.press(1, "E")                            # Resume
    table.wait_for("movie")
    assert table.scene.kept is kept and kept.game.snapshot() == snapshot


def test_the_pause_key_again_resumes_the_same_game(table):
    table.menu(1, [START])
    table.wait_for("movie")
    kept = table.scene.kept
    pause(table)
    table.app.post(Nav("pause", now()))
    table.wait_for("movie")
    assert table.scene.kept is kept


@pytest.mark.slow
def test_back_to_the_title_from_the_pause_keeps_the_game_for_resume(table):
    table.menu(1, [START])
    table.wait_for("movie")
    vote(table, {1: 8, 2: 8, 3: 7, 4: 8})
    place(table, 1)
    game_id, snapshot = table.scene.kept.game_id, table.scene.kept.game.snapshot()
    pause(table)
    table.press(1, "SSE")                          # Back to the title
    table.wait_for("title")
    assert table.scene.cursor == 1                 # the title still points at this game
    table.press(1, "E")
    table.wait_for("movie-setup")
    assert table.scene.cursor == 0                 # on "Resume the game in progress"
    table.press(1, "E")
    table.wait_for("movie")
    assert table.scene.kept.game_id == game_id and table.scene.kept.game.snapshot() == snapshot


def shown_now(table) -> list[str]:
    """The words of the play screen's next frame."""
    table.app.scene.dirty = True
    table.app.step()
    return table.scene.shown


def test_a_press_from_a_player_without_the_stack_says_so_until_a_press_does_something(table):
    table.menu(1, [START])
    table.wait_for("movie")
    vote(table, {1: 8, 2: 8, 3: 8, 4: 8})
    holder = table.scene.kept.game.holder
    other = holder % 4 + 1
    table.press(other, "E")                          # not theirs: the stack is the holder's
    assert table.scene.kept.game.round.placements == []
    assert any(words.startswith(f"P{other}'s ") and words.endswith(" does nothing now")
               for words in shown_now(table)), table.scene.shown
    place(table, 1)
    assert not any("does nothing now" in words for words in shown_now(table))


def test_a_press_that_does_nothing_leaves_the_last_tokens_answer_on_screen(table):
    table.menu(1, [START])
    table.wait_for("movie")
    vote(table, {1: 8, 2: 8, 3: 8, 4: 8})
    place(table, 1)                                  # nobody voted for screen 1: coloured
    answer = [words for words in shown_now(table) if words.startswith("Screen 1")]
    assert answer, table.scene.shown
    holder = table.scene.kept.game.holder
    table.press(holder % 4 + 1, "E")                 # not theirs: nothing happens
    assert answer[0] in shown_now(table), table.scene.shown
    assert any(words.startswith("pass the stack left") for words in table.scene.shown)
