"""A saved Not Not round as its replay reads it: the record, the game's tie window, and for each
pin that moved (or was judged) its raw edges next to the stamps the judge used.

:func:`saved_round` reads one round of one game from the state database, checked: an unknown
game or round is a :class:`~companion.errors.CompanionError`, a record or edges that do not read
an :class:`~companion.storage.games.Unreadable`, each naming what is wrong and where (a round
that reads of a game whose other rounds do not, :class:`~companion.storage.games.RoundsAmiss`,
replays; one of those that do not is said so). A round
saved without edges (before schema version 6, or played on the keyboard or the serial
controller, which keep only their stamps) has ``edges_kept`` false and its lanes carry only the
judged stamps.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.errors import CompanionError
from companion.games.notnot.margin import step_us
from companion.games.notnot.record import RoundRecord, TapRecord
from companion.storage.database import Database
from companion.storage.games import NOT_NOT, RoundsAmiss, Unreadable, read_game
from companion.storage.players import PlayerStore
from companion.storage.restoring import UnreadableRecord, read_record


@dataclass(frozen=True)
class Lane:
    """One pad button in the replay: player ``player``'s ``side`` spot, the ``source`` that
    stamped it, its raw ``edges`` (µs from the open, ``True`` closed) or, for a pin that
    chattered, its ``summary`` (count, first_us, last_us), and the ``taps`` the judge used."""

    player: int
    side: str
    source: str
    edges: tuple[tuple[float, bool], ...] = ()
    summary: dict | None = None
    taps: tuple[TapRecord, ...] = ()

    @property
    def bounces(self) -> int:
        """Edges beyond the clean two (close, open) of each judged press, as the debouncer counts
        them; a summary's count counts whole."""
        count = self.summary["count"] if self.summary else len(self.edges)
        return max(count - 2 * max(len(self.taps), 1), 0)


@dataclass(frozen=True)
class SavedRound:
    """Round ``record.n`` of game ``game_id``: its record, the game's settings (tie window) and
    its lanes, in player then side order."""

    game_id: int | None
    players: int
    settings: dict
    record: RoundRecord
    lanes: tuple[Lane, ...]
    edges_kept: bool
    #: The named players' names by seat (a guest's seat is left out: "P3").
    names: Mapping[int, str] = field(default_factory=dict)

    @property
    def tie_window_us(self) -> int | None:
        value = self.settings.get("tie_window_us")
        return value if isinstance(value, int) else None

    @property
    def pressed(self) -> bool:
        """Whether any button moved in the round (a lane to draw, a stamp whose band to say)."""
        return bool(self.lanes)

    @property
    def step_us(self) -> int:
        """The honest resolution of the round's stamps (µs): the record's, else its lanes'."""
        return self.record.margin_step_us or step_us(*(lane.source for lane in self.lanes))


def saved_round(database: Database, game_id: int, n: int) -> SavedRound:
    """Round ``n`` of Not Not game ``game_id``, read and checked (see the module docstring)."""
    amiss: RoundsAmiss | None = None
    try:
        game = read_game(database, game_id, NOT_NOT)
    except RoundsAmiss as error:   # its other rounds still replay
        game, amiss = error.game, error
    except Unreadable as error:
        raise Unreadable(f"game {game_id} in {database.path} is damaged: {error} (companion "
                         f"history --check --state-dir {database.path.parent} says more)"
                         ) from None
    stored = next((r for r in game.rounds if r.get("n") == n), None)
    if stored is None and amiss is not None:
        said = f"round {n} does not read" if n <= amiss.played \
            else f"has no round {n} (it played {amiss.played})"
        raise Unreadable(f"game {game_id} {said}: it is damaged, {amiss} (companion history "
                         f"--check --state-dir {database.path.parent} says more)")
    if stored is None:
        kept = f"rounds 1 to {len(game.rounds)}" if game.rounds else "no rounds"
        raise CompanionError(f"game {game_id} has no round {n} (it keeps {kept})")
    try:
        record = read_record(stored)
    except UnreadableRecord as error:
        raise Unreadable(f"game {game_id} round {n}: its record does not read ({error})") \
            from None
    return replay_of(game_id, game.players, game.settings, record,
                     stored_edges(database, game_id, n),
                     PlayerStore(database).seat_players(game_id))


def replay_of(game_id: int | None, players: int, settings: dict, record: RoundRecord,
              edges: dict | None, names: Mapping[int, str] | None = None) -> SavedRound:
    """The replay of a round from its ``record`` and saved ``edges`` (``None``: none kept), in a
    game of ``players`` set up with ``settings`` (its tie window); ``game_id`` ``None`` for a
    game not yet on disk. :class:`Unreadable` naming a pin of ``edges`` that does not read."""
    where = f"game {game_id} round {record.n}" if game_id else f"round {record.n}"
    lanes = lanes_of(record, pins_of(edges, where) if edges else [])
    return SavedRound(game_id, players, settings, record, lanes, edges is not None,
                      dict(names or {}))


def stored_edges(database: Database, game_id: int, n: int) -> dict | None:
    """The saved edges of round ``n`` (``None``: none were saved)."""
    where = f"game {game_id} round {n}"
    try:
        row = database.connection.execute(
            "SELECT edges FROM round_edges WHERE game_id = ? AND n = ?", (game_id, n)).fetchone()
    except sqlite3.DatabaseError as error:
        raise Unreadable(f"{where}: its edges do not read ({error})") from None
    if row is None:
        return None
    try:
        edges = json.loads(row[0])
    except (TypeError, ValueError):
        raise Unreadable(f"{where}: its edges are not JSON") from None
    if not isinstance(edges, dict) or not isinstance(edges.get("pins"), list):
        raise Unreadable(f"{where}: its edges have no list of pins")
    return edges


def pins_of(edges: dict, where: str) -> list[Lane]:
    """The lanes of saved ``edges``' pins (no taps yet); :class:`Unreadable` naming a bad pin."""
    lanes = []
    for index, pin in enumerate(edges["pins"]):
        try:
            lanes.append(lane_of(pin))
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise Unreadable(f"{where}: pin {index + 1} of its edges does not read "
                             f"({type(error).__name__}: {error})") from None
    return lanes


def lane_of(pin: dict) -> Lane:
    """One saved pin as a lane."""
    player, side, source = pin["player"], pin["side"], pin["source"]
    if not (isinstance(player, int) and isinstance(side, str) and isinstance(source, str)):
        raise TypeError("player, side or source has the wrong type")
    if "summary" in pin:
        given = pin["summary"]
        summary = {"count": int(given["count"]), "first_us": float(given["first_us"]),
                   "last_us": float(given["last_us"])}
        return Lane(player, side, source, summary=summary)
    edges = tuple((float(t_us), bool(closed)) for t_us, closed in pin["edges"])
    return Lane(player, side, source, edges=edges)


def lanes_of(record: RoundRecord, pins: list[Lane]) -> tuple[Lane, ...]:
    """Every pin that moved or was judged, with the judged taps on it, by player then side."""
    by_pin = {(lane.player, lane.side): lane for lane in pins}
    for tap in record.taps:
        by_pin.setdefault((tap.player, tap.side), Lane(tap.player, tap.side, "no edges"))
    return tuple(
        Lane(lane.player, lane.side, lane.source, lane.edges, lane.summary,
             tuple(tap for tap in record.taps if (tap.player, tap.side) == key))
        for key, lane in sorted(by_pin.items()))
