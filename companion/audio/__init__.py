"""Sounds: what the table hears."""
