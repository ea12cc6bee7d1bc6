"""Every scene of the kiosk and where each may go: :data:`TABLE`, the one table of scene changes.

A scene is named once, by its class (its ``name`` is what the journal says); the change it
is entered with is the one its class names (``Scene[ToVerdict]``). :meth:`Context.go
<companion.scenes.core.Context.go>` checks every change against this table, so a change nobody
planned is a clear :class:`~companion.scenes.core.SceneChangeError` where it is made.
"""

from __future__ import annotations

from typing import Any

from companion.scenes.common.failsafe import FailsafeScene
from companion.scenes.common.games_pause import GamesPauseScene
from companion.scenes.common.names import NamesScene
from companion.scenes.common.players_menu import PlayersScene
from companion.scenes.common.title import TitleScene
from companion.scenes.core import Context, Scene, SceneTable
from companion.scenes.hat.play import HatPlayScene
from companion.scenes.hat.setup import HatSetupScene
from companion.scenes.hat.sheet import HatSheetScene
from companion.scenes.movie.play import MoviePlayScene
from companion.scenes.movie.setup import MovieSetupScene
from companion.scenes.movie.sheet import MovieSheetScene
from companion.scenes.notnot.correction import CorrectionScene
from companion.scenes.notnot.deal import DealScene
from companion.scenes.notnot.end import EndScene
from companion.scenes.notnot.entry import EntryScene
from companion.scenes.notnot.pause import PauseScene
from companion.scenes.notnot.replay import ReplayScene
from companion.scenes.notnot.roll import RollScene
from companion.scenes.notnot.round import RoundScene
from companion.scenes.notnot.setup import SetupScene
from companion.scenes.notnot.tie_choice import TieChoiceScene
from companion.scenes.notnot.verdict import VerdictScene

#: Where a Not Not game goes after a verdict, a deal, the entry of cards or a resumed game
#: (:func:`companion.scenes.notnot.flow.next_after_round`).
AFTER_ROUND = (EndScene, DealScene, EntryScene, RollScene)

#: Every scene, and the scenes it may go to; any scene may go to the failsafe, which shows a
#: scene's error or a start problem.
TABLE = SceneTable({
    TitleScene: (SetupScene, MovieSetupScene, HatSetupScene, PlayersScene),
    PlayersScene: (TitleScene,),
    SetupScene: (TitleScene, NamesScene, *AFTER_ROUND),
    NamesScene: (SetupScene, MovieSetupScene, HatSetupScene),
    DealScene: (RollScene, PauseScene),
    EntryScene: (PauseScene, *AFTER_ROUND),
    RollScene: (RoundScene, PauseScene),
    RoundScene: (VerdictScene, TieChoiceScene, PauseScene),
    TieChoiceScene: (VerdictScene, PauseScene),
    VerdictScene: (PauseScene, ReplayScene, *AFTER_ROUND),
    ReplayScene: AFTER_ROUND,
    # Resume goes back to where the game was: the roll, a verdict, a tie choice, or after a round.
    PauseScene: (CorrectionScene, EndScene, TitleScene, VerdictScene, TieChoiceScene,
                 *AFTER_ROUND),
    CorrectionScene: (PauseScene,),
    EndScene: (SetupScene,),
    FailsafeScene: (TitleScene,),
    MovieSetupScene: (TitleScene, MoviePlayScene, MovieSheetScene, NamesScene),
    MoviePlayScene: (MovieSheetScene, GamesPauseScene),
    MovieSheetScene: (TitleScene,),
    HatSetupScene: (TitleScene, HatPlayScene, HatSheetScene, NamesScene),
    HatPlayScene: (HatSheetScene, GamesPauseScene),
    HatSheetScene: (TitleScene,),
    GamesPauseScene: (TitleScene, MoviePlayScene, HatPlayScene, MovieSheetScene, HatSheetScene),
}, anywhere=(FailsafeScene,))

#: Every scene of the kiosk, in the table's order.
SCENES: tuple[type[Scene[Any]], ...] = TABLE.scenes


def build_scenes(ctx: Context) -> dict[type[Scene[Any]], Scene[Any]]:
    """One instance of every scene, by class."""
    return {cls: cls(ctx) for cls in SCENES}
