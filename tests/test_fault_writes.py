"""Write failures: a full disk, a read-only file or folder, an I/O error.

Each gives one clear line and exit 2 in the command line, and loses nothing committed. Running
as root defeats ``chmod``: there the read-only folder is a tmpfs mounted read-only, and the
read-only file is written by an unprivileged user (``setpriv``); the full disk is a small tmpfs
when one can be mounted, else SQLite's ``max_page_count``.
"""

import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

import pytest
from fault_cases import FILENAME, kept_folder, on, outcome

from companion.storage.database import Database
from companion.storage.faults import StorageError, explain

ROOT = os.geteuid() == 0
NOBODY = 65534


def mount(where: Path, options: str) -> bool:
    """Mount a tmpfs at ``where`` with ``options``; whether it worked (root only)."""
    if not ROOT or not shutil.which("mount"):
        return False
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)], check=False,
                          capture_output=True).returncode == 0


def remount(where: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(where)], check=True)


@pytest.fixture
def tmpfs(tmp_path):
    """A 1.5 MiB tmpfs (or ``None`` where none can be mounted), unmounted afterwards."""
    where = tmp_path / "tmpfs"
    where.mkdir()
    if not mount(where, "size=1500k"):
        yield None
        return
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def finished_games(folder) -> int:
    result = outcome(on(folder, ("history",)))
    assert result.code == 0, result.err
    return len(result.out.splitlines()) - 1


def simulate(folder, seed: int):
    return outcome([*on(folder, ("simulate", "--json")), "--seed", str(seed)])


@pytest.mark.slow
def test_a_full_disk_gives_one_line_exit_2_and_loses_no_finished_game(tmpfs, monkeypatch):
    if tmpfs is None:   # SQLite's own limit stands in for the disk
        tmpfs = Path(tempfile.mkdtemp())
        configure = Database._configure
        monkeypatch.setattr(Database, "_configure", lambda self: (
            configure(self), self.connection.execute("PRAGMA max_page_count = 60")))
    results = [simulate(tmpfs, seed) for seed in range(1, 80)]
    full = next(r for r in results if r.code != 0)
    saved = results.index(full)
    assert full.code == 2 and full.clear and "is full" in full.err
    assert "nothing saved before is lost" in full.err
    # every game that said it finished is kept (one may fit again once the log is folded in)
    assert saved > 0 and finished_games(tmpfs) == sum(r.code == 0 for r in results)


@pytest.mark.slow
def test_named_games_cut_short_by_a_full_disk_say_how_many_were_kept(tmpfs, monkeypatch):
    """``simulate --names --games N`` kept some of its games before the disk filled: its one
    line says how many, where it once said only that the disk was full."""
    if tmpfs is None:   # SQLite's own limit stands in for the disk
        tmpfs = Path(tempfile.mkdtemp())
        configure = Database._configure
        monkeypatch.setattr(Database, "_configure", lambda self: (
            configure(self), self.connection.execute("PRAGMA max_page_count = 60")))
    result = outcome([*on(tmpfs, ("simulate",)), "--names", "Ann,Bob,Cy,Dee", "--games", "80"])
    assert result.code == 2 and result.clear and "is full" in result.err
    kept = finished_games(tmpfs)
    assert 0 < kept < 80
    assert f"; {kept} of the 80 games were kept before it (games 1 to {kept})" in result.err


@pytest.mark.slow
@pytest.mark.skipif(not ROOT, reason="growing a tmpfs needs root")
def test_once_space_returns_the_next_game_is_saved(tmpfs):
    if tmpfs is None:
        pytest.skip("no tmpfs here")
    seed = 1
    while simulate(tmpfs, seed).code == 0:
        seed += 1
    before = finished_games(tmpfs)
    remount(tmpfs, "size=4m")
    assert simulate(tmpfs, seed).code == 0
    assert finished_games(tmpfs) == before + 1


@pytest.fixture
def read_only_folder(tmp_path):
    """A state folder with kept games that cannot be written to (a read-only mount as root)."""
    yield from read_only_copy(kept_folder(tmp_path / "kept"), tmp_path / "ro")


