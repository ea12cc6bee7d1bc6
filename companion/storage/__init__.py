"""Everything the companion keeps on disk: game state and history in SQLite.

- ``location``: which folder holds the state (``--state-dir``,
  ``COMPANION_STATE_DIR``, systemd's ``StateDirectory=``, ...).
- ``whole_file``: a file written all or nothing (a draft renamed over it once
  whole): the PNGs people name, the table's choices, a damaged log's copy.
- ``mounts``: the filesystem a folder is on, and why a folder took no new file
  (``companion doctor``'s state line).
- ``schema``: the tables, as numbered migrations applied in order.
- ``room``: the free space on the state folder's disk, and the floor always left free.
- ``database``: opening the file safely (WAL, ``synchronous=FULL``),
  migrating it, and transactions; reading it without writing a byte.
- ``owner``: one owner per state folder: the lock the kiosk and every command
  that writes hold while they run, and the one line a second writer gets.
- ``games``: the store of games: create, save a finished round with the game's
  snapshot in one transaction, resume, finish, and list finished games.
- ``players``: the named players (add, rename, merge, forget) and the seats
  of kept games they sat in; a seat without one was a guest's.
- ``bookkeeping``: Not That Movie! and That's Not a Hat saved entry by entry
  (start, resume, rounds written once the table moves on, finish).
- ``score_sheets``: those two games' score sheets, read game by game (the
  views of schema version 2 give the same to the ``sqlite3`` shell).
- ``faults``: a failing database (full, read-only, I/O error, damaged,
  another program's) said in one line.
- ``listing``: the history listing, a page of games at a time; damaged games
  listed as such.
- ``recovery``: every game that still reads, copied out of a damaged file.
- ``wal``: the write-ahead log read as SQLite would, to say what a deleted, cut,
  damaged or older log loses (``companion history --check``), and a damaged one
  kept beside the database before a writable open folds it away.
- ``preferences``: the table's set-up menu choices (colour-blind mode, the
  voice), kept as ``preferences.json`` beside the database.
- ``restoring``: a kept Not Not game restored from its snapshot, checked
  before it is offered for resume.
"""
