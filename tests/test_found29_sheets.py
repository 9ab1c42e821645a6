"""Score sheets and phone-typed SHN left by session 28 (fixb29, session 29): each record written as a user would
write it, each amount worked out by hand from rules.md (/work/shared/reference/rules.md) before shead's figure was
read.  Profile wi5-called-ace (doubleOnBump on).

Units used below (rules.md B-28 tiers, B-31/B-33 shares):
- a called-ace win 61..90: picker +2, partner +1, the three defenders -1; 91..120 (schneider, x2): +4, +2, -2.
- a called-ace loss 31..60 with DOB (B-32): picker -4, partner -2, the three defenders +2.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where


def _stream(monkeypatch, batch: str | None) -> None:
    if batch is not None:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "0")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", batch)


# -- 1: W-CSV-TOTALS over a refused row, the sheet read in batches (break28 F7 on the streamed path) -----------------

#: h1 Al/Bea AH 70, a win: Al +2, Bea +1, Cy/Di/Ed -1.  h2 Di/Ed AS 80, a win: Di +2, Ed +1, Al/Bea/Cy -1 -- the row
#: writes Ed +2 (a typo: it sums to +1), refused E-SCORE-SUM at Ed's cell (3:11).  h3 Bea/Cy AC 95, schneider: Bea +4,
#: Cy +2, Al/Di/Ed -2.  The Total row writes the right night: Al 2-1-2 = -1, Bea 1-1+4 = +4, Cy -1-1+2 = 0,
#: Di -1+2-2 = -1, Ed -1+1-2 = -2.  Stored (h1, h3): Al 0, Bea +5, Cy +1, Di -3, Ed -1-2 = -3.
#: Only Ed's Total cell differs from the rows as written (-1+2-2 = -1 against -2), so one warning there (5:11): the
#: stored rows sum to -3, and the Total holds if row 3 writes Ed -2 - (-3) = +1.
TOTALS = """Date,Hand,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
2026-12-12,1,Al,Bea,AH,70,2,1,-1,-1,-1
2026-12-12,2,Di,Ed,AS,80,-1,-1,-1,2,2
2026-12-12,3,Bea,Cy,AC,95,-2,4,2,-2,-2
Total,,,,,,-1,4,0,-1,-2
"""


@pytest.mark.parametrize("batch", [None, "1", "2"])
def test_a_totals_warning_leaves_the_refused_row_out_read_in_batches(tmp_path, monkeypatch, batch):
    """Whole, and in batches of one (row 3 refused in a batch before the Total row's) and of two: the same
    W-CSV-TOTALS at 5:11, found -2, expected -3, naming row 3 refused (was, in batches: "the rows above sum to -1;
    the hands are stored as their rows write them", the refused row counted)."""
    _stream(monkeypatch, batch)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "totals.csv", TOTALS), db)
    assert (rep["ingested"], _where(rep)) == (2, [(3, 11, "E-SCORE-SUM", 2)])
    (w,) = [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"]
    assert (w["line"], w["col"], w["found"], w["expected"]) == (5, 11, "-2", "-3")
    assert w["message"] == ("row 5: the totals row writes Ed -2, but the stored rows above sum to -3; refused and "
                            "not stored: row 3 (E-SCORE-SUM, written Ed +2); the totals row holds if row 3 writes Ed +1")
    assert ledger(db) == {"Al": 0, "Bea": 5, "Cy": 1, "Di": -3, "Ed": -3}


@pytest.mark.parametrize("batch", [None, "1", "2"])
def test_a_totals_row_the_stored_rows_match_is_no_warning_read_in_batches(tmp_path, monkeypatch, batch):
    """The scorer left the typo row out of the Total row (Al 0, Bea +5, Cy +1, Di -3, Ed -3: h1 + h3): with row 3
    refused the stored rows match every cell, so no W-CSV-TOTALS, whole or in batches (was, in batches: Ed's cell
    warned, the rows above summing to -1 with the refused row's +2)."""
    _stream(monkeypatch, batch)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "totals.csv", TOTALS.replace("-1,4,0,-1,-2\n", "0,5,1,-3,-3\n")), db)
    assert (rep["ingested"], _where(rep)) == (2, [(3, 11, "E-SCORE-SUM", 2)])
    assert not [w for w in rep["warnings"] if w["code"] == "W-CSV-TOTALS"], rep["warnings"]


