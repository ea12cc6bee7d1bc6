"""Inputs: everything that turns a press into a stamped event and posts it.

Every source only stamps and calls ``post(event)``; the main loop owns the
queue, sorts by stamp and decides; scenes ask ``actions`` what an input means.
"""
