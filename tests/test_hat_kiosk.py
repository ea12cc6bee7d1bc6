"""That's Not a Hat on the kiosk: whole games pressed on the pads through the GPIO input path."""

import pytest

from games_kiosk import Table, run_demo
from kiosk_helpers import jump_to, now
from test_notices import frame_texts
from companion.inputs.actions import Nav
from companion.storage.score_sheets import hat_score_sheet

PLAYERS, ROUNDS, SPECIAL, START, SCORE_SHEET = 0, 2, 4, 5, 6   # items: players, names, rounds,
#                                                               gifts, special, start, score sheet


def give_penalty(table, player):
    """One penalty point for ``player``, entered on the pads.

    If it is ``player``'s turn (or nobody's yet), they give a gift to the left, it is
    refused and they were wrong. Otherwise the turn player gives ``player`` a special
    card, which ``player`` refuses wrongly.
    """
    game = table.scene.kept.game
    giver = game.turn
    if giver in (None, player):
        table.press(player, "W")                     # a gift to the left
        receiver = game.pending.receiver
        table.press(receiver, "S")                   # "That's not a ...!"
        table.press(player, "N")                     # the giver owns up: "I was wrong"
        return
    table.press(giver, "N")                          # a special card: choose who gets it
    while table.scene.pads.chosen != player:
        table.press(giver, "N")
    table.press(giver, "E")
    table.press(player, "SN")                        # refuses, then owns up to being wrong


@pytest.fixture
def table(tmp_path):
    table = Table(tmp_path, players=4)
    yield table
    table.close()


@pytest.mark.slow
def test_a_whole_game_ends_at_three_penalty_points_and_the_lowest_win(table):
    table.menu(2, [SPECIAL, START])
    table.wait_for("hat")
    game = table.scene.kept.game
    for player in (2, 4, 2, 1, 4, 2):
        assert not game.over
        give_penalty(table, player)
    assert game.over and game.penalties == {1: 1, 2: 3, 3: 0, 4: 2}
    assert game.winners() == [3]
    assert table.scene.hint().endswith("P2 S: take back")   # the last penalty, until written
    table.read()                                     # the winners
    table.press(1, "E")                              # written down: the sheet, the game ringed
    table.wait_for("hat-sheet")
    [sheet] = hat_score_sheet(table.app.ctx.services.database())
    assert sheet.rounds == ({1: 1, 2: 3, 3: 0, 4: 2},)
    table.app.step()
    assert table.scene.newest == sheet.game_id and table.scene.ringed is not None
    [line] = [d.text for d in table.scene.drawn]
    assert line.endswith("4p  1 round  P1 1  P2 3  P3* 0  P4 2"), line
    table.press(1, "E")
    table.wait_for("title")


@pytest.mark.slow
def test_the_multi_round_variant_plays_as_many_rounds_as_players_with_running_totals(table):
    table.menu(2, [ROUNDS, SPECIAL, START])
    table.wait_for("hat")
    game = table.scene.kept.game
    rounds = ((1, 1, 1), (2, 3, 2, 2), (3, 3, 4, 3), (4, 1, 4, 4))
    for number, losers in enumerate(rounds, 1):
        for player in losers:
            give_penalty(table, player)
        if number < 4:
            assert table.scene.pads.prompt == "round-over"
            table.read()                             # the round's end and the totals
            table.press(2, "E")
    assert game.over and game.totals() == {1: 4, 2: 3, 3: 4, 4: 4}
    assert game.winners() == [2]
    table.read()
    table.press(4, "E")
    table.wait_for("hat-sheet")
    [sheet] = hat_score_sheet(table.app.ctx.services.database())
    assert sheet.totals() == {1: 4, 2: 3, 3: 4, 4: 4} and len(sheet.rounds) == 4


