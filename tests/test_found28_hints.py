"""Defects brought by real27b (session 27, /tmp/s27/real27b/FINDINGS.md) and phone slips, fixed by fixb28 in
session 28: each record written as a user would write it, each amount worked out by hand from rules.md
(/work/shared/reference/rules.md) before shead's figure was read.

real27b F3: a Stammtisch pad's nets sheet (`Datum;Nr;Sepp;Hias;Vroni;Kathi`, cents a player a game) has four player
columns; read under the default five-handed profile every row was refused `E-SEATS ... [Seats] lists 4 seats`,
a tag the CSV does not have.  Now one file-level E-CSV-RULES at the header (1:1) saying what the sheet may be.
Under --rules of a four-handed Sheepshead profile it is read as before:

- wi4-cutthroat (rules.md F-3: picker alone against 3, each opponent 1/2/3 x M, picker 3/6/9; B-32 a loss doubled):
  row 1 `-6;2;2;2` Sepp picks, a plain loss doubled: each opponent +1x2 = +2, Sepp -6; row 2 `-2;6;-2;-2` Hias,
  a schneider win x2: -2 each, Hias +6; row 3 `-3;-3;9;-3` Vroni, a no-tricker x3: -3 each, Vroni +9.
  Night: Sepp -6-2-3 = -11, Hias 2+6-3 = +5, Vroni 2-2+9 = +9, Kathi 2-2-3 = -3 (zero-sum).
- wi4-called-ace (rules.md F-4, 2v2: picker and partner 1 share each, each defender 1; B-28 tiers, B-32):
  hand 1 Sepp/Hias 72: a win, Sepp +1, Hias +1, Vroni -1, Kathi -1; hand 2 Vroni/Kathi 45: a loss doubled,
  Vroni -2, Kathi -2, Sepp +2, Hias +2; hand 3 Hias/Vroni 95: schneider x2, Hias +2, Vroni +2, Sepp -2, Kathi -2.
  Night: Sepp 1+2-2 = +1, Hias 1+2+2 = +5, Vroni -1-2+2 = -1, Kathi -1-2-2 = -5.
"""

from __future__ import annotations

import pytest

from tests.cli_helpers import ingest_json as _ingest, ledger, write
from tests.cli_helpers import refused_at as _where

#: /tmp/s27/real27b/stammtisch_nets.csv as real27b wrote it (the night of stammtisch.shn in cents)
NETS = """Datum;Nr;Sepp;Hias;Vroni;Kathi
20.11.2026;1;40;40;-40;-40
20.11.2026;2;-200;-200;600;-200
20.11.2026;3;70;70;70;-210
20.11.2026;4;20;-20;20;-20
20.11.2026;5;-60;20;20;20
20.11.2026;6;-60;60;60;-60
"""

#: the profiles of replay/profile.py's NAMED_PROFILES that seat four (`shead rules`), in its order
FOUR_HANDED = ("wi4-cutthroat, wi4-called-ace, wi4-jack-of-diamonds, wi4-black-queens, wi4-called-ace-34, "
               "wi4-jack-of-diamonds-34, wi4-first-queens")


def _stream(monkeypatch, stream: bool) -> None:
    if stream:  # the sheet read in batches (ingest.csv_sheet.read_csv_stream)
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", "3")
        monkeypatch.setenv("SHEAD_STREAM_BATCH", "2")


def _file_errors(rep: dict) -> list[dict]:
    """The report's errors of the file (no hand's): an E-CSV-RULES comes in ``rejected`` with hand None."""
    return [e for e in rep["rejected"] if e["hand"] is None]


def _hands_refused(rep: dict) -> list[dict]:
    return [e for e in rep["rejected"] if e["hand"] is not None]


# -- real27b F3: four player columns under a five-handed profile -------------------------------------------------------

