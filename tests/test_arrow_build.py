"""The store's Arrow columns built from their buffers (ingest/arrow_build.py,
issue 17): each kind equal to what ``pyarrow.array`` builds from the same
Python list (nulls included), worked examples of the buffers, the errors of
out-of-range values, and no pandas imported by a first ingest."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from ingest import arrow_build as ab

ROOT = Path(__file__).resolve().parents[1]

_INT_RANGE = {"int8": 7, "int16": 15, "int32": 31, "int64": 63}
VALUES = {
    **{k: hs.integers(-2 ** b, 2 ** b - 1) for k, b in _INT_RANGE.items()},
    "uint8": hs.integers(0, 255),
    "bool_": hs.booleans(),
    "string": hs.text(),
    "binary": hs.binary(),
    "list_uint8": hs.lists(hs.integers(0, 255), max_size=12),
    "timestamp_us": hs.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1)),
}


@pytest.mark.parametrize("kind", sorted(VALUES))
@settings(max_examples=60, deadline=None)
@given(data=hs.data())
def test_each_kind_equals_pyarrows_own(kind, data):
    values = data.draw(hs.lists(hs.none() | VALUES[kind], max_size=30))
    got = ab.column(values, kind)
    got.validate(full=True)
    assert got.equals(pa.array(values, ab._type(kind)))
    assert got.to_pylist() == values


def test_a_table_keeps_the_order_of_its_kinds():
    t = ab.table({"b": ["x", None], "a": [1, 2]}, [("a", "int32"), ("b", "string")])
    assert t.schema.names == ["a", "b"]
    assert t.schema.types == [pa.int32(), pa.string()]
    assert t.to_pylist() == [{"a": 1, "b": "x"}, {"a": 2, "b": None}]


def test_the_buffers_worked_by_hand():
    # ["ab", None, "é"]: validity 0b101, offsets 0 2 2 4 ("é" is two bytes in UTF-8), data b"ab\xc3\xa9"
    s = ab.column(["ab", None, "é"], "string")
    valid, offsets, data = s.buffers()
    assert valid.to_pybytes()[0] & 0b111 == 0b101
    assert list(memoryview(offsets).cast("i")) == [0, 2, 2, 4]
    assert data.to_pybytes() == b"ab\xc3\xa9"
    # [[3, 1], None, []]: offsets 0 2 2 2, the values 3 1
    lst = ab.column([[3, 1], None, []], "list_uint8")
    assert list(memoryview(lst.buffers()[1]).cast("i")) == [0, 2, 2, 2]
    assert lst.values.to_pylist() == [3, 1]
    assert lst.null_count == 1


@pytest.mark.parametrize("kind", sorted(VALUES))
def test_a_column_of_nulls_equals_pyarrows_own(kind):
    got = ab.column([None] * 9, kind)
    got.validate(full=True)
    assert got.null_count == 9
    assert got.equals(pa.array([None] * 9, ab._type(kind)))


def test_values_of_one_length_are_offset_by_a_stride():
    # three deal ids of 17 characters: offsets 0 17 34 51, whichever column asks first
    ids = ["D0123456789abcdef", "Dfedcba9876543210", "D00000000000000ff"]
    for _ in range(2):
        s = ab.column(ids, "string")
        assert list(memoryview(s.buffers()[1]).cast("i")) == [0, 17, 34, 51]
        assert s.to_pylist() == ids
    # three bury lists of two cards: offsets 0 2 4 6; empty texts: offsets all 0
    lst = ab.column([[1, 2], [3, 4], [5, 6]], "list_uint8")
    assert list(memoryview(lst.buffers()[1]).cast("i")) == [0, 2, 4, 6]
    assert lst.to_pylist() == [[1, 2], [3, 4], [5, 6]]
    assert list(memoryview(ab.column(["", ""], "string").buffers()[1]).cast("i")) == [0, 0, 0]


@pytest.mark.parametrize("values, kind, error", [
    ([128], "int8", OverflowError), ([70_000], "int16", OverflowError), ([-1], "uint8", OverflowError),
    ([[256]], "list_uint8", ValueError), (["\udcff"], "string", UnicodeEncodeError), ([1], "float64", ValueError),
    ([1, 2**31], "int32", OverflowError), ([None, 2**31], "int32", OverflowError), (["a", 1], "string", TypeError),
    ([1.5], "int32", TypeError), ([b"a", "b"], "binary", TypeError),
])
def test_values_outside_the_kind_are_refused(values, kind, error):
    with pytest.raises(error):
        ab.column(values, kind)


def test_a_first_ingest_imports_no_pandas(tmp_path):
    code = ("import sys, tempfile; from pathlib import Path; from ingest import bench; "
            "t = bench.generate_texts(30, 10, 1, 'wi5-called-ace'); "
            f"r = bench.run(t, Path({str(tmp_path / 'b.duckdb')!r})); "
            "assert r.stored == 30, r.stored; print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
