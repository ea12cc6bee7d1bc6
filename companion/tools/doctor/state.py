"""The doctor's check of the state folder the kiosk's service uses: there or to be made,
writable by the kiosk's user, room on its disk, and its database sound."""

from __future__ import annotations

import argparse
import os
import pwd
import re
import tempfile
from pathlib import Path

from companion.errors import CompanionError, StateError
from companion.storage.database import FILENAME
from companion.storage.faults import cannot_save_in, database_files
from companion.storage.location import (
    ENVIRONMENT_VARIABLE,
    SYSTEM_STATE_DIR,
    not_a_folder,
    state_dir,
)
from companion.storage.mounts import refusal
from companion.storage.room import floor_of, free_space, is_full, megabytes
from companion.storage.soundness import check_lines
from companion.tools.doctor.host import FIX, OK, Check, Host, not_here
from companion.tools.doctor.service import (
    SERVICE,
    SERVICE_USER,
    SYSTEMD_STATE_ROOT,
    service_user_id,
    unit_settings,
)


def owned_by_service_user(host: Host, folder: Path) -> bool:
    """Whether ``folder`` belongs to the kiosk's user, who may write it."""
    uid = service_user_id(host)
    try:
        info = folder.stat()
    except OSError:
        return False
    return uid is not None and info.st_uid == uid and bool(info.st_mode & 0o200)


def owner_to_be(host: Host) -> str:
    """Whom to give a state folder that cannot be written: the kiosk's user where there is one,
    else the user running this (a laptop's kiosk runs as you)."""
    if service_user_id(host) is not None:
        return SERVICE_USER
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def service_state_dir(host: Host) -> tuple[Path, bool | None]:
    """The state folder the kiosk's service on the system below the root would use, by
    :func:`~companion.storage.location.state_dir`'s order with the unit's environment; and
    whether systemd makes it and gives it to the kiosk's user at each start (its
    ``StateDirectory=``), ``None`` when the service is not installed there."""
    settings = unit_settings(host)
    if settings is None:
        return host.path(str(SYSTEM_STATE_DIR)), None
    made = [os.path.normpath(f"{SYSTEMD_STATE_ROOT}/{entry.split(':')[0]}")
            for entry in settings["StateDirectory"]]
    environment = {name: value for name, _, value in
                   (word.partition("=") for word in settings["Environment"])}
    named = re.sub("%[S%]", lambda m: {"%S": SYSTEMD_STATE_ROOT, "%%": "%"}[m[0]],
                   environment.get(ENVIRONMENT_VARIABLE, ""))
    folder = os.path.normpath(named if named.startswith("/") else
                              made[0] if made else str(SYSTEM_STATE_DIR))
    return host.path(folder), folder in made


def check_state(host: Host, args: argparse.Namespace) -> Check:
    """The state folder: there or to be made, writable by the kiosk, and its database sound."""
    folder, found = check_state_folder(host, args)
    if folder is None or found.status != OK:
        return found
    full = disk_full(folder)
    if full:
        return Check("state", FIX, full)
    try:
        cannot_save = cannot_save_in(folder / FILENAME) or not_the_kiosks(host, folder)
        if cannot_save:
            return Check("state", FIX, cannot_save)
        if not (folder / FILENAME).is_file():
            return found
        damage = check_lines(folder)
    except OSError as error:   # the kiosk's own folder, closed to others (StateDirectoryMode)
        return Check("state", found.status, f"{found.text}; its database was not read "
                                            f"({error.strerror}): run the doctor with sudo to "
                                            "check it")
    except CompanionError as error:
        damage = [str(error)]
    if damage:
        return Check("state", FIX, f"{damage[0][:300]}; more: companion history --check "
                                   f"--state-dir {folder}")
    return Check("state", OK, f"{found.text}; its database is sound")


