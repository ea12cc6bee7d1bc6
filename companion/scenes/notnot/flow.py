"""How a game moves between scenes: starting or resuming it, and what comes after a round.

Companion deals: after each round the table is shown where to put the new
cards. Table deals: the dealer enters each revealed card. Then the dice are
rolled again, until the game is over. Every game is saved as it is played
(:mod:`companion.scenes.notnot.saving`); a resumed one goes on where its last
finished round left it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence

from companion.games.notnot import data_file as data
from companion.games.notnot.game import Game
from companion.games.notnot.margin import close_calls
from companion.games.notnot.record import DealtRecord, RoundRecord, reaction_times_ms
from companion.games.notnot.round import Round
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.games.notnot.words import (
    SeatNames,
    countdown_gave_line,
    round_dropped_line,
    unseen_verdict_line,
)
from companion.inputs.edge_log import kept_edges
from companion.scenes.changes import NotNotChange, ToDeal, ToEnd, ToEntry, ToRoll, ToVerdict
from companion.scenes.common.pending_saves import GameRef
from companion.scenes.common.seating import take_seats_of
from companion.scenes.common.table_choices import voice_learns_names
from companion.scenes.core import Context
from companion.scenes.notnot.head_starts import head_starts_for, wait_ns, with_head_starts
from companion.scenes.notnot.play import NotNotPlay
from companion.scenes.notnot.saving import later, save_new_game, save_round
from companion.storage.notnot_saves import RoundSave, UnfinishedGame

log = logging.getLogger(__name__)

#: A round keeps the edges of the presses under way when it was judged at most this long after
#: (their releases; a press in the next scene is not the round's).
RELEASE_GRACE_NS = 250_000_000


def start_game(ctx: Context) -> NotNotPlay:
    """Begin a game with the set-up choices; show the first layout or ask for it. Returns the
    game begun."""
    s = ctx.session.setup
    dice, recipe = data.not_not()
    game = Game.new(s.players, s.level, s.seed, dice=dice, recipe=recipe, deals=s.deals,
                    timing=ctx.services.pace.timing(ctx.services.tie_window_for(s.players)))
    play = NotNotPlay(game, reactions={player: [] for player in range(1, s.players + 1)},
                      head_starts=head_starts_for(ctx))
    save_new_game(ctx, play)
    voice_learns_names(ctx)
    s.seed += 1  # the next game of this session gets a deck of its own
    if game.deals == "companion":
        ctx.go(ToDeal(dealt=table_as_dealt(game), first=True, play=play))
    else:
        ctx.go(ToEntry(play=play))
    return play


def resume_game(ctx: Context, kept: UnfinishedGame) -> None:
    """Go on with a kept game where its last finished round left it.

    The table's names come back from the game's seats. The four spots are
    checked against the real table before any dice roll (the power may have gone
    mid-refill, or mid-correction): companion deals shows them to check; table
    deals asks for the cards of the empty spots, then "Are these the four cards?".
    A game whose kiosk stopped during a tie's choice goes on after that round as the choice's
    countdown settled it, and that first screen says so first: the one change the real cards
    do not show (:func:`~companion.games.notnot.words.countdown_gave_line`, names as seated);
    one whose kiosk stopped during an open round says that it does not count, and one whose
    kiosk stopped before the verdict of a round closed at the pause was shown says what it
    gave (:func:`stopped_line`).
    """
    take_seats_of(ctx, kept.id)
    voice_learns_names(ctx)
    play = NotNotPlay(kept.game, GameRef(kept.id),
                      reactions={player: [] for player in range(1, kept.game.players + 1)},
                      head_starts=kept.head_starts())
    log.info("resuming game %d at round %d, %s", kept.id, kept.game.round_no + 1,
             kept.game.level.value)
    count_reactions(play, kept.rounds)
    go_on_with(ctx, play, stopped_line(kept, ctx.session.setup.names))


def stopped_line(kept: UnfinishedGame, seat_names: SeatNames) -> str:
    """What the first screen of ``kept``, resumed, says first of the round the kiosk stopped
    in: what a tie's choice under way gave (its players named by ``seat_names``); what the last
    round, closed at a pause, gave when its verdict was never shown (the pause menu stood in
    front of it); that an open round, whose dice the table saw, does not count (new dice are
    rolled); else nothing (the kiosk stopped between rounds, or while the dice tumbled: the
    same dice come back)."""
    if kept.choosing and kept.rounds:
        return countdown_gave_line(kept.rounds[-1], kept.choosing, seat_names)
    if kept.unseen and kept.rounds:
        return unseen_verdict_line(kept.rounds[-1], kept.scores_before_last(), seat_names)
    if kept.dropped:
        return round_dropped_line(kept.game.round_no + 1)
    return ""


def go_on_with(ctx: Context, play: NotNotPlay, note: str = "") -> None:
    """Go on with ``play``, resumed: its end if it is over, else its four spots checked against
    the real table before any dice roll (:func:`resume_game`), the screen saying ``note``
    first. A game left for the title while its saves waited goes on here as it is in memory,
    its saves still waiting in order."""
    game = play.game
    if game.over:
        after_round(ctx, play, [])
    elif game.deals == "companion":
        ctx.go(ToDeal(dealt=table_as_dealt(game), check=True, play=play, note=note))
    else:
        ctx.go(ToEntry(play=play, note=note))


def table_as_dealt(game: Game) -> list[DealtRecord]:
    """The cards on the table, as placements to show the dealer."""
    return [DealtRecord("placed", card.face, side.value)
            for side, card in game.table.items() if card is not None]


def next_after_round(play: NotNotPlay, dealt: Sequence[DealtRecord]) -> NotNotChange:
    """The scene after a round's verdict: the end, the dealing prompt, the entry of cards, or
    the next roll."""
    game = play.game
    if game.over:
        return ToEnd(play=play)
    if game.deals == "companion" and dealt:
        return ToDeal(dealt=dealt, play=play)
    if game.deals == "table" and game.awaiting_cards():
        return ToEntry(play=play)
    return ToRoll(play=play)


def after_round(ctx: Context, play: NotNotPlay, dealt: Sequence[DealtRecord]) -> None:
    """Go on to the scene after a round's verdict."""
    ctx.go(next_after_round(play, dealt))


