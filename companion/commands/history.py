"""``companion history``: the finished games kept in the state folder.

One line per game, newest first: when it ended (local time), players, level,
rounds, winners ("nobody scored" when no player holds a point card: no winner)
and scores, "ended early" for a game the table ended
before its rules did, and the head starts of a game played with handicaps; a
seat with a named player shows the name, a guest's
"P1", "P2", ...; a game that does not read is listed as damaged,
with what is wrong, and the listing goes on. ``--json`` prints every stored
detail instead, rounds with their taps, stamps and verdicts included, and
``"names"`` (``{"1": "Ana"}``) for a game with named players. Games
are read a page at a time (:mod:`companion.storage.listing`), so memory stays
bounded however long the history. The listing, ``--json`` and ``--check``
give each game the one verdict of :func:`companion.storage.listing.verdict`.
``--check`` writes nothing: it reads the write-ahead log as it lies
(:mod:`companion.storage.wal`) and names the damaged logs kept beside the database, runs
SQLite's integrity check and the verdict of every kept game, reads every kept round's record
as the replay does (one line per game and round that does not read; only the check does, so
listings stay fast), and exits 0 if all is sound, 1 (with how to recover) if
anything is damaged, page 1 included; ``--recover-to DIR`` copies every game
that still reads into a new state database in DIR (a game whose rounds end early on a damaged
page, in part, counted apart: ``game 4: 3 of 47 rounds read, copied in part``), with every named
player that reads and
their seats (:mod:`companion.storage.recovery`), saying each player left behind. ``--game
ID`` lists that game's rounds, one line each (the roll, and the verdict in the kiosk's words:
its headline and lines, as
:func:`companion.games.notnot.words.verdict_words` gives them to the verdict screen and the
phone page), with the ``companion replay ID ROUND`` command that brings
the round back with its pads' raw edges (a game whose rounds do not all read, listed as damaged,
lists those that read, then ``game 4 is damaged: rounds 4-47 do not read (3 of 47 read)``, and
exits 1); ``--json`` gives each game a ``"replay"`` command
(an addition: every other key is as it was).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path

from companion.errors import CompanionError
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.words import (
    NO_NAMES,
    SeatNames,
    kept_verdict_words,
    one_line,
    roll_words,
)
from companion.storage.database import FILENAME, Database
from companion.storage.faults import RECOVERY, DamagedDatabase, not_a_file_line
from companion.storage.games import NOT_NOT, NoSuchGame, RoundsAmiss, SavedGame, read_game
from companion.storage.listing import (
    GameLine,
    game_lines,
    head_starts_words,
    level_words,
    local_time,
    nobody_scored,
    scores_words,
    verdict,
    whole_games,
    winners_words,
)
from companion.storage.location import STATE_DIR_HELP, described, state_dir
from companion.storage.players import PlayerStore
from companion.storage.recovery import Recovered, recover
from companion.storage.restoring import UnreadableRecord, read_record
from companion.storage.score_sheets import sheet_game
from companion.storage.soundness import check_lines
from companion.storage.wal import deleted
from companion.tools.argtypes import folder_name, whole_number
from companion.tools.notes import note_unseen_saves

NAME = "history"
HELP = "list the finished games kept in the state folder"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = ("To see a disputed round again, with each pad's presses and bounces: "
                     "companion history --game ID lists the game's rounds with the command, "
                     "companion replay ID ROUND.")
    parser.add_argument("--state-dir", metavar="DIR",
                        help=STATE_DIR_HELP)
    parser.add_argument("--limit", type=whole_number(1, 1_000_000, "games"), metavar="N",
                        help="only the N newest games")
    parser.add_argument("--json", action="store_true",
                        help="print a JSON list with every round (with --game: that game alone)")
    parser.add_argument("--check", action="store_true",
                        help="check the state database (its write-ahead log and the damaged "
                             "logs kept beside it, SQLite's integrity check, every kept game and "
                             "round), writing nothing, and say how to recover: exit 0 if it is "
                             "sound, 1 if it is damaged, 2 if it is no companion database or "
                             "cannot be read")
    parser.add_argument("--game", type=whole_number(1, 2**62, "game"), metavar="ID",
                        help="list game ID's rounds, each with the companion replay command that "
                             "shows it with the pads' raw edges")
    parser.add_argument("--recover-to", metavar="DIR", type=folder_name,
                        help="copy every game and named player that still reads into a new state "
                             "database in DIR (the damaged one is only read)")


def describe(game: GameLine, level_width: int, winners_width: int) -> str:
    """One line for a listed game, its Level and Winners columns that wide."""
    if game.damaged:
        return f"{game.id:>5}  damaged, set aside: {game.damaged[:100]}"
    starts = head_starts_words(game)
    return (f"{game.id:>5}  {local_time(game.finished_at):<19}  {game.players:>7}  "
            f"{level_words(game):<{level_width}}  {game.rounds:>6}  "
            f"{winners_words(game) or '-':<{winners_width}}  "
            f"{scores_words(game)}" + ("  (ended early)" if game.ended_early else "")
            + (f"  ({starts})" if starts else ""))


def column_widths(games: list[GameLine]) -> tuple[int, int]:
    """How wide the Level and Winners columns must be for every listed game's line to line up
    (a level "(simulated)", a winner's long name or "nobody scored" is wider than its heading)."""
    read = [game for game in games if not game.damaged]
    return (max([len("Level"), *(len(level_words(game)) for game in read)]),
            max([len("Winners"), *(len(winners_words(game) or "-") for game in read)]))


def check(folder: Path) -> int:
    """Check the state database in ``folder`` without writing a byte
    (:func:`companion.storage.soundness.check_lines`).
    Print ``ok`` and give 0, or each problem and how to recover, and give 1. A file that is
    no companion database, or that cannot be read, is refused as every command refuses it."""
    odd = not_a_file_line(folder / FILENAME)   # sound, but no save can be written
    lines = ([odd] if odd else []) + check_lines(folder)
    print("\n".join(lines) or f"{folder / FILENAME}: ok")
    return 1 if lines else 0


def recover_to(database: Database, folder: Path) -> int:
    """Copy the games that read into ``folder``; say how many, and which were left behind."""
    recovered = recover(database, folder)
    print(f"copied {copied_words(recovered)} into {folder / FILENAME}; "
          f"{len(recovered.left)} did not read and stay only in {database.path}")
    for game_id, what_read in recovered.in_part:
        print(f"  game {game_id}: {what_read[:100]}, copied in part (damaged)")
    for game_id, reason in recovered.left:
        print(f"  game {game_id}: {reason[:100]}")
    print_players_recovered(recovered)
    return 0


def copied_words(recovered: Recovered) -> str:
    """How many games were copied: ``5 games``, or ``4 games whole and 1 in part`` when some
    were copied with only the rounds that read."""
    whole = len(recovered.copied) - len(recovered.in_part)
    return f"{whole} games whole and {len(recovered.in_part)} in part" if recovered.in_part \
        else f"{whole} games"


def print_players_recovered(recovered: Recovered) -> None:
    """What was copied of the named players: how many, and each that did not read (its seats
    copied as guests'), the damaged rows that read as no player (:func:`ghosts_line`), or
    anything else of them left behind; one line when none was copied."""
    players = recovered.players
    unread = recovered.players_refused or players.unreadable
    if unread:
        print(f"  {unread[:100]}: the games were copied with guests only")
        return
    found = players.copied + len(players.left)
    if players.left:
        print(f"copied {players.copied} named players with their seats; {len(players.left)} of "
              f"{found} players could not be read: their seats are copied as guests")
    elif players.copied:
        print(f"copied {players.copied} named players with their seats")
    for player_id, reason in players.left:
        print(f"  player {player_id}: {reason[:100]}")
    if players.ghosts:
        print(f"  {ghosts_line(players.ghosts)}")
    for note in players.notes:
        print(f"  {note}")


#: The most ids of damaged rows :func:`ghosts_line` names.
GHOSTS_NAMED = 10


def ghosts_line(ghosts: list[int]) -> str:
    """One line for the rows a damaged page gave as players' ids found nowhere else, with no
    player's name (``a damaged row read as player 89: left out``)."""
    if len(ghosts) == 1:
        return f"a damaged row read as player {ghosts[0]}: left out"
    named = ", ".join(str(player_id) for player_id in ghosts[:GHOSTS_NAMED])
    more = f" and {len(ghosts) - GHOSTS_NAMED} more" if len(ghosts) > GHOSTS_NAMED else ""
    return f"damaged rows read as players {named}{more}: left out"


def with_winners(entry: dict) -> dict:
    """A game's JSON with its result's winners as ruled: none, and ``"nobody_scored": true``,
    when nobody scored."""
    result = entry.get("result")
    if isinstance(result, dict) and nobody_scored(result):
        entry["result"] = {**result, "winners": [], "nobody_scored": True}
    return entry


def print_json(database: Database, games: Iterable[SavedGame | GameLine]) -> None:
    """A JSON list of ``games``, written one game at a time, its ``[`` with the first (a
    database that fails before any game reads leaves nothing on the output but its one line
    on the error output)."""
    players = PlayerStore(database)
    number = -1
    for number, game in enumerate(games):
        entry = {"id": game.id, "damaged": game.damaged} if isinstance(game, GameLine) \
            else {**with_winners(game.to_dict()), "replay": replay_command(game.id)}
        names = {} if isinstance(game, GameLine) else players.seat_players(game.id)
        if names:
            entry["names"] = {str(seat): name for seat, name in names.items()}
        sys.stdout.write(("," if number else "[") + json.dumps(entry, separators=(",", ":")))
    sys.stdout.write("[]\n" if number < 0 else "]\n")


def replay_command(game_id: int, n: int | str = "ROUND") -> str:
    """The command that replays round ``n`` of game ``game_id``."""
    return f"companion replay {game_id} {n}"


def one_game(database: Database, game_id: int) -> SavedGame:
    """Game ``game_id`` whole; a damaged or unknown game is one line (:class:`CompanionError`)."""
    game = verdict(database, game_id, NOT_NOT)
    if isinstance(game, GameLine):
        raise CompanionError(f"game {game_id} is damaged, set aside: {(game.damaged or '')[:100]}")
    return game


def game_in_part(database: Database, game_id: int) -> tuple[SavedGame, str]:
    """Game ``game_id`` whole and "", or, when only its rounds are amiss (some do not read:
    :class:`RoundsAmiss`), as it reads and what is amiss; otherwise a damaged or unknown game is
    one line (:class:`CompanionError`)."""
    try:
        return one_game(database, game_id), ""
    except CompanionError:
        try:
            read_game(database, game_id, NOT_NOT)
        except RoundsAmiss as amiss:
            return amiss.game, str(amiss)
        except CompanionError:
            pass
        raise


def print_rounds(database: Database, game_id: int) -> int:
    """Game ``game_id``'s rounds, one line each, with the command replaying it, and 0; a game
    whose rounds do not all read, the rounds that read, then a line saying which do not, and 1;
    any other damaged or unknown game is one line (:class:`CompanionError`)."""
    game, amiss = game_in_part(database, game_id)
    damaged = f"game {game_id} is damaged: {amiss}"
    if not game.rounds:
        print(damaged if amiss else f"Game {game_id} has no finished rounds yet.")
        return 1 if amiss else 0
    names = PlayerStore(database).seat_players(game_id)
    rows, before = [], dict.fromkeys(range(1, game.players + 1), 0)
    for stored in game.rounds:
        try:   # shape checked first, as the replay and --check read it
            record = read_record(stored)
        except UnreadableRecord as error:
            raise CompanionError(f"game {game_id} round {stored.get('n', '?')} does not read "
                                 f"({error})") from None
        rows.append((record.n, roll_words(record), round_verdict(record, before, names)))
        before = record.scores
    roll_width = max(len("Roll"), *(len(roll) for _, roll, _ in rows))
    verdict_width = max(len("Verdict"), *(len(said) for _, _, said in rows))
    print(f"{'Round':>5}  {'Roll':<{roll_width}}  {'Verdict':<{verdict_width}}  Replay")
    for n, roll, said in rows:
        print(f"{n:>5}  {roll:<{roll_width}}  {said:<{verdict_width}}  "
              f"{replay_command(game_id, n)}")
    if amiss:
        print(damaged)
    return 1 if amiss else 0


def round_verdict(record: RoundRecord, scores_before: dict[int, int],
                  seat_names: SeatNames = NO_NAMES) -> str:
    """The round's verdict as the verdict screen said it, on one line: ``TIE P1 P2: TIE: 0.4 ms
    apart; P1 takes WHITE from N; P2 takes GREEN from W; wrong: P3 loses a card`` (named
    players by ``seat_names``; ``scores_before``: the scores the round began with)."""
    return one_line(kept_verdict_words(record, scores_before, seat_names))


#: What the lines saying no Not Not game is listed add: where the other two games are.
OTHER_GAMES = " (Not That Movie! and That's Not a Hat keep score sheets: companion score-sheet)"


def print_lines(database: Database, limit: int | None, folder: Path) -> None:
    """The table of listed games, its columns lined up, or a line saying there are none."""
    games = list(game_lines(database, NOT_NOT, limit))   # each a line's words: no rounds kept
    if not games:
        print(f"No finished Not Not games yet in {folder}{OTHER_GAMES}.")
        return
    level_width, winners_width = column_widths(games)
    print(f"{'Game':>5}  {'Finished (local)':<19}  {'Players':>7}  {'Level':<{level_width}}  "
          f"{'Rounds':>6}  {'Winners':<{winners_width}}  Scores")
    for game in games:
        print(describe(game, level_width, winners_width))


def run(args: argparse.Namespace) -> int:
    if args.game is not None and args.limit is not None:
        raise CompanionError("history --limit counts the games listed; --game lists one game's "
                             "rounds: give one or the other")
    if args.check and (args.json or args.game is not None or args.limit is not None
                       or args.recover_to):
        raise CompanionError("history --check says whether the state database is sound, in "
                             "lines: give it alone (with --state-dir)")
    folder = state_dir(args.state_dir)
    if not Database.kept_in(folder):
        if args.check:   # a mistyped folder is no sound database
            raise CompanionError(f"there is no state database to check in {described(folder)}: "
                                 "is the path right? (the kiosk's is /var/lib/companion)")
        if args.game is not None:   # as unknown as in a folder with games: one line, exit 2
            raise CompanionError(f"there is no not-not game {args.game} in "
                                 f"{described(folder)}: no game is kept there yet")
        if args.json:
            print("[]")
        else:
            print(f"No finished Not Not games yet in {described(folder)}{OTHER_GAMES}.")
        return 0
    if args.check:
        return check(folder)
    if args.recover_to:   # a log deleted: the file alone is what is left to copy from
        try:
            source = Database.for_reading(folder, file_only=bool(deleted(folder / FILENAME)))
        except DamagedDatabase as error:   # not back to the recovery steps it came from
            raise DamagedDatabase(
                f"cannot recover any game from {folder / FILENAME}: its first pages do not "
                f"read ({error.short}), so its games cannot be found; keep a copy of the state "
                "folder, then remove the three companion.sqlite3* files and a new history "
                f"begins (see {RECOVERY})", error.short) from None
        with source as database:
            return recover_to(database, Path(args.recover_to))
    note_unseen_saves(folder)
    with Database.for_reading(folder) as database:
        try:
            if args.game is not None and args.json:
                print_json(database, [one_game(database, args.game)])
            elif args.game is not None:
                return print_rounds(database, args.game)
            elif args.json:
                print_json(database, whole_games(database, NOT_NOT, args.limit))
            else:
                print_lines(database, args.limit, folder)
        except NoSuchGame as error:
            raise sheet_game(database, args.game, error) from None
        except DamagedDatabase as error:
            verdict = database.integrity_check().splitlines()[0]
            raise DamagedDatabase(f"{error} (integrity check: {verdict[:120]})") from None
    return 0
