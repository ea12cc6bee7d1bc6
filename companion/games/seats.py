"""Seats around the table: who sits to a player's left and right.

Players are numbered from 1 clockwise around the table, as seen from above.
Seated facing the middle, a player's left hand points clockwise, so the
neighbour on the left is the next number (the last player's left neighbour
is player 1) and the neighbour on the right is the previous number. Both
"Not That Movie!" (the token stack passes left) and "That's Not a Hat" (gifts
go left or right) use this one convention.
"""

from __future__ import annotations


def left_of(player: int, players: int) -> int:
    """The neighbour on ``player``'s left at a table of ``players``.

    >>> left_of(4, 4)
    1
    """
    return player % players + 1


def right_of(player: int, players: int) -> int:
    """The neighbour on ``player``'s right at a table of ``players``.

    >>> right_of(1, 4)
    4
    """
    return (player - 2) % players + 1
