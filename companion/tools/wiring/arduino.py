"""The Arduino Nano and Mega diagrams of the serial controller's pin map.

The boards, their button pins and their default pin -> (player, side) maps
belong to :mod:`companion.boards.avr`; this module only knows where each
pin sits on the board, to draw it (:data:`LAYOUTS`: the board's headers as
printed on the silkscreen, a pin's name as the board labels it). A config
with ``[[serial.pads]]`` is drawn for its ``serial.board``; otherwise each
board is drawn with its default map.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from companion.boards import avr as boards
from companion.config.settings import Config
from companion.errors import CompanionError
from companion.tools.wiring import electrics, parts, tables
from companion.tools.wiring.svg import Drawing
from companion.tools.wiring.uses import Use, ground_returns, groups, pad_uses, return_tags

POWER_NAMES = ("5V", "3V3", "VIN")
RESERVED_NAMES = ("RST", "AREF", "IOREF", "RX0", "TX0", "TX1", "A6", "A7")

#: A header of a board: its caption and its rows of pin names (one or two per row).
#: A ground pin is written ``"GND (where)"``: the part in brackets tells the
#: grounds apart in cards and tables; the board prints ``GND``.
Header = tuple[str, tuple[tuple[str, ...], ...]]


def _column(*names: str) -> tuple[tuple[str, ...], ...]:
    return tuple((name,) for name in names)


def _digital(first: int, last: int) -> list[str]:
    step = 1 if last >= first else -1
    return [f"D{number}" for number in range(first, last + step, step)]


#: Where the pins sit, board by board: columns of headers, left to right, each
#: header drawn top to bottom. Seen from above with the USB socket at the top
#: (Nano) or at the left (Mega).
LAYOUTS: dict[str, tuple[tuple[Header, ...], ...]] = {
    "nano": (
        (("Nano, USB socket at the top", tuple(zip(
            ("D13", "3V3", "AREF", "A0", "A1", "A2", "A3", "A4", "A5", "A6", "A7", "5V", "RST",
             "GND (by VIN)", "VIN"),
            ("D12", "D11", "D10", "D9", "D8", "D7", "D6", "D5", "D4", "D3", "D2", "GND (by D2)",
             "RST", "RX0", "TX1"),
        ))),),
    ),
    "mega": (
        (("Double header (far end)", (("5V", "5V"),) + tuple(
            (f"D{even}", f"D{even + 1}") for even in range(22, 54, 2)) + (
            ("GND (end 1)", "GND (end 2)"),)),),
        (("PWM header", _column("GND (PWM)", *_digital(13, 2), "TX0", "RX0")),
         ("Communication header", _column(*_digital(14, 21)))),
        (("Analog header", _column(*(f"A{number}" for number in range(16)))),
         ("Power header", _column("IOREF", "RST", "3V3", "5V", "GND (power 1)",
                                  "GND (power 2)", "VIN"))),
    ),
}


def boards_to_draw(config: Config) -> list[str]:
    """The boards to draw: the config's ``serial.board`` if it wires serial pads,
    else every board, with its default map."""
    if config.serial.pads:
        if config.serial.board not in boards.BOARDS:
            raise CompanionError(f"{config.source}: serial.board = \"{config.serial.board}\" is "
                                 f"not a board (choose from {', '.join(boards.BOARDS)})")
        return [config.serial.board]
    return [name for name in boards.BOARDS if name in LAYOUTS]


def board_uses(board: str, config: Config) -> list[Use]:
    """The wired pins of ``board``: the config's serial pads, or the board's default map."""
    if config.serial.pads and config.serial.board == board:
        return pad_uses(config.serial.pads)
    return default_uses(board)


def default_uses(board: str) -> list[Use]:
    """The wired pins of ``board``'s default map (pad after pad, N E S W)."""
    default = boards.BOARDS[board].default_map()
    return [Use(name, "button", player, side) for name, (player, side) in default.items()]


def spot(name: str) -> parts.Spot:
    """A board pin as a diagram spot, by its layout name."""
    printed = name.split(" (")[0]
    kind = ("ground" if printed == "GND" else "power" if printed in POWER_NAMES
            else "reserved" if printed in RESERVED_NAMES else "io")
    return parts.Spot(name, "", printed, kind)


def layout_names(board: str) -> list[str]:
    """Every pin name of ``board``'s layout, column by column, top to bottom, left to right."""
    return [name for column in LAYOUTS[board] for _, rows in column for row in rows for name in row]


