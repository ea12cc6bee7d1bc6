"""Scenes and scene parts every game shares."""
