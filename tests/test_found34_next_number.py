"""Session 34 (newuser34) F5: Log a hand, Hand number set to a stored hand (5) in a session of hands 1..7 and
9..13 (8 skipped), said "save it as hand 8 (the next free number)": 8 is a gap in the night, not where a new hand
goes.  It now says the number after the last stored hand, 14."""

from __future__ import annotations

from ingest.store import Store
from ingest.validate import validate_text
from tests.test_dashboard_replay import fill, ok, page, press, texts

SEATS = ["Al", "Bea", "Cy", "Di", "Ed"]


def _night() -> str:
    out = ['%SHN 1.0\n[Event "Skip34"]\n[Date "2026.12.07"]\n'
           '[Seats "Al=Al Ames; Bea=Bea Bird; Cy=Cy Cole; Di=Di Dorn; Ed=Ed Eck"]\n[Rules "wi5-called-ace"]\n']
    for n in [*range(1, 8), *range(9, 14)]:
        d = SEATS[(n - 1) % 5]
        out.append(f"hand {n} dealer {d}\npick {SEATS[n % 5]} call AC partner {SEATS[(n + 2) % 5]} pts 72 win\n")
    return "\n".join(out)


def test_a_stored_number_suggests_the_number_after_the_last_stored_hand(tmp_path, monkeypatch):
    db = tmp_path / "skip.duckdb"
    res = validate_text(_night(), path="skip.shn")
    assert not res.rejected
    with Store(db) as store:
        assert store.ingest_file(res).stored == 12
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = ok(page("log_hand.py").run())
    assert at.number_input(key="lh_number").value == 14  # the form's own default: after the last stored, 13
    fill(at, number=5, dealer="Ed", picker="Al", partner="Cy", pts=72)
    press(at, "Check score")
    shown = texts(at)
    assert "hand 5 is already stored in session Skip34 / 2026.12.07" in shown, shown
    assert "to log a new hand, save it as hand 14" in shown, shown
    assert "hand 8" not in shown
