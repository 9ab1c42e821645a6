"""Records and corrections brought in session 20, each amount worked out by
hand from rules.md before shead's figure was read.

The winter night (``wi5-called-ace``; picker 2, partner 1, each defender 1
a unit; schneider doubles; alone the picker takes four shares; double on
the bump: rules.md B-28, B-29, B-32, B-33) is test_found19's: h1 Bea +2,
Di +1, the others -1; h2 lost, doubled on the bump: Cy -4, Ed -2, the
others +2; h3 Di alone 95, schneider: +8, the others -2; h4 Ed +2, Al +1,
the others -1.
"""

from __future__ import annotations

from tests.cli_helpers import cli, ledger, write
from tests.test_found19 import WINTER1, WINTER2, Y2026, Y2027

SEATS_RC = '[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Epp"]\n'


def test_the_first_nights_date_corrected_dates_the_session_by_it(tmp_path):
    """break19 F11: the first night of a session continued on 2027.01.05 was typed 2026.12.29 and played
    2026.12.28.  Amended, its hands moved to the 28th but the session row kept the 29th, a day no hand was played:
    the sheet was headed by it, and a restore of the export was dated the 28th (the database and its backup
    disagreed).  The totals do not move: 2026 Al +1, Bea +4, Cy -5, Di +3, Ed -3; 2027 Al -1, Bea -3, Cy -3,
    Di +7, Ed 0."""
    db = tmp_path / "w.duckdb"
    cli("ingest", write(tmp_path, "w1.shn", WINTER1), write(tmp_path, "w2.shn", WINTER2), "--db", str(db))
    fixed = write(tmp_path, "w1fix.shn", WINTER1.replace("2026.12.29", "2026.12.28"))
    assert cli("ingest", "--amend", fixed, "--db", str(db)).output.count("played: date '2026-12-28'") == 2
    assert cli("sheet", "Stammtisch winter", "--db", str(db)).output.splitlines()[0].startswith(
        "Stammtisch winter  (2026-12-28;")
    assert ledger(db, "--to", "2026-12-28") == Y2026 and ledger(db, "--from", "2027-01-01") == Y2027
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    head = backup.read_text().split("hand 1")[0]
    assert '[Date "2026.12.28"]' in head and "2026.12.29" not in backup.read_text()
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    assert cli("sheet", "Stammtisch winter", "--db", str(restored)).output.splitlines()[0].startswith(
        "Stammtisch winter  (2026-12-28;")
    assert ledger(restored, "--to", "2026-12-28") == Y2026 and ledger(restored, "--from", "2027-01-01") == Y2027
    # the second night's date corrected keeps the session on the first night's day
    cli("ingest", "--amend", write(tmp_path, "w2fix.shn", WINTER2.replace("2027.01.05", "2027.01.06")),
        "--db", str(db))
    assert "(2026-12-28;" in cli("sheet", "Stammtisch winter", "--db", str(db)).output.splitlines()[0]
    assert ledger(db, "--from", "2027-01-06") == Y2027


SIX = '[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Epp; Fay=Fay Fox"]\n[Rules "wi6-sit-out"]\n\n'


def test_a_night_continued_on_another_day_does_not_take_its_first_dealer_from_the_last_nights(tmp_path):
    """scorer19 F7b: under wi6-sit-out (the dealer sits out and settles 0, rules.md F-1) a night of 2027.01.16
    continues the league's night of 2027.01.09, whose hand 1 Fay dealt.  Its hand 2 is written without a dealer:
    the rotation of the last night named Al (on Fay's left) and Al sat out, though a new night's first dealer is
    drawn (or is who sits where the last one sat).  Refused for its dealer, stored or in the same file; with the
    dealer written (Bea): Cy picks, Di partner, 70, a win among five (rules.md B-28, F-1): Cy +2, Di +1, Al, Ed,
    Fay -1, Bea 0.  Hand 1 (Al picks, Cy partner, 61: Al +2, Cy +1, Bea, Di, Ed -1; Fay sits out: 0).  Totals Al
    +1, Bea -1, Cy +3, Di 0, Ed -2, Fay -1 (zero-sum)."""
    one = '%SHN 1.0\n[Session "six league"]\n[Date "2027.01.09"]\n' + SIX + (
        "hand 1  dealer Fay\npick Al  call AH  partner Cy  pts 61  win\n")
    two = '%SHN 1.0\n[Session "six league"]\n[Date "2027.01.16"]\n' + SIX + (
        "hand 2\npick Cy  call AS  partner Di  pts 70  win\n")
    db = tmp_path / "six.duckdb"
    r = cli("ingest", write(tmp_path, "a.shn", one), write(tmp_path, "b.shn", two), "--db", str(db), ok=False)
    assert "E-DEALER (hand 2)" in r.output and "on a new day" in r.output
    db2 = tmp_path / "six2.duckdb"
    cli("ingest", write(tmp_path, "a.shn", one), "--db", str(db2))
    r = cli("ingest", write(tmp_path, "b.shn", two), "--db", str(db2), ok=False)
    assert "E-DEALER (hand 2)" in r.output
    # the same two nights in one file (the second night's own [Date]): the same
    r = cli("ingest", write(tmp_path, "c.shn", one + '\n[Date "2027.01.16"]\nhand 2\n'
                            "pick Cy  call AS  partner Di  pts 70  win\n"), "--db", str(tmp_path / "c.duckdb"),
            ok=False)
    assert "E-DEALER (hand 2)" in r.output
    cli("ingest", write(tmp_path, "b.shn", two.replace("hand 2\n", "hand 2  dealer Bea\n")), "--db", str(db2))
    assert ledger(db2) == {"Al Ames": 1, "Bea Berg": -1, "Cy Cole": 3, "Di Dorn": 0, "Ed Epp": -2, "Fay Fox": -1}
    # on the same day the rotation still gives the dealer: hand 3 after Bea's deal is Cy's, Cy sits out
    three = two.replace("hand 2\n", "hand 3\n").replace("pick Cy  call AS  partner Di", "pick Di  call AS  "
                                                        "partner Bea")
    cli("ingest", write(tmp_path, "d.shn", three), "--db", str(db2))
    # h3 Di picks, Bea partner, 70: Di +2, Bea +1, Al, Ed, Fay -1, Cy (dealer) 0
    assert ledger(db2) == {"Al Ames": 0, "Bea Berg": 0, "Cy Cole": 3, "Di Dorn": 2, "Ed Epp": -3, "Fay Fox": -2}


# -- Void and bring back on the dashboard, and a hand's history shown (dash19 F8) ---------------------------------

from tests.test_dashboard_replay import example_db, ok, page, stored_units, texts  # noqa: E402, F401

EXAMPLE = "Thursday Night Sheepshead / 2025.03.06 / 2"


def _edit(at, number: int):
    from ingest.store import reading, resolve_db

    with reading(resolve_db()) as con:
        (sid,) = con.execute("SELECT session_id FROM sessions WHERE session = ?", [EXAMPLE]).fetchone()
    ok(at.selectbox(key="lh_session").set_value(sid).run())
    ok(at.radio(key="lh_input").set_value("edit").run())
    return ok(at.selectbox(key="lh_edit_no").set_value(number).run())


