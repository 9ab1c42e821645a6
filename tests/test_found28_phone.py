"""Session 28 (fixe28): real28's findings F1 and F2 (/tmp/s28/real28/FINDINGS.md).

F1: the dashboard's Log a hand page kept the Call and the Called suit after a save (hand 8 stored ``call AH``, carried
over from hand 7), and a fresh form started at "a fail ace" of clubs with no "(not written)" choice, so every hand
logged on a phone carried an ace call the scorer never gave.  SHN reads a score line without a call
(``pick Cy  partner Ed  pts 72  win``, notation.md §7), so the form now starts at Call "(not written)", writes no call
for it, and clears the call after a save as it clears the picker, partner and points.

F2: 'misdeal' (redeal, misdealt) written in a score sheet's Picker cell was refused E-CSV-SEAT, and the hands after it
warned W-SESSION-GAP (the pot "may be wrong"), though a Notes cell saying misdeal is read (rules.md B-4) and so are
'Leaster' and 'Doubler' in the Picker cell (real25 F8).  Now such a row, with no other cell of a hand and its units
all 0 or blank, is SHN's ``misdeal`` as the Notes cell's is; with units paid or a hand's cell written it is refused
E-CSV-HAND at the Picker cell, saying what the row has and what to write.  Worked below, at LEAGUE.

The session is the example session (data/sheepshead/example_session.shn: hands 14-18, seats Al Bea Cy Di Ed,
``[Rules "wi5-called-ace; doubleOnBump=on; noPick=leaster"]``); the next hand is 19, dealt by Ed (after hand 18's Di).
The units, worked by hand from rules.md:

* hand 19, real28's hand 7: Bea picks, calls A♥, Cy is the partner, 95 card points, cracked by Di.  95 >= 91 is a win
  with schneider (B-28): 2 a defender; the crack doubles it (E-1): 4 a defender.  With a partner (B-33) the three
  defenders Al, Di, Ed pay 4 each = 12, the picker takes 2 x 4 = 8, the partner 4: Bea +8, Cy +4, Al/Di/Ed -4.
* hand 20, real28's hand 8, the pad saying only "Cy + Ed, 72": 61 <= 72 <= 90 is a plain win (B-28): 1 a defender;
  Al, Bea, Di pay 1 each = 3, the picker Cy +2, the partner Ed +1.  No call is written, so none is stored.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.store import reading
from tests.test_dashboard_replay import example_db, fill, ok, page, press, stored_units, texts  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"


def stored_call(db: Path, hand: int) -> tuple:
    """(call, call_type, called_suit) of a stored hand, and its stored text."""
    with reading(db) as con:
        return con.execute("SELECT h.call, h.call_type, h.called_suit, t.source FROM hands h "
                           "JOIN hand_text t USING (hand_id) WHERE h.session = ? AND h.hand = ?",
                           [SESSION, hand]).fetchone()


def _shown(at, key: str) -> bool:
    return any(getattr(w, "key", None) == key for w in at.selectbox)


# --------------------------------------------------------------------------
# F1: the call is the scorer's, never the form's


def test_f1_a_fresh_form_writes_no_call_until_one_is_chosen(example_db):  # noqa: F811
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    call = at.selectbox(key="lh_call")
    assert call.value == "(not written)" and call.options[0] == "(not written)"
    assert not _shown(at, "lh_suit")  # no suit asked while no call is
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (19, "Ed")
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Check score")
    # B-28 a plain win, B-33 with a partner: Cy +2, Ed +1, Al/Bea/Di -1
    assert "**Al** -1 · **Bea** -1 · **Cy** +2 · **Di** -1 · **Ed** +1 — win" in texts(at)
    assert at.code[0].value.rstrip("\n") == "hand 19  dealer Ed\npick Cy\npartner Ed  pts 72"


def test_f1_two_hands_in_a_row_the_second_keeps_no_call_of_the_first(example_db):  # noqa: F811
    """real28's hands 7 and 8: after hand 19 (call A♥) is saved, the form's call is '(not written)' again and
    hand 20, entered as the pad says it (picker, partner, points), is stored with no call."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", call="ace", suit="H", partner="Cy", pts=95, crack="Di")
    press(at, "Save hand")
    assert "Stored hand 19 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    # B-28 schneider 2, E-1 crack x2 = 4 a defender; B-33: Bea +8, Cy +4, Al/Di/Ed -4
    assert stored_units(db, SESSION, 19) == {"Al": -4, "Bea": 8, "Cy": 4, "Di": -4, "Ed": -4}
    assert stored_call(db, 19)[:3] == ("AH", "ace", "H")
    # the form cleared for hand 20, dealt by Al (after Ed): the call with the rest
    assert (at.number_input(key="lh_number").value, at.selectbox(key="lh_dealer").value) == (20, "Al")
    assert at.selectbox(key="lh_call").value == "(not written)"
    assert not _shown(at, "lh_suit")
    assert at.session_state["lh_suit"] == "(not written)"
    fill(at, picker="Cy", partner="Ed", pts=72)
    press(at, "Save hand")
    assert "Stored hand 20 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    # B-28 plain win 1 a defender, B-33: Cy +2, Ed +1, Al/Bea/Di -1
    assert stored_units(db, SESSION, 20) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
    call, call_type, suit, source = stored_call(db, 20)
    assert (call, call_type, suit) == (None, None, None)
    assert source.startswith("hand 20  dealer Al\npick Cy\npartner Ed  pts 72\n") and "call" not in source
    # and the call of a saved hand is cleared even when the next one is checked before anything is chosen
    assert at.selectbox(key="lh_call").value == "(not written)"


