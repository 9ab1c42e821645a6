"""Session 30 (fixa30), a defect left from session 29: a night whose hands are stored under two different [Rules]
texts showed only its first rules in the Sheet header (``shead sheet``, the Sheet page, the printable page), so a
sheet whose hands 2-3 were scored with a doubler said "[Rules wi5-called-ace]" (noPick=leaster, no doubler) above
them.  The header now says what the hands were scored under: one text, or -- when they differ -- "mixed rules" and
each text with the hands stored under it, by hand range, in order of their first hand (and "one rule set written
N ways" when the texts resolve to the same rules); ``--json`` lists them (``rules_by_hand``).  A scorer reads the
sheet hand by hand, and a hand counts as scored under the rules it is stored under, so the header names the
ranges rather than the first text alone.

Hand-worked (rules.md, /work/shared/reference/rules.md), five-handed, doubleOnBump on unless said:

Night A, newuser29's lastweek.csv sent without --rules (h1 and h4 stored under [Rules "wi5-called-ace"]: noPick
leaster, so h2 the doubler is refused E-NOPICK and h3's -4 cells E-SCORE), then again with
--rules "wi5-called-ace; noPick=doubler" (h2 and h3 stored under it; h1 and h4 refused as copies, E-HAND-CONFLICT):
* h1 Bea picks, calls AH, Di partner (the defenders named Al, Cy, Ed), 72: 61-90 a plain win (B-27, B-28 x1, B-33):
  Bea +2, Di +1, Al/Cy/Ed -1.
* h2 a doubler: 0 each; the next hand is worth double (D-11).
* h3 Ed alone 95: 91-120 schneider x2 (B-28), alone 4 shares (B-31), doubled (D-11): Ed +16, the others -4.
* h4 Al picks, Cy partner, 45: 31-60 a plain loss, doubled on the bump (B-32): Al -4, Cy -2, Bea/Di/Ed +2.
* totals Al -1+0-4-4 = -9, Bea +2+0-4+2 = 0, Cy -1+0-4-2 = -7, Di +1+0-4+2 = -1, Ed -1+0+16+2 = +17 (sum 0).
  Header: mixed rules, hands 1, 4 under [Rules "wi5-called-ace"], hands 2-3 under [Rules "wi5-called-ace;
  noPick=doubler"].

Night B, an SHN night whose hand 2 writes its own [Rules "wi5-called-ace; doubleOnBump=off"] (notation.md: a tag
after `hand N` holds for that hand alone), hands 1 and 3 under none (the default profile, wi5-called-ace):
* h1 Bea + Di 72, a plain win: Bea +2, Di +1, Al/Cy/Ed -1.
* h2 Cy + Di 45, a plain loss WITHOUT double on the bump (B-33 "Without DOB"): Cy -2, Di -1, Al/Bea/Ed +1.
* h3 Di + Ed 45, a plain loss doubled on the bump (B-32): Di -4, Ed -2, Al/Bea/Cy +2.
* totals Al -1+1+2 = +2, Bea +2+1+2 = +5, Cy -1-2+2 = -1, Di +1-1-4 = -4, Ed -1+1-2 = -2 (sum 0).

Night C, a sheet of hands 1-2 sent without --rules, then hands 1-4 with --rules "wi5-called-ace; doubleOnBump=on"
(the default written out: the same rules, J): h3, h4 stored under the second text.
* h1 Bea + Di 72: Bea +2, Di +1, Al/Cy/Ed -1.  h2 Cy alone 61: +4, -1 each (B-33).  h3 Di + Al 45, lost,
  DOB: Di -4, Al -2, Bea/Cy/Ed +2.  h4 Ed + Bea 95, schneider x2: Ed +4, Bea +2, Al/Cy/Di -2.
* totals Al -1-1-2-2 = -6, Bea +2-1+2+2 = +5, Cy -1+4+2-2 = +3, Di +1-1-4-2 = -6, Ed -1-1+2+4 = +4 (sum 0).
  Header: one rule set written two ways, hands 1-2 and hands 3-4.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.cli_helpers import cli, ingest_json, ledger, write

ROOT = Path(__file__).resolve().parents[1]

LASTWEEK = """Date,Hand,Dealer,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
11/30/2026,1,Al,Bea,,AH,72,"Al, Cy, Ed",-1,2,-1,1,-1
11/30/2026,2,Bea,Doubler,,,,,0,0,0,0,0
11/30/2026,3,Cy,Ed,,alone,95,Al Bea Cy Di,-4,-4,-4,-4,16
11/30/2026,4,Di,Al,Cy,AS,45,Bea/Di/Ed,-4,2,-2,2,2
Total,,,,,,,,-9,0,-7,-1,17
"""
NIGHT_A = "CSV lastweek 2026-11-30"
DOUBLER = "wi5-called-ace; noPick=doubler"

NIGHT_B = """%SHN 1.0
[Event "Tuesday Group"]
[Date "2026.12.01"]
[Seats "Al; Bea; Cy; Di; Ed"]

