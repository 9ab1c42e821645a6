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


# F2: a ledger (a date column and the players, no hand column) given --columns units=running: each row is the
# players' standings after a hand of the night, from 0 (rules.md B-35: every row's nets and so every standing sum
# to 0).  The night's sitting is its last row's standings, worked by hand as the sum of the rows' differences:
#   row 1:            Sepp +20, Hans -20, Rosi +20, Vroni -20                 (sum 0)
#   row 2 - row 1:    Sepp -90, Hans +270, Rosi -90, Vroni -90                (sum 0)
#   row 3 - row 2:    Sepp -180, Hans -180, Rosi +540, Vroni -180             (sum 0)
#   row 4 - row 3:    Sepp -80, Hans +20, Rosi +20, Vroni +40                 (sum 0)
#   night:            Sepp 20-90-180-80 = -330, Hans -20+270-180+20 = +90, Rosi 20-90+540+20 = +490,
#                     Vroni -20-90-180+40 = -250  (sum 0), one sitting (not 4 sittings adding the standings:
#                     Sepp 20-70-250-330 = -630)
# The euro pad (stake 0.10 a unit): -3.30 / 0.10 = -33, 0.90 / 0.10 = +9, 4.90 / 0.10 = +49, -2.50 / 0.10 = -25.
LEDGER = ("Datum;Sepp;Hans;Rosi;Vroni\n"
          "20.11.2026;20;-20;20;-20\n"
          "20.11.2026;-70;250;-70;-110\n"
          "20.11.2026;-250;70;470;-290\n"
          "20.11.2026;-330;90;490;-250\n")
EURO = ("Datum;Sepp;Hans;Rosi;Vroni\n"
        "20.11.2026;0,20;-0,20;0,20;-0,20\n"
        "20.11.2026;-0,70;2,50;-0,70;-1,10\n"
        "20.11.2026;-2,50;0,70;4,70;-2,90\n"
        "20.11.2026;-3,30;0,90;4,90;-2,50\n")


def _sittings(db):
    with st.reading(db) as con:
        rows = con.execute("SELECT session_id, player, units FROM settlements ORDER BY session_id").fetchall()
    by = {}
    for sid, p, u in rows:
        by.setdefault(sid, {})[p] = u
    return list(by.values())


def test_a_ledger_of_running_standings_stores_the_nights_last_standing(tmp_path):
    for name, text, columns, night in (
            ("cents.csv", LEDGER, "units=running", {"Sepp": -330, "Hans": 90, "Rosi": 490, "Vroni": -250}),
            ("euro.csv", EURO, "stake=0.10,units=running", {"Sepp": -33, "Hans": 9, "Rosi": 49, "Vroni": -25})):
        path = tmp_path / name
        path.write_text(text)
        db = tmp_path / (name + ".duckdb")
        r = runner.invoke(app, ["ingest", str(path), "--columns", columns, "--db", str(db)])
        assert r.exit_code == 0 and "1 sitting(s) stored" in r.output, (name, r.output)
        assert "W-CSV-LEDGER-HANDS" not in r.output and "W-SITTING-TWICE" not in r.output, r.output
        assert _sittings(db) == [night], name
        assert sum(night.values()) == 0


def test_a_ledger_of_running_standings_starts_each_night_from_0(tmp_path):
    """Two nights: the second's rows are its own standings from 0 (as a score pad's: test_csv_night).  Night 2:
    row 1 Sepp +10, Hans -10; row 2 Sepp -20 (-30), Hans +20 (+30), Rosi +10, Vroni -10 ->
    Sepp -20, Hans +20, Rosi +10, Vroni -10 (sum 0)."""
    path = tmp_path / "two.csv"
    path.write_text(LEDGER + "27.11.2026;10;-10;;\n27.11.2026;-20;20;10;-10\n")
    db = tmp_path / "two.duckdb"
    r = runner.invoke(app, ["ingest", str(path), "--columns", "units=running", "--db", str(db)])
    assert r.exit_code == 0 and "2 sitting(s) stored" in r.output, r.output
    assert _sittings(db) == [{"Sepp": -330, "Hans": 90, "Rosi": 490, "Vroni": -250},
                             {"Sepp": -20, "Hans": 20, "Rosi": 10, "Vroni": -10}]
