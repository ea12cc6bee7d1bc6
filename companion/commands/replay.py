"""``companion replay GAME ROUND``: a disputed round of Not Not, back as the pads saw it.

Read-only on the state folder. For each pad button that moved (or was judged): every raw edge
of its pin (each press and its bounces, level changes with their stamps, in ms from the dice
landing), next to the stamp the judge used (the press's first edge); then the tie window, the
stamps' precision as a band (± half a step, :mod:`companion.games.notnot.margin`), the dice, the
table and the verdict. ``--png FILE`` also draws it (:mod:`companion.display.draw_replay`),
headless. A round saved without edges (before they were kept, or played on the keyboard or the
serial controller, which keep only their stamps) replays without them, and says so. An unknown
game or round, or a damaged record: one line, exit status 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.errors import CompanionError
from companion.games.notnot.words import (
    NO_NAMES,
    SeatNames,
    margin_log_line,
    player_label,
    roll_words,
    scores_words,
    table_words,
    taken_lines,
    tap_line,
    valid_words,
)
from companion.storage.database import Database
from companion.storage.games import NoSuchGame
from companion.storage.location import state_dir
from companion.storage.replays import Lane, SavedRound, saved_round
from companion.storage.score_sheets import sheet_game
from companion.tools.argtypes import output_file, whole_number
from companion.tools.notes import note_unseen_saves

NAME = "replay"
HELP = "replay a round of Not Not: each pad's raw edges, the judged stamps, the verdict"

#: Edges printed on one line.
EDGES_PER_LINE = 6
#: What a replay says of a round saved without edges.
NO_EDGES = ("no raw edges were kept for this round (saved before they were, or played on the "
            "keyboard or the serial controller): the judged stamps only")
#: What it says of a simulated game's round: no pad was pressed, so there are no edges.
NO_EDGES_SIMULATED = ("no raw edges: this game was simulated (companion simulate), its taps "
                      "made up with their stamps")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=whole_number(1, 2**62, "game"), metavar="GAME",
                        help="the game's number, as companion history lists it")
    parser.add_argument("round", type=whole_number(1, 1_000_000, "round"), metavar="ROUND",
                        help="the round's number in the game (from 1)")
    parser.add_argument("--png", metavar="FILE", type=output_file,
                        help="also draw the replay into the PNG FILE")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="the state folder (default: as companion history)")


def ms(t_us: float) -> str:
    """``t_us`` as signed milliseconds from the open, to the microsecond."""
    return f"{t_us / 1000:+.3f}"


def precision_words(saved: SavedRound) -> str:
    """The tie window and the band every stamp stands in."""
    step = saved.step_us
    window = saved.tie_window_us
    tie = f"tie window {window / 1000:.3f} ms" if window is not None else "tie window not kept"
    if not saved.pressed:
        return f"{tie}; nobody pressed a button, so there is no stamp to place"
    return f"{tie}; stamps to {step / 1000:g} ms, so each stands within ±{step / 2000:g} ms"


def lane_lines(lane: Lane, seat_names: SeatNames = NO_NAMES, nobody_may: bool = False
               ) -> list[str]:
    """One pad button: its edges (or summary) and the judged stamps on it (``nobody_may``: the
    round was one nobody may tap)."""
    head = f"{player_label(lane.player, seat_names)} {lane.side}"
    head += f" ({lane.source})" if lane.edges or lane.summary else ""
    if lane.summary:
        s = lane.summary
        lines = [f"{head}: {s['count']} edges from {ms(s['first_us'])} to {ms(s['last_us'])} ms "
                 "(a stuck or chattering pin: summarised)"]
    elif lane.edges:
        lines = [f"{head}: {len(lane.edges)} edges, {lane.bounces} of them bounces"]
        words = [f"{ms(t)} {'closed' if closed else 'open'}" for t, closed in lane.edges]
        lines += ["    edges " + "  ".join(words[i:i + EDGES_PER_LINE])
                  for i in range(0, len(words), EDGES_PER_LINE)]
    else:
        lines = [f"{head}: no raw edges"]
    edges_note = "  (the press's first edge)" if lane.edges or lane.summary else ""
    lines += [f"  judged{tap_line(tap, seat_names, nobody_may).removeprefix('  ')}{edges_note}"
              for tap in lane.taps]
    return lines


def replay_lines(saved: SavedRound) -> list[str]:
    """The whole replay as text."""
    record = saved.record
    lines = [f"Not Not game {saved.game_id}, round {record.n} ({record.level}, "
             f"{saved.players} players); times in ms from the dice landing",
             f"roll: {roll_words(record)}", f"table: {table_words(record.table)}",
             valid_words(record), precision_words(saved)]
    if not saved.edges_kept:
        lines.append(NO_EDGES_SIMULATED if saved.settings.get("simulated") else NO_EDGES)
    if not saved.lanes:
        lines.append("no pad moved")
    for lane in saved.lanes:
        lines += lane_lines(lane, saved.names, nobody_may=not saved.record.valid)
    margin = margin_log_line(record, saved.names)
    lines += [margin] if margin else []
    lines += taken_lines(record, saved.names)
    lines.append(f"scores: {scores_words(record, saved.names)}")
    return lines


def run(args: argparse.Namespace) -> int:
    folder = state_dir(args.state_dir)
    if not Database.kept_in(folder):
        raise CompanionError(f"no games are kept in {folder}: there is no game {args.game}")
    note_unseen_saves(folder)
    with Database.for_reading(folder) as database:
        try:
            saved = saved_round(database, args.game, args.round)
        except NoSuchGame as error:
            raise sheet_game(database, args.game, error) from None
    print("\n".join(replay_lines(saved)))
    if args.png:
        from companion.display.draw_replay import save_replay_png

        save_replay_png(saved, Path(args.png))
        print(f"drawn into {args.png}")
    return 0
