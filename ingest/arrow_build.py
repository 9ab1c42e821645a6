"""Arrow columns built from their buffers, for the store's batches (issue 17).

``pyarrow.array`` on a Python list first asks whether the list is a pandas
object, and that question imports pandas: 0.25–0.45 CPU-s once per process,
a tenth of a 5,000-hand ingest and a quarter of a one-file one.  The store
writes only a few column types, so it builds each array from its buffers
instead (``pa.Array.from_buffers``: offsets and values made with the
standard library's :mod:`array`), which never touches pandas.

:func:`table` builds a ``pyarrow.Table`` from ``{name: values}`` and
``{name: kind}``; the kinds are the names of pyarrow's type functions the
store uses (:data:`KINDS`).  ``None`` is a null in every kind.  Errors are
those of the standard library: ``OverflowError`` for an integer out of its
type's range, ``ValueError`` for a list item outside 0–255,
``UnicodeEncodeError`` for a string that is not valid Unicode text (a lone
surrogate), ``TypeError`` for a value of another type.
"""

from __future__ import annotations

from array import array
from datetime import datetime, timedelta
from itertools import accumulate
from operator import truth

from ingest.lazy import lazy_module

#: pyarrow (and numpy with it) is imported at the first write, not by a
#: command that only reads (issue 17: a command's start).
pa = lazy_module("pyarrow")

__all__ = ["KINDS", "column", "table"]

#: kind -> array typecode of its values (integers) or None (built otherwise)
_INT_CODES = {"int8": "b", "int16": "h", "int32": "i", "int64": "q", "uint8": "B"}
#: The kinds :func:`column` builds.
KINDS = frozenset(_INT_CODES) | {"bool_", "string", "binary", "list_uint8", "timestamp_us"}
_EPOCH = datetime(1970, 1, 1)
_MICRO = timedelta(microseconds=1)


def _validity(values: list) -> tuple[object, int]:
    """(the validity bitmap buffer or None, the null count)."""
    nulls = values.count(None)
    if not nulls:
        return None, 0
    if nulls == len(values):  # a column of nulls: every bit 0
        return pa.py_buffer(bytes((len(values) + 7) // 8)), nulls
    return pa.py_buffer(_bits([v is not None for v in values])), nulls


def _bits(flags) -> bytes:
    """The Arrow bitmap of ``flags`` (any values, truth tested): bit ``i``
    of byte ``i // 8`` set when ``flags[i]`` is true, least significant bit
    first.  Built in C: the flags as a text of ``0``/``1`` read backwards as
    one binary number, written out little-endian."""
    digits = bytes(map(truth, flags)).translate(_DIGITS)
    if not digits:
        return b""
    return int(digits[::-1], 2).to_bytes((len(digits) + 7) // 8, "little")


_DIGITS = bytes.maketrans(b"\x00\x01", b"01")


def _type(kind: str):
    if kind == "list_uint8":
        return pa.list_(pa.uint8())
    if kind == "timestamp_us":
        return pa.timestamp("us")
    return getattr(pa, kind)()


def column(values: list, kind: str):
    """The Arrow array of ``values`` (a list) of ``kind`` (:data:`KINDS`)."""
    n = len(values)
    valid, nulls = _validity(values)
    code = _INT_CODES.get(kind)
    if code is not None:
        data = array(code, [0 if v is None else v for v in values] if nulls else values)
        return pa.Array.from_buffers(_type(kind), n, [valid, pa.py_buffer(data)], null_count=nulls)
    if kind == "bool_":
        return pa.Array.from_buffers(pa.bool_(), n, [valid, pa.py_buffer(_bits(values))], null_count=nulls)
    if kind in ("string", "binary"):
        empty = "" if kind == "string" else b""
        raw = [empty if v is None else v for v in values] if nulls else values
        if kind == "string":
            text = "".join(raw)
            if text.isascii():  # one character a byte: the offsets are the texts' lengths
                data = text.encode("ascii")
            else:
                raw = [s.encode("utf-8") for s in raw]
                data = b"".join(raw)
        else:
            data = b"".join(raw)
        offsets = array("i", accumulate(map(len, raw), initial=0))
        return pa.Array.from_buffers(_type(kind), n, [valid, pa.py_buffer(offsets), pa.py_buffer(data)],
                                     null_count=nulls)
    if kind == "list_uint8":
        items = [() if v is None else v for v in values] if nulls else values
        offsets = array("i", accumulate(map(len, items), initial=0))
        flat = b"".join(map(bytes, items))
        child = pa.Array.from_buffers(pa.uint8(), len(flat), [None, pa.py_buffer(flat)])
        return pa.Array.from_buffers(_type(kind), n, [valid, pa.py_buffer(offsets)], null_count=nulls,
                                     children=[child])
    if kind == "timestamp_us":
        micros = array("q", [0 if v is None else (v - _EPOCH) // _MICRO for v in values])
        return pa.Array.from_buffers(_type(kind), n, [valid, pa.py_buffer(micros)], null_count=nulls)
    raise ValueError(f"{kind!r}: not a kind the store builds (expected one of {sorted(KINDS)})")


def table(columns: dict[str, list], kinds: dict[str, str] | list[tuple[str, str]]):
    """A ``pyarrow.Table`` of ``columns`` (name -> values, every list as
    long) in the order of ``kinds`` (name -> kind, or ``(name, kind)``
    pairs; :data:`KINDS`)."""
    pairs = list(kinds.items()) if isinstance(kinds, dict) else list(kinds)
    return pa.Table.from_arrays([column(columns[name], kind) for name, kind in pairs],
                                names=[name for name, _ in pairs])
