"""``companion simulate``: a whole game with simulated players, in virtual time.

Prints a round-by-round log a person can follow, or with ``--json`` one JSON
object (seed, players, level, tie window, every round, the final result). The
same seed gives byte-identical output.

With ``--state-dir DIR`` the game is saved in DIR's state database as it is
played, one transaction per round; ``--resume`` continues the unfinished game
saved there (with its own players, seed and level) and prints the whole game,
as an uninterrupted run would (a folder with no database yet: one line, and
nothing is made). ``--round-delay-ms`` slows the rounds down, so
that a test can kill a game mid-way.

Simulate writes DIR's games only as its one owner (:mod:`companion.storage.owner`):
beside a running kiosk, or another simulate, it is refused in one line. It
never touches the table's games: it neither resumes the kiosk's unfinished
game nor starts a game over it (starting one would end it). A game that does
not end within :data:`MAX_ROUNDS` rounds (its saved clocks are ones no bot
beats, say) is stopped there and marked abandoned, so no run saves forever.

With ``--names Ana,Bo,...`` (and ``--state-dir DIR``) it plays ``--games N`` whole games
(seeds ``--seed`` on) with *thinking* bots, one per name, whose delays per negation count,
Liar, turned arrow and mismatched ink are known (:func:`companion.simulation.bots.thinking_delays`),
and keeps each finished game in DIR in one transaction with its seats named (the names added
as players when new): games for ``companion players profile`` and ``board`` to read. It prints
one line (``--json``: the games' ids and each name's known delays).
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
from pathlib import Path

from companion.config import reading
from companion.errors import DAMAGED_DATA_ERRORS, CompanionError
from companion.games.notnot import data_file as data
from companion.games.notnot.game import MODES, TABLE_MAX_PLAYERS, TABLE_MIN_PLAYERS, Game
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.round import Timing
from companion.simulation.bots import thinking_delays
from companion.simulation.game_log import write_log
from companion.simulation.named_games import keep_simulated
from companion.simulation.virtual_game import play
from companion.storage.database import Database
from companion.storage.games import PLAYING, GameStore
from companion.storage.notnot_saves import NewGame, RoundSave, UnfinishedGame
from companion.storage.owner import owned
from companion.storage.players import PlayerError, checked_name
from companion.storage.restoring import DamagedSnapshot
from companion.tools.argtypes import SEED_HIGHEST, UsageError, seed, whole_number

log = logging.getLogger(__name__)

#: The stored settings a resumed game goes on with (and its JSON header gives).
SETTINGS = ("seed", "players", "level", "tie_window_us")
#: What becomes of a kept game that does not restore.
SET_ASIDE = "it was set aside (kept; companion history lists it), nothing to resume"
#: Rounds one run plays at most: a game ends in under 100 (60 at most in thousands of seeds).
MAX_ROUNDS = 1000
#: Who holds the state folder's lock while simulate writes it.
OWNER = "companion simulate"

NAME = "simulate"
HELP = "play a whole game with simulated players and print the log"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players",
                        type=whole_number(TABLE_MIN_PLAYERS, TABLE_MAX_PLAYERS, "players"),
                        default=4, help=f"{TABLE_MIN_PLAYERS} to {TABLE_MAX_PLAYERS}, as at the "
                                        "kiosk (default 4)")
    parser.add_argument("--seed", type=seed, default=1, help="random seed (default 1)")
    parser.add_argument("--level", choices=MODES, default="first-game", help="default first-game")
    parser.add_argument("--tie-window-us", type=whole_number(0, 1_000_000, "us"), default=1000,
                        help="taps this close to the first valid one tie (default 1000, GPIO)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="save the game round by round in DIR's state database (crash-safe); "
                             "refused while a kiosk uses DIR, and never over the table's "
                             "unfinished game")
    parser.add_argument("--resume", action="store_true",
                        help="continue the unfinished game simulate saved in --state-dir, with "
                             "its own players, seed, level and tie window (never the table's)")
    parser.add_argument("--names", metavar="NAME,NAME,...", type=names_list,
                        help="play --games games with thinking bots, one per name "
                             f"({TABLE_MIN_PLAYERS} to {TABLE_MAX_PLAYERS}), and keep them in "
                             "--state-dir with their seats named")
    parser.add_argument("--games", type=whole_number(1, 100_000, "games"), default=1,
                        help="with --names: how many games (default 1)")
    parser.add_argument("--round-delay-ms", type=whole_number(0, 60_000, "ms"), default=0,
                        metavar="MS",
                        help="wait MS milliseconds after each round (default 0)")


def names_list(text: str) -> list[str]:
    """An argparse type: 2 to 12 player names, comma-separated, each a name a player can have
    (one the kiosk's screen can draw) and none twice (whatever the case)."""
    from companion.display.text import undrawable  # pygame only with --names
    try:
        names = [checked_name(name, undrawable) for name in text.split(",")]
    except PlayerError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if not TABLE_MIN_PLAYERS <= len(names) <= TABLE_MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"{len(names)} name{'s' if len(names) != 1 else ''}: "
                                         f"a table has {TABLE_MIN_PLAYERS} to "
                                         f"{TABLE_MAX_PLAYERS} players")
    if len({name.casefold() for name in names}) < len(names):
        raise argparse.ArgumentTypeError(f"{text!r} names a player twice")
    return names


