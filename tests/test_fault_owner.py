"""One owner per state folder: one program writes a state folder at a time.

The kiosk and ``companion simulate --state-dir`` hold the folder's lock while they run; a second
writer is refused in one line, a second kiosk asks the table before it plays without saving, and
reading commands work beside the kiosk. ``simulate`` never touches the table's games, and a game
it cannot end is stopped after a bounded number of rounds.

"Another program holds the lock" is the test itself holding it through
:mod:`companion.storage.owner` (flock locks belong to an open file, so a second open in this
process is refused as another process would be), or the real ``companion run`` running here.
"""

from __future__ import annotations

import codecs
import os
import select
import sqlite3
import subprocess
import sys
from argparse import Namespace
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from fault_cases import Outcome, on, outcome, write_raw
from kiosk_helpers import in_scene, shows_text, step_until
from test_run_start_problems import Looked, quiet_systemd, run_and_look  # noqa: F401 - a fixture
from test_scenes_saving import choose, new_game, play

from companion.commands import simulate
from companion.kiosk.loop import App
from companion.storage import owner
from companion.storage.database import FILENAME, Database
from companion.storage.games import PLAYING, GameStore
from companion.storage.players import PlayerStore
from companion.scenes.common.failsafe import FailsafeScene
from kiosk_helpers import game_of, notnot_play

#: What the reading commands are tried with beside the kiosk.
READING = (("history",), ("history", "--json"), ("history", "--check"),
           ("score-sheet", "not-that-movie"))


def tables_game(folder: Path) -> int:
    """A game the kiosk started in ``folder``, two rounds in, the kiosk closed; its id."""
    app = new_game(folder)
    play(app, rounds=2)
    game_id = notnot_play(app).game_id
    app.screen.close()
    app.ctx.services.close_database()
    return game_id


def state_of(folder: Path, game_id: int) -> tuple[str, int]:
    """Game ``game_id``'s state and how many rounds it has saved, read past the store."""
    with sqlite3.connect(folder / FILENAME) as raw:
        state = raw.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        rounds = raw.execute("SELECT count(*) FROM rounds WHERE game_id = ?",
                             (game_id,)).fetchone()[0]
    return state, rounds


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file in ``folder`` and its bytes (the lock file aside: its holder writes it)."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())
            if path.name != owner.LOCK_FILE}


def refused_in_one_line(result: Outcome) -> str:
    """The one ``companion:`` line of a command refused with exit 2 (log lines aside)."""
    lines = [line for line in result.err.splitlines() if line.startswith("companion")]
    assert result.code == 2 and result.clear and len(lines) == 1, (result.code, result.err)
    return lines[0]


def test_simulate_beside_a_running_kiosk_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    folder = tmp_path / "state"
    game_id = tables_game(folder)
    seen = {}

    def beside(app: App) -> None:
        seen["simulate"] = outcome(on(folder, ("simulate", "--json")))
        seen["resume"] = outcome(on(folder, ("simulate", "--resume", "--json")))

    code, _ = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir", str(folder)],
                           then=beside)
    assert code == 0
    said = refused_in_one_line(seen["simulate"])
    assert said == (f"companion: the kiosk (pid {os.getpid()}) is using {folder}; stop it first, "
                    "or pass --state-dir another folder")
    assert refused_in_one_line(seen["resume"]) == said
    assert state_of(folder, game_id) == (PLAYING, 2)


@pytest.mark.slow
def test_history_still_reads_beside_the_kiosk(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    folder = tmp_path / "state"
    app = new_game(folder)
    play(app)   # one finished game to list
    app.screen.close()
    app.ctx.services.close_database()
    seen = {}

    def beside(app: App) -> None:
        seen.update({command: outcome(on(folder, command)) for command in READING})

    code, _ = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir", str(folder)],
                           then=beside)
    assert code == 0
    assert {command: result.code for command, result in seen.items()} == dict.fromkeys(READING, 0)
    assert "Game" in seen[("history",)].out and seen[("history", "--json")].out.startswith("[{")


def second_kiosk(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, folder: Path,
                 then: Callable[[App], None] | None,
                 options: tuple[str, ...] = ()) -> tuple[int, Looked]:
    """``companion run`` on ``folder`` (with ``options``) while the first kiosk (the test)
    holds it."""
    first = owner.take(folder, "the kiosk")
    assert first is not None
    try:
        return run_and_look(monkeypatch, tmp_path,
                            ["--keyboard-only", "--state-dir", str(folder), *options], then=then)
    finally:
        first.release()


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
    app.step()


