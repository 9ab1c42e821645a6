"""Records brought in session 21, each amount worked out by hand from
rules.md before shead's figure was read."""

from __future__ import annotations

import datetime as dt

import duckdb
import pytest

from ingest.csv_cells import read_date, read_stamp, split_time
from ingest.xlsx_sheet import cell_text
from tests.cli_helpers import cli, ledger, write
from tests.test_dashboard_replay import example_db  # noqa: F401 - the fixture

def _sessions(db) -> list[str]:
    with duckdb.connect(str(db), read_only=True) as con:
        return [r[0] for r in con.execute("SELECT session FROM sessions ORDER BY session").fetchall()]


# -- A form's timestamps, a night played past midnight (real20 F6) -------------------------------------------------

#: a Google Form's sheet saved as CSV: each hand logged with its moment; hand 2 all passed (a doubler), hands 3 and
#: 4 after midnight
FORM = """Timestamp,Hand,Dealer,Picker,Partner,Call,Points,Result,Doubler,Ann,Bob,Cal,Dee,Eve
11/24/2026 23:41:10,1,Eve,Bob,Dee,AH,61,W,,-1,2,-1,1,-1
11/24/2026 23:52:33,2,Ann,,,,,,x,0,0,0,0,0
11/25/2026 0:03:41,3,Bob,Cal,Ann,AS,75,W,,2,-2,4,-2,-2
11/25/2026 0:12:09,4,Cal,Dee,Eve,AC,40,L,,2,2,2,-4,-2
"""
#: by hand, wi5-called-ace with noPick=doubler (rules.md B-28, B-33, D-11): h1 Bob picks, Dee partner, 61: Bob +2,
#: Dee +1, the others -1; h2 all pass, nobody pays, the next hand counts double; h3 Cal picks, Ann partner, 75:
#: 1 x 2 = 2 a defender: Cal +4, Ann +2, Bob, Dee, Eve -2; h4 Dee picks, Eve partner, 40: lost, 1 doubled on the
#: bump = 2 a defender: Ann, Bob, Cal +2, Eve -2, Dee -4.  Totals Ann +3, Bob +2, Cal +5, Dee -5, Eve -5 (zero-sum)
FORM_TOTALS = {"Ann": 3, "Bob": 2, "Cal": 5, "Dee": -5, "Eve": -5}


@pytest.fixture
def utc(monkeypatch):
    """This machine in UTC (a zoned timestamp is read in the machine's zone: test_found22), put back after."""
    import time  # noqa: PLC0415

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(("cell", "date", "clock"), [
    ("11/24/2026 23:41:10", "2026-11-24", (23, 41, 10)),
    ("11/25/2026 0:03:41", "2026-11-25", (0, 3, 41)),
    ("2026-11-24T23:52", "2026-11-24", (23, 52, 0)),
    ("2026-11-24 23:52:07.250", "2026-11-24", (23, 52, 7)),
    ("11/24/2026 11:41 PM", "2026-11-24", (23, 41, 0)),
    ("11/25/2026 12:05 AM", "2026-11-25", (0, 5, 0)),
    ("Dec 4, 2026 10:15 PM", "2026-12-04", (22, 15, 0)),
    ("2026-11-24T23:52:00Z", "2026-11-24", (23, 52, 0)),
])
def test_a_date_cell_with_its_time_of_day_reads_as_its_day_and_moment(cell, date, clock, utc):
    assert read_date(cell, "mdy") == date
    assert read_stamp(cell, "mdy") == dt.datetime.fromisoformat(date).replace(hour=clock[0], minute=clock[1],
                                                                              second=clock[2])


@pytest.mark.parametrize("cell", ["11/24/2026 25:00", "11/24/2026 13:10 PM", "11/24/2026 23:61", "23:41"])
def test_no_time_of_day_is_read_where_there_is_none(cell):
    assert split_time(cell)[1] is None
    assert read_stamp(cell, "mdy") is None


def test_a_workbooks_date_time_cell_keeps_its_time():
    assert cell_text(dt.datetime(2026, 11, 25, 0, 3, 41)) == "2026-11-25 00:03:41"
    assert cell_text(dt.datetime(2026, 11, 25)) == "2026-11-25"


def test_a_form_night_played_past_midnight_is_one_night(tmp_path):
    """real20 F6: the rows' timestamps were no date ('E-CSV-DATE ... is not a date'), and read as days they split
    the night at midnight: two sittings in the ledger, the doubler of 23:52 carried into another night."""
    db = tmp_path / "f.duckdb"
    r = cli("ingest", write(tmp_path, "form.csv", FORM), "--rules", "wi5-called-ace; noPick=doubler", "--db", str(db))
    assert "4 stored, 0 duplicates, 0 rejected" in r.output and "W-SESSION-GAP" not in r.output
    assert ledger(db) == FORM_TOTALS
    assert _sessions(db) == ["CSV form 2026-11-24"]


def test_a_long_pause_or_a_hand_numbered_1_opens_the_next_night(tmp_path):
    """Past midnight the hand above's night goes on only within a pause of four hours and while the numbers go on:
    a form kept over a weekend files Saturday's 00:30 start as Saturday's night when its hand is 1 again, and a hand
    logged the next afternoon as the next day's.  Each night: h1 Bob picks, Dee partner, 61 (Bob +2, Dee +1, the
    others -1)."""
    one = "11/24/2026 23:41:10,1,Eve,Bob,Dee,AH,61,W,,-1,2,-1,1,-1\n"
    rows = (FORM.splitlines()[0] + "\n" + one + one.replace("11/24/2026 23:41:10", "11/25/2026 0:30:00")
            + one.replace("11/24/2026 23:41:10", "11/26/2026 14:00:00"))
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "wk.csv", rows), "--db", str(db))
    assert _sessions(db) == ["CSV wk 2026-11-24", "CSV wk 2026-11-25", "CSV wk 2026-11-26"]
    assert ledger(db) == {"Ann": -3, "Bob": 6, "Cal": -3, "Dee": 3, "Eve": -3}


# -- A tavern sheet's pot column (real20 F4) ----------------------------------------------------------------------

