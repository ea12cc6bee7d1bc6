"""``companion demo``: a whole game of simulated players on the real kiosk, headless."""

import hashlib
import time

import pygame
import pytest

import kiosk_helpers  # noqa: F401  (headless SDL drivers)
from companion.cli import main

#: Every test here plays whole games, fuzzes or starts programs: `make test-quick` leaves them out.
pytestmark = pytest.mark.slow


def test_a_headless_demo_plays_a_whole_game_and_leaves_snapshots(tmp_path, capsys):
    shots = tmp_path / "shots"
    assert main(["demo", "--headless", "--snapshots", str(shots), "--speed", "40", "--players", "3",
                 "--seed", "2"]) == 0
    out, err = capsys.readouterr()
    assert "no handler for scene" not in err  # the simulated table acts on every scene it sees
    assert out.startswith("game over after ") and "winners: P" in out
    names = sorted(p.name for p in shots.glob("*.png"))
    moments = {name[:-4] for name in names}
    assert {"title", "setup", "deal-first", "rolling", "round-open-discovery", "verdict-win",
            "level-up", "round-countdown", "end"} <= moments
    assert any(m.startswith("round-open-extreme") for m in moments), "a first game reaches Extreme"
    assert {"photo-finish", "colour-blind"} <= moments   # the photo finish and colour-blind mode
    assert "replay" in moments   # the photo finish's round replayed with its bouncing pins
    assert pygame.image.load(str(shots / "end.png")).get_size() == (800, 480)


def play_demo(folder, capsys) -> tuple[str, dict[str, str]]:
    """A short demo (2 players, --speed 50, seed 3) into ``folder``: its result line and the
    SHA-256 of each snapshot, by file name."""
    assert main(["demo", "--headless", "--snapshots", str(folder), "--speed", "50",
                 "--players", "2", "--seed", "3"]) == 0
    result = capsys.readouterr().out.splitlines()[0]
    return result, {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
                    for path in sorted(folder.glob("*.png"))}


def test_the_same_seed_plays_the_same_game_and_saves_the_same_snapshots(tmp_path, capsys):
    first_result, first = play_demo(tmp_path / "first", capsys)
    again_result, again = play_demo(tmp_path / "again", capsys)
    assert {"round-countdown.png", "photo-finish.png", "colour-blind.png", "replay.png",
            "end.png"} <= set(first)
    assert again_result == first_result
    assert [name for name in first if again.get(name) != first[name]] == []
    assert set(again) == set(first)


@pytest.mark.parametrize("argv, message", [
    (["--players", "7"], "7 players: choose 2 to 6"),
    (["--rotation", "45"], "rotation 45 is not one of 0, 90, 180, 270"),
    (["--size", "640x480"], "smaller than 800x480"),
    (["--size", "wide"], 'size "wide": expected WIDTHxHEIGHT'),
    (["--speed", "0"], "speed 0: choose 0.1 to 50"),
])
def test_wrong_demo_arguments_are_refused_in_one_line(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["demo", *argv])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and message in err and "Traceback" not in err


def test_a_headless_demo_without_a_snapshot_folder_is_refused(capsys):
    assert main(["demo", "--headless"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion demo: --headless without --snapshots DIR would show nothing")
    assert err.endswith("(see companion demo --help)\n")


@pytest.mark.parametrize("rotation", ["0", "90"])
def test_the_staged_moments_save_each_moment_a_game_may_not_show(tmp_path, capsys, rotation):
    shots = tmp_path / "moments"
    assert main(["demo", "--moments", "--rotation", rotation, "--snapshots", str(shots)]) == 0
    saved = {path.name for path in shots.glob("*.png")}
    assert saved == {"verdict-win-wrong.png", "tie-choice-three.png", "level-up-double-1.png",
                     "level-up-double-2.png", "notice-unplugged.png"}
    size = pygame.image.load(str(shots / "notice-unplugged.png")).get_size()
    assert size == ((800, 480) if rotation == "0" else (480, 800))


def test_the_staged_moments_without_a_snapshot_folder_are_refused(capsys):
    assert main(["demo", "--moments"]) == 2
    assert "--moments saves pictures only: add --snapshots DIR" in capsys.readouterr().err



def test_a_late_loop_plays_the_same_game_and_saves_the_same_snapshots(tmp_path, capsys,
                                                                      monkeypatch):
    """A busy machine: once in each round, the loop loses the processor for 200 ms (longer
    than the demo's settle time: a round nobody taps in is over before its countdown could be
    drawn again), and for 200 ms while it handles a tap."""
    from companion.scenes.notnot.round import RoundScene

    on_time_result, on_time = play_demo(tmp_path / "on-time", capsys)
    wake_at_ns, handle = RoundScene.wake_at_ns, RoundScene.handle
    late_in: set[tuple[int, str]] = set()

    def late(scene: RoundScene, why: str) -> None:
        if (id(scene.round), why) not in late_in:
            late_in.add((id(scene.round), why))
            time.sleep(0.2)

    def late_wake_at_ns(scene: RoundScene) -> int | None:
        late(scene, "waiting")
        return wake_at_ns(scene)

    def late_handle(scene: RoundScene, event: object, now_ns: int) -> None:
        handle(scene, event, now_ns)
        late(scene, "handling")

    monkeypatch.setattr(RoundScene, "wake_at_ns", late_wake_at_ns)
    monkeypatch.setattr(RoundScene, "handle", late_handle)
    late_result, late_shots = play_demo(tmp_path / "late", capsys)
    assert late_result == on_time_result
    assert late_shots == on_time


def test_a_late_table_plays_the_same_game_and_saves_the_same_snapshots(tmp_path, capsys,
                                                                       monkeypatch):
    """A busy machine: the simulated table's thread loses the processor for 300 ms as the
    set-up menu shows (its presses come in a burst, then the dealer's and the first round's),
    and for 100 ms before each press of a round (longer than the bots keep clear of the round's
    judging: an answer comes after the settle time, a tap after the close after the judging)."""
    from companion.simulation.demo_table import SimulatedTable

    on_time_result, on_time = play_demo(tmp_path / "on-time", capsys)
    on_setup, on_round, press_at = (SimulatedTable.on_setup, SimulatedTable.on_round,
                                    SimulatedTable.press_at)

    def late_on_setup(table: SimulatedTable, scene: object) -> None:
        table.scheduler.at(time.monotonic_ns(), lambda: time.sleep(0.3))
        on_setup(table, scene)

    def late_on_round(table: SimulatedTable, scene: object) -> None:
        def late_press_at(due_ns: int, *press: object) -> None:
            table.scheduler.at(due_ns, lambda: time.sleep(0.1))
            press_at(table, due_ns, *press)

        with monkeypatch.context() as round_presses:
            round_presses.setattr(table, "press_at", late_press_at)
            on_round(table, scene)

    monkeypatch.setattr(SimulatedTable, "on_setup", late_on_setup)
    monkeypatch.setattr(SimulatedTable, "on_round", late_on_round)
    late_result, late_shots = play_demo(tmp_path / "late", capsys)
    assert late_result == on_time_result
    assert [name for name in on_time if late_shots.get(name) != on_time[name]] == []
    assert set(late_shots) == set(on_time)
