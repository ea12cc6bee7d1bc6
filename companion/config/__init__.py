"""The settings file.

- ``settings``: read TOML, merge it over the defaults, check every value
  (one line per mistake), freeze it.
- ``default.toml`` (data, beside it): the commented default pin map and
  settings that ``companion config --print-default`` prints.
"""
