"""A CSV score sheet's crack column and its players' names (ingest.csv_sheet).

The tester's sheet /work/ref/tester-records/r24_csv_crack.csv (copied here as
tests/fixtures/csv/r24_csv_crack.csv) wrote its cracks in a Notes column, which
is ignored: row 2's doubled units were refused and row 3's stored as a
schneider.  A crack column maps each crack to the fact SHN's ``crack S``
gives, and the judge scores it (rules.md E-1, E-2).  Every unit below is worked
by hand from rules.md (B-27 tiers, B-31 shares, B-32 DOB, E-1 multipliers;
wi5-called-ace: one crack, afterPickerOnly, recrack on, allowBlitz=none,
section J).
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
from hypothesis import given
from hypothesis import strategies as hs
from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app
from ingest.csv_sheet import MARK_EXPECTED, guess_columns, read_csv, read_marks
from ingest.stream import ingest_csv_stream
from ingest.validate import validate_text

R24 = Path(__file__).parent / "fixtures" / "csv" / "r24_csv_crack.csv"
P5 = ["Ann", "Bob", "Cal", "Dot", "Eve"]
HEADER = "Date,Hand,Dealer,Picker,Partner,Called,Points,Result,Crack,Ann,Bob,Cal,Dot,Eve\n"

# r24, worked by hand.  Row 2 (hand 1): dealer Ann, so the pick order is Bob, Cal, Dot, Eve, Ann; Bob picks,
# Dot is the partner, 75 points win: plain tier 1 (B-27: 61..90); Cal cracks (after the picker: may, E-2),
# x2 (E-1): 2 a defender, Bob 2 shares +4, Dot +2 (B-31).  Row 3 (hand 2): dealer Bob, Cal picks, Eve partner,
# no points nor result; Dot cracks (after Cal: may): +4/+2/-2 is a plain win x2 (a schneider x2 would be
# +8/+4/-4).  Row 4 (hand 3): no crack, +4/+2/-2 is a schneider win, tier 2.
R24_UNITS = {
    1: {"Ann": -2, "Bob": 4, "Cal": -2, "Dot": 2, "Eve": -2},
    2: {"Ann": -2, "Bob": -2, "Cal": 4, "Dot": -2, "Eve": 2},
    3: {"Ann": -2, "Bob": -2, "Cal": -2, "Dot": 4, "Eve": 2},
}
R24_RESULT = {1: ("win", 2), 2: ("win", 2), 3: ("win-s", 1)}  # (outcome, multiplier)
R24_TOTAL = {"Ann": -6, "Bob": 0, "Cal": 0, "Dot": 4, "Eve": 2}


def with_crack_column(crack_cells: list[str]) -> bytes:
    """The tester's r24 rows with a Cracked column (before the players) holding ``crack_cells``."""
    lines = R24.read_text(encoding="utf-8").splitlines()
    head = lines[0].split(",")
    out = [",".join([*head[:8], "Cracked", *head[8:]])]
    for line, c in zip(lines[1:], crack_cells):
        cells = line.split(",")
        out.append(",".join([*cells[:8], c, *cells[8:]]))
    return ("\n".join(out) + "\n").encode()


def judged(r) -> dict[int, tuple[str, int, dict[str, int]]]:
    return {vh.outcome.hand: (vh.outcome.outcome, vh.outcome.multiplier, vh.outcome.units) for vh in r.result.hands}


def test_r24_with_a_crack_column_scores_each_crack():
    r = read_csv(with_crack_column(["cracked by Cal", "Dot", ""]), "r24.csv")
    assert r.columns["crack"] == "Cracked" and r.players == P5
    assert not r.result.rejected and not r.result.errors
    got = judged(r)
    assert {h: (o, m) for h, (o, m, _u) in got.items()} == R24_RESULT
    assert {h: u for h, (_o, _m, u) in got.items()} == R24_UNITS
    assert all(sum(u.values()) == 0 for u in R24_UNITS.values())
    assert {p: sum(u[p] for u in R24_UNITS.values()) for p in P5} == R24_TOTAL
    # each crack is SHN's `crack S`, in notation.md's order (after the call, before the result line)
    src = {vh.outcome.hand: vh.source for vh in r.result.hands}
    assert "pick Bob  call AH  crack Cal  partner Dot  pts 75  win\n" in src[1]
    assert "pick Cal  call AC  crack Dot  partner Eve\n" in src[2]
    assert "crack" not in src[3]


