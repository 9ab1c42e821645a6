"""The Replay page's table drawing at other table sizes (rules.md F-1): every
seat drawn once, and under ``wi6-sit-out`` the dealer drawn as sitting out
and skipped when the turn passes (tests/fixtures/profiles/wi6-sit-out.shn,
hand 1: notation.md's hand 14 with Flo dealing and sitting out)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.table import frames_from_cardlog, table_html
from ingest.store import Store, reading
from ingest.validate import replay_text, validate_text

FIXTURES = Path(__file__).parent / "fixtures" / "profiles"
PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"


def seats_drawn(html: str) -> list[str]:
    return re.findall(r'class="shead-seat[^"]*" data-seat="([^"]+)"', html)


@pytest.mark.parametrize("name, n", [("wi3", 3), ("wi4-cutthroat", 4), ("wi6-jack-of-diamonds", 6),
                                     ("wi7-jack-of-diamonds", 7)])
def test_every_seat_is_drawn_once_at_a_distinct_place(name, n):
    rp = replay_text((FIXTURES / f"{name}.shn").read_text(encoding="utf-8"))
    assert rp.errors == []
    html = table_html(rp.frames[1], rp.seats)
    assert len(seats_drawn(html)) == n == len(set(seats_drawn(html)))
    places = re.findall(r'data-seat="[^"]+" style="(left:\d+%;top:\d+%)"', html)
    assert len(set(places[:n])) == n  # no two seats on top of each other


def test_sit_out_seat_is_drawn_and_skipped_in_turn():
    rp = replay_text((FIXTURES / "wi6-sit-out.shn").read_text(encoding="utf-8"), hand=1)
    assert rp.errors == [] and [a for a, _ in rp.seats] == ["Al", "Bea", "Cy", "Di", "Ed", "Flo"]
    # trick 3 is led by Bea: Bea 7H, Cy KH, Di AH, Ed 9H, then Al (Flo is skipped).  Step 10 ends trick 2,
    # so step 14 is Ed's 9H.
    f = rp.frames[14]
    assert f.card[1].name == "H9" and rp.seats[f.card[0]][0] == "Ed"
    html = table_html(f, rp.seats, dealer=5, sitting=5)
    assert len(seats_drawn(html)) == 6
    assert 'SITS OUT' in html and "sits out this hand" in html
    turn = re.findall(r'class="shead-seat[^"]* turn" data-seat="([^"]+)"', html)
    assert turn == ["Al"]


def test_replay_page_draws_the_seat_out(tmp_path, monkeypatch):
    db = tmp_path / "shead.duckdb"
    result = validate_text((FIXTURES / "wi6-sit-out.shn").read_text(encoding="utf-8"), "wi6-sit-out.shn")
    assert not result.rejected
    with Store(db) as store:
        store.ingest_file(result)
    monkeypatch.setenv("SHEAD_DB", str(db))
    with reading(db) as con:
        hand_id = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()[0]
        # the seat out is in the ledger with 0 units (Flo dealt hand 1)
        units = dict(con.execute("SELECT seat, units FROM hand_units WHERE hand_id = ?", [hand_id]).fetchall())
    assert units == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2, "Flo": 0}
    at = AppTest.from_file(str(PAGES / "replay_hand.py"), default_timeout=60)
    at.query_params["hand"] = str(hand_id)
    at.query_params["step"] = "14"
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    table = at.html[0].value
    assert len(seats_drawn(table)) == 6 and "SITS OUT" in table
    assert re.findall(r'class="shead-seat[^"]* turn" data-seat="([^"]+)"', table) == ["Al"]


def test_frames_from_a_stored_card_log_know_the_deal_without_the_seat_out():
    result = validate_text((FIXTURES / "wi6-sit-out.shn").read_text(encoding="utf-8"), "w.shn")
    h = next(h for h in result.hands if h.outcome.hand == 1)
    seats = list(h.outcome.players.items())
    frames = frames_from_cardlog(h.outcome, h.cardlog, seats)
    assert len(frames) == 31  # 6 tricks x 5 cards + the frame before the first card
    # the deal is known: five hands of six cards, Flo's empty
    assert [len(x) for x in frames[0].hands] == [6, 6, 6, 6, 6, 0]


def test_frames_count_both_partners_of_a_three_against_three_hand():
    """wi6-jd-ace hand 1: the picker side is Al, Cy (A♥) and Di (J♦): 70 + 0 + 21 = 91 card points
    on the last frame (docs/profiles.md), not Al and Cy alone (70)."""
    rp = replay_text((FIXTURES / "wi6-jd-ace.shn").read_text(encoding="utf-8"), hand=1)
    assert rp.errors == []
    last = rp.frames[-1]
    assert (last.picker_points, last.defender_points) == (91, 29)


def test_replay_page_names_both_partners(tmp_path, monkeypatch):
    db = tmp_path / "shead.duckdb"
    result = validate_text((FIXTURES / "wi6-jd-ace.shn").read_text(encoding="utf-8"), "wi6-jd-ace.shn")
    with Store(db) as store:
        store.ingest_file(result)
    monkeypatch.setenv("SHEAD_DB", str(db))
    with reading(db) as con:
        hand_id = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()[0]
    at = AppTest.from_file(str(PAGES / "replay_hand.py"), default_timeout=60)
    at.query_params["hand"] = str(hand_id)
    at.query_params["step"] = "30"  # the last card: 5 tricks x 6 cards
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    text = "\n".join(m.value for m in at.markdown)
    assert "**Partner** Cy (Cy Ott) and Di (Di Lenz)" in text
    assert "picker side 91" in text


def test_export_and_render_carry_the_second_partner(tmp_path):
    import json

    from ingest import export as ex
    from ingest.render import render_hand
    from ingest.store import load_hands

    db = tmp_path / "e.duckdb"
    result = validate_text((FIXTURES / "wi6-jd-ace.shn").read_text(encoding="utf-8"), "wi6-jd-ace.shn")
    with Store(db) as store:
        store.ingest_file(result)
    import io

    buf = io.StringIO()
    with reading(db) as con:
        ex.export_jsonl(con, buf)
        stored = load_hands(con)
    objs = [json.loads(line) for line in buf.getvalue().splitlines()]
    assert [(o["hand"], o["partner"], o["partner2"]) for o in objs] == [(1, "Cy", "Di"), (2, "Ed", None), (3, "Di", "Ed")]
    assert "partner Cy Di" in render_hand(stored[0])


LEASTER = """%SHN 1.0
[Event "Tuesday League Sheboygan"]
[Seats "Gus; Hal; Ida; Jo; Kat"]
[Rules "wi5-called-ace"]

