"""verify34 F6: Log a hand after a voided hand.

The night (``wi5-called-ace; noPick=doubler``): hands 1-5 stored, hand 3 (a doubler) voided with ``shead void``, so
hands 1, 2, 4, 5 are in force.  Hand 6 (Bo alone, 70, won) said a false ``W-SESSION-GAP`` on the page ("an earlier
hand is missing") where ``shead ingest`` of the same hand says none: the voided hand 3 counts for nothing (a
``[_Voided]`` number is no gap, docs/notation.md).  And hand 3 (the voided number) passed Check silently; Save
refused it without naming the next free number.
"""

from __future__ import annotations

import pytest

from ingest.store import reading
from tests.cli_helpers import cli, ledger, write
from tests.test_dashboard_replay import fill, ok, page, press, stored_units, texts

SESSION = "Friday Sheep Club / 2026.11.27"
STORED = """%SHN 1.0
[Event "Friday Sheep Club"]
[Date "2026.11.27"]
[Seats "Al=Al Berg; Bo=Bo Dahl; Cy=Cy Voss; Di=Di Marsh; Ed=Ed Funk"]
[Rules "wi5-called-ace; noPick=doubler"]

hand 1 pick Di call AC partner Cy pts 67 win
hand 2 pick Ed call AS partner Di pts 50 lose
hand 3 doubler
hand 4 pick Al call AH partner Bo pts 85 win
hand 5 pick Cy alone pts 70 win
"""
H6 = STORED.split("\n\n")[0] + "\nhand 6 pick Bo alone pts 70 win\n"  # /tmp/verify34/corr/h6.shn


@pytest.fixture
def voided3(tmp_path, monkeypatch):
    db = tmp_path / "c6.duckdb"
    cli("ingest", write(tmp_path, "stored.shn", STORED), "--db", str(db))
    cli("void", f"{SESSION}#3", "--reason", "no doubler", "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    return db


def test_shead_ingest_of_hand_6_says_no_gap(voided3, tmp_path):
    r = cli("ingest", write(tmp_path, "h6.shn", H6), "--db", str(voided3))
    assert "W-SESSION-GAP" not in r.output, r.output


def test_hand_6_after_a_voided_hand_says_no_gap(voided3):
    # hand 6: Bo alone, 70 = a plain win (rules.md B-27, B-28: 61..90, x1); the voided doubler (hand 3) counts for
    # nothing and hand 5 is no doubler (D-11), so the stake is x1.  B-33: alone 4 shares: Bo +4, Al/Cy/Di/Ed -1
    # each; sum 4 - 4 = 0 (B-35).
    at = ok(page("log_hand.py").run())
    assert at.number_input(key="lh_number").value == 6
    fill(at, picker="Bo", call="alone", pts=70)
    press(at, "Check score")
    assert "**Al** -1 · **Bo** +4 · **Cy** -1 · **Di** -1 · **Ed** -1 — win" in texts(at), texts(at)
    assert not [w.value for w in at.warning if "W-SESSION-GAP" in w.value], [w.value for w in at.warning]
    press(at, "Save hand")
    assert f"Stored hand 6 of {SESSION}." in texts(at), texts(at)
    assert not [w.value for w in at.warning if "W-SESSION-GAP" in w.value], [w.value for w in at.warning]
    units = stored_units(voided3, SESSION, 6)
    assert units == {"Al": -1, "Bo": 4, "Cy": -1, "Di": -1, "Ed": -1} and sum(units.values()) == 0
    # the night with hand 6 (hand 3 voided; B-31..B-33): h1 Di+Cy 67 won: Di +2, Cy +1, Al Bo Ed -1; h2 Ed+Di 50
    # lost (doubled, B-32): Ed -4, Di -2, Al Bo Cy +2; h4 Al+Bo 85 won: Al +2, Bo +1, Cy Di Ed -1; h5 Cy alone 70 won:
    # Cy +4, the others -1; h6 Bo alone: Bo +4, the others -1.
    # Al -1+2+2-1-1 = 1, Bo -1+2+1-1+4 = 5, Cy 1+2-1+4-1 = 5, Di 2-2-1-1-1 = -3, Ed -1-4-1-1-1 = -8 (sum 0)
    with reading(voided3) as con:  # the [_Voided] line the validator was sent is no part of the stored session
        assert "_Voided" not in con.execute("SELECT header FROM sessions WHERE session = ?", [SESSION]).fetchone()[0]
    assert ledger(voided3) == {"Al Berg": 1, "Bo Dahl": 5, "Cy Voss": 5, "Di Marsh": -3, "Ed Funk": -8}


def test_the_voided_number_is_said_at_check_with_the_next_free_number(voided3):
    at = ok(page("log_hand.py").run())
    fill(at, number=3, picker="Bo", call="alone", pts=70)
    press(at, "Check score")
    shown = texts(at)
    assert "hand 3 of session Friday Sheep Club / 2026.11.27 was voided" in shown, shown
    assert "hand 6" in shown, shown  # the next free number, as Save says it
    assert "**Bo** +4" not in shown  # no score shown as if it could be saved
    press(at, "Save hand")
    shown = texts(at)
    assert "save it as hand 6" in shown and f"Stored hand 3 of {SESSION}" not in shown, shown
    assert stored_units(voided3, SESSION, 3) == {}