@pytest.mark.parametrize("stream", [False, True])
def test_a_four_column_nets_sheet_is_one_file_refusal(tmp_path, monkeypatch, stream):
    """Six rows, four player columns: one E-CSV-RULES at 1:1 (was six E-SEATS at 2:1..7:1 about [Seats]), naming
    the columns, the five seats the default wi5-called-ace needs, SHN-SK for a Schafkopf night and the seven
    four-handed profiles for --rules; nothing stored, no hand refused."""
    _stream(monkeypatch, stream)
    db = tmp_path / "n.duckdb"
    rep = _ingest(write(tmp_path, "stammtisch_nets.csv", NETS), db)
    assert (rep["ingested"], _hands_refused(rep)) == (0, [])
    (e,) = _file_errors(rep)
    assert (e["code"], e["line"], e["col"]) == ("E-CSV-RULES", 1, 1)
    msg = e["message"]
    assert msg.startswith("4 player columns (Sepp, Hias, Vroni, Kathi): a five-handed Sheepshead sheet needs 5")
    assert "[Seats]" not in msg
    assert "a Schafkopf night: write it as SHN-SK score lines" in msg and 'schafkopf-bsv' in msg
    assert f"a four-handed Sheepshead night: --rules <a 4-handed profile> ({FOUR_HANDED}; shead rules)" in msg
    assert (e["found"], e["expected"]) == ("4 player columns", "5 player columns")


#: real27b's stammtisch_nets_small.csv, byte for byte (a Stammtisch pad: semicolons, German dates, cents per player)
STAMMTISCH_SMALL = ("Datum;Nr;Sepp;Hias;Vroni;Kathi\n27.11.2026;1;1;1;-1;-1\n27.11.2026;2;-3;1;1;1\n"
                    "27.11.2026;3;2;2;-2;-2\n")


def test_the_real_file_is_one_refusal(tmp_path):
    """The tester's own file (its text kept here, so the test never depends on a scratch folder): the same single
    E-CSV-RULES at its header, no row refused."""
    rep = _ingest(write(tmp_path, "stammtisch_nets_small.csv", STAMMTISCH_SMALL), tmp_path / "s.duckdb")
    assert _hands_refused(rep) == [] and [(e["code"], e["line"]) for e in _file_errors(rep)] == [("E-CSV-RULES", 1)]


def test_three_columns_name_the_three_handed_profiles(tmp_path):
    """Three player columns (Al, Bea, Cy) under the default: the three-handed profiles wi3, wi3-30, wi3-26 are
    named, and no Schafkopf (a four-player game, rules.md G) is offered."""
    rep = _ingest(write(tmp_path, "three.csv", "Date,Hand,Al,Bea,Cy\n2026-11-20,1,2,-1,-1\n"), tmp_path / "t.duckdb")
    assert _hands_refused(rep) == []
    (e,) = _file_errors(rep)
    assert e["code"] == "E-CSV-RULES" and "needs 5" in e["message"]
    assert "a three-handed Sheepshead night: --rules <a 3-handed profile> (wi3, wi3-30, wi3-26; shead rules)" \
        in e["message"]
    assert "Schafkopf" not in e["message"]


@pytest.mark.parametrize("stream", [False, True])
def test_the_nets_sheet_under_wi4_cutthroat_is_read_as_before(tmp_path, monkeypatch, stream):
    """--rules wi4-cutthroat: each row's units tell the picker (docstring above): 3 stored, none refused; the
    night Sepp -11, Hias +5, Vroni +9, Kathi -3."""
    _stream(monkeypatch, stream)
    text = ("Datum;Nr;Sepp;Hias;Vroni;Kathi\n20.11.2026;1;-6;2;2;2\n20.11.2026;2;-2;6;-2;-2\n"
            "20.11.2026;3;-3;-3;9;-3\n")
    db = tmp_path / "c.duckdb"
    rep = _ingest(write(tmp_path, "cut.csv", text), db, "--rules", "wi4-cutthroat")
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert ledger(db) == {"Sepp": -11, "Hias": 5, "Vroni": 9, "Kathi": -3}


