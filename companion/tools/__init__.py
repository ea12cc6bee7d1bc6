"""Tools around the product: wiring, firmware simulation, benchmarks.

- ``wiring``: diagrams, pin tables and parts lists from the pin maps.
- ``firmware_sim``: the controller firmware run in simavr.
- ``benchmarks``: one module per ``companion bench`` benchmark.
"""
