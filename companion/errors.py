"""The one exception type that reaches a user as a single clear line."""


class CompanionError(Exception):
    """A problem the user can fix: bad input, bad config, missing device.

    The command line prints ``companion: <message>`` and exits with status 2;
    the kiosk shows the message on screen. The message names what is wrong and
    where (file, key, line, field).
    """


#: What code reading damaged stored data (a snapshot, a record) may raise: a
#: missing key, a wrong type, a bad value, a number out of range, a loop.
DAMAGED_DATA_ERRORS: tuple[type[BaseException], ...] = (
    LookupError, TypeError, ValueError, AttributeError, ArithmeticError, RecursionError)
