"""Session 29 (fixj29): newuser29's findings F3, F5 and F4 (a league scorer's first night with the dashboard).

F3: Log a hand's Edit -> Save amendment said only "Hand 4 amended: revision 2 in force (...)": the one moment the
units change under the scorer's eyes showed no units.  The result now keeps the hand's stored score now, the one it
replaced and the session's running totals, and the page shows them under the success message.

F5: the live check of a form still being filled in (leaster chosen, no winner yet) said "Not saved: 1 problem",
read as a failed save before anything was saved.  It now says "Not ready to save: ..."; a Save pressed and refused
still says "Not saved: ...".

F4: the Import preview labelled a Defenders column of names "defense", the README's word for the defenders' card
points; it is labelled "defenders (names)", a card-points column "defense points".

newuser29's night (seats Al Bea Cy Di Ed, [Rules "wi5-called-ace"], DOB on), worked by hand from rules.md:

* h1 Bea picks, calls A♥, partner Di, 72: 61-90 a plain win (B-27, B-28), 1 a defender (B-33): Bea +2, Di +1,
  Al/Cy/Ed -1.
* h2 leaster won by Ed (D-4): Ed +4, the others -1.
* h3 Ed alone, 95: 91-120 schneider, 2 a defender; alone (B-33) the four defenders pay 2 each: Ed +8, the others -2.
* h4 Al picks, calls A♠, partner Cy, typed 64: a plain win, Al +2, Cy +1, Bea/Di/Ed -1.  Amended to 45: 31-60 a
  plain loss (B-28) doubled on the bump (B-32): 2 a defender, the picker pays 2 x 2, the partner 2: Al -4, Cy -2,
  Bea/Di/Ed +2.
* totals after the amendment: Al -1-1-2-4 = -8, Bea +2-1-2+2 = +1, Cy -1-1-2-2 = -6, Di +1-1-2+2 = 0,
  Ed -1+4+8+2 = +13 (sum 0; newuser29's own totals).
"""

from __future__ import annotations

import streamlit as st

from ingest.store import reading
from tests.cli_helpers import ingest_json as _ingest
from tests.cli_helpers import ledger, write
from tests.test_dashboard_replay import example_db, fill, ok, page, press, stored_units  # noqa: F401

NIGHT = """%SHN 1.0
[Event "Tuesday League"]
[Date "2026.12.07"]
[Seats "Al=Al Wendt; Bea=Bea Hahn; Cy=Cy Ruiz; Di=Di Moss; Ed=Ed Funk"]
[Rules "wi5-called-ace"]

hand 1  dealer Al
pick Bea  call AH  partner Di  pts 72

hand 2  dealer Bea
leaster Ed

hand 3  dealer Cy
pick Ed  alone  pts 95

hand 4  dealer Di
pick Al  call AS  partner Cy  pts 64
"""
SESSION = "Tuesday League / 2026.12.07"


def _night(tmp_path, monkeypatch):
    db = tmp_path / "club.duckdb"
    _ingest(write(tmp_path, "tuesday.shn", NIGHT), db)
    monkeypatch.setenv("SHEAD_DB", str(db))
    for k in list(st.session_state):
        del st.session_state[k]
    return db


def test_f3_an_amendment_shows_the_hands_new_score_the_old_one_and_the_totals(tmp_path, monkeypatch):
    """Hand 4's 64 amended to 45 on the page: the result keeps Al -4, Cy -2, Bea/Di/Ed +2 (was Al +2, Cy +1, the
    others -1) and the session's totals Al -8, Bea +1, Cy -6, Di 0, Ed +13, in seat order (worked above)."""
    from dashboard import log_edit

    db = _night(tmp_path, monkeypatch)
    with reading(db) as con:
        (sid,) = con.execute("SELECT DISTINCT session FROM hands").fetchone()
    assert sid == SESSION
    st.session_state["lh_edit_text"] = "hand 4  dealer Di\npick Al  call AS  partner Cy  pts 45\n"
    st.session_state["lh_edit_reason"] = "mistyped 45 as 64"
    log_edit.amend_from_page({"session": SESSION}, 4)
    out = st.session_state["lh_edit_result"]
    assert out["errors"] == [], out
    assert out["saved"] == "Hand 4 amended: revision 2 in force (mistyped 45 as 64).", out
    assert out["score"] == {"Al": -4, "Bea": 2, "Cy": -2, "Di": 2, "Ed": 2}
    assert list(out["score"]) == ["Al", "Bea", "Cy", "Di", "Ed"]
    assert out["was"] == {"Al": 2, "Bea": -1, "Cy": 1, "Di": -1, "Ed": -1}
    # fixa30: the session's totals by player name, as the ledger sums them (tests/test_found30_log_totals.py)
    assert out["totals"] == {"Al Wendt": -8, "Bea Hahn": 1, "Cy Ruiz": -6, "Di Moss": 0, "Ed Funk": 13}
    assert list(out["totals"]) == ["Al Wendt", "Bea Hahn", "Cy Ruiz", "Di Moss", "Ed Funk"]
    assert log_edit.score_line(out["score"]) == "Al -4 · Bea +2 · Cy -2 · Di +2 · Ed +2"
    assert ledger(db) == {"Al Wendt": -8, "Bea Hahn": 1, "Cy Ruiz": -6, "Di Moss": 0, "Ed Funk": 13}


