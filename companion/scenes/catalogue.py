"""Every scene of the kiosk, by name, sharing one context."""

from __future__ import annotations

from companion.scenes.base import Scene
from companion.scenes.correction import CorrectionScene
from companion.scenes.deal import DealScene
from companion.scenes.end import EndScene
from companion.scenes.entry import EntryScene
from companion.scenes.failsafe import FailsafeScene
from companion.scenes.games_pause import GamesPauseScene
from companion.scenes.hat_play import HatPlayScene
from companion.scenes.hat_setup import HatSetupScene
from companion.scenes.movie_play import MoviePlayScene
from companion.scenes.movie_setup import MovieSetupScene
from companion.scenes.movie_sheet import MovieSheetScene
from companion.scenes.pause import PauseScene
from companion.scenes.roll import RollScene
from companion.scenes.round import RoundScene
from companion.scenes.setup import SetupScene
from companion.scenes.tie_choice import TieChoiceScene
from companion.scenes.title import TitleScene
from companion.scenes.verdict import VerdictScene

SCENES: tuple[type[Scene], ...] = (
    TitleScene, SetupScene, DealScene, EntryScene, RollScene, RoundScene, TieChoiceScene,
    VerdictScene, CorrectionScene, PauseScene, EndScene, FailsafeScene,
    MovieSetupScene, MoviePlayScene, MovieSheetScene, HatSetupScene, HatPlayScene, GamesPauseScene,
)


def build_scenes(ctx) -> dict[str, Scene]:
    """One instance of every scene, by name."""
    return {cls.name: cls(ctx) for cls in SCENES}