def read_only_copy(kept: Path, where: Path):
    """For a fixture: a copy of the state folder ``kept`` at ``where`` that cannot be written to
    (a tmpfs mounted read-only as root, skipped where none can be mounted; else a folder its user
    may not write), made writable again afterwards."""
    where.mkdir()
    if mount(where, "size=4m"):
        shutil.copytree(kept, where, dirs_exist_ok=True)
        remount(where, "ro")
        try:
            yield where
        finally:
            subprocess.run(["umount", "-l", str(where)], check=False)
    elif ROOT:
        pytest.skip("root without a mount: a read-only folder cannot be made honestly")
    else:
        shutil.copytree(kept, where, dirs_exist_ok=True)
        where.chmod(0o555)
        yield where
        where.chmod(0o755)


@pytest.mark.slow
def test_a_read_only_state_folder_is_named_as_such_and_never_called_damaged(read_only_folder):
    before = (read_only_folder / FILENAME).read_bytes()
    result = outcome(on(read_only_folder, ("simulate", "--json")))
    assert result.code == 2 and result.clear
    assert "is read-only" in result.err and "damaged" not in result.err
    assert "not a usable" not in result.err and "aside" not in result.err
    assert (read_only_folder / FILENAME).read_bytes() == before
    if os.statvfs(read_only_folder).f_flag & os.ST_RDONLY:   # a read-only mount: no chown helps
        assert f"sudo mount -o remount,rw {read_only_folder}" in result.err
        assert "chown" not in result.err
    else:                                                   # a folder its owner may not write
        assert f"chmod u+w {read_only_folder}" in result.err


@pytest.mark.slow
def test_a_read_only_state_folder_can_still_be_read(read_only_folder):
    history = outcome(on(read_only_folder, ("history",)))
    assert history.code == 0 and [int(line.split()[0]) for line in history.out.splitlines()[1:]] \
        == [3, 2, 1]
    sheet = outcome(on(read_only_folder, ("score-sheet", "not-that-movie")))
    assert sheet.code == 0 and "Popcorn" in sheet.out
    assert outcome(on(read_only_folder, ("history", "--check"))).code == 0


def read_only_file(path: Path) -> bool:
    """Make ``path`` read-only even for root: a read-only bind mount of the file over itself
    (root may write any file whatever its mode). False where mounting is not allowed."""
    bound = subprocess.run(["mount", "--bind", str(path), str(path)], capture_output=True)
    if bound.returncode:
        return False
    if subprocess.run(["mount", "-o", "remount,bind,ro", str(path)], capture_output=True).returncode:
        subprocess.run(["umount", "-l", str(path)], check=False)
        return False
    return True


@pytest.mark.slow
def test_a_read_only_database_file_is_named_as_such(tmp_path):
    folder = kept_folder(tmp_path / "kept")
    for name in (FILENAME + "-wal", FILENAME + "-shm"):
        (folder / name).unlink(missing_ok=True)
    database = folder / FILENAME
    before = database.read_bytes()
    if ROOT:
        if not read_only_file(database):
            pytest.skip("root without a bind mount: a read-only file cannot be made honestly")
    else:
        database.chmod(0o444)          # the folder stays writable, the database does not
    try:
        result = outcome(on(folder, ("simulate", "--json")))
        assert result.code == 2 and result.clear, result.err
        said = [line for line in result.err.splitlines() if line.startswith("companion:")]
        assert len(said) == 1 and "read-only" in said[0] and "damaged" not in said[0]
        assert database.read_bytes() == before
    finally:
        if ROOT:
            subprocess.run(["umount", "-l", str(database)], check=False)


def test_a_read_only_folder_its_user_owns_is_given_its_write_permission_back(tmp_path):
    """The line said to chown a folder whose owner was already right, where chmod u+w was what
    was needed (a saves tester)."""
    error = sqlite3.OperationalError("attempt to write a readonly database")
    error.sqlite_errorname = "SQLITE_READONLY_DIRECTORY"
    folder = tmp_path / "state"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        said = str(explain(error, folder / FILENAME, "saving round 3 of game 7"))
    finally:
        folder.chmod(0o755)
    assert f"make it writable: chmod u+w {folder}" in said and "chown" not in said
    said = str(explain(error, folder / FILENAME, "saving round 3 of game 7"))
    assert f"sudo chown companion: {folder}" in said   # its owner may write: another user's


