"""``companion score-sheet GAME``: the kept score sheet of Not That Movie! or That's Not a Hat.

Not That Movie!: one line per game, newest first, as the rulebook's last
page has it: date, players, team, points of rounds 1-5, total, stars, title;
a game of 2 or 3 players is followed by the note that it was rated on the
4-player row (``note`` in the JSON, empty for the other counts).
That's Not a Hat: one line per game with each player's penalty points per
round and in total, winners marked ``*``. A game the table started a new game over
ends its line with "(ended early)" (``ended_early`` in the JSON). ``--json`` prints the same
as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.games.hat.rules import HatGame
from companion.games.movie.rules import MovieGame
from companion.storage.database import Database
from companion.storage.location import described, state_dir
from companion.storage.score_sheets import (
    NOT_RATED,
    SHEET_TITLES,
    HatSheet,
    MovieSheetLine,
    damaged_games,
    early_mark,
    hat_score_sheet,
    movie_score_sheet,
    penalty_words,
)
from companion.tools.argtypes import whole_number
from companion.tools.notes import note_unseen_saves

NAME = "score-sheet"
HELP = "print the kept score sheet of Not That Movie! or That's Not a Hat"
GAMES = (MovieGame.KIND, HatGame.KIND)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=GAMES, help="which game's sheet")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="the state folder (default: as for companion history)")
    parser.add_argument("--limit", type=whole_number(1, 1_000_000, "games"), metavar="N",
                        help="only the N newest games")
    parser.add_argument("--json", action="store_true", help="print a JSON list")


def movie_line(line: MovieSheetLine) -> str:
    """The game's line, and under it (2 or 3 players) the note on the row it was rated on."""
    rounds = " ".join(f"{points:>2}" for points in line.rounds)
    text = (f"{line.played_on}  {line.players:>7}  {line.team[:20]:<20}  {rounds:<14}  "
            f"{line.total:>5}  {'*' * line.stars if line.rated else '-':<5}  "
            f"{line.title if line.rated else NOT_RATED}{early_mark(line)}")
    note = line.note
    return f"{text}\n            {note}" if note else text


def hat_line(sheet: HatSheet) -> str:
    return (f"{sheet.played_on}  {sheet.players:>7}  {len(sheet.rounds):>6}  "
            f"{penalty_words(sheet)}{early_mark(sheet)}")


def read_sheet(folder: Path, game: str, limit: int | None) -> tuple[list, list[tuple[int, str]]]:
    """The sheet's entries, newest first, and the games set aside as damaged; none when the
    state folder holds no database yet."""
    if not Database.kept_in(folder):
        return [], []
    with Database.for_reading(folder) as database:
        reader = movie_score_sheet if game == MovieGame.KIND else hat_score_sheet
        return reader(database, limit), damaged_games(database, game)


def run(args: argparse.Namespace) -> int:
    folder = state_dir(args.state_dir)
    note_unseen_saves(folder)
    entries, damaged = read_sheet(folder, args.game, args.limit)
    movie = args.game == MovieGame.KIND
    if args.json:
        rows = [e.to_dict() for e in entries] + [{"game": game_id, "damaged": reason}
                                                for game_id, reason in damaged]
        json.dump(rows, sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
        return 0
    game = SHEET_TITLES[args.game] + (" game that reads" if damaged else " game")
    print_sheet(entries, movie, f"No finished {game} yet in {described(folder)}.")
    for game_id, reason in damaged:
        print(f"game {game_id} is damaged and set aside (kept, left off the sheet): {reason}")
    return 0


def print_sheet(entries: list, movie: bool, none: str) -> None:
    """The sheet as a table, or the line ``none`` when it has no entries."""
    if not entries:
        print(none)
        return
    if movie:
        print(f"{'Date':<10}  {'Players':>7}  {'Team':<20}  {'Rounds 1-5':<14}  "
              f"{'Total':>5}  Stars")
    else:
        print(f"{'Date':<10}  {'Players':>7}  {'Rounds':>6}  Penalty points (* wins)")
    for entry in entries:
        print(movie_line(entry) if movie else hat_line(entry))
