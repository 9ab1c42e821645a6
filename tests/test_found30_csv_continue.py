"""A CSV sheet that finishes a night stored before (newuser30 F?): the scorer logs hands 1-4 in SHN
(tuesday.shn) and hands 5-7 on the Log a hand page, then keeps hands 8-10 on a spreadsheet whose Date and
player columns (Hank, Ida, Jo, Kurt, Lu) are the stored session's date and seat aliases.  Before the fix the
sheet became a session of its own ("CSV night_rest 2026-12-01"), its players Hank ... beside Hank Vogel ...
(ten players in the ledger), a Session column naming the stored night was ignored without a word, and the
advice after `--columns group=...,Hank=Hank Vogel,...` asked for SHN tags a CSV cannot carry.

Every amount below is worked out by hand from rules.md (/work/shared/reference/rules.md), profile
wi5-called-ace (called ace, doubleOnBump on, leaster must take a trick):

Seats clockwise Hank, Ida, Jo, Kurt, Lu (B-1: the deal passes to the left: dealers Hank, Ida, Jo, Kurt, Lu, ...).
 h1 d Hank: Jo picks, calls AS, partner Lu, 78: a plain win (B-27, B-28 61..90), B-33: Jo +2, Lu +1,
    Hank/Ida/Kurt -1.
 h2 d Ida: Kurt alone 95: schneider win (B-28 91..120, x2), alone (B-31: 4 shares): Kurt +8, the others -2.
 h3 d Jo: Ida picks AH, Jo cracks (E-2: pick order Kurt, Lu, Hank, Ida, Jo: Jo comes after the picker, allowed),
    partner Hank, 58: a loss (31..60), tier 1 x crack 2 x DOB 2 (E-1, B-32) = 4 a defender: Ida -8, Hank -4,
    Jo/Kurt/Lu +4.
 h4 d Kurt: leaster, Hank wins with 14 (D-4): Hank +4, the others -1 (no DOB in a leaster, D-9).
 h5 d Lu: Hank picks AC, partner Kurt, 30: schneidered loss (B-28 0..30, x2) with DOB: Hank -8, Kurt -4,
    Ida/Jo/Lu +4.
 h6 d Hank: Ida picks AH, partner Jo, 66: a win: Ida +2, Jo +1, Hank/Kurt/Lu -1.
 h7 d Ida: Lu alone, 120 and all six tricks: no-tricker (B-29, x3), alone: Lu +12, the others -3 (I-13).
 -- the sheet --
 h8 d Jo: Kurt picks AS, partner Hank, 91: schneider win (I-4): Kurt +4, Hank +2, Ida/Jo/Lu -2.
 h9 d Kurt: Lu picks AH, partner Ida, 31: plain loss (I-5) with DOB: Lu -4, Ida -2, Hank/Jo/Kurt +2.
 h10 d Lu: Hank alone, 45: a loss, alone with DOB (B-33: -8 / +2 each): Hank -8, the others +2.

Totals over the ten hands:
 Hank  -1 -2 -4 +4 -8 -1 -3 +2 +2 -8 = -19
 Ida   -1 -2 -8 -1 +4 +2 -3 -2 -2 +2 = -11
 Jo    +2 -2 +4 -1 +4 +1 -3 -2 +2 +2 =  +7
 Kurt  -1 +8 +4 -1 -4 -1 -3 +4 +2 +2 = +10
 Lu    +1 -2 +4 -1 +4 -1 +12 -2 -4 +2 = +13        sum: -19 -11 +7 +10 +13 = 0 (B-35)
After hand 7 (the stored part): Hank -15, Ida -9, Jo +5, Kurt +2, Lu +17 (sum 0).
"""

from __future__ import annotations

import duckdb

from ingest import store as st
from ingest.model import FileResult
from ingest.validate import validate_text
from tests.cli_helpers import cli, ingest_json, ledger, refused_at, write

SESSION = "Legion Post 12 Sheepshead / 2026.12.01"
HEADER = """%SHN 1.0
[Event "Legion Post 12 Sheepshead"]
[Date "2026.12.01"]
[Seats "Hank=Hank Vogel; Ida=Ida Pruett; Jo=Jo Marsh; Kurt=Kurt Lang; Lu=Lu Baer"]
[Rules "wi5-called-ace"]

"""
#: the tester's tuesday.shn: hands 1-4
TUESDAY = HEADER + """hand 1  dealer Hank
pick Jo  call AS  partner Lu  pts 78  win

hand 2  dealer Ida
pick Kurt  alone  pts 95

hand 3  dealer Jo
pick Ida  call AH  crack Jo  partner Hank  pts 58  lose
score Ida -8 Hank -4 Jo +4 Kurt +4 Lu +4

hand 4  dealer Kurt
leaster Hank  pts 14
"""
#: hands 5-7 as the Log a hand page stores them (its text, file "log-hand"; hand 6 as amended to 66)
LOGGED = ["hand 5  dealer Lu\npick Hank  call AC\npartner Kurt  pts 30\n",
          "hand 6  dealer Hank\npick Ida  call AH\npartner Jo  pts 66\n",
          "hand 7  dealer Ida\npick Lu  alone\npts 120  tricks 6\n"]
