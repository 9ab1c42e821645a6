"""Records brought in session 28, round 2 (break28b F1: a real continuation whose hands 8-9, between new hands,
settled as the stored hands 3-4 was refused as a renumbered copy, and a doubler's x2 moved onto the next hand; F2: a
renumbered copy with one hand corrected stored that hand as an extra hand, without a word).  Every amount is worked
out by hand from /work/shared/reference/rules.md before shead's figure was read: a called-ace win is +2 the picker,
+1 the partner, -1 each defender (rules.md B-28, B-33); alone +4, -1 each; a loss with doubleOnBump (B-27, B-32) is
-4 the picker, -2 the partner, +2 each defender; a doubler (D-11) doubles the next played hand."""

from __future__ import annotations

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write

# the shared night's session and helpers: test_found28_copies.py's
from tests.test_found28_copies import (BATCHES, DOUBLER_HEAD, SESSION, _hands, _night, _out,
                                       _rejected, _stream)

#: break28b's c2_first.shn / c3_first.shn, hands 1-6 (hand N at line 5 + 2N):
#:   h1 Lou/Gus AH win: Lou +2, Gus +1, Mo, Rita, Zeke -1;
#:   h2 Mo/Zeke AS win: Mo +2, Zeke +1, Gus, Lou, Rita -1;
#:   h3 Rita/Gus AC lose (DOB): Rita -4, Gus -2, Lou, Mo, Zeke +2;
#:   h4 Zeke/Lou AH win: Zeke +2, Lou +1, Gus, Mo, Rita -1;
#:   h5 Gus/Lou AC win: Gus +2, Lou +1, Mo, Rita, Zeke -1;
#:   h6 Gus/Mo AS win: Gus +2, Mo +1, Lou, Rita, Zeke -1.
#:   Gus 1-1-2-1+2+2 = +1, Lou 2-1+2+1+1-1 = +4, Mo -1+2+2-1-1+1 = +2, Rita -1-1-4-1-1-1 = -9,
#:   Zeke -1+1+2+2-1-1 = +2 (sum 0).
C = ["pick Lou call AH partner Gus win", "pick Mo call AS partner Zeke win", "pick Rita call AC partner Gus lose",
     "pick Zeke call AH partner Lou win", "pick Gus call AC partner Lou win", "pick Gus call AS partner Mo win"]
NIGHT_C = {"Gus": 1, "Lou": 4, "Mo": 2, "Rita": -9, "Zeke": 2}


# --- F1: a copy starts at the block's first hand; a run after new hands is the night going on ---------------------

