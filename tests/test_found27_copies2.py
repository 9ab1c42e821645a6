"""Records brought in session 27, round 2 (break27b F1: a renumbered copy of a stored night with new hands added,
or with one row refused, was stored a second time; F5: new hands that happen to repeat stored hands were refused
with advice the scorer had already followed).  Every amount is worked out by hand from rules.md before shead's
figure was read (/work/shared/reference/rules.md B-27, B-28, B-33, D-4)."""

from __future__ import annotations

import json

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write

# night A, break27b's shared night (2026-11-24; Gus Lou Mo Rita Zeke), as a score sheet and as SHN:
#   h1 Lou/Gus AH 66, a plain win (rules.md B-28, B-33): Lou +2, Gus +1, Mo, Rita, Zeke -1;
#   h2 Mo/Zeke AS 70: Mo +2, Zeke +1, Gus, Lou, Rita -1;
#   h3 Rita alone 95, schneider (B-28: 2 a defender, alone she takes each one's, B-33): Rita +8, each -2;
#   h4 Zeke/Lou AC 30, schneidered, DOB (B-27): Zeke -8, Lou -4, the other three +4;
#   h5 leaster Gus 10 (D-4): Gus +4, each -1.
#   Gus 1-1-2+4+4 = +6, Lou 2-1-2-4-1 = -6, Mo -1+2-2+4-1 = +2, Rita -1-1+8+4-1 = +9, Zeke -1+1-2-8-1 = -11.
NIGHT_A = {"Gus": 6, "Lou": -6, "Mo": 2, "Rita": 9, "Zeke": -11}
CSV_HEAD = "Date,Hand,Picker,Partner,Call,Points,Leaster,Gus,Lou,Mo,Rita,Zeke\n"
ROWS = [",Lou,Gus,AH,66,,1,2,-1,-1,-1", ",Mo,Zeke,AS,70,,-1,-1,2,-1,1", ",Rita,,alone,95,,-2,-2,-2,8,-2",
        ",Zeke,Lou,AC,30,,4,-4,4,4,-8", ",,,,10,Gus,4,-1,-1,-1,-1"]
#: h16 Gus/Mo AH 61, a plain win: Gus +2, Mo +1, Lou, Rita, Zeke -1;
#: h17 Lou alone 91, schneider: Lou +8, each -2 (B-28, B-33)
NEW_ROWS = [",Gus,Mo,AH,61,,2,-1,1,-1,-1", ",Lou,,alone,91,,-2,8,-2,-2,-2"]
SHEET = "CSV nA 2026-11-24"
HEAD = ('%SHN 1.0\n[Event "Tuesday Tavern Sheep"]\n[Date "2026.11.24"]\n[Seats "Gus; Lou; Mo; Rita; Zeke"]\n'
        '[Rules "wi5-called-ace"]\n\n')
SESSION = "Tuesday Tavern Sheep / 2026.11.24"
HANDS = ["pick Lou call AH partner Gus pts 66 win", "pick Mo call AS partner Zeke pts 70 win",
         "pick Rita alone pts 95 win-s", "pick Zeke call AC partner Lou pts 30 lose-s", "leaster Gus pts 10"]
BATCHES = [None, ("0", "2")]  # whole, and streamed in batches of two (SHEAD_STREAM_ABOVE=0, SHEAD_STREAM_BATCH=2)


def _sheet(numbers, rows) -> str:
    return CSV_HEAD + "".join(f"2026-11-24,{n}{row}\n" for n, row in zip(numbers, rows))


def _night(numbers, hands) -> str:
    return HEAD + "".join(f"hand {n}\n{h}\n" for n, h in zip(numbers, hands))


def _stream(monkeypatch, stream) -> None:
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", stream[0])
        monkeypatch.setenv("SHEAD_STREAM_BATCH", stream[1])


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand FROM hands ORDER BY session, hand").fetchall()