def test_a_hand_is_voided_and_brought_back_on_the_log_a_hand_page(example_db):  # noqa: F811
    """Hand 15 of the example session, as written: Cy picks, calls the ace of spades, Ed partner, 72: a win
    (rules.md B-28, B-33): Cy +2, Ed +1, Al, Bea, Di -1 (its score line says the same).  dash19 F8: the dashboard
    had no Void action and showed no reason or revision.  Voided there (the box ticked and a reason given), hand 15
    leaves the totals; hand 16 (Di alone, 93, schneider: Di +8, the others -2) keeps its units (no doubler or pot
    carries through hand 15).  Brought back with its text as voided, it counts again, and its history lists the
    three revisions with their reasons."""
    db, ids = example_db
    at = _edit(ok(page("log_hand.py").run()), 15)
    ok(at.button(key="lh_void").click().run())  # not ticked: nothing happens
    assert 'tick "Yes, void hand 15" first' in texts(at)
    assert stored_units(db, EXAMPLE, 15) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
    at.checkbox(key="lh_void_sure").check()
    ok(at.button(key="lh_void").click().run())  # no reason: nothing happens
    assert "say why the hand is voided" in texts(at) and stored_units(db, EXAMPLE, 15)
    at.text_input(key="lh_void_reason").set_value("dealt at the other table")
    ok(at.button(key="lh_void").click().run())
    shown = texts(at)
    assert "Hand 15 voided" in shown and "dealt at the other table" in shown, shown
    assert stored_units(db, EXAMPLE, 15) == {}
    assert stored_units(db, EXAMPLE, 16) == {"Al": -2, "Bea": -2, "Cy": -2, "Di": 8, "Ed": -2}
    assert "hand 15 (voided)" in at.selectbox(key="lh_edit_no").options
    assert "voided (not counted): hand(s) 15 (dealt at the other table)" in cli("sheet", EXAMPLE, "--db",
                                                                                 str(db)).output
    assert "Hand 15 was voided (revision 2" in texts(at)
    assert at.text_area(key="lh_edit_text").value.startswith("hand 15  dealer Al\npick Cy")
    # the Replay page of its id says why, and shows its history
    rp = page("replay_hand.py")
    rp.query_params["hand"] = str(ids[15])
    ok(rp.run())
    assert "was voided (revision 2" in texts(rp) and "dealt at the other table" in texts(rp)
    assert any("History of this hand (2 revisions)" in e.label for e in rp.expander)
    # brought back, its text as it was voided
    at.text_input(key="lh_edit_reason").set_value("it was ours after all")
    ok(at.button(key="lh_edit_back").click().run())
    assert "Hand 15 brought back: revision 3 in force (it was ours after all)" in texts(at)
    assert stored_units(db, EXAMPLE, 15) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
    assert "hand 15" in at.selectbox(key="lh_edit_no").options
    rp = page("replay_hand.py")
    rp.query_params["hand"] = str(ids[15])
    ok(rp.run())
    hist = next(e for e in rp.expander if "History of this hand" in e.label)
    assert "(3 revisions)" in hist.label
    table = hist.dataframe[0].value
    assert list(table["action"]) == ["ingest", "void", "amend"]
    assert list(table["reason"])[1:] == ["dealt at the other table", "it was ours after all"]
    assert list(table["in force"]) == ["", "", "yes"]


# -- A sheet without a Group column given its group (note-s19 "Left": no --group) ---------------------------------

FRIDAY = """Date,Hand,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve
2026-11-06,1,Ann,Bob,75,win,2,1,-1,-1,-1
2026-11-06,2,Cal,Dee,40,lose,2,2,-4,-2,2
2026-11-13,1,Eve,Ann,91,win,2,-2,-2,-2,4
"""


def test_a_sheet_without_a_group_column_is_given_its_group_by_name(tmp_path):
    """A Friday club's sheet has no Group column: its nights were each under the file's group ('CSV fri').
    By hand (rules.md B-28, B-33): 11-06 h1 Ann picks, Bob partner, 75: Ann +2, Bob +1, the others -1; h2 Cal
    picks, Dee partner, 40, lost doubled on the bump: Cal -4, Dee -2, the others +2; 11-13 h1 Eve picks, Ann
    partner, 91: schneider, 2 a defender: Eve +4, Ann +2, Bob, Cal, Dee -2.  Totals Ann +6, Bob +1, Cal -7,
    Dee -5, Eve +5 (zero-sum); both nights in group 'Friday Club'."""
    db = tmp_path / "f.duckdb"
    cli("ingest", write(tmp_path, "fri.csv", FRIDAY), "--columns", "group=Friday Club", "--db", str(db))
    want = {"Ann": 6, "Bob": 1, "Cal": -7, "Dee": -5, "Eve": 5}
    assert ledger(db, "--group", "Friday Club") == want
    assert ledger(db, "--group", "CSV fri") == {}
    # a ledger of sitting totals, the same way: Ann +3 -2, Bob -1 +4, Cal -2 -2
    sittings = "Date,Ann,Bob,Cal\n2026-11-01,3,-1,-2\n2026-11-08,-2,4,-2\n"
    cli("ingest", write(tmp_path, "sun.csv", sittings), "--columns", "group=Sunday Club", "--db", str(db))
    assert ledger(db, "--group", "Sunday Club") == {"Ann": 1, "Bob": 3, "Cal": -4}
    # a sheet that has a Group column is not given another: refused whole, nothing stored
    grouped = FRIDAY.replace("Date,", "Date,Group,").replace("2026-11-06,", "2026-11-06,Thu,").replace(
        "2026-11-13,", "2026-11-13,Thu,")
    r = cli("ingest", write(tmp_path, "thu.csv", grouped), "--columns", "group=Friday Club", "--db",
            str(tmp_path / "t.duckdb"), ok=False)
    assert "E-CSV-COLUMNS" in r.output and "the sheet has a group column (Group)" in r.output
    # group=COLUMN still names a column
    r = cli("ingest", write(tmp_path, "thu.csv", grouped.replace("Date,Group,", "Date,Club,")), "--columns",
            "group=Club", "--db", str(tmp_path / "c.duckdb"))
    assert ledger(tmp_path / "c.duckdb", "--group", "Thu") == want


# -- A running-totals pad that carries a leaver's standing down (break18b F14) ------------------------------------

