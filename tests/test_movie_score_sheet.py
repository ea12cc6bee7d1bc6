"""Not That Movie! kept in the state database: resume after power loss, the score sheet."""

import json

import pytest

from games_kiosk import finished_discs_game
from companion.cli import main
from companion.games.movie.rules import MovieGame
from companion.storage.bookkeeping import KeptGame
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.schema import MIGRATIONS
from companion.storage.score_sheets import movie_score_sheet

EVERYONE_ON_8 = {1: (8,), 2: (8,), 3: (8,)}


@pytest.fixture
def database(tmp_path):
    with Database.in_folder(tmp_path) as db:
        yield db


def entered(kept, database):
    """An entry was made: the game is saved, as the kiosk saves it."""
    kept.moved()
    kept.sync(database)


def play_round(kept, database, screens, votes=EVERYONE_ON_8):
    kept.game.cast_votes(votes)
    entered(kept, database)
    for screen in screens:
        kept.game.place(screen)
        entered(kept, database)


def stored(database, kept):
    """The game ``kept`` as stored."""
    return GameStore(database, kind=kept.game.KIND).get(kept.game_id)


def test_a_game_resumes_after_power_loss_at_the_last_entry(tmp_path):
    with Database.in_folder(tmp_path) as db:
        kept = KeptGame.start(db, MovieGame(3, first_holder=2), {"team": "Popcorn"})
        kept.game.cast_votes(EVERYONE_ON_8)
        entered(kept, db)
        kept.game.place(8)
        entered(kept, db)
        kept.game.place(1)
        entered(kept, db)
        before = kept.game.snapshot()
    with Database.in_folder(tmp_path) as db:          # the power came back
        resumed = KeptGame.resume(db, MovieGame)
        assert resumed.game.snapshot() == before and resumed.settings == {"team": "Popcorn"}
        assert resumed.game.holder == 3 and resumed.game.round.mistakes == 1


def test_there_is_nothing_to_resume_when_no_game_is_being_played(database):
    assert KeptGame.resume(database, MovieGame) is None


def test_a_round_is_written_down_once_the_table_moves_on(database):
    kept = KeptGame.start(database, MovieGame(3), {"team": "x"})
    play_round(kept, database, (1, 2, 3, 4, 5, 6, 7))
    assert stored(database, kept).rounds == ()     # it can still be taken back
    kept.game.undo()
    kept.game.place(7)
    kept.game.next_round()
    entered(kept, database)
    rounds = stored(database, kept).rounds
    assert [(r["n"], r["points"], r["bonus"]) for r in rounds] == [(1, 8, 1)]


def test_a_finished_game_goes_on_the_score_sheet(database):
    kept = KeptGame.start(database, MovieGame(3), {"team": "The Critics"})
    rounds = [(1, 2, 3, 4, 5, 6, 7), (8, 1, 2, 3, 4, 5, 6), (8, 1, 2, 3, 4, 5, 6),
              (1, 2, 3, 4, 5, 6, 7), (1, 2, 3, 4, 5, 6, 7)]
    for number, screens in enumerate(rounds, 1):
        play_round(kept, database, screens)
        if number < 5:
            kept.game.next_round()
            entered(kept, database)
    assert movie_score_sheet(database) == []             # not before the table has seen it
    kept.finish()
    kept.sync(database)
    [line] = movie_score_sheet(database)
    assert (line.players, line.team, line.rounds, line.total) == (3, "The Critics", (8, 6, 6, 8, 8), 36)
    assert (line.stars, line.title) == (4, "Blockbuster!")    # 3 players: the 4-player row
    assert len(line.played_on) == 10 and line.played_on[4] == "-"
    assert KeptGame.resume(database, MovieGame) is None


def ended_early(folder, players: int, rounds: int) -> None:
    """A game of ``players`` voting with discs, every token coloured for ``rounds`` rounds,
    then ended early by the table."""
    with Database.in_folder(folder) as db:
        kept = KeptGame.start(db, MovieGame(players, voting="discs"), {"team": "Quitters"})
        for _ in range(rounds):
            for _ in range(kept.game.tokens):
                kept.game.record(mistake=False)
            kept.game.next_round()
        kept.end_early()
        kept.sync(db)