#: the tester's night_rest.csv: hands 8-10, each row's units as rules.md gives them (module docstring)
REST = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Hank,Ida,Jo,Kurt,Lu
12/1/2026,8,Jo,Kurt,Hank,AS,91,W,2,-2,-2,4,-2
12/1/2026,9,Kurt,Lu,Ida,AH,31,L,2,-2,2,2,-4
12/1/2026,10,Lu,Hank,,alone,45,L,-8,2,2,2,2
"""
#: the tester's night_rest_sess.csv: the same rows under a Session column naming the stored night
REST_SESS = "Session," + REST.splitlines()[0] + "\n" + "".join(f"{SESSION},{line}\n" for line in REST.splitlines()[1:])

AFTER_7 = {"Hank Vogel": -15, "Ida Pruett": -9, "Jo Marsh": 5, "Kurt Lang": 2, "Lu Baer": 17}
AFTER_10 = {"Hank Vogel": -19, "Ida Pruett": -11, "Jo Marsh": 7, "Kurt Lang": 10, "Lu Baer": 13}


def _night(tmp_path):
    """A database holding hands 1-4 (SHN) and 5-7 (as the Log a hand page stores them): Hank -15 ... Lu +17."""
    db = tmp_path / "club.duckdb"
    assert ingest_json(write(tmp_path, "tuesday.shn", TUESDAY), db)["ingested"] == 4
    store = st.Store(db)
    try:
        for k, text in enumerate(LOGGED):
            res = validate_text(HEADER + "".join(LOGGED[:k]) + text, path="log-hand")
            (h,) = [h for h in res.hands if h.outcome.hand == 5 + k]
            rep = store.ingest_file(FileResult(path="log-hand", hands=[h]))
            assert rep.stored == 1 and not rep.rejected
    finally:
        store.close()
    assert ledger(db) == AFTER_7 and sum(AFTER_7.values()) == 0
    return db


def _sessions(db) -> list[tuple[str, int, int, int]]:
    """(session, hands, lowest hand, highest hand) of each stored session with hands."""
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, count(*), min(hand), max(hand) FROM hands GROUP BY session "
                           "ORDER BY session").fetchall()


def _players(db) -> list[str]:
    with duckdb.connect(str(db), read_only=True) as con:
        return [p for (p,) in con.execute("SELECT DISTINCT player FROM hand_units ORDER BY player").fetchall()]


def _codes(rep: dict) -> list[str]:
    return [w["code"] for w in rep["warnings"]]


# -- the sheet names the stored night: one session, five players ------------------------------------------------------

def test_a_session_column_naming_the_stored_night_continues_it(tmp_path):
    db = _night(tmp_path)
    rep = ingest_json(write(tmp_path, "night_rest_sess.csv", REST_SESS), db)
    assert (rep["ingested"], refused_at(rep)) == (3, [])
    assert _sessions(db) == [(SESSION, 10, 1, 10)]
    assert _players(db) == sorted(AFTER_10)
    assert ledger(db) == AFTER_10 and sum(AFTER_10.values()) == 0
    assert "W-SESSION-SPLIT" not in _codes(rep) and "W-SESSION-HEADER" not in _codes(rep)


def test_columns_session_option_continues_the_stored_night(tmp_path):
    db = _night(tmp_path)
    rep = ingest_json(write(tmp_path, "night_rest.csv", REST), db, "--columns", f"session={SESSION}")
    assert (rep["ingested"], refused_at(rep)) == (3, [])
    assert _sessions(db) == [(SESSION, 10, 1, 10)]
    assert ledger(db) == AFTER_10


def test_a_continued_sheet_without_hand_numbers_numbers_on_from_the_stored_hands(tmp_path):
    """No Hand column: the rows are the night's hands 8, 9, 10 (the stored night ends at 7), dealt by Jo, Kurt, Lu
    as the rotation after hand 7 (dealer Ida) gives them (B-1)."""
    db = _night(tmp_path)
    sheet = "\n".join(",".join(c for k, c in enumerate(line.split(",")) if k != 1) for line in REST.splitlines())
    rep = ingest_json(write(tmp_path, "rest.csv", sheet + "\n"), db, "--columns", f"session={SESSION}")
    assert (rep["ingested"], refused_at(rep)) == (3, [])
    assert _sessions(db) == [(SESSION, 10, 1, 10)]
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT hand, dealer, picker FROM hands WHERE hand > 7 ORDER BY hand").fetchall() == [
            (8, "Jo", "Kurt"), (9, "Kurt", "Lu"), (10, "Lu", "Hank")]
    assert ledger(db) == AFTER_10


def test_the_continued_sheet_sent_again_is_duplicates(tmp_path):
    db = _night(tmp_path)
    path = write(tmp_path, "night_rest_sess.csv", REST_SESS)
    assert ingest_json(path, db)["ingested"] == 3
    again = ingest_json(path, db)
    assert (again["ingested"], again["duplicates"], refused_at(again)) == (0, 3, [])
    assert ledger(db) == AFTER_10


# -- an unnamed sheet that looks like the stored night's next page: said, with the exact way, never merged -----------

def test_a_plain_sheet_of_the_stored_nights_date_and_aliases_is_said_with_the_command(tmp_path):
    db = _night(tmp_path)
    path = write(tmp_path, "night_rest.csv", REST)
    rep = ingest_json(path, db)
    assert rep["ingested"] == 3  # stored as the sheet's own session, as before: not merged without a word
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-SESSION"]
    assert (w["line"], w["found"], w["expected"]) == (2, "CSV night_rest 2026-12-01", SESSION)
    assert f"'{SESSION}'" in w["message"] and "hands 1-7" in w["message"]
    # the commands carry the --db given, so they paste as they are (fixd31)
    void = f"shead void --db {db} 'CSV night_rest 2026-12-01' --session --reason 'continues " + SESSION + "'"
    again = f"shead ingest --db {db} --columns 'session={SESSION}' {path}"
    assert void in w["message"] and again in w["message"], w["message"]
    assert _sessions(db) == [("CSV night_rest 2026-12-01", 3, 8, 10), (SESSION, 7, 1, 7)]
    # the advice, followed word for word, gives the one night of five players
    cli("void", "CSV night_rest 2026-12-01", "--session", "--reason", "continues " + SESSION, "--db", str(db))
    rep2 = ingest_json(path, db, "--columns", f"session={SESSION}")
    assert (rep2["ingested"], refused_at(rep2)) == (3, [])
    assert ledger(db) == AFTER_10


def test_a_sheet_mapped_to_the_stored_names_is_said_too_and_no_advice_asks_for_tags(tmp_path):
    db = _night(tmp_path)
    cols = ("group=Legion Post 12 Sheepshead,Hank=Hank Vogel,Ida=Ida Pruett,Jo=Jo Marsh,Kurt=Kurt Lang,"
            "Lu=Lu Baer")
    rep = ingest_json(write(tmp_path, "night_rest.csv", REST), db, "--columns", cols)
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-SESSION"]
    # the exact command keeps the names given and leaves group= out (the session's group is taken)
    assert w["expected"] == SESSION and (
        f"--columns 'Hank=Hank Vogel,Ida=Ida Pruett,Jo=Jo Marsh,Kurt=Kurt Lang,Lu=Lu Baer,session={SESSION}'"
        in w["message"]), w["message"]
    assert not [w for w in rep["warnings"] if "stored session's tags" in w["message"]], rep["warnings"]


def test_a_sheet_of_another_day_is_not_said_to_continue(tmp_path):
    db = _night(tmp_path)
    rep = ingest_json(write(tmp_path, "dec2.csv", REST.replace("12/1/2026", "12/2/2026")), db)
    assert rep["ingested"] == 3 and "W-CSV-SESSION" not in _codes(rep)


# -- conflicts refused, clearly; nothing stored changes ---------------------------------------------------------------

def test_a_row_repeating_a_stored_hand_number_with_other_facts_is_refused(tmp_path):
    """Hand 7 written again as Kurt's pick (stored: Lu alone, 120, all tricks): E-HAND-CONFLICT at its row, naming
    what differs and saying the sheet numbers on after the stored hand 7.  The sheet shares a number with the
    stored night and repeats none of its hands, so it is another night or a correction, which shead does not guess:
    none of its rows is stored (break26 F2's rule), and the stored night is unchanged."""
    db = _night(tmp_path)
    sheet = REST_SESS.replace(f"{SESSION},12/1/2026,8,", f"{SESSION},12/1/2026,7,Ida,Kurt,Hank,AS,91,W,2,-2,-2,4,-2\n"
                              f"{SESSION},12/1/2026,8,", 1)
    rep = ingest_json(write(tmp_path, "s.csv", sheet), db)
    assert rep["ingested"] == 0
    assert [(r[0], r[2], r[3]) for r in refused_at(rep)] == [
        (2, "E-HAND-CONFLICT", 7), (3, "E-HAND-CONFLICT", 8), (4, "E-HAND-CONFLICT", 9), (5, "E-HAND-CONFLICT", 10)]
    msg = rep["rejected"][0]["message"]
    assert "pick: stored Lu, this copy Kurt" in msg and "hands 1-7" in msg and "from 8" in msg, msg
    assert "sheet_row" not in msg
    assert ledger(db) == AFTER_7
    # the row deleted, the sheet is the night's hands 8-10
    rep2 = ingest_json(write(tmp_path, "s2.csv", REST_SESS), db)
    assert (rep2["ingested"], refused_at(rep2)) == (3, [])
    assert ledger(db) == AFTER_10


def test_a_row_repeating_a_stored_hand_as_stored_is_a_duplicate(tmp_path):
    """Hand 7 written on the sheet as stored (Lu alone, 120 points, 6 tricks: Lu +12, the others -3)."""
    db = _night(tmp_path)
    sheet = ("Session,Date,Hand,Dealer,Picker,Call,Points,Tricks,Hank,Ida,Jo,Kurt,Lu\n"
             f"{SESSION},12/1/2026,7,Ida,Lu,alone,120,6,-3,-3,-3,-3,12\n"
             f"{SESSION},12/1/2026,8,Jo,Kurt,AS,91,,2,-2,-2,4,-2\n")
    rep = ingest_json(write(tmp_path, "s.csv", sheet), db)
    assert (rep["ingested"], rep["duplicates"], refused_at(rep)) == (1, 1, [])
    # hand 8: Kurt picks, Hank (+2, the picker's sign) his partner, 91: a schneider win (B-28): as the module's h8
    assert ledger(db) == {"Hank Vogel": -13, "Ida Pruett": -11, "Jo Marsh": 3, "Kurt Lang": 6, "Lu Baer": 15}


def test_a_row_of_another_day_than_the_named_session_is_refused(tmp_path):
    db = _night(tmp_path)
    sheet = REST_SESS.replace("12/1/2026,10,", "12/2/2026,10,")
    rep = ingest_json(write(tmp_path, "s.csv", sheet), db)
    assert rep["ingested"] == 2
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"], bad["found"], bad["expected"]) == (
        4, 2, "E-CSV-SESSION", "12/2/2026", "2026-12-01")
    assert ledger(db)["Hank Vogel"] == -15 + 2 + 2


