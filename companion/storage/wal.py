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
- a log that ends part way through a frame: cut short (unless its index counts
  exactly the frames read: only the save being written when it stopped is torn,
  :func:`torn_last_save`).

What cannot be seen: a log cut once its ``-shm`` index was rebuilt (any
connection's first open does), or whose last save is torn, looks like one a power
cut left mid-save; a log deleted with its ``-shm`` leaves no trace.
``docs/KIOSK.md`` ("When the state database fails") says so.

:func:`keep_damaged` runs before every writable open of the database (the first
writer's close folds the readable part of the log into the file and deletes the
log, and its writes go over the frames past the damage): a log whose header does
not check, that holds a save past a frame that does not check, or that is shorter
than the frames its ``-shm`` index says its writer saved (:func:`cut_short`: a log
cut short, read before any connection rebuilds that index from the log), is copied
beside it as ``companion.sqlite3-wal.damaged-<stamp>`` (:data:`KEPT`), and the copy
is named. It stays cheap: it reads the index's header and the log's size and
header, and asks a read-only connection, which never writes the log, how many
frames SQLite reads (the ``-shm`` index it leaves, :func:`frames_read`); only when
the log is short of its index, or a frame header past those SQLite reads holds a
save with the log's salts, is the whole log read and checked as :func:`scan` does.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import struct
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from companion.storage.whole_file import write_whole

MAGIC = (0x377F0682, 0x377F0683)   # little-endian, big-endian checksums
HEADER, FRAME_HEADER = 32, 24
#: What names a damaged log kept beside the database: ``companion.sqlite3-wal.damaged-<stamp>``.
KEPT = ".damaged-"


@dataclass
class Scan:
    """What reading a log as SQLite does found."""

    #: Whole frames in the file, and the frames SQLite reads (up to its last good commit).
    frames: int = 0
    read: int = 0
    #: The first frame (counted from 1) that does not check, if any: its checksum, or its
    #: salts (other salts end the log's frames unless frames with its own salts follow).
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
            if found.broken_at is None:   # the end of this log's frames (an older log's may
                found.broken_at = number  # follow), unless frames of this log follow: damage
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


def deleted(database: Path) -> str | None:
    """The line saying the log beside ``database`` was deleted (its ``-shm`` file is there, the
    log is not: SQLite removes the log last, never first), or ``None``."""
    wal, shm = Path(f"{database}-wal"), Path(f"{database}-shm")
    try:   # an index that is no file is no index SQLite left (said where it is met)
        if wal.exists() or not shm.is_file():
            return None
    except OSError:
        return None
    return (f"{shm.name} is there but {wal.name} is not: the write-ahead log was deleted, and "
            "the saves since its last checkpoint with it")


def problems(database: Path, page_count: int | None = None) -> list[str]:
    """What the log beside ``database`` loses, one line each (none: nothing seen);
    ``page_count`` is the database file's own size in pages, when known."""
    wal, shm = Path(f"{database}-wal"), Path(f"{database}-shm")
    try:
        if not wal.exists():
            gone = deleted(database)
            return [gone] if gone else []
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
    if read.ragged and not torn_last_save(index, salts, read):
        found.append(f"{wal.name} ends part way through a frame: cut short? (or a save was being "
                     "written as it was read: check again)")
    return found


def torn_last_save(index: tuple[int, bytes] | None, salts: bytes, read: Scan) -> bool:
    """Whether a log that ends part way through a frame holds, past the frames SQLite reads,
    only the save that was being written when it stopped (a power cut, a full disk or a
    file-size limit mid-write): its index (``-shm``) counts exactly the frames read, with the
    log's salts. SQLite ignores such a save, which was never told saved: nothing is lost."""
    return index is not None and index[1] == salts and index[0] == read.read


#: How long a reader waits before it looks at the log a second time: what a save being written
#: as it was read makes it see (the log and its index a frame apart) is gone by then, and a
#: damaged log's problem is still there, word for word.
LOOK_AGAIN_S = 0.05


def steady_problems(database: Path) -> list[str]:
    """:func:`problems` of the log beside ``database`` that a second look, a moment later, sees
    again word for word: a reader beside a kiosk that is saving never calls its log damaged
    (a family's tester saw "holds 519 frames ..., its index says 520" once in 150 reads)."""
    first = problems(database, file_pages(database))
    if not first:
        return []
    time.sleep(LOOK_AGAIN_S)
    return [line for line in problems(database, file_pages(database)) if line in first]


def file_pages(database: Path) -> int | None:
    """The database file's size in whole pages, by its header's page size (``None``: unknown)."""
    page_size = page_size_of(database)
    try:
        return database.stat().st_size // page_size if page_size else None
    except OSError:
        return None


def page_size_of(database: Path) -> int | None:
    """The page size the database file's header gives, which its log's frames hold too
    (``None``: no header that reads)."""
    try:
        with database.open("rb") as file:
            header = file.read(100)
    except OSError:
        return None
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        return None
    page_size = struct.unpack(">H", header[16:18])[0]
    return (65536 if page_size == 1 else page_size) or None


# -- before a writable open: a damaged log kept, not folded away ----------------------------------


@dataclass(frozen=True)
class KeptLog:
    """A damaged log kept beside the database before a writable open (:func:`keep_damaged`)."""

    #: The copy: ``companion.sqlite3-wal.damaged-<stamp>``.
    path: Path
    #: What SQLite does not read of it: "is damaged at frame 2: 6 later saves in it are not read".
    lost: str
    #: Whether this open made the copy (``False``: an earlier one holds the same frames).
    new: bool = True
    #: What the kiosk's screen says of the log, short enough for its notice line: "the log was
    #: damaged", "1 save was cut off the log".
    said: str = "the log was damaged"

    def line(self, database: Path) -> str:
        """The one line for the log and the journal."""
        return (f"the write-ahead log beside {database} {self.lost} (SQLite drops them without "
                f"a word): it was kept as {self.path} before the database was opened; "
                "companion history --check names it")

    @property
    def notice(self) -> str:
        """The kiosk's one-line notice."""
        return f"saves are missing: {self.said} (companion history --check)"


@dataclass(frozen=True)
class Loss:
    """What a log loses, found before a writable open: where in it the saves SQLite does not
    read begin, and that in words, for the journal (:attr:`KeptLog.lost`) and the screen
    (:attr:`KeptLog.said`)."""

    start: int
    lost: str
    said: str = "the log was damaged"


def lost_in(data: bytes) -> tuple[int, str] | None:
    """Where log ``data`` stops being read and what is lost past it, in words (``None``: no save
    past what SQLite reads): a header that does not check over frames holding a save, or a
    frame that does not check followed by saves."""
    found = scan(data)
    if found is None:
        return (0, "has a header that does not check: none of the saves in it are read") \
            if saves_under_bad_header(data) else None
    if found.broken_at is None or not found.commits_after:
        return None
    page_size = struct.unpack(">I", data[8:12])[0]
    return (HEADER + (found.broken_at - 1) * (FRAME_HEADER + page_size),
            f"is damaged at frame {found.broken_at}: {found.commits_after} later saves in it "
            "are not read")


def saves_under_bad_header(data: bytes) -> bool:
    """Whether log ``data``, whose header does not check, holds a save: a commit frame among its
    first frames with the salts of frame 1 (by the header's page size, if it is one)."""
    page_size = struct.unpack(">I", data[8:12])[0] if len(data) >= HEADER else 0
    if page_size < 512 or page_size > 65536 or page_size & (page_size - 1):
        return len(data) > HEADER + FRAME_HEADER   # no telling where frames end: say it
    size = FRAME_HEADER + page_size
    salts = data[HEADER + 8:HEADER + 16]
    for start in range(HEADER, len(data) - size + 1, size):
        if data[start + 8:start + 16] != salts:
            return False
        if data[start + 4:start + 8] != b"\0\0\0\0":
            return True
    return False


def frames_read(database: Path) -> tuple[int, bytes] | None:
    """How many frames of the log beside ``database`` SQLite reads, and the salts it read them
    with: the ``-shm`` index as a read-only connection leaves it once it has read the database
    (rebuilt from the log, every frame's checksum checked by SQLite, when no other connection
    had the file open; a read-only connection never writes or folds the log). ``None``: no
    telling (the file does not open read-only, or there is no index, or this reader cannot
    write the index: SQLite then reads the log into its own memory and leaves the index as the
    log's writer left it, counting frames it does not read, as under the web page's unit; or
    the file has no SQLite header: SQLite deletes the log beside an empty file, even opened
    read-only, and with it every save since the last checkpoint)."""
    shm = Path(f"{database}-shm")
    if not os.access(shm if shm.exists() else shm.parent, os.W_OK) or \
            page_size_of(database) is None:
        return None
    uri = f"file:{quote(str(database))}?mode=ro"
    try:
        probe = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=2.0)
    except sqlite3.Error:
        return None
    try:
        probe.execute("PRAGMA user_version").fetchone()
        return indexed(shm)
    except sqlite3.Error:
        return None
    finally:
        probe.close()


