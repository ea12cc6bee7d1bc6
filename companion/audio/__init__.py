"""Sounds: what the table hears.

- ``tones``: one generated tone per verdict and per tap; silent without an
  audio device.
- ``voice``: spoken call-outs rendered once by a speech engine (espeak-ng)
  into cached clips, queued to play after the frame.
"""
