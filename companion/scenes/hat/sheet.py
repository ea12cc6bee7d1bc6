"""That's Not a Hat: the score sheet kept for ever, newest game first
(:class:`~companion.scenes.common.score_sheet.ScoreSheetScene`).

One line per game: date, players, rounds, and each player's penalty points (round by round
and in all in the rounds variant), the fewest marked ``*``: the winners.
"""

from __future__ import annotations

from companion.scenes.changes import ToHatSheet
from companion.scenes.common.score_sheet import ScoreSheetScene
from companion.scenes.common.setup_menu import counted
from companion.storage.score_sheets import HatSheet, early_mark, hat_score_sheet, penalty_words


def sheet_text(sheet: HatSheet) -> str:
    return (f"{sheet.played_on}  {sheet.players}p  {counted(len(sheet.rounds), 'round')}  "
            f"{penalty_words(sheet)}{early_mark(sheet)}")


class HatSheetScene(ScoreSheetScene[ToHatSheet, HatSheet]):
    """That's Not a Hat's kept score sheet."""

    name = "hat-sheet"
    heading = "That's Not a Hat score sheet"
    columns = "date  players  rounds  penalty points (* fewest: the winners)"
    read = staticmethod(hat_score_sheet)
    line_text = staticmethod(sheet_text)
