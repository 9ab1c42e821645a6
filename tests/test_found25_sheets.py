"""Score sheets brought by break24c (session 24, round 4: F5-F8), fixed by fixl in session 25: each record written
as a user would write it, each amount worked out by hand from rules.md (/work/shared/reference/rules.md) before
shead's figure was read.  Default profile wi5-called-ace (doubleOnBump on) unless said.

The hands used (players Al, Bea, Cy, Di, Ed):
- "Al picks, Bea partner, 75": a plain win (rules.md B-27, B-28): Al +2, Bea +1, Cy/Di/Ed -1 (B-31, B-33).
- "Cy picks, Di partner, 45": a loss, not schneidered (45 >= 31, B-28), doubled on the bump (B-32): 1 x 2 = 2 a
  defender: Cy -4, Di -2, Al/Bea/Ed +2 (B-33).
- "Bea picks, Cy partner, 88": a plain win (61..90): Bea +2, Cy +1, Al/Di/Ed -1.
- "Bea alone, 95": a schneider win alone (B-28 tier 2): 2 a defender, Bea +8, each other -2 (B-33).
- "Di picks, Al partner, 30": schneidered loss (30 < 31) with DOB: 2 x 2 = 4 a defender: Di -8, Al -4, Bea/Cy/Ed +4.
"""

from __future__ import annotations


import pytest

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(
            "SELECT s.session, CAST(s.date AS VARCHAR), h.hand, h.picker, h.partner, h.outcome, "
            "list(u.player || '=' || u.units ORDER BY u.seat_no) FROM hands h JOIN sessions s USING (session_id) "
            "JOIN hand_units u USING (hand_id) GROUP BY ALL ORDER BY 2, 3").fetchall()


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")


# -- break24c F5: a first row writing only the picker's units made a one-player table; '-' was no number ------------

#: p1.csv as break24c wrote it: row 2 writes Al's +2 only; row 3 writes '-' in each player cell ("nothing"); row 6
#: is written whole.  Row 2 is refused at its blank cells (Bea's, column 8, the first); row 3 is Cy/Di 45 with its
#: units worked out (Cy -4, Di -2, +2 each); row 4 mixes '?' and a written 8 (refused, as before); row 5 writes 0
#: for everyone where Ed/Al 70 is a plain win (Ed +2, Al +1, -1 each): a '0' stays 0, refused E-SCORE at Al's cell.
#: Stored: rows 3 and 6.  Ledger: Al +2 - 1 = 1, Bea +2 + 2 = 4, Cy -4 + 1 = -3, Di -2 - 1 = -3, Ed +2 - 1 = 1.
P1 = """Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
2026-11-12,1,Al,Bea,AS,75,2,,,,
2026-11-12,2,Cy,Di,AH,45,-,-,-,-,-
2026-11-12,3,Di,,alone,95,?,?,?,8,?
2026-11-12,4,Ed,Al,AC,70,0,0,0,0,0
2026-11-12,5,Bea,Cy,AS,88,-1,2,1,-1,-1
"""


@pytest.mark.parametrize("stream", [False, True])
def test_a_first_row_with_only_the_pickers_units_is_refused_alone(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "p1.csv", P1), db)
    assert rep["ingested"] == 2
    assert _where(rep) == [(2, 8, "E-CSV-SEATS", 1), (4, 7, "E-CSV-UNITS", 3), (5, 7, "E-SCORE", 4)]
    msg = rep["rejected"][0]["message"]
    assert "writes units for Al only" in msg
    assert "Bea's cell (column 8), Cy's cell (column 9), Di's cell (column 10), Ed's cell (column 11) are blank" in msg
    assert "not a player of this sitting" not in msg
    assert _hands(db) == [
        ("CSV p1 2026-11-12", "2026-11-12", 2, "Cy", "Di", "lose", ["Al=2", "Bea=2", "Cy=-4", "Di=-2", "Ed=2"]),
        ("CSV p1 2026-11-12", "2026-11-12", 5, "Bea", "Cy", "win", ["Al=-1", "Bea=2", "Cy=1", "Di=-1", "Ed=-1"])]
    assert ledger(db) == {"Al": 1, "Bea": 4, "Cy": -3, "Di": -3, "Ed": 1}


