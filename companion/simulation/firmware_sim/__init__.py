"""The serial controller's firmware, run in simavr and measured."""
