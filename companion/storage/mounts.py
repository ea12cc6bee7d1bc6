"""Which mounted filesystem a folder is on, and why a folder took no new file or folder.

The mount table is this machine's (``/proc/self/mountinfo``); :func:`refusal` turns the error a
folder answered with into what it is and what to do: a filesystem of the kernel's own (``/proc``
takes no file whoever asks), a read-only one, permission (whose owner the caller names), an
immutable folder, a full disk. ``companion doctor``'s state line says it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from dataclasses import dataclass
from pathlib import Path

#: The kernel's own filesystems: they show its entries and take no file of a program's.
KERNEL_FILESYSTEMS = {"proc", "sysfs", "devpts", "debugfs", "tracefs", "securityfs", "cgroup",
                      "cgroup2", "pstore", "bpf", "configfs", "efivarfs", "fusectl",
                      "binfmt_misc", "mqueue", "nsfs", "selinuxfs", "rpc_pipefs"}
MOUNTS = Path("/proc/self/mountinfo")


@dataclass(frozen=True)
class Mount:
    """The mounted filesystem a path is on."""

    point: str
    type: str
    read_only: bool
    #: Made read-only by the kernel after errors (ext4's ``emergency_ro``), not by a mount.
    after_errors: bool = False


def mount_of(path: Path, mounts: Path = MOUNTS) -> Mount | None:
    """The filesystem ``path`` (which is there) is on, from this machine's mount table; ``None``
    when the table cannot be read."""
    real = os.path.realpath(path)
    found = None
    for line in read_text(mounts).splitlines():
        left, sep, right = line.partition(" - ")
        fields, more = left.split(), right.split()
        if not sep or len(fields) < 6 or len(more) < 3:
            continue
        point = re.sub(r"\\([0-7]{3})", lambda octal: chr(int(octal[1], 8)), fields[4])
        inside = point == "/" or real == point or real.startswith(point.rstrip("/") + "/")
        options = fields[5].split(",") + more[2].split(",")
        if inside and (found is None or len(point) >= len(found.point)):   # the last mount wins
            after_errors = "emergency_ro" in options
            found = Mount(point, more[0], "ro" in options or after_errors, after_errors)
    return found


def refusal(where: Path, error: OSError) -> tuple[str, str | None]:
    """Why ``where``, a folder that is there, took no new file or folder (``error``): what it is
    (``"on a read-only filesystem (ext4 at /)"``) and what to do; ``None`` for what to do when
    ownership or permission is the cause (the caller names the owner)."""
    mount = mount_of(where)
    read_only = bool(mount and mount.read_only) or error.errno == errno.EROFS
    with contextlib.suppress(OSError):
        read_only = read_only or bool(os.statvfs(where).f_flag & os.ST_RDONLY)
    at = f"{mount.type} at {mount.point}" if mount else "a filesystem not in the mount table"
    if mount and mount.type in KERNEL_FILESYSTEMS:
        return (f"on a filesystem that takes no files ({at}: the kernel's own entries)",
                "name another folder")
    if read_only:
        point = mount.point if mount else where
        return (f"on a read-only filesystem ({at})",
                f"remount it read-write (sudo mount -o remount,rw {point}) or name another folder")
    if error.errno == errno.EACCES:
        return f"not writable by you ({error.strerror})", None
    if error.errno == errno.EPERM:
        return (f"refusing new files whoever owns it ({error.strerror}: an immutable folder, or "
                f"its filesystem forbids it)", f"lsattr -d {where} shows an i: sudo chattr -i "
                                               f"{where}; or name another folder")
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"full ({error.strerror}; {at})", "free some room or name another folder"
    return f"refusing new files ({error.strerror or error}; {at})", "name another folder"


def remount_advice(folder: Path) -> str | None:
    """What to do when ``folder`` (or the nearest folder above it that is there) is on a
    read-only filesystem, where no chown helps: a read-only mount, or a card the kernel made
    read-only after errors; ``None`` when its filesystem takes writes."""
    there = next((path for path in (folder, *folder.parents) if path.is_dir()), None)
    if there is None:
        return None
    mount = mount_of(there)
    try:
        read_only = bool(os.statvfs(there).f_flag & os.ST_RDONLY)
    except OSError:
        read_only = False
    if mount is not None and mount.after_errors:
        return (f"it is on {mount.point}, which the kernel made read-only after errors: the "
                "card may be failing: copy the state folder off it, then check the card "
                "(sudo fsck) or replace it")
    if not (read_only or (mount is not None and mount.read_only)):
        return None
    point = mount.point if mount else there
    return (f"it is on a read-only filesystem: remount it read-write (sudo mount -o remount,rw "
            f"{point})")


def read_text(path: Path) -> str:
    """``path``'s text, or "" when it cannot be read."""
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""
