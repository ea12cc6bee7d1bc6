"""The words of a verdict: from a round's record to a headline and a few lines.

Kinds, in the order a player needs them: a win, a tie (several winners),
"nobody may tap", wrong taps, too early, no winner (time ran out). Wrong and
early taps are added as lines under a win or tie; a round that needed a tap
and got no winner names the cards that could have been tapped. A contested win or tie
says its margin first ("P2 by 3.4 ms", "TIE: 0.4 ms apart").
"""

from __future__ import annotations

from companion.display.draw_scores import player_label
from companion.display.draw_verdict import VerdictView
from companion.games.notnot.margin import margin_text


def players_of(record: dict, verdict: str) -> list[int]:
    """Players with a tap of ``verdict`` in the round, each once, in stamp order."""
    seen: list[int] = []
    for tap in record["taps"]:
        if tap["verdict"] == verdict and tap["player"] not in seen:
            seen.append(tap["player"])
    return seen


def names(players: list[int]) -> str:
    return " ".join(player_label(p) for p in players)


def took_line(record: dict, winner: dict, who: bool = True) -> str:
    """``P2 takes RED from N``, or ``... takes the VOID from E instead of N`` when the void is
    taken instead of the card tapped (on N); without ``who``, the line starts at ``takes``."""
    tapped = next((t["side"] for t in record["taps"] if t["player"] == winner["player"]
                   and t["verdict"] in ("win", "tie")), winner["from"])
    card = "the VOID" if winner["card"] == "VOID" else winner["card"]
    void_instead = winner["card"] == "VOID" and tapped != winner["from"]
    instead = f" instead of {tapped}" if void_instead else ""
    line = f"takes {card} from {winner['from']}{instead}"
    return f"{player_label(winner['player'])} {line}" if who else line


def penalty_lines(record: dict, scores_before: dict[int, int]) -> list[str]:
    """One line for wrong taps (who lost a card, who had none) and one for early taps."""
    lines = []
    wrong = players_of(record, "wrong")
    paid = [p for p in wrong if scores_before.get(p, 0) > 0]
    free = [p for p in wrong if p not in paid]
    if paid:
        lines.append(f"wrong: {names(paid)} lose{'s' if len(paid) == 1 else ''} a card")
    if free:
        lines.append(f"wrong: {names(free)} (no card to lose)")
    early = players_of(record, "early")
    if early:
        lines.append(f"too early: {names(early)}")
    return lines


def margin_line(record: dict) -> tuple[str, ...]:
    """``P2 by 3.4 ms`` after a contested win, ``TIE: 0.4 ms apart`` after a tie; else nothing.

    The margin is the record's ``margin_us`` read at its honest precision (``margin_step_us``).
    """
    if record.get("margin_us") is None:
        return ()
    words = margin_text(record["margin_us"], record.get("margin_step_us") or 1)
    if len(record["winners"]) > 1:
        return (f"TIE: {words} apart",)
    return (f"{player_label(record['winners'][0]['player'])} by {words}",)


def verdict_view(record: dict, ruling_tap: bool, scores_before: dict[int, int]) -> VerdictView:
    """The banner for a finished round; a contested one says its margin first."""
    winners = record["winners"]
    extra = penalty_lines(record, scores_before)
    if len(winners) == 1:
        w = winners[0]
        return VerdictView("win", f"{player_label(w['player'])} WINS",
                           (*margin_line(record), took_line(record, w, who=False), *extra))
    if winners:
        return VerdictView("tie", f"TIE {names([w['player'] for w in winners])}",
                           (*margin_line(record), *(took_line(record, w) for w in winners), *extra))
    wrong = players_of(record, "wrong")
    if not ruling_tap:
        if wrong:
            return VerdictView("wrong", f"{names(wrong)} WRONG", ("nobody may tap", *extra))
        return VerdictView("nobody", "NOBODY MAY TAP", ("well held!", *extra))
    could = " ".join(record.get("valid", ()))
    why = (f"could tap: {could}",) if could else ()
    if wrong:
        return VerdictView("wrong", f"{names(wrong)} WRONG", (*extra, *why))
    if players_of(record, "early"):
        return VerdictView("early", "TOO EARLY", ("nobody answered in time", *why, *extra))
    return VerdictView("none", "NO WINNER", ("time is up", *why))
