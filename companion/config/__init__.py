"""The settings file, and reading the JSON and TOML files a user hands over.

- ``settings``: read TOML, merge it over the defaults, check every value
  (one line per mistake), freeze it.
- ``reading``: read a file the user hands over (at most so many bytes) and
  parse its JSON or TOML; every failure (too large, not UTF-8, a BOM, nested
  too deeply, a syntax error) is one clear line, used by the settings, the
  saved choices, the judge's cases and the firmware simulator's stimuli.
- ``default.toml`` (data, beside it): the commented default pin map and
  settings that ``companion config --print-default`` prints.
"""
