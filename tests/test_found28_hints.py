"""Defects brought by real27b (session 27, /tmp/s27/real27b/FINDINGS.md) and phone slips, fixed by fixb28 in
session 28: each record written as a user would write it, each amount worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.

real27b F3: a Stammtisch pad's nets sheet (`Datum;Nr;Sepp;Hias;Vroni;Kathi`, cents a player a game) has four player
columns; read under the default five-handed profile every row was refused `E-SEATS ... [Seats] lists 4 seats`,
a tag the CSV does not have.  Now one file-level E-CSV-RULES at the header (1:1) saying what the sheet may be.
Under --rules of a four-handed Sheepshead profile it is read as before:

- wi4-cutthroat (rules.md F-3: picker alone against 3, each opponent 1/2/3 x M, picker 3/6/9; B-32 a loss doubled):
  row 1 `-6;2;2;2` Sepp picks, a plain loss doubled: each opponent +1x2 = +2, Sepp -6; row 2 `-2;6;-2;-2` Hias,
  a schneider win x2: -2 each, Hias +6; row 3 `-3;-3;9;-3` Vroni, a no-tricker x3: -3 each, Vroni +9.
  Night: Sepp -6-2-3 = -11, Hias 2+6-3 = +5, Vroni 2-2+9 = +9, Kathi 2-2-3 = -3 (zero-sum).
- wi4-called-ace (rules.md F-4, 2v2: picker and partner 1 share each, each defender 1; B-28 tiers, B-32):
  hand 1 Sepp/Hias 72: a win, Sepp +1, Hias +1, Vroni -1, Kathi -1; hand 2 Vroni/Kathi 45: a loss doubled,
  Vroni -2, Kathi -2, Sepp +2, Hias +2; hand 3 Hias/Vroni 95: schneider x2, Hias +2, Vroni +2, Sepp -2, Kathi -2.
  Night: Sepp 1+2-2 = +1, Hias 1+2+2 = +5, Vroni -1-2+2 = -1, Kathi -1-2-2 = -5.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

#: /tmp/s27/real27b/stammtisch_nets.csv as real27b wrote it (the night of stammtisch.shn in cents)
NETS = """Datum;Nr;Sepp;Hias;Vroni;Kathi
20.11.2026;1;40;40;-40;-40
20.11.2026;2;-200;-200;600;-200
20.11.2026;3;70;70;70;-210
20.11.2026;4;20;-20;20;-20
20.11.2026;5;-60;20;20;20
20.11.2026;6;-60;60;60;-60
"""

#: the profiles of replay/profile.py's NAMED_PROFILES that seat four (`shead rules`), in its order
FOUR_HANDED = ("wi4-cutthroat, wi4-called-ace, wi4-jack-of-diamonds, wi4-black-queens, wi4-called-ace-34, "
               "wi4-jack-of-diamonds-34, wi4-first-queens")


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")


def _file_errors(rep: dict) -> list[dict]:
    """The report's errors of the file (no hand's): an E-CSV-RULES comes in ``rejected`` with hand None."""
    return [e for e in rep["rejected"] if e["hand"] is None]


def _hands_refused(rep: dict) -> list[dict]:
    return [e for e in rep["rejected"] if e["hand"] is not None]


# -- real27b F3: four player columns under a five-handed profile -------------------------------------------------------

@pytest.mark.parametrize("stream", [False, True])
def test_a_four_column_nets_sheet_is_one_file_refusal(tmp_path, monkeypatch, stream):
    """Six rows, four player columns: one E-CSV-RULES at 1:1 (was six E-SEATS at 2:1..7:1 about [Seats]), naming
    the columns, the five seats the default wi5-called-ace needs, SHN-SK for a Schafkopf night and the seven
    four-handed profiles for --rules; nothing stored, no hand refused."""
    _stream(monkeypatch, stream)
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "stammtisch_nets.csv", NETS), db)
    assert (rep["ingested"], _hands_refused(rep)) == (0, [])
    (e,) = _file_errors(rep)
    assert (e["code"], e["line"], e["col"]) == ("E-CSV-RULES", 1, 1)
    msg = e["message"]
    assert msg.startswith("4 player columns (Sepp, Hias, Vroni, Kathi): a five-handed Sheepshead sheet needs 5")
    assert "[Seats]" not in msg
    assert "a Schafkopf night: write it as SHN-SK score lines" in msg and 'schafkopf-bsv' in msg
    assert f"a four-handed Sheepshead night: --rules <a 4-handed profile> ({FOUR_HANDED}; shead rules)" in msg
    assert (e["found"], e["expected"]) == ("4 player columns", "5 player columns")


def test_the_real_file_is_one_refusal(tmp_path):
    """The tester's own file, if it is still there: the same single E-CSV-RULES."""
    src = Path("/tmp/s27/real27b/stammtisch_nets_small.csv")
    if not src.exists():
        pytest.skip("real27b's file is gone")
    path = tmp_path / src.name
    shutil.copy(src, path)
    rep = _ingest(str(path), tmp_path / "s.duckdb")
    assert _hands_refused(rep) == [] and [(e["code"], e["line"]) for e in _file_errors(rep)] == [("E-CSV-RULES", 1)]


