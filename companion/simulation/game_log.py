"""A round-by-round log of a game that a person can follow.

Lays out the words :mod:`companion.games.notnot.words` gives for each round's
record; used by ``companion simulate`` and anything else that wants to tell a
game as text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from companion.games.notnot import words
from companion.games.notnot.deck import why_it_cannot_fill
from companion.games.notnot.game import Game
from companion.games.notnot.record import RoundRecord


def round_lines(record: RoundRecord) -> list[str]:
    """The lines of one round in the log, the set-up first for round 1."""
    lines = [f"Set-up: {words.table_words(record.table)}", ""] if record.n == 1 else []
    lines.append(f"Round {record.n:>2} [{record.level}]  table: {words.table_words(record.table)}")
    lines.append(f"    dice: {words.roll_words(record)}  ->  {words.valid_words(record)}")
    if not record.taps:
        lines.append("    nobody tapped")
    lines += [words.tap_line(tap, nobody_may=not record.valid) for tap in record.taps]
    margin = words.margin_log_line(record)
    if margin:
        lines.append(f"    {margin}")
    lines += words.taken_lines(record)
    lines.append(f"    scores: {words.scores_words(record)}")
    lines += [f"    {words.dealt_log_line(item)}" for item in record.dealt]
    return lines + [""]


def write_log(game: Game, records: Iterable[RoundRecord], out: TextIO) -> None:
    """Write the set-up, every round, and the end, as plain text."""
    out.write(f"Not Not - simulated game: {game.players} players, seed {game.seed}, "
              f"{game.mode}, tie window {game.timing.tie_window_ns // 1000} us\n")
    for record in records:
        out.write("".join(line + "\n" for line in round_lines(record)))
    out.write(f"Game over after {game.round_no} rounds: "
              f"{why_it_cannot_fill(game.table, game.deck)}.\n{result_line(game)}\n")


def result_line(game: Game) -> str:
    """``P2 wins with 9 cards.``, ``P1 and P3 win with 7 cards.``, ``P1, P2 and P5 win with 8
    cards.``, or ``Nobody scored: no winner.``"""
    winners = game.winners()
    if not winners:
        return "Nobody scored: no winner."
    labels = [f"P{p}" for p in winners]
    who = " and ".join(labels) if len(labels) <= 2 else \
        f"{', '.join(labels[:-1])} and {labels[-1]}"
    return f"{who} {'win' if len(winners) > 1 else 'wins'} with {game.scores()[winners[0]]} cards."
