"""Simulated players: whole games in virtual time, and tables that press real inputs.

- ``bots``: when and where a simulated player taps, given what the screen shows.
- ``virtual_game``: a whole Not Not game played by bots in virtual time
  (``companion simulate``), and a game's result.
- ``game_log``: that game as a round-by-round log a person can follow.
- ``demo_table``: the demo's table: bots who watch the kiosk and press buttons.
- ``scripted_tables``: the other two games' demo: a scripted table plays them.
- ``presses``: how simulated presses enter the kiosk (mock GPIO pins or the
  controller in simavr); ``press_scheduler``: presses at their due time, on a
  thread of their own.
- ``firmware_sim``: the controller firmware run in simavr: a simulated
  controller on a pseudo-terminal, and the firmware's stamps measured.
- ``staged_moments``: moments a seeded game may never show, staged on the real
  kiosk and saved as PNGs (``companion demo --moments``).
"""