def test_a_short_row_later_in_the_night_names_every_blank_cell(tmp_path):
    """p2.csv: the same short row as the night's second row: refused alone, each blank cell named; the first row
    (Bea/Cy 88: Bea +2 Cy +1, -1 each) and the '-' row (Cy/Di 45: Cy -4 Di -2, +2 each) stored."""
    text = ("Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed\n2026-11-12,1,Bea,Cy,AS,88,-1,2,1,-1,-1\n"
            "2026-11-12,2,Al,Bea,AS,75,2,,,,\n2026-11-12,3,Cy,Di,AH,45,\u2013,\u2013,\u2013,\u2013,\u2013\n")
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "p2.csv", text), db)
    assert rep["ingested"] == 2 and _where(rep) == [(3, 8, "E-CSV-SEATS", 2)]
    assert "Ed's cell (column 11) are blank" in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": 1, "Bea": 4, "Cy": -3, "Di": -3, "Ed": 1}


def test_a_dash_is_blank_and_a_zero_stays_zero_in_a_units_cell(tmp_path):
    """A dealer's '-' under sitOut (rules.md F-1: the dealer sits out, settles 0), and '-' beside written units.
    Six at the table (wi6-sit-out), Fay deals hand 1 and writes '-': Al picks, Bea partner, 75: Al +2 Bea +1,
    Cy/Di/Ed -1, Fay 0.  Hand 2 writes '0' for Fay, the dealer again: the same hand, the same units.  Ledger:
    Al +4, Bea +2, Cy/Di/Ed -2, Fay 0."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed,Fay\n"
            "2026-11-12,1,Fay,Al,Bea,AS,75,2,1,-1,-1,-1,-\n2026-11-12,2,Fay,Al,Bea,AS,75,2,1,-1,-1,-1,0\n")
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "d.csv", text), db, "--rules", "wi6-sit-out")
    assert rep["ingested"] == 2 and rep["rejected"] == []
    assert ledger(db) == {"Al": 4, "Bea": 2, "Cy": -2, "Di": -2, "Ed": -2, "Fay": 0}


def test_a_dash_in_a_ledger_is_no_net(tmp_path):
    """A ledger of sittings (nets): Ed's '-' is no net (he did not sit); the others sum to 0 (rules.md B-35):
    Al +5, Bea -3, Cy -2 on 2026-11-12 and Al -1, Bea +1 on 2026-11-19 with Cy '-' there.  Ledger: Al 4, Bea -2,
    Cy -2."""
    text = "Date,Al,Bea,Cy,Ed\n2026-11-12,5,-3,-2,-\n2026-11-19,-1,1,\u2013,-\n"
    db = tmp_path / "l.duckdb"
    rep = _ingest(write(tmp_path, "l.csv", text), db)
    assert rep["rejected"] == [] and not [e for e in rep.get("errors", []) if e["code"].startswith("E-")]
    assert ledger(db) == {"Al": 4, "Bea": -2, "Cy": -2}
    # the other reading of a dash (a spreadsheet's accounting format writes 0 as '-') said once, at the first dash:
    # row 2, Ed's cell, column 5
    dash = [e for e in rep["warnings"] if e["code"] == "W-CSV-DASH"]
    assert [(e["line"], e["col"], e["found"]) for e in dash] == [(2, 5, "-")]
    assert "if the ledger means a net of 0" in dash[0]["message"] and "write 0" in dash[0]["message"]


# -- break24c F6: a block whose header names a substitute, or adds a Notes column, was refused whole ---------------

def _nights(db) -> dict[str, dict[str, int]]:
    """Each stored session's date -> player -> units."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT CAST(s.date AS VARCHAR), u.player, sum(u.units) FROM hand_units u "
                           "JOIN sessions s USING (session_id) GROUP BY 1, 2 ORDER BY 1, 2").fetchall()
    out: dict[str, dict[str, int]] = {}
    for d, p, u in rows:
        out.setdefault(d, {})[p] = int(u)
    return out


