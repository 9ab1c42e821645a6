"""Ledgers of sitting totals brought in session 23 (break23), each amount worked out by hand from rules.md before
shead's figure was read."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"


def _sittings(db) -> list[tuple[str, str, int]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT s.date::VARCHAR, st.player, st.units FROM settlements st JOIN sessions s "
                           "USING (session_id) ORDER BY 1, 2").fetchall()


# -- A ledger's net beyond any night: refused at its cell, E-RANGE (break23 F3) -------------------------------------

#: a club's ledger of nightly nets (README "ledger"), each row summing to zero (rules.md B-35): row 2 holds the
#: 5 * 10^18 that wrapped the totals (two such rows summed past 2^63 and were shown sign-flipped), row 4 a net of
#: 10^21 in Bob's cell (column 3) that the store refused with a raw DuckDB error losing the whole file, row 5 nets at
#: the bound (10^9) and row 6 one unit beyond it in Bob's cell
HUGE = """date,Ann,Bob,Cal,Dee,Eve
2026-01-08,5000000000000000000,-5000000000000000000,0,0,0
2026-01-15,+7,-2,-1,-4,0
2026-01-22,2,1000000000000000000000,-1000000000000000000000,-2,0
2026-01-29,1000000000,-999999998,-1,-1,0
2026-02-05,-4,1000000001,-1000000000,3,0
"""
#: by hand, the rows kept are 3 and 5: Ann 7 + 1,000,000,000 = +1,000,000,007; Bob -2 - 999,999,998 =
#: -1,000,000,000; Cal -1 - 1 = -2; Dee -4 - 1 = -5; Eve 0 + 0 = 0 (zero-sum: 1,000,000,007 - 1,000,000,000 - 7 = 0)
HUGE_TOTALS = {"Ann": 1_000_000_007, "Bob": -1_000_000_000, "Cal": -2, "Dee": -5, "Eve": 0}


@pytest.mark.parametrize("streamed", [False, True])
def test_a_ledger_net_beyond_any_night_is_refused_at_its_cell(tmp_path, monkeypatch, streamed):
    if streamed:  # a large ledger is read in batches by ingest.ledger_stream: the same rows refused at the same cells
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    db = tmp_path / "h.duckdb"
    r = cli("ingest", write(tmp_path, "club.csv", HUGE), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert "2 sitting(s) stored" in out, out
    assert "E-STORE" not in out and "Conversion Error" not in out
    for at, who, net in (("2:2", "Ann", "5000000000000000000"), ("4:3", "Bob", "1000000000000000000000"),
                         ("6:3", "Bob", "1000000001")):
        row = at.split(":")[0]
        assert (f"club.csv:{at}: E-RANGE: row {row}: {who}'s net '{net}' is beyond what the log keeps (a sitting's "
                "net is at most 1,000,000,000 units either way); the row is refused") in out, out
    assert out.count("E-RANGE") == 3
    assert ledger(db) == HUGE_TOTALS
    assert _sittings(db) == [("2026-01-15", "Ann", 7), ("2026-01-15", "Bob", -2), ("2026-01-15", "Cal", -1),
                             ("2026-01-15", "Dee", -4), ("2026-01-15", "Eve", 0),
                             ("2026-01-29", "Ann", 1_000_000_000), ("2026-01-29", "Bob", -999_999_998),
                             ("2026-01-29", "Cal", -1), ("2026-01-29", "Dee", -1), ("2026-01-29", "Eve", 0)]


def test_two_sittings_of_five_quintillion_no_longer_wrap_the_ledger(tmp_path):
    """break23's own file: Allen +5 * 10^18 / Bea -5 * 10^18 on two nights, then 3, -1, -1, -1, 0.  By hand the sum
    of the first two is 10^19 > 2^63 - 1, which printed Bea +8446744073709551615 first on the leaderboard.  Now both
    rows are refused at Allen's cell (row 2 and 3, column 2) and the ledger is the third night's alone: Allen +3, Bea
    -1, Cy -1, Di -1, Ed 0; --json says the code, cell and what was found."""
    import json  # noqa: PLC0415

    text = ("Date,Allen Braun,Bea Schmidt,Cy Ott,Di Lenz,Ed Kahl\n"
            "2025-01-02,5000000000000000000,-5000000000000000000,0,0,0\n"
            "2025-01-09,5000000000000000000,-5000000000000000000,0,0,0\n"
            "2025-01-23,3,-1,-1,-1,0\n")
    db = tmp_path / "w.duckdb"
    r = cli("ingest", write(tmp_path, "b48.csv", text), "--db", str(db), "--json", ok=False)
    got = json.loads(r.stdout)
    assert got["sittings"] == 1
    assert [(e["line"], e["col"], e["code"], e["found"]) for e in got["rejected"]] == [
        (2, 2, "E-RANGE", "5000000000000000000"), (3, 2, "E-RANGE", "5000000000000000000")]
    assert ledger(db) == {"Allen Braun": 3, "Bea Schmidt": -1, "Cy Ott": -1, "Di Lenz": -1, "Ed Kahl": 0}


# -- The Ledger page of a database holding ledger sittings and no hand (break23 F7) -----------------------------------

def _page(name: str, db, monkeypatch):
    """The dashboard page ``name`` run on ``db`` (streamlit.testing)."""
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_ledger_page_shows_the_totals_of_a_ledger_without_hands(tmp_path, monkeypatch):
    """break23's b49: two sittings and no hand.  By hand: Allen 5 - 4 = +1, Bea -3 + 2 = -1, Cy 0 + 2 = +2, Di -2 + 0 =
    -2, Ed 0 + 0 = 0 (zero-sum), each in 2 sessions, 0 hands.  The Ledger page said 'No hands to show yet' (the import
    did nothing, it told the user) while `shead ledger` showed these totals; now it shows them, best first, and each
    other page's empty state says how many sittings there are and where."""
    db = tmp_path / "l.duckdb"
    cli("ingest", write(tmp_path, "b49.csv", "Date,Allen Braun,Bea Schmidt,Cy Ott,Di Lenz,Ed Kahl\n"
                        "2025-01-02,5,-3,0,-2,0\n2025-01-09,-4,2,2,0,0\n"), "--db", str(db))
    totals = {"Allen Braun": 1, "Bea Schmidt": -1, "Cy Ott": 2, "Di Lenz": -2, "Ed Kahl": 0}
    assert ledger(db) == totals
    at = _page("ledger.py", db, monkeypatch)
    assert not any("No hands to show yet" in i.value for i in at.info), [i.value for i in at.info]
    board = at.dataframe[0].value
    assert board["player"].to_list() == ["Cy Ott", "Allen Braun", "Ed Kahl", "Bea Schmidt", "Di Lenz"]
    assert dict(zip(board["player"].to_list(), board["units"].to_list())) == totals
    assert board["sessions"].to_list() == [2] * 5 and board["hands"].to_list() == [0] * 5
    per_session = at.dataframe[1].value  # night by night (a pandas frame): Allen +5 then -4
    assert list(per_session[per_session["player"] == "Allen Braun"]["units"]) == [5, -4]
    at = _page("picking.py", db, monkeypatch)
    said = " ".join(i.value for i in at.info)
    assert "No hands to show yet" in said
    assert ("It holds 2 ledger sittings without hands (a ledger of nightly totals): their totals are on the "
            "[Ledger](/ledger) page and in `shead ledger`.") in said


