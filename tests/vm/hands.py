"""The table's hands in the guest: wait for a round, judge it, pull GPIO lines at once.

Run in the Pi in a box by ``test_pi_in_a_box.play_until`` with the installed product's
Python (``/opt/companion/venv/bin/python hands.py SEEN ROUNDS PLAN``), so that the
pulls land within a fraction of a second of the round opening, however slow the
emulated machine is: the host asking the guest step by step (read the journal, judge,
pull) took longer than a round stays open on a busy CI machine.

It follows the kiosk's journal from the start of the boot, skips the first ``SEEN``
"round open" lines, and for each round after them (at most ``ROUNDS``) judges the
logged roll with the product's own judge and resolves ``PLAN``: a JSON list of
``[player, "valid" | "wrong", index, "pull-down" | "pull-up"]``, each step one line of
that player's pad, on the side ``valid[index]`` or ``wrong[index]`` of the round. A
round whose sides do not resolve the plan is left to close by itself (nobody taps);
the first that does is played: every pull written as fast as the guest can.
While the kiosk waits on its deal screen, P1 taps E (the dealer confirms the cards).

Prints one JSON line: ``{"case", "valid", "skipped", "saved", "stamps"}``: the played
round's roll and valid sides, how many rounds were left before it, how many rounds the
state database held as it opened (the played round is the next one saved), and the
guest's CLOCK_MONOTONIC (ns) before the first write and after each one. ``case`` is
null when no round in ``ROUNDS`` suited the plan.
"""

from __future__ import annotations

import json
import os
import select
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator

from companion.commands.judge import answer, parse_case

#: The shipped pin map's pads 1 and 2 (companion/config/default.toml): BCM line per side.
PADS = {1: {"N": 4, "E": 17, "S": 27, "W": 22}, 2: {"N": 10, "E": 9, "S": 11, "W": 8}}
SIDES = ("N", "E", "S", "W")
PULL = "/sys/devices/platform/gpio-sim.0/gpiochip0/sim_gpio{}/pull"
DATABASE = "/var/lib/companion/companion.sqlite3"
ROUND_OPEN = "INFO companion.scenes.notnot.round: round open: "
SCENE = "INFO companion.kiosk.loop: scene: "
#: How long to wait for the next round before giving up, in seconds.
PATIENCE = 300


def pull(steps: list[tuple[int, str]]) -> list[int]:
    """Write each (line, value), as fast as the guest can; the stamps around the writes."""
    files = {line: open(PULL.format(line), "w") for line, _ in steps}  # noqa: SIM115
    stamps = [time.monotonic_ns()]
    for line, value in steps:
        files[line].write(value)
        files[line].flush()
        stamps.append(time.monotonic_ns())
    for handle in files.values():
        handle.close()
    return stamps


def resolve(plan: list, valid: list[str]) -> list[tuple[int, str]] | None:
    """The plan's (line, value) steps for a round whose valid sides are ``valid``; ``None``
    when a step names a side the round does not have."""
    wrong = [side for side in SIDES if side not in valid]
    steps = []
    for player, kind, index, value in plan:
        sides = valid if kind == "valid" else wrong
        if not -len(sides) <= index < len(sides):
            return None
        steps.append((PADS[player][sides[index]], value))
    return steps


def saved_rounds() -> int:
    """How many rounds the state database holds (read only, beside the kiosk)."""
    with sqlite3.connect(f"file:{DATABASE}?mode=ro", uri=True) as database:
        return int(database.execute("SELECT count(*) FROM rounds").fetchone()[0])


def confirm_deal() -> None:
    """P1's E pressed and let go: the dealer says the cards are down."""
    pull([(PADS[1]["E"], "pull-down")])
    time.sleep(0.3)
    pull([(PADS[1]["E"], "pull-up")])


def journal_lines() -> Iterator[str | None]:
    """The kiosk's journal lines of this boot, from the first, then each as it comes; ``None``
    each second nothing new came (the journal has been read up to now)."""
    follow = subprocess.Popen(
        ["journalctl", "-u", "companion", "-b", "-o", "cat", "--no-pager", "-f", "--no-tail"],
        stdout=subprocess.PIPE)
    assert follow.stdout is not None
    fd, pending = follow.stdout.fileno(), b""
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if not ready:
                yield None
                continue
            chunk = os.read(fd, 65536)   # not a buffered reader: select sees what is left
            if not chunk:
                raise SystemExit(f"journalctl ended (exit {follow.wait()})")
            *lines, pending = (pending + chunk).split(b"\n")
            yield from (line.decode(errors="replace") for line in lines)
    finally:
        follow.kill()


def main(seen: int, rounds: int, plan: list) -> dict:
    opened, scene, dealt_at = 0, None, 0.0
    deadline = time.monotonic() + PATIENCE
    for line in journal_lines():
        if time.monotonic() > deadline:
            raise SystemExit(f"no round opened within {PATIENCE} s (last scene: {scene})")
        if line is None:   # caught up with the journal: act on the scene the kiosk is in
            if scene == "deal" and time.monotonic() - dealt_at > 10:
                confirm_deal()
                dealt_at = time.monotonic()
            continue
        if line.startswith(SCENE):
            scene = line[len(SCENE):]
        if not line.startswith(ROUND_OPEN):
            continue
        opened += 1
        if opened <= seen:
            continue
        case = line[len(ROUND_OPEN):]
        valid = json.loads(answer(*parse_case(case)))["valid"]
        steps = resolve(plan, valid)
        if steps is not None:
            saved = saved_rounds()   # the open round is saved after these, when it closes
            return {"case": json.loads(case), "valid": valid, "skipped": opened - seen - 1,
                    "saved": saved, "stamps": pull(steps)}
        if opened - seen >= rounds:
            return {"case": None, "valid": [], "skipped": rounds, "saved": None, "stamps": []}
        deadline = time.monotonic() + PATIENCE
    raise AssertionError("the journal never ends")


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3]))))
    sys.stdout.flush()
    os._exit(0)
