"""The stamped mock pins do what tests rely on."""

import random

from companion.inputs.mock import StampedMockFactory, out_of_order

MS = 1_000_000


def listen(factory, gpio, pull="up"):
    seen = []
    pin = factory.pin(gpio)
    pin.function, pin.pull = "input", pull

    def on_change(ticks, level):
        seen.append((round(ticks * 1e9), level))

    pin.when_changed = on_change
    return pin, seen, on_change


def test_an_edge_arrives_with_the_exact_stamp_it_was_driven_with():
    factory = StampedMockFactory()
    pin, seen, _keep = listen(factory, 4)
    pin.press(123_456_789)
    assert seen == [(123_456_789, False)]


def test_a_bounce_pattern_alternates_levels_and_ends_at_the_pressed_level():
    factory = StampedMockFactory()
    pin, seen, _keep = listen(factory, 4)
    last = pin.press(10 * MS, bounces=2, gap_ns=100_000)
    assert [level for _, level in seen] == [False, True, False, True, False]
    assert [t for t, _ in seen] == [10 * MS + i * 100_000 for i in range(5)]
    assert last == 10 * MS + 400_000 and pin.state is False


def test_a_pull_down_pin_presses_high():
    factory = StampedMockFactory()
    pin, seen, _keep = listen(factory, 4, pull="down")
    pin.tap(MS)
    assert [level for _, level in seen] == [True, False]


def test_held_callbacks_come_out_of_order_but_each_pins_own_stay_in_order():
    items = [("a", 1), ("b", 2), ("a", 3), ("c", 4), ("b", 5)]
    items = [(name, t, None) for name, t in items]
    for order in ("reverse", "shuffle"):
        result = out_of_order(items, order, random.Random(1))
        assert sorted(result, key=lambda i: i[1]) == items
        for name in "abc":
            own = [t for n, t, _ in result if n == name]
            assert own == sorted(own)
    assert out_of_order(items, "reverse", random.Random(1)) != items


def test_threaded_delivery_hands_every_edge_to_another_thread():
    import threading
    factory = StampedMockFactory(threaded=True)
    pin = factory.pin(4)
    pin.function, pin.pull = "input", "up"
    threads = []

    def on_change(ticks, level):
        threads.append(threading.current_thread().name)

    pin.when_changed = on_change
    for n in range(10):
        pin.tap(n * 100 * MS)
    factory.wait()
    factory.close()
    assert threads == ["mock-gpio-alerts"] * 20
