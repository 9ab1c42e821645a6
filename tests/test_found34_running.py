"""Session 34 findings on running-totals score pads (``--columns units=running``).

F1: a running pad with no Picker column (the players' standings and a hand
number only) stored nothing and said nothing: each row was taken for a night's
opening row (standings, no hand).  Worked by hand (rules.md B-31, a five-handed
called-ace table, picker 2 shares, partner 1, each defender 1):

* row 1 (from 0): Al +2, Bo +1, Cy -1, Di -1, Ed -1 -> Al picks, Bo partner,
  2+1 = 3 = 1+1+1, zero-sum.
* row 2 less row 1: Al 4-2 = +2, Bo 0-1 = -1, Cy -2+1 = -1, Di -2+1 = -1,
  Ed 0+1 = +1 -> Al picks, Ed partner, 2+1-1-1-1 = 0, zero-sum.
* night: Al +4, Bo 0, Cy -2, Di -2, Ed 0 (= the last standings).
"""

from __future__ import annotations

from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app

runner = CliRunner()

HAND1 = {"Al": 2, "Bo": 1, "Cy": -1, "Di": -1, "Ed": -1}
HAND2 = {"Al": 2, "Bo": -1, "Cy": -1, "Di": -1, "Ed": 1}
PADS = {
    "dated.csv": ("Date;Hand;Al;Bo;Cy;Di;Ed\n"
                  "2026-11-19;1;2;1;-1;-1;-1\n"
                  "2026-11-19;2;4;0;-2;-2;0\n", "units=running"),
    "titled.csv": ("Thursday 2026-11-19\n"
                   "Hand;Al;Bo;Cy;Di;Ed\n"
                   "1;2;1;-1;-1;-1\n"
                   "2;4;0;-2;-2;0\n", "units=running"),
    "given.csv": ("Hand;Al;Bo;Cy;Di;Ed\n"
                  "1;2;1;-1;-1;-1\n"
                  "2;4;0;-2;-2;0\n", "units=running,date=2026-11-19"),
}


def _units(db):
    with st.reading(db) as con:
        hands = con.execute("SELECT hand_id, hand, picker, partner, date FROM hands ORDER BY hand").fetchall()
        rows = con.execute("SELECT hand_id, player, units FROM hand_units").fetchall()
    by = {}
    for hid, p, u in rows:
        by.setdefault(hid, {})[p] = u
    return [(h, pk, pa, str(d), by[hid]) for hid, h, pk, pa, d in hands]


def test_a_running_pad_without_a_picker_column_stores_its_hands(tmp_path):
    for name, (text, columns) in PADS.items():
        path = tmp_path / name
        path.write_text(text)
        db = tmp_path / (name + ".duckdb")
        r = runner.invoke(app, ["ingest", str(path), "--columns", columns, "--db", str(db)])
        assert r.exit_code == 0 and "2 stored, 0 duplicates, 0 rejected" in r.output, (name, r.output)
        got = _units(db)
        assert got == [(1, "Al", "Bo", "2026-11-19", HAND1), (2, "Al", "Ed", "2026-11-19", HAND2)], name
        for *_x, u in got:
            assert sum(u.values()) == 0


def test_a_running_pad_without_a_picker_column_and_an_opening_row(tmp_path):
    """An opening row of standings carried over (Hand cell 'start', no hand) is still no hand: Al 10, Bo -4,
    Cy 0, Di -3, Ed -3 carried; hand 1 = (12,-3,-1,-4,-4) less it = Al +2, Bo +1, Cy -1, Di -1, Ed -1;
    hand 2 = (14,-4,-2,-5,-3) less hand 1's = Al +2, Bo -1, Cy -1, Di -1, Ed +1."""
    path = tmp_path / "season.csv"
    path.write_text("Date;Hand;Al;Bo;Cy;Di;Ed\n"
                    "2026-11-19;start;10;-4;0;-3;-3\n"
                    "2026-11-19;1;12;-3;-1;-4;-4\n"
                    "2026-11-19;2;14;-4;-2;-5;-3\n")
    db = tmp_path / "season.duckdb"
    r = runner.invoke(app, ["ingest", str(path), "--columns", "units=running", "--db", str(db)])
    assert r.exit_code == 0 and "2 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert [u for *_x, u in _units(db)] == [HAND1, HAND2]