def test_a_second_kiosk_on_the_same_folder_asks_before_playing_unsaved(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = tmp_path / "state"
    tables_game(folder)
    before = files_of(folder)
    seen = {}

    def agree_and_play(app: App) -> None:
        press(app, pygame.K_RETURN)
        step_until(app, in_scene(app, "title"))
        seen["notice"] = app.notice[0] if app.notice else ""
        choose(app, "Not Not")
        step_until(app, in_scene(app, "setup"))
        seen["items"] = app.scene.items()
        choose(app, "Start")   # a new game, saved at once by a kiosk that saves
        step_until(app, lambda: app.scene.name in ("deal", "roll"))
        seen["playing"] = game_of(app) is not None

    code, looked = second_kiosk(monkeypatch, tmp_path, folder, agree_and_play)
    assert code == 0 and looked.scene == "failsafe"
    drawn = looked.app.scenes[FailsafeScene].drawn
    shown = " ".join(d.text for d in drawn)
    compact = shown.replace(" ", "")                  # a long path is broken after a slash
    assert f"The kiosk (pid {os.getpid()}) is using {folder}".replace(" ", "") in compact
    assert "Enter or a touch: play without saving   Backspace: quit" in shown   # on a keyboard
    assert all(shows_text(looked.frame, d) for d in drawn)
    assert seen["notice"] == f"playing without saving: the kiosk (pid {os.getpid()}) is using " \
                             f"{folder}"
    assert not any(item.startswith("Resume") for item in seen["items"])   # not the first's game
    assert seen["playing"]
    assert files_of(folder) == before   # nothing written to the first kiosk's folder


def test_a_second_kiosk_with_a_settings_mistake_asks_about_the_folder_and_names_the_mistake(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = tmp_path / "state"
    tables_game(folder)
    settings = tmp_path / "mistake.toml"
    settings.write_text('[gpio]\ntie_window_us = "soon"\n')
    code, looked = second_kiosk(monkeypatch, tmp_path, folder,
                                lambda app: press(app, pygame.K_BACKSPACE),
                                ("--config", str(settings)))
    assert code == 0 and looked.scene == "failsafe"
    drawn = looked.app.scenes[FailsafeScene].drawn
    shown = " ".join(d.text for d in drawn)
    compact = shown.replace(" ", "")                  # a long path is broken after a slash
    assert f"The kiosk (pid {os.getpid()}) is using {folder}".replace(" ", "") in compact
    assert "Also: the settings file has a mistake, so the defaults are used (companion config " \
           "--check names it)." in shown
    assert all(shows_text(looked.frame, d) for d in drawn)


def test_a_second_kiosk_quits_when_the_table_says_so(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    folder = tmp_path / "state"
    tables_game(folder)
    before = files_of(folder)
    code, looked = second_kiosk(monkeypatch, tmp_path, folder,
                                lambda app: press(app, pygame.K_BACKSPACE))
    assert code == 0 and looked.app.ctx.quitting
    assert files_of(folder) == before


def test_simulate_resume_refuses_the_kiosks_game(tmp_path: Path) -> None:
    game_id = tables_game(tmp_path)
    said = refused_in_one_line(outcome(on(tmp_path, ("simulate", "--resume", "--json"))))
    assert said == (f"companion: the unfinished game {game_id} in {tmp_path} is the table's "
                    "(the kiosk's), not one simulate made: simulate --resume continues only "
                    "its own games")
    assert state_of(tmp_path, game_id) == (PLAYING, 2)


def test_simulate_never_ends_the_tables_game(tmp_path: Path) -> None:
    game_id = tables_game(tmp_path)
    said = refused_in_one_line(outcome(on(tmp_path, ("simulate", "--json"))))
    assert said == (f"companion: {tmp_path} holds the table's unfinished game {game_id}: a "
                    "simulated game there would end it; pass --state-dir another folder")
    assert state_of(tmp_path, game_id) == (PLAYING, 2)


def test_a_saving_loop_is_bounded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    args = Namespace(seed=4, players=3, level="normal", tie_window_us=1000)
    with Database.in_folder(tmp_path) as database:
        records = simulate.start(args, GameStore(database))[2]
        next(records), next(records)
    # round clocks no bot beats (the kiosk's test pace): nobody ever scores again
    write_raw(tmp_path, "UPDATE games SET snapshot = json_set(snapshot, "
                        "'$.timing.idle_timeout_ns', 30000000, '$.timing.round_timeout_ns', "
                        "100000000) WHERE id = 1")
    monkeypatch.setattr(simulate, "MAX_ROUNDS", 40, raising=False)
    said = refused_in_one_line(outcome(on(tmp_path, ("simulate", "--resume", "--json"))))
    assert said == (f"companion: game 1 in {tmp_path} did not end after 40 rounds (a game "
                    "ends in under 100): it was stopped and marked abandoned")
    assert state_of(tmp_path, 1) == ("abandoned", 2 + 40)


def test_a_folder_made_where_the_lock_file_goes_still_locks_the_state_folder(
        tmp_path: Path) -> None:
    folder = tmp_path / "state"
    (folder / owner.LOCK_FILE).mkdir(parents=True)
    with owner.owned(folder, "the kiosk") as held:
        assert held is not None
        with pytest.raises(owner.FolderInUse, match="another companion is using"):
            owner.take(folder, "companion simulate")
        refused = outcome(on(folder, ("players", "add", "Ana")))
        assert "another companion is using" in refused_in_one_line(refused)


def test_a_writer_refused_beside_the_kiosk_leaves_its_later_saves_where_readers_see_them(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The refused command runs as a process of its own, as at the table: the kiosk's SQLite
    locks are its process's, and its start's checks once let go of them, so the refused
    command, closing the database, took itself for its last user and deleted the kiosk's
    write-ahead log: every save after that went into a deleted file."""
    folder = tmp_path / "state"
    seen: dict[str, object] = {}

    def companion(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "companion", *argv, "--state-dir",
                               str(folder)], capture_output=True, text=True, timeout=120)

    def beside(app: App) -> None:
        players = PlayerStore(app.ctx.services.database())
        players.add("Ana")
        seen["refused"] = companion("players", "add", "Bo")
        players.add("Cy")   # the kiosk saves on after it
        seen["log kept"] = (folder / f"{FILENAME}-wal").exists()
        seen["listed"] = companion("players", "list")

    code, _ = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir", str(folder)],
                           then=beside)
    refused = seen["refused"]
    assert code == 0 and isinstance(refused, subprocess.CompletedProcess)
    assert refused.returncode == 2 and "is using" in refused.stderr
    assert seen["log kept"]
    listed = seen["listed"]
    assert isinstance(listed, subprocess.CompletedProcess) and listed.returncode == 0
    assert "Ana" in listed.stdout and "Cy" in listed.stdout and "Bo" not in listed.stdout


#: The kiosk's user in the tests below: a user other than root, who owns the state folder.
KIOSK_USER = 65534
only_as_root = pytest.mark.skipif(os.geteuid() != 0,
                                  reason="only root can run a part of the test as another user")


@pytest.fixture
def folder() -> Iterator[Path]:
    """A state folder the kiosk's user owns, in a folder every user may pass through (pytest's
    own folders are root's alone)."""
    import shutil
    import tempfile

    where = Path(tempfile.mkdtemp(prefix="companion-owner-"))
    os.chmod(where, 0o755)
    (where / "state").mkdir()
    os.chown(where / "state", KIOSK_USER, KIOSK_USER)
    yield where / "state"
    shutil.rmtree(where)


def as_the_kiosks_user(folder: Path, call: Callable[[Path], object]) -> str:
    """``call(folder)`` run in a child process as :data:`KIOSK_USER`, who owns ``folder``: what
    it returns, as text, or its error's name and line."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:   # the child: drop to the kiosk's user, say what the call gave, and end
        try:
            os.close(read)
            codecs.lookup("ascii")   # while the Python it runs may still be read: root's own
            os.setgroups([])
            os.setgid(KIOSK_USER)
            os.setuid(KIOSK_USER)
            try:
                said = str(call(folder))
            except Exception as error:  # noqa: BLE001 - said to the parent, which judges it
                said = f"{type(error).__name__}: {error}"
            os.write(write, said.encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        if not select.select([pipe], [], [], 120)[0]:   # never a test that hangs
            os.kill(pid, 9)
        said = pipe.read()
    os.waitpid(pid, 0)
    return said


def locked_twice(folder: Path) -> str:
    """The lock taken for the kiosk, then a second writer's try beside it."""
    held = owner.take(folder, "the kiosk")
    try:
        owner.take(folder, "companion players add")
    except owner.FolderInUse as error:
        return f"held: {held is not None}; second writer: {error}"
    return f"held: {held is not None}; second writer let in"


@only_as_root
def test_a_lock_file_root_made_under_a_strict_umask_still_locks_out_the_kiosks_user(
        folder: Path) -> None:
    """`sudo companion players add` under umask 077 left a lock file only root could open: the
    kiosk then held no lock, and a second writer got in beside it."""
    before = os.umask(0o077)
    try:
        held = owner.take(folder, "companion players add")
    finally:
        os.umask(before)
    assert held is not None
    said = as_the_kiosks_user(folder, lambda where: owner.take(where, "the kiosk"))
    held.release()
    assert said == (f"FolderInUse: companion players add (pid {os.getpid()}) is using {folder}; "
                    "stop it first, or pass --state-dir another folder")


@only_as_root
def test_a_lock_file_the_kiosks_user_cannot_open_that_nobody_holds_is_made_anew(
        folder: Path) -> None:
    (folder / owner.LOCK_FILE).write_text("1\nroot's companion\n")
    (folder / owner.LOCK_FILE).chmod(0)
    said = as_the_kiosks_user(folder, locked_twice)
    assert said.startswith("held: True; second writer: the kiosk (pid ")
    assert (folder / owner.LOCK_FILE).stat().st_uid == KIOSK_USER


@only_as_root
def test_a_lock_file_the_kiosks_user_cannot_open_that_a_program_holds_keeps_it_out(
        folder: Path) -> None:
    import fcntl

    path = folder / owner.LOCK_FILE
    path.write_text("")
    path.chmod(0)
    descriptor = os.open(path, os.O_RDONLY)
    fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        said = as_the_kiosks_user(folder, lambda where: owner.take(where, "the kiosk"))
    finally:
        os.close(descriptor)
    assert said == (f"FolderInUse: another companion (pid {os.getpid()}) is using {folder}; "
                    "stop it first, or pass --state-dir another folder")
    assert path.stat().st_uid == 0
