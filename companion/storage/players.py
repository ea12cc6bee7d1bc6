"""The named players kept in the state folder, and the seats of kept games they sat in.

A player's name is 1 to 12 printable characters, trimmed, unique whatever its
case ("ana" is Ana), and never a guest's label ("P3"). A new name (added, or a
rename) must also be one the kiosk's screen can draw: every door a name comes
through (``companion players``, ``simulate --names``, the kiosk's names and players
menus)
hands :func:`checked_name` what the bundled font lacks
(:func:`companion.display.text.undrawable`; storage draws nothing), and a name
with a character it lacks is refused naming that character; so is an emoji, even one the
font happens to draw (:func:`is_emoji`), a name in a script written right to left, which
the screen would set backwards (:func:`is_right_to_left`), and a name that reads as an item
of the names menu ("Guest", "New player"). A name
kept before that rule stays as it is: listed, seated, shown (the font's empty box
for what it lacks), renamed, merged or forgotten like any other. A seat of a kept game
with no named player was a guest's. Renaming keeps every seat; merging gives
one player's seats to another and removes the first (two players who sat at
the same table are two people, never merged); forgetting removes the name
from every record: its seats become guests' and its row is deleted. Every
change is one transaction (:meth:`Database.transaction`).

A player may have a head start (a handicap for mixed-age tables, 0 to
:data:`HEAD_START_MAX_MS` ms; 0 is none): with handicaps switched on, the
seats of a game are given their players' head starts (:meth:`PlayerStore.head_starts`).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from companion.errors import StateError
from companion.games.notnot.words import player_label
from companion.storage.database import Database
from companion.storage.games import NOT_NOT, PLAYING, utc_now

log = logging.getLogger(__name__)

#: The longest name, in characters.
NAME_MAX = 12
#: How a guest's seat is shown: "P" and the seat's number.
GUEST_LABEL = re.compile(r"p\d+", re.IGNORECASE)
#: A run of spaces inside a name, kept as one space.
SPACES = re.compile(" {2,}")
#: The items the names and players screens list beside the kept players' names: a player so
#: named could not be told from the item.
MENU_WORDS = ("Guest", "New player", "Done", "Back")
#: The first code point of the symbol blocks that hold emoji (arrows, dingbats, pictographs):
#: a "symbol, other" character from here on is an emoji, whether the font draws it or not.
EMOJI_FROM = 0x2190
#: Asks for a character's colour emoji form (VS16, as in "❤️").
EMOJI_STYLE = "\ufe0f"
#: The longest head start, in milliseconds.
HEAD_START_MAX_MS = 1000

#: The characters of a text the screen cannot draw, each once ("" when it draws them all):
#: :func:`companion.display.text.undrawable`, handed in by the doors new names come through.
Undrawable = Callable[[str], str]


class PlayerError(StateError):
    """A player name the kept players refuse (empty, too long, taken, unknown); the message
    names it and what is wrong."""


@dataclass(frozen=True)
class Player:
    """A named player: ``games`` is the number of kept games they sat in."""

    id: int
    name: str
    created_at: str
    games: int = 0
    #: Their head start in microseconds (0: none).
    head_start_us: int = 0

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "created_at": self.created_at,
                "games": self.games, "head_start_ms": ms_of(self.head_start_us)}


def ms_of(us: int) -> int | float:
    """``us`` microseconds in milliseconds: a whole number when it is one (150, 150.5)."""
    return us // 1000 if us % 1000 == 0 else us / 1000


#: A number as a person writes it: digits, a decimal point, an exponent (no "1_0", no "0x10").
DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?")


def cut(text: str, most: int) -> str:
    """``text`` as a refusal quotes it: its first ``most`` characters, and "..." when cut."""
    return text if len(text) <= most else f"{text[:most]}..."


def checked_head_start_us(text: str) -> int:
    """``text`` milliseconds (0 to :data:`HEAD_START_MAX_MS`, to the microsecond: a finer one
    is refused, never rounded) in microseconds; else :class:`PlayerError` saying why."""
    ms = Decimal(text.strip()) if DECIMAL.fullmatch(text.strip()) else Decimal("NaN")
    if not (ms.is_finite() and 0 <= ms <= HEAD_START_MAX_MS):
        raise PlayerError(f"head start {cut(text.strip(), 20)!r}: expected a number of "
                          f"milliseconds from 0 (none) to {HEAD_START_MAX_MS}")
    us = ms * 1000
    if us != us.to_integral_value():   # never rounded silently: 0.0005 would remove one
        raise PlayerError(f"head start {cut(text.strip(), 20)!r}: give it to the microsecond at "
                          "finest (three decimals, such as 0.001)")
    return int(us)


def checked_name(text: str, undrawable: Undrawable | None = None) -> str:
    """``text`` trimmed, each run of spaces in it made one (two names that differ only there
    look the same on every screen, and a web page shows them the same), and in Unicode's
    composed form (NFC: "é" typed as one character or as "e" and an accent is one name), if it
    can be a player's name, and one the screen shows as typed when ``undrawable`` says what it
    cannot draw (:func:`refuse_unshown`); else :class:`PlayerError` saying why."""
    name = normal_form(text)
    if not name:
        raise PlayerError("a player's name cannot be empty")
    shown = cut(name, 40)
    if len(name) > NAME_MAX:
        raise PlayerError(f"{shown!r} is {len(name)} characters long: a player's name has "
                          f"at most {NAME_MAX}")
    if not name.isprintable():
        odd = next(char for char in name if not char.isprintable())
        what = unicodedata.name(odd, "a control character").lower()
        raise PlayerError(f"{shown!r} holds a character that cannot be shown: U+{ord(odd):04X} "
                          f"({what}); a name is letters, digits, plain spaces and punctuation")
    if GUEST_LABEL.fullmatch(name):
        raise PlayerError(f"{name!r} is how a guest's seat is shown: choose another name")
    if name_key(name) in {name_key(word) for word in MENU_WORDS}:
        raise PlayerError(f"{name!r} is a names-menu item: choose another name")
    if undrawable is not None:
        refuse_unshown(name, undrawable)
    return name


def refuse_unshown(name: str, undrawable: Undrawable) -> None:
    """A :class:`PlayerError` when the screen would not show ``name`` as typed: a character the
    font lacks (``undrawable``), an emoji, even one the font happens to draw in outline, or a
    letter of a script written right to left, which the screen would set backwards."""
    missing = undrawable(name)
    if missing:
        raise PlayerError(undrawable_words(name, missing))
    emoji = "".join(dict.fromkeys(char for char in name if is_emoji(char)))
    if emoji:
        raise PlayerError(f'the name "{name}" has an emoji or symbol: {listed(emoji)}; a name is '
                          "letters, digits, spaces and punctuation")
    backwards = "".join(dict.fromkeys(char for char in name if is_right_to_left(char)))
    if backwards:
        raise PlayerError(f'the name "{name}" is written right to left: {listed(backwards)}; '
                          "the screen sets every letter left to right, unjoined, so it would "
                          "read backwards: spell it in Latin letters")


def is_right_to_left(char: str) -> bool:
    """Whether ``char`` is a letter of a script written right to left (Arabic, Hebrew, ...):
    the screen's text sets each glyph after the last, left to right, and joins none."""
    return unicodedata.bidirectional(char) in ("R", "AL")


