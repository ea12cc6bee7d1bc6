"""PNG frames of key moments, for the headless demo and for the README.

A scene names a moment (``"title"``, ``"round-open-hard"``, ``"verdict-win"``
...) when it draws one; the first frame of each name is saved as ``name.png``
in the snapshot folder, so the same moment always has the same file name.
Names listed in ``always`` (e.g. ``"end"``) are saved every time, the later
ones as ``name-2.png``, ``name-3.png``... A name given a condition
(:meth:`Snapshots.only_when`) is saved from the first frame offered while its
condition holds (the demo picks frames whose picture its seed alone decides).
The loop only copies the frame; a writer thread encodes and writes the PNG, so
the loop never waits on disk.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pygame

from companion.errors import CompanionError


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
        self._writes.append(self._writer.submit(pygame.image.save, surface.copy(), str(path)))
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
