"""Inputs: everything that turns a press into a stamped event and posts it.

Every source only stamps and calls ``post(event)``; the main loop owns the
queue, sorts by stamp and decides; scenes ask ``actions`` what an input means. Modules:

- ``events``: the events a source posts (``Tap``, ``Control``, ``Dealer``,
  ``Stuck``) and their stamp order.
- ``actions``: what a key, a touch, a control button, the dealer pad and a
  pad's tap mean to a menu or a prompt (``MOVE_UP`` ... ``TOUCH_AT``), in one
  place; the loop's menu keys and touches (``Nav``, ``Point``).
- ``debounce``: leading-edge debounce and stuck detection for one button, as
  a pure state machine fed ``(level, t_ns)``.
- ``gpio``: arcade buttons on the Pi's header through gpiozero, stamped with
  the kernel's edge stamp; optional LEDs.
- ``keyboard``: pygame keys to taps for desk play (millisecond-true stamps).
- ``mock``: gpiozero's ``MockFactory`` extended with exact stamps, bounce
  patterns and out-of-order delivery, for tests, benchmarks and demos.
- ``serial``: the serial button controller (protocol, framing, clock sync,
  reader, and the kiosk's pads on it).
- ``wiring_check``: what ``companion buttons`` has seen pressed, stuck or
  missing, and the lines that report it.
"""
