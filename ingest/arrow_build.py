"""Arrow columns built from their buffers, for the store's batches (issue 17).

``pyarrow.array`` on a Python list first asks whether the list is a pandas
object, and that question imports pandas: 0.25–0.45 CPU-s once per process,
a tenth of a 5,000-hand ingest and a quarter of a one-file one.  The store
writes only a few column types, so it builds each array from its buffers
instead (``pa.Array.from_buffers``: offsets and values packed with the
standard library's :mod:`struct` and :mod:`array`), which never touches
pandas.

:func:`table` builds a ``pyarrow.Table`` from ``{name: values}`` and
``{name: kind}``; the kinds are the names of pyarrow's type functions the
store uses (:data:`KINDS`).  ``None`` is a null in every kind.  Errors are
those of the standard library: ``OverflowError`` for an integer out of its
type's range, ``ValueError`` for a list item outside 0–255,
``UnicodeEncodeError`` for a string that is not valid Unicode text (a lone
surrogate), ``TypeError`` for a value of another type.

A column without nulls (most of them) is packed in one call: the integers
by one ``struct.pack``, the texts joined and their offsets packed from
their lengths; the offsets of values of one length (a deal id, a hash, a
file's one session name, a full hand's 30 dealt cards) are a stride,
packed once per (count, length) and kept.  A column with nulls, or a value
the one call refuses, is built value by value, which raises the errors
above.
"""

from __future__ import annotations

import struct
from array import array
from datetime import datetime, timedelta
from itertools import accumulate
from operator import truth

__all__ = ["KINDS", "column", "table"]

#: kind -> array/struct typecode of its values (integers) or None (built otherwise)
_INT_CODES = {"int8": "b", "int16": "h", "int32": "i", "int64": "q", "uint8": "B"}
#: The kinds :func:`column` builds.
KINDS = frozenset(_INT_CODES) | {"bool_", "string", "binary", "list_uint8", "timestamp_us"}
_EPOCH = datetime(1970, 1, 1)
_MICRO = timedelta(microseconds=1)

#: pyarrow (and numpy with it) is imported at the first write, not by a
#: command that only reads (issue 17: a command's start); see :func:`_pa`.
_PYARROW = None
#: kind -> its pyarrow type, made at the first use
_TYPES: dict = {}
#: (count, length) -> the packed offsets 0, length, 2 * length ... (values of one length)
_STRIDES: dict[tuple[int, int], bytes] = {}


def _pa():
    """The pyarrow module, imported at the first call."""
    global _PYARROW
    if _PYARROW is None:
        import pyarrow  # noqa: PLC0415

        _PYARROW = pyarrow
    return _PYARROW