def position(board: str) -> Callable[[str], int]:
    """A pin's place along the layout (for picking the nearest ground)."""
    order = {name: index for index, name in enumerate(layout_names(board))}
    return lambda pin: order[pin]


def returns_of(board: str, uses: Sequence[Use]) -> dict[str, Hashable]:
    grounds = [name for name in layout_names(board) if name.startswith("GND")]
    return ground_returns(uses, grounds, position(board))


def name_pin(pin: str) -> tuple[str, str]:
    return pin, ""


def ground_name(pin: str) -> str:
    return pin


def draw(board: str, uses: Sequence[Use], heading: str, subtitle: str) -> Drawing:
    """The diagram of ``board`` with ``uses`` wired."""
    used = {use.pin: use for use in uses}
    returns = returns_of(board, uses)
    ground_labels = return_tags(returns, lambda pin: "GND")
    tag_w = parts.tag_width([use.label for use in uses] + list(ground_labels.values()))
    d = Drawing(0, 0)
    parts.title(d, heading, subtitle)
    top = 150
    x, bottom = _headers(d, board, top, used, ground_labels, tag_w)
    by_group = groups(uses)
    style = parts.FULL if len(by_group) <= 6 else parts.COMPACT
    cards_y: float
    if len(by_group) <= 4:   # cards beside the board, two by two
        cards_x, cards_y, columns = x, top - 40, 2
    else:                    # cards under the board, as many to a row as fit
        cards_x, cards_y = parts.MARGIN, bottom + 40
        columns = max(2, int((x - parts.MARGIN) // (style.w + parts.CARD_GAP)))
    end = parts.cards(d, cards_x, cards_y, by_group, returns, columns, name_pin, ground_name, style)
    d.width = int(max(x, cards_x + columns * (style.w + parts.CARD_GAP))
                  - parts.CARD_GAP + parts.MARGIN)
    end = parts.legend(d, parts.MARGIN, max(bottom, end) + 36, [
        "Each button: a normally-open switch between its pin and GND; the controller's "
        "internal pull-up holds it high.",
        "A pad's four switches share one black wire to the GND pin named on its card.",
        "Never wire a button to 5V. Colours mark players; the pin tables suggest wire colours.",
    ])
    d.height = int(end + parts.MARGIN)
    return d


def _headers(d: Drawing, board: str, top: float, used: Mapping[Hashable, Use],
             ground_labels: Mapping[Hashable, str], tag_w: float) -> tuple[float, float]:
    """Draw the board's headers column by column from ``top``; returns ``(right x, bottom y)``."""
    x: float
    x, bottom = parts.MARGIN, top
    for column in LAYOUTS[board]:
        y, two = top, any(len(row) == 2 for _, rows in column for row in rows)
        for caption, rows in column:
            d.text(x, y - 40, caption, size=17, fill=parts.INK)
            spots = [(spot(row[0]), spot(row[1]) if len(row) == 2 else None) for row in rows]
            end = parts.connector(d, x, y, spots, used, ground_labels, tag_w)
            bottom, y = max(bottom, end), end + 80
        x += parts.connector_width(tag_w, 2 if two else 1) + 40
    return x, bottom


def title(board: str, config: Config) -> str:
    """``"Arduino Nano serial controller: 4 players"``."""
    players = len(groups(board_uses(board, config)))
    return f"Arduino {board.title()} serial controller: {players} players"


def diagram(board: str, config: Config) -> Drawing:
    """The diagram of ``board`` as ``config`` wires it (or with its default map)."""
    source = (f"{config.source}, [serial] pads" if config.serial.pads
              else "the board's default map (companion.boards.avr)")
    return draw(board, board_uses(board, config), title(board, config),
                f"{source}; drawn by companion wiring")


def pin_tables(board: str, config: Config) -> tuple[str, str]:
    """``(title, Markdown)``: the printable pin tables of ``board`` for ``config``."""
    uses = board_uses(board, config)
    heading = f"Pin tables: Arduino {board.title()}"
    intro = (f"One table per pad: wire each row from the button to the pin of the Arduino "
             f"{board.title()} printed on the board. Wire colours are suggestions: the same "
             "colour for a side on every pad, black for ground.")
    return heading, tables.document(heading, intro, uses, returns_of(board, uses),
                                    [("Board pin", str)], electrics.AVR.volts)
