"""The settings file, and reading the JSON and TOML files a user hands over."""