@pytest.mark.slow
def test_enter_on_the_keyboard_starts_the_next_round_and_at_the_end_writes_the_result(table):
    table.menu(2, [ROUNDS, SPECIAL, START])
    game = table.scene.kept.game
    for number, losers in enumerate(((1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)), 1):
        for player in losers:
            give_penalty(table, player)
        table.read()                                 # the round's end and the totals
        table.press_enter()
        if number < 4:
            assert game.round_number == number + 1 and table.scene.pads.prompt != "round-over"
    table.wait_for("hat-sheet")
    [sheet] = hat_score_sheet(table.app.ctx.services.database())
    assert sheet.totals() == {1: 3, 2: 3, 3: 3, 4: 3} and len(sheet.rounds) == 4


@pytest.mark.slow
def test_the_reminder_says_whose_turn_it_is_and_which_way_the_last_gift_went(table):
    table.menu(2, [START])
    table.wait_for("hat")
    table.press(3, "E")                              # P3 begins: a gift to the right
    table.app.step()
    game = table.scene.kept.game
    assert (game.last_gift.giver, game.last_gift.receiver, game.last_gift.way) == (3, 2, "right")
    table.press(2, "W")                              # P2 accepts and gives the old gift left
    assert (game.last_gift.giver, game.last_gift.receiver) == (2, 3) and game.turn == 3


@pytest.mark.slow
def test_the_demo_plays_a_whole_game_on_the_kiosk_and_ends_it_as_the_script_did(tmp_path, capsys):
    said, scripted, moments = run_demo(tmp_path, capsys, "thats-not-a-hat", players=5, seed=4)
    assert said == scripted and said.startswith("game over: penalty points P1 ")
    assert {"hat", "hat-end"} <= moments


@pytest.mark.slow
def test_the_special_cards_are_left_out_unless_the_set_up_adds_them_and_kept_with_the_game(table):
    table.menu(2, [START])
    table.wait_for("hat")
    game = table.scene.kept.game
    assert not game.special_cards
    table.press(1, "N")                              # no special card to give
    assert game.moves_made == 0
    assert table.scene.kept.settings["special_cards"] is False
    jump_to(table.app, "hat-setup")
    assert table.scene.items()[0].startswith("Resume")
    for index in (SPECIAL + 1, START + 1):           # after "Resume": special cards, start anew
        table.press(1, "S" * (index - table.scene.cursor) + "E")
    table.press(1, "E")                              # Start over a kept game asks first
    table.wait_for("hat")
    assert table.scene.kept.game.special_cards


@pytest.mark.slow
def test_a_double_press_of_s_on_the_kiosk_refuses_once_and_costs_nobody_a_penalty(table):
    table.menu(2, [START])
    table.wait_for("hat")
    table.press(1, "W")                              # P1 gives a gift to P2
    table.press(2, "SS")                             # P2 refuses, and presses S again
    game = table.scene.kept.game
    assert table.scene.pads.prompt == "who-was-wrong"
    assert game.totals() == {1: 0, 2: 0, 3: 0, 4: 0}
    table.press(1, "N")                              # P1 was wrong
    assert game.totals()[1] == 1