def test_a_game_ended_early_is_not_rated_on_any_sheet(tmp_path, capsys):
    """The rulebook rates the total after 5 rounds: a game the table ended after two has its
    points on the sheet, and no stars nor title (its partial total would read as a flop)."""
    from test_web_pages import client_of, text_of

    ended_early(tmp_path, players=4, rounds=2)
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path)]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert line.split()[3:] == ["8", "8", "16", "-", "not", "rated", "(ended", "early)"], line
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path), "--json"]) == 0
    [entry] = json.loads(capsys.readouterr().out)
    assert (entry["rounds"], entry["stars"], entry["title"]) == ([8, 8], None, None)
    assert entry["ended_early"] is True
    page = text_of(client_of(tmp_path).get("/sheets/not-that-movie").text)
    assert "not rated (ended early)" in page and "Box Office Flop!" not in page


def test_a_game_ended_early_carries_no_note_on_the_row_it_was_rated_on(tmp_path, capsys):
    from test_web_pages import client_of, text_of

    ended_early(tmp_path, players=2, rounds=1)
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert "not rated" in said and "4-player row" not in said, said
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["note"] == ""
    assert "4-player row" not in text_of(client_of(tmp_path).get("/sheets/not-that-movie").text)


def test_an_abandoned_game_is_not_on_the_score_sheet(database):
    kept = KeptGame.start(database, MovieGame(4, voting="discs"), {"team": "x"})
    kept.game.record(mistake=False)
    entered(kept, database)
    kept.abandon()
    kept.sync(database)
    assert movie_score_sheet(database) == [] and KeptGame.resume(database, MovieGame) is None


def test_an_older_database_gains_the_score_sheets(tmp_path):
    path = tmp_path / "old.sqlite3"
    Database(path, migrations=MIGRATIONS[:1]).close()
    with Database(path) as db:
        assert db.version == len(MIGRATIONS)
        assert movie_score_sheet(db) == []


def test_score_sheet_prints_the_kept_sheet_newest_first(tmp_path, capsys):
    with Database.in_folder(tmp_path) as db:
        for team in ("First", "Second"):
            kept = KeptGame.start(db, MovieGame(5, voting="discs"), {"team": team})
            for number in range(1, 6):
                for _ in range(7):
                    kept.game.record(mistake=False)
                if number < 5:
                    kept.game.next_round()
            kept.finish()
            kept.sync(db)
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[2] for line in lines[1:]] == ["Second", "First"]
    assert lines[1].split()[3:] == ["8", "8", "8", "8", "8", "40", "*****", "Oscar", "Laureate!"]
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path), "--json",
                 "--limit", "1"]) == 0
    [line] = json.loads(capsys.readouterr().out)
    assert (line["team"], line["rounds"], line["stars"]) == ("Second", [8] * 5, 5)


def test_score_sheet_of_an_empty_state_folder_is_empty_and_leaves_it_untouched(tmp_path, capsys):
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path / "new")]) == 0
    said = capsys.readouterr().out
    assert said == f"No finished Not That Movie! game yet in {tmp_path / 'new'} (no such folder).\n"
    assert not (tmp_path / "new").exists()


def test_score_sheet_names_a_broken_database_in_one_line(tmp_path, capsys):
    (tmp_path / "companion.sqlite3").write_text("not a database " * 50)
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "companion.sqlite3" in err


def test_bench_games_save_times_every_saved_entry_of_both_games(tmp_path, capsys):
    from companion.simulation.scripted_tables import demo_script

    assert main(["bench", "games-save", "--games", "1", "--players", "3", "--state-dir", str(tmp_path),
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    movie = demo_script("not-that-movie", 3, 1)[1]
    assert report["not-that-movie"]["saves"] == movie.moves_made + 1     # every entry, then the end
    assert 0 < report["not-that-movie"]["save_ms_median"] <= report["not-that-movie"]["save_ms_max"]
    assert report["thats-not-a-hat"]["saves"] > 3


def test_score_sheet_notes_that_three_players_were_rated_on_the_four_player_row(tmp_path, capsys):
    with Database.in_folder(tmp_path) as db:
        for players in (3, 5):
            finished_discs_game(db, players, f"P{players}")
    note = "The rulebook's table has no row for 3 players: rated on the 4-player row."
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.strip() for line in lines].count(note) == 1
    assert lines[lines.index(next(line for line in lines if " P3 " in line)) + 1].strip() == note
    assert main(["score-sheet", "not-that-movie", "--state-dir", str(tmp_path), "--json"]) == 0
    notes = {row["players"]: row["note"] for row in json.loads(capsys.readouterr().out)}
    assert notes == {5: "", 3: note}
