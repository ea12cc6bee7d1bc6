"""Every scene of the kiosk, by name, sharing one context."""

from __future__ import annotations

from typing import Any

from companion.scenes.common.failsafe import FailsafeScene
from companion.scenes.common.games_pause import GamesPauseScene
from companion.scenes.common.title import TitleScene
from companion.scenes.core import Context, Scene
from companion.scenes.hat.play import HatPlayScene
from companion.scenes.hat.setup import HatSetupScene
from companion.scenes.movie.play import MoviePlayScene
from companion.scenes.movie.setup import MovieSetupScene
from companion.scenes.movie.sheet import MovieSheetScene
from companion.scenes.notnot.correction import CorrectionScene
from companion.scenes.notnot.deal import DealScene
from companion.scenes.notnot.end import EndScene
from companion.scenes.notnot.entry import EntryScene
from companion.scenes.notnot.pause import PauseScene
from companion.scenes.notnot.roll import RollScene
from companion.scenes.notnot.round import RoundScene
from companion.scenes.notnot.setup import SetupScene
from companion.scenes.notnot.tie_choice import TieChoiceScene
from companion.scenes.notnot.verdict import VerdictScene

SCENES: tuple[type[Scene[Any]], ...] = (
    TitleScene, SetupScene, DealScene, EntryScene, RollScene, RoundScene, TieChoiceScene,
    VerdictScene, CorrectionScene, PauseScene, EndScene, FailsafeScene,
    MovieSetupScene, MoviePlayScene, MovieSheetScene, HatSetupScene, HatPlayScene, GamesPauseScene,
)


def build_scenes(ctx: Context) -> dict[str, Scene[Any]]:
    """One instance of every scene, by name."""
    return {cls.name: cls(ctx) for cls in SCENES}
