"""Exit codes and the errors commands raise; the CLI maps them, commands only raise.

>>> int(ExitCode.USAGE)
2
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """What ``gaslight`` returns to the shell."""

    OK = 0  # clean
    PROBLEMS = 1  # problems found in the designer's files (or a user error: a missing file, a full disk)
    USAGE = 2  # the command line itself is wrong
    BUG = 3  # a Gaslight bug: please report it


EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, EXIT_BUG = ExitCode.OK, ExitCode.PROBLEMS, ExitCode.USAGE, ExitCode.BUG


class UsageError(Exception):
    """The command line itself is wrong (exit code 2)."""


class UserError(Exception):
    """Something about the designer's environment, not a Gaslight bug: a missing file, a full disk (exit code 1)."""


class ConfigProblems(Exception):
    """``gaslight.yaml`` has errors; the report holds them, located (exit code 1)."""

    def __init__(self, report: object) -> None:
        super().__init__("gaslight.yaml has errors")
        self.report = report
