"""Wiring: diagrams, printable tables and a parts list, drawn from the pin maps.

Everything here reads the same pin maps the inputs read (the config's
``[gpio]`` and ``[serial]`` tables, the header facts in :mod:`companion.boards.pi_header`),
so a diagram cannot disagree with the software. Modules:

- ``uses``: what each pin of a map is wired to (a button, LED, control or
  dealer face), the ground each group returns to, and colours.
- ``svg``: a drawing as a list of plain shapes, written as SVG text.
- ``png``: the same drawing rendered with pygame, for quick viewing.
- ``parts``: what every board diagram is built of: connectors with tagged
  pins, a card per pad (its buttons as a cross), legends.
- ``header``: the Raspberry Pi 40-pin header diagram of a GPIO map.
- ``arduino``: the Nano/Mega diagram of a serial controller's map.
- ``tables``: a Markdown table per pad, for printing.
- ``electrics``: the LED resistor arithmetic and current limits.
- ``bom``: the parts list for 2-6 players on GPIO, 4 and 6 on serial.
- ``guide``: the wiring README that embeds the generated diagrams.
- ``generate``: writes a whole wiring folder for a config.
"""
