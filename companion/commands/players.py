"""``companion players list|add|rename|merge|forget|handicap|profile|board``: the named players
kept in the state folder.

``profile NAME`` prints the player's thinking profile
(:mod:`companion.games.notnot.profile`) from every kept round they sat in (``--json``: one JSON
object; ``--png FILE``: its chart, :mod:`companion.display.profile_chart`); ``board`` the
leaderboard (:mod:`companion.games.notnot.leaderboard`) over the last ``--last N`` finished
Not Not games or all of them. Both only read, beside a running kiosk too; an unknown name is
one line, exit status 2. Both leave out a kept game that does not read and say so in one line on
the error output (:func:`say_left_out`).

``list`` prints each player with the number of kept games they sat in and
their head start when anyone has one (``--json``: a JSON list); it only reads,
beside a running kiosk too. ``add``, ``rename``, ``merge`` (the first player's
seats become the second's, the first is removed), ``forget`` (the name removed
from every record: its seats become guests') and ``handicap`` (a head start in
ms for mixed-age tables, 0 removes it) write the state folder, so they hold its lock
(:mod:`companion.storage.owner`) and are refused in one line while the kiosk
or another command holds it. A name that cannot be (a new one the kiosk's screen
cannot draw too, :func:`companion.storage.players.checked_name`), or no player
has, is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from companion.games.notnot.leaderboard import (
    LEVELS,
    KeptGame,
    Standing,
    board,
    games_counted,
    median,
)
from companion.games.notnot.profile import (
    CONDITIONS,
    CONFIDENCE,
    MIN_ROUNDS,
    TOO_FEW,
    Figure,
    Profile,
    profile_of,
)
from companion.games.notnot.record import whole_ms
from companion.storage.database import Database
from companion.storage.location import STATE_DIR_HELP, described, state_dir
from companion.storage.owner import owned
from companion.storage.played_games import finished_games, rounds_of
from companion.storage.players import (
    HEAD_START_MAX_MS,
    Player,
    PlayerError,
    PlayerStore,
    checked_head_start_us,
    checked_name,
    forgot_words,
    ms_of,
)
from companion.tools.argtypes import output_file, whole_number
from companion.tools.notes import note_unseen_saves

NAME = "players"
HELP = ("list, add, rename, merge or forget the named players kept in the state folder, or give "
        "one a head start; a player's thinking profile; the leaderboard")
#: Who holds the state folder's lock while a change is written.
OWNER = "companion players"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every named player, with the games they sat in")
    listing.add_argument("--json", action="store_true", help="print a JSON list")
    actions.add_parser("add", help="keep a new player").add_argument(
        "name", help="1 to 12 printable characters the screen can draw (no emoji), not taken "
                     "(whatever the case), not a guest's P3 nor a names-menu item (Guest)")
    rename = actions.add_parser("rename", help="give a player another name, in every game too")
    rename.add_argument("name", help="the player's name now")
    rename.add_argument("new_name", metavar="new-name", help="the name from now on")
    merge = actions.add_parser("merge", help="give the first player's seats to the second "
                                             "and remove the first")
    merge.add_argument("name", help="the player to merge (removed)")
    merge.add_argument("into", help="the player who keeps every seat of both")
    actions.add_parser("forget", help="remove a player's name from every record (their seats "
                                      "become guests')").add_argument("name")
    handicap = actions.add_parser("handicap", help="give a player a head start for mixed-age "
                                                   "tables (used when [game] handicaps = true)")
    handicap.add_argument("name", help="the player")
    handicap.add_argument("ms", metavar="MS", help=f"the head start in milliseconds, 0 to "
                                                   f"{HEAD_START_MAX_MS} (0 removes it)")
    profile_help = ("a player's reaction times in Not Not by what the round asked, from every "
                    "kept round")
    profile = actions.add_parser("profile", help=profile_help, description=profile_help)
    profile.add_argument("name")
    profile.add_argument("--json", action="store_true", help="print one JSON object")
    profile.add_argument("--png", metavar="FILE", type=output_file,
                         help="also draw the profile's chart as a PNG")
    board_help = ("wins, cards per game and median reaction of every named player in Not Not "
                  "games (the other two games keep score sheets: companion score-sheet)")
    board = actions.add_parser("board", help=board_help, description=board_help)
    board.add_argument("--last", type=whole_number(1, 1_000_000, "games"), metavar="N",
                       help="only the last N finished games (default: all)")
    board.add_argument("--json", action="store_true", help="print a JSON list")
    for where, default in [(parser, None)] + [(action, argparse.SUPPRESS)
                                              for action in actions.choices.values()]:
        where.add_argument("--state-dir", metavar="DIR", default=default,   # before or after
                           help=STATE_DIR_HELP)


def print_list(folder: Path, as_json: bool) -> int:
    """Every player kept in ``folder``, or a line saying there are none."""
    players = []
    if Database.kept_in(folder):
        with Database.for_reading(folder) as database:
            players = PlayerStore(database).list_players()
    if as_json:
        print(json.dumps([player.to_dict() for player in players], separators=(",", ":")))
    elif not players:
        print(f"No named players yet in {described(folder)}.")
    else:
        for line in list_lines(players):
            print(line)
    return 0


def list_lines(players: list[Player]) -> list[str]:
    """The players' table: name and games, and a head start column when anyone has one."""
    starts = any(player.head_start_us for player in players)
    lines = [f"{'Player':<12}  {'Games':>5}" + ("  Head start" if starts else "")]
    for player in players:
        start = f"  {start_words(player.head_start_us):>10}" if starts else ""
        lines.append(f"{player.name:<12}  {player.games:>5}{start}".rstrip())
    return lines


