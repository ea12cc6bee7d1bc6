"""PNG frames of key moments, for the headless demo and for the README.

A scene names a moment (``"title"``, ``"round"``, ``"verdict-win"`` ...) when
it draws one; the first frame of each name is saved as ``NN-name.png`` in the
snapshot folder, numbered in the order they happened. Names that should be
saved every time (e.g. ``"end"``) are listed in ``always``.
"""

from __future__ import annotations

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
        if self.folder:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise CompanionError(f"snapshot folder {self.folder}: {error.strerror}") from None

    def offer(self, name: str | None, surface: pygame.Surface) -> Path | None:
        """Save ``surface`` as moment ``name`` if it is the first of its name; returns the file."""
        if not self.folder or not name or (name in self._seen and name not in self.always):
            return None
        self._seen.add(name)
        path = self.folder / f"{len(self.saved) + 1:02d}-{name}.png"
        pygame.image.save(surface, str(path))
        self.saved.append(path)
        return path
