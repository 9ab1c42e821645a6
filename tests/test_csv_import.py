"""CSV import (issue 11): per-hand score sheets judged as SHN score-sheet lines,
and ledgers of sitting totals stored as settlements without hands."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app, load_bytes
from ingest.csv_sheet import guess_columns, preview, read_csv
from ingest.stream import ingest_csv_stream

P5 = ["Al", "Bea", "Cy", "Di", "Ed"]

# rules.md B-33, five-handed, doubleOnBump on (wi5-called-ace's default): (picker, partner, each defender)
WIN = (2, 1, -1)        # win: +2 / +1 / -1
WIN_S = (4, 2, -2)      # win, schneider
LOSE_DOB = (-4, -2, 2)  # loss, doubled on the bump: -4 / -2 / +2
ALONE_WIN = (4, -1)     # picker alone wins: +4, each of four -1
LEASTER = (4, -1)       # leaster: the winner takes 1 from each of four (rules.md D)


def sheet_rows():
    """50 hands: 10 rounds of five patterns, the picker moving one seat each hand.
    Returns (csv rows, expected units per row as a dict, or None for a row written wrong)."""
    rows, want = [], []
    for h in range(50):
        p = P5[h % 5]
        q = P5[(h + 2) % 5]
        kind = h % 5
        u = {}
        if kind in (0, 1, 2):
            pick, part, dfn = (WIN, WIN_S, LOSE_DOB)[kind]
            pts, out = ((72, "win"), (95, "win-s"), (50, "lose"))[kind]
            u = {x: (pick if x == p else part if x == q else dfn) for x in P5}
            cells = [p, q, "AS", str(pts), out, "", ""]
        elif kind == 3:
            u = {x: (ALONE_WIN[0] if x == p else ALONE_WIN[1]) for x in P5}
            cells = [p, "", "alone", "80", "win", "", ""]
        else:
            u = {x: (LEASTER[0] if x == p else LEASTER[1]) for x in P5}
            cells = ["", "", "", "7", "", p, ""]
        rows.append(["2026-02-05", str(h + 1), P5[(h + 4) % 5], *cells, *[f"{u[x]:+d}" for x in P5]])
        want.append(u)
    # two rows written wrong:
    # hand 11 (row 12), a win (kind 0): the picker Al written +3 and the partner Cy +0 (still zero-sum, but B-33
    # gives +2 / +1)
    rows[10][10] = "+3"
    rows[10][12] = "+0"
    want[10] = None
    # hand 38 (row 39), a loss (kind 2) written as 'win' with 50 points: 50 < 61 cannot be a win (rules.md B-27)
    rows[37][7] = "win"
    want[37] = None
    return rows, want


HEADER = ["date", "hand", "dealer", "picker", "partner", "call", "points", "outcome", "leaster", "doubler", *P5]


def to_csv(header, rows) -> bytes:
    return ("\n".join(",".join(r) for r in [header, *rows]) + "\n").encode()


def test_columns_guessed_from_the_header():
    cols = guess_columns(["Datum", "Hand", "Geber", "Picker", "Partner", "Call", "Pts", "Result", "Al"])
    assert cols == {"date": "Datum", "hand": "Hand", "dealer": "Geber", "picker": "Picker", "partner": "Partner",
                    "call": "Call", "points": "Pts", "outcome": "Result"}


def test_score_sheet_of_50_hands_with_two_wrong_rows():
    rows, want = sheet_rows()
    r = read_csv(to_csv(HEADER, rows), "thursday.csv")
    assert r.kind == "score-sheet" and r.players == P5
    assert len(r.result.hands) == 48
    assert sorted(rh.hand for rh in r.result.rejected) == [11, 38]
    bad = {rh.hand: rh.errors[0] for rh in r.result.rejected}
    # errors at the row and column of the CSV: row 12 = hand 11; row 39 = hand 38
    assert bad[11].line == 12 and bad[11].col in (11, 12, 13)  # one of the units cells (Al, Bea, Cy)
    assert bad[38].line == 39 and bad[38].col in (7, 8)  # the points or the outcome cell
    got = {vh.outcome.hand: vh.outcome.units for vh in r.result.hands}
    for h, u in enumerate(want, start=1):
        if u is not None:
            assert got[h] == u, h
            assert sum(u.values()) == 0
    # the totals: the sums of the B-33 rows written above for the 48 good hands (not the code's output)
    tot = {x: sum(u[x] for u in want if u is not None) for x in P5}
    assert {x: sum(vh.outcome.units[x] for vh in r.result.hands) for x in P5} == tot
    assert sum(tot.values()) == 0


def test_score_sheet_ingested_and_exported_as_shn(db, tmp_path):
    rows, _ = sheet_rows()
    f = tmp_path / "thursday.csv"
    f.write_bytes(to_csv(HEADER, rows))
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert res.exit_code == 1  # two rows refused
    assert "48 stored" in res.output and "thursday.csv:12:" in res.output and "thursday.csv:39:" in res.output
    out = tmp_path / "x.shn"
    assert CliRunner().invoke(app, ["export", "--format", "shn", "--out", str(out), "--db", str(db)]).exit_code == 0
    from ingest.validate import validate_text

    back = validate_text(out.read_text(), path="x.shn")
    assert len(back.hands) == 48 and not back.rejected


def ledger_rows():
    """200 sittings, 2 to 12 players each out of twelve, each row zero-sum: the first k-1 seated players get
    +1, +2, ... and the last pays their sum."""
    names = [f"Player{n:02d}" for n in range(1, 13)]
    rows = []
    for i in range(200):
        k = 2 + i % 11
        seated = [names[(i + j) % 12] for j in range(k)]
        vals = {s: j + 1 for j, s in enumerate(seated[:-1])}
        vals[seated[-1]] = -sum(vals.values())
        day = f"2025-{1 + i // 28:02d}-{1 + i % 28:02d}"
        rows.append([day, *[(f"{vals[n]:+d}" if n in vals else "") for n in names]])
    return names, rows


def test_ledger_of_200_sittings_with_up_to_12_players(db, tmp_path):
    names, rows = ledger_rows()
    r = read_csv(to_csv(["Date", *names], rows), "league.csv")
    assert r.kind == "ledger" and r.players == names
    assert len(r.sittings) == 200 and not r.result.errors
    assert max(len(s.units) for s in r.sittings) == 12 and min(len(s.units) for s in r.sittings) == 2
    want = {n: 0 for n in names}
    for row in rows:
        for n, c in zip(names, row[1:]):
            want[n] += int(c) if c else 0
    f = tmp_path / "league.csv"
    f.write_bytes(to_csv(["Date", *names], rows))
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert res.exit_code == 0, res.output
    assert "200 sitting(s) stored" in res.output
    led = json.loads(CliRunner().invoke(app, ["ledger", "--db", str(db), "--json"]).stdout)
    assert {x["player"]: x["total"] for x in led} == {n: v for n, v in want.items()}
    assert all(x["hands"] == 0 for x in led)  # settlements carry no hands
    assert sum(x["total"] for x in led) == 0
    # sittings per player: player n sits in sitting i when n is among the k = 2 + i % 11 seats from i % 12
    sits = {n: sum(1 for i in range(200) if (names.index(n) - i) % 12 < 2 + i % 11) for n in names}
    assert {x["player"]: x["sessions"] for x in led} == sits
    # no statistic that needs hands sees them
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchall()[0][0] == 0
        assert con.execute("SELECT count(DISTINCT session_id) FROM settlements").fetchall()[0][0] == 200
    # ingesting again adds nothing
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert "0 sitting(s) stored" in res.output and "200 duplicates" in res.output


def test_ledger_row_not_summing_to_zero_is_refused_at_its_row(db, tmp_path):
    names, rows = ledger_rows()
    rows = rows[:10]
    rows[4][1] = "+100"  # row 6 of the file (the header is row 1): no longer zero-sum
    f = tmp_path / "bad.csv"
    f.write_bytes(to_csv(["Date", *names], rows))
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert res.exit_code == 1
    assert "9 sitting(s) stored" in res.output and "bad.csv:6:1: E-CSV-ZERO-SUM" in res.output
    with st.reading(db) as con:
        assert con.execute("SELECT count(DISTINCT session_id) FROM settlements").fetchall()[0][0] == 9
        # the refused row's date is not among the stored sittings
        dates = {str(d) for (d,) in con.execute("SELECT date FROM sessions").fetchall()}
        assert rows[4][0] not in dates and rows[3][0] in dates


def test_a_file_of_no_known_format_gets_one_message():
    res, _ = load_bytes("notes.txt", b"line one\nline two\nline three\n")
    assert [d.code for d in res.errors] == ["E-FORMAT"] and not res.rejected


def test_preview_shows_how_the_first_rows_are_read():
    rows, _ = sheet_rows()
    pv = preview(to_csv(HEADER, rows), "x.csv", n=2)
    assert pv[0]["picker"] == "Al" and pv[0]["units: Al"] == "+2" and pv[1]["outcome"] == "win-s"


def test_import_page_shows_the_first_rows_before_storing(tmp_path, monkeypatch):
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    db = tmp_path / "page.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    rows, _ = sheet_rows()
    data = to_csv(HEADER, rows[:10])  # hands 1..10, all written right
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "import_files.py"),
                           default_timeout=60)
    at.run()
    at.file_uploader[0].set_value([("sheet.csv", data, "text/csv")]).run()
    assert not at.exception, [e.value for e in at.exception]
    said = [m.value for m in at.markdown if "will be read as" in m.value]
    assert said and "per-hand score sheet" in said[0] and "picker ← `picker`" in said[0]
    first = at.dataframe[0].value
    # row 1: Al picks, Cy partner, a win: Al +2, Cy +1 (rules.md B-33), as read from the file
    assert first.loc[0, "picker"] == "Al" and first.loc[0, "units: Al"] == "+2" and first.loc[0, "units: Cy"] == "+1"
    assert not db.exists()  # nothing stored before Import
    at.button(key="imp_go").click().run()
    assert not at.exception
    assert [(m.label, m.value) for m in at.metric] == [("Stored", "10"), ("Duplicates", "0"), ("Rejected", "0")]


# one night, hands 1-3 written twice over (the user's dup-numbers sheet): rules.md B-27, B-28, B-31..B-33
DUP_NUMBERS = ("date,hand,dealer,picker,partner,call,points,result,leaster,Al,Bea,Cy,Di,Ed\n"
               "2026-12-04,1,Ed,Al,Cy,AS,72,win,,2,-1,1,-1,-1\n"
               ",2,Al,Bea,Di,AH,95,win-s,,-2,4,-2,2,-2\n"
               ",3,Bea,Cy,Al,AC,50,lose,,-2,2,-4,2,2\n"
               ",1,Cy,Di,,alone,80,win,,-1,-1,-1,4,-1\n"
               ",2,Di,,,,,,Ed,-1,-1,-1,-1,4\n"
               ",3,Ed,Al,Bea,AS,20,lose-s,,-8,-4,4,4,4\n")


def test_a_hand_number_written_twice_in_a_night_is_refused_at_its_cell(db, tmp_path):
    """A night's hand numbers name its hands (notation.md: unique and increasing in a session), so a row that
    writes hand 1 after hand 3 is refused at its hand cell, never stored as a second hand 1 (which `shead
    replay`, `void` and `history` could not tell apart).  Rows 2-4 are stored: hand 1 Al+Cy 72 won (B-27) Al +2
    Cy +1, the others -1; hand 2 Bea+Di 95 schneider (B-28) Bea +4 Di +2, the others -2; hand 3 Cy+Al 50 lost,
    doubled on the bump (B-32, B-33) Cy -4 Al -2, the others +2: the night Al -2 Bea +5 Cy -5 Di +3 Ed -1."""
    r = read_csv(DUP_NUMBERS.encode(), "dup.csv").result
    assert [(h.outcome.hand, dict(h.outcome.units)) for h in r.hands] == [
        (1, {"Al": 2, "Bea": -1, "Cy": 1, "Di": -1, "Ed": -1}), (2, {"Al": -2, "Bea": 4, "Cy": -2, "Di": 2, "Ed": -2}),
        (3, {"Al": -2, "Bea": 2, "Cy": -4, "Di": 2, "Ed": 2})]
    errs = [h.errors[0] for h in r.rejected]
    assert [(e.code, e.line, e.col, e.found, e.expected) for e in errs] == [
        ("E-CSV-HAND-ORDER", 5, 2, "1", "> 3"), ("E-CSV-HAND-ORDER", 6, 2, "2", "> 3"),
        ("E-CSV-HAND-ORDER", 7, 2, "3", "> 3")]
    assert errs[0].message.startswith("row 5: hand 1 after hand 3 (row 4)")
    assert errs[2].message.startswith("row 7: hand 3 again: row 4 is this night's hand 3")
    assert all("number it after 3; if it repeats an earlier row, delete it" in e.message for e in errs)
    f = tmp_path / "dup.csv"
    f.write_text(DUP_NUMBERS)
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert res.exit_code == 1 and "3 stored, 0 duplicates, 3 rejected" in res.output
    assert f"{f}:5:2: E-CSV-HAND-ORDER (hand 1)" in res.output
    # numbered again 4, 5, 6 (the keeper's slip mended), the three stored are duplicates and the rest are stored
    lines = DUP_NUMBERS.splitlines(keepends=True)
    f.write_text("".join(lines[:4] + [line.replace(f",{k},", f",{k + 3},", 1) for k, line in
                                      zip((1, 2, 3), lines[4:])]))
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert res.exit_code == 0 and "3 stored, 3 duplicates, 0 rejected" in res.output, res.output
    # a sheet read in batches (a large file, ingest.stream) refuses the same rows: the check spans its batches
    f.write_text(DUP_NUMBERS)
    with st.Store(tmp_path / "batches.duckdb") as store:
        rep, _ = ingest_csv_stream(store, f, batch=2)
    assert rep.stored == 3 and [(e.code, e.line) for h in rep.rejected for e in h.errors[:1]] == [
        ("E-CSV-HAND-ORDER", 5), ("E-CSV-HAND-ORDER", 6), ("E-CSV-HAND-ORDER", 7)]


def test_a_row_without_a_number_takes_none_unless_it_is_a_hand():
    """A row that is no hand (a pad's opening standings, no hand number) takes no number: the hand 1 below it is
    the night's first; a misdeal row without a number (rules.md B-4) is counted as the night's hand 3, so a
    hand 3 written after it is refused, as a second hand 3 would be."""
    rows = DUP_NUMBERS.splitlines(keepends=True)
    start = rows[0] + "2026-12-04,,,,,,,,,0,0,0,0,0\n" + rows[1].replace("2026-12-04", "")
    r = read_csv(start.encode(), "start.csv").result
    assert [h.outcome.hand for h in r.hands] == [1]
    assert [(h.errors[0].code, h.errors[0].line) for h in r.rejected] == [("E-CSV-HAND", 2)]
    misdeal = (rows[0].replace("leaster,", "leaster,notes,") + "2026-12-04,1,Ed,Al,Cy,AS,72,win,,,2,-1,1,-1,-1\n"
               ",2,Al,Bea,Di,AH,95,win-s,,,-2,4,-2,2,-2\n,,Bea,,,,,,,misdeal,0,0,0,0,0\n"
               ",3,Bea,Cy,Al,AC,50,lose,,,-2,2,-4,2,2\n")
    r = read_csv(misdeal.encode(), "misdeal.csv").result
    assert [(h.outcome.hand, h.outcome.outcome) for h in r.hands] == [(1, "win"), (2, "win-s"), (3, "misdeal")]
    (e,) = [h.errors[0] for h in r.rejected]
    assert (e.code, e.line, e.found, e.expected) == ("E-CSV-HAND-ORDER", 5, "3", "> 3")


def test_import_page_says_what_was_found_and_expected_as_the_command_line_does(tmp_path, monkeypatch):
    """dash17 F5: the Import page dropped "— found KH, expected AC 8C" from a refused hand's error.  Cal holds
    A♣ 8♣ and throws K♥ on a club lead (rules.md B-18)."""
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    shn = ('%SHN 1.0\n[Event "Dash"]\n[Date "2026.12.06"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n'
           '[Rules "wi5-called-ace"]\n\nhand 1  dealer Eve\ndeal Ann QS JD 9C 7S TH 8H\ndeal Bob QC JC AD TD KC 9S\n'
           "deal Cal QH JH 8D AC 8C KH\ndeal Dee QD KD 7D AH 7C TS\ndeal Eve JS 9D TC KS 8S 9H\nblind AS 7H\n"
           "pick Bob\nbury AS KC\ncall AH\nt1 Ann: 9C TD KH 7C TC\n")
    monkeypatch.setenv("SHEAD_DB", str(tmp_path / "page.duckdb"))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "import_files.py"),
                           default_timeout=60)
    at.run()
    at.file_uploader[0].set_value([("bad.shn", shn.encode(), "text/plain")]).run()
    at.button(key="imp_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = [m.value for m in at.markdown if "E-RENEGE" in m.value]
    assert said and said[0].startswith("bad.shn:17:15 error **E-RENEGE** (hand 1)")
    assert said[0].endswith("must follow suit (rules.md B-18) — found KH, expected AC 8C"), said[0]


def test_a_row_that_does_not_sum_to_zero_names_the_cell_the_rules_give_otherwise(tmp_path):
    """dash17 F6: "the score sums to +1, not 0" did not say which of five cells was off.  Row 3: Cal picks with
    Eve, 95 card points, won schneider (rules.md B-28): 2 a defender, Cal +4, Eve +2, the others -2 (B-31); the
    sheet writes Eve 3.  Row 2 (Bob with Dee, 59, a loss with double on the bump: Bob -4, Dee -2, +2 each) is
    stored."""
    out = _ingest_one(tmp_path, "bad_sheet.csv", "date,hand,dealer,picker,partner,call,points,outcome,Ann,Bob,Cal,"
                      "Dee,Eve\n2026-12-07,1,Eve,Bob,Dee,AH,59,lose,2,-4,2,-2,2\n"
                      "2026-12-07,2,Ann,Cal,Eve,AS,95,win-s,-2,-2,4,-2,3\n")
    assert "1 stored, 0 duplicates, 1 rejected" in out
    assert ("bad_sheet.csv:3:13: E-SCORE-SUM (hand 2): the score sums to +1, not 0 (rules.md B-35); Eve +3 is written "
            "but the rules give +2") in " ".join(out.split())


def _ingest_one(tmp_path, name: str, text: str) -> str:
    """``shead ingest`` of one file ``name`` holding ``text`` into a new database; its output."""
    f = tmp_path / name
    f.write_text(text)
    return CliRunner().invoke(app, ["ingest", str(f), "--db", str(tmp_path / "x.duckdb")]).output


def test_a_wrong_sum_with_the_partner_unknown_names_no_entry(tmp_path):
    """break17b F5: with `partner ?` the second look settled the first partner it tried and told the scorer to
    change a right entry (Al +2 -> -2).  Ed picks, loses (double on the bump: Ed -4, the partner -2, each defender
    +2); Di's +3 should be +2, but which seat was the partner the rules cannot say: the sum alone is named."""
    out = _ingest_one(tmp_path, "unk.shn", '%SHN 1.0\n[Event "Unk"]\n[Date "2026.11.21"]\n[Seats "Al; Bea; Cy; Di; '
                      'Ed"]\n[Rules "wi5-called-ace"]\n\nhand 1  dealer Ed\npick Ed  call AC  partner ?  pts ?  lose\n'
                      "score Al +2 Bea -2 Cy +2 Di +3 Ed -4\n")
    assert "E-SCORE-SUM (hand 1): the score sums to +1, not 0 (rules.md B-35)\n" in out
