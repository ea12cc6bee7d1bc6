"""Handicaps through the real round: a seat's head start is taken off its tap stamps before the
judge, shown on the verdict, and kept with the round.

The rules (companion/scenes/notnot/head_starts.py): a tap before the open stays too early on its
real stamp; a later tap is judged at its stamp less its head start, never before the open; the
first valid tap, ties and the margin use the judged stamps; a tap after a pause is judged on its
real stamp; the round waits its largest head start past its close. Handicaps are off by default.
"""

import json

import pytest

from kiosk_helpers import CLOCK, in_scene, kiosk, notnot_play, now, step_until, tap
from test_scenes_flow import to_round
from test_scenes_round import next_round
from companion.cli import main
from companion.games.notnot.margin import margin_text
from companion.games.notnot.record import RoundRecord, reaction_times_ms
from companion.games.notnot.sides import Side
from companion.games.notnot.words import start_text
from companion.inputs.actions import Nav
from companion.scenes.common.pausing import CANCELLED_NOTE
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.location import state_dir
from companion.storage.players import PlayerStore

#: Player 2's head start, in µs.
START_US = 150_000
START_NS = START_US * 1000
MS = 1_000_000


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def handicapped(players=3, starts=None):
    """A kiosk with handicaps on, player 2 (or ``starts``' seats) given a head start, at an open
    round that needs a tap."""
    app = kiosk("setup", players=players, handicaps=True,
                head_starts=starts if starts is not None else {2: START_US})
    return app, to_round(app)


def verdict_of(app):
    step_until(app, in_scene(app, "verdict"))
    return app.scene


def test_a_head_start_wins_a_race_the_hand_lost():
    app, round_ = handicapped()
    side = round_.ruling.valid[0].value
    app.post(tap(1, side, round_.t_open_ns + 50 * MS))               # after the judged close
    app.post(tap(2, side, round_.t_open_ns + START_NS + 30 * MS))   # judged at 30 ms
    verdict = verdict_of(app)
    assert verdict.view.headline == "P2 WINS"
    assert f"with a {start_text(START_US)} start" in verdict.view.details
    assert [(t.player, t.verdict) for t in verdict.record.taps] == [(2, "win"), (1, "late")]


def test_the_margin_is_taken_between_the_judged_stamps_and_says_the_head_start():
    app = kiosk("setup", players=4, handicaps=True, head_starts={2: START_US})
    margin = close_win_over_a_wrong_tap(app, to_round(app))
    assert f"P2 by {margin} with a {start_text(START_US)} start" in verdict_of(app).view.details


def close_win_over_a_wrong_tap(app, round_):
    """From ``round_`` on to a round with a wrong card: player 2 taps a valid one (judged at
    30 ms), player 1 the wrong one within the tie window after; the margin's words."""
    while len(round_.ruling.valid) == 4:
        round_ = next_round(app)
    wrong = next(side for side in Side if side not in round_.ruling.valid)
    gap_ns = round_.timing.tie_window_ns * 2 // 5
    app.post(tap(2, round_.ruling.valid[0].value, round_.t_open_ns + START_NS + 30 * MS))
    app.post(tap(1, wrong.value, round_.t_open_ns + 30 * MS + gap_ns))
    return margin_text(gap_ns / 1000, 1)


def test_a_tap_before_the_open_stays_too_early_whatever_its_head_start():
    app, round_ = handicapped()
    app.post(tap(2, round_.ruling.valid[0].value, round_.t_open_ns - 1 * MS))
    verdict = verdict_of(app)
    assert [t.verdict for t in verdict.record.taps] == ["early"]
    assert "too early: P2" in verdict.view.details


