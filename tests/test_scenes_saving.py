"""The Not Not kiosk saves its game round by round and offers it for resume after a power cut."""

import json
from argparse import Namespace

import pytest

from kiosk_helpers import choose, in_scene, jump_to, now, play_round, step_until, tap
from kiosk_helpers import play as play_on
from kiosk_helpers import kiosk
from companion.cli import main
from companion.commands import simulate
from companion.games.notnot.game import dice_of
from companion.inputs.actions import Nav
from companion.scenes.notnot.flow import start_game
from companion.storage.database import Database
from companion.storage.games import ABANDONED, FINISHED, GameStore
from kiosk_helpers import game_of, notnot_play

SEED, PLAYERS = 4, 3


def play(app, rounds: int | None = None) -> list:
    return play_on(app, PLAYERS, rounds)


def new_game(folder, first="setup"):
    """A kiosk saving in ``folder``, a new game started from the set-up menu."""
    app = kiosk(first, state_dir=folder, seed=SEED, players=PLAYERS)
    choose(app, "Start")
    return app


def kept(folder):
    with Database.in_folder(folder) as database:
        return GameStore(database).unfinished()


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    """A whole game played without a break: its state folder, rolls, result and chart."""
    folder = tmp_path_factory.mktemp("uninterrupted")
    app = new_game(folder)
    rolls = play(app)
    app.step()  # the end screen's frame, after which the last round is saved
    game = game_of(app)
    played = Namespace(folder=folder, rolls=rolls, result=game.result(), reactions=dict(notnot_play(app).reactions))
    app.screen.close()
    app.ctx.services.close_database()
    return played


def test_each_finished_round_is_saved_with_the_snapshot_after_it(tmp_path):
    app = new_game(tmp_path)
    play(app, rounds=3)
    saved = kept(tmp_path)
    app.screen.close()
    assert [record["n"] for record in saved.rounds] == [1, 2, 3]
    assert saved.snapshot == json.loads(json.dumps(game_of(app).snapshot()))
    assert saved.settings == {"level": "first-game", "players": PLAYERS, "deals": "companion", "seed": SEED,
                              "tie_window_us": 1000}


@pytest.mark.slow
def test_a_finished_kiosk_game_is_listed_by_companion_history(uninterrupted, capsys):
    assert main(["history", "--state-dir", str(uninterrupted.folder)]) == 0
    games = capsys.readouterr().out.splitlines()[1:]
    winners = " ".join(f"P{p}" for p in uninterrupted.result["winners"])
    assert len(games) == 1 and "first-game " in games[0] and "(simulated)" not in games[0]
    assert f"{len(uninterrupted.rolls):>6}  {winners}" in games[0]


@pytest.mark.slow
def test_after_a_power_cut_the_game_resumes_and_ends_as_an_uninterrupted_one(tmp_path, uninterrupted):
    """A cut between rounds (the verdict shown, no new dice yet) loses nothing."""
    first = new_game(tmp_path)
    before = play(first, rounds=5)
    level, table = game_of(first).level.value, game_of(first).faces()
    first.screen.close()                      # the power went: nothing else is closed or saved
    again = kiosk("title", state_dir=tmp_path, seed=SEED + 1, players=PLAYERS)
    choose(again, "Not Not")
    step_until(again, in_scene(again, "setup"))
    assert again.scene.items()[0] == f"Resume the game in progress: round 6, {level}, {PLAYERS} players"
    choose(again, "Resume")
    assert again.scene.name == "deal" and again.scene.check
    assert {d.side: d.card for d in again.scene.dealt} == {side.value: face for side, face in table.items()}
    after = play(again)
    again.step()
    assert before + after == uninterrupted.rolls
    assert game_of(again).result() == uninterrupted.result
    assert {p: len(times) for p, times in notnot_play(again).reactions.items()} == \
        {p: len(times) for p, times in uninterrupted.reactions.items()}
    again.screen.close()


def dice_on_screen(app):
    """Confirm the deal prompt and wait for the round to open: the dice the table now sees."""
    app.post(tap(1, "E"))
    step_until(app, in_scene(app, "round"))
    return dice_of(app.scene.round.roll)


def resumed_from_the_title(app):
    """From the title, Not Not's set-up, Resume: the roll the table sees first."""
    choose(app, "Not Not")
    step_until(app, in_scene(app, "setup"))
    choose(app, "Resume")
    return dice_on_screen(app)