#: s1.csv as break24c wrote it: three weekly nights, each under a dated title and its header; Fay in Ed's column on
#: Nov 19.  Nov 12: Al/Bea 75 (Al +2 Bea +1, -1 each) and Cy/Di 45 (Cy -4 Di -2, +2 each): Al 4, Bea 3, Cy -5,
#: Di -3, Ed 1.  Nov 19: Bea alone 95 (+8, -2 each) and Di/Al 30 (Di -8, Al -4, +4 each): Al -6, Bea 12, Cy 2,
#: Di -10, Fay 2.  Nov 26: Ed/Cy 88 (Ed +2, Cy +1, -1 each): Al -1, Bea -1, Cy 1, Di -1, Ed 2.
S1 = """Thursday League - Nov 12 2026
Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Al,Bea,AS,75,2,1,-1,-1,-1
2,Cy,Di,AH,45,2,2,-4,-2,2
Total,,,,,4,3,-5,-3,1
Thursday League - Nov 19 2026
Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Fay
1,Bea,,alone,95,-2,8,-2,-2,-2
2,Di,Al,AC,30,-4,4,4,-8,4
Total,,,,,-6,12,2,-10,2
Thursday League - Nov 26 2026
Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Ed,Cy,AS,88,-1,-1,1,-1,2
"""
NOV12 = {"Al": 4, "Bea": 3, "Cy": -5, "Di": -3, "Ed": 1}
NOV19 = {"Al": -6, "Bea": 12, "Cy": 2, "Di": -10}
NOV26 = {"Al": -1, "Bea": -1, "Cy": 1, "Di": -1, "Ed": 2}


@pytest.mark.parametrize("stream", [False, True])
def test_a_substitutes_night_is_refused_saying_what_to_change_and_that_change_reads(tmp_path, monkeypatch, stream):
    _stream(monkeypatch, stream)
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s1.csv", S1), db)
    assert rep["ingested"] == 3
    assert [(e["line"], e["col"], e["code"]) for e in rep["rejected"]] == [(6, 1, "E-CSV-HEADER")]
    msg = rep["rejected"][0]["message"]
    assert "it has 'Fay' that the first header has not" in msg
    assert "add a column 'Fay' to the first header (row 2), its cells blank on the nights that player did not play" \
        in msg
    assert _nights(db) == {"2026-11-12": NOV12, "2026-11-26": NOV26}
    # as told: Fay's column added to the first header, night 1's rows left as they are (10 cells)
    db2 = tmp_path / "s2.duckdb"
    rep = _ingest(write(tmp_path, "s1fix.csv", S1.replace("Di,Ed\n1,Al", "Di,Ed,Fay\n1,Al", 1)), db2)
    assert (rep["ingested"], rep["rejected"]) == (5, [])
    assert _nights(db2) == {"2026-11-12": NOV12, "2026-11-19": {**NOV19, "Fay": 2}, "2026-11-26": NOV26}
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT" and w["line"] == 6]
    assert "Ed did not play that night" in w["message"]
    assert ledger(db2) == {"Al": -3, "Bea": 14, "Cy": -2, "Di": -14, "Ed": 3, "Fay": 2}


@pytest.mark.parametrize("stream", [False, True])
def test_a_notes_column_added_to_a_nights_header_is_no_player(tmp_path, monkeypatch, stream):
    """s2.csv: Nov 19's header adds Notes ('great hand' on hand 1).  Read by its own header: Nov 19 is Al -6,
    Bea 12, Cy 2, Di -10, Ed 2 (its Total row agrees, no W-CSV-TOTALS); the notes are not read, and said so."""
    _stream(monkeypatch, stream)
    text = S1.split("Thursday League - Nov 19")[0] + """Thursday League - Nov 19 2026
Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed,Notes
1,Bea,,alone,95,-2,8,-2,-2,-2,great hand
2,Di,Al,AC,30,-4,4,4,-8,4,
Total,,,,,-6,12,2,-10,2
"""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s2.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": NOV12, "2026-11-19": {**NOV19, "Ed": 2}}
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT" and w["line"] == 6]
    assert "its 'Notes' column is notes, not read" in w["message"]
    assert not [w for w in rep["warnings"] if w["code"] in ("W-CSV-TOTALS", "W-CSV-EXTRA")]
    assert ledger(db) == {"Al": -2, "Bea": 15, "Cy": -3, "Di": -13, "Ed": 3}


def test_a_notes_column_in_both_headers_keeps_the_nights_notes(tmp_path):
    """The first header has Notes too: Nov 19's 'great hand' is hand 1's note, the units as above."""
    text = S1.split("Thursday League - Nov 19")[0].replace("Di,Ed\n1,Al", "Di,Ed,Notes\n1,Al", 1) + (
        "Thursday League - Nov 19 2026\nHand,Picker,Partner,Call,Points,Notes,Al,Bea,Cy,Di,Ed\n"
        "1,Bea,,alone,95,great hand,-2,8,-2,-2,-2\n")
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "s4.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    with duckdb.connect(str(db), read_only=True) as con:
        texts = con.execute("SELECT CAST(s.date AS VARCHAR), h.hand, t.source FROM hands h JOIN hand_text t "
                            "USING (hand_id) JOIN sessions s USING (session_id) ORDER BY 1, 2").fetchall()
    assert [(d, n, "{great hand}" in t) for d, n, t in texts] == [
        ("2026-11-12", 1, False), ("2026-11-12", 2, False), ("2026-11-19", 1, True)]
    assert _nights(db) == {"2026-11-12": NOV12, "2026-11-19": {"Al": -2, "Bea": 8, "Cy": -2, "Di": -2, "Ed": -2}}