# -- 2: a Defenders column of the defenders' names beside Picker and Partner -----------------------------------------

#: h1 Al/Bea AH 75, a win (B-28 61..90): Al +2, Bea +1, Cy/Di/Ed -1; Defenders 'Cy Di Ed' = the other seats.
#: h2 Bea/Cy AS 50, a loss with DOB (B-32): Bea -4, Cy -2, Al/Di/Ed +2; Defenders 'Al, Di, Ed'.
#: h3 Cy alone 95, schneider (B-33 alone x2): Cy +8, the four others -2; Defenders 'Al,Bea,Di,Ed' (four, alone).
#: h4 Di calls AC, the Partner cell blank, 70, a win: Defenders 'Al/Bea/Cy' leave Ed the partner: Di +2, Ed +1,
#: Al/Bea/Cy -1.
#: Night: Al 2+2-2-1 = +1, Bea 1-4-2-1 = -6, Cy -1-2+8-1 = +4, Di -1+2-2+2 = +1, Ed -1+2-2+1 = 0 (sum 0).
DEFENDERS = """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,Al,Bea,AH,75,Cy Di Ed,2,1,-1,-1,-1
2026-12-03,2,Bea,Cy,AS,50,"Al, Di, Ed",2,-4,-2,2,2
2026-12-03,3,Cy,,alone,95,"Al,Bea,Di,Ed",-2,-2,8,-2,-2
2026-12-03,4,Di,,AC,70,Al/Bea/Cy,-1,-1,-1,2,1
"""


@pytest.mark.parametrize("batch", [None, "1"])
def test_a_defenders_column_of_names_is_read(tmp_path, monkeypatch, batch):
    """All four rows stored, no refusal and no W-CSV-DEFENSE (was: each refused E-CSV-POINTS at the Defenders cell,
    column 7, 'not card points')."""
    _stream(monkeypatch, batch)
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defenders.csv", DEFENDERS), db)
    assert (rep["ingested"], _where(rep)) == (4, [])
    assert not [w for w in rep["warnings"] if w["code"].startswith("W-CSV-DEF")], rep["warnings"]
    assert ledger(db) == {"Al": 1, "Bea": -6, "Cy": 4, "Di": 1, "Ed": 0}


def test_the_defenders_names_tell_a_blank_partner(tmp_path):
    """Units not written (the engine derives them): Di calls AC, the Partner cell blank, 70 -- the Defenders cell
    'Al/Bea/Cy' leaves Ed, the partner: Di +2, Ed +1, Al/Bea/Cy -1 (B-33).  The same row without the Defenders cell
    is refused E-RESULT-UNKNOWN (the partner unknown and no score written), so the names are what settles it."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defenders.csv", """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,Di,,AC,70,Al/Bea/Cy,,,,,
2026-12-03,2,Di,,AC,70,,,,,,
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [(3, 1, "E-RESULT-UNKNOWN", 2)])
    assert ledger(db) == {"Al": -1, "Bea": -1, "Cy": -1, "Di": 2, "Ed": 1}


def test_defenders_names_that_contradict_picker_and_partner_are_refused_at_the_cell(tmp_path):
    """h1 Ed/Al AC 70 writes the defenders 'Al Bea Cy' (Al is the partner; Di left out): refused E-CSV-DEFENDERS at
    the Defenders cell (2:7), naming Bea, Cy, Di, the seats Picker Ed and Partner Al leave.  h2 'Bea Cy Zed': Zed
    sits at no seat, refused at 3:7.  h3 Ed alone writes three defenders 'Bea Cy Di' (alone: four, Al, Bea, Cy, Di),
    refused at 4:7.  h4 Ed/Al AC 70 'Bea, Cy and Di' is right: Ed +2, Al +1, Bea/Cy/Di -1, the one stored."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defenders.csv", """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,Ed,Al,AC,70,Al Bea Cy,1,-1,-1,-1,2