KITTY = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Leaster,Ann,Bob,Cal,Dee,Eve,Kitty
2026-11-19,1,Eve,,,,,,Bob,-2,3,-2,-2,-2,5
2026-11-19,2,Ann,Cal,Eve,AH,75,W,,-1,-1,6,-1,2,-5
2026-11-19,3,Bob,,,,,,Dee,-2,-2,-2,3,-2,5
2026-11-19,4,Cal,Ann,,alone,50,L,,-13,2,2,2,2,5
2026-11-19,5,Dee,Eve,Ann,AS,92,W,,4,-2,-2,-2,12,-10
"""


def test_a_pot_column_under_pot_on_is_the_pots_seat_and_checked(tmp_path):
    """real20 F4: under pot=on the sheet's Kitty column (the pot's seat, rules.md D-19, J) was a sixth player:
    every row refused E-SEATS.  By hand (rules.md D-4, D-19, B-28, B-32, B-33): h1 leaster won by Bob, each
    player 1 into the pot: Bob +4 - 1 = +3, the others -2, the pot +5; h2 Cal picks, Eve partner, 75: +2/+1/-1 and
    the pot's 5 (the partner a quarter, 1, the picker 4): Cal +6, Eve +2, the others -1, the pot -5; h3 leaster
    Dee: Dee +3, the others -2, the pot +5; h4 Ann alone, 50, lost: 1 doubled on the bump = 2 a defender, 4
    shares (-8), and the pot's 5 matched into it: Ann -13, the others +2, the pot +5 (10); h5 Eve picks, Ann
    partner, 92, schneider: 2 a defender (Eve +4, Ann +2, the others -2) and the pot's 10 (Ann 2, Eve 8): Eve
    +12, Ann +4, the pot -10.  Totals Ann -14, Bob 0, Cal +2, Dee 0, Eve +12; the pot ends empty."""
    db = tmp_path / "k.duckdb"
    r = cli("ingest", write(tmp_path, "kitty.csv", KITTY), "--rules", "wi5-called-ace; pot=on", "--db", str(db))
    assert "5 stored, 0 duplicates, 0 rejected" in r.output and "W-CSV-POT" not in r.output
    assert ledger(db) == {"Ann": -14, "Bob": 0, "Cal": 2, "Dee": 0, "Eve": 12}
    # the pot's cell mistyped (h5 -1 for -10): the hand stored as its players' cells give it, the cell named
    wrong = KITTY.replace(",12,-10", ",12,-1")
    r = cli("ingest", write(tmp_path, "kitty2.csv", wrong), "--rules", "wi5-called-ace; pot=on", "--db",
            str(tmp_path / "k2.duckdb"))
    assert "5 stored" in r.output
    assert "kitty2.csv:6:15: warning W-CSV-POT" in r.output
    assert "the Kitty cell says the pot takes 1, but the hand takes 10" in r.output
    # without pot=on a Kitty column is a player's: a sixth seat at five-handed rules, refused
    r = cli("ingest", write(tmp_path, "kitty3.csv", KITTY), "--db", str(tmp_path / "k3.duckdb"), ok=False)
    assert "0 stored" in r.output and "E-SEATS" in r.output
    assert "kitty3.csv:1:15: warning W-CSV-POT: the column 'Kitty' is read as a player's" in r.output


# -- A money ledger too large to read whole (session 20's leftover) ------------------------------------------------

def test_a_streamed_ledger_kept_in_money_reads_at_its_stake(tmp_path, monkeypatch):
    """A ledger above the streaming size is read in batches (ingest.ledger_stream): its cells were read as units
    whatever the stake, so $1.50 was refused (no whole number) instead of 6 units.  By hand at a quarter a unit:
    11-06 Ann +6, Bob -3, Cal +1, Dee -2, Eve -2; 11-13 Ann -8, Bob +4, Cal +2, Dee +1, Eve +1; 11-20 Ann -$0.25 =
    -1, Bob +1.  Totals Ann -3, Bob +2, Cal +3, Dee -1, Eve -1 (zero-sum)."""
    sheet = ("Date,Ann,Bob,Cal,Dee,Eve\n2026-11-06,$1.50,-$0.75,$0.25,-$0.50,-$0.50\n"
             "2026-11-13,-$2.00,$1.00,$0.50,$0.25,$0.25\n2026-11-20,-$0.25,$0.25,,,\n")
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")
    db = tmp_path / "l.duckdb"
    r = cli("ingest", write(tmp_path, "ledger.csv", sheet), "--columns", "stake=0.25", "--db", str(db))
    assert "3 sitting(s) stored" in r.output
    assert ledger(db) == {"Ann": -3, "Bob": 2, "Cal": 3, "Dee": -1, "Eve": -1}
    # a cell that is no whole number of units at the stake: that row refused, saying why
    r = cli("ingest", write(tmp_path, "odd.csv", sheet.replace("-$0.25,$0.25", "-$0.30,$0.30")), "--columns",
            "stake=0.25", "--db", str(tmp_path / "o.duckdb"), ok=False)
    assert "odd.csv:4:2: E-CSV-UNITS" in r.output and "not a whole number of units at 0.25 a unit" in r.output


# -- A phone's heart and a money cell without its leading zero (break20 F11) ---------------------------------------

def test_a_call_typed_with_a_phones_heart_and_money_written_short_are_read(tmp_path):
    """break20 F11: the Call cell refused 'A❤️' (U+2764 U+FE0F, the heart a phone's emoji keyboard offers first,
    which SHN's `call A❤️` reads) and 'a ♥️' (a space between); a money cell '$.50' or 'USD 0.50' was 'not a whole
    number of units at 0.25'.  By hand at a quarter a unit (rules.md B-28): h1 Ann picks, Bob partner, 75: Ann +2
    ($.50), Bob +1, the others -1; h2 Cal picks, Dee partner, 80: Cal +2 (USD 0.50), Dee +1, the others -1.
    Totals Ann +1, Bob 0, Cal +1, Dee 0, Eve -2 (zero-sum)."""
    sheet = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
             "2026-11-20,1,Eve,Ann,Bob,A\u2764\ufe0f,75,W,$.50,$.25,-$.25,-$.25,-$.25\n"
             "2026-11-20,2,Ann,Cal,Dee,a \u2665\ufe0f,80,W,-$.25,-$.25,USD 0.50,USD 0.25,USD -0.25\n")
    db = tmp_path / "m.duckdb"
    r = cli("ingest", write(tmp_path, "phone.csv", sheet), "--columns", "stake=0.25", "--db", str(db))
    assert "2 stored, 0 duplicates, 0 rejected" in r.output
    assert ledger(db) == {"Ann": 1, "Bob": 0, "Cal": 1, "Dee": 0, "Eve": -2}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT list(call ORDER BY hand) FROM hands").fetchone()[0] == ["AH", "AH"]


# -- A group corrected on a sheet sent again, a group changed mid-night (break20 F10) ------------------------------

OAK = """Date,Group,Hand,Dealer,Picker,Partner,Call,Points,Result,Ann,Bob,Cal,Dee,Eve
2026-12-04,Oak League,1,Eve,Ann,Bob,AH,72,W,2,1,-1,-1,-1
2026-12-04,,2,Ann,Cal,Dee,AS,45,L,2,2,-4,-2,2
"""


def test_a_group_corrected_on_a_sheet_sent_again_is_said_and_can_be_moved(tmp_path):
    """break20 F10: the night sent again with its Group cell corrected was '2 duplicates' without a word, and the
    group's ledger missed it.  By hand (rules.md B-28, B-33): h1 Ann picks, Bob partner, 72: Ann +2, Bob +1, the
    others -1; h2 Cal picks, Dee partner, 45: lost, doubled on the bump: Cal -4, Dee -2, the others +2.  Totals
    Ann +4, Bob +3, Cal -5, Dee -3, Eve +1."""
    want = {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}
    db = tmp_path / "o.duckdb"
    cli("ingest", write(tmp_path, "oak.csv", OAK), "--db", str(db))
    r = cli("ingest", write(tmp_path, "oak2.csv", OAK.replace("Oak League", "Pine League")), "--db", str(db))
    assert "0 stored, 2 duplicates" in r.output
    assert ("oak2.csv:2:1: warning W-SESSION-HEADER: hand 1: session 'CSV oak 2026-12-04' is stored in group "
            "'Oak League' and this copy names 'Pine League'") in r.output and "shead ingest --amend" in r.output
    assert ledger(db, "--group", "Oak League") == want
    # the way the message gives: export, change the [Event], amend
    out = tmp_path / "oak.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    out.write_text(out.read_text().replace("Oak League", "Pine League"))
    cli("ingest", "--amend", str(out), "--db", str(db))
    assert ledger(db, "--group", "Pine League") == want and ledger(db, "--group", "Oak League") == {}
    # a Group cell that changes among a night's rows: the night's first row's group, the other said
    r = cli("ingest", write(tmp_path, "mid.csv", OAK.replace("2026-12-04,,2", "2026-12-04,Pine League,2")),
            "--db", str(tmp_path / "m.duckdb"))
    assert "mid.csv:3:2: warning W-CSV-GROUP: row 3: the Group cell 'Pine League' differs from the night's " \
           "'Oak League'" in r.output
    assert ledger(tmp_path / "m.duckdb", "--group", "Oak League") == want


# -- Who cracked, in a replay (new20 F7) --------------------------------------------------------------------------

CRACKED = """%SHN 1.0
[Session "crack night"]
[Date "2026.12.01"]
[Seats "Al=Al; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]
[Rules "wi5-called-ace"]

hand 1  dealer Al
pick Bea  alone  crack Ed
pts 50  lose
"""


def test_a_replay_names_who_cracked(tmp_path, monkeypatch):
    """new20 F7: the replay said 'stake × marks ×2' and never who cracked; the sheet did.  A score-only hand: Bea
    alone, 50, lost, Ed cracks (rules.md B-33, E-1): plain 1 × crack 2 × double on the bump 2 = 4 a defender, the
    picker four shares: Bea -16, the others +4.  A replayed hand, the example's hand 14 with Cy cracking (after the
    picker, rules.md E-2): picker side 59, lost: 1 × 2 × 2 = 4 a defender: Al, Cy, Ed +4, Bea -8, Di -4."""
    from tests.test_dashboard_replay import EXAMPLE, ok, page, texts  # noqa: PLC0415

    db = tmp_path / "c.duckdb"
    cli("ingest", write(tmp_path, "crack.shn", CRACKED), "--db", str(db))
    assert ledger(db) == {"Al": 4, "Bea": -16, "Cy": 4, "Di": 4, "Ed": 4}
    out = cli("replay", "crack night#1", "--db", str(db)).output
    assert "stake × marks ×2 (crack Ed)" in out
    example = EXAMPLE.read_text(encoding="utf-8").replace("call AH                         ; hold card 7H",
                                                          "call AH  crack Cy").replace(
        "score Al +2 Bea -4 Cy +2 Di -2 Ed +2", "score Al +4 Bea -8 Cy +4 Di -4 Ed +4")
    r = cli("ingest", write(tmp_path, "example.shn", example), "--db", str(db))
    assert "5 stored, 0 duplicates, 0 rejected" in r.output
    monkeypatch.setenv("SHEAD_DB", str(db))
    with duckdb.connect(str(db), read_only=True) as con:
        ids = dict(con.execute("SELECT session || '#' || hand, hand_id FROM hands").fetchall())
    at = page("replay_hand.py")
    at.query_params["hand"] = str(ids["Thursday Night Sheepshead / 2025.03.06 / 2#14"])
    assert "**Stake × marks** ×2 (crack Cy)" in texts(ok(at.run()))
    at = page("replay_hand.py")
    at.query_params["hand"] = str(ids["crack night#1"])
    assert "**Stake × marks** ×2 (crack Ed)" in texts(ok(at.run()))


# -- The Player page compares a player with the player's own group (new20 F8) -------------------------------------

def test_the_player_page_compares_with_the_players_own_group(tmp_path, monkeypatch):
    """new20 F8: with no group chosen in the sidebar the Player page's 'Group' was every hand stored (the demo's
    seasons, every table size).  Ann Nagel plays only in 'Player fixture' (tests/test_player_page.py counts it by
    hand: the blind reached her group's seats 24 times, 9 picks, 4 of them won: 37.5 % and 44.4 %); the database
    also holds tests/fixtures/metrics.shn (two other groups).  Her page compares with her group only, saying so;
    the sidebar's group choice still wins."""
    from tests.test_player_page import FIXTURE, METRICS, run, text_of  # noqa: PLC0415
    from ingest.store import Store  # noqa: PLC0415
    from ingest.validate import validate_file  # noqa: PLC0415

    db = tmp_path / "both.duckdb"
    with Store(db) as store:
        store.ingest_file(validate_file(FIXTURE))
        store.ingest_file(validate_file(METRICS))
    text = text_of(run("player.py", db, monkeypatch, who="Ann Nagel"))
    assert "Group: 37.5%" in text and "Group: 44.4%" in text
    assert "with no group chosen in the sidebar, Ann Nagel's own group." in text
    assert "[4 hands](/hands?who=Ann+Nagel&role=picker)" in text  # her hands' links keep the sidebar's filters
    # Cy Ott sat in two groups: both are his comparison, named
    text = text_of(run("player.py", db, monkeypatch, who="Cy Ott"))
    assert "Cy Ott's own groups." in text


# -- Two nights' files joined, and a phone's soft returns (real21 F0, F1) -----------------------------------------

NIGHT2 = """%SHN 1.0
[Event "Thursday Night Sheepshead"]
[Date "2025.03.13"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace; doubleOnBump=off"]

hand 19  dealer Al
pick Cy  call AS  partner Ed  pts 50  lose
"""
#: the example night (data/sheepshead/example_session.shn, rules.md B-27..B-33, D-4) by hand: h14 Al +2 Bea -4
#: Cy +2 Di -2 Ed +2; h15 Al -1 Bea -1 Cy +2 Di -1 Ed +1; h16 Di alone 93, schneider: +8, the others -2; h17
#: leaster won by Al: +4, the others -1; h18 Al +2 Bea -2 Cy +2 Di +2 Ed -4.  Night: Al +5, Bea -10, Cy +3, Di +6,
#: Ed -4
EXAMPLE_NIGHT = {"Allen Braun": 5, "Bea Schmidt": -10, "Cy Ott": 3, "Di Lenz": 6, "Ed Kahl": -4}


def test_two_nights_files_joined_are_two_nights(tmp_path):
    """real21 F0: `cat` of two nights' files: the second '%SHN 1.0' line was a statement of the first night's hand
    18 (refused), and the second night's hand 19 was stored in the first night under its rules (double on the
    bump) and date.  By hand, night 2 (doubleOnBump=off, rules.md B-33): Cy picks, Ed partner, 50, lost: Cy -2,
    Ed -1, the others +1; with a substitute in Ed's chair (Fay Wirth) her -1 is hers."""
    from tests.test_dashboard_replay import EXAMPLE  # noqa: PLC0415

    db = tmp_path / "j.duckdb"
    joined = EXAMPLE.read_text(encoding="utf-8") + NIGHT2
    r = cli("ingest", write(tmp_path, "joined.shn", joined), "--db", str(db))
    assert "6 stored, 0 duplicates, 0 rejected" in r.output
    assert "W-SHN-AGAIN" in r.output and "joined.shn:41:1:" in r.output.replace("\n", "")
    want = {**EXAMPLE_NIGHT}
    for p, u in (("Allen Braun", 1), ("Bea Schmidt", 1), ("Cy Ott", -2), ("Di Lenz", 1), ("Ed Kahl", -1)):
        want[p] += u
    assert ledger(db) == want
    assert ledger(db, "--from", "2025-03-13") == {"Allen Braun": 1, "Bea Schmidt": 1, "Cy Ott": -2, "Di Lenz": 1,
                                                  "Ed Kahl": -1}
    # the second file saved with a byte order mark, and a substitute in Ed's chair
    sub = "\ufeff" + NIGHT2.replace("Ed=Ed Kahl", "Ed=Fay Wirth")
    db2 = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "sub.shn", EXAMPLE.read_text(encoding="utf-8") + sub), "--db", str(db2))
    assert ledger(db2, "--from", "2025-03-13") == {"Allen Braun": 1, "Bea Schmidt": 1, "Cy Ott": -2, "Di Lenz": 1,
                                                   "Fay Wirth": -1}
    assert ledger(db2, "--to", "2025-03-06") == EXAMPLE_NIGHT


