"""break30 F6: a pot carried into the next night that an amendment breaks was said once (W-POT-CARRY) and then
nowhere: the ledger summed to +5 with no incomplete mark, and the next night's sheet still said the pot was
"carried in from an earlier night".  Now the night that opens with a carry no earlier night left keeps a
W-POT-CARRY mark on its opening hand, the ledger names it incomplete, and its sheet says the carry no longer
matches; the mark goes when the carry matches again.  The tester's records (/tmp/break30/pn1.shn, pn2.shn,
pn_am.shn), copied here.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from dashboard import metrics
from ingest.sheet import session_sheet
from tests.cli_helpers import cli, ledger, write

SEATS = '[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]'
PN1 = f"""%SHN 1.0
[Event "Pot Club"]
[Date "2025.05.01"]
{SEATS}
[Rules "wi5-called-ace; pot=on"]

hand 1  dealer Ed
pick Cy  call AS  partner Ed  pts 72  win

hand 2  dealer Al
leaster Al  pts 7
"""
PN2 = f"""%SHN 1.0
[Event "Pot Club"]
[Date "2025.05.08"]
{SEATS}
[Rules "wi5-called-ace; pot=on"]

hand 1  dealer Ed
pot 5
pick Cy  call AS  partner Ed  pts 72  win
score Al -1 Bea -1 Cy +6 Di -1 Ed +2
"""
AMEND1 = f"""%SHN 1.0
[Session "Pot Club / 2025.05.01"]
[Event "Pot Club"]
[Date "2025.05.01"]
{SEATS}
[Rules "wi5-called-ace; pot=on"]

hand 2  dealer Al
pick Bea  call AC  partner Di  pts 70  win
"""
AMEND2 = f"""%SHN 1.0
[Session "Pot Club / 2025.05.08"]
[Event "Pot Club"]
[Date "2025.05.08"]
{SEATS}
[Rules "wi5-called-ace; pot=on"]

