"""Frames on the controller's serial line: COBS framing, CRC-16, sequence numbers.

A frame on the wire is ``COBS(seq, type, body..., crc_lo, crc_hi)`` followed
by one ``0x00`` delimiter (hardware/PROTOCOL.md). COBS leaves no zero byte
inside a frame, so after garbage or a cut frame the decoder is back in step at
the next ``0x00``. The CRC is CRC-16/CCITT-FALSE (polynomial 0x1021, initial
value 0xFFFF) over ``seq, type, body``, as ``binascii.crc_hqx`` computes it.

This module owns bytes <-> :class:`Frame`; what a frame means is
:mod:`companion.inputs.serial.protocol`'s business.
"""

from __future__ import annotations

import binascii
from collections.abc import Iterator
from dataclasses import dataclass

DELIMITER = 0x00
CRC_INITIAL = 0xFFFF
#: Longest frame (decoded) the decoder accepts; longer runs are garbage.
MAX_FRAME = 512
#: The HELLO message type (:mod:`companion.inputs.serial.protocol`): a controller's first frame.
HELLO_TYPE = 0x01


@dataclass(frozen=True)
class Frame:
    """One decoded frame: sequence number, message type and body bytes."""

    seq: int
    type: int
    body: bytes


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE of ``data``."""
    return binascii.crc_hqx(data, CRC_INITIAL)


def cobs_encode(data: bytes) -> bytes:
    """``data`` with every zero byte removed by COBS (no delimiter added)."""
    out = bytearray([0])
    code_at, code = 0, 1
    for byte in data:
        if byte == 0:
            out[code_at] = code
            code_at, code = len(out), 1
            out.append(0)
            continue
        out.append(byte)
        code += 1
        if code == 0xFF:
            out[code_at] = code
            code_at, code = len(out), 1
            out.append(0)
    out[code_at] = code
    return bytes(out)


def cobs_decode(data: bytes) -> bytes | None:
    """The bytes COBS-encoded in ``data``, or ``None`` if ``data`` is not valid COBS."""
    out = bytearray()
    at = 0
    while at < len(data):
        code = data[at]
        if code == 0:
            return None
        block = data[at + 1:at + code]
        if 0 in block or len(block) != code - 1:
            return None
        out += block
        at += code
        if code != 0xFF and at < len(data):
            out.append(0)
    return bytes(out)


def encode_frame(frame: Frame) -> bytes:
    """The wire bytes of ``frame``, delimiter included."""
    payload = bytes([frame.seq & 0xFF, frame.type & 0xFF]) + bytes(frame.body)
    crc = crc16(payload)
    return cobs_encode(payload + bytes([crc & 0xFF, crc >> 8])) + bytes([DELIMITER])


class FrameDecoder:
    """Turns a byte stream into frames, counting what it has to throw away.

    Feed it bytes in chunks of any size with :meth:`feed`; it returns the
    complete frames found so far. Counters: ``frames`` (good ones),
    ``crc_errors`` (frames whose CRC did not match), ``bad_frames`` (runs
    that were not valid COBS or too short or too long), ``lost`` (frames
    missing by sequence number between good frames), ``duplicates`` (frames
    dropped because they repeat the sequence number of the good frame just
    before them: the same frame received twice). A HELLO (message type
    :data:`HELLO_TYPE`) starts a new sequence and is never a duplicate.
    """

    def __init__(self) -> None:
        self._pending = bytearray()
        self._overlong = False
        self._next_seq: int | None = None
        self.frames = 0
        self.crc_errors = 0
        self.bad_frames = 0
        self.lost = 0
        self.duplicates = 0

    def resync(self) -> None:
        """Forget partial input and the sequence (after a reconnect)."""
        self._pending.clear()
        self._overlong = False
        self._next_seq = None

    def feed(self, data: bytes) -> list[Frame]:
        """Decode ``data``; return the good frames it completed, oldest first."""
        found = []
        for chunk_end in _delimiters(data):
            piece = data[chunk_end[0]:chunk_end[1]]
            if chunk_end[2]:
                frame = self._complete(bytes(self._pending) + piece)
                self._pending.clear()
                self._overlong = False
                if frame is not None:
                    found.append(frame)
            else:
                self._pending += piece
                if len(self._pending) > MAX_FRAME + 8:
                    self._pending.clear()
                    self._overlong = True
        return found

    def _complete(self, raw: bytes) -> Frame | None:
        if self._overlong:
            self.bad_frames += 1
            return None
        if not raw:
            return None  # back-to-back delimiters carry nothing
        payload = cobs_decode(raw)
        if payload is None or len(payload) < 4 or len(payload) > MAX_FRAME:
            self.bad_frames += 1
            return None
        if crc16(payload[:-2]) != payload[-2] | (payload[-1] << 8):
            self.crc_errors += 1
            return None
        frame = Frame(payload[0], payload[1], payload[2:-2])
        if self._is_repeat(frame):
            self.duplicates += 1
            return None
        self._count_sequence(frame.seq)
        self.frames += 1
        return frame

    def _is_repeat(self, frame: Frame) -> bool:
        """Whether ``frame`` repeats the sequence number of the good frame before it."""
        return (frame.type != HELLO_TYPE and self._next_seq is not None
                and frame.seq == (self._next_seq - 1) & 0xFF)

    def _count_sequence(self, seq: int) -> None:
        if self._next_seq is not None:
            self.lost += (seq - self._next_seq) & 0xFF
        self._next_seq = (seq + 1) & 0xFF


def _delimiters(data: bytes) -> Iterator[tuple[int, int, bool]]:
    """(start, end, ends_with_delimiter) for each piece of ``data`` between 0x00 bytes."""
    start = 0
    while True:
        end = data.find(DELIMITER, start)
        if end < 0:
            if start < len(data):
                yield (start, len(data), False)
            return
        yield (start, end, True)
        start = end + 1
