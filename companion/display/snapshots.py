"""PNG frames of key moments, for the headless demo and for the README.

A scene names a moment (``"title"``, ``"round-open-hard"``, ``"verdict-win"``
...) when it draws one; the first frame of each name is saved as ``name.png``
in the snapshot folder, so the same moment always has the same file name.
Names listed in ``always`` (e.g. ``"end"``) are saved every time, the later
ones as ``name-2.png``, ``name-3.png``... A name given a condition
(:meth:`Snapshots.only_when`) is saved from the first frame offered while its
condition holds (the demo picks frames whose picture its seed alone decides).
The loop only copies the frame's pixels; a writer thread encodes and writes the
PNG with the standard library alone (:func:`write_png`), so the loop never waits
on disk and no pygame call runs outside the loop's thread (Debian's pygame 2.1.2
crashed saving a PNG in the writer thread while the loop drew, on a busy machine).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pygame

from companion.errors import CompanionError
from companion.storage.location import not_a_folder


class Snapshots:
    """Saves the first frame of each named moment into ``folder`` (``None``: saves nothing)."""

    def __init__(self, folder: str | Path | None, always: tuple[str, ...] = ()) -> None:
        self.folder = Path(folder) if folder else None
        self.always = always
        self.saved: list[Path] = []
        self._seen: set[str] = set()
        self._counts: dict[str, int] = {}
        self._conditions: dict[str, Callable[[], bool]] = {}
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="snapshots")
        self._writes: list = []
        if self.folder:
            problem = not_a_folder(self.folder, "snapshot folder")
            if problem:
                raise CompanionError(problem)
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise CompanionError(f"snapshot folder {self.folder}: {error.strerror}") from None

    def only_when(self, name: str, condition: Callable[[], bool]) -> None:
        """Save moment ``name`` only from a frame offered while ``condition()`` is true."""
        self._conditions[name] = condition

    def offer(self, name: str | None, surface: pygame.Surface) -> Path | None:
        """Save ``surface`` as moment ``name`` if it is the first of its name (offered while its
        condition, if any, holds); returns the file."""
        if not self.folder or not name or (name in self._seen and name not in self.always):
            return None
        if name in self._conditions and not self._conditions[name]():
            return None
        count = self._counts.get(name, 0) + 1
        self._counts[name] = count
        self._seen.add(name)
        path = self.folder / (f"{name}.png" if count == 1 else f"{name}-{count}.png")
        pixels = pygame.image.tostring(surface, "RGB")
        self._writes.append(self._writer.submit(write_png, path, surface.get_size(), pixels))
        self.saved.append(path)
        return path

    def close(self) -> None:
        """Wait until every snapshot is on disk; a CompanionError names one that could not be
        written."""
        self._writer.shutdown(wait=True)
        for write in self._writes:
            error = write.exception()
            if error is not None:
                raise CompanionError(f"snapshot not written: {error}")


def write_png(path: Path, size: tuple[int, int], rgb: bytes) -> None:
    """Write ``rgb`` (rows of 8-bit red, green, blue, top to bottom) of ``size`` as a PNG."""
    width, height = size
    row = 3 * width
    raw = b"".join(b"\0" + rgb[y * row:(y + 1) * row] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)   # 8-bit RGB, no interlace
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
                     chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, kind, data and the CRC of kind and data."""
    return struct.pack(">I", len(data)) + kind + data + \
        struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
