"""``companion bench inputs``: the GPIO input path measured on stamped mock pins.

Everything runs through the real code (:class:`companion.inputs.gpio.GpioPads`
on gpiozero pin callbacks, the debouncer, ``post``) with
:class:`~companion.inputs.mock.StampedMockFactory` pins standing in for the
header. The shipped settings have the glitch filter on (``gpio.min_press_us = 300``); the two
figures of the leading-edge path alone (``edge_to_queue_us``, ``bounce_*``) turn it off, as
they say. What it prints, measured on this run:

- ``edge_to_queue_us``: from an edge's stamp (``time.monotonic_ns()`` when the
  mock pin is driven) to its tap being in the queue, with callbacks handed to
  one delivery thread as lgpio's alert thread does; p50 and p99 over
  ``--edges`` presses, one at a time, with the glitch filter off (``min_press_us = 0``: the
  path every press takes; the filter's wait on top is ``glitch_filter``). On a Pi add the
  kernel-to-lgpio delivery (lgpio polls every 0.5 ms at most); the stamp itself is the
  kernel's and does not move.
- ``same_stamp_delivered``: 16 buttons closing at one stamp and held 5 ms (the shipped
  settings), callbacks delivered in shuffled order; how many taps sit where they belong once
  sorted by stamp (ties by player then side, which is pin order in this map). 16 is all.
- ``bounce_presses`` / ``bounce_stamp_error_us``: a 5 ms burst of 20 edges on
  one button, with the glitch filter off (``min_press_us = 0``: the burst never stays closed
  300 us, so the filter would rightly take it for a glitch): how many presses the leading-edge
  debouncer made of it, and how far the press's stamp is from the burst's first edge.
- ``lost``: ``--presses`` bouncy presses spread over the 24 pins of the
  default map, interleaved: how many were not delivered exactly once with
  their own stamp (missing, doubled or mis-stamped).
- ``glitch_filter``: with ``gpio.min_press_us`` = :data:`BENCH_MIN_PRESS_US` and the
  watcher thread running, ``--glitches`` spikes of 5-200 us (``spikes_taken``: how many
  became taps; 0 is right), then as many presses held 2 ms (``press_to_queue_us``: p50 and
  p99 from the first edge's stamp to the tap in the queue; the filter's added verdict delay
  is this less ``edge_to_queue_us``; the kiosk's settle time grows by ``settle_added_us``).
"""

from __future__ import annotations

import argparse
import json
import queue
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable

from companion.config.settings import GpioSettings, load, parse
from companion.inputs.events import Event, Tap, in_stamp_order
from companion.inputs.gpio import GpioPads, confirmation_delay_ns
from companion.inputs.mock import StampedMockFactory
from companion.tools.argtypes import whole_number
from companion.tools.benchmarks import options

NAME = "inputs"
HELP = "GPIO input path on mock pins: edge-to-queue latency, same-stamp order, bounce, loss"

MS = 1_000_000
#: The glitch filter the bench measures, in microseconds.
BENCH_MIN_PRESS_US = 300


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.add_json(parser)
    parser.add_argument("--edges", type=whole_number(100, 1_000_000, "edges"), default=2000,
                        help="presses timed for latency (default 2000)")
    parser.add_argument("--presses", type=whole_number(1, 1_000_000, "presses"), default=1000,
                        help="presses for the loss test (default 1000)")
    parser.add_argument("--glitches", type=whole_number(1, 100_000, "glitches"), default=200,
                        help="spikes, and presses, for the glitch filter (default 200)")
    options.add_seed(parser, "the press schedule")


def run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    p50, p99 = edge_to_queue_us(args.edges, rng)
    presses, error_us = bounce_burst()
    glitches = glitch_filter(args.glitches, rng)
    figures = {
        "edge_to_queue_us": {"p50": p50, "p99": p99},
        "same_stamp_delivered": same_stamp_delivered(rng),
        "bounce_presses": presses,
        "bounce_stamp_error_us": error_us,
        "lost": lost_presses(args.presses, rng),
        "glitch_filter": glitches,
    }
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"edge to queue: p50 {p50} us, p99 {p99} us\n"
              f"same stamp: {figures['same_stamp_delivered']}/16 delivered in order\n"
              f"5 ms bounce burst of 20 edges: {presses} press(es), stamp error {error_us} us\n"
              f"{args.presses} presses on 24 pins: {figures['lost']} lost")
        print(f"glitch filter of {BENCH_MIN_PRESS_US} us: {glitches['spikes_taken']} of "
              f"{args.glitches} spikes taken as taps; press to queue p50 "
              f"{glitches['press_to_queue_us']['p50']} us, p99 "
              f"{glitches['press_to_queue_us']['p99']} us")
    return 0


def unfiltered() -> GpioSettings:
    """The shipped settings with the glitch filter off (``gpio.min_press_us = 0``), for the
    figures of the leading-edge path alone."""
    return parse("[gpio]\nmin_press_us = 0").gpio


def pads_on(factory: StampedMockFactory, settings: GpioSettings,
            post: Callable[[Event], None]) -> GpioPads:
    return GpioPads(settings, post, pin_factory=factory, watch_s=None)


