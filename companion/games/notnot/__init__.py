"""The pure rules core of Not Not.

No rules module here does I/O, reads a clock or touches global random
state: randomness comes in as a seeded ``random.Random``, time comes in as
stamps (``int`` nanoseconds on one monotonic clock). Adapters (inputs, screen,
storage, the command line) feed it and show what it decides. The one module
that reads, :mod:`~companion.games.notnot.data_file`, is such an adapter: it reads
the package's own dice and deck file, once, and the rules modules are handed what
it read (none of them imports it).
"""
