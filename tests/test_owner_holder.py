"""Who holds a state folder, asked without taking its lock: the phone page says by it whether
the kiosk runs. The kernel's table of locks (``/proc/locks``) says whether any process holds
the folder's lock file; the file says who; a system without that table cannot tell, which is
never taken for "nobody"."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from companion.storage import owner

#: A companion that holds the folder's lock, says so, and waits to be killed.
HOLDS_THE_FOLDER = ("import sys, time\n"
                    "from companion.storage import owner\n"
                    "lock = owner.take(sys.argv[1], 'the kiosk')\n"
                    "print('held', flush=True)\n"
                    "time.sleep(600)\n")


def test_the_holder_is_named_as_its_lock_file_says_and_nobody_once_it_lets_go(tmp_path):
    assert owner.holder(tmp_path) is None                  # no lock file yet
    lock = owner.take(tmp_path, "the kiosk")
    assert lock is not None
    assert owner.holder(tmp_path) == f"the kiosk (pid {os.getpid()})"
    lock.release()
    assert owner.holder(tmp_path) is None                  # the file stays, held by nobody
    assert (tmp_path / owner.LOCK_FILE).exists()


def test_a_holder_killed_holds_nothing_however_it_ended(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", HOLDS_THE_FOLDER, str(tmp_path)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        assert owner.holder(tmp_path) == f"the kiosk (pid {holder.pid})"
    finally:
        holder.kill()                                      # SIGKILL: no goodbye
        holder.wait()
        holder.stdout.close()
    assert owner.holder(tmp_path) is None


def test_looking_takes_no_lock_so_a_kiosk_starting_then_starts(tmp_path, monkeypatch):
    lock_taken = []
    monkeypatch.setattr(owner.fcntl, "flock", lambda *args: lock_taken.append(args))
    owner.take(tmp_path, "the kiosk").release()
    lock_taken.clear()
    owner.holder(tmp_path)
    assert lock_taken == []


def test_a_lock_file_naming_another_pid_than_its_holder_is_not_believed(tmp_path):
    """A holder that could not write its name (a read-only lock file) leaves the last
    holder's words there: the pid the kernel gives is the one said."""
    lock = owner.take(tmp_path, "companion players")
    assert lock is not None
    try:
        (tmp_path / owner.LOCK_FILE).write_text("1\nthe kiosk\n")
        assert owner.holder(tmp_path) == f"{owner.SOMEONE} (pid {os.getpid()})"
    finally:
        lock.release()


def test_the_holders_pid_is_the_one_the_kernel_gives_not_the_one_its_file_says(tmp_path):
    lock = owner.take(tmp_path, "the kiosk")
    assert lock is not None
    try:
        (tmp_path / owner.LOCK_FILE).write_text("1\nthe kiosk\n")
        assert owner.holder_pid(tmp_path) == os.getpid()
    finally:
        lock.release()
    assert owner.holder_pid(tmp_path) is None


def test_a_system_without_a_table_of_locks_cannot_tell_rather_than_say_nobody(
        tmp_path, monkeypatch):
    owner.take(tmp_path, "the kiosk").release()
    monkeypatch.setattr(owner, "PROC_LOCKS", tmp_path / "no-such-table")
    with pytest.raises(owner.CannotTell, match="no-such-table does not read"):
        owner.holder(tmp_path)
