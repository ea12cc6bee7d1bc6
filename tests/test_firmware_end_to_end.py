"""End to end: simulated presses -> firmware in simavr -> pty -> host reader -> round -> winner."""

import queue
import time

import pytest

from companion.games.notnot.judge import Ruling
from companion.games.notnot.round import Round
from companion.games.notnot.verdict import Verdict
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.boards.avr import NANO
from companion.inputs.serial.reader import SerialReader
from companion.simulation.firmware_sim.simavr import Press, start_on_pty, toolchain_missing

pytestmark = pytest.mark.skipif(toolchain_missing() is not None,
                                reason=f"simavr toolchain missing: {toolchain_missing()}")

PIN = {(player, side): pin for pin, (player, side) in NANO.default_map().items()}


@pytest.mark.slow
def test_the_earliest_valid_press_through_the_whole_chain_wins_the_round():
    at = 1_500_000.0  # simulated us: after a dozen clock-sync round trips
    presses = [
        Press(PIN[2, Side.S], at, at + 80_000),           # player 2: a wrong spot, first
        Press(PIN[1, Side.E], at + 2_300, at + 80_000),    # player 1: valid, 2 ms after player 3
        Press(PIN[3, Side.E], at + 300, at + 80_000),      # player 3: valid, first valid
    ]
    process, path = start_on_pty(NANO, presses, end_us=2_200_000)
    t_start = time.monotonic_ns()
    posted = queue.Queue()
    reader = SerialReader(path, posted.put, board=NANO, ping_interval_s=0.1).start()
    try:
        round_ = Round(Ruling(tap=True, valid=(Side.E,), reroll=False), t_open_ns=t_start + 1_000_000_000)
        taps = []
        deadline = time.monotonic() + 10
        while len(taps) < 3 and time.monotonic() < deadline:
            try:
                event = posted.get(timeout=0.5)
            except queue.Empty:
                continue
            if isinstance(event, Tap):
                taps.append(event)
                round_.offer(event)
        assert len(taps) == 3, f"taps that came through: {taps}"
        outcome = round_.outcome()
    finally:
        reader.stop()
        process.kill()
        process.wait()
    assert [tap.player for tap in outcome.winners] == [3]
    verdicts = {v.tap.player: v.verdict for v in outcome.verdicts}
    assert verdicts == {2: Verdict.WRONG, 3: Verdict.WIN, 1: Verdict.LATE}
    by_player = {tap.player: tap for tap in taps}
    # the host stamps keep the controller's order (how far apart they land depends on
    # the clock sync, tested on its own: simavr's pace on a busy machine is no crystal)
    assert by_player[2].t_ns < by_player[3].t_ns < by_player[1].t_ns
    assert all(tap.source == "serial" for tap in taps)
