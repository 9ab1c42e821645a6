"""verify32's findings 2 and 4 on an export and restore (`shead export --format shn`, then `shead ingest` of it into
an empty database), with the tester's records (verify32 r/), amounts worked out by hand from rules.md."""

from __future__ import annotations

import duckdb

from tests.cli_helpers import cli, ledger, write
from tests.test_found32_nsk import P2611, P2611_RENEGE, TOTALS_2611, _protocol


def _restored(tmp_path, db) -> str:
    """Export ``db`` as SHN and ingest the export into a new database; that database's path."""
    out = tmp_path / "exp.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    db2 = tmp_path / "restored.duckdb"
    cli("ingest", str(out), "--db", str(db2))
    return db2


def test_a_corrected_protocol_after_a_restore_is_that_sessions_copy(tmp_path):
    """verify32 F4: the 26.11.26 protocol with game 5 refused (a renege, G-9) is stored, exported and restored; then
    the corrected log, saved under another name (`..._01.txt`), is ingested.  It is the restored session's protocol
    (the same header line 'gespielt von Xaver am 26.11.26 ...', the same deals): its games 1, 2, 3, 6 are duplicates
    and game 5 alone is stored, as in the database never restored (`1 stored, 4 duplicates`).  It was stored as a
    second session, the night counted twice (Xaver +535).
    By hand (tests/test_found32_nsk.py, rules.md G): stored before, games 1, 2, 3, 6: Loisl -5 - 80 - 60 + 10 = -135,
    Zenzi +5 - 80 + 20 - 10 = -65, Gust -5 - 80 + 20 + 10 = -55, Xaver +5 + 240 + 20 - 10 = +255.  Game 5, Gust's
    Wenz lost schneider, 20 + 5 = 25 to each (G-12..G-15): Gust -75, the others +25.  Totals: Loisl -110,
    Zenzi -40, Gust -130, Xaver +280 (zero-sum), the log's last row: the session is complete."""
    db = tmp_path / "o.duckdb"
    cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_26.11.26_02.txt", P2611_RENEGE), "--db", str(db),
        ok=False)
    db2 = _restored(tmp_path, db)
    assert ledger(db2) == {"Loisl": -135, "Zenzi": -65, "Gust": -55, "Xaver": 255}
    r = cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_26.11.26_01.txt", P2611), "--db", str(db2))
    assert "1 stored, 4 duplicates" in r.output, r.output
    assert ledger(db2) == TOTALS_2611 and TOTALS_2611["Xaver"] == 280 and TOTALS_2611["Loisl"] == -110
    assert sum(TOTALS_2611.values()) == 0
    with duckdb.connect(str(db2), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM sessions").fetchone()[0] == 1
        assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == 5
    assert "Incomplete sessions" not in cli("ledger", "--db", str(db2)).output
    # the game added is stored as the SHN-SK text an export writes: re-derived alike, and restored again complete
    assert "0 changed, 0 refused" in cli("rederive", "--db", str(db2)).output
    out = tmp_path / "exp2.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db2))
    db3 = tmp_path / "again.duckdb"
    cli("ingest", str(out), "--db", str(db3))
    assert ledger(db3) == TOTALS_2611
    assert "Incomplete sessions" not in cli("ledger", "--db", str(db3)).output


def test_another_nights_protocol_after_a_restore_is_a_session_of_its_own(tmp_path):
    """verify32 F4, the other side: another night's log (29.11.26 header line, other deals) is not taken for the
    restored 26.11.26 session: both nights are stored, each at its own totals.  29.11.26 by hand
    (tests/test_found32_nsk.py): Loisl +195, Zenzi +55, Gust +55, Xaver -305; with 26.11.26's stored -135, -65,
    -55, +255: Loisl +60, Zenzi -10, Gust 0, Xaver -50 (zero-sum)."""
    from tests.test_found32_nsk import P2911  # noqa: PLC0415

    db = tmp_path / "o.duckdb"
    cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_26.11.26_02.txt", P2611_RENEGE), "--db", str(db),
        ok=False)
    db2 = _restored(tmp_path, db)
    r = cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_29.11.26_01.txt", P2911), "--db", str(db2))
    assert "3 stored, 0 duplicates" in r.output, r.output
    assert ledger(db2) == {"Loisl": 60, "Zenzi": -10, "Gust": 0, "Xaver": -50}


# verify32 r/six_bad.shn: hand 1's outcome word is wrong (0 tricks: 'lose-z', rules.md B-29), refused E-OUTCOME
SIX_BAD = ('%SHN 1.0\n[Event "Six Test"]\n[Date "2026.12.02"]\n[Seats "Al; Bea; Cy; Di; Ed; Flo"]\n'
           '[Rules "wi6-sit-out; partnerOffHookNoTrick=on"]\n\n'
           "hand 1  dealer Al\npick Bea  call AS\npartner Cy  pts 10  tricks 0  lose\n\n"
           "hand 2  dealer Bea\npick Cy  alone\npts 75  win\n\n"
           "hand 3  dealer Cy\nleaster Di  pts 7\n\n"
           "hand 4  dealer Di\npick Ed  call AH\npartner Al  pts 61  win\n")