def test_r24_as_the_tester_wrote_it_reads_no_crack():
    """Without a crack column a row records no crack (module docstring): row 2's doubled units are refused at
    Ann's cell (row 2, column 9: a plain win gives each defender -1, B-33), and row 3's +4/+2/-2 is read as
    the one outcome it fits without a crack, a schneider win."""
    r = read_csv(R24.read_bytes(), "r24.csv")
    assert "crack" not in r.columns
    [bad] = r.result.rejected
    e = bad.errors[0]
    assert (bad.hand, e.code, e.line, e.col) == (1, "E-SCORE", 2, 9)
    assert "rules give -1" in e.message
    assert {h: (o, m) for h, (o, m, _u) in judged(r).items()} == {2: ("win-s", 1), 3: ("win-s", 1)}


def test_r24_notes_mapped_as_the_crack_column():
    """--columns crack=Notes reads the tester's own Notes cells ('cracked by Cal', 'cracked by Dot', blank)."""
    r = read_csv(R24.read_bytes(), "r24.csv", columns="crack=Notes")
    assert r.columns["crack"] == "Notes" and "ignore:Notes" not in r.columns and r.players == P5
    assert not r.result.rejected
    assert {h: u for h, (_o, _m, u) in judged(r).items()} == R24_UNITS


def test_crack_column_header_words():
    for word in ("Crack", "cracked", "Cracks", "Kontra", "doubled", "Marks", "Stoß", "cracked by"):
        assert guess_columns(["Date", "Picker", word, "Ann"]) == {"date": "Date", "picker": "Picker", "crack": word}


SEATS = {"ann": "Ann", "bob": "Bob", "cal": "Cal", "ann kraus": "Ann"}


def test_the_crack_cell_grammar():
    crack = "crack"
    cases = {
        "Cal": [(crack, "Cal", None, "queens")],
        "crack Cal": [(crack, "Cal", None, "queens")],
        "CRACKED BY cal": [(crack, "Cal", None, "queens")],
        "Cal cracked": [(crack, "Cal", None, "queens")],
        "kontra Cal": [(crack, "Cal", None, "queens")],
        "Cal recrack Bob": [(crack, "Cal", None, "queens"), ("recrack", "Bob", None, "queens")],
        "Cal cracked, Bob recracked": [(crack, "Cal", None, "queens"), ("recrack", "Bob", None, "queens")],
        "cal + re bob": [(crack, "Cal", None, "queens"), ("recrack", "Bob", None, "queens")],
        "Cal recrack Bob castrate Ann": [(crack, "Cal", None, "queens"), ("recrack", "Bob", None, "queens"),
                                         ("castrate", "Ann", None, "queens")],
        "blitz Bob black": [("blitz", "Bob", "black", "queens")],
        "Bob blitzed red": [("blitz", "Bob", "red", "queens")],
        "crack Cal, blitz Ann four jacks": [(crack, "Cal", None, "queens"), ("blitz", "Ann", "four", "jacks")],
        "Ann Kraus": [(crack, "Ann", None, "queens")],  # the player's name, as well as the column's
        "x": [(crack, None, None, "queens")],  # a crack, whose not written: `crack ?`
        "crack ?": [(crack, None, None, "queens")],
        "": [], "-": [], "none": [], "0": [],
        # a bare number is the cell's doublings as 'x2' is (verify32 F10): 'Cal, 2' is Cal's crack, '1' none
        "Cal, 2": [(crack, "Cal", None, "queens")], "2": [(crack, None, None, "queens")], "1": [],
    }
    for text, want in cases.items():
        assert read_marks(text, SEATS) == (want, None), text
    bad = {
        "blitz Bob": "the blitz of Bob says no colour (black or red: which two queens were shown)",
        "Zed": "'Zed' is not a player of this sitting nor a crack word",
        "recrack": "'recrack' names no player",
        "cracked by Zed": "'cracked' is followed by 'Zed', not a player of this sitting",
        "Cal, 3": "'3' is no doubling (x2, x4, x8: each mark x2, rules.md E-1)",
        "blitz Ann middle": "'middle' of Ann's blitz is said of jacks: write 'middle jacks'",
    }
    for text, why in bad.items():
        assert read_marks(text, SEATS) == ([], why), text


