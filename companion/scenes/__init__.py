"""The kiosk's scenes: one state of the screen each, as in pibooth 3.x.

Every scene reacts to events, runs its own timers, and draws itself when
something changed. The loop in :mod:`companion.kiosk.loop` owns the queue and asks
the current scene; a scene moves on by ``self.ctx.go(name, **details)``.

- ``base``: the Scene class and the events scenes see besides taps.
- ``context``: what all scenes share (settings, the game, layout, sounds, pace).
- ``menu``: the behaviour every menu shares; ``pausing``: what pauses a game,
  and the pause after a round closed at the pause (taps are final).
- ``flow``: starting or resuming a game, finishing a round, what comes after a round.
- ``saving``: the Not Not game saved in the state database round by round,
  and the unfinished one found for resume.
- ``setup_menu``: every game's set-up menu, led by "Resume" when a game is kept.
- ``play_view``: the play screen composed from a game and a roll.
- ``verdict_words``: a round's record in words; ``lights``: the pads' LEDs
  (the button pressed, the winners').
- ``tap_feedback``: what a tap counts for, shown at once (name flash, tone, LED,
  TOO EARLY banner); ``countdown``: seconds left on screen; ``level_up``: the
  splash when a rule card changes the level.
- ``catalogue``: every scene by name.
- ``title``, ``setup``: title/menu, and the choice of level, players and dealing.
- ``deal``: the companion-deals prompt ("GREEN portal on W") and the
  table-deals entry of revealed cards.
- ``roll``: the level-up splash if due, the roll animation, ending at the flip
  that opens the round.
- ``round``: taps in, by stamps, until the round closes or a pause closes it;
  its countdown.
- ``tie_choice``: tied players on the same card pick another, with a countdown.
- ``verdict``: who won what, wrong taps, ties, too early, nobody may tap.
- ``correction``, ``pause``, ``end``, ``failsafe``.
- ``bookkeeping``: what the two other games' scenes share (set-up with
  resume, pads into a kept game); ``movie_setup``, ``movie_play``,
  ``movie_sheet``: Not That Movie!; ``hat_setup``, ``hat_play``: That's Not a
  Hat; ``games_pause``: their pause menu.
"""
