"""The README's performance table, written from one ``companion bench all --json`` object.

``python -m companion.tools.perf_table RESULTS.json README.md`` replaces what lies between
:data:`BEGIN` and :data:`END` in the README with :func:`markdown` of the results (``make
perf-table`` measures and writes both). Each row gives the figure this run measured and,
where the benchmark has one, the figure against its floor in the same run
(:mod:`companion.tools.benchmarks.floors`): the part of a figure that is the code's, not
the machine's.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

from companion.errors import CompanionError

BEGIN = "<!-- performance table: written by `make perf-table`, do not edit -->"
END = "<!-- end of the performance table -->"

#: One row: what is measured, its figure, the figure against its floor ("" when it has none),
#: and the command that measures it; each cell made from the benchmarks' reports.
Row = tuple[str, Callable[[dict], str], Callable[[dict], str], str]


def ms(value: float) -> str:
    return f"{value:.2f} ms"


#: The frame sizes the table shows, in its order (the latency benchmark's keys).
FRAME_SIZES = ("1920x1080", "800x480", "1920x1080@90")


def frames(report: dict, key: str) -> str:
    return " / ".join(ms(report[key][size]["p50"]) for size in FRAME_SIZES)


def worst_play_frame(play: dict) -> str:
    """The play frame whose p99 is the most blits of its size: its time, kind and screen."""
    ratio, kind, size, rotation = max(
        (k["p99_to_blit"], kind, size, rotation)
        for size, entry in play["sizes"].items()
        for rotation, kinds in entry["rotations"].items() for kind, k in kinds.items())
    p99 = play["sizes"][size]["rotations"][rotation][kind]["p99_ms"]
    return f"{ms(p99)} ({kind} at {size} turned {rotation}°)"


ROWS: tuple[Row, ...] = (
    ("mock pin edge to the display flip showing the verdict, SDL offscreen: p50 / p99",
     lambda b: f"{ms(b['latency']['edge_to_verdict_ms']['p50'])} / "
               f"{ms(b['latency']['edge_to_verdict_ms']['p99'])}",
     lambda b: f"p50 {ms(b['latency']['edge_to_verdict_beyond_waits_ms']['p50'])} beyond the "
               f"{b['latency']['edge_to_verdict_beyond_waits_ms']['waits_ms']:g} ms the round "
               "waits by design (tie window, settle)",
     "`companion bench latency --json`"),
    ("full-frame render: 1920x1080 / 800x480 / 1920x1080 rotated 90°, p50",
     lambda b: frames(b["latency"], "render_full_frame_ms"),
     lambda b: " / ".join(f"{b['latency']['render_to_bare_present'][size]:g}x"
                          for size in FRAME_SIZES)
               + " a bare full-screen copy and present",
     "`companion bench latency --json`"),
    ("play frames (tumble, countdown, verdict, verdict with its timeline) at 800x480, "
     "1280x720 and 1920x1080, each rotation: the worst p99",
     lambda b: worst_play_frame(b["latency"]["play_frames"]),
     lambda b: f"{b['latency']['play_frames']['worst_p99_to_blit']:g}x a bare full-screen "
               f"blit of its size (budget {b['latency']['play_frames']['budget_x_blit']:g}x)",
     "`companion bench latency --json`"),
    ("idle CPU while a round waits for taps",
     lambda b: f"{b['latency']['idle_cpu_share_of_one_core']:.2%} of one core",
     lambda b: "", "`companion bench latency --json`"),
    ("`companion judge`, random cases, process start to last answer",
     lambda b: f"{b['judge']['cases']:,} cases in {b['judge']['seconds']:.2f} s "
               f"({b['judge']['cases_per_second']:,} cases/s)",
     lambda b: f"{b['judge']['to_plain_loop']:g}x a plain loop parsing the same JSON lines "
               f"({b['judge']['cpu_to_plain_loop']:g}x in processor time)",
     "`companion bench judge --json`"),
    ("GPIO edge to event queue, mock pins, real input code: p50 / p99",
     lambda b: f"{b['inputs']['edge_to_queue_us']['p50']:.1f} µs / "
               f"{b['inputs']['edge_to_queue_us']['p99']:.1f} µs; {b['inputs']['lost']} "
               "presses lost",
     lambda b: "", "`companion bench inputs --json`"),
    ("saving one finished round (round + snapshot, one transaction, WAL, synchronous=FULL): "
     "median / p99",
     lambda b: f"{ms(b['storage']['save_ms_median'])} / {ms(b['storage']['save_ms_p99'])}",
     lambda b: f"{b['storage']['median_to_bare_insert']:g}x a bare SQLite insert of the same "
               "bytes",
     "`companion bench storage --json`"),
    ("saving one entry of the other two games: median (movie / hat)",
     lambda b: f"{ms(b['games-save']['not-that-movie']['save_ms_median'])} / "
               f"{ms(b['games-save']['thats-not-a-hat']['save_ms_median'])}",
     lambda b: "", "`companion bench games-save --json`"),
    ("host serial frame decoder",
     lambda b: f"{b['serial-decode']['frames_per_second']:,} frames/s "
               f"({b['serial-decode']['times_line_rate']:g}x a 1 Mbaud line)",
     lambda b: "", "`companion bench serial-decode --json`"),
)


def markdown(results: dict) -> str:
    """The performance table for ``results`` (one ``companion bench all --json`` object), with
    the machine and the date it was measured on."""
    box = results["machine"]
    lines = [f"Measured by `companion bench all --json` on {results['measured_at'][:10]}, "
             f"{box['system']} {box['machine']}, {box['cpus']} CPUs, Python {box['python']} "
             f"(the whole run: {results['seconds']:g} s):", "",
             "| what | this run | against its floor in the same run | command |",
             "| --- | --- | --- | --- |"]
    reports = results["benchmarks"]
    for what, figure, floor, command in ROWS:
        lines.append(f"| {what} | {figure(reports)} | {floor(reports) or '-'} | {command} |")
    return "\n".join(lines)


def with_table(readme: str, table: str) -> str:
    """``readme`` with the text between :data:`BEGIN` and :data:`END` replaced by ``table``."""
    head, begin, rest = readme.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise CompanionError(f"the README has no performance table markers ({BEGIN} ... {END})")
    return f"{head}{BEGIN}\n{table}\n{END}{tail}"


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m companion.tools.perf_table RESULTS.json README.md",
              file=sys.stderr)
        return 2
    results, readme = (Path(name) for name in argv)
    try:
        table = markdown(json.loads(results.read_text()))
        readme.write_text(with_table(readme.read_text(), table))
    except (OSError, ValueError, KeyError, CompanionError) as error:
        print(f"perf_table: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
