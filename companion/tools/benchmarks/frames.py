"""``companion bench frames``: the frame budget alone, offscreen or on this machine's screen.

The play frames of :mod:`.play_frames` (the tumble, the countdown, a verdict, a verdict with
its tap timeline; each size, each rotation, p99 against a bare full-screen blit of the same
size), as ``companion bench latency`` reports them, without its other figures. By default
they are drawn on SDL's dummy driver at 800x480, 1280x720 and 1920x1080, where a flip shows
nothing. ``--on-screen`` draws them fullscreen on the display this machine has, opened as
the kiosk's service opens it (on a Pi's console: KMSDRM on the card with a connected screen),
at the screen's own size: the floor's flip then presents a real frame, and the figures are the
ones a table's screen sees. On a Pi, stop the kiosk first (``sudo systemctl stop companion``:
one program at a time may drive the screen).
"""

from __future__ import annotations

import argparse
import json
import tempfile

from companion.tools.argtypes import whole_number
from companion.tools.benchmarks import options, play_frames

NAME = "frames"
HELP = "the frame budget alone: play frames against a bare blit, offscreen or on this screen"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--on-screen", action="store_true",
                        help="draw fullscreen on this machine's display, at its own size (on "
                             "a Pi: stop the kiosk first), instead of offscreen at three sizes")
    parser.add_argument("--rounds", type=whole_number(1, 10_000, "rounds"), default=20,
                        metavar="N",
                        help="rounds played at each size and rotation (default 20)")
    options.add_seed(parser, "the simulated table's taps")
    options.add_json(parser)


def run(args: argparse.Namespace) -> int:
    sizes = [None] if args.on_screen else list(play_frames.SIZES)
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        report = play_frames.measure_budget(args.rounds, args.seed, folder, sizes,
                                            args.on_screen)
    if args.json:
        print(json.dumps(report))
    else:
        for line in play_frames.summary_lines(report):
            print(line)
    return 0 if report["met"] else 1
