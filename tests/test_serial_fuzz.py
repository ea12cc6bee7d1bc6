"""Fuzzing the host decoder: random and corrupted byte streams never raise and never
produce an edge that was not sent. 100,000 streams in total: a seeded sweep of
99,000 plus hypothesis's 1,000.

Hypothesis spends about ten times the sweep's time on each stream (drawing and
recording its examples), so it searches the shapes the sweep draws blindly
(garbage spliced in at a cut, every chunk size, its edge cases: empty garbage,
one-byte chunks) in 1,000 examples, and the sweep carries the bulk."""

import pytest
import random

from hypothesis import given, settings, strategies as st

from companion.boards.avr import NANO
from companion.inputs.serial.protocol import Edge, Hello, Pong
from companion.inputs.serial.protocol import encode
from companion.inputs.serial.reader import ControllerLink

#: Every test here plays whole games, fuzzes or starts programs: `make test-quick` leaves them out.
pytestmark = pytest.mark.slow

SWEEP_STREAMS = 99_000
HYPOTHESIS_STREAMS = 1_000


def sent_stream(rng: random.Random) -> tuple[bytes, set]:
    """A valid controller stream (hello, a pong, edges) and the edges in it."""
    edges = {(rng.randrange(16), True, rng.randrange(1 << 48)) for _ in range(rng.randrange(1, 6))}
    parts = [encode(Hello(1, 2, 5000, 0, "nano", NANO.pin_names), 0)]
    parts += [encode(Edge(*edge), seq) for seq, edge in enumerate(edges, 1)]
    rng.shuffle(parts)
    return b"".join(parts), edges


def corrupt(data: bytes, rng: random.Random) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        how = rng.randrange(5)
        at = rng.randrange(len(data) + 1)
        if how == 0 and data:
            data[at % len(data)] ^= 1 << rng.randrange(8)
        elif how == 1:
            data[at:at] = rng.randbytes(rng.randrange(1, 12))
        elif how == 2:
            del data[at:at + rng.randrange(1, 8)]
        elif how == 3:
            data = data[:at]
        else:
            data[at:at] = b"\x00"
    return bytes(data)


def decoded_edges(stream: bytes, chunk: int) -> set:
    """Edges a fresh link decodes from ``stream`` fed in chunks, clock synced by a pong."""
    link = ControllerLink(board=NANO)
    seen = set()
    original = link._handle

    def spy(message, now_ns, events):
        if isinstance(message, Edge):
            seen.add((message.pin, message.pressed, message.ticks))
        original(message, now_ns, events)

    link._handle = spy
    for at in range(0, len(stream), chunk):
        link.feed(stream[at:at + chunk], now_ns=at)
    link.ping(0)  # token 1: the pong below syncs the clock, releasing any held taps
    link.feed(encode(Pong(1, 0), 99), now_ns=len(stream))
    return seen


def test_random_and_corrupted_streams_never_raise_nor_invent_an_edge():
    rng = random.Random(20261129)
    for n in range(SWEEP_STREAMS):
        if n % 4 == 0:
            stream, sent = rng.randbytes(rng.randrange(0, 200)), set()
        else:
            stream, sent = sent_stream(rng)
            stream = corrupt(stream, rng)
        assert decoded_edges(stream, rng.randrange(1, 64)) <= sent, f"stream {n}"


@settings(max_examples=HYPOTHESIS_STREAMS, deadline=None)
@given(seed=st.integers(0, 2**32), garbage=st.binary(max_size=64), chunk=st.integers(1, 40))
def test_hypothesis_streams_never_raise_nor_invent_an_edge(seed, garbage, chunk):
    rng = random.Random(seed)
    stream, sent = sent_stream(rng)
    cut = rng.randrange(len(stream) + 1)
    stream = corrupt(stream[:cut] + garbage + stream[cut:], rng)
    assert decoded_edges(stream, chunk) <= sent