def test_a_read_only_log_is_named_not_the_database_beside_it(tmp_path, monkeypatch):
    """With the database mended but its -wal still read-only, the line named the database and
    told to chown it, which changed nothing (a saves tester): it names the file that is."""
    from companion.storage import faults

    monkeypatch.setattr(faults, "may_write", lambda info: bool(info.st_mode & 0o200))  # not root
    folder = tmp_path / "state"
    Database.in_folder(folder).close()
    log = folder / f"{FILENAME}-wal"
    log.write_bytes(b"")
    log.chmod(0o444)
    error = sqlite3.OperationalError("attempt to write a readonly database")
    error.sqlite_errorname = "SQLITE_READONLY"
    said = explain(error, folder / FILENAME, "saving round 3 of game 7")
    assert str(said) == (f"saving round 3 of game 7 failed: {log} is read-only (nothing saved "
                         f"before is lost; make it writable: chmod u+w {log})")
    assert said.short == f"{FILENAME}-wal is read-only"


def test_a_read_only_database_in_a_read_only_folder_is_said_with_its_folder_at_the_start(
        tmp_path, monkeypatch):
    """Mending the file the start's notice named changed nothing: its folder was read-only
    too, said only from the first round on (a saves tester)."""
    from companion.storage import faults

    folder = tmp_path / "state"
    Database.in_folder(folder).close()
    (folder / FILENAME).chmod(0o444)
    folder.chmod(0o555)
    access = os.access   # the kernel's answer to a user other than root, who writes anything
    monkeypatch.setattr(faults.os, "access", lambda path, mode: access(path, mode) and not (
        Path(path) == folder and mode == os.W_OK))
    try:
        said = faults.cannot_save_in(folder / FILENAME)
    finally:
        folder.chmod(0o755)
    assert said == (f"{folder / FILENAME} is read-only: make it writable, e.g. sudo chmod u+w "
                    f"{folder / FILENAME}; and the state folder {folder} is read-only: make it "
                    f"writable: chmod u+w {folder}")


def test_an_input_output_error_says_the_card_may_be_failing_and_nothing_is_lost():
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorname = "SQLITE_IOERR_WRITE"
    said = explain(error, Path("/var/lib/companion/companion.sqlite3"), "saving round 3 of game 7")
    assert isinstance(said, StorageError)
    assert str(said).startswith("saving round 3 of game 7 failed: input/output error on ")
    assert "nothing saved before is lost" in str(said) and "card may be failing" in str(said)


def test_a_file_size_limit_is_named_as_such_not_a_failing_card_and_nothing_is_lost(tmp_path):
    """``ulimit -f`` stops SQLite growing its files; the kernel's refusal reaches SQLite as an
    input/output error, which is said to be the limit (a failing card would send the table
    to copy its card off for nothing)."""
    import resource
    import sys

    assert simulate(tmp_path, 1).code == 0
    grown = max(file.stat().st_size for file in tmp_path.glob("companion.sqlite3*"))
    limit = grown + 16 * 1024

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    finished = 1
    for seed in range(2, 12):
        run = subprocess.run([sys.executable, "-m", "companion", "simulate", "--players", "12",
                              "--seed", str(seed), "--state-dir", str(tmp_path)],
                             capture_output=True, text=True, preexec_fn=limited)
        if run.returncode:
            break
        finished += 1
    else:
        pytest.fail("the file-size limit never stopped a save")
    said = run.stderr.strip().splitlines()[-1]
    assert run.returncode == 2 and "Traceback" not in run.stderr
    grew = [file for file in tmp_path.glob("companion.sqlite3*")
            if file.stat().st_size == limit]   # the file that met the limit, named
    assert any(f"{file} has reached this program's file-size limit of {limit // 1024} kB "
               "(ulimit -f" in said for file in grew), said
    assert "nothing saved before is lost" in said and "card" not in said
    checked = outcome(on(tmp_path, ("history", "--check")))   # the torn save is no damage
    assert checked.code == 0 and checked.out.strip().endswith(": ok"), checked.err
    assert finished_games(tmp_path) == finished


