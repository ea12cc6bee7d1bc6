"""A file written all or nothing: its bytes go to a draft beside it, renamed over it once whole.

A full disk, a folder that cannot be written or a power cut mid-write leaves the file as it
was (or absent), never cut short, and no draft behind when the write fails. ``durable`` also
flushes the bytes and the folder's entry to the disk before returning (a copy the next start
must find after a power cut).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def write_whole(path: str | os.PathLike[str], data: bytes, durable: bool = False) -> None:
    """Write ``data`` to ``path`` all or nothing (see the module's docstring); an
    :class:`OSError` when it cannot be written (``path`` is then as it was)."""
    target = Path(path)
    draft = target.with_name(f".{target.name}.part")
    try:
        with draft.open("wb") as file:
            file.write(data)
            if durable:
                file.flush()
                os.fsync(file.fileno())
        os.replace(draft, target)
    finally:
        with contextlib.suppress(OSError):
            draft.unlink(missing_ok=True)
    if durable:
        with contextlib.suppress(OSError):
            folder = os.open(target.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)
