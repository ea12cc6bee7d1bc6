"""Not That Movie! at the table: the secret vote, each token's answer, the scores.

The pads drive :class:`companion.games.movie.pads.MoviePads`; this scene shows
what the table may see: who has voted (never what), the eight screens with
the tokens on them, the holder, the answer to the last token ("nobody voted
for it" or "mistake" with only its voters), the points of each round, and at
the end the total with its stars. E after the end writes the score sheet.
Between rounds and at the end, the keyboard's Enter (or the confirm button)
does what E on any pad does, a second or more after the round's points (or the total) came
on screen: an E sooner is a late tap of the E that placed the last token
(:mod:`companion.scenes.common.late_taps`), and the round's points stay up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pygame

from companion.display import solid, text
from companion.display.draw_menu import draw_hint, draw_title
from companion.display.draw_notice import cut_apart
from companion.display.palette import (
    BACKGROUND,
    DIM_TEXT,
    HIGHLIGHT,
    PANEL,
    RGB,
    TEXT,
    VERDICT,
)
from companion.games.movie.pads import IGNORED, PLACED, MoviePads
from companion.games.movie.rules import ROUNDS, SCREENS, MovieGame, Placement
from companion.games.movie.voting import SAME_TITLE
from companion.games.notnot.sides import Side
from companion.games.notnot.words import player_label
from companion.inputs.keyboard import anyones
from companion.scenes.changes import ToMovie, ToMovieSheet
from companion.scenes.common.bookkeeping import BookkeepingScene
from companion.scenes.core import Context

COLOURED_TOKEN = (230, 170, 40)
#: What a vote press the rules refuse tells its player, by why (never which screen): a press
#: after voting keeps the vote (the player's own W button takes it back); a second disc may
#: not go on the first one's screen. Filled in with the player and their W button's name.
REFUSED_VOTE = {"already-voted": "{who}: already voted ({back} takes it back)",
                SAME_TITLE: "{who}: not the same screen twice - choose another"}
GREY_TOKEN = (110, 110, 120)
#: The snapshot moment of each phase (what :meth:`MoviePlayScene.draw` returns).
MOMENTS = {"voting": "movie-vote", "placing": "movie-place", "round-over": "movie-round-over",
           "game-over": "movie-end"}


def names(players: Iterable[int], who: Callable[[int], str] = player_label) -> str:
    """Players called by ``who``, comma-separated."""
    return ", ".join(who(p) for p in players)


def answer(placement: Placement, who: Callable[[int], str] = player_label) -> tuple[str, str]:
    """The banner kind and words for the last token placed, its players called by ``who``."""
    where = f"Screen {placement.screen}: " if placement.screen else ""
    if placement.coloured:
        return "win", f"{where}nobody voted for it"
    voters = f" - voted for it: {names(placement.voters, who)}" if placement.voters else ""
    return "wrong", f"{where}MISTAKE{voters}"


def disc_in(cell: pygame.Rect) -> pygame.Rect:
    """The square a round token fills in ``cell``, at its centre (drawn with corners of half
    its side: a circle)."""
    side = min(cell.size)
    disc = pygame.Rect(0, 0, side, side)
    disc.center = cell.center
    return disc


def notes_size(notes: list[str], size: int, max_width: int, min_size: int, room: int) -> int:
    """The largest size, from ``size`` down to ``min_size``, at which ``notes`` (one block,
    :func:`text.fit_block`) stand no taller than ``room``: several refused votes and a hint
    of two lines (a keyboard table's keys) share the bottom of a small screen."""
    while size > min_size:
        fitted, lines = text.fit_block(notes, size, max_width, min_size)
        if text.block_height(sum(map(len, lines)), fitted) <= room:
            break
        size -= 1
    return size


def cell_names(names: Sequence[str], size: int, room: int, least: int) -> tuple[int, list[str]]:
    """Players' ``names``, one to a cell ``room`` wide, at one size: the largest up to ``size``
    at which the widest fits, never below ``least`` (the smallest text the layout allows); a
    name still too wide there cut short ("Alexan..."), keeping its end when two names cut so
    would read alike ("Alexa...r", "Alexa...a": :func:`cut_apart`)."""
    widest = max(names, key=lambda name: text.width(name, size))
    size = text.fit_size(widest, size, room, least)
    return size, cut_apart(names, size, room)


class MoviePlayScene(BookkeepingScene[ToMovie, MovieGame, MoviePads]):
    """One game of Not That Movie!, from the first vote to the score sheet."""

    name = "movie"
    pads_class = MoviePads
    change = ToMovie
    sheet = ToMovieSheet
    tones = {"voted": "roll", "votes-locked": "nobody", "next-round": "roll", SAME_TITLE: "wrong"}

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: What each player's last vote press was refused for, by player (shown until their
        #: next press or the votes are locked).
        self.refused: dict[int, str] = {}

    def enter(self, now_ns: int, change: ToMovie) -> None:
        super().enter(now_ns, change)
        self.refused = {}

    def confirming_player(self) -> int:
        return self.kept.game.holder

    def press(self, player: int, side: Side) -> None:
        game = self.kept.game
        if game.over and side is Side.E:
            self.write_down()
            return
        voting = game.phase == "voting"
        super().press(player, side)
        if voting:
            self.tell_refused(player)
        placed = self.placed()
        if placed is not None and self.said == PLACED:   # this press placed it
            self.ctx.services.sounds.play("win" if placed.coloured else "wrong")

    def tells_ignored(self, player: int) -> bool:
        """A seated player's press that did nothing is said while a token is being placed (a
        refused vote press has its own note, :meth:`tell_refused`; between rounds the screen
        has the round's points where the note would go)."""
        return self.kept.game.phase == "placing" and super().tells_ignored(player)

    def tell_refused(self, player: int) -> None:
        """Note what ``player``'s vote press was refused for (forget it if it was not); the
        notes go when the votes are locked."""
        already = self.said == IGNORED and self.pads.vote.has_voted(player)
        words = REFUSED_VOTE.get("already-voted" if already else self.said)
        if self.kept.game.phase != "voting":
            self.refused.clear()
        elif words is None:
            self.refused.pop(player, None)
        else:
            self.refused[player] = words.format(who=self.label(player),
                                                back=self.button(player, Side.W))

    def placed(self) -> Placement | None:
        """The token the last press that did something placed (``None`` when it placed none):
        a stray press leaves its answer on screen."""
        return self.pads.last if self.did == PLACED else None

    # -- drawing -------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> str | None:
        game, layout = self.kept.game, self.ctx.services.layout
        self.shown: list[str] = []
        self._shown(draw_title(canvas, layout,
                               f"Not That Movie!  Round {game.round_number} of {ROUNDS}",
                               f"points so far {game.total()}   tokens left {game.tokens_left()}   "
                               f"mistakes {game.round.mistakes} of 2"))
        hint = draw_hint(canvas, layout, self.hint())   # first: what the phase shows stays above
        self._draw_phase(canvas, above=hint[0].rect.top)
        self._shown(hint)
        return MOMENTS[game.phase]

    def _draw_phase(self, canvas: pygame.Surface, above: int) -> None:
        """Draw what the phase shows, above the hint line (whose top is ``above``)."""
        game = self.kept.game
        if game.phase == "voting":
            self._draw_votes(canvas, above)
        elif game.phase == "placing":
            self._draw_screens(canvas)
            self._draw_holder(canvas, above)
        else:
            self._draw_screens(canvas)
            self._draw_round_end(canvas, above)

    def hint(self) -> str:
        """The hint line: what the buttons the table presses do now."""
        game = self.kept.game
        if game.phase == "voting":
            return self.vote_hint()
        if game.phase == "placing":
            n, e, s = (self.button(game.holder, side) for side in (Side.N, Side.E, Side.S))
            how = (f"{n}/{s} choose a screen, {e} place the token" if game.voting == "pads"
                   else f"{e} nobody voted for it   {s} mistake")
            return self.with_take_back(f"{self.label(game.holder)}: {how}")
        if game.phase == "round-over":
            return self.with_take_back(f"{self.button(None, Side.E)} next round")
        return self.with_take_back(f"{self.button(None, Side.E)} write it on the score sheet")

    def vote_hint(self) -> str:
        """How the players vote, in the buttons they press: the pads' letters ("N up"), or on
        the keyboard every player's key ("W/↑/I/keypad 8 up"), each clause kept whole on its
        line when the hint wraps."""
        players = range(1, self.kept.game.players + 1)
        n, e, s, w = (anyones(self.button, players, side)
                      for side in (Side.N, Side.E, Side.S, Side.W))
        if self.ctx.services.keys is None:
            return f"vote on your pad: {n} up, {s} down from screen 1, {e} confirm, {w} start again"
        return f"vote on your keys from screen 1:  {n} up  {s} down  {e} confirm  {w} start again"

    def with_take_back(self, hint: str) -> str:
        """``hint``, and after it who takes the last token back, when one was placed."""
        back = self.take_back_hint()
        return f"{hint}   {back}" if back else hint

    def take_back_hint(self) -> str:
        """Who takes the last token back, and with which button."""
        last = self.pads.last
        if last is None:
            return ""
        back = self.button(last.holder, Side.W)
        return f"({self.label(last.holder)} {back}: take the token back)"

    def _fit(self, canvas: pygame.Surface, words: str, size: int, max_width: int, ink: RGB,
             **anchor: object) -> list[text.Drawn]:
        """``words`` fitted to ``max_width`` (see :func:`text.draw_fit`), noted as shown."""
        least = self.ctx.services.layout.min_text_size
        drawn = text.draw_fit(canvas, words, size, max_width, least, ink, **anchor)
        self.shown.append(words)
        return drawn

    def _shown(self, drawn: list[text.Drawn]) -> None:
        self.shown += [d.text for d in drawn]

    def _band(self, top: float, height: float) -> pygame.Rect:
        layout = self.ctx.services.layout
        m = round(3 * layout.unit)
        return pygame.Rect(m, round(top * layout.height), layout.width - 2 * m,
                           round(height * layout.height))

    def _cells(self, band: pygame.Rect, count: int) -> list[pygame.Rect]:
        gap = round(self.ctx.services.layout.unit)
        w = (band.width - gap * (count - 1)) / count
        return [pygame.Rect(round(band.left + i * (w + gap)), band.top, round(w), band.height)
                for i in range(count)]

    def vote_cells(self) -> list[pygame.Rect]:
        """Each player's cell of the vote, left to right: who has voted (never what)."""
        return self._cells(self._band(0.32, 0.30), self.kept.game.players)

    def screen_cells(self) -> list[pygame.Rect]:
        """Where the eight screens (pad votes) or the round's tokens (discs: squares a round
        token fills) are drawn."""
        game = self.kept.game
        count = len(SCREENS) if game.voting == "pads" else game.tokens
        cells = self._cells(self._band(0.28, 0.22), count)
        return cells if game.voting == "pads" else [disc_in(cell) for cell in cells]

    def _draw_votes(self, canvas: pygame.Surface, above: int) -> None:
        """Each player's cell (voted or not, never what), who the table waits for, and the
        refused presses' notes, all above ``above`` (the hint line's top)."""
        game, vote, layout = self.kept.game, self.pads.vote, self.ctx.services.layout
        players = range(1, game.players + 1)
        band, cells = self._band(0.32, 0.30), self.vote_cells()
        ring = max(3, round(0.8 * layout.unit))   # round a refused press's cell
        room = min(cell.width for cell in cells) - 2 * (ring + round(layout.unit / 2))
        size, labels = cell_names([self.label(p) for p in players], layout.body_size * 3 // 2,
                                  room, layout.min_text_size)
        for player, cell, name in zip(players, cells, labels):
            done = vote.has_voted(player)
            solid.rect(canvas, VERDICT["win"] if done else PANEL, cell,
                             border_radius=round(layout.unit))
            if player in self.refused:
                solid.rect(canvas, HIGHLIGHT, cell, ring, border_radius=round(layout.unit))
            label = "voted" if done else (f"{vote.confirmed(player)} of {vote.discs}"
                                          if vote.discs > 1 else "...")
            self._fit(canvas, name, size, room, TEXT, midbottom=(cell.centerx, cell.centery))
            self._fit(canvas, label, layout.body_size, cell.width - 4, TEXT,
                      midtop=(cell.centerx, cell.centery))
        waiting = [p for p in players if not vote.has_voted(p)]
        line = f"waiting for {names(waiting, self.label)}" if waiting else "everyone has voted"
        below = self._fit(canvas, line, layout.body_size, band.width, DIM_TEXT,
                          midtop=(layout.width // 2, band.bottom + round(3 * layout.unit)))
        notes = [self.refused[p] for p in sorted(self.refused)]
        if notes:
            top = below[-1].rect.bottom
            size = notes_size(notes, layout.body_size, band.width, layout.min_text_size,
                              above - top)
            text.draw_block(canvas, notes, size, band.width, layout.min_text_size,
                            HIGHLIGHT, midtop=(layout.width // 2, top))
            self.shown += notes

    def _draw_screens(self, canvas: pygame.Surface) -> None:
        """The eight screens with their tokens (pad votes), or the round's tokens in order
        (discs), drawn round as the tokens are, so that no one takes them for screens."""
        game, layout = self.kept.game, self.ctx.services.layout
        placements = game.round.placements
        shown: list[Placement | None]
        if game.voting == "pads":
            labels = [str(screen) for screen in SCREENS]
            tokens = {p.screen: p for p in placements}
            shown = [tokens.get(screen) for screen in SCREENS]
        else:
            labels = [str(n) for n in range(1, game.tokens + 1)]
            shown = [*placements, *[None] * (game.tokens - len(placements))]
        pointed = self.pads.pointer if game.phase == "placing" and game.voting == "pads" else None
        cells = self.screen_cells()
        radius = cells[0].width // 2 if game.voting == "discs" else round(layout.unit)
        for label, token, cell in zip(labels, shown, cells):
            colour = PANEL if token is None else COLOURED_TOKEN if token.coloured else GREY_TOKEN
            solid.rect(canvas, colour, cell, border_radius=radius)
            if label == str(pointed):
                solid.rect(canvas, HIGHLIGHT, cell, max(3, round(0.8 * layout.unit)),
                                 border_radius=radius)
            ink = TEXT if token is None or game.voting == "pads" else BACKGROUND
            self._fit(canvas, label, layout.title_size, cell.width - 4, ink, center=cell.center)

    def _draw_answer(self, canvas: pygame.Surface, top: float) -> None:
        placed = self.placed()
        if placed is None:
            return
        layout = self.ctx.services.layout
        kind, words = answer(placed, self.label)
        band = self._band(top, 0.12)
        solid.rect(canvas, VERDICT[kind], band, border_radius=round(layout.unit))
        self._fit(canvas, words, layout.body_size * 3 // 2, band.width - 8, TEXT,
                  center=band.center)

    def _draw_holder(self, canvas: pygame.Surface, above: int) -> None:
        """The last token's answer, who holds the stack, and under it a press that did nothing
        (:meth:`draw_ignored`), all above the hint line (whose top is ``above``)."""
        game, layout = self.kept.game, self.ctx.services.layout
        self._draw_answer(canvas, 0.56)
        line = f"{self.label(game.holder)} holds the stack"
        placed = self.placed()
        if placed is not None and placed.coloured:
            line = f"pass the stack left: {self.label(game.holder)} places the next token"
        ignored = self.draw_ignored(canvas, above)
        self._shown(ignored)
        where = {"midbottom": (layout.width // 2, ignored[0].rect.top)} if ignored else \
            {"midtop": (layout.width // 2, round(0.72 * layout.height))}
        self._fit(canvas, line, layout.body_size * 3 // 2, layout.width - 20, TEXT, **where)

    def _draw_round_end(self, canvas: pygame.Surface, above: int) -> None:
        game, layout = self.kept.game, self.ctx.services.layout
        self._draw_answer(canvas, 0.53)
        score = game.scores[-1]
        bonus = f" (with {score.bonus} bonus)" if score.bonus else ""
        points = f"{score.points} point{'' if score.points == 1 else 's'}"
        lines = [f"Round {score.number}: {points}{bonus}"]
        if game.voting == "pads":
            votes = sorted(game.revealed_votes().items())
            lines.append("votes: " + "   ".join(
                f"{self.label(p)} {'+'.join(map(str, s))}" for p, s in votes))
        if game.over:   # the whole game first, then its last round as every round ends
            rating = game.rating()
            lines = [f"Total {game.total()}: {rating.stars} of 5 stars - {rating.title}",
                     "rounds: " + "  ".join(str(s.points) for s in game.scores),
                     *([rating.note] if rating.note else []), *lines]
        top, wide = round(0.67 * layout.height), layout.width - 20
        size = notes_size(lines, layout.body_size * 5 // 4, wide, layout.min_text_size,
                          above - top)
        text.draw_block(canvas, lines, size, wide, layout.min_text_size, TEXT,
                        midtop=(layout.width // 2, top))
        self.shown += lines