SOFT = ('%SHN 1.0\n[Event "Thursday Night Sheepshead"]\n[Date "2025.03.06"]\n[Table "ls"]\n'
        '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]\n[Rules "wi5-called-ace"]\n\n'
        + "{sep}".join(["hand 15  dealer Al {{typed\u2028on a phone}}",
                        "pick Cy  call AS  partner Ed  pts 72  win   ; Cy called spades", "",
                        "hand 16  dealer Bea", "pick Di  alone  crack Ed  pts 93  win-s", "",
                        "hand 17  dealer Cy", "pick Ed  call AC  partner Al  pts 40  lose"]) + "\n")


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\x0b", "\x85", "\x0c"])
def test_a_phones_soft_returns_end_lines_and_lose_no_hand(tmp_path, sep):
    """real21 F1: lines ended by U+2028 (U+2029, VT, NEL, FF: a notes app's or a web form's soft return) were one
    line, so the ';' comment on hand 15 ran over hands 16 and 17: '1 stored, 0 rejected', nothing said.  By hand
    (rules.md B-28, B-32, B-33, E-1): h15 Cy picks, Ed partner, 72: Cy +2, Ed +1, the others -1; h16 Di alone, 93,
    schneider, Ed cracks: 2 x 2 = 4 a defender: Di +16, the others -4; h17 Ed picks, Al partner, 40, lost, doubled
    on the bump: Ed -4, Al -2, the others +2.  Totals Al -7, Bea -3, Cy 0, Di +17, Ed -7.  The soft return inside
    hand 15's note stays a character of it."""
    db = tmp_path / "p.duckdb"
    r = cli("ingest", write(tmp_path, "phone.shn", SOFT.format(sep=sep)), "--db", str(db))
    assert "3 stored, 0 duplicates, 0 rejected" in r.output
    assert "W-LINE-END" in r.output and "phone.shn:8:38:" in r.output.replace("\n", "")
    assert ledger(db) == {"Allen Braun": -7, "Bea Schmidt": -3, "Cy Ott": 0, "Di Lenz": 17, "Ed Kahl": -7}
    sheet = cli("sheet", "Thursday Night Sheepshead / 2025.03.06 / ls", "--db", str(db)).output
    row15 = next(line for line in sheet.splitlines() if line.lstrip().startswith("15 "))
    assert "crack" not in row15  # hand 16's crack is hand 16's (it showed on hand 15's row)


def test_a_streamed_file_reads_soft_returns_and_joined_files_alike(tmp_path, monkeypatch):
    """The same two records read as a large file is (in blocks, ingest.stream): the same hands and totals as read
    whole (test_a_phones_soft_returns_end_lines_and_lose_no_hand, test_two_nights_files_joined_are_two_nights)."""
    from tests.test_dashboard_replay import EXAMPLE  # noqa: PLC0415

    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "1")
    db = tmp_path / "p.duckdb"
    r = cli("ingest", write(tmp_path, "phone.shn", SOFT.format(sep="\u2028")), "--db", str(db))
    assert "3 stored" in r.output and "W-LINE-END" in r.output and "phone.shn:8:38:" in r.output.replace("\n", "")
    assert ledger(db) == {"Allen Braun": -7, "Bea Schmidt": -3, "Cy Ott": 0, "Di Lenz": 17, "Ed Kahl": -7}
    db = tmp_path / "j.duckdb"
    r = cli("ingest", write(tmp_path, "joined.shn", EXAMPLE.read_text(encoding="utf-8") + NIGHT2), "--db", str(db))
    assert "6 stored" in r.output and "W-SHN-AGAIN" in r.output
    assert ledger(db, "--from", "2025-03-13") == {"Allen Braun": 1, "Bea Schmidt": 1, "Cy Ott": -2, "Di Lenz": 1,
                                                  "Ed Kahl": -1}


# -- A phone's capitals: Log a hand, the sheet's marks (real21 F2, F5) ---------------------------------------------

def test_a_hand_typed_with_a_phones_capitals_is_logged_and_its_marks_shown(example_db, tmp_path):  # noqa: F811
    """real21 F2: Log a hand refused 'Hand 19  Dealer Ed' (a phone's capital), which shead ingest reads.  By hand
    (rules.md B-33, double on the bump): Di picks, Bea partner, 31, lost: Di -4, Bea -2, Al, Cy, Ed +2.
    real21 F5: the sheet's marks read 'Crack Di' as no mark and printed 'recrack Cy ×2' beside units paid at x4:
    h15 Cy picks, Ed partner, 72, cracked by Di and recracked by Cy (E-1, E-3): 1 x 2 x 2 = 4 a defender: Cy +8,
    Ed +4, the others -4; h16 Di alone, 93, schneider, Ed cracks: 2 x 2 = 4: Di +16, the others -4."""
    from tests.test_dashboard_replay import SESSION, ok, page, press, stored_units, texts  # noqa: PLC0415

    db, _ = example_db
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("shn").run())
    at.text_area(key="lh_shn").set_value("Hand 19  Dealer Ed\nPick Di  Call AC  Partner Bea  Pts 31  Lose\n")
    press(at, "Check score")
    assert "**Al** +2 · **Bea** -2 · **Cy** +2 · **Di** -4 · **Ed** +2" in texts(at)
    press(at, "Save hand")
    assert stored_units(db, SESSION, 19) == {"Al": 2, "Bea": -2, "Cy": 2, "Di": -4, "Ed": 2}
    caps = ('%SHN 1.0\n[Event "Thursday Night Sheepshead"]\n[Date "2025.03.20"]\n'
            '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]\n[Rules "wi5-called-ace"]\n\n'
            "Hand 15  Dealer Al\nPick Cy  Call AS  Crack Di  recrack Cy  Partner Ed  Pts 72  Win\n\n"
            "Hand 16  Dealer Bea\nPick Di  Alone  Crack Ed  Pts 93  Win-s\n")
    db2 = tmp_path / "c.duckdb"
    cli("ingest", write(tmp_path, "caps.shn", caps), "--db", str(db2))
    assert ledger(db2) == {"Allen Braun": -8, "Bea Schmidt": -8, "Cy Ott": 4, "Di Lenz": 12, "Ed Kahl": 0}
    rows = cli("sheet", "Thursday Night Sheepshead / 2025.03.20", "--db", str(db2)).output
    assert "crack Di, recrack Cy ×4" in rows and "crack Ed ×2" in rows


