"""The bookkeeping games (Not That Movie!, That's Not a Hat) saved entry by entry.

These games are kept as their moves (:mod:`companion.games.moves`), and a table
enters a move every few seconds, so each entry saves the game's snapshot:
after a power cut the game resumes at the last entry. A round's record is
written once the table has moved on to the next round (until then an entry
can still be taken back), and the last round's record, the result and the
end of the game are written together by :meth:`KeptGame.finish`. A kept game
the table starts over is ended as it stands by :meth:`KeptGame.end_early`,
marked ended early (like Not Not's), unless its rules had ended it (finished) or
nothing was entered (abandoned). The score
sheets (:mod:`companion.storage.score_sheets`) read those results.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from companion.errors import DAMAGED_DATA_ERRORS
from companion.games.moves import MoveLog
from companion.storage.database import Database
from companion.storage.games import GameStore

#: The game a :class:`KeptGame` keeps, kept move by move: a MovieGame or a HatGame.
G = TypeVar("G", bound=MoveLog)


class KeptGame(Generic[G]):
    """A bookkeeping ``game`` stored as game ``game_id`` of its kind (``KeptGame[MovieGame]``
    keeps a :class:`MovieGame`); ``game_id`` is ``None`` while the game was never stored.

    :meth:`moved`, :meth:`finish`, :meth:`end_early` and :meth:`abandon` say what changed;
    :meth:`sync` brings the stored game up to the game in memory. A sync that fails (a full
    disk, a damaged file) loses nothing: the next one writes everything not written yet, from
    the game's creation on.
    """

    def __init__(self, game: G, settings: dict, game_id: int | None = None,
                 saved_rounds: set[int] | None = None, seats: Mapping[int, int] | None = None,
                 ) -> None:
        self.game = game
        self.game_id = game_id
        #: What the game was set up with (players, variant, team name, ...).
        self.settings = settings
        #: The kept players in its seats (seat -> player id), stored with the game.
        self.seats = dict(seats or {})
        #: How the table ended it: "finished" by its rules, "ended early", or "abandoned" (kept,
        #: never offered for resume); ``None`` while it is played.
        self.ending: str | None = None
        #: Whether the stored game is the game in memory (as far as this kiosk knows).
        self.stored = game_id is not None
        self._saved_rounds = set(saved_rounds or ())

    @classmethod
    def start(cls, database: Database, game: G, settings: dict,
              seats: Mapping[int, int] | None = None) -> KeptGame[G]:
        """Store a new ``game`` (a MovieGame or HatGame) with the set-up ``settings`` and the
        kept players in its ``seats`` (seat -> player id), in one transaction."""
        kept = cls(game, dict(settings), seats=seats)
        kept.sync(database)
        return kept

    @classmethod
    def new(cls, game: G, settings: dict, seats: Mapping[int, int] | None = None
            ) -> KeptGame[G]:
        """A new ``game`` to keep, not stored yet (its first :meth:`sync` stores it)."""
        return cls(game, dict(settings), seats=seats)

    @classmethod
    def resume(cls, database: Database, game_class: type[G]) -> KeptGame[G] | None:
        """The unfinished game of ``game_class``'s kind, restored, or ``None``.

        A kept game whose rows or snapshot do not read is set aside (kept, marked
        damaged, never offered again) and the game's error says so.
        """
        store = GameStore(database, kind=game_class.KIND)
        saved = store.unfinished()
        if saved is None and store.set_aside:
            raise game_class.ERROR(f"kept game {store.set_aside[-1][0]} was damaged and has been "
                                   "set aside (companion history lists it)")
        if saved is None:
            return None
        try:
            game = game_class.restore(saved.snapshot)
        except DAMAGED_DATA_ERRORS as error:
            store.set_aside_game(saved.id, f"the snapshot does not restore ({str(error)[:60]})")
            if isinstance(error, game_class.ERROR):
                raise
            raise game_class.ERROR(f"snapshot: {type(error).__name__}: {str(error)[:60]}") from None
        return cls(game, saved.settings, saved.id, {record["n"] for record in saved.rounds})

    @staticmethod
    def give_up(database: Database, game_class: type[MoveLog]) -> None:
        """Abandon the unfinished game of ``game_class``'s kind (one that no longer restores)."""
        store = GameStore(database, kind=game_class.KIND)
        saved = store.unfinished()
        if saved is not None:
            store.abandon(saved.id)

    def moved(self) -> None:
        """An entry changed the game: its snapshot, and the records of rounds the table has
        left, are to be written (by :meth:`sync`)."""
        self.stored = False

    def finish(self) -> None:
        """The game is over and the table has seen the result: it is to be written down for
        ever (by :meth:`sync`)."""
        self._end("finished")

    def end_early(self) -> None:
        """The table started a new game over this one, or ended it from the pause menu: its
        rounds that are over and its score sheet as it stands are to be written, marked ended
        early (by :meth:`sync`). A game its rules had ended already (its result on screen, not
        yet written down) is written as finished; a game with no entry at all (a start pressed
        by mistake) is abandoned, so that it leaves no line on the score sheet."""
        if self.game.phase == "game-over":
            self._end("finished")
        elif not self.game.moves_made:
            self._end("abandoned")
        else:
            self._end("ended early")

    def abandon(self) -> None:
        """The table stopped this game: it is to be kept, but never offered for resume."""
        self._end("abandoned")

    def _end(self, ending: str) -> None:
        """Mark how the game ended, to be written; a game ends once (its ending stands)."""
        if self.ending is None:
            self.ending, self.stored = ending, False

    def sync(self, database: Database) -> None:
        """Bring the stored game up to the game in memory: store it if it never was, then
        the records of the rounds the table has left (every round once it ended), the
        snapshot, and how it ended. Raises what the database raises; what is not written
        is written by the next call."""
        if self.stored:
            return
        store = GameStore(database, kind=self.game.KIND)
        snapshot = self.game.snapshot()
        if self.game_id is None:
            self.game_id = store.create(self.game.players, self.settings, snapshot, self.seats)
        over = self.ending is not None and self.ending != "abandoned"
        records = self._unsaved(lambda n: over or n < self.game.round_number)
        if self.ending == "finished" and records:
            for record in records[:-1]:
                self._save(store, record, snapshot)
            self._save(store, records[-1], snapshot, self.game.score_sheet())
        else:
            for record in records:
                self._save(store, record, snapshot)
            self._store_ending(store, snapshot, wrote_rounds=bool(records))
        self.stored = True

    def _store_ending(self, store: GameStore, snapshot: dict, wrote_rounds: bool) -> None:
        """Store how the game ended (or its snapshot, while it is played and no round
        record carried it)."""
        assert self.game_id is not None
        if self.ending is None and not wrote_rounds:
            store.save_snapshot(self.game_id, snapshot)
        elif self.ending in ("finished", "ended early"):
            store.finish(self.game_id, self.game.score_sheet(), snapshot,
                         early=self.ending == "ended early")
        elif self.ending == "abandoned":
            store.abandon(self.game_id)

    def _unsaved(self, wanted: Callable[[int], bool]) -> list[dict]:
        return [record for record in self.game.round_records()
                if record["n"] not in self._saved_rounds and wanted(record["n"])]

    def _save(self, store: GameStore, record: dict, snapshot: dict,
              result: dict | None = None) -> None:
        assert self.game_id is not None
        store.save_round(self.game_id, record, snapshot, result=result)
        self._saved_rounds.add(record["n"])