2026-12-03,2,Ed,Al,AC,70,Bea Cy Zed,1,-1,-1,-1,2
2026-12-03,3,Ed,,alone,70,Bea Cy Di,-1,-1,-1,-1,4
2026-12-03,4,Ed,Al,AC,70,"Bea, Cy and Di",1,-1,-1,-1,2
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [(2, 7, "E-CSV-DEFENDERS", 1), (3, 7, "E-CSV-DEFENDERS", 2),
                                                  (4, 7, "E-CSV-DEFENDERS", 3)])
    one, two, three = rep["rejected"]
    assert "picker Ed and partner Al leave Bea, Cy, Di to defend" in one["message"], one["message"]
    assert "Al is on the picker's side; Di is not named" in one["message"]
    assert (one["found"], one["expected"]) == ("Al Bea Cy", "Bea, Cy, Di")
    assert "'Zed' is not a player of this sitting" in two["message"], two["message"]
    assert "picker Ed alone leaves Al, Bea, Cy, Di to defend" in three["message"], three["message"]
    assert "Al is not named" in three["message"]
    assert ledger(db) == {"Al": 1, "Bea": -1, "Cy": -1, "Di": -1, "Ed": 2}


def test_the_defenders_names_tell_the_partner_or_alone_without_a_call(tmp_path):
    """No call written and no partner (a pad's 'Di + ?, 70'), units derived: 'Al/Bea/Cy' defended, so Ed was the
    partner -- a win 61..90 (B-28): Di +2, Ed +1, Al/Bea/Cy -1.  Cy, 50, the four others named: Cy went alone, a
    loss with DOB (B-32, B-33): Cy -8, the four others +2.  The same Cy row without the names is refused
    E-RESULT-UNKNOWN at 4:1.  Night: Al -1+2 = +1, Bea +1, Cy -1-8 = -9, Di 2+2 = +4, Ed 1+2 = +3."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "defenders.csv", """Date,Hand,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