def start_words(head_start_us: int) -> str:
    """A head start as the list shows it: ``150 ms``, or nothing for none."""
    return f"{ms_of(head_start_us)} ms" if head_start_us else ""


def change(args: argparse.Namespace, folder: Path) -> str:
    """Write the change ``args`` asks for, holding the folder's lock; what was done, in a line.
    A new name is checked first, the screen's font too: one that cannot be leaves the folder as
    it was."""
    new_name = {"add": "name", "rename": "new_name"}.get(args.action)
    if new_name:
        from companion.display.text import undrawable  # pygame only when a name is new
        checked_name(getattr(args, new_name), undrawable)
    head_start_us = checked_head_start_us(args.ms) if args.action == "handicap" else 0
    if args.action != "add" and not Database.kept_in(folder):
        raise PlayerError(f"no player is called {args.name.strip()[:40]!r}: no players are "
                          f"kept in {folder} yet")
    # the lock once the file is known to be a companion's: another program's is left as it was
    with Database.in_folder(folder) as database, owned(folder, OWNER):
        store = PlayerStore(database)
        if args.action == "add":
            return f"added {store.add(args.name).name}"
        if args.action == "rename":
            old = store.find(args.name).name
            new = store.rename(args.name, args.new_name).name
            return f"{old} is called {old} already: nothing changed" if new == old else \
                f"renamed {old} to {new}"
        if args.action == "merge":
            source, target = store.find(args.name), store.find(args.into)
            moved = store.merge(args.name, args.into)
            lost = source.head_start_us not in (0, target.head_start_us)
            return (f"merged {source.name} into {target.name}: {seats(moved)} given to "
                    f"{target.name}" + (f"; {source.name}'s {start_words(source.head_start_us)} "
                                        f"head start went with the name ({target.name} has "
                                        f"{head_start_said(target.head_start_us)})" if lost
                                        else ""))
        if args.action == "handicap":
            player = store.set_head_start(args.name, head_start_us)
            said = (f"{player.name} has a {start_words(head_start_us)} head start"
                    if head_start_us else f"{player.name} has no head start")
            playing = store.games_in_play(player.id)
            return said + (f"; the game in progress (game {playing[0]}) keeps the head starts "
                           "it began with: this one counts from the next game" if playing else "")
        forgotten = store.find(args.name).name
        return forgot_words(forgotten, store.forget(args.name))


def head_start_said(head_start_us: int) -> str:
    """``a 150 ms head start``, or ``none``."""
    return f"a {start_words(head_start_us)} head start" if head_start_us else "none"


def seats(count: int) -> str:
    return "1 seat" if count == 1 else f"{count} seats"


def run(args: argparse.Namespace) -> int:
    folder = state_dir(args.state_dir)
    if args.action == "list" or args.action in READERS:
        note_unseen_saves(folder)
    if args.action == "list":
        return print_list(folder, args.json)
    if args.action in READERS:
        return READERS[args.action](args, folder)
    print(change(args, folder))
    return 0


def print_profile(args: argparse.Namespace, folder: Path) -> int:
    """The thinking profile of the player ``args.name`` (see :func:`profile_lines`)."""
    if not Database.kept_in(folder):
        raise PlayerError(f"no player is called {args.name.strip()[:40]!r}: no players are "
                          f"kept in {folder} yet")
    with Database.for_reading(folder) as database:
        player = PlayerStore(database).find(args.name)
        kept = rounds_of(database, player.id)
    say_left_out(kept.left_out, folder)
    profile = profile_of(kept.rounds)
    if args.png:
        from companion.display.profile_chart import save_chart  # pygame only when drawing
        save_chart(args.png, player.name, profile)
    if args.json:
        print(json.dumps({"name": player.name, **profile.to_json(),
                          "unreadable_rounds": kept.unreadable}, separators=(",", ":")))
        return 0
    print("\n".join(profile_lines(player.name, profile, kept.unreadable)))
    return 0