# -- break24c F7: title dates that were not read ("Thu 12 Nov '26", "Round 1 - 11/12"), or with the wrong reason ----

#: Two nights, each under its title: Nov 12 Al/Bea 75 (Al +2, Bea +1, -1 each); Nov 19 Cy/Di 45, lost, doubled on
#: the bump (Cy -4, Di -2, +2 each).  Ledger: Al 0, Bea 1, Cy -5, Di -3, Ed 1.
TWO = """{t1}
Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Al,Bea,AS,75,2,1,-1,-1,-1
{t2}
Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Cy,Di,AH,45,2,2,-4,-2,2
"""
NOV12_ONLY = {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}
NOV19_ONLY = {"Al": 2, "Bea": 2, "Cy": -4, "Di": -2, "Ed": 2}


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize(("t1", "t2"), [("Thu 12 Nov '26", "Thu 19 Nov '26"),  # e3.csv: the year after an apostrophe
                                        ("Nov 12 \u201926", "Nov 19 \u201926"),  # a typographic apostrophe
                                        ("League 2026 - Round 1 - 11/12", "League 2026 - Round 2 - 11/19")])  # e4.csv
def test_a_title_with_a_short_year_or_its_day_last_is_read(tmp_path, monkeypatch, stream, t1, t2):
    _stream(monkeypatch, stream)
    db = tmp_path / "e.duckdb"
    rep = _ingest(write(tmp_path, "e.csv", TWO.format(t1=t1, t2=t2)), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert _nights(db) == {"2026-11-12": NOV12_ONLY, "2026-11-19": NOV19_ONLY}
    assert ledger(db) == {"Al": 4, "Bea": 3, "Cy": -5, "Di": -3, "Ed": 1}
    if "/" in t1:  # '11/12' reads either way: the second title, 11/19, settles month first, said at row 1
        (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT" and w["line"] == 1]
        assert "read month first as the title at row 4 ('League 2026 - Round 2 - 11/19') can only be read" in \
            w["message"]


def test_a_title_whose_day_reads_either_way_gives_that_reason(tmp_path):
    """e4.csv's first night alone: '11/12' in a 2026 title is 2026-11-12 or 2026-12-11, nothing settles it: the
    refusal says so (it was the generic 'no date column', no word of the title)."""
    text = "\n".join(TWO.format(t1="League 2026 - Round 1 - 11/12", t2="").splitlines()[:3]) + "\n"
    rep = _ingest(write(tmp_path, "e.csv", text), tmp_path / "e.duckdb")
    assert rep["ingested"] == 0
    (e,) = rep["rejected"]
    assert (e["code"], e["line"]) == ("E-CSV-COLUMNS", 2)
    assert ("the day in the title row ('League 2026 - Round 1 - 11/12') reads two ways: '11/12' reads as 2026-12-11 "
            "(day first) or 2026-11-12 (month first)") in e["message"]


# -- break24c F8: a dotted title date read day first without a word; a night dated before the block above ---------

def _warned(rep: dict, code: str) -> list[tuple[int, int]]:
    return [(w["line"], w["col"]) for w in rep["warnings"] if w["code"] == code]


@pytest.mark.parametrize("stream", [False, True])
def test_a_dotted_title_date_that_reads_either_way_says_the_order_taken(tmp_path, monkeypatch, stream):
    """d1.csv: 'League 03.12.2026' then 'League 10.12.2026': both read either way (3 Dec or 12 Mar; 10 Dec or
    12 Oct), nothing settles it: read day first (the dots) and said at the title row, as a Date cell's order is.
    Dec 3: Al/Bea 75 (Al +2, Bea +1, -1 each); Dec 10: Cy/Di 45 (Cy -4, Di -2, +2 each)."""
    _stream(monkeypatch, stream)
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "d1.csv", TWO.format(t1="League 03.12.2026", t2="League 10.12.2026")), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert _nights(db) == {"2026-12-03": NOV12_ONLY, "2026-12-10": NOV19_ONLY}
    assert _warned(rep, "W-CSV-DATE-ORDER") == [(1, 1)]
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-DATE-ORDER"]
    assert "read day first (written with dots, as a European date), 2026-12-03, not month first, 2026-03-12" in \
        w["message"] and "--columns date-order=mdy" in w["message"]
    # as told: month first, the nights are 2026-03-12 and 2026-10-12, and no guess is said
    db2 = tmp_path / "m.duckdb"
    rep = _ingest(write(tmp_path, "d1m.csv", TWO.format(t1="League 03.12.2026", t2="League 10.12.2026")), db2,
                  "--columns", "date-order=mdy")
    assert _nights(db2) == {"2026-03-12": NOV12_ONLY, "2026-10-12": NOV19_ONLY}
    assert _warned(rep, "W-CSV-DATE-ORDER") == []


def test_a_dotted_title_date_settled_by_a_later_title_is_not_questioned(tmp_path):
    """'12.11.2026' then '19.11.2026': the second can only be day first (no month 19), so the first is 2026-11-12,
    said in its W-CSV-NIGHT, with no W-CSV-DATE-ORDER."""
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "t1.csv", TWO.format(t1="League 12.11.2026", t2="League 19.11.2026")), db)
    assert _nights(db) == {"2026-11-12": NOV12_ONLY, "2026-11-19": NOV19_ONLY}
    assert _warned(rep, "W-CSV-DATE-ORDER") == []
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT" and w["line"] == 1]
    assert "read day first as the title at row 4 ('League 19.11.2026') can only be read" in w["message"]


