"""``companion movie-rating``: the Not That Movie! rating of a total, as JSON.

An oracle for the rating rule: prints ``{"stars": n, "title": "..."}`` on one
line from the rulebook's table. For 2 or 3 players (no row of their own) it
rates on the 4-player row and says so on standard error.
"""

from __future__ import annotations

import json
import sys

from companion.errors import CompanionError
from companion.movie.rating import MAX_TOTAL, MIN_TOTAL, RATED_PLAYERS, rate

NAME = "movie-rating"
HELP = "print the Not That Movie! stars and title for a team's total"


def add_arguments(parser) -> None:
    parser.add_argument("--players", required=True, metavar="P",
                        help=f"players at the table ({RATED_PLAYERS[0]}-{RATED_PLAYERS[-1]})")
    parser.add_argument("--total", required=True, metavar="T",
                        help=f"points after 5 rounds ({MIN_TOTAL}-{MAX_TOTAL})")


def whole_number(text: str, option: str, lowest: int, highest: int) -> int:
    """``text`` as an int in ``lowest..highest``, or a CompanionError naming ``option``."""
    try:
        value = int(text.strip())
    except ValueError:
        raise CompanionError(f"{option} must be a whole number, not {text!r}") from None
    if not lowest <= value <= highest:
        raise CompanionError(f"{option} must be {lowest} to {highest}, not {value}")
    return value


def run(args) -> int:
    players = whole_number(args.players, "--players", RATED_PLAYERS[0], RATED_PLAYERS[-1])
    total = whole_number(args.total, "--total", MIN_TOTAL, MAX_TOTAL)
    rating = rate(players, total)
    if rating.note:
        print(f"companion: note: {rating.note}", file=sys.stderr)
    print(json.dumps(rating.to_dict()))
    return 0