# verify32 r/dbl_mult.csv: row 2 (hand 1) names no picker, leaster or doubler: refused E-CSV-HAND
DBL_MULT = ("Date,Hand,Picker,Partner,Won/Lost,Mult,Al,Bea,Cy,Di,Ed\n"
            "2026-12-19,1,,,doubler,,,,,,\n"
            "2026-12-19,2,Cy,Al,won,2,,,,,\n"
            "2026-12-19,3,Bea,Di,won,1,,,,,\n")


def _incomplete(db) -> str:
    """The ledger's lines naming incomplete sessions ('' when none)."""
    text = cli("ledger", "--db", str(db)).output
    return text.split("Incomplete sessions", 1)[1] if "Incomplete sessions" in text else ""


def test_an_shn_session_with_a_refused_hand_stays_incomplete_after_a_restore(tmp_path):
    """verify32 F2: six_bad.shn's hand 1 is refused; the ledger says 'hand 1 was refused', but the export wrote no
    mark, and the restored session was complete.  Now the export writes `[_Refused "1"]` and the restore keeps the
    session incomplete, naming hand 1; the corrected hand ingested afterwards completes it.
    By hand, wi6-sit-out (the dealer sits out, five play as wi5, rules.md B-33, D-4): hand 2 (Bea out), Cy alone
    wins 75 (defenders 45, no schneider, B-28): Cy +4, Al, Di, Ed, Flo -1.  Hand 3 (Cy out), leaster won by Di:
    Di +4, Al, Bea, Ed, Flo -1 (D-4).  Hand 4 (Di out), Ed with Al wins 61: Ed +2, Al +1, Bea, Cy, Flo -1.  Totals:
    Al -1, Bea -2, Cy +3, Di +3, Ed 0, Flo -3 (zero-sum).  Hand 1 corrected ('lose-z'): Bea's side took no trick,
    x3 (B-29), doubled on the bump (B-32), the partner off the hook (B-34): Bea -18, Cy 0, Di, Ed, Flo +6 (Al out):
    Al -1, Bea -20, Cy +3, Di +9, Ed +6, Flo +3 (zero-sum)."""
    stored = {"Al": -1, "Bea": -2, "Cy": 3, "Di": 3, "Ed": 0, "Flo": -3}
    assert sum(stored.values()) == 0
    db = tmp_path / "o.duckdb"
    cli("ingest", write(tmp_path, "six_bad.shn", SIX_BAD), "--db", str(db), ok=False)
    assert ledger(db) == stored and "hand 1 was refused" in _incomplete(db)
    db2 = _restored(tmp_path, db)
    assert '[_Refused "1"]' in (tmp_path / "exp.shn").read_text(encoding="utf-8")
    assert ledger(db2) == stored
    said = _incomplete(db2)
    assert "Six Test" in said and "hand 1 " in said, said
    r = cli("ingest", write(tmp_path, "six_fixed.shn", SIX_BAD.replace("tricks 0  lose\n", "tricks 0  lose-z\n")),
            "--db", str(db2))
    assert "1 stored, 3 duplicates" in r.output, r.output
    whole = {"Al": -1, "Bea": -20, "Cy": 3, "Di": 9, "Ed": 6, "Flo": 3}
    assert sum(whole.values()) == 0 and ledger(db2) == whole
    assert _incomplete(db2) == ""


def test_a_csv_night_with_a_refused_row_stays_incomplete_after_a_restore(tmp_path):
    """verify32 F2: dbl_mult.csv's row 2 (hand 1) is refused, under noPick=doubler (rules.md D-11) the stake of the
    hands after it unknown (W-SESSION-GAP).  After an export and restore the night is still incomplete with hand 1
    named, and the restore says the stake caveat again.  By hand: hand 2, Cy with Al wins, Mult 2 a doubling (E-1),
    the stake x1 (the refused hand counts for nothing, D-11): Cy +4, Al +2, Bea, Di, Ed -2 (B-31, B-33); hand 3, Bea
    with Di wins: Bea +2, Di +1, Al, Cy, Ed -1.  Totals: Al +1, Bea 0, Cy +3, Di -1, Ed -3 (zero-sum)."""
    stored = {"Al": 1, "Bea": 0, "Cy": 3, "Di": -1, "Ed": -3}
    assert sum(stored.values()) == 0
    db = tmp_path / "o.duckdb"
    r = cli("ingest", write(tmp_path, "dbl_mult.csv", DBL_MULT), "--db", str(db), "--rules",
            "wi5-called-ace; noPick=doubler", ok=False)
    assert "W-SESSION-GAP (hand 2)" in r.output, r.output
    assert ledger(db) == stored and "hand 1 was refused" in _incomplete(db)
    out = tmp_path / "exp.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    assert '[_Refused "1"]' in out.read_text(encoding="utf-8")
    db2 = tmp_path / "restored.duckdb"
    r = cli("ingest", str(out), "--db", str(db2))
    assert "W-SESSION-GAP (hand 2)" in r.output and "stake" in r.output, r.output
    assert ledger(db2) == stored
    said = _incomplete(db2)
    assert "dbl_mult" in said and "hand 1 " in said, said
