"""The score sheets of Not That Movie! and That's Not a Hat, read from the state database.

A sheet has one entry per finished game of that kind, read from the result
and settings the game stored: the paper score sheet of the rulebook, kept
for ever. The entries are read here game by game, each field checked, so a
game that does not read is set aside (see :mod:`companion.storage.games`) and
the sheet goes on without it. (The views ``movie_score_sheet`` and
``hat_score_sheet`` of schema version 2 give the same sheets to someone
reading the file with the ``sqlite3`` shell.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from companion.games.hat.rules import by_player
from companion.games.movie.rating import row_note
from companion.games.notnot.words import player_label
from companion.storage.database import Database
from companion.storage.games import GameStore, NoSuchGame, Unreadable
from companion.storage.listing import GameLine, damage_of, game_line, listed_ids

MOVIE, HAT = "not-that-movie", "thats-not-a-hat"
#: Each sheet's game as the table calls it.
SHEET_TITLES = {MOVIE: "Not That Movie!", HAT: "That's Not a Hat"}


def sheet_game(database: Database, game_id: int, error: NoSuchGame) -> NoSuchGame:
    """``error`` (there is no Not Not game ``game_id``) said where game ``game_id`` is read when
    it is a Not That Movie! or That's Not a Hat game: "game 3 in DIR is a That's Not a Hat game,
    not a Not Not game: its score sheet is read with companion score-sheet thats-not-a-hat";
    ``error`` itself otherwise."""
    rows = database.read("SELECT kind FROM games WHERE id = ?", (game_id,), "finding the game")
    kind = rows[0][0] if rows else None
    if kind not in SHEET_TITLES:
        return error
    return NoSuchGame(f"game {game_id} in {database.path} is a {SHEET_TITLES[kind]} game, not a "
                      f"Not Not game: its score sheet is read with companion score-sheet {kind}")


@dataclass(frozen=True)
class MovieSheetLine:
    """One line of the Not That Movie! score sheet, as the rulebook's last page has it."""

    game_id: int
    played_on: str          # UTC date, YYYY-MM-DD
    players: int
    team: str
    rounds: tuple[int, ...]  # points of rounds 1 to 5
    total: int
    stars: int
    title: str
    ended_early: bool = False   # the table started a new game over it

    @property
    def rated(self) -> bool:
        """Whether the sheets show its stars and title: the rulebook rates the total after
        5 rounds, so a game the table ended early is "not rated"."""
        return not self.ended_early

    @property
    def note(self) -> str:
        """The note under the line: for 2 or 3 players, that it was rated on the 4-player row
        ("" otherwise, and for a game not :attr:`rated`)."""
        return row_note(self.players) if self.rated else ""

    def to_dict(self) -> dict:
        """The line as JSON; ``stars`` and ``title`` are null when it is not :attr:`rated`, and
        ``note`` is the :attr:`note` under it ("" for none)."""
        return {"game": self.game_id, "date": self.played_on, "players": self.players,
                "team": self.team, "rounds": list(self.rounds), "total": self.total,
                "stars": self.stars if self.rated else None,
                "title": self.title if self.rated else None, "ended_early": self.ended_early,
                "note": self.note}


@dataclass(frozen=True)
class HatSheet:
    """The penalty points of one finished game of That's Not a Hat, round by round."""

    game_id: int
    played_on: str
    players: int
    rounds: tuple[dict[int, int], ...]
    ended_early: bool = False   # the table started a new game over it
    #: The names of its named players, by seat (a guest's seat is left out: "P3").
    names: dict[int, str] = field(default_factory=dict)

    @property
    def note(self) -> str:
        """The note under the line: none (the Hat's sheet has no rating to explain)."""
        return ""

    def totals(self) -> dict[int, int]:
        """Each player's penalty points over all rounds."""
        return {p: sum(r.get(p, 0) for r in self.rounds) for p in range(1, self.players + 1)}

    def winners(self) -> list[int]:
        """The players with the fewest penalty points; none in a game ended early (its rounds
        were not all played: its points stand, nobody won)."""
        if self.ended_early:
            return []
        totals = self.totals()
        return [player for player, total in totals.items() if total == min(totals.values())]

    def label(self, player: int) -> str:
        """How ``player`` is named on the sheet: their name, or "P3" for a guest."""
        return player_label(player, self.names)

    def to_dict(self) -> dict:
        return {"game": self.game_id, "date": self.played_on, "players": self.players,
                "rounds": [by_player(r) for r in self.rounds], "totals": by_player(self.totals()),
                "ended_early": self.ended_early,
                "names": {str(seat): name for seat, name in self.names.items()}}