def new_game(args: argparse.Namespace) -> Game:
    dice, recipe = data.not_not()
    timing = Timing(tie_window_ns=args.tie_window_us * 1000)
    return Game.new(args.players, args.level, args.seed, dice=dice, recipe=recipe, timing=timing)


def header_of(args: argparse.Namespace) -> dict:
    """What a game is started with, as the JSON document's header gives it."""
    return {"seed": args.seed, "players": args.players, "level": args.level,
            "tie_window_us": args.tie_window_us}


def played(game: Game, store: GameStore | None = None,
           game_id: int | None = None) -> Iterator[RoundRecord]:
    """The rest of ``game`` played round by round; with a ``store``, each round saved in game
    ``game_id`` with the game's snapshot after it.

    Past :data:`MAX_ROUNDS` rounds the game is stopped with a ``CompanionError`` (a saved one
    marked abandoned first): no run plays, or saves, forever.
    """
    for count, record in enumerate(play(game), 1):
        if count > MAX_ROUNDS:
            raise never_ends(store, game_id)
        if store is not None and game_id is not None:
            RoundSave.of(game, record).write(store, game_id)
        yield record


def never_ends(store: GameStore | None, game_id: int | None) -> CompanionError:
    """The line for a game stopped after :data:`MAX_ROUNDS` rounds (a saved one is marked
    abandoned here, so no later ``--resume`` plays it on)."""
    said = f"did not end after {MAX_ROUNDS} rounds (a game ends in under 100)"
    if store is None or game_id is None:
        return CompanionError(f"the game {said}: it was stopped")
    store.abandon(game_id)
    return CompanionError(f"game {game_id} in {store.database.path.parent} {said}: it was "
                          "stopped and marked abandoned")


def not_simulates(store: GameStore) -> tuple[int, bool] | None:
    """The newest unfinished game in ``store`` that simulate did not make: its id, and whether
    its settings read (one whose settings do not read may be the table's); ``None`` if there is
    none. Read only: nothing is set aside or changed."""
    rows = store.database.read("SELECT id, settings FROM games WHERE kind = ? AND state = ? "
                               "ORDER BY id DESC", (store.kind, PLAYING),
                               "looking for the table's unfinished game")
    for game_id, text in rows:
        try:
            settings = reading.parse_json(text) if isinstance(text, str) else None
        except reading.Unparsable:
            return game_id, False
        if not isinstance(settings, dict):
            return game_id, False
        if not settings.get("simulated"):
            return game_id, True
    return None


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
    settings, game = header_of(args), new_game(args)
    if store is None:
        return settings, game, played(game)
    other = not_simulates(store)
    if other is not None:
        game_id, readable = other
        whose = (f"the table's unfinished game {game_id}" if readable else
                 f"the unfinished game {game_id}, whose settings do not read (the table's?)")
        raise CompanionError(f"{store.database.path.parent} holds {whose}: a simulated game "
                             "there would end it; pass --state-dir another folder")
    game_id = NewGame.of(game, simulated=True).create(store)
    return settings, game, played(game, store, game_id)