@given(hs.lists(hs.tuples(hs.sampled_from(["crack", "recrack", "castrate", "blitz"]),
                          hs.sampled_from(["Ann", "Bob", "Cal"]), hs.sampled_from(["black", "red"])),
                max_size=4))
def test_a_cell_written_as_shn_reads_back_as_its_marks(marks):
    """Any marks written as SHN writes them (`crack Cal, blitz Bob black`) read back as those marks, in order."""
    text = ", ".join(f"{k} {s}" + (f" {c}" if k == "blitz" else "") for k, s, c in marks)
    want = [(k, s, c if k == "blitz" else None, "queens") for k, s, c in marks]
    assert read_marks(text, SEATS) == (want, None)


def test_a_crack_cell_not_read_is_refused_at_its_row_and_column():
    rows = ["2026-12-20,1,Ann,Bob,Dot,AH,75,win,blitz Eve,-2,4,-2,2,-2",
            "2026-12-20,2,Ann,Bob,Dot,AH,75,win,Zed,-2,4,-2,2,-2",
            "2026-12-20,3,Ann,Bob,Dot,AH,75,win,,-1,2,-1,1,-1"]
    r = read_csv((HEADER + "\n".join(rows) + "\n").encode(), "m.csv")
    assert [vh.outcome.hand for vh in r.result.hands] == [3]  # B-33: a plain win, +2/+1/-1, no crack
    got = {rh.hand: rh.errors[0] for rh in r.result.rejected}
    assert {h: (e.code, e.line, e.col, e.found, e.expected) for h, e in got.items()} == {
        1: ("E-CSV-CRACK", 2, 9, "blitz Eve", MARK_EXPECTED),
        2: ("E-CSV-CRACK", 3, 9, "Zed", MARK_EXPECTED)}
    assert "no colour" in got[1].message and "'Zed' is not a player" in got[2].message


def test_the_judge_decides_what_a_crack_may_do():
    """The importer maps; the judge allows, refuses and scores (rules.md E-1..E-5, I-31, I-33)."""
    rows = [
        # recrack: x4 (E-3); a plain win, 1 a defender x4: Bob +8, Dot +4, the others -4
        "2026-12-20,1,Ann,Bob,Dot,AH,75,win,Cal recrack Bob,-4,8,-4,4,-4",
        # I-31: crack + schneidered loss + DOB, 2 x 2 x 2 = 8 a defender: Bob -16, Dot -8, defenders +8
        "2026-12-20,2,Ann,Bob,Dot,AH,25,lose-s,crack Cal,8,-16,8,-8,8",
        # dealer Bob: pick order Cal, Dot, Eve, Ann; Ann picks, Cal passed before her: may not crack (I-33)
        "2026-12-20,3,Bob,Ann,Dot,AH,75,win,cracked by Cal,4,-2,-2,2,-2",
        # wi5-called-ace has allowBlitz=none (rules.md J)
        "2026-12-20,4,Ann,Bob,Dot,AH,75,win,blitz Eve red,-2,4,-2,2,-2",
        # a crack by a player not written (`crack ?`): x2, the seat not checked
        "2026-12-20,5,Ann,Bob,Dot,AH,75,win,x,-2,4,-2,2,-2",
        # two cracks: one crack a hand (E-2's default)
        "2026-12-20,6,Ann,Bob,Dot,AH,75,win,Cal and crack Eve,-4,8,-4,4,-4",
    ]
    data = (HEADER + "\n".join(rows) + "\n").encode()
    r = read_csv(data, "m.csv")
    assert judged(r) == {
        1: ("win", 4, {"Ann": -4, "Bob": 8, "Cal": -4, "Dot": 4, "Eve": -4}),
        2: ("lose-s", 2, {"Ann": 8, "Bob": -16, "Cal": 8, "Dot": -8, "Eve": 8}),
        5: ("win", 2, {"Ann": -2, "Bob": 4, "Cal": -2, "Dot": 2, "Eve": -2}),
    }
    got = {rh.hand: rh.errors[0] for rh in r.result.rejected}
    assert {h: (e.code, e.line, e.col) for h, e in got.items()} == {
        3: ("E-CRACK", 4, 9), 4: ("E-BLITZ", 5, 9), 6: ("E-CRACK", 7, 9)}
    # with blitzes allowed (allowBlitz=queens), Eve's red blitz doubles (E-5): +4/+2/-2
    r2 = read_csv(data, "m.csv", rules="wi5-called-ace; allowBlitz=queens")
    assert judged(r2)[4] == ("win", 2, {"Ann": -2, "Bob": 4, "Cal": -2, "Dot": 2, "Eve": -2})


