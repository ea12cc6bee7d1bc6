"""``companion firmware-sim``: run the controller firmware in simavr and show what the host decodes.

``--stimulus FILE`` drives the pins as the file says (see
:mod:`companion.simulation.firmware_sim.simavr`) and prints the decoded edges with their stamps
in microseconds since power-on. ``--compare`` runs our firmware and the naive
baseline on the same press sets (same-port pairs, cross-port pairs, bursts of
eight on two ports; :mod:`companion.simulation.firmware_sim.comparison`) and prints, per kind
and gap, the share of sets each orders right and each one's worst stamp error.
"""

from __future__ import annotations

import argparse
import json

from companion.boards.avr import BOARDS
from companion.simulation.firmware_sim.comparison import GAPS_US, compare, stamping_errors
from companion.simulation.firmware_sim.simavr import load_stimulus, run_controller
from companion.tools.argtypes import UsageError, file_name, whole_number

NAME = "firmware-sim"
HELP = "run the serial controller firmware in simavr on a stimulus, or compare it with a naive one"
#: Press sets per kind and gap for ``--compare`` unless ``--pairs`` says.
PAIRS = 24


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--board", choices=sorted(BOARDS), default="nano",
                        help="the controller board to simulate (default: nano)")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--stimulus", metavar="FILE", type=file_name,
                      help='JSON {"presses": [{"pin", "at_us", "release_us", "bounce_us"}]}')
    what.add_argument("--compare", action="store_true",
                      help="ours vs naive on same-port pairs, cross-port pairs and bursts "
                           f"at press gaps of {', '.join(map(str, GAPS_US))} us")
    what.add_argument("--stamping", action="store_true",
                      help="single presses on every pin: stamp error by kind of interrupt")
    parser.add_argument("--pairs", type=whole_number(1, 500, "pairs"), metavar="N",
                        help="press sets (pairs or bursts) per kind and gap for --compare "
                             f"(default: {PAIRS})")
    parser.add_argument("--json", action="store_true", help="print JSON")


def run(args: argparse.Namespace) -> int:
    board = BOARDS[args.board]
    if args.pairs is not None and not args.compare:
        raise UsageError("--pairs counts the press sets of --compare: it does nothing here")
    if args.compare:
        report = compare(board, args.pairs or PAIRS)
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
    lines = [f"{report['board']}: {report['sets_per_gap']} sets per kind and gap; "
             "ordered / worst error / worst jitter (us) / reversed sets",
             f"{'kind':<10} {'gap us':>6}  {'ours':>27}  {'naive':>27}"]
    for row in report["rows"]:
        cells = [_cell(r) for r in (row["ours"], row["naive"])]
        lines.append(f"{row['kind']:<10} {row['gap_us']:>6}  {cells[0]:>27}  {cells[1]:>27}")
    lines.append(f"worst stamp error, ours: {report['worst_error_us']:.1f} us")
    return "\n".join(lines)


def _cell(result: dict | None) -> str:
    if result is None:
        return "-"
    ordered = "-" if result["ordered"] is None else f"{result['ordered']:.1%}"
    return (f"{ordered:>7} {result['worst_error_us']:>7.1f} {result['worst_jitter_us']:>7.1f}"
            f" {result['reversed_sets']:>3}"
            + (f" ({result['missing']} missing)" if result["missing"] else ""))
