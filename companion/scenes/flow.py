"""How a game moves between scenes: starting it, and what comes after a round.

Companion deals: after each round the table is shown where to put the new
cards. Table deals: the dealer enters each revealed card. Then the dice are
rolled again, until the game is over.
"""

from __future__ import annotations

from companion import data
from companion.errors import CompanionError
from companion.rules.game import Game, RuleError
from companion.rules.taps import Tap


def start_game(ctx) -> None:
    """Begin a game with the set-up choices; show the first layout or ask for it."""
    s = ctx.settings
    dice, recipe = data.not_not()
    try:
        ctx.game = Game.new(s.players, s.level, s.seed, dice=dice, recipe=recipe, deals=s.deals,
                            timing=ctx.pace.timing(ctx.tie_window_ns))
    except RuleError as error:
        raise CompanionError(str(error)) from None
    ctx.reactions = {player: [] for player in range(1, s.players + 1)}
    if ctx.game.deals == "companion":
        placed = [{"what": "placed", "card": card.face, "side": side.value} for side, card in ctx.game.table.items()]
        ctx.go("deal", dealt=placed, first=True)
    else:
        ctx.go("entry")


def next_after_round(ctx, dealt: list[dict]) -> tuple[str, dict]:
    """The scene after a round's verdict: the end, the dealing prompt, the entry of cards, or the next roll."""
    game = ctx.game
    if game.over:
        return "end", {}
    if game.deals == "companion" and dealt:
        return "deal", {"dealt": dealt}
    if game.deals == "table" and game.awaiting_cards():
        return "entry", {}
    return "roll", {}


def after_round(ctx, dealt: list[dict]) -> None:
    """Go on to the scene after a round's verdict."""
    name, details = next_after_round(ctx, dealt)
    ctx.go(name, **details)


def conclude_round(ctx, round_, words: list, inks: list, choices: dict | None = None) -> None:
    """Finish ``round_`` in the game (awards, penalties, refill) and show its verdict."""
    game = ctx.game
    before = game.faces()
    scores_before = game.scores()
    record = game.finish_round(round_, choices or {})
    for tap in record["taps"]:
        if tap["verdict"] in ("win", "tie", "wrong"):
            ctx.reactions.setdefault(tap["player"], []).append(tap["t_us"] / 1000)
    ctx.go("verdict", record=record, before=before, scores_before=scores_before,
           roll=round_.roll, ruling=round_.ruling, words=words, inks=inks)


def answer_of(ctx, event):
    """``event`` if it is a tap by a player of the game in progress (other pads are ignored), else ``None``."""
    if isinstance(event, Tap) and ctx.game is not None and 1 <= event.player <= ctx.game.players:
        return event
    return None
