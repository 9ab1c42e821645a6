"""QA report 2026-12-01, the message defects: D3, D5, D6, D7, D8, D16.
Repro files: tests/fixtures/qa/ (the tester's /work/qa/defects/)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ingest.cli import app
from ingest.validate import validate_text

QA = Path(__file__).parent / "fixtures" / "qa"


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def said(res) -> str:
    """The report of ``shead ingest`` (standard output), rewrapped."""
    return " ".join(res.stdout.split())


def complained(res) -> str:
    """A usage error (standard error), rewrapped."""
    return " ".join(res.stderr.split())


def refused(name: str):
    res = validate_text((QA / name).read_text(), path=name)
    assert not res.hands and res.rejected
    return [r.errors[0] for r in res.rejected]


def test_d3_unknown_outcome_word_in_csv_is_found_expected(tmp_path):
    f = tmp_path / "w.csv"
    f.write_text((QA / "D3_won.csv").read_text().replace(",won,", ",wonn,"))
    res = run("ingest", "--db", tmp_path / "t.duckdb", f, "--json")
    (e,) = json.loads(res.stdout)["rejected"]
    assert (e["code"], e["line"], e["col"]) == ("E-OUTCOME", 2, 7)  # the outcome cell: row 2, column 7
    assert e["found"] == "wonn" and e["expected"] == "one of win, lose, win-s, lose-s, win-z, lose-z"
    assert "disagrees" not in e["message"]


def test_d3_won_is_read_as_win(tmp_path):
    # the tester's file: Bob picks, Dot partner, 61 (rules.md I-2): -1 +2 -1 +1 -1
    db = tmp_path / "t.duckdb"
    assert run("ingest", "--db", db, QA / "D3_won.csv").exit_code == 0
    rows = json.loads(run("ledger", "--db", db, "--json").stdout)
    assert {r["player"]: r["total"] for r in rows} == {"Ann": -1, "Bob": 2, "Cal": -1, "Dot": 1, "Eve": -1}


def test_d5_score_of_a_loss_without_dob_names_the_loss_and_the_flag():
    # +1/-2/+1/-1/+1 is a plain loss with doubleOnBump=off (B-33: picker -2, partner -1, defenders +1);
    # under the default DOB (B-32) that loss is Ann +2 Bob -4 Cal +2 Dot -2 Eve +2 — the nearest result
    # (6 units off in all, against 12 for the win +2/+1/-1 the old message assumed)
    (d,) = refused("D5_no_dob_score.shn")
    assert (d.code, d.line, d.col) == ("E-SCORE", 9, 1)
    assert d.expected == "Ann +2 Bob -4 Cal +2 Dot -2 Eve +2"
    assert d.found == "Ann +1 Bob -2 Cal +1 Dot -1 Eve +1"
    assert "no result under wi5-called-ace gives this score" in d.message
    assert "doubleOnBump=off" in d.message


def test_d5_the_same_score_under_dob_off_is_stored():
    text = (QA / "D5_no_dob_score.shn").read_text().replace('"wi5-called-ace"', '"wi5-called-ace; doubleOnBump=off"')
    res = validate_text(text, path="D5.shn")
    (h,) = res.hands
    assert h.outcome.outcome == "lose" and h.outcome.units == {"Ann": 1, "Bob": -2, "Cal": 1, "Dot": -1, "Eve": 1}


def test_d16_bad_ramsch_score_expects_the_nearest_ramsch():
    # G-17 under schafkopf-bsv: the loser pays 20 to each other seat: Al -60, the others +20 (not a Durchmarsch)
    (d,) = refused("D16_ramsch_message.shn")
    assert (d.code, d.line, d.col) == ("E-SCORE", 9, 10)
    assert d.expected == "-60" and "Durchmarsch" not in d.message


def test_d8_tout_written_win_z_is_the_won_tout():
    # Herz-Solo Tout, 0 Laufende, schafkopf-bsv: (50) × 2 (Tout, G-14) = 100 from each: Cy +300, others -100
    res = validate_text((QA / "D8_tout_win_z.shn").read_text(), path="D8.shn")
    assert not res.rejected, res.rejected[0].errors[0].message
    (h,) = res.hands
    assert h.outcome.units == {"Al": -100, "Bea": -100, "Cy": 300, "Di": -100}
    assert sum(h.outcome.units.values()) == 0


def test_d8_tout_win_s_says_how_a_tout_is_written():
    text = (QA / "D8_tout_win_z.shn").read_text().replace("win-z", "win-s")
    (r,) = validate_text(text, path="D8.shn").rejected
    d = r.errors[0]
    assert (d.code, d.line, d.col) == ("E-OUTCOME", 8, 47)
    assert "a Tout is written win or lose" in d.message and "G-14" in d.message and d.expected == "win"


def test_d6_rules_flag_error_at_the_flag_once_for_all_hands(tmp_path):
    # line 5 `[Rules "wi5-called-ace; doubleOnBmp=off"]`: the value starts at column 9, the flag 16 later: 5:25
    ds = refused("D6_rules_flag_column.shn")
    assert [(d.code, d.line, d.col) for d in ds] == [("E-RULES-FLAG", 5, 25)] * 2
    res = run("ingest", "--db", tmp_path / "t.duckdb", QA / "D6_rules_flag_column.shn")
    assert res.exit_code == 1
    assert said(res).count("E-RULES-FLAG") == 1 and "E-RULES-FLAG (hands 1, 2)" in said(res)


def test_d6b_bad_rules_option_is_one_usage_error(tmp_path):
    db = tmp_path / "t.duckdb"
    res = run("ingest", "--db", db, "--rules", "wi5-called-ace; doubleOnBmp=off", QA / "D6b_rules_option.csv")
    assert res.exit_code == 2
    assert "error: --rules" in complained(res) and "doubleOnBmp" in complained(res)
    assert "doubleOnBump" in complained(res)
    assert ":2:1" not in said(res) + complained(res) and not db.exists()  # no row blamed, nothing opened


def test_d7_ingest_json_carries_found_and_expected(tmp_path):
    res = run("ingest", "--db", tmp_path / "t.duckdb", QA / "D6_rules_flag_column.shn", "--json")
    rej = json.loads(res.stdout)["rejected"]
    assert [(e["line"], e["col"], e["found"], e["expected"]) for e in rej] == [
        (5, 25, "doubleOnBmp", "a flag of rules.md J")] * 2
