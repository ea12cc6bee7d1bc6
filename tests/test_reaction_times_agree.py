"""One reaction time for one game: the end screen's chart, the title's leaderboard line,
``players board`` and ``players profile`` give each player the same median, rounded once to a
whole ms (the rule: companion/games/notnot/record.py, ``reaction_ms`` and ``whole_ms``;
docs/PLAYING.md, "Players' profiles and the leaderboard")."""

import re
import statistics
from dataclasses import replace

import pytest

from kiosk_helpers import FAST, in_scene, kiosk, notnot_play, now, step_until, tap
from test_scenes_flow import to_round
from companion.cli import main
from companion.games.notnot.leaderboard import board
from companion.games.notnot.record import whole_ms
from companion.games.notnot.sides import Side
from companion.inputs.actions import Nav
from companion.scenes.common.leaderboard import leaderboard_line
from companion.storage.database import Database
from companion.storage.location import state_dir
from companion.storage.played_games import finished_games
from companion.storage.players import PlayerStore

MS = 1_000_000
NAMES = {1: "Ana", 2: "Bo", 3: "Cy"}


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def play_with_wrong_answers_first(app, round_, rounds: int) -> None:
    """Play ``round_`` and the rounds after it, ``rounds`` in all: in a round with a wrong card,
    one player taps it first (a wrong answer, no reaction), then another taps a valid card; the
    third taps a valid card after the winner (a reaction: a valid answer after the close)."""
    for n in range(rounds):
        wrong, right, after = (n % 3 + 1, (n + 1) % 3 + 1, (n + 2) % 3 + 1)
        if round_.ruling.tap:
            valid = round_.ruling.valid[0].value
            bad = next((side for side in Side if side not in round_.ruling.valid), None)
            if bad is not None:
                open_ns, window_ns = round_.t_open_ns, round_.closes_at_ns - round_.t_open_ns
            if bad is not None:
                app.post(tap(wrong, bad.value, open_ns + window_ns // 5))
            app.post(tap(right, valid, open_ns + window_ns * (30 + n) // 100))
            app.post(tap(after, valid, open_ns + window_ns * 9 // 10))
        step_until(app, in_scene(app, "verdict"))
        step_until(app, lambda: app.scene.name != "verdict")
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        step_until(app, in_scene(app, "round"))
        round_ = app.scene.round


def end_the_game(app) -> None:
    """The table ends the game from the pause menu (it is kept finished, ended early)."""
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    for side in "SSEE":                                      # End the game, and confirm
        app.post(tap(1, side))
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)


def test_the_end_screen_the_title_and_the_board_give_one_median_reaction_per_player():
    with Database.in_folder(state_dir(None)) as database:
        roster = PlayerStore(database)
        ids = {seat: roster.add(name).id for seat, name in NAMES.items()}
    app = kiosk("setup", players=3, player_ids=ids, names=NAMES)
    play_with_wrong_answers_first(app, to_round(app), rounds=12)
    end_the_game(app)
    charted = {NAMES[seat]: statistics.median(times)
               for seat, times in notnot_play(app).reactions.items() if times}
    with Database.in_folder(state_dir(None)) as database:
        boarded = {standing.name: standing.to_json()["median_ms"]
                   for standing in board(finished_games(database, 20))}
    assert {name: round(ms, 1) for name, ms in charted.items()} == boarded and len(boarded) == 3
    line = leaderboard_line(app.ctx)
    for name, ms in charted.items():
        assert re.search(rf"{name} won \d+ of \d+, {whole_ms(ms)} ms", line), line


#: Alexander's answers in ms from the open, one a round: their median is 587.476 ms, which
#: reads 587 rounded once (rounded to 587.5 first, it read 588).
ALEXANDER_MS = [587.476 + step for step in (-60, 45, -30, 12, -8, 0, 9, -20, 30, -45, 60)]


def play_answering_at(app, round_, times_ms: list[float]) -> None:
    """Play a round that needs a tap for each of ``times_ms``: seat 1 taps a valid card that
    many ms after the open (a round nobody may tap is left to time out)."""
    times = list(times_ms)
    while times:
        if round_.ruling.tap:
            ms = times.pop(0)
            app.post(tap(1, round_.ruling.valid[0].value, round_.t_open_ns + round(ms * 1e6)))
        step_until(app, lambda: app.scene.name != "round", limit_s=30)
        if app.scene.name == "verdict":
            step_until(app, lambda: app.scene.name != "verdict")
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        if times:
            step_until(app, in_scene(app, "round"))
            round_ = app.scene.round


def test_a_median_of_x_476_ms_reads_the_same_whole_ms_on_the_end_screen_board_and_profile(
        capsys):
    names = {1: "Alexander", 2: "Fatima", 3: "Dee O'neil"}
    with Database.in_folder(state_dir(None)) as database:
        roster = PlayerStore(database)
        ids = {seat: roster.add(name).id for seat, name in names.items()}
    app = kiosk("setup", pace=replace(FAST, timeouts=1.0), players=3, player_ids=ids,
                names=names)
    play_answering_at(app, to_round(app), ALEXANDER_MS)
    end_the_game(app)
    assert statistics.median(notnot_play(app).reactions[1]) == pytest.approx(587.476)
    assert "Alexander 587 ms" in [piece.text for piece in app.scene.drawn]
    assert main(["players", "board", "--state-dir", str(state_dir(None))]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines()
               if line.startswith("Alexander"))
    assert re.split(r" +", row)[4] == "587"
    assert main(["players", "profile", "Alexander", "--state-dir", str(state_dir(None))]) == 0
    every_round = next(line for line in capsys.readouterr().out.splitlines()
                       if line.strip().startswith("every round"))
    assert re.search(r"every round +587 ms ", every_round)
