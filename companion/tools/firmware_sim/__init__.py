"""firmware_sim."""
