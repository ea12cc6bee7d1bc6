"""The free space on the state folder's disk, and the floor the companion always leaves free.

The database never fills its disk: before each write it checks :func:`free_space` and refuses
below :func:`floor_of` (:data:`FREE_FLOOR_BYTES`, or :data:`FREE_FLOOR_FRACTION` of a small
disk). :func:`is_full` is how a failing write tells a full disk from a failing card.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The free space a write always leaves on the state folder's disk, in bytes...
FREE_FLOOR_BYTES = 50 * 2**20
#: ... or this share of the disk's size, when that is less (a small disk or a test's tmpfs).
FREE_FLOOR_FRACTION = 0.05


def free_space(folder: Path) -> tuple[int, int] | None:
    """The bytes free for this user on ``folder``'s disk and the disk's size (``None``: unknown)."""
    try:
        found = os.statvfs(folder)
    except OSError:
        return None
    return found.f_bavail * found.f_frsize, found.f_blocks * found.f_frsize


def floor_of(size: int) -> int:
    """The bytes kept free on a disk of ``size`` bytes."""
    return min(FREE_FLOOR_BYTES, int(size * FREE_FLOOR_FRACTION))


def megabytes(size: int) -> str:
    return f"{size / 2**20:.0f} MB" if size >= 2**20 else f"{size / 1024:.0f} kB"


def is_full(folder: Path) -> int | None:
    """The bytes left on ``folder``'s disk when they are under its floor (:func:`floor_of`: no
    companion writes there then), else ``None`` (room enough, or no telling)."""
    room = free_space(folder)
    if room is None or room[0] >= floor_of(room[1]):
        return None
    return room[0]
