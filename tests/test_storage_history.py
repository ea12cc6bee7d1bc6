"""``companion history``: finished games, newest first; ``--json`` with every round."""

import json

from companion.cli import main
from companion.storage.database import Database
from companion.storage.games import GameStore


def record(n: int) -> dict:
    return {"n": n, "taps": [{"player": 1, "side": "N", "t_us": 400_000 + n, "verdict": "win"}],
            "winners": [{"player": 1, "card": "RED", "from": "N"}], "scores": {"1": n, "2": 0}}


def keep_games(folder, count: int, unfinished: bool = False) -> None:
    with Database.in_folder(folder) as db:
        store = GameStore(db)
        for i in range(count):
            game_id = store.create(2, {"level": "normal", "seed": i}, {"round_no": 0})
            store.save_round(game_id, record(1), {"round_no": 1},
                             result={"winners": [1], "scores": {"1": 1, "2": 0}})
        if unfinished:
            store.create(2, {"level": "hard"}, {"round_no": 0})


def test_history_lists_finished_games_newest_first(tmp_path, capsys):
    keep_games(tmp_path, 3, unfinished=True)
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:2] == ["Game", "Finished"]
    assert [int(line.split()[0]) for line in lines[1:]] == [3, 2, 1]
    assert "normal" in lines[1] and "P1 1  P2 0" in lines[1]


def test_history_json_gives_every_round_with_its_taps(tmp_path, capsys):
    keep_games(tmp_path, 2)
    assert main(["history", "--state-dir", str(tmp_path), "--json", "--limit", "1"]) == 0
    [game] = json.loads(capsys.readouterr().out)
    assert game["id"] == 2 and game["state"] == "finished"
    assert game["rounds"] == [record(1)]


def test_history_follows_companion_state_dir(tmp_path, capsys, monkeypatch):
    keep_games(tmp_path, 1)
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path))
    assert main(["history", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 1


def test_an_empty_state_folder_has_no_history_and_is_left_untouched(tmp_path, capsys):
    assert main(["history", "--state-dir", str(tmp_path / "new")]) == 0
    assert "No finished Not Not games yet" in capsys.readouterr().out
    assert not (tmp_path / "new").exists()
    assert main(["history", "--state-dir", str(tmp_path / "new"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_a_broken_database_is_named_in_one_line(tmp_path, capsys):
    (tmp_path / "companion.sqlite3").write_text("not a database at all " * 50)
    assert main(["history", "--state-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and "companion.sqlite3" in err and err.count("\n") == 1


def test_history_pages_through_the_games_a_few_at_a_time(tmp_path, capsys, monkeypatch):
    from companion.storage import listing

    keep_games(tmp_path, 7)
    monkeypatch.setattr(listing, "PAGE", 2)
    queries = []
    with Database.in_folder(tmp_path) as db:
        db.connection.set_trace_callback(queries.append)
        ids = [line.id for line in listing.game_lines(db, "not-not")]
    assert ids == [7, 6, 5, 4, 3, 2, 1]
    assert sum("LIMIT" in query for query in queries) == 4          # 2 + 2 + 2 + 1
    rounds = [query for query in queries if "FROM rounds" in query]   # one game's at a time
    assert len(rounds) == 7 and all("game_id = " in query for query in rounds)
    assert main(["history", "--state-dir", str(tmp_path), "--limit", "3"]) == 0
    assert [int(line.split()[0]) for line in capsys.readouterr().out.splitlines()[1:]] == [7, 6, 5]


def test_history_shows_when_a_game_ended_in_local_time(tmp_path, capsys, monkeypatch):
    import time

    with Database.in_folder(tmp_path) as db:
        store = GameStore(db, clock=lambda: "2026-07-01T12:30:00+00:00")
        game_id = store.create(2, {"level": "normal"}, {"round_no": 0})
        store.finish(game_id, {"winners": [1], "scores": {"1": 1, "2": 0}})
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        assert main(["history", "--state-dir", str(tmp_path)]) == 0
    finally:
        monkeypatch.undo()
        time.tzset()
    header, line = capsys.readouterr().out.splitlines()
    assert "Finished (local)" in header and "2026-07-01 14:30:00" in line


def test_a_folder_of_the_other_two_games_only_says_where_their_games_are(tmp_path, capsys):
    from games_kiosk import finished_discs_game

    with Database.in_folder(tmp_path) as database:
        finished_discs_game(database, 3, "Popcorn")
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"No finished Not Not games yet in {tmp_path} (")
    assert "companion score-sheet" in said