hand 1  dealer Al
pick Bea  call AH  partner Di  pts 72

hand 2  dealer Bea
[Rules "wi5-called-ace; doubleOnBump=off"]
pick Cy  call AH  partner Di  pts 45

hand 3  dealer Cy
pick Di  call AS  partner Ed  pts 45
"""

SHEET_C = """Date,Hand,Dealer,Picker,Partner,Call,Points,Al,Bea,Cy,Di,Ed
12/02/2026,1,Al,Bea,Di,AH,72,-1,2,-1,1,-1
12/02/2026,2,Bea,Cy,,alone,61,-1,-1,4,-1,-1
"""
MORE_C = """12/02/2026,3,Cy,Di,Al,AS,45,-2,2,2,-4,2
12/02/2026,4,Di,Ed,Bea,AC,95,-2,2,-2,-2,4
"""


def _sheet_json(db, session: str) -> dict:
    return json.loads(cli("sheet", session, "--db", str(db), "--json").output)


def _night_a(tmp_path) -> Path:
    db = tmp_path / "a.duckdb"
    path = write(tmp_path, "lastweek.csv", LASTWEEK)
    ingest_json(path, db)
    ingest_json(path, db, "--rules", DOUBLER)
    return db


def test_a_night_sent_again_under_other_rules_says_both_by_hand_range(tmp_path):
    db = _night_a(tmp_path)
    sh = _sheet_json(db, NIGHT_A)
    assert sh["totals"] == {"Al": -9, "Bea": 0, "Cy": -7, "Di": -1, "Ed": 17}
    assert sum(sh["totals"].values()) == 0
    assert [h["units"] for h in sh["hands"]] == [
        {"Al": -1, "Bea": 2, "Cy": -1, "Di": 1, "Ed": -1}, {"Al": 0, "Bea": 0, "Cy": 0, "Di": 0, "Ed": 0},
        {"Al": -4, "Bea": -4, "Cy": -4, "Di": -4, "Ed": 16}, {"Al": -4, "Bea": 2, "Cy": -2, "Di": 2, "Ed": 2}]
    assert sh["rules_by_hand"] == [{"rules": "wi5-called-ace", "hands": [1, 4]},
                                   {"rules": DOUBLER, "hands": [2, 3]}]
    out = cli("sheet", NIGHT_A, "--db", str(db)).output
    head = out.splitlines()[0]
    assert head == (f"{NIGHT_A}  (2026-11-30; mixed rules: hands 1, 4 under [Rules \"wi5-called-ace\"], hands 2-3 "
                    f"under [Rules \"{DOUBLER}\"])"), head
    assert "[Rules wi5-called-ace])" not in out
    assert ("mixed rules: each hand counts as scored under the [Rules] it is stored under (above); a night meant "
            "under one: amend its other hands with those rules (shead ingest --amend FILE --reason '...'), or void "
            "the session and ingest it again") in " ".join(out.split()), out
    assert ledger(db) == {"Al": -9, "Bea": 0, "Cy": -7, "Di": -1, "Ed": 17}


def test_the_printable_page_and_the_sheet_page_say_the_same(tmp_path, monkeypatch):
    from ingest.sheet import session_sheet
    from ingest.store import reading

    db = _night_a(tmp_path)
    with reading(db) as con:
        sh = session_sheet(con, NIGHT_A)
    assert (f"<p>2026-11-30 · mixed rules: hands 1, 4 under [Rules &quot;wi5-called-ace&quot;], hands 2-3 under "
            f"[Rules &quot;{DOUBLER}&quot;] · Al, Bea, Cy, Di, Ed</p>") in sh.html()
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "sheet.py"), default_timeout=60)
    at.query_params["session"] = NIGHT_A
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    lines = [m.value for m in at.markdown]
    head = next(x for x in lines if x.startswith("2026-11-30 · "))
    assert head.startswith('2026-11-30 · mixed rules: hands 1, 4 under \\[Rules "wi5-called-ace"\\], hands 2-3 '
                           f'under \\[Rules "{DOUBLER}"\\] · '), head
    assert any(i.value.startswith("Mixed rules: each hand counts as scored under the \\[Rules\\] it is stored "
                                  "under") for i in at.info), [i.value for i in at.info]
    last = at.dataframe[0].value.to_dict("records")[-1]
    assert [last[f"{a} total"] for a in ("Al", "Bea", "Cy", "Di", "Ed")] == [-9, 0, -7, -1, 17]


def test_a_hand_with_its_own_rules_is_named_in_the_header(tmp_path):
    db = tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "tuesday.shn", NIGHT_B), db)
    assert (rep["ingested"], rep["rejected"]) == (3, [])
    sh = _sheet_json(db, "Tuesday Group")
    assert [h["units"] for h in sh["hands"]] == [
        {"Al": -1, "Bea": 2, "Cy": -1, "Di": 1, "Ed": -1}, {"Al": 1, "Bea": 1, "Cy": -2, "Di": -1, "Ed": 1},
        {"Al": 2, "Bea": 2, "Cy": 2, "Di": -4, "Ed": -2}]
    assert sh["totals"] == {"Al": 2, "Bea": 5, "Cy": -1, "Di": -4, "Ed": -2}
    assert sh["rules_by_hand"] == [{"rules": "", "hands": [1, 3]},
                                   {"rules": "wi5-called-ace; doubleOnBump=off", "hands": [2]}]
    head = cli("sheet", "Tuesday Group", "--db", str(db)).output.splitlines()[0]
    assert head == ("Tuesday Group / 2026.12.01  (2026-12-01; mixed rules: hands 1, 3 under no [Rules] (the default "
                    "profile, wi5-called-ace), hand 2 under [Rules \"wi5-called-ace; doubleOnBump=off\"])"), head


def test_the_same_rules_written_two_ways_are_said_so(tmp_path):
    db = tmp_path / "c.duckdb"
    ingest_json(write(tmp_path, "night.csv", SHEET_C), db)
    rep = ingest_json(write(tmp_path, "night.csv", SHEET_C + MORE_C), db, "--rules",
                      "wi5-called-ace; doubleOnBump=on")
    assert rep["ingested"] == 2, rep
    session = "CSV night 2026-12-02"
    sh = _sheet_json(db, session)
    assert sh["totals"] == {"Al": -6, "Bea": 5, "Cy": 3, "Di": -6, "Ed": 4}
    assert sh["rules_by_hand"] == [{"rules": "wi5-called-ace", "hands": [1, 2]},
                                   {"rules": "wi5-called-ace; doubleOnBump=on", "hands": [3, 4]}]
    out = cli("sheet", session, "--db", str(db)).output
    assert out.splitlines()[0].endswith(
        "one rule set written two ways: hands 1-2 under [Rules \"wi5-called-ace\"], hands 3-4 under "
        "[Rules \"wi5-called-ace; doubleOnBump=on\"])"), out
    assert "amend its other hands" not in out  # nothing to put right: the same rules


@pytest.mark.parametrize("rules", [None, DOUBLER])
def test_a_night_under_one_rules_text_keeps_its_header(tmp_path, rules):
    """No change for a night whose hands share one text: '[Rules wi5-called-ace]' (the CSV default) as before."""
    db = tmp_path / "d.duckdb"
    ingest_json(write(tmp_path, "lastweek.csv", LASTWEEK), db, *(["--rules", rules] if rules else []))
    sh = _sheet_json(db, NIGHT_A)
    # without the doubler's rules its hands 2 and 3 are refused (E-NOPICK, E-SCORE): hands 1 and 4 stored
    assert sh["rules_by_hand"] == ([{"rules": DOUBLER, "hands": [1, 2, 3, 4]}] if rules else
                                   [{"rules": "wi5-called-ace", "hands": [1, 4]}])
    head = cli("sheet", NIGHT_A, "--db", str(db)).output.splitlines()[0]
    assert head == f"{NIGHT_A}  (2026-11-30; [Rules {rules or 'wi5-called-ace'}])", head
