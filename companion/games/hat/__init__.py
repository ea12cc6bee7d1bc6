"""Companion mode for "That's Not a Hat": penalty points and a turn reminder."""