# -- Log a hand in a later night of a session: its seats, rules and day (break21 F5, F7) ---------------------------

LATER = """%SHN 1.0
[Session "x"]
[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Epp"]
[Rules "wi5-called-ace"]
[Date "2027.03.02"]

hand 1  dealer Ed
pick Bea  call AH  partner Di  pts 75  win

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 40  lose

[Session "x"]
[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Fay Fox"]
[Rules "wi5-called-ace; doubleOnBump=off"]
[Date "2027.03.09"]

hand 3  dealer Bea
pick Cy  call AS  partner Ed  pts 40  lose
"""


@pytest.mark.parametrize("tab", ["form", "shn"])
def test_log_a_hand_in_a_later_night_takes_that_nights_seats_rules_and_day(tmp_path, monkeypatch, tab):
    """break21 F7, F5: session x's second night (2027-03-09) is played without double on the bump and with Fay Fox
    in Ed's chair.  Its next hand logged on the page was scored by the first night's rules (-4/-2/+2), dated the
    first night, and from the SHN tab Fay's units went to Ed Epp.  By hand, hand 4 (rules.md B-33 without double
    on the bump): Cy picks, Ed's chair (Fay) partner, 40, lost: Cy -2, Fay -1, Al, Bea, Di +1, on 2027-03-09."""
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    from tests.test_dashboard_replay import PAGES, ok, press  # noqa: PLC0415

    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "x.shn", LATER), "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = ok(AppTest.from_file(str(PAGES / "log_hand.py"), default_timeout=60).run())
    assert "Rules: wi5-called-ace; doubleOnBump=off" in at.caption[0].value and "Ed (Fay Fox)" in at.caption[0].value
    if tab == "form":
        at.selectbox(key="lh_dealer").set_value("Cy").run()
        at.selectbox(key="lh_picker").set_value("Cy").run()
        at.selectbox(key="lh_partner").set_value("Ed").run()
        at.text_input(key="lh_pts").set_value("40").run()
    else:
        ok(at.radio(key="lh_input").set_value("shn").run())
        at.text_area(key="lh_shn").set_value("hand 4  dealer Cy\npick Cy  call AS  partner Ed  pts 40  lose\n")
    press(at, "Check score")
    press(at, "Save hand")
    assert not at.error, [e.value for e in at.error]
    with duckdb.connect(str(db), read_only=True) as con:
        got = con.execute("SELECT CAST(h.date AS VARCHAR), list(u.player || ' ' || u.units ORDER BY u.seat_no) "
                          "FROM hands h JOIN hand_units u USING (hand_id) WHERE h.hand = 4 GROUP BY 1").fetchall()
    assert got == [("2027-03-09", ["Al Ames 1", "Bea Berg 1", "Cy Cole -2", "Di Dorn 1", "Fay Fox -1"])]


# -- A bury written with an unknown card bounds the points by its written cards (break21 F4) ----------------------

def test_a_bury_with_an_unknown_card_bounds_the_picker_sides_points(tmp_path):
    """break21 F4: a cutthroat bury of A♣ A♠ A♥ and ?? holds at least 33 card points (rules.md A-5, B-24), so
    'pts 30  lose-s' is impossible; it was stored as schneidered, N -12, the others +4.  Refused like the bury
    written whole (at least 44).  With pts 40 (rules.md F-3, B-28, B-32: a plain loss, doubled on the bump, 2 an
    opponent): E -6, N, S, W +2."""
    text = ('%SHN 1.0\n[Event "Cut2"]\n[Date "2027.05.06"]\n[Seats "N; E; S; W"]\n[Rules "wi4-cutthroat"]\n\n'
            "hand 1  dealer W\npick N  bury AC AS AH ??  pts 30  tricks 1  lose-s\n\n"
            "hand 2  dealer N\npick E  bury AC AS AH ??  pts 40  tricks 1  lose\n")
    db = tmp_path / "c.duckdb"
    r = cli("ingest", write(tmp_path, "cut.shn", text), "--db", str(db), ok=False)
    assert "1 stored, 0 duplicates, 1 rejected" in r.output
    assert "E-PTS (hand 1): pts 30 is written but its bury as written gives the picker side at least 33" in \
        r.output.replace("\n", " ").replace("  ", " ")
    assert ledger(db) == {"N": 2, "E": -6, "S": 2, "W": 2}


# -- Partial records: a partner taken from the score, a blitz's queens written elsewhere (break21 F14, F16) --------