PAD = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve,Fay
2026-12-04,1,Eve,Ann,Bob,AH,72,W,,2,1,-1,-1,-1,
2026-12-04,2,Ann,Cal,Dee,AC,45,L,,4,3,-5,-3,1,
2026-12-04,3,Bob,Dee,,alone,61,W,,3,2,-6,1,0,
2026-12-04,4,Cal,Fay,Ann,AS,91,W,,5,2,-8,-1,-2,4
2026-12-04,5,Dee,Eve,Cal,AH,30,L,,9,2,-12,3,-10,8
2026-12-04,6,Eve,Bob,,alone,95,W,Bob is back,7,10,-14,1,-12,8
"""


def test_a_running_pad_that_carries_the_leavers_standing_down_reads_the_substitute(tmp_path):
    """A pad of standings (units=running) where Fay takes Bob's seat at hand 4 and Bob takes it back at hand 6;
    the scorer copies the absent player's standing down (Bob's 2 in rows 4-5, Fay's 8 in row 6), the usual way.
    By hand, each hand's units the standing less the row above's, checked against the rules (B-28, B-29, B-33):
    h1 Ann +2, Bob +1, -1 each; h2 Cal picks, Dee partner, 45 lost doubled: Cal -4, Dee -2, +2 each; h3 Dee alone
    61: +4, -1 each; h4 Fay picks, Ann partner, 91 schneider: Fay +4, Ann +2, Cal, Dee, Eve -2; h5 Eve picks, Cal
    partner, 30 schneidered and lost doubled: Eve -8, Cal -4, Ann, Dee, Fay +4; h6 Bob alone 95 schneider: +8,
    -2 each.  Totals Ann +7, Bob +10, Cal -14, Dee +1, Eve -12, Fay +8 (zero-sum), the final standings.  The carried
    cells were read as a sixth player at the table and hands 4-6 refused."""
    db = tmp_path / "pad.duckdb"
    r = cli("ingest", write(tmp_path, "pad.csv", PAD), "--columns", "units=running", "--db", str(db))
    assert "6 stored" in r.output and "Fay takes Bob's seat" in r.output and "Bob takes Fay's seat" in r.output
    assert ledger(db) == {"Ann": 7, "Bob": 10, "Cal": -14, "Dee": 1, "Eve": -12, "Fay": 8}
    # a standing carried beside a sixth cell that moved is no leaver: still refused, never guessed
    bad = PAD.replace("2026-12-04,5,Dee,Eve,Cal,AH,30,L,,9,2,-12,3,-10,8", "2026-12-04,5,Dee,Eve,Cal,AH,30,L,,9,3,"
                      "-12,3,-10,8")
    r = cli("ingest", write(tmp_path, "bad.csv", bad), "--columns", "units=running", "--db", str(tmp_path / "b.duckdb"),
            ok=False)
    assert "4 stored, 0 duplicates, 2 rejected" in r.output and "E-CSV-SEATS (hand 5)" in r.output


# -- An amendment that leaves out the hand's own [Rules] or [Seats] line (real20 F0) ------------------------------

OWN_HEAD = ('%SHN 1.0\n[Event "Own night"]\n[Date "2026.11.28"]\n'
            '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]\n[Rules "wi5-called-ace"]\n\n')
OWN_H1 = "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 70  win\n\n"


def test_an_amendment_that_leaves_out_the_hands_own_rules_line_is_refused(tmp_path):
    """Hand 2 played without double on the bump (its own [Rules] line): Cy picks, Ed partner, 40, lost: Cy -2,
    Ed -1, the others +1 (rules.md B-33); h1 Bea picks, Di partner, 70: Bea +2, Di +1, -1 each.  A typo fix
    (pts 40 -> 45, the same tier) written under the session's header, as README says, left the line out and was
    stored doubled (Cy -4, Ed -2) without a word.  Now refused, nothing changed; with the line written it is
    stored, the units as before: Allen 0, Bea +3, Cy -3, Di +2, Ed -2."""
    own = '[Rules "wi5-called-ace; doubleOnBump=off"]\n'
    night = OWN_HEAD + OWN_H1 + "hand 2  dealer Al\n" + own + "pick Cy  call AS  partner Ed  pts 40  lose\n"
    db = tmp_path / "r.duckdb"
    cli("ingest", write(tmp_path, "n.shn", night), "--db", str(db))
    want = {"Allen Braun": 0, "Bea Schmidt": 3, "Cy Ott": -3, "Di Lenz": 2, "Ed Kahl": -2}
    assert ledger(db) == want
    fix = OWN_HEAD + "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 45  lose\n"
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db), ok=False)
    assert r.exit_code == 1 and "stored with its own [Rules 'wi5-called-ace; doubleOnBump=off'] line" in r.output
    assert ledger(db) == want
    fix = OWN_HEAD + "hand 2  dealer Al\n" + own + "pick Cy  call AS  partner Ed  pts 45  lose\n"
    assert "revision 2 in force" in cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db)).output
    assert ledger(db) == want
    # the session's rules written in the hand: a deliberate change, scored doubled (Cy -4, Ed -2, +2 each)
    fix = OWN_HEAD + 'hand 2  dealer Al\n[Rules "wi5-called-ace"]\npick Cy  call AS  partner Ed  pts 45  lose\n'
    cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db))
    assert ledger(db) == {"Allen Braun": 1, "Bea Schmidt": 4, "Cy Ott": -5, "Di Lenz": 3, "Ed Kahl": -3}


def test_an_amendment_that_leaves_out_a_substitutes_own_seats_line_is_refused(tmp_path):
    """Hand 2 with its own [Seats] line: Fay sat in for Ed.  Cy picks, Fay partner, 40 lost, doubled on the bump
    (rules.md B-33): Cy -4, Fay -2, Al, Bea, Di +2; h1 Bea +2, Di +1, -1 each.  Totals Allen +1, Bea +4, Cy -5,
    Di +3, Ed -1 (one hand), Fay -2.  A typo fix under the session's header gave Fay's -2 to Ed, said as a
    rename ("Ed is 'Ed Kahl' (was 'Fay Wirth')").  Now refused with the [Seats] line to write."""
    seats = '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Fay Wirth"]\n'
    night = OWN_HEAD + OWN_H1 + "hand 2  dealer Al\n" + seats + "pick Cy  call AS  partner Ed  pts 40  lose\n"
    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "n.shn", night), "--db", str(db))
    want = {"Allen Braun": 1, "Bea Schmidt": 4, "Cy Ott": -5, "Di Lenz": 3, "Ed Kahl": -1, "Fay Wirth": -2}
    assert ledger(db) == want
    fix = OWN_HEAD + "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 45  lose\n"
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db), ok=False)
    assert r.exit_code == 1 and "Ed is 'Fay Wirth' there and 'Ed Kahl' here" in r.output and seats.strip() in r.output
    assert ledger(db) == want
    fix = OWN_HEAD + "hand 2  dealer Al\n" + seats + "pick Cy  call AS  partner Ed  pts 45  lose\n"
    assert "revision 2 in force" in cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db)).output
    assert ledger(db) == want


# -- A mistyped date on a night's last row (break20 F2, F7: a regression of 2c799e0) ------------------------------

LAST_ROW = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve
2026-12-04,1,Eve,Ann,Bob,AH,72,W,2,1,-1,-1,-1
2026-12-04,2,Ann,Cal,Dee,AS,45,L,2,2,-4,-2,2
{d},3,Bob,Dee,,alone,93,W,-2,-2,-2,8,-2
2026-12-11,1,Dee,Bob,Cal,AC,30,L,4,-8,-4,4,4
2026-12-11,2,Eve,Cal,Eve,AH,31,L,2,2,-4,2,-2
2026-12-11,3,Ann,Ann,,alone,120,W,12,-3,-3,-3,-3
"""
#: By hand (rules.md B-27..B-33): 12-04 h1 Ann +2, Bob +1, -1 each; h2 Cal -4, Dee -2, +2 each (lost, doubled on
#: the bump); h3 Dee alone 93, schneider: +8, -2 each.  12-11 h1 Bob picks, Cal partner, 30: schneidered, doubled:
#: Bob -8, Cal -4, +4 each; h2 Cal picks, Eve partner, 31: lost doubled: Cal -4, Eve -2, +2 each; h3 Ann alone,
#: 120, no-tricker (B-29): +12, -3 each.  12-04 without h3: Ann +4, Bob +3, Cal -5, Dee -3, Eve +1; 12-11: Ann +18,
#: Bob -9, Cal -11, Dee +3, Eve -1; both nights whole: Ann +20, Bob -8, Cal -18, Dee +8, Eve -2.
FIRST_TWO = {"Ann": 22, "Bob": -6, "Cal": -16, "Dee": 0, "Eve": 0}
BOTH = {"Ann": 20, "Bob": -8, "Cal": -18, "Dee": 8, "Eve": -2}