@pytest.mark.parametrize("stream", [False, True])
def test_a_night_dated_before_the_block_above_is_questioned(tmp_path, monkeypatch, stream):
    """d7.csv: '12/11/2026' read month first (settled by '11/19/2026'), so the second block is 22 days before the
    first (Nov 19 -> Nov 30 is 11 days, -> Dec 11 another 11): stored as written, questioned at its title."""
    _stream(monkeypatch, stream)
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "d7.csv", TWO.format(t1="League 12/11/2026", t2="League 11/19/2026")), db)
    assert _nights(db) == {"2026-12-11": NOV12_ONLY, "2026-11-19": NOV19_ONLY}
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT" and "before the night above" in w["message"]]
    assert (w["line"], w["col"]) == (4, 1)
    assert "dates its night 2026-11-19, 22 days before the night above (2026-12-11)" in w["message"]


def test_a_sheet_kept_newest_first_is_questioned_once(tmp_path):
    """Nov 26, Nov 19, Nov 12 down the sheet: one question at the first step back (row 4), none at the next (row
    7), as a sheet kept newest first steps back at each night.  Each night Al/Bea 75 (Al +2, Bea +1, -1 each)."""
    night = "Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed\n1,Al,Bea,AS,75,2,1,-1,-1,-1\n"
    text = "".join(f"League {d} 2026\n{night}" for d in ("Nov 26", "Nov 19", "Nov 12"))
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "n.csv", text), db)
    assert rep["ingested"] == 3
    assert [w["line"] for w in rep["warnings"] if "before the night above" in w["message"]] == [4]
    assert ledger(db) == {"Al": 6, "Bea": 3, "Cy": -3, "Di": -3, "Ed": -3}


def test_a_first_row_lacking_one_cell_is_refused_alone_the_table_the_headers(tmp_path):
    """break24c F5, one cell: the night's first row leaves Ed's cell blank (4 of the 5 a wi5 hand settles, rules.md
    B-33): refused at Ed's cell, column 11, the table the header's five, so the next row (Cy/Di 45: Cy -4, Di -2,
    +2 each, B-32) is stored: Al 2, Bea 2, Cy -4, Di -2, Ed 2."""
    text = ("Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed\n2026-11-12,1,Al,Bea,AS,75,2,1,-1,-1,\n"
            "2026-11-12,2,Cy,Di,AH,45,2,2,-4,-2,2\n")
    db = tmp_path / "o.duckdb"
    rep = _ingest(write(tmp_path, "o.csv", text), db)
    assert rep["ingested"] == 1 and _where(rep) == [(2, 11, "E-CSV-SEATS", 1)]
    assert "Ed's cell (column 11) is blank" in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": 2, "Bea": 2, "Cy": -4, "Di": -2, "Ed": 2}