def test_the_file_named_at_a_size_limit_is_the_one_that_met_it_not_one_made_bigger_before(
        tmp_path, monkeypatch):
    """A database grown to 250 kB before a 100 kB limit was set takes no new page past it, but
    the save that failed was its log's, which met the limit growing: that one is named."""
    import resource

    from companion.storage.faults import at_size_limit

    database, log = tmp_path / "companion.sqlite3", tmp_path / "companion.sqlite3-wal"
    database.write_bytes(bytes(250 * 1024))
    log.write_bytes(bytes(100 * 1024))
    monkeypatch.setattr(resource, "getrlimit", lambda which: (100 * 1024, resource.RLIM_INFINITY))
    assert at_size_limit(database) == (log, 100 * 1024)


def test_an_input_output_error_on_a_file_that_refuses_writes_names_the_file_not_the_card(
        tmp_path):
    import subprocess

    database = tmp_path / "companion.sqlite3"
    database.write_bytes(b"")
    if subprocess.run(["chattr", "+i", str(database)], capture_output=True).returncode:
        pytest.skip("chattr +i needs root on a file system that has it")
    try:
        error = sqlite3.OperationalError("disk I/O error")
        error.sqlite_errorname = "SQLITE_IOERR_WRITE"
        said = explain(error, database, "saving round 3 of game 7")
    finally:
        subprocess.run(["chattr", "-i", str(database)], check=True)
    assert str(said).startswith(f"saving round 3 of game 7 failed: {database} refuses writes")
    assert f"sudo chattr -i {database}" in str(said) and "failing" not in str(said)
    assert said.short == "companion.sqlite3 refuses writes"


@pytest.mark.parametrize("command", [("history",), ("history", "--json"),
                                     ("score-sheet", "not-that-movie"), ("simulate",),
                                     ("simulate", "--resume")])
def test_a_state_folder_that_is_a_file_is_named_as_such_and_left_alone(tmp_path, command):
    a_file = tmp_path / "passwd"
    a_file.write_text("root:x:0:0\n")
    result = outcome(on(a_file, command))
    assert result.code == 2 and result.clear
    assert f"the state folder {a_file} is a file, not a folder" in result.err
    assert a_file.read_text() == "root:x:0:0\n"


@pytest.mark.parametrize("command", [("history",), ("players", "add", "Zed"), ("simulate",),
                                     ("score-sheet", "thats-not-a-hat"), ("doctor",)])
def test_an_empty_state_folder_name_is_refused_never_read_as_the_usual_folder(
        tmp_path, monkeypatch, command):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("COMPANION_STATE_DIR", raising=False)
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    result = outcome([*command, "--state-dir", ""])
    assert result.code == 2 and result.clear
    assert result.err == ('companion: --state-dir "": the path is empty (name a folder, or '
                          "leave --state-dir out for the usual one)\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize("below", ["", "not-made-yet"])
def test_a_state_folder_on_a_read_only_mount_with_no_database_yet_is_told_to_remount(
        tmpfs, below):
    """Nothing kept there yet (or the folder not made): the line says the filesystem takes no
    writes and how to mend it, where it said SQLite's "unable to open database file" or the
    system's "[Errno 30]" alone."""
    if tmpfs is None:
        pytest.skip("no tmpfs here: a read-only mount cannot be made")
    remount(tmpfs, "ro")
    result = outcome([*on(tmpfs / below if below else tmpfs, ("players", "add")), "Zed"])
    assert result.code == 2 and result.clear
    assert f"remount it read-write (sudo mount -o remount,rw {tmpfs})" in result.err
    assert "chown" not in result.err


def test_a_filesystem_the_kernel_made_read_only_after_errors_is_read_as_such(tmp_path):
    from companion.storage.mounts import mount_of

    table = tmp_path / "mountinfo"
    table.write_text(f"45 27 7:0 / {tmp_path} rw,relatime - ext4 /dev/loop0 "
                     "rw,errors=remount-ro,emergency_ro\n")
    mount = mount_of(tmp_path, table)
    assert mount is not None and mount.read_only and mount.after_errors