@pytest.mark.slow
def test_start_over_a_kept_game_ends_it_as_it_stands_marked_ended_early(table, tmp_path, capsys):
    from companion.cli import main

    table.menu(2, [START])
    table.wait_for("hat")
    give_penalty(table, 3)
    jump_to(table.app, "hat-setup")
    table.app.step()
    table.press(1, "S" * (START + 1 - table.scene.cursor) + "E")   # after "Resume": Start
    table.press(1, "E")                              # Start over a kept game asks first
    table.wait_for("hat")
    [sheet] = hat_score_sheet(table.app.ctx.services.database())
    assert sheet.ended_early and sheet.totals()[3] == 1
    assert main(["score-sheet", "thats-not-a-hat", "--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("(ended early)")


@pytest.mark.slow
def test_a_game_over_by_its_rules_and_started_over_before_it_was_written_down_is_finished(table):
    """The winners were on screen; the table started the next game without pressing E: the
    sheet said "ended early" and named no winner."""
    table.menu(2, [START])
    table.wait_for("hat")
    for player in (2, 2, 2):
        give_penalty(table, player)
    assert table.scene.kept.game.over
    table.app.post(Nav("pause", now()))
    table.wait_for("games-pause")
    table.press(1, "SSE")                          # Back to the title: the game is kept
    table.wait_for("title")
    table.press(1, "E")
    table.wait_for("hat-setup")
    table.press(1, "S" * (START + 1 - table.scene.cursor) + "E")   # after "Resume": Start
    table.press(1, "E")                              # Start over a kept game asks first
    table.wait_for("hat")
    [sheet] = hat_score_sheet(table.app.ctx.services.database())
    assert not sheet.ended_early and sheet.winners() == [1, 3, 4]


def test_with_fewer_pads_than_the_fewest_players_the_set_up_says_which_players_lack_a_pad(tmp_path):
    from kiosk_helpers import kiosk, shows_text, step_until, tap

    app = kiosk("title", state_dir=tmp_path)
    app.ctx.services.players_with_pads = 2
    for side in "SSE":                               # the title's third item: That's Not a Hat
        app.post(tap(1, side))
    step_until(app, lambda: app.scene.name == "hat-setup" and not app.scene.dirty)
    said = "only 2 pads but at least 3 players: player 3 needs a pad in the settings file"
    assert app.scene.items()[0] == "Players: 3" and app.scene.subtitle == said
    lines = [d for d in app.scene.drawn_texts if d.text in said]
    assert " ".join(d.text for d in lines) == said
    assert all(shows_text(app.screen.canvas, d) for d in lines)
    app.screen.close()



@pytest.mark.slow
def test_resume_from_the_pause_goes_on_with_the_same_game_and_back_to_the_title_keeps_it(table):
    table.menu(2, [START])
    table.wait_for("hat")
    give_penalty(table, 2)
    kept, snapshot = table.scene.kept, table.scene.kept.game.snapshot()
    table.app.post(Nav("pause", now()))
    table.wait_for("games-pause")
    table.press(1, "E")                            # Resume
    table.wait_for("hat")
    assert table.scene.kept is kept and kept.game.snapshot() == snapshot
    table.app.post(Nav("pause", now()))
    table.wait_for("games-pause")
    table.press(1, "SSE")                          # Back to the title
    table.wait_for("title")
    table.press(1, "E")                            # the title still points at this game
    table.wait_for("hat-setup")
    table.press(1, "E")                            # "Resume the game in progress"
    table.wait_for("hat")
    assert table.scene.kept.game_id == kept.game_id
    assert table.scene.kept.game.snapshot() == snapshot


@pytest.mark.slow
def test_a_game_ended_early_keeps_its_points_and_names_no_winner_on_any_sheet(
        table, tmp_path, capsys):
    """Ended in its first round, a game's sheet marked three of four players winners, on the
    kiosk, the terminal and the phones (a table of four)."""
    from test_web_pages import client_of, text_of

    from companion.cli import main
    from companion.scenes.hat.sheet import sheet_text

    table.menu(2, [START])
    table.wait_for("hat")
    give_penalty(table, 1)
    table.app.post(Nav("pause", now()))
    table.wait_for("games-pause")
    table.press(1, "SEE")                          # End the game, and again: it asks first
    table.wait_for("hat-sheet")
    [sheet] = hat_score_sheet(table.app.ctx.services.database())
    assert sheet.ended_early and sheet.totals() == {1: 1, 2: 0, 3: 0, 4: 0}
    assert sheet.winners() == [] and "*" not in sheet_text(sheet)
    assert main(["score-sheet", "thats-not-a-hat", "--state-dir", str(tmp_path)]) == 0
    line = capsys.readouterr().out.splitlines()[-1]
    assert line.endswith("(ended early)") and "*" not in line
    page = text_of(client_of(tmp_path).get("/sheets/thats-not-a-hat").text)
    assert "(ended early): penalty points, no winner" in page and "fewest wins" not in page
    assert "★" not in page


@pytest.mark.slow
def test_a_refusal_not_yet_owned_up_outlives_a_power_cut(tmp_path):
    """S refuses the gift (the card is revealed) and the power goes before whoever was wrong
    owns up: Resume asks who was wrong again, not "accept or refuse" (the refusal is a move
    the game keeps); the receiver's W still takes the refusal back after it."""
    table = Table(tmp_path, players=4)
    table.menu(2, [START])
    table.wait_for("hat")
    table.press(2, "W")                              # P2 gives a gift to the left
    receiver = table.scene.kept.game.pending.receiver
    table.press(receiver, "S")                       # "That's not a ...!"
    assert table.scene.pads.prompt == "who-was-wrong"
    table.app.step()                                 # the frame is on screen: saved
    table.close()                                    # the power went
    again = Table(tmp_path, players=4)
    again.press(1, "SSE")                            # That's Not a Hat
    again.wait_for("hat-setup")
    again.press(1, "E")                              # "Resume the game in progress"
    again.wait_for("hat")
    assert again.scene.pads.prompt == "who-was-wrong"
    again.press(receiver, "W")                       # the refusal was a mistake: taken back
    assert again.scene.pads.prompt == "answering"
    again.close()


def test_the_set_up_shows_the_score_sheet_of_the_games_kept(table):
    give_penalties = (1, 1, 1)
    table.menu(2, [START])
    table.wait_for("hat")
    for player in give_penalties:
        give_penalty(table, player)
    table.read()                                     # the winners
    table.press(2, "E")                              # written down
    table.wait_for("hat-sheet")
    table.press(1, "E")
    table.wait_for("title")
    table.press(1, "E")                              # the title still points at this game
    table.wait_for("hat-setup")
    table.press(1, "S" * (SCORE_SHEET - table.scene.cursor) + "E")   # the set-up's last item
    table.wait_for("hat-sheet")
    table.app.step()
    assert table.scene.newest is None and table.scene.ringed is None
    [line] = [d.text for d in table.scene.drawn]
    assert line.endswith("4p  1 round  P1 3  P2* 0  P3* 0  P4* 0"), line


def test_a_second_e_within_a_second_of_the_games_end_does_not_skip_the_winners(table):
    table.menu(2, [START])
    table.wait_for("hat")
    for player in (1, 1, 1):                         # the third ends the game
        give_penalty(table, player)
    table.press(2, "E")                              # another player's E, a moment later
    assert table.scene.name == "hat" and table.scene.pads.prompt == "game-over"
    table.read()                                     # the winners, read
    table.press(2, "E")
    table.wait_for("hat-sheet")


def on_screen(table, monkeypatch) -> list[str]:
    """The words of every text the next whole frame draws."""
    return [drawn.text for drawn in frame_texts(table.app, monkeypatch)]


def test_a_press_that_does_nothing_says_so_until_a_press_does_something(table, monkeypatch):
    table.menu(2, [START])
    table.wait_for("hat")
    table.press(3, "E")                              # P3 begins: a gift to P2, who must answer
    table.press(4, "W")                              # P4 has no move now
    said = on_screen(table, monkeypatch)
    assert "P2: accept and give on, or refuse" in said   # what the table waits for, above it
    assert any(words.startswith("P4's ") and words.endswith(" does nothing now")
               for words in said), said
    assert table.scene.kept.game.pending.receiver == 2   # and the press changed nothing
    assert table.app.notice is None                  # the scene's own line, over no scores
    table.press(2, "W")                              # P2 accepts and gives on
    assert not any("does nothing now" in words for words in on_screen(table, monkeypatch))


@pytest.mark.slow
def test_between_rounds_the_scores_ring_the_leaders_and_the_hint_offers_the_take_back(table):
    table.menu(2, [ROUNDS, START])
    table.wait_for("hat")
    for _ in range(3):
        give_penalty(table, 2)
    game = table.scene.kept.game
    assert table.scene.pads.prompt == "round-over" and game.leaders() == [1, 3, 4]
    assert table.scene.marked() == (1, 3, 4)         # not P2, who lost the round
    assert "P2 " in table.scene.hint() and table.scene.hint().endswith(": take back")