def listed(chars: str) -> str:
    """Each of ``chars`` quoted with its code point: ``"🎲" (U+1F3B2), "★" (U+2605)``."""
    return ", ".join(f'"{char}" (U+{ord(char):04X})' for char in chars)


def is_emoji(char: str) -> bool:
    """Whether ``char`` is an emoji (or asks for one): a "symbol, other" from the arrows on
    (:data:`EMOJI_FROM`), or the emoji style selector. "©" and "°" are not."""
    return char == EMOJI_STYLE or (ord(char) >= EMOJI_FROM and
                                   unicodedata.category(char) == "So")


def undrawable_words(name: str, missing: str) -> str:
    """Why ``name`` is refused, naming each of its characters ``missing`` from the screen's font
    and its code point: ``the name "Ana 🎲" has a character the screen cannot draw: "🎲"
    (U+1F3B2)``."""
    what = "a character" if len(missing) == 1 else "characters"
    return f'the name "{name}" has {what} the screen cannot draw: {listed(missing)}'


def normal_form(text: str) -> str:
    """``text`` as a name is kept: trimmed, each run of spaces made one, composed (NFC)."""
    return unicodedata.normalize("NFC", SPACES.sub(" ", text.strip()))


def name_key(name: str) -> str:
    """What two names that are the same name share, whatever their case, their runs of spaces
    and however their accents were typed (:func:`normal_form`, case-folded)."""
    return normal_form(name).casefold()


def seat_label(seat: int, names: dict[int, str]) -> str:
    """How seat ``seat`` is shown: its player's name, or "P" and its number for a guest (the
    one label of every screen, :func:`companion.games.notnot.words.player_label`)."""
    return player_label(seat, names)


