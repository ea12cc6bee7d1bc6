"""The scoreboard page's QR code on the kiosk: the address on this machine's LAN address when
the page's unit is enabled, none without it or without a network, and a code that decodes
back to the address."""

from __future__ import annotations

import pytest

from companion.config.web_page import ENABLED, ENV_FILE, FIB_TRIE, lan_addresses, page_address, \
    page_port

#: /proc/net/fib_trie of a Pi on a home LAN (wlan0 192.168.1.23) with Docker's bridge too.
FIB = """Main:
  +-- 0.0.0.0/0 3 0 5
     |-- 0.0.0.0
        /0 universe UNICAST
     +-- 127.0.0.0/8 2 0 2
        +-- 127.0.0.0/31 1 0 0
           |-- 127.0.0.0
              /8 host LOCAL
           |-- 127.0.0.1
              /32 host LOCAL
     |-- 169.254.10.3
        /32 host LOCAL
     |-- 203.0.113.9
        /32 host LOCAL
     +-- 192.168.1.0/24 2 0 2
        |-- 192.168.1.0
           /24 link UNICAST
        |-- 192.168.1.23
           /32 host LOCAL
        |-- 192.168.1.255
           /32 link BROADCAST
Local:
     |-- 192.168.1.23
        /32 host LOCAL
"""
LOOPBACK_ONLY = """Main:
     +-- 127.0.0.0/8 2 0 2
           |-- 127.0.0.1
              /32 host LOCAL
"""


def machine(tmp_path, fib: str = FIB, enabled: bool = True, env: str | None = None):
    (tmp_path / FIB_TRIE).parent.mkdir(parents=True)
    (tmp_path / FIB_TRIE).write_text(fib)
    if enabled:
        (tmp_path / ENABLED).parent.mkdir(parents=True)
        (tmp_path / ENABLED).write_text("[Unit]\n")
    if env is not None:
        (tmp_path / ENV_FILE).parent.mkdir(parents=True)
        (tmp_path / ENV_FILE).write_text(env)
    return tmp_path


def test_the_lan_address_comes_first_and_loopback_and_link_local_never():
    assert lan_addresses(FIB) == ["192.168.1.23", "203.0.113.9"]
    assert lan_addresses(LOOPBACK_ONLY) == []


#: A Pi on its home Wi-Fi (wlan0 192.168.1.23, the default route) with Docker's bridge
#: (docker0 172.17.0.1): /proc/net/fib_trie's local addresses and /proc/net/route.
WITH_DOCKER = """Main:
     |-- 172.17.0.1
        /32 host LOCAL
     |-- 192.168.1.23
        /32 host LOCAL
"""
ROUTES = """Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
wlan0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0
"""


def test_the_address_on_the_default_routes_network_comes_before_a_containers_bridge():
    """The lowest private address won: the code pointed the phones at Docker's bridge (a
    spectator). Without a default route (the Pi as its own hotspot) the order stays."""
    assert lan_addresses(WITH_DOCKER, ROUTES)[0] == "192.168.1.23"
    assert lan_addresses(WITH_DOCKER, "")[0] == "172.17.0.1"


def test_the_page_is_on_the_lan_address_and_the_port_its_settings_say(tmp_path):
    assert page_address(machine(tmp_path)) == "http://192.168.1.23:8080/"
    assert page_port("# mine\nCOMPANION_WEB_PORT=8081\n") == 8081
    assert page_port("COMPANION_WEB_PORT=99999\n") == 8080


def test_no_address_when_the_pages_unit_is_off(tmp_path):
    assert page_address(machine(tmp_path, enabled=False)) is None


def test_no_address_without_a_network(tmp_path):
    assert page_address(machine(tmp_path, fib=LOOPBACK_ONLY)) is None
    assert page_address(tmp_path / "nothing") is None


def test_the_code_is_the_qrcode_librarys_matrix_of_the_address():
    qrcode = pytest.importorskip("qrcode")
    from companion.display.draw_qr import qr_matrix

    matrix = qr_matrix("http://192.168.1.23:8080/")
    code = qrcode.QRCode(border=0)
    code.add_data("http://192.168.1.23:8080/")
    code.make(fit=True)
    assert matrix is not None and len(matrix) == len(code.get_matrix()) >= 21
    finder = [row[:7] for row in matrix[:7]]        # the top-left finder pattern
    assert all(finder[0]) and all(finder[6]) and finder[3][3] and not finder[1][1]


class Served:
    """``companion web``'s server, made and run no further (its first lines are the test)."""

    effective_port = 8123

    def run(self) -> None:
        pass


@pytest.mark.parametrize("host, phones", [("0.0.0.0", "http://192.168.1.23:8123/"),
                                          ("127.0.0.1", None)])
def test_companion_web_started_by_hand_says_the_address_phones_open(tmp_path, monkeypatch,
                                                                   capsys, host, phones):
    """Started by hand on a laptop (no unit, so no QR code on the kiosk), it said only
    http://localhost:...: a table had no way to learn the address its phones open."""
    import functools

    from companion import cli
    from companion.commands import web
    from companion.config.web_page import lan_page_address

    root = machine(tmp_path / "root")
    monkeypatch.setattr(web, "server", lambda *args: Served())
    monkeypatch.setattr(web, "lan_page_address", functools.partial(lan_page_address, root=root))
    assert cli.main(["web", "--state-dir", str(tmp_path / "state"), "--host", host]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("companion web: serving http://")
    said = [line for line in lines if "phones" in line]
    assert said == ([f"companion web: phones on this network open {phones}"] if phones else [])
