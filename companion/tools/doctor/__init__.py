"""``companion doctor`` checks, grouped by what they look at.

The command (:mod:`companion.commands.doctor`) runs them in the order a maker fixes them:
:mod:`.host` (the machine, and what every check reads through), :mod:`.service` (the settings
the service reads, the service), :mod:`.display`, :mod:`.sound`, :mod:`.pads`, :mod:`.state`.
"""
