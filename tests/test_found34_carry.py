"""verify34 F3: a season pad of running totals (``--columns units=running``)
with NO Picker column whose second night goes on from the first night's
standings (no opening row) is read carried over, as the Picker-column pad is
(W-CSV-CARRY), and a running ledger whose next date starts from the previous
date's standings is said so at the row.

Worked by hand (rules.md B-31, B-32 double on the bump, B-33 five-handed):

* night 1 (2026-11-19), from 0: row 1 2/1/-1/-1/-1 (Al picks, Bo partner,
  win +2/+1/-1); row 2 less row 1 = 2/2/-8/2/2 (Cy alone loses, DOB -8, each
  defender +2); row 3 less row 2 = -2/-2/-2/4/2 (Di picks, Ed partner, win
  schneider +4/+2/-2).  Standings after night 1: Al 2, Bo 1, Cy -11, Di 5, Ed 3.
* night 2 (2026-11-26) row 1: 0/3/-9/7/-1.  From 0 it fits no seat (no
  five-handed row of B-33 has +7 and +3 and -9).  Less the carried standings:
  0-2 = -2, 3-1 = +2, -9+11 = +2, 7-5 = +2, -1-3 = -4 -> Ed picks, Al
  partner, lose with DOB: -4/-2/+2 each (B-32, B-33); sum -4-2+2+2+2 = 0.
* night 2 row 2 less row 1: -2-0 = -2, 7-3 = +4, -7+9 = +2, 5-7 = -2,
  -3+1 = -2 -> Bo picks, Cy partner, win schneider +4/+2/-2 (B-33); sum 0.
* season totals = the last row: Al -2, Bo 7, Cy -7, Di 5, Ed -3.
"""

from __future__ import annotations

from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app

runner = CliRunner()

NIGHT2 = [(1, "Ed", "Al", {"Al": -2, "Bo": 2, "Cy": 2, "Di": 2, "Ed": -4}),
          (2, "Bo", "Cy", {"Al": -2, "Bo": 4, "Cy": 2, "Di": -2, "Ed": -2})]
SEASON = {"Al": -2, "Bo": 7, "Cy": -7, "Di": 5, "Ed": -3}

ROWS = ("2026-11-19,1,2,1,-1,-1,-1\n"
        "2026-11-19,2,4,3,-9,1,1\n"
        "2026-11-19,3,2,1,-11,5,3\n")
NIGHT2_ROWS = ("2026-11-26,1,0,3,-9,7,-1\n"
               "2026-11-26,2,-2,7,-7,5,-3\n")
PADS = {  # verify34 /tmp/verify34/run/carry.csv and carry_nt.csv
    "carry.csv": "Date,Hand,Al,Bo,Cy,Di,Ed\n" + ROWS + ",Total,2,1,-11,5,3\n" + NIGHT2_ROWS,
    "carry_nt.csv": "Date,Hand,Al,Bo,Cy,Di,Ed\n" + ROWS + NIGHT2_ROWS,
}


def _hands(db):
    with st.reading(db) as con:
        hands = con.execute("SELECT hand_id, hand, picker, partner, CAST(date AS VARCHAR) FROM hands "
                            "ORDER BY date, hand").fetchall()
        rows = con.execute("SELECT hand_id, player, units FROM hand_units").fetchall()
    by: dict = {}
    for hid, p, u in rows:
        by.setdefault(hid, {})[p] = u
    return [(h, pk, pa, d, by[hid]) for hid, h, pk, pa, d in hands]


def test_a_no_picker_season_pad_is_read_carried_over(tmp_path):
    for name, text in PADS.items():
        path = tmp_path / name
        path.write_text(text)
        db = tmp_path / (name + ".duckdb")
        r = runner.invoke(app, ["ingest", str(path), "--columns", "units=running", "--db", str(db)])
        assert r.exit_code == 0 and "5 stored, 0 duplicates, 0 rejected" in r.output, (name, r.output)
        assert "W-CSV-CARRY" in r.output and "Al 2, Bo 1, Cy -11, Di 5, Ed 3" in r.output, r.output
        got = _hands(db)
        night2 = [(h, pk, pa, u) for h, pk, pa, d, u in got if d.startswith("2026-11-26")]
        assert night2 == NIGHT2, (name, night2)
        total = dict.fromkeys(SEASON, 0)
        for *_x, u in got:
            assert sum(u.values()) == 0
            for p, v in u.items():
                total[p] += v
        assert total == SEASON, name


def test_a_no_picker_season_pad_read_in_batches_is_read_carried_over(tmp_path, monkeypatch):
    """The same, read in batches (over ingest.stream.STREAM_ABOVE; the threshold lowered): carry_decided."""
    import ingest.csv_sheet as cs
    import ingest.stream as stream

    calls = []
    real = cs.read_csv_stream

    def spy(*a, **k):
        calls.append(k.get("batch"))
        return real(*a, **k)

    monkeypatch.setattr(stream, "STREAM_ABOVE", 3)
    monkeypatch.setattr(stream, "BATCH_HANDS", 2)
    monkeypatch.setattr(cs, "read_csv_stream", spy)
    path = tmp_path / "carry_nt.csv"
    path.write_text(PADS["carry_nt.csv"])
    db = tmp_path / "b.duckdb"
    r = runner.invoke(app, ["ingest", str(path), "--columns", "units=running", "--db", str(db)])
    assert 2 in calls, calls
    assert r.exit_code == 0 and "5 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert "W-CSV-CARRY" in r.output
    night2 = [(h, pk, pa, u) for h, pk, pa, d, u in _hands(db) if d.startswith("2026-11-26")]
    assert night2 == NIGHT2