@pytest.mark.parametrize("stream", BATCHES)
def test_a_doubler_then_hands_8_9_like_stored_3_4_then_hand_10_are_all_stored_at_their_stakes(tmp_path, monkeypatch,
                                                                                              stream):
    """break28b F1 (a), c2_rest.shn: h7 doubler (no units); h8 Rita/Gus lose at x2 (D-11): Rita -8, Gus -4, Lou, Mo,
    Zeke +4; h9 Zeke/Lou win at x1: Zeke +2, Lou +1, Gus, Mo, Rita -1; h10 Lou alone win at x1: Lou +4, each -1.
    Hands 8-9 settle as the stored 3-4, but hand 7 (new) comes before them: a night going on, all four stored.
    Night: Gus 1-4-1-1 = -5, Lou 4+4+1+4 = +13, Mo 2+4-1-1 = +4, Rita -9-8-1-1 = -19, Zeke 2+4+2-1 = +7 (sum 0).
    Was: 8-9 refused, hand 10 stored at x2 (Lou +8, each -2)."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "c2_first.shn", _night(range(1, 7), C, DOUBLER_HEAD)), "--db", str(db))
    _stream(monkeypatch, stream)
    r = cli("ingest", write(tmp_path, "c2_rest.shn", _night(range(7, 11), [
        "doubler", C[2], C[3], "pick Lou alone win"], DOUBLER_HEAD)), "--db", str(db))
    out = _out(r, tmp_path)
    assert "c2_rest.shn: 4 stored, 0 duplicates, 0 rejected" in out, r.output
    assert "E-HAND-CONFLICT" not in out and "W-SESSION-GAP" not in out
    assert _hands(db)[6:] == [(7, "doubler", 1), (8, "lose", 2), (9, "win", 1), (10, "win", 1)]
    assert ledger(db) == {"Gus": -5, "Lou": 13, "Mo": 4, "Rita": -19, "Zeke": 7}
    assert _rejected(db) == []


def test_without_a_doubler_hands_7_to_10_are_all_stored(tmp_path):
    """break28b F1 (c), c1_rest.shn: h7 Zeke/Rita AC win: Zeke +2, Rita +1, Gus, Lou, Mo -1; h8 Rita/Gus lose:
    Rita -4, Gus -2, Lou, Mo, Zeke +2; h9 Zeke/Lou win: Zeke +2, Lou +1, Gus, Mo, Rita -1; h10 Lou alone win: Lou +4,
    each -1.  Gus 1-1-2-1-1 = -4, Lou 4-1+2+1+4 = +10, Mo 2-1+2-1-1 = +1, Rita -9+1-4-1-1 = -14,
    Zeke 2+2+2+2-1 = +7 (sum 0).  Was: 8-9 refused as stored 3-4, and nothing said."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "c1_first.shn", _night(range(1, 7), C)), "--db", str(db))
    r = cli("ingest", write(tmp_path, "c1_rest.shn", _night(range(7, 11), [
        "pick Zeke call AC partner Rita win", C[2], C[3], "pick Lou alone win"])), "--db", str(db))
    assert "c1_rest.shn: 4 stored, 0 duplicates, 0 rejected" in _out(r, tmp_path), r.output
    assert [h for h, _o, _s in _hands(db)] == list(range(1, 11))
    assert ledger(db) == {"Gus": -4, "Lou": 10, "Mo": 1, "Rita": -14, "Zeke": 7}


@pytest.mark.parametrize("stream", BATCHES)
def test_a_nets_only_sheet_whose_rows_6_7_repeat_stored_2_3_after_a_new_row_5_is_stored(tmp_path, monkeypatch,
                                                                                       stream):
    """break28b F1 (b), n1_*.csv without its ambiguous hand 8.  Stored rows 1-4 (Gus Lou Mo Rita Zeke):
    h1 1,2,-1,-1,-1; h2 -1,-1,2,-1,1; h3 -2,2,2,-4,2; h4 -1,1,-1,-1,2: Gus -3, Lou +4, Mo +2, Rita -7, Zeke +4.
    The rest: h5 2,-1,1,-1,-1 (new), h6 = h2, h7 = h3: Gus 2-1-2 = -1, Lou -1-1+2 = 0, Mo 1+2+2 = +5,
    Rita -1-1-4 = -6, Zeke -1+1+2 = +2.  Night: Gus -4, Lou +4, Mo +7, Rita -13, Zeke +6 (sum 0).
    Was: rows 6-7 refused, the night Gus -1, Lou +3, Mo +3, Rita -8, Zeke +3."""
    db = tmp_path / "t.duckdb"
    head = "Date,Hand,Gus,Lou,Mo,Rita,Zeke\n"
    first = ["1,2,-1,-1,-1", "-1,-1,2,-1,1", "-2,2,2,-4,2", "-1,1,-1,-1,2"]
    cli("ingest", write(tmp_path, "n1_first.csv", head + "".join(
        f"2026-11-26,{n},{row}\n" for n, row in zip(range(1, 5), first))), "--db", str(db))
    _stream(monkeypatch, stream)
    r = cli("ingest", write(tmp_path, "n1_rest.csv", head + "".join(
        f"2026-11-26,{n},{row}\n" for n, row in zip(range(5, 8), ["2,-1,1,-1,-1", first[1], first[2]]))),
        "--db", str(db))
    assert "n1_rest.csv: 3 stored, 0 duplicates, 0 rejected" in _out(r, tmp_path), r.output
    assert ledger(db) == {"Gus": -4, "Lou": 4, "Mo": 7, "Rita": -13, "Zeke": 6}