def test_a_mistyped_date_on_a_nights_last_row_is_that_nights_refused_hand(tmp_path):
    """The typo row (2026-12-O4, a letter O) was filed with the night below (the next row's date): with hand
    numbers, the next night's three good rows were refused as out of order; without, the next night was numbered
    2..4 and the mended sheet sent again stored its first hand twice (Ann +24)."""
    for name, text in (("numbered", LAST_ROW), ("by place", "\n".join(
            ",".join(c for k, c in enumerate(line.split(",")) if k != 1) for line in LAST_ROW.split("\n")))):
        db = tmp_path / f"{name}.duckdb"
        r = cli("ingest", write(tmp_path, "last.csv", text.format(d="2026-12-O4")), "--db", str(db), ok=False)
        assert "5 stored, 0 duplicates, 1 rejected" in r.output, (name, r.output)
        assert "E-CSV-DATE (hand 3)" in r.output and "written YYYY-MM-DD" in r.output
        assert ledger(db) == FIRST_TWO, name
        assert "CSV last 2026-12-04: hand 3 was refused" in cli("ledger", "--db", str(db)).output
        r = cli("ingest", write(tmp_path, "last.csv", text.format(d="2026-12-04")), "--db", str(db))
        assert "1 stored, 5 duplicates, 0 rejected" in r.output, (name, r.output)
        assert ledger(db) == BOTH, name
        assert "refused" not in cli("ledger", "--db", str(db)).output


# -- One season file writing the same [Session] each week, numbered from 1 again (break20 F13) ---------------------

WEEK = ('[Session "Thursday league"]\n[Date "{d}"]\n' + '[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; '
        'Ed=Ed Epp"]\n[Rules "wi5-called-ace"]\n\n')
SEASON = ("%SHN 1.0\n" + WEEK.format(d="2026.12.03") + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
          "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\nhand 3  dealer Bea\nleaster Al\n\n"
          + WEEK.format(d="2026.12.10") + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n"
          "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 66  win\nhand 3  dealer Bea\nleaster Al\n")
#: Week 1 by hand (rules.md B-28, B-33, C-1): h1 Bea +2, Di +1, -1 each; h2 Cy -4, Ed -2, +2 each (lost, doubled on
#: the bump); h3 a leaster won by Al: +4, -1 each.  Al +5, Bea +3, Cy -6, Di +2, Ed -4.
WEEK1 = {"Al Ames": 5, "Bea Berg": 3, "Cy Cole": -6, "Di Dorn": 2, "Ed Epp": -4}


def test_a_session_written_again_in_one_file_and_numbered_from_1_again_is_refused_whole(tmp_path, monkeypatch):
    """The second week's hands 1 and 3 (the same text as week 1's) were dropped as duplicates and its hand 2
    stored as a second hand 2 of the session: "7 stored, 2 duplicates" without a word.  From two files the
    second night is refused whole; in one file, read whole or streamed in batches, now the same.  Its own
    [Session] (as the message says) stores it: week 2 h1 Bea +2, Di +1, -1 each; h2 Cy picks, Ed partner, 66:
    Cy +2, Ed +1, -1 each; h3 Al's leaster +4, -1 each: Al +2, Bea 0, Cy 0, Di -1, Ed -1."""
    for stream in ("", "100"):
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", stream or "100000000")
        db = tmp_path / f"s{stream}.duckdb"
        r = cli("ingest", write(tmp_path, "season.shn", SEASON), "--db", str(db), ok=False)
        assert "3 stored, 0 duplicates, 3 rejected" in r.output, r.output
        assert r.output.count("E-HAND-ORDER") == 3 and '[Session "Thursday league 2026.12.10"]' in r.output
        assert ledger(db) == WEEK1
        assert "Incomplete" not in cli("ledger", "--db", str(db)).output
    fixed = SEASON.replace('[Session "Thursday league"]\n[Date "2026.12.10"]',
                           '[Session "Thursday league 2026.12.10"]\n[Date "2026.12.10"]')
    cli("ingest", write(tmp_path, "season.shn", fixed), "--db", str(db))
    assert ledger(db) == {"Al Ames": 7, "Bea Berg": 3, "Cy Cole": -6, "Di Dorn": 1, "Ed Epp": -5}
    # the same session written again and numbered on (hand 4) is one session, as before
    on = SEASON.replace("2026.12.10\"]\n", "2026.12.03\"]\n").replace(
        "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\nhand 2  dealer Al\npick Cy  call AS  partner Ed"
        "  pts 66  win\nhand 3  dealer Bea\nleaster Al\n", "hand 4  dealer Cy\nleaster Al\n")
    db = tmp_path / "on.duckdb"
    assert "4 stored, 0 duplicates, 0 rejected" in cli("ingest", write(tmp_path, "on.shn", on), "--db", str(db)).output
    assert ledger(db) == {"Al Ames": 9, "Bea Berg": 2, "Cy Cole": -7, "Di Dorn": 1, "Ed Epp": -5}


def test_log_a_hand_after_a_void_offers_the_next_free_number_and_says_why_a_save_is_refused(example_db):  # noqa: F811
    """new20 F1: after the last hand (18) was voided, the form offered 18 again, and Save hand then stored nothing
    and said nothing (the live check drew over the refusal).  Now 19 is offered; the voided number typed anyway is
    refused with its E-HAND-CONFLICT and what to do on the page.  Hand 19 as logged: Al picks, calls the ace of
    spades, Cy partner, 70: a win (rules.md B-28, B-33): Al +2, Cy +1, Bea, Di, Ed -1."""
    from tests.test_dashboard_replay import fill, press

    db, _ids = example_db
    cli("void", EXAMPLE + "#18", "--reason", "entered by mistake", "--db", str(db))
    at = ok(page("log_hand.py").run())
    from ingest.store import reading, resolve_db

    with reading(resolve_db()) as con:
        (sid,) = con.execute("SELECT session_id FROM sessions WHERE session = ?", [EXAMPLE]).fetchone()
    ok(at.selectbox(key="lh_session").set_value(sid).run())
    assert at.number_input(key="lh_number").value == 19
    ok(at.number_input(key="lh_number").set_value(18).run())
    fill(at, picker="Al", call="ace", suit="S", partner="Cy", pts=70, outcome="win")
    press(at, "Check score")
    press(at, "Save hand")
    errors = " ".join(e.value for e in at.error)
    # verify34 F6: the voided number is said at Check already (bring it back, or the next free number, named), so
    # Save stores nothing and points at it
    assert "hand 18 of session" in errors and "was voided" in errors and "Bring it back" in errors
    assert "save it as hand 19" in errors and "Not saved" in errors
    assert stored_units(db, EXAMPLE, 18) == {}
    ok(at.number_input(key="lh_number").set_value(19).run())
    press(at, "Check score")
    press(at, "Save hand")
    assert "Stored hand 19 of" in texts(at)
    assert stored_units(db, EXAMPLE, 19) == {"Al": 2, "Bea": -1, "Cy": 1, "Di": -1, "Ed": -1}


