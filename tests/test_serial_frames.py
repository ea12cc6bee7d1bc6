"""The serial framing: COBS, CRC-16, sequence numbers (hardware/PROTOCOL.md)."""

from companion.inputs.serial.frames import Frame, FrameDecoder, cobs_decode, cobs_encode, crc16, encode_frame
from companion.inputs.serial.protocol import Edge, Filter, Heartbeat, Hello, Ping, Pong, encode, parse


def test_the_crc_is_crc16_ccitt_false():
    assert crc16(b"123456789") == 0x29B1


def test_cobs_leaves_no_zero_inside_a_frame_and_decodes_back():
    data = bytes([0, 1, 0, 0, 255] + list(range(256)) * 2)
    encoded = cobs_encode(data)
    assert 0 not in encoded
    assert cobs_decode(encoded) == data


def test_every_message_survives_the_wire():
    messages = [Hello(1, 2, 5000, 1234, "nano", ("D2", "D3")), Edge(5, True, 2**48 - 1),
                Heartbeat(99, 3, 4), Pong(7, 1 << 40), Filter(300, 0xFFFF), Ping(0xFFFFFFFF)]
    decoder = FrameDecoder()
    frames = decoder.feed(b"".join(encode(m, seq) for seq, m in enumerate(messages)))
    assert [parse(f) for f in frames] == messages


def test_garbage_before_a_frame_is_dropped_and_the_next_frame_decodes():
    good = encode_frame(Frame(1, 2, b"\x05\x01\x02\x03\x04\x05\x06"))
    decoder = FrameDecoder()
    frames = decoder.feed(b"\x13\x37garbage\x00" + good)
    assert frames == [Frame(1, 2, b"\x05\x01\x02\x03\x04\x05\x06")]
    assert decoder.bad_frames == 1


def test_a_cut_frame_costs_only_itself():
    first, second = encode_frame(Frame(1, 2, b"abcdefg")), encode_frame(Frame(2, 2, b"hijklmn"))
    decoder = FrameDecoder()
    frames = decoder.feed(first[:5] + b"\x00" + second)
    assert frames == [Frame(2, 2, b"hijklmn")]


def test_a_frame_with_a_bad_crc_is_rejected_and_counted():
    wire = bytearray(encode_frame(Frame(1, 2, b"abcdefg")))
    wire[3] ^= 0x10
    decoder = FrameDecoder()
    assert decoder.feed(bytes(wire)) == []
    assert decoder.crc_errors == 1


def test_frames_missing_by_sequence_number_are_counted_as_lost():
    decoder = FrameDecoder()
    decoder.feed(encode_frame(Frame(250, 3, b"")) + encode_frame(Frame(3, 3, b"")))
    assert decoder.lost == 8  # 251..255, 0, 1, 2


def test_a_stream_split_anywhere_decodes_the_same():
    wire = b"".join(encode(Edge(i, i % 2 == 0, i * 1000), i) for i in range(20))
    for cut in range(0, len(wire), 7):
        decoder = FrameDecoder()
        frames = decoder.feed(wire[:cut]) + decoder.feed(wire[cut:])
        assert len(frames) == 20