def test_a_copy_that_starts_the_block_is_still_refused(tmp_path):
    """The rule's other side: hands 11-12 settle as the stored 3-4 and START the file's block: refused at their
    lines 7 and 9 under '<session> (sent again)'; the night stays the stored six hands' (Gus +1, Lou +4, Mo +2,
    Rita -9, Zeke +2) and hand 13 (Lou alone win: Lou +4, each -1), new after the run, is stored:
    Gus 0, Lou +8, Mo +1, Rita -10, Zeke +1."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "first.shn", _night(range(1, 7), C)), "--db", str(db))
    r = cli("ingest", write(tmp_path, "copy.shn", _night(range(11, 14), [C[2], C[3], "pick Lou alone win"])),
            "--db", str(db), ok=False)
    out = _out(r, tmp_path)
    assert "copy.shn: 1 stored, 0 duplicates, 2 rejected" in out, r.output
    assert "copy.shn:7:1: E-HAND-CONFLICT (hand 11): hand 11 of session" in out
    assert _rejected(db) == [(f"{SESSION} (sent again)", 11, 7, "E-HAND-CONFLICT"),
                             (f"{SESSION} (sent again)", 12, 9, "E-HAND-CONFLICT")]
    assert ledger(db) == {"Gus": 0, "Lou": 8, "Mo": 1, "Rita": -10, "Zeke": 1}


# --- F2: a recognized copy keeps aligning; its hand with a difference is refused with it ---------------------------

@pytest.mark.parametrize("stream", BATCHES)
def test_a_copy_with_hand_13_corrected_refuses_13_with_the_copy_naming_stored_hand_3(tmp_path, monkeypatch, stream):
    """break28b F2, c3_copy.shn: the night sent again as 11-16, hand 13 corrected from 'lose' to 'win'.  11-12 are
    the stored 1-2 (a copy recognized), 13 differs from stored 3 and 14 matches stored 4: 13 is the copy's hand with
    a difference, refused at its line 11 with the copy, the message naming stored hand 3, what differs (outcome
    win, stored lose; units at a stake of one Rita +2, Gus +1, the others -1, stored Rita -4, Gus -2, the others +2:
    B-33, B-27) and --amend.  Nothing stored: the night stays Gus +1, Lou +4, Mo +2, Rita -9, Zeke +2 over 6 hands.
    Was: 13 stored as a 7th hand (Gus +2, Lou +3, Mo +1, Rita -7, Zeke +1)."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "c3_first.shn", _night(range(1, 7), C)), "--db", str(db))
    _stream(monkeypatch, stream)
    fixed = C[:2] + ["pick Rita call AC partner Gus win"] + C[3:]
    r = cli("ingest", write(tmp_path, "c3_copy.shn", _night(range(11, 17), fixed)), "--db", str(db), ok=False)
    out = _out(r, tmp_path)
    assert "c3_copy.shn: 0 stored, 0 duplicates, 6 rejected" in out, r.output
    assert ("c3_copy.shn:11:1: E-HAND-CONFLICT (hand 13): hand 13 of session 'Tuesday Tavern Sheep / 2026.11.24' "
            "stands for the stored hand 3 (c3_first.shn:11)") in out
    assert ("but differs from it: outcome win (stored: lose), units at a stake of one Gus +1, Lou -1, Mo -1, "
            "Rita +2, Zeke -1 (stored: Gus -2, Lou +2, Mo +2, Rita -4, Zeke +2); so it is not stored") in out
    assert "shead ingest --amend FILE" in out
    assert "c3_copy.shn:13:1: E-HAND-CONFLICT (hand 14): hand 14 of session" in out
    assert "this file's hands 11-16 (hand 13 with a difference) repeat the stored hands 1-6" in out
    assert _rejected(db) == [(f"{SESSION} (sent again)", n, 5 + 2 * (n - 10), "E-HAND-CONFLICT")
                             for n in range(11, 17)]
    assert [h for h, _o, _s in _hands(db)] == list(range(1, 7))
    assert ledger(db) == NIGHT_C