# -- A bury written whole bounds the picker side's points, with no trick written (real20 F1) ----------------------

CUTTHROAT = """%SHN 1.0
[Event "Cutthroat at the shop"]
[Date "2026.11.25"]
[Seats "N=Ned; E=Ella; S=Sam; W=Walt"]
[Rules "wi4-cutthroat"]

hand 1  dealer W
deal N  QC QS QH QD JC JS JH
deal E  JD TD KD 9D 8D 7D TC
deal S  KC 9C 8C 7C TS KS 9S
deal W  8S 7S TH KH 9H 8H 7H
blind AC AS AH AD
pick N
bury AC AS AH AD
{result}
"""


def test_a_bury_written_whole_bounds_the_picker_sides_points_without_tricks(tmp_path):
    """Ned buries the four aces: 4 x 11 = 44 card points (rules.md A-5), the picker side's whatever its tricks
    (B-24).  "pts 30  tricks 1  lose-s" contradicts the record and was stored schneidered: Ned -12, +4 each.
    Refused now (E-PTS, 44..120).  "pts 50  tricks 1  lose" is a plain loss (50 < 61, above 30: B-28) alone
    against three, doubled on the bump (F-3, B-32): each opponent +2, Ned -6.  And with no trick at all the side
    holds exactly its bury: "pts 40  tricks 0" is refused too."""
    db = tmp_path / "c.duckdb"
    r = cli("ingest", write(tmp_path, "c.shn", CUTTHROAT.format(result="pts 30  tricks 1  lose-s")), "--db", str(db),
            ok=False)
    assert "E-PTS (hand 1)" in r.output and "at least 44" in r.output and "its bury as written" in r.output
    r = cli("ingest", write(tmp_path, "c.shn", CUTTHROAT.format(result="pts 40  tricks 0")), "--db", str(db),
            ok=False)
    assert "E-PTS (hand 1)" in r.output
    cli("ingest", write(tmp_path, "c.shn", CUTTHROAT.format(result="pts 50  tricks 1  lose")), "--db", str(db))
    assert ledger(db) == {"Ned": -6, "Ella": 2, "Sam": 2, "Walt": 2}


# -- Some deal lines written: the rules that need only their cards (real20 F1b) -----------------------------------

PARTIAL = ('%SHN 1.0\n[Event "Partial"]\n[Date "2026.11.26"]\n'
           '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]\n[Rules "{rules}"]\n\n')


def test_the_rules_that_need_only_the_cards_written_are_checked_with_some_deal_lines(tmp_path):
    """A scorer's program writes the picker's line (or the marker's) and not the others'.  Each record below
    is refused when every deal line is written; with one line it was stored, two of them paid double:

    * Bea holds Q♣ J♣ A♦ 10♦ K♣ 9♠, takes A♠ 7♥, buries A♠ 7♥ and calls A♥: she keeps no heart, no hold
      card (rules.md B-9b, B-12, I-24): E-CALL-NO-HOLD.
    * the same line with the blind A♠ A♥, 10♦ K♣ buried: she holds two fail aces (A♠ A♥), not all three, and
      calls 10♠: E-CALL-TEN (B-10).
    * Di's line Q♥ J♥ 8♦ A♣ 8♣ K♥ has no black queen; "blitz Di black" (allowBlitz=queens, E-5): E-BLITZ (as
      stored it was paid x2).
    * partnerMayCrack=off: Di's line holds the called A♥, so Di is the partner and may not crack (E-2):
      E-CRACK (as stored it was paid x2).

    Legal records are stored at the amounts by hand: Bea buries K♣ 7♥ and goes alone, 70: a win alone, +4,
    -1 each (B-33); Di's line with both black queens blitzes, Cy picks, Ed partner, 70, a win at x2 (E-5,
    B-33): Cy +4, Ed +2, the others -2."""
    bea = "deal Bea QC JC AD TD KC 9S\n"
    cases = [
        ("wi5-called-ace", bea + "blind AS 7H\npick Bea\nbury AS 7H\ncall AH\npartner Di  pts 70  win\n",
         "E-CALL-NO-HOLD"),
        ("wi5-called-ace", bea + "blind AS AH\npick Bea\nbury TD KC\ncall TS\npartner Di  pts 70  win\n",
         "E-CALL-TEN"),
        ("wi5-called-ace; allowBlitz=queens", "deal Di  QH JH 8D AC 8C KH\npick Cy\nblitz Di black\n"
         "partner Ed  pts 70  win\n", "E-BLITZ"),
        ("wi5-called-ace; partnerMayCrack=off", "deal Di  QD KD 7D AH 7C TS\npick Bea\ncall AH\ncrack Di\n"
         "pts 70  win\nscore Al -2 Bea +4 Cy -2 Di +2 Ed -2\n", "E-CRACK"),
    ]
    for k, (rules, body, code) in enumerate(cases):
        r = cli("ingest", write(tmp_path, f"p{k}.shn", PARTIAL.format(rules=rules) + "hand 1  dealer Ed\n" + body),
                "--db", str(tmp_path / f"p{k}.duckdb"), ok=False)
        assert f"{code} (hand 1)" in r.output and "0 stored" in r.output, (code, r.output)
    # legal: Bea buries K♣ 7♥ and goes alone, 70 (B-33): Bea +4, the others -1
    db = tmp_path / "ok.duckdb"
    cli("ingest", write(tmp_path, "ok.shn", PARTIAL.format(rules="wi5-called-ace") + "hand 1  dealer Ed\n" + bea
                        + "blind AS 7H\npick Bea\nbury KC 7H\nalone  pts 70  win\n"), "--db", str(db))
    assert ledger(db) == {"Allen Braun": -1, "Bea Schmidt": 4, "Cy Ott": -1, "Di Lenz": -1, "Ed Kahl": -1}
    # a blitz by a seat whose line shows both black queens is paid double (E-5): Cy +4, Ed +2, the others -2
    db = tmp_path / "bl.duckdb"
    cli("ingest", write(tmp_path, "bl.shn", PARTIAL.format(rules="wi5-called-ace; allowBlitz=queens")
                        + "hand 1  dealer Ed\ndeal Di  QC QS 8D AC 8C KH\npick Cy\nblitz Di black\n"
                          "partner Ed  pts 70  win\n"), "--db", str(db))
    assert ledger(db) == {"Allen Braun": -2, "Bea Schmidt": -2, "Cy Ott": 4, "Di Lenz": -2, "Ed Kahl": 2}


