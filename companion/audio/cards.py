"""The ALSA sound cards the kernel lists, and whether SDL would play the tones through ALSA.

Without a card, libasound cannot open its ``default`` device and writes its own
``ALSA lib ... cannot find card '0'`` lines to stderr, past our log, when SDL's ALSA driver
tries it: :func:`alsa_without_card` tells the mixer not to try.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

#: Where the kernel lists the ALSA cards (missing when the kernel has no sound at all).
CARDS = Path("/proc/asound/cards")


def card_ids(listing: str) -> list[str]:
    """The cards' ids in a ``/proc/asound/cards`` ``listing`` (``vc4hdmi0``, ``Headphones``,
    ``Device``); none for ``--- no soundcards ---``."""
    return [line.partition("[")[2].partition("]")[0].strip()
            for line in listing.splitlines() if "[" in line]


def listed_cards(cards: Path = CARDS) -> list[str]:
    """The ids of the cards the kernel lists in ``cards`` (none if it cannot be read)."""
    try:
        return card_ids(cards.read_text(errors="replace"))
    except OSError:
        return []


def sound_server_reachable(environ: Mapping[str, str]) -> bool:
    """Whether a PulseAudio or PipeWire server is there for SDL to play through before ALSA
    (``PULSE_SERVER``, or its socket in ``XDG_RUNTIME_DIR``)."""
    if environ.get("PULSE_SERVER"):
        return True
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    return bool(runtime) and any((Path(runtime) / socket).exists()
                                 for socket in ("pulse/native", "pipewire-0"))


def alsa_would_play(environ: Mapping[str, str]) -> bool:
    """Whether SDL would open ALSA for the tones: ``SDL_AUDIODRIVER`` names ``alsa`` first, or
    names nothing and no sound server comes before it."""
    asked = environ.get("SDL_AUDIODRIVER", "").strip()
    if asked:
        return asked.split(",")[0].strip().lower() == "alsa"
    return not sound_server_reachable(environ)


def alsa_without_card(environ: Mapping[str, str] = os.environ, cards: Path = CARDS) -> bool:
    """Whether SDL would play through ALSA and the kernel lists no card for it to open."""
    return alsa_would_play(environ) and not listed_cards(cards)