def not_the_kiosks(host: Host, folder: Path) -> str:
    """What to fix when a file of the state database in ``folder`` (the database, its log, its
    index) belongs to another user than the kiosk's, who may not write it (a ``sudo
    companion ...`` left it): the kiosk saves nothing then. "" when each is the kiosk's user's
    or writable by all; the kiosk's user is the service's, else the user running this (a
    laptop's kiosk runs as you), and root may write any file."""
    uid = service_user_id(host)
    kiosk = SERVICE_USER if uid is not None else owner_to_be(host)
    uid = os.geteuid() if uid is None else uid
    if uid == 0:
        return ""
    for file in database_files(folder / FILENAME):
        try:
            info = file.stat()
        except OSError:
            continue
        if info.st_uid != uid and not info.st_mode & 0o022:
            return (f"{file} belongs to {user_name(info.st_uid)}, not {kiosk}, the kiosk's "
                    f"user, who cannot write it, so no game is saved: sudo chown {kiosk}: "
                    f"{file}")
    return ""


def user_name(uid: int) -> str:
    """The name of the user ``uid`` (its number when this system does not know it)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"user {uid}"


def disk_full(folder: Path) -> str:
    """What to do when the disk that holds ``folder`` (or will: the nearest folder above it
    that exists) has less free space than the companion keeps free ("" when it has more): no
    game is saved until then."""
    there = next((p for p in (folder, *folder.parents) if p.is_dir()), Path("/"))
    left, room = is_full(there), free_space(there)
    if left is None or room is None:
        return ""
    return (f"the disk holding {folder} is full: {megabytes(left)} left, under the "
            f"{megabytes(floor_of(room[1]))} the companion keeps free, so no game is saved: "
            "free some space")


def check_state_folder(host: Host, args: argparse.Namespace) -> tuple[Path | None, Check]:
    """The state folder (``None``: none can be named) and whether the kiosk can write there.

    With ``--root``, unless ``--state-dir`` or ``COMPANION_STATE_DIR`` names one, the folder is
    the one the service installed below the root would use, not this machine's."""
    made_by_systemd: bool | None = False
    try:
        if args.state_dir or host.live or host.environ.get(ENVIRONMENT_VARIABLE):
            folder = state_dir(args.state_dir, environ=host.environ,
                               system_dir=host.path(str(SYSTEM_STATE_DIR)))
        else:
            folder, made_by_systemd = service_state_dir(host)
    except StateError as error:
        return None, Check("state", FIX, str(error))
    problem = not_a_folder(folder)
    if problem:
        advice = ("move the file away or name another folder"
                  if problem.endswith("is a file, not a folder") else "name another folder")
        return folder, Check("state", FIX, f"{problem}: {advice}")
    if folder.is_dir():
        if owned_by_service_user(host, folder):
            return folder, Check("state", OK,
                                 f"{folder} belongs to {SERVICE_USER}, the kiosk's user")
        if made_by_systemd:
            return folder, Check("state", OK, f"{folder} is {SERVICE}'s StateDirectory: systemd "
                                              f"gives it to {SERVICE_USER} at each start")
        try:
            with tempfile.TemporaryFile(dir=folder):
                pass
        except OSError as error:
            why, to_do = refusal(folder, error)
            to_do = to_do or f"sudo chown {owner_to_be(host)}: {folder}"
            return folder, Check("state", FIX, f"{folder} is {why}: {to_do}")
        return folder, Check("state", OK, f"{folder} is writable")
    if made_by_systemd:
        return folder, Check("state", OK, f"{folder} is not there yet: systemd makes it for "
                                          f"{SERVICE_USER} when {SERVICE} starts (StateDirectory)")
    if made_by_systemd is None:
        return folder, not_here(host, "state", f"{folder} is not there and {SERVICE} is not "
                                               f"installed below {host.root}: install the kiosk "
                                               "there (sudo ./systemd/install.sh on that system)",
                                f"{folder} is not there: the kiosk is not installed below "
                                f"{host.root}")
    parent = next((p for p in folder.parents if p.exists()), Path("/"))
    try:   # make a folder where the kiosk will make its own (root may write where others may
        with tempfile.TemporaryDirectory(dir=parent):   # not; /proc refuses everybody)
            pass
    except OSError as error:
        why, to_do = refusal(parent, error)
        to_do = to_do or f"sudo mkdir -p {folder} && sudo chown {owner_to_be(host)}: {folder}"
        return folder, Check("state", FIX, f"{folder} does not exist and no folder can be made "
                                           f"in {parent}, which is {why}: {to_do}")
    return folder, Check("state", OK, f"{folder} will be made at the first save")
