"""A round-by-round log of a game that a person can follow.

Reads the round records the rules core returns; used by ``companion
simulate`` and anything else that wants to tell a game as text.
"""

from __future__ import annotations

from typing import Iterable, TextIO

from companion.games.notnot.game import Game
from companion.games.notnot.margin import margin_text, runner_up

VERDICT_WORDS = {
    "win": "WINS",
    "tie": "TIES",
    "wrong": "wrong card, loses a point card if they have one",
    "ignored": "ignored: not their first tap",
    "late": "ignored: after the close",
    "early": "too early (before the dice landed), ignored",
}


def describe_roll(record: dict) -> str:
    words = [face for face in record["dice"] if face != "NOTHING"] or ["NOTHING", "NOTHING"]
    parts = []
    if record["negation"] != "NOTHING":
        parts.append(record["negation"])
    parts.append(" + ".join(words))
    extras = []
    if record["level"] in ("hard", "extreme"):
        extras.append(f"up is {record['up']}")
    if record["liar"]:
        extras.append("Liar showing")
    text = " ".join(parts)
    return f"{text} ({', '.join(extras)})" if extras else text


def describe_table(table: dict) -> str:
    return "  ".join(f"{side} {face or '-'}" for side, face in table.items())


def describe_valid(record: dict) -> str:
    """Rerolled rolls never reach a record, so no valid spot means nobody may tap."""
    return "valid: " + ", ".join(record["valid"]) if record["valid"] else "nobody may tap"


def describe_taps(taps: list[dict]) -> list[str]:
    """One line per tap; an ignored tap says whether it was a second tap or late."""
    answered, lines = set(), []
    for tap in taps:
        verdict = tap["verdict"]
        if verdict == "ignored" and tap["player"] not in answered:
            verdict = "late"
        if verdict != "early":
            answered.add(tap["player"])
        lines.append(f"    P{tap['player']} {tap['side']} {tap['t_us'] / 1000:+10.3f} ms  {VERDICT_WORDS[verdict]}")
    return lines


def describe_margin(record: dict) -> str:
    """``margin: P2 by 3.412 ms over P1`` for a contested round; empty when nobody else counted."""
    if record.get("margin_us") is None:
        return ""
    first, second = runner_up(record["taps"]) or ({}, {})
    words = margin_text(record["margin_us"], record["margin_step_us"])
    if first["verdict"] == "tie":
        return f"margin: TIE, P{first['player']} and P{second['player']} {words} apart"
    return f"margin: P{first['player']} by {words} over P{second['player']}"


def describe_dealt(item: dict) -> str:
    if item["what"] == "placed":
        kind = "void card" if item["card"] == "VOID" else f"{item['card']} portal"
        return f"place {kind} on {item['side']}"
    if item["what"] == "to-bottom":
        return "second void: under the deck"
    return f"rule card {item['card']}: the level is now {item['level'].upper()}"


def write_log(game: Game, records: Iterable[dict], out: TextIO, args) -> None:
    """Write the set-up, every round, and the end, as plain text."""
    out.write(f"Not Not - simulated game: {game.players} players, seed {game.seed}, "
              f"{game.mode}, tie window {game.timing.tie_window_ns // 1000} us\n")
    for record in records:
        if record["n"] == 1:
            out.write(f"Set-up: {describe_table(record['table'])}\n\n")
        out.write(f"Round {record['n']:>2} [{record['level']}]  table: {describe_table(record['table'])}\n")
        out.write(f"    dice: {describe_roll(record)}  ->  {describe_valid(record)}\n")
        if not record["taps"]:
            out.write("    nobody tapped\n")
        for line in describe_taps(record["taps"]):
            out.write(line + "\n")
        margin = describe_margin(record)
        if margin:
            out.write(f"    {margin}\n")
        tapped = {tap["player"]: tap["side"] for tap in record["taps"] if tap["verdict"] in ("win", "tie")}
        for win in record["winners"]:
            note = ""
            if win["card"] == "VOID":
                note = " (the void, instead of the tapped card)"
            elif tapped.get(win["player"]) != win["from"]:
                note = " (tied on a card already taken: another card)"
            out.write(f"    -> P{win['player']} takes the {win['card']} card from {win['from']}{note}\n")
        scores = "  ".join(f"P{p} {n}" for p, n in record["scores"].items())
        out.write(f"    scores: {scores}\n")
        for item in record["dealt"]:
            line = describe_dealt(item)
            out.write(f"    {'*** ' + line.upper() if item['what'] == 'rule' else line}\n")
        out.write("\n")
    winners = game.winners()
    best = game.scores()[winners[0]]
    who = " and ".join(f"P{p}" for p in winners)
    out.write(f"Game over after {game.round_no} rounds: the deck ({len(game.deck)} left) cannot fill "
              f"the four spots.\n{who} {'win' if len(winners) > 1 else 'wins'} with {best} cards.\n")