def test_a_player_column_not_at_the_named_sessions_table_refuses_the_sheet(tmp_path):
    db = _night(tmp_path)
    sheet = REST.replace(",Lu\n", ",Max\n", 1)
    rep = ingest_json(write(tmp_path, "s.csv", sheet), db, "--columns", f"session={SESSION}")
    assert rep["ingested"] == 0
    errs = [e for e in rep["rejected"] + rep.get("errors", []) + rep["warnings"] if e["code"] == "E-CSV-SESSION"]
    assert errs and errs[0]["found"] == "Max" and "Lu" in errs[0]["expected"], rep
    assert ledger(db) == AFTER_7


def test_a_session_name_not_stored_refuses_the_sheet_naming_the_nights_of_its_date(tmp_path):
    db = _night(tmp_path)
    rep = ingest_json(write(tmp_path, "s.csv", REST), db, "--columns", "session=Legion Post 12 / 2026.12.01")
    assert rep["ingested"] == 0
    errs = [e for e in rep["rejected"] + rep.get("errors", []) + rep["warnings"] if e["code"] == "E-CSV-SESSION"]
    assert errs and errs[0]["found"] == "Legion Post 12 / 2026.12.01" and SESSION in errs[0]["message"], rep
    assert ledger(db) == AFTER_7