def _validity(values: list) -> tuple[object, int]:
    """(the validity bitmap buffer or None, the null count)."""
    nulls = values.count(None)
    if not nulls:
        return None, 0
    if nulls == len(values):  # a column of nulls: every bit 0
        return _pa().py_buffer(bytes((len(values) + 7) // 8)), nulls
    return _pa().py_buffer(_bits([v is not None for v in values])), nulls


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


def _offsets(items: list) -> bytes:
    """The int32 offsets (little-endian) of ``items`` (texts as bytes, or
    lists): 0 and the running sum of their lengths.  Compiled, a list's by
    one C loop (:func:`_offsets_scan`)."""
    if _COMPILED and type(items) is list:
        got = _offsets_scan(items)
        if got is not None:
            return got
    return _offsets_split(items)


def _offsets_scan(items: list) -> bytes | None:
    """:func:`_offsets_split` of the list ``items`` by one loop writing each
    offset's four bytes, little-endian (the compiled path's:
    ingest/arrow_build.pxd makes the lengths and indices C integers, so it
    makes no Python integer a value); None when the sum passes the int32
    range (the caller's :func:`_offsets_split` then raises its error).  Run
    as Python the ``map``/``struct`` form is faster."""
    n = len(items)
    out = bytearray(4 * (n + 1))
    total = 0
    j = 4
    for i in range(n):
        total += len(items[i])
        if total > 0x7FFFFFFF:
            return None
        out[j] = total & 255
        out[j + 1] = (total >> 8) & 255
        out[j + 2] = (total >> 16) & 255
        out[j + 3] = total >> 24
        j += 4
    return bytes(out)


def _flat_scan(values: list) -> bytes | None:
    """``b"".join(map(bytes, values))`` of the list ``values`` (bytes, or
    lists of integers 0-255) by one loop appending to one byte array (the
    compiled path's, ingest/arrow_build.pxd: no ``bytes`` object made a
    list); None for any value it does not take as such (a null, an item out
    of range: the caller's join then raises or falls back as before)."""
    out = bytearray()
    try:
        for v in values:
            if type(v) is bytes:
                out += v
            elif type(v) is list:
                for c in v:
                    out.append(c)
            else:
                return None
    except (TypeError, ValueError, OverflowError):
        return None
    return bytes(out)


#: True when this module runs compiled (an extension module, not the ``.py``): the C loops above are then the faster
_COMPILED = not __file__.endswith(".py")


def _offsets_split(items: list) -> bytes:
    """:func:`_offsets` by ``map``/``struct`` (the pure-Python path's, and
    any sequence's)."""
    lens = list(map(len, items))
    n = len(lens)
    if n and lens.count(lens[0]) == n:  # one length: a stride, kept per (count, length)
        key = (n, lens[0])
        got = _STRIDES.get(key)
        if got is None:
            if len(_STRIDES) > 256:
                _STRIDES.clear()
            step = lens[0]
            got = _STRIDES[key] = struct.pack(f"<{n + 1}i", *range(0, (n + 1) * step, step)) if step \
                else bytes(4 * (n + 1))
        return got
    return struct.pack(f"<{n + 1}i", *accumulate(lens, initial=0))


def _type(kind: str):
    got = _TYPES.get(kind)
    if got is None:
        pa = _pa()
        if kind == "list_uint8":
            got = pa.list_(pa.uint8())
        elif kind == "timestamp_us":
            got = pa.timestamp("us")
        else:
            got = getattr(pa, kind)()
        _TYPES[kind] = got
    return got


def column(values: list, kind: str):
    """The Arrow array of ``values`` (a list) of ``kind`` (:data:`KINDS`)."""
    pa = _pa()
    n = len(values)
    code = _INT_CODES.get(kind)
    if code is not None:
        try:  # no null and every value in range: one call
            data = struct.pack(f"<{n}{code}", *values)
        except (TypeError, struct.error):
            valid, nulls = _validity(values)
            data = array(code, [0 if v is None else v for v in values] if nulls else values)
            return pa.Array.from_buffers(_type(kind), n, [valid, pa.py_buffer(data)], null_count=nulls)
        return pa.Array.from_buffers(_type(kind), n, [None, pa.py_buffer(data)], null_count=0)
    if kind == "string":
        try:
            text = "".join(values)  # TypeError: a null, or a value that is not text
        except TypeError:
            text = None
        if text is not None:
            if text.isascii():  # one character a byte: the offsets are the texts' lengths
                data, offsets = text.encode("ascii"), _offsets(values)
            else:
                raw = [s.encode("utf-8") for s in values]
                data, offsets = b"".join(raw), _offsets(raw)
            return pa.Array.from_buffers(_type(kind), n, [None, pa.py_buffer(offsets), pa.py_buffer(data)],
                                         null_count=0)
    if kind == "binary":
        try:
            data = b"".join(values)  # TypeError: a null, or a value that is not bytes
        except TypeError:
            data = None
        if data is not None:
            return pa.Array.from_buffers(_type(kind), n, [None, pa.py_buffer(_offsets(values)), pa.py_buffer(data)],
                                         null_count=0)
    if kind == "list_uint8":
        flat = _flat_scan(values) if _COMPILED and type(values) is list else None
        if flat is None:
            try:
                flat = b"".join(map(bytes, values))  # TypeError: a null
            except TypeError:
                flat = None
        if flat is not None:
            child = pa.Array.from_buffers(pa.uint8(), len(flat), [None, pa.py_buffer(flat)])
            return pa.Array.from_buffers(_type(kind), n, [None, pa.py_buffer(_offsets(values))], null_count=0,
                                         children=[child])
    valid, nulls = _validity(values)
    if nulls == n and kind in _WIDTHS:  # a column of nulls: zero bits, zero offsets, no values
        return _nulls(kind, n, valid)
    if kind == "bool_":
        return pa.Array.from_buffers(pa.bool_(), n, [valid, pa.py_buffer(_bits(values))], null_count=nulls)
    if kind in ("string", "binary"):
        empty = "" if kind == "string" else b""
        raw = [empty if v is None else v for v in values] if nulls else values
        if kind == "string":
            text = "".join(raw)
            if text.isascii():
                data = text.encode("ascii")
            else:
                raw = [s.encode("utf-8") for s in raw]
                data = b"".join(raw)
        else:
            data = b"".join(raw)
        return pa.Array.from_buffers(_type(kind), n, [valid, pa.py_buffer(_offsets(raw)), pa.py_buffer(data)],
                                     null_count=nulls)
    if kind == "list_uint8":
        items = [() if v is None else v for v in values] if nulls else values
        flat = b"".join(map(bytes, items))
        child = pa.Array.from_buffers(pa.uint8(), len(flat), [None, pa.py_buffer(flat)])
        return pa.Array.from_buffers(_type(kind), n, [valid, pa.py_buffer(_offsets(items))], null_count=nulls,
                                     children=[child])
    if kind == "timestamp_us":
        micros = array("q", [0 if v is None else (v - _EPOCH) // _MICRO for v in values])
        return pa.Array.from_buffers(_type(kind), n, [valid, pa.py_buffer(micros)], null_count=nulls)
    raise ValueError(f"{kind!r}: not a kind the store builds (expected one of {sorted(KINDS)})")


#: kind -> the bytes a null takes in its values buffer (0: offsets and no values; -1: a list's offsets)
_WIDTHS = {"int8": 1, "uint8": 1, "int16": 2, "int32": 4, "int64": 8, "timestamp_us": 8, "bool_": 1 / 8,
           "string": 0, "binary": 0, "list_uint8": -1}


def _nulls(kind: str, n: int, valid):
    """The column of ``n`` nulls of ``kind`` (``valid``: its bitmap of zeros)."""
    pa = _pa()
    width = _WIDTHS[kind]
    if width > 0:
        return pa.Array.from_buffers(_type(kind), n, [valid, pa.py_buffer(bytes(int(n * width + 7.99)))],
                                     null_count=n)
    offsets = pa.py_buffer(bytes(4 * (n + 1)))
    if width == 0:
        return pa.Array.from_buffers(_type(kind), n, [valid, offsets, pa.py_buffer(b"")], null_count=n)
    child = pa.Array.from_buffers(pa.uint8(), 0, [None, pa.py_buffer(b"")])
    return pa.Array.from_buffers(_type(kind), n, [valid, offsets], null_count=n, children=[child])


def table(columns: dict[str, list], kinds: dict[str, str] | list[tuple[str, str]]):
    """A ``pyarrow.Table`` of ``columns`` (name -> values, every list as
    long) in the order of ``kinds`` (name -> kind, or ``(name, kind)``
    pairs; :data:`KINDS`)."""
    pairs = list(kinds.items()) if isinstance(kinds, dict) else list(kinds)
    return _pa().Table.from_arrays([column(columns[name], kind) for name, kind in pairs],
                                   names=[name for name, _ in pairs])
