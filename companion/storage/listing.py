"""The history listing: kept games of one kind, newest first, read a page at a time.

Every view of the history (the listing, ``--json``, ``--check``) gives a game
the one verdict of :func:`verdict`: the game whole, as the store reads it
(every field, every round record), or damaged with what is wrong, when it was
set aside in ``damaged_games`` or any of it does not read. :func:`game_lines`
gives one :class:`GameLine` per finished or damaged game and
:func:`whole_games` each such game whole; both fetch :data:`PAGE` game ids per
query and read one game at a time, so listing thousands of games holds one
game and one page of ids in memory. A damaged game never stops the listing.
A game in which nobody scored has no winner (:func:`winners_of`), also when
it was kept with every player listed as a winner. A line carries the names
of the game's named players by seat (none for guests).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

from companion.games.notnot.words import apart
from companion.storage.database import Database
from companion.storage.games import ROW_GONE, NoSuchGame, SavedGame, Unreadable, read_game
from companion.storage.players import PlayerStore, is_head_start, seat_label

#: Game ids fetched per query.
PAGE = 200

_LISTED = ("SELECT id FROM games WHERE kind = ? AND id < ? AND (coalesce(state, '') "
           "NOT IN ('playing', 'abandoned') OR id IN (SELECT game_id FROM damaged_games)) "
           "ORDER BY id DESC LIMIT ?")


@dataclass(frozen=True)
class GameLine:
    """What one line of ``companion history`` shows of a game."""

    id: int
    players: int = 0
    settings: dict = field(default_factory=dict)
    result: dict = field(default_factory=dict)
    finished_at: str | None = None
    rounds: int = 0
    #: What is wrong with the game, if it is damaged (then the rest may be empty).
    damaged: str | None = None
    #: Whether the table ended it before its rules did.
    ended_early: bool = False
    #: The names of its named players, by seat (a guest's seat is left out).
    names: dict[int, str] = field(default_factory=dict)
    #: The head starts its seats played with, in µs (handicaps; none: empty), as its last
    #: round kept them.
    head_starts: dict = field(default_factory=dict)

    @property
    def winners(self) -> list[int] | None:
        """The winners as stored (``None`` when they do not read), none when nobody scored."""
        return winners_of(self.result)


def nobody_scored(result: dict) -> bool:
    """Whether a stored result's scores read and are all 0: a game without a winner."""
    scores = result.get("scores")
    return isinstance(scores, dict) and bool(scores) and not any(scores.values())


def winners_of(result: dict) -> list[int] | None:
    """A stored result's winners (``None`` when they do not read); none when nobody scored,
    whatever a game kept before that ruling stored."""
    winners = result.get("winners")
    if not isinstance(winners, list):
        return None
    return [] if nobody_scored(result) else winners


def listed_ids(database: Database, kind: str, limit: int | None, page: int | None = None,
               before: int | None = None) -> Iterator[int]:
    """Ids of the finished and the damaged games of ``kind``, newest first (those older than
    game ``before`` only, when given), ``page`` (default :data:`PAGE`) per query."""
    page = page or PAGE
    before, left = (2 ** 63 - 1 if before is None else before), limit
    while left is None or left > 0:
        wanted = page if left is None else min(page, left)
        ids = [game_id for (game_id,) in database.read(
            _LISTED, (kind, before, wanted), "listing the kept games")]
        yield from ids
        if len(ids) < wanted:
            return
        before = ids[-1]
        left = None if left is None else left - len(ids)


def damage_of(database: Database, game_id: int) -> str | None:
    """Why game ``game_id`` was set aside, or ``None`` if it was not."""
    rows = database.read("SELECT reason FROM damaged_games WHERE game_id = ?", (game_id,),
                         f"reading game {game_id}")
    return str(rows[0][0]) if rows else None


def verdict(database: Database, game_id: int, kind: str) -> SavedGame | GameLine:
    """Game ``game_id`` of ``kind`` whole, or its damaged :class:`GameLine`: set aside, or some
    field or round record of it does not read. The one verdict of every view."""
    damaged = damage_of(database, game_id)
    if damaged is None:
        try:
            return read_game(database, game_id, kind)
        except Unreadable as error:
            damaged = str(error)
    return GameLine(game_id, damaged=damaged)


