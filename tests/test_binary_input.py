"""A file that is not text gets one ``E-FORMAT`` naming what it is (break15:
a gzip'd SHN file was read as a CSV sheet and refused with a column error
about ``--columns`` no one gave; an executable 'read as a title')."""

from __future__ import annotations

import gzip

import pytest
from typer.testing import CliRunner

from ingest.cli import app
from ingest.pipeline import load_bytes

SHN = ('%SHN 1.0\n[Event "X"]\n[Seats "A; B; C; D; E"]\n[Rules "wi5-called-ace"]\n\n'
       "hand 1  dealer A\npick B  call AC  partner C  pts 62  win\n")


@pytest.mark.parametrize(("data", "kind"), [
    (gzip.compress(SHN.encode()), "a gzip-compressed file"),
    (b"BZh91AY&SY" + bytes(40), "a bzip2-compressed file"),
    (b"\x7fELF\x02\x01\x01\x00" + bytes(56), "a binary file"),
    # a run of NULs in a sheet's first line: binary (one stray NUL in a cell is read and said, W-NUL: break23 F9,
    # tests/test_found23.py)
    (b"date,hand,picker" + bytes(16) + b",Al,Bea\n", "a binary file")])
def test_a_file_that_is_not_text_is_named_so(data, kind):
    result, _ = load_bytes("night.dat", data)
    assert result.hands == [] and result.rejected == []
    assert [(d.code, d.line, d.col, d.found) for d in result.errors] == [("E-FORMAT", 1, 1, kind)]
    assert f"this is {kind}, not text" in result.errors[0].message and "--columns" not in result.errors[0].message


def test_text_and_workbooks_are_read_as_before(tmp_path):
    result, fmt = load_bytes("n.shn", SHN.encode())
    assert fmt == "shn" and not result.errors and len(result.hands) == 1
    # the hand by hand (rules.md B-31): B picks, C partner, 62 points win: B +2, C +1, A D E -1
    assert result.hands[0].outcome.units == {"A": -1, "B": 2, "C": 1, "D": -1, "E": -1}


def test_shead_ingest_of_a_gzipd_log_says_unpack_it(tmp_path):
    f = tmp_path / "night.shn.gz"
    f.write_bytes(gzip.compress(SHN.encode()))
    r = CliRunner().invoke(app, ["ingest", str(f), "--db", str(tmp_path / "x.duckdb")])
    assert r.exit_code == 1
    out = " ".join(r.output.split())
    assert f"{f}:1:1: E-FORMAT: this is a gzip-compressed file, not text" in out and "unpack it first" in out


def test_an_shn_file_with_a_stray_nul_keeps_its_other_hands():
    # hand 2's points are typed '6<NUL>2': that hand is refused at its column, hand 1 is stored (as before the
    # binary check); hand 1 by hand (rules.md B-31): B picks, C partner, 62 points win: B +2, C +1, A D E -1
    data = (SHN + "\nhand 2  dealer B\npick C  call AC  partner D  pts 6\x002  win\n").encode()
    result, fmt = load_bytes("n.shn", data)
    assert fmt == "shn" and not result.errors
    assert [h.outcome.units for h in result.hands] == [{"A": -1, "B": 2, "C": 1, "D": -1, "E": -1}]
    assert [(r.hand, r.errors[0].code, r.errors[0].line, r.errors[0].col) for r in result.rejected] == [
        (2, "E-NUMBER", 10, 33)]  # the points token: "pick C  call AC  partner D  pts " is 32 columns
