"""That's Not a Hat at the table: whose turn it is, which way the last gift went, penalties.

The pads drive :class:`companion.games.hat.pads.HatPads`; this scene is the
reminder (never a card: remembering the gifts is the game): who gives next
and whether from the shop, the last gift's giver, receiver and way, the
question "who was wrong?" after a refusal, "take it back?" after a take-back
press, and every player's penalty points
(running totals in the multi-round variant). E (or Enter) after the end writes the
result down.
"""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.draw_menu import draw_title
from companion.display.draw_scores import draw_scores
from companion.display.palette import DIM_TEXT, TEXT, VERDICT
from companion.games.hat.pads import HatPads
from companion.games.hat.rules import HatGame
from companion.games.notnot.sides import Side
from companion.scenes.common.bookkeeping import BookkeepingScene
from companion.scenes.transitions import ToHat, ToTitle

WAY_WORDS = {"left": "to the left", "right": "to the right", "any": "special card"}


def give_keys(game: HatGame) -> str:
    """The giving buttons: left, right, and the special card when the game has them."""
    return "W left  E right" + ("  N special card" if game.special_cards else "")


def reminder(pads: HatPads) -> tuple[str, str, str]:
    """(banner kind, headline, hint) for what the table waits for."""
    game, prompt = pads.game, pads.prompt
    if prompt == "start":
        return "none", "Who begins? Draw a gift from the shop and give it", give_keys(game)
    if prompt == "choosing":
        return ("none", f"P{pads.chooser}: special card for P{pads.chosen}?",
                "N/S other player  E give  W cancel")
    if prompt == "who-was-wrong":
        gift = game.pending
        assert gift is not None, "a refused gift is pending until who was wrong owns up"
        return ("wrong", f"Refused! Who was wrong: P{gift.giver} or P{gift.receiver}?",
                "the one who was wrong presses N and takes the card   W (receiver): cancel")
    if prompt == "taking-back":
        return ("wrong", f"P{pads.taker}: take back your last entry?",
                f"P{pads.taker}: E take it back  W keep it")
    if prompt == "answering":
        gift = game.pending
        assert gift is not None, "phase answering holds a gift"
        gives = "W/E/N" if game.special_cards else "W/E"
        return ("nobody", f"P{gift.receiver}: accept and give on, or refuse",
                f"P{gift.receiver}: {gives} give your old gift  S that's not a ...!   "
                f"P{gift.giver}: S take back")
    if prompt == "giving":
        what = "draws a new gift from the shop and gives it" if game.draws_from_shop \
            else "gives the old gift"
        return "none", f"P{game.turn} {what}", f"P{game.turn}: {give_keys(game)}  S take back"
    if prompt == "round-over":
        return "wrong", f"Round {game.round_number} is over", "E or Enter: next round"
    winners = ", ".join(f"P{p}" for p in game.winners())
    headline = f"{'Winner' if len(game.winners()) == 1 else 'Winners'}: {winners}"
    return "win", headline, "E or Enter: write it down"


class HatPlayScene(BookkeepingScene[ToHat, HatGame, HatPads]):
    """One game of That's Not a Hat, from the first gift to the result."""

    name = "hat"
    pads_class = HatPads
    move = ToHat
    tones = {"gave": "roll", "refused": "tie", "penalty": "wrong", "asked": "tie",
             "next-round": "nobody"}

    def press(self, player: int, side: Side) -> None:
        if self.pads.prompt == "game-over" and side is Side.E:
            self.kept.finish()
            self.ctx.go(ToTitle())
            return
        super().press(player, side)

    def draw(self, canvas: pygame.Surface) -> str | None:
        game, layout = self.kept.game, self.ctx.services.layout
        rounds = f"  Round {game.round_number} of {game.rounds}" if game.multi_round else ""
        draw_title(canvas, layout, f"That's Not a Hat{rounds}", "3 penalty points end the round")
        kind, headline, hint = reminder(self.pads)
        m = round(3 * layout.unit)
        banner = pygame.Rect(m, round(0.28 * layout.height), layout.width - 2 * m,
                             round(0.2 * layout.height))
        pygame.draw.rect(canvas, VERDICT[kind], banner, border_radius=round(layout.unit))
        floor = layout.min_text_size
        text.draw_fit(canvas, headline, layout.body_size * 3 // 2, banner.width - 2 * m, floor,
                      TEXT, center=banner.center)
        gift = game.last_gift
        if gift is not None:
            line = f"last gift: P{gift.giver} to P{gift.receiver}, {WAY_WORDS[gift.way]}"
            text.draw_fit(canvas, line, layout.body_size, banner.width, floor, DIM_TEXT,
                          midtop=(layout.width // 2, banner.bottom + round(2 * layout.unit)))
        if game.multi_round:
            text.draw_fit(canvas, "totals over all rounds below; this round: "
                          + "  ".join(f"P{p} {n}" for p, n in game.penalties.items()),
                          layout.small_size, banner.width, floor, DIM_TEXT,
                          midtop=(layout.width // 2, round(0.62 * layout.height)))
        marked = tuple(game.winners()) if game.over else (game.turn,) if game.turn else ()
        draw_scores(canvas, layout, game.totals(), marked=marked)
        text.draw_fit(canvas, hint, layout.small_size, banner.width, floor, DIM_TEXT,
                      midbottom=(layout.width // 2, layout.scores.top - round(layout.unit)))
        return "hat-end" if game.over else "hat"