hand 1  dealer Ed
pot 0
pick Cy  call AS  partner Ed  pts 72  win
"""
NIGHT2 = "Pot Club / 2025.05.08"

# By hand (rules.md B-27, B-31, B-33, D-19 with the pot as a seat; docs/profiles.md "The pot's variants": a
# leaster's winner +4, then one unit from each seat into the pot; a winning picker side takes the whole pot, the
# partner a quarter rounded down):
# * night 1 (2025.05.01) hand 1: Cy picks, Ed partner, 72 -> win: Cy +2, Ed +1, Al/Bea/Di -1; the pot empty, untouched.
#   hand 2: leaster won by Al: Al +4 -1 = +3, the others -1 -1 = -2, the pot +5 -> night 1 leaves 5.
# * night 2 (2025.05.08) hand 1: pot 5 carried in; Cy/Ed 72 win: +2/+1/-1, and the pot's 5: Ed 1, Cy 4 ->
#   Cy +6, Ed +2, the others -1, the pot -5 (its score line says so).
BEFORE = {"Allen Braun": -1 + 3 - 1, "Bea Schmidt": -1 - 2 - 1, "Cy Ott": 2 - 2 + 6, "Di Lenz": -1 - 2 - 1,
          "Ed Kahl": 1 - 2 + 2}  # +1, -4, +6, -4, +1: the pot +5 -5 = 0, so the players sum to 0
# * night 1's hand 2 amended: Bea picks, Di partner, 70 -> win: Bea +2, Di +1, the others -1; the pot stays empty,
#   so night 1 leaves 0 while night 2 still opens with 5: 5 units no hand paid in.
BROKEN = {"Allen Braun": -1 - 1 - 1, "Bea Schmidt": -1 + 2 - 1, "Cy Ott": 2 - 1 + 6, "Di Lenz": -1 + 1 - 1,
          "Ed Kahl": 1 - 1 + 2}  # -3, 0, +7, -1, +2: sum +5
# * night 2's hand 1 amended to pot 0: Cy +2, Ed +1, the others -1, no pot to take.
MENDED = {"Allen Braun": -3, "Bea Schmidt": 0, "Cy Ott": 2 - 1 + 2, "Di Lenz": -1, "Ed Kahl": 1 - 1 + 1}  # sum 0


def incomplete(db: Path) -> dict[str, str]:
    with duckdb.connect(str(db), read_only=True) as con:
        return {r["session"]: r["note"] for r in metrics.incomplete_sessions(con, metrics.Filters()).to_dicts()}


def sheet(db: Path):
    with duckdb.connect(str(db), read_only=True) as con:
        return session_sheet(con, NIGHT2)


def test_a_carry_an_amendment_breaks_stays_said_until_it_matches_again(tmp_path):
    db = tmp_path / "p.duckdb"
    cli("ingest", write(tmp_path, "pn1.shn", PN1), write(tmp_path, "pn2.shn", PN2), "--db", str(db))
    assert ledger(db) == BEFORE and sum(BEFORE.values()) == 0
    assert incomplete(db) == {}
    sh = sheet(db)
    assert sh.pot_opened() == 5 and "carried in from an earlier night" in sh.pot_text()
    assert sh.pot_carry is None

    r = cli("ingest", "--amend", write(tmp_path, "am1.shn", AMEND1), "--db", str(db))
    assert "W-POT-CARRY" in r.output  # said once, as before
    assert ledger(db) == BROKEN and sum(BROKEN.values()) == 5
    # ... and kept: the ledger names night 2 incomplete, with what differs
    notes = incomplete(db)
    assert list(notes) == [NIGHT2]
    assert "opens with 5 in the pot" in notes[NIGHT2] and "left 0" in notes[NIGHT2]
    assert "5 units no hand paid in" in notes[NIGHT2]
    rows = json.loads(cli("ledger", "--db", str(db), "--json").output.split("\n")[0])
    assert {r["player"]: r["incomplete_sessions"] for r in rows} == dict.fromkeys(BROKEN, 1)
    # the sheet says the carry no longer matches, not that it was carried in
    sh = sheet(db)
    assert sh.pot_opened() == 5 and sh.pot_carry is not None
    text = sh.pot_text()
    assert "carried in from an earlier night" not in text
    assert "no longer matches" in text and "2025.05.01" in text and "left 0" in text
    assert sh.as_json()["pot_carry"] == sh.pot_carry
    out = cli("sheet", NIGHT2, "--db", str(db)).output
    assert "no longer matches" in out
    # a re-derivation keeps the mark (the hands' warnings are written anew)
    cli("rederive", "--db", str(db))
    assert list(incomplete(db)) == [NIGHT2]

    # night 2 amended to open empty: the carry matches (0 = 0), the mark goes, the ledger sums to 0
    cli("ingest", "--amend", write(tmp_path, "am2.shn", AMEND2), "--db", str(db))
    assert ledger(db) == MENDED and sum(MENDED.values()) == 0
    assert incomplete(db) == {}
    sh = sheet(db)
    assert sh.pot_carry is None and "The pot opened empty" in sh.pot_text()


def test_the_mark_goes_when_the_earlier_night_is_mended_instead(tmp_path):
    """The other way out: night 1's hand 2 amended back to the leaster leaves 5 again, which night 2 opens with."""
    db = tmp_path / "q.duckdb"
    cli("ingest", write(tmp_path, "pn1.shn", PN1), write(tmp_path, "pn2.shn", PN2), "--db", str(db))
    cli("ingest", "--amend", write(tmp_path, "am1.shn", AMEND1), "--db", str(db))
    assert list(incomplete(db)) == [NIGHT2]
    back = AMEND1.replace("pick Bea  call AC  partner Di  pts 70  win", "leaster Al  pts 7")
    cli("ingest", "--amend", write(tmp_path, "back.shn", back), "--db", str(db))
    assert ledger(db) == BEFORE
    assert incomplete(db) == {}
    assert sheet(db).pot_carry is None


def test_the_dashboard_says_it_on_the_sheet_and_the_ledger(tmp_path, monkeypatch):
    """The Sheet page (Streamlit AppTest) of night 2 after night 1's amendment: its first row and caption say the
    carry no longer matches; the Ledger page lists night 2 among the incomplete sessions."""
    from tests.test_found26_dashboard import _run

    db = tmp_path / "d.duckdb"
    cli("ingest", write(tmp_path, "pn1.shn", PN1), write(tmp_path, "pn2.shn", PN2), "--db", str(db))
    cli("ingest", "--amend", write(tmp_path, "am1.shn", AMEND1), "--db", str(db))
    at = _run("sheet.py", db, monkeypatch, session=NIGHT2)
    (d,) = at.dataframe
    first = (d.value.to_dicts() if hasattr(d.value, "to_dicts") else d.value.to_dict("records"))[0]
    assert first["result"] == "pot carried in (no longer matches)" and first["pot balance"] == 5
    caps = "\n".join(c.value for c in at.caption)
    assert "but the carry no longer matches (W-POT-CARRY)" in caps and "carried in from an earlier night" not in caps
    at = _run("ledger.py", db, monkeypatch)
    said = "\n".join(w.value for w in at.warning) + "\n".join(c.value for c in at.markdown)
    assert f"{NIGHT2}: its pot carried in no longer matches (W-POT-CARRY)" in said
