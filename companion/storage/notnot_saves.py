"""Not Not's saves, the one form in which both the kiosk and ``companion simulate`` store a
game: the new game with its settings, each finished round with the snapshot after it, the
roll the table has seen, the end the table chose; and the unfinished game read back, checked.

Each save is a value made when the game reaches that point and written when its caller says
(:meth:`~RoundSave.write`): the kiosk keeps them in order until the frame is on screen, and
for as long as the disk refuses them; simulate writes each at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.games.notnot.dice import Roll
from companion.games.notnot.game import Game, micros
from companion.games.notnot.record import RoundRecord
from companion.storage.games import GameStore, SavedGame
from companion.storage.players import is_head_start
from companion.storage.process_run import Run, this_run
from companion.storage.restoring import records_checked, restore_checked

#: The key of a stored round record that lists the tied players still choosing a card, while
#: the round is saved as the choice's countdown would settle it (:class:`RoundSave`).
CHOOSING = "choosing"
#: The key of the same record that says which run of the kiosk asks them (its pid and boot:
#: :class:`~companion.storage.process_run.Run`); once that run no longer holds the state
#: folder (killed, the power cut, the kiosk started again), nobody is asking any more.
CHOOSING_KIOSK = "choosing_kiosk"
#: The key of a stored snapshot saved once a round's dice are on screen (:class:`SeenRoll`):
#: while it is the game's last save, the kiosk stopped with that round open. A pause that
#: cancels the round saves the snapshot without it (the pause menu said so).
DICE_ON_SCREEN = "dice_on_screen"
#: The key of a stored snapshot saved with a round closed at a pause, whose verdict the pause
#: menu stood in front of (:class:`RoundSave`'s ``unseen``): while it is the game's last save,
#: the table never saw that verdict. Shown on Resume, the verdict is saved as seen (a snapshot
#: without it), as is every later save.
VERDICT_UNSEEN = "verdict_unseen"


def stored_settings(game: Game, simulated: bool = False,
                    head_starts: Mapping[int, int] | None = None) -> dict:
    """What ``game`` was set up with, as it is stored; ``simulated`` marks a game simulate
    made (never the table's, never offered to it for resume); ``head_starts``: the seats'
    head starts (µs) it is played with, when handicaps are on."""
    settings = {"level": game.mode, "players": game.players, "deals": game.deals,
                "seed": game.seed, "tie_window_us": micros(game.timing.tie_window_ns)}
    if head_starts:
        settings["head_starts_us"] = {str(seat): us for seat, us in head_starts.items()}
    return {**settings, "simulated": True} if simulated else settings


@dataclass(frozen=True)
class NewGame:
    """A game just set up: its players, settings, first snapshot, and the kept players in its
    seats (seat -> player id; a guest's seat is absent)."""

    players: int
    settings: dict
    snapshot: dict
    seats: Mapping[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game, simulated: bool = False, seats: Mapping[int, int] | None = None,
           head_starts: Mapping[int, int] | None = None) -> NewGame:
        return cls(game.players, stored_settings(game, simulated, head_starts),
                   game.snapshot(), dict(seats or {}))

    def create(self, store: GameStore) -> int:
        """Store the game (abandoning any kept unfinished one) with its seats, in one
        transaction; its id."""
        return store.create(self.players, self.settings, self.snapshot, self.seats)


@dataclass(frozen=True)
class RoundSave:
    """A finished round's record, the snapshot after it, and the result when it ended the
    game (the game is saved finished with it); the pads' raw edges in the round, when they
    were kept (:func:`companion.inputs.edge_log.kept_edges`). ``replaces``: the round may be
    saved already, as it stood for the while (:meth:`GameStore.save_round`).

    ``choosing``: the tied players still choosing a card while the round is saved as the
    choice's countdown would settle it; the stored record then says them under
    :data:`CHOOSING` and this process's run under :data:`CHOOSING_KIOSK` (the phone page says
    the card is being chosen while that run holds the state folder), and the round's own save
    once the choice is made, which has neither, replaces it.

    ``unseen``: the round closed at a pause, and its verdict waits behind the pause menu: the
    snapshot is marked :data:`VERDICT_UNSEEN`."""

    record: dict
    snapshot: dict
    result: dict | None
    edges: dict | None = None
    replaces: bool = False

    @classmethod
    def of(cls, game: Game, record: RoundRecord, edges: dict | None = None,
           replaces: bool = False, choosing: Sequence[int] = (),
           unseen: bool = False) -> RoundSave:
        stored = record.to_json()
        if choosing:
            stored |= {CHOOSING: list(choosing), CHOOSING_KIOSK: this_run().to_json()}
        return cls(stored, Snapshot.of(game, unseen).snapshot,
                   game.result() if game.over else None, edges, replaces)

    def write(self, store: GameStore, game_id: int) -> None:
        store.save_round(game_id, self.record, self.snapshot, result=self.result,
                         edges=self.edges, replaces=self.replaces)


@dataclass(frozen=True)
class Snapshot:
    """The game as it stands, stored without a round: the table corrected from the pause
    menu, or a card the dealer entered (or took back) in a table deal, so a resume checks the
    cards as they were last seen; or a verdict the pause stood in front of, now shown.
    ``unseen``: the last round's verdict is still not shown (:data:`VERDICT_UNSEEN`)."""

    snapshot: dict

    @classmethod
    def of(cls, game: Game, unseen: bool = False) -> Snapshot:
        return cls(game.snapshot() | ({VERDICT_UNSEEN: True} if unseen else {}))

    def write(self, store: GameStore, game_id: int) -> None:
        store.save_snapshot(game_id, self.snapshot)


@dataclass(frozen=True)
class SeenRoll(Snapshot):
    """The snapshot with the roll on screen counted as cancelled, so a game resumed before the
    round is saved rolls new dice, never the ones the table has seen; marked
    :data:`DICE_ON_SCREEN` (the resume says the round does not count)."""

    @classmethod
    def seeing(cls, game: Game, roll: Roll) -> SeenRoll:
        return cls(game.snapshot_seeing(roll) | {DICE_ON_SCREEN: True})


@dataclass(frozen=True)
class EndedEarly:
    """A game the table ended before it was over: finished with the scores as they stand,
    marked ended early; or, ended before any round was judged (a Start pressed by mistake,
    a second press on the end screen), abandoned: it has nothing to list in the history."""

    result: dict
    snapshot: dict
    played: bool = True

    @classmethod
    def of(cls, game: Game) -> EndedEarly:
        return cls(game.result(), game.snapshot(), played=game.round_no > 0)

    def write(self, store: GameStore, game_id: int) -> None:
        if self.played:
            store.finish(game_id, self.result, self.snapshot, early=True)
        else:
            store.abandon(game_id)


#: A save of a game already stored.
Save = RoundSave | Snapshot | EndedEarly


@dataclass(frozen=True)
class UnfinishedGame:
    """A kept game that restores: its id, its settings, the game after its last finished
    round, its rounds' records; ``choosing``: the tied players its last round's save says were
    still choosing a card (:data:`CHOOSING`): the kiosk stopped during that tie's choice, and
    the round stands as the choice's countdown settled it (empty otherwise); ``dropped``: its
    last save is a seen roll's (:data:`DICE_ON_SCREEN`): the kiosk stopped while the round
    after its last was open, which does not count (new dice are rolled); ``unseen``: its last
    save is of its last round closed at a pause (:data:`VERDICT_UNSEEN`): the kiosk stopped
    before that round's verdict was shown."""

    id: int
    settings: dict
    game: Game
    rounds: tuple[RoundRecord, ...]
    choosing: tuple[int, ...] = ()
    dropped: bool = False
    unseen: bool = False

    @classmethod
    def of(cls, saved: SavedGame) -> UnfinishedGame:
        """``saved`` restored and checked;
        :class:`~companion.storage.restoring.DamagedSnapshot` naming what does not read."""
        game = restore_checked(saved.snapshot, saved.rounds)
        rounds = records_checked(saved.rounds)
        return cls(saved.id, saved.settings, game, rounds, choice_under_way(saved.rounds)[0],
                   dropped=saved.snapshot.get(DICE_ON_SCREEN) is True,
                   unseen=saved.snapshot.get(VERDICT_UNSEEN) is True)

    def scores_before_last(self) -> dict[int, int]:
        """Each player's point cards before the last round (all 0 before a first)."""
        if len(self.rounds) > 1:
            return dict(self.rounds[-2].scores)
        return dict.fromkeys(range(1, self.game.players + 1), 0)

    def head_starts(self) -> dict[int, int]:
        """The head starts (seat -> µs) the game is played with: its last round's, or before
        its first round the ones its settings keep (none where they do not read as seats of
        the game and head starts of 0 to 1 s: a damaged one would judge every race)."""
        kept = (self.rounds[-1].head_starts_us if self.rounds
                else self.settings.get("head_starts_us"))
        if not isinstance(kept, dict):
            return {}
        seats = {str(seat): seat for seat in range(1, self.game.players + 1)}
        return {seats[str(seat)]: us for seat, us in kept.items()
                if str(seat) in seats and is_head_start(us)}


def choice_under_way(rounds: Sequence[dict]) -> tuple[tuple[int, ...], Run | None]:
    """The tied players the last of the stored ``rounds`` (of checked shape) says were still
    choosing a card when it was saved, and the kiosk's run that asked them (``None``: the save
    does not say); none once the choice was made (:class:`RoundSave`'s ``choosing``)."""
    stored = rounds[-1] if rounds else {}
    asked_by = Run.from_json(stored[CHOOSING_KIOSK]) if CHOOSING_KIOSK in stored else None
    return tuple(stored.get(CHOOSING, ())), asked_by
