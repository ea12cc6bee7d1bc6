"""Notes the commands print beside what they read from the state database."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.storage.soundness import unseen_saves


def note_unseen_saves(folder: Path) -> None:
    """One line on stderr when the write-ahead log beside the state database in ``folder``
    is damaged: the listing that follows may miss the saves it held."""
    lost = unseen_saves(folder)
    if lost:
        print(f"companion: note: {lost}; what follows may miss those saves (companion history "
              f"--check --state-dir {folder} says more)", file=sys.stderr)
