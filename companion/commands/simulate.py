"""``companion simulate``: a whole game with simulated players, in virtual time.

Prints a round-by-round log a person can follow, or with ``--json`` one JSON
object (seed, players, level, tie window, every round, the final result). The
same seed gives byte-identical output.
"""

from __future__ import annotations

import json
import sys

from companion import data
from companion.argtypes import whole_number
from companion.errors import CompanionError
from companion.rules.game import MODES, Game, RuleError
from companion.rules.round import Timing
from companion.simulation import play, result

NAME = "simulate"
HELP = "play a whole game with simulated players and print the log"


def add_arguments(parser) -> None:
    parser.add_argument("--players", type=whole_number(2, 8, "players"), default=4, help="2 to 8 (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--level", choices=MODES, default="first-game", help="default first-game")
    parser.add_argument("--tie-window-us", type=whole_number(0, 1_000_000, "us"), default=1000,
                        help="taps this close to the first valid one tie (default 1000, GPIO)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def new_game(args) -> Game:
    dice, recipe = data.not_not()
    timing = Timing(tie_window_ns=args.tie_window_us * 1000)
    try:
        return Game.new(args.players, args.level, args.seed, dice=dice, recipe=recipe, timing=timing)
    except RuleError as error:
        raise CompanionError(str(error)) from None


def run(args) -> int:
    game = new_game(args)
    if args.json:
        rounds = list(play(game))
        document = {
            "seed": args.seed, "players": args.players, "level": args.level,
            "tie_window_us": args.tie_window_us, "rounds": rounds, "final": result(game),
        }
        json.dump(document, sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
        return 0
    from companion.game_log import write_log

    write_log(game, play(game), sys.stdout, args)
    return 0
