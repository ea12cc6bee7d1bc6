"""That's Not a Hat kept in the state database: resume after power loss, the score sheet."""

import json

import pytest

from companion.cli import main
from companion.games.hat.rules import HatGame
from companion.storage.bookkeeping import KeptGame
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.score_sheets import hat_score_sheet


@pytest.fixture
def database(tmp_path):
    with Database.in_folder(tmp_path) as db:
        yield db


def stored(database, kept):
    """The game ``kept`` as stored."""
    return GameStore(database, kind=kept.game.KIND).get(kept.game_id)


def penalise(kept, player):
    """``player`` begins (or gives on) and their gift is refused: they were wrong."""
    game = kept.game
    if game.turn is None:
        game.give(player, "left")
        kept.moved()
    while game.pending is None or game.pending.giver != player:
        game.give(game.turn, "left")   # gifts go round until ``player`` gives one
        kept.moved()
    game.refuse("giver")
    kept.moved()


def test_a_game_resumes_after_power_loss_at_the_last_entry(tmp_path):
    with Database.in_folder(tmp_path) as db:
        kept = KeptGame.start(db, HatGame(4, multi_round=True), {"multi_round": True})
        penalise(kept, 2)
        kept.game.give(2, "right")
        kept.moved()
        kept.sync(db)
        before = kept.game.snapshot()
    with Database.in_folder(tmp_path) as db:
        resumed = KeptGame.resume(db, HatGame)
        assert resumed.game.snapshot() == before
        assert resumed.game.penalties[2] == 1 and resumed.game.last_gift.receiver == 1


def test_a_finished_multi_round_game_goes_on_the_score_sheet_round_by_round(database):
    kept = KeptGame.start(database, HatGame(3, multi_round=True), {})
    for number, losers in enumerate(((1, 1, 1), (2, 3, 2, 2), (3, 3, 1, 3)), 1):
        for player in losers:
            penalise(kept, player)
        if number < 3:
            kept.game.next_round()
            kept.moved()
    kept.sync(database)
    assert [r["n"] for r in stored(database, kept).rounds] == [1, 2]
    kept.finish()
    kept.sync(database)
    [sheet] = hat_score_sheet(database)
    assert sheet.players == 3
    assert sheet.rounds == ({1: 3, 2: 0, 3: 0}, {1: 0, 2: 3, 3: 1}, {1: 1, 2: 0, 3: 3})
    assert sheet.totals() == {1: 4, 2: 3, 3: 4}
    assert stored(database, kept).result["winners"] == [2]


def test_the_score_sheet_lists_the_newest_game_first(database):
    for players in (3, 5):
        kept = KeptGame.start(database, HatGame(players), {})
        for _ in range(3):
            penalise(kept, 1)
        kept.finish()
        kept.sync(database)
    assert [sheet.players for sheet in hat_score_sheet(database)] == [5, 3]
    assert [sheet.players for sheet in hat_score_sheet(database, limit=1)] == [5]


def test_score_sheet_prints_penalties_per_round_and_marks_the_winners(tmp_path, capsys):
    with Database.in_folder(tmp_path) as db:
        kept = KeptGame.start(db, HatGame(3, multi_round=True), {})
        for number, losers in enumerate(((1, 1, 1), (2, 2, 2), (3, 1, 3, 3)), 1):
            for player in losers:
                penalise(kept, player)
            if number < 3:
                kept.game.next_round()
        kept.finish()
        kept.sync(db)
    line, sheet = printed_sheet(tmp_path, capsys)
    assert "P2* 0+3+0=3" in line and "P3* 0+0+3=3" in line and "P1 3+0+1=4" in line
    assert sheet["totals"] == {"1": 4, "2": 3, "3": 3}


def printed_sheet(folder, capsys) -> tuple[str, dict]:
    """``companion score-sheet thats-not-a-hat``'s line of the newest game, and its JSON."""
    assert main(["score-sheet", "thats-not-a-hat", "--state-dir", str(folder)]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert main(["score-sheet", "thats-not-a-hat", "--state-dir", str(folder), "--json"]) == 0
    return line, json.loads(capsys.readouterr().out)[0]


def test_the_sheet_names_the_named_players_and_guests_by_seat(tmp_path, capsys):
    from test_web_pages import client_of, text_of
    from companion.storage.players import PlayerStore

    with Database.in_folder(tmp_path) as db:
        players = PlayerStore(db)
        seats = {1: players.add("Ana").id, 3: players.add("Cleo").id}   # seat 2: a guest
        kept = KeptGame.start(db, HatGame(3), {}, seats)
        for _ in range(3):
            penalise(kept, 1)
        kept.finish()
        kept.sync(db)
    line, sheet = printed_sheet(tmp_path, capsys)
    assert "Ana 3" in line and "P2* 0" in line and "Cleo* 0" in line
    assert sheet["names"] == {"1": "Ana", "3": "Cleo"} and sheet["totals"]["1"] == 3
    page = text_of(client_of(tmp_path).get("/sheets/thats-not-a-hat").text)
    assert "Ana" in page and "Cleo ★ winner" in page and "P2 ★ winner" in page


def test_a_sheet_whose_only_game_is_damaged_says_so_without_contradiction(tmp_path, capsys):
    import sqlite3

    with Database.in_folder(tmp_path) as db:
        kept = KeptGame.start(db, HatGame(3), {})
        for _ in range(3):
            penalise(kept, 1)
        kept.finish()
        kept.sync(db)
    with sqlite3.connect(tmp_path / "companion.sqlite3") as raw:
        raw.execute("UPDATE games SET result = '{\"rounds\": 5}'")
    assert main(["score-sheet", "thats-not-a-hat", "--state-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said == [f"No finished That's Not a Hat game that reads yet in {tmp_path}.",
                    f"game {kept.game_id} is damaged and set aside (kept, left off the sheet): "
                    "result.rounds is not a list of rounds"]