# -- A 5,000-character player name in shead ledger's table (break23 F10, part) ---------------------------------------

def test_a_long_player_name_is_cut_in_the_ledgers_table_and_kept_whole_in_json(tmp_path):
    """break23's b20: a 5,000-character name (a paste gone wrong) made `shead ledger`'s table 5,000 columns wide.
    By hand (rules.md B-27: 72 card points >= 61, a win, under 91 no schneider, B-28; B-33 five-handed: picker +2,
    partner +1, each defender -1): the long-named picker +2, Bea's partner +1, the other three -1.  The table
    shows a name of up to 40 terminal cells whole (Bea's 40 letters) and a longer one cut to 39 and an ellipsis
    (Cy's 41); --json keeps every name whole."""
    import json  # noqa: PLC0415

    long, bea, cy = "A" * 5000, "Bea " + "S" * 36, "Cy " + "O" * 38
    assert (len(bea), len(cy)) == (40, 41)
    shn = ('%SHN 1.0\n[Event "Break Club"]\n[Date "2025.07.03"]\n'
           f'[Seats "Al={long}; Bea={bea}; Cy={cy}; Di=Di Lenz; Ed=Ed Kahl"]\n[Rules "wi5-called-ace"]\n\n'
           "hand 1  dealer Ed\npick Al  call AS  partner Bea  pts 72  win\n")
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "long.shn", shn), "--db", str(db))
    assert ledger(db) == {long: 2, bea: 1, cy: -1, "Di Lenz": -1, "Ed Kahl": -1}
    out = cli("ledger", "--db", str(db)).output
    lines = out.splitlines()
    assert max(len(x) for x in lines) < 110, max(len(x) for x in lines)
    rows = {x.split("│")[1].strip(): x.split("│")[2].strip() for x in lines if x.startswith("│")}
    assert rows == {"A" * 39 + "…": "+2", bea: "+1", "Cy " + "O" * 36 + "…": "-1", "Di Lenz": "-1", "Ed Kahl": "-1"}
    got = json.loads(cli("ledger", "--db", str(db), "--json").output.split("\n")[0])
    assert sorted(len(r["player"]) for r in got) == [7, 7, 40, 41, 5000]


