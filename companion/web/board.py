"""What the scoreboard shows, read from the state database read-only, as plain values.

:func:`open_reader` opens the database with SQLite's ``mode=ro`` (never a writer: not even a
migration or a checkpoint) or says why it cannot (:class:`NoDatabase` when no game was ever
kept). :func:`live_game` reads the newest Not Not game (in play, or the last one finished) and
its last round: the dice, the table as it was during the round, the verdict in the very words
the kiosk shows (:func:`companion.games.notnot.words.verdict_words`), the scores, the level
and the round count, and for a game over with cards still in its deck, why, in the words of
the kiosk's end screen (:func:`companion.games.notnot.deck.why_over_with_cards_left`). A
game that does not read is a :class:`DamagedGame` naming what is wrong.
:func:`later_game` finds a Not That Movie! or That's Not a Hat game the table played after it,
:func:`kiosk_running` whether a kiosk holds the state folder now (its lock, read-only), and
:func:`kiosk_holder` that with the pid that holds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError
from companion.games.notnot.cards import Card
from companion.games.notnot.deck import Table, why_over_with_cards_left
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.round import Timing
from companion.games.notnot.sides import SIDES
from companion.games.notnot.words import VerdictWords, kept_verdict_words
from companion.storage import owner
from companion.storage.database import FILENAME, Database
from companion.storage.games import FINISHED, NOT_NOT, Unreadable, read_game
from companion.storage.listing import winners_of
from companion.storage.notnot_saves import choice_under_way
from companion.storage.players import PlayerStore
from companion.storage.process_run import Run
from companion.storage.restoring import CARD, DamagedSnapshot, records_checked
from companion.storage.shapes import Each, OrNone, shape_problem

#: The part of a kept snapshot the page reads, and the shape it must have.
SNAPSHOT_READ = {"level": str, "table": Each(OrNone(CARD)), "deck": [CARD]}
#: When a game of the ``games`` row was last saved with a time: its start, its end or its
#: newest round (UTC ISO 8601 stamps, which sort as text).
LAST_SAVED = ("max(started_at, coalesce(finished_at, ''), coalesce((SELECT max(saved_at) "
              "FROM rounds WHERE game_id = games.id), ''))")


class NoDatabase(CompanionError):
    """The state folder holds no state database yet: no game was ever kept there."""


class DamagedGame(CompanionError):
    """The newest game does not read; the message says which game and what is wrong."""


def open_reader(folder: Path) -> Database:
    """The state database in ``folder``, opened read-only; :class:`NoDatabase` when there is
    none, a :class:`~companion.storage.faults.StorageError` when it does not open."""
    if not folder.exists():
        raise NoDatabase(f"No game has been kept in {folder} yet: there is no such folder (the "
                         "kiosk makes it at its first game; is the path right?).")
    if not Database.kept_in(folder):
        raise NoDatabase(f"No game has been kept in {folder} yet (there is no {FILENAME} there).")
    database = Database.for_reading(folder)
    if database.version == 0:   # being made by the kiosk this moment: no table yet
        database.close()
        raise NoDatabase(f"No game has been kept in {folder} yet (its {FILENAME} is new).")
    return database


@dataclass(frozen=True)
class LastRound:
    """A game's last finished round: its record, its verdict's words and the scores before it;
    ``choosing``: the tied players the kiosk still asks to choose a card (the round is saved as
    the choice's countdown would settle it, :data:`~companion.storage.notnot_saves.CHOOSING`),
    empty once the choice is made; ``asked_by``: the run of the kiosk that asks them
    (:data:`~companion.storage.notnot_saves.CHOOSING_KIOSK`; ``None``: the save does not say)."""

    record: RoundRecord
    verdict: VerdictWords
    scores_before: dict[int, int]
    choosing: tuple[int, ...] = ()
    asked_by: Run | None = None


@dataclass(frozen=True)
class LiveGame:
    """The newest Not Not game as the page shows it: ``level`` and ``cards_left`` as they
    were during its last round, which the page shows (the refill after it is the next
    round's), as the kiosk's verdict shows them; the game's own before its first round."""

    id: int
    state: str
    players: int
    level: str
    rounds: int
    cards_left: int | None
    scores: dict[int, int]
    tie_window_us: float
    ended_early: bool = False
    simulated: bool = False
    names: dict[int, str] = field(default_factory=dict)
    last: LastRound | None = None
    #: A finished game's winners as it stored them (empty: nobody scored; ``None``: the game
    #: is not finished, or its result does not read).
    winners: list[int] | None = None
    #: When it was last saved with a time (:data:`LAST_SAVED`), UTC ISO 8601.
    saved_at: str = ""
    #: Why a finished game is over where a table may not see it (:func:`why_over`; empty
    #: otherwise).
    over_why: str = ""


@dataclass(frozen=True)
class LaterGame:
    """A game of another kind (``kind``: Not That Movie! or That's Not a Hat), the table's
    newest: saved after the Not Not game the page shows (the table moved on to it), or with no
    Not Not game kept. ``saved_at``: when it was last saved (:data:`LAST_SAVED`)."""

    id: int
    kind: str
    state: str
    saved_at: str = ""


def newest_game_id(database: Database) -> int | None:
    """The id of the newest Not Not game, or ``None`` when there is none."""
    rows = database.read("SELECT max(id) FROM games WHERE kind = ?", (NOT_NOT,),
                         "finding the newest game")
    return rows[0][0] if rows and rows[0][0] is not None else None


def saved_at(database: Database, game_id: int) -> str:
    """When game ``game_id`` was last saved with a time (:data:`LAST_SAVED`)."""
    rows = database.read(f"SELECT {LAST_SAVED} FROM games WHERE id = ?", (game_id,),
                         "finding when the game was saved")
    return str(rows[0][0] or "") if rows else ""


def later_game(database: Database, game: LiveGame) -> LaterGame | None:
    """The newest game kept (:func:`other_game`) when it was saved after ``game`` (later, or as
    late and newer): the table is playing it or played it since. A Not Not game resumed after
    it and saved again is the later one then."""
    other = other_game(database)
    if other is None or (other.saved_at, other.id) < (game.saved_at, game.id):
        return None
    return other


def other_game(database: Database) -> LaterGame | None:
    """The newest game kept, when it is of another kind than Not Not, else ``None``."""
    rows = database.read(f"SELECT id, kind, state, {LAST_SAVED} FROM games "
                         "WHERE id = (SELECT max(id) FROM games) AND kind != ?", (NOT_NOT,),
                         "finding the table's newest game")
    if not rows:
        return None
    newest, kind, state, stamp = rows[0]
    return LaterGame(int(newest), str(kind), str(state), str(stamp or ""))


def kiosk_running(folder: Path) -> bool | None:
    """Whether a companion holds the state folder ``folder`` now (the kiosk does for as long
    as it runs); ``None`` when this system cannot tell (:func:`kiosk_holder`)."""
    return kiosk_holder(folder)[0]


def kiosk_holder(folder: Path) -> tuple[bool | None, int | None]:
    """Whether a companion holds the state folder ``folder`` now, and the pid that holds it, as
    the kernel says (:func:`companion.storage.owner.holder_pid`: one look at its locks);
    ``(None, None)`` when this system cannot tell."""
    try:
        pid = owner.holder_pid(folder)
    except owner.CannotTell:
        return None, None
    return pid is not None, pid


def last_round(records: tuple[RoundRecord, ...], players: int, names: dict[int, str],
               rounds: tuple[dict, ...] = ()) -> LastRound | None:
    """The last of ``records`` with its verdict's words, named players by ``names``, and the
    tied players still choosing a card in it and the kiosk's run asking them, as its stored
    record (the last of ``rounds``, of checked shape:
    :data:`~companion.storage.restoring.ROUND_RECORD`) says; ``None`` before the first round."""
    if not records:
        return None
    record = records[-1]
    before = records[-2].scores if len(records) > 1 else dict.fromkeys(range(1, players + 1), 0)
    return LastRound(record, kept_verdict_words(record, before, names), before,
                     *choice_under_way(rounds))


def why_over(snapshot: dict) -> str:
    """Why the game of the final ``snapshot`` (of checked shape: :data:`SNAPSHOT_READ`) is over
    where a table may not see it: its deck cannot fill the spots with cards still in it
    (:func:`why_over_with_cards_left`); empty otherwise. :class:`DamagedSnapshot` when a card's
    side does not read."""
    try:
        deck = [Card.from_dict(card) for card in snapshot["deck"]]
        table: Table = {side: Card.from_dict(card) if (card := snapshot["table"].get(side.value))
                        else None for side in SIDES}
    except ValueError as error:
        raise DamagedSnapshot(f"snapshot: a card does not read: {error}") from None
    return why_over_with_cards_left(table, deck)


def tie_window_us(settings: dict) -> float:
    """The tie window a game was played with, in µs (the rules' default when it does not read)."""
    kept = settings.get("tie_window_us")
    if isinstance(kept, int | float) and not isinstance(kept, bool) and kept > 0:
        return float(kept)
    return Timing().tie_window_ns / 1000


def live_game(database: Database) -> LiveGame | None:
    """The newest Not Not game and its last round; ``None`` when no game was ever started;
    :class:`DamagedGame` when it does not read."""
    game_id = newest_game_id(database)
    if game_id is None:
        return None
    try:
        saved = read_game(database, game_id, NOT_NOT)
        problem = shape_problem(saved.snapshot, SNAPSHOT_READ, "snapshot")
        if problem:
            raise DamagedSnapshot(problem)
        records = records_checked(saved.rounds)
        over_why = why_over(saved.snapshot) if saved.state == FINISHED else ""
    except (Unreadable, DamagedSnapshot) as error:
        raise DamagedGame(f"Game {game_id} does not read: {error}") from None
    names = PlayerStore(database).seat_players(saved.id)
    last = last_round(records, saved.players, names, saved.rounds)
    scores = last.record.scores if last else dict.fromkeys(range(1, saved.players + 1), 0)
    deck = len(saved.snapshot["deck"])   # after the last round's refill: the page shows that
    #                                      round, so its level and count are the round's
    return LiveGame(
        id=saved.id, state=saved.state, players=saved.players,
        level=last.record.level if last else saved.snapshot["level"], rounds=len(records),
        cards_left=deck if last is None else last.record.cards_before_refill(deck),
        scores=dict(scores),
        tie_window_us=tie_window_us(saved.settings),
        ended_early=saved.ended_early, simulated=bool(saved.settings.get("simulated")),
        names=names, last=last,
        winners=winners_of(saved.result or {}) if saved.state == FINISHED else None,
        saved_at=saved_at(database, saved.id), over_why=over_why)
