"""``companion doctor``'s ``state`` line: one clear line naming what is wrong with the state
folder and where, the right advice (``chown`` only when ownership or permission is the cause),
and with ``--root DIR`` the state folder of the system below DIR, not this machine's.

Each test runs the command as a maker does (``companion doctor ...``) with ``--root`` at an
empty folder, so no probe runs and no Pi check applies: the ``state`` line is the one to read.
"""

from __future__ import annotations

import errno
import os
import shutil
import socket
import tempfile
from pathlib import Path

import pytest

from companion import cli
from companion.commands import doctor
from companion.tools.doctor import state

REPO = Path(__file__).resolve().parent.parent
UNIT = REPO / "systemd" / "companion.service"
AS_ROOT = os.geteuid() == 0


def state_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str,
               root: Path | None = None) -> str:
    """``companion doctor --root ROOT ARGV``'s ``state`` line (ROOT: an empty folder)."""
    if root is None:
        root = tmp_path / "root"
        root.mkdir(exist_ok=True)
    settings = tmp_path / "no-keyboard.toml"   # pygame 2.1.2 refuses some default key names
    settings.write_text("[keyboard]\nenabled = false\n")
    capsys.readouterr()   # what the test itself said before
    code = cli.main(["doctor", "--root", str(root), "--config", str(settings), *argv])
    captured = capsys.readouterr()
    lines = [line for line in captured.out.splitlines() if line.split()[1:2] == ["state"]]
    assert len(lines) == 1, captured
    assert "Traceback" not in captured.out + captured.err and captured.err == ""
    assert code == (1 if lines[0].startswith("FIX") else 0), captured.out
    return lines[0]


