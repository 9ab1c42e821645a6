"""The Replay page's seat view, steps and Schafkopf words (issue 13), driven
by Streamlit's AppTest on the example session (notation.md §13).

Hand 14, worked by hand from its text: Al holds Q♠ J♦ 9♣ 7♠ 10♥ 8♥ and is a
defender (Bea picks, Di holds the called A♥).  The blind is A♠ 7♥, the bury
A♠ K♣ — so in Al's view no card face (``data-card``) other than his own,
the cards played so far and the called A♥ (named aloud) may appear before
the last step, and K♣ (buried, never played) appears only there.  The
annotation of trick 3 (``{called suit led; Di revealed}``) belongs to Al's
8♥, the 15th card; ``TH?!`` is Al's 10♥, the 21st card; the bury carries
``{15 points safe}``.
"""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from ingest.store import Store, reading
from ingest.validate import validate_text
from tests.test_dashboard_replay import ROOT, example_db, ok, open_replay, page, texts  # noqa: F401

PLAYS = ("9C TD 8C 7C TC QC 8D KD 9D JD 7H KH AH 9H 8H QD JS QS JC QH TH AD JH 7D KS AC TS 8S 7S 9S").split()
AL = {"QS", "JD", "9C", "7S", "TH", "8H"}


def cards_on_page(at: AppTest) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', "".join(h.value for h in at.html)))


def test_defender_al_never_sees_the_bury_or_an_unplayed_card_before_the_end(example_db):
    _, ids = example_db
    at = page("replay_hand.py")
    at.query_params["hand"] = str(ids[14])
    at.query_params["seat"] = "Al"
    at.query_params["step"] = "-4"
    ok(at.run())
    assert at.selectbox(key="replay_seat").value == "Al"
    assert "the deal — Al's cards dealt" in texts(at)
    seen_steps = 0
    for step in range(-4, 30):
        assert at.query_params["step"] == str(step)
        played = set(PLAYS[:max(step, 0)])
        allowed = AL | played | ({"AH"} if step >= 0 else set())
        shown = cards_on_page(at)
        assert shown <= allowed, (step, shown - allowed)
        assert "KC" not in shown and "Bury" not in texts(at)
        assert "15 points safe" not in texts(at)
        if step < 29:
            ok(at.button(key="rp_next").click().run())
        seen_steps += 1
    assert seen_steps == 34
    # step 29 (Al's 7♠) is not the last: Bea's 9♠ ends the hand, and shows every card
    ok(at.button(key="rp_next").click().run())
    assert at.query_params["step"] == "30"
    end = cards_on_page(at)
    assert {"KC", "AS"} <= end and "Bury (15 points)" in texts(at)


def test_al_sees_bea_pick_face_down_and_the_under_nothing(example_db):
    _, ids = example_db
    at = page("replay_hand.py")
    at.query_params.update(hand=str(ids[14]), seat="Al", step="-2")
    ok(at.run())
    page_text = texts(at)
    assert "Bea picks (the blind's 2 cards, face down to you)" in page_text
    # Bea holds 6 + 2 = 8 cards, all face down to Al
    bea = re.search(r'data-seat="Bea"[^>]*>.*?<div class="shead-hand">(.*?)</div>', at.html[0].value).group(1)
    assert bea.count('class="shead-card back small"') == 8
    ok(at.button(key="rp_next").click().run())
    assert "Bea buries 2 cards face down" in texts(at)


def test_picker_bea_sees_the_blind_at_her_pick_and_the_bury_note(example_db):
    _, ids = example_db
    at = page("replay_hand.py")
    at.query_params.update(hand=str(ids[14]), seat="Bea", step="-2")
    ok(at.run())
    assert "Bea picks the blind **A♠** :red[7♥]" in texts(at)
    assert "Blind" in at.html[1].value
    ok(at.button(key="rp_next").click().run())
    assert "✎ 15 points safe" in texts(at)
    assert "Bury (15 points)" in texts(at)


def test_annotations_at_their_card_and_the_seat_in_the_url(example_db):
    _, ids = example_db
    at = open_replay(ids, 14, 15)
    assert "**Step 15 of 30** · trick 3 · Al played :red[8♥]" in texts(at)
    assert [i.value for i in at.info] == ["✎ called suit led; Di revealed"]
    at = open_replay(ids, 14, 21)
    assert "Al played :red[10♥?!]" in texts(at)
    at = open_replay(ids, 14, -1)
    assert "✎ 15 points safe" in texts(at)  # everyone sees the bury's note
    # the choice of seat goes into the URL, and back to everyone removes it
    ok(at.selectbox(key="replay_seat").set_value("Di").run())
    assert at.query_params["seat"] == "Di" and at.query_params["step"] == "-1"
    assert "seen by Di" in texts(at) and "15 points safe" not in texts(at)
    ok(at.selectbox(key="replay_seat").set_value("everyone").run())
    assert "seat" not in at.query_params


def test_the_tricks_so_far_as_a_list(example_db):
    _, ids = example_db
    at = open_replay(ids, 14, 10)
    tricks = next(h.value for h in at.html if "Tricks so far" in h.value)
    # t1 to Bea (10+10 = 20), t2 to Bea (3+4+2 = 9); trick 3 not yet complete
    assert tricks.count("<li ") == 2
    assert "<b>t1</b>" in tricks and "<b>Bea</b> (20 points)" in tricks and "<b>Bea</b> (9 points)" in tricks


