"""Not That Movie!: stars and title for a team's total, from the rulebook's table.

The table rates the total after 5 rounds (0 to 40 points) by player count.
It has rows for 4, 5, 6 and 7 players only; 2 and 3 players are rated on the
4-player row, and the :class:`Rating` says so (``row`` is 4, ``note`` a
sentence to show).
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_TOTAL, MAX_TOTAL = 0, 40
#: Titles by stars, 1 to 5.
TITLES: tuple[str, ...] = ("Box Office Flop!", "One-Night Movie!", "Worthy Film!",
                           "Blockbuster!", "Oscar Laureate!")
#: Lowest total for 2, 3, 4 and 5 stars, by the player count of the table's row.
THRESHOLDS: dict[int, tuple[int, int, int, int]] = {
    7: (14, 18, 23, 34),
    6: (15, 19, 24, 35),
    5: (16, 21, 26, 36),
    4: (17, 22, 27, 37),
}
RATED_PLAYERS = range(2, 8)


@dataclass(frozen=True)
class Rating:
    """``stars`` (1-5) and ``title`` for a total, rated on the table's ``row``."""

    stars: int
    title: str
    row: int
    note: str = ""

    def to_dict(self) -> dict:
        """The oracle's answer: ``{"stars": n, "title": "..."}``."""
        return {"stars": self.stars, "title": self.title}


def row_for(players: int) -> int:
    """The table row rating ``players`` players: their own, or 4 for 2 and 3."""
    return max(players, min(THRESHOLDS))


def row_note(players: int) -> str:
    """The sentence saying that ``players`` players are rated on another row, else ``""``."""
    row = row_for(players)
    if row == players:
        return ""
    return f"The rulebook's table has no row for {players} players: rated on the {row}-player row."


def rate(players: int, total: int) -> Rating:
    """The rating of ``total`` points after 5 rounds for ``players`` players.

    Raises ``ValueError`` naming the value out of range (players 2-7, total 0-40).
    """
    if players not in RATED_PLAYERS:
        raise ValueError(f"players must be 2 to 7, not {players}")
    if not MIN_TOTAL <= total <= MAX_TOTAL:
        raise ValueError(f"total must be {MIN_TOTAL} to {MAX_TOTAL} points, not {total}")
    row = row_for(players)
    stars = 1 + sum(total >= lowest for lowest in THRESHOLDS[row])
    return Rating(stars, TITLES[stars - 1], row, row_note(players))
