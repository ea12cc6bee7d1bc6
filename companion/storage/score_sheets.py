"""The score sheets of Not That Movie! and That's Not a Hat, read from the state database.

The sheets are the views ``movie_score_sheet`` and ``hat_score_sheet`` (see
:mod:`companion.storage.schema`, version 2) over the finished games of those
kinds: the paper score sheet of the rulebook, kept for ever.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.hat.rules import by_player
from companion.storage.database import Database


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

    def to_dict(self) -> dict:
        return {"game": self.game_id, "date": self.played_on, "players": self.players,
                "team": self.team, "rounds": list(self.rounds), "total": self.total,
                "stars": self.stars, "title": self.title}


@dataclass(frozen=True)
class HatSheet:
    """The penalty points of one finished game of That's Not a Hat, round by round."""

    game_id: int
    played_on: str
    players: int
    rounds: tuple[dict[int, int], ...]

    def totals(self) -> dict[int, int]:
        """Each player's penalty points over all rounds."""
        return {p: sum(r.get(p, 0) for r in self.rounds) for p in range(1, self.players + 1)}

    def to_dict(self) -> dict:
        return {"game": self.game_id, "date": self.played_on, "players": self.players,
                "rounds": [by_player(r) for r in self.rounds], "totals": by_player(self.totals())}


def movie_score_sheet(database: Database, limit: int | None = None) -> list[MovieSheetLine]:
    """The Not That Movie! score sheet, newest game first (at most ``limit`` lines)."""
    rows = database.connection.execute(
        "SELECT game_id, played_on, players, team, round_1, round_2, round_3, round_4, round_5,"
        " total, stars, title FROM movie_score_sheet ORDER BY game_id DESC LIMIT ?",
        (-1 if limit is None else limit,)).fetchall()
    return [MovieSheetLine(game_id, played_on, players, team or "",
                           tuple(r for r in rounds if r is not None), total, stars, title)
            for game_id, played_on, players, team, *rounds, total, stars, title in rows]


def hat_score_sheet(database: Database, limit: int | None = None) -> list[HatSheet]:
    """Finished games of That's Not a Hat, newest first (at most ``limit`` games)."""
    rows = database.connection.execute(
        "SELECT game_id, played_on, players, round, player, penalties FROM hat_score_sheet"
        " WHERE game_id IN (SELECT DISTINCT game_id FROM hat_score_sheet"
        "                   ORDER BY game_id DESC LIMIT ?)"
        " ORDER BY game_id DESC, round, player", (-1 if limit is None else limit,)).fetchall()
    games: dict[int, tuple[str, int, dict[int, dict[int, int]]]] = {}
    for game_id, played_on, players, round_no, player, penalties in rows:
        rounds = games.setdefault(game_id, (played_on, players, {}))[2]
        rounds.setdefault(round_no, {})[player] = penalties
    return [HatSheet(game_id, played_on, players, tuple(rounds[n] for n in sorted(rounds)))
            for game_id, (played_on, players, rounds) in games.items()]