def _rejected(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, line, code FROM rejected ORDER BY line").fetchall()


def _out(r, tmp_path) -> str:
    return r.output.replace("\n", " ").replace(f"{tmp_path}/", "")


def _incomplete(db) -> list[int]:
    rows = json.loads(cli("ledger", "--db", str(db), "--json").output.split("\n")[0])
    return [r["incomplete_sessions"] for r in rows]


@pytest.mark.parametrize("stream", BATCHES)
def test_a_renumbered_copy_with_new_hands_16_17_refuses_11_15_and_stores_16_17(tmp_path, monkeypatch, stream):
    """break27b F1 (a), nA_renum_plus.csv: rows 2-6 are night A's hands as 11-15, rows 7-8 the new hands 16-17.
    It was '7 stored' (Gus +12, Lou -5, Mo +3, Rita +15, Zeke -25 over 12 hands).  Now 11-15 are E-HAND-CONFLICT
    at their rows (column 1), naming stored hands 1-5, and 16-17 stored.  Hand-worked: night A plus h16 and h17:
    Gus 6+2-2 = +6, Lou -6-1+8 = +1, Mo 2+1-2 = +1, Rita 9-1-2 = +6, Zeke -11-1-2 = -14 (sum 0) over 7 hands.
    Streamed in batches of 2 (11-12, 13-14, 15-16, 17: the run goes on over the batches, 16 breaks it) alike."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nA.csv", _sheet(range(1, 6), ROWS)), "--db", str(db))
    assert ledger(db) == NIGHT_A
    _stream(monkeypatch, stream)
    r = cli("ingest", write(tmp_path, "nA_renum_plus.csv", _sheet(range(11, 18), ROWS + NEW_ROWS)), "--db", str(db),
            ok=False)
    out = _out(r, tmp_path)
    assert "nA_renum_plus.csv: 2 stored, 0 duplicates, 5 rejected" in out, r.output
    for k in range(1, 6):  # hand 10+k at row 1+k is the stored hand k (nA.csv row 1+k)
        assert (f"nA_renum_plus.csv:{1 + k}:1: E-HAND-CONFLICT (hand {10 + k}): hand {10 + k} of session '{SHEET}' "
                f"is the stored hand {k} (nA.csv:{1 + k}) with a new number: this file's hands ") in out, r.output
    assert ("this file's hands 11-15 repeat the stored hands 1-5 with new numbers, in the same order, so they are not "
            "stored (the night would count twice)") in out, r.output
    assert ledger(db) == {"Gus": 6, "Lou": 1, "Mo": 1, "Rita": 6, "Zeke": -14}
    assert _hands(db) == [(SHEET, n) for n in (1, 2, 3, 4, 5, 16, 17)]
    assert _rejected(db) == [(f"{SHEET} (sent again)", 10 + k, 1 + k, "E-HAND-CONFLICT") for k in range(1, 6)]
    assert _incomplete(db) == [0] * 5


@pytest.mark.parametrize("stream", BATCHES)
def test_the_shn_copy_with_a_new_hand_16_stores_16_alone(tmp_path, monkeypatch, stream):
    """break27b F1 (a), nightA_renum_plus.shn: hands 11-15 (lines 7-15) are night A's, hand 16 (line 17) is new,
    Gus/Mo AH 61: Gus +2, Mo +1, Lou, Rita, Zeke -1.  It stored 6 (Gus +14, Lou -13, ...).  Hand-worked:
    Gus 6+2 = +8, Lou -6-1 = -7, Mo 2+1 = +3, Rita 9-1 = +8, Zeke -11-1 = -12."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nightA.shn", _night(range(1, 6), HANDS)), "--db", str(db))
    _stream(monkeypatch, stream)
    r = cli("ingest", write(tmp_path, "nightA_renum_plus.shn", _night(
        range(11, 17), HANDS + ["pick Gus call AH partner Mo pts 61 win"])), "--db", str(db), ok=False)
    out = _out(r, tmp_path)
    assert "nightA_renum_plus.shn: 1 stored, 0 duplicates, 5 rejected" in out, r.output
    assert (f"nightA_renum_plus.shn:15:1: E-HAND-CONFLICT (hand 15): hand 15 of session '{SESSION}' is the stored "
            "hand 5 (nightA.shn:15) with a new number") in out, r.output
    assert ledger(db) == {"Gus": 8, "Lou": -7, "Mo": 3, "Rita": 8, "Zeke": -12}
    assert _hands(db) == [(SESSION, n) for n in (1, 2, 3, 4, 5, 16)]