2026-12-03,1,Di,,,70,Al/Bea/Cy,,,,,
2026-12-03,2,Cy,,,50,"Al, Bea, Di, Ed",,,,,
2026-12-03,3,Cy,,,50,,,,,,
"""), db)
    assert (rep["ingested"], _where(rep)) == (2, [(4, 1, "E-RESULT-UNKNOWN", 3)])
    assert ledger(db) == {"Al": 1, "Bea": 1, "Cy": -9, "Di": 4, "Ed": 3}


# -- 3: phone slips left by session 28: 'call AH..', 'tricks 4 of six', 'pts ^72/48', Schafkopf 'tricks 5 of 8' -------
# A five-handed night typed on a phone, the slip on line 8.  'pick Al call AH partner Bea pts 72 win': 72 is 61..90,
# a plain win (B-28), with a partner (B-33): Al +2, Bea +1, Cy/Di/Ed -1.

from ingest.validate import validate_text  # noqa: E402
from replay.errors import ShedError  # noqa: E402

HEAD = ('%SHN 1.0\n[Event "Phone Night"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
        '[Rules "wi5-called-ace"]\n\nhand 1\n')
SK_HEAD = ('%SHN 1.0\n[Event "Stammtisch"]\n[Date "2026.11.20"]\n[Seats "Sepp; Hias; Vroni; Kathi"]\n'
           '[Rules "schafkopf-bsv"]\n[Cards "de"]\n\nhand 1\n')
WIN_UNITS = {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}


def _read(text: str, strict: bool = False):
    """(errors, warnings, units of the one hand stored or None) of ``text`` validated."""
    res = validate_text(text, "phone.shn", strict=strict)
    errs = [e for r in res.rejected for e in r.errors] + [e for e in res.errors if e.severity == "error"]
    warns = [e for e in res.errors if e.severity == "warning"]
    return errs, warns, (res.hands[0].outcome.units if res.hands else None)


def _slip(text: str, at: tuple[int, int], found: str, read_as: str, units: dict) -> str:
    """``text`` read lenient and strict alike: one W-PHONE-SLIP at ``at`` (line, column), ``units`` stored; its
    message."""
    for strict in (False, True):
        errs, warns, got = _read(text, strict)
        assert errs == [], [str(e) for e in errs]
        (w,) = warns
        assert (w.code, w.line, w.col, w.found, w.expected, w.hand) == ("W-PHONE-SLIP", *at, found, read_as, 1)
        assert got == units
    return w.message


def test_call_with_two_full_stops_is_read_with_a_warning():
    """'AH..' at 8:14 read as 'call AH' (was E-CARD 'expected a card')."""
    msg = _slip(HEAD + "pick Al call AH.. partner Bea pts 72 win\n", (8, 14), "AH..", "call AH", WIN_UNITS)
    assert msg == ("found 'AH..': the card AH with two full stops after it (a phone's: two spaces typed make '. '); "
                   "read as 'call AH' (a '.' ends no statement in SHN); write 'call AH' to silence this warning")


def test_tricks_of_a_number_word_is_read_with_a_warning():
    """'tricks 4 of six': six tricks at five-handed (rules.md F-1), read as 'tricks 4' at 8:43 (was E-STATEMENT at
    'of', 8:45); 'tricks 4 of five' is not certain: E-NUMBER at 8:43 saying to write the tricks alone."""
    msg = _slip(HEAD + "pick Al call AH partner Bea pts 72 tricks 4 of six win\n", (8, 43), "4 of six", "tricks 4",
                WIN_UNITS)
    assert "the picker side's tricks and the hand's 6 ('six', in words) written together" in msg, msg
    errs, _warns, got = _read(HEAD + "pick Al call AH partner Bea pts 72 tricks 4 of five win\n")
    assert got is None
    (e,) = errs
    assert (e.code, e.line, e.col, e.found) == ("E-NUMBER", 8, 43, "4 of five")
    assert e.message.endswith("has 6 tricks, not five, so which is meant is not certain; write the picker side's "
                              "tricks alone (0 to 6, e.g. 'tricks 4')"), e.message


def test_pts_pair_after_the_agreed_mark_is_read_keeping_the_mark():
    """'pts ^72/48': 72 + 48 = 120 (rules.md A-6), read as 'pts ^72' at 8:33 -- the ^ is SHN's agreed mark
    (notation.md §7), kept; the message says to write 'pts 72' if nothing was agreed (was E-NUMBER 'found ^72/48').
    The units are the plain win's either way (no cards to disagree with)."""
    msg = _slip(HEAD + "pick Al call AH partner Bea pts ^72/48 win\n", (8, 33), "^72/48", "pts ^72", WIN_UNITS)
    assert "written together after the agreed mark ^" in msg and "'pts 72' if none was agreed" in msg, msg
    # 'pts ^48/72 win': read 'pts ^48', a loss (B-27): refused E-OUTCOME at 'win' (8:40), saying how 48 was read
    errs, warns, got = _read(HEAD + "pick Al call AH partner Bea pts ^48/72 win\n")
    assert got is None and [(w.code, w.col, w.expected) for w in warns] == [("W-PHONE-SLIP", 33, "pts ^48")]
    (e,) = errs
    assert (e.code, e.line, e.col) == ("E-OUTCOME", 8, 40)
    assert "'pts ^48/72' was read as 'pts ^48'" in e.message and "write 'pts 72'" in e.message, e.message
    # a pair that does not sum to 120 after the mark is still refused with what to write
    errs, _warns, got = _read(HEAD + "pick Al call AH partner Bea pts ^72/40 win\n")
    assert got is None and [(e.code, e.col, e.found) for e in errs] == [("E-NUMBER", 33, "^72/40")]
    assert "write the picker side's card points alone, e.g. 'pts 72'" in errs[0].message