def test_a_week_numbered_from_1_again_after_a_voided_practice_night_is_refused_whole(tmp_path):
    """break20 F6: week 1 of the Thursday league (2026.12.03, hands 1-3) was voided whole, a practice night.  Week
    2's file (2026.12.10, the same [Session], hands 1-3 numbered from 1 again) had hands 1 and 3 dropped as copies
    of the voided ones (the same score lines) and hand 2 refused as voided; its other hands would have gone into
    the voided night.  Refused whole now, here and after a backup, as when week 1 is in force; with its own
    [Session] it is stored: week 2 by hand (rules.md B-28, B-33, C-1): Al +2, Bea 0, Cy 0, Di -1, Ed -1."""
    week1 = "%SHN 1.0\n" + SEASON.split("%SHN 1.0\n")[1].split('[Session "Thursday league"]\n[Date "2026.12.10"]')[0]
    week2 = "%SHN 1.0\n" + '[Session "Thursday league"]\n[Date "2026.12.10"]' + SEASON.split(
        '[Session "Thursday league"]\n[Date "2026.12.10"]')[1]
    db = tmp_path / "v.duckdb"
    cli("ingest", write(tmp_path, "w1.shn", week1), "--db", str(db))
    cli("void", "Thursday league", "--session", "--reason", "practice night", "--db", str(db))
    r = cli("ingest", write(tmp_path, "w2.shn", week2), "--db", str(db), ok=False)
    assert "0 stored, 0 duplicates, 3 rejected" in r.output and "(voided since)" in r.output
    assert ledger(db) == {}
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    r = cli("ingest", write(tmp_path, "w2.shn", week2), "--db", str(restored), ok=False)
    assert "0 stored, 0 duplicates, 3 rejected" in r.output and "numbering its hands from 1 again" in r.output
    cli("ingest", write(tmp_path, "w2.shn", week2.replace('[Session "Thursday league"]',
                                                        '[Session "Thursday league 2026.12.10"]')), "--db", str(db))
    assert ledger(db) == {"Al Ames": 2, "Bea Berg": 0, "Cy Cole": 0, "Di Dorn": -1, "Ed Epp": -1}


OAK = """Date,Group,Hand,Dealer,Picker,Partner,Call,Points,Result,Notes,Ann,Bob,Cal,Dee,Eve
2026-12-04,Oak League,1,Eve,Ann,Bob,AH,72,W,nice,$0.50,$0.25,-$0.25,-$0.25,-$0.25
2026-12-04,,2,Ann,Cal,Dee,AS,45,L,,$0.50,$0.50,-$1.00,-$0.50,$0.50
2026-12-04,,3,Bob,Dee,,alone,93,W,schneider!,-$0.50,-$0.50,-$0.50,$2.00,-$0.50
2026-12-04,,4,Cal,Eve,Ann,AC under,61,W,,$0.25,-$0.25,-$0.25,-$0.25,$0.50
Total,,,,,,,,,,$0.75,$0.00,-$2.00,$1.00,$0.25
2026-12-11,,1,Dee,Bob,Cal,AC,30,L,,$1.00,-$2.00,-$1.00,$1.00,$1.00
2026-12-11,,2,Eve,Cal,Eve,AH,31,L,,$0.50,$0.50,-$1.00,$0.50,-$0.50
2026-12-11,,3,Ann,Ann,,alone,120,W,,$3.00,-$0.75,-$0.75,-$0.75,-$0.75
Total,,,,,,,,,,$4.50,-$2.25,-$2.75,$0.75,-$0.25
"""


def test_a_stored_money_sheet_sent_again_at_a_wrong_stake_changes_nothing(tmp_path):
    """break20 F14.  At $0.25 a unit, by hand (rules.md B-28, B-29, B-33): 12-04 h1 Ann +2, Bob +1, -1 each; h2
    Cal -4, Dee -2, +2 each; h3 Dee alone 93, schneider +8, -2 each; h4 Eve +2, Ann +1, -1 each: Ann +3, Bob 0,
    Cal -8, Dee +4, Eve +1 (the Total row: $0.75 $0.00 -$2.00 $1.00 $0.25).  12-11 h1 Bob -8, Cal -4, +4 each
    (schneidered, doubled); h2 Cal -4, Eve -2, +2 each; h3 Ann alone, no-tricker: +12, -3 each: Ann +18, Bob -9,
    Cal -11, Dee +3, Eve -1.  Both: Ann +21, Bob -9, Cal -19, Dee +7, Eve 0.  The sheet sent again with
    stake=0.5 stores nothing (every row refused) and marked both complete nights incomplete against its own
    wrongly scaled Total rows."""
    db = tmp_path / "oak.duckdb"
    sheet = write(tmp_path, "oak.csv", OAK)
    cli("ingest", sheet, "--columns", "stake=0.25", "--db", str(db))
    want = {"Ann": 21, "Bob": -9, "Cal": -19, "Dee": 7, "Eve": 0}
    assert ledger(db) == want and "Incomplete" not in cli("ledger", "--db", str(db)).output
    r = cli("ingest", sheet, "--columns", "stake=0.5", "--db", str(db), ok=False)
    assert "0 stored, 0 duplicates, 7 rejected" in r.output
    assert ledger(db) == want and "Incomplete" not in cli("ledger", "--db", str(db)).output
    assert "7 duplicates" in cli("ingest", sheet, "--columns", "stake=0.25", "--db", str(db)).output


def test_a_typo_fix_of_the_first_night_under_the_later_nights_header_does_not_move_it(tmp_path):
    """break20 F1, the reverse of break19 F5.  Session 'rc': 2027.01.05 h1 Bea picks, Di partner, 75: Bea +2, Di +1,
    -1 each; h2 Cy picks, Ed partner, 40 lost doubled: Cy -4, Ed -2, +2 each (rules.md B-28, B-33) — that night Al
    +1, Bea +4, Cy -5, Di +3, Ed -3; continued 2027.01.12 with hands 3, 4.  Hand 1's typo fix (75 -> 76, the same
    tier) written under the later night's header moved it to 2027-01-12.  Refused now, nothing changed; with the
    hand's own [Date] line of its night it goes through and the night keeps its totals."""
    head = '%SHN 1.0\n[Session "rc"]\n' + SEATS_RC + '[Rules "wi5-called-ace"]\n[Date "{d}"]\n\n'
    one = head.format(d="2027.01.05") + ("hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n\n"
                                         "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\n")
    two = head.format(d="2027.01.12") + ("hand 3  dealer Bea\npick Di  alone  pts 93  win-s\n\n"
                                         "hand 4  dealer Cy\npick Ed  call AC  partner Al  pts 61  win\n")
    db = tmp_path / "rc.duckdb"
    cli("ingest", write(tmp_path, "rc1.shn", one), write(tmp_path, "rc2.shn", two), "--db", str(db))
    night = {"Al Ames": 1, "Bea Berg": 4, "Cy Cole": -5, "Di Dorn": 3, "Ed Epp": -3}
    assert ledger(db, "--to", "2027-01-05") == night
    fix = head.format(d="2027.01.12") + "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 76  win\n"
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db), ok=False)
    assert r.exit_code == 1 and "the day the session's hand(s) 3, 4 are played on" in r.output
    assert ledger(db, "--to", "2027-01-05") == night
    own = fix.replace("hand 1  dealer Ed\n", 'hand 1  dealer Ed\n[Date "2027.01.05"]\n')
    assert "revision 2 in force" in cli("ingest", "--amend", write(tmp_path, "fix.shn", own), "--db", str(db)).output
    assert ledger(db, "--to", "2027-01-05") == night


def _rc(tmp_path):
    head = '%SHN 1.0\n[Session "rc"]\n' + SEATS_RC + '[Rules "wi5-called-ace"]\n'
    one = head + '[Date "2027.01.05"]\n\n' + ("hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n\n"
                                            "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\n")
    two = head + '[Date "2027.01.12"]\n\n' + ("hand 3  dealer Bea\npick Di  alone  pts 93  win-s\n\n"
                                            "hand 4  dealer Cy\npick Ed  call AC  partner Al  pts 61  win\n")
    db = tmp_path / "rc.duckdb"
    cli("ingest", write(tmp_path, "rc1.shn", one), write(tmp_path, "rc2.shn", two), "--db", str(db))
    return db, head + "\n"