def test_a_head_start_never_brings_a_tap_before_the_open():
    app, round_ = handicapped()
    app.post(tap(2, round_.ruling.valid[0].value, round_.t_open_ns + START_NS // 3))
    record = verdict_of(app).record
    assert [(t.verdict, t.t_us, t.real_us) for t in record.taps] == [
        ("win", 0, START_US // 3)]


def test_two_head_starts_that_reach_back_to_the_open_tie_there():
    app, round_ = handicapped(starts={2: START_US, 3: START_US})
    side = round_.ruling.valid[0].value
    app.post(tap(2, side, round_.t_open_ns + START_NS // 3))
    app.post(tap(3, side, round_.t_open_ns + START_NS // 2))
    record = verdict_of(app).record
    assert [(t.player, t.verdict, t.t_us) for t in record.taps] == [(2, "tie", 0), (3, "tie", 0)]


def test_a_mashed_pad_its_head_start_moves_to_the_open_is_labelled_once_a_spot_beside_it():
    """Ana presses all four buttons twice before her head start runs out: every press is
    judged at the open, one place on the timeline, and each spot is named once beside it (not
    once a press, the extra labels pushed out to the strip's far end), on the kiosk and the
    page."""
    from companion.display.timeline_axis import axis_mapping
    from companion.web.timeline_svg import timeline_svg

    app = kiosk("setup", players=3, handicaps=True, head_starts={2: START_US}, names={2: "Ana"})
    round_ = to_round(app)
    for press in (1, 2):
        for side in Side:
            app.post(tap(2, side.value, round_.t_open_ns + press * MS))
    verdict = verdict_of(app)
    assert {t.t_us for t in verdict.record.taps} == {0} and len(verdict.record.taps) == 8
    labels = sorted(d.text for d in verdict.timeline_drawn if d.text.startswith("Ana"))
    assert labels == ["Ana E", "Ana N", "Ana S", "Ana W"]
    layout = app.ctx.services.layout
    inner = layout.timeline.inflate(-round(2 * layout.unit), 0)
    open_x = axis_mapping(verdict.timeline, inner.left, inner.width)(0)
    for label in (d for d in verdict.timeline_drawn if d.text.startswith("Ana")):
        assert abs(label.rect.centerx - open_x) <= label.rect.width + layout.min_text_size, \
            label.text   # over its mark, or a label's width aside at most
    page = timeline_svg(verdict.timeline, {2: "Ana"})
    assert [page.count(f">Ana {side.value}<") for side in Side] == [1, 1, 1, 1]


def test_a_tie_is_judged_on_the_judged_stamps():
    app, round_ = handicapped()
    window_ns = round_.timing.tie_window_ns
    side = round_.ruling.valid[0].value
    app.post(tap(1, side, round_.t_open_ns + 50 * MS))
    app.post(tap(2, side, round_.t_open_ns + 50 * MS + START_NS + window_ns // 2))
    record = verdict_of(app).record
    assert sorted(t.verdict for t in record.taps) == ["tie", "tie"]


def test_the_round_waits_for_a_tap_its_head_start_brings_inside_the_close():
    app, round_ = handicapped()
    side = round_.ruling.valid[0].value
    first_ns = round_.t_open_ns + 2 * START_NS // 3
    assert now() < first_ns
    app.post(tap(1, side, first_ns))
    settle_ns = round(app.ctx.services.pace.settle_s * 1e9)
    # past the moment the round would be judged without head starts
    CLOCK.advance((first_ns + round_.timing.tie_window_ns + settle_ns + MS - now()) / 1e9)
    app.step()
    assert app.scene.name == "round"
    app.post(tap(2, side))                   # the hand is late, its head start is not
    assert verdict_of(app).view.headline == "P2 WINS"


def test_a_tap_after_a_pause_is_judged_on_its_real_stamp():
    app, round_ = handicapped()
    round_no = notnot_play(app).game.round_no
    paused_ns = round_.t_open_ns + START_NS // 2
    app.post(Nav("pause", paused_ns))
    app.post(tap(2, round_.ruling.valid[0].value, paused_ns + START_NS // 10))
    step_until(app, in_scene(app, "pause"))
    assert app.scene.subtitle == CANCELLED_NOTE
    assert notnot_play(app).game.round_no == round_no


def test_handicaps_are_off_by_default_and_a_head_start_then_counts_for_nothing():
    app = kiosk("setup", players=3, head_starts={2: START_US})
    round_ = to_round(app)
    side = round_.ruling.valid[0].value
    app.post(tap(1, side, round_.t_open_ns + 50 * MS))
    app.post(tap(2, side, round_.t_open_ns + START_NS + 30 * MS))
    verdict = verdict_of(app)
    assert verdict.view.headline == "P1 WINS"
    assert "head_starts_us" not in verdict.record.to_json()
    assert all("real_us" not in t for t in verdict.record.to_json()["taps"])


def test_the_round_keeps_its_head_starts_and_each_moved_taps_real_stamp():
    app, round_ = handicapped()
    side = round_.ruling.valid[0].value
    real_ms = START_US / 1000 + 30
    app.post(tap(2, side, round_.t_open_ns + round(real_ms * MS)))
    record = verdict_of(app).record
    stored = record.to_json()
    assert stored["head_starts_us"] == {"2": START_US}
    assert RoundRecord.from_json(json.loads(json.dumps(stored))) == record
    assert reaction_times_ms([record]) == {2: [real_ms]}   # the hand's time, not the judged one


def test_a_seats_kept_player_brings_their_head_start_to_the_table_and_their_name_to_the_verdict():
    with Database.in_folder(state_dir(None)) as database:
        roster = PlayerStore(database)
        ana = roster.add("Ana")
        roster.set_head_start("Ana", START_US)
    app = kiosk("setup", players=4, handicaps=True, player_ids={2: ana.id}, names={2: "Ana"})
    round_ = to_round(app)
    assert notnot_play(app).head_starts == {2: START_US}
    margin = close_win_over_a_wrong_tap(app, round_)
    assert f"Ana by {margin} with a {start_text(START_US)} start" in verdict_of(app).view.details


def test_a_game_resumed_before_its_first_round_keeps_its_head_starts(tmp_path):
    """The power went at the first deal: the resumed game is played with the head starts it
    began with (a code reviewer found none: they were read from the last round's record)."""
    first = kiosk("setup", state_dir=tmp_path, players=3, handicaps=True,
                  head_starts={2: START_US})
    first.post(tap(1, "N")); first.post(tap(1, "N"))  # from Level round past Back to Start
    first.post(tap(1, "E"))
    step_until(first, in_scene(first, "deal"))                # the game is kept, no round yet
    first.screen.close()                                      # the power went
    again = kiosk("setup", state_dir=tmp_path, handicaps=True)
    assert again.scene.items()[again.scene.cursor].startswith("Resume")
    again.post(tap(1, "E"))
    step_until(again, in_scene(again, "deal"))
    assert notnot_play(again).head_starts == {2: START_US}
    again.screen.close()


def test_history_shows_the_head_starts_a_game_was_played_with(tmp_path, capsys):
    record = {"n": 1, "head_starts_us": {"2": START_US}}
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        game_id = store.create(2, {"level": "normal"}, {"round_no": 0})
        store.save_round(game_id, record, {"round_no": 1},
                         result={"winners": [2], "scores": {"1": 0, "2": 1}})
        roster = PlayerStore(database)
        roster.seat(game_id, 2, roster.add("Ana").id)
    capsys.readouterr()
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    assert f"(head starts: Ana {start_text(START_US)})" in capsys.readouterr().out
    assert main(["history", "--json", "--state-dir", str(tmp_path)]) == 0
    game, = json.loads(capsys.readouterr().out)
    assert game["rounds"][0]["head_starts_us"] == {"2": START_US}
    from companion.web.app import create_app             # the phone's history says it too
    from companion.web.watcher import SaveWatcher
    page = create_app(tmp_path, SaveWatcher(tmp_path)).test_client().get("/history")
    assert f"(head starts: Ana {start_text(START_US)})" in page.get_data(as_text=True)


def test_a_head_start_a_damaged_file_keeps_out_of_bounds_is_listed_as_not_read(tmp_path, capsys):
    """History and the phone listed a damaged round's head starts raw ("Bo 5e+06 ms", "-300
    ms"), where the game never played them (a family's tester)."""
    record = {"n": 1, "head_starts_us": {"2": START_US, "3": 5_000_000_000, "4": -300_000}}
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        game_id = store.create(4, {"level": "normal"}, {"round_no": 0})
        store.save_round(game_id, record, {"round_no": 1},
                         result={"winners": [2], "scores": {"1": 0, "2": 1, "3": 0, "4": 0}})
        PlayerStore(database).seat(game_id, 2, PlayerStore(database).add("Ana").id)
    capsys.readouterr()
    said = f"(head starts: Ana {start_text(START_US)}, P3 not read, P4 not read)"
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    assert said in capsys.readouterr().out
    from companion.web.app import create_app
    from companion.web.watcher import SaveWatcher
    page = create_app(tmp_path, SaveWatcher(tmp_path)).test_client().get("/history")
    assert said in page.get_data(as_text=True)


def test_handicaps_are_a_setting_off_by_default_that_companion_run_hands_to_the_set_up():
    from companion.config.settings import ConfigError, load, parse
    from companion.kiosk.startup import kiosk_options
    from companion.kiosk.systemd import Notifier

    class Args:
        size, rotation, seed, window, mock, state_dir = None, None, 1, True, False, None

    assert kiosk_options(Args(), load(), None, Notifier(environ={})).setup.handicaps is False
    on = parse("[game]\nhandicaps = true", "my.toml")
    assert kiosk_options(Args(), on, None, Notifier(environ={})).setup.handicaps is True
    with pytest.raises(ConfigError) as error:
        parse('[game]\nhandicaps = "yes"', "my.toml")
    assert error.value.problems == ['my.toml: game.handicaps = "yes": expected true or false']


def test_the_replay_keeps_the_edges_of_a_press_its_head_start_brought_inside_the_close():
    """The round waits its largest head start past its close; its saved edges stopped at the
    close and the settle time, so a moved press was judged but missing from its replay."""
    from types import SimpleNamespace

    from companion.inputs.edge_log import Edge, EdgeLog
    from companion.scenes.notnot.flow import round_edges

    app = kiosk("title")
    app.ctx.services.edge_log = log = EdgeLog()
    settle_ns = round(app.ctx.services.pace.settle_s * 1e9)
    round_ = SimpleNamespace(t_open_ns=0, closes_at_ns=1_000 * MS, taps=())
    pressed_ns = round_.closes_at_ns + settle_ns + 100 * MS   # inside its 150 ms head start
    log.record(Edge(2, "N", pressed_ns, True))
    log.record(Edge(2, "N", pressed_ns + 40 * MS, False))
    play = SimpleNamespace(head_starts={2: START_US})
    pins = round_edges(app.ctx, play, round_)["pins"]
    assert [(pin["player"], pin["side"], len(pin["edges"])) for pin in pins] == [(2, "N", 2)]
    app.screen.close()


def test_a_head_start_a_damaged_file_keeps_out_of_bounds_is_never_played(tmp_path, caplog):
    """A family's tester damaged the files: a round's -300 ms head start judged every race on
    resume ("Straße WINS with a -300 ms start"), and a player's 5000 ms one went into new
    games. Each is left out; the sound ones are kept."""
    import sqlite3

    from companion.storage.database import FILENAME

    with Database.in_folder(tmp_path) as database:
        roster = PlayerStore(database)
        for name in ("Ana", "Bo"):
            roster.add(name)
        roster.set_head_start("Ana", START_US)
        ana, bo = roster.find("Ana").id, roster.find("Bo").id
    connection = sqlite3.connect(tmp_path / FILENAME)   # a head start past what may be set
    connection.execute("PRAGMA ignore_check_constraints = 1")
    connection.execute("INSERT OR REPLACE INTO head_starts VALUES (?, 5000000)", (bo,))
    connection.commit()
    app = kiosk("setup", state_dir=tmp_path, players=3, handicaps=True,
                player_ids={2: ana, 3: bo}, names={2: "Ana", 3: "Bo"})
    round_ = to_round(app)
    assert notnot_play(app).head_starts == {2: START_US}
    assert "is 5000000 µs, not 0 to 1000 ms" in caplog.text
    app.post(tap(1, round_.ruling.valid[0].value))
    step_until(app, in_scene(app, "verdict"))
    step_until(app, lambda: app.scene.name != "verdict")   # the round is saved
    app.screen.close()
    connection.execute("UPDATE rounds SET record = json_set(record, '$.head_starts_us', "
                       "json('{\"2\": 150000, \"3\": -300000}'))")
    connection.commit()
    connection.close()
    again = kiosk("setup", state_dir=tmp_path, handicaps=True)
    again.post(tap(1, "E"))                                    # Resume
    step_until(again, lambda: again.scene.name in ("deal", "entry"))
    assert notnot_play(again).head_starts == {2: START_US}
    again.screen.close()


def test_the_replay_says_when_a_tap_its_head_start_moved_was_pressed():
    """The replay showed a moved tap at its judged stamp only; the record keeps when it was
    pressed (a family's tester: "Noé E +381.067 ms WINS", pressed at +681.067 ms)."""
    from companion.games.notnot.record import TapRecord
    from companion.games.notnot.verdict import Verdict
    from companion.games.notnot.words import tap_line

    moved = TapRecord(4, "E", 381_067, Verdict.WIN, real_us=681_067)
    assert tap_line(moved).endswith("WINS (pressed at +681.067 ms, moved by a head start)")
    assert "pressed at" not in tap_line(TapRecord(2, "E", 462_285, Verdict.WRONG))


def test_a_head_start_changed_while_a_game_is_kept_says_it_counts_from_the_next_game(
        tmp_path, capsys):
    """A family changed a child's head start between two rounds of a kept game: the resumed game
    went on with the old one, as documented, and nothing said so."""
    with Database.in_folder(tmp_path) as database:
        roster = PlayerStore(database)
        ana = roster.add("Ana").id
        roster.add("Bo")
    app = kiosk("setup", state_dir=tmp_path, players=3, handicaps=True, player_ids={2: ana},
                names={2: "Ana"})
    app.post(tap(1, "N")); app.post(tap(1, "N"))  # from Level round past Back to Start
    app.post(tap(1, "E"))
    step_until(app, in_scene(app, "deal"))                    # the game is kept, Ana seated
    app.screen.close()
    app.ctx.services.close_database()
    game_id = notnot_play(app).game_id
    capsys.readouterr()
    assert main(["players", "handicap", "Ana", "200", "--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == (
        f"Ana has a 200 ms head start; the game in progress (game {game_id}) keeps the head "
        "starts it began with: this one counts from the next game\n")
    assert main(["players", "handicap", "Bo", "100", "--state-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "Bo has a 100 ms head start\n"   # not seated there
