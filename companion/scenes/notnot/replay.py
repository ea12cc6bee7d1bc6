"""The replay of the round just judged, opened by a pad button on its verdict screen.

It shows what ``companion replay`` draws (:mod:`companion.display.draw_replay`): each pad
button's pin with its presses and bounces, the stamps the judge used with their precision, the
tie window. It has no timer, so the game waits (the verdict's own moment is over); any press
(a pad button, a key, a touch) goes on with the game where the verdict would have gone.
"""

from __future__ import annotations

import pygame

from companion.display.draw_replay import draw_replay
from companion.inputs.actions import Nav, Point
from companion.inputs.events import Control, Dealer, Tap
from companion.scenes.changes import ToReplay
from companion.scenes.core import Scene
from companion.storage.notnot_saves import stored_settings
from companion.storage.replays import replay_of

#: The replay's last line on the kiosk: how to leave it (it has no timer).
LEAVE_HINT = "any button or a touch: back to the game"
#: What counts as a press that ends the replay.
PRESSES = (Tap, Control, Dealer, Nav, Point)


class ReplayScene(Scene[ToReplay]):
    """One round's replay, until any press."""

    name = "replay"

    def enter(self, now_ns: int, change: ToReplay) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        game = change.play.game
        self.replay = replay_of(change.play.ref.id if change.play.ref else None, game.players,
                                stored_settings(game), change.record, change.edges,
                                self.ctx.session.setup.names)
        self.resume, self.entered_ns = change.resume, now_ns

    def handle(self, event: object, now_ns: int) -> None:
        if isinstance(event, PRESSES) and event.t_ns >= self.entered_ns:
            self.ctx.go(self.resume)

    def draw(self, canvas: pygame.Surface) -> str | None:
        self.drawn = draw_replay(canvas, self.replay, LEAVE_HINT)
        return "replay"
