"""A real league's records brought by real25 (session 25: F3, F4, F5, F6, F8), fixed by fixo: each record written
as the league wrote it, each amount worked out by hand from rules.md (/work/shared/reference/rules.md) before
shead's figure was read.  Profile wi5-called-ace (doubleOnBump on) unless said.

The hands used (players Hank, Irma, Jake, Kurt, Lena):
- "Hank picks, Jake partner, 78": a plain win (rules.md B-27, B-28: 61..90): Hank +2, Jake +1, Irma/Kurt/Lena -1
  (B-31, B-33).
- "Irma picks, Jake partner, 65": a plain win: Irma +2, Jake +1, Hank/Kurt/Lena -1.
- "Irma alone, 95": a schneider win alone (B-28 tier 2: 91 or more): 2 a defender, Irma +8, each other -2 (B-33).
"""

from __future__ import annotations

import io

import pytest

import duckdb
from openpyxl import Workbook

from tests.cli_helpers import cli, ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(
            "SELECT CAST(s.date AS VARCHAR), h.hand, h.picker, h.partner, h.outcome, "
            "list(u.player || '=' || u.units ORDER BY u.seat_no) FROM hands h JOIN sessions s USING (session_id) "
            "JOIN hand_units u USING (hand_id) GROUP BY ALL ORDER BY 1, 2").fetchall()


def _xlsx(tmp_path, name: str, tabs: dict[str, list[list]]) -> str:
    wb = Workbook()
    wb.remove(wb.active)
    for title, rows in tabs.items():
        ws = wb.create_sheet(title)
        for row in rows:
            ws.append(row)
    p = tmp_path / name
    wb.save(p)
    return str(p)


# -- real25 F3: a hand-number column headed Game / Game # / Hand No. / No. / Deal was a sixth player ----------------

#: two plain wins (above): Hank +2 -1 = +1, Irma -1 +2 = +1, Jake +1 +1 = +2, Kurt -2, Lena -2
NUMBERED = """Date,{h},Dealer,Picker,Partner,Call,Points,Hank,Irma,Jake,Kurt,Lena
2026-12-02,1,Lena,Hank,Jake,AS,78,2,-1,1,-1,-1
2026-12-02,2,Hank,Irma,Jake,AC,65,-1,2,1,-1,-1
"""


