"""``companion wiring``: draw the wiring diagrams and pin tables from the pin map; the parts list.

``--out DIR`` writes the diagrams, the pin tables, the parts list (``BOM.md``)
and a README linking them all; ``--bom FILE`` puts the parts list at ``FILE``
instead (alone, it writes just the parts list). A folder written before loses the files
that run wrote and this one does not (a 4-player diagram drawn again for 2), said in one
line; nothing else in it is touched (see :mod:`companion.tools.wiring.folder`). Pads the kiosk
can never seat (``companion config --check``'s line) are said in a note and drawn all the same.
"""

from __future__ import annotations

import argparse
import os
import sys

from companion.config import settings as config
from companion.config.reading import named_path
from companion.tools.argtypes import UsageError, folder_name, output_file

NAME = "wiring"
HELP = ("write wiring diagrams (SVG, PNG) and printable pin tables from the pin map, and the "
        "shipped builds' parts list")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", metavar="DIR", type=folder_name,
                        help="write the diagrams, pin tables, parts list and their README into "
                             "DIR, removing the files an earlier run wrote there that this one "
                             "does not")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--config", metavar="FILE",
                        help="the config to draw (default: the active config, "
                             "else the shipped map)")
    source.add_argument("--shipped-map", action="store_true",
                        help="ignore any config file and draw the shipped default map "
                             "(how the repository's wiring/ folder is made)")
    parser.add_argument("--players", metavar="N[,N...]",
                        help="draw the header for pads 1 to N, for each N: from the fewest "
                             "players a game takes to the number of GPIO pads (default: every "
                             "even count up to the number of GPIO pads, and that number)")
    parser.add_argument("--bom", metavar="FILE", type=output_file,
                        help="write the parts list of the shipped builds (2-6 players on "
                             "GPIO, 4 and 6 on the serial controller, each from its shipped "
                             "map, LEDs as an option) to FILE (default with --out: DIR/BOM.md)")


def player_counts(text: str | None) -> list[int] | None:
    """``"2,4"`` -> ``[2, 4]``; ``None`` stays ``None`` (the default counts)."""
    if text is None:
        return None
    counts = []
    for item in text.split(","):
        try:
            counts.append(int(item.strip()))
        except ValueError:
            raise UsageError(f"--players {text}: {item.strip()!r} is not a whole number "
                             "(write counts like 2,4,6)") from None
    return counts


def run(args: argparse.Namespace) -> int:
    if not args.out and not args.bom:
        raise UsageError("say where to write: --out DIR (diagrams, tables and parts list) "
                         "and/or --bom FILE (parts list)")
    from companion.tools.wiring import bom, folder, generate  # pygame only when drawing

    written = []
    if args.out:
        path, named_by = (None, "") if args.shipped_map else \
            named_path(args.config, "COMPANION_CONFIG", config.find)
        loaded = config.load(path, named_by)
        if not loaded.gpio.enabled:
            print(f"companion: note: {loaded.source} has [gpio] enabled = false: the header "
                  "diagrams show its GPIO pin map, which the kiosk does not read now",
                  file=sys.stderr)
        never = config.pads_never_seated(loaded)
        if never:   # drawn all the same: the map as the file has it, to wire or to correct
            print(f"companion: note: {loaded.source}: {never}", file=sys.stderr)
        parts_list = os.path.relpath(args.bom, args.out) if args.bom else None
        files = generate.wiring_files(loaded, player_counts(args.players), parts_list)
        beside = [parts_list] if parts_list and os.path.dirname(parts_list) == "" else []
        result = folder.write(files, args.out, beside)
        written += result.paths
        if result.removed:
            print(f"companion: note: removed from {args.out} what an earlier run drew and this "
                  f"one does not: {', '.join(result.removed)}", file=sys.stderr)
        if result.unlisted:
            print(f"companion: note: {args.out} also holds {', '.join(result.unlisted)}, not "
                  "drawn now and not on its list of drawn files: left as they are (an older "
                  "drawing? remove them by hand if so)", file=sys.stderr)
    if args.bom:
        written += bom.write(args.bom)
    for path in written:
        print(path)
    return 0
