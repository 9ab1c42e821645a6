"""Session 30 (fixf30): newuser30's finding F1 — an amendment that leaves a hand's meaning unchanged.

`shead export --format shn` writes every hand in canonical form (docs/notation.md §10).  A hand stored from the
dashboard's Log a hand page (`pick Ida  call AH` / `partner Hank  pts 66` on two lines) or typed in lower case
(`pick jo  call as  partner lu`) is stored as written, so the export's text of it is another text.  Sent back
unedited with `shead ingest --amend`, each such hand got a revision 2 ("revision 2 in force"), and `shead sheet`
listed it as amended; fixing one hand of a night's export gave every other such hand a revision with that hand's
reason.  An amendment whose hand reads to the same facts as the stored text (ingest.meaning.same_hand: the same
deal, plays, result, score, marks and notes; layout, case and spacing are not facts) is "already this text,
unchanged" and creates no revision.

newuser30's night (seats Hank Ida Jo Kurt Lu clockwise, [Rules "wi5-called-ace"]: doubleOnBump on, noPick
leaster), worked by hand from rules.md:

* h1 dealer Hank, typed `pick jo  call as  partner lu  pts 78  win`: 61-90 a plain win (B-27, B-28), 1 a defender
  (B-33): Jo +2, Lu +1, Hank/Ida/Kurt -1.
* h2 dealer Ida, typed `leaster hank  pts 14`: the leaster's winner takes 1 from each other seat (D-4; no double
  on the bump, D-9): Hank +4, the others -1.
* h3 dealer Jo, saved from Log a hand: Ida picks, calls A♥, partner Hank, 66: a plain win: Ida +2, Hank +1,
  Jo/Kurt/Lu -1.
* h4 dealer Kurt, saved from Log a hand: Lu alone, 95: 91-120 schneider, 2 a defender; alone (B-33) the four
  defenders pay 2 each: Lu +8, the others -2.
* totals: Hank -1+4+1-2 = +2, Ida -1-1+2-2 = -2, Jo +2-1-1-2 = -2, Kurt -1-1-1-2 = -5, Lu +1-1-1+8 = +7 (sum 0).
* h3 amended to 58: 31-60 a plain loss (B-28) doubled on the bump (B-32): 1 x 2 = 2 a defender, the picker pays
  2 x 2, the partner 2: Ida -4, Hank -2, Jo/Kurt/Lu +2.  The hand moves Ida by -6, Hank -3, Jo/Kurt/Lu +3 each:
  totals Hank -1, Ida -8, Jo +1, Kurt -2, Lu +10 (sum 0).
"""

from __future__ import annotations

import streamlit as st

from ingest.store import reading
from tests.cli_helpers import cli, ledger, write
from tests.test_dashboard_replay import fill, ok, page, press, stored_units

NIGHT = """%SHN 1.0
[Event "Legion Post 12"]
[Date "2026.12.01"]
[Seats "Hank=Hank Vogel; Ida=Ida Pruett; Jo=Jo Marsh; Kurt=Kurt Lang; Lu=Lu Baer"]
[Rules "wi5-called-ace"]

hand 1  dealer Hank
pick jo  call as  partner lu  pts 78  win

hand 2  dealer Ida
leaster hank  pts 14
"""
SESSION = "Legion Post 12 / 2026.12.01"
NAMES = {"Hank": "Hank Vogel", "Ida": "Ida Pruett", "Jo": "Jo Marsh", "Kurt": "Kurt Lang", "Lu": "Lu Baer"}


def _by_name(units: dict[str, int]) -> dict[str, int]:
    return {NAMES[a]: u for a, u in units.items()}


def _revisions(db) -> dict[int, int]:
    """Each stored hand's revision in force, by hand number: 1 for a hand never corrected (no history kept)."""
    with reading(db) as con:
        rows = con.execute("SELECT h.hand, coalesce(max(r.revision), 1) FROM hands h LEFT JOIN hand_revisions r "
                           "USING (hand_id) WHERE h.session = ? GROUP BY h.hand ORDER BY h.hand",
                           [SESSION]).fetchall()
    return dict(rows)


