"""Restoring a kept Not Not game from its stored snapshot, checked before it is offered.

:meth:`companion.games.notnot.game.Game.restore` builds a game from whatever the
snapshot holds; a snapshot damaged on disk (a wrong type, a bad value) may
restore and fail only later, mid-game, or never end a round.
:func:`restore_checked` restores it, checks the stored numbers' types, the
players against the rules' bounds (and a score pile for each), the round's
clocks against the settings' bounds, the cards a table deal entered against the table, its
round number against the rounds the game keeps
(and :data:`MAX_ROUND_NO`), plays the next round on a second copy
(through the pure rules: the dice are rolled, nobody taps) and scores it, so a
damaged snapshot is refused here, in one line, and the game can be set aside
instead of offered for resume. :func:`records_checked` reads the kept rounds' records
the same way.
"""

from __future__ import annotations

from companion.config.settings import MAX_TIE_WINDOW_US
from companion.errors import DAMAGED_DATA_ERRORS, StateError
from companion.games.notnot.game import MAX_PLAYERS, MIN_PLAYERS, Game
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.round import Timing
from companion.storage.shapes import Each, MayLack, OrNone, shape_problem

#: A stored card.
CARD = {"face": str, "arrow": str, "liar": bool, "ident": int}
#: A stored snapshot of a Not Not game (:meth:`Game.snapshot`).
SNAPSHOT = {
    "players": int, "seed": int, "mode": str, "deals": str, "level": str, "round_no": int,
    "cancelled": MayLack(int), "seen": MayLack([[str]]), "entered": MayLack([str]), "over": bool,
    "dice_on_screen": MayLack(bool),   # a round open when saved (notnot_saves.DICE_ON_SCREEN)
    "verdict_unseen": MayLack(bool),   # a verdict behind the pause (notnot_saves.VERDICT_UNSEEN)
    "table": Each(OrNone(CARD)), "deck": [CARD],
    "points": Each([CARD]), "removed": [CARD],
    "dice": {"direction": [str], "colour": [str], "negation": [str]},
    "recipe": {"portals_per_colour": int, "void_cards": int, "liar_share": float},
    "timing": Each(int),
}
#: A stored run of a program (:meth:`companion.storage.process_run.Run.to_json`).
RUN = {"pid": int, "boot": OrNone(str)}
#: A stored round record (:meth:`RoundRecord.to_json`).
ROUND_RECORD = {
    "n": int, "level": str, "dice": [str], "negation": str, "liar": bool, "up": str,
    "table": Each(OrNone(str)), "valid": [str],
    "taps": [{"player": int, "side": str, "t_us": float, "verdict": str,
              "real_us": MayLack(OrNone(float))}],
    "margin_us": MayLack(OrNone(float)), "margin_step_us": MayLack(OrNone(float)),
    "winners": [{"player": int, "card": str, "from": str}], "penalties": [int],
    "scores": Each(int),
    "dealt": [{"what": str, "card": str, "side": MayLack(OrNone(str)),
               "level": MayLack(OrNone(str))}],
    "head_starts_us": MayLack(Each(int)),
    "choosing": MayLack([int]),   # a tie still being chosen (notnot_saves.CHOOSING)
    "choosing_kiosk": MayLack(RUN),   # ... by this kiosk run (notnot_saves.CHOOSING_KIOSK)
}
#: The longest timeout a kept game's clocks may have, in nanoseconds (an hour: the slowest pace
#: is ten times the rulings' 10 s round).
MAX_TIMEOUT_NS = 3600 * 10**9
#: Each of the round's clocks a snapshot keeps, and the nanoseconds it may hold (both ends in).
TIMING_BOUNDS: dict[str, tuple[int, int]] = {
    name: (0, MAX_TIE_WINDOW_US * 1000) if name == "tie_window_ns" else (1, MAX_TIMEOUT_NS)
    for name in Timing().to_dict()}


#: More rounds than a table plays in a day and a night. A round no one wins takes no card, so a
#: deck alone does not bound a game's rounds; the rounds the game keeps do (the snapshot is saved
#: with each round, in one transaction), and this bounds a snapshot read without them.
MAX_ROUND_NO = 100_000


class DamagedSnapshot(StateError, ValueError):
    """A stored snapshot that does not restore to a playable game; the message says why."""


def restore_checked(snapshot: dict, rounds: tuple[dict, ...] | None = None) -> Game:
    """The game of ``snapshot`` (whose kept round records are ``rounds``, when known), or
    :class:`DamagedSnapshot` naming what is wrong."""
    problem = shape_problem(snapshot, SNAPSHOT)
    if problem:
        raise DamagedSnapshot(f"snapshot: {problem}")
    check_round_no(snapshot["round_no"], rounds)
    check_players(snapshot)
    check_timing(snapshot.get("timing"))
    try:
        game = Game.restore(snapshot)
        check_entered(game)
        trial = Game.restore(snapshot)
        trial.result()
        if not trial.over and not trial.awaiting_cards():
            play_untapped_round(trial)
    except DAMAGED_DATA_ERRORS as error:
        raise DamagedSnapshot(f"the snapshot does not restore ({type(error).__name__}: "
                              f"{str(error)[:60]})") from None
    return game


