"""The night's sheet (issue 12): ``shead sheet SESSION [--json|--csv]`` and
:func:`ingest.sheet.session_sheet` — the hands in order with dealer, picker,
partner, call, result, each player's units and running total, the pot, and
the session's totals.

Worked by hand, ``[Rules "wi5-called-ace; pot=on; noPick=doubler"]``
(rules.md B-31, D-11, D-19): hand 1 is a doubler — each of the five puts 1
unit into the pot (-1 each, the pot +5, balance 5); hand 2 is at x2: Al, Bea,
Di pay 1 x 2 = 2, Cy (picker) gets 2 x 2 = 4, Ed (partner) 1 x 2 = 2, and the
winners take the pot: Ed 5 // 4 = 1, Cy 5 - 1 = 4, so Cy +8, Ed +3, the pot
-5 (balance 0); hand 3 at x1: Di +2, Ed +1, Al, Bea, Cy -1, the empty pot 0.
Running totals: after hand 1 -1 each; after hand 2 Al -3, Bea -3, Cy +7,
Di -3, Ed +2; after hand 3 Al -4, Bea -4, Cy +6, Di -1, Ed +3 — sum 0 with
the pot's 0.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app
from ingest.sheet import SessionNotFound, find_session, session_sheet

runner = CliRunner()
RULES = "wi5-called-ace; pot=on; noPick=doubler"
TEXT = (f'%SHN 1.0\n[Event "QA"]\n[Session "pot night"]\n[Date "2025.10.02"]\n'
        f'[Seats "Al=Allen; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]\n[Rules "{RULES}"]\n\n'
        "hand 1  dealer Ed\ndoubler\n\n"
        "hand 2  dealer Al\npick Cy  call AS  partner Ed  pts 72  win\n\n"
        "hand 3  dealer Bea\npick Di  call AS  partner Ed  pts 70  win\n")


@pytest.fixture
def night(db, tmp_path):
    p = tmp_path / "pot.shn"
    p.write_text(TEXT)
    assert runner.invoke(app, ["ingest", str(p), "--db", str(db)]).exit_code == 0
    return db


def test_the_sheet_has_every_hand_running_totals_and_the_pot(night):
    with st.reading(night) as con:
        sh = session_sheet(con, "pot night")
    assert [(r.hand, r.dealer, r.picker, r.partner, r.call, r.result, r.stake) for r in sh.rows] == [
        (1, "Ed", None, None, None, "doubler", 1),
        (2, "Al", "Cy", "Ed", "AS", "won 72", 2),
        (3, "Bea", "Di", "Ed", "AS", "won 70", 1)]
    assert [r.units for r in sh.rows] == [
        {"Al": -1, "Bea": -1, "Cy": -1, "Di": -1, "Ed": -1},
        {"Al": -2, "Bea": -2, "Cy": 8, "Di": -2, "Ed": 3},
        {"Al": -1, "Bea": -1, "Cy": -1, "Di": 2, "Ed": 1}]
    assert [r.running for r in sh.rows] == [
        {"Al": -1, "Bea": -1, "Cy": -1, "Di": -1, "Ed": -1},
        {"Al": -3, "Bea": -3, "Cy": 7, "Di": -3, "Ed": 2},
        {"Al": -4, "Bea": -4, "Cy": 6, "Di": -1, "Ed": 3}]
    assert [(r.pot, r.pot_balance) for r in sh.rows] == [(5, 5), (-5, 0), (0, 0)]
    assert sh.totals == {"Al": -4, "Bea": -4, "Cy": 6, "Di": -1, "Ed": 3} and sh.pot == 0
    assert sum(sh.totals.values()) + sh.pot == 0  # zero-sum with the pot as a seat (D-19)


def test_the_sheet_after_a_void_leaves_the_hand_out_and_rederives_the_pot(night):
    # void the doubler: hand 2 at x1 with an empty pot: Cy +2, Ed +1, the others -1; pot 0
    assert runner.invoke(app, ["void", "pot night#1", "--reason", "never happened", "--db", str(night)]).exit_code == 0
    with st.reading(night) as con:
        sh = session_sheet(con, "pot night")
    assert [r.hand for r in sh.rows] == [2, 3] and sh.voided == [1]
    assert sh.rows[0].units == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1} and sh.rows[0].stake == 1
    # totals: Al -1-1 = -2, Bea -2, Cy 2-1 = 1, Di -1+2 = 1, Ed 1+1 = 2
    assert sh.totals == {"Al": -2, "Bea": -2, "Cy": 1, "Di": 1, "Ed": 2} and sh.pot == 0


def test_shead_sheet_json_csv_and_text(night):
    r = runner.invoke(app, ["sheet", "pot night", "--db", str(night), "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert got["totals"] == {"Al": -4, "Bea": -4, "Cy": 6, "Di": -1, "Ed": 3} and got["pot"] == 0
    assert [h["running"]["Cy"] for h in got["hands"]] == [-1, 7, 6]
    r = runner.invoke(app, ["sheet", "pot", "--db", str(night), "--csv"])  # a part of the id names it
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [row["hand"] for row in rows] == ["1", "2", "3", ""]
    assert rows[1]["Cy units"] == "8" and rows[1]["Cy total"] == "7" and rows[1]["pot balance"] == "0"
    # hand 1 is a doubler, thrown in (rules.md D-11): 3 hands, 2 played, as the ledger counts hands played
    assert rows[3]["result"] == "total, 3 hands (2 played)" and rows[3]["Ed total"] == "3"
    r = runner.invoke(app, ["sheet", "pot night", "--db", str(night)])
    assert r.exit_code == 0 and "won 72" in r.stdout and "total, 3 hands (2 played)" in r.stdout
    bad = runner.invoke(app, ["sheet", "no such night", "--db", str(night)])
    assert bad.exit_code == 1 and "no stored session" in bad.output


def test_a_part_of_a_session_id_must_name_one_session(night, tmp_path):
    p = tmp_path / "b.shn"
    p.write_text(TEXT.replace("pot night", "pot night two"))
    runner.invoke(app, ["ingest", str(p), "--db", str(night)])
    with st.reading(night) as con:
        assert find_session(con, "pot night") == "pot night"  # the exact id wins
        with pytest.raises(SessionNotFound, match="matches 2 sessions"):
            find_session(con, "pot")


def test_a_night_is_found_by_its_date(night, tmp_path):
    # a tester's finding: `shead sheet 2026.12.04` found no CSV night (named 'CSV <file> <date>'); a date names the
    # one session of that date, in any of the usual spellings; two of one date are named, a date with none said
    with st.reading(night) as con:
        assert [find_session(con, d) for d in ("2025-10-02", "2025.10.02", "2025/10/2")] == ["pot night"] * 3
        with pytest.raises(SessionNotFound, match="a date, 2026-12-04, names the one night of that date"):
            find_session(con, "2025-10-03")
    p = tmp_path / "b.shn"
    p.write_text(TEXT.replace("pot night", "table two"))
    runner.invoke(app, ["ingest", str(p), "--db", str(night)])
    with st.reading(night) as con:
        with pytest.raises(SessionNotFound, match="matches 2 sessions: 'pot night', 'table two'"):
            find_session(con, "2025-10-02")
    r = runner.invoke(app, ["sheet", "2025.10.02", "--db", str(night), "--json"])
    assert r.exit_code == 1 and "matches 2 sessions" in r.output


def test_the_printable_html_has_the_names_and_the_totals(night):
    with st.reading(night) as con:
        page = session_sheet(con, "pot night").html()
    assert "<title>pot night</title>" in page and "Allen units" in page and "class='total'" in page
    assert "@media print" in page


def test_the_sheet_page_shows_the_totals_the_table_and_the_downloads(night, monkeypatch, tmp_path):
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    page = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "sheet.py"
    monkeypatch.setenv("SHEAD_DB", str(night))
    at = AppTest.from_file(str(page), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox[0].value == "pot night"
    # the totals worked by hand in the module docstring
    assert {m.label: m.value for m in at.metric} == {"Allen": "-4", "Bea": "-4", "Cy": "+6", "Di": "-1",
                                                     "Ed": "+3", "pot": "0"}
    df = at.dataframe[0].value
    assert list(df["hand"][:3]) == [1, 2, 3] and list(df["Cy total"][:3]) == [-1, 7, 6]
    assert "3 hands of 'pot night'" in "\n".join(c.value for c in at.caption)
    # an empty database says what to do next
    monkeypatch.setenv("SHEAD_DB", str(tmp_path / "none.duckdb"))
    empty = AppTest.from_file(str(page), default_timeout=60)
    empty.run()
    assert not empty.exception and "No hands to show yet" in empty.info[0].value


# --- a hand refused at ingest is a gap the sheet names -----------------------------------------------------------

GAP = ('%SHN 1.0\n[Event "QA"]\n[Session "gap night"]\n[Date "2025.10.09"]\n'
       '[Seats "Al=Allen; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]\n[Rules "wi5-called-ace"]\n\n'
       "hand 6  dealer Ed\npick Cy  call AS  partner Ed  pts 72  win\n\n"
       "hand 7  dealer Al\npick Bea  call AH  partner Di  pts 72  win\nscore Al -1 Bea +3 Cy -1 Di +1 Ed -1\n\n"
       "hand 8  dealer Bea\npick Di  call AC  partner Al  pts 40  lose\n")
#: hand 7's refusal, as `shead ingest` reported it: line 13 is its score line, -1+3-1+1-1 = +1 (rules.md B-35)
#: and the entry the rules give otherwise: Bea with Di at 72 is +2 / +1 / -1 each (B-31)
GAP_ERROR = ("E-SCORE-SUM", "the score sums to +1, not 0 (rules.md B-35); Bea +3 is written but the rules give +2 "
             "(tier: plain 1 = 1 per defender)", 13, 17)  # at Bea +3, the entry the rules give otherwise


def test_a_refused_hand_is_a_gap_the_sheet_names_in_text_and_json(db, tmp_path, monkeypatch):
    """Hands 6 and 8 stored, hand 7 refused.  By hand (rules.md B-31..B-33):
    hand 6 won with a partner: Cy +2, Ed +1, Al, Bea, Di -1; hand 8 lost
    with a partner, doubled on the bump (B-32): Di -4, Al -2, Bea, Cy, Ed +2.
    Totals Al -3, Bea +1, Cy +4, Di -5, Ed +3; hand 7 counts for nothing and
    the sheet says it was refused, where and why."""
    p = tmp_path / "gap.shn"
    p.write_text(GAP)
    assert runner.invoke(app, ["ingest", str(p), "--db", str(db)]).exit_code == 1
    code, message, line, col = GAP_ERROR
    r = runner.invoke(app, ["sheet", "gap night", "--db", str(db), "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert [h["hand"] for h in got["hands"]] == [6, 8]
    assert got["totals"] == {"Al": -3, "Bea": 1, "Cy": 4, "Di": -5, "Ed": 3}
    assert got["refused"] == [{"hand": 7, "code": code, "message": message, "file": str(p), "line": line,
                               "col": col}]
    r = runner.invoke(app, ["sheet", "gap night", "--db", str(db)])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    rows = [ln.split() for ln in lines if ln.split()[:1] in (["6"], ["7"], ["8"])]
    assert [row[0] for row in rows] == ["6", "7", "8"]  # the gap in its place, between hands 6 and 8
    assert rows[1] == ["7", "refused", code]  # no units: nothing counted
    assert f"hand 7 refused, not stored: {code} at {p}:{line}:{col}: {message}" in lines
    assert "total, 2 hands" in r.stdout
    # --csv too (a tester's finding: it left the refused hand out): after the totals, counted in none
    r = runner.invoke(app, ["sheet", "gap night", "--db", str(db), "--csv"])
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(row["hand"], row["result"][:10]) for row in rows] == [("6", "won 72"), ("8", "lost 40"),  # pts 72, 40
                                                                    ("", "total, 2 h"), ("7", "refused, n")]
    assert rows[3]["result"] == f"refused, not stored: {code} at {p}:{line}:{col}: {message}"
    assert rows[3]["Cy units"] == "" and rows[2]["Cy total"] == "4"
    with st.reading(db) as con:
        assert "hand 7 refused, not stored: E-SCORE-SUM" in session_sheet(con, "gap night").html()
    from pathlib import Path  # noqa: PLC0415

    from streamlit.testing.v1 import AppTest  # noqa: PLC0415

    monkeypatch.setenv("SHEAD_DB", str(db))  # the Sheet page says it under the table
    page = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "sheet.py"),
                             default_timeout=60)
    page.run()
    assert not page.exception, [e.value for e in page.exception]
    # dash27 F5: where and why, as the command line's foot (was "hand 7 (E-SCORE-SUM)" alone)
    assert (f"Refused at ingest, not stored (see the Rejected hands page): hand 7 refused, not stored: {code} at "
            f"{p}:{line}:{col}: {message}.") in "\n".join(c.value.replace("\\", "") for c in page.caption)
    # hand 7 written again with a score that sums to zero (Bea +2, Di +1: B-33) is stored: the gap is gone
    fixed = tmp_path / "gap-fixed.shn"
    fixed.write_text(GAP.replace("score Al -1 Bea +3", "score Al -1 Bea +2"))
    assert runner.invoke(app, ["ingest", str(fixed), "--db", str(db)]).exit_code == 0
    with st.reading(db) as con:
        sh = session_sheet(con, "gap night")
    assert [r.hand for r in sh.rows] == [6, 7, 8] and sh.refused == []
    assert sh.totals == {"Al": -4, "Bea": 3, "Cy": 3, "Di": -4, "Ed": 2}


def test_a_schafkopf_sheet_names_the_declarer_and_the_game(tmp_path, monkeypatch):
    """A Schafkopf session's sheet heads its columns with the game's terms:
    the declarer (Spieler) and the game announced, not a picker and a call;
    the stored columns keep their names for the CSV.  The shipped worked
    example's hand 1: Bea plays a Sauspiel on the Schellen-Sau, +80."""
    import json
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    db = tmp_path / "sk.duckdb"
    sk = Path(__file__).resolve().parents[1] / "data" / "schafkopf" / "worked_example.shn"
    assert runner.invoke(app, ["ingest", str(sk), "--db", str(db)]).exit_code == 0
    page = Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "sheet.py"
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(page), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    labels = {k: v.get("label") for k, v in json.loads(at.dataframe[0].proto.columns).items()}
    assert labels["picker"] == "declarer" and labels["call"] == "game"
    df = at.dataframe[0].value
    assert df["picker"][0] == "Bea" and df["Bea units"][0] == 80
    # its caption speaks of tariff points and the tariff, not of a stake and a pot (user16b)
    cap = " ".join(c.value for c in at.caption)
    assert "tariff points: + receives" in cap and "stake and the pot" not in cap
    out = runner.invoke(app, ["sheet", "Stammtisch", "--db", str(db)]).output
    assert "each player: tariff points this hand, then the running total" in out