def resume(store: GameStore) -> tuple[dict, Game, Iterable[RoundRecord]]:
    """The unfinished game saved in ``store``: its settings, the game, its rounds so far and
    to come.

    A kept game that does not read or restore is set aside (kept, marked
    damaged) and the error says so.
    """
    where = store.database.path.parent
    other = not_simulates(store)
    if other is not None and other[1]:   # one that does not read is the store's to set aside
        raise CompanionError(f"the unfinished game {other[0]} in {where} is the table's (the "
                             "kiosk's), not one simulate made: simulate --resume continues only "
                             "its own games")
    saved = store.unfinished()
    if saved is None and store.set_aside:
        game_id, reason = store.set_aside[-1]
        raise CompanionError(f"the unfinished game {game_id} in {where} is damaged ({reason}): "
                             f"{SET_ASIDE}")
    if saved is None:
        raise CompanionError(f"no unfinished game to resume in {where}")
    try:
        kept = UnfinishedGame.of(saved)
        settings = {key: saved.settings[key] for key in SETTINGS}
        rounds = [checked_record(kept.game, record) for record in kept.rounds]
    except (DamagedSnapshot, KeyError) as error:
        store.set_aside_game(saved.id, str(error))
        raise CompanionError(f"the unfinished game {saved.id} in {where} does not restore "
                             f"({error}): {SET_ASIDE}") from None
    log.info("resuming game %d after round %d", saved.id, kept.game.round_no)
    records = itertools.chain(rounds, played(kept.game, store, saved.id))
    return settings, kept.game, records


def checked_record(game: Game, record: RoundRecord) -> RoundRecord:
    """A kept round's ``record`` if the game log can print it, else :class:`DamagedSnapshot`."""
    try:
        write_log(game, [record], io.StringIO())
    except DAMAGED_DATA_ERRORS as error:
        raise DamagedSnapshot(f"round {record.n} does not read ({type(error).__name__})") from None
    return record


def play_named(args: argparse.Namespace) -> int:
    """Play ``--games`` games with thinking bots named ``--names`` and keep each in
    ``--state-dir``; say what was kept."""
    if not args.state_dir or args.resume:
        raise UsageError("--names needs --state-dir DIR (where the games are kept), and no "
                         "--resume")
    if args.round_delay_ms:
        raise UsageError("--round-delay-ms paces the rounds of one game's log; --names keeps "
                         "whole games at once: give one or the other")
    if args.seed + args.games - 1 > SEED_HIGHEST:   # each game's seed is stored in 64 bits
        raise UsageError(f"--seed {args.seed} with --games {args.games}: the games' seeds run "
                         f"from --seed on, to at most {SEED_HIGHEST}: choose a seed of "
                         f"{SEED_HIGHEST - args.games + 1} or less")
    kept: list[int] = []
    with Database.in_folder(args.state_dir) as database, owned(args.state_dir, OWNER):
        for n in range(args.games):
            try:
                kept.append(keep_simulated(database, args.names, args.seed + n, args.level,
                                           args.tie_window_us)[0])
            except CompanionError as error:   # the games kept before it stay kept: say so
                if kept:
                    raise CompanionError(f"{error}; {len(kept)} of the {args.games} games "
                                         f"were kept before it ({kept_words(kept)})") from None
                raise
    if args.json:
        delays = {name: vars(thinking_delays(seat)) for seat, name in enumerate(args.names, 1)}
        print(json.dumps({"games": kept, "names": args.names, "delays_ms": delays},
                         separators=(",", ":")))
    else:
        print(f"kept {len(kept)} simulated games of {', '.join(args.names)} in "
              f"{args.state_dir} ({kept_words(kept)})")
    return 0


def kept_words(kept: list[int]) -> str:
    """``games 4 to 14`` (or ``game 4``): the games kept, one after another."""
    return f"game {kept[0]}" if len(kept) == 1 else f"games {kept[0]} to {kept[-1]}"


def run(args: argparse.Namespace) -> int:
    if args.names:
        return play_named(args)
    if args.games != 1:
        raise UsageError("--games N needs --names (the players of the games kept)")
    if args.resume and not args.state_dir:
        raise UsageError("--resume needs --state-dir DIR, the folder the game was saved in")
    if not args.state_dir:
        return show(args, *start(args, None))
    if args.resume and not Database.kept_in(Path(args.state_dir)):   # nothing made to say so
        raise CompanionError(f"no unfinished game to resume in {args.state_dir}")
    # the lock once the file is known to be a companion's: another program's is left as it was
    with Database.in_folder(args.state_dir) as database, owned(args.state_dir, OWNER):
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
    write_log(game, records, sys.stdout)
    return 0