def test_a_four_handed_called_ace_sheet_is_read(tmp_path):
    """--rules wi4-called-ace, picker, partner and points, units blank (derived): Sepp +1, Hias +5, Vroni -1,
    Kathi -5 (docstring above)."""
    text = ("Date,Hand,Picker,Partner,Call,Points,Sepp,Hias,Vroni,Kathi\n2026-11-20,1,Sepp,Hias,AH,72,,,,\n"
            "2026-11-20,2,Vroni,Kathi,AS,45,,,,\n2026-11-20,3,Hias,Vroni,AC,95,,,,\n")
    db = tmp_path / "a.duckdb"
    rep = _ingest(write(tmp_path, "ca4.csv", text), db, "--rules", "wi4-called-ace")
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    assert ledger(db) == {"Sepp": 1, "Hias": 5, "Vroni": -1, "Kathi": -5}


def test_a_four_column_ledger_of_sittings_is_still_stored(tmp_path):
    """A ledger of sitting totals (no hand column) with four players is no hand's table: stored as one sitting,
    Sepp +40, Hias +40, Vroni -40, Kathi -40, as before."""
    db = tmp_path / "l.duckdb"
    rep = _ingest(write(tmp_path, "led.csv", "Datum;Sepp;Hias;Vroni;Kathi\n20.11.2026;40;40;-40;-40\n"), db)
    assert rep["rejected"] == []
    assert ledger(db) == {"Sepp": 40, "Hias": 40, "Vroni": -40, "Kathi": -40}


# -- phone slips: 'call AH.', 'pts 72/48', 'tricks 4 of 6' ---------------------------------------------------------
# A five-handed night typed on a phone.  The line the slip is on is line 8.  Units by hand (rules.md B-27, B-28
# tiers; B-31 shares: the picker 2, the partner 1, each of 3 defenders 1; alone, the picker 4; B-32 a loss doubled;
# B-33's table):
# - 'pick Al call AH partner Bea pts 72 win': 72 is 61..90, a plain win x1: Al +2, Bea +1, Cy Di Ed -1.
# - 'pick Cy alone pts 95 win-s': 95 >= 91, a schneider x2, alone: Cy +8, Al Bea Di Ed -2 each.

from ingest.validate import validate_text  # noqa: E402
from replay.errors import ShedError  # noqa: E402

HEAD = ('%SHN 1.0\n[Event "Phone Night"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n'
        '[Rules "wi5-called-ace"]\n\nhand 1\n')