def test_a_partner_taken_from_the_score_is_checked_like_a_written_one(tmp_path):
    """break21 F14: under partnerMayCrack=off (rules.md E-2) the partner who cracked was refused when written and
    stored (x2) when taken from the score; and a partner taken from the score was not checked against the deal line
    written for that seat.  By hand (B-28, E-1): h2 Cy picks, Ed cracks, the score paying Ed as the partner (+2 at
    x2): refused E-CRACK; h4 Di (the dealer, after the picker) cracks and the score pays Al as the partner: a legal
    crack by a defender, stored: Cy +4, Al +2, Bea, Di, Ed -2; h5 Di's whole line has no A♥ but the score pays Di as the partner: refused."""
    text = ('%SHN 1.0\n[Event "PC"]\n[Date "2027.05.11"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace; partnerMayCrack=off"]\n\n'
            "hand 2  dealer Bea\npick Cy  call AH  crack Ed  partner ?  pts 75  win\n"
            "score Al -2 Bea -2 Cy +4 Di -2 Ed +2\n\n"
            "hand 4  dealer Di\npick Cy  call AH  crack Di  partner ?  pts 75  win\n"
            "score Al +2 Bea -2 Cy +4 Di -2 Ed -2\n\n"
            "hand 5  dealer Ed\ndeal Di QD KD 7D AC 7C TS\npick Bea  call AH  partner ?  pts 75  win\n"
            "score Al -1 Bea +2 Cy -1 Di +1 Ed -1\n")
    db = tmp_path / "pc.duckdb"
    r = cli("ingest", write(tmp_path, "pc.shn", text), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "1 stored, 0 duplicates, 2 rejected" in out
    assert "E-CRACK (hand 2): the written score makes Ed the partner, who cracked" in out
    assert "E-SCORE (hand 5)" in out
    assert ledger(db) == {"Al": 2, "Bea": -2, "Cy": 4, "Di": -2, "Ed": -2}


def test_a_blitz_whose_queen_is_written_elsewhere_is_refused(tmp_path):
    """break21 F16: a blitz was checked against the blitzer's own deal line only; one whose queen is written in
    another seat's line, in the blind or the bury (the picker's) was stored and doubled the hand.  By hand (rules.md
    E-5) each of h1..h3 is impossible; h4 the same blitz with no card of it written elsewhere: a plain win x2 (B-28,
    E-1): Bea +4, Cy +2, Al, Di, Ed -2."""
    text = ('%SHN 1.0\n[Event "BZ"]\n[Date "2027.05.18"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace; allowBlitz=queens"]\n\n'
            "hand 1  dealer Ed\ndeal Al QC JS 9C 7S TH 8H\npick Bea  call AH  blitz Di black  partner Cy  pts 75  win\n\n"
            "hand 2  dealer Al\nblind QS 7H\npick Bea  call AH  blitz Di black  partner Cy  pts 75  win\n\n"
            "hand 3  dealer Bea\npick Cy  bury QD 7H  call AH  blitz Di red  partner Ed  pts 75  win\n\n"
            "hand 4  dealer Cy\ndeal Al KC JS 9C 7S TH 8H\npick Bea  call AH  blitz Di black  partner Cy  pts 75  win\n")
    db = tmp_path / "bz.duckdb"
    r = cli("ingest", write(tmp_path, "bz.shn", text), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "1 stored, 0 duplicates, 3 rejected" in out
    assert "E-BLITZ (hand 1): Di shows a black blitz, but Q♣ is written in Al's deal line" in out
    assert "E-BLITZ (hand 2): Di shows a black blitz, but Q♠ is written in the blind" in out
    assert "E-BLITZ (hand 3): Di shows a red blitz, but Q♦ is written in the bury" in out
    assert ledger(db) == {"Al": -2, "Bea": 4, "Cy": 2, "Di": -2, "Ed": -2}


# -- A ledger kept in money without its stake; a night pasted twice (break21 F12, F13) ----------------------------

def test_a_ledger_in_money_without_its_stake_is_refused_whole(tmp_path, monkeypatch):
    """break21 F12: a ledger of nightly nets in dollars without a sign, sent without stake=: its whole-dollar row
    was stored at a dollar a unit (a quarter of its units), the other refused, and the stake sent afterwards met the
    wrong stored sitting (E-SITTING-CONFLICT).  Refused whole now (E-CSV-MONEY), read whole or streamed; with
    --columns stake=0.25, by hand: 12-04 Ann +8, Bob -4, Cal +4, Dee -4, Eve -4; 12-11 Ann -8, Bob +4, Cal +2,
    Dee +1, Eve +1: Ann 0, Bob 0, Cal +6, Dee -3, Eve -3."""
    sheet = "Date,Ann,Bob,Cal,Dee,Eve\n2026-12-04,2.00,-1.00,1.00,-1.00,-1.00\n2026-12-11,-2.00,1.00,0.50,0.25,0.25\n"
    path = write(tmp_path, "lmd.csv", sheet)
    for stream in (False, True):
        if stream:
            monkeypatch.setenv("SHEAD_STREAM_ABOVE", "10")
        db = tmp_path / f"l{stream}.duckdb"
        r = cli("ingest", path, "--db", str(db), ok=False)
        assert "E-CSV-MONEY" in r.output and "lmd.csv:3:4:" in r.output.replace("\n", "")
        cli("ingest", path, "--columns", "stake=0.25", "--db", str(db))
        assert ledger(db) == {"Ann": 0, "Bob": 0, "Cal": 6, "Dee": -3, "Eve": -3}


def test_a_night_pasted_twice_with_its_header_is_read_once(tmp_path):
    """break21 F13: the night pasted twice into a sheet without a Hand column, its header repeated between: every
    hand was stored twice, nothing said.  By hand (rules.md B-28, B-33): Ann picks, Bob partner, 75: Ann +2, Bob +1,
    the others -1; Cal picks, Dee partner, 45, lost, doubled on the bump: Cal -4, Dee -2, the others +2.  Night:
    Ann +4, Bob +3, Cal -5, Dee -3, Eve +1.  A third hand after the copy is the night's next hand: Eve picks, Ann
    partner, 80: Eve +2, Ann +1, the others -1."""
    block = "2026-12-04,Ann,Bob,75,win,2,1,-1,-1,-1\n2026-12-04,Cal,Dee,45,lose,2,2,-4,-2,2\n"
    head = "Date,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
    db = tmp_path / "p.duckdb"
    r = cli("ingest", write(tmp_path, "paste.csv", head + block + head + block), "--db", str(db))
    assert "2 stored" in r.output and "W-CSV-PASTED" in r.output
    assert ledger(db) == {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}
    more = head + block + head + block + "2026-12-04,Eve,Ann,80,win,1,-1,-1,-1,2\n"
    db = tmp_path / "m.duckdb"
    r = cli("ingest", write(tmp_path, "more.csv", more), "--db", str(db))
    assert "3 stored" in r.output
    assert ledger(db) == {"Ann": 5, "Bob": 2, "Cal": -6, "Dee": -4, "Eve": 3}
    # a second night under the header again is read: other rows
    night2 = head + block + head + block.replace("2026-12-04", "2026-12-11")
    db = tmp_path / "n.duckdb"
    r = cli("ingest", write(tmp_path, "two.csv", night2), "--db", str(db))
    assert "4 stored" in r.output and "W-CSV-PASTED" not in r.output


# -- A [Session] written again without its [Date] goes on from the night above (break21 F1) ------------------------

def test_a_session_block_written_again_without_a_date_is_the_night_above(tmp_path):
    """break21 F1: one file writing [Session "x"] again without [Date] (the night going on after a break) stored
    that block's hands with no date: a ledger of 2027-03-02 missed them (two files, a stream, rederive and the
    export all said 03-02).  By hand (rules.md B-27..B-33): h1 Bea picks, Di partner, 75: Bea +2, Di +1, the others
    -1; h2 Cy picks, Ed partner, 40, lost, doubled on the bump: Cy -4, Ed -2, the others +2; h3 Di alone, 93,
    schneider: Di +8, the others -2; h4 Ed picks, Al partner, 61: Ed +2, Al +1, the others -1.  The night: Al 0,
    Bea +1, Cy -8, Di +10, Ed -3."""
    head = ('[Session "x"]\n[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Epp"]\n'
            '[Rules "wi5-called-ace"]\n')
    text = ("%SHN 1.0\n" + head + '[Date "2027.03.02"]\n\n'
            "hand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n\n"
            "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 40  lose\n\n" + head + "\n"
            "hand 3  dealer Bea\npick Di  alone  pts 93  win-s\n\n"
            "hand 4  dealer Cy\npick Ed  call AC  partner Al  pts 61  win\n")
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "x.shn", text), "--db", str(db))
    want = {"Al Ames": 0, "Bea Berg": 1, "Cy Cole": -8, "Di Dorn": 10, "Ed Epp": -3}
    assert ledger(db, "--from", "2027-03-02", "--to", "2027-03-02") == want
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands WHERE date IS NULL").fetchone() == (0,)


# -- A night whose one date cell is mistyped keeps its rows (break21 F3) -------------------------------------------

THN = """Date,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve
2026-12-04,Ann,Bob,75,win,2,1,-1,-1,-1
,Cal,Dee,45,lose,2,2,-4,-2,2
,Dee,,93,win,-2,-2,-2,8,-2
2026-12-1l,Bob,Cal,30,lose,4,-8,-4,4,4
,Cal,Eve,31,lose,2,2,-4,2,-2
,Ann,,61,win,4,-1,-1,-1,-1
"""


def test_the_rows_under_a_nights_mistyped_date_are_that_nights(tmp_path):
    """break21 F3: a sheet writing each night's date on its first row only, the second night's date mistyped
    ('2026-12-1l'): its two blank-dated rows were stored as the first night's hands 5 and 6, and the mended sheet
    stored them again.  By hand (rules.md B-27..B-33): 12-04 Ann +2, Bob +1, Cal -7, Dee +5, Eve -1; 12-11 (Bob
    and Cal 30, schneidered, doubled on the bump: Bob -8, Cal -4, +4 each; Cal and Eve 31, lost: Cal -4, Eve -2,
    +2 each; Ann alone 61: Ann +4, -1 each) Ann +10, Bob -7, Cal -9, Dee +5, Eve +1.  Both: Ann +12, Bob -6,
    Cal -16, Dee +10, Eve 0."""
    db = tmp_path / "t.duckdb"
    r = cli("ingest", write(tmp_path, "thn.csv", THN), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "3 stored, 0 duplicates, 3 rejected" in out
    assert "row 6: its date cell is blank, so it is the night of row 5, whose date '2026-12-1l' is not a date" in out
    assert ledger(db) == {"Ann": 2, "Bob": 1, "Cal": -7, "Dee": 5, "Eve": -1}
    cli("ingest", write(tmp_path, "thn2.csv", THN.replace("2026-12-1l", "2026-12-11")), "--db", str(db))
    assert ledger(db) == {"Ann": 12, "Bob": -6, "Cal": -16, "Dee": 10, "Eve": 0}


# -- A hand dated before the hand it follows (break21 F8) -----------------------------------------------------------

def test_a_hand_dated_before_the_hand_it_follows_is_said(tmp_path):
    """break21 F8: the first night's header copied unchanged over a later night's hand: stored a week before the
    hands it follows, silent (a date-ranged ledger counts it on the wrong night).  Kept as written, said
    (W-DATE-ORDER), in one file and in a later file.  By hand (rules.md B-28): Ed picks, Al partner, 61: Ed +2,
    Al +1, the others -1."""
    head = ('[Session "x"]\n[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Epp"]\n'
            '[Rules "wi5-called-ace"]\n')
    one = ("%SHN 1.0\n" + head + '[Date "2027.03.02"]\n\nhand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n\n'
           + head + '[Date "2027.03.09"]\n\nhand 2  dealer Al\npick Di  alone  pts 93  win-s\n')
    late = "%SHN 1.0\n" + head + '[Date "2027.03.02"]\n\nhand 3  dealer Bea\npick Ed  call AC  partner Al  pts 61  win\n'
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "one.shn", one), "--db", str(db))
    r = cli("ingest", write(tmp_path, "late.shn", late), "--db", str(db))
    assert "1 stored" in r.output
    assert "W-DATE-ORDER (hand 3): hand 3 is dated 2027-03-02, before hand 2 of 2027-03-09" in \
        r.output.replace("\n", " ").replace("  ", " ")
    r = cli("ingest", write(tmp_path, "both.shn", one + late[len("%SHN 1.0\n"):]), "--db", str(tmp_path / "b.duckdb"))
    assert "W-DATE-ORDER (hand 3)" in r.output.replace("\n", " ")
    assert ledger(db, "--from", "2027-03-02", "--to", "2027-03-02") == {
        "Al Ames": 0, "Bea Berg": 1, "Cy Cole": -2, "Di Dorn": 0, "Ed Epp": 1}


# -- Log a hand after a restore: the hands voided before the backup (break21 F2) -----------------------------------