def edge_to_queue_us(count: int, rng: random.Random) -> tuple[float, float]:
    """p50/p99 microseconds from an edge's stamp to its tap in the queue (threaded delivery)."""
    events: queue.Queue = queue.Queue()
    delays: list[int] = []

    def post(event: Event) -> None:
        events.put(event)
        delays.append(time.monotonic_ns() - event.t_ns)

    factory = StampedMockFactory(threaded=True)
    settings = unfiltered()
    pins = [gpio for pad in settings.pads for _, gpio in pad.buttons.items()]
    free_at = dict.fromkeys(pins, 0)
    with pads_on(factory, settings, post):
        for _ in range(count):
            now = time.monotonic_ns()
            gpio = rng.choice([pin for pin in pins if free_at[pin] <= now] or pins)
            if free_at[gpio] > now:       # no button's last release has settled yet
                time.sleep((free_at[gpio] - now) / 1e9)
            last = factory.pin(gpio).tap(time.monotonic_ns(), hold_ns=MS)
            free_at[gpio] = last + settings.debounce_ns
            factory.wait()
    factory.close()
    if len(delays) != count:
        raise RuntimeError(f"latency run lost {count - len(delays)} presses")
    cuts = statistics.quantiles(delays, n=100, method="inclusive")
    return round(statistics.median(delays) / 1e3, 1), round(cuts[98] / 1e3, 1)


def same_stamp_delivered(rng: random.Random) -> int:
    """16 buttons closing at one stamp and held 5 ms, delivered shuffled: how many sort into
    their place."""
    pins = list(range(2, 18))
    pads = ", ".join(f"{{ N = {n}, E = {e}, S = {s}, W = {w} }}"
                     for n, e, s, w in zip(*[iter(pins)] * 4))
    settings = parse(f"[gpio]\npads = [{pads}]").gpio
    posted: list[Event] = []
    factory = StampedMockFactory()
    with pads_on(factory, settings, posted.append):
        t_ns = time.monotonic_ns()
        with factory.holding(order="shuffle", rng=rng):
            for gpio in rng.sample(pins, len(pins)):
                factory.pin(gpio).tap(t_ns, hold_ns=5 * MS)
    factory.close()
    pin_of = {(pad.player, side): gpio
              for pad in settings.pads for side, gpio in pad.buttons.items()}
    order = [pin_of[(tap.player, tap.side)] for tap in in_stamp_order(posted)
             if isinstance(tap, Tap) and tap.t_ns == t_ns]
    return sum(got == want for got, want in zip(order, pins))


def bounce_burst() -> tuple[int, float]:
    """A 5 ms burst of 20 edges on one button, the glitch filter off: (presses made, stamp
    error in us)."""
    settings = unfiltered()
    gpio = settings.pads[0].buttons.N
    posted: list[Event] = []
    factory = StampedMockFactory()
    with pads_on(factory, settings, posted.append):
        first = time.monotonic_ns()
        pin = factory.pin(gpio)
        for edge in range(20):
            pin.drive(pin.active_level if edge % 2 == 0 else not pin.active_level,
                      first + round(edge * 5 * MS / 19))
    factory.close()
    error_ns = max((abs(tap.t_ns - first) for tap in posted), default=0)
    return len(posted), error_ns // 1000 if error_ns % 1000 == 0 else error_ns / 1e3


def lost_presses(count: int, rng: random.Random) -> int:
    """``count`` interleaved bouncy presses on the 24 default pins: how many not delivered
    exactly."""
    settings = load().gpio
    where = [(pad.player, side, gpio)
             for pad in settings.pads for side, gpio in pad.buttons.items()]
    expected: list[Event] = []
    posted: list[Event] = []
    factory = StampedMockFactory(threaded=True)
    free_at: dict[int, int] = {}
    with pads_on(factory, settings, posted.append):
        clock = time.monotonic_ns()
        for _ in range(count):
            player, side, gpio = rng.choice(where)
            clock += rng.randrange(0, 2 * MS)
            t_ns = max(clock, free_at.get(gpio, 0))
            last = factory.pin(gpio).tap(t_ns, hold_ns=rng.randrange(20 * MS, 80 * MS),
                                         bounces=rng.randrange(0, 6))
            free_at[gpio] = last + settings.debounce_ns + MS
            expected.append(Tap(player, side, t_ns))
        factory.wait()
    factory.close()
    got, want = Counter(posted), Counter(expected)
    return sum(((got - want) + (want - got)).values())


def glitch_filter(count: int, rng: random.Random) -> dict:
    """``count`` spikes of 5-200 us, then ``count`` presses held 2 ms, on one pin with the
    glitch filter and the watcher thread (threaded delivery): spikes taken as taps, and p50/p99
    microseconds from a press's stamp to its tap in the queue."""
    settings = parse(f"[gpio]\nmin_press_us = {BENCH_MIN_PRESS_US}").gpio
    gpio = settings.pads[0].buttons.N
    taps: queue.Queue = queue.Queue()
    delays: list[int] = []

    def post(event: Event) -> None:
        delays.append(time.monotonic_ns() - event.t_ns)
        taps.put(event)

    factory = StampedMockFactory(threaded=True)
    rest_s = settings.debounce_ns * 1.5 / 1e9   # each spike or press ends before the next
    with GpioPads(settings, post, pin_factory=factory):
        pin = factory.pin(gpio)
        for _ in range(count):
            pin.tap(time.monotonic_ns(), hold_ns=rng.randrange(5_000, 200_001))
            factory.wait()
            time.sleep(rest_s)
        spikes_taken = len(delays)
        delays.clear()
        while not taps.empty():   # a spike taken as a tap must not stand in for a press below
            taps.get()
        for _ in range(count):
            pin.press(time.monotonic_ns())
            factory.wait()
            taps.get(timeout=5)
            pin.release(time.monotonic_ns() + 2 * MS)
            factory.wait()
            time.sleep(rest_s + 0.002)
    factory.close()
    cuts = statistics.quantiles(delays, n=100, method="inclusive")
    return {"min_press_us": BENCH_MIN_PRESS_US, "spikes_taken": spikes_taken,
            "press_to_queue_us": {"p50": round(statistics.median(delays) / 1e3, 1),
                                  "p99": round(cuts[98] / 1e3, 1)},
            "settle_added_us": confirmation_delay_ns(settings) // 1000}