def check_round_no(round_no: int, rounds: tuple[dict, ...] | None) -> None:
    """A round number no real game passes, and, with the kept ``rounds``, theirs: 1 to
    ``round_no``, one each."""
    if not 0 <= round_no <= MAX_ROUND_NO:
        raise DamagedSnapshot(f"snapshot field 'round_no' is {round_no}, not 0 to {MAX_ROUND_NO}")
    if rounds is not None and [record.get("n") for record in rounds] != \
            list(range(1, round_no + 1)):
        raise DamagedSnapshot(f"snapshot field 'round_no' is {round_no}, but the game keeps "
                              f"{len(rounds)} rounds")


def check_entered(game: Game) -> None:
    """The spots a table deal entered and may take back (:attr:`Game.entered`): each once, each
    holding a card."""
    if len(set(game.entered)) != len(game.entered) or \
            any(game.table.get(side) is None for side in game.entered):
        raise DamagedSnapshot("snapshot field 'entered' names a spot twice or one without a card")


def check_players(snapshot: dict) -> None:
    """The rules' number of players, and a score pile for each of them, 1 to players."""
    players = snapshot["players"]
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DamagedSnapshot(f"snapshot field 'players' is {players}, not {MIN_PLAYERS} to "
                              f"{MAX_PLAYERS}")
    points = snapshot.get("points")
    if not isinstance(points, dict) or set(points) != {str(p) for p in range(1, players + 1)}:
        raise DamagedSnapshot(f"snapshot field 'points' does not hold players 1 to {players}")


def check_timing(timing: object) -> None:
    """Each of the round's clocks a whole number of nanoseconds within :data:`TIMING_BOUNDS`."""
    if not isinstance(timing, dict) or set(timing) != set(TIMING_BOUNDS):
        raise DamagedSnapshot(f"snapshot field 'timing' is not {', '.join(TIMING_BOUNDS)}")
    for name, (lowest, highest) in TIMING_BOUNDS.items():
        value = timing[name]
        if not isinstance(value, int) or isinstance(value, bool) or not lowest <= value <= highest:
            raise DamagedSnapshot(f"snapshot field 'timing.{name}' is not a whole number of ns "
                                  f"from {lowest} to {highest}")


def play_untapped_round(game: Game) -> None:
    """Roll the next round of ``game`` and finish it with nobody tapping."""
    game.finish_round(game.open_round(game.next_roll(), t_open_ns=0))


#: What reading a damaged round's record raises (its shape checked, a value may still be off).
RECORD_ERRORS: tuple[type[BaseException], ...] = (TypeError, *DAMAGED_DATA_ERRORS)


class UnreadableRecord(StateError, ValueError):
    """A kept round's record that does not read: the message says what is wrong in its shape
    (``shaped``), else which error reading its values raised."""

    def __init__(self, message: str, shaped: bool) -> None:
        super().__init__(message)
        self.shaped = shaped


#: The furthest from the round's open a stamp may lie, in µs, either way (an hour: a round
#: lasts seconds; a number past it was damaged on disk, and shown raw it ran 300 digits long).
MAX_STAMP_US = 3600 * 10**6


def value_problem(data: dict) -> str:
    """What is off in a round record of the right shape: a stamp or margin no round gives; ""
    when nothing is (a head start out of bounds is left out where it is read, the round kept:
    :func:`companion.storage.players.is_head_start`)."""
    stamps = [(f"taps[{i}].{key}", tap.get(key)) for i, tap in enumerate(data["taps"], 1)
              for key in ("t_us", "real_us")]
    for name, value in stamps:
        if value is not None and not -MAX_STAMP_US <= value <= MAX_STAMP_US:
            return f"field '{name}' is {value:g}, not -{MAX_STAMP_US} to {MAX_STAMP_US} µs"
    for name in ("margin_us", "margin_step_us"):
        value = data.get(name)
        if value is not None and not 0 <= value <= MAX_STAMP_US:
            return f"field '{name}' is {value:g}, not 0 to {MAX_STAMP_US} µs"
    return ""


def read_record(data: object) -> RoundRecord:
    """A kept round's record, its shape checked first (a value of the wrong type would fail only
    where the record is used), then its values' bounds (:func:`value_problem`), then read;
    :class:`UnreadableRecord` saying what is wrong."""
    problem = shape_problem(data, ROUND_RECORD) if isinstance(data, dict) else "not an object"
    if not problem:
        problem = value_problem(data)   # type: ignore[arg-type]   # a dict, checked above
    if problem:
        raise UnreadableRecord(problem, shaped=True)
    try:
        return RoundRecord.from_json(data)   # type: ignore[arg-type]   # a dict, checked above
    except RECORD_ERRORS as error:
        raise UnreadableRecord(type(error).__name__, shaped=False) from None


def records_checked(rounds: tuple[dict, ...]) -> tuple[RoundRecord, ...]:
    """The kept rounds' records, read; :class:`DamagedSnapshot` naming the first that does not."""
    records = []
    for number, record in enumerate(rounds, 1):
        try:
            records.append(read_record(record))
        except UnreadableRecord as error:
            said = f": {error}" if error.shaped else f" does not read ({error})"
            raise DamagedSnapshot(f"round {number}{said}") from None
    return tuple(records)
