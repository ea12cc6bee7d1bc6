"""A headless kiosk whose pads are pressed through the real GPIO input path, for the
Not That Movie! and That's Not a Hat scripted games."""

from __future__ import annotations

from kiosk_helpers import CLOCK, kiosk, now, step_until
from companion.games.movie.rules import MovieGame
from companion.games.notnot.sides import Side
from companion.scenes.common.late_taps import LATE_TAP_S
from companion.storage.bookkeeping import KeptGame
from companion.storage.database import Database
from companion.simulation.presses import press_path

#: Between two presses: a press is held 5 ms and a pin debounces for 10 ms after its release.
PRESS_GAP_S = 0.016


class Table:
    """A kiosk at the title screen, its state folder in ``folder``, and hands on ``players`` pads."""

    def __init__(self, folder, players: int) -> None:
        self.app = kiosk("title")
        self.app.ctx.services.state_dir = str(folder)
        self.presses = press_path(self.app, players)

    @property
    def scene(self):
        return self.app.scene

    def press(self, player: int, sides: str) -> None:
        """``player`` presses ``sides`` one after another (e.g. ``"NNE"``), each stamped on the
        loop's clock :data:`PRESS_GAP_S` after what came before; the loop takes each."""
        for side in sides:
            CLOCK.advance(PRESS_GAP_S)
            self.presses.press(player, Side(side), now())
            self.app.step()

    def read(self, seconds: float = LATE_TAP_S) -> None:
        """The table reads the screen for ``seconds`` of the loop's clock before the next press
        (by default the time a press is still a late tap of the one before)."""
        CLOCK.advance(seconds)

    def menu(self, title_item: int, setup_items: list[int]) -> None:
        """From the title: choose ``title_item``, then select each set-up item index in turn."""
        self.press(1, "S" * title_item + "E")
        for index in setup_items:
            step = index - self.scene.cursor
            self.press(1, ("S" * step if step >= 0 else "N" * -step) + "E")

    def press_enter(self) -> None:
        """The keyboard's Enter, then one loop pass."""
        import pygame

        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
        self.app.step()

    def wait_for(self, scene: str) -> None:
        step_until(self.app, lambda: self.app.scene.name == scene)

    def close(self) -> None:
        self.presses.close()
        self.app.screen.close()


def run_demo(folder, capsys, game: str, players: int, seed: int) -> tuple[str, str, set[str]]:
    """``companion demo --game GAME`` headless and fast: its summary line, the summary of
    the game its script plays, and the snapshot moments saved."""
    from companion.cli import main
    from companion.simulation.scripted_tables import demo_script, summary

    shots = folder / "shots"
    assert main(["demo", "--headless", "--snapshots", str(shots), "--speed", "50", "--game", game,
                 "--players", str(players), "--seed", str(seed)]) == 0
    said = capsys.readouterr().out.splitlines()[0]
    return said, summary(demo_script(game, players, seed)[1]), {p.stem for p in shots.glob("*.png")}


def finished_discs_game(database: Database, players: int, team: str) -> None:
    """A whole Not That Movie! game of ``players`` players (voting discs, every token
    coloured) kept in ``database`` and finished: on the score sheet."""
    kept = KeptGame.start(database, MovieGame(players, voting="discs"), {"team": team})
    for number in range(1, 6):
        while kept.game.phase == "placing":
            kept.game.record(mistake=False)
        if number < 5:
            kept.game.next_round()
    kept.finish()
    kept.sync(database)
