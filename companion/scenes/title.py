"""The title screen and main menu: start a new game or quit."""

from __future__ import annotations

from companion.scenes.menu import MenuScene


class TitleScene(MenuScene):
    """``NOT NOT`` and the main menu."""

    name = "title"
    title = "NOT NOT"
    subtitle = "the companion: dice, table and judge"

    def items(self) -> list[str]:
        return ["New game", "Quit"]

    def choose(self, index: int) -> None:
        if index == 0:
            self.ctx.go("setup")
        else:
            self.ctx.quitting = True