RESTORED = """%SHN 1.0
[Session "potnight"]
[Event "Pot Club"]
[Date "2027.04.06"]
[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Epp"]
[Rules "wi5-called-ace; pot=on"]
[_Voided "4 6"]

hand 1  dealer Ed
leaster Al

hand 2  dealer Al
pick Cy  call AS  partner Ed  pts 72  win

hand 3  dealer Bea
pick Bea  call AH  partner Di  pts 40  lose

hand 5  dealer Di
pick Di  alone  pts 50  lose
"""


def test_log_a_hand_after_a_restore_lists_the_hands_voided_before_the_backup(tmp_path, monkeypatch):
    """break21 F2: restored from an export whose [_Voided "4 6"] names hands voided before the backup, the page
    did not list them, offered 6 for a new hand and refused it pointing at a '(voided)' entry that was not there.
    Listed now, 7 offered, and hand 4 brought back with its text typed: a leaster won by Ed under pot=on (rules.md
    D-4, D-19): Ed +4 - 1 = +3, each other player -1 - 1 = -2."""
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    from tests.test_dashboard_replay import PAGES, ok  # noqa: PLC0415

    db = tmp_path / "r.duckdb"
    cli("ingest", write(tmp_path, "p6.shn", RESTORED), "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = ok(AppTest.from_file(str(PAGES / "log_hand.py"), default_timeout=60).run())
    assert at.number_input(key="lh_number").value == 7
    ok(at.radio(key="lh_input").set_value("edit").run())
    assert at.selectbox(key="lh_edit_no").options == ["hand 1", "hand 2", "hand 3", "hand 4 (voided)", "hand 5",
                                                      "hand 6 (voided)"]
    ok(at.selectbox(key="lh_edit_no").set_value(4).run())
    assert any("was voided (before the backup" in w.value for w in at.warning)
    at.text_area(key="lh_edit_text").set_value("hand 4  dealer Cy\nleaster Ed\n")
    at.text_input(key="lh_edit_reason").set_value("found the sheet")
    ok(at.button(key="lh_edit_back").click().run())
    with duckdb.connect(str(db), read_only=True) as con:
        got = dict(con.execute("SELECT u.seat, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                               "WHERE h.hand = 4 AND u.player IS NOT NULL").fetchall())
    assert got == {"Al": -2, "Bea": -2, "Cy": -2, "Di": -2, "Ed": 3}


def test_calls_are_checked_against_every_card_written(tmp_path):
    """break21 F15: with some deal lines written, a call was checked against the picker's cards only, though the
    same hand with every line written is refused (rules.md B-10, B-11, C-4a): a ten call while another seat's line
    holds a fail ace (E-CALL-TEN); an unknown-card call whose card is in another seat's line or in the bury
    (E-UNDER-NOT-HELD); a J♦ call-up of a jack the picker's own line holds (the hand really alone: E-CALL-JD), and
    a written partner whose whole line lacks the called jack (E-PARTNER).  Control, stored: a call-up of the J♥
    held by the written partner Di, 75 (rules.md C-4, B-28): Cy +2, Di +1, the others -1."""
    called = ('%SHN 1.0\n[Event "C"]\n[Date "2027.05.20"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n\n'
              "hand 1  dealer Ed\ndeal Al QS JD AC 7S TH 8H\npick Bea  call TS  partner Di  pts 75  win\n\n"
              "hand 2  dealer Al\ndeal Al QS QH QD JS JH 7C\npick Bea  call AH under 7C  partner Di  pts 75  win\n\n"
              "hand 3  dealer Bea\nblind 7D 8D\npick Cy  bury 7D 8D  call AH under 8D  partner Di  pts 75  win\n")
    r = cli("ingest", write(tmp_path, "c.shn", called), "--db", str(tmp_path / "c.duckdb"), ok=False)
    out = r.output.replace("\n", " ")
    assert "0 stored, 0 duplicates, 3 rejected" in out
    assert "E-CALL-TEN (hand 1)" in out and "AC is written in Al's deal line" in out
    assert "E-UNDER-NOT-HELD (hand 2)" in out and "E-UNDER-NOT-HELD (hand 3)" in out
    jd = ('%SHN 1.0\n[Event "J"]\n[Date "2027.05.16"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
          '[Rules "wi5-jack-of-diamonds; jdCallUp=on"]\n\n'
          "hand 1  dealer Ed\ndeal Bea QC JD JH TD KC 9S\npick Bea  call JH  partner Di  pts 75  win\n\n"
          "hand 2  dealer Bea\ndeal Di QC QS 8D AC 8C KH\ndeal Cy QH JD AD TD KC 9S\n"
          "pick Cy  call JH  partner Di  pts 75  win\n\n"
          "hand 3  dealer Cy\ndeal Di QC QS JH AC 8C KH\ndeal Cy QH JD AD TD KC 9S\n"
          "pick Cy  call JH  partner Di  pts 75  win\n")
    db = tmp_path / "j.duckdb"
    r = cli("ingest", write(tmp_path, "j.shn", jd), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "1 stored, 0 duplicates, 2 rejected" in out
    assert "E-CALL-JD (hand 1)" in out and "E-PARTNER (hand 2)" in out
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": 1, "Ed": -1}


# -- Two NetSchafkopf protocols joined (real21 F3) -----------------------------------------------------------------

def test_two_protocols_joined_read_the_first_and_say_so(tmp_path):
    """real21 F3: NetSchafkopf writes a file every 99 games; two of one evening joined were read as one protocol:
    the second's game 1 refused for the running table, its games 2..99 stored a second time under numbers 2..99.
    The first is read and the join said (E-NSK-JOINED); the totals are each protocol's own last running table
    (data/netschafkopf, 05.10.23: _01 ends PcLinks -85, PcOben +33, PcRechts +25, Gast +27; _02 ends -31, +5,
    +49, -23), and the second, ingested alone, adds its own: -116, +38, +74, +4."""
    import pathlib  # noqa: PLC0415

    base = pathlib.Path(__file__).resolve().parents[1] / "data" / "netschafkopf"
    one = base / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    two = base / "baseline__Schafkopfprotokoll_vom_05.10.23_02.txt"
    joined = tmp_path / "joined.txt"
    joined.write_bytes(one.read_bytes() + two.read_bytes())
    db = tmp_path / "n.duckdb"
    r = cli("ingest", str(joined), "--db", str(db), ok=False)
    assert "99 stored" in r.output and "E-NSK-JOINED" in r.output
    assert ledger(db) == {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}
    cli("ingest", str(two), "--db", str(db))
    assert ledger(db) == {"PcLinks": -116, "PcOben": 38, "PcRechts": 74, "Gast": 4}


# -- A call-up made before the blind is seen (real21 F4) ----------------------------------------------------------

SIX_JD_BEFORE = """%SHN 1.0
[Event "Six at Leo's"]
[Date "2026.12.03"]
[Table "b"]
[Seats "Al=Al Braun; Bea=Bea Roth; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl; Flo=Flo Pick"]
[Rules "wi6-jack-of-diamonds; jdCallTiming=beforeBlind"]

hand 1  dealer Flo
deal Al  AC TC 8C 7S 9H
deal Bea QC QS AD KD 9C
deal Cy  QH JS AS TS KS
deal Di  JH TD AH TH 8H
deal Ed  QD JC KC 9S 8S
deal Flo 9D 8D KH 7H 7C
blind JD 7D
pick Bea
bury 9C 7D
call JH
t1 Al:  AC QS QH TH KC 7C
t2 Bea: QC JS TD JC 9D 7S
t3 Bea: AD KS JH QD 8D 8C
t4 Ed:  9S 7H 9H KD AS AH
t5 Bea: JD TS 8H 8S KH TC
"""


def test_a_call_up_before_the_blind_by_a_picker_who_found_the_jd_there_says_why(tmp_path):
    """real21 F4: under jdCallTiming=beforeBlind (rules.md C-4d) Bea, dealt no J♦, picks J♦ 7♦ and calls up the
    J♥: refused (she is alone, C-3), but the message said she did not hold the J♦ and that its holder was the
    partner, neither true of the hand."""
    r = cli("ingest", write(tmp_path, "jd.shn", SIX_JD_BEFORE), "--db", str(tmp_path / "j.duckdb"), ok=False)
    out = r.output.replace("\n", " ")
    assert "E-CALL-JD (hand 1): a call-up of JH: under jdCallTiming=beforeBlind the call is made before the blind" in out
    assert "the picker plays alone (rules.md C-3, C-4d)" in out and "the J♦ holder is the partner" not in out


# -- A continuation without [Date] sent again after a restore (break21 F6) ----------------------------------------

def test_a_continuation_without_a_date_sent_again_after_a_restore_is_a_duplicate(tmp_path):
    """break21 F6: the export writes a continuation's hand with its own [Date] (the night it went on from); the
    same file sent again to the restored database was E-HAND-CONFLICT, exit 1, for that tag alone, where the
    original database called it a duplicate.  By hand (rules.md B-28, B-33): h1 Bea picks, Di partner, 75: Bea +2,
    Di +1, the others -1; the 07-08 night: h2 Di picks, Cy partner, 40, lost, doubled on the bump: Di -4, Cy -2,
    the others +2; h3 (its file writes no [Date]: that night goes on) Ed alone, 61: Ed +4, the others -1.  That
    night: Al +1, Bea +1, Cy -3, Di -5, Ed +6."""
    head = '%SHN 1.0\n[Session "pp"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n'
    night1 = head + '[Date "2027.07.01"]\n\nhand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n'
    night2 = head + '[Date "2027.07.08"]\n\nhand 2  dealer Al\npick Di  call AS  partner Cy  pts 40  lose\n'
    more = head + "\nhand 3\npick Ed  alone  pts 61  win\n"
    files = [write(tmp_path, n, t) for n, t in (("n1.shn", night1), ("n2.shn", night2), ("n3.shn", more))]
    db = tmp_path / "o.duckdb"
    cli("ingest", *files, "--db", str(db))
    backup = tmp_path / "b.shn"
    cli("export", "--format", "shn", "--out", str(backup), "--db", str(db))
    restored = tmp_path / "r.duckdb"
    cli("ingest", str(backup), "--db", str(restored))
    r = cli("ingest", *files, "--db", str(restored))
    assert "0 stored, 3 duplicates (already stored), 0 rejected" in r.output
    assert ledger(restored) == ledger(db)
    assert ledger(restored, "--from", "2027-07-08") == {"Al": 1, "Bea": 1, "Cy": -3, "Di": -5, "Ed": 6}


# -- An amendment whose night blocks are out of hand order (break21 F9) --------------------------------------------

def test_an_amendment_with_its_nights_out_of_order_says_to_put_them_in_order(tmp_path):
    """break21 F9: an amendment of two nights' hands, the later night's block first, was refused with advice for
    a night numbered from 1 again (a [Session] of its own, other numbers), which would amend nothing or the wrong
    hand.  It says to put the blocks in hand order; so put, the amendment takes (rules.md B-28: hand 2 at 76 is
    still a plain win, Bea +2, Di +1, the others -1; nothing moves)."""
    head = ('%SHN 1.0\n[Session "ow"]\n[Seats "Al=Al Ames; Bea=Bea Berg; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Epp"]\n'
            '[Rules "wi5-called-ace"]\n')
    n1 = head + '[Date "2027.02.02"]\n\nhand 1  dealer Ed\npick Bea  call AH  partner Di  pts 75  win\n\n' \
        "hand 2  dealer Al\npick Bea  call AH  partner Di  pts 75  win\n"
    n2 = head + '[Date "2027.02.09"]\n\nhand 3  dealer Bea\npick Di  alone  pts 93  win-s\n'
    db = tmp_path / "ow.duckdb"
    cli("ingest", write(tmp_path, "n1.shn", n1), write(tmp_path, "n2.shn", n2), "--db", str(db))
    before = ledger(db)
    fix1 = n1.split("hand 1")[0] + "hand 2  dealer Al\npick Bea  call AH  partner Di  pts 76  win\n"
    fix2 = n2.split("hand 3")[0].replace("%SHN 1.0\n", "") + "hand 3  dealer Bea\npick Di  alone  pts 94  win-s\n"
    later_first = "%SHN 1.0\n" + fix2 + "\n" + fix1.replace("%SHN 1.0\n", "")
    r = cli("ingest", "--amend", write(tmp_path, "fix21.shn", later_first), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "is amended by blocks out of hand order" in out and "nothing changed" in out
    r = cli("ingest", "--amend", write(tmp_path, "fix12.shn", fix1 + "\n" + fix2), "--db", str(db))
    assert "revision 2 in force" in r.output and ledger(db) == before


def test_a_ten_called_in_words_and_a_call_with_no_partner_on_a_sheet(tmp_path):
    """break21 F10: a Call cell 'Ten of Hearts' was 'not a card' though 'Ace of Clubs' is read; a Call cell naming
    a suit beside a Partner cell 'alone' was 'partner alone is not a player', the contradiction unsaid.  By hand
    (rules.md B-10, B-28): Bea calls the ten of hearts, Di partner, 75: Bea +2, Di +1, the others -1."""
    sheet = ("Date,Hand,Picker,Call,Partner,Points,Result,Ann,Bea,Cal,Di,Eve\n"
             "2026-12-04,1,Bea,Ten of Hearts,Di,75,win,-1,2,-1,1,-1\n"
             "2026-12-04,2,Ann,Hearts,alone,75,win,4,-1,-1,-1,-1\n")
    db = tmp_path / "t.duckdb"
    r = cli("ingest", write(tmp_path, "ten.csv", sheet), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "1 stored, 0 duplicates, 1 rejected" in out
    assert "E-CSV-CALL (hand 2): row 3: the Call cell calls 'Hearts' and the Partner cell says 'alone'" in out
    assert ledger(db) == {"Ann": -1, "Bea": 2, "Cal": -1, "Di": 1, "Eve": -1}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT call FROM hands").fetchone() == ("TH",)


def test_the_replay_seen_by_caption_says_what_the_seat_sees_of_the_blind(example_db):  # noqa: F811
    """new20 F12: seen by the picker, the blind and the bury are drawn face up, yet the caption said they were face
    down; seen by another seat they are not drawn at all.  Example hand 14: Bea picks (data/sheepshead)."""
    from tests.test_dashboard_replay import ok, page, texts  # noqa: PLC0415

    _, ids = example_db
    for seat, words in (("Bea", "the blind and the bury are the picker's, face up"),
                        ("Al", "the blind and the bury are not shown (only the picker sees them)")):
        at = page("replay_hand.py")
        at.query_params["hand"] = str(ids[14])
        at.query_params["seat"] = seat
        text = texts(ok(at.run()))
        assert f"Shown as {seat} saw it: the other hands are face down until the last step; {words}" in text


def test_the_sheet_page_draws_each_players_running_total(example_db):  # noqa: F811
    """new20 F9: a night's running totals were five more columns, off to the right at 1,400 px; the Sheet page
    draws them as lines.  By hand, the example night (data/sheepshead/example_session.shn; rules.md B-28..B-33,
    D-4): Allen Braun +2, +1, -1, +3, +5 after hands 14..18; Di Lenz -2, -3, +5, +4, +6."""
    import io  # noqa: PLC0415

    import pyarrow as pa  # noqa: PLC0415

    from tests.test_dashboard_replay import ok, page  # noqa: PLC0415

    at = ok(page("sheet.py").run())
    (chart,) = at.get("vega_lite_chart")
    table = pa.ipc.open_stream(io.BytesIO(chart.proto.datasets[0].data.data)).read_all().to_pylist()
    runs: dict[str, list[int]] = {}
    for row in sorted(table, key=lambda r: r["hand"]):
        runs.setdefault(row["player"], []).append(row["total"])
    assert runs["Allen Braun"] == [2, 1, -1, 3, 5] and runs["Di Lenz"] == [-2, -3, 5, 4, 6]


# -- Log a hand in a pot session shows the pot the hand takes (break21b F14) ---------------------------------------

def test_log_a_hand_in_a_pot_session_shows_the_pot_it_takes(tmp_path, monkeypatch):
    """break21b F14: Check score left the pot out (Al +2, Bea +1) and warned that an earlier hand was missing, while
    the hand was stored with the pot.  By hand (rules.md D-19, B-32, B-33): h1 Bea/Di 75: +2/+1/-1; h2 leaster Al:
    +3, -2 each, pot 5; h3 Cy/Ed 72 with the pot: Cy +6, Ed +2, -1 each, pot 0; h4 leaster Di, pot 5; h5 Ed alone
    40 lost: -8 and the pot's 5 matched: -13, +2 each, pot 10; h6 Al/Bea 70 with the pot of 10 (Bea 10 // 4 = 2,
    Al 8): Al +10, Bea +3, Cy, Di, Ed -1."""
    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    from tests.test_dashboard_replay import PAGES, ok, press, stored_units, texts  # noqa: PLC0415

    head = '%SHN 1.0\n[Session "pp"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace; pot=on"]\n'
    files = [write(tmp_path, "p1.shn", head + '[Date "2027.07.01"]\n\nhand 1  dealer Ed\npick Bea  call AH  partner Di'
                   "  pts 75  win\n\nhand 2  dealer Al\nleaster Al\n"),
             write(tmp_path, "p2.shn", head + '[Date "2027.07.08"]\n\nhand 3  dealer Bea\npick Cy  call AS  partner Ed'
                   "  pts 72  win\n\nhand 4  dealer Cy\nleaster Di\n"),
             write(tmp_path, "p3.shn", head + "\nhand 5\npick Ed  alone  pts 40  lose\n")]
    db = tmp_path / "pp.duckdb"
    cli("ingest", *files, "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = ok(AppTest.from_file(str(PAGES / "log_hand.py"), default_timeout=60).run())
    ok(at.radio(key="lh_input").set_value("shn").run())
    at.text_area(key="lh_shn").set_value("hand 6  dealer Ed\npick Al  call AH  partner Bea  pts 70  win\n")
    press(at, "Check score")
    text = texts(at)
    assert "**Al** +10 · **Bea** +3 · **Cy** -1 · **Di** -1 · **Ed** -1" in text and "is missing" not in text
    press(at, "Save hand")
    assert stored_units(db, "pp", 6) == {"Al": 10, "Bea": 3, "Cy": -1, "Di": -1, "Ed": -1, "(pot)": -10}


# -- Second round on the day's fixes (break21b F3, F10, F11) -------------------------------------------------------

def test_the_days_fixes_hold_in_a_note_a_money_ledger_and_a_streamed_sheet(tmp_path, monkeypatch):
    """break21b F3: a note holding a soft line end put its words on the sheet as a mark ('crack Di ×2' beside a
    plain win, rules.md B-33: Cy +2, Ed +1, the others -1).  F10: a money ledger whose losses are written (0.50),
    sent without stake=, stored its whole-dollar row at a dollar a unit.  F11: a sheet read in batches read its
    repeated header as a hand row and stored a night pasted twice, twice (by hand: Ann/Bob 75 +2/+1/-1; Cal/Dee 45
    lost, doubled on the bump, -4/-2/+2: Ann +4, Bob +3, Cal -5, Dee -3, Eve +1)."""
    note = ('%SHN 1.0\n[Event "Sep Club"]\n[Date "2025.04.03"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace"]\n\nhand 1  dealer Ed\n'
            "pick Cy  call AS  partner Ed  pts 72  win {Ed said\u2028crack Di came too late}\n")
    db = tmp_path / "n.duckdb"
    cli("ingest", write(tmp_path, "note.shn", note), "--db", str(db))
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
    assert "crack" not in cli("sheet", "Sep Club / 2025.04.03", "--db", str(db)).output.split("total")[0].split(
        "AS")[1]
    money = "Date,Ann,Bob,Cal,Dee,Eve\n2026-12-04,2.00,(1.00),1.00,(1.00),(1.00)\n" \
            "2026-12-11,1.00,1.00,(0.50),(0.75),(0.75)\n"
    r = cli("ingest", write(tmp_path, "lmp.csv", money), "--db", str(tmp_path / "m.duckdb"), ok=False)
    assert "E-CSV-MONEY" in r.output and "0 stored" in r.output
    head = "Date,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
    block = "2026-12-04,Ann,Bob,75,win,2,1,-1,-1,-1\n2026-12-04,Cal,Dee,45,lose,2,2,-4,-2,2\n"
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", "2")
    monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")
    db = tmp_path / "s.duckdb"
    r = cli("ingest", write(tmp_path, "paste.csv", head + block + head + block), "--db", str(db))
    assert "2 stored" in r.output and "W-CSV-PASTED" in r.output
    assert ledger(db) == {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}


def test_a_timestamp_typo_after_midnight_keeps_its_place_and_joined_files_without_a_last_line_end(tmp_path):
    """break21b F4: a form's row past midnight with its year typed '2O26' was refused as a new night's hand 1 and
    the next row took its number; the mended sheet then refused the mended row and stored the next hand twice.  By
    hand (rules.md B-27..B-33), one night 2026-12-04: Ann/Bob 75 +2/+1/-1; Cal/Dee 45 lost, doubled: -4/-2/+2; Dee
    alone 93, schneider: +8/-2; Bob/Cal 61: +2/+1/-1.  Ann +1, Bob +3, Cal -6, Dee +4, Eve -2.
    break21b F21: a first file without its last line end, its last line a comment, then a second file: the second
    header was inside the comment, its tags the last hand's.  Night 1 (doubleOnBump on): Cy/Ed 40 lost: Cy -4,
    Ed -2, +2 each; night 2 (off): Al/Bea 45 lost: Al -2, Bea -1, +1 each."""
    rows = ["Timestamp,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve",
            "12/04/2026 22:10:05,Ann,Bob,75,win,2,1,-1,-1,-1", "12/04/2026 23:41:10,Cal,Dee,45,lose,2,2,-4,-2,2",
            "12/05/2O26 0:20:33,Dee,,93,win,-2,-2,-2,8,-2", "12/05/2026 1:05:00,Bob,Cal,61,win,-1,2,1,-1,-1"]
    db = tmp_path / "t.duckdb"
    r = cli("ingest", write(tmp_path, "ty.csv", "\n".join(rows) + "\n"), "--db", str(db), ok=False)
    assert "E-CSV-DATE (hand 3)" in r.output.replace("\n", " ")
    r = cli("ingest", write(tmp_path, "ty2.csv", "\n".join(rows).replace("2O26", "2026") + "\n"), "--db", str(db))
    assert "1 stored, 3 duplicates, 0 rejected" in r.output
    assert ledger(db) == {"Ann": 1, "Bob": 3, "Cal": -6, "Dee": 4, "Eve": -2}
    head = '%SHN 1.0\n[Session "{s}"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace{r}"]\n[Date "{d}"]\n\n'
    one = head.format(s="n1", r="", d="2025.03.06") + "hand 1  dealer Ed\npick Cy  call AS  partner Ed  pts 40  lose" \
        "  ; Cy went set"  # no line end
    two = head.format(s="n2", r="; doubleOnBump=off", d="2025.03.13") + \
        "hand 1  dealer Ed\npick Al  call AH  partner Bea  pts 45  lose\n"
    db = tmp_path / "j.duckdb"
    r = cli("ingest", write(tmp_path, "j.shn", one + two), "--db", str(db))
    assert "2 stored" in r.output and "W-SHN-AGAIN" in r.output and "W-TAG-LATE" not in r.output
    assert ledger(db, "--to", "2025-03-06") == {"Al": 2, "Bea": 2, "Cy": -4, "Di": 2, "Ed": -2}
    assert ledger(db, "--from", "2025-03-13") == {"Al": -2, "Bea": -1, "Cy": 1, "Di": 1, "Ed": 1}


def test_a_call_up_before_the_blind_with_its_jack_in_the_blind_is_alone(tmp_path):
    """break21b F6: under jdCallTiming=beforeBlind the called J♥ written in the blind, 'partner Di' written, was
    stored as a partnership; the picker is alone (rules.md C-4d).  F7: E-CRACK said 'the written score' of a hand
    without one.  Without the partner written (rules.md B-33, alone, a plain win): Bea +4, the others -1."""
    head = ('%SHN 1.0\n[Event "JB"]\n[Date "2027.05.16"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
            '[Rules "wi5-jack-of-diamonds; jdCallUp=on; jdCallTiming=beforeBlind; partnerMayCrack=off"]\n\n')
    text = head + ("hand 1  dealer Ed\ndeal Bea QC JD AD TD KC 9S\nblind JH 7C\npick Bea  call JH  partner Di  pts 75"
                   "  win\n\nhand 2  dealer Al\ndeal Bea QC JD AD TD KC 9S\nblind JH 7C\npick Bea  call JH  pts 75  win\n")
    db = tmp_path / "jb.duckdb"
    r = cli("ingest", write(tmp_path, "jb.shn", text), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ")
    assert "1 stored, 0 duplicates, 1 rejected" in out and "E-PARTNER (hand 1)" in out and "is in the blind" in out
    assert ledger(db) == {"Al": -1, "Bea": 4, "Cy": -1, "Di": -1, "Ed": -1}
    crack = head.replace("jdCallUp=on; jdCallTiming=beforeBlind; ", "") + \
        "hand 1  dealer Al\ndeal Cy QC JD AD TD KC 9S\npick Bea  crack Cy  pts 75  win\n"
    r = cli("ingest", write(tmp_path, "c.shn", crack), "--db", str(tmp_path / "c.duckdb"), ok=False)
    assert "the cards written make Cy the partner, who cracked" in r.output.replace("\n", " ")


def test_two_excel_exports_joined_and_a_workbook_timestamp_at_midnight(tmp_path):
    """break21b F22: two Excel 'CSV UTF-8' exports joined with cat: the second header keeps its byte order mark and
    was read as a hand row (a night pasted twice stored twice).  By hand (rules.md B-33): the night Ann +4, Bob +3,
    Cal -5, Dee -3, Eve +1, read once.  F8: a workbook's date-time cell at exactly 00:00 was read as a date, its
    hand a night of its own; formatted with hours it is the night it ends: one session."""
    import datetime as _dt  # noqa: PLC0415

    from openpyxl import Workbook  # noqa: PLC0415

    head = "\ufeffDate,Picker,Partner,Points,Result,Ann,Bob,Cal,Dee,Eve\n"
    block = "2026-12-04,Ann,Bob,75,win,2,1,-1,-1,-1\n2026-12-04,Cal,Dee,45,lose,2,2,-4,-2,2\n"
    path = tmp_path / "cat.csv"
    path.write_bytes((head + block + head + block).encode("utf-8"))
    db = tmp_path / "c.duckdb"
    r = cli("ingest", str(path), "--db", str(db))
    assert "2 stored" in r.output and "W-CSV-PASTED" in r.output
    assert ledger(db) == {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}
    wb = Workbook()
    ws = wb.active
    ws.append(["Timestamp", "Picker", "Partner", "Points", "Result", "Ann", "Bob", "Cal", "Dee", "Eve"])
    ws.append([_dt.datetime(2026, 12, 1, 21, 0), "Ann", "Bob", 75, "win", 2, 1, -1, -1, -1])
    ws.append([_dt.datetime(2026, 12, 2, 0, 0), "Cal", "Dee", 45, "lose", 2, 2, -4, -2, 2])
    for c in ws["A"][1:]:
        c.number_format = "m/d/yyyy h:mm:ss"
    book = tmp_path / "form.xlsx"
    wb.save(book)
    db = tmp_path / "x.duckdb"
    cli("ingest", str(book), "--db", str(db))
    assert _sessions(db) == ["CSV form 2026-12-01"]
    assert ledger(db) == {"Ann": 4, "Bob": 3, "Cal": -5, "Dee": -3, "Eve": 1}