WIN_UNITS = {"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1}
ALONE_UNITS = {"Al": -2, "Bea": -2, "Cy": 8, "Di": -2, "Ed": -2}


def _read(text: str, strict: bool = False):
    """(errors, warnings, units of the one hand stored or None) of ``text`` validated."""
    res = validate_text(text, "phone.shn", strict=strict)
    errs = [e for r in res.rejected for e in r.errors] + [e for e in res.errors if e.severity == "error"]
    warns = [e for e in res.errors if e.severity == "warning"]
    return errs, warns, (res.hands[0].outcome.units if res.hands else None)


def _slip(line: str, col: int, found: str, read_as: str, units: dict, head: str = HEAD) -> str:
    """The line read, lenient and strict alike: one W-PHONE-SLIP at (8, col) and ``units`` stored; its message."""
    for strict in (False, True):
        errs, warns, got = _read(head + line + "\n", strict)
        assert errs == [], [str(e) for e in errs]
        (w,) = warns
        assert (w.code, w.line, w.col, w.found, w.expected, w.hand) == ("W-PHONE-SLIP", 8, col, found, read_as, 1)
        assert got == units
    return w.message


def _refused(line: str, col: int, found: str, head: str = HEAD, at: int = 8) -> str:
    """The line refused, lenient (the hand rejected) and strict (raised) alike, E-NUMBER at (at, col); its message."""
    errs, _warns, got = _read(head + line + "\n")
    assert got is None
    (e,) = errs
    assert (e.code, e.line, e.col, e.found, e.hand) == ("E-NUMBER", at, col, found, 1)
    with pytest.raises(ShedError) as exc:
        validate_text(head + line + "\n", "phone.shn", strict=True)
    assert (exc.value.diagnostic.code, exc.value.diagnostic.col) == ("E-NUMBER", col)
    assert exc.value.diagnostic.message == e.message
    return e.message


def test_call_with_a_full_stop_is_read_with_a_warning():
    # 'pick Al call AH. partner Bea pts 72 win': 'AH.' at column 14 (was E-CARD 'expected a card', no hint)
    msg = _slip("pick Al call AH. partner Bea pts 72 win", 14, "AH.", "call AH", WIN_UNITS)
    assert msg == ("found 'AH.': the card AH with a full stop after it (a phone's: two spaces typed make '. '); read "
                   "as 'call AH' (a '.' ends no statement in SHN); write 'call AH' to silence this warning")


def test_call_with_a_full_stop_at_the_end_of_the_line():
    # 'pick Al call AH.' then the result below: the same reading, same units
    _slip("pick Al call AH.\npartner Bea pts 72 win", 14, "AH.", "call AH", WIN_UNITS)


def test_a_full_stop_after_no_card_is_still_e_card():
    # 'AX.' is no card with a stop: nothing certain, the E-CARD as before at column 14
    errs, warns, got = _read(HEAD + "pick Al call AX. partner Bea pts 72 win\n")
    assert got is None and warns == []
    assert [(e.code, e.line, e.col, e.found) for e in errs] == [("E-CARD", 8, 14, "AX.")]


def test_pts_slash_summing_to_120_is_the_pickers_points():
    # 'pts 72/48': 72 + 48 = 120, the first the picker side's: read as pts 72 at column 33 (was E-NUMBER, no hint)
    msg = _slip("pick Al call AH partner Bea pts 72/48 win", 33, "72/48", "pts 72", WIN_UNITS)
    assert msg == ("found '72/48': the picker side's 72 and the defenders' 48 card points written together; read as "
                   "'pts 72' ('pts' takes the picker side's points alone, the defenders' are the rest of the deck's "
                   "120, rules.md A-6); write 'pts 72' to silence this warning")


def test_pts_slash_alone_schneider():
    # 'pick Cy alone pts 95/25 win-s': 95 + 25 = 120, pts 95: a schneider alone, Cy +8, -2 each (column 19)
    _slip("pick Cy alone pts 95/25 win-s", 19, "95/25", "pts 95", ALONE_UNITS)


def test_pts_slash_read_as_the_picker_side_disagrees_with_win():
    # 'pts 48/72 win': read as pts 48, which is a loss (rules.md B-27): the outcome refused, the warning said
    errs, warns, got = _read(HEAD + "pick Al call AH partner Bea pts 48/72 win\n")
    assert got is None
    assert [(e.code, e.col) for e in errs] == [("E-OUTCOME", 39)]
    assert [(w.code, w.col, w.expected) for w in warns] == [("W-PHONE-SLIP", 33, "pts 48")]


def test_pts_slash_not_summing_to_120_is_refused_with_what_to_write():
    # 72 + 40 = 112: which number is the picker side's is not certain
    msg = _refused("pick Al call AH partner Bea pts 72/40 win", 33, "72/40")
    assert msg == ("found 'pts 72/40': two numbers, and 72 + 40 = 112, not the deck's 120 card points (rules.md A-6), "
                   "so which is the picker side's is not certain; write the picker side's card points alone, e.g. "
                   "'pts 72' (the defenders' are 120 less them)")


def test_tricks_of_six_at_five_handed_is_read():
    # 'tricks 4 of 6': six tricks a five-handed hand (rules.md B-2, F-1): read as tricks 4 at column 43
    msg = _slip("pick Al call AH partner Bea pts 72 tricks 4 of 6 win", 43, "4 of 6", "tricks 4", WIN_UNITS)
    assert msg == ("found '4 of 6': the picker side's tricks and the hand's 6 written together; read as 'tricks 4' "
                   "('tricks' takes the picker side's tricks alone; a hand under wi5-called-ace has 6); write "
                   "'tricks 4' to silence this warning")
    # 'tricks 4/6' is the same slip
    _slip("pick Al call AH partner Bea pts 72 tricks 4/6 win", 43, "4/6", "tricks 4", WIN_UNITS)


def test_tricks_of_the_wrong_count_is_refused():
    # 'tricks 4 of 5' at five-handed (six tricks): not certain (was E-STATEMENT at 'of', column 45)
    msg = _refused("pick Al call AH partner Bea pts 72 tricks 4 of 5 win", 43, "4 of 5")
    assert msg == ("found 'tricks 4 of 5': the picker side's tricks and a number of tricks written together, and a "
                   "hand under wi5-called-ace has 6 tricks, not 5, so which is meant is not certain; write the picker "
                   "side's tricks alone (0 to 6, e.g. 'tricks 4')")
    msg = _refused("pick Al call AH partner Bea pts 72 tricks 7 of 6 win", 43, "7 of 6")
    assert msg.endswith("and 7 is more than 6, so which is meant is not certain; write the picker side's tricks "
                        "alone (0 to 6)")


WI3 = '%SHN 1.0\n[Event "Phone Night"]\n[Date "2026.12.05"]\n[Seats "Al; Bea; Cy"]\n[Rules "wi3"]\n\nhand 1\n'


def test_tricks_of_ten_at_three_handed():
    # wi3: 10 cards each, 10 tricks (rules.md F-1).  'pick Al pts 70 tricks 6 of 10 win': a plain win alone,
    # each opponent 1 unit, the picker 2 (rules.md F-2): Al +2, Bea -1, Cy -1; 'tricks 4 of 6' there is refused
    _slip("pick Al pts 70 tricks 6 of 10 win", 23, "6 of 10", "tricks 6", {"Al": 2, "Bea": -1, "Cy": -1}, WI3)
    msg = _refused("pick Al pts 70 tricks 4 of 6 win", 23, "4 of 6", WI3)
    assert "a hand under wi3 has 10 tricks, not 6" in msg and "(0 to 10, e.g. 'tricks 4')" in msg


def test_tricks_of_under_schafkopf_is_refused_with_the_hint():
    # since fixb29 a Schafkopf 'tricks 5 of 8' is read (eight tricks, rules.md G-2: tests/test_found29_sheets.py);
    # 'tricks 5 of 6' in a long-pack hand is refused, saying the hand has 8 and what to write
    head = ('%SHN 1.0\n[Event "Stammtisch"]\n[Date "2026.11.20"]\n[Seats "Sepp; Hias; Vroni; Kathi"]\n'
            '[Rules "schafkopf-bsv"]\n[Cards "de"]\n\nhand 1\n')
    # 'game Sepp sauspiel EA partner Hias pts 75 tricks 5 of 6 win': '5' at column 50, the hand's line 9
    msg = _refused("game Sepp sauspiel EA partner Hias pts 75 tricks 5 of 6 win", 50, "5 of 6", head, at=9)
    assert "a hand under schafkopf-bsv has 8 tricks, not 6" in msg
    assert msg.endswith("write the declaring party's tricks alone (0 to 8, e.g. 'tricks 5')")


def test_the_three_slips_ingested_say_where_and_store_the_hand(tmp_path):
    """shead ingest: the hand is stored with the worked units (Al +2, Bea +1, Cy Di Ed -1), and the report says
    each slip at its line and column: AH. at 8:14, 72/48 at 8:35, 4 of 6 at 8:48 (two spaces after 'AH.')."""
    db = tmp_path / "p.duckdb"
    rep = _ingest(write(tmp_path, "phone.shn", HEAD + "pick Al call AH.  partner Bea pts 72/48 tricks 4 of 6 win\n"),
                  db)
    assert (rep["ingested"], rep["rejected"]) == (1, [])
    assert [(w["code"], w["line"], w["col"]) for w in rep["warnings"]] == [
        ("W-PHONE-SLIP", 8, 14), ("W-PHONE-SLIP", 8, 35), ("W-PHONE-SLIP", 8, 48)]
    assert ledger(db) == WIN_UNITS
