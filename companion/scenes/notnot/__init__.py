"""Not Not at the table: one scene per state, and the parts they share."""
