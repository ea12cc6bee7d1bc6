"""A write-ahead log cut short by a power cut is kept and said at the kiosk's start.

The kiosk saves each move into ``companion.sqlite3-wal`` and, once it is there, counts it in
the log's index ``companion.sqlite3-shm``. A log that a power cut (or a copy) leaves shorter
than its index says loses the saves past its end: SQLite reads it up to its last whole save,
says nothing, and the kiosk's open folds it into the database (the game resumes a move or more
back, and ``history --check`` then says ok). The kiosk keeps the log beside it first, as
``companion.sqlite3-wal.damaged-<stamp>``, and says in one line on its screen and in the
journal that saves are missing. A kiosk killed or cut off with its log whole says nothing.
These make the state folder by the kiosk's own saves, cut it as the power does (a copy of the
folder while the kiosk holds it open, the log then cut), and start ``companion run`` on it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from fault_cases import on, outcome
from games_kiosk import Table
from kiosk_helpers import SteppedClock, kiosk, notnot_play
from test_hat_kiosk import START
from test_run_start_problems import run_and_look
from test_scenes_saving import PLAYERS, SEED, choose, play

from companion.inputs.actions import Nav
from companion.kiosk.loop import App
from companion.storage import wal
from companion.storage.database import FILENAME

LOG, INDEX = f"{FILENAME}-wal", f"{FILENAME}-shm"
#: A frame of the companion's log: its header and a 4096-byte page.
FRAME = 24 + 4096


def as_the_power_left_it(live: Path, folder: Path) -> Path:
    """A copy of the state folder ``live`` as a kiosk killed (or cut off) this moment leaves it:
    its database, its log and the log's index."""
    return Path(shutil.copytree(live, folder))


def notnot_mid_game(where: Path) -> Path:
    """A Not Not game two rounds in, played on the kiosk, cut off."""
    app = kiosk("setup", state_dir=where / "live", seed=SEED, players=PLAYERS)
    choose(app, "Start")
    play(app, rounds=2)
    assert notnot_play(app).game_id
    folder = as_the_power_left_it(where / "live", where / "state")
    app.screen.close()
    app.ctx.services.close_database()
    return folder


def hat_mid_game(where: Path) -> Path:
    """A That's Not a Hat game on the kiosk: P1 takes a penalty point, then gives a gift
    right; cut off."""
    table = Table(where / "live", players=4)
    table.menu(2, [START])
    table.wait_for("hat")
    table.press(1, "W")                              # a gift to the left
    table.press(table.scene.kept.game.pending.receiver, "S")   # "That's not a ...!"
    table.press(1, "N")                              # P1 owns up: a penalty point
    table.press(1, "E")                              # a gift to the right
    table.app.step()                                 # on screen: saved
    folder = as_the_power_left_it(where / "live", where / "state")
    table.close()
    table.app.ctx.services.close_database()
    return folder


GAMES: dict[str, Callable[[Path], Path]] = {"Not Not": notnot_mid_game,
                                           "That's Not a Hat": hat_mid_game}


def cut(folder: Path, size: int) -> bytes:
    """The log cut ``size`` bytes short, as ``truncate -s -SIZE`` does; what it holds then."""
    log = folder / LOG
    os.truncate(log, log.stat().st_size - size)
    return log.read_bytes()


def kept(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{LOG}.damaged-*"))


def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, folder: Path, *argv: str,
            then: Callable[[App], None] | None = None) -> App:
    """``companion run ARGV`` on ``folder`` to its first frame (then driven by ``then``): the
    app."""
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        monkeypatch.delenv(name, raising=False)
    code, looked = run_and_look(monkeypatch, tmp_path,
                                ["--keyboard-only", "--state-dir", str(folder), *argv], then)
    assert code == 0 and looked.scene == "title"
    return looked.app




def journal(capsys: pytest.CaptureFixture[str], *words: str) -> list[str]:
    """The journal's lines (the kiosk's standard error) that say every one of ``words``."""
    return [line for line in capsys.readouterr().err.splitlines()
            if all(word in line for word in words)]


def saves_past(intact: bytes, frame: int) -> int:
    """The saves the whole log ``intact`` holds past its frame ``frame``: its commit frames."""
    found = wal.scan(intact)
    assert found is not None and found.broken_at is None
    return sum(intact[32 + number * FRAME + 4:32 + number * FRAME + 8] != bytes(4)
               for number in range(frame, found.frames))