# -- A sheet's refusal names the cell that is wrong (break23 F8) -----------------------------------------------------

HEAD = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,"
        "Al=Allen Braun,Bea=Bea Schmidt,Cy=Cy Ott,Di=Di Lenz,Ed=Ed Kahl\n")


def test_a_note_written_in_the_hand_cell_is_a_note(tmp_path):
    """break23's b11: '-- pizza break --' in the Hand column between hands 1 and 2 was refused at 3:1 as 'hand 2'
    (E-CSV-SEATS, the players with units ()), naming neither the cell nor the note.  It is a note (no hand number,
    no units: README 'Notes').  By hand (rules.md B-27, B-33): h1 Bea picks, Cy partner, 61: a win, Bea +2, Cy +1,
    the others -1; h2 Ed picks, Al partner, 60: a loss (60-60 the defenders win), Ed -4, Al -2, the others +2.
    Totals Al -3, Bea +4, Cy +3, Di +1, Ed -5 (zero-sum)."""
    text = HEAD + ("2025-05-01,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1\n2025-05-01,-- pizza break --,,,,,,,,,,,\n"
                   "2025-05-01,2,Al,Ed,Al,AS,60,L,-2,2,2,2,-4\n")
    db = tmp_path / "p.duckdb"
    r = cli("ingest", write(tmp_path, "pizza.csv", text), "--db", str(db))
    assert "2 stored, 0 duplicates, 0 rejected" in r.output and "E-CSV" not in r.output, r.output
    assert ledger(db) == {"Allen Braun": -3, "Bea Schmidt": 4, "Cy Ott": 3, "Di Lenz": 1, "Ed Kahl": -5}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand FROM hands ORDER BY hand").fetchall() == [(1,), (2,)]


