"""Which run of a program this process is: its pid and the id the kernel gave this boot.

A mark a program leaves in the state folder for as long as it runs (a tie's choice under way,
:data:`companion.storage.notnot_saves.CHOOSING_KIOSK`) says the run that left it, so that a
reader can tell whether that very run still holds the folder (:func:`is_holder`): a pid alone
comes back after a reboot (a kiosk started at boot may get the pid it had before the power
cut), and a Pi without a clock battery may come back with its wall clock earlier than before,
so no pid or time alone says it; the boot's id (:data:`BOOT_ID_FILE`) changes at every boot.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path

#: The kernel's random id of this boot, new at every boot (Linux).
BOOT_ID_FILE = Path("/proc/sys/kernel/random/boot_id")


@dataclass(frozen=True)
class Run:
    """A run of a program: its ``pid`` and the id of the boot it ran in (``None``: its system
    gave none)."""

    pid: int
    boot: str | None

    def to_json(self) -> dict:
        return {"pid": self.pid, "boot": self.boot}

    @classmethod
    def from_json(cls, stored: dict) -> Run:
        """The run of a stored mark of checked shape (:data:`~companion.storage.restoring.RUN`)."""
        return cls(stored["pid"], stored["boot"])


@functools.cache
def boot_id() -> str | None:
    """This boot's id, read once from :data:`BOOT_ID_FILE`; ``None`` when it does not read
    (not Linux, a ``/proc`` that hides it) or says nothing."""
    try:
        said = BOOT_ID_FILE.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return said or None


def this_run() -> Run:
    """This process's run: its pid and this boot's id."""
    return Run(os.getpid(), boot_id())


def is_holder(run: Run, holder_pid: int | None) -> bool:
    """Whether ``run`` is the process ``holder_pid`` that holds the state folder's lock now
    (``None``: nobody does, or this system cannot tell): the same pid in this very boot (on a
    system that gives no boot id, the same pid)."""
    return holder_pid is not None and run.pid == holder_pid and run.boot == boot_id()
