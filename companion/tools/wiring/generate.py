"""Every wiring file for a config: diagrams (SVG and PNG), pin tables, and the guide.

:func:`wiring_files` returns the files as ``{name: bytes}`` in a fixed order,
the same bytes for the same config every time; :func:`companion.tools.wiring.folder.write`
puts them in a folder. ``companion wiring --out DIR`` is these two calls.

Files for the ``[gpio]`` map: ``gpio-<n>-players.svg``/``.png`` for each
player count (the pads of its n lowest-numbered players, plus the control buttons and
dealer pad), and
``gpio-pins.md`` with a table per pad. For the serial controller:
``<board>.svg``/``.png`` and ``<board>-pins.md`` (see
:mod:`companion.tools.wiring.arduino`). ``BOM.md`` is the parts list (see
:mod:`companion.tools.wiring.bom`), unless it is written elsewhere. ``README.md``
explains how to wire one pad, embeds every diagram and links the parts list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.config.settings import Config, players_named
from companion.tools.argtypes import UsageError
from companion.tools.wiring import arduino, bom, guide, header, png
from companion.tools.wiring.svg import Drawing
from companion.tools.wiring.uses import gpio_uses


@dataclass(frozen=True)
class Diagram:
    """A generated diagram: its file stem (``gpio-4-players``), its title and drawing."""

    stem: str
    title: str
    drawing: Drawing


def default_counts(pads: int) -> list[int]:
    """The player counts drawn when none are asked for: every even count up to
    ``pads``, and ``pads`` itself (6 pads -> 2, 4, 6; 3 pads -> 2, 3)."""
    return sorted(set(range(2, pads + 1, 2)) | ({pads} if pads else set()))


def fewest_players() -> int:
    """The fewest players any game of the kiosk takes: Not Not's set-up menu, Not That
    Movie!'s rules, That's Not a Hat with two gifts each. A drawing for fewer players would
    wire a table no game can be played at."""
    from companion.games.hat.rules import MIN_PLAYERS_WITH_TWO_GIFTS
    from companion.games.movie.rules import MIN_PLAYERS as MOVIE_MIN_PLAYERS
    from companion.scenes.notnot.setup import MIN_PLAYERS as NOT_NOT_MIN_PLAYERS

    return min(NOT_NOT_MIN_PLAYERS, MOVIE_MIN_PLAYERS, MIN_PLAYERS_WITH_TWO_GIFTS)


def check_counts(counts: Sequence[int], config: Config) -> None:
    """Every asked count must be between :func:`fewest_players` and the number of GPIO pads
    of ``config``."""
    pads, fewest = len(config.gpio.pads), fewest_players()
    for count in counts:
        if fewest <= count <= pads:
            continue
        if pads < fewest:
            raise UsageError(f"--players {count}: {config.source} has {pads} GPIO "
                             f"pad{'' if pads == 1 else 's'} and every game needs at least "
                             f"{fewest} players: leave out --players to draw its pads")
        why = (f"every game needs at least {fewest} players" if count < fewest
               else f"{config.source} has {pads} GPIO pads")
        raise UsageError(f"--players {count}: {why}, so draw {fewest} to {pads} players")


def gpio_diagrams(config: Config, counts: Sequence[int]) -> list[Diagram]:
    """The header diagram of the ``[gpio]`` pads of ``config``'s n lowest-numbered players,
    for each n in ``counts`` (a game of n seats players 1 to n, whatever order the file
    lists their pads in)."""
    gpio = config.gpio
    by_player = sorted(gpio.pads, key=lambda pad: pad.player)
    diagrams = []
    for count in counts:
        pads = by_player[:count]
        uses = gpio_uses(pads, gpio.controls, gpio.dealer)
        players = "1 player" if count == 1 else f"{count} players"
        title = f"Raspberry Pi 40-pin header: {players} on GPIO"
        subtitle = (f"{config.source}, [gpio] pads of {players_named([p.player for p in pads])}; "
                    "drawn by companion wiring")
        diagrams.append(Diagram(f"gpio-{count}-players", title,
                                header.draw(uses, title, subtitle, pull_up=gpio.pull_up)))
    return diagrams


def diagrams(config: Config, counts: Sequence[int] | None = None) -> list[Diagram]:
    """Every diagram for ``config``: the header for each of ``counts`` (default:
    :func:`default_counts` of the config's pads), then each serial board."""
    if counts is None:
        counts = default_counts(len(config.gpio.pads))
    else:
        check_counts(counts, config)
    found = gpio_diagrams(config, counts)
    for board in arduino.boards_to_draw(config):
        found.append(Diagram(board, arduino.title(board, config), arduino.diagram(board, config)))
    return found


def pin_tables(config: Config) -> dict[str, tuple[str, str]]:
    """File name -> ``(title, Markdown)`` of every pin table for ``config``."""
    gpio = config.gpio
    found = {}
    if gpio.pads or gpio.controls or gpio.dealer:
        title = "Pin tables: Raspberry Pi GPIO header"
        uses = gpio_uses(gpio.pads, gpio.controls, gpio.dealer)
        found["gpio-pins.md"] = (title, header.pin_tables(uses, title, pull_up=gpio.pull_up))
    for board in arduino.boards_to_draw(config):
        found[f"{board}-pins.md"] = arduino.pin_tables(board, config)
    return found


#: The parts list's file name in a wiring folder.
PARTS_LIST = "BOM.md"


def wiring_files(config: Config, counts: Sequence[int] | None = None,
                 parts_list: str | None = None) -> dict[str, bytes]:
    """Every wiring file for ``config``, by file name, in name order. ``counts``:
    the GPIO player counts to draw (default: :func:`default_counts`).
    ``parts_list``: where the parts list is, relative to the folder (``None``:
    it is written into the folder as :data:`PARTS_LIST`)."""
    drawn = diagrams(config, counts)
    tables = pin_tables(config)
    files = {name: text.encode() for name, (_, text) in tables.items()}
    for diagram in drawn:
        files[f"{diagram.stem}.svg"] = diagram.drawing.svg().encode()
        files[f"{diagram.stem}.png"] = png.png_bytes(diagram.drawing)
    if parts_list is None:
        parts_list = PARTS_LIST
        files[PARTS_LIST] = bom.document(bom.builds()).encode()
    files["README.md"] = guide.readme(config, [(d.stem, d.title) for d in drawn],
                                      [(name, title) for name, (title, _) in tables.items()],
                                      parts_list).encode()
    return dict(sorted(files.items()))