def profile_lines(name: str, profile: Profile, unreadable: int = 0) -> list[str]:
    """The profile as text: one line per figure, then the rates and what costs most."""
    skipped = (f" ({unreadable} kept {'round' if unreadable == 1 else 'rounds'} did not read, "
               "left out)" if unreadable else "")
    lines = [f"{name}: {profile.rounds} Not Not rounds{skipped}; reaction from the dice landing "
             f"to the first valid tap, median [{CONFIDENCE:.0%} interval] (quartiles), given from "
             f"{MIN_ROUNDS} answers up"]
    for figure in (profile.overall, *profile.figures, *profile.negations_alone):
        lines.append(f"  {figure.label:<26} {figure_words(figure)}")
    if profile.rounds:
        lines.append(f"  wrong taps in {profile.wrong} rounds ({profile.wrong_rate:.1%}), "
                     f"too early in {profile.early} ({profile.early_rate:.1%})")
    cost = profile.costliest()
    if cost is not None:
        lines.append(f"  {cost.line(name)} against {CONDITIONS[cost.fastest]}")
    return lines


def figure_words(figure: Figure) -> str:
    """``612 ms [598-630] (570-668), 140 answers`` or ``too few rounds to tell (3 answers)``."""
    if figure.median_ms is None or figure.interval_ms is None or figure.quartiles_ms is None:
        return f"{TOO_FEW} ({answers(figure.rounds)})"
    (low, high), (q1, q3) = figure.interval_ms, figure.quartiles_ms
    return (f"{whole_ms(figure.median_ms):>5} ms [{whole_ms(low)}-{whole_ms(high)}] "
            f"({whole_ms(q1)}-{whole_ms(q3)}), {answers(figure.rounds)}")


def counted_games(count: int) -> str:
    """``1 kept game``, ``2 kept games``."""
    return f"{count} kept game" if count == 1 else f"{count} kept games"


def answers(count: int) -> str:
    """``1 answer``, ``2 answers``."""
    return f"{count} answer" if count == 1 else f"{count} answers"


def print_board(args: argparse.Namespace, folder: Path) -> int:
    """The leaderboard over the last ``args.last`` finished games (all: None)."""
    standings: list[Standing] = []
    games = 0
    left_out: list[tuple[int, str]] = []

    def counted(kept: Iterator[KeptGame]) -> Iterator[KeptGame]:
        """The games read one at a time (a year of them need not be in memory at once),
        counted."""
        nonlocal games
        for game in kept:
            games += 1
            yield game

    if Database.kept_in(folder):
        with Database.for_reading(folder) as database:
            standings = board(counted(finished_games(database, args.last, left_out)))
    say_left_out(left_out, folder)
    if args.json:
        print(json.dumps([standing.to_json() for standing in standings], separators=(",", ":")))
        return 0
    if not standings:
        print(f"No named player has finished a Not Not game that reads in {folder}." if left_out
              else f"No named player has finished a Not Not game in {folder} yet.")
        return 0
    over = f"the {games_counted(games)}" if args.last else "all kept games"
    print(f"Leaderboard, {over}: median reaction in ms")
    print(f"{'Player':<12} {'Games':>5} {'Wins':>4} {'Cards/game':>10} {'Median':>6}  "
          + " ".join(f"{level:>9}" for level in LEVELS))
    for standing in standings:
        levels = standing.by_level
        print(f"{standing.name:<12} {standing.games:>5} {standing.wins:>4} "
              f"{standing.cards_per_game:>10.1f} {ms_words(median(standing.times)):>6}  "
              + " ".join(f"{ms_words(median(levels.get(level, []))):>9}" for level in LEVELS))
    return 0


def say_left_out(left_out: Sequence[tuple[int, str]], folder: Path) -> None:
    """Say on the error output, in one line, how many kept games of ``folder`` did not read and
    were left out (nothing when none was), and where to read why."""
    if left_out:
        verbs = "does not read and is" if len(left_out) == 1 else "do not read and are"
        print(f"companion: {counted_games(len(left_out))} in {folder} {verbs} left out "
              f"(companion history --check --state-dir {folder} says why)", file=sys.stderr)


def ms_words(ms: float | None) -> str:
    """A median as the board shows it (:func:`whole_ms`), ``-`` for none."""
    return "-" if ms is None else whole_ms(ms)


#: The actions that only read, by name.
READERS = {"profile": print_profile, "board": print_board}
