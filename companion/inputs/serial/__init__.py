"""The serial button controller, host side.

- ``protocol``: the controller's messages, byte by byte.
- ``frames``: COBS framing, CRC-16 and sequence numbers on the line.
- ``clock_sync``: controller ticks to host ``CLOCK_MONOTONIC`` nanoseconds.
- ``reader``: reads frames, stamps taps, posts them; restarts and repeats.
- ``pads``: the kiosk's use of it: open every configured controller, post its
  taps, its state as notices.
"""
