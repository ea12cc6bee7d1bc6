"""The bookkeeping games (Not That Movie!, That's Not a Hat) saved entry by entry.

These games are kept as their moves (:mod:`companion.games.moves`), and a table
enters a move every few seconds, so each entry saves the game's snapshot:
after a power cut the game resumes at the last entry. A round's record is
written once the table has moved on to the next round (until then an entry
can still be taken back), and the last round's record, the result and the
end of the game are written together by :meth:`KeptGame.finish`. A kept game
the table starts over is ended as it stands by :meth:`KeptGame.end_early`,
marked ended early (like Not Not's). The score
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
    keeps a :class:`MovieGame`)."""

    def __init__(self, store: GameStore, game: G, game_id: int, settings: dict,
                 saved_rounds: set[int]) -> None:
        self.store = store
        self.game = game
        self.game_id = game_id
        #: What the game was set up with (players, variant, team name, ...).
        self.settings = settings
        self._saved_rounds = set(saved_rounds)

    @classmethod
    def start(cls, database: Database, game: G, settings: dict,
              seats: Mapping[int, int] | None = None) -> KeptGame[G]:
        """Store a new ``game`` (a MovieGame or HatGame) with the set-up ``settings`` and the
        kept players in its ``seats`` (seat -> player id), in one transaction."""
        store = GameStore(database, kind=game.KIND)
        game_id = store.create(game.players, settings, game.snapshot(), seats)
        return cls(store, game, game_id, dict(settings), set())

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
        return cls(store, game, saved.id, saved.settings, {record["n"] for record in saved.rounds})

    @staticmethod
    def give_up(database: Database, game_class: type[MoveLog]) -> None:
        """Abandon the unfinished game of ``game_class``'s kind (one that no longer restores)."""
        store = GameStore(database, kind=game_class.KIND)
        saved = store.unfinished()
        if saved is not None:
            store.abandon(saved.id)

    def moved(self) -> None:
        """Save the game after an entry, and the records of rounds the table has left."""
        snapshot = self.game.snapshot()
        left = self._unsaved(lambda n: n < self.game.round_number)
        for record in left:
            self._save(record, snapshot)
        if not left:
            self.store.save_snapshot(self.game_id, snapshot)

    def finish(self) -> None:
        """The game is over and the table has seen the result: write it down for ever."""
        snapshot, result = self.game.snapshot(), self.game.score_sheet()
        records = self._unsaved(lambda n: True)
        for record in records[:-1]:
            self._save(record, snapshot)
        if records:
            self._save(records[-1], snapshot, result)
        else:
            self.store.finish(self.game_id, result, snapshot)

    def end_early(self) -> None:
        """The table started a new game over this one: write down its rounds that are
        over and its score sheet as it stands, marked ended early."""
        snapshot = self.game.snapshot()
        for record in self._unsaved(lambda n: True):
            self._save(record, snapshot)
        self.store.finish(self.game_id, self.game.score_sheet(), snapshot, early=True)

    def _unsaved(self, wanted: Callable[[int], bool]) -> list[dict]:
        return [record for record in self.game.round_records()
                if record["n"] not in self._saved_rounds and wanted(record["n"])]

    def _save(self, record: dict, snapshot: dict, result: dict | None = None) -> None:
        self.store.save_round(self.game_id, record, snapshot, result=result)
        self._saved_rounds.add(record["n"])

    def abandon(self) -> None:
        """The table stopped this game: it is kept, but never offered for resume."""
        self.store.abandon(self.game_id)
