"""A picture written to the PNG file a person named (``--png FILE``).

Always a PNG, whatever the name ends with (pygame picks the format from the name: ``x.txt``
would be a Targa file); all or nothing (the bytes go to a draft beside the file, renamed over
it once whole: a full disk or a folder that cannot be written leaves no empty file behind);
and a file that cannot be written is one line naming the option and the file.
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pygame

from companion.errors import CompanionError


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as the bytes of a PNG file."""
    with io.BytesIO() as buffer:
        pygame.image.save(surface, buffer, "picture.png")
        return buffer.getvalue()


def write_png_file(surface: pygame.Surface, path: str | os.PathLike[str],
                   option: str = "--png") -> None:
    """Write ``surface`` to ``path`` as a PNG; a CompanionError naming ``option`` and ``path``
    if it cannot be written (nothing is left at ``path`` then)."""
    target = Path(path)
    draft = target.with_name(f".{target.name}.part")
    try:
        draft.write_bytes(png_bytes(surface))
        os.replace(draft, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            draft.unlink(missing_ok=True)
        raise CompanionError(f"{option} {path}: cannot write it: "
                             f"{error.strerror or error}") from None