def test_other_rules_than_the_named_sessions_refuse_the_sheet(tmp_path):
    db = _night(tmp_path)
    rep = ingest_json(write(tmp_path, "s.csv", REST), db, "--columns", f"session={SESSION}",
                      "--rules", "wi5-called-ace; doubleOnBump=off")
    assert rep["ingested"] == 0
    errs = [e for e in rep["rejected"] + rep.get("errors", []) + rep["warnings"] if e["code"] == "E-CSV-SESSION"]
    assert errs and "doubleOnBump=off" in errs[0]["found"], rep
    assert ledger(db) == AFTER_7


# -- ignored columns are said ------------------------------------------------------------------------------------------

def test_a_column_left_out_is_said(tmp_path):
    """A Check column (the row's sum) and a Scorer column (who typed it) are not read: said once, at the header."""
    db = tmp_path / "x.duckdb"
    sheet = ("Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed,Check,Scorer\n"
             "2026-12-03,1,Al,Bea,AH,75,2,1,-1,-1,-1,0,Zed\n")
    rep = ingest_json(write(tmp_path, "ign.csv", sheet), db)
    assert rep["ingested"] == 1
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-IGNORED"]
    assert (w["line"], w["col"]) == (1, 12) and "Check" in w["message"] and "Scorer" in w["message"]
    # 75 with Bea: a plain win (B-27): Al +2, Bea +1, the three others -1
    assert ledger(db) == {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}


