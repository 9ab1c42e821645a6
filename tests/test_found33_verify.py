"""Session 33 verify findings: verify33 F1 (a hand's own tag written on its ``hand`` line was exported twice, so
the export was refused on re-read, ``shead rederive`` refused the hand and voiding an earlier hand was refused),
F3 (the E-HEADER hint about stripped line ends only when line 1 holds the file), F5 (a returning [Session] block
without [Seats]).  Records: the tester's sb1.shn, ht1.shn, h2.shn, f1a.shn (copied here).
"""

from __future__ import annotations

import json

import duckdb

from tests.cli_helpers import cli, ingest_json, ledger, write

# ---- verify33 F1 ------------------------------------------------------------------------------------------------
# sb1.shn: six hands, each "pick X call AH partner Y pts 70 win": picker side 70 is 61-90, a plain win, tier 1
# (rules.md B-28); five-handed with a partner: picker +2, partner +1, each of 3 defenders -1 (B-31, B-33).
# Hand 2's own [Seats] (a swap: A=Bob, B=Ann) and hands 4 and 5's [Seats] on the hand line (E=Max) apply to their
# hand alone (docs/notation.md §4.2); hand 6 writes its own [Seats] line (E=Max).  Hand 3 is at the header's seats.
#   h1 (A Ann, B Bob, C Cal, D Dot, E Eve): B Bob +2, C Cal +1; Ann, Dot, Eve -1
#   h2 (A Bob, B Ann):                      C Cal +2, D Dot +1; Bob, Ann, Eve -1
#   h3 (header):                            D Dot +2, E Eve +1; Ann, Bob, Cal -1
#   h4 (E Max):                             E Max +2, A Ann +1; Bob, Cal, Dot -1
#   h5 (E Max):                             A Ann +2, B Bob +1; Cal, Dot, Max -1
#   h6 (E Max):                             B Bob +2, C Cal +1; Ann, Dot, Max -1
#   totals: Ann -1-1-1+1+2-1 = -1; Bob +2-1-1-1+1+2 = +2; Cal +1+2-1-1-1+1 = +1; Dot -1+1+2-1-1-1 = -1;
#           Eve -1-1+1 = -1; Max +2-1-1 = 0.  Sum 0.
SB1 = """%SHN 1.0
[Session "v33-sb"]
[Date "2026.11.22"]
[Seats "A=Ann Ames; B=Bob Bell; C=Cal Cole; D=Dot Dahl; E=Eve Eck"]
[Rules "wi5-called-ace"]

hand 1  dealer A
pick B  call AH  partner C  pts 70  win

hand 2  dealer B
[Seats "A=Bob Bell; B=Ann Ames; C=Cal Cole; D=Dot Dahl; E=Eve Eck"] {Ann and Bob swapped chairs for the light}
pick C  call AH  partner D  pts 70  win

hand 3  dealer C
pick D  call AH  partner E  pts 70  win

hand 4  [Seats "A=Ann Ames; B=Bob Bell; C=Cal Cole; D=Dot Dahl; E=Max Ebert"] dealer D
pick E  call AH  partner A  pts 70  win

hand 5  [Seats "A=Ann Ames; B=Bob Bell; C=Cal Cole; D=Dot Dahl; E=Max Ebert"] dealer E
pick A  call AH  partner B  pts 70  win

hand 6  dealer A
[Seats "A=Ann Ames; B=Bob Bell; C=Cal Cole; D=Dot Dahl; E=Max Ebert"]
pick B  call AH  partner C  pts 70  win
"""
SB1_UNITS = {"Ann Ames": -1, "Bob Bell": 2, "Cal Cole": 1, "Dot Dahl": -1, "Eve Eck": -1, "Max Ebert": 0}

# ht1.shn: hand 1 as sb1's (Bob +2, Cal +1; Ann, Dot, Eve -1).  Hand 2's own [Rules] on its hand line turns double
# on the bump off (B-32): pts 40 is 31-60, a plain loss, tier 1 (B-28) without DOB: picker C -2, partner D -1,
# defenders A, B, E +1 (B-33 "Loss" row; with DOB it would be -4/-2/+2).  Totals: Ann -1+1 = 0, Bob +2+1 = +3,
# Cal +1-2 = -1, Dot -1-1 = -2, Eve -1+1 = 0.  Sum 0.
HT1 = """%SHN 1.0
[Session "v33-ht"]
[Date "2026.12.02"]
[Seats "A=Ann Ames; B=Bob Bell; C=Cal Cole; D=Dot Dahl; E=Eve Eck"]
[Rules "wi5-called-ace"]

hand 1  dealer A
pick B  call AH  partner C  pts 70  win

hand 2  [Rules "wi5-called-ace; doubleOnBump=off"]  dealer B
pick C  call AH  partner D  pts 40  lose
score A +1 B +1 C -2 D -1 E +1
"""
HT1_UNITS = {"Ann Ames": 0, "Bob Bell": 3, "Cal Cole": -1, "Dot Dahl": -2, "Eve Eck": 0}