class PlayerStore:
    """The named players of a :class:`Database` and the seats they sat in.

    ``clock`` gives the wall-clock time stamped on a new player.
    """

    def __init__(self, database: Database, clock: Callable[[], str] = utc_now) -> None:
        self.database = database
        self.clock = clock

    def list_players(self) -> list[Player]:
        """Every named player, by name (whatever its case), with the games they sat in."""
        rows = self.database.read(
            "SELECT players.id, players.name, players.created_at, count(seats.game_id), "
            "coalesce((SELECT head_start_us FROM head_starts WHERE player_id = players.id), 0) "
            "FROM players LEFT JOIN seats ON seats.player_id = players.id "
            "GROUP BY players.id", (), "listing the players")
        players = [Player(int(pid), str(name), str(created), int(games), int(start))
                   for pid, name, created, games, start in rows]
        return sorted(players, key=lambda player: (player.name.casefold(), player.id))

    def find(self, name: str) -> Player:
        """The player called ``name`` (whatever its case); :class:`PlayerError` if none is."""
        wanted = name_key(name)
        for player in self.list_players():
            if name_key(player.name) == wanted:
                return player
        raise PlayerError(f"no player is called {name.strip()[:40]!r} "
                          "(companion players list shows them)")

    def _refuse_taken(self, name: str, besides: int | None = None) -> None:
        for player in self.list_players():
            if name_key(player.name) == name_key(name) and player.id != besides:
                holder = f" by {player.name!r}" if player.name != name else ""
                raise PlayerError(f"{name!r} is taken{holder}: choose another name")

    def add(self, name: str, undrawable: Undrawable | None = None) -> Player:
        """Keep a new player called ``name`` (:func:`checked_name`, drawn by the screen when
        ``undrawable`` is given, not taken)."""
        name = checked_name(name, undrawable)
        with self.database.transaction(f"adding the player {name!r}") as db:
            self._refuse_taken(name)
            created = self.clock()
            cursor = db.execute("INSERT INTO players (name, created_at) VALUES (?, ?)",
                                (name, created))
            assert cursor.lastrowid is not None  # an INSERT sets it
            return Player(cursor.lastrowid, name, created)

    def rename(self, old: str, new: str, undrawable: Undrawable | None = None) -> Player:
        """Call the player ``old`` ``new`` from now on, in every kept game too (``new`` as
        :meth:`add` checks it)."""
        new = checked_name(new, undrawable)
        with self.database.transaction(f"renaming the player {old.strip()!r}") as db:
            player = self.find(old)
            self._refuse_taken(new, besides=player.id)
            db.execute("UPDATE players SET name = ? WHERE id = ?", (new, player.id))
            return Player(player.id, new, player.created_at, player.games)

    def first_game_together(self, one: Player, other: Player) -> int | None:
        """The first kept game in which ``one`` and ``other`` both had a seat (``None``: none):
        two people, never merged."""
        return self.database.read(
            "SELECT min(game_id) FROM seats WHERE player_id = ? AND game_id IN "
            "(SELECT game_id FROM seats WHERE player_id = ?)", (one.id, other.id))[0][0]

    def merge(self, source: str, into: str) -> int:
        """Give every seat of the player ``source`` to the player ``into`` and remove
        ``source``; the number of seats given."""
        with self.database.transaction(f"merging the player {source.strip()!r}") as db:
            old, kept = self.find(source), self.find(into)
            if old.id == kept.id:
                raise PlayerError(f"{old.name!r} and {into.strip()!r} are the same player: "
                                  "name two players")
            together = self.first_game_together(old, kept)
            if together is not None:
                raise PlayerError(f"{old.name} and {kept.name} sat at the same table in game "
                                  f"{together}: they are two people, not merged")
            moved = db.execute("UPDATE seats SET player_id = ? WHERE player_id = ?",
                               (kept.id, old.id)).rowcount
            db.execute("DELETE FROM players WHERE id = ?", (old.id,))
            return moved

    def forget(self, name: str) -> int:
        """Remove the player ``name`` from every record: their seats become guests' and their
        row is deleted; the number of seats that became guests'."""
        with self.database.transaction(f"forgetting the player {name.strip()!r}") as db:
            player = self.find(name)
            freed = db.execute("DELETE FROM seats WHERE player_id = ?", (player.id,)).rowcount
            db.execute("DELETE FROM players WHERE id = ?", (player.id,))
            return freed

    def set_head_start(self, name: str, head_start_us: int) -> Player:
        """Give the player ``name`` a head start of ``head_start_us`` µs (0 removes it)."""
        if not 0 <= head_start_us <= HEAD_START_MAX_MS * 1000:
            raise PlayerError(f"a head start is 0 to {HEAD_START_MAX_MS} ms, not "
                              f"{ms_of(head_start_us)} ms")
        with self.database.transaction(f"setting the head start of {name.strip()!r}") as db:
            player = self.find(name)
            db.execute("DELETE FROM head_starts WHERE player_id = ?", (player.id,))
            if head_start_us:
                db.execute("INSERT INTO head_starts (player_id, head_start_us) VALUES (?, ?)",
                           (player.id, head_start_us))
            return Player(player.id, player.name, player.created_at, player.games,
                          head_start_us)

    def games_in_play(self, player_id: int) -> list[int]:
        """The ids of the Not Not games kept unfinished that seat player ``player_id`` (a
        game's head starts are fixed at its start)."""
        return [int(game_id) for (game_id,) in self.database.read(
            "SELECT DISTINCT games.id FROM games JOIN seats ON seats.game_id = games.id "
            "WHERE games.kind = ? AND games.state = ? AND seats.player_id = ?",
            (NOT_NOT, PLAYING, player_id), "finding the games in play that seat a player")]

    def head_starts(self, player_ids: Mapping[int, int]) -> dict[int, int]:
        """The head starts (µs) of the seats in ``player_ids`` (seat -> player id) whose player
        has one; a guest's seat, or a player without one, is left out, and so is a head start
        a damaged file keeps outside 0 to :data:`HEAD_START_MAX_MS` (said in the journal: it
        would judge every race of that player)."""
        starts = dict(self.database.read("SELECT player_id, head_start_us FROM head_starts", (),
                                         "reading the players' head starts"))
        seated = {seat: starts[pid] for seat, pid in sorted(player_ids.items()) if pid in starts}
        for seat, us in seated.items():
            if not is_head_start(us):
                log.warning("the head start of seat %d's player is %r µs, not 0 to %d ms (a "
                            "damaged file): this game has none for them", seat, us,
                            HEAD_START_MAX_MS)
        return {seat: us for seat, us in seated.items() if is_head_start(us)}

    def seat(self, game_id: int, seat: int, player_id: int) -> None:
        """Record that player ``player_id`` sat in seat ``seat`` of kept game ``game_id``."""
        with self.database.transaction(f"seating a player in game {game_id}") as db:
            rows = db.execute("SELECT players FROM games WHERE id = ?", (game_id,)).fetchall()
            if not rows:
                raise PlayerError(f"no game {game_id} is kept")
            if not 1 <= seat <= int(rows[0][0]):
                raise PlayerError(f"game {game_id} has seats 1 to {rows[0][0]}, not {seat}")
            names = db.execute("SELECT name FROM players WHERE id = ?", (player_id,)).fetchall()
            if not names:
                raise PlayerError(f"no player has the id {player_id}")
            taken = db.execute("SELECT seat FROM seats WHERE game_id = ? AND player_id = ? "
                               "AND seat != ?", (game_id, player_id, seat)).fetchall()
            if taken:
                raise PlayerError(f"{names[0][0]} sits in seat {taken[0][0]} of game {game_id} "
                                  "already: a player sits once at a table")
            db.execute("INSERT OR REPLACE INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)",
                       (game_id, seat, player_id))

    def seat_players(self, game_id: int) -> dict[int, str]:
        """The named players of kept game ``game_id``, by seat (a guest's seat is left out)."""
        return {seat: player.name for seat, player in self.seated(game_id).items()}

    def seated(self, game_id: int) -> dict[int, Player]:
        """The named players of kept game ``game_id`` (their ids and names), by seat (a guest's
        seat is left out)."""
        return {int(seat): Player(int(pid), str(name), str(created)) for seat, pid, name, created
                in self.database.read(
                    "SELECT seats.seat, players.id, players.name, players.created_at FROM seats "
                    "JOIN players ON players.id = seats.player_id WHERE seats.game_id = ? "
                    "ORDER BY seats.seat", (game_id,), f"reading the players of game {game_id}")}


def forgot_words(name: str, freed: int) -> str:
    """What :meth:`PlayerStore.forget` did to the player ``name`` whose ``freed`` seats became
    guests', in a line: ``forgot Ana: 2 seats became guests'``."""
    return f"forgot {name}: " + ("1 seat became a guest's" if freed == 1
                                 else f"{freed} seats became guests'")


def is_head_start(us: object) -> bool:
    """Whether ``us`` is a head start a game may be played with: whole microseconds from 0 to
    :data:`HEAD_START_MAX_MS` ms."""
    return type(us) is int and 0 <= us <= HEAD_START_MAX_MS * 1000


def table_head_starts(database: Database, player_ids: Mapping[int, int],
                      handicaps: bool) -> dict[int, int]:
    """The head starts (µs) of the seated players ``player_ids`` (seat -> player id) when
    ``handicaps`` is on; none when it is off."""
    return PlayerStore(database).head_starts(player_ids) if handicaps else {}
