"""The table's own choices on the set-up menu (colour-blind mode, the voice), kept in the state
folder as ``preferences.json``.

The settings file may be read-only on a Pi, so what the players switch on the menu is saved here
instead, and wins over the settings file's ``[display] colour_blind`` and ``[sound] voice`` once
it exists. A file that cannot be read or written is told in one line; the choices then hold for
this session only.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from companion.config import reading
from companion.storage.whole_file import write_whole

FILE_NAME = "preferences.json"
#: The largest preferences file read, in bytes.
MAX_BYTES = 4096


@dataclass(frozen=True)
class Preferences:
    """Colour-blind mode (shapes and initials on colour cards) and the spoken call-outs."""

    colour_blind: bool = False
    voice: bool = False


def preferences_path(folder: str | os.PathLike) -> Path:
    """Where the preferences of the state folder ``folder`` are kept."""
    return Path(folder) / FILE_NAME


def load_preferences(folder: str | os.PathLike, defaults: Preferences) -> tuple[Preferences, str]:
    """The saved choices over ``defaults`` (the settings file's), and a one-line problem ("" if
    none). A missing file is no problem; a damaged one keeps the defaults, and so does a choice
    that is not true or false (said)."""
    path = preferences_path(folder)
    try:
        text = reading.read_text(path, MAX_BYTES)
        if text is None:
            return defaults, ""
        data = reading.parse_json(text)
    except reading.Unparsable as problem:
        return defaults, f"{path}: cannot read the saved choices ({problem}): using the settings"
    known = {field.name for field in fields(Preferences)}
    if not isinstance(data, dict):
        return defaults, f"{path}: not a table of choices: using the settings"
    chosen = {key: value for key, value in data.items() if key in known and isinstance(value, bool)}
    wrong = sorted(key for key in data if key in known and key not in chosen)
    one = len(wrong) == 1
    said = (f"{path}: {', '.join(wrong)} {'is' if one else 'are'} not true or false: using "
            f"the settings for {'it' if one else 'them'}") if wrong else ""
    return replace(defaults, **chosen), said


def save_preferences(folder: str | os.PathLike, preferences: Preferences) -> str:
    """Write ``preferences`` (whole, then renamed into place); a one-line problem, "" if saved."""
    path = preferences_path(folder)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, (json.dumps(asdict(preferences), indent=1) + "\n").encode("utf-8"))
    except OSError as error:
        return f"cannot save the choices in {path}: {error.strerror or error}"
    return ""
