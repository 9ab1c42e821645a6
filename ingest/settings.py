"""Number settings read from the environment: the whole numbers
``SHEAD_GROUP_HANDS``, ``SHEAD_STREAM_BATCH``, ``SHEAD_STREAM_ABOVE`` and the
seconds ``SHEAD_LOCK_TIMEOUT``.

A value that is set but is no number in range is an error that names the
variable, what was found and what is expected: read silently as the
default, ``SHEAD_GROUP_HANDS=1O000`` (a letter O) would store as though the
setting were unset, and ``SHEAD_LOCK_TIMEOUT=nan`` would wait forever.
Every ``shead`` command checks the ones set before it starts
(``ingest.cli``'s callback) and stops with exit code 2.  This module
imports nothing of shead's: the modules that read a setting import it.
"""

from __future__ import annotations

import os
import re

__all__ = ["SettingError", "whole_number", "seconds"]


#: seconds as a setting writes them: ``60``, ``0.5``, ``.5``
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", re.ASCII)


class SettingError(ValueError):
    """A number setting in the environment is set but is no number in its
    range (:func:`whole_number`, :func:`seconds`)."""


def whole_number(name: str, default: int, least: int = 0) -> int:
    """The environment's ``name`` as an int: ``default`` when it is unset or
    blank, else its digits (ASCII, surrounding blanks ignored), which must
    make at least ``least``.  Raises :class:`SettingError` naming ``name``,
    the text found and what is expected."""
    got = os.environ.get(name, "").strip()
    if not got:
        return default
    if got.isascii() and got.isdigit() and int(got) >= least:
        return int(got)
    what = "a whole number" + (f" of {least} or more" if least else " (0 or more)")
    raise SettingError(f"{name}={got!r} in the environment: expected {what}; unset it for the default "
                       f"{default:,}")


def seconds(name: str, default: float) -> float:
    """The environment's ``name`` as seconds (a float): ``default`` when it
    is unset or blank, else a decimal number of 0 or more (``0.5``, ``60``).
    Raises :class:`SettingError` naming ``name``, the text found and what is
    expected."""
    got = os.environ.get(name, "").strip()
    if not got:
        return default
    if _DECIMAL.fullmatch(got):  # digits with an optional fraction: not Python's 1_0, 1e3, inf or nan
        return float(got)
    raise SettingError(f"{name}={got!r} in the environment: expected seconds, a number of 0 or more (e.g. 60); "
                       f"unset it for the default {default:g}")
