"""Pull the plug at any moment: the saved game resumes and ends exactly as if nothing happened.

``companion simulate --state-dir DIR`` is killed with SIGKILL at random moments
(no chance to clean up, as in a power cut). Every time the database must pass
``PRAGMA integrity_check``, and either hold nothing yet (killed before the game
was saved), a game to resume from the round it reached, or the finished game.
``--resume`` must continue from that round (it reads players, seed and level
from the database, not the command line) and print a document identical to an
uninterrupted run's.

The kills are chosen to land on every kind of moment a power cut can hit, not
drawn blindly (fifty blind kills mostly landed on ordinary rounds):

- a random instant of the whole run: start-up, often before the database or its
  schema exists, or while the schema's migrations are written;
- as soon as the schema exists: the game just created, or about to be, no round saved;
- on both sides of each level-up (saved up to the round before it, and up to
  the round that brings it): the snapshot then carries a new level;
- rounds spread evenly over the game, so that every level is resumed mid-way;
- the last round, whose transaction also marks the game finished, and after it.

A round-targeted kill waits until that many rounds are saved, then a random
part of a round (the round's write, or the delay after it), so kills fall both
inside a transaction and between two.
"""

import pytest
import json
import random
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from companion.storage.database import FILENAME

SEED, PLAYERS, LEVEL = 11, 3, "first-game"
ROUND_DELAY_MS = 8
#: Kills at a random instant of the whole run, and rounds apart of the evenly spread kills.
KILLS_AT_ANY_INSTANT, SPREAD_EVERY = 3, 6
GAME = ["--seed", str(SEED), "--players", str(PLAYERS), "--level", LEVEL]


def simulate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", "simulate", "--json", *args],
                          capture_output=True, text=True, timeout=60)


def integrity(path: Path) -> str:
    with sqlite3.connect(path) as db:
        return db.execute("PRAGMA integrity_check").fetchone()[0]


def saved_games(path: Path) -> list[tuple[str, int]]:
    """(state, rounds saved) of each game in the database; none before the schema was made."""
    with sqlite3.connect(path) as db:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone():
            return []
        return db.execute(
            "SELECT state, (SELECT count(*) FROM rounds WHERE game_id = games.id) FROM games").fetchall()


def finished_document(path: Path) -> tuple[list, dict]:
    with sqlite3.connect(path) as db:
        rounds = [json.loads(r) for (r,) in db.execute("SELECT record FROM rounds ORDER BY n")]
        (result,) = db.execute("SELECT result FROM games").fetchone()
    return rounds, json.loads(result)


def rounds_saved_so_far(path: Path) -> int:
    """Rounds the running game has saved, read without creating or locking anything."""
    if not path.exists():
        return -1
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.05) as db:
            return db.execute("SELECT count(*) FROM rounds").fetchone()[0]
    except sqlite3.Error:
        return -1


def kill_moments(levels: list[str]) -> list[int | None]:
    """The moments to kill at, given each round's level: ``None`` for a random instant of
    the whole run, else the number of rounds to wait for (see the module's docstring)."""
    last = len(levels) - 1
    level_ups = [n for n in range(1, len(levels)) if levels[n] != levels[n - 1]]
    rounds = {0, last, len(levels)} | set(range(0, last, SPREAD_EVERY))
    rounds |= {n for up in level_ups for n in (up, up + 1)}
    return [None] * KILLS_AT_ANY_INSTANT + sorted(rounds)


def kill_at_a_moment_of_the_game(process: subprocess.Popen, database: Path, rng: random.Random,
                                 target: int | None, whole_run_s: float) -> None:
    """Waits for the moment ``target``, measured in rounds saved, not in wall time.

    ``None`` is a random instant of the whole run (often before the game is
    saved); a number waits until that many rounds have been saved and then a
    random part of a round's delay, so that a slow or busy machine moves the
    moments with the game instead of piling them up before it starts.
    """
    if target is None:
        time.sleep(rng.uniform(0, whole_run_s))
        return
    deadline = time.monotonic() + 60
    while (rounds_saved_so_far(database) < target and process.poll() is None
           and time.monotonic() < deadline):
        time.sleep(0.001)
    time.sleep(rng.uniform(0, 1.5 * ROUND_DELAY_MS / 1000))


