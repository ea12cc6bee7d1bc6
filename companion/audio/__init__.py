"""Sounds: what the table hears.

- ``tones``: one generated tone per verdict and per tap; silent without an
  audio device.
"""
