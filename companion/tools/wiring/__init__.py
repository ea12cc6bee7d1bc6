"""Wiring: diagrams, printable tables and a parts list, drawn from the pin maps.

Everything here reads the same pin maps the inputs read (the config's
``[gpio]`` and ``[serial]`` tables, the header facts in :mod:`companion.boards.pi_header`),
so a diagram cannot disagree with the software.
"""
