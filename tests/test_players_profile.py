"""``companion players profile NAME`` and ``companion players board``, on games that
``companion simulate --games N --names ...`` keeps with thinking bots whose delays are known.

The profile and the board only read: beside a running kiosk too. An unknown name is one
line, exit status 2.
"""

import json
import math
import random

import pygame
import pytest
from fault_cases import copy_of, on, outcome, write_raw

from companion.cli import main
from companion.games.notnot.dice import Roll
from companion.games.notnot.cards import Level
from companion.games.notnot.profile import CONFIDENCE, MIN_ROUNDS
from companion.games.notnot.sides import Side
from companion.simulation.bots import THINKING_MEDIAN_MS, make_bots, thinking_delays
from companion.storage import owner
from companion.storage.database import Database
from companion.storage.played_games import keep_played, rounds_of
from companion.storage.players import PlayerStore
from tests.test_thinking_profile import record

NAMES = ["Ana", "Bo", "Cy", "Di"]


def run_json(capsys, *words: str):
    capsys.readouterr()
    assert main(list(words)) == 0
    return json.loads(capsys.readouterr().out)


def refused(capsys, *words: str) -> str:
    capsys.readouterr()
    assert main(list(words)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    """200 games of four thinking bots, kept by ``companion simulate``."""
    folder = tmp_path_factory.mktemp("simulated")
    assert main(["simulate", "--games", "200", "--names", ",".join(NAMES),
                 "--state-dir", str(folder)]) == 0
    return folder


def allowed_misses(checks: int) -> int:
    """The most intervals of ``checks`` at the stated confidence that may miss by chance: more
    would happen less than once in a hundred runs."""
    miss = 1 - CONFIDENCE
    chance = [math.comb(checks, m) * miss ** m * (1 - miss) ** (checks - m)
              for m in range(checks + 1)]
    return next(m for m in range(checks + 1) if sum(chance[m + 1:]) < 0.01)


def test_a_thinking_bot_is_slower_by_its_known_delays_for_what_the_roll_asks():
    bot = make_bots(2, random.Random(1), thinking=True)[1]
    delays = thinking_delays(2)
    roll = Roll(("UP", "RED"), "NOT NOT", Side.E, True, Level.EXTREME)
    assert bot.median_for(roll) == pytest.approx(
        THINKING_MEDIAN_MS + delays.negations[2] + delays.liar + delays.arrow + delays.stroop)
    plain = Roll(("UP", "NOTHING"), "NOTHING", Side.N, False, Level.NORMAL)
    assert bot.median_for(plain) == THINKING_MEDIAN_MS


def test_bots_that_do_not_think_are_as_fast_whatever_the_roll():
    bot = make_bots(2, random.Random(1))[0]
    roll = Roll(("UP", "RED"), "NOT NOT NOT", Side.E, True, Level.EXTREME)
    assert bot.median_for(roll) == bot.median_for(None) == bot.median_ms


def test_the_profile_of_200_simulated_games_gives_back_the_bots_known_negation_delays(
        simulated, capsys):
    misses = []
    checks = 0
    for seat, name in enumerate(NAMES, start=1):
        profile = run_json(capsys, "players", "profile", name, "--json",
                           "--state-dir", str(simulated))
        assert profile["name"] == name and profile["rounds"] > 0
        for n, figure in enumerate(profile["negations_alone"]):
            known = THINKING_MEDIAN_MS + thinking_delays(seat).negations[n]
            low, high = figure["interval_ms"]
            checks += 1
            if not low <= known <= high:
                misses.append((name, n, known, low, high))
        medians = [figure["median_ms"] for figure in profile["negations_alone"]]
        assert medians == sorted(medians)     # every negation more costs more
    assert len(misses) <= allowed_misses(checks), misses


def test_the_profile_says_what_costs_a_player_most(simulated, capsys):
    capsys.readouterr()
    assert main(["players", "profile", "di", "--state-dir", str(simulated)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Di: ") and "NOT NOT NOT costs Di " in out
    assert "wrong taps in " in out and "too early in " in out


def test_the_profile_chart_is_a_png_with_a_row_per_figure(simulated, tmp_path, capsys):
    png = tmp_path / "di.png"
    profile = run_json(capsys, "players", "profile", "Di", "--json", "--png", str(png),
                       "--state-dir", str(simulated))
    image = pygame.image.load(str(png))
    rows = 1 + len(profile["conditions"]) + len(profile["negations_alone"])
    assert image.get_height() > rows * 20 and image.get_width() > 0


def test_the_profile_reads_beside_a_running_kiosk(simulated, capsys):
    kiosk = owner.take(simulated, "the kiosk")
    try:
        assert run_json(capsys, "players", "profile", "Ana", "--json",
                        "--state-dir", str(simulated))["rounds"] > 0
        assert len(run_json(capsys, "players", "board", "--json",
                            "--state-dir", str(simulated))) == len(NAMES)
    finally:
        kiosk.release()


def test_an_unknown_name_is_one_line_and_exit_status_2(simulated, tmp_path, capsys):
    assert "no player is called 'Zed'" in refused(capsys, "players", "profile", "Zed",
                                                  "--state-dir", str(simulated))
    assert "no player is called 'Zed'" in refused(capsys, "players", "profile", "Zed",
                                                  "--state-dir", str(tmp_path / "none"))


def test_a_png_that_cannot_be_written_is_one_line(simulated, tmp_path, capsys):
    line = refused(capsys, "players", "profile", "Ana", "--png", str(tmp_path / "no" / "x.png"),
                   "--state-dir", str(simulated))
    assert "--png" in line and "cannot write it" in line


def test_a_player_with_few_rounds_is_too_few_rounds_to_tell(tmp_path, capsys):
    rounds = [{**record([(1, "N", 500_000, "win")]).to_json(), "n": n} for n in range(1, 4)]
    with Database.in_folder(tmp_path) as database:
        keep_played(database, {"level": "extreme"}, {}, rounds,
                    {"winners": [1], "scores": {"1": 3, "2": 0}}, ["Ana", "Bo"])
    profile = run_json(capsys, "players", "profile", "Ana", "--json", "--state-dir",
                       str(tmp_path))
    assert profile["rounds"] == 3 and profile["overall"]["rounds"] == 3 < MIN_ROUNDS
    assert "too_few" in profile["overall"] and profile["costliest"] is None


def kept(folder, winners, scores, times_ms, names):
    """A finished game: seat 1 answers validly at each of ``times_ms``."""
    rounds = [{**record([(1, "N", ms * 1000, "win")], level="normal").to_json(), "n": n}
              for n, ms in enumerate(times_ms, start=1)]
    with Database.in_folder(folder) as database:
        return keep_played(database, {"level": "normal"}, {}, rounds,
                           {"winners": winners, "scores": scores}, names)


def test_the_board_counts_wins_cards_per_game_and_median_reaction(tmp_path, capsys):
    kept(tmp_path, [1], {"1": 9, "2": 3}, [400, 500, 600], ["Ana", "Bo"])
    kept(tmp_path, [2], {"1": 4, "2": 8}, [700], ["Ana", "Bo"])
    board = run_json(capsys, "players", "board", "--json", "--state-dir", str(tmp_path))
    ana = next(row for row in board if row["name"] == "Ana")
    assert (ana["games"], ana["wins"], ana["cards_per_game"]) == (2, 1, (9 + 4) / 2)
    assert ana["median_ms"] == 550 and ana["median_ms_by_level"] == {"normal": 550}
    bo = next(row for row in board if row["name"] == "Bo")
    assert (bo["games"], bo["wins"], bo["median_ms"]) == (2, 1, None)


def test_the_board_over_the_last_n_games_counts_only_those(tmp_path, capsys):
    kept(tmp_path, [1], {"1": 9, "2": 3}, [400], ["Ana", "Bo"])
    kept(tmp_path, [2], {"1": 4, "2": 8}, [700], ["Ana", "Bo"])
    board = run_json(capsys, "players", "board", "--last", "1", "--json",
                     "--state-dir", str(tmp_path))
    assert [(row["name"], row["games"], row["wins"]) for row in board] == [("Bo", 1, 1),
                                                                           ("Ana", 1, 0)]
    capsys.readouterr()
    assert main(["players", "board", "--state-dir", str(tmp_path)]) == 0
    assert "Ana" in capsys.readouterr().out


def test_the_boards_heading_counts_the_games_it_read(tmp_path, capsys):
    kept(tmp_path, [1], {"1": 9, "2": 3}, [400], ["Ana", "Bo"])
    kept(tmp_path, [2], {"1": 4, "2": 8}, [700], ["Ana", "Bo"])
    for last, heading in (("1", "the last game"), ("2", "the last 2 games"),
                          ("5", "the last 2 games")):
        assert main(["players", "board", "--last", last, "--state-dir", str(tmp_path)]) == 0
        assert capsys.readouterr().out.startswith(f"Leaderboard, {heading}: ")


def finished_hat_game(folder) -> None:
    """A That's Not a Hat game finished by the named players Ana and Bo, kept in ``folder``."""
    from test_hat_score_sheet import penalise
    from companion.games.hat.rules import HatGame
    from companion.storage.bookkeeping import KeptGame

    with Database.in_folder(folder) as database:
        players = PlayerStore(database)
        kept = KeptGame.start(database, HatGame(3), {},
                              {1: players.add("Ana").id, 2: players.add("Bo").id})
        for _ in range(3):
            penalise(kept, 1)
        kept.finish()
        kept.sync(database)


def test_the_board_with_only_other_games_finished_says_it_counts_not_not_games(tmp_path, capsys):
    """Named players who finished a That's Not a Hat game were told none had finished a game."""
    finished_hat_game(tmp_path)
    assert main(["players", "board", "--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == (f"No named player has finished a Not Not game in "
                                       f"{tmp_path} yet.\n")
    with pytest.raises(SystemExit):
        main(["players", "board", "--help"])
    assert "every named player in Not Not games" in " ".join(capsys.readouterr().out.split())


def test_the_profile_of_a_player_of_other_games_only_says_it_counts_not_not_rounds(
        tmp_path, capsys):
    """Ana played That's Not a Hat only: her profile's "0 rounds" read as if her games were
    lost; it counts Not Not's rounds, and says so."""
    finished_hat_game(tmp_path)
    assert main(["players", "profile", "Ana", "--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("Ana: 0 Not Not rounds; ")
    with pytest.raises(SystemExit):
        main(["players", "profile", "--help"])
    assert "reaction times in Not Not" in " ".join(capsys.readouterr().out.split())


def test_simulated_names_need_a_state_folder(capsys):
    assert "--names needs --state-dir" in refused(capsys, "simulate", "--names", "Ana,Bo")
    with pytest.raises(SystemExit) as usage:
        main(["simulate", "--names", "Ana,ana", "--state-dir", "x"])
    assert usage.value.code == 2 and "names a player twice" in capsys.readouterr().err


def test_bench_profile_prints_what_it_measured(tmp_path, capsys):
    report = run_json(capsys, "bench", "profile", "--rounds", "200", "--json",
                      "--state-dir", str(tmp_path))
    assert report["rounds"] >= 200 and report["games"] >= 1
    assert {"read_ms", "profile_ms", "total_ms", "generate_s", "folder"} <= set(report)


def test_a_players_latest_rounds_are_read_oldest_first_and_another_game_left_out(tmp_path):
    first = kept(tmp_path, [1], {"1": 1, "2": 0}, [401, 402, 403], ["Ana", "Bo"])
    second = kept(tmp_path, [1], {"1": 1, "2": 0}, [404, 405], ["Ana", "Bo"])
    with Database.in_folder(tmp_path) as database:
        ana = PlayerStore(database).find("Ana").id
        def times(**options):
            return [item.taps[0].t_us // 1000 for item, _ in
                    rounds_of(database, ana, **options).rounds]
        assert times() == [401, 402, 403, 404, 405]
        assert times(last=3) == [403, 404, 405]
        assert times(besides=second) == [401, 402, 403] and times(besides=first) == [404, 405]


def test_a_kept_round_that_does_not_read_is_left_out_and_said(tmp_path, capsys):
    game_id = kept(tmp_path, [1], {"1": 1, "2": 0}, [401, 402], ["Ana", "Bo"])
    with Database.in_folder(tmp_path) as database, database.transaction() as db:
        db.execute("UPDATE rounds SET record = '{\"n\": 2}' WHERE game_id = ? AND n = 2",
                   (game_id,))
    profile = run_json(capsys, "players", "profile", "Ana", "--json", "--state-dir",
                       str(tmp_path))
    assert (profile["rounds"], profile["unreadable_rounds"]) == (1, 1)
    capsys.readouterr()
    assert main(["players", "profile", "Ana", "--state-dir", str(tmp_path)]) == 0
    assert "(1 kept round did not read, left out)" in capsys.readouterr().out


def test_a_player_who_never_played_has_too_few_rounds_everywhere(tmp_path, capsys):
    assert main(["players", "add", "Zoe", "--state-dir", str(tmp_path)]) == 0
    profile = run_json(capsys, "players", "profile", "zoe", "--json", "--state-dir",
                       str(tmp_path))
    assert profile["name"] == "Zoe" and profile["rounds"] == 0
    assert all("too_few" in figure for figure in profile["conditions"])
    assert profile["wrong_rate"] is None and profile["costliest"] is None



def test_the_board_reads_the_kept_games_one_at_a_time(tmp_path, capsys, monkeypatch):
    """A year of games need not all be in memory at once (the board over 2,213 games once held
    them all: 806 MB): the next game is read only when the board takes it."""
    from companion.storage.games import GameStore
    from companion.storage.played_games import finished_games

    for times_ms in ([400], [500], [600]):
        kept(tmp_path, [1], {"1": 9, "2": 3}, times_ms, ["Ana", "Bo"])
    reads: list[int] = []
    readable = GameStore._readable
    monkeypatch.setattr(GameStore, "_readable",
                        lambda store, game_id: reads.append(game_id) or readable(store, game_id))
    with Database.for_reading(tmp_path) as database:
        games = finished_games(database)
        first = next(games)
        assert len(reads) == 1
        assert len([first, *games]) == 3 and len(reads) == 3
    assert main(["players", "board", "--last", "3", "--state-dir", str(tmp_path)]) == 0
    assert "Leaderboard, the last 3 games" in capsys.readouterr().out


def with_a_round_not_utf8(tmp_path, game_id: int, n: int):
    """A state folder of three finished games of Ana and Bo kept by ``companion simulate``, and
    its copy in which round ``n`` of game ``game_id`` holds bytes that are not UTF-8 text (as a
    flipped byte on the card leaves it)."""
    pristine = tmp_path / "pristine"
    made = outcome(on(pristine, ("simulate", "--games", "3", "--names", "Ana,Bo")))
    assert made.code == 0, made
    folder = copy_of(pristine, tmp_path / "state")
    write_raw(folder, "UPDATE rounds SET record = CAST(X'FFFE7B' AS TEXT) "
                      "WHERE game_id = ? AND n = ?", (game_id, n))
    return pristine, folder


def test_a_profile_leaves_out_a_game_that_does_not_read_and_says_so_in_one_line(tmp_path):
    """A tester's profile of Ana once said only 'reading a player's rounds failed ... Could not
    decode to UTF-8', exit 2, where the board left the game out and printed."""
    pristine, folder = with_a_round_not_utf8(tmp_path, game_id=2, n=10)
    with Database.for_reading(pristine) as database:
        [(game_2_rounds,)] = database.read("SELECT count(*) FROM rounds WHERE game_id = 2")
    whole = json.loads(outcome(on(pristine, ("players", "profile", "Ana", "--json"))).out)

    profile = outcome(on(folder, ("players", "profile", "Ana", "--json")))
    assert profile.code == 0 and profile.clear, profile
    said = (f"companion: 1 kept game in {folder} does not read and is left out (companion "
            f"history --check --state-dir {folder} says why)\n")
    assert profile.err == said == outcome(on(folder, ("players", "board"))).err
    read = json.loads(profile.out)
    assert read["rounds"] == whole["rounds"] - game_2_rounds and read["unreadable_rounds"] == 0

    printed = outcome(on(folder, ("players", "profile", "Ana")))
    assert printed.code == 0 and printed.err == said, printed
    assert printed.out.startswith(f"Ana: {read['rounds']} Not Not rounds; reaction from the dice ")
