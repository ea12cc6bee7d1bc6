"""That's Not a Hat at the table.

- ``setup``: players, rounds, two gifts, special cards; Start or Resume.
- ``play``: whose turn it is, which way the last gift went, penalties.
"""
