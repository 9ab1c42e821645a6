"""Session 30 (fixa30), a defect left from session 29: after an amendment is saved, the Log a hand page showed the
session's totals summed by seat (``GROUP BY u.seat``), so a seat that changed player mid-session (a substitute, by
the hand's own ``[Seats]``: docs/notation.md section 5) showed both people's units under one alias.  The totals are
now summed by player name, as the ledger sums them (``hand_units.player``), in the order the players first sat.

The night, worked by hand from rules.md (/work/shared/reference/rules.md), [Rules "wi5-called-ace"], DOB on:
seats Al=Al Wendt, Bea=Bea Hahn, Cy=Cy Ruiz, Di=Di Moss, Ed=Ed Funk; from hand 3 Eve Nagel sits in Ed's seat (the
hands' own [Seats "...; Ed=Eve Nagel"]).
* h1 Bea picks, calls AH, partner Di, 72: 61-90 a plain win (B-27, B-28), 1 a defender (B-31, B-33): Bea +2, Di +1,
  Al/Cy/Ed (Ed Funk) -1.
* h2 a leaster won by Ed (Ed Funk), D-4: Ed +4, the others -1.
* h3 Ed (Eve Nagel) alone, 95: 91-120 schneider, 2 a defender (B-28), alone 4 shares (B-33): Eve +8, the others -2.
* h4 Al picks, calls AS, partner Cy, typed 64: a plain win, Al +2, Cy +1, Bea/Di/Eve -1.  Amended to 45: 31-60 a
  plain loss (B-28) doubled on the bump (B-32): Al -4, Cy -2, Bea/Di/Eve +2.
* totals after the amendment, by player: Al Wendt -1-1-2-4 = -8, Bea Hahn +2-1-2+2 = +1, Cy Ruiz -1-1-2-2 = -6,
  Di Moss +1-1-2+2 = 0, Ed Funk -1+4 = +3, Eve Nagel +8+2 = +10 (sum 0).  By seat (the defect) Ed showed
  -1+4+8+2 = +13, the two players' units as one.
"""

from __future__ import annotations

import streamlit as st

from ingest.store import reading
from tests.cli_helpers import ingest_json as _ingest
from tests.cli_helpers import ledger, write
from tests.test_dashboard_replay import ok, page, press

SEATS_SUB = '[Seats "Al=Al Wendt; Bea=Bea Hahn; Cy=Cy Ruiz; Di=Di Moss; Ed=Eve Nagel"]'
NIGHT = f"""%SHN 1.0
[Event "Tuesday League"]
[Date "2026.12.08"]
[Seats "Al=Al Wendt; Bea=Bea Hahn; Cy=Cy Ruiz; Di=Di Moss; Ed=Ed Funk"]
[Rules "wi5-called-ace"]

hand 1  dealer Al
pick Bea  call AH  partner Di  pts 72

hand 2  dealer Bea
leaster Ed

hand 3  dealer Cy
{SEATS_SUB}
pick Ed  alone  pts 95

hand 4  dealer Di
{SEATS_SUB}
pick Al  call AS  partner Cy  pts 64
"""
SESSION = "Tuesday League / 2026.12.08"
AMENDED = f"hand 4  dealer Di\n{SEATS_SUB}\npick Al  call AS  partner Cy  pts 45\n"
TOTALS = {"Al Wendt": -8, "Bea Hahn": 1, "Cy Ruiz": -6, "Di Moss": 0, "Ed Funk": 3, "Eve Nagel": 10}


def _night(tmp_path, monkeypatch):
    db = tmp_path / "club.duckdb"
    rep = _ingest(write(tmp_path, "tuesday.shn", NIGHT), db)
    assert (rep["ingested"], rep["rejected"]) == (4, []), rep
    monkeypatch.setenv("SHEAD_DB", str(db))
    for k in list(st.session_state):
        del st.session_state[k]
    return db


def test_the_totals_after_an_amendment_are_by_player_a_substitute_apart(tmp_path, monkeypatch):
    from dashboard import log_edit

    db = _night(tmp_path, monkeypatch)
    with reading(db) as con:  # the substitute is stored in Ed's seat from hand 3
        seated = con.execute("SELECT h.hand, u.player FROM hands h JOIN hand_units u USING (hand_id) "
                             "WHERE u.seat = 'Ed' ORDER BY h.hand").fetchall()
    assert seated == [(1, "Ed Funk"), (2, "Ed Funk"), (3, "Eve Nagel"), (4, "Eve Nagel")]
    st.session_state["lh_edit_text"] = AMENDED
    st.session_state["lh_edit_reason"] = "mistyped 45 as 64"
    log_edit.amend_from_page({"session": SESSION}, 4)
    out = st.session_state["lh_edit_result"]
    assert out["errors"] == [], out
    assert out["score"] == {"Al": -4, "Bea": 2, "Cy": -2, "Di": 2, "Ed": 2}  # the hand's own units, by seat
    assert out["was"] == {"Al": 2, "Bea": -1, "Cy": 1, "Di": -1, "Ed": -1}
    assert out["totals"] == TOTALS
    assert list(out["totals"]) == list(TOTALS)  # in the order the players first sat
    assert sum(out["totals"].values()) == 0
    assert ledger(db) == TOTALS  # the ledger's sums, the same


def test_the_page_shows_the_substitute_apart(tmp_path, monkeypatch):
    """The page itself (AppTest): edit -> hand 4 -> 45 -> Save amendment: 'Session totals now' by player."""
    _night(tmp_path, monkeypatch)
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("edit").run())
    ok(at.selectbox(key="lh_edit_no").set_value(4).run())
    at.text_area(key="lh_edit_text").set_value(AMENDED)
    at.text_input(key="lh_edit_reason").set_value("mistyped 45 as 64")
    press(at, "Save amendment")
    assert [s.value for s in at.success] == ["Hand 4 amended: revision 2 in force (mistyped 45 as 64)."]
    shown = [m.value for m in at.markdown] + [c.value for c in at.caption]
    assert ("Session totals now: Al Wendt -8 · Bea Hahn +1 · Cy Ruiz -6 · Di Moss +0 · Ed Funk +3 · Eve Nagel +10"
            in shown), shown
