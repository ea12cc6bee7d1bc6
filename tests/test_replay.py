"""A disputed round comes back with its raw edges: mock pins -> GPIO inputs -> the loop -> the
round's save -> ``companion replay``."""

import json
import re
import sqlite3
from pathlib import Path

import pygame
import pytest

import kiosk_helpers
from kiosk_helpers import choose, in_scene, kiosk, now, step_until, tap, texts_drawn
from companion.cli import main
from companion.config import settings as settings_file
from companion.display.draw_replay import NOBODY_PRESSED
from companion.inputs.edge_log import SAVED_EDGES_PER_PIN, Edge, EdgeLog, kept_edges
from companion.inputs.gpio import GpioPads
from companion.inputs.mock import BOUNCE_GAP_NS, StampedMockFactory
from companion.scenes.common.late_taps import LATE_TAP_S
from companion.storage.database import FILENAME, Database
from companion.storage.games import GameStore
from companion.storage.schema import MIGRATIONS

SEED, PLAYERS = 4, 2
#: How many bounces the winner's and the runner-up's switches make, each way.
WINNER_BOUNCES, RUNNER_UP_BOUNCES = 3, 1
HOLD_NS = 5_000_000
#: The pin map and debounce settings the mock pins are read with.
GPIO = settings_file.load().gpio
#: The runner-up presses this long after the winner: just outside the tie window.
GAP_NS = GPIO.tie_window_ns + 500_000


class PadsTable:
    """A kiosk saving in ``folder``, its pads on mock pins read by the real GPIO input layer."""

    def __init__(self, folder, pace=kiosk_helpers.FAST) -> None:
        self.app = kiosk("setup", pace=pace, state_dir=folder, seed=SEED, players=PLAYERS)
        gpio = GPIO
        self.factory = StampedMockFactory()
        self.pads = GpioPads(gpio, self.app.post, pin_factory=self.factory, watch_s=None)
        self.app.ctx.services.edge_log = self.pads.edge_log
        self.pins = {(pad.player, side.value): self.factory.pin(number)
                     for pad in gpio.pads for side, number in pad.buttons.items()}

    def close(self) -> None:
        self.pads.close()
        self.factory.close()
        self.app.screen.close()
        self.app.ctx.services.close_database()


def a_round_with_a_close_race(table: PadsTable) -> tuple:
    """Start a game, reach a round anyone may tap, and let both players press its first valid
    spot with bouncing switches, the winner first; once the verdict was shown (and the round
    saved), the round's number, its open stamp and the winner's press stamp."""
    n, open_ns, t_ns = race_to_the_verdict(table)
    step_until(table.app, lambda: table.app.scene.name != "verdict")
    return n, open_ns, t_ns


def race_to_the_verdict(table: PadsTable) -> tuple:
    """:func:`a_round_with_a_close_race` until its verdict is on screen."""
    app = table.app
    choose(app, "Start")
    while True:
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        step_until(app, in_scene(app, "round"))
        round_ = app.scene.round
        if round_.ruling.tap:
            break
        step_until(app, lambda: app.scene.name not in ("round", "verdict"))
    side = round_.ruling.valid[0].value
    t_ns = now() + 50_000_000
    table.pins[(1, side)].tap(t_ns, hold_ns=HOLD_NS, bounces=WINNER_BOUNCES)
    table.pins[(2, side)].tap(t_ns + GAP_NS, hold_ns=HOLD_NS, bounces=RUNNER_UP_BOUNCES)
    table.pads.poll(t_ns + 100_000_000)
    step_until(app, in_scene(app, "verdict"))
    return app.scene.record.n, round_.t_open_ns, t_ns


@pytest.fixture(scope="module")
def raced(tmp_path_factory):
    folder = tmp_path_factory.mktemp("raced")
    table = PadsTable(folder)
    try:
        n, open_ns, pressed_ns = a_round_with_a_close_race(table)
    finally:
        table.close()
    with Database.in_folder(folder) as database:
        game_id = GameStore(database).unfinished().id
    return folder, game_id, n, open_ns, pressed_ns