@pytest.mark.slow
def test_after_a_power_cut_with_the_dice_on_screen_the_resumed_round_rolls_new_dice(tmp_path):
    first = new_game(tmp_path)
    play(first, rounds=2)
    seen = dice_on_screen(first)
    first.screen.close()                      # the power went while the table saw the dice
    again = kiosk("title", state_dir=tmp_path, seed=SEED + 1, players=PLAYERS)
    rolled = resumed_from_the_title(again)
    assert game_of(again).round_no == 2 and game_of(again).cancelled == 1
    assert rolled != seen
    play(again)
    assert again.scene.name == "end"
    again.screen.close()


def test_a_round_cancelled_at_the_pause_rolls_new_dice_when_resumed_from_the_title(tmp_path):
    app = new_game(tmp_path)
    play(app, rounds=1)
    seen = dice_on_screen(app)
    app.post(Nav("pause", now()))             # nobody tapped: the round is cancelled
    step_until(app, in_scene(app, "pause"))
    choose(app, "Back to the title")
    step_until(app, in_scene(app, "title"))
    rolled = resumed_from_the_title(app)
    assert game_of(app).round_no == 1 and rolled != seen
    app.screen.close()


def test_starting_a_new_game_over_a_kept_one_asks_first_then_lists_the_kept_one_as_ended_early(
        tmp_path):
    first = new_game(tmp_path)
    play(first, rounds=1)
    first.screen.close()
    old = kept(tmp_path).id
    again = new_game(tmp_path)
    assert again.scene.name == "setup" and again.scene.shown_items()[7].startswith("Start anew")
    assert kept(tmp_path).id == old  # asked, not done
    again.post(tap(1, "E"))
    step_until(again, in_scene(again, "deal"))
    again.screen.close()
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        ended = store.get(old)
        assert ended.state == FINISHED and ended.ended_early and ended.result["scores"]
        assert store.unfinished().id == notnot_play(again).game_id != old
        assert [game.id for game in store.finished()] == [old]


@pytest.mark.parametrize("spoil", ["damaged file", "a file, not a folder"])
def test_an_unusable_state_folder_gives_a_notice_and_the_game_still_plays(tmp_path, spoil):
    if spoil == "damaged file":
        folder = tmp_path
        (folder / "companion.sqlite3").write_bytes(b"this is not a database " * 100)
    else:
        folder = tmp_path / "state"
        folder.write_text("a file")
    app = kiosk("setup", state_dir=folder, seed=SEED, players=PLAYERS)
    assert app.scene.items()[0].startswith("Level")
    choose(app, "Start")
    assert app.notice[0].startswith("this game is not being saved: ")
    play(app, rounds=2)
    assert game_of(app).round_no == 2 and notnot_play(app).game_id is None
    app.screen.close()


def test_the_kiosk_and_simulate_store_a_game_in_one_form(tmp_path):
    app = new_game(tmp_path / "kiosk")
    play(app, rounds=1)
    app.screen.close()
    app.ctx.services.close_database()
    args = Namespace(seed=SEED, players=PLAYERS, level="first-game", tie_window_us=1000)
    with Database.in_folder(tmp_path / "simulate") as database:
        next(simulate.start(args, GameStore(database))[2])
    by_kiosk, by_simulate = kept(tmp_path / "kiosk"), kept(tmp_path / "simulate")
    assert by_simulate.settings == {**by_kiosk.settings, "simulated": True}
    assert by_simulate.snapshot.keys() == by_kiosk.snapshot.keys()
    assert by_simulate.rounds[0].keys() == by_kiosk.rounds[0].keys()


def test_a_game_of_companion_simulate_is_never_offered_for_resume_in_the_kiosk(tmp_path):
    args = Namespace(seed=SEED, players=PLAYERS, level="normal", tie_window_us=1000)
    with Database.in_folder(tmp_path) as database:
        records = simulate.start(args, GameStore(database))[2]
        next(records), next(records)
    assert kept(tmp_path).settings["simulated"]
    app = kiosk("setup", state_dir=tmp_path)
    assert app.scene.items()[0].startswith("Level")
    app.screen.close()


def table_deals_game(state_dir):
    """A kiosk playing a new game with table deals, its opening cross entered and confirmed."""
    app = kiosk("setup", state_dir=state_dir, seed=SEED, players=PLAYERS)
    choose(app, "Deals")
    choose(app, "Start")
    for face in ("RED", "BLUE", "GREEN", "YELLOW"):
        choose(app, face)
    choose(app, "Yes: roll")
    return app


