"""Nights kept as blocks of a sheet dated by its titles, brought by break24b (session 24): the
night blocks' headers and titles (ingest/csv_sheet.py _night_blocks, _Totals), each sheet written as a
scorer would write it and each amount worked out by hand from rules.md (default profile wi5-called-ace, DOB on)
before shead's figure was read.

The hands (break24b's, players Al, Bea, Cy, Di, Ed):
- N1 h1: Al picks, Bea partner, 72: a plain win (rules.md B-27, B-28): Al +2, Bea +1, Cy/Di/Ed -1 (B-33).
- N1 h2: Cy picks, Di partner, 45: a plain loss, doubled on the bump: Cy -4, Di -2, Al/Bea/Ed +2 (B-32, B-33).
  Night 1: Al 2+2 = +4, Bea 1+2 = +3, Cy -1-4 = -5, Di -1-2 = -3, Ed -1+2 = +1.
- N2 h1: Bea alone, 95: schneider alone (B-28, B-31): Bea +4x2 = +8, each other -2 (B-33).
- N2 h2: Di picks, Al partner, 30: schneidered loss, doubled on the bump: 2x2 = 4 per defender: Di -8, Al -4,
  Bea/Cy/Ed +4 (B-28, B-32, B-33).
  Night 2: Al -2-4 = -6, Bea 8+4 = +12, Cy -2+4 = +2, Di -2-8 = -10, Ed -2+4 = +2.
Both nights: Al -2, Bea +15, Cy -3, Di -13, Ed +3."""

from __future__ import annotations


import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest

NIGHT1 = {"Al": 4, "Bea": 3, "Cy": -5, "Di": -3, "Ed": 1}
NIGHT2 = {"Al": -6, "Bea": 12, "Cy": 2, "Di": -10, "Ed": 2}
BOTH = {"Al": -2, "Bea": 15, "Cy": -3, "Di": -13, "Ed": 3}


