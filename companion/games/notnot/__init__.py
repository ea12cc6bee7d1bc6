"""The pure rules core of Not Not.

Nothing in this package does I/O, reads a clock or touches global random
state: randomness comes in as a seeded ``random.Random``, time comes in as
stamps (``int`` nanoseconds on one monotonic clock). Adapters (inputs, screen,
storage, the command line) feed it and show what it decides.
"""