def conclude_round(ctx: Context, play: NotNotPlay, round_: Round, words: Sequence[str | None],
                   inks: Sequence[str], choices: Mapping[int, Side] | None = None,
                   replaces: bool = False, at_pause: bool = False) -> None:
    """Finish ``round_`` in the game (awards, penalties, refill) and show its verdict.
    ``replaces``: the round was saved for the while as its tie choice would settle it
    (:func:`save_tie_under_way`); this save replaces that one. ``at_pause``: the round closed
    at a pause, whose menu shows before the verdict: it is saved as its verdict not yet
    shown."""
    game = play.game
    before = game.faces()
    scores_before = game.scores()
    record = settle_round(play, round_, choices or {})
    edges = round_edges(ctx, play, round_)
    save_round(ctx, play, record, edges, replaces=replaces, unseen=at_pause)
    ctx.go(ToVerdict(record=record, before=before, scores_before=scores_before,
                     roll=round_.roll, ruling=round_.ruling, words=words, inks=inks, play=play,
                     edges=edges, unseen=at_pause))


def round_edges(ctx: Context, play: NotNotPlay, round_: Round) -> dict | None:
    """The pads' raw edges from ``round_``'s open (or its first tap, if earlier) until it was
    judged (its close, the wait for ``play``'s head starts and the settle time, as the round
    scene waits), and the rest of the presses under way then (their releases, up to
    :data:`RELEASE_GRACE_NS` later, as far as they came by now), in their saved form; ``None``
    when the pads keep none."""
    edge_log = ctx.services.edge_log
    if edge_log is None:
        return None
    start_ns = min([round_.t_open_ns] + [tap.t_ns for tap in round_.taps])
    end_ns = (round_.closes_at_ns + wait_ns(play.head_starts)
              + round(ctx.services.pace.settle_s * 1e9))
    return kept_edges(edge_log.of_span(start_ns, end_ns, RELEASE_GRACE_NS), round_.t_open_ns)


def save_tie_under_way(ctx: Context, play: NotNotPlay, round_: Round, choosers: Sequence[int],
                       choices: Mapping[int, Side]) -> None:
    """A tie on one card is being chosen by ``choosers`` (``choices`` made so far): once the
    frame is on screen, store ``round_`` as the choice's countdown would settle it (the default
    side for every tied player still to choose), on a copy of the game, marked with the players
    still choosing (the phone page says so). Taps are final: a power cut
    during the choice keeps the cards the table saw taken, as the countdown would have given
    them, where it used to drop the round and roll it again. The round's own save, once the
    choice is made, replaces this one."""
    if play.ref is None:
        return
    trial = Game.restore(play.game.snapshot())
    record = with_head_starts(trial.finish_round(round_, dict(choices)), round_,
                              play.head_starts)
    edges = round_edges(ctx, play, round_)
    waiting = [player for player in choosers if player not in choices]
    later(ctx, play.ref, RoundSave.of(trial, record, edges, replaces=True, choosing=waiting))


def settle_round(play: NotNotPlay, round_: Round, choices: Mapping[int, Side]) -> RoundRecord:
    """Finish ``round_`` in the game with the tie ``choices`` made (the default side for the
    rest): awards, penalties, refill; count its reaction times. Its record, to save."""
    record = with_head_starts(play.game.finish_round(round_, dict(choices)), round_,
                              play.head_starts)
    count_reactions(play, [record])
    return record


def count_reactions(play: NotNotPlay, records: Iterable[RoundRecord]) -> None:
    """Add the reaction times (ms) of the rounds' timed taps to the end screen's chart, and keep
    each player's closest win and closest loss."""
    records = list(records)
    play.rounds.extend(records)
    for player, times in reaction_times_ms(records).items():
        play.reactions.setdefault(player, []).extend(times)
    for record in records:
        step = record.margin_step_us or 1
        for kind, gaps in zip(("win", "loss"), close_calls(record)):
            closest = play.close_calls.setdefault(kind, {})
            for player, gap in gaps.items():
                closest[player] = min((gap, step), closest.get(player, (gap, step)))


def answer_of(play: NotNotPlay, event: object) -> Tap | None:
    """``event`` if it is a tap by a player of the game in progress (other pads are ignored),
    else ``None``."""
    if isinstance(event, Tap) and 1 <= event.player <= play.game.players:
        return event
    return None
