"""Not That Movie! at the table.

- ``setup``: players, votes on the pads or discs, who starts, team; Start or Resume.
- ``play``: the secret vote, each token's answer, the scores.
- ``sheet``: the score sheet kept for ever, newest game first.
"""