@pytest.mark.parametrize("head", ["Game", "Game #", "Hand No.", "No.", "Deal"])
def test_a_hand_column_headed_as_leagues_do_is_the_hand_number(tmp_path, head):
    db = tmp_path / "h.duckdb"
    rep = _ingest(write(tmp_path, "hdr.csv", NUMBERED.format(h=head)), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert [(h[1], h[2]) for h in _hands(db)] == [(1, "Hank"), (2, "Irma")]
    assert ledger(db) == {"Hank": 1, "Irma": 1, "Jake": 2, "Kurt": -2, "Lena": -2}


def test_a_workbooks_game_column_is_the_hand_number(tmp_path):
    """league.xlsx's shape: Game, 1..3 in a tab 'Dec 1'; the same two wins and then 'Irma alone 95' (+8, -2 each):
    Hank +1 -2 = -1, Irma +1 +8 = +9, Jake +2 -2 = 0, Kurt -4, Lena -4."""
    head = ["Date", "Game", "Dealer", "Picker", "Partner", "Called", "Pts", "Hank", "Irma", "Jake", "Kurt", "Lena"]
    rows = [head, ["2026-12-01", 1, "Lena", "Hank", "Jake", "AS", 78, 2, -1, 1, -1, -1],
            [None, 2, "Hank", "Irma", "Jake", "AC", 65, -1, 2, 1, -1, -1],
            [None, 3, "Irma", "Irma", None, "alone", 95, -2, 8, -2, -2, -2]]
    db = tmp_path / "l.duckdb"
    rep = _ingest(_xlsx(tmp_path, "league.xlsx", {"Dec 1": rows}), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert ledger(db) == {"Hank": -1, "Irma": 9, "Jake": 0, "Kurt": -4, "Lena": -4}


def test_a_player_named_deal_stays_a_player(tmp_path):
    """Deal is a player whose units go 1, then 2 (partner of Jake's 78: +1; picker of 65 with Jake: +2): each row
    sums to 0 with Deal's cell, so the column is Deal's.  Jake +2 +1 = 3, Deal +1 +2 = 3, Irma/Kurt/Lena -2."""
    text = ("Date,Picker,Partner,Call,Points,Deal,Irma,Jake,Kurt,Lena\n"
            "2026-12-02,Jake,Deal,AS,78,1,-1,2,-1,-1\n2026-12-02,Deal,Jake,AC,65,2,-1,1,-1,-1\n")
    db = tmp_path / "d.duckdb"
    rep = _ingest(write(tmp_path, "deal.csv", text), db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Deal": 3, "Irma": -2, "Jake": 3, "Kurt": -2, "Lena": -2}


def test_too_many_player_columns_names_them_and_the_way_forward(tmp_path):
    """One row: a single '1' cannot tell a hand number from a unit, so Game stays a player; 6 player columns where
    wi5-called-ace seats 5 (rules.md J): refused at the Game cell (row 2, column 2), naming the six columns and
    --columns hand=Game / ignore=Game.  With --columns hand=Game: Hank +2, Jake +1, the rest -1."""
    path = write(tmp_path, "one.csv", NUMBERED.format(h="Game").splitlines(keepends=True)[0]
                 + "2026-12-02,1,Lena,Hank,Jake,AS,78,2,-1,1,-1,-1\n")
    db = tmp_path / "o.duckdb"
    rep = _ingest(path, db)
    assert _where(rep) == [(2, 2, "E-SEATS", 1)]
    msg = rep["rejected"][0]["message"]
    assert "6 columns are read as players (Game, Hank, Irma, Jake, Kurt, Lena)" in msg
    assert "wi5-called-ace is played by 5" in msg
    assert "--columns hand=Game" in msg and "--columns ignore=Game" in msg
    rep = _ingest(path, db, "--columns", "hand=Game")
    assert (rep["ingested"], rep["rejected"]) == (1, [])
    assert ledger(db) == {"Hank": 2, "Irma": -1, "Jake": 1, "Kurt": -1, "Lena": -1}


# -- real25 F4: the picker written as their own partner (how a score app writes alone) was refused E-PARTNER --------

#: partner.csv as real25 wrote it.  By hand (rules.md B-27, B-28, B-33; doubleOnBump on, B-32):
#: 1 Hank alone 78 (Partner 'Alone'): plain win alone, Hank +4, each other -1;
#: 2 Irma alone 95 (Partner 'Irma', Call blank): schneider win alone (95 >= 91), Irma +8, each other -2 -- the only
#:   reading of +8 / -2 x4; no card is called, so it is no own-ace call (B-14), it is going alone (B-13);
#: 3 Jake alone 40 (Partner 'none'): a loss alone, not schneidered (40 >= 31), doubled: 1 x 2 = 2 a defender,
#:   Jake -8, each other +2;
#: 4 Kurt picks, Lena partner, 70: Kurt +2, Lena +1, Hank/Irma/Jake -1.
#: Totals: Hank 4-2+2-1 = 3, Irma -1+8+2-1 = 8, Jake -1-2-8-1 = -12, Kurt -1-2+2+2 = 1, Lena -1-2+2+1 = 0.
PARTNER = """Date,Hand,Dealer,Picker,Partner,Call,Points,Hank,Irma,Jake,Kurt,Lena
2026-12-10,1,Lena,Hank,Alone,,78,4,-1,-1,-1,-1
2026-12-10,2,Hank,Irma,Irma,{call},95,-2,8,-2,-2,-2
2026-12-10,3,Irma,Jake,none,,40,2,2,-8,2,2
2026-12-10,4,Jake,Kurt,Lena,,70,-1,-1,-1,2,1
"""


@pytest.mark.parametrize("call", ["", "alone"])
def test_the_picker_written_as_partner_with_no_call_is_alone(tmp_path, call):
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "partner.csv", PARTNER.format(call=call)), db)
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert _hands(db)[1] == ("2026-12-10", 2, "Irma", None, "win-s",
                             ["Hank=-2", "Irma=8", "Jake=-2", "Kurt=-2", "Lena=-2"])
    assert ledger(db) == {"Hank": 3, "Irma": 8, "Jake": -12, "Kurt": 1, "Lena": 0}


def test_the_picker_written_as_partner_of_a_called_ace(tmp_path):
    """Call AS and Partner Irma = the picker: the ace's holder is another player (rules.md B-15), refused at the
    Partner cell (row 3, column 5) saying to write alone; under allowCallOwnAce (B-14) the picker called an ace of
    their own and is scored alone: the same +8 / -2 x4, the same totals as above."""
    path = write(tmp_path, "partner.csv", PARTNER.format(call="AS"))
    rep = _ingest(path, tmp_path / "off.duckdb")
    assert _where(rep) == [(3, 5, "E-PARTNER", 2)]
    msg = rep["rejected"][0]["message"]
    assert "'alone' in the Call cell" in msg and "allowCallOwnAce" in msg and "B-14" in msg
    db = tmp_path / "on.duckdb"
    rep = _ingest(path, db, "--rules", "wi5-called-ace; allowCallOwnAce=on")
    assert (rep["ingested"], rep["rejected"]) == (4, [])
    assert ledger(db) == {"Hank": 3, "Irma": 8, "Jake": -12, "Kurt": 1, "Lena": 0}


# -- real25 F6: a workbook tab whose Date cells are all blank was refused "'' is not a date", no way forward --------

HEAD = ["Date", "Hand", "Dealer", "Picker", "Partner", "Called", "Pts", "Hank", "Irma", "Jake", "Kurt", "Lena"]
#: the two plain wins of the docstring, Date cells blank: Hank +1, Irma +1, Jake +2, Kurt -2, Lena -2
BLANK_DATES = [HEAD, [None, 1, "Lena", "Hank", "Jake", "AS", 78, 2, -1, 1, -1, -1],
               [None, 2, "Hank", "Irma", "Jake", "AC", 65, -1, 2, 1, -1, -1]]


def _warnings(rep: dict, code: str) -> list[tuple[str, int, int, str]]:
    return [(w["file"], w["line"], w["col"], w["message"]) for w in rep["warnings"] if w["code"] == code]


@pytest.mark.parametrize("book, tab", [("dates.xlsx", "Dec 8 2026"), ("League 2026.xlsx", "Dec 8"),
                                       ("dates.xlsx", "2026-12-08")])
def test_a_tab_whose_date_cells_are_all_blank_takes_its_names_date(tmp_path, book, tab):
    db = tmp_path / "b.duckdb"
    path = _xlsx(tmp_path, book, {tab: BLANK_DATES})
    rep = _ingest(path, db)
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert [(h[0], h[1]) for h in _hands(db)] == [("2026-12-08", 1), ("2026-12-08", 2)]
    ((file, line, col, msg),) = _warnings(rep, "W-CSV-NIGHT")
    assert (file.endswith(f"{book}[{tab}]"), line, col) == (True, 1, 1)
    assert msg.startswith("the Date column ('Date') is blank in every row: every hand is of 2026-12-08")
    assert ledger(db) == {"Hank": 1, "Irma": 1, "Jake": 2, "Kurt": -2, "Lena": -2}


def test_blank_date_cells_without_a_dated_name_say_what_to_write(tmp_path):
    """A tab named 'Week 3' gives no date: row 2 is refused at its Date cell (2:1) saying to fill the Date cells or
    name the tab by its date; row 3 is the night of row 2 and refused with it.  The same rows as a CSV are told
    --columns ignore=Date,date=...; given it, both stored (the ledger of the docstring)."""
    rep = _ingest(_xlsx(tmp_path, "league.xlsx", {"Week 3": BLANK_DATES}), tmp_path / "w.duckdb")
    assert _where(rep) == [(2, 1, "E-CSV-DATE", 1), (3, 1, "E-CSV-DATE", 2)]
    assert "fill the Date cells" in rep["rejected"][0]["message"]
    assert "name the sheet by its night's date" in rep["rejected"][0]["message"]
    assert "whose Date cell is blank too" in rep["rejected"][1]["message"]
    text = ",".join(HEAD) + "\n" + "".join(",".join("" if c is None else str(c) for c in row) + "\n"
                                           for row in BLANK_DATES[1:])
    path = write(tmp_path, "night.csv", text)
    rep = _ingest(path, tmp_path / "c.duckdb")
    assert _where(rep) == [(2, 1, "E-CSV-DATE", 1), (3, 1, "E-CSV-DATE", 2)]
    assert "--columns ignore=Date,date=YYYY-MM-DD" in rep["rejected"][0]["message"]
    db = tmp_path / "c2.duckdb"
    rep = _ingest(path, db, "--columns", "ignore=Date,date=2026-12-08")
    assert (rep["ingested"], rep["rejected"]) == (2, [])
    assert ledger(db) == {"Hank": 1, "Irma": 1, "Jake": 2, "Kurt": -2, "Lena": -2}


# -- real25 F5: the store's messages of a workbook named the workbook, not its sheet ---------------------------------

LEAGUE_HEAD = ["Date", "Game", "Dealer", "Picker", "Partner", "Called", "Pts", "Result", "Leaster", "Hank", "Irma",
               "Jake", "Kurt", "Lena", "Comments"]
#: Dec 1 at 0.10 a unit (rules.md B-27..B-33, doubleOnBump): 1 Hank/Jake 78 win: +2 +1 -1x3; 2 Irma alone 95 win-s:
#: +8 -2x4; 3 Kurt/Lena 60 lose (60 < 61, not schneidered, doubled): Kurt -4, Lena -2, +2 each other.
#: Nets: Hank 2-2+2 = 2, Irma -1+8+2 = 9, Jake 1-2+2 = 1, Kurt -1-2-4 = -7, Lena -1-2-2 = -5.
DEC1 = [LEAGUE_HEAD, ["2026-12-01", 1, "Lena", "Hank", "Jake", "AS", 78, "W", None, 0.2, -0.1, 0.1, -0.1, -0.1, None],
        [None, 2, "Hank", "Irma", None, "alone", 95, "Won (schneider)", None, -0.2, 0.8, -0.2, -0.2, -0.2, None],
        [None, 3, "Irma", "Kurt", "Lena", "AH", 60, "L", None, 0.2, 0.2, 0.2, -0.4, -0.2, "60-60 stinks"]]
#: Dec 8: 1 Jake/Kurt 70 win: Jake +2, Kurt +1, -1 each other; 2 a leaster Irma won (D-4: 1 from each): Irma +4,
#: -1 each other.  Nets: Hank -2, Irma +3, Jake +1, Kurt 0, Lena -2.
DEC8 = [LEAGUE_HEAD, ["2026-12-08", 1, "Lena", "Jake", "Kurt", "AH", 70, "W", None, -0.1, -0.1, 0.2, 0.1, -0.1, None],
        [None, 2, "Hank", None, None, None, None, None, "Irma", -0.1, 0.4, -0.1, -0.1, -0.1, "leaster"]]


def test_a_standings_sittings_conflict_names_its_sheet(tmp_path):
    """league3.xlsx: the Standings tab's Dec 1 row is the Dec 1 night's nets (a duplicate); its Dec 8 row writes
    Irma +4 and Lena -3 where the night's hands give +3 and -2: refused at league3.xlsx[Standings]:3:1."""
    standings = [["Date", "Hank", "Irma", "Jake", "Kurt", "Lena"], ["2026-12-01", 0.2, 0.9, 0.1, -0.7, -0.5],
                 ["2026-12-08", -0.2, 0.4, 0.1, 0.0, -0.3]]
    db = tmp_path / "l3.duckdb"
    rep = _ingest(_xlsx(tmp_path, "league3.xlsx", {"Dec 1": DEC1, "Dec 8": DEC8, "Standings": standings}), db,
                  "--columns", "stake=0.10")
    assert (rep["ingested"], rep["duplicates"]) == (5, 1)
    (err,) = [e for e in rep["rejected"] if e["code"] == "E-SITTING-CONFLICT"]
    assert (err["file"].endswith("league3.xlsx[Standings]"), err["line"], err["col"]) == (True, 3, 1)
    assert "Irma: its hands +3, this row +4; Lena: its hands -2, this row -3" in err["message"]
    assert ledger(db) == {"Hank": 0, "Irma": 12, "Jake": 2, "Kurt": -7, "Lena": -7}


def test_an_amended_hands_old_text_from_a_workbook_names_its_sheet(tmp_path):
    """Dec 1's hand 3 amended (Jake picked, not Kurt: Jake -4, Lena -2, +2 each other), then the workbook sent again:
    its hand 3 is the text from before the amendment, W-HAND-AMENDED at league.xlsx[Dec 1]:4:1 (row 4 is hand 3).
    Totals after the amendment: Hank 2, Irma 9, Jake 1-2-4 = -5, Kurt -1-2+2 = -1, Lena -5."""
    db = tmp_path / "a.duckdb"
    book = _xlsx(tmp_path, "league.xlsx", {"Dec 1": DEC1})
    assert _ingest(book, db, "--columns", "stake=0.10")["ingested"] == 3
    amend = write(tmp_path, "fix.shn", """%SHN 1.0
[Session "CSV league 2026-12-01"]
[Event "CSV league"]
[Date "2026.12.01"]
[Seats "Hank=Hank; Irma=Irma; Jake=Jake; Kurt=Kurt; Lena=Lena"]
[Rules "wi5-called-ace"]

hand 3 {60-60 stinks}  dealer Irma
pick Jake  call AH  partner Lena  pts 60  lose
score Hank +2 Irma +2 Jake -4 Kurt +2 Lena -2
""")
    cli("ingest", "--amend", amend, "--reason", "Jake picked", "--db", str(db))
    rep = _ingest(book, db, "--columns", "stake=0.10")
    assert (rep["ingested"], rep["duplicates"]) == (0, 3)
    ((file, line, col, msg),) = _warnings(rep, "W-HAND-AMENDED")
    assert (file.endswith("league.xlsx[Dec 1]"), line, col) == (True, 4, 1)
    assert msg.startswith("hand 3 of session 'CSV league 2026-12-01'")
    assert ledger(db) == {"Hank": 2, "Irma": 9, "Jake": -5, "Kurt": -1, "Lena": -5}


# -- real25 F8: 'Leaster' / 'Doubler' written in the Picker column ------------------------------------------------

#: By hand: 1 Hank/Jake 78, a plain win: Hank +2, Jake +1, -1 each other (B-27, B-33); 2 'Leaster' in the Picker
#: cell, no winner written: Jake +4, -1 each other is the leaster Jake won (rules.md D-4: one unit from each of
#: four), the winner read from the units; 3 'Leaster' and the winner in the Leaster column (Irma): +4 / -1 each.
#: Totals: Hank 2-1-1 = 0, Irma -1-1+4 = 2, Jake 1+4-1 = 4, Kurt -3, Lena -3.
LEASTER_WORD = """Date,Hand,Dealer,Picker,Partner,Call,Points,Leaster,Hank,Irma,Jake,Kurt,Lena,Notes
2026-12-09,1,Lena,Hank,Jake,AS,78,,2,-1,1,-1,-1,
2026-12-09,2,Hank,Leaster,,,,,-1,-1,4,-1,-1,Jake low with 12
2026-12-09,3,Irma,leaster,,,,Irma,-1,4,-1,-1,-1,
"""


def test_leaster_written_in_the_picker_column_is_the_leaster(tmp_path):
    db = tmp_path / "l.duckdb"
    rep = _ingest(write(tmp_path, "leastcol.csv", LEASTER_WORD), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, picker, leaster_winner FROM hands ORDER BY hand").fetchall() == [
            (1, "Hank", None), (2, None, "Jake"), (3, None, "Irma")]
    assert ledger(db) == {"Hank": 0, "Irma": 2, "Jake": 4, "Kurt": -3, "Lena": -3}


def test_leaster_in_the_picker_column_whose_units_name_no_winner_is_refused(tmp_path):
    """+4 for Irma but -2 for Hank and 0 for Lena is no leaster's settlement (D-4: -1 from each of the other four):
    refused E-LEASTER at the Picker cell (2:4); a row with no units at all keeps the E-CSV-SEAT saying how a leaster
    is written (3:4)."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Hank,Irma,Jake,Kurt,Lena\n"
            "2026-12-09,1,Lena,Leaster,,,,-2,4,-1,-1,0\n2026-12-09,2,Hank,Leaster,,,,,,,,\n")
    rep = _ingest(write(tmp_path, "bad.csv", text), tmp_path / "b.duckdb")
    assert _where(rep) == [(2, 4, "E-LEASTER", 1), (3, 4, "E-CSV-SEAT", 2)]


def test_doubler_written_in_the_picker_column_is_the_doubler(tmp_path):
    """Under noPick=doubler (rules.md D-1, D-11): 1 Hank/Jake 78: +2 +1 -1x3; 2 'Doubler' in the Picker cell, all 0;
    3 Kurt/Lena 70 won, doubled (D-11: x2): Kurt +4, Lena +2, -2 each other.
    Totals: Hank 2-2 = 0, Irma -1-2 = -3, Jake 1-2 = -1, Kurt -1+4 = 3, Lena -1+2 = 1 (zero-sum).  Under the default
    noPick=leaster the doubler row is refused E-NOPICK at its Picker cell (3:4), naming noPick=doubler."""
    text = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Hank,Irma,Jake,Kurt,Lena\n"
            "2026-12-09,1,Lena,Hank,Jake,AS,78,2,-1,1,-1,-1\n"
            "2026-12-09,2,Hank,Doubler,,,,0,0,0,0,0\n"
            "2026-12-09,3,Irma,Kurt,Lena,AC,70,-2,-2,-2,4,2\n")
    path = write(tmp_path, "dbl.csv", text)
    db = tmp_path / "d.duckdb"
    rep = _ingest(path, db, "--rules", "wi5-called-ace; noPick=doubler")
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert ledger(db) == {"Hank": 0, "Irma": -3, "Jake": -1, "Kurt": 3, "Lena": 1}
    rep = _ingest(path, tmp_path / "default.duckdb")
    assert _where(rep)[0] == (3, 4, "E-NOPICK", 2)
    assert "noPick=doubler" in rep["rejected"][0]["message"]