def replay(capsys, *args) -> tuple[int, str, str]:
    code = main(["replay", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_replayed_round_shows_every_bounce_of_each_pin_next_to_the_stamp_the_judge_used(
        raced, capsys):
    folder, game_id, n, open_ns, pressed_ns = raced
    code, out, _ = replay(capsys, game_id, n, "--state-dir", folder)
    assert code == 0
    lines = out.splitlines()
    for player, bounces in ((1, WINNER_BOUNCES), (2, RUNNER_UP_BOUNCES)):
        head = next(line for line in lines if line.startswith(f"P{player} "))
        edges = 2 * (2 * bounces + 1)   # press and release, each with its bounces
        assert f"{edges} edges, {edges - 2} of them bounces" in head
        first = (pressed_ns + (player - 1) * GAP_NS - open_ns) / 1e6
        assert f"{first:+.3f} closed" in out
        judged = next(line for line in lines
                      if line.startswith("  judged") and f" P{player} " in line)
        assert f"{first:+.3f} ms" in judged
    assert any(line.startswith("tie window ") and "±" in line for line in lines)
    assert any(line.startswith("roll: ") for line in lines) and "table: " in out
    assert "-> P1 takes the" in out and "P2 takes" not in out


def test_a_bounce_is_listed_at_its_own_stamp(raced, capsys):
    folder, game_id, n, open_ns, pressed_ns = raced
    _, out, _ = replay(capsys, game_id, n, "--state-dir", folder)
    bounce_open = (pressed_ns + BOUNCE_GAP_NS - open_ns) / 1e6
    assert f"{bounce_open:+.3f} open" in out


@pytest.mark.parametrize("where", ["no-such-folder/replay.png", "."])
def test_a_replay_png_that_cannot_be_written_is_one_line_and_leaves_no_file_behind(
        raced, capsys, tmp_path, where):
    folder, game_id, n, _, _ = raced
    picture = tmp_path / where
    code, _, err = replay(capsys, game_id, n, "--state-dir", folder, "--png", picture)
    assert code == 2 and err.splitlines() == [err.strip()], err
    assert err.startswith(f"companion: --png {picture}: cannot write it: "), err
    assert not list(tmp_path.rglob("*.part")) and not list(tmp_path.rglob("*.png"))


def test_a_replay_png_is_a_png_whatever_its_name_ends_with(raced, capsys, tmp_path):
    folder, game_id, n, _, _ = raced
    picture = tmp_path / "replay.txt"
    code, _, _ = replay(capsys, game_id, n, "--state-dir", folder, "--png", picture)
    assert code == 0 and picture.read_bytes().startswith(b"\x89PNG\r\n")


def test_the_replay_png_draws_each_moving_pin_and_the_judged_stamps(raced, capsys, tmp_path):
    folder, game_id, n, _, _ = raced
    picture = tmp_path / "replay.png"
    code, out, _ = replay(capsys, game_id, n, "--state-dir", folder, "--png", picture)
    assert code == 0 and f"drawn into {picture}" in out
    image = pygame.image.load(str(picture))
    from companion.display.draw_replay import PNG_SIZE, WAVE
    assert image.get_size() == PNG_SIZE
    wave = sum(1 for x in range(0, PNG_SIZE[0], 2) for y in range(0, PNG_SIZE[1], 2)
               if tuple(image.get_at((x, y)))[:3] == WAVE)
    assert wave > 0


def test_replay_writes_nothing_in_the_state_folder(raced, capsys):
    folder, game_id, n, _, _ = raced
    kept = [p for p in folder.iterdir() if not p.name.endswith("-shm")]   # SQLite's own memory
    before = {p.name: p.read_bytes() for p in kept}
    replay(capsys, game_id, n, "--state-dir", folder)
    assert {p.name: p.read_bytes() for p in kept} == before


@pytest.mark.parametrize("args, says", [
    (("999", "1"), "no not-not game 999"),
    (("GAME", "99"), "has no round 99"),
])
def test_an_unknown_game_or_round_is_one_line_and_status_2(raced, capsys, args, says):
    folder, game_id, _, _, _ = raced
    args = tuple(str(game_id) if a == "GAME" else a for a in args)
    code, out, err = replay(capsys, *args, "--state-dir", folder)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and says in err.replace("there is no ", "no ")


def damaged_copy(raced, tmp_path, sql: str, parameters: tuple) -> Path:
    """A copy of the raced game's state folder with ``sql`` run on it (a damage); its path."""
    folder = raced[0]
    copy = tmp_path / "copy"
    copy.mkdir()
    with sqlite3.connect(folder / FILENAME) as source, \
            sqlite3.connect(copy / FILENAME) as target:
        source.backup(target)
        target.execute(sql, parameters)
    return copy


@pytest.mark.parametrize("table, column, damaged, says", [
    ("round_edges", "edges", json.dumps({"pins": [{"player": "one"}]}), "pin 1 of its edges"),
    ("round_edges", "edges", "{not json", "its edges are not JSON"),
    ("rounds", "record", json.dumps({"n": 1, "dice": "RED"}), "its record does not read"),
])
def test_a_damaged_record_is_one_line_and_status_2(raced, capsys, tmp_path, table, column,
                                                    damaged, says):
    _, game_id, n, _, _ = raced
    copy = damaged_copy(raced, tmp_path, f"UPDATE {table} SET {column} = ? WHERE game_id = ? "
                        "AND n = ?", (damaged, game_id, n))
    code, out, err = replay(capsys, game_id, n, "--state-dir", copy)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert f"round {n}" in err and says in err


def test_a_damaged_games_row_names_the_game_and_the_file_in_its_one_line(raced, capsys,
                                                                          tmp_path):
    _, game_id, n, _, _ = raced
    copy = damaged_copy(raced, tmp_path, "UPDATE games SET settings = '{not json' WHERE id = ?",
                        (game_id,))
    code, out, err = replay(capsys, game_id, n, "--state-dir", copy)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"companion: game {game_id} in {copy / FILENAME} is damaged: ")
    assert f"companion history --check --state-dir {copy}" in err


def test_a_chattering_pin_is_saved_as_a_summary_not_a_flood():
    log = EdgeLog()
    for i in range(3 * SAVED_EDGES_PER_PIN):
        log.record(Edge(1, "N", 1_000_000 + i * 10_000, i % 2 == 0))
    log.record(Edge(2, "E", 2_000_000, True))
    kept = kept_edges(log.between(0, 10**9), open_ns=0)
    chatter, press = kept["pins"]
    assert "edges" not in chatter
    assert chatter["summary"] == {"count": 3 * SAVED_EDGES_PER_PIN, "first_us": 1000,
                                  "last_us": 1000 + (3 * SAVED_EDGES_PER_PIN - 1) * 10,
                                  "closed": 0}
    assert press["edges"] == [[2000, 1]]


def test_the_edge_log_keeps_a_bounded_ring_per_pin():
    log = EdgeLog(per_pin=8)
    for i in range(20):
        log.record(Edge(1, "N", i, i % 2 == 0))
    log.record(Edge(2, "S", 5, True))
    kept = log.between(0, 100)
    assert [e.t_ns for e in kept if e.player == 1] == list(range(12, 20))
    assert [e.player for e in kept if e.t_ns == 5] == [2]


def test_edges_are_read_in_stamp_order_whatever_order_they_came_in():
    log = EdgeLog()
    for t_ns, player in ((30, 2), (10, 1), (20, 3)):
        log.record(Edge(player, "N", t_ns, True))
    assert [e.t_ns for e in log.between(0, 100)] == [10, 20, 30]


#: A stored round: player 1 took N's card with a tap 412.3 ms after the dice landed.
A_WON_ROUND = {"n": 1, "level": "first-game", "dice": ["RED", "NOTHING"], "negation": "NOTHING",
               "liar": False, "up": "N",
               "table": {"N": "RED", "E": "BLUE", "S": "GREEN", "W": "YELLOW"},
               "valid": ["N"], "taps": [{"player": 1, "side": "N", "t_us": 412300,
                                         "verdict": "win"}],
               "margin_us": None, "margin_step_us": 100,
               "winners": [{"player": 1, "card": "RED", "from": "N"}], "penalties": [],
               "scores": {"1": 1, "2": 0}, "dealt": []}


def test_a_chattering_pin_replays_as_its_summary_in_words_and_picture(tmp_path, capsys):
    chatter = SAVED_EDGES_PER_PIN + 1
    edges = [Edge(2, "E", 400_000_000 + i * 50_000, i % 2 == 0) for i in range(chatter)]
    edges += [Edge(1, "N", 412_300_000, True), Edge(1, "N", 480_000_000, False)]
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        game_id = store.create(2, {"tie_window_us": 1000}, {})
        store.save_round(game_id, A_WON_ROUND, {}, edges=kept_edges(edges, open_ns=0))
    code, out, _ = replay(capsys, game_id, 1, "--state-dir", tmp_path, "--png", tmp_path / "r.png")
    assert code == 0
    assert f"P2 E (gpio): {chatter} edges from +400.000 to " in out and "summarised" in out
    assert "P1 N (gpio): 2 edges, 0 of them bounces" in out


def made_at_version_5(folder):
    """A state folder whose database is as the previous release made it (schema version 5)."""
    folder.mkdir()
    with sqlite3.connect(folder / FILENAME) as db:
        for migration in MIGRATIONS[:5]:
            for statement in migration.statements:
                db.execute(statement)
        db.execute("PRAGMA user_version = 5")
    return folder


def test_a_round_kept_before_edges_were_replays_with_its_stamps_and_says_so(tmp_path, capsys):
    """A database made at schema version 5, with a round saved then, migrated on opening."""
    made = made_at_version_5(tmp_path / "state")
    record = A_WON_ROUND
    with sqlite3.connect(made / FILENAME) as db:
        db.execute("INSERT INTO games (id, kind, state, players, settings, snapshot, started_at) "
                   "VALUES (1, 'not-not', 'playing', 2, ?, '{}', '2026-01-01T00:00:00Z')",
                   (json.dumps({"tie_window_us": 2000}),))
        db.execute("INSERT INTO rounds (game_id, n, record, saved_at) VALUES (1, 1, ?, 'x')",
                   (json.dumps(record),))
    with Database.in_folder(made) as database:   # migrated to the newest version on opening
        assert database.connection.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    code, out, _ = replay(capsys, 1, 1, "--state-dir", made)
    assert code == 0
    assert "no raw edges were kept for this round" in out
    assert re.search(r"judged +P1 N +\+412\.300 ms +WINS", out)


def test_a_simulated_games_round_says_its_taps_were_made_up_not_that_edges_were_lost(
        tmp_path, capsys):
    assert main(["simulate", "--seed", "3", "--players", "2", "--state-dir",
                 str(tmp_path)]) == 0
    capsys.readouterr()
    code, out, _ = replay(capsys, 1, 1, "--state-dir", tmp_path)
    assert code == 0
    assert "no raw edges: this game was simulated (companion simulate)" in out
    assert "no raw edges were kept" not in out


def test_a_round_nobody_pressed_in_says_so_rather_than_a_stamps_precision(tmp_path, capsys):
    table = PadsTable(tmp_path)
    try:
        app = table.app
        choose(app, "Start")
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        step_until(app, in_scene(app, "round"))
        step_until(app, in_scene(app, "verdict"))                # nobody pressed anything
        n = app.scene.record.n
        table.pins[(1, "N")].tap(now() + round(LATE_TAP_S * 1e9) + 1_000_000, hold_ns=HOLD_NS)
        step_until(app, in_scene(app, "replay"))
        assert NOBODY_PRESSED in app.scene.drawn
        assert not any(words in shown for shown in app.scene.drawn
                       for words in ("each stamp", "tie window", "raw edges", "bounce"))
    finally:
        table.close()
    code, out, _ = replay(capsys, 1, n, "--state-dir", tmp_path)   # the folder's first game
    assert code == 0
    assert "nobody pressed a button, so there is no stamp to place" in out
    assert "stamps to" not in out


def test_replay_never_migrates_a_version_5_database(tmp_path, capsys):
    made = made_at_version_5(tmp_path / "state")
    code, _, err = replay(capsys, 1, 1, "--state-dir", made)
    assert code == 2 and "no not-not game 1" in err.replace("there is no ", "no ")
    with sqlite3.connect(made / FILENAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 5   # replay wrote nothing


def test_history_lists_a_games_rounds_with_the_command_that_replays_each(raced, capsys):
    folder, game_id, n, _, _ = raced
    assert main(["history", "--state-dir", str(folder), "--game", str(game_id)]) == 0
    rounds = capsys.readouterr().out.splitlines()[1:]
    command = f"companion replay {game_id} {n}"
    line = next(line for line in rounds if line.endswith(command))
    assert line.split()[0] == str(n) and "P1 WINS: takes" in line
    code, out, _ = replay(capsys, *command.split()[2:], "--state-dir", folder)
    assert code == 0 and out.startswith(f"Not Not game {game_id}, round {n}")


def test_history_of_a_game_says_who_lost_a_card_to_a_wrong_tap_and_the_whole_roll(tmp_path,
                                                                                   capsys):
    from companion.games.notnot.record import RoundRecord
    from companion.games.notnot.verdict import Verdict
    from companion.games.notnot.words import roll_words

    assert main(["simulate", "--players", "4", "--state-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["history", "--state-dir", str(tmp_path), "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)
    records = [RoundRecord.from_json(stored) for stored in game["rounds"]]
    before = [dict.fromkeys(range(1, 5), 0)] + [r.scores for r in records[:-1]]
    lost = [(r, p) for r, scores in zip(records, before)
            for p in r.players_with(Verdict.WRONG) if scores[p] > 0]
    assert lost, "the simulated game has no wrong tap that costs a card"
    assert main(["history", "--state-dir", str(tmp_path), "--game", str(game["id"])]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[1:]}
    for record, player in lost:
        line = lines[str(record.n)]
        assert "wrong: " in line and f"P{player}" in line.split("wrong: ")[1], line
        assert "a card" in line and roll_words(record) in line, line


def test_history_of_a_game_says_each_round_as_the_verdict_screen_said_it(tmp_path, capsys):
    """A tie, the spots each card was taken from, a void taken instead, the cards that could
    have been tapped: what the screen said is in the round's line (a rules tester found
    "P1 took WHITE; P2 took GREEN" for a tie the screen had called one)."""
    from companion.games.notnot.record import RoundRecord
    from companion.games.notnot.words import verdict_words

    assert main(["simulate", "--players", "4", "--seed", "3", "--tie-window-us", "60000",
                 "--state-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["history", "--state-dir", str(tmp_path), "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)
    assert main(["history", "--state-dir", str(tmp_path), "--game", str(game["id"])]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[1:]}
    before, kinds = dict.fromkeys(range(1, 5), 0), set()
    for stored in game["rounds"]:
        record = RoundRecord.from_json(stored)
        said = verdict_words(record, bool(record.valid), before, {})
        line, kinds = lines[str(record.n)], kinds | {said.kind}
        assert all(words in line for words in (said.headline, *said.lines)), line
        before = record.scores
    assert {"win", "tie"} <= kinds


def test_a_tap_in_a_round_nobody_may_tap_is_said_so_in_the_replay_and_the_log(tmp_path, capsys):
    """NOTHING + NOTHING: no card was right, so "wrong card" said what did not happen (a rules
    tester); the screen's "nobody may tap" is the replay's and the game log's too."""
    from companion.games.notnot.verdict import Verdict
    from companion.games.notnot.words import NOBODY_MAY_TAP_WORDS, VERDICT_WORDS

    assert main(["simulate", "--players", "4", "--seed", "3", "--tie-window-us", "60000",
                 "--state-dir", str(tmp_path)]) == 0
    log = capsys.readouterr().out
    assert main(["history", "--state-dir", str(tmp_path), "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)
    none = [r for r in game["rounds"] if not r["valid"] and any(
        t["verdict"] == Verdict.WRONG for t in r["taps"])]
    assert none, "the game has no wrong tap in a round nobody may tap"
    code, out, _ = replay(capsys, game["id"], none[0]["n"], "--state-dir", tmp_path)
    assert code == 0 and NOBODY_MAY_TAP_WORDS in out and VERDICT_WORDS[Verdict.WRONG] not in out
    assert NOBODY_MAY_TAP_WORDS in log


def test_a_tied_player_left_without_a_card_is_named_in_the_replay_and_the_log(tmp_path, capsys):
    """Six tied on four cards: the verdict said "no card left: P5 P6"; the replay and the game
    log listed only the four who took one (a regression tester)."""
    from companion.games.notnot.record import RoundRecord
    from companion.games.notnot.words import left_out

    assert main(["simulate", "--players", "6", "--seed", "1", "--tie-window-us", "300000",
                 "--state-dir", str(tmp_path)]) == 0
    log = capsys.readouterr().out
    assert main(["history", "--state-dir", str(tmp_path), "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)
    short = [(r, left_out(RoundRecord.from_json(r))) for r in game["rounds"]]
    stored, nothing = next((r, players) for r, players in short if players)
    code, out, _ = replay(capsys, game["id"], stored["n"], "--state-dir", tmp_path)
    for said in (out, log):
        assert all(f"-> P{p} tied, but no card was left to take" in said for p in nothing)
    assert code == 0


@pytest.mark.parametrize("spoil", ['{"2": "abc"}', '[1, 2]'])
def test_history_of_a_game_with_a_damaged_round_is_one_line_naming_it(tmp_path, capsys, spoil):
    """A head start that is no number ended `history --game` in an internal error (a family's
    tester): the round is read as the replay and --check read it, shape first."""
    import sqlite3

    from companion.storage.database import FILENAME

    assert main(["simulate", "--players", "2", "--state-dir", str(tmp_path)]) == 0
    connection = sqlite3.connect(tmp_path / FILENAME)
    connection.execute("UPDATE rounds SET record = json_set(record, '$.head_starts_us', "
                       f"json('{spoil}')) WHERE n = 2")
    connection.commit()
    connection.close()
    capsys.readouterr()
    assert main(["history", "--state-dir", str(tmp_path), "--game", "1"]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("companion: game 1 round 2 does not read (head_starts_us")
    assert err.count("\n") == 1 and "internal error" not in err


@pytest.mark.parametrize("field, value", [("margin_us", "1e308"), ("taps[0].t_us", "-1e20")])
def test_a_round_whose_stamp_or_margin_no_round_gives_is_named_by_the_check_and_the_game(
        tmp_path, capsys, field, value):
    """A margin of 1e308 µs passed history --check and ran 300 digits long in history --game
    (a family's tester): a number no round gives is named as damage, in one line."""
    import sqlite3

    from companion.storage.database import FILENAME

    assert main(["simulate", "--players", "2", "--seed", "4", "--state-dir", str(tmp_path)]) == 0
    connection = sqlite3.connect(tmp_path / FILENAME)
    connection.execute(f"UPDATE rounds SET record = json_set(record, '$.{field}', {value}) "
                       "WHERE n = 2 AND json_array_length(record, '$.taps') > 0")
    assert connection.total_changes == 1, "round 2 has no tap to spoil"
    connection.commit()
    connection.close()
    capsys.readouterr()
    assert main(["history", "--state-dir", str(tmp_path), "--game", "1"]) == 2
    _, err = capsys.readouterr()
    name = field.replace("[0]", "[1]")
    assert err.startswith(f"companion: game 1 round 2 does not read (field '{name}' is ")
    assert err.count("\n") == 1 and len(err) < 300
    assert main(["history", "--check", "--state-dir", str(tmp_path)]) != 0
    assert f"field '{name}' is " in capsys.readouterr().out


def test_history_json_names_the_replay_command_and_keeps_its_other_keys(tmp_path, capsys):
    assert main(["simulate", "--players", "2", "--state-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["history", "--state-dir", str(tmp_path), "--json"]) == 0
    games = json.loads(capsys.readouterr().out)
    assert games and all(game["replay"] == f"companion replay {game['id']} ROUND" for game in games)


def test_history_of_one_game_as_json_is_that_games_entry_of_the_whole_list(tmp_path, capsys):
    for seed in ("1", "2"):
        assert main(["simulate", "--players", "2", "--seed", seed, "--state-dir",
                     str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["history", "--state-dir", str(tmp_path), "--json"]) == 0
    games = json.loads(capsys.readouterr().out)
    assert main(["history", "--state-dir", str(tmp_path), "--game", str(games[1]["id"]),
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [games[1]]


@pytest.mark.parametrize("listing", [(), ("--json",)], ids=["lines", "json"])
def test_history_of_a_game_not_kept_is_one_line_and_exit_2_with_or_without_games(
        tmp_path, capsys, listing):
    empty, kept = tmp_path / "empty", tmp_path / "kept"
    assert main(["simulate", "--players", "2", "--state-dir", str(kept)]) == 0
    capsys.readouterr()
    for folder in (empty, kept):
        assert main(["history", "--game", "999", *listing, "--state-dir", str(folder)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith(f"companion: there is no not-not game 999 in {folder}")
    assert err.count("\n") == 1 and not empty.exists()


@pytest.mark.parametrize("command", [("history", "--game", "2"), ("history", "--game", "2",
                                     "--json"), ("replay", "2", "1")], ids=" ".join)
def test_a_game_of_another_kind_asked_as_not_not_says_what_it_is_and_where_it_is_read(
        tmp_path, capsys, command):
    """Game 2 a That's Not a Hat game: 'there is no not-not game 2' was a dead end."""
    from games_kiosk import finished_discs_game
    from test_hat_score_sheet import penalise
    from companion.games.hat.rules import HatGame
    from companion.storage.bookkeeping import KeptGame

    with Database.in_folder(tmp_path) as database:
        finished_discs_game(database, 3, "Popcorn")
        penalise(KeptGame.start(database, HatGame(3), {}), 1)
    for game_id, title, sheet in ((2, "That's Not a Hat", "thats-not-a-hat"),
                                  (1, "Not That Movie!", "not-that-movie")):
        asked = [word if word != "2" else str(game_id) for word in command]
        assert main([*asked, "--state-dir", str(tmp_path)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == (f"companion: game {game_id} in {tmp_path / FILENAME} is a "
                                     f"{title} game, not a Not Not game: its score sheet is read "
                                     f"with companion score-sheet {sheet}\n")


def test_history_refuses_a_limit_with_one_game_in_one_line(tmp_path, capsys):
    assert main(["history", "--state-dir", str(tmp_path), "--game", "1", "--limit", "2"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "companion: history --limit counts the games listed; --game lists one game's rounds: "
        "give one or the other"]


def test_history_of_an_unknown_game_is_one_line_and_status_2(raced, capsys):
    folder, _, _, _, _ = raced
    assert main(["history", "--state-dir", str(folder), "--game", "999"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_a_round_keeps_the_release_of_a_press_but_not_the_next_press_or_other_pins_after_it():
    log = EdgeLog()
    judged_ns = 10_000_000
    for t_ns, closed in ((1_000_000, True), (1_250_000, False), (1_500_000, True),   # press
                         (30_000_000, False), (30_250_000, True), (30_500_000, False),  # release
                         (90_000_000, True), (95_000_000, False)):                     # next press
        log.record(Edge(1, "N", t_ns, closed))
    log.record(Edge(2, "E", 40_000_000, True))   # another pad, pressed after the judging
    kept = log.of_span(0, judged_ns, grace_ns=1_000_000_000)
    assert [(e.player, e.t_ns) for e in kept] == [(1, t) for t in (
        1_000_000, 1_250_000, 1_500_000, 30_000_000, 30_250_000, 30_500_000)]


def test_a_pad_button_on_the_verdict_opens_the_replay_which_waits_for_any_press(tmp_path):
    table = PadsTable(tmp_path)
    try:
        n, _, _ = race_to_the_verdict(table)
        app = table.app
        verdict_s = app.ctx.services.pace.verdict_s
        pin = table.pins[(1, "N")] if app.scene.record.taps[0].side != "N" else table.pins[(1, "S")]
        pin.tap(now() + round(LATE_TAP_S * 1e9) + 1_000_000, hold_ns=HOLD_NS, bounces=1)
        step_until(app, in_scene(app, "replay"))
        replay = app.scene.replay
        assert replay.record.n == n and replay.edges_kept
        assert [lane.bounces for lane in replay.lanes if lane.taps] == [
            2 * 2 * WINNER_BOUNCES, 2 * 2 * RUNNER_UP_BOUNCES]
        assert any(shown.startswith("judged ") for shown in app.scene.drawn)
        assert app.scene.drawn[-1] == "any button or a touch: back to the game"   # no timer
        kiosk_helpers.CLOCK.advance(10 * verdict_s)   # the verdict's time is long gone: it waits
        app.step()
        assert app.scene.name == "replay"
        app.post(tap(2, "E"))
        step_until(app, lambda: app.scene.name in ("deal", "roll", "entry", "end"))
    finally:
        table.close()


def test_a_late_tap_of_the_round_just_judged_leaves_its_verdict_on_screen(tmp_path):
    from companion.scenes.session import Pace

    table = PadsTable(tmp_path, Pace(roll_frames=2, roll_frame_s=0.001, verdict_s=1.8,
                                     timeouts=0.01))
    try:
        race_to_the_verdict(table)
        app = table.app
        first = app.scene.record.taps[0].side
        pin = table.pins[(1, "N")] if first != "N" else table.pins[(1, "S")]
        late_ns = now() + 200_000_000                                # 0.2 s behind the verdict
        pin.tap(late_ns, hold_ns=HOLD_NS, bounces=1)
        table.pads.poll(late_ns + 100_000_000)
        seen = []
        while app.scene.name not in ("deal", "roll", "entry", "end") and len(seen) < 50:
            app.step()
            seen.append(app.scene.name)
        assert seen[0] == "verdict" and "replay" not in seen, seen
    finally:
        table.close()


def test_a_recovered_database_keeps_the_rounds_raw_edges(raced, capsys, tmp_path):
    folder, game_id, n, _, _ = raced
    _, before, _ = replay(capsys, game_id, n, "--state-dir", folder)
    assert main(["history", "--state-dir", str(folder), "--recover-to", str(tmp_path)]) == 0
    capsys.readouterr()
    code, after, _ = replay(capsys, game_id, n, "--state-dir", tmp_path)
    assert code == 0 and after == before and "bounces" in after


@pytest.mark.parametrize("width", [180, 260, 420, 760, 1800])
@pytest.mark.parametrize("start_ms, end_ms", [(3572.5, 3580.5), (0, 2.4), (980, 5210), (0, 12)])
def test_the_replay_s_time_axis_labels_never_touch_on_a_narrow_or_wide_plot(
        monkeypatch, width, start_ms, end_ms):
    from companion.display import draw_replay

    pygame.font.init()
    surface = pygame.Surface((width + 40, 120))
    axis = draw_replay.Axis(pygame.Rect(20, 10, width, 60), start_ms * 1000, end_ms * 1000)
    drawn = texts_drawn(monkeypatch)
    labels = draw_replay.draw_ticks(surface, axis, 16)
    placed = [d.rect for d in drawn]
    assert len(labels) >= 2 or width < 260
    assert all(left.right < right.left for left, right in zip(placed, placed[1:]))


@pytest.mark.parametrize("size", [(960, 540), (800, 480), (480, 800)])
def test_a_round_every_button_was_mashed_in_is_a_replay_whose_words_never_overlap(size,
                                                                                   monkeypatch):
    """Sixteen buttons pressed before the dice landed, no raw edges kept (a keyboard): as many
    rows as stand two lines tall, the others named or counted under them, no words on words."""
    from companion.display import draw_replay
    from companion.storage.replays import replay_of
    from round_records import round_record

    taps = [(p, side, -352_000 + 4_100 * i, "early")
            for i, (p, side) in enumerate((p, s) for p in (1, 2, 3, 4) for s in "NESW")]
    saved = replay_of(2, 4, {"tie_window_us": 1000}, round_record(taps, valid=("W",)), None)
    pygame.font.init()
    drawn = texts_drawn(monkeypatch)
    said = draw_replay.draw_replay(pygame.Surface(size), saved)
    placed = [d.rect for d in drawn]
    assert "not drawn: " in " ".join(said)
    assert re.search(r"\b\d+ more\b", " ".join(said)), said
    overlapping = [(a, b) for i, a in enumerate(placed) for b in placed[i + 1:]
                   if a.colliderect(b)]
    assert not overlapping, overlapping
    assert all(pygame.Rect((0, 0), size).contains(rect) for rect in placed)


def picture_words(saved) -> str:
    """Every word the replay picture of ``saved`` draws, at ``companion replay --png``'s size."""
    from companion.display import draw_replay

    pygame.font.init()
    return " ".join(draw_replay.draw_replay(pygame.Surface(draw_replay.PNG_SIZE), saved))


def test_the_replay_picture_says_a_tap_in_a_round_nobody_may_tap_and_when_a_moved_tap_was_pressed():
    """The picture labelled a tap in a round nobody may tap "wrong", where its text says
    "tapped when nobody may tap", and a tap a head start moved at its judged stamp only."""
    from dataclasses import replace

    from companion.storage.replays import replay_of
    from round_records import round_record

    nobody = round_record([(2, "E", 400_000, "wrong")], valid=())
    said = picture_words(replay_of(1, 4, {"tie_window_us": 1000}, nobody, None))
    assert "judged +400.000 ms: nobody may tap" in said and ": wrong" not in said
    raced = round_record([(4, "E", 381_067, "win")], winners=[(4, "RED", "E")], valid=("E",))
    moved = replace(raced, taps=(replace(raced.taps[0], real_us=681_067),))
    said = picture_words(replay_of(1, 4, {"tie_window_us": 1000}, moved, None))
    assert "judged +381.067 ms: win, pressed +681.067 ms" in said


def test_a_replay_picture_with_room_for_few_rows_keeps_the_taps_its_headline_names():
    """Twelve players' buttons moved: the rows were the first in seat order, so the headline's
    P10 and P11 were left out of the picture (a family's tester)."""
    from companion.storage.replays import replay_of
    from round_records import round_record

    wrong = [(p, side, 200_500 + 100 * i, "wrong")   # each on the picture's axis
             for i, (p, side) in enumerate((p, s) for p in range(1, 10) for s in "NES")]
    taps = [(10, "W", 200_000, "win"), (11, "W", 200_400, "late"), *wrong]
    record = round_record(taps, winners=[(10, "RED", "W")], valid=("W",), margin_us=400)
    said = picture_words(replay_of(1, 12, {"tie_window_us": 1000}, record, None))
    assert "P10 W" in said and "judged +200.000 ms: win" in said
    assert "P11 W" in said and "judged +200.400 ms: late" in said


@pytest.mark.parametrize("args, says", [
    (["--game", "abc"], "argument --game: 'abc' is not a whole number"),
    (["--game", "0"], "argument --game: game 0: choose 1 or more"),
])
def test_a_game_number_that_is_no_game_number_says_so_in_plain_words(capsys, args, says):
    with pytest.raises(SystemExit) as stopped:
        main(["history", *args])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == f"companion history: {says} (see companion history --help)\n"


def test_a_button_left_off_the_replay_picture_is_named_with_what_its_tap_counted_for():
    """A guest's wrong tap after a head start's winner closed the round was named "also moved,
    not drawn here: P2 N at +373.353 ms (no edges kept)": read as moved by a head start, and
    without its verdict, which the text replay gives."""
    from companion.display import draw_replay
    from companion.storage.replays import replay_of
    from round_records import round_record

    taps = [(1, "S", 223_408, "win"), (2, "N", 373_353, "ignored")]
    saved = replay_of(3, 15, {"tie_window_us": 1000}, round_record(taps, valid=("S",)), None)
    shown = [lane for lane in saved.lanes if lane.player == 1]
    footer = draw_replay.footer_lines(saved, shown)[0]
    assert footer == "not drawn: P2 N +373.353 ms (ignored)"


#: Twelve named players at the kiosk; Ana has a head start.
TWELVE = ("Ana", "Bob", "Cyd", "Dee", "Eva", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kai", "Lou")
HEAD_START_US = 300_000
#: Every key is pressed this long after the dice landed (Ana's is judged her head start sooner).
PRESSED_NS = 590_348_000


@pytest.fixture(scope="module")
def twelve_at_once(tmp_path_factory):
    """Twelve named players on the keyboard press their keys in one instant, Ana first by her
    head start; a press 1.5 s into the verdict opens the kiosk's replay of the round (800x480).
    The texts the replay drew, and the state folder, game and round it was saved in."""
    from companion.games.notnot.sides import Side
    from companion.inputs.events import Tap
    from companion.scenes.session import Pace
    from test_scenes_flow import to_round

    folder = tmp_path_factory.mktemp("twelve")
    app = kiosk("setup", pace=Pace(roll_frames=2, roll_frame_s=0.001, verdict_s=1.8),
                state_dir=folder, players=12, names=dict(enumerate(TWELVE, start=1)),
                handicaps=True, head_starts={1: HEAD_START_US})
    app.ctx.services.players_with_pads = app.ctx.session.setup.players = 12   # twelve pads
    app.ctx.session.setup.names = dict(enumerate(TWELVE, start=1))
    try:
        round_ = to_round(app)
        valid = round_.ruling.valid[0]
        sides = [valid, *(Side("NESW"[seat % 4]) for seat in range(1, 12))]
        for seat, side in enumerate(sides, start=1):
            app.post(Tap(seat, side, round_.t_open_ns + PRESSED_NS, "keyboard"))
        step_until(app, in_scene(app, "verdict"))
        n = app.scene.record.n
        kiosk_helpers.CLOCK.advance(1.5)
        app.post(tap(2, "E"))
        step_until(app, in_scene(app, "replay"))
        drawn = list(app.scene.drawn)
    finally:
        app.screen.close()
        app.ctx.services.close_database()
    return drawn, folder, unfinished_game(folder), n


def unfinished_game(folder) -> int:
    """The number of the game left unfinished in the state ``folder``."""
    with Database.in_folder(folder) as database:
        return GameStore(database).unfinished().id


def test_the_kiosk_s_replay_always_draws_the_row_of_the_tap_that_won_the_round(twelve_at_once):
    """Twelve keys at once, Ana winning with a head start: the replay on the 7-inch screen drew
    an empty panel, its footer naming Ana among the buttons not drawn (a tester)."""
    drawn, *_ = twelve_at_once
    judged = f"judged {(PRESSED_NS // 1000 - HEAD_START_US) / 1000:+.3f} ms: win"
    assert "Ana N" in drawn
    assert any(shown.startswith(judged) for shown in drawn), drawn
    assert not any("Ana" in shown for shown in drawn if "not drawn" in shown)


def test_the_buttons_a_replay_picture_leaves_out_are_named_on_one_line(twelve_at_once, capsys,
                                                                        tmp_path, monkeypatch):
    """The footer named four buttons over three lines, and each row left out made it longer."""
    _, folder, game_id, n = twelve_at_once
    drawn = texts_drawn(monkeypatch)
    code, _, err = replay(capsys, game_id, n, "--state-dir", folder, "--png", tmp_path / "x.png")
    assert code == 0, err
    lines = [shown.text for shown in drawn]
    others = [i for i, line in enumerate(lines) if line.startswith("not drawn: ")]
    assert len(others) == 1, lines
    assert re.search(r" \d+ more( \(companion replay lists each\))?$", lines[others[0]]), lines
    assert lines[others[0] + 1].startswith("no raw edges were kept"), lines


def test_the_tie_window_of_a_replay_picture_starts_at_the_winning_stamp(twelve_at_once, capsys,
                                                                         tmp_path):
    """The grey ±0.5 ms band of a keyboard's stamp lay over the gold window, so that the window
    seemed to start half a millisecond after the winner's stamp (a tester)."""
    from companion.display.draw_replay import BAND
    from companion.display.palette import TIE_WINDOW_BAND, TIMELINE_MARK
    from companion.games.notnot.verdict import Verdict

    _, folder, game_id, n = twelve_at_once
    code, _, err = replay(capsys, game_id, n, "--state-dir", folder, "--png", tmp_path / "x.png")
    assert code == 0, err
    picture = pygame.image.load(str(tmp_path / "x.png"))
    win = pygame.Color(*TIMELINE_MARK[Verdict.WIN])
    tall = picture.get_height() // 10
    x, y = next((x, y) for x in range(picture.get_width() - 1, -1, -1)   # the stamp's line
                for y in range(picture.get_height() - 1, tall, -1)
                if all(picture.get_at((x, y - up)) == win for up in range(tall)))
    x, y = x + 3, y - 4                       # just after the winning stamp, under its words
    assert tuple(picture.get_at((x, y)))[:3] == tuple(TIE_WINDOW_BAND)
    assert tuple(picture.get_at((x - 6, y)))[:3] == tuple(BAND)   # the band before it


#: Eight named players on the keyboard.
EIGHT = ("Ana", "Bo", "Cyd", "Dee", "Eva", "Fay", "Gus", "Hal")
#: In a round nobody may tap, Ana presses E this long after the dice landed; then twenty keys
#: at once, Ana's E among them (the last of them, this long after).
ANA_FIRST_NS, ALL_AT_ONCE_NS, ANA_AGAIN_NS = 58_203_000, 486_250_000, 486_282_000


@pytest.fixture(scope="module")
def pressed_twice(tmp_path_factory):
    """Eight named players on the keyboard, a round nobody may tap: Ana presses E, then twenty
    keys go down at once, Ana's E again among them; a press 1.5 s into the verdict opens the
    kiosk's replay (800x480). What the replay drew (each text with its place), and the state
    folder, game and round it was saved in."""
    from companion.games.notnot.sides import Side
    from companion.inputs.events import Tap
    from companion.scenes.session import Pace
    from test_scenes_flow import to_round

    folder = tmp_path_factory.mktemp("twice")
    names = dict(enumerate(EIGHT, start=1))
    app = kiosk("setup", pace=Pace(roll_frames=2, roll_frame_s=0.001, verdict_s=1.8),
                state_dir=folder, players=8, names=names)
    app.ctx.services.players_with_pads = app.ctx.session.setup.players = 8
    app.ctx.session.setup.names = names
    keys = [(player, side) for player in range(2, 8) for side in "NESW"][:19]
    try:
        round_ = to_round(app, needs_tap=False)
        app.post(Tap(1, Side.E, round_.t_open_ns + ANA_FIRST_NS, "keyboard"))
        for player, side in keys:
            app.post(Tap(player, Side(side), round_.t_open_ns + ALL_AT_ONCE_NS, "keyboard"))
        app.post(Tap(1, Side.E, round_.t_open_ns + ANA_AGAIN_NS, "keyboard"))
        step_until(app, in_scene(app, "verdict"))
        n = app.scene.record.n
        kiosk_helpers.CLOCK.advance(1.5)
        with pytest.MonkeyPatch.context() as patch:
            drawn = texts_drawn(patch)
            app.post(tap(2, "E"))
            step_until(app, in_scene(app, "replay"))
        drawn = [(shown.text, shown.rect) for shown in drawn if shown.text in app.scene.drawn]
    finally:
        app.screen.close()
        app.ctx.services.close_database()
    return drawn, folder, unfinished_game(folder), n


def test_two_stamps_on_one_button_s_row_of_the_replay_each_have_a_line_of_their_own(
        pressed_twice):
    """Ana's E was judged twice (+58.203 ms, +486.282 ms): the kiosk's replay printed the
    second stamp's words over the first's, neither readable (a tester)."""
    drawn, *_ = pressed_twice
    labels = [(said, rect) for said, rect in drawn if said.startswith("judged ")]
    (_, first), = [(said, rect) for said, rect in labels if said.startswith("judged +58.203 ms")]
    (_, second), = [(said, rect) for said, rect in labels if said.startswith("judged +486.282")]
    assert not first.colliderect(second), labels


def test_a_stamp_off_the_replay_s_time_axis_is_said_so_and_drawn_at_no_time_it_does_not_have(
        pressed_twice, capsys, tmp_path, monkeypatch):
    """Ana's second stamp (+486.282 ms) on an axis from 57 to 65 ms was drawn as a line at the
    axis's right edge, at about +65 ms (a tester)."""
    from companion.display.palette import TIMELINE_MARK
    from companion.games.notnot.verdict import Verdict

    _, folder, game_id, n = pressed_twice
    drawn = texts_drawn(monkeypatch)
    code, out, err = replay(capsys, game_id, n, "--state-dir", folder, "--png", tmp_path / "x.png")
    assert code == 0, err
    assert "+486.282 ms" in out                     # the text lists it, at its own time
    assert any(shown.text.startswith("judged +486.282 ms, past this scale: ignored")
               for shown in drawn), [shown.text for shown in drawn]
    picture = pygame.image.load(str(tmp_path / "x.png"))
    ignored = pygame.Color(*TIMELINE_MARK[Verdict.IGNORED])
    tall = picture.get_height() // 10               # taller than any letter: a stamp's line
    lines = [x for x in range(picture.get_width()) for y in range(tall, picture.get_height())
             if all(picture.get_at((x, y - up)) == ignored for up in range(tall))]
    assert not lines, f"a line in the ignored tap's colour at x = {sorted(set(lines))}"


def test_the_buttons_a_replay_leaves_out_are_named_short_on_its_one_line(pressed_twice):
    """Nineteen buttons left out of the kiosk's replay: the footer named none ('other buttons,
    not drawn here: 19 (companion replay lists each)'), each name too long for the line."""
    drawn, *_ = pressed_twice
    others = [(said, rect) for said, rect in drawn if said.startswith("not drawn: ")]
    assert len(others) == 1, drawn
    said, rect = others[0]
    named = re.fullmatch(r"not drawn: ((?:\w+ [NESW] \+\d+\.\d{3} ms \(\w+\), )+)(\d+) more"
                         r"( \(companion replay lists each\))?", said)
    assert named, said
    assert named[1].count(" ms (") + int(named[2]) == 19, said
    assert rect.right <= 800, rect