def unread_save(database: Path) -> bool | None:
    """Whether the log beside ``database`` may hold a save SQLite does not read, found cheaply:
    its header does not check (with frames after it), or a frame past those SQLite reads
    (:func:`frames_read`) has the log's salts and ends a save. Only frame headers are read, up to
    two frames in a row with other salts (an older log's, which a restarted log leaves past its
    end; one frame with other salts is a damaged one). ``None``: no telling cheaply (no index
    that says which frames SQLite reads: only reading the log whole tells)."""
    wal = Path(f"{database}-wal")
    try:
        with wal.open("rb") as file:
            size = os.fstat(file.fileno()).st_size
            header = file.read(HEADER)
            if len(header) < HEADER or size <= HEADER:
                return False
            magic, _, page_size, _, _, _, c1, c2 = struct.unpack(">8I", header)
            if magic not in MAGIC or checksum(header[:24], magic == MAGIC[1]) != (c1, c2) \
                    or page_size < 512:
                return True
            index = frames_read(database)
            if index is None or index[1] != header[16:24]:
                return None   # no telling cheaply (history --check reads the log whole)
            frame, others = FRAME_HEADER + page_size, 0
            for number in range(index[0] + 1, (size - HEADER) // frame + 1):
                file.seek(HEADER + (number - 1) * frame)
                head = file.read(16)
                if len(head) < 16:
                    break
                if head[8:16] != header[16:24]:
                    others += 1
                    if others == 2:   # an older log's frames, left past the end of this one
                        break
                    continue
                if head[4:8] != b"\0\0\0\0":
                    return True
                others = 0
    except OSError:
        return False
    return False


def saves_past_damage(database: Path) -> tuple[bytes, Loss] | None:
    """The log beside ``database`` and what it loses, when it holds saves SQLite would not read
    (:func:`unread_save`, then :func:`lost_in` on the whole log); ``None``: it holds none."""
    return saves_lost_in_log(database) if unread_save(database) else None


def unread_saves_seen(database: Path) -> Loss | None:
    """What the log beside ``database`` loses, for a reader that writes nothing beside it (the
    web page): :func:`unread_save`, the log then read whole (:func:`lost_in`) when it says it
    may hold a save SQLite does not read or cannot tell (a folder the reader cannot write), and
    only a loss a second look (:data:`LOOK_AGAIN_S` later) finds again word for word: a save
    being written as the log was read is no damage. ``None``: it loses nothing seen."""
    first = saves_lost_in_log(database) if unread_save(database) is not False else None
    if first is None:
        return None
    time.sleep(LOOK_AGAIN_S)
    again = saves_lost_in_log(database)
    return first[1] if again is not None and again[1] == first[1] else None


def saves_lost_in_log(database: Path) -> tuple[bytes, Loss] | None:
    """The log beside ``database``, read whole, and what SQLite does not read of it
    (:func:`lost_in`); ``None``: it loses nothing, or there is no log."""
    try:
        data = Path(f"{database}-wal").read_bytes()
    except FileNotFoundError:
        return None   # folded in and deleted meanwhile by the program that had it open
    lost = lost_in(data)
    if lost is None:
        return None   # only a torn last save, or a save written as the headers were read
    return data, Loss(*lost)


def kept_copies(database: Path) -> list[Path]:
    """The damaged logs kept beside ``database`` (:data:`KEPT`), oldest first."""
    wal = Path(f"{database}-wal")
    try:
        return sorted(path for path in wal.parent.glob(f"{wal.name}{KEPT}*") if path.is_file())
    except OSError:
        return []


def keep_damaged(database: Path, stamp: str | None = None) -> KeptLog | None:
    """Before ``database`` is opened for writing: if its log was cut short (:func:`cut_short`)
    or holds saves SQLite would not read (:func:`saves_past_damage`), keep a copy of the log
    beside it, ``<log>.damaged-<stamp>`` (local time), written whole before it takes that name,
    unless an earlier copy already holds the same frames past the damage. ``None``: nothing to
    keep. Raises :class:`OSError` when the copy cannot be written (then nothing should open
    it)."""
    found = cut_short(database) or saves_past_damage(database)   # first: the second's probe
    if found is None:                                            # rebuilds the index it reads
        return None
    data, loss = found
    wal = Path(f"{database}-wal")
    for earlier in kept_copies(database):
        with contextlib.suppress(OSError):
            kept = earlier.read_bytes()
            if kept[:HEADER] == data[:HEADER] and kept[loss.start:len(data)] == \
                    data[loss.start:]:
                return KeptLog(earlier, loss.lost, new=False, said=loss.said)
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    name, number = f"{wal.name}{KEPT}{stamp}", 1
    while (wal.parent / name).exists():
        number += 1
        name = f"{wal.name}{KEPT}{stamp}-{number}"
    copy = wal.parent / name
    write_whole(copy, data, durable=True)
    return KeptLog(copy, loss.lost, said=loss.said)


# -- a log cut short: fewer frames than its index says its writer saved -----------------------


#: Page numbers in a ``-shm`` index: 32 kB blocks of 4096 four-byte slots, the first block's first
#: 34 slots its header (136 bytes), each slot the page a frame holds, in the frames' order.
INDEX_BLOCK, INDEX_SLOTS, INDEX_HEADER_SLOTS = 32768, 4096, 34


def cut_short(database: Path) -> tuple[bytes, Loss] | None:
    """The log beside ``database`` and what it loses, when it holds fewer frames than its
    ``-shm`` index says its writer saved with the log's salts (``None``: it holds them all, or
    no telling). SQLite updates the index only after a save's frames are in the log (and
    synced: ``synchronous=FULL``), and restarts it before it writes a log over or shortens it,
    so a log shorter than its index was cut; SQLite reads it up to the last whole save and
    drops the rest without a word. Read before any connection opens the database: the first
    one rebuilds the index from the log, and the evidence with it. Cheap when the log is whole:
    the index's header and the log's size."""
    wal, shm = Path(f"{database}-wal"), Path(f"{database}-shm")
    written, page_size = indexed(shm), page_size_of(database)
    try:
        size = wal.stat().st_size
    except OSError:
        return None
    if written is None or not written[0] or page_size is None \
            or size >= HEADER + written[0] * (FRAME_HEADER + page_size):
        return None
    try:
        index, data = shm.read_bytes(), wal.read_bytes()
    except OSError:
        return None
    found = scan(data)
    if indexed(shm) != written or (found is not None and data[16:24] != written[1]):
        return None   # a writer moved on meanwhile, or another log: history --check says it
    read = found.read if found is not None else 0
    first_save_ends = read + 1 if found is None else min(found.broken_at or found.frames + 1,
                                                         written[0])
    saves = saves_in(frame_pages(index, read + 1, written[0]), written[0] - first_save_ends)
    verb, was = ("does", "was") if saves == "1 save" else ("do", "were")
    start = HEADER + read * (FRAME_HEADER + page_size) if found is not None else 0
    return data, Loss(start, f"was cut short ({read} of the {written[0]} frames its index "
                             f"{shm.name} counts read): {saves} in it {verb} not read",
                      f"{saves} {was} cut off the log")


def frame_pages(index: bytes, first: int, last: int) -> list[int]:
    """The pages the ``-shm`` index ``index`` (as its writer left it) says frames ``first`` to
    ``last`` hold (counted from 1), but those past its end."""
    pages = []
    for frame in range(first, last + 1):
        block, slot = divmod(frame - 1 + INDEX_HEADER_SLOTS, INDEX_SLOTS)
        at = block * INDEX_BLOCK + slot * 4
        if at + 4 <= len(index):
            pages.append(struct.unpack("=I", index[at:at + 4])[0])
    return pages


def saves_in(pages: list[int], past_the_first: int) -> str:
    """How many saves a cut log lost, in words ("1 save", "3 saves", "2 to 4 saves"), by the
    ``pages`` its index says its lost frames hold: no fewer than any page is written there (a
    save writes a page once); no more than the one its first lost frame begins (the frames of
    it the log still holds, up to the first frame cut, all belong to it) and one for each of
    the ``past_the_first`` frames after those."""
    fewest = max(Counter(pages).values(), default=1)
    most = 1 + past_the_first
    return "1 save" if most == 1 else f"{most} saves" if fewest == most else \
        f"{fewest} to {most} saves"
