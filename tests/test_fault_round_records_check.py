"""``companion history --check`` names every kept round whose record does not read as a round.

A round's record may be JSON, an object with its number, and still not a round: a tap that is
a string where an object belongs, a field of the wrong type, a verdict no companion stores.
The replay says so and the players' board leaves it out; the check names the game and round in
one line each and exits 1. Only the check reads every round so (a listing stays fast).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fault_cases import FILENAME, copy_of, kept_folder, on, outcome, write_raw

from companion.storage import soundness

TAP = {"player": 1, "side": "N", "t_us": 5.0, "verdict": "win"}
#: (game, round) -> (the record's key, the value it is given, what the check says of it).
SPOILED = {
    (1, 3): ("taps", ["a tap"], ": taps[0] is not an object"),
    (2, 2): ("winners", "P1", ": winners is not a list"),
    (2, 5): ("taps", [{**TAP, "player": "1"}], ": taps[0].player is not"),
    (3, 1): ("taps", [{**TAP, "verdict": "bogus"}], " (ValueError)"),
}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kept_folder(tmp_path_factory.mktemp("pristine"))


def test_history_check_names_each_game_and_round_whose_record_does_not_read(
        pristine: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy_of(pristine, tmp_path / "state")
    for (game, n), (key, value, _) in SPOILED.items():
        write_raw(folder, "UPDATE rounds SET record = json_set(record, ?, json(?)) "
                          "WHERE game_id = ? AND n = ?", (f"$.{key}", json.dumps(value), game, n))
    read, read_record = [], soundness.read_record
    monkeypatch.setattr(soundness, "read_record",
                        lambda record: (read.append(record), read_record(record))[1])

    listed = outcome(on(folder, ("history",)))
    assert listed.code == 0 and listed.out.count("\n") == 4 and not read   # a listing stays fast

    result = outcome(on(folder, ("history", "--check")))
    assert result.code == 1 and result.clear, result
    lines = result.out.splitlines()
    for (game, n), (_, _, says) in SPOILED.items():
        named = [line for line in lines if f" game {game} round {n} " in line]
        assert named == [line for line in named if line.startswith(
            f"{folder / FILENAME}: game {game} round {n} does not read{says}")]
        assert len(named) == 1, (game, n, lines)
    assert sum(" round " in line and "does not read" in line for line in lines) == len(SPOILED)
    assert "companion replay" in lines[-1] and "KIOSK.md" in lines[-1]
    assert len(read) > len(SPOILED)   # every kept round was read as a round


def test_rounds_that_all_read_leave_the_check_sound(pristine: Path, tmp_path: Path) -> None:
    result = outcome(on(copy_of(pristine, tmp_path / "state"), ("history", "--check")))
    assert result.code == 0 and result.out.strip().endswith(": ok")
