"""Files saved as UTF-16 (Windows Notepad's "Unicode", Excel's "Unicode
Text"): a score sheet is read as its text; an SHN file is refused with one
clear E-ENCODING (SHN is UTF-8: notation.md "Lexical"); neither is read as
bytes of garbage.  Units by hand (rules.md B-33, five-handed called ace): a
plain win at 72 is picker +2, partner +1, each defender -1; a loss at 50,
doubled on the bump, picker -4, partner -2, each defender +2."""

from __future__ import annotations

import codecs

import pytest
from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app

runner = CliRunner()

SHEET = ("date,hand,dealer,picker,partner,call,points,outcome,Al,Bea,Cy,Di,Ed\r\n"
         "2026-02-05,1,Ed,Al,Cy,AS,72,win,+2,-1,+1,-1,-1\r\n"
         "2026-02-05,2,Al,Bea,Di,AH,50,lose,+2,-4,+2,-2,+2\r\n")


@pytest.mark.parametrize("codec, bom", [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE),
                                        ("utf-16-le", b"")])
def test_a_score_sheet_saved_as_utf16_is_read(db, tmp_path, codec, bom):
    p = tmp_path / "night.csv"
    p.write_bytes(bom + SHEET.encode(codec))
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    assert r.exit_code == 0 and "2 stored" in r.output, r.output
    with st.reading(db) as con:
        units = dict(con.execute("SELECT player, sum(units) FROM hand_units GROUP BY player").fetchall())
    # Al +2 +2 = 4, Bea -1 -4 = -5, Cy +1 +2 = 3, Di -1 -2 = -3, Ed -1 +2 = 1
    assert {k: int(v) for k, v in units.items()} == {"Al": 4, "Bea": -5, "Cy": 3, "Di": -3, "Ed": 1}


@pytest.mark.parametrize("name", ["night.shn", "night.txt"])
def test_an_shn_file_saved_as_utf16_is_one_clear_error(db, tmp_path, name):
    p = tmp_path / name
    p.write_bytes(codecs.BOM_UTF16_LE + '%SHN 1.0\n[Event "x"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n\nhand 1  dealer Ed\n'
                  'pick Al  call AS  partner Cy  pts 72  win\n'.encode("utf-16-le"))
    r = runner.invoke(app, ["ingest", str(p), "--db", str(db)])
    out = " ".join(r.output.split())
    assert f"{name}:1:1: E-ENCODING: the file is UTF-16 text; SHN files are UTF-8: save it as UTF-8" in out, out
    assert "0 stored" in out