hand 2  dealer Gus
deal Hal QC JD AC 7C KS 8H
deal Ida QS JH TC 9C 9S 7H
deal Jo  QH JS KC 8C TS 9H
deal Kat QD JC AS 8S KH AH
deal Gus AD TD KD 9D 8D 7D
blind 7S TH
leaster Kat
t1 Hal: 8H 7H 9H KH 7D
t2 Gus: 8D JD JH JS JC
t3 Kat: 8S 9D KS 9S TS
t4 Gus: KD QC QS QH QD
t5 Hal: 7C 9C 8C AH TD
t6 Gus: AD AC TC KC AS
pts 8
score Gus -1 Hal -1 Ida -1 Jo -1 Kat +4
"""


def test_a_leaster_s_last_step_gives_the_blind_to_the_last_trick_s_winner():
    """A tester's league hand.  By hand (A 11, T 10, K 4, Q 3, J 2): Gus takes t1 with 7D (KH: 4), t3 with 9D
    (KS TS: 14), t5 with TD (AH TD: 21) and t6 with AD (47): 86 in 4 tricks; Kat t2 (four jacks: 8); Hal t4
    (KD and four queens: 16).  The blind 7S TH (10) goes to the last trick's winner, Gus (rules.md D-3, I-28):
    96.  The seats' boxes then add up to 120; before, Gus showed 86 and they added up to 110."""
    rp = replay_text(LEASTER)
    assert rp.errors == []
    last = rp.frames[-1]
    assert last.done and last.blind_to == 0
    html = table_html(last, rp.seats)
    tallies = dict(re.findall(r'data-seat="([^"]+)".*?<div class="tally">([^<]+)</div>', html))
    assert tallies == {"Gus": "4 tricks · 96 pts", "Hal": "1 trick · 16 pts", "Ida": "0 tricks · 0 pts",
                       "Jo": "0 tricks · 0 pts", "Kat": "1 trick · 8 pts"}
    assert sum(last.seat_points) == 120
    # the frame before the last: trick 6 not yet taken, no blind in anyone's points
    assert rp.frames[-2].blind_to is None and rp.frames[-2].seat_points[0] == 39


def test_the_replay_page_names_whose_count_the_leaster_s_blind_joined():
    """The same hand on the page's blind panel: 7S TH, 10 card points, counted for Gus (rules.md D-3)."""
    from dashboard.replay_view import hidden_cards_html
    from ingest.replay_steps import steps_for
    from ingest.shn.reader import read

    rp = replay_text(LEASTER)
    rec = read(LEASTER).hands[0]
    hs = steps_for(rp.frames, rec, [a for a, _ in rp.seats], "Gus", None, False)
    html = hidden_cards_html(hs.steps[-1], False, "PICKER", hs.aliases)
    assert "Blind (10 points, counted for Gus: rules.md D-3)" in html
