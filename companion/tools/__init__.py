"""Tools around the product: wiring, benchmarks, and the command line's argument types.

- ``wiring``: diagrams, pin tables and parts lists from the pin maps.
- ``benchmarks``: one module per ``companion bench`` benchmark.
- ``argtypes``: argument types that say exactly what is wrong, and the usage
  error that points to the subcommand's help.
"""