def _days(db) -> dict[int, str]:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        return dict(con.execute("SELECT hand, CAST(date AS VARCHAR) FROM hands ORDER BY hand").fetchall())


def test_an_amendment_without_a_date_keeps_each_hands_day(tmp_path):
    """break20 F12: typo fixes of hand 1 (75 -> 76) and hand 3 (93 -> 94), both in their tiers (rules.md B-28),
    under a header without [Date]: hand 3, played 2027-01-12, went to the session's first day and the report said
    "date None".  Each keeps its day, through a rederive too; the totals do not move (2027-01-12: Di alone 93/94
    schneider +8, -2 each; Ed picks, Al partner, 61: Ed +2, Al +1, -1 each)."""
    db, head = _rc(tmp_path)
    fix = head + ("hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 76  win\n\n"
                  "hand 3  dealer Bea\npick Di  alone  pts 94  win-s\n")
    r = cli("ingest", "--amend", write(tmp_path, "fix.shn", fix), "--db", str(db))
    assert r.output.count("revision 2 in force") == 2 and "date None" not in r.output
    days = {1: "2027-01-05", 2: "2027-01-05", 3: "2027-01-12", 4: "2027-01-12"}
    assert _days(db) == days
    cli("rederive", "--db", str(db))
    assert _days(db) == days
    assert ledger(db, "--from", "2027-01-12") == {"Al Ames": -1, "Bea Berg": -3, "Cy Cole": -3, "Di Dorn": 7,
                                                  "Ed Epp": 0}


def test_a_continuation_without_a_date_goes_on_from_the_sessions_last_night(tmp_path):
    """break20 F5: hand 5 (Al picks, Bea partner, 70: Al +2, Bea +1, -1 each, rules.md B-28, B-33), numbered
    after the 2027-01-12 night's hands, in a file without [Date], was filed on the session's first day
    (2027-01-05).  It goes on from the last night, and keeps that day through a rederive."""
    db, head = _rc(tmp_path)
    cli("ingest", write(tmp_path, "rc3.shn", head + "hand 5  dealer Di\npick Al  call AH  partner Bea  pts 70  win\n"),
        "--db", str(db))
    assert _days(db)[5] == "2027-01-12"
    cli("rederive", "--db", str(db))
    assert _days(db)[5] == "2027-01-12"
    assert ledger(db, "--from", "2027-01-12") == {"Al Ames": 1, "Bea Berg": -2, "Cy Cole": -4, "Di Dorn": 6,
                                                  "Ed Epp": -1}


CHECKED = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve,Notes,Check
2026-11-10,1,Eve,Bob,Dee,AH,61,W,-1,2,-1,1,-1,{note},{check}
2026-11-10,2,Ann,Cal,Ann,AS,60,L,-2,2,-4,2,2,,{check}
"""


def test_a_check_column_is_no_note_and_a_copy_with_a_new_note_is_the_stored_night(tmp_path):
    """real20 F3.  By hand (rules.md B-28, B-33): h1 Bob picks, Dee partner, 61: a win, Bob +2, Dee +1, -1 each;
    h2 Cal picks, Ann partner, 60: a loss (61 wins), doubled on the bump: Cal -4, Ann -2, +2 each.  Ann -3, Bob +4,
    Cal -5, Dee +3, Eve +1.  The Check column (each row's sum) was stored as every hand's note ({0}); the same night
    saved under another name with its check reading OK, or its note reworded, was refused as another text (the
    Event taken from the new file name differed too).  Now: no note from Check, and the copies are duplicates (the
    reworded note said by W-NOTES-DIFFER)."""
    db = tmp_path / "c.duckdb"
    cli("ingest", write(tmp_path, "check.csv", CHECKED.format(note="Bob called early", check="0")), "--db", str(db))
    want = {"Ann": -3, "Bob": 4, "Cal": -5, "Dee": 3, "Eve": 1}
    assert ledger(db) == want
    shown = cli("replay", "CSV check 2026-11-10#2", "--db", str(db)).output
    assert "Note:" not in shown
    assert "Note:    Bob called early" in cli("replay", "CSV check 2026-11-10#1", "--db", str(db)).output
    r = cli("ingest", write(tmp_path, "check2.csv", CHECKED.format(note="Bob called early", check="OK")),
            "--db", str(db))
    assert "0 stored, 2 duplicates, 0 rejected" in r.output
    r = cli("ingest", write(tmp_path, "check_note.csv", CHECKED.format(note="Bob called too early", check="0")),
            "--db", str(db))
    assert "0 stored, 2 duplicates, 0 rejected" in r.output and "W-NOTES-DIFFER" in r.output
    assert ledger(db) == want


def test_refusals_that_say_the_fix_a_new_scorer_needs(tmp_path):
    """new20 F5, F6.  Dee picks, Ann partner, 55: a loss (rules.md B-28); under double on the bump (B-32) the
    rules give Dee -4, Ann -2, +2 each, and a table without it writes Dee -2, Ann -1, +1 each: every amount half,
    which now names doubleOnBump=off; stored with it.  A score written without pick is refused, and says pick ?,
    which stores it: Ann +2, Bob +1, -1 each: Ann picked, Bob partner (B-33)."""
    head = '%SHN 1.0\n[Event "Friday"]\n[Date "2026.12.04"]\n[Seats "Ann; Bob; Cal; Dee; Eve"]\n'
    nodob = head + ('[Rules "wi5-called-ace"]\n\nhand 2  dealer Bob\npick Dee  call AH  partner Ann  pts 55  lose\n'
                    "score Ann -1 Bob +1 Cal +1 Dee -2 Eve +1\n")
    r = cli("ingest", write(tmp_path, "n.shn", nodob), "--db", str(tmp_path / "n.duckdb"), ok=False)
    assert 'every amount is half the rules\': a table that does not double on the bump writes [Rules ' \
           '"wi5-called-ace; doubleOnBump=off"]' in " ".join(r.output.split())
    db = tmp_path / "ok.duckdb"
    cli("ingest", write(tmp_path, "n.shn", nodob.replace('"wi5-called-ace"', '"wi5-called-ace; doubleOnBump=off"')),
        "--db", str(db))
    assert ledger(db) == {"Ann": -1, "Bob": 1, "Cal": 1, "Dee": -2, "Eve": 1}
    bare = head + "\nhand 3  dealer Cal\nscore Ann +2 Bob +1 Cal -1 Dee -1 Eve -1\n"
    r = cli("ingest", write(tmp_path, "b.shn", bare), "--db", str(tmp_path / "b.duckdb"), ok=False)
    assert "E-HAND-KIND" in r.output and "names its picker with pick ?" in " ".join(r.output.split())
    db = tmp_path / "b2.duckdb"
    cli("ingest", write(tmp_path, "b.shn", bare.replace("score", "pick ?\nscore")), "--db", str(db))
    assert ledger(db) == {"Ann": 2, "Bob": 1, "Cal": -1, "Dee": -1, "Eve": -1}


def test_a_cut_hand_list_shows_the_latest_hands(example_db):  # noqa: F811
    """new20 F3: the Hands page lists at most 1,000 hands, the first ones (oldest first), so the night just logged
    among a database of 4,723 was not shown.  Cut, the list now holds the latest hands, still oldest first: of the
    example session's hands 14-18 (one night), the latest three are 16, 17, 18."""
    from dashboard import hand_list as hl
    from dashboard.metrics import Filters
    from ingest.store import reading

    db, _ids = example_db
    with reading(db) as con:
        first = hl.hand_list(con, Filters(), hl.HandQuery(), limit=3)
        latest = hl.hand_list(con, Filters(), hl.HandQuery(), limit=3, latest=True)
    assert first["hand"].to_list() == [14, 15, 16]
    assert latest["hand"].to_list() == [16, 17, 18]


def test_sheads_own_csv_export_read_back_says_what_it_is(tmp_path, monkeypatch):
    """new20 F4: `shead export --format csv` sent to `shead ingest` was read as a score sheet whose columns
    rules_flags, provenance... were players: every hand refused with E-CSV-SEAT.  It now says what the file is and
    where a restore comes from; read whole or streamed; nothing stored."""
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "fri.csv", FRIDAY), "--db", str(db))
    out = tmp_path / "export.csv"
    cli("export", "--format", "csv", "--out", str(out), "--db", str(db))
    for above in ("100000000", "100"):
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", above)
        r = cli("ingest", str(out), "--db", str(tmp_path / f"b{above}.duckdb"), ok=False)
        assert "E-CSV-HEADER" in r.output and "this is `shead export --format csv`" in r.output, r.output
        assert "0 stored" in r.output and "E-CSV-SEAT" not in r.output


