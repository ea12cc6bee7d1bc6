"""The boards the buttons are wired to: one source of pin facts.

- ``pi_header``: the Raspberry Pi 40-pin header (J8): its GPIO numbers,
  reserved pins, and checks on a pin map.
- ``avr``: the serial controller boards (Nano, Mega): their pins, how each is
  stamped, default pads, and the C pin table the firmware is built with.
"""
