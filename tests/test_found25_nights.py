"""Records brought in session 25 (real25 F1, F2: hands filed under the wrong night), each amount worked out by
hand from rules.md before shead's figure was read."""

from __future__ import annotations

import duckdb

from tests.cli_helpers import cli, ledger, write

# -- A new night's SHN file that keeps last week's [Date] (real25 F1) ---------------------------------------------

HEAD = ('%SHN 1.0\n[Event "Tuesday Tavern Sheep"]\n[Date "2026.11.24"]\n[Seats "Gus; Lou; Mo; Rita; Zeke"]\n'
        '[Rules "wi5-called-ace"]\n\n')
SESSION = "Tuesday Tavern Sheep / 2026.11.24"
#: last week, stored: lines 7-8, 9-10, 11-12 under the 6-line header
LAST_WEEK = ("hand 1 dealer Zeke\npick Lou call AH partner Gus pts 66 win\n"
             "hand 2\npick Mo call AS partner Zeke pts 70 win\n"
             "hand 3\npick Rita call AC partner Gus pts 45 lose\n")
#: By hand (rules.md B-28: 61..90 a plain win, 31..60 a plain loss; B-33: the picker twice a defender's share, the
#: partner once; the default profile doubles a loss on the bump, B-32):
#:   h1 Lou picks, Gus partner, 66: Lou +2, Gus +1, Mo, Rita, Zeke -1;
#:   h2 Mo picks, Zeke partner, 70: Mo +2, Zeke +1, Gus, Lou, Rita -1;
#:   h3 Rita picks, Gus partner, 45 lose (doubled): Rita -4, Gus -2, Lou, Mo, Zeke +2.
LAST_WEEK_UNITS = {"Gus": -2, "Lou": 3, "Mo": 3, "Rita": -6, "Zeke": 2}
#: this week, the phone's template not updated (its [Date] last week's): hands 1 and 2 differ from last week's,
#: hand 3 happens to be written as last week's hand 3, hands 4 and 5 are numbers last week never reached
THIS_WEEK = ("hand 1 dealer Zeke\npick Zeke call AH partner Rita pts 75 win\n"
             "hand 2\npick Gus alone pts 70 win\n"
             "hand 3\npick Rita call AC partner Gus pts 45 lose\n"
             "hand 4\npick Mo call AH partner Rita pts 88 win\n"
             "hand 5\npick Rita call AS partner Zeke pts 40 lose\n")
#: By hand, this week on its own night:
#:   h1 Zeke picks, Rita partner, 75: Zeke +2, Rita +1, Gus, Lou, Mo -1;
#:   h2 Gus alone, 70: Gus +4 (B-33: alone, all four shares), Lou, Mo, Rita, Zeke -1;
#:   h3 as last week's h3: Rita -4, Gus -2, Lou, Mo, Zeke +2;
#:   h4 Mo picks, Rita partner, 88: Mo +2, Rita +1, Gus, Lou, Zeke -1;
#:   h5 Rita picks, Zeke partner, 40 lose (doubled): Rita -4, Zeke -2, Gus, Lou, Mo +2.
#:   Gus -1+4-2-1+2 = +2; Lou -1-1+2-1+2 = +1; Mo -1-1+2+2+2 = +4; Rita +1-1-4+1-4 = -7; Zeke +2-1+2-1-2 = 0.
THIS_WEEK_UNITS = {"Gus": 2, "Lou": 1, "Mo": 4, "Rita": -7, "Zeke": 0}


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, CAST(date AS VARCHAR) FROM hands ORDER BY session, hand").fetchall()


