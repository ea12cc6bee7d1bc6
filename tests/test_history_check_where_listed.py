"""``companion history --check`` says which command lists each damaged game: ``companion
history`` a Not Not game, ``companion score-sheet KIND`` a game of Not That Movie! or That's Not a
Hat (``companion history`` lists only Not Not games)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fault_cases import DAMAGED_ID, HAT_ID, MOVIE_ID, copy_of, kept_folder, on, outcome, write_raw

#: What the check's last line begins with when only damaged games are found.
KEPT = "The damaged games are kept as they are and never offered for resume; "


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kept_folder(tmp_path_factory.mktemp("pristine"))


def with_damaged(pristine: Path, folder: Path, *game_ids: int) -> Path:
    """A copy of ``pristine`` in which the settings of each of ``game_ids`` are not JSON."""
    folder = copy_of(pristine, folder)
    for game_id in game_ids:
        write_raw(folder, "UPDATE games SET settings = '{bad' WHERE id = ?", (game_id,))
    return folder


def last_line_of_check(folder: Path) -> str:
    check = outcome(on(folder, ("history", "--check")))
    assert check.code == 1 and check.clear, check
    return check.out.splitlines()[-1]


@pytest.mark.parametrize("game_id, kind", [(MOVIE_ID, "not-that-movie"),
                                           (HAT_ID, "thats-not-a-hat")])
def test_a_damaged_game_that_keeps_a_score_sheet_is_said_listed_by_its_score_sheet(
        pristine: Path, tmp_path: Path, game_id: int, kind: str) -> None:
    """A tester read 'companion history lists them as damaged', and history listed only Not Not
    games: the damaged game was on the score sheet alone."""
    folder = with_damaged(pristine, tmp_path / "state", game_id)
    assert last_line_of_check(folder).startswith(
        f"{KEPT}companion score-sheet {kind} lists it as damaged (see docs/KIOSK.md")
    sheet = outcome(on(folder, ("score-sheet", kind)))
    assert sheet.code == 0 and f"game {game_id} is damaged and set aside" in sheet.out, sheet
    assert f"{game_id:>5}  damaged" not in outcome(on(folder, ("history",))).out


def test_damaged_games_of_each_kind_are_said_with_the_command_that_lists_each(
        pristine: Path, tmp_path: Path) -> None:
    folder = with_damaged(pristine, tmp_path / "state", DAMAGED_ID, MOVIE_ID, HAT_ID)
    assert last_line_of_check(folder).startswith(
        f"{KEPT}companion history lists game {DAMAGED_ID} as damaged, companion score-sheet "
        f"not-that-movie lists game {MOVIE_ID}, companion score-sheet thats-not-a-hat lists "
        f"game {HAT_ID} (see docs/KIOSK.md")
    assert f"{DAMAGED_ID:>5}  damaged, set aside: settings is not JSON" in \
        outcome(on(folder, ("history",))).out


def test_damaged_not_not_games_alone_are_said_listed_by_history(
        pristine: Path, tmp_path: Path) -> None:
    folder = with_damaged(pristine, tmp_path / "state", 1, DAMAGED_ID)
    assert last_line_of_check(folder).startswith(
        f"{KEPT}companion history lists them as damaged (see docs/KIOSK.md")
