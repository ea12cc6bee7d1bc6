"""The write-ahead log beside the state database, read as SQLite would, to say what it would lose.

In WAL mode a save is first appended to ``companion.sqlite3-wal`` and copied
into the database file at the next checkpoint (the last connection's close
does one and deletes the log). SQLite reads the log from its header, frame
by frame, while each frame's salts match the header's and its running
checksum checks; it keeps what the last such commit frame ends, and silently
ignores the rest. So a log deleted, cut, with a byte flipped or put back
from an older copy loses saves that no SQLite error reports.
:func:`problems` reads the files as they lie and names what can be seen,
without SQLite (which would mend the evidence away):

- ``-shm`` without ``-wal``: the log was deleted (SQLite removes the log
  last, never first);
- ``-wal`` without ``-shm``: not as SQLite leaves it (copied in, or put back);
- a log whose header does not check: none of it is read;
- a frame that does not check followed by later commits: those are not read;
- a log whose last commit makes the database smaller than the file already
  is: an older log put back (the companion's file never shrinks);
- a log that holds fewer frames than its ``-shm`` index says, or other salts:
  cut, or an older one put back, while the index stayed;
- a log that ends part way through a frame: cut short.

What cannot be seen: a log cut at a frame's end, or whose last save is torn,
looks like one a power cut left mid-save; a log deleted with its ``-shm``
leaves no trace. ``docs/KIOSK.md`` ("When the state database fails") says so.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

MAGIC = (0x377F0682, 0x377F0683)   # little-endian, big-endian checksums
HEADER, FRAME_HEADER = 32, 24


@dataclass
class Scan:
    """What reading a log as SQLite does found."""

    #: Whole frames in the file, and the frames SQLite reads (up to its last good commit).
    frames: int = 0
    read: int = 0
    #: The first frame (counted from 1) with the header's salts that does not check, if any.
    broken_at: int | None = None
    #: Commit frames with the header's salts after the broken one (saves not read).
    commits_after: int = 0
    #: The database's pages after the last commit SQLite reads (``None``: no commit read).
    pages: int | None = None
    #: Whether the file ends part way through a frame.
    ragged: bool = False


def checksum(data: bytes, big: bool, s1: int = 0, s2: int = 0) -> tuple[int, int]:
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes), going on from ``s1, s2``."""
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s1 = (s1 + words[i] + s2) & 0xFFFFFFFF
        s2 = (s2 + words[i + 1] + s1) & 0xFFFFFFFF
    return s1, s2


def scan(data: bytes) -> Scan | None:
    """The frames of log ``data`` as SQLite reads them; ``None`` if its header does not check."""
    if len(data) < HEADER:
        return None
    magic, _, page_size, _, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:HEADER])
    big = magic == MAGIC[1]
    if magic not in MAGIC or checksum(data[:24], big) != (c1, c2) or page_size < 512:
        return None
    found, sums, size = Scan(), (c1, c2), FRAME_HEADER + page_size
    found.frames, rest = divmod(len(data) - HEADER, size)
    found.ragged = rest != 0
    for number in range(1, found.frames + 1):
        frame = data[HEADER + (number - 1) * size:HEADER + number * size]
        _, pages, f1, f2, k1, k2 = struct.unpack(">6I", frame[:FRAME_HEADER])
        if (f1, f2) != (salt1, salt2):
            if found.broken_at is None:
                break               # the end of this log's frames (older ones may follow)
            continue
        if found.broken_at is None:
            sums = checksum(frame[:8] + frame[FRAME_HEADER:], big, *sums)
            if sums != (k1, k2):
                found.broken_at = number
            elif pages:
                found.read, found.pages = number, pages
        elif pages:
            found.commits_after += 1
    return found


def indexed(shm: Path) -> tuple[int, bytes] | None:
    """The frames the ``-shm`` index says its log holds, and that log's salts as its header
    holds them (``None``: no index)."""
    try:
        with shm.open("rb") as file:
            data = file.read(96)
    except OSError:
        return None
    if len(data) < 96 or data[:48] != data[48:] or not data[12]:   # two copies, initialised
        return None
    return struct.unpack("=I", data[16:20])[0], data[32:40]


def problems(database: Path, page_count: int | None = None) -> list[str]:
    """What the log beside ``database`` loses, one line each (none: nothing seen);
    ``page_count`` is the database file's own size in pages, when known."""
    wal, shm = Path(f"{database}-wal"), Path(f"{database}-shm")
    try:
        if not wal.exists():
            return [f"{shm.name} is there but {wal.name} is not: the write-ahead log was deleted, "
                    "and the saves since its last checkpoint with it"] if shm.exists() else []
        data = wal.read_bytes()
    except OSError as error:
        return [f"{wal.name} does not read: {error.strerror}"]
    if not data:
        return []
    found = []
    if not shm.exists():
        found.append(f"{wal.name} has no {shm.name} beside it, as SQLite never leaves it "
                     "(copied in, or an older log put back?)")
    read = scan(data)
    if read is None:
        return [*found, f"the header of {wal.name} does not check: SQLite reads none of it, so "
                        "the saves since its last checkpoint are not seen"]
    if read.broken_at is not None and read.commits_after:
        found.append(f"{wal.name} is damaged at frame {read.broken_at}: {read.commits_after} "
                     "later saves in it are not read")
    if read.pages is not None and page_count is not None and read.pages < page_count:
        found.append(f"{wal.name} is older than the database ({read.pages} pages after its last "
                     f"save, the file has {page_count}): an older log put back?")
    index = indexed(shm)
    salts = data[16:24]
    if index is not None and index[0] and (index[1] != salts or index[0] > read.read):
        found.append(f"{wal.name} holds {read.read} frames SQLite reads, but its index "
                     f"{shm.name} says {index[0]}" + ("" if index[1] == salts else
                                                      " of another log") +
                     ": cut short, or an older log put back?")
    if read.ragged:
        found.append(f"{wal.name} ends part way through a frame: cut short? (or a save was being "
                     "written as it was read: check again)")
    return found


def file_pages(database: Path) -> int | None:
    """The database file's size in whole pages, by its header's page size (``None``: unknown)."""
    try:
        with database.open("rb") as file:
            header = file.read(100)
        size = database.stat().st_size
    except OSError:
        return None
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        return None
    page_size = struct.unpack(">H", header[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
    return size // page_size if page_size else None
