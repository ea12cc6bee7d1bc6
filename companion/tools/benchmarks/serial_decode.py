"""``companion bench serial-decode``: how fast the host decodes controller frames.

Encodes N edge frames (seeded, random pins and stamps), feeds them to a
clock-synced :class:`~companion.inputs.serial.reader.ControllerLink` in 64-byte reads,
and times it. At 1,000,000 baud a controller can send at most about 7,700
edge frames a second; the figure shows the host's margin over that.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from companion.boards.avr import NANO
from companion.inputs.serial.protocol import Edge, Hello, Pong, encode
from companion.inputs.serial.reader import ControllerLink
from companion.tools.argtypes import whole_number
from companion.tools.benchmarks import options

NAME = "serial-decode"
HELP = "time the host's serial frame decoder over many edge frames"
LINE_FRAMES_PER_SECOND = 1_000_000 / 10 / 13  # 13 wire bytes per edge frame, 10 bits a byte


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=whole_number(1, 10_000_000, "frames"), default=200_000,
                        metavar="N", help="edge frames to decode (1 to 10000000, default 200000)")
    options.add_seed(parser, "the random pins and stamps")
    options.add_json(parser)


def run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    ticks = sorted(rng.randrange(1 << 40) for _ in range(args.frames))
    wire = b"".join(encode(Edge(rng.randrange(len(NANO.pins)), True, t), seq)
                    for seq, t in enumerate(ticks))
    link = ControllerLink(board=NANO)
    link.feed(encode(Hello(1, 2, 5000, 0, "nano", NANO.pin_names)), 0)
    link.ping(0)
    link.feed(encode(Pong(1, 0), 1), 0)
    start = time.perf_counter()
    taps = 0
    for at in range(0, len(wire), 64):
        taps += len(link.feed(wire[at:at + 64], 0))
    seconds = time.perf_counter() - start
    report = {"frames": args.frames, "taps": taps, "bytes": len(wire), "seconds": round(seconds, 3),
              "frames_per_second": round(args.frames / seconds),
              "times_line_rate": round(args.frames / seconds / LINE_FRAMES_PER_SECOND, 1)}
    print(json.dumps(report) if args.json else
          f"{taps} taps from {args.frames} frames in {seconds:.2f} s "
          f"({report['frames_per_second']}/s, {report['times_line_rate']}x the line's maximum)")
    return 0 if taps == args.frames else 1