def _rejected(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, line, code FROM rejected ORDER BY line").fetchall()


def test_a_new_nights_file_under_last_weeks_date_is_refused_whole(tmp_path):
    """real25 F1: hands 1 and 2 were E-HAND-CONFLICT (with the advice to --amend, which would overwrite last week),
    hand 3 a duplicate, hands 4 and 5 stored as hands 4 and 5 of 2026-11-24 (Mo +2 -> +5 ...).  Now: its hands that
    meet stored numbers (1-3) conflict twice and repeat once, and it numbers from 1 again, so none of its five hands
    is stored; each is E-HAND-CONFLICT at its hand line (7, 9, 11, 13, 15), filed under the would-be session
    '... (another night)', the message saying to write its own [Date], no --amend; last week's night unchanged."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "last.shn", HEAD + LAST_WEEK), "--db", str(db))
    assert ledger(db) == LAST_WEEK_UNITS
    r = cli("ingest", write(tmp_path, "next.shn", HEAD + THIS_WEEK), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "next.shn: 0 stored, 0 duplicates, 5 rejected" in out, r.output
    for line, n in ((7, 1), (9, 2), (11, 3), (13, 4), (15, 5)):
        assert f"next.shn:{line}:1: E-HAND-CONFLICT (hand {n}): hand {n}: this file's hands of session '{SESSION}' " \
               "look like another night under the stored night's date 2026-11-24: of its 3 hands numbered as " \
               "stored hands, 2 differ from the stored ones and 1 repeats one, numbered from 1 again, so none of " \
               "its 5 hands (1-5) is stored: if it is another night, write its own [Date] above its first hand " \
               "(its [Date \"2026.11.24\"] is the stored night's) and send the file again; if it is the stored " \
               "night going on, send only its hands after 3" in out, r.output
    assert "this hand 1 differs from the stored one in pick: stored Lou, this copy Zeke" in out
    # amending is named last, as the one reading that replaces the stored night (never as the advice alone)
    assert "(shead sheet '" + SESSION + "' lists the stored ones); only if it corrects the stored night itself, " \
        "amend it (shead ingest --amend FILE: its hands then replace the stored ones)" in out
    assert "to correct the stored hand: shead ingest --amend FILE" not in out
    assert ledger(db) == LAST_WEEK_UNITS
    assert _hands(db) == [(SESSION, 1, "2026-11-24"), (SESSION, 2, "2026-11-24"), (SESSION, 3, "2026-11-24")]
    assert _rejected(db) == [(f"{SESSION} (another night)", n, line, "E-HAND-CONFLICT")
                             for line, n in ((7, 1), (9, 2), (11, 3), (13, 4), (15, 5))]
    sheet = cli("sheet", SESSION, "--db", str(db)).output
    assert "refused" not in sheet  # last week's sheet shows none of this week's refusals
    # the fix the message gives: the night's own [Date]; all five stored, on their own night
    fixed = HEAD.replace("2026.11.24", "2026.12.01") + THIS_WEEK
    r = cli("ingest", write(tmp_path, "next_fixed.shn", fixed), "--db", str(db))
    assert "next_fixed.shn: 5 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db, "--from", "2026-12-01") == THIS_WEEK_UNITS
    assert ledger(db, "--to", "2026-11-24") == LAST_WEEK_UNITS


def test_the_stored_night_sent_again_corrected_and_gone_on_still_stores_its_new_hands(tmp_path):
    """Kept as it was: last week's night re-sent with hand 2 written otherwise (pts 72) and hand 4 added (the
    night went on) repeats 2 hands and conflicts once: hand 4 stored, hand 2 E-HAND-CONFLICT with the advice to
    --amend (line 9).  By hand, h4 Mo picks, Rita partner, 88: Mo +2, Rita +1, Gus, Lou, Zeke -1, so
    Gus -3, Lou +2, Mo +5, Rita -5, Zeke +1.  The night's last hand sent again corrected with the next one (a
    block from hand 3: 1 conflict, 0 repeats) is refused whole since break26 F2 (another night or a correction:
    the file does not say which), both readings said; the ledger stays last week's."""
    h4 = "hand 4\npick Mo call AH partner Rita pts 88 win\n"
    want = {"Gus": -3, "Lou": 2, "Mo": 5, "Rita": -5, "Zeke": 1}
    db = tmp_path / "g.duckdb"
    cli("ingest", write(tmp_path, "last.shn", HEAD + LAST_WEEK), "--db", str(db))
    again = HEAD + LAST_WEEK.replace("pts 70 win", "pts 72 win") + h4
    r = cli("ingest", write(tmp_path, "again.shn", again), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "again.shn: 1 stored, 2 duplicates, 1 rejected" in out, r.output
    assert f"again.shn:9:1: E-HAND-CONFLICT (hand 2): hand 2 of session '{SESSION}' is already stored" in out
    assert "it differs in pts: stored 70, this copy 72 (to correct the stored hand: shead ingest --amend FILE)" in out
    assert "another night" not in out
    assert ledger(db) == want
    db2 = tmp_path / "l.duckdb"
    cli("ingest", write(tmp_path, "last.shn", HEAD + LAST_WEEK), "--db", str(db2))
    tail = HEAD + "hand 3\npick Rita call AC partner Gus pts 47 lose\n" + h4
    r = cli("ingest", write(tmp_path, "tail.shn", tail), "--db", str(db2), ok=False)
    out = r.output.replace("\n", " ")
    assert "tail.shn: 0 stored, 0 duplicates, 2 rejected" in out, r.output
    assert "tail.shn:7:1: E-HAND-CONFLICT (hand 3)" in out and "tail.shn:9:1: E-HAND-CONFLICT (hand 4)" in out
    assert "if it corrects the stored night, amend the stored hand 3 (shead ingest --amend FILE" in out
    assert ledger(db2) == LAST_WEEK_UNITS


# -- A workbook's second night tab under the first tab's date (real25 F2) -----------------------------------------

BOOK_HEADER = ["Date", "Hand", "Dealer", "Picker", "Partner", "Called", "Pts", "Hank", "Irma", "Jake", "Kurt", "Lena"]
DEC8 = [[1, "Lena", "Hank", "Jake", "AS", 78, 2, -1, 1, -1, -1],
        [2, "Hank", "Irma", "Jake", "AC", 65, -1, 2, 1, -1, -1],
        [3, "Irma", "Jake", "Kurt", "AC", 70, -1, -1, 2, 1, -1]]
DEC15 = [[1, "Lena", "Kurt", "Jake", "AS", 78, -1, -1, 1, 2, -1],
         [2, "Hank", "Lena", "Irma", "AH", 80, -1, 1, -1, -1, 2],
         [3, "Irma", "Hank", "Kurt", "AS", 75, 2, -1, -1, 1, -1],
         [4, "Jake", "Irma", "Lena", "AS", 75, -1, 2, -1, -1, 1]]
#: By hand (rules.md B-28 61..90 a plain win; B-33 picker 2, partner 1, each defender -1), each row's cells agreeing:
#:   Dec 8:  h1 Hank/Jake 78, h2 Irma/Jake 65, h3 Jake/Kurt 70:
#:           Hank 2-1-1 = 0, Irma -1+2-1 = 0, Jake 1+1+2 = 4, Kurt -1-1+1 = -1, Lena -3.
#:   Dec 15: h1 Kurt/Jake 78, h2 Lena/Irma 80, h3 Hank/Kurt 75, h4 Irma/Lena 75:
#:           Hank -1-1+2-1 = -1, Irma -1+1-1+2 = 1, Jake 1-1-1-1 = -2, Kurt 2-1+1-1 = 1, Lena -1+2-1+1 = 1.
DEC8_UNITS = {"Hank": 0, "Irma": 0, "Jake": 4, "Kurt": -1, "Lena": -3}
DEC15_UNITS = {"Hank": -1, "Irma": 1, "Jake": -2, "Kurt": 1, "Lena": 1}


def _book(path, tabs: list[tuple[str, "datetime.date", list[list]]]) -> str:
    """A workbook of night tabs, each its header, then its rows with the date in the first row's Date cell only
    (as real25's dates2.xlsx, made by mkdate2.py)."""
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    wb.remove(wb.active)
    for title, day, rows in tabs:
        ws = wb.create_sheet(title)
        ws.append(BOOK_HEADER)
        for k, row in enumerate(rows):
            ws.append([day if k == 0 else None, *row])
    wb.save(path)
    return str(path)


def _numbers(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, CAST(date AS VARCHAR) FROM hands ORDER BY hand_id").fetchall()


def test_a_second_tab_under_the_first_tabs_date_numbered_from_1_again_is_refused(tmp_path):
    """real25 F2: tab "Dec 15", copied from "Dec 8", its Date cell still 2026-12-08: stored as ONE session numbered
    1,2,3,1,2,3,4, no warning.  Now its four rows are E-CSV-HAND-ORDER at dates2.xlsx[Dec 15]:ROW:2 (the Hand
    column, B), as the same rows in one CSV are, the message saying the sheet's name is 2026-12-15 while its Date
    cells say 2026-12-08; only Dec 8's three hands are stored.  With the Date cell corrected, the workbook sent again
    stores Dec 15's four on their own night, Dec 8's three duplicates."""
    import datetime  # noqa: PLC0415

    d8, d15 = datetime.date(2026, 12, 8), datetime.date(2026, 12, 15)
    db = tmp_path / "d.duckdb"
    book = _book(tmp_path / "dates2.xlsx", [("Dec 8", d8, DEC8), ("Dec 15", d8, DEC15)])
    r = cli("ingest", book, "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "dates2.xlsx: 3 stored, 0 duplicates, 4 rejected" in out, r.output
    for row, n in ((2, 1), (3, 2), (4, 3), (5, 4)):
        how = f"hand {n} again" if n <= 3 else "hand 4, of hands numbered from 1 again"
        assert f"dates2.xlsx[Dec 15]:{row}:2: E-CSV-HAND-ORDER (hand {n}): row {row}: {how}: the sheet 'Dec 8' " \
               "holds this night's hands (1-3, 2026-12-08, the same players) and this sheet numbers them from 1 " \
               "again;" in out, r.output
    assert "none of this sheet's 4 rows of that night is stored: the sheet is named 'Dec 15' (2026-12-15) but its " \
           "Date cells say 2026-12-08, the night of the sheet 'Dec 8': if it is the night of 2026-12-15, write that " \
           "date in its Date cells" in out
    assert _numbers(db) == [("CSV dates2 2026-12-08", n, "2026-12-08") for n in (1, 2, 3)]
    assert ledger(db) == DEC8_UNITS
    fixed = _book(tmp_path / "dates2.xlsx", [("Dec 8", d8, DEC8), ("Dec 15", d15, DEC15)])
    r = cli("ingest", fixed, "--db", str(db))
    assert "dates2.xlsx: 4 stored, 3 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db, "--to", "2026-12-08") == DEC8_UNITS
    assert ledger(db, "--from", "2026-12-15") == DEC15_UNITS


def test_a_night_over_two_tabs_numbered_on_is_one_session(tmp_path):
    """Kept: a night whose hands 4 and 5 went on a second tab ("Late", Date cell 2026-12-08) is one session of five
    hands, no word.  By hand, h4 Irma/Lena 75: Irma +2, Lena +1, others -1; h5 Kurt/Jake 78: Kurt +2, Jake +1,
    others -1: Hank 0-1-1 = -2, Irma 0+2-1 = 1, Jake 4-1+1 = 4, Kurt -1-1+2 = 0, Lena -3+1-1 = -3."""
    import datetime  # noqa: PLC0415

    d8 = datetime.date(2026, 12, 8)
    late = [[4, "Jake", "Irma", "Lena", "AS", 75, -1, 2, -1, -1, 1],
            [5, "Kurt", "Kurt", "Jake", "AS", 78, -1, -1, 1, 2, -1]]
    db = tmp_path / "l.duckdb"
    r = cli("ingest", _book(tmp_path / "late.xlsx", [("Dec 8", d8, DEC8), ("Late", d8, late)]), "--db", str(db))
    assert "late.xlsx: 5 stored, 0 duplicates, 0 rejected" in r.output and "E-" not in r.output, r.output
    assert _numbers(db) == [("CSV late 2026-12-08", n, "2026-12-08") for n in (1, 2, 3, 4, 5)]
    assert ledger(db) == {"Hank": -2, "Irma": 1, "Jake": 4, "Kurt": 0, "Lena": -3}


def test_the_two_nights_sent_as_two_workbooks_store_nothing_of_the_second_under_the_first(tmp_path):
    """real25 F2's d8only.xlsx, then d15only.xlsx (Date cell 2026-12-08): its hands 1-3 were E-HAND-CONFLICT and
    its hand 4 stored as hand 4 of Dec 8 (as F1).  Now the block conflicts three times, repeats none and numbers
    from 1: all four refused E-HAND-CONFLICT at d15only.xlsx[Dec 15]:ROW:1, saying to give its rows their own date;
    the ledger is Dec 8's alone."""
    import datetime  # noqa: PLC0415

    d8 = datetime.date(2026, 12, 8)
    db = tmp_path / "two.duckdb"
    cli("ingest", _book(tmp_path / "d8only.xlsx", [("Dec 8", d8, DEC8)]), "--db", str(db))
    r = cli("ingest", _book(tmp_path / "d15only.xlsx", [("Dec 15", d8, DEC15)]), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "d15only.xlsx: 0 stored, 0 duplicates, 4 rejected" in out, r.output
    for row, n in ((2, 1), (3, 2), (4, 3), (5, 4)):
        assert f"d15only.xlsx[Dec 15]:{row}:1: E-HAND-CONFLICT (hand {n}): hand {n}: this file's hands of session " \
               "'CSV d8only 2026-12-08' look like another night under the stored night's date 2026-12-08: of its " \
               "3 hands numbered as stored hands, 3 differ from the stored ones and 0 repeat one" in out, r.output
    assert "give its rows their own date (its Date cells say 2026-12-08, the stored night's)" in out
    assert "only if it corrects the stored night itself, amend it" in out
    assert "to correct the stored hand: shead ingest --amend FILE" not in out
    assert _numbers(db) == [("CSV d8only 2026-12-08", n, "2026-12-08") for n in (1, 2, 3)]
    assert ledger(db) == DEC8_UNITS


def test_the_store_never_writes_two_hands_of_one_number_in_a_session(tmp_path, monkeypatch):
    """The safety net under any reader: with the workbook's own check taken away (as a reader that lets a repeated
    number through), the store refuses Dec 15's hands 1-3 — the later hands of numbers Dec 8 gave first —
    E-HAND-CONFLICT at dates2.xlsx[Dec 15]:ROW:1, naming the first; no session holds two hands of one number.
    (Its hand 4 is a number of its own to the store: Dec 8 + h4 Irma/Lena 75 (Irma +2, Lena +1, others -1) =
    Hank -1, Irma 2, Jake 3, Kurt -2, Lena -2.)"""
    import datetime  # noqa: PLC0415

    from ingest import xlsx_sheet  # noqa: PLC0415

    monkeypatch.setattr(xlsx_sheet, "_renumbered", lambda *a, **k: None)
    d8 = datetime.date(2026, 12, 8)
    db = tmp_path / "n.duckdb"
    book = _book(tmp_path / "dates2.xlsx", [("Dec 8", d8, DEC8), ("Dec 15", d8, DEC15)])
    r = cli("ingest", book, "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "dates2.xlsx: 4 stored, 0 duplicates, 3 rejected" in out, r.output
    for row, n in ((2, 1), (3, 2), (4, 3)):
        assert f"dates2.xlsx[Dec 15]:{row}:1: E-HAND-CONFLICT (hand {n}): hand {n} of session 'CSV dates2 " \
               f"2026-12-08' is given twice by this file: its first hand {n} is at {book}[Dec 8]:{row}; a session " \
               "holds each hand number once, so this later one is not stored" in out, r.output
    rows = _numbers(db)
    assert len(rows) == len({(s, n) for s, n, _ in rows}) == 4
    assert ledger(db) == {"Hank": -1, "Irma": 2, "Jake": 3, "Kurt": -2, "Lena": -2}
