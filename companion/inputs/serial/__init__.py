"""The serial button controller, host side."""
