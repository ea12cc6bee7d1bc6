"""The changes: what each scene is entered with, one frozen dataclass per scene.

A change is a typed payload: ``ctx.go(ToVerdict(record=..., ...))``. Each scene
names its own change class (``class VerdictScene(Scene[ToVerdict])``), so the change
says which scene it enters and mypy checks every detail it carries. Where each
scene may go is :data:`companion.scenes.catalogue.TABLE`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from companion.games.hat.rules import HatGame
from companion.games.moves import MoveLog
from companion.games.movie.rules import MovieGame

if TYPE_CHECKING:
    from companion.games.notnot.dice import Roll
    from companion.games.notnot.judge import Ruling
    from companion.games.notnot.record import DealtRecord, RoundRecord
    from companion.games.notnot.round import Round
    from companion.games.notnot.sides import Side
    from companion.games.notnot.taps import Tap
    from companion.scenes.notnot.play import NotNotPlay
    from companion.scenes.notnot.tap_feedback import TapFeedback
    from companion.scenes.start_problem import StartProblem
    from companion.storage.bookkeeping import KeptGame


@dataclass(frozen=True)
class SceneChange:
    """A scene change: what the scene it enters takes in its ``enter`` (the fields). Each
    subclass enters the one scene that names it."""


# -- Not Not -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ToTitle(SceneChange):
    """To the title menu."""


@dataclass(frozen=True)
class ToSetup(SceneChange):
    """To Not Not's set-up menu."""


@dataclass(frozen=True)
class ToNames(SceneChange):
    """To the choice of who sits in each seat of a game of ``players`` (``None``: Not Not's
    count), from a set-up menu; ``back`` returns to it."""

    players: int | None = None
    back: SceneChange = ToSetup()


@dataclass(frozen=True)
class ToPlayers(SceneChange):
    """To the kept players' menu (rename, merge), from the title menu."""


@dataclass(frozen=True, kw_only=True)
class NotNotChange(SceneChange):
    """A change between the scenes of a Not Not game: it carries the game being played."""

    play: NotNotPlay


@dataclass(frozen=True)
class ToDeal(NotNotChange):
    """To the dealing prompt: the cards to place (``first``: the opening layout; ``check``: a
    resumed game's table to check against the real one; ``note``: what the table is told first
    of the resumed game, :func:`companion.scenes.notnot.flow.resume_game`)."""

    dealt: Sequence[DealtRecord] = ()
    first: bool = False
    check: bool = False
    note: str = ""


@dataclass(frozen=True)
class ToEntry(NotNotChange):
    """To the entry of table-dealt cards (``note``: what the table is told first of a resumed
    game, in place of the level, until the first card is entered)."""

    note: str = ""


@dataclass(frozen=True)
class ToRoll(NotNotChange):
    """To a new roll of the dice."""


@dataclass(frozen=True)
class ToRound(NotNotChange):
    """To the round the roll just opened: its dice, the open's stamp (the flip that showed
    them), taps stamped before it, the dice words and inks drawn, the tap feedback so far."""

    roll: Roll
    t_open_ns: int
    taps: Sequence[Tap] = ()
    words: Sequence[str | None] = ()
    inks: Sequence[str] = ()
    feedback: TapFeedback | None = None


@dataclass(frozen=True)
class ToTieChoice(NotNotChange):
    """To the tie choice: the closed round, the players who must choose, the dice as drawn,
    and the choices already made (a tie choice resumed after a pause keeps them)."""

    round: Round
    choosers: Sequence[int]
    words: Sequence[str | None] = ()
    inks: Sequence[str] = ()
    chosen: Mapping[int, Side] = field(default_factory=dict)


@dataclass(frozen=True)
class ToVerdict(NotNotChange):
    """To a round's verdict: its record, the table and scores before it, its dice and
    ruling, the dice as drawn, the pads' raw edges in it (for its replay; ``None``: none);
    ``again``: shown again after a pause on it (its tone and call-out are not repeated);
    ``unseen``: the round closed at a pause and was saved as its verdict not yet shown (the
    pause menu shows first; Resume shows it)."""

    record: RoundRecord
    before: dict[Side, str | None]
    scores_before: dict[int, int]
    roll: Roll | None
    ruling: Ruling
    words: Sequence[str | None] = ()
    inks: Sequence[str] = ()
    edges: dict | None = None
    again: bool = False
    unseen: bool = False


@dataclass(frozen=True)
class ToReplay(NotNotChange):
    """To the replay of the round whose verdict was on screen: its record and the pads' raw
    edges, and where the game goes on after it."""

    record: RoundRecord
    edges: dict | None
    resume: NotNotChange


@dataclass(frozen=True)
class ToPause(NotNotChange):
    """To the pause menu: where Resume goes, and what it says of a round closed at the
    pause."""

    resume: NotNotChange
    note: str = ""


@dataclass(frozen=True)
class ToCorrection(NotNotChange):
    """To the correction of the table, from the pause menu (kept to go back there)."""

    resume: NotNotChange
    note: str = ""


@dataclass(frozen=True)
class ToEnd(NotNotChange):
    """To the end screen."""


@dataclass(frozen=True)
class ToFailsafe(SceneChange):
    """To the failsafe screen: a scene's error in one line, or a start problem in full."""

    message: str = "unknown error"
    problem: StartProblem | None = None


# -- the bookkeeping games -------------------------------------------------------------------
#: The game a bookkeeping change carries (MovieGame, HatGame).
G = TypeVar("G", bound=MoveLog)


@dataclass(frozen=True)
class ToKeptGame(SceneChange, Generic[G]):
    """To a bookkeeping game's play scene: a kept game of its kind to play (``None``: go on
    with the one the scene has)."""

    kept: KeptGame[G] | None = None


@dataclass(frozen=True)
class ToMovieSetup(SceneChange):
    """To Not That Movie!'s set-up menu."""


@dataclass(frozen=True)
class ToMovie(ToKeptGame[MovieGame]):
    """To a game of Not That Movie!."""


@dataclass(frozen=True)
class ToScoreSheet(SceneChange):
    """To a bookkeeping game's score sheet (``newest``: the game to ring, just finished)."""

    newest: int | None = None


@dataclass(frozen=True)
class ToMovieSheet(ToScoreSheet):
    """To Not That Movie!'s score sheet."""


@dataclass(frozen=True)
class ToHatSetup(SceneChange):
    """To That's Not a Hat's set-up menu."""


@dataclass(frozen=True)
class ToHat(ToKeptGame[HatGame]):
    """To a game of That's Not a Hat."""


@dataclass(frozen=True)
class ToHatSheet(ToScoreSheet):
    """To That's Not a Hat's score sheet."""


@dataclass(frozen=True)
class ToGamesPause(SceneChange):
    """To the bookkeeping games' pause menu; Resume goes back with ``resume``, End the game
    ends ``kept`` early and goes on with ``ended``."""

    resume: SceneChange = ToTitle()
    kept: KeptGame[Any] | None = None
    ended: SceneChange = ToTitle()