def test_cracks_are_stored_as_shn_and_read_back(db, tmp_path):
    """The stored source is SHN with the cracks in notation.md's order (call; crack; partner ...): exported
    and read again it gives the same hands; the streamed path stores the same."""
    f = tmp_path / "r24c.csv"
    f.write_bytes(with_crack_column(["cracked by Cal", "Dot", ""]))
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert res.exit_code == 0, res.output
    out = tmp_path / "x.shn"
    assert CliRunner().invoke(app, ["export", "--format", "shn", "--out", str(out), "--db", str(db)]).exit_code == 0
    text = out.read_text()
    assert "pick Bob  call AH  crack Cal  partner Dot  pts 75  win" in text
    assert "pick Cal  call AC  crack Dot  partner Eve" in text
    back = validate_text(text, path="x.shn")
    assert not back.rejected
    assert {vh.outcome.hand: vh.outcome.units for vh in back.hands} == R24_UNITS
    db2 = tmp_path / "s.duckdb"
    with st.Store(db2) as store:
        rep, _ = ingest_csv_stream(store, f, batch=2)
    assert (rep.stored, len(rep.rejected)) == (3, 0)
    con = duckdb.connect(str(db2), read_only=True)
    try:
        got = dict(con.sql("SELECT player, CAST(sum(units) AS INTEGER) FROM hand_units GROUP BY player").fetchall())
        assert sorted(con.sql("SELECT multiplier FROM hands ORDER BY hand").fetchall()) == [(1,), (2,), (2,)]
    finally:
        con.close()
    assert got == R24_TOTAL


# An SHN sitting of the same group: Ann and Bob by their full names (notation.md, Seats).
SHN = """%SHN 1.0
[Session "Thursday 2026-12-18"]
[Date "2026.12.18"]
[Seats "Ann=Ann Kraus; Bob=Bob Lenz; Cal; Dot; Eve"]
[Rules "wi5-called-ace"]

hand 1  dealer Ann
pick Bob  call AH
partner Dot  pts 75  win
score Ann -1 Bob +2 Cal -1 Dot +1 Eve -1

hand 2  dealer Bob
pick Cal  call AC
partner Eve  pts 40  lose
score Ann +2 Bob +2 Cal -4 Dot +2 Eve -2
"""
# worked by hand: hand 1 a plain win (B-33 +2/+1/-1); hand 2 a loss doubled on the bump (B-32: -4/-2/+2)
SHN_TOTAL = {"Ann Kraus": 1, "Bob Lenz": 4, "Cal": -5, "Dot": 3, "Eve": -3}


def ledger(db) -> dict[str, tuple[int, int, int]]:
    led = json.loads(CliRunner().invoke(app, ["ledger", "--db", str(db), "--json"]).stdout)
    return {x["player"]: (x["total"], x["hands"], x["sessions"]) for x in led}


