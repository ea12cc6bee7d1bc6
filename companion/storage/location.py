"""Where the state folder is: the first of these that is given.

1. ``--state-dir DIR`` on the command line;
2. ``COMPANION_STATE_DIR`` in the environment;
3. ``STATE_DIRECTORY``, which systemd sets from the unit's ``StateDirectory=``;
4. ``/var/lib/companion`` if it exists (an installed kiosk);
5. ``$XDG_STATE_HOME/companion``, else ``~/.local/state/companion`` (a laptop).

A ``~`` or ``~user`` that names no home folder is a :class:`~companion.errors.StateError` in one
line, never a folder literally called ``~user``. :func:`not_a_folder` says when the chosen folder
cannot be used or made: it (or the nearest one above it that exists) is a file, a device, a
socket, a FIFO or a dangling link (:func:`kind`), a name in it is longer than the file system
allows, or it cannot be looked at.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping
from pathlib import Path

from companion.config.reading import kind_of_mode
from companion.errors import StateError

ENVIRONMENT_VARIABLE = "COMPANION_STATE_DIR"
SYSTEM_STATE_DIR = Path("/var/lib/companion")
#: ``--state-dir``'s help: the order above, in a line.
STATE_DIR_HELP = ("the state folder (default: $COMPANION_STATE_DIR, else systemd's "
                  "$STATE_DIRECTORY, else /var/lib/companion if it exists, else "
                  "$XDG_STATE_HOME/companion, else ~/.local/state/companion)")
#: The longest name of one file or folder, in bytes (NAME_MAX of Linux's file systems).
NAME_MAX = 255


def state_dir(explicit: str | os.PathLike | None = None,
              environ: Mapping[str, str] | None = None,
              system_dir: Path = SYSTEM_STATE_DIR) -> Path:
    """The state folder to use, by the order in this module's docstring."""
    environ = os.environ if environ is None else environ
    if explicit is not None and os.fspath(explicit) == "":   # an unset $DIR in a script
        raise StateError('--state-dir "": the path is empty (name a folder, or leave '
                         "--state-dir out for the usual one)")
    if explicit:
        return expanded(explicit, "--state-dir")
    if environ.get(ENVIRONMENT_VARIABLE):
        return expanded(environ[ENVIRONMENT_VARIABLE], ENVIRONMENT_VARIABLE)
    if environ.get("STATE_DIRECTORY"):
        return Path(environ["STATE_DIRECTORY"].split(":")[0])
    if system_dir.is_dir():
        return system_dir
    if environ.get("XDG_STATE_HOME"):
        return Path(environ["XDG_STATE_HOME"]) / "companion"
    return expanded("~/.local/state/companion", "the default state folder")


def described(folder: Path) -> str:
    """``folder`` as a line says where games are kept, ``(no such folder)`` after it when it
    does not exist (a mistyped ``--state-dir`` reads as an empty folder otherwise)."""
    return str(folder) if folder.is_dir() else f"{folder} (no such folder)"


def expanded(folder: str | os.PathLike, given: str) -> Path:
    """``folder`` with a leading ``~`` or ``~user`` replaced by that home folder; ``given`` says
    where it came from. A home that cannot be found is a :class:`StateError` naming it."""
    path = Path(folder)
    try:
        return path.expanduser()
    except (RuntimeError, KeyError):
        home = path.parts[0] if path.parts else "~"
        why = (f"there is no user {home[1:]!r}" if home != "~"
               else "there is no home folder (HOME is not set and the user has none)")
        raise StateError(f"the state folder {folder} ({given}): {why}, so {home} is no folder; "
                         "name the folder in full") from None


def not_a_folder(folder: Path, what: str = "the state folder") -> str | None:
    """Why ``folder`` (``what`` names it) can be neither used nor made: a name in it too long,
    it or the nearest path above it that is there not a folder (a file, a device, a socket, a
    FIFO, a dangling link: :func:`kind` names it), or a path that cannot be looked at; one line
    naming them. ``None`` when it can."""
    if any(len(os.fsencode(part)) > NAME_MAX for part in folder.parts):
        return f"{what} {shown(folder)}: a name in it is longer than {NAME_MAX} characters"
    for path in (folder, *folder.parents):
        try:
            if path.is_dir():
                return None
            found = kind(path)
        except OSError as error:
            return f"{what} {folder} cannot be used: {_why(path, error)}"
        if found is None:
            continue
        if path == folder:
            return f"{what} {folder} is {found}, not a folder"
        return f"{what} {folder} cannot be made: {path} is {found}, not a folder"
    return None


def without_path(problem: str, folder: Path) -> str:
    """:func:`not_a_folder`'s ``problem`` with the state folder's own path left out, for a
    screen (``the state folder is a file, not a folder``); the journal has it whole."""
    return problem.replace(f"the state folder {folder}", "the state folder", 1)


def kind(path: Path) -> str | None:
    """What ``path`` is, in a few words: "a folder", "a file", "a device (character device)",
    "a socket", "a named pipe (FIFO)", "a dangling link (to TARGET)", "a link that loops";
    ``None`` when nothing is there. An :class:`OSError` when it cannot be looked at."""
    try:
        mode = path.stat().st_mode
    except OSError as error:
        if error.errno not in (errno.ENOENT, errno.ENOTDIR, errno.ELOOP):
            raise
        if error.errno == errno.ENOTDIR or not path.is_symlink():
            return None
        if error.errno == errno.ELOOP:
            return "a link that loops"
        return f"a dangling link (to {os.readlink(path)})"
    return kind_of_mode(mode)


def link_to_nothing(path: Path) -> str | None:
    """What ``path`` is when it is a link that leads nowhere ("a dangling link (to TARGET)",
    "a link that loops"), else ``None`` (also when it cannot be looked at)."""
    if not path.is_symlink():
        return None
    try:
        found = kind(path)
    except OSError:
        return None
    return found if found is not None and found.startswith(("a dangling", "a link that loops")) \
        else None


def shown(path: str | os.PathLike) -> str:
    """``path`` for a message: a name longer than :data:`NAME_MAX` cut to its first 20
    characters and its length."""
    parts = [part if len(os.fsencode(part)) <= NAME_MAX else f"{part[:20]}...({len(part)} chars)"
             for part in Path(path).parts]
    return str(Path(*parts)) if parts else str(path)


def _why(path: Path, error: OSError) -> str:
    if error.errno == errno.ENAMETOOLONG:
        return f"{shown(path)} is longer than the file system allows"
    return f"{path}: {error.strerror or error}"


def os_error_line(error: OSError) -> str:
    """The one line of a file system error no command turned into words."""
    where = f"{shown(str(error.filename))}: " if error.filename is not None else ""
    if error.errno == errno.ENAMETOOLONG:
        return f"{where}a name in it is longer than {NAME_MAX} characters"
    return f"{where}{error.strerror or error}"