def _night(tmp_path, monkeypatch):
    """Hands 1 and 2 typed (in lower case) and ingested; hands 3 and 4 saved from the Log a hand page."""
    db = tmp_path / "club.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    for k in list(st.session_state):
        del st.session_state[k]
    at = ok(page("log_hand.py").run())
    assert at.number_input(key="lh_number").value == 3
    fill(at, dealer="Jo", picker="Ida", call="ace", suit="H", partner="Hank", pts=66)
    press(at, "Save hand")
    assert stored_units(db, SESSION, 3) == {"Ida": 2, "Hank": 1, "Jo": -1, "Kurt": -1, "Lu": -1}
    fill(at, dealer="Kurt", picker="Lu", call="alone", pts=95)
    press(at, "Save hand")
    assert stored_units(db, SESSION, 4) == {"Lu": 8, "Hank": -2, "Ida": -2, "Jo": -2, "Kurt": -2}
    with reading(db) as con:
        texts = dict(con.execute("SELECT h.hand, t.source FROM hands h JOIN hand_text t USING (hand_id) "
                                 "WHERE h.session = ?", [SESSION]).fetchall())
    # the texts as stored: typed in lower case, and the page's own layout (the call and the result on two lines)
    assert "pick jo  call as  partner lu" in texts[1]
    assert "leaster hank" in texts[2]
    assert texts[3].startswith("hand 3  dealer Jo\npick Ida  call AH\npartner Hank  pts 66"), texts[3]
    assert texts[4].startswith("hand 4  dealer Kurt\npick Lu  alone\npts 95"), texts[4]
    assert ledger(db) == _by_name({"Hank": 2, "Ida": -2, "Jo": -2, "Kurt": -5, "Lu": 7})
    return db


def test_f1_the_export_sent_back_unedited_changes_nothing(tmp_path, monkeypatch):
    """The night's export amended as it is: each of the four hands "already this text, unchanged", no revision,
    the ledger as it was, the sheet lists no amended hand."""
    db = _night(tmp_path, monkeypatch)
    out = tmp_path / "x.shn"
    cli("export", "--db", str(db), "--format", "shn", "--out", str(out))
    text = out.read_text(encoding="utf-8")
    assert "pick Jo  call AS  partner Lu  pts 78  win" in text  # the export's canonical form: another text
    assert "pick Ida  call AH  partner Hank  pts 66" in text
    r = cli("ingest", "--db", str(db), "--amend", str(out), "--reason", "nothing changed")
    assert r.output.count("already this text, unchanged") == 4, r.output
    assert "revision 2" not in r.output, r.output
    assert _revisions(db) == {1: 1, 2: 1, 3: 1, 4: 1}
    assert ledger(db) == _by_name({"Hank": 2, "Ida": -2, "Jo": -2, "Kurt": -5, "Lu": 7})
    sheet = cli("sheet", SESSION, "--db", str(db)).output
    assert "mended" not in sheet, sheet


def test_f1_one_hand_fixed_in_the_export_is_the_one_amended(tmp_path, monkeypatch):
    """Hand 3's 66 corrected to 58 in the export: hand 3 alone gets revision 2 (its reason), the ledger moves by
    Ida -6, Hank -3, Jo/Kurt/Lu +3 (worked above); hands 1, 2 and 4 keep revision 1."""
    db = _night(tmp_path, monkeypatch)
    out = tmp_path / "x.shn"
    cli("export", "--db", str(db), "--format", "shn", "--out", str(out))
    text = out.read_text(encoding="utf-8")
    assert text.count("pts 66") == 1
    out.write_text(text.replace("pts 66", "pts 58"), encoding="utf-8")
    r = cli("ingest", "--db", str(db), "--amend", str(out), "--reason", "recount hand 3")
    assert r.output.count("already this text, unchanged") == 3, r.output
    assert r.output.count("revision 2 in force") == 1, r.output
    assert _revisions(db) == {1: 1, 2: 1, 3: 2, 4: 1}
    with reading(db) as con:
        reasons = con.execute("SELECT h.hand, r.reason FROM hand_revisions r JOIN hands h USING (hand_id) "
                              "WHERE r.action = 'amend'").fetchall()
    assert reasons == [(3, "recount hand 3")]
    assert stored_units(db, SESSION, 3) == {"Ida": -4, "Hank": -2, "Jo": 2, "Kurt": 2, "Lu": 2}
    assert ledger(db) == _by_name({"Hank": -1, "Ida": -8, "Jo": 1, "Kurt": -2, "Lu": 10})
    assert sum(ledger(db).values()) == 0


def test_f1_a_changed_note_is_still_an_amendment(tmp_path, monkeypatch):
    """The equivalence is the hand's facts, notes included: a note added to hand 1 (`{...}`) is a new text to keep
    (W-NOTES-DIFFER sends a note there), so hand 1 gets revision 2; its units stay Jo +2, Lu +1, the others -1."""
    db = _night(tmp_path, monkeypatch)
    out = tmp_path / "x.shn"
    cli("export", "--db", str(db), "--format", "shn", "--out", str(out))
    text = out.read_text(encoding="utf-8")
    line = "pick Jo  call AS  partner Lu  pts 78  win"
    assert text.count(line) == 1
    out.write_text(text.replace(line, line + " {counted twice}"), encoding="utf-8")
    r = cli("ingest", "--db", str(db), "--amend", str(out), "--reason", "a note")
    assert r.output.count("revision 2 in force") == 1, r.output
    assert _revisions(db) == {1: 2, 2: 1, 3: 1, 4: 1}
    assert stored_units(db, SESSION, 1) == {"Jo": 2, "Lu": 1, "Hank": -1, "Ida": -1, "Kurt": -1}
