"""Session 32 (house32 F2): ``shead replay HAND --seat S`` showed the under card face up to seats that may not see
it, and the trick's card points that give it away.  rules.md B-11e: "only the trick winner (and the picker) may look
at it until the hand ends".  The plain replay and the ``--json`` frames did not say which card was the under card
(a reader saw "Bea Q♠" lose to A♥ on a heart lead with no word why).

The tester's hand (/tmp/house32/nights/n10_under.shn hand 1, inline below), worked by hand from rules.md:

* Bea picks the blind 9♦ 8♦ and buries them (0 card points, B-24).  Her hand Q♣ Q♠ J♣ A♦ A♣ 10♦: her only fail
  card is A♣ (Q♠, J♣, A♦, 10♦ are trump, A-2), whose ace she holds, so no ace can be called (B-9) and she calls
  the unknown: ``call AH under QS`` — the ace of hearts, a suit she holds no card of, her Q♠ set aside face down
  as the under card (B-11).  Al holds A♥: the partner.
* Card points (A-3): A 11, 10 10, K 4, Q 3, J 2, 9 8 7 0.
* t1 Al leads K♠: K♠ 4, Bea A♣ 11, Cy 9♠ 0, Di A♠ 11, Ed 10♠ 10 = 36; no trump, A♠ wins: Di.  Defenders 36.
* t2 Di leads 8♥ (hearts, the called suit): Di 8♥ 0, Ed 7♠ 0, Al A♥ 11, Bea the under card (Q♠, 3: it must be
  played the first time hearts are led, B-11b, and it cannot win, B-11a, I-16 — a Q♠ would otherwise win as
  trump), Cy K♥ 4.  Al wins with A♥: 0 + 0 + 11 + 3 + 4 = 18, to the picker side (Al's partner card revealed).
  To Cy, who neither picked nor won the trick, the under card lies face down until the hand ends (B-11e): Cy
  sees 0 + 0 + 11 + 4 = 15 points and the under card.  To Al (the trick's winner) it shows once he takes the
  trick; to Bea (the picker) always.
* t3 Al leads Q♥ (trump) 3, Bea Q♣ 3, Cy J♠ 2, Di Q♦ 3, Ed J♦ 2 = 13; Q♣ wins: Bea.  Picker side 18 + 13 = 31
  (Cy's count: 15 + 13 = 28 and the under card).
* t4 Bea 10♦ 10, Cy 7♦ 0, Di K♦ 4, Ed J♥ 2, Al 8♠ 0 = 16; J♥ is the highest trump (A-2: J♥ above 10♦): Ed.
  Defenders 36 + 16 = 52.
* t5 Ed K♣ 4, Al 7♣ 0, Bea A♦ 11, Cy 10♣ 10, Di 9♣ 0 = 25; A♦ trumps: Bea.  Picker side 31 + 25 = 56 (Cy: 53).
* t6 Bea J♣ 2, Cy 10♥ 10, Di 7♥ 0, Ed 8♣ 0, Al 9♥ 0 = 12; J♣: Bea.  Picker side 56 + 12 = 68 (Cy: 65 and the
  under card), defenders 52; with the bury's 0, 68 + 52 = 120.  At the hand's end every seat sees the Q♠: 68.
* Result: 68 is a plain win (61-90, B-33): Bea +2, Al +1, Cy Di Ed -1 each (sum 0); unchanged by this fix.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.cli_helpers import cli, write

ROOT = Path(__file__).resolve().parents[1]
HAND = "Under Club / 2026.11.11 / 1#1"

NIGHT = """%SHN 1.0
[Event "Under Club"]
[Date "2026.11.11"]
[Table "1"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 1  dealer Ed
deal Al  AH 9H KS 7C QH 8S
deal Bea QC QS JC AD AC TD
deal Cy  TH KH JS 9S TC 7D
deal Di  8H 7H QD KD AS 9C
deal Ed  JH JD TS 7S KC 8C
blind 9D 8D
pick Bea
bury 9D 8D
call AH under QS
t1 Al:  KS AC 9S AS TS
t2 Di:  8H 7S AH QS KH
t3 Al:  QH QC JS QD JD
t4 Bea: TD 7D KD JH 8S
t5 Ed:  KC 7C AD TC 9C
t6 Bea: JC TH 7H 8C 9H
"""

#: the picker side's card points after each trick as everyone knows them at the end (worked above)
PICKER_SIDE = [0, 18, 31, 31, 56, 68]
DEFENDERS = [36, 36, 36, 52, 52, 52]
UNDER_POINTS = 3  # Q♠


@pytest.fixture
def db(tmp_path) -> Path:
    d = tmp_path / "under.duckdb"
    cli("ingest", write(tmp_path, "n10_under.shn", NIGHT), "--db", str(d))
    return d


def test_the_hand_work_adds_up():
    assert PICKER_SIDE[-1] + DEFENDERS[-1] + 0 == 120  # the bury 9♦ 8♦: 0
    assert 0 + 0 + 11 + UNDER_POINTS + 4 == 18 and 0 + 0 + 11 + 4 == 15


def _seat(db: Path, seat: str) -> tuple[str, str]:
    out = cli("replay", HAND, "--seat", seat, "--db", str(db)).output
    during, _, end = out.partition("The hand as it ended:")
    return during, end


def test_cy_sees_the_under_card_face_down_and_the_points_he_can_know(db):
    """Cy neither picked nor won trick 2: Bea's card is ``🂠 the under card`` (face down), the trick ``15 points
    and the under card``, the picker side 15, 28, 28, 53 ``and the under card`` until the hand's end (trick 6's
    last card), which shows 68 and the Q♠ in the whole hand."""
    during, end = _seat(db, "Cy")
    assert "Q♠" not in during, during
    assert "t2  Bea plays 🂠 the under card (face down)" in during, during
    assert ("→ Al takes the trick (15 points and the under card); picker side 15 and the under card, "
            "defenders 36") in during, during
    for pp, dp in ((28, 36), (28, 52), (53, 52)):
        assert f"; picker side {pp} and the under card, defenders {dp}" in during, (pp, dp, during)
    assert "18 points" not in during and "picker side 18" not in during
    # trick 6 is the hand's last step: the hand has ended, everything is shown (B-11e "until the hand ends")
    assert "t6  Al plays 9♥   → Bea takes the trick (12 points); picker side 68, defenders 52" in during, during
    # the hand's end: every card shown, the under card named
    assert re.search(r"Trick 2 .*Bea Q♠.*→ Al .*\(picker side 18, defenders 36\)", end), end
    assert "Bea's under card Q♠ (rules.md B-11: it cannot win; its 3 points go to the trick's winner)" in end, end
    assert "picker side 68" in end


def test_al_sees_it_once_he_takes_the_trick_and_bea_always(db):
    during, _ = _seat(db, "Al")
    assert "t2  Bea plays 🂠 the under card (face down)" in during, during
    assert "→ Al takes the trick (18 points; the under card: Q♠); picker side 18, defenders 36" in during, during
    assert "picker side 68, defenders 52" in during and "and the under card" not in during
    during, _ = _seat(db, "Bea")
    assert "t2  Bea plays Q♠ (the under card)" in during, during
    assert "→ Al takes the trick (18 points); picker side 18, defenders 36" in during, during
    assert "and the under card" not in during


def test_the_plain_replay_names_the_under_card(db):
    out = cli("replay", HAND, "--db", str(db)).output
    assert "Bea's under card Q♠ (rules.md B-11: it cannot win; its 3 points go to the trick's winner)" in out, out
    line = next(x for x in out.splitlines() if x.startswith("Trick 2"))
    assert "Bea Q♠" in line and "under" in line, line


def test_the_json_frames_mark_the_under_card(db):
    frames = json.loads(cli("replay", HAND, "--db", str(db), "--json").output)["frames"]
    played = [f for f in frames if f.get("plays_under")]
    assert len(played) == 1 and played[0]["card"] == ["Bea", "QS"] and played[0]["trick"] == 2, played
    assert all(f["under"] == "QS" for f in frames[1:]), [f["under"] for f in frames]
    # Cy's seat frames: the card face down (null) until the last frame, the points without it
    doc = json.loads(cli("replay", HAND, "--seat", "Cy", "--db", str(db), "--json").output)
    cards = [f for f in doc["frames"] if f["kind"] == "card"]
    body = json.dumps(doc["frames"][:-1])
    assert '"QS"' not in body, [f for f in doc["frames"][:-1] if '"QS"' in json.dumps(f)][:1]
    bea = next(f for f in cards if f["plays_under"])
    assert bea["by"] == "Bea" and bea["cards"] == [None] and bea["card"] == ["Bea", None], bea
    done2 = next(f for f in cards if f["trick"] == 2 and f["trick_done"])
    assert done2["seat_points"]["Al"] == 15 and done2["picker_points"] == 15 and done2["defender_points"] == 36
    assert done2["under_taken_by"] == "Al" and done2["under_points_hidden"] is True
    assert [c for _, c in done2["trick_cards"]] == ["8H", "7S", "AH", None, "KH"]
    last = doc["frames"][-1]
    assert last["last"] and last["picker_points"] == 68 and last["seat_points"]["Al"] == 18
    assert last["under"] == "QS" and last["under_points_hidden"] is False
    assert [c for _, c in last["tricks"][1]["cards"]] == ["8H", "7S", "AH", "QS", "KH"]
    # Al's: face down while the trick is open, shown when he takes it
    al = [f for f in json.loads(cli("replay", HAND, "--seat", "Al", "--db", str(db), "--json").output)["frames"]
          if f["kind"] == "card" and f["trick"] == 2]
    assert al[3]["cards"] == [None] and al[4]["trick_cards"][3] == ["Bea", "QS"] and al[4]["seat_points"]["Al"] == 18


def _replay_page(db: Path, monkeypatch, step: int, seat: str) -> AppTest:
    import duckdb

    monkeypatch.setenv("SHEAD_DB", str(db))
    con = duckdb.connect(str(db), read_only=True)
    try:
        hand_id = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()[0]
    finally:
        con.close()
    at = AppTest.from_file(str(ROOT / "dashboard" / "pages" / "replay_hand.py"), default_timeout=60)
    at.query_params["hand"] = str(hand_id)
    at.query_params["step"] = str(step)
    at.query_params["seat"] = seat
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _page_text(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption]
                     + [getattr(h, "value", "") or "" for h in at.get("html")])


def test_the_replay_pages_seat_view_keeps_the_under_card_face_down(db, monkeypatch):
    """Step 10 (Cy's K♥, the end of trick 2) as Cy: no Q♠ on the page, the card points 15 and the under card;
    as Al: the Q♠ shown (he took the trick), 18."""
    text = _page_text(_replay_page(db, monkeypatch, 10, "Cy"))
    assert "Q♠" not in text and 'data-card="QS"' not in text, text
    assert "picker side 15 and the under card" in text, text
    text = _page_text(_replay_page(db, monkeypatch, 10, "Al"))
    assert 'data-card="QS"' in text and "picker side 18" in text, text
