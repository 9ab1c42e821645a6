"""QA report 2026-12-01, the display defects D9–D13: the night's sheet
(German cards, the game, schwarz; the marks), the leaster replay, voids in
an export, ``call alone alone``.  Repro files: tests/fixtures/qa/."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app

QA = Path(__file__).parent / "fixtures" / "qa"


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def ingest(db, *files):
    res = run("ingest", "--db", db, *files)
    assert res.exit_code == 0, res.stderr
    return res


def sheet_json(db, session):
    res = run("sheet", session, "--db", db, "--json")
    assert res.exit_code == 0, res.stderr
    return json.loads(res.stdout)


def test_d9_schafkopf_sheet_under_german_cards(tmp_path):
    db = tmp_path / "t.duckdb"
    ingest(db, QA / "D9_sk_sheet_cards.shn")
    sh = sheet_json(db, "D9")
    # the games as written: the Eichel-Sau EA (not AC), the Eichel-Solo, the Gras-Sau GA (not AS)
    assert [h["call"] for h in sh["hands"]] == ["sauspiel EA", "solo eichel", "sauspiel GA"]
    # hand 3: 8 tricks, win-z = schwarz (G-12), not a Sheepshead "no-tricker"
    assert [h["result"] for h in sh["hands"]] == ["won 70", "won 70", "won (schwarz)"]
    # schafkopf-bsv 10/50/10: Sauspiel 10; Eichel-Solo 50 ×3 to Di; Sauspiel schwarz (10+10+10) = 30 (G-14, G-15)
    assert [h["units"] for h in sh["hands"]] == [{"Al": -10, "Bea": 10, "Cy": 10, "Di": -10},
                                                 {"Al": -50, "Bea": -50, "Cy": -50, "Di": 150},
                                                 {"Al": -30, "Bea": 30, "Cy": 30, "Di": -30}]
    assert sh["totals"] == {"Al": -90, "Bea": -10, "Cy": -10, "Di": 110}


def test_d9_tout_row_says_solo_herz_tout(tmp_path):
    db = tmp_path / "t.duckdb"
    ingest(db, QA / "D8_tout_win_z.shn")
    (h,) = sheet_json(db, "D8")["hands"]
    assert h["call"] == "solo herz tout" and h["units"]["Cy"] == 300


def test_d10_sheet_shows_the_marks(tmp_path):
    # Cal picks, calls AH, Eve partner, 76 win: tier 1 (I-2) × crack × recrack = 4 per defender (E-1):
    # Cal +8, Eve +4, Ann/Bob/Dot -4 (sum 8 + 4 - 12 = 0)
    db = tmp_path / "t.duckdb"
    ingest(db, QA / "D10_sheet_no_marks.shn")
    (h,) = sheet_json(db, "D10")["hands"]
    assert h["marks"] == "crack Dot, recrack Eve ×4" and h["stake"] == 1
    assert h["units"] == {"Ann": -4, "Bob": -4, "Cal": 8, "Dot": -4, "Eve": 4}
    csv = run("sheet", "D10", "--db", db, "--csv").stdout.splitlines()
    assert csv[0].startswith("hand,dealer,picker,partner,call,result,marks,stake,")
    assert csv[1].startswith('1,Ann,Cal,Eve,AH,won 76,"crack Dot, recrack Eve ×4",1,')
    assert "crack Dot, recrack Eve ×4" in run("sheet", "D10", "--db", db).stdout


def test_d11_leaster_replay_gives_each_seats_points_and_the_blind(tmp_path):
    # the tester's working: Cal t1 (10); Dot t2 (10) + t4 (23) = 33; Bob t3 (29) + t5 (21) + t6 (23) = 73,
    # + the blind K♠ 7♥ (4) as the last trick's winner (D-3) = 77; Ann and Eve no trick: 0
    db = tmp_path / "t.duckdb"
    ingest(db, QA / "D11_leaster_replay.shn")
    out = run("replay", "L1#1", "--db", db).stdout
    assert "picker side" not in out
    assert "Result:  leaster   winner Cal 10 points" in out
    points = next(line for line in out.splitlines() if line.startswith("Points:"))
    assert "Ann 0 (0 tricks)" in points and "Cal 10 (1 trick)" in points and "Dot 33 (2 tricks)" in points
    assert "Bob 77 (3 tricks, incl. the blind 4: took the last trick" in points and "Eve 0 (0 tricks)" in points
    assert 0 + 77 + 10 + 33 + 0 == 120  # card conservation: every card point is someone's


def test_d12_voids_are_exported_and_a_restore_sees_no_gap(tmp_path):
    db, fresh = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    ingest(db, QA / "D12_void_then_export.shn")
    assert run("void", "D12#1", "--reason", "a doubler written by mistake", "--db", db).exit_code == 0
    out = tmp_path / "x.shn"
    assert run("export", "--db", db, "--format", "shn", "--out", out).exit_code == 0
    assert '[_Voided "1"]' in out.read_text()
    res = ingest(fresh, out)
    assert "W-SESSION-GAP" not in res.stderr
    with st.reading(fresh) as con:
        # hand 1 voided, hand 2 a doubler: hand 3 is played at stake 2 (D-11): Dot +4, Eve +2, others -2
        assert con.execute("SELECT hand, stake, warnings FROM hands ORDER BY hand").fetchall() == [
            (2, 1, "[]"), (3, 2, "[]")]
    assert run("ledger", "--db", fresh, "--json").stdout == run("ledger", "--db", db, "--json").stdout
    again = run("ingest", "--db", db, out, "--json")
    assert json.loads(again.stdout) == {"ingested": 0, "duplicates": 2, "rejected": [], "warnings": []}


def test_d13_alone_hand_replay_says_alone_once(tmp_path):
    db = tmp_path / "t.duckdb"
    ingest(db, QA / "D13_alone_facts.shn")
    facts = next(line for line in run("replay", "D13#1", "--db", db).stdout.splitlines() if line.startswith("Facts:"))
    assert "call alone" not in facts and facts.count("alone") == 1
    assert "picker Bob   alone" in facts
