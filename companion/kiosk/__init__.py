"""The kiosk: the one loop, its assembly, its start-up, and how it talks to systemd."""
