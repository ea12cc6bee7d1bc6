"""Tools around the product: wiring, benchmarks, and the command line's argument types and notes."""