def test_a_last_row_cut_short_is_said_at_its_missing_cell(tmp_path):
    """break23's b35: the file cut in its last row (12 of 13 cells, Ed's missing) was refused at 4:1 'the players
    with units (Al, Bea, Cy, Di) are not the sitting's table'.  Now at 4:13, Ed's cell, saying the row is short.
    Hands 1 and 2 stored, by hand (B-27, B-33) each Bea +2, Cy +1, the others -1: Al -2, Bea +4, Cy +2, Di -2, Ed
    -2."""
    text = HEAD + ("2025-10-02,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1\n2025-10-02,2,Al,Bea,Cy,AC,61,W,-1,2,1,-1,-1\n"
                   "2025-10-02,3,Bea,Al,,alone,30,L,-16,4,4,4\n")
    db = tmp_path / "c.duckdb"
    r = cli("ingest", write(tmp_path, "cut.csv", text), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert ("cut.csv:4:13: E-CSV-SEATS (hand 3): row 4: the players with units (Al, Bea, Cy, Di) are not the "
            "sitting's table (Al, Bea, Cy, Di, Ed, from its first row or the last change of players): Ed's cell "
            "(column 13) is missing: the row has 12 of the header's 13 cells (cut short: is the file whole?)") in out
    assert "2 stored, 0 duplicates, 1 rejected" in out
    assert ledger(db) == {"Allen Braun": -2, "Bea Schmidt": 4, "Cy Ott": 2, "Di Lenz": -2, "Ed Kahl": -2}


def test_a_units_cell_written_for_a_player_not_at_the_table_is_named(tmp_path):
    """Five at the table (Al..Ed) and a sixth column, Fay: hand 2 writes 3 under Fay with all five written too.
    Refused at Fay's cell (row 3, column 14), saying what it holds; hand 1 stored (Bea +2, Cy +1, the others -1)."""
    text = HEAD.replace("Ed=Ed Kahl", "Ed=Ed Kahl,Fay") + (
        "2025-10-09,1,Ed,Bea,Cy,AC,61,W,-1,2,1,-1,-1,\n2025-10-09,2,Al,Bea,Cy,AC,61,W,-1,2,1,-1,-1,3\n")
    db = tmp_path / "f.duckdb"
    r = cli("ingest", write(tmp_path, "fay.csv", text), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert ("fay.csv:3:14: E-CSV-SEATS (hand 2): row 3: the players with units (Al, Bea, Cy, Di, Ed, Fay) are not "
            "the sitting's table (Al, Bea, Cy, Di, Ed, from its first row or the last change of players): Fay's cell "
            "(column 14) holds '3' and Fay is not at the table") in out, out
    assert ledger(db) == {"Allen Braun": -1, "Bea Schmidt": 2, "Cy Ott": 1, "Di Lenz": -1, "Ed Kahl": -1}


def test_a_workbooks_merged_units_cells_are_named(tmp_path):
    """break23's b10: Cy's and Di's units of hand 2 merged (K3:L3) in Excel: Di's cell reads blank.  Refused at
    [Apr 24]:3:12 (Di's cell, column 12), not 3:1, saying a covered cell reads blank.  The note merged across B4:M4
    is a note.  Stored, by hand: h1 Bea picks, Cy partner, 61, a win (B-27, B-33): Bea +2, Cy +1, the others -1;
    h3 Al alone, 30 card points: lost schneidered (B-28: 0-30), doubled on the bump (B-32), alone: Al -16, each
    defender +4 (B-33).  Totals Al -17, Bea +6, Cy +5, Di +3, Ed +3 (zero-sum).  (Hand 2, refused, was Ed and Al's
    schneider, 95: Ed +4, Al +2, -2 each.)"""
    from openpyxl import Workbook  # noqa: PLC0415

    wb = Workbook()
    ws = wb.active
    ws.title = "Apr 24"
    ws.append(HEAD.strip().split(","))
    ws.append(["2025-04-24", 1, "Ed", "Bea", "Cy", "AC", 61, "W", -1, 2, 1, -1, -1])
    ws.append(["2025-04-24", 2, "Al", "Ed", "Al", "AS", 95, "W", 2, -2, -2, -2, 4])
    ws.append(["2025-04-24", "-- pizza break --"])
    ws.append(["2025-04-24", 3, "Bea", "Al", None, "alone", 30, "L", -16, 4, 4, 4, 4])
    ws.merge_cells("K3:L3")
    ws.merge_cells("B4:M4")
    path = tmp_path / "night.xlsx"
    wb.save(path)
    db = tmp_path / "x.duckdb"
    r = cli("ingest", str(path), "--db", str(db), ok=False)
    out = " ".join(r.output.split())
    assert ("night.xlsx[Apr 24]:3:12: E-CSV-SEATS (hand 2): row 3: the players with units (Al, Bea, Cy, Ed) are "
            "not the sitting's table (Al, Bea, Cy, Di, Ed, from its first row or the last change of players): Di's "
            "cell (column 12) is blank (a cell covered by a merged one reads blank: unmerge it)") in out, out
    assert "2 stored, 0 duplicates, 1 rejected" in out and out.count("E-CSV") == 1
    assert ledger(db) == {"Allen Braun": -17, "Bea Schmidt": 6, "Cy Ott": 5, "Di Lenz": 3, "Ed Kahl": 3}


# -- A ledger's cell beyond the header (break23b F9) -----------------------------------------------------------------

def test_a_ledger_cell_beyond_the_header_is_said(tmp_path):
    """break23b F9: a ledger row with a cell the header does not name ('Eve left early', or a net '-0' typed one
    cell too far) was read without a word (a net there left the row an E-CSV-ZERO-SUM that did not say why).  Each
    is W-CSV-EXTRA at its cell; the sittings are stored by their named cells (rules.md B-35, each row sums to 0):
    Ann 5-1+1 = +5, Bob -3+4+1 = +2, Cal 0+2-1 = +1, Dee -2-3-1 = -6, Eve 0-2+0 = -2."""
    text = ("date;Ann;Bob;Cal;Dee;Eve\n2026-11-20;5;-3;0;-2;0\n2026-11-27;-1;4;2;-3;-2;Eve left early\n"
            "2026-12-04;1;1;-1;-1;0;-0\n")
    db = tmp_path / "x.duckdb"
    r = cli("ingest", write(tmp_path, "club.csv", text), "--db", str(db))
    out = " ".join(r.output.split())
    assert "3 sitting(s) stored as settlements without hands" in out, out
    assert "club.csv:3:7: warning W-CSV-EXTRA: row 3: a cell beyond the header's last column ('Eve left early' in " \
           "column 7; the header names 6): not read" in out
    assert "club.csv:4:7: warning W-CSV-EXTRA: row 4" in out
    assert ledger(db) == {"Ann": 5, "Bob": 2, "Cal": 1, "Dee": -6, "Eve": -2}