def test_f1_an_ace_call_whose_suit_is_not_written_is_stored_as_an_unknown_ace(example_db):  # noqa: F811
    """Call 'a fail ace' with the Called suit left at '(not written)' writes ``call ??`` (notation.md: ``??`` a
    card not known): an ace called, no suit made up.  Bea picks, Cy partners, 80: a plain win (B-28 61..90), 1 a
    defender (B-33): Bea +2, Cy +1, Al/Di/Ed -1."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    ok(at.selectbox(key="lh_call").set_value("ace").run())
    assert at.selectbox(key="lh_suit").value == "(not written)"
    assert at.selectbox(key="lh_suit").options == ["(not written)", "♣ clubs", "♠ spades", "♥ hearts"]
    fill(at, picker="Bea", partner="Cy", pts=80)
    press(at, "Save hand")
    assert stored_units(db, SESSION, 19) == {"Al": -1, "Bea": 2, "Cy": 1, "Di": -1, "Ed": -1}
    call, call_type, suit, source = stored_call(db, 19)
    assert (call, call_type, suit) == (None, "ace", None)
    assert "pick Bea  call ??\n" in source


def test_f1_a_ten_call_must_name_its_suit(example_db):  # noqa: F811
    """A ten call is told by its suit only (B-10): with the suit not written the form says what to choose and
    stores nothing."""
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", call="ten", suit="(not written)", partner="Cy", pts=80)
    press(at, "Save hand")
    assert [e.value for e in at.error] == ["choose the called suit of the ten call (or Call: (not written))",
                                           "Not saved: 1 problem (shown at the field above)."]
    with reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands WHERE hand = 19").fetchone() == (0,)


# --------------------------------------------------------------------------
# F1 in a real Chromium at 390 x 844


@pytest.mark.browser
def test_f1_two_hands_in_a_row_on_a_phone(tmp_path):
    from playwright.sync_api import expect

    from tests.test_log_hand_browser import choose, phone_log_page, shot, type_in

    db = tmp_path / "shead.duckdb"
    with phone_log_page(tmp_path) as (runs, page_):
        expect(page_.get_by_label("Hand number")).to_have_value("19")
        expect(page_.get_by_role("combobox", name="Call", exact=True)).to_have_value("(not written)")
        expect(page_.get_by_role("combobox", name="Called suit", exact=True)).to_have_count(0)
        shot(page_, "found28_fresh.png")
        # hand 19: Bea, A♥, Cy, 95, cracked by Di
        choose(runs, "Picker", "Bea")
        choose(runs, "Partner", "Cy")
        choose(runs, "Call", "a fail ace")
        choose(runs, "Called suit", "♥ hearts")
        type_in(runs, page_.get_by_role("textbox", name="Card points"), "95")
        page_.get_by_text("More: tricks", exact=False).click()
        choose(runs, "Crack by", "Di")
        expect(page_.get_by_text("Al -4 · Bea +8 · Cy +4 · Di -4 · Ed -4 — win-s")).to_be_visible()
        runs.act(page_.get_by_role("button", name="Save hand").click)
        expect(page_.get_by_text(f"Stored hand 19 of {SESSION}.")).to_be_visible()
        expect(page_.get_by_label("Hand number")).to_have_value("20")
        expect(page_.get_by_role("combobox", name="Call", exact=True)).to_have_value("(not written)")
        expect(page_.get_by_role("combobox", name="Called suit", exact=True)).to_have_count(0)
        shot(page_, "found28_after_save.png")
        # hand 20 as the pad says it: Cy + Ed, 72
        choose(runs, "Picker", "Cy")
        choose(runs, "Partner", "Ed")
        type_in(runs, page_.get_by_role("textbox", name="Card points"), "72")
        expect(page_.get_by_text("Al -1 · Bea -1 · Cy +2 · Di -1 · Ed +1 — win")).to_be_visible()
        shot(page_, "found28_hand20.png")
        runs.act(page_.get_by_role("button", name="Save hand").click)
        expect(page_.get_by_text(f"Stored hand 20 of {SESSION}.")).to_be_visible()
        shot(page_, "found28_saved20.png")
    assert stored_units(db, SESSION, 19) == {"Al": -4, "Bea": 8, "Cy": 4, "Di": -4, "Ed": -4}
    assert stored_call(db, 19)[:3] == ("AH", "ace", "H")
    assert stored_units(db, SESSION, 20) == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1, "Ed": 1}
    assert stored_call(db, 20)[:3] == (None, None, None)


# --------------------------------------------------------------------------
# F2: 'misdeal' in a sheet's Picker cell

#: real28's league_v2.csv as the league kept it: $0.25 a point (--columns stake=0.25), a Pot column, hand 3's
#: misdeal written where the picker goes, Notes blank, every cell $0.00; hand 7's Points written 60 (the sheet's
#: '60-60' is the known E-CSV-POINTS, not this finding).  Worked by hand (real28 WORKING.md A; rules.md) in units
#: ($ / 0.25), rules "wi5-called-ace; doubleOnBump=off; pot=on", seats Gus Lou Max Ned Ole:
#: h1 Max+Ole 95: schneider, 2 a defender (B-28, B-31): Max +4, Ole +2, Gus/Lou/Ned -2; the pot empty.
#: h2 leaster Ned (D-4: +4, -1 each) with pot=on each of five puts 1 in (D-19): Ned +3, the others -2, pot +5.
#: h3 misdeal: redealt, no hand played, nobody pays (B-4): all 0; no doubler or bump in these rules, so hand 4 is
#:    not doubled (D-11 is the doubler's thrown-in hand, noPick=doubler).
#: h4 Ned alone 40: a plain loss alone, no double on the bump: -4, +1 each (B-32, B-33); the losing picker pays the
#:    pot what it would have taken, 5 (D-19): Ned -9, the others +1, pot +5 (10).
#: h5 Ole+Gus 72 cracked by Lou (E-1: x2): 2 a defender, Ole +4, Gus +2, Lou/Max/Ned -2; the pot's 10 taken 8/2
#:    (D-19): Ole +12, Gus +4, pot -10.
#: h6 Gus+Lou 25: schneidered (B-28 <= 30), 2 a defender, no double: Gus -4, Lou -2, Max/Ned/Ole +2.
#: h7 Lou+Max 60: a loss (B-27: 61 wins), 1 a defender: Lou -2, Max -1, Gus/Ned/Ole +1.
#: The night (h1..h7, h3 0): Gus -2 -2 +1 +4 -4 +1 = -2; Lou -2 -2 +1 -2 -2 -2 = -9; Max +4 -2 +1 -2 +2 -1 = +2;
#: Ned -2 +3 -9 -2 +2 +1 = -7; Ole +2 -2 +1 +12 +2 +1 = +16; the pot +5 +5 -10 = 0.  Six hands played.
LEAGUE = """Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Leaster,Crack,Notes,Gus,Lou,Max,Ned,Ole,Pot
2026-11-19,1,Gus,Max,Ole,AH,95,W schneider,,,Ned late - sat in 7:10,-$0.50,-$0.50,$1.00,-$0.50,$0.50,$0.00
2026-11-19,2,Lou,,,,,,Ned,,leaster to the pot,-$0.50,-$0.50,-$0.50,$0.75,-$0.50,$1.25
2026-11-19,3,Max,{picker},,,{points},,,,,{units}
2026-11-19,4,Max,Ned,,alone,40,L,,,,$0.25,$0.25,$0.25,-$2.25,$0.25,$1.25
2026-11-19,5,Ned,Ole,Gus,AC,72,W,,Lou cracked,,$1.00,-$0.50,-$0.50,-$0.50,$3.00,-$2.50
2026-11-19,6,Ole,Gus,Lou,AS,25,L,,,,-$1.00,-$0.50,$0.50,$0.50,$0.50,$0.00
2026-11-19,7,Gus,Lou,Max,AH,60,L,,,60-60 Lou bumped,$0.25,-$0.50,-$0.25,$0.25,$0.25,$0.00
Total,,,,,,,,,,,-$0.50,-$2.25,$0.50,-$1.75,$4.00,$0.00
"""
ZEROS = "$0.00,$0.00,$0.00,$0.00,$0.00,$0.00"
RULES = ("--rules", "wi5-called-ace; doubleOnBump=off; pot=on", "--columns", "stake=0.25")
NIGHT = {"Gus": -2, "Lou": -9, "Max": 2, "Ned": -7, "Ole": 16}


def _league(tmp_path, picker: str, units: str = ZEROS, points: str = "") -> tuple[dict, Path]:
    from tests.cli_helpers import ingest_json, write

    db = tmp_path / "league.duckdb"
    return ingest_json(write(tmp_path, "league_v2.csv", LEAGUE.format(picker=picker, units=units, points=points)),
                       db, *RULES), db


def _hands(db: Path) -> dict[int, tuple]:
    """Each stored hand's (outcome, {seat: units}), the pot's among them as '(pot)'."""
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        outcome = dict(con.execute("SELECT hand, outcome FROM hands").fetchall())
        rows = con.execute("SELECT h.hand, u.seat, u.units FROM hands h JOIN hand_units u USING (hand_id) "
                           "ORDER BY h.hand, u.seat_no").fetchall()
    units: dict[int, dict] = {}
    for hand, seat, u in rows:
        units.setdefault(hand, {})[seat] = u
    return {h: (outcome[h], units.get(h, {})) for h in sorted(outcome)}


@pytest.mark.parametrize("word", ["misdeal", "Redeal", "misdealt"])
def test_f2_misdeal_in_the_picker_cell_is_the_misdeal_its_notes_cell_would_say(tmp_path, word):
    from tests.cli_helpers import ledger

    rep, db = _league(tmp_path, word)
    assert (rep["ingested"], rep["rejected"]) == (7, [])
    assert [w for w in rep["warnings"] if w["code"] == "W-SESSION-GAP"] == []  # its units 0: no pot in doubt
    hands = _hands(db)
    assert hands[3][0] == "misdeal" and set(hands[3][1].values()) <= {0}
    assert hands[4][1] == {"Gus": 1, "Lou": 1, "Max": 1, "Ned": -9, "Ole": 1, "(pot)": 5}  # not doubled
    assert hands[5][1] == {"Gus": 4, "Lou": -2, "Max": -2, "Ned": -2, "Ole": 12, "(pot)": -10}
    assert ledger(db) == NIGHT


def test_f2_misdeal_with_its_units_left_blank_is_read_the_same(tmp_path):
    rep, db = _league(tmp_path, "misdeal", units=",,,,,")
    assert (rep["ingested"], rep["rejected"]) == (7, [])
    assert [w for w in rep["warnings"] if w["code"] == "W-SESSION-GAP"] == []
    assert _hands(db)[3][0] == "misdeal"


def test_f2_misdeal_in_the_picker_cell_with_units_paid_is_refused_at_the_cell(tmp_path):
    """Lou +$0.50, Max -$0.25, Ned -$0.25 on the misdeal row: units +2, -1, -1 paid, which a misdeal never pays
    (B-4): refused at row 4, column 4 (the Picker cell), saying what the row pays and what to write."""
    rep, _ = _league(tmp_path, "misdeal", units="$0.00,$0.50,-$0.25,-$0.25,$0.00,$0.00")
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"], bad["hand"]) == (4, 4, "E-CSV-HAND", 3)
    assert bad["message"] == (
        "row 4: picker 'misdeal' says the hand was misdealt, dealt again with no hand played and nobody paid "
        "(rules.md B-4), but the row has Lou +2, Max -1, Ned -1 paid: write the picker of the hand played in the "
        "Picker cell, or for the misdeal 0 (or nothing) in every player's cell and nothing else")
    assert rep["ingested"] == 6


def test_f2_misdeal_in_the_picker_cell_with_points_written_is_refused(tmp_path):
    rep, _ = _league(tmp_path, "misdeal", points="40")
    (bad,) = rep["rejected"]
    assert (bad["line"], bad["col"], bad["code"]) == (4, 4, "E-CSV-HAND")
    assert "but the row has its Points cell written:" in bad["message"]
