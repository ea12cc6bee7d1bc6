"""``companion firmware-sim``: run the controller firmware in simavr and show what the host decodes.

``--stimulus FILE`` drives the pins as the file says (see
:mod:`companion.serial.sim`) and prints the decoded edges with their stamps
in microseconds since power-on. ``--compare`` runs our firmware and the naive
baseline on the same press pairs and prints, per gap, the share of pairs each
orders right and each one's worst stamp error.
"""

from __future__ import annotations

import json

from companion.argtypes import whole_number
from companion.serial.boards import BOARDS
from companion.serial.comparison import GAPS_US, compare, stamping_errors
from companion.serial.sim import load_stimulus, run_controller

NAME = "firmware-sim"
HELP = "run the serial controller firmware in simavr on a stimulus, or compare it with a naive one"


def add_arguments(parser) -> None:
    parser.add_argument("--board", choices=sorted(BOARDS), default="nano",
                        help="the controller board to simulate (default: nano)")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--stimulus", metavar="FILE",
                      help='JSON {"presses": [{"pin", "at_us", "release_us", "bounce_us"}]}')
    what.add_argument("--compare", action="store_true",
                      help=f"ours vs naive at press gaps of {', '.join(map(str, GAPS_US))} us")
    what.add_argument("--stamping", action="store_true",
                      help="single presses on every pin: stamp error by interrupt or polling")
    parser.add_argument("--pairs", type=whole_number(1, 500, "pairs"), default=24, metavar="N",
                        help="press pairs per gap for --compare (default: 24)")
    parser.add_argument("--json", action="store_true", help="print JSON")


def run(args) -> int:
    board = BOARDS[args.board]
    if args.compare:
        report = compare(board, args.pairs)
        print(json.dumps(report, indent=2) if args.json else _table(report))
        return 0
    if args.stamping:
        report = stamping_errors(board)
        if args.json:
            print(json.dumps(report, indent=2))
        else:
            for kind, row in report["stamping"].items():
                print(f"{kind:>6}: {row['pins']:>2} pins, median {row['median_error_us']:.1f} us, "
                      f"worst {row['worst_error_us']:.1f} us")
        return 0
    result = run_controller(board, load_stimulus(args.stimulus, board))
    if args.json:
        print(json.dumps(result.as_json(), indent=2))
    else:
        for event in result.events:
            print(f"{event['t_us']:>14.1f} us  {event['pin']:<4} {event['edge']}")
        print(f"frames {result.frames}, CRC errors {result.crc_errors}, lost {result.lost}, "
              f"overflows {result.overflows}")
    return 0


def _table(report: dict) -> str:
    lines = [f"{report['board']}: {report['pairs_per_gap']} pairs per gap; "
             "ordered / worst error / worst jitter (us)",
             f"{'gap us':>7}  {'ours':>24}  {'naive':>24}"]
    for row in report["rows"]:
        cells = [f"{r['ordered']:>7.1%} {r['worst_error_us']:>7.1f} {r['worst_jitter_us']:>7.1f}"
                 + (f" ({r['missing']} missing)" if r["missing"] else "")
                 for r in (row["ours"], row["naive"])]
        lines.append(f"{row['gap_us']:>7}  {cells[0]:>24}  {cells[1]:>24}")
    return "\n".join(lines)