def test_the_schafkopf_sheet_in_the_terminal_and_print_uses_the_game_s_terms(tmp_path):
    """user15: the terminal sheet of a Schafkopf night was headed ``picker`` and ``stake``, Sheepshead's words.
    It reads ``declarer`` and ``game`` and has no stake column (a Schafkopf game has no stake: the tariff
    prices it, rules.md G-14, and its Kontra is in the marks, ×2, G-18); the CSV keeps the stored names.
    The shipped worked example (docs/notation.md §14.6): hand 1 Bea's Sauspiel on the Schellen-Sau with Cy,
    84 Augen and 3 Laufende: (10 + 3 × 10) × 2 = 80 each (G-13, G-14, G-18); hand 2 a Ramsch Al loses:
    Al -80, Bea +20, Cy +40, Di +20; totals Al -160, Bea +100, Cy +120, Di -60."""
    from pathlib import Path

    db = tmp_path / "sk.duckdb"
    sk = Path(__file__).resolve().parents[1] / "data" / "schafkopf" / "worked_example.shn"
    assert runner.invoke(app, ["ingest", str(sk), "--db", str(db)]).exit_code == 0
    r = runner.invoke(app, ["sheet", "Stammtisch Au", "--db", str(db)])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    head = next(line for line in lines if line.split()[:1] == ["hand"])
    assert head.split() == ["hand", "dealer", "declarer", "partner", "game", "result", "marks", "Al", "Bea", "Cy",
                            "Di"]
    hand1 = next(line for line in lines if line.split()[:1] == ["1"])
    assert hand1.split() == ["1", "Di", "Bea", "Cy", "sauspiel", "SA,", "3", "Laufende", "with",  # real29 F4
                             "won", "84", "kontra", "Al", "×2",
                             "-80", "-80", "+80", "80", "+80", "80", "-80", "-80"]
    total = next(line for line in lines if "total, 2 hands" in line)
    assert total.split()[-4:] == ["-160", "100", "120", "-60"]
    with st.reading(db) as con:
        sh = session_sheet(con, find_session(con, "Stammtisch Au"))
    page = sh.html()
    assert "<th>declarer</th>" in page and "<th>game</th>" in page and ">stake<" not in page and ">picker<" not in page
    assert sh.csv().splitlines()[0].startswith("hand,dealer,picker,partner,call,result,marks,stake,")


