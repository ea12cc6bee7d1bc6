"""Not Not at the table: one scene per state, and the parts they share.

- ``setup``: level, players, dealing, then Start (or Resume).
- ``deal``: the companion-deals prompt ("GREEN portal on W"); ``entry``: the
  table-deals entry of revealed cards; ``correction``: fix any spot.
- ``roll``: the level-up splash if due, the tumbling dice, the flip that opens
  the round; ``round``: taps in, by stamps, until it closes; ``tie_choice``:
  tied players on one card pick another; ``verdict``: who won what.
- ``pause``: the pause menu (taps are final); ``end``: winners, scores,
  reaction times.
- ``play``: the game being played, carried by Not Not's changes from scene to
  scene.
- ``flow``: starting or resuming a game, finishing a round, what comes next;
  ``saving``: the game saved round by round, and found again for resume;
  ``pending_saves``: the saves waiting to be on disk.
- ``play_view``: the play screen composed; ``countdown``: seconds left;
  ``tap_feedback``: what a tap counts for, shown at once; ``level_up``: the
  splash; ``lights``: the pads' LEDs.
"""
