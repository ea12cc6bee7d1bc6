"""One error tree: every error the package raises to a user is a CompanionError, so one
``except CompanionError`` turns any of them into a single clear line; a mistake of the program's
own is a Bug, never reported as the user's."""

import importlib
import inspect
import pkgutil

import pytest

import companion
from companion import errors
from companion.errors import Bug, CompanionError


def modules() -> list:
    names = [info.name for info in pkgutil.walk_packages(companion.__path__, "companion.")
             if not info.name.endswith("__main__")]
    return [importlib.import_module(name) for name in names]


def error_classes() -> list[type]:
    found = []
    for module in modules():
        for obj in vars(module).values():
            if (inspect.isclass(obj) and issubclass(obj, BaseException)
                    and obj.__module__ == module.__name__):
                found.append(obj)
    return found


def test_every_error_class_the_package_defines_is_a_users_problem_or_a_bug():
    stray = [f"{cls.__module__}.{cls.__name__}" for cls in error_classes()
             if not issubclass(cls, (CompanionError, Bug))]
    assert stray == []


def test_no_bug_is_told_as_a_problem_the_user_can_fix():
    assert not [cls for cls in error_classes() if issubclass(cls, Bug)
                and issubclass(cls, CompanionError)]


@pytest.mark.parametrize("name", ["RuleError", "HatError", "MovieError", "ProtocolError"])
def test_the_rule_and_protocol_errors_stay_value_errors(name):
    assert issubclass(getattr(errors, name), ValueError)


def test_each_kind_is_imported_where_it_was_defined_before():
    from companion.config.settings import ConfigError
    from companion.games.hat.rules import HatError
    from companion.games.movie.rules import MovieError
    from companion.games.notnot.game import RuleError
    from companion.inputs.serial.protocol import ProtocolError
    assert (RuleError, HatError, MovieError, ConfigError, ProtocolError) == (
        errors.RuleError, errors.HatError, errors.MovieError, errors.ConfigError,
        errors.ProtocolError)
