"""The serial controller's firmware, run in simavr and measured.

- ``simavr``: builds the firmware and runs it against a stimulus of timed
  presses, decoding what it sends with the real host decoder.
- ``live``: the firmware on a pseudo-terminal, its buttons pressed live (the
  kiosk's end-to-end tests, ``companion demo --controller simavr``).
- ``comparison``: our firmware against a naive polling loop, on the same presses.
"""
