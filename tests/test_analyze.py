"""``shead analyze`` and the Replay page's double-dummy marks (issue 16), on
the example session (data/sheepshead/example_session.shn, ingested through
the real path).

Hand 14 worked by hand (every hand known).  Picker Bea, called A♥, partner
Di (rules.md B-9).  Before Di's 24th card (trick 5) the cards left are:
Al 7S; Bea 9S; Cy AC; Di 7D TS; Ed KS 8S.  Trick 5 so far: Al 10♥, Bea A♦,
Cy J♥ — J♥ (Cy, a defender) is winning, above A♦ (rules.md A-2).  Di has no
heart, so may play either card (B-18):

* 7♦ (as played): it cannot beat J♥, Cy wins trick 5 (Ed adds K♠, the
  defenders' own trick); Cy leads A♣ to trick 6 and Di's 10♠ follows it to
  Cy.  The picker's side ends on 59 card points (notation.md's working): a
  loss, doubled on the bump — Bea −4, Di −2.
* 10♠: Cy wins trick 5 with it (Ed still adds K♠, rather than keep it for
  trick 6); in trick 6 Cy's A♣ is led, Di has no club and trumps with 7♦:
  A♣ 11 + 8♠ + 7♠ + 9♠ = 11 more for the picker's side: 70, a win — Bea
  +2, Di +1 (B-31).

So 7♦ costs 70 − 59 = 11 card points and, the tier changing from a loss to a
win, 1 − (−2) = 3 units for Di.  Ed's K♠ at card 25 costs nothing: both his
spades go to the defenders' tricks, and trick 6 is forced.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from typer.testing import CliRunner

from ingest.analyze import store_analysis
from ingest.cli import app
from ingest.store import Store, connect, reading
from ingest.validate import validate_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "sheepshead" / "example_session.shn"
PAGE = ROOT / "dashboard" / "pages" / "replay_hand.py"


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "shead.duckdb"
    result = validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE))
    with Store(path) as store:
        store.ingest_file(result)
    monkeypatch.setenv("SHEAD_DB", str(path))
    with reading(path) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands").fetchall())
    return path, ids


def run(*args):
    res = CliRunner().invoke(app, [str(a) for a in args])
    return res


def test_analyze_json_of_hand_14(db):
    path, ids = db
    res = run("analyze", ids[14], "--json", "--db", path)
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    cards = doc["cards"]
    assert len(cards) == 30
    # in play order, as the card log: t1 Al 9C TD 8C 7C TC (Al leads, then Bea, Cy, Di, Ed)
    assert [(c["trick"], c["seat"], c["card"]) for c in cards[:5]] == [
        (1, "Al", "9C"), (1, "Bea", "TD"), (1, "Cy", "8C"), (1, "Di", "7C"), (1, "Ed", "TC")]
    di = cards[23]
    assert (di["trick"], di["seat"], di["card"]) == (5, "Di", "7D")
    assert di["best"] == ["TS"] and di["cost"] == 11 and di["units_cost"] == 3
    assert di["alternatives"] == {"7D": 59, "TS": 70}
    ed = cards[24]
    assert (ed["seat"], ed["card"], ed["cost"]) == ("Ed", "KS", 0)
    assert ed["alternatives"] == {"KS": 59, "8S": 59}
    assert all(c["cost"] == 0 and len(c["alternatives"]) == 1 for c in cards[25:])  # trick 6 is forced
    assert all(c["cost"] >= 0 and c["card"] in c["alternatives"] for c in cards)
    assert doc["actual_picker_points"] == 59 and doc["actual_outcome"] == "lose" and doc["actual_units"] == -4
    assert doc["picker"] == "Bea"
    assert doc["dd_picker_points"] == cards[0]["best_value"]
    # stored once: a second call reads it back, and the table holds one analysis of the hand
    again = json.loads(run("analyze", ids[14], "--json", "--db", path).stdout)
    assert again["cards"][23]["alternatives"] == {"7D": 59, "TS": 70}
    with reading(path) as con:
        assert con.execute("SELECT count(*) FROM dd_hands").fetchone()[0] == 1
        assert con.execute("SELECT count(*) FROM dd_cards").fetchone()[0] == 30


def test_analyze_text_marks_the_costly_card(db):
    path, ids = db
    res = run("analyze", ids[14], "--db", path)
    assert res.exit_code == 0, res.output
    assert "t5  Di 7D  ?? costs 11 card points; best TS and 3 units (the tier changes)" in res.stdout


def test_analyze_refuses_a_leaster_and_a_score_sheet_hand_by_name(db):
    path, ids = db
    res = run("analyze", ids[17], "--db", path)
    assert res.exit_code == 1
    assert "leaster" in res.stderr and "no picker's side" in res.stderr
    res = run("analyze", ids[15], "--db", path)
    assert res.exit_code == 1 and "no card log" in res.stderr
    res = run("analyze", "999999", "--db", path)
    assert res.exit_code == 1 and "no stored hand" in res.stderr


def test_analyze_all_then_players(db):
    path, ids = db
    res = run("analyze", "--all", "--json", "--db", path)
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out == {"analysed": 1, "skipped": []}  # hand 14 is the one hand with a card log
    res = run("analyze", "--all", "--db", path)
    assert "nothing to do" in res.stderr
    rows = json.loads(run("analyze", "--players", "--json", "--db", path).stdout)
    di = next(r for r in rows if r["player"] == "Di Lenz")
    assert di["cards"] == 6
    assert di["costliest"][0]["card"] == "7D" and di["costliest"][0]["cost"] == 11
    assert sum(r["cards"] for r in rows) == 30


# ---------------------------------------------------------------- the Replay page

def _doc(hand_id: int, hash_: str) -> dict:
    """A stored analysis written by hand for the page test: card 2 (Bea's
    10♦) marked costly, every other card a best card."""
    cards = []
    plays = [("Al", "9C"), ("Bea", "TD"), ("Cy", "8C"), ("Di", "7C"), ("Ed", "TC")]
    for i, (seat, card) in enumerate(plays):
        alts = {card: 60}
        if i == 1:
            alts = {"TD": 60, "QC": 67}
        cards.append({"step": i + 1, "trick": 1, "seat": seat, "player": seat, "card": card,
                      "best": ["QC"] if i == 1 else [card], "cost": 7 if i == 1 else 0,
                      "units_cost": 3 if i == 1 else 0, "alternatives": alts})
    return {"hand_id": hand_id, "hash": hash_, "game": "sheepshead", "picker": "Bea", "dd_picker_points": 67,
            "actual_picker_points": 59, "dd_outcome": "win", "actual_outcome": "lose", "dd_units": 2,
            "actual_units": -4, "cards": cards}


def _page(hand_id: int, step: int) -> AppTest:
    at = AppTest.from_file(str(PAGE), default_timeout=60)
    at.query_params["hand"] = str(hand_id)
    at.query_params["step"] = str(step)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_replay_page_says_how_to_analyse_when_not_analysed(db):
    _, ids = db
    at = _page(ids[14], 2)
    assert any(f"shead analyze {ids[14]}" in c.value for c in at.caption)
    assert not at.warning


def test_replay_page_marks_the_costly_card_and_shows_alternatives(db):
    path, ids = db
    with reading(path) as con:
        h = con.execute("SELECT hex(t.hash) FROM hand_text t WHERE hand_id = ?", [ids[14]]).fetchone()[0].lower()
    con = connect(path, read_only=False)
    try:
        store_analysis(con, _doc(ids[14], h), 0, 0.0)
    finally:
        con.close()
    at = _page(ids[14], 2)
    md = "\n".join(m.value for m in at.markdown)
    assert "**Best play (every hand known)** picker side 67 · as played 59" in md
    assert f"[t1 Bea TD −7](?hand={ids[14]}&step=2)" in md
    assert len(at.warning) == 1
    assert "Bea played" in at.warning[0].value and "it cost 7 card points and 3 units" in at.warning[0].value
    exp = at.expander
    alt = next(e for e in exp if e.label == "Alternatives to Bea's TD")
    text = "\n".join(m.value for m in alt.markdown)
    assert "picker side 67 (best)" in text and "picker side 60 ← played" in text
    # a best card: no warning, the alternatives still there
    at = _page(ids[14], 1)
    assert not at.warning
    assert any(e.label == "Alternatives to Al's 9C" for e in at.expander)
