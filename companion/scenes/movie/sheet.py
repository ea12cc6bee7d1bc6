"""Not That Movie!: the score sheet kept for ever, newest game first
(:class:`~companion.scenes.common.score_sheet.ScoreSheetScene`).

One line per game as on the rulebook's last page: date, players, team,
points of rounds 1-5, total, stars (a game ended early is not rated); under a game of 2 or 3
players, the note that it was rated on the 4-player row.
"""

from __future__ import annotations

from companion.scenes.changes import ToMovieSheet
from companion.scenes.common.score_sheet import ScoreSheetScene
from companion.storage.score_sheets import (
    NOT_RATED,
    MovieSheetLine,
    early_mark,
    movie_score_sheet,
)


def sheet_text(line: MovieSheetLine) -> str:
    rounds = " ".join(str(points) for points in line.rounds)
    rating = f"{line.stars}* {line.title}" if line.rated else NOT_RATED
    return (f"{line.played_on}  {line.players}p  {line.team}  {rounds}  = {line.total}  "
            f"{rating}{early_mark(line)}")


class MovieSheetScene(ScoreSheetScene[ToMovieSheet, MovieSheetLine]):
    """Not That Movie!'s kept score sheet."""

    name = "movie-sheet"
    heading = "Not That Movie! score sheet"
    columns = "date  players  team  rounds 1-5  = total  stars"
    read = staticmethod(movie_score_sheet)
    line_text = staticmethod(sheet_text)
