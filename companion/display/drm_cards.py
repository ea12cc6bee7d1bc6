"""Which DRM card has a screen: the connectors of ``/sys/class/drm``, and SDL's KMSDRM pointed at
the card with a connected one.

A Pi 5 has several DRM cards (the GPU's render-only v3d, the HDMI controller, a DSI panel's
own), and their numbers change between boots. SDL 2.26's KMSDRM opens the first card unless
``SDL_KMSDRM_DEVICE_INDEX`` names another, and may find no screen on it. Before the display is
opened (and again at each retry, so a screen switched on after the Pi is found),
:func:`point_kmsdrm_at_connected_card` sets that index to the first card with a connected
connector. An index the table set itself (in the unit's environment) is left alone.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from dataclasses import dataclass
from pathlib import Path

#: Where the kernel lists the DRM cards and their connectors (``card1-HDMI-A-1``).
DRM_CLASS = Path("/sys/class/drm")
#: The variable SDL's KMSDRM driver reads for the card to open (``/dev/dri/cardN``).
INDEX_VARIABLE = "SDL_KMSDRM_DEVICE_INDEX"


@dataclass(frozen=True)
class Connector:
    """Connector ``name`` (``HDMI-A-1``, ``DSI-1``) of DRM card ``card``, and its ``status``
    (``connected``, ``disconnected``, ``unknown``)."""

    card: int
    name: str
    status: str


def connectors(drm: Path = DRM_CLASS) -> list[Connector]:
    """Every connector of every card under ``drm``, by card number then name."""
    found = []
    for path in drm.glob("card*-*"):
        card, _, name = path.name[4:].partition("-")
        if not card.isdigit():
            continue
        try:
            status = (path / "status").read_text().strip()
        except OSError:
            status = "unknown"
        found.append(Connector(int(card), name, status))
    return sorted(found, key=lambda c: (c.card, c.name))


def connected(drm: Path = DRM_CLASS) -> list[Connector]:
    """The connectors with a screen connected, by card number then name."""
    return [connector for connector in connectors(drm) if connector.status == "connected"]


#: Where :func:`point_kmsdrm_at_connected_card` notes the index it set (any other index is the
#: table's own).
CHOSEN_VARIABLE = "COMPANION_KMSDRM_DEVICE_INDEX"


def point_kmsdrm_at_connected_card(drm: Path | None = None,
                                   environ: MutableMapping[str, str] = os.environ
                                   ) -> Connector | None:
    """Under ``SDL_VIDEODRIVER=kmsdrm``, set :data:`INDEX_VARIABLE` to the first card with a
    connected connector; that connector (``None``: not KMSDRM, no screen connected, or the
    table chose the card itself)."""
    if environ.get("SDL_VIDEODRIVER") != "kmsdrm":
        return None
    if environ.get(INDEX_VARIABLE) not in (None, environ.get(CHOSEN_VARIABLE)):
        return None
    screens = connected(DRM_CLASS if drm is None else drm)
    if not screens:
        environ.pop(INDEX_VARIABLE, None)
        environ.pop(CHOSEN_VARIABLE, None)
        return None
    environ[INDEX_VARIABLE] = environ[CHOSEN_VARIABLE] = str(screens[0].card)
    return screens[0]
