"""Simulated players: whole games in virtual time, and tables that press real inputs."""
