"""Where the state folder is: the first of these that is given.

1. ``--state-dir DIR`` on the command line;
2. ``COMPANION_STATE_DIR`` in the environment;
3. ``STATE_DIRECTORY``, which systemd sets from the unit's ``StateDirectory=``;
4. ``/var/lib/companion`` if it exists (an installed kiosk);
5. ``$XDG_STATE_HOME/companion``, else ``~/.local/state/companion`` (a laptop).

:func:`not_a_folder` says when the chosen folder (or the nearest one above it that exists) is
a file, which no command can keep games in.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

ENVIRONMENT_VARIABLE = "COMPANION_STATE_DIR"
SYSTEM_STATE_DIR = Path("/var/lib/companion")


def state_dir(explicit: str | os.PathLike | None = None,
              environ: Mapping[str, str] | None = None,
              system_dir: Path = SYSTEM_STATE_DIR) -> Path:
    """The state folder to use, by the order in this module's docstring."""
    environ = os.environ if environ is None else environ
    if explicit:
        return Path(explicit).expanduser()
    if environ.get(ENVIRONMENT_VARIABLE):
        return Path(environ[ENVIRONMENT_VARIABLE]).expanduser()
    if environ.get("STATE_DIRECTORY"):
        return Path(environ["STATE_DIRECTORY"].split(":")[0])
    if system_dir.is_dir():
        return system_dir
    base = environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "companion"


def not_a_folder(folder: Path) -> str | None:
    """Why the state folder ``folder`` can be neither used nor made, when it, or the nearest path
    above it that exists, is a file: one line naming both; else ``None``."""
    for path in (folder, *folder.parents):
        if path.exists():
            if path.is_dir():
                return None
            if path == folder:
                return f"the state folder {folder} is a file, not a folder"
            return f"the state folder {folder} cannot be made: {path} is a file, not a folder"
    return None
