"""``companion movie-rating``: the Not That Movie! rating of a total, as JSON.

An oracle for the rating rule: prints ``{"stars": n, "title": "..."}`` on one
line from the rulebook's table. For 2 or 3 players (no row of their own) it
rates on the 4-player row and says so on standard error. A player count or
total that is not a whole number in range is refused in one line (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys

from companion.games.movie.rating import MAX_TOTAL, MIN_TOTAL, RATED_PLAYERS, rate
from companion.tools.argtypes import whole_number

NAME = "movie-rating"
HELP = "print the Not That Movie! stars and title for a team's total"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    low, high = RATED_PLAYERS[0], RATED_PLAYERS[-1]
    parser.add_argument("--players", required=True, metavar="P",
                        type=whole_number(low, high, "players"),
                        help=f"players at the table ({low}-{high})")
    parser.add_argument("--total", required=True, metavar="T",
                        type=whole_number(MIN_TOTAL, MAX_TOTAL, "points"),
                        help=f"points after 5 rounds ({MIN_TOTAL}-{MAX_TOTAL})")


def run(args: argparse.Namespace) -> int:
    rating = rate(args.players, args.total)
    if rating.note:
        print(f"companion: note: {rating.note}", file=sys.stderr)
    print(json.dumps(rating.to_dict()))
    return 0
