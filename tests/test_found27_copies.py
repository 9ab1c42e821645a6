"""Records brought in session 27 (break27 F1: a stored night sent again with its hands renumbered was stored a
second time), each amount worked out by hand from rules.md before shead's figure was read."""

from __future__ import annotations

import json

import duckdb
import pytest

from tests.cli_helpers import cli, ledger, write

HEAD = ('%SHN 1.0\n[Event "Tuesday Tavern Sheep"]\n[Date "2026.11.24"]\n[Seats "Gus; Lou; Mo; Rita; Zeke"]\n'
        '[Rules "wi5-called-ace"]\n\n')
SESSION = "Tuesday Tavern Sheep / 2026.11.24"

#: night A (break27's shared night), hand N at line 5 + 2N under the 6-line header:
#:   h1 Lou/Gus 66: plain win (rules.md B-28), B-33: Lou +2, Gus +1, Mo, Rita, Zeke -1;
#:   h2 Mo/Zeke 70: Mo +2, Zeke +1, Gus, Lou, Rita -1;
#:   h3 Rita alone 95: schneider win alone (B-33, I-4): Rita +8, each -2;
#:   h4 Zeke/Lou 30: schneidered loss (I-6): Zeke -8, Lou -4, others +4;
#:   h5 leaster Gus 10 (D-4): Gus +4, each -1.
#:   Gus 1-1-2+4+4 = +6, Lou 2-1-2-4-1 = -6, Mo -1+2-2+4-1 = +2, Rita -1-1+8+4-1 = +9, Zeke -1+1-2-8-1 = -11.
HANDS = ["pick Lou call AH partner Gus pts 66 win", "pick Mo call AS partner Zeke pts 70 win",
         "pick Rita alone pts 95 win-s", "pick Zeke call AC partner Lou pts 30 lose-s", "leaster Gus pts 10"]
NIGHT_A = {"Gus": 6, "Lou": -6, "Mo": 2, "Rita": 9, "Zeke": -11}


def _night(numbers, hands=HANDS) -> str:
    return HEAD + "".join(f"hand {n}\n{h}\n" for n, h in zip(numbers, hands))


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand FROM hands ORDER BY session, hand").fetchall()