def test_a_sheet_wider_than_the_output_cuts_no_number(db, tmp_path):
    # the night of the module docstring under long seat aliases: the table needs more than the 160 columns a
    # pipe gets, and rich used to cut cells ("3280" as "32…", user15's record); every figure must show whole
    long = {"Al": "Alexandra_K", "Bea": "Beatrix_M", "Cy": "Cyprian_O", "Di": "Dietlinde", "Ed": "Edmund_R"}
    text = TEXT.replace('[Seats "Al=Allen; Bea=Bea; Cy=Cy; Di=Di; Ed=Ed"]',
                        '[Seats "' + "; ".join(f"{v}={k}" for k, v in long.items()) + '"]')
    for short, alias in long.items():
        text = text.replace(f" {short}\n", f" {alias}\n").replace(f"pick {short} ", f"pick {alias} ")
        text = text.replace(f"partner {short} ", f"partner {alias} ").replace(f"dealer {short}\n", f"dealer {alias}\n")
    p = tmp_path / "long.shn"
    p.write_text(text)
    assert runner.invoke(app, ["ingest", str(p), "--db", str(db)]).exit_code == 0
    r = runner.invoke(app, ["sheet", "pot night", "--db", str(db)])
    assert r.exit_code == 0, r.output
    assert "…" not in r.stdout and max(map(len, r.stdout.splitlines())) > 160
    hand2 = next(line for line in r.stdout.splitlines() if line.split()[:1] == ["2"])
    # hand 2 (x2 after the doubler, the pot of 5 to Cy and Ed): Al -2 (total -3), Bea -2 (-3), Cy +8 (+7),
    # Di -2 (-3), Ed +3 (+2), the pot -5 (balance 0)
    assert hand2.split()[-12:] == ["-2", "-3", "-2", "-3", "+8", "7", "-2", "-3", "+3", "2", "-5", "0"]
    assert "total, 3 hands (2 played)" in r.stdout


