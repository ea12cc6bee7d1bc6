"""A kept Not Not game whose result or round record holds a value of a wrong type is damaged like
any other: left out of the board and the title's leaderboard, named by ``history --check``, and a
replay of such a round says in one line that it does not read. Never an internal error, never a
title that fails."""

import pytest
from fault_cases import copy_of, on, outcome, write_raw
from kiosk_helpers import kiosk, step_until

#: Results of game 2 that do not read, as a hand edit or a flipped byte may leave them.
BAD_RESULTS = {
    "scores a list": '{"scores": [], "winners": [1]}',
    "a score as text": '{"scores": {"1": "x"}, "winners": [1]}',
    "a score past any float": '{"scores": {"1": 1e400}, "winners": [1]}',
    "winners as text": '{"scores": {"1": 1}, "winners": "1"}',
}
#: Values of the first tap of game 1's round 3 that do not read.
BAD_TAPS = {"player as text": ("player", "one"), "stamp as text": ("t_us", "x")}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """Two finished games of three named players, closed."""
    folder = tmp_path_factory.mktemp("pristine")
    made = outcome(on(folder, ("simulate", "--players", "3", "--seed", "5", "--games", "2",
                               "--names", "Ana,Bo,Cy")))
    assert made.code == 0, made
    return folder


def with_result(pristine, folder, result: str):
    folder = copy_of(pristine, folder)
    write_raw(folder, "UPDATE games SET result = ? WHERE id = 2", (result,))
    return folder


def with_tap(pristine, folder, key: str, value: str):
    folder = copy_of(pristine, folder)
    write_raw(folder, "UPDATE rounds SET record = json_set(record, ?, ?) "
                      "WHERE game_id = 1 AND n = 3", (f"$.taps[0].{key}", value))
    return folder


@pytest.mark.parametrize("result", BAD_RESULTS.values(), ids=list(BAD_RESULTS))
def test_a_result_that_does_not_read_leaves_the_title_and_its_leaderboard_working(
        pristine, tmp_path, result):
    folder = with_result(pristine, tmp_path / "state", result)
    app = kiosk("title", state_dir=folder)
    step_until(app, lambda: app.scene.name == "title" and not app.scene.dirty)
    assert app.scene.name == "title" and app.scene.subtitle.startswith("Last game:   ")
    app.screen.close()
    app.ctx.services.close_database()


@pytest.mark.parametrize("result", BAD_RESULTS.values(), ids=list(BAD_RESULTS))
def test_players_board_leaves_out_a_game_whose_result_does_not_read(pristine, tmp_path, result):
    folder = with_result(pristine, tmp_path / "state", result)
    board = outcome(on(folder, ("players", "board", "--json")))
    assert board.code == 0 and board.clear, board
    assert '"games":1,' in board.out


@pytest.mark.parametrize("result", BAD_RESULTS.values(), ids=list(BAD_RESULTS))
def test_check_names_a_game_whose_result_does_not_read(pristine, tmp_path, result):
    folder = with_result(pristine, tmp_path / "state", result)
    check = outcome(on(folder, ("history", "--check")))
    assert check.code == 1 and check.clear, check
    assert ": game 2 is damaged: result." in check.out


def test_a_round_whose_tap_does_not_read_is_left_out_of_the_board(pristine, tmp_path):
    folder = with_tap(pristine, tmp_path / "state", *BAD_TAPS["stamp as text"])
    board = outcome(on(folder, ("players", "board", "--json")))
    assert board.code == 0 and board.clear, board
    assert '"games":2,' in board.out


@pytest.mark.parametrize("key, value", BAD_TAPS.values(), ids=list(BAD_TAPS))
def test_replay_of_a_round_whose_tap_does_not_read_says_so_in_one_line(pristine, tmp_path, key,
                                                                      value):
    folder = with_tap(pristine, tmp_path / "state", key, value)
    replay = outcome(on(folder, ("replay", "1", "3")))
    assert replay.code == 2 and replay.clear and replay.out == "", replay
    assert "game 1 round 3: its record does not read (taps[0]." in replay.err