@pytest.mark.slow
def test_a_game_killed_at_any_moment_resumes_to_the_same_result(tmp_path):
    uninterrupted = simulate(*GAME)
    assert uninterrupted.returncode == 0, uninterrupted.stderr
    expected = json.loads(uninterrupted.stdout)

    began = time.monotonic()
    saved_run = simulate(*GAME, "--state-dir", str(tmp_path / "whole"), "--round-delay-ms", str(ROUND_DELAY_MS))
    whole_run_s = time.monotonic() - began
    assert json.loads(saved_run.stdout) == expected

    kill_seed = random.randrange(2**32)
    rng = random.Random(kill_seed)
    where = f"(kill seed {kill_seed})"
    landed = {"before the game was saved": 0, "mid-game": 0, "after the game finished": 0}
    moments = kill_moments([record["level"] for record in expected["rounds"]])
    for kill, target in enumerate(moments):
        folder = tmp_path / f"kill-{kill}"
        database = folder / FILENAME
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "simulate", "--json", *GAME, "--state-dir", str(folder),
             "--round-delay-ms", str(ROUND_DELAY_MS)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        kill_at_a_moment_of_the_game(process, database, rng, target, whole_run_s)
        process.kill()
        process.wait()

        games = saved_games(database) if database.exists() else []
        if database.exists():
            assert integrity(database) == "ok", f"kill {kill} {where}"
        if not games:
            landed["before the game was saved"] += 1
            refused = simulate("--state-dir", str(folder), "--resume")
            assert refused.returncode == 2 and "no unfinished game to resume" in refused.stderr
            continue
        [(state, rounds_saved)] = games
        if state == "finished":
            landed["after the game finished"] += 1
            assert finished_document(database) == (expected["rounds"], expected["final"]), f"kill {kill} {where}"
            continue

        landed["mid-game"] += 1
        resumed = simulate("--state-dir", str(folder), "--resume")
        assert resumed.returncode == 0, f"kill {kill} {where}: {resumed.stderr}"
        match = re.search(r"resuming game \d+ after round (\d+)", resumed.stderr)
        assert match and int(match.group(1)) == rounds_saved, f"kill {kill} {where}: {resumed.stderr}"
        assert json.loads(resumed.stdout) == expected, f"kill {kill} {where}: resumed after round {rounds_saved}"
        assert integrity(database) == "ok", f"kill {kill} {where}"
        assert saved_games(database) == [("finished", len(expected["rounds"]))]

    print(f"{len(moments)} kills {where}: {landed}")
    assert landed["mid-game"] >= len(moments) // 3, \
        f"too few kills landed mid-game to test resuming {where}: {landed}"


def test_resume_needs_the_folder_the_game_was_saved_in(capsys):
    from companion.cli import main

    assert main(["simulate", "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion simulate: --resume needs --state-dir DIR")
    assert err.endswith("(see companion simulate --help)\n")


def test_a_state_folder_without_an_unfinished_game_has_nothing_to_resume(tmp_path, capsys):
    from companion.cli import main

    assert main(["simulate", "--state-dir", str(tmp_path), "--resume"]) == 2
    assert f"no unfinished game to resume in {tmp_path}" in capsys.readouterr().err


def test_a_state_folder_that_is_a_file_is_named_in_one_line(tmp_path, capsys):
    from companion.cli import main

    (tmp_path / "state").write_text("not a folder")
    assert main(["simulate", "--state-dir", str(tmp_path / "state")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: cannot open the state database") and err.count("\n") == 1


@pytest.mark.parametrize("command", [["history"], ["players", "list"], ["replay", "1", "1"]])
def test_a_folder_in_place_of_the_state_database_is_named_as_a_folder(tmp_path, capsys, command):
    from companion.cli import main

    (tmp_path / "companion.sqlite3").mkdir()
    assert main([*command, "--state-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'companion.sqlite3'} is a folder, not the state database" in err
    assert err.count("\n") == 1 and "immutable" not in err


@pytest.mark.parametrize("damage, code", [("random bytes", 2), ("a text file", 2),
                                          ("a folder", 2), ("empty", 1)])
def test_history_check_exits_as_its_help_says_for_a_file_that_is_no_database(tmp_path, capsys,
                                                                             damage, code):
    from companion.cli import main

    path = tmp_path / "companion.sqlite3"
    if damage == "a folder":
        path.mkdir()
    else:
        path.write_bytes({"random bytes": bytes(range(256)) * 80, "a text file": b"hello\n",
                          "empty": b""}[damage])
    assert main(["history", "--check", "--state-dir", str(tmp_path)]) == code
    said = capsys.readouterr()
    assert str(path) in said.out + said.err and "ok" not in said.out.split()


@pytest.mark.parametrize("folder", ["a mistyped folder", "an empty folder"])
def test_history_check_of_a_folder_with_no_database_says_so_and_exits_2_never_ok(
        tmp_path, capsys, folder):
    """A recovery followed with a wrong path was told, with exit 0, that no games were kept."""
    from companion.cli import main

    where = tmp_path / "nowhere" if folder == "a mistyped folder" else tmp_path
    assert main(["history", "--check", "--state-dir", str(where)]) == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1
    assert f"there is no state database to check in {where}" in said.err


def test_history_check_says_its_three_exit_codes_in_its_help(capsys):
    from companion.cli import main

    with pytest.raises(SystemExit):
        main(["history", "--help"])
    assert ("exit 0 if it is sound, 1 if it is damaged, 2 if it is no companion database or "
            "cannot be read") in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("other", [["--json"], ["--game", "1"], ["--limit", "3"],
                                   ["--recover-to", "elsewhere"]])
def test_history_check_with_a_listing_option_is_refused_not_half_done(tmp_path, capsys, other):
    from companion.cli import main

    assert main(["history", "--check", *other, "--state-dir", str(tmp_path)]) == 2
    assert "history --check says whether the state database is sound, in lines: give it alone" \
        in capsys.readouterr().err