def test_the_way_the_message_gives_amends_stored_hand_3(tmp_path):
    """After the refusal, the stored hand 3 amended as the copy wrote it (Rita/Gus win: Rita +2, Gus +1, Lou, Mo,
    Zeke -1, in place of Rita -4, Gus -2, the others +2): Gus 1+2+1 = +4, Lou 4-2-1 = +1, Mo 2-2-1 = -1,
    Rita -9+4+2 = -3, Zeke 2-2-1 = -1 (sum 0), still six hands."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "c3_first.shn", _night(range(1, 7), C)), "--db", str(db))
    fixed = C[:2] + ["pick Rita call AC partner Gus win"] + C[3:]
    cli("ingest", write(tmp_path, "c3_copy.shn", _night(range(11, 17), fixed)), "--db", str(db), ok=False)
    cli("ingest", "--amend", write(tmp_path, "fix3.shn", _night([3], [fixed[2]])), "--db", str(db))
    assert [(h, o) for h, o, _s in _hands(db)] == [(1, "win"), (2, "win"), (3, "win"), (4, "win"), (5, "win"),
                                                   (6, "win")]
    assert ledger(db) == {"Gus": 4, "Lou": 1, "Mo": -1, "Rita": -3, "Zeke": -1}


@pytest.mark.parametrize("stream", BATCHES)
def test_a_corrected_copy_with_a_new_hand_17_stores_17_alone(tmp_path, monkeypatch, stream):
    """The corrected copy 11-16 (13 differing) with a new hand 17 (Lou alone win: Lou +4, each -1): 11-16 refused,
    17 stored after the run ends.  Night: Gus 1-1 = 0, Lou 4+4 = +8, Mo 2-1 = +1, Rita -9-1 = -10, Zeke 2-1 = +1."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "c3_first.shn", _night(range(1, 7), C)), "--db", str(db))
    _stream(monkeypatch, stream)
    fixed = C[:2] + ["pick Rita call AC partner Gus win"] + C[3:] + ["pick Lou alone win"]
    r = cli("ingest", write(tmp_path, "more.shn", _night(range(11, 18), fixed)), "--db", str(db), ok=False)
    assert "more.shn: 1 stored, 0 duplicates, 6 rejected" in _out(r, tmp_path), r.output
    assert [h for h, _o, _s in _hands(db)] == [1, 2, 3, 4, 5, 6, 17]
    assert ledger(db) == {"Gus": 0, "Lou": 8, "Mo": 1, "Rita": -10, "Zeke": 1}