@pytest.mark.parametrize("stream", BATCHES)
def test_a_copy_with_one_mistyped_row_is_still_the_copy(tmp_path, monkeypatch, stream):
    """break27b F1 (b), nA_renum_typo.csv: night A as 11-15 with Rita's cell on row 4 (hand 13) typed -3 for +8.
    It was '4 stored, 1 rejected' and the night counted 11, 12, 14, 15 twice (Gus +14, Lou -10, ...).  Row 4 is
    still E-SCORE-SUM at its Rita cell (column 11: -2-2-2-3-2 = -11, rules.md B-35); the rows around it are the
    copy: refused, and row 4 filed with them under '(sent again)', so night A stays as it was
    (Gus +6, Lou -6, Mo +2, Rita +9, Zeke -11) and is not called incomplete."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nA.csv", _sheet(range(1, 6), ROWS)), "--db", str(db))
    _stream(monkeypatch, stream)
    typo = ROWS[:2] + [",Rita,,alone,95,,-2,-2,-2,-3,-2"] + ROWS[3:]
    r = cli("ingest", write(tmp_path, "nA_renum_typo.csv", _sheet(range(11, 16), typo)), "--db", str(db), ok=False)
    out = _out(r, tmp_path)
    assert "nA_renum_typo.csv: 0 stored, 0 duplicates, 5 rejected" in out, r.output
    assert "nA_renum_typo.csv:4:11: E-SCORE-SUM (hand 13): the score sums to -11, not 0" in out, r.output
    assert (f"nA_renum_typo.csv:5:1: E-HAND-CONFLICT (hand 14): hand 14 of session '{SHEET}' is the stored hand 4 "
            "(nA.csv:5) with a new number: this file's hands ") in out, r.output
    if stream is None:
        assert ("this file's hands 11-12, 14-15 repeat the stored hands 1-2, 4-5 with new numbers, in the same order "
                "(hand 13 between them, refused for its own error, is filed with them), so they are not stored") in out
    assert ledger(db) == NIGHT_A
    assert _hands(db) == [(SHEET, n) for n in range(1, 6)]
    assert _rejected(db) == [(f"{SHEET} (sent again)", 11, 2, "E-HAND-CONFLICT"),
                             (f"{SHEET} (sent again)", 12, 3, "E-HAND-CONFLICT"),
                             (f"{SHEET} (sent again)", 13, 4, "E-SCORE-SUM"),
                             (f"{SHEET} (sent again)", 14, 5, "E-HAND-CONFLICT"),
                             (f"{SHEET} (sent again)", 15, 6, "E-HAND-CONFLICT")]
    assert _incomplete(db) == [0] * 5


def test_new_hands_first_then_a_run_of_two_stored_hands(tmp_path):
    """Changed in session 28 (break28b F1): a copy starts at the block's first hand, so new hands before a run
    make it a night going on.  Hand 6 new (Gus/Mo AH 61: Gus +2, Mo +1, -1 each), then hands 7-8 that settle as
    the stored hands 3-4 (Rita alone 95 schneider: Rita +8, each -2; Zeke/Lou 30 schneidered, DOB: Zeke -8, Lou -4,
    the others +4, rules.md B-27, B-28, B-33): all three stored.  Night A (Gus +6, Lou -6, Mo +2, Rita +9,
    Zeke -11) plus them: Gus 6+2-2+4 = +10, Lou -6-1-2-4 = -13, Mo 2+1-2+4 = +5, Rita 9-1+8+4 = +20,
    Zeke -11-1-2-8 = -22 (sum 0)."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nA.csv", _sheet(range(1, 6), ROWS)), "--db", str(db))
    r = cli("ingest", write(tmp_path, "more.csv", _sheet(range(6, 9), [NEW_ROWS[0], ROWS[2], ROWS[3]])),
            "--db", str(db))
    out = _out(r, tmp_path)
    assert "more.csv: 3 stored, 0 duplicates, 0 rejected" in out, r.output
    assert "E-HAND-CONFLICT" not in out
    assert ledger(db) == {"Gus": 10, "Lou": -13, "Mo": 5, "Rita": 20, "Zeke": -22}
    assert _hands(db) == [(SHEET, n) for n in range(1, 9)]


