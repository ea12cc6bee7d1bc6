"""``companion players list|add|rename|merge|forget``: the named players kept in the state folder.

``list`` prints each player with the number of kept games they sat in
(``--json``: a JSON list); it only reads, beside a running kiosk too. ``add``,
``rename``, ``merge`` (the first player's seats become the second's, the first
is removed) and ``forget`` (the name removed from every record: its seats
become guests') write the state folder, so they hold its lock
(:mod:`companion.storage.owner`) and are refused in one line while the kiosk
or another command holds it. A name that cannot be, or no player has, is one
line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.storage.database import Database
from companion.storage.location import state_dir
from companion.storage.owner import owned
from companion.storage.players import PlayerError, PlayerStore, checked_name

NAME = "players"
HELP = "list, add, rename, merge or forget the named players kept in the state folder"
#: Who holds the state folder's lock while a change is written.
OWNER = "companion players"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every named player, with the games they sat in")
    listing.add_argument("--json", action="store_true", help="print a JSON list")
    actions.add_parser("add", help="keep a new player").add_argument(
        "name", help="1 to 12 printable characters, not taken (whatever the case)")
    rename = actions.add_parser("rename", help="give a player another name, in every game too")
    rename.add_argument("name", help="the player's name now")
    rename.add_argument("new_name", metavar="new-name", help="the name from now on")
    merge = actions.add_parser("merge", help="give the first player's seats to the second "
                                             "and remove the first")
    merge.add_argument("name", help="the player to merge (removed)")
    merge.add_argument("into", help="the player who keeps every seat of both")
    actions.add_parser("forget", help="remove a player's name from every record (their seats "
                                      "become guests')").add_argument("name")
    for where, default in [(parser, None)] + [(action, argparse.SUPPRESS)
                                              for action in actions.choices.values()]:
        where.add_argument("--state-dir", metavar="DIR", default=default,   # before or after
                           help="the state folder (default: $COMPANION_STATE_DIR, "
                                "/var/lib/companion if it exists, else ~/.local/state/companion)")


def print_list(folder: Path, as_json: bool) -> int:
    """Every player kept in ``folder``, or a line saying there are none."""
    players = []
    if Database.kept_in(folder):
        with Database.for_reading(folder) as database:
            players = PlayerStore(database).list_players()
    if as_json:
        print(json.dumps([player.to_dict() for player in players], separators=(",", ":")))
    elif not players:
        where = folder if folder.is_dir() else f"{folder} (no such folder)"
        print(f"No named players yet in {where}.")
    else:
        print(f"{'Player':<12}  {'Games':>5}")
        for player in players:
            print(f"{player.name:<12}  {player.games:>5}")
    return 0


def change(args: argparse.Namespace, folder: Path) -> str:
    """Write the change ``args`` asks for, holding the folder's lock; what was done, in a line.
    A new name is checked first: one that cannot be leaves the folder as it was."""
    new_name = {"add": "name", "rename": "new_name"}.get(args.action)
    if new_name:
        checked_name(getattr(args, new_name))
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
            return f"renamed {old} to {store.rename(args.name, args.new_name).name}"
        if args.action == "merge":
            old, kept = store.find(args.name).name, store.find(args.into).name
            moved = store.merge(args.name, args.into)
            return f"merged {old} into {kept}: {seats(moved)} given to {kept}"
        forgotten = store.find(args.name).name
        freed = store.forget(args.name)
        return f"forgot {forgotten}: {seats(freed)} became " + ("a guest's" if freed == 1
                                                                else "guests'")


def seats(count: int) -> str:
    return "1 seat" if count == 1 else f"{count} seats"


def run(args: argparse.Namespace) -> int:
    folder = state_dir(args.state_dir)
    if args.action == "list":
        return print_list(folder, args.json)
    print(change(args, folder))
    return 0