def test_the_partner_knows_herself_from_the_call(example_db):
    _, ids = example_db
    at = page("replay_hand.py")
    at.query_params.update(hand=str(ids[14]), seat="Di", step="10")
    ok(at.run())
    # Di knows she is the partner: the side's 29 (Bea's two tricks) and the defenders' 0
    assert "**Partner** Di (Di Lenz)" in texts(at)
    # the bury is Bea's alone: Di is told its points are left out, not their value (dash25 F6)
    assert ("**Card points** picker side 29 in tricks (the bury's points, the picker's, not shown) · defenders 0"
            in texts(at))


def test_schafkopf_labels_in_german(tmp_path, monkeypatch):
    """The worked SHN-SK example (data/schafkopf/worked_example.shn), hand 1:
    Bea plays a Sauspiel on the Schellen-Sau (SA), Cy holds it; 84 Augen: won
    without schneider (the opponents' 36 > 30, rules.md G-12)."""
    db = tmp_path / "sk.duckdb"
    text = (ROOT / "data" / "schafkopf" / "worked_example.shn").read_text(encoding="utf-8")
    with Store(db) as store:
        store.ingest_file(validate_text(text, path="worked_example.shn"))
    monkeypatch.setenv("SHEAD_DB", str(db))
    with reading(db) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands").fetchall())
    at = page("replay_hand.py")
    at.query_params.update(hand=str(ids[1]), step="0")
    ok(at.run())
    t = texts(at)
    table = at.html[0].value  # every hand face up: Bea's SZ (Schellen-Zehn) in gold, Al's HZ (Herz-Zehn) red
    assert ('class="shead-card schellen small german" data-card="TD" title="Schellen-Zehn"><span class="r">Z</span>'
            in table)
    assert 'class="shead-card herz small german" data-card="TH" title="Herz-Zehn"><span class="r">Z</span>' in table
    assert "E10" not in t + table and "ESau" not in t + table and ">10<" not in table
    assert "Bea plays sauspiel on the :orange[**SA**]" in t
    assert "**Called** :orange[**SA**]" in t  # Schellen in its own colour, not Herz red
    assert at.selectbox(key="replay_pick").options[0] == "Hand 1 · Bea plays sauspiel on the Schellen-Sau with Cy · " \
        "gewonnen · card log"
    # Kontra by Al after the first card (``kontra Al after 1``)
    ok(at.button(key="rp_next").click().run())
    assert "Al says Kontra after this card" in texts(at)
    assert "Al played **G7**" not in texts(at) and "Al played :green[**G7**]" in texts(at)
    ok(at.button(key="rp_last").click().run())
    assert "**Result** gewonnen: declarer side 84 Augen" in texts(at)


def test_a_netschafkopf_schneider_win_is_gewonnen_mit_schneider(tmp_path, monkeypatch):
    """Game 3 of the first baseline protocol is a Sauspiel Gast won with
    schneider (stored ``win-s``): the finder and the result say it in German."""
    from ingest.cli import load_file

    db = tmp_path / "nsk.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    result, fmt = load_file(ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt")
    with Store(db) as store:
        store.ingest_file(result, source_format=fmt)
    with reading(db) as con:
        (hand_id,) = con.execute("SELECT hand_id FROM hands WHERE hand = 3").fetchone()
    at = page("replay_hand.py")
    at.query_params.update(hand=str(hand_id), step="99")
    ok(at.run())
    label = next(o for o in at.selectbox(key="replay_pick").options if o.startswith("Hand 3 "))
    assert label.endswith(" · gewonnen mit Schneider · card log") and "win-s" not in label
    assert "**Result** gewonnen mit Schneider: declarer side" in texts(at)
    # seen by PcLinks (an opponent) at the game's announcement: the other three hands face down (8 cards each)
    at.query_params.update(seat="PcLinks", step="0")
    ok(at.run())
    assert at.html[0].value.count('class="shead-card back small"') == 3 * 8


def test_the_hand_finder_tells_a_seat_view_nothing_the_seat_learns_during_the_hand(example_db):
    # Hand 14 is written "partner Di ... lose"; hand 15 "partner Ed ... win"; hand 17 "leaster Al".  Seen by
    # Al, the finder's labels name the picker and the kind of record only: no partner, no leaster winner,
    # no result (those come out during the hand).  Seen by everyone they are there.
    _, ids = example_db
    at = page("replay_hand.py")
    at.query_params["hand"] = str(ids[14])
    ok(at.run())
    everyone = list(at.selectbox(key="replay_pick").options)  # AppTest gives the options as shown
    assert any("partner Di" in label for label in everyone) and any("Al wins" in label for label in everyone)
    at.query_params["seat"] = "Al"
    ok(at.run())
    labels = list(at.selectbox(key="replay_pick").options)
    assert "Hand 14 · Bea picks · card log" in labels and "Hand 15 · Cy picks · score sheet" in labels
    for label in labels:
        assert "partner" not in label and "win" not in label and "lose" not in label, label