def test_stored_hands_with_a_new_hand_between_them_are_no_run(tmp_path):
    """No run of two: hand 6 = stored 1 (Lou/Gus 66), hand 7 new (Gus/Mo 61), hand 8 = stored 2 (Mo/Zeke 70):
    each stored hand alone is a hand repeated at the table, all three stored.  Hand-worked: night A plus
    h6 (Lou +2, Gus +1, -1 each), h7 (Gus +2, Mo +1, -1 each), h8 (Mo +2, Zeke +1, -1 each):
    Gus 6+1+2-1 = +8, Lou -6+2-1-1 = -6, Mo 2-1+1+2 = +4, Rita 9-3 = +6, Zeke -11-1-1+1 = -12 (sum 0)."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nA.csv", _sheet(range(1, 6), ROWS)), "--db", str(db))
    r = cli("ingest", write(tmp_path, "more.csv", _sheet(range(6, 9), [ROWS[0], NEW_ROWS[0], ROWS[1]])),
            "--db", str(db))
    assert "more.csv: 3 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Gus": 8, "Lou": -6, "Mo": 4, "Rita": 6, "Zeke": -12}


def test_in_batches_of_one_the_runs_first_hand_is_stored_alone_and_said(tmp_path, monkeypatch):
    """What the streamed path still cannot promise (left, docs/storage.md): in batches of one, hand 11 alone (the
    stored hand 1) is committed before hand 12 shows the run; 12-15 are refused saying so, 16-17 stored.
    Ledger: the whole reading's (Gus +6, Lou +1, Mo +1, Rita +6, Zeke -14) plus h1 once more (Lou +2, Gus +1,
    -1 each): Gus +7, Lou +3, Mo 0, Rita +5, Zeke -15."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nA.csv", _sheet(range(1, 6), ROWS)), "--db", str(db))
    _stream(monkeypatch, ("0", "1"))
    r = cli("ingest", write(tmp_path, "nA_renum_plus.csv", _sheet(range(11, 18), ROWS + NEW_ROWS)), "--db", str(db),
            ok=False)
    out = _out(r, tmp_path)
    assert "nA_renum_plus.csv: 3 stored, 0 duplicates, 4 rejected" in out, r.output
    assert "(this file's hand 11, read in an earlier batch, was stored as one hand alone; shead void removes it)" in out
    assert ledger(db) == {"Gus": 7, "Lou": 3, "Mo": 0, "Rita": 5, "Zeke": -15}
    assert _hands(db) == [(SHEET, n) for n in (1, 2, 3, 4, 5, 11, 16, 17)]


# break27b F5: hands 6-7 played after night A that happen to repeat its hands 1-2 (score-sheet rows repeat at a
# table): h6 = h1 (Lou +2, Gus +1, -1 each), h7 = h2 (Mo +2, Zeke +1, -1 each).  Night A with them, worked by hand:
# Gus 6+1-1 = +6, Lou -6+2-1 = -5, Mo 2-1+2 = +3, Rita 9-1-1 = +7, Zeke -11-1+1 = -11 (sum 0).
NIGHT_A_7 = {"Gus": 6, "Lou": -5, "Mo": 3, "Rita": 7, "Zeke": -11}


def test_new_sheet_rows_6_7_that_repeat_hands_1_2_are_told_the_way_out_and_it_works(tmp_path):
    """nA_rest.csv (rows 6-7 equal to hands 1-2) is still refused, a copy being likelier, but the message now gives
    the way out after 'send only the new hands' (which is what was sent): the whole sheet 1-7 sent again stores
    only 6-7 (5 duplicates), and the night is Gus +6, Lou -5, Mo +3, Rita +7, Zeke -11 over 7 hands."""
    db = tmp_path / "t.duckdb"
    sheet = write(tmp_path, "nA.csv", _sheet(range(1, 6), ROWS))
    cli("ingest", sheet, "--db", str(db))
    r = cli("ingest", write(tmp_path, "nA_rest.csv", _sheet([6, 7], ROWS[:2])), "--db", str(db), ok=False)
    out = _out(r, tmp_path)
    assert "nA_rest.csv: 0 stored, 0 duplicates, 2 rejected" in out, r.output
    assert (f"nA_rest.csv:2:1: E-HAND-CONFLICT (hand 6): hand 6 of session '{SHEET}' is the stored hand 1 (nA.csv:2) "
            "with a new number: this file's hands 6-7 repeat the stored hands 1-2 with new numbers, in the same "
            "order, so they are not stored (the night would count twice): send only the new hands; if they are new "
            "hands that repeat hands 1-2, send them with the night's stored hands (the whole sheet): a re-send "
            "stores only its new hands; a real second night needs its own Date cells — found the stored hand 1 as "
            "hand 6") in out, r.output
    assert "nA_rest.csv:3:1: E-HAND-CONFLICT (hand 7)" in out
    assert ledger(db) == NIGHT_A
    r = cli("ingest", write(tmp_path, "nA.csv", _sheet(range(1, 8), ROWS + ROWS[:2])), "--db", str(db))
    assert "nA.csv: 2 stored, 5 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == NIGHT_A_7
    assert _hands(db) == [(SHEET, n) for n in range(1, 8)]
    assert _incomplete(db) == [0] * 5  # the refused 6-7 were filed under '(sent again)', not on the night


