"""Where the live scoreboard page is, for the QR code the kiosk shows: whether its unit is on,
the port it serves, and this machine's current LAN address.

The page is on when ``companion-web.service`` is enabled (``install.sh --web`` links it into
``multi-user.target.wants``); its port is ``COMPANION_WEB_PORT`` in
``/etc/companion/web.env`` (8080 without it). The address is read from the kernel's table of
local addresses (``/proc/net/fib_trie``: the kiosk's sandbox opens no internet socket to ask),
one on the default route's network first (``/proc/net/route``), then a private LAN address,
never a loopback or link-local one. :func:`page_address` is
``None`` when the page is off or there is no network: then no QR code is shown.
"""

from __future__ import annotations

import ipaddress
import re
from pathlib import Path

#: The link systemd makes when the page's unit is enabled.
ENABLED = Path("etc/systemd/system/multi-user.target.wants/companion-web.service")
#: The page's settings (``COMPANION_WEB_PORT=8080``), optional.
ENV_FILE = Path("etc/companion/web.env")
#: The kernel's table of addresses, local ones included.
FIB_TRIE = Path("proc/net/fib_trie")
#: The kernel's routing table: which interface the default route leaves by.
ROUTE = Path("proc/net/route")
#: The port the page serves unless its settings say another.
DEFAULT_PORT = 8080

_LOCAL = re.compile(r"\|-- (\d+\.\d+\.\d+\.\d+)\n\s+/32 host LOCAL")


def lan_addresses(fib_trie: str, route: str = "") -> list[str]:
    """This machine's own IPv4 addresses in ``fib_trie`` (the text of ``/proc/net/fib_trie``),
    loopback and link-local left out: first those on the network of the default route's
    interface (``route``: the text of ``/proc/net/route``; the LAN the router serves, where
    the phones are, not a container's bridge), then private LAN ones."""
    found = []
    for text in dict.fromkeys(_LOCAL.findall(fib_trie)):
        address = ipaddress.IPv4Address(text)
        if not (address.is_loopback or address.is_link_local or address.is_unspecified):
            found.append(address)
    routed = default_route_networks(route)
    return [str(a) for a in sorted(found, key=lambda a: (
        not any(a in network for network in routed), not a.is_private, int(a)))]


def default_route_networks(route: str) -> list[ipaddress.IPv4Network]:
    """The networks ``/proc/net/route`` (its text, ``route``) reaches straight through the
    interface of its default route (none without one: a hotspot of its own)."""
    rows = [line.split() for line in route.splitlines()[1:]]
    rows = [row for row in rows if len(row) >= 8]
    default = {row[0] for row in rows if row[1] == "00000000"}
    networks = []
    for row in rows:
        if row[0] in default and row[1] != "00000000":
            try:
                destination, mask = (ipaddress.IPv4Address(bytes.fromhex(field)[::-1])
                                     for field in (row[1], row[7]))
                networks.append(ipaddress.IPv4Network(f"{destination}/{mask}", strict=False))
            except ValueError:
                continue
    return networks


def page_port(env_text: str) -> int:
    """The port ``COMPANION_WEB_PORT=`` in ``env_text`` names, else :data:`DEFAULT_PORT`."""
    match = re.search(r"^\s*COMPANION_WEB_PORT\s*=\s*\"?(\d{1,5})\"?\s*$", env_text, re.M)
    port = int(match.group(1)) if match else DEFAULT_PORT
    return port if 0 < port < 65536 else DEFAULT_PORT


def read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def page_address(root: Path = Path("/")) -> str | None:
    """``http://ADDRESS:PORT/`` of the scoreboard page on this machine's LAN address, or
    ``None`` when the page's unit is not enabled or there is no network (``root``: for tests)."""
    if not (root / ENABLED).exists():
        return None
    return lan_page_address(page_port(read(root / ENV_FILE)), root)


def lan_page_address(port: int, root: Path = Path("/")) -> str | None:
    """``http://ADDRESS:PORT/`` of a page served on ``port`` at this machine's LAN address
    (:func:`lan_addresses`), where phones on the same network open it; ``None`` without a
    network."""
    addresses = lan_addresses(read(root / FIB_TRIE), read(root / ROUTE))
    return f"http://{addresses[0]}:{port}/" if addresses else None
