"""A picture written to the PNG file a person named (``--png FILE``).

Always a PNG, whatever the name ends with (pygame picks the format from the name: ``x.txt``
would be a Targa file); all or nothing (:mod:`companion.storage.whole_file`: a full disk or a
folder that cannot be written leaves no empty file behind);
and a file that cannot be written is one line naming the option and the file.
"""

from __future__ import annotations

import io
import os

import pygame

from companion.errors import CompanionError
from companion.storage.whole_file import write_whole


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as the bytes of a PNG file."""
    with io.BytesIO() as buffer:
        pygame.image.save(surface, buffer, "picture.png")
        return buffer.getvalue()


def write_png_file(surface: pygame.Surface, path: str | os.PathLike[str],
                   option: str = "--png") -> None:
    """Write ``surface`` to ``path`` as a PNG; a CompanionError naming ``option`` and ``path``
    if it cannot be written (nothing is left at ``path`` then)."""
    try:
        write_whole(path, png_bytes(surface))
    except OSError as error:
        raise CompanionError(f"{option} {path}: cannot write it: "
                             f"{error.strerror or error}") from None
