"""kiosk."""
