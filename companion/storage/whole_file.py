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
    draft = written_draft(target, data, durable)
    try:
        os.replace(draft, target)
    finally:
        with contextlib.suppress(OSError):
            draft.unlink(missing_ok=True)
    if durable:
        sync_folder(target.parent)


def written_draft(path: Path, data: bytes, durable: bool = False) -> Path:
    """``data`` written to the draft beside ``path`` (flushed to the disk when ``durable``),
    to be renamed over it: the draft's path. An :class:`OSError` when it cannot be written
    (no draft is left)."""
    draft = path.with_name(f".{path.name}.part")
    try:
        with draft.open("wb") as file:
            file.write(data)
            if durable:
                file.flush()
                os.fsync(file.fileno())
    except OSError:
        with contextlib.suppress(OSError):
            draft.unlink(missing_ok=True)
        raise
    return draft


def sync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries (a rename in it) to the disk, as far as it can be."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