def _both() -> dict[str, int]:
    out = dict(SB1_UNITS)
    for k, v in HT1_UNITS.items():
        out[k] = out.get(k, 0) + v
    return out


def _hands(db) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("SELECT s.session, h.hand, h.picker, h.partner, h.picker_units, h.outcome, h.tier, h.multiplier, h.rules, h.players FROM hands h JOIN sessions s "
                           "USING (session_id) ORDER BY 1, 2").fetchall()
    finally:
        con.close()


def test_verify33_f1_hand_line_tag_exported_once_and_restored(tmp_path):
    db, db2 = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    cli("ingest", write(tmp_path, "sb1.shn", SB1), write(tmp_path, "ht1.shn", HT1), "--db", str(db))
    both = _both()
    assert sum(both.values()) == 0
    assert ledger(db) == both
    # the hands are stored as written, their tag on the hand line (the text an older version stored too)
    con = duckdb.connect(str(db), read_only=True)
    (src,) = con.execute("SELECT t.source FROM hands h JOIN sessions s USING (session_id) JOIN hand_text t "
                         "USING (hand_id) WHERE s.session = 'v33-sb' AND h.hand = 4").fetchone()
    con.close()
    assert src.startswith('hand 4  [Seats "')
    out = tmp_path / "export.shn"
    cli("export", "--format", "shn", "--out", str(out), "--db", str(db))
    text = out.read_text(encoding="utf-8")
    # each hand's own tag written once
    assert text.count("E=Max Ebert") == 3, text
    assert text.count("doubleOnBump=off") == 1, text
    rep = ingest_json(str(out), db2)
    assert rep["rejected"] == [], rep
    assert ledger(db2) == both
    assert _hands(db2) == _hands(db)


def test_verify33_f1_rederive_refuses_none(tmp_path):
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "sb1.shn", SB1), write(tmp_path, "ht1.shn", HT1), "--db", str(db))
    r = cli("rederive", "--db", str(db), ok=False)
    assert r.exit_code == 0, r.output
    assert "E-DUPLICATE" not in r.output and " 0 refused by the engine" in r.output, r.output
    assert ledger(db) == _both()


def test_verify33_f1_void_earlier_hand_not_refused(tmp_path):
    db = tmp_path / "a.duckdb"
    cli("ingest", write(tmp_path, "sb1.shn", SB1), write(tmp_path, "ht1.shn", HT1), "--db", str(db))
    r = cli("void", "v33-sb#1", "--reason", "wrong pts", "--db", str(db), ok=False)
    assert r.exit_code == 0, r.output
    # without hand 1 (Bob +2, Cal +1; Ann, Dot, Eve -1): sb1's totals become Ann 0, Bob 0, Cal 0, Dot 0, Eve 0,
    # Max 0; ht1's unchanged.  Hands 4 and 5 keep Max in chair E (else Eve would have +2-1 = +1 more).
    want = {k: v for k, v in HT1_UNITS.items()}
    want["Max Ebert"] = 0
    assert ledger(db) == want


# ---- verify33 F3 ------------------------------------------------------------------------------------------------
# h2.shn: the header with its [Session] tag on line 1, four more lines with their line ends.  The file's line ends
# were not stripped: E-HEADER right after '%SHN 1.0' (1:9), without the curl --data-binary hint.  The same file
# with every line end dropped (line 1 holds the whole file, its hand with it) keeps the hint.
H2 = """%SHN 1.0 [Session "v33-h2"]
[Date "2026.12.11"]
[Seats "A=Ann Ames; B=Bob Bell; C=Cal Cole; D=Dot Dahl; E=Eve Eck"]
hand 1 dealer A
pick B call AH partner C pts 70 win
"""


def test_verify33_f3_stripped_line_end_hint_only_when_line_1_holds_a_hand(tmp_path):
    r = cli("ingest", write(tmp_path, "h2.shn", H2), "--db", str(tmp_path / "x.duckdb"), ok=False)
    assert r.exit_code != 0 and "h2.shn:1:9: E-HEADER" in r.output, r.output
    assert "--data-binary" not in r.output and "line ends were stripped" not in r.output, r.output
    assert "line end" in r.output  # what is expected: '%SHN 1.0' alone on line 1
    flat = H2.replace("\n", "")
    r = cli("ingest", write(tmp_path, "flat.shn", flat), "--db", str(tmp_path / "y.duckdb"), ok=False)
    assert "flat.shn:1:9: E-HEADER" in r.output and "--data-binary" in r.output, r.output