@pytest.mark.parametrize("game", GAMES)
def test_a_log_cut_short_mid_game_is_kept_and_the_kiosk_says_at_start_that_saves_are_missing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        game: str) -> None:
    folder = GAMES[game](tmp_path)
    left = cut(folder, 3000)                          # truncate -s -3000 companion.sqlite3-wal
    app = started(monkeypatch, tmp_path, folder)
    copies = kept(folder)
    assert len(copies) == 1 and copies[0].read_bytes() == left   # kept byte for byte
    said = "saves are missing: 1 save was cut off the log (companion history --check)"
    assert app.notice and app.notice[0] == said
    shown = " ".join(drawn.text for drawn in app.notice_drawn)
    assert shown == said   # whole on the notice line at 800x480
    lines = journal(capsys, "WARNING", copies[0].name)
    assert any("was cut short (" in line and "1 save in it does not read" in line
               and str(folder / FILENAME) in line for line in lines)
    check = outcome(on(folder, ("history", "--check")))   # the log is folded in: the copy says
    assert check.code == 1 and f"{copies[0].name} is a damaged write-ahead log" in check.out \
        and "it was cut short, and the saves past its end are not in the database" in check.out


def test_the_notice_that_saves_are_missing_stays_whole_on_an_upright_screen_until_a_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody may be looking when the kiosk comes back: a minute on, the notice is still on
    the 480-px-wide line, every word of it (was: gone after its 8 s); the table's first key
    takes it away."""
    folder = notnot_mid_game(tmp_path)
    cut(folder, 3000)
    said = "saves are missing: 1 save was cut off the log (companion history --check)"
    seen: dict[str, object] = {}

    def a_minute_then_a_key(app: App) -> None:
        clock = SteppedClock(app.clock())
        app.clock, app.wait = clock, clock.wait
        clock.advance(60)                             # a minute on: nobody pressed anything
        app.scene.dirty = True
        app.step()
        seen["a minute on"] = " ".join(drawn.text for drawn in app.notice_drawn)
        app.post(Nav("down", clock()))                # someone at the table acts
        app.step()
        seen["after a key"] = app.notice and app.notice[0]

    app = started(monkeypatch, tmp_path, folder, "--rotation", "90", then=a_minute_then_a_key)
    assert app.screen.layout.width == 480
    assert seen == {"a minute on": said, "after a key": None}


@pytest.mark.parametrize("game", GAMES)
def test_the_saves_said_lost_from_a_cut_log_count_those_the_whole_log_held_past_its_cut(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    folder = GAMES[game](tmp_path)
    intact = (folder / LOG).read_bytes()
    left = cut(folder, FRAME + 3000)                  # the last frame gone, the one before cut
    scanned = wal.scan(left)
    assert scanned is not None
    lost = saves_past(intact, scanned.read)
    app = started(monkeypatch, tmp_path, folder)
    assert app.notice and app.notice[0].startswith("saves are missing: ")
    said = app.notice[0].split("missing: ")[1].split(" save")[0]   # "2", or "1 to 2"
    fewest, _, most = said.partition(" to ")
    assert int(fewest) <= lost <= int(most or fewest), (said, lost)


#: A log as a kiosk killed or cut off leaves it, whole: as it lies, or with the save it was
#: writing torn (the frames SQLite reads all counted in its index: nothing told saved is lost).
WHOLE: dict[str, Callable[[Path], object]] = {
    "as it lies": lambda folder: None,
    "its last save torn": lambda folder: (folder / LOG).write_bytes(
        (folder / LOG).read_bytes() + (folder / LOG).read_bytes()[32:32 + FRAME - 3000]),
}


@pytest.mark.parametrize("log", WHOLE)
@pytest.mark.parametrize("game", GAMES)
def test_a_kiosk_killed_mid_game_with_its_log_whole_says_nothing_of_it_at_its_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        game: str, log: str) -> None:
    folder = GAMES[game](tmp_path)
    WHOLE[log](folder)
    assert not any("cut short" in line for line in wal.problems(folder / FILENAME))
    app = started(monkeypatch, tmp_path, folder)
    assert app.notice is None and not kept(folder)
    assert not journal(capsys, "write-ahead")


def test_a_cut_log_is_kept_and_said_at_the_first_start_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = hat_mid_game(tmp_path)
    cut(folder, 3000)
    first = started(monkeypatch, tmp_path, folder)
    first.ctx.services.close_database()               # the kiosk stops: the log is folded in
    again = started(monkeypatch, tmp_path, folder)
    assert first.notice and again.notice is None and len(kept(folder)) == 1