#: What the sheets show for the rating of a game that is not rated (ended early).
NOT_RATED = "not rated"


def early_mark(entry: MovieSheetLine | HatSheet) -> str:
    """"  (ended early)" after a game the table ended before its rules did, else "" (the
    sheets say it wherever they are shown)."""
    return "  (ended early)" if entry.ended_early else ""


def penalty_words(sheet: HatSheet) -> str:
    """Each player's penalty points on the sheets, the winners marked ``*`` (the fewest; none
    in a game ended early):
    ``Ana* 1  P2 3`` for one round, ``Ana* 1+0=1  P2 2+1=3`` for several."""
    winners = sheet.winners()
    players = []
    for player, total in sheet.totals().items():
        per_round = "+".join(str(r.get(player, 0)) for r in sheet.rounds)
        who = f"{sheet.label(player)}{'*' if player in winners else ''}"
        players.append(f"{who} {per_round}={total}" if len(sheet.rounds) > 1
                       else f"{who} {total}")
    return "  ".join(players)


def _whole(value: object, low: int = 0, high: int = 10 ** 6) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def movie_entry(line: GameLine) -> MovieSheetLine:
    """The score sheet line of a finished Not That Movie! game; :class:`Unreadable` naming a
    bad field."""
    result, team = line.result, line.settings.get("team", "")
    rounds = result.get("rounds")
    if not (isinstance(rounds, list) and len(rounds) <= 5
            and all(_whole(r, -100, 100) for r in rounds)):
        raise Unreadable("result.rounds is not up to five rounds' points")
    for name, fits in (("total", _whole(result.get("total"), -500, 500)),
                       ("stars", _whole(result.get("stars"), 0, 5)),
                       ("title", isinstance(result.get("title"), str)),
                       ("team", isinstance(team, str))):
        if not fits:
            raise Unreadable(f"{name} does not read")
    return MovieSheetLine(line.id, (line.finished_at or "")[:10], line.players, team or "",
                          tuple(rounds), result["total"], result["stars"], result["title"],
                          line.ended_early)


def hat_entry(line: GameLine) -> HatSheet:
    """The penalty points of a finished That's Not a Hat game; :class:`Unreadable` naming a bad
    field."""
    rounds = line.result.get("rounds")
    if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
        raise Unreadable("result.rounds is not a list of rounds")
    read = []
    for number, points in enumerate(rounds, start=1):
        if not all(key.isascii() and key.isdigit() and _whole(p) for key, p in points.items()):
            raise Unreadable(f"result.rounds[{number}] is not penalty points per player")
        read.append({int(key): p for key, p in points.items()})
    return HatSheet(line.id, (line.finished_at or "")[:10], line.players, tuple(read),
                    line.ended_early, dict(line.names))


def sheet_entries(database: Database, kind: str, entry: Callable, limit: int | None
                  ) -> Iterator:
    """``entry(line)`` of each finished game of ``kind``, newest first (at most ``limit``);
    a game that does not read is set aside and left out."""
    store, given = GameStore(database, kind=kind), 0
    for game_id in listed_ids(database, kind, None):
        line = game_line(database, game_id, kind)
        if line.damaged:
            if damage_of(database, game_id) is None:
                store.set_aside_game(game_id, line.damaged)
            continue
        try:
            yield entry(line)
        except Unreadable as error:
            store.set_aside_game(game_id, str(error))
            continue
        given += 1
        if limit is not None and given >= limit:
            return


def damaged_games(database: Database, kind: str) -> list[tuple[int, str]]:
    """``(game id, what is wrong)`` of the games of ``kind`` set aside, newest first."""
    return [(game_id, str(reason)) for game_id, reason in database.read(
        "SELECT game_id, reason FROM damaged_games JOIN games ON games.id = game_id "
        "WHERE games.kind = ? ORDER BY game_id DESC", (kind,), "listing damaged games")]


def movie_score_sheet(database: Database, limit: int | None = None) -> list[MovieSheetLine]:
    """The Not That Movie! score sheet, newest game first (at most ``limit`` lines)."""
    return list(sheet_entries(database, MOVIE, movie_entry, limit))


def hat_score_sheet(database: Database, limit: int | None = None) -> list[HatSheet]:
    """Finished games of That's Not a Hat, newest first (at most ``limit`` games)."""
    return list(sheet_entries(database, HAT, hat_entry, limit))
