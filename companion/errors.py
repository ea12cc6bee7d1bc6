"""The one error tree: every problem that reaches a user, as a single clear line.

Every kind the package raises, and the module it lives in (``errors.py`` unless named): the
kinds that belong to one adapter stay beside it. What a user can fix derives from
:class:`CompanionError`; a mistake of the program's own derives from :class:`Bug`, never
reported as the user's::

    CompanionError              a problem the user can fix
    ├── RuleError               a move Not Not's rules refuse (also a ValueError)
    ├── HatError                a move That's Not a Hat's rulebook refuses (also a ValueError)
    ├── MovieError              a move Not That Movie!'s rulebook refuses (also a ValueError)
    ├── ConfigError             a settings file with problems, one line each
    ├── StateError              the state database or what it keeps
    │   ├── StorageError        it cannot be read or written [storage/faults.py]
    │   │   ├── SaveLater       the disk, folder or a lock stands in the way [storage/faults.py]
    │   │   └── SaveRefused     the file itself refuses the write [storage/faults.py]
    │   │       ├── ForeignDatabase another program's or a newer companion's [storage/faults.py]
    │   │       └── DamagedDatabase a page that does not read [storage/faults.py]
    │   ├── FolderInUse         another program writes the state folder [storage/owner.py]
    │   ├── Unreadable          a kept game's field that does not read [storage/games.py]
    │   ├── PlayerError         a player name the kept players refuse [storage/players.py]
    │   └── DamagedSnapshot     a kept game that does not restore [storage/restoring.py]
    ├── StreamError             a standard stream closed before companion started
    │   └── OutputError         standard output that cannot be written (also an OSError)
    ├── ProtocolError           a serial frame whose content does not parse (also a ValueError)
    ├── Unparsable              a file or line that is not its JSON or TOML [config/reading.py]
    ├── UsageError              options a command cannot do [tools/argtypes.py]
    ├── BadCase                 a judge case that does not read [commands/judge.py]
    ├── VoiceError              the voice clips cannot be made [audio/voice.py]
    └── BoardError              a board or pin name the boards do not have [boards/avr.py]

    Bug                         a mistake in the program, never the user's doing
    ├── SceneChangeError               a scene change the table does not allow [scenes/core.py]
    └── NoGameInPlay            a game's scene shown with no game to play [scenes/session.py]

The command line prints ``companion: <message>`` and exits with status 2; the
kiosk shows the message on screen. A :class:`Bug` (like any other exception) is an
"internal error" (status 3) on the command line and the failsafe screen in the kiosk. A
place that turns an error into words catches :class:`CompanionError` (or the one kind it
expects), never a list.
"""


class CompanionError(Exception):
    """A problem the user can fix: bad input, bad config, missing device.

    The command line prints ``companion: <message>`` and exits with status 2;
    the kiosk shows the message on screen. The message names what is wrong and
    where (file, key, line, field).
    """


class Bug(Exception):
    """A mistake in the program, never the user's doing (a scene entered with no game, a scene
    change nobody planned): the command line calls it an internal error, the kiosk shows it on
    the failsafe screen."""


class RuleError(CompanionError, ValueError):
    """A move Not Not's rules refuse; the message says why and what to do instead."""


class HatError(CompanionError, ValueError):
    """A move That's Not a Hat's rulebook does not allow; the message names the rule."""


class MovieError(CompanionError, ValueError):
    """A move Not That Movie!'s rulebook does not allow; the message names the rule."""


class ConfigError(CompanionError):
    """A config file with problems; ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class StateError(CompanionError):
    """The state database, or a game or round it keeps, cannot be used as it is."""


class ProtocolError(CompanionError, ValueError):
    """A serial frame with a good CRC whose content does not parse."""


#: What code reading stored data (a snapshot, a record) may raise when the data is damaged,
#: once its shape is checked (:mod:`companion.storage.shapes`): a missing key, a bad value, a
#: number out of range. A ``TypeError`` or ``AttributeError`` there is a bug, never damage.
DAMAGED_DATA_ERRORS: tuple[type[BaseException], ...] = (
    LookupError, ValueError, ArithmeticError)


class StreamError(CompanionError):
    """A standard stream (input or output) that was closed before ``companion`` started."""


class OutputError(StreamError, OSError):
    """Standard output cannot take what a command writes: full, unwritable, an I/O error."""

    def __str__(self) -> str:
        return f"cannot write to standard output: {self.strerror}"
