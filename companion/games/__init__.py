"""The rules of the three games, pure: no I/O, no clock, no global random state."""
