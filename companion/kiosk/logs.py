"""How the companion logs: lines with a level on stderr, nothing else.

There are no log files of our own. On a laptop the lines read
``WARNING companion.inputs: ...``. Under systemd, whose journal keeps the
service's stderr, each line also starts with its syslog priority (``<4>``),
which journald strips and stores as the entry's level, so that
``journalctl -u companion -p warning`` finds the warnings.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import TextIO

FORMAT = "%(levelname)s %(name)s: %(message)s"

#: syslog priority for each logging level (journald reads ``<N>`` prefixes).
PRIORITIES = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3,
              logging.CRITICAL: 2}


def priority(levelno: int) -> int:
    """The syslog priority for a logging level number (a level in between takes the priority of
    the named level below it: 25 is INFO's, 35 WARNING's)."""
    for level in sorted(PRIORITIES, reverse=True):
        if levelno >= level:
            return PRIORITIES[level]
    return PRIORITIES[logging.DEBUG]


def writes_to_journal(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """True when ``stream`` is the journal stream systemd named in ``JOURNAL_STREAM``."""
    environ = os.environ if environ is None else environ
    device, _, inode = environ.get("JOURNAL_STREAM", "").partition(":")
    if not (device.isdigit() and inode.isdigit()):
        return False
    try:
        info = os.fstat(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return False
    return (info.st_dev, info.st_ino) == (int(device), int(inode))


class JournalFormatter(logging.Formatter):
    """The usual line, each of its lines prefixed with the record's syslog priority."""

    def format(self, record: logging.LogRecord) -> str:
        prefix = f"<{priority(record.levelno)}>"
        return "\n".join(prefix + line for line in super().format(record).splitlines())


def configure(debug: bool = False, stream: TextIO | None = None,
              environ: Mapping[str, str] | None = None) -> logging.Handler:
    """Send the ``companion`` logs to ``stream`` (stderr) at INFO, or DEBUG with ``debug``."""
    stream = sys.stderr if stream is None else stream
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JournalFormatter(FORMAT) if writes_to_journal(stream, environ)
                         else logging.Formatter(FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if debug else logging.INFO)
    return handler
