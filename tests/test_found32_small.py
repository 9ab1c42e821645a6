"""phone32 F6 (session 32, fixg32), two of the smaller message findings.

- `Win 👍` (an emoji outside a comment) was `E-STATEMENT found '👍'` with no word of where such a thing goes: now
  the message says to put it after ';' or in braces.  The hand is refused still (nothing guessed).
- Log a hand at 390 px: choosing Call "ace, under a card" at once showed the red error
  "the unknown card: '' is not a card" before anything was typed: now nothing is said until the card is typed or
  the score checked, and then "type the card ...".
"""

from __future__ import annotations

from ingest.validate import validate_text
from tests.test_dashboard_replay import example_db, ok, page, press  # noqa: F401

HEAD = ('%SHN 1.0\n[Event "Phone Night Club"]\n[Date "2026.12.09"]\n[Seats "Al; Bob; Cy; Di; Ed"]\n'
        '[Rules "wi5-called-ace"]\n\nhand 6  dealer Ed\n')


def test_an_emoji_outside_a_comment_says_where_it_goes():
    res = validate_text(HEAD + "Pick Al  Call AH  Partner Cy  pts 61  Win \U0001f44d\n", "e.shn")
    (r,) = res.rejected
    e = r.errors[0]
    # 'Pick Al  Call AH  Partner Cy  pts 61  Win 👍': Win at 39-41, a space, the emoji at column 43
    assert (e.code, e.line, e.col, e.found) == ("E-STATEMENT", 8, 43, "\U0001f44d")
    assert "; \U0001f44d" in e.message and "{\U0001f44d}" in e.message


def test_call_under_a_card_says_nothing_before_the_card_is_typed(example_db):  # noqa: F811
    at = ok(page("log_hand.py").run())
    at.selectbox(key="lh_picker").set_value("Al").run()
    ok(at.selectbox(key="lh_call").set_value("under").run())
    assert not [e.value for e in at.error if "is not a card" in e.value or "under" in e.value], \
        [e.value for e in at.error]
    press(at, "Check score")
    said = [e.value for e in at.error]
    assert any("type the card" in m for m in said) and not any("'' is not a card" in m for m in said), said


def test_partner_said_as_a_card_by_voice_says_partner_takes_a_seat():
    """Voice typing: 'pick bob partner Jack of diamonds pts 72 win' under wi5-jd gave only "found the seat 'Jack',
    which is not in the Seats tag".  Now it says 'partner' takes the seat, and that the J♦'s holder is the partner
    under the jack-of-diamonds rules, with no call.  Refused still (which seat held it is not written)."""
    text = ('%SHN 1.0\n[Event "Phone Night Club"]\n[Date "2026.12.06"]\n[Seats "Al; Bob; Cy; Di; Ed"]\n'
            '[Rules "wi5-jd"]\n\nHand 1  Dealer Ed\npick bob partner Jack of diamonds pts 72 win\n')
    res = validate_text(text, "v.shn")
    (r,) = res.rejected
    e = r.errors[0]
    # 'pick bob partner Jack': 'Jack' at column 18
    assert (e.code, e.line, e.col, e.found) == ("E-SEAT", 8, 18, "Jack")
    assert "'partner' takes the partner's seat" in e.message and "needs no call" in e.message


def test_export_writes_a_phone_slip_hand_canonical_and_its_reingest_is_silent(tmp_path):
    """`shead export --format shn` wrote a hand read with a W-PHONE-SLIP exactly as typed ('A♠.', 'Pick Bob.'),
    every other hand canonical; ingesting the export said the warning again.  Now it is written canonical (its
    meaning was certain), and the export ingested into a new database says nothing and stores the same units:
    Bob picks, calls A♥, Di partner, 72: B-27 win, B-33 plain: Bob +2, Di +1, Al Cy Ed -1 (sum 0)."""
    from tests.cli_helpers import cli, ingest_json, ledger, write

    head = ('%SHN 1.0\n[Event "Phone Night Club"]\n[Date "2026.12.09"]\n[Seats "Al; Bob; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace"]\n\n')
    text = head + "Hand 1  Dealer Ed\nPick Bob.  Call AH.  Partner Di.  Pts 72/48.  Win.\n"
    db, db2 = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    rep = ingest_json(write(tmp_path, "p.shn", text), db)
    assert rep["ingested"] == 1 and {w["code"] for w in rep["warnings"]} == {"W-PHONE-SLIP"}
    cli("export", "--format", "shn", "--db", str(db), "--out", str(tmp_path / "export.shn"))
    out = (tmp_path / "export.shn").read_text(encoding="utf-8")
    assert "Bob." not in out and "AH." not in out and "72/48" not in out and "Win." not in out
    assert "pick Bob" in out and "call AH" in out and "pts 72" in out
    rep2 = ingest_json(str(tmp_path / "export.shn"), db2)
    assert (rep2["ingested"], rep2["warnings"]) == (1, [])
    units = {"Al": -1, "Bob": 2, "Cy": -1, "Di": 1, "Ed": -1}
    assert ledger(db) == ledger(db2) == units and sum(units.values()) == 0


def test_the_sheets_session_box_says_the_date_once_and_1_hand(tmp_path, monkeypatch):
    """Sheet page at 390 px: the session box's label 'Phone night club / 2026.12.07 · 2026-12-07 · 1 hands' was cut
    at '· 1 hand:': the date is said once when the session's id ends with it, and '1 hand'."""
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    from tests.cli_helpers import cli, write

    text = ('%SHN 1.0\n[Event "Phone night club"]\n[Date "2026.12.07"]\n[Seats "Al; Bob; Cy; Di; Ed"]\n'
            '[Rules "wi5-called-ace"]\n\nhand 1  dealer Ed\npick Al  alone  pts 61  win\n')
    db = tmp_path / "s.duckdb"
    cli("ingest", write(tmp_path, "n.shn", text), "--db", str(db))
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboard" / "pages" / "sheet.py"),
                           default_timeout=60)
    at.run()
    assert not at.exception
    box = at.selectbox(key="shead.sheet.session")
    assert box.format_func(box.value) == "Phone night club / 2026.12.07  ·  1 hand"
