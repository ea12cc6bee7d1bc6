"""A wiring folder: the files ``companion wiring --out DIR`` writes into it, and the list it
keeps there of them (:data:`MANIFEST`), so that the next run into the same folder removes
those it no longer writes.

A folder drawn for 4 players, then for 2, would otherwise keep the 4-player diagrams beside
the new ones, and a maker would follow a stale drawing. Only the files the list names are
removed, never another file put in the folder: a header diagram's name the list does not hold
(``gpio-<n>-players.svg``: a folder written before the list was kept, or a maker's own copy) is
only said (:attr:`Written.unlisted`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from companion.errors import CompanionError
from companion.storage.location import not_a_folder

#: The list of the files the command wrote into the folder, one name a line.
MANIFEST = ".companion-wiring"
MANIFEST_HEAD = ("# Written by companion wiring: the files it wrote into this folder. "
                 "The next run removes those it no longer writes.\n")
#: A header diagram's name, said when the list does not hold it.
DIAGRAM_NAME = re.compile(r"gpio-[0-9]+-players\.(svg|png)")


@dataclass(frozen=True)
class Written:
    """What :func:`write` did: the paths it wrote (the list last), the names of an earlier
    run's files it removed, and those of the header diagrams it did not write and the list
    does not hold (left as they are)."""

    paths: list[Path]
    removed: list[str]
    unlisted: list[str]


def write(files: dict[str, bytes], out: str | os.PathLike, beside: Collection[str] = ()) -> Written:
    """Write ``files`` into folder ``out`` (created if needed), then remove the files an
    earlier run wrote there that are not among them, and list the files written in
    :data:`MANIFEST`. ``beside``: names of files the command writes into the folder on its own
    (a parts list given there by ``--bom``): listed, never removed. A file that cannot be
    removed stays listed, and is said in one line."""
    folder = Path(out)
    problem = not_a_folder(folder, "--out")
    if problem:
        raise CompanionError(problem)
    ours = [*files, *beside]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stale = sorted(earlier_files(folder) - set(ours))
        written = []
        for name, data in files.items():
            path = folder / name
            path.write_bytes(data)
            written.append(path)
        removed, refused = remove(folder, stale)
        written.append(write_manifest(folder, [*ours, *refused]))
    except OSError as error:
        raise CompanionError(f"cannot write the wiring files to {folder}: "
                             f"{error.strerror or error}") from None
    if refused:
        named = ", ".join(f"{name} ({why})" for name, why in refused.items())
        raise CompanionError(f"cannot remove {named} from {folder}, drawn by an earlier run "
                             "and not now: remove it by hand, or a maker may follow it")
    unlisted = sorted(path.name for path in folder.iterdir()
                      if DIAGRAM_NAME.fullmatch(path.name) and path.name not in ours)
    return Written(written, removed, unlisted)


def earlier_files(folder: Path) -> set[str]:
    """The names of the files in ``folder`` an earlier run wrote: those :data:`MANIFEST`
    lists, each a plain file name (nothing outside the folder)."""
    manifest = folder / MANIFEST
    listed = manifest.read_text(errors="replace").splitlines() if manifest.is_file() else []
    names = {line.strip() for line in listed if not line.startswith("#")}
    return {name for name in names
            if is_plain_name(name) and (folder / name).is_file()}


def is_plain_name(name: str) -> bool:
    """Whether ``name`` names a file right in the folder (not the list, not a path)."""
    return bool(name) and name not in (".", "..", MANIFEST) and "/" not in name \
        and os.sep not in name


def remove(folder: Path, names: list[str]) -> tuple[list[str], dict[str, str]]:
    """Remove the files ``names`` from ``folder``: the names removed, and why each of the
    others could not be (one already gone is neither)."""
    removed, refused = [], {}
    for name in names:
        try:
            (folder / name).unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            refused[name] = error.strerror or str(error)
            continue
        removed.append(name)
    return removed, refused


def write_manifest(folder: Path, names: list[str]) -> Path:
    """Write :data:`MANIFEST` listing ``names`` (sorted) into ``folder``; its path."""
    path = folder / MANIFEST
    path.write_text(MANIFEST_HEAD + "".join(f"{name}\n" for name in sorted(names)),
                    encoding="utf-8")
    return path