def test_with_table_deals_a_resumed_game_asks_for_the_cards_of_the_empty_spots(tmp_path):
    first = table_deals_game(tmp_path)
    rolls = []
    while game_of(first).round_no == 0 or first.scene.name != "entry":
        play_round(first, rolls, PLAYERS)
    empty = game_of(first).awaiting_cards()
    first.screen.close()
    again = kiosk("setup", state_dir=tmp_path, seed=SEED, players=PLAYERS)
    choose(again, "Resume")
    assert again.scene.name == "entry" and game_of(again).awaiting_cards() == empty != []


def test_with_table_deals_a_resumed_game_with_every_spot_filled_asks_before_the_dice_roll(
        tmp_path):
    first = table_deals_game(tmp_path)
    play_round(first, [], PLAYERS)
    while game_of(first).awaiting_cards():   # until a round where no card left the table
        while game_of(first).awaiting_cards():
            choose(first, "BLUE")
        choose(first, "Yes: roll")
        play_round(first, [], PLAYERS)
    faces = game_of(first).faces()
    first.screen.close()   # the power goes as the next dice roll
    again = kiosk("setup", state_dir=tmp_path, seed=SEED, players=PLAYERS)
    choose(again, "Resume")
    assert again.scene.name == "entry" and again.scene.title == "Are these the four cards?"
    assert game_of(again).faces() == faces
    choose(again, "Yes: roll")
    assert again.scene.name == "roll"


def test_a_game_ended_from_the_pause_menu_asks_first_then_is_listed_as_ended_early(
        tmp_path, capsys):
    app = new_game(tmp_path)
    play(app, rounds=2)
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    choose(app, "End the game")
    assert app.scene.name == "pause"
    assert app.scene.shown_items()[2] == "End the game now? select again"
    app.post(tap(1, "E"))
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
    app.screen.close()
    assert kept(tmp_path) is None
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert f"{2:>6}  " in line and line.endswith("(ended early)")


def test_a_game_ended_before_any_round_was_judged_is_left_out_of_the_history(tmp_path, capsys):
    """A second press on the end screen starts the next game (its set-up opens on Start);
    ended from the pause, it was listed as a game of 0 rounds, ended early (a player at
    the menus)."""
    app = new_game(tmp_path)
    step_until(app, in_scene(app, "deal"))
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    choose(app, "End the game")
    app.post(tap(1, "E"))
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
    assert any(piece.text.startswith("no round played: not kept") for piece in app.scene.drawn)
    app.screen.close()
    assert kept(tmp_path) is None
    with Database.in_folder(tmp_path) as database:
        assert GameStore(database).finished() == []
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("No finished Not Not games yet")


def test_each_new_game_of_a_session_is_dealt_a_deck_of_its_own(tmp_path):
    app = new_game(tmp_path)
    first = game_of(app)
    jump_to(app, "setup")  # a new game starts from the set-up
    second = start_game(app.ctx).game
    assert (first.seed, second.seed) == (SEED, SEED + 1)
    assert [c.ident for c in first.deck] != [c.ident for c in second.deck]
    assert kept(tmp_path).settings["seed"] == SEED + 1


@pytest.mark.slow
def test_a_save_another_program_holds_up_waits_and_is_on_disk_once_it_lets_go(tmp_path):
    import sqlite3

    app = new_game(tmp_path)
    play(app, rounds=1)
    app.step()
    other = sqlite3.connect(tmp_path / "companion.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")          # another program writing, for as long as it likes
    try:
        play(app, rounds=1)
        step_until(app, lambda: app.notice[0].startswith("this game is not being saved: "))
        assert game_of(app).round_no == 2
    finally:
        other.execute("ROLLBACK")
        other.close()
    play(app, rounds=1)
    step_until(app, lambda: app.notice[0] == "saving again: the game is saved up to now")
    assert [record["n"] for record in kept(tmp_path).rounds] == [1, 2, 3]
    app.screen.close()


def test_a_kiosk_save_waits_for_another_programs_write_well_under_the_watchdog():
    import re
    from pathlib import Path

    from companion.scenes.core import KIOSK_BUSY_TIMEOUT_S

    unit = (Path(__file__).parent.parent / "systemd" / "companion.service").read_text()
    watchdog_s = float(re.search(r"^WatchdogSec=(\d+)s$", unit, re.M).group(1))
    assert KIOSK_BUSY_TIMEOUT_S <= watchdog_s / 4
