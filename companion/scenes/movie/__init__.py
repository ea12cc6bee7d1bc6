"""movie."""
