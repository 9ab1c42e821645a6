"""Whole-number settings read from the environment (``SHEAD_GROUP_HANDS``,
``SHEAD_STREAM_BATCH``, ``SHEAD_STREAM_ABOVE``).

A value that is set but is no whole number in range is an error that names
the variable, what was found and what is expected: read silently as the
default, ``SHEAD_GROUP_HANDS=1O000`` (a letter O) would store as though the
setting were unset, and nobody would learn why.  ``shead ingest`` checks
them all before it reads a file (:func:`check`) and stops with exit code 2.
"""

from __future__ import annotations

import os

__all__ = ["SettingError", "whole_number", "check"]


class SettingError(ValueError):
    """A setting in the environment is not a whole number in its range."""


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


def check() -> None:
    """Read each whole-number setting once, as the modules that use it read
    it (their defaults: :data:`ingest.pipeline.GROUP_HANDS`,
    :data:`ingest.stream.BATCH_HANDS`, :data:`ingest.stream.STREAM_ABOVE`);
    raises :class:`SettingError` for the first that is set but invalid."""
    from ingest import pipeline, stream  # noqa: PLC0415 - light modules, imported by shead ingest anyway

    pipeline.group_hands()
    stream.batch_hands()
    stream.stream_above()
