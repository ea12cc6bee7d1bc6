"""``companion simulate``: a whole game with simulated players, in virtual time.

Prints a round-by-round log a person can follow, or with ``--json`` one JSON
object (seed, players, level, tie window, every round, the final result). The
same seed gives byte-identical output.

With ``--state-dir DIR`` the game is saved in DIR's state database as it is
played, one transaction per round; ``--resume`` continues the unfinished game
saved there (with its own players, seed and level) and prints the whole game,
as an uninterrupted run would. ``--round-delay-ms`` slows the rounds down, so
that a test can kill a game mid-way.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import logging
import sys
import time
from collections.abc import Iterable, Iterator

from companion.commands.argtypes import UsageError, whole_number
from companion.errors import DAMAGED_DATA_ERRORS, CompanionError
from companion.games.notnot import data_file as data
from companion.games.notnot.game import MODES, Game
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.round import Timing
from companion.simulation.game_log import write_log
from companion.simulation.virtual_game import play
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.restoring import DamagedSnapshot, records_checked, restore_checked

log = logging.getLogger(__name__)

#: The stored settings a resumed game goes on with.
SETTINGS = ("seed", "players", "level", "tie_window_us")
#: What becomes of a kept game that does not restore.
SET_ASIDE = "it was set aside (kept; companion history lists it), nothing to resume"

NAME = "simulate"
HELP = "play a whole game with simulated players and print the log"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=whole_number(2, 8, "players"), default=4,
                        help="2 to 8 (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--level", choices=MODES, default="first-game", help="default first-game")
    parser.add_argument("--tie-window-us", type=whole_number(0, 1_000_000, "us"), default=1000,
                        help="taps this close to the first valid one tie (default 1000, GPIO)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="save the game round by round in DIR's state database (crash-safe)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the unfinished game saved in --state-dir, with its own "
                             "players, seed, level and tie window")
    parser.add_argument("--round-delay-ms", type=whole_number(0, 60_000, "ms"), default=0,
                        metavar="MS",
                        help="wait MS milliseconds after each round (default 0)")


def new_game(args: argparse.Namespace) -> Game:
    dice, recipe = data.not_not()
    timing = Timing(tie_window_ns=args.tie_window_us * 1000)
    return Game.new(args.players, args.level, args.seed, dice=dice, recipe=recipe, timing=timing)


def settings_of(args: argparse.Namespace) -> dict:
    """What a game is started with, as the JSON document's header gives it."""
    return {"seed": args.seed, "players": args.players, "level": args.level,
            "tie_window_us": args.tie_window_us}


def saved_as_played(records: Iterable[RoundRecord], store: GameStore, game_id: int,
                    game: Game) -> Iterator[RoundRecord]:
    """Pass ``records`` on, each saved with the game's snapshot after it."""
    for record in records:
        store.save_round(game_id, record.to_json(), game.snapshot(),
                         result=game.result() if game.over else None)
        yield record


def paced(records: Iterable[RoundRecord], game: Game, delay_ms: int) -> Iterator[RoundRecord]:
    """Pass ``records`` on, waiting ``delay_ms`` after each round but the last."""
    for record in records:
        yield record
        if delay_ms and not game.over:
            time.sleep(delay_ms / 1000)


def start(args: argparse.Namespace,
          store: GameStore | None) -> tuple[dict, Game, Iterable[RoundRecord]]:
    """A new game: its settings, the game, the rounds already played (none); saved if a store is
    given."""
    settings, game = settings_of(args), new_game(args)
    records = play(game)
    if store is not None:
        game_id = store.create(game.players, {**settings, "simulated": True}, game.snapshot())
        records = saved_as_played(records, store, game_id, game)
    return settings, game, records


def resume(store: GameStore) -> tuple[dict, Game, Iterable[RoundRecord]]:
    """The unfinished game saved in ``store``: its settings, the game, its rounds so far and
    to come.

    A kept game that does not read or restore is set aside (kept, marked
    damaged) and the error says so.
    """
    where = store.database.path.parent
    saved = store.unfinished()
    if saved is None and store.set_aside:
        game_id, reason = store.set_aside[-1]
        raise CompanionError(f"the unfinished game {game_id} in {where} is damaged ({reason}): "
                             f"{SET_ASIDE}")
    if saved is None:
        raise CompanionError(f"no unfinished game to resume in {where}")
    try:
        game = restore_checked(saved.snapshot)
        settings = {key: saved.settings[key] for key in SETTINGS}
        kept = [checked_record(game, record) for record in records_checked(saved.rounds)]
    except (DamagedSnapshot, KeyError) as error:
        store.set_aside_game(saved.id, str(error))
        raise CompanionError(f"the unfinished game {saved.id} in {where} does not restore "
                             f"({error}): {SET_ASIDE}") from None
    log.info("resuming game %d after round %d", saved.id, game.round_no)
    records = itertools.chain(kept, saved_as_played(play(game), store, saved.id, game))
    return settings, game, records


def checked_record(game: Game, record: RoundRecord) -> RoundRecord:
    """A kept round's ``record`` if the game log can print it, else :class:`DamagedSnapshot`."""
    try:
        write_log(game, [record], io.StringIO(), None)
    except DAMAGED_DATA_ERRORS as error:
        raise DamagedSnapshot(f"round {record.n} does not read ({type(error).__name__})") from None
    return record


def run(args: argparse.Namespace) -> int:
    if args.resume and not args.state_dir:
        raise UsageError("--resume needs --state-dir DIR, the folder the game was saved in")
    if not args.state_dir:
        return show(args, *start(args, None))
    with Database.in_folder(args.state_dir) as database:
        store = GameStore(database)
        return show(args, *(resume(store) if args.resume else start(args, store)))


def show(args: argparse.Namespace, settings: dict, game: Game,
         records: Iterable[RoundRecord]) -> int:
    """Play the rest of ``game`` and print the whole of it."""
    records = paced(records, game, args.round_delay_ms)
    if args.json:
        rounds = [record.to_json() for record in records]
        document = {**settings, "rounds": rounds, "final": game.result()}
        json.dump(document, sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
        return 0
    write_log(game, records, sys.stdout, args)
    return 0