def test_new_shn_hands_6_7_the_way_out_names_the_whole_night(tmp_path):
    """nightA_cont2.shn (hands 6-7 equal to 1-2, lines 7 and 9): refused with the way out, said for SHN as
    '(the whole night)'; nightA_full7.shn (hands 1-7) then stores 6-7: Gus +6, Lou -5, Mo +3, Rita +7, Zeke -11."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nightA.shn", _night(range(1, 6), HANDS)), "--db", str(db))
    r = cli("ingest", write(tmp_path, "nightA_cont2.shn", _night([6, 7], HANDS[:2])), "--db", str(db), ok=False)
    out = _out(r, tmp_path)
    assert "nightA_cont2.shn: 0 stored, 0 duplicates, 2 rejected" in out, r.output
    assert (f"nightA_cont2.shn:9:1: E-HAND-CONFLICT (hand 7): hand 7 of session '{SESSION}' is the stored hand 2 "
            "(nightA.shn:9)") in out, r.output
    assert ("send only the new hands; if they are new hands that repeat hands 1-2, send them with the night's stored "
            "hands (the whole night): a re-send stores only its new hands; a real second night needs its own "
            "[Date]") in out, r.output
    r = cli("ingest", write(tmp_path, "nightA_full7.shn", _night(range(1, 8), HANDS + HANDS[:2])), "--db", str(db))
    assert "nightA_full7.shn: 2 stored, 5 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == NIGHT_A_7


DEAL = ("deal Gus  AH 7C 8C 9C TC KC\ndeal Lou  QC QS JC JS AD TD\ndeal Mo   QH QD JH JD KD 9D\n"
        "deal Rita AC AS TS KS 9S 8S\ndeal Zeke 7S TH KH 9H 8H 7H\nblind 8D 7D\n")


def test_dealt_hands_again_under_new_numbers_are_a_copy_without_the_way_out(tmp_path):
    """Two hands with their full deal (30 cards dealt, 2 in the blind: all 32) cannot repeat by chance, so hands 6-7
    that are the dealt hands 1-2 are the copy alone: refused (lines 7 and 15, 8 lines a hand), no 'new hands'
    way out in the message.  Hand-worked ledger, left as it was: h1 Lou/Gus 66 and h2 Lou/Gus 70, each Lou +2,
    Gus +1, the rest -1: Lou +4, Gus +2, Mo, Rita, Zeke -2."""
    head = HEAD.replace("2026.11.24", "2026.11.25")
    hands = [DEAL + "pick Lou  call AH  partner Gus  pts 66  win", DEAL + "pick Lou  call AH  partner Gus  pts 70  win"]
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "dealt.shn", head + "".join(f"hand {n}\n{h}\n" for n, h in zip([1, 2], hands))),
        "--db", str(db))
    assert ledger(db) == {"Lou": 4, "Gus": 2, "Mo": -2, "Rita": -2, "Zeke": -2}
    r = cli("ingest", write(tmp_path, "again.shn", head + "".join(f"hand {n}\n{h}\n" for n, h in zip([6, 7], hands))),
            "--db", str(db), ok=False)
    out = _out(r, tmp_path)
    assert "again.shn: 0 stored, 0 duplicates, 2 rejected" in out, r.output
    assert ("again.shn:15:1: E-HAND-CONFLICT (hand 7): hand 7 of session 'Tuesday Tavern Sheep / 2026.11.25' is the "
            "stored hand 2 (dealt.shn:15) with a new number: this file's hands 6-7 repeat the stored hands 1-2 with new "
            "numbers, in the same order, so they are not stored (the night would count twice): send only the new "
            "hands; a real second night needs its own [Date]") in out, r.output
    assert "if they are new hands" not in out
    assert ledger(db) == {"Lou": 4, "Gus": 2, "Mo": -2, "Rita": -2, "Zeke": -2}
