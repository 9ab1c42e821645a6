"""The dashboard under the house-rule profiles (issue 6, h6-house): the
Log-a-hand form offers the profile's callable suits (♠ ♥ ♦ under clubs trump,
rules.md F-8), and a stored hand's cards are sorted by its trump order
(F-7, F-8)."""

from __future__ import annotations

from types import SimpleNamespace

from dashboard.table import order_of, sort_hand
from replay.cards import Card
from tests.test_dashboard_replay import (example_db, fill, new_session, ok, page, press, stored_units,  # noqa: F401
                                         texts)


def test_log_hand_calls_the_diamond_ace_under_clubs_trump(example_db):  # noqa: F811
    db, _ = example_db
    at = new_session(ok(page("log_hand.py").run()), "North Woods Club", "An=Anna; Bo=Bo; Ce=Cecile; Du=Dustin; Em=Emma",
                     "2025-04-04", rules="wi5-clubs-trump", table="1")
    fill(at, dealer="Em", picker="An", call="ace", suit="D", partner="Ce", pts=70, outcome="win")
    assert at.selectbox(key="lh_suit").options == ["(not written)", "♠ spades", "♥ hearts", "♦ diamonds"]
    press(at, "Check score")
    # B-33 plain win with a partner: picker +2, partner +1, each defender -1
    assert "**An** +2 · **Bo** -1 · **Ce** +1 · **Du** -1 · **Em** -1 — win" in texts(at)
    assert "call AD" in at.code[0].value
    press(at, "Save hand")
    assert stored_units(db, "North Woods Club / 2025.04.04 / 1", 1) == {"An": 2, "Bo": -1, "Ce": 1, "Du": -1,
                                                                     "Em": -1}


def test_hands_sorted_by_the_profile_trump_order():
    cards = [Card.CA, Card.D7, Card.CQ, Card.SQ, Card.DA, Card.H7]
    spitz = order_of(SimpleNamespace(game="sheepshead", rules_flags={"trumpOrder": "spitz2"}))
    assert [str(c) for c in sort_hand(cards, spitz)] == ["QC", "7D", "QS", "AD", "AC", "7H"]  # F-7
    clubs = order_of(SimpleNamespace(game="sheepshead", rules_flags={"trumpOrder": "clubsTrump"}))
    assert [str(c) for c in sort_hand(cards, clubs)] == ["QC", "QS", "AC", "7H", "AD", "7D"]  # F-8: ♦ is fail
    std = order_of(SimpleNamespace(game="sheepshead", rules_flags={}))
    assert [str(c) for c in sort_hand(cards, std)] == ["QC", "QS", "AD", "7D", "AC", "7H"]


def test_log_hand_in_a_schafkopf_session_offers_the_shn_box(example_db):  # noqa: F811
    """A tester's phone night (session 13): the Sheepshead score-sheet form under Schafkopf rules made German-card
    errors the user never typed.  A Schafkopf session offers its own form and the SHN box (and edit), with a
    Schafkopf line to copy in the box.
    By hand (schafkopf-bsv: Sauspiel 10, Laufender 10 from 3; rules.md G-13, G-15, G-16, G-18): Sepp calls the
    Eichel-Sau, Hias is the partner, 3 Laufende with, 75 Augen, a win; Vroni says Kontra, x2: (10 + 30) x 2 = 80
    from each loser to one winner: Sepp, Hias +80, Vroni, Kathi -80."""
    db, _ = example_db
    at = new_session(ok(page("log_hand.py").run()), "Stammtisch Zum Ochsen", "Sepp; Vroni; Hias; Kathi", "2026-12-04",
                     rules="schafkopf-bsv")
    # its own score-sheet form (tests/test_sk_form.py) and the SHN box; no card taps (Sheepshead's)
    assert at.radio(key="lh_input").options == ["score sheet", "SHN"]
    ok(at.radio(key="lh_input").set_value("shn").run())
    assert "A Schafkopf session: write each game as an SHN-SK line" in texts(at)
    at.text_area(key="lh_shn").set_value("hand 1  dealer Kathi\ngame Sepp sauspiel EA  partner Hias  laufende 3 with  "
                                         "pts 75  win\nkontra Vroni\n")
    press(at, "Save hand")
    assert stored_units(db, "Stammtisch Zum Ochsen / 2026.12.04", 1) == {"Sepp": 80, "Vroni": -80, "Hias": 80,
                                                                       "Kathi": -80}
