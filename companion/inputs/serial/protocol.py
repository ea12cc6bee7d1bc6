"""The controller's messages: what each frame type carries, byte by byte.

Controller to host: :class:`Hello`, :class:`Edge`, :class:`Heartbeat`,
:class:`Pong`, :class:`Filter` (firmware 3 on). Host to controller:
:class:`HelloRequest`, :class:`Ping`.
All integers are little-endian; stamps are 48-bit counts of controller ticks
(0.5 us at 16 MHz) since power-on, wrapping at 2**48. hardware/PROTOCOL.md is
the byte-level reference; this module and ``hardware/firmware/controller.c``
implement it.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from companion.errors import ProtocolError
from companion.inputs.serial.frames import Frame, encode_frame

HELLO = 0x01
EDGE = 0x02
HEARTBEAT = 0x03
PONG = 0x04
FILTER = 0x05
HELLO_REQUEST = 0x40
PING = 0x41

STAMP_BITS = 48
EDGE_PRESSED = 0x80


@dataclass(frozen=True)
class Hello:
    """Sent at power-on and on request: who the controller is."""

    version: int
    ticks_per_us: int
    debounce_us: int
    ticks: int
    board: str
    pins: tuple[str, ...]


@dataclass(frozen=True)
class Edge:
    """Pin ``pin`` (wire index) went pressed or released at ``ticks``."""

    pin: int
    pressed: bool
    ticks: int


@dataclass(frozen=True)
class Heartbeat:
    """Sent every 100 ms when idle: the clock and the loss counters."""

    ticks: int
    lost_events: int
    rx_errors: int


@dataclass(frozen=True)
class Pong:
    """The answer to :class:`Ping` ``token``: the controller's clock when the ping arrived."""

    token: int
    ticks: int


@dataclass(frozen=True)
class Filter:
    """Sent after every HELLO and when the count changed (firmware 3 on): the glitch filter's
    minimum press (0: off) and the glitches it dropped since power-on (saturating)."""

    min_press_us: int
    glitches: int


@dataclass(frozen=True)
class HelloRequest:
    """Asks the controller to send :class:`Hello` again."""


@dataclass(frozen=True)
class Ping:
    """Asks for a :class:`Pong` carrying ``token`` (clock sync)."""

    token: int


def _stamp(body: bytes, at: int) -> int:
    return int.from_bytes(body[at:at + 6], "little")


def _stamp_bytes(ticks: int) -> bytes:
    return (ticks % (1 << STAMP_BITS)).to_bytes(6, "little")


def _text(body: bytes, at: int) -> tuple[str, int]:
    if at >= len(body) or at + 1 + body[at] > len(body):
        raise ProtocolError("hello text runs past the frame")
    end = at + 1 + body[at]
    try:
        return body[at + 1:end].decode("ascii"), end
    except UnicodeDecodeError:
        raise ProtocolError("hello text is not ASCII") from None


def _parse_hello(body: bytes) -> Hello:
    if len(body) < 10:
        raise ProtocolError(f"hello body is {len(body)} bytes, needs at least 10")
    version, ticks_per_us, debounce_us = struct.unpack_from("<BBH", body)
    board, at = _text(body, 10)
    pins, at = _text(body, at)
    if at != len(body):
        raise ProtocolError("hello has bytes after its pin list")
    if ticks_per_us == 0:
        raise ProtocolError("hello says 0 ticks per microsecond")
    return Hello(version, ticks_per_us, debounce_us, _stamp(body, 4), board,
                 tuple(pins.split(",")) if pins else ())


def _fixed(body: bytes, size: int, name: str) -> None:
    if len(body) != size:
        raise ProtocolError(f"{name} body is {len(body)} bytes, not {size}")


#: Every message the controller and the host send each other.
Message = Hello | Edge | Heartbeat | Pong | Filter | HelloRequest | Ping


def parse(frame: Frame) -> Message:
    """The message a good frame carries; :class:`ProtocolError` if it makes no sense."""
    body = frame.body
    if frame.type == HELLO:
        return _parse_hello(body)
    if frame.type == EDGE:
        _fixed(body, 7, "edge")
        return Edge(body[0] & 0x7F, bool(body[0] & EDGE_PRESSED), _stamp(body, 1))
    if frame.type == HEARTBEAT:
        _fixed(body, 10, "heartbeat")
        lost, rx_errors = struct.unpack_from("<HH", body, 6)
        return Heartbeat(_stamp(body, 0), lost, rx_errors)
    if frame.type == PONG:
        _fixed(body, 10, "pong")
        return Pong(struct.unpack_from("<I", body)[0], _stamp(body, 4))
    if frame.type == FILTER:
        _fixed(body, 4, "filter")
        return Filter(*struct.unpack_from("<HH", body))
    if frame.type == HELLO_REQUEST:
        _fixed(body, 0, "hello request")
        return HelloRequest()
    if frame.type == PING:
        _fixed(body, 4, "ping")
        return Ping(struct.unpack_from("<I", body)[0])
    raise ProtocolError(f"unknown message type 0x{frame.type:02x}")


def body_of(message: Message) -> tuple[int, bytes]:
    """(type, body bytes) of a message: the inverse of :func:`parse`."""
    if isinstance(message, Hello):
        def text(value: str) -> bytes:
            raw = value.encode("ascii")
            return bytes([len(raw)]) + raw
        return HELLO, (struct.pack("<BBH", message.version, message.ticks_per_us,
                                   message.debounce_us) + _stamp_bytes(message.ticks)
                       + text(message.board) + text(",".join(message.pins)))
    if isinstance(message, Edge):
        return EDGE, bytes([message.pin | (EDGE_PRESSED if message.pressed else 0)]) \
            + _stamp_bytes(message.ticks)
    if isinstance(message, Heartbeat):
        return HEARTBEAT, _stamp_bytes(message.ticks) + struct.pack(
            "<HH", message.lost_events, message.rx_errors)
    if isinstance(message, Pong):
        return PONG, struct.pack("<I", message.token) + _stamp_bytes(message.ticks)
    if isinstance(message, Filter):
        return FILTER, struct.pack("<HH", message.min_press_us, message.glitches)
    if isinstance(message, HelloRequest):
        return HELLO_REQUEST, b""
    if isinstance(message, Ping):
        return PING, struct.pack("<I", message.token & 0xFFFFFFFF)
    raise TypeError(f"not a controller message: {message!r}")


def encode(message: Message, seq: int = 0) -> bytes:
    """The wire bytes of ``message`` in a frame with sequence number ``seq``."""
    kind, body = body_of(message)
    return encode_frame(Frame(seq & 0xFF, kind, body))