# The running ledger (no Hand column: --columns units=running reads a date's rows as one sitting, break34 F2),
# verify34's ledgc.csv.  Night 1 from 0: its last row 2/1/-11/5/3.  Night 2's first row 0/3/-9/7/-1 from 0 fits no
# hand (above); less the carried standings it is Ed picks, Al partner, lose, DOB (-2/+2/+2/+2/-4, B-32, B-33):
# read carried over, the night's sitting = its last row less the carried standings: -2-2 = -4, 7-1 = +6,
# -7+11 = +4, 5-5 = 0, -3-3 = -6 (sum 0).  Season: night 1 + night 2 = -2/7/-7/5/-3, the last row's standings.
LEDGC = ("Date,Al,Bo,Cy,Di,Ed\n"
         "2026-11-19,2,1,-1,-1,-1\n"
         "2026-11-19,4,3,-9,1,1\n"
         "2026-11-19,2,1,-11,5,3\n"
         "2026-11-26,0,3,-9,7,-1\n"
         "2026-11-26,-2,7,-7,5,-3\n")


def _sittings(db):
    with st.reading(db) as con:
        rows = con.execute("SELECT session_id, player, units FROM settlements ORDER BY session_id").fetchall()
    by: dict = {}
    for sid, p, u in rows:
        by.setdefault(sid, {})[p] = u
    return list(by.values())


def test_a_running_ledger_going_on_from_the_date_above_is_read_carried_over(tmp_path):
    path = tmp_path / "ledgc.csv"
    path.write_text(LEDGC)
    db = tmp_path / "l.duckdb"
    r = runner.invoke(app, ["ingest", str(path), "--columns", "units=running", "--db", str(db)])
    assert r.exit_code == 0 and "2 sitting(s) stored" in r.output, r.output
    assert "ledgc.csv:5:2: warning W-CSV-CARRY" in r.output and "Al 2, Bo 1, Cy -11, Di 5, Ed 3" in r.output, \
        r.output
    nights = _sittings(db)
    assert nights == [{"Al": 2, "Bo": 1, "Cy": -11, "Di": 5, "Ed": 3}, {"Al": -4, "Bo": 6, "Cy": 4, "Di": 0, "Ed": -6}]
    assert {p: nights[0][p] + nights[1][p] for p in SEASON} == SEASON
    assert all(sum(n.values()) == 0 for n in nights)


def test_a_running_ledger_whose_carry_cannot_be_decided_says_so_at_the_row(tmp_path):
    """Rows of more than one hand: night 1 from 0 is 3/1/-2/-1/-1 (no five-handed hand of B-33); night 2's first
    row 1/1/1/-2/-1 is no hand from 0, nor less the standings (-2/0/3/-1/0): read from 0, as before, and said."""
    path = tmp_path / "und.csv"
    path.write_text("Date,Al,Bo,Cy,Di,Ed\n"
                    "2026-11-19,3,1,-2,-1,-1\n"
                    "2026-11-26,1,1,1,-2,-1\n")
    db = tmp_path / "u.duckdb"
    r = runner.invoke(app, ["ingest", str(path), "--columns", "units=running", "--db", str(db)])
    assert r.exit_code == 0 and "2 sitting(s) stored" in r.output, r.output
    assert "und.csv:3:2: warning W-CSV-CARRY" in r.output and "cannot be decided" in r.output, r.output
    assert _sittings(db) == [{"Al": 3, "Bo": 1, "Cy": -2, "Di": -1, "Ed": -1},
                             {"Al": 1, "Bo": 1, "Cy": 1, "Di": -2, "Ed": -1}]


def test_a_running_ledger_from_0_each_date_says_nothing_of_a_carry(tmp_path):
    """Night 2 from 0: 2/1/-1/-1/-1 is Al picks, Bo partner, win (B-33); less night 1's standings 2/1/-11/5/3 it is
    0/0/10/-6/-4, no hand: read from 0, no word."""
    path = tmp_path / "zero.csv"
    path.write_text(LEDGC.split("2026-11-26")[0] + "2026-11-26,2,1,-1,-1,-1\n")
    db = tmp_path / "z.duckdb"
    r = runner.invoke(app, ["ingest", str(path), "--columns", "units=running", "--db", str(db)])
    assert r.exit_code == 0 and "2 sitting(s) stored" in r.output, r.output
    assert "W-CSV-CARRY" not in r.output, r.output
    assert _sittings(db)[1] == {"Al": 2, "Bo": 1, "Cy": -1, "Di": -1, "Ed": -1}