def test_csv_players_named_as_the_shn_seats_make_one_ledger_row(db, tmp_path):
    shn = tmp_path / "thursday.shn"
    shn.write_text(SHN)
    sheet = tmp_path / "r24c.csv"
    sheet.write_bytes(with_crack_column(["cracked by Cal", "Dot", ""]))
    assert CliRunner().invoke(app, ["ingest", str(shn), "--db", str(db)]).exit_code == 0
    res = CliRunner().invoke(app, ["ingest", str(sheet), "--db", str(db), "--columns", "Ann=Ann Kraus,Bob=Bob Lenz"])
    assert res.exit_code == 0, res.output
    # SHN + the sheet (R24_TOTAL under the full names): Ann Kraus 1 - 6, Bob Lenz 4 + 0, Cal -5 + 0, Dot 3 + 4,
    # Eve -3 + 2; 5 hands and 2 sittings each
    assert ledger(db) == {"Ann Kraus": (-5, 5, 2), "Bob Lenz": (4, 5, 2), "Cal": (-5, 5, 2), "Dot": (7, 5, 2),
                          "Eve": (-1, 5, 2)}
    with st.reading(db) as con:
        # stored as SHN stores a seat: the alias in hand_units.seat, the name in hand_units.player
        assert con.execute("SELECT DISTINCT seat, player FROM hand_units WHERE seat IN ('Ann', 'Bob') "
                           "ORDER BY seat").fetchall() == [("Ann", "Ann Kraus"), ("Bob", "Bob Lenz")]
        assert con.execute("SELECT DISTINCT player FROM session_players ORDER BY player").fetchall() == \
            [("Ann Kraus",), ("Bob Lenz",), ("Cal",), ("Dot",), ("Eve",)]
        assert con.execute("SELECT players FROM sessions WHERE session LIKE 'CSV %'").fetchall() == \
            [('{"Ann":"Ann Kraus","Bob":"Bob Lenz","Cal":"Cal","Dot":"Dot","Eve":"Eve"}',)]


def test_names_written_in_the_header(db, tmp_path):
    """A header cell written Ann=Ann Kraus names the player as the option does; the other cells write Ann
    (or Ann Kraus), and the sheet saved again is the stored sitting (csv_identity: matched by the names)."""
    text = with_crack_column(["cracked by Cal", "Dot", ""]).decode()
    head, *rows = text.splitlines()
    head = head.replace(",Ann,", ",Ann=Ann Kraus,").replace(",Bob,", ",Bob=Bob Lenz,")
    rows[1] = rows[1].replace("2026-12-20,2,Bob,", "2026-12-20,2,Bob Lenz,")  # the dealer by the name
    sheet = tmp_path / "names.csv"
    sheet.write_text("\n".join([head, *rows]) + "\n")
    shn = tmp_path / "thursday.shn"
    shn.write_text(SHN)
    assert CliRunner().invoke(app, ["ingest", str(shn), str(sheet), "--db", str(db)]).exit_code == 0
    assert ledger(db)["Ann Kraus"] == (-5, 5, 2) and "Ann" not in ledger(db)
    again = tmp_path / "names (1).csv"
    again.write_text(sheet.read_text())
    res = CliRunner().invoke(app, ["ingest", str(again), "--db", str(db)])
    assert "0 stored, 3 duplicates" in res.output


def test_without_names_the_sheet_and_the_shn_are_two_players(db, tmp_path):
    shn = tmp_path / "thursday.shn"
    shn.write_text(SHN)
    sheet = tmp_path / "r24c.csv"
    sheet.write_bytes(with_crack_column(["cracked by Cal", "Dot", ""]))
    CliRunner().invoke(app, ["ingest", str(shn), str(sheet), "--db", str(db)])
    got = ledger(db)
    assert got["Ann"] == (-6, 3, 1) and got["Ann Kraus"] == (1, 2, 1)


def test_names_a_ledger_of_sitting_totals(db, tmp_path):
    f = tmp_path / "league.csv"
    f.write_text("Date,Ann,Bob,Cal\n2026-12-01,+5,-2,-3\n2026-12-08,-1,+4,-3\n")
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db), "--columns", "Ann=Ann Kraus"])
    assert res.exit_code == 0, res.output
    assert ledger(db) == {"Ann Kraus": (4, 0, 2), "Bob": (2, 0, 2), "Cal": (-6, 0, 2)}


def test_a_name_that_cannot_be_given_is_a_columns_error():
    data = with_crack_column(["", "", ""])
    for columns, said in (("Zed=Zed Xu", "'Zed' is neither a field"),
                          ("Called=Pat", "'Called' is not a player column"),
                          ("Ann=Bob", "the columns 'Ann' and 'Bob' both name 'Bob'"),
                          ('Ann=Ann "K"', "cannot be a seat's name")):
        r = read_csv(data, "r24.csv", columns=columns)
        [e] = r.result.errors
        assert (e.code, e.line, e.col, e.found) == ("E-CSV-COLUMNS", 1, 1, columns), columns
        assert said in e.message, (columns, e.message)
        assert not r.result.hands