def listed_verdict(database: Database, game_id: int, kind: str) -> SavedGame | GameLine:
    """:func:`verdict` of a game the file itself listed: one whose row is then not there (a
    damaged page, its index and its table no longer agree) is damaged, not missing."""
    try:
        return verdict(database, game_id, kind)
    except NoSuchGame:
        return GameLine(game_id, damaged=f"{ROW_GONE} (companion history --check)")


def game_line(database: Database, game_id: int, kind: str) -> GameLine:
    """The listing line of game ``game_id`` of ``kind``, by :func:`listed_verdict`."""
    game = listed_verdict(database, game_id, kind)
    if isinstance(game, GameLine):
        return game
    return GameLine(game.id, game.players, game.settings, game.result or {}, game.finished_at,
                    len(game.rounds), ended_early=game.ended_early,
                    names=PlayerStore(database).seat_players(game.id),
                    head_starts=head_starts_of(game.rounds))


def head_starts_of(rounds: tuple[dict, ...]) -> dict:
    """The head starts (seat -> µs) a game's last round was played with (none: empty)."""
    kept = rounds[-1].get("head_starts_us") if rounds else None
    return kept if isinstance(kept, dict) else {}


def game_lines(database: Database, kind: str, limit: int | None = None,
               before: int | None = None) -> Iterator[GameLine]:
    """One :class:`GameLine` per finished or damaged game of ``kind``, newest first (older than
    game ``before`` only, when given)."""
    for game_id in listed_ids(database, kind, limit, before=before):
        yield game_line(database, game_id, kind)


def whole_games(database: Database, kind: str, limit: int | None = None
                ) -> Iterator[SavedGame | GameLine]:
    """Each finished game of ``kind`` whole (rounds included), newest first, one at a time;
    a damaged one as its damaged :class:`GameLine`."""
    for game_id in listed_ids(database, kind, limit):
        yield listed_verdict(database, game_id, kind)


# -- the words of a listed game, for every view that shows it (history, the web page) --------


def local_time(stamp: str | None) -> str:
    """A stored UTC ISO 8601 ``stamp`` in this machine's local time, to the second."""
    if stamp is None:
        return ""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except (TypeError, ValueError, OverflowError):
        return str(stamp or "")[:19]


def shown(player: object, names: dict[int, str]) -> str:
    """A stored seat number (``1`` or ``"1"``) as the listing shows it: the name of its named
    player, else "P1"."""
    seat = str(player)
    return seat_label(int(seat), names) if seat.isascii() and seat.isdigit() \
        and len(seat) < 10 else f"P{seat}"


def score_items(game: GameLine) -> list[str]:
    """A listed game's score of each player, ``["P1 3", "P2 5"]`` (``["?"]`` when they do not
    read)."""
    scores = game.result.get("scores")
    return [f"{shown(player, game.names)} {n}" for player, n in scores.items()] \
        if isinstance(scores, dict) else ["?"]


def scores_words(game: GameLine) -> str:
    """A listed game's scores, ``P1 3  P2 5`` ("?" when they do not read)."""
    return "  ".join(score_items(game))


def winners_words(game: GameLine) -> str:
    """A listed game's winners, as the verdict lists players
    (:func:`~companion.games.notnot.words.apart`), "nobody scored" when nobody did ("?" when
    they do not read)."""
    if nobody_scored(game.result):
        return "nobody scored"
    return "?" if game.winners is None else apart([shown(p, game.names) for p in game.winners])


def head_starts_words(game: GameLine) -> str:
    """A listed game's head starts, ``head starts: Ana 150 ms, P3 80 ms`` (none: empty); one a
    damaged file keeps out of bounds, never played, ``P3 not read``."""
    starts = [f"{shown(seat, game.names)} " + (f"{us / 1000:g} ms" if is_head_start(us)
                                                else "not read")
              for seat, us in game.head_starts.items()]
    return f"head starts: {', '.join(starts)}" if starts else ""


def level_words(game: GameLine) -> str:
    """A listed game's level, marked "(simulated)" for a game ``companion simulate`` played."""
    return str(game.settings.get("level", "-"))[:22] + \
        (" (simulated)" if game.settings.get("simulated") else "")
