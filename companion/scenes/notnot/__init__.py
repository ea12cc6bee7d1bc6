"""notnot."""