def _nights(db) -> dict[str, dict[str, int]]:
    """Each stored session's date -> player -> units."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT CAST(s.date AS VARCHAR), u.player, sum(u.units) FROM hand_units u "
                           "JOIN sessions s USING (session_id) GROUP BY 1, 2 ORDER BY 1, 2").fetchall()
    out: dict[str, dict[str, int]] = {}
    for d, p, u in rows:
        out.setdefault(d, {})[p] = int(u)
    return out


def _codes(rep: dict, key: str) -> list[tuple[str, int, int]]:
    return [(e["code"], e["line"], e["col"]) for e in rep[key]]


# -- break24b F1: a night's header written otherwise than the first (seats order, a substitute, a column dropped) ---

#: b17.csv as break24b wrote it: nets per hand, no Picker column; week 2's header in that night's seat order
#: (Bea before Al), the hand numbers carrying on (3, 4).  Read with the first header, Bea's +8 went to Al.
B17 = """Thursday League - Nov 12 2026
Hand,Al,Bea,Cy,Di,Ed
1,2,1,-1,-1,-1
2,2,2,-4,-2,2
Total,4,3,-5,-3,1
Thursday League - Nov 19 2026
Hand,Bea,Al,Cy,Di,Ed
3,8,-2,-2,-2,-2
4,4,-4,4,-8,4
Total,12,-6,2,-10,2
"""


def _b17_read(db, rep) -> None:
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": NIGHT1, "2026-11-19": NIGHT2}
    assert ledger(db) == BOTH
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]  # both Total rows right
    night = [w for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT"]
    assert [(w["line"], w["col"]) for w in night] == [(1, 1), (6, 1)]
    assert "another night, of 2026-11-19" in night[1]["message"] and "its own header" in night[1]["message"]


@pytest.mark.parametrize("stream", [False, True])
def test_a_night_whose_header_lists_the_players_in_another_order_is_read_by_its_own_header(
        tmp_path, monkeypatch, stream):
    if stream:  # read in batches of one hand (read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "b.duckdb"
    _b17_read(db, _ingest(write(tmp_path, "b17.csv", B17), db))


def test_a_night_whose_header_lists_the_players_in_another_order_in_a_workbook(tmp_path):
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Season"
    for line in B17.splitlines():
        ws.append([int(c) if c.lstrip("-").isdigit() else (c or None) for c in line.split(",")])
    path = tmp_path / "b17x.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    _b17_read(db, _ingest(str(path), db))


#: b13.csv: week 2's header leaves out the Hand column (the hands numbered by their place, 1 and 2).
B13 = """Thursday League - Nov 12 2026
Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Ed,Al,Bea,AS,72,2,1,-1,-1,-1
2,Al,Cy,Di,AH,45,2,2,-4,-2,2
Total,,,,,,4,3,-5,-3,1
Thursday League - Nov 19 2026
Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
Ed,Bea,,alone,95,-2,8,-2,-2,-2
Al,Di,Al,AC,30,-4,4,4,-8,4
Total,,,,,-6,12,2,-10,2
"""


def test_a_night_whose_header_drops_the_hand_column_is_read_by_its_own_header(tmp_path):
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b13.csv", B13), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": NIGHT1, "2026-11-19": NIGHT2}
    assert not [w for w in rep["warnings"] if w["code"] in ("W-CSV-TOTALS", "W-CSV-EXTRA", "W-CSV-SEATS")]


def test_a_night_with_a_substitute_in_its_header_is_refused_at_its_title(tmp_path):
    """b20.csv: Fay in Ed's place in week 2.  A sheet's players are its first header's: the night is refused at
    its title (row 6), none of its rows read as night 1's (they were E-CSV-HAND 'Hand' and E-CSV-HAND-ORDER).
    Since break24c F6 (session 25) the refusal says what to change: Fay's column added to the first header (Ed
    left out of a night's header is a night he did not play, tests/test_found25_sheets.py)."""
    text = B13.replace("Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed\nEd,", "Hand,Dealer,Picker,Partner,Call,"
                       "Points,Al,Bea,Cy,Di,Fay\n1,Fay,").replace("\nAl,Di,Al,AC,30", "\n2,Al,Di,Al,AC,30")
    text = text.replace("Total,,,,,-6", "Total,,,,,,-6")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b20.csv", text), db)
    assert rep["ingested"] == 2
    assert _codes(rep, "rejected") == [("E-CSV-HEADER", 6, 1)]
    msg = rep["rejected"][0]["message"]
    assert "of 2026-11-19" in msg and "'Fay'" in msg and "add a column 'Fay' to the first header (row 2)" in msg
    assert _nights(db) == {"2026-11-12": NIGHT1}


def test_a_night_with_a_notes_column_added_is_read_without_its_notes(tmp_path):
    """b14.csv: a Notes column added in week 2 (it was E-CSV-SEATS and W-CSV-EXTRA on night 1's rows; then refused
    at its title; since break24c F6, session 25, read by its own header, its notes not read and said so)."""
    text = B13.split("Thursday League - Nov 19")[0] + """Thursday League - Nov 19 2026
Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed,Notes
1,Ed,Bea,,alone,95,-2,8,-2,-2,-2,
2,Al,Di,Al,AC,30,-4,4,4,-8,4,ouch
Total,,,,,,-6,12,2,-10,2,
"""
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b14.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT" and w["line"] == 6]
    assert "its 'Notes' column is notes, not read" in w["message"]
    assert _nights(db) == {"2026-11-12": NIGHT1, "2026-11-19": NIGHT2}


# -- break24b F2: a dated title between two nights with no header repeated was dropped unsaid ----------------------

#: b22b.csv: b1's layout with week 2's header left out, the hands numbered on (3, 4); b22.csv numbers them from 1.
B22B = """Thursday League - Nov 12 2026
Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Ed,Al,Bea,AS,72,2,1,-1,-1,-1
2,Al,Cy,Di,AH,45,2,2,-4,-2,2
Total,,,,,,4,3,-5,-3,1
Thursday League - Nov 19 2026
3,Ed,Bea,,alone,95,-2,8,-2,-2,-2
4,Al,Di,Al,AC,30,-4,4,4,-8,4
Total,,,,,,-6,12,2,-10,2
"""