def test_three_columns_name_the_three_handed_profiles(tmp_path):
    """Three player columns (Al, Bea, Cy) under the default: the three-handed profiles wi3, wi3-30, wi3-26 are
    named, and no Schafkopf (a four-player game, rules.md G) is offered."""
    rep = _ingest(write(tmp_path, "three.csv", "Date,Hand,Al,Bea,Cy\n2026-11-20,1,2,-1,-1\n"), tmp_path / "t.duckdb")
    assert _hands_refused(rep) == []
    (e,) = _file_errors(rep)
    assert e["code"] == "E-CSV-RULES" and "needs 5" in e["message"]
    assert "a three-handed Sheepshead night: --rules <a 3-handed profile> (wi3, wi3-30, wi3-26; shead rules)" \
        in e["message"]
    assert "Schafkopf" not in e["message"]


@pytest.mark.parametrize("stream", [False, True])
def test_the_nets_sheet_under_wi4_cutthroat_is_read_as_before(tmp_path, monkeypatch, stream):
    """--rules wi4-cutthroat: each row's units tell the picker (docstring above): 3 stored, none refused; the
    night Sepp -11, Hias +5, Vroni +9, Kathi -3."""
    _stream(monkeypatch, stream)
    text = ("Datum;Nr;Sepp;Hias;Vroni;Kathi\n20.11.2026;1;-6;2;2;2\n20.11.2026;2;-2;6;-2;-2\n"
            "20.11.2026;3;-3;-3;9;-3\n")
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "cut.csv", text), db, "--rules", "wi4-cutthroat")
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert ledger(db) == {"Sepp": -11, "Hias": 5, "Vroni": 9, "Kathi": -3}


def test_a_four_handed_called_ace_sheet_is_read(tmp_path):
    """--rules wi4-called-ace, picker, partner and points, units blank (derived): Sepp +1, Hias +5, Vroni -1,
    Kathi -5 (docstring above)."""
    text = ("Date,Hand,Picker,Partner,Call,Points,Sepp,Hias,Vroni,Kathi\n2026-11-20,1,Sepp,Hias,AH,72,,,,\n"
            "2026-11-20,2,Vroni,Kathi,AS,45,,,,\n2026-11-20,3,Hias,Vroni,AC,95,,,,\n")
    db = tmp_path / "a.duckdb"
    rep = _ingest(write(tmp_path, "ca4.csv", text), db, "--rules", "wi4-called-ace")
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert ledger(db) == {"Sepp": 1, "Hias": 5, "Vroni": -1, "Kathi": -5}


def test_a_four_column_ledger_of_sittings_is_still_stored(tmp_path):
    """A ledger of sitting totals (no hand column) with four players is no hand's table: stored as one sitting,
    Sepp +40, Hias +40, Vroni -40, Kathi -40, as before."""
    db = tmp_path / "l.duckdb"
    rep = _ingest(write(tmp_path, "led.csv", "Datum;Sepp;Hias;Vroni;Kathi\n20.11.2026;40;40;-40;-40\n"), db)
    assert rep["rejected"] == []
    assert ledger(db) == {"Sepp": 40, "Hias": 40, "Vroni": -40, "Kathi": -40}