def test_f3_the_page_shows_the_amended_score(tmp_path, monkeypatch):
    """The page itself (AppTest), edit -> hand 4 -> 45 -> Save amendment: under the success message "Stored score
    now Al -4 · Bea +2 · Cy -2 · Di +2 · Ed +2", "Was: Al +2 · Bea -1 · Cy +1 · Di -1 · Ed -1" and the totals."""
    _night(tmp_path, monkeypatch)
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("edit").run())
    ok(at.selectbox(key="lh_edit_no").set_value(4).run())
    at.text_area(key="lh_edit_text").set_value("hand 4  dealer Di\npick Al  call AS  partner Cy  pts 45\n")
    at.text_input(key="lh_edit_reason").set_value("mistyped 45 as 64")
    press(at, "Save amendment")
    assert [s.value for s in at.success] == ["Hand 4 amended: revision 2 in force (mistyped 45 as 64)."]
    shown = [m.value for m in at.markdown] + [c.value for c in at.caption]
    assert "**Stored score now** Al -4 · Bea +2 · Cy -2 · Di +2 · Ed +2 — lose" in shown, shown
    assert "Was: Al +2 · Bea -1 · Cy +1 · Di -1 · Ed -1" in shown, shown
    assert "Session totals now: Al Wendt -8 · Bea Hahn +1 · Cy Ruiz -6 · Di Moss +0 · Ed Funk +13" in shown, shown


def test_f5_a_leaster_without_its_winner_is_not_ready_not_refused(example_db):  # noqa: F811
    """The example session's hand 19 (dealer Ed): leaster chosen, no winner yet.  The live check says the
    winner is needed (E-LEASTER, at the field) and "Not ready to save: 1 problem", not "Not saved"; nothing is
    stored.  Save hand pressed as it stands: "Not saved: 1 problem" (a save refused)."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_kind").set_value("leaster").run())
    errors = [e.value for e in at.error]
    assert "Not ready to save: 1 problem (shown at the field above)." in errors, errors
    assert not any(e.startswith("Not saved") for e in errors), errors
    assert any(e.startswith("E-LEASTER") for e in errors), errors
    press(at, "Save hand")
    errors = [e.value for e in at.error]
    assert "Not saved: 1 problem (shown at the field above)." in errors, errors
    assert stored_units(db, "Thursday Night Sheepshead / 2025.03.06 / 2", 19) == {}
    fill(at, leaster="Cy")  # the winner chosen: ready, the leaster's score derived (D-4: Cy +4, the others -1)
    ok(at.run())
    errors = [e.value for e in at.error]
    assert not any(e.startswith(("Not saved", "Not ready")) for e in errors), errors
    press(at, "Save hand")
    assert stored_units(db, "Thursday Night Sheepshead / 2025.03.06 / 2", 19) == {
        "Al": -1, "Bea": -1, "Cy": 4, "Di": -1, "Ed": -1}


SHEET = b"""Date,Hand,Dealer,Picker,Partner,Call,Points,Defenders,Al,Bea,Cy,Di,Ed
11/30/2026,1,Al,Bea,,AH,72,"Al, Cy, Ed",-1,2,-1,1,-1
11/30/2026,4,Di,Al,Cy,AS,45,Bea/Di/Ed,-4,2,-2,2,2
"""


def test_f4_a_defenders_column_of_names_is_labelled_names():
    """newuser29's lastweek.csv: its Defenders column holds names ('Al, Cy, Ed'): labelled "defenders (names)"; a
    Def Pts column of numbers (120 - 72 = 48, 120 - 45 = 75) "defense points"; both columns: names and points."""
    from dashboard.pages.import_files import column_labels, csv_preview

    _, cols, rows = csv_preview("lastweek.csv", SHEET)
    assert cols["defense"] == "Defenders"
    assert column_labels(cols, rows)["defense"] == "defenders (names)"
    assert column_labels(cols, rows)["points"] == "points"
    pts = SHEET.replace(b"Defenders", b"Def Pts").replace(b'"Al, Cy, Ed"', b"48").replace(b"Bea/Di/Ed", b"75")
    _, cols, rows = csv_preview("lastweek.csv", pts)
    assert cols["defense"] == "Def Pts"
    assert column_labels(cols, rows)["defense"] == "defense points"
    both = SHEET.replace(b"Defenders,", b"Defenders,Def Pts,").replace(b'Ed",', b'Ed",48,').replace(
        b"Bea/Di/Ed,", b"Bea/Di/Ed,75,")
    _, cols, rows = csv_preview("lastweek.csv", both)
    labels = column_labels(cols, rows)
    assert (cols["defenders"], labels["defenders"]) == ("Defenders", "defenders (names)")
    assert (cols["defense"], labels["defense"]) == ("Def Pts", "defense points")