@pytest.mark.parametrize(("text", "stream"), [(B22B, False), (B22B, True),
                                              (B22B.replace("\n3,", "\n1,").replace("\n4,", "\n2,"), False)])
def test_a_dated_title_with_no_header_under_it_starts_a_night_of_the_same_columns(tmp_path, monkeypatch, text, stream):
    """Stored before: one session of 4 hands dated 2026-11-12 (b22b), or hands 1 and 2 refused as
    E-CSV-HAND-ORDER (b22), the title never named.  Now Nov 12 and Nov 19 each their own night."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b22b.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": NIGHT1, "2026-11-19": NIGHT2}
    night = [w for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT"]
    assert [(w["line"], w["col"]) for w in night] == [(1, 1), (6, 1)]
    assert "no header under it" in night[1]["message"] and "of 2026-11-19" in night[1]["message"]
    assert "the hands above row 6 are of 2026-11-12" in night[0]["message"]
    assert not [w for w in rep["warnings"] if w["code"] in ("W-CSV-TOTALS", "W-SESSION-DEALER")]


def test_a_row_repeating_the_night_s_own_date_is_a_note(tmp_path):
    """A one-cell row writing the night's own date (a reminder) starts no night: 4 hands of 2026-11-12 in one
    session, Al 4 - 6 = -2 etc. (BOTH), and no second W-CSV-NIGHT."""
    text = B22B.replace("Thursday League - Nov 19 2026", "Nov 12 2026 after the break").replace(
        "Total,,,,,,4,3,-5,-3,1\n", "")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": BOTH}
    assert [w["line"] for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT"] == [1]


# -- break24b F4: a night with no Total row made the next night's right Total row wrong for every player -----------

#: b12.csv: b1 without the first night's Total row.  Night 2's Total row writes its own sums (NIGHT2): right.
B12 = """Thursday League - Nov 12 2026
Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Ed,Al,Bea,AS,72,2,1,-1,-1,-1
2,Al,Cy,Di,AH,45,2,2,-4,-2,2
Thursday League - Nov 19 2026
Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Ed,Bea,,alone,95,-2,8,-2,-2,-2
2,Al,Di,Al,AC,30,-4,4,4,-8,4
Total,,,,,,-6,12,2,-10,2
"""


def _log_totals(db) -> list:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT CAST(s.date AS VARCHAR), c.log_totals FROM session_checks c JOIN sessions s "
                           "USING (session_id) ORDER BY 1").fetchall()


@pytest.mark.parametrize("stream", [False, True])
def test_a_night_s_total_row_sums_its_own_night_only(tmp_path, monkeypatch, stream):
    """It said 'the rows above sum to -2' for Al (4 - 6, both nights) and so for each player."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b12.csv", B12), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": NIGHT1, "2026-11-19": NIGHT2}
    assert [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"] == []


def test_a_wrong_total_row_of_the_second_night_names_its_own_sum(tmp_path):
    """Night 2's Total writes Al -5 where his hands give -2 - 4 = -6: one W-CSV-TOTALS at row 9, column 7,
    expected -6 (not -2, the two nights' sum)."""
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b12.csv", B12.replace("Total,,,,,,-6,", "Total,,,,,,-5,")), db)
    tot = [(w["line"], w["col"], w["found"], w["expected"]) for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert tot == [(9, 7, "-5", "-6")]


def test_a_night_s_total_row_over_derived_units_sums_its_own_night_only(tmp_path):
    """The units left blank (the engine derives them, the same as written above): night 2's Total row is checked
    against night 2's scored hands (Al -6, ...), not both nights'; nothing said."""
    lines = []
    for line in B12.splitlines():
        cells = line.split(",")
        if cells[0] in ("1", "2"):
            cells[6:] = [""] * 5
        lines.append(",".join(cells))
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b12.csv", "\n".join(lines) + "\n"), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": NIGHT1, "2026-11-19": NIGHT2}
    assert [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"] == []


# -- break24b F5: two blocks titled with the same date: "another night" said, then its rows refused as hands again --

B1 = B12.replace("2,Al,Cy,Di,AH,45,2,2,-4,-2,2\n", "2,Al,Cy,Di,AH,45,2,2,-4,-2,2\nTotal,,,,,,4,3,-5,-3,1\n")


@pytest.mark.parametrize("stream", [False, True])
def test_a_title_repeating_an_earlier_night_s_date_refuses_its_night_at_the_title(tmp_path, monkeypatch, stream):
    """b8.csv: both titles 'Nov 12 2026'.  It said W-CSV-NIGHT 'another night, of 2026-11-12', then refused hands
    1 and 2 as E-CSV-HAND-ORDER 'number it after 2' (advice that merges two sittings).  Now one E-CSV-HEADER at the
    second title (row 6), no W-CSV-NIGHT for it, no hand refused; night 1 alone stored (NIGHT1)."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b8.csv", B1.replace("Nov 19 2026", "Nov 12 2026")), db)
    assert rep["ingested"] == 2
    assert _codes(rep, "rejected") == [("E-CSV-HEADER", 6, 1)]
    msg = rep["rejected"][0]["message"]
    assert "repeats the date of the night titled at row 1 (2026-11-12)" in msg and "[Session]" in msg
    assert [w["line"] for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT"] == [1]
    assert _nights(db) == {"2026-11-12": NIGHT1}


def test_a_title_with_no_header_repeating_an_earlier_night_s_date_is_refused(tmp_path):
    """Three nights, no header repeated: Nov 12, Nov 19, then 'Nov 12 2026' again over N1's hands numbered 5, 6.
    Nights 1 and 2 stored (NIGHT1, NIGHT2); the third block refused at its title, row 10."""
    text = B22B + "Thursday League - Nov 12 2026\n5,Ed,Al,Bea,AS,72,2,1,-1,-1,-1\n6,Al,Cy,Di,AH,45,2,2,-4,-2,2\n"
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b.csv", text), db)
    assert rep["ingested"] == 4
    assert _codes(rep, "rejected") == [("E-CSV-HEADER", 10, 1)]
    assert _nights(db) == {"2026-11-12": NIGHT1, "2026-11-19": NIGHT2}


# -- break24b F6: a title with no year read in the file name's year for the first night only -----------------------

@pytest.mark.parametrize(("second", "date"), [("Nov 19th", "2026-11-19"), ("Dec 1st", "2026-12-01")])
def test_every_night_s_title_without_its_year_is_of_the_file_name_s_year(tmp_path, second, date):
    """'League 2026.csv' titled 'Thursday League Nov 12th' then 'Thursday League Nov 19th' (or 'Dec 1st'): the second
    was E-CSV-HEADER 'the title writes no date that reads', night 2 not stored.  Now both nights, of 2026."""
    text = B1.replace("Thursday League - Nov 12 2026", "Thursday League Nov 12th").replace(
        "Thursday League - Nov 19 2026", f"Thursday League {second}")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "League 2026.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": NIGHT1, date: NIGHT2}
    night = [w for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT"]
    assert [w["line"] for w in night] == [1, 6]
    assert f"of {date}, the day in that title, of the year 2026" in night[1]["message"]


def test_a_title_without_its_year_takes_the_year_of_the_first_title(tmp_path):
    """'league.csv' names no year; the first title 'Nov 12 2026' does: the second title 'Nov 19th' is of 2026."""
    text = B1.replace("Thursday League - Nov 19 2026", "Thursday League Nov 19th")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "league.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": NIGHT1, "2026-11-19": NIGHT2}


# -- break24b F7: US-style titles: '11/12/2026' then '11/19/2026' refused the whole file ---------------------------

US = B1.replace("Thursday League - Nov 12 2026", "Thursday League 11/12/2026")


@pytest.mark.parametrize("later", ["11/19/2026", "11/26/2026"])
def test_a_later_title_that_reads_one_way_settles_the_first_title_s_order(tmp_path, later):
    """'11/19/2026' can only be month first (no 19th month): the sheet is month first, the first title
    2026-11-12 (not 2026-12-11), said in its W-CSV-NIGHT naming row 6; it was E-CSV-COLUMNS, nothing stored."""
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b3.csv", US.replace("Thursday League - Nov 19 2026", f"Thursday League {later}")),
                  db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-12": NIGHT1, f"2026-11-{later[3:5]}": NIGHT2}
    first = next(w["message"] for w in rep["warnings"] if w["code"] == "W-CSV-NIGHT" and w["line"] == 1)
    assert "of 2026-11-12" in first and "read month first as the title at row 6" in first


def test_a_later_title_that_reads_day_first_settles_it_day_first(tmp_path):
    """'05/11/2026' then '19/11/2026': day first, 5 and 19 November."""
    text = B1.replace("Thursday League - Nov 12 2026", "Stammtisch 05/11/2026").replace(
        "Thursday League - Nov 19 2026", "Stammtisch 19/11/2026")
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _nights(db) == {"2026-11-05": NIGHT1, "2026-11-19": NIGHT2}


def test_titles_that_all_read_two_ways_are_refused_naming_date_order(tmp_path):
    """b4.csv: '11/12/2026' then '11/10/2026', each of two readings: refused, the message names date-order."""
    db = tmp_path / "b.duckdb"
    rep = _ingest(write(tmp_path, "b4.csv", US.replace("Thursday League - Nov 19 2026", "Thursday League 11/10/2026")),
                  db)
    assert rep["ingested"] == 0
    assert _codes(rep, "rejected") == [("E-CSV-COLUMNS", 2, 1)]
    assert "--columns date-order=mdy" in rep["rejected"][0]["message"]
    rep = _ingest(write(tmp_path, "b4.csv", US.replace("Thursday League - Nov 19 2026", "Thursday League 11/10/2026")),
                  db, "--columns", "date-order=mdy")
    assert rep["ingested"] == 4
    assert _nights(db) == {"2026-11-10": NIGHT2, "2026-11-12": NIGHT1}


# -- break24c F2: a title without its year after a December night went back to January of the same year ---------------

#: y1.csv as break24c wrote it: a winter league in blocks, titles "Sep 10 2026", "Dec 31", "Jan 7" (no Date column).
#: h1 of each night: Al with Bea at 75 wins plain +2 / +1 / -1 (B-28, B-33); Cy with Di at 45 loses with DOB
#: -4 / -2 / +2 (B-27, B-33); Bea alone at 95 wins schneider +8 / -2 (B-28 tier 2, x4 alone).
WINTER = """Thursday League - Sep 10 2026
Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Al,Bea,AS,75,2,1,-1,-1,-1
Thursday League - Dec 31
Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Cy,Di,AH,45,2,2,-4,-2,2
Thursday League - Jan 7
Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
1,Bea,,alone,95,-2,8,-2,-2,-2
"""


def test_a_title_without_its_year_after_december_is_of_the_next_year(tmp_path):
    """The nights run down the sheet: 'Jan 7' under 'Dec 31' (2026) is 2027-01-07, not 2026-01-07 (eight months
    before the sheet's first night); 'Dec 31' after 'Sep 10 2026' stays in 2026."""
    db = tmp_path / "w.duckdb"
    r = cli("ingest", write(tmp_path, "y1.csv", WINTER), "--db", str(db), ok=False)
    assert "3 stored" in r.output
    assert "of 2027-01-07, the day in that title, of the year 2027 (the year after the night above, 2026-12-31" \
        in r.output
    with duckdb.connect(str(db), read_only=True) as con:
        days = [str(d) for (d,) in con.execute("SELECT date FROM sessions ORDER BY date").fetchall()]
    assert days == ["2026-09-10", "2026-12-31", "2027-01-07"]
    assert ledger(db) == {"Al": 2, "Bea": 11, "Cy": -7, "Di": -5, "Ed": -1}


# -- break24c F1: a sheet with a Date column and a dated title over each block filed a block with blank Date cells
#    under the night above ----------------------------------------------------------------------------------------

#: b3.csv as break24c wrote it (its Date column month-first, W-CSV-DATE-ORDER): Nov 12: h1 Al with Bea at 75 wins
#: plain +2 / +1 / -1 (B-28, B-33), h2 Cy with Di at 45 loses with DOB -4 / -2 / +2 (B-27); Nov 19 (its Date cells
#: blank under its title): h3 Bea alone at 95 wins schneider +8 / -2 (B-28 tier 2, x4), h4 Di with Al at 30 loses
#: schneidered with DOB -8 / -4 / +4 (B-28, B-33).  Nov 12: Al 4, Bea 3, Cy -5, Di -3, Ed 1; Nov 19: Al -6, Bea 12,
#: Cy 2, Di -10, Ed 2 (NIGHT1, NIGHT2 above).
DATED_BLOCKS = """Thursday League - Nov 12 2026
Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
11/12/2026,1,Al,Bea,AS,75,2,1,-1,-1,-1
,2,Cy,Di,AH,45,2,2,-4,-2,2
Total,,,,,,4,3,-5,-3,1
Thursday League - Nov 19 2026
Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
,3,Bea,,alone,95,-2,8,-2,-2,-2
,4,Di,Al,AC,30,-4,4,4,-8,4
Total,,,,,,-6,12,2,-10,2
"""


def _night_counts(db) -> list[tuple[str, int]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return [(str(d), n) for d, n in con.execute(
            "SELECT s.date, count(*) FROM hands h JOIN sessions s USING (session_id) GROUP BY 1 ORDER BY 1").fetchall()]


@pytest.mark.parametrize("stream", [False, True])
def test_a_titled_block_with_blank_date_cells_is_the_title_s_night(tmp_path, monkeypatch, stream):
    if stream:  # read in batches, as a sheet over SHEAD_STREAM_ABOVE bytes is
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "b3.duckdb"
    r = cli("ingest", write(tmp_path, "b3.csv", DATED_BLOCKS), "--db", str(db), ok=False)
    assert "4 stored" in r.output and "b3.csv:6:1: warning W-CSV-NIGHT" in r.output
    assert "leave the Date cell blank: they are the night of 2026-11-19" in r.output
    assert _night_counts(db) == [("2026-11-12", 2), ("2026-11-19", 2)]
    assert ledger(db) == BOTH


@pytest.mark.parametrize("stream", [False, True])
def test_a_titled_block_whose_date_cell_says_another_day_is_said(tmp_path, monkeypatch, stream):
    """b4.csv: block 2's first Date cell copied from block 1 (11/12/2026) under the title "Nov 19 2026": the rows
    are read by their Date cells (one night, as written) and the title's other day is said at the title."""
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "100")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "b4.duckdb"
    text = DATED_BLOCKS.replace(",3,Bea,", "11/12/2026,3,Bea,")
    r = cli("ingest", write(tmp_path, "b4.csv", text), "--db", str(db), ok=False)
    assert "4 stored" in r.output
    assert ("b4.csv:6:1: warning W-CSV-NIGHT: row 6 is a title ('Thursday League - Nov 19 2026') of 2026-11-19 "
            "above the header written again at row 7, but the Date cell under it says '11/12/2026'") in r.output
    assert _night_counts(db) == [("2026-11-12", 4)]


def test_a_night_numbered_from_1_again_without_a_date_is_told_to_write_its_date(tmp_path):
    """break24c F4 (h1.csv): the header written again with no title above it and hands from 1 again: refused as
    before (nothing gives the second night a date), and the message now says how to give it one instead of only
    renumbering (which would make its hands Nov 12's)."""
    text = DATED_BLOCKS.replace("Thursday League - Nov 19 2026\n", "").replace(",3,Bea,", ",1,Bea,").replace(
        ",4,Di,", ",2,Di,")
    rep = _ingest(write(tmp_path, "h1.csv", text), tmp_path / "h.duckdb")
    assert rep["ingested"] == 2
    msgs = [e["message"] for e in rep["rejected"] if e["code"] == "E-CSV-HAND-ORDER"]
    assert len(msgs) == 2 and all("number it after 2" in m for m in msgs)
    assert "if it starts another night (its hands numbered from 1 again), write that night's date" in msgs[0]