# -- the Import page: its help names the options, its preview says the session and the names taken ----------------------

def test_the_import_page_offers_to_continue_the_stored_night_and_shows_the_names(tmp_path, monkeypatch):
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    db = _night(tmp_path)
    monkeypatch.setenv("SHEAD_DB", str(db))
    page = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "import_files.py"
    at = AppTest.from_file(str(page), default_timeout=90)
    at.run()
    help_text = at.text_input(key="imp_columns").help
    for option in ("session=NAME", "group=NAME", "PLAYER=NAME", "Hank=Hank Vogel", "ignore=COLUMN"):
        assert option in help_text, help_text
    at.file_uploader[0].set_value([("night_rest.csv", REST.encode(), "text/csv")]).run()
    assert not at.exception, [e.value for e in at.exception]
    said = [w.value for w in at.warning if "W-CSV-SESSION" in w.value]
    assert said and SESSION in said[0] and "hands 1-7" in said[0], [w.value for w in at.warning]
    at.button(key="imp_continue_night_rest.csv").click().run()
    assert at.text_input(key="imp_columns").value == f"session={SESSION}"
    assert [i.value for i in at.info if "Continues the stored session" in i.value and SESSION in i.value
            and "after hand 7" in i.value]
    read_as = [m.value for m in at.markdown if "will be read as" in m.value][0]
    assert "`Hank` → Hank Vogel" in read_as and "group: Legion Post 12 Sheepshead" in read_as, read_as
    first = at.dataframe[0].value
    # row 2 of the sheet, hand 8: Kurt +4, Hank +2 (the schneider win worked out in the module's docstring)
    assert first.loc[0, "units: Hank → Hank Vogel"] == "2" and first.loc[0, "units: Kurt → Kurt Lang"] == "4"
    at.button(key="imp_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert _sessions(db) == [(SESSION, 10, 1, 10)]
    assert ledger(db) == AFTER_10


def test_a_continued_sheet_takes_the_stored_doubler_on(tmp_path):
    """Stored: hand 1 Bea picks, partner Cy, 70: a win (B-33): Bea +2, Cy +1, Al/Di/Ed -1; hand 2 a doubler
    (noPick=doubler, D-11: everyone passed, the next hand is worth double).  The sheet's hand 3: Di picks AH, partner
    Ed, 75: a plain win at stake 2 (D-11, E-1): 1 x 2 = 2 a defender: Di +4, Ed +2, Al/Bea/Cy -2, as written.
    Night: Al -1-2 = -3, Bea +2-2 = 0, Cy +1-2 = -1, Di -1+4 = +3, Ed -1+2 = +1 (sum 0)."""
    db = tmp_path / "d.duckdb"
    shn = ('%SHN 1.0\n[Event "Dbl Club"]\n[Date "2026.12.05"]\n[Seats "Al=Al A; Bea=Bea B; Cy=Cy C; Di=Di D; '
           'Ed=Ed E"]\n[Rules "wi5-called-ace; noPick=doubler"]\n\nhand 1  dealer Al\npick Bea  call AS  partner Cy  '
           'pts 70  win\n\nhand 2  dealer Bea\ndoubler\n')
    assert ingest_json(write(tmp_path, "d.shn", shn), db)["ingested"] == 2
    sheet = "Date,Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed\n2026-12-05,3,Cy,Di,Ed,AH,75,-2,-2,-2,4,2\n"
    rep = ingest_json(write(tmp_path, "d.csv", sheet), db, "--columns", "session=Dbl Club / 2026.12.05")
    assert (rep["ingested"], refused_at(rep)) == (1, [])
    assert _sessions(db) == [("Dbl Club / 2026.12.05", 3, 1, 3)]
    assert ledger(db) == {"Al A": -3, "Bea B": 0, "Cy C": -1, "Di D": 3, "Ed E": 1}
