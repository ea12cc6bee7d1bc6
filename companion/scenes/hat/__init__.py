"""That's Not a Hat at the table."""
