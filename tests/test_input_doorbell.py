"""The input doorbell: the kernel's input devices wake the loop on the console, where SDL reads
them only when asked. Each device here is a pipe standing for one (``event0``, ...), written
into as the kernel would."""

from __future__ import annotations

import os
import threading
import time

import pytest

from companion.inputs.doorbell import InputDoorbell

#: Long enough that a doorbell that never rang fails the test, however busy the machine.
PATIENCE_S = 30


class Bell:
    """Counts the rings; waits for the next one."""

    def __init__(self) -> None:
        self.rings = 0
        self.rung = threading.Event()

    def __call__(self) -> None:
        self.rings += 1
        self.rung.set()

    def heard(self) -> bool:
        heard = self.rung.wait(PATIENCE_S)
        self.rung.clear()
        return heard


def plug(folder, name="event0") -> int:
    """A device appears in ``folder``: the writing end of its pipe."""
    os.mkfifo(folder / name)
    return os.open(folder / name, os.O_RDWR | os.O_NONBLOCK)


@pytest.fixture
def doorbell(tmp_path):
    bell = Bell()
    doorbell = InputDoorbell(bell, tmp_path, rescan_s=0.01)
    yield doorbell, bell
    doorbell.close()


def test_input_on_a_device_rings_the_doorbell(doorbell, tmp_path):
    bell_of, bell = doorbell
    device = plug(tmp_path)
    bell_of.start()
    os.write(device, bytes(24))
    assert bell.heard()
    os.close(device)


def test_a_device_plugged_in_after_the_start_rings_once_the_folder_is_looked_at_again(
        doorbell, tmp_path):
    bell_of, bell = doorbell
    bell_of.start()
    device = plug(tmp_path, "event3")
    deadline = time.monotonic() + PATIENCE_S
    while tmp_path / "event3" not in bell_of.devices:
        assert time.monotonic() < deadline, "the plugged device was never watched"
        time.sleep(0.01)
    os.write(device, bytes(24))
    assert bell.heard()
    os.close(device)


def test_a_device_unplugged_is_let_go_and_rings_no_more(doorbell, tmp_path):
    bell_of, bell = doorbell
    device = plug(tmp_path)
    bell_of.start()
    os.close(device)   # its end: the pipe reads as finished, as an unplugged device errs
    (tmp_path / "event0").unlink()
    deadline = time.monotonic() + PATIENCE_S
    while bell_of.devices:
        assert time.monotonic() < deadline, "the unplugged device was never let go"
        time.sleep(0.01)
    assert bell.rings == 0


def test_a_machine_with_no_input_folder_has_a_doorbell_that_watches_nothing(tmp_path):
    bell = Bell()
    bell_of = InputDoorbell(bell, tmp_path / "input", rescan_s=0.01)
    bell_of.start()
    time.sleep(0.05)
    bell_of.close()
    assert bell_of.devices == {} and bell.rings == 0


def test_closing_the_doorbell_ends_its_thread_and_closes_its_devices(tmp_path):
    device = plug(tmp_path)
    bell_of = InputDoorbell(Bell(), tmp_path)
    bell_of.start()
    watched = list(bell_of.devices.values())
    bell_of.close()
    assert not bell_of._thread.is_alive() and bell_of.devices == {}
    with pytest.raises(OSError):
        os.fstat(watched[0])
    os.close(device)