def test_the_ledger_counts_the_hands_played_as_the_sheet_says_them(night):
    # 3 hands, hand 1 a doubler thrown in (rules.md D-11): each player played 2; totals as the docstring works them
    r = runner.invoke(app, ["ledger", "--db", str(night), "--json"])
    got = {row["player"]: (row["total"], row["hands"]) for row in json.loads(r.stdout)}
    assert got == {"Allen": (-4, 2), "Bea": (-4, 2), "Cy": (6, 2), "Di": (-1, 2), "Ed": (3, 2)}
    r = runner.invoke(app, ["ledger", "--db", str(night)])
    assert "hands played" in r.stdout
    assert "total, 3 hands (2 played)" in runner.invoke(app, ["sheet", "pot night", "--db", str(night)]).stdout


def _one_hand(tmp_path, header: str):
    """A database holding one hand (Bea with Cy, 70: won) under the session ``header``'s tags."""
    f = tmp_path / "n.shn"
    f.write_text(f"%SHN 1.0\n{header}\n\nhand 1  dealer Ed\npick Bea  call AS  partner Cy  pts 70  win\n")
    db = tmp_path / "s.duckdb"
    assert runner.invoke(app, ["ingest", str(f), "--db", str(db)]).exit_code == 0
    return db


def test_an_empty_session_name_names_no_session(tmp_path):
    """break16 F10: ``shead sheet ''`` printed the first session ('' is part of every id)."""
    db = _one_hand(tmp_path, '[Session "t"]\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]')
    r = runner.invoke(app, ["sheet", "", "--db", str(db)])
    assert r.exit_code != 0 and "no session named" in r.output and "Bea" not in r.output


def test_a_session_without_rules_names_the_default_profile(tmp_path):
    """break16c F6: the terminal sheet of a session whose header has no [Rules] read ``[Rules ]``."""
    db = _one_hand(tmp_path, '[Session "nr"]\n[Seats "Al; Bea; Cy; Di; Ed"]')
    out = runner.invoke(app, ["sheet", "nr", "--db", str(db)]).output
    assert out.splitlines()[0] == "nr  (no date; no [Rules]: the default profile, wi5-called-ace)"