@pytest.fixture
def no_state_variables(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No state folder named in the environment; a home of its own (returned)."""
    for name in ("COMPANION_STATE_DIR", "STATE_DIRECTORY", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


# ------------------------------------------------- 1. why a folder takes no file, and what to do
@pytest.mark.parametrize(("folder", "filesystem"), [("/proc/1", "proc at /proc"),
                                                    ("/sys", "sysfs at /sys")])
def test_doctor_names_a_state_folder_on_a_filesystem_that_takes_no_files_without_chown_advice(
        capsys, tmp_path, folder, filesystem):
    line = state_line(capsys, tmp_path, "--state-dir", folder)
    assert line.startswith(f"FIX  state     {folder} is on a filesystem that takes no files "
                           f"({filesystem}"), line
    assert "name another folder" in line
    assert "chown" not in line and "No such file" not in line and "Permission" not in line


def test_doctor_names_a_state_folder_to_make_on_a_filesystem_that_takes_no_files_without_mkdir(
        capsys, tmp_path):
    line = state_line(capsys, tmp_path, "--state-dir", "/proc/companion-state")
    assert line.startswith("FIX  state     /proc/companion-state does not exist and no folder can "
                           "be made in /proc, which is on a filesystem that takes no files "
                           "(proc at /proc"), line
    assert "sudo mkdir" not in line and "chown" not in line and "No such file" not in line


@pytest.mark.parametrize(("code", "says", "advice"), [
    (errno.EACCES, "is not writable by you (Permission denied)", "sudo chown "),
    (errno.EROFS, "is on a read-only filesystem (", "sudo mount -o remount,rw "),
    (errno.EPERM, "is refusing new files whoever owns it (Operation not permitted",
     "sudo chattr -i "),
    (errno.ENOSPC, "is full (No space left on device", "free some room"),
])
def test_doctor_names_why_a_state_folder_is_not_writable_and_advises_chown_only_for_permission(
        capsys, tmp_path, monkeypatch, code, says, advice):
    """The refusals a folder can answer (faked: root is refused none of some, and no test can
    make a read-only mount or fill a disk): each named, chown advised for permission alone."""
    folder = tmp_path / "state"
    folder.mkdir()
    made = tempfile.TemporaryFile

    def refuse(*args, dir=None, **options):
        if dir is not None and Path(dir) == folder:
            raise OSError(code, os.strerror(code))
        return made(*args, dir=dir, **options)

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    line = state_line(capsys, tmp_path, "--state-dir", str(folder))
    assert line.startswith(f"FIX  state     {folder} {says}"), line
    assert advice in line
    assert ("chown" in line) == (code == errno.EACCES), line


@pytest.mark.skipif(AS_ROOT, reason="root writes in any folder: the faked refusal above "
                                    "covers permission under root")
def test_doctor_advises_chown_for_a_state_folder_the_user_may_not_write(capsys, tmp_path):
    folder = tmp_path / "state"
    folder.mkdir(mode=0o500)
    try:
        line = state_line(capsys, tmp_path, "--state-dir", str(folder))
    finally:
        folder.chmod(0o700)
    assert line.startswith(f"FIX  state     {folder} is not writable by you (Permission denied): "
                           "sudo chown "), line
    assert line.endswith(f": {folder}")


def test_doctor_says_when_the_kiosks_closed_database_could_not_be_read_instead_of_failing(
        capsys, tmp_path, monkeypatch):
    """The installed folder is 0750 and the kiosk's: a maker running the doctor as himself
    cannot read the database in it (faked here: root reads everything)."""
    folder = tmp_path / "state"
    folder.mkdir()
    (folder / "companion.sqlite3").write_bytes(b"")

    def closed(found: Path) -> list[str]:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(found))

    monkeypatch.setattr(state, "check_lines", closed)
    line = state_line(capsys, tmp_path, "--state-dir", str(folder))
    assert line.startswith(f"OK   state     {folder} is writable; its database was not read "
                           "(Permission denied): run the doctor with sudo"), line


# ------------------------------------------------- 2. what stands where the folder should be
def test_doctor_names_a_device_where_the_state_folder_should_be(capsys, tmp_path):
    line = state_line(capsys, tmp_path, "--state-dir", "/dev/null")
    assert line == ("FIX  state     the state folder /dev/null is a device (character device), "
                    "not a folder: name another folder")
    line = state_line(capsys, tmp_path, "--state-dir", "/dev/null/state")
    assert line == ("FIX  state     the state folder /dev/null/state cannot be made: /dev/null "
                    "is a device (character device), not a folder: name another folder")


def test_doctor_names_what_else_stands_where_the_state_folder_should_be(capsys, tmp_path):
    things = tmp_path / "t"   # short: a socket's path has at most 107 bytes
    things.mkdir()
    os.mkfifo(things / "fifo")
    (things / "file").write_text("in the way")
    (things / "dangling").symlink_to(things / "gone")
    (things / "loop").symlink_to(things / "loop")
    listening = socket.socket(socket.AF_UNIX)
    short = Path(tempfile.mkdtemp(prefix="doctor-"))
    try:
        listening.bind(str(short / "sock"))
        for path, what in ((short / "sock", "a socket"),
                           (things / "fifo", "a named pipe (FIFO)"),
                           (things / "dangling", f"a dangling link (to {things / 'gone'})"),
                           (things / "loop", "a link that loops")):
            line = state_line(capsys, tmp_path, "--state-dir", str(path))
            assert line == (f"FIX  state     the state folder {path} is {what}, not a folder: "
                            "name another folder"), line
        line = state_line(capsys, tmp_path, "--state-dir", str(things / "dangling" / "state"))
        assert line.startswith(f"FIX  state     the state folder {things / 'dangling' / 'state'} "
                               f"cannot be made: {things / 'dangling'} is a dangling link"), line
    finally:
        listening.close()
        shutil.rmtree(short)
    line = state_line(capsys, tmp_path, "--state-dir", str(things / "file"))
    assert line == (f"FIX  state     the state folder {things / 'file'} is a file, not a folder: "
                    "move the file away or name another folder")


# ------------------------------------------------- 3. --root: the state folder below the root
def installed(root: Path, *drop_in: str) -> Path:
    """``root`` with companion.service installed as the installer puts it, and ``drop_in``
    lines in a drop-in of its own."""
    units = root / "etc/systemd/system"
    units.mkdir(parents=True)
    shutil.copy(UNIT, units / "companion.service")
    if drop_in:
        (units / "companion.service.d").mkdir()
        (units / "companion.service.d/local.conf").write_text("\n".join(["[Service]", *drop_in]))
    return root


def test_doctor_with_root_checks_the_state_folder_of_the_service_installed_below_it(
        capsys, tmp_path, no_state_variables):
    root = installed(tmp_path / "image")
    line = state_line(capsys, tmp_path, root=root)
    assert line == (f"OK   state     {root}/var/lib/companion is not there yet: systemd makes it "
                    "for companion when companion.service starts (StateDirectory)")
    assert str(no_state_variables) not in line and not (root / "var").exists()

    from companion.storage.database import Database
    with Database.in_folder(root / "var/lib/companion") as database:
        database.read("SELECT count(*) FROM sqlite_master")
    (root / "var/lib/companion/companion.sqlite3").write_bytes(b"hello\n")
    line = state_line(capsys, tmp_path, root=root)
    assert line.startswith("FIX  state     ") and f"{root}/var/lib/companion" in line, line
    assert f"companion history --check --state-dir {root}/var/lib/companion" in line


def test_doctor_with_root_follows_the_state_folder_a_drop_in_gives_the_service(
        capsys, tmp_path, no_state_variables):
    root = installed(tmp_path / "image", 'Environment="COMPANION_STATE_DIR=/srv/kiosk state"')
    (root / "srv").mkdir()
    line = state_line(capsys, tmp_path, root=root)
    assert line == f"OK   state     {root}/srv/kiosk state will be made at the first save"


def test_doctor_with_root_and_no_service_there_names_the_folder_it_would_have(
        capsys, tmp_path, no_state_variables):
    root = tmp_path / "image"
    root.mkdir()
    line = state_line(capsys, tmp_path, root=root)
    assert line.startswith(f"--   state     {root}/var/lib/companion is not there: the kiosk is "
                           f"not installed below {root}"), line


def test_doctor_with_root_still_checks_the_state_folder_named_on_the_command_line(
        capsys, tmp_path, no_state_variables):
    root = installed(tmp_path / "image")
    named = tmp_path / "named"
    named.mkdir()
    assert state_line(capsys, tmp_path, "--state-dir", str(named), root=root) == \
        f"OK   state     {named} is writable"


def test_doctor_names_a_file_of_the_database_root_left_in_the_kiosks_folder(
        capsys, tmp_path, no_state_variables):
    """The log root's (a copy made as root, a ``chown`` gone wrong): the kiosk then saved
    nothing ("companion.sqlite3-wal is read-only"), while the doctor said the folder was
    writable and the database sound."""
    import sqlite3

    from companion.storage.database import Database

    root = installed(tmp_path / "image")
    (root / "etc/passwd").write_text("root:x:0:0::/root:/bin/sh\n"
                                     "companion:x:999:999::/var/lib/companion:/usr/sbin/nologin\n")
    folder = root / "var/lib/companion"
    with Database.in_folder(folder) as database:
        database.read("SELECT count(*) FROM sqlite_master")
    os.chown(folder, 999, 999)
    os.chown(folder / "companion.sqlite3", 999, 999)
    writer = sqlite3.connect(folder / "companion.sqlite3", isolation_level=None)
    try:
        writer.execute("SELECT count(*) FROM sqlite_master")
        os.chown(folder / "companion.sqlite3-wal", 0, 0)   # SQLite gives root's to the owner
        line = state_line(capsys, tmp_path, root=root)
    finally:
        writer.close()
    assert line == (f"FIX  state     {folder}/companion.sqlite3-wal belongs to root, not "
                    "companion, the kiosk's user, who cannot write it, so no game is saved: "
                    f"sudo chown companion: {folder}/companion.sqlite3-wal")