def test_a_copy_that_breaks_off_and_does_not_resume_stores_the_rest(tmp_path):
    """11-14 are the stored 1-4 (refused); 15 (Lou alone win: Lou +4, each -1) differs from stored 5 and 16
    (Zeke/Mo AS win: Zeke +2, Mo +1, Gus, Lou, Rita -1) differs from stored 6 too: the run broke off and did not
    resume, so 15-16 are new hands, stored.  Night: Gus 1-1-1 = -1, Lou 4+4-1 = +7, Mo 2-1+1 = +2,
    Rita -9-1-1 = -11, Zeke 2-1+2 = +3 (sum 0)."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "c3_first.shn", _night(range(1, 7), C)), "--db", str(db))
    r = cli("ingest", write(tmp_path, "more.shn", _night(range(11, 17), C[:4] + [
        "pick Lou alone win", "pick Zeke call AS partner Mo win"])), "--db", str(db), ok=False)
    out = _out(r, tmp_path)
    assert "more.shn: 2 stored, 0 duplicates, 4 rejected" in out, r.output
    assert "with a difference" not in out
    assert [h for h, _o, _s in _hands(db)] == [1, 2, 3, 4, 5, 6, 15, 16]
    assert ledger(db) == {"Gus": -1, "Lou": 7, "Mo": 2, "Rita": -11, "Zeke": 3}


# -- break28c F1: a block numbered straight on is a copy only from the stored night's first hand ---------------------

T3_HEAD = '%SHN 1.0\n[Event "Thursday Three"]\n[Date "2026.11.26"]\n[Seats "Al; Bea; Cy"]\n[Rules "wi3"]\n\n'
#: wi3 (rules.md F-2): the picker plays alone; a win is picker +2, each opponent -1; a loss doubled on the bump
#: (B-32) picker -4, each opponent +2.  Stored night: h1 Al win, h2 Bea win, h3 Cy lose, h4 Al win, h5 Cy win,
#: h6 Bea lose: Al 2-1+2+2-1+2 = +6, Bea -1+2+2-1-1-4 = -3, Cy -1-1-4-1+2+2 = -3.
T3_FIRST = ["pick Al win", "pick Bea win", "pick Cy lose", "pick Al win", "pick Cy win", "pick Bea lose"]


def _t3(numbers, lines) -> str:
    return T3_HEAD + "".join(f"hand {n}\n{line}\n" for n, line in zip(numbers, lines))


def test_a_three_handed_night_going_on_whose_first_lines_repeat_stored_hands_2_3_is_stored(tmp_path):
    """break28c F1: a wi3 night's second file (hands 7-10, numbered straight on) opens with two picker-alone lines
    that settle as the stored hands 2-3 (Bea win, Cy lose); at three hands such repeats are common.  All four are
    stored.  Hand-worked: h7 Bea win (Bea +2, -1 each), h8 Cy lose (Cy -4, +2 each), h9 Al lose (Al -4, +2 each),
    h10 Bea win: Al 6-1+2-4-1 = +2, Bea -3+2+2+2+2 = +5, Cy -3-1-4+2-1 = -7 (sum 0)."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "t3_first.shn", _t3(range(1, 7), T3_FIRST)), "--db", str(db))
    assert ledger(db) == {"Al": 6, "Bea": -3, "Cy": -3}
    r = cli("ingest", write(tmp_path, "t3_rest.shn", _t3(range(7, 11), ["pick Bea win", "pick Cy lose",
                                                                      "pick Al lose", "pick Bea win"])),
            "--db", str(db))
    assert "t3_rest.shn: 4 stored, 0 duplicates, 0 rejected" in r.output.replace("\n", " "), r.output
    assert ledger(db) == {"Al": 2, "Bea": 5, "Cy": -7}


def test_the_whole_night_sent_again_numbered_straight_on_from_its_first_hand_is_still_the_copy(tmp_path):
    """The copy the rule is for: the wi3 night's six hands sent again as hands 7-12 (straight on, from the stored
    night's first hand) are refused, each E-HAND-CONFLICT filed under '<session> (sent again)'; the night stays
    Al +6, Bea -3, Cy -3 over six hands."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "t3_first.shn", _t3(range(1, 7), T3_FIRST)), "--db", str(db))
    r = cli("ingest", write(tmp_path, "t3_again.shn", _t3(range(7, 13), T3_FIRST)), "--db", str(db), ok=False)
    assert "t3_again.shn: 0 stored, 0 duplicates, 6 rejected" in r.output.replace("\n", " "), r.output
    assert "t3_again.shn:7:1: E-HAND-CONFLICT (hand 7)" in r.output.replace("\n", " ")
    assert ledger(db) == {"Al": 6, "Bea": -3, "Cy": -3}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchall() == [(6,)]
        assert con.execute("SELECT DISTINCT session, code FROM rejected").fetchall() == [
            ("Thursday Three / 2026.11.26 (sent again)", "E-HAND-CONFLICT")]
