"""The one rounding of a number shown to a person (metrics31 F6): half away
from zero on the exact decimal, never Python's half-to-even on a binary
float.  Used by the dashboard (:mod:`dashboard.text` re-exports these
names) and by the command line (``shead analyze``'s means), so it lives
below both.
"""

from __future__ import annotations

__all__ = ["half_up", "fixed", "percent"]


def half_up(x, digits: int):
    """``x`` rounded to ``digits`` decimals, half away from zero (metrics31 F6: a person checking by hand reads
    5/16 = 31.25 % as 31.3 %, -34/16 = -2.125 as -2.13; Python's ``round`` and f-strings round half to even
    and on the binary float).  The one rounding of every displayed rate and mean (:func:`fixed`,
    :func:`percent`; the dashboard's ``pct`` and ``num``, the CLI's means).

    ``x``: an ``int``, :class:`fractions.Fraction`, :class:`decimal.Decimal` or ``float``.  A float is read as
    the shortest decimal that gives back the same float (``repr``), i.e. the exact fraction it was computed
    from when that fraction has a short decimal (``29 / 200`` is the float 0.144999...; it is read as 0.145 and
    rounds to 0.15).  Returns a :class:`decimal.Decimal` with exactly ``digits`` decimals."""
    import decimal  # noqa: PLC0415
    from fractions import Fraction  # noqa: PLC0415

    ctx = decimal.Context(prec=60, rounding=decimal.ROUND_HALF_UP)
    if isinstance(x, Fraction):
        d = ctx.divide(decimal.Decimal(x.numerator), decimal.Decimal(x.denominator))
    elif isinstance(x, float):
        d = decimal.Decimal(repr(x))
    else:
        d = decimal.Decimal(x)
    return d.quantize(decimal.Decimal(1).scaleb(-digits), rounding=decimal.ROUND_HALF_UP, context=ctx)


def fixed(x, digits: int = 2, *, sign: bool = False) -> str:
    """``x`` written with ``digits`` decimals, rounded half away from zero (:func:`half_up`); ``sign``: a
    ``+`` before a positive value (a mean of units).  ``fixed(-34/16, 2) == "-2.13"``."""
    d = half_up(x, digits)
    if d == 0:
        d = abs(d)  # no "-0.00"
    return f"{d:+f}" if sign else f"{d:f}"


def percent(x, digits: int = 1) -> str:
    """A rate (a share of 1) as a percentage with ``digits`` decimals, rounded half away from zero
    (:func:`half_up` on the exact value times 100): ``percent(5/16) == "31.3%"``, ``percent(1/16) == "6.3%"``."""
    import decimal  # noqa: PLC0415
    from fractions import Fraction  # noqa: PLC0415

    if isinstance(x, Fraction):
        return fixed(x * 100, digits) + "%"
    d = decimal.Decimal(repr(x)) if isinstance(x, float) else decimal.Decimal(x)
    return fixed(d.scaleb(2), digits) + "%"