def test_a_protocols_leavers_games_voided_survive_a_backup_and_come_back(tmp_path):
    """break20 F4.  The swap night (tests/fixtures/nsk19, test_found19's SWAP by hand, 10/50, rules.md G-12..G-16):
    PcOben plays games 1-3, Vroni takes his chair from game 4.  Games 1-3 voided: in force g4 Vroni + PcLinks +10
    each, PcRechts, Gast -10; g5 PcRechts' solo +150, -50 each; g6 Gast + Vroni +10 each, PcLinks, PcRechts -10:
    PcRechts +130, PcLinks -50, Gast -50, Vroni -30.  The export wrote the first game in force's seating as the
    session's, PcOben gone, and after a restore game 2 could not be brought back ("renames players", exit 0).  Game
    2 (PcLinks' Wenz won, +150, -50 each) brought back: PcLinks +100, PcRechts +80, PcOben -50, Gast -100,
    Vroni -30 (sum 0)."""
    from tests.test_found19 import NSK19

    db = tmp_path / "p.duckdb"
    cli("ingest", str(NSK19 / "Schafkopfprotokoll_swap.txt"), "--db", str(db))
    whole = tmp_path / "whole.shn"
    cli("export", "--format", "shn", "--out", str(whole), "--db", str(db))
    text = whole.read_text()
    header, rest = text.split("\nhand 1", 1)
    game2 = "hand 2" + rest.split("\nhand 2", 1)[1].split("\nhand 3", 1)[0]
    session = header.split('[Session "')[1].split('"')[0]
    for g in (1, 2, 3):
        cli("void", f"{session}#{g}", "--reason", "test", "--db", str(db))
    in_force = {"PcRechts": 130, "PcLinks": -50, "Gast": -50, "Vroni": -30}
    assert ledger(db) == in_force
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    assert '[Seats "PcLinks; PcOben; PcRechts; Gast"]' in backup.read_text().split("\nhand ")[0]
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    assert ledger(restored) == in_force
    r = cli("ingest", "--amend", write(tmp_path, "g2.shn", header + "\n" + game2), "--db", str(restored))
    assert "it is back" in r.output, r.output
    assert ledger(restored) == {"PcLinks": 100, "PcRechts": 80, "PcOben": -50, "Gast": -100, "Vroni": -30}


def test_a_league_sheets_own_words_for_calls_partners_and_tiers_are_read(tmp_path):
    """real20 F2.  A Wisconsin league's sheet writes the call as the suit ("Hearts", "♠", "Ace of Clubs": its ace,
    rules.md B-9), an alone hand's Partner cell as "alone", "-" or "none", an unknown partner "?", and the losing
    side "schneidered".  By hand (B-28, B-29, B-33): h1 Bob picks, Dee partner, 61: Bob +2, Dee +1, -1 each; h2 Cal
    picks, calls spades, Ann partner, 60: lost, doubled on the bump: Cal -4, Ann -2, +2 each; h3 Eve alone (Partner
    "alone"), 75: +4, -1 each; h4 Ann alone (Partner "-"), 70: +4, -1 each; h5 Dee picks, Ace of Clubs, partner
    "?", 70: the score names Cal: Dee +2, Cal +1, -1 each; h6 Bob picks, Eve partner, 25, "L schneidered":
    schneidered and doubled: Bob -8, Eve -4, +4 each.  Totals: Ann -1-2-1+4-1+4 = +3, Bob 2+2-1-1-1-8 = -7,
    Cal -1-4-1-1+1+4 = -2, Dee 1+2-1-1+2+4 = +7, Eve -1+2+4-1-1-4 = -1 (zero-sum)."""
    sheet = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve
2026-11-13,1,Eve,Bob,Dee,Hearts,61,W,-1,2,-1,1,-1
2026-11-13,2,Ann,Cal,Ann,♠,60,L,-2,2,-4,2,2
2026-11-13,3,Bob,Eve,alone,,75,W,-1,-1,-1,-1,4
2026-11-13,4,Cal,Ann,-,,70,W,4,-1,-1,-1,-1
2026-11-13,5,Dee,Dee,?,Ace of Clubs,70,W,-1,-1,1,2,-1
2026-11-13,6,Eve,Bob,Eve,AH,25,L schneidered,4,-8,4,4,-4
"""
    db = tmp_path / "w.duckdb"
    r = cli("ingest", write(tmp_path, "words.csv", sheet), "--db", str(db))
    assert "6 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Ann": 3, "Bob": -7, "Cal": -2, "Dee": 7, "Eve": -1}


def test_a_ledger_of_sitting_totals_kept_in_money_reads_with_its_stake(tmp_path):
    """break20 F8: a ledger of each night's nets in dollars, at a quarter a unit.  By hand: 11-06 Ann $1.50 = +6,
    Bob -3, Cal +1, Dee -2, Eve -2 (sum 0); 11-13 Ann -8, Bob +4, Cal +2, Dee +1, Eve +1 (sum 0).  Totals Ann -2,
    Bob +1, Cal +3, Dee -1, Eve -1.  With --columns stake=0.25 it was refused, the message asking for that very
    option."""
    sheet = ("Date,Ann,Bob,Cal,Dee,Eve\n2026-11-06,$1.50,-$0.75,$0.25,-$0.50,-$0.50\n"
             "2026-11-13,-$2.00,$1.00,$0.50,$0.25,$0.25\n")
    db = tmp_path / "l.duckdb"
    r = cli("ingest", write(tmp_path, "ledger.csv", sheet), "--columns", "stake=0.25", "--db", str(db))
    assert "2 sitting(s) stored" in r.output
    assert ledger(db) == {"Ann": -2, "Bob": 1, "Cal": 3, "Dee": -1, "Eve": -1}
