"""sd_notify over a real AF_UNIX datagram socket, the way systemd listens."""

import os
import socket

import pytest

from companion.kiosk.systemd import Notifier, socket_address, watchdog_interval


@pytest.fixture
def listener(tmp_path):
    """A datagram socket bound to a path, as systemd's /run/systemd/notify."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = str(tmp_path / "notify")
    sock.bind(path)
    sock.settimeout(2)
    yield path, sock
    sock.close()


def received(sock) -> list[bytes]:
    """Every datagram waiting on ``sock``."""
    sock.setblocking(False)
    found = []
    try:
        while True:
            found.append(sock.recv(4096))
    except BlockingIOError:
        return found
    finally:
        sock.settimeout(2)


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_ready_sends_ready_and_status_in_one_datagram(listener):
    path, sock = listener
    with Notifier({"NOTIFY_SOCKET": path}) as notifier:
        assert notifier.ready("first frame shown")
    assert sock.recv(4096) == b"READY=1\nSTATUS=first frame shown"


def test_status_and_stopping_are_sent_as_assignments(listener):
    path, sock = listener
    with Notifier({"NOTIFY_SOCKET": path}) as notifier:
        notifier.status("round 3")
        notifier.stopping()
    assert received(sock) == [b"STATUS=round 3", b"STOPPING=1"]


def test_an_at_sign_means_the_abstract_namespace():
    name = f"companion-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(2)
    try:
        with Notifier({"NOTIFY_SOCKET": "@" + name}) as notifier:
            assert notifier.ready()
        assert sock.recv(4096) == b"READY=1"
    finally:
        sock.close()


def test_without_notify_socket_every_call_is_a_quiet_no_op():
    notifier = Notifier({})
    assert not notifier.enabled
    assert notifier.ready("x") is False
    assert notifier.watchdog() is False
    assert notifier.status("x") is False


@pytest.mark.parametrize("value", ["", "@", "relative/path", "x"])
def test_a_notify_socket_that_is_no_address_is_ignored(value):
    assert socket_address(value) is None


def test_the_watchdog_is_pinged_at_most_once_per_half_period(listener):
    path, sock = listener
    clock = FakeClock()
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "10000000"}
    with Notifier(env, clock=clock) as notifier:
        assert notifier.interval == 5.0
        assert notifier.watchdog() is True       # first call pings
        clock.now += 4.9
        assert notifier.watchdog() is False      # too soon
        clock.now += 0.1
        assert notifier.watchdog() is True       # half the period has passed
    assert received(sock) == [b"WATCHDOG=1", b"WATCHDOG=1"]


def test_ready_counts_as_a_watchdog_ping(listener):
    path, sock = listener
    clock = FakeClock()
    with Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"}, clock=clock) as notifier:
        notifier.ready()
        assert notifier.watchdog() is False
        clock.now += 1.0
        assert notifier.watchdog() is True


def test_without_watchdog_usec_the_watchdog_is_never_pinged(listener):
    path, sock = listener
    with Notifier({"NOTIFY_SOCKET": path}) as notifier:
        assert notifier.interval is None
        assert notifier.watchdog() is False
    assert received(sock) == []


def test_a_watchdog_meant_for_another_process_is_ignored():
    env = {"WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "1"}
    assert watchdog_interval(env, pid=4242) is None
    assert watchdog_interval(env, pid=1) == 2.0


@pytest.mark.parametrize("usec", ["", "0", "-5", "ten"])
def test_a_watchdog_usec_that_is_no_positive_number_means_no_watchdog(usec):
    assert watchdog_interval({"WATCHDOG_USEC": usec}) is None


def test_a_vanished_socket_is_logged_once_and_never_raised(tmp_path, caplog):
    path = str(tmp_path / "gone")
    with Notifier({"NOTIFY_SOCKET": path}) as notifier:
        assert notifier.ready() is False
        assert notifier.status("still alive") is False
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 1 and path in warnings[0].getMessage()
