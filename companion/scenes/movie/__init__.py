"""Not That Movie! at the table."""