def _rejected(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT session, hand, line, code FROM rejected ORDER BY line").fetchall()


def _stream(monkeypatch, stream) -> None:
    if stream:
        monkeypatch.setenv("SHEAD_STREAM_ABOVE", stream[0])
        monkeypatch.setenv("SHEAD_STREAM_BATCH", stream[1])


@pytest.mark.parametrize("stream", [None, ("10", "2"), ("10", "3")])
def test_a_night_sent_again_renumbered_11_15_is_refused_and_the_night_counts_once(tmp_path, monkeypatch, stream):
    """break27 F1: nightA_renum.shn (night A's five hands as hands 11-15) was '5 stored' without a word and the
    ledger doubled (Rita +18, Gus +12, Mo +4, Lou -12, Zeke -22).  Now each is E-HAND-CONFLICT at its line
    (hand 11 at line 7 ... hand 15 at 15), naming the stored hand it repeats; nothing is stored and the totals by
    hand stay Gus +6, Lou -6, Mo +2, Rita +9, Zeke -11 over 5 hands.  Whole and streamed (batches of 2: 11-12,
    13-14, 15; of 3: 11-13, 14-15) alike."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nightA.shn", _night(range(1, 6))), "--db", str(db))
    assert ledger(db) == NIGHT_A
    _stream(monkeypatch, stream)
    r = cli("ingest", write(tmp_path, "renum.shn", _night(range(11, 16))), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ").replace(f"{tmp_path}/", "")
    assert "renum.shn: 0 stored, 0 duplicates, 5 rejected" in out, r.output
    for k in range(1, 6):  # hand 10+k at line 5 + 2k is the stored hand k (nightA.shn, line 5 + 2k)
        assert (f"renum.shn:{5 + 2 * k}:1: E-HAND-CONFLICT (hand {10 + k}): hand {10 + k} of session '{SESSION}' is "
                f"the stored hand {k} (nightA.shn:{5 + 2 * k}) with a new number: this file's hands ") in out, r.output
    if stream is None:
        assert ("this file's hands 11-15 repeat the stored hands 1-5 with new numbers, in the same order, so they "
                "are not stored (the night would count twice): send only the new hands; if they are new hands that "
                "repeat hands 1-5, send them with the night's stored hands (the whole night): a re-send stores only "
                "its new hands; a real second night needs its own [Date] — found the stored hand 1 as hand 11") in out, \
            r.output  # the way out since break27b F5 (score lines without deals can repeat at a table)
    assert ledger(db) == NIGHT_A
    assert _hands(db) == [(SESSION, n) for n in range(1, 6)]
    # filed beside the night, not in it: its sheet and the ledger name no refused hand of night A
    assert _rejected(db) == [(f"{SESSION} (sent again)", 10 + k, 5 + 2 * k, "E-HAND-CONFLICT") for k in range(1, 6)]
    rows = json.loads(cli("ledger", "--db", str(db), "--json").output.split("\n")[0])
    assert [(r["player"], r["hands"], r["incomplete_sessions"]) for r in rows] == [
        ("Rita", 5, 0), ("Gus", 5, 0), ("Mo", 5, 0), ("Lou", 5, 0), ("Zeke", 5, 0)]


CSV_HEAD = "Date,Hand,Picker,Partner,Call,Points,Leaster,Gus,Lou,Mo,Rita,Zeke\n"
#: night A as a sheet's rows (units as worked out above)
ROWS = [",Lou,Gus,AH,66,,1,2,-1,-1,-1", ",Mo,Zeke,AS,70,,-1,-1,2,-1,1", ",Rita,,alone,95,,-2,-2,-2,8,-2",
        ",Zeke,Lou,AC,30,,4,-4,4,4,-8", ",,,,10,Gus,4,-1,-1,-1,-1"]


def _sheet(numbers, rows=ROWS) -> str:
    return CSV_HEAD + "".join(f"2026-11-24,{n}{row}\n" for n, row in zip(numbers, rows))


@pytest.mark.parametrize("stream", [None, ("10", "2")])
def test_a_sheet_sent_again_with_hand_cells_11_15_is_refused(tmp_path, monkeypatch, stream):
    """break27 F1, the CSV: nA.csv then nA_renum.csv (Hand cells 11-15) stored 5 more hands.  Now rows 2-6 are
    E-HAND-CONFLICT, the message asking for the night's own Date cells; night A's totals by hand (above) stay."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nA.csv", _sheet(range(1, 6))), "--db", str(db))
    assert ledger(db) == NIGHT_A
    _stream(monkeypatch, stream)
    r = cli("ingest", write(tmp_path, "nA_renum.csv", _sheet(range(11, 16))), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ").replace(f"{tmp_path}/", "")
    assert "nA_renum.csv: 0 stored, 0 duplicates, 5 rejected" in out, r.output
    assert ("nA_renum.csv:2:1: E-HAND-CONFLICT (hand 11): hand 11 of session 'CSV nA 2026-11-24' is the stored hand 1 "
            "(nA.csv:2) with a new number") in out, r.output
    assert "a real second night needs its own Date cells" in out
    assert ledger(db) == NIGHT_A
    assert [(n, line, code) for _, n, line, code in _rejected(db)] == [
        (10 + k, 1 + k, "E-HAND-CONFLICT") for k in range(1, 6)]


def test_the_second_half_sent_again_as_hands_6_7_numbered_straight_on_is_a_night_going_on(tmp_path):
    """break27 F1 refused hands 4-5 sent again as 6-7; break28c F1 (session 28) showed the same shape is a real
    night going on as often: a file numbered straight on from the stored night's last hand (6 after 5) whose score
    lines settle as two stored hands in the middle of the night (4-5, not 1-2) is stored.  Hand-worked: night A
    plus h6 Zeke/Lou 30, a schneidered loss (I-6): Zeke -8, Lou -4, Gus/Mo/Rita +4; h7 leaster Gus 10 (D-4): Gus
    +4, each -1: Gus 6+4+4 = +14, Lou -6-4-1 = -11, Mo 2+4-1 = +5, Rita 9+4-1 = +12, Zeke -11-8-1 = -20 (sum 0).
    A copy from the stored night's FIRST hand is still refused (test_found28_copies2.py)."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "half1.shn", _night(range(1, 4))), write(tmp_path, "half2.shn",
        _night([4, 5], HANDS[3:])), "--db", str(db))
    r = cli("ingest", write(tmp_path, "half2_renum.shn", _night([6, 7], HANDS[3:])), "--db", str(db))
    out = r.output.replace("\n", " ").replace(f"{tmp_path}/", "")
    assert "half2_renum.shn: 2 stored, 0 duplicates, 0 rejected" in out, r.output
    assert ledger(db) == {"Gus": 14, "Lou": -11, "Mo": 5, "Rita": 12, "Zeke": -20}
    assert _rejected(db) == []


def test_the_night_going_on_is_stored_and_a_copy_in_the_wrong_order_is_no_copy(tmp_path):
    """Not a copy: half2.shn after half1.shn (new hands 4-5, neither a stored hand) is stored, night A's totals
    as above; and hands 6-7 that are the stored hands 2 and 1 (not in the stored order) are stored too:
    h6 Mo/Zeke 70 (Mo +2, Zeke +1, -1 each), h7 Lou/Gus 66 (Lou +2, Gus +1, -1 each): Gus +6-1+1 = +6,
    Lou -6-1+2 = -5, Mo +2+2-1 = +3, Rita +9-1-1 = +7, Zeke -11+1-1 = -11."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "half1.shn", _night(range(1, 4))), "--db", str(db))
    cli("ingest", write(tmp_path, "half2.shn", _night([4, 5], HANDS[3:])), "--db", str(db))
    assert ledger(db) == NIGHT_A
    cli("ingest", write(tmp_path, "more.shn", _night([6, 7], [HANDS[1], HANDS[0]])), "--db", str(db))
    assert ledger(db) == {"Gus": 6, "Lou": -5, "Mo": 3, "Rita": 7, "Zeke": -11}
    assert _hands(db) == [(SESSION, n) for n in range(1, 8)]


def test_two_identical_sheet_rows_are_both_stored(tmp_path):
    """Two identical score lines can follow each other: a sheet night whose rows 3 and 4 are both 'Lou picks, Gus
    partner, 66, +2/+1/-1' stores both (h1 Lou/Gus 66, h2 Mo/Zeke 70, h3 = h4 = h1): Gus 1-1+1+1 = +2,
    Lou 2-1+2+2 = +5, Mo -1+2-1-1 = -1, Rita -4, Zeke -1+1-1-1 = -2.  Then one more such row (hand 5, a file of its
    own: one hand equal to a stored hand is no copy) is stored: Gus +3, Lou +7, Mo -2, Rita -5, Zeke -3."""
    db = tmp_path / "t.duckdb"
    rows = [ROWS[0], ROWS[1], ROWS[0], ROWS[0]]
    cli("ingest", write(tmp_path, "twin.csv", _sheet(range(1, 5), rows)), "--db", str(db))
    assert ledger(db) == {"Gus": 2, "Lou": 5, "Mo": -1, "Rita": -4, "Zeke": -2}
    r = cli("ingest", write(tmp_path, "twin.csv", _sheet([5], [ROWS[0]])), "--db", str(db))
    assert "twin.csv: 1 stored, 0 duplicates, 0 rejected" in r.output, r.output
    assert ledger(db) == {"Gus": 3, "Lou": 7, "Mo": -2, "Rita": -5, "Zeke": -3}
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (5,)


@pytest.mark.parametrize("stream", [None, ("10", "2")])
def test_a_first_ingest_reads_no_stored_hand_and_a_continuation_reads_the_session_once(tmp_path, monkeypatch,
                                                                                       stream):
    """The cost (the bench relies on it): night A into an empty database runs no query of the check, whole or in
    batches of 2 (hands 3-5 meet the session the file's first batch stored: its own, not read).  half2.shn after
    half1.shn (hands 4-5 going on: Zeke/Lou 30 and a leaster, derived like no stored hand) reads the session's
    hands' own columns once and no stored text, and stores both; the night sent again as 11-15 reads them once
    and the five stored texts once."""
    import ingest.store as st

    sigs: list[int] = []
    texts: list[list[int]] = []
    real_sigs, real_load = st._signatures, st.load_hands

    def spy_sigs(con, session_id):
        sigs.append(session_id)
        return real_sigs(con, session_id)

    def spy_load(con, where="TRUE", params=None):
        texts.append(sorted(params[0]) if params else [])
        return real_load(con, where, params)

    monkeypatch.setattr(st, "_signatures", spy_sigs)
    monkeypatch.setattr(st, "load_hands", spy_load)
    _stream(monkeypatch, stream)
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nightA.shn", _night(range(1, 6))), "--db", str(db))
    assert (sigs, texts) == ([], [])
    assert ledger(db) == NIGHT_A
    cli("ingest", write(tmp_path, "renum.shn", _night(range(11, 16))), "--db", str(db), ok=False)
    assert sigs == [1] and sorted(sum(texts, [])) == [1, 2, 3, 4, 5]  # in batches: each batch's, each once
    assert ledger(db) == NIGHT_A
    sigs.clear()
    texts.clear()
    db2 = tmp_path / "t2.duckdb"
    cli("ingest", write(tmp_path, "half1.shn", _night(range(1, 4))), "--db", str(db2))
    assert (sigs, texts) == ([], [])
    cli("ingest", write(tmp_path, "half2.shn", _night([4, 5], HANDS[3:])), "--db", str(db2))
    assert (sigs, texts) == ([1], [])
    assert ledger(db2) == NIGHT_A


def test_read_in_batches_of_one_the_first_copied_hand_alone_is_stored_and_said(tmp_path, monkeypatch):
    """What the streamed path cannot promise (docs/storage.md): in batches of one hand, hand 11 alone (the stored
    hand 1, Lou/Gus 66: Lou +2, Gus +1, -1 each) is stored before hand 12 shows the copy; hands 12-15 are refused,
    each message saying hand 11 was stored alone and that shead void removes it.  Ledger: night A plus hand 1
    once more: Gus +7, Lou -4, Mo +1, Rita +8, Zeke -12."""
    db = tmp_path / "t.duckdb"
    cli("ingest", write(tmp_path, "nightA.shn", _night(range(1, 6))), "--db", str(db))
    _stream(monkeypatch, ("10", "1"))
    r = cli("ingest", write(tmp_path, "renum.shn", _night(range(11, 16))), "--db", str(db), ok=False)
    out = r.output.replace("\n", " ").replace(f"{tmp_path}/", "")
    assert "renum.shn: 1 stored, 0 duplicates, 4 rejected" in out, r.output
    assert ("renum.shn:9:1: E-HAND-CONFLICT (hand 12): hand 12 of session 'Tuesday Tavern Sheep / 2026.11.24' is the "
            "stored hand 2 (nightA.shn:9) with a new number: this file's hands 11-12 repeat the stored hands 1-2 with "
            "new numbers") in out, r.output
    assert "(this file's hand 11, read in an earlier batch, was stored as one hand alone; shead void removes it)" in out
    assert ledger(db) == {"Gus": 7, "Lou": -4, "Mo": 1, "Rita": 8, "Zeke": -12}