def test_schafkopf_tricks_of_eight_is_read():
    """Schafkopf has a tricks count (notation.md §14.3: `tricks`, the declaring party's; 8 tricks, rules.md G-2):
    'tricks 5 of 8' is read as 'tricks 5' at 9:61 (was refused 'shead does not tell the tricks of a hand under
    schafkopf-bsv').  A Sauspiel won with 75 Augen (G-12: 61..90, no schneider), no Laufende: the game value is the
    Sauspiel's 10 (schafkopf-bsv's tariff, G-14), each opponent paying one winner (G-15): Sepp +10, Hias +10,
    Vroni -10, Kathi -10.  'tricks 5 of eight' reads the same."""
    units = {"Sepp": 10, "Hias": 10, "Vroni": -10, "Kathi": -10}
    line = "game Sepp sauspiel EA partner Hias laufende 0 pts 75 tricks 5 of 8 win\n"
    msg = _slip(SK_HEAD + line, (9, 61), "5 of 8", "tricks 5", units)
    assert msg == ("found '5 of 8': the declaring party's tricks and the hand's 8 written together; read as 'tricks 5' "
                   "('tricks' takes the declaring party's tricks alone; a hand under schafkopf-bsv has 8); write "
                   "'tricks 5' to silence this warning")
    _slip(SK_HEAD + line.replace("of 8", "of eight"), (9, 61), "5 of eight", "tricks 5", units)
    # the short pack has six tricks (G-3): there 'tricks 5 of 8' is not certain, E-NUMBER saying to write 0 to 6
    short = SK_HEAD.replace('"schafkopf-bsv"', '"schafkopf-bsv; shortDeck=on"')
    with pytest.raises(ShedError) as exc:
        validate_text(short + line, "phone.shn", strict=True)
    d = exc.value.diagnostic
    assert (d.code, d.line, d.col) == ("E-NUMBER", 9, 61)
    assert "a hand under schafkopf-bsv has 6 tricks, not 8" in d.message and "(0 to 6, e.g. 'tricks 5')" in d.message


# -- 4: newuser28 F4: SHN 'win' at 95 is refused (the notation's word is win-s), a sheet's W at 95 is read -----------

def test_shn_win_at_95_says_to_write_win_s_at_the_outcome_word():
    """'pick Al call AH partner Bea pts 95 win': 95 >= 91 with a trick to the defenders is a schneider win (rules.md
    B-28), SHN's word win-s: refused E-OUTCOME at the word 'win' (8:36, found 'win', expected 'win-s'), lenient and
    strict alike, the message saying to write 'win-s' in its place."""
    errs, _warns, got = _read(HEAD + "pick Al call AH partner Bea pts 95 win\n")
    assert got is None
    (e,) = errs
    assert (e.code, e.line, e.col, e.found, e.expected) == ("E-OUTCOME", 8, 36, "win", "win-s")
    assert e.message == ("win disagrees with 95 card points: that is win-s (won schneider, rules.md B-28); write "
                         "'win-s' in place of 'win' (an outcome word names the tier, notation.md §6)")
    with pytest.raises(ShedError) as exc:
        validate_text(HEAD + "pick Al call AH partner Bea pts 95 win\n", "phone.shn", strict=True)
    assert exc.value.diagnostic.message == e.message
    # written as told: schneider x2 with a partner (B-33): Al +4, Bea +2, Cy/Di/Ed -2
    assert _read(HEAD + "pick Al call AH partner Bea pts 95 win-s\n") == ([], [], {"Al": 4, "Bea": 2, "Cy": -2,
                                                                                    "Di": -2, "Ed": -2})


def test_a_sheets_w_at_95_is_read_as_win_s_and_its_refusals_keep_the_sheets_words(tmp_path):
    """The same hand on a score sheet: Result W with Points 95 is read as win-s (the points tell the tier): Al +4,
    Bea +2, Cy/Di/Ed -2.  A row writing 'win-s' at 75 is refused E-OUTCOME at its Result cell (3:7) without the SHN
    advice ('in place of' names no cell's word)."""
    db = tmp_path / "x.duckdb"
    rep = _ingest(write(tmp_path, "w.csv", """Date,Hand,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed
2026-12-03,1,Al,Bea,AH,95,W,,,,,
2026-12-03,2,Al,Bea,AH,75,win-s,,,,,
"""), db)
    assert (rep["ingested"], _where(rep)) == (1, [(3, 7, "E-OUTCOME", 2)])
    assert "in place of" not in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": 4, "Bea": 2, "Cy": -2, "Di": -2, "Ed": -2}
