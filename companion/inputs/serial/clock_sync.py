"""Controller ticks -> host ``CLOCK_MONOTONIC`` nanoseconds.

Two pieces. :class:`TickUnwrapper` turns the 48-bit wrapping stamps of the
wire into one unbounded count (unsigned subtraction, so a wrap is just a
step forward). :class:`ClockSync` learns how that count maps onto the host
clock from ping round trips: each sample is (host time the ping left, host
time the pong came back, controller ticks when the ping arrived). Only
samples with the lowest round trips are kept: the controller's stamp lies
inside its round trip, so a short one pins the offset tightly. The drift
(the controller crystal's rate error) is the slope through the kept samples,
bounded to what a crystal or resonator can do.

:meth:`ClockSync.contradicts` says when a round trip cannot belong to the
clock learned so far (the controller restarted: start a new ``ClockSync``).
:class:`TickOrder` keeps one controller's taps in the order of their ticks
whatever the model does between them.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from companion.inputs.serial.protocol import STAMP_BITS

_WRAP = 1 << STAMP_BITS
_HALF = _WRAP >> 1
#: Slack when judging whether a round trip fits the model. Generous: a restarted
#: controller's clock starts near 0, which the reader sees going back long before this
#: matters; this catches clocks that jump forward, and must not mistake a simulated
#: controller (simavr) falling behind the wall clock on a busy machine for a restart.
FIT_SLACK_NS = 1_000_000_000


class TickUnwrapper:
    """Extends wrapping 48-bit stamps to an unbounded tick count.

    The first stamp is taken as it is; each later one is placed within half a
    wrap (about 2.2 years at 0.5 us ticks) of the one before, so stamps may
    also step back a little (an edge reported after a newer heartbeat).
    """

    def __init__(self) -> None:
        self._last: int | None = None

    def reset(self) -> None:
        """Forget the history (the controller restarted)."""
        self._last = None

    def unwrap(self, raw: int) -> int:
        """The unbounded tick count of the 48-bit stamp ``raw``."""
        self._last = self.peek(raw)
        return self._last

    def peek(self, raw: int) -> int:
        """What :meth:`unwrap` would say of ``raw``, leaving the history as it is."""
        if self._last is None:
            return raw
        delta = (raw - self._last) % _WRAP
        if delta >= _HALF:
            delta -= _WRAP
        return self._last + delta


@dataclass(frozen=True)
class SyncSample:
    """One ping round trip: host send and receive times, controller ticks in between."""

    host_sent_ns: int
    host_received_ns: int
    ticks: int

    @property
    def round_trip_ns(self) -> int:
        return self.host_received_ns - self.host_sent_ns

    @property
    def host_mid_ns(self) -> float:
        return (self.host_sent_ns + self.host_received_ns) / 2


class ClockSync:
    """Maps unwrapped controller ticks onto host nanoseconds.

    ``ticks_per_us`` comes from the controller's hello. ``window`` is how many
    recent samples are considered, ``keep`` how many of them (the lowest round
    trips) fit the line. ``max_drift`` bounds the rate error (0.01 = 1 %,
    enough for the ceramic resonators of Nano clones).
    """

    def __init__(self, ticks_per_us: int, window: int = 64, keep: int = 8,
                 max_drift: float = 0.01) -> None:
        if ticks_per_us <= 0:
            raise ValueError("ticks_per_us must be positive")
        self.nominal_ns_per_tick = 1000.0 / ticks_per_us
        self.window = window
        self.keep = keep
        self.max_drift = max_drift
        self._samples: list[SyncSample] = []
        self._anchor: SyncSample | None = None
        self._ns_per_tick = self.nominal_ns_per_tick

    @property
    def ready(self) -> bool:
        """True once at least one round trip has been seen."""
        return self._anchor is not None

    @property
    def drift(self) -> float:
        """The fitted rate error: +0.001 means the controller runs 0.1 % slow."""
        return self._ns_per_tick / self.nominal_ns_per_tick - 1.0

    @property
    def min_ns_per_tick(self) -> float:
        """The shortest a tick can last within the drift bound."""
        return self.nominal_ns_per_tick * (1 - self.max_drift)

    def add(self, sample: SyncSample) -> None:
        """Take one round trip into account (negative round trips are ignored)."""
        if sample.round_trip_ns < 0:
            return
        self._samples.append(sample)
        del self._samples[:-self.window]
        best = sorted(self._samples, key=lambda s: s.round_trip_ns)[:self.keep]
        self._anchor = best[0]
        self._ns_per_tick = self._fit_rate(best)

    def _fit_rate(self, samples: list[SyncSample]) -> float:
        """Least-squares ns per tick through ``samples``, bounded by ``max_drift``."""
        if len(samples) < 2:
            return self.nominal_ns_per_tick
        mean_t = sum(s.ticks for s in samples) / len(samples)
        mean_h = sum(s.host_mid_ns for s in samples) / len(samples)
        spread = sum((s.ticks - mean_t) ** 2 for s in samples)
        if spread == 0:
            return self.nominal_ns_per_tick
        slope = sum((s.ticks - mean_t) * (s.host_mid_ns - mean_h) for s in samples) / spread
        low = self.nominal_ns_per_tick * (1 - self.max_drift)
        high = self.nominal_ns_per_tick * (1 + self.max_drift)
        return min(max(slope, low), high)

    def to_host_ns(self, ticks: int) -> int:
        """Host ``CLOCK_MONOTONIC`` ns of controller instant ``ticks`` (unwrapped)."""
        if self._anchor is None:
            raise RuntimeError("no clock sync sample yet")
        anchor = self._anchor
        return round(anchor.host_mid_ns + (ticks - anchor.ticks) * self._ns_per_tick)

    def contradicts(self, sample: SyncSample) -> bool:
        """Whether ``sample`` cannot be a round trip of the clock learned so far.

        The anchor's instant is known within half its round trip and the fitted
        rate within twice ``max_drift`` of the truth, so the model places
        ``sample.ticks`` within that error (plus :data:`FIT_SLACK_NS`) of the
        true instant, which lies between the ping leaving and the pong coming
        back. A sample outside that is from another clock: a restarted
        controller. False before the first sample.
        """
        if self._anchor is None or sample.round_trip_ns < 0:
            return False
        anchor = self._anchor
        error = (anchor.round_trip_ns / 2 + FIT_SLACK_NS
                 + 2 * self.max_drift * self.nominal_ns_per_tick * abs(sample.ticks - anchor.ticks))
        placed = self.to_host_ns(sample.ticks)
        return not sample.host_sent_ns - error <= placed <= sample.host_received_ns + error


class TickOrder:
    """Host stamps for one controller's taps that never contradict their tick order.

    :meth:`place` takes a tap's ticks and the host stamp the clock model gives
    it, and returns that stamp moved, if needed, so that it lies after every
    earlier-ticked tap and before every later-ticked tap already placed, by at
    least the shortest time those ticks can last (``min_ns_per_tick``). Taps
    may be placed in any order (an edge reported late); the model may move in
    between (a better round trip). The last ``memory`` taps are remembered.
    """

    def __init__(self, memory: int = 256) -> None:
        self.memory = memory
        self.corrections = 0
        self._placed: list[tuple[int, int]] = []   # (ticks, t_ns), sorted by ticks

    def reset(self) -> None:
        """Forget the taps placed so far (a new clock: the controller restarted)."""
        self._placed.clear()

    def place(self, ticks: int, t_ns: int, min_ns_per_tick: float) -> int:
        """The host stamp of a tap at ``ticks`` that the model puts at ``t_ns``."""
        at = bisect.bisect_left(self._placed, (ticks, -(1 << 80)))
        low, high = -(1 << 80), 1 << 80
        if at > 0:
            before_ticks, before_ns = self._placed[at - 1]
            low = before_ns + max(1, int((ticks - before_ticks) * min_ns_per_tick))
        same = at < len(self._placed) and self._placed[at][0] == ticks
        if same:
            low = high = self._placed[at][1]
        elif at < len(self._placed):
            after = self._placed[at]
            high = after[1] - max(1, int((after[0] - ticks) * min_ns_per_tick))
        placed = min(max(t_ns, low), max(low, high))
        if placed != t_ns:
            self.corrections += 1
        if not same:
            self._placed.insert(at, (ticks, placed))
            del self._placed[:-self.memory]
        return placed
