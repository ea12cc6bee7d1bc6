"""One module per ``companion`` subcommand (see :mod:`companion.cli`)."""
