"""The one exception type that reaches a user as a single clear line."""


class CompanionError(Exception):
    """A problem the user can fix: bad input, bad config, missing device.

    The command line prints ``companion: <message>`` and exits with status 2;
    the kiosk shows the message on screen. The message names what is wrong and
    where (file, key, line, field).
    """
