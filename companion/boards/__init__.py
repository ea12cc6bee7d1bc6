"""The boards the buttons are wired to: one source of pin facts."""
