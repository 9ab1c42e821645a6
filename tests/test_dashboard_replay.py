"""The Replay, Log a hand and Import pages, driven by Streamlit's AppTest on a
temporary database that holds the example session (ingested through the real
path: ``validate_text`` then ``Store.ingest_file``).

Every expected value below was worked out by hand:

* Hand 14 of the example (notation.md §3): trick 1 ``Al: 9C TD 8C 7C TC`` is
  won by Bea's 10♦ (trump) for 10+10 = 20 points; trick 2 ``Bea: QC 8D KD 9D
  JD`` by Bea's Q♣ for 3+4+2 = 9; trick 3 ``Bea: 7H KH AH 9H 8H`` by Di's A♥
  (the called ace: Di is revealed as the partner) for 4+11 = 15; trick 4 by
  Al's Q♠ (13), trick 5 by Cy's J♥ (27), trick 6 by Cy's A♣ (21).  The picker
  side has 29 + 15 + the bury A♠ K♣ (15) = 59 card points, the defenders 61:
  a plain loss, doubled on the bump: Bea −4, Di −2, Al/Cy/Ed +2.
* Units of logged hands come from rules.md B-33 (and E-1 for a crack).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ingest.store import Store, reading
from ingest.validate import validate_text

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "dashboard" / "pages"
EXAMPLE = ROOT / "data" / "sheepshead" / "example_session.shn"
SESSION = "Thursday Night Sheepshead / 2025.03.06 / 2"
TIMEOUT = 60


@pytest.fixture
def example_db(tmp_path, monkeypatch):
    """A database holding the example session; SHEAD_DB points at it.
    Returns (path, {hand number: hand_id})."""
    db = tmp_path / "shead.duckdb"
    result = validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE))
    assert not result.rejected
    with Store(db) as store:
        rep = store.ingest_file(result)
    assert rep.stored == 5
    monkeypatch.setenv("SHEAD_DB", str(db))
    with reading(db) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands").fetchall())
    return db, ids


def page(name: str) -> AppTest:
    return AppTest.from_file(str(PAGES / name), default_timeout=TIMEOUT)


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.message for e in at.exception]
    return at


def texts(at: AppTest) -> str:
    """Every markdown, caption, info, error, success, warning and HTML text of the page."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [e.value for e in at.error] + [s.value for s in at.success] + [w.value for w in at.warning]
    parts += [h.value for h in at.html]
    return "\n".join(parts)


def flat(node) -> list:
    """The elements under ``node`` in page order."""
    out = []
    for child in getattr(node, "children", {}).values():
        out.append(child)
        out.extend(flat(child))
    return out


def hand_count(db) -> int:
    with reading(db) as con:
        return con.execute("SELECT count(*) FROM hands").fetchone()[0]


def stored_units(db, session: str, hand: int) -> dict[str, int]:
    with reading(db) as con:
        return dict(con.execute(
            "SELECT u.seat, u.units FROM hands h JOIN hand_units u USING (hand_id) "
            "WHERE h.session = ? AND h.hand = ? ORDER BY u.seat_no", [session, hand]).fetchall())


# --------------------------------------------------------------------------
# Replay


def open_replay(ids, hand: int, step: int | None = None) -> AppTest:
    at = page("replay_hand.py")
    at.query_params["hand"] = str(ids[hand])
    if step is not None:
        at.query_params["step"] = str(step)
    return ok(at.run())


def test_query_params_open_hand_14_at_step_13(example_db):
    _, ids = example_db
    at = open_replay(ids, 14, 13)
    page_text = texts(at)
    assert "**Step 13 of 30** · trick 3 · Di played :red[A♥]" in page_text
    # the standing facts: the partner is revealed by the called ace itself; buried AS KC: 11 + 4
    assert ("**Picker** Bea (Bea Schmidt) · **Called** :red[A♥] · **Partner** Di (Di Lenz) · **Stake × marks** ×1 "
            "(stake 1, no marks) · **Card points** picker side 29 in tricks (+15 buried) · defenders 0") in page_text
    table = at.html[0].value
    assert 'data-winner="Di"' in table and 'data-done="false"' in table
    assert "Trick 3: <b>Di</b> (Di Lenz) is winning with" in table
    # the trick so far in the middle: 7♥ led by Bea, K♥ by Cy, A♥ by Di highlighted
    assert 'data-card="7H"' in table and 'data-card="KH"' in table
    assert 'class="shead-card red win" data-card="AH"' in table
    assert table.count(" win\" data-card=") == 1
    assert at.query_params["hand"] == str(ids[14]) and at.query_params["step"] == "13"
    # seats clockwise from the bottom: Al at the bottom, Bea on the left; Di at the bottom when chosen
    assert '"shead-seat bottom" data-seat="Al" style="left:50%;top:100%"' in table
    assert 'data-seat="Bea" style="left:15%;top:55%"' in table
    ok(at.selectbox(key="replay_bottom").set_value("Di").run())
    table = at.html[0].value
    assert 'data-seat="Di" style="left:50%;top:100%"' in table
    assert 'data-seat="Ed" style="left:15%;top:55%"' in table
    assert at.query_params["step"] == "13"


def test_stepping_forward_and_back(example_db):
    _, ids = example_db
    at = open_replay(ids, 14)
    assert "**Step 0 of 30** · trick 1 · Bea calls :red[A♥]" in texts(at)
    assert "**Partner** not yet revealed" in texts(at)
    assert at.query_params["step"] == "0"
    # before the first card: the deal (-4), Al passes (-3), Bea picks (-2), Bea buries (-1) (issue 13)
    assert not at.button(key="rp_prev").disabled and not at.button(key="rp_first").disabled
    ok(at.button(key="rp_prev").click().run())
    assert at.query_params["step"] == "-1"
    assert "**Before the first card** · step -1 · Bea buries **K♣** **A♠**"  # in the engine's card order in texts(at)
    ok(at.button(key="rp_first").click().run())
    assert at.query_params["step"] == "-4" and "· the deal ·" in texts(at)
    assert at.button(key="rp_prev").disabled and at.button(key="rp_first").disabled
    ok(at.button(key="rp_next").click().run())
    assert "step -3 · Al passes" in texts(at)
    ok(at.button(key="rp_next").click().run())
    assert "step -2 · Bea picks the blind **A♠** :red[7♥]" in texts(at)
    ok(at.button(key="rp_next").click().run())
    ok(at.button(key="rp_next").click().run())
    assert at.query_params["step"] == "0"

    ok(at.button(key="rp_next").click().run())
    assert at.query_params["step"] == "1"
    assert "**Step 1 of 30** · trick 1 · Al played **9♣**" in texts(at)

    ok(at.button(key="rp_next_trick").click().run())
    assert at.query_params["step"] == "5"
    assert "Trick 1 won by Bea (Bea Schmidt) with 10♦ (20 points)" in texts(at)
    ok(at.button(key="rp_next_trick").click().run())
    assert at.query_params["step"] == "10"
    assert "Trick 2 won by Bea (Bea Schmidt) with Q♣ (9 points)" in texts(at)
    # the partner is not yet revealed: Bea's own points, not her side's (issue 13)
    # the bury AS KC (11 + 4 = 15, dash25 F6) named beside the tricks' points
    assert "**Card points** Bea 29 in tricks (+15 buried) · the others 0 (the partner not yet revealed)" in texts(at)
    ok(at.button(key="rp_next_trick").click().run())
    assert at.query_params["step"] == "15"
    assert 'data-winner="Di"' in at.html[0].value
    assert "Trick 3 won by Di (Di Lenz) with A♥ (15 points)" in texts(at)
    assert "picker side 44 in tricks (+15 buried) · defenders 0" in texts(at)  # 29 + 15 from trick 3

    ok(at.button(key="rp_prev").click().run())
    assert at.query_params["step"] == "14"
    assert "**Step 14 of 30** · trick 3 · Ed played :red[9♥]" in texts(at)
    ok(at.button(key="rp_prev_trick").click().run())
    assert at.query_params["step"] == "10"

    ok(at.button(key="rp_last").click().run())
    assert at.query_params["step"] == "30"
    end = texts(at)
    assert "Trick 6 won by <b>Cy</b> (Cy Ott) with A♣ (21 points)" in at.html[0].value
    assert "picker side 59 (bury included) · defenders 61" in end
    assert "**Result** lose: picker side 59 card points, 3 tricks" in end
    assert "**Score** Al +2 · Bea -4 · Cy +2 · Di -2 · Ed +2" in end
    assert "double on the bump 2 = 2 per defender" in end
    blind_bury = at.html[1].value  # revealed on the last step only
    assert "Blind" in blind_bury and "Bury (15 points)" in blind_bury
    for card in ("AS", "7H", "KC"):
        assert f'data-card="{card}"' in blind_bury
    assert at.button(key="rp_next").disabled

    ok(at.button(key="rp_first").click().run())
    assert at.query_params["step"] == "-4"  # the deal: seen by everyone, the blind shows, no bury yet
    assert "Bury" not in "".join(h.value for h in at.html) and "Blind" in at.html[1].value


def test_step_out_of_range_is_clamped_to_the_last(example_db):
    _, ids = example_db
    at = open_replay(ids, 14, 99)
    assert at.query_params["step"] == "30"
    assert "**Step 30 of 30**" in texts(at)


def test_score_sheet_hand_shows_its_result_and_no_replay(example_db):
    _, ids = example_db
    at = open_replay(ids, 15)
    page_text = texts(at)
    assert "there is no card log to replay" in page_text
    assert "**Score** Al -1 · Bea -1 · Cy +2 · Di -1 · Ed +1" in page_text
    assert "**Result** win: picker side 72 card points" in page_text
    assert len(at.html) == 0  # no table: nothing to step through
    at17 = open_replay(ids, 17)
    assert "**Leaster** won by Al with 7 card points" in texts(at17)
    assert "**Score** Al +4 · Bea -1 · Cy -1 · Di -1 · Ed -1" in texts(at17)


def test_finder_filters_and_picks_a_hand(example_db):
    _, ids = example_db
    at = ok(page("replay_hand.py").run())
    assert "Choose a hand to replay." in texts(at)
    assert at.selectbox(key="replay_pick").options == [
        "Hand 14 · Bea picks, AH, partner Di · lose · card log",
        "Hand 15 · Cy picks, AS, partner Ed · win · score sheet",
        "Hand 16 · Di picks, alone · win-s · score sheet",
        "Hand 17 · leaster, Al wins · leaster · score sheet",
        "Hand 18 · Ed picks, AC, partner Bea · lose · score sheet",
    ]
    ok(at.selectbox(key="replay_outcome").set_value("picker side loses (any)").run())
    assert len(at.selectbox(key="replay_pick").options) == 2
    ok(at.selectbox(key="replay_player").set_value("Di Lenz").run())
    assert len(at.selectbox(key="replay_pick").options) == 2  # Di sits at every hand
    ok(at.selectbox(key="replay_role").set_value("as partner").run())
    assert at.selectbox(key="replay_pick").options == ["Hand 14 · Bea picks, AH, partner Di · lose · card log"]
    ok(at.selectbox(key="replay_pick").set_value(ids[14]).run())
    assert at.query_params["hand"] == str(ids[14]) and at.query_params["step"] == "0"
    assert "**Step 0 of 30**" in texts(at)
    # the filters stay as the user set them
    assert at.selectbox(key="replay_player").value == "Di Lenz"
    assert at.selectbox(key="replay_role").value == "as partner"
    ok(at.selectbox(key="replay_outcome").set_value("any").run())
    ok(at.selectbox(key="replay_role").set_value("as picker").run())
    assert at.selectbox(key="replay_pick").options == ["Hand 16 · Di picks, alone · win-s · score sheet"]
    ok(at.selectbox(key="replay_role").set_value("as defender").run())
    assert [o.split(" · ")[0] for o in at.selectbox(key="replay_pick").options] == ["Hand 15", "Hand 18"]


def test_unknown_hand_id_says_so(example_db):
    at = page("replay_hand.py")
    at.query_params["hand"] = "999"
    ok(at.run())
    assert "No hand with id 999 is stored" in texts(at)


def test_replay_of_a_netschafkopf_game_steps_through_its_card_log(tmp_path, monkeypatch):
    """Game 1 of the baseline protocol, read by hand from its text: trick 1
    ``PcLinks spielt aus: EA H8 E8 EK`` is taken by PcOben's Herz-8 (a trump
    in a Rufspiel) for A 11 + K 4 = 15; trick 2 ``PcOben spielt aus: EO H9 HK
    GU`` opens with the Eichel-Ober, the highest trump; the protocol closes
    with ``Die Gegner haben 71 Augen``: the declarer side has 49."""
    from ingest.cli import load_file

    db = tmp_path / "nsk.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    result, fmt = load_file(ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt")
    with Store(db) as store:
        store.ingest_file(result, source_format=fmt)
    with reading(db) as con:
        (hand_id,) = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()
    at = page("replay_hand.py")
    at.query_params["hand"] = str(hand_id)
    at.query_params["step"] = "4"
    ok(at.run())
    assert "**Step 4 of 32**" in texts(at)
    # cards in German suits as the protocol spells them (Herz-8 = H8, the called Schellen-Sau = SA, in
    # Schellen's own colour, not Herz red: issue 13), points as Augen
    assert "Trick 1 won by PcOben with H8 (15 Augen)" in texts(at)
    assert "**Game** sauspiel · **Declarer** PcOben · **Called** :orange[**SA**]" in texts(at)
    ok(at.button(key="rp_next").click().run())
    ok(at.button(key="rp_next").click().run())
    assert "Trick 2: PcOben is winning with EO" in texts(at)
    ok(at.button(key="rp_last").click().run())
    end = texts(at)
    assert "**Augen** declarer side 49 · defenders 71" in end
    assert "**Score** PcLinks +2 · PcOben -2 · PcRechts +2 · Gast -2" in end
    assert "DECLARER" in at.html[0].value and "PICKER" not in at.html[0].value


def test_replay_of_a_schafkopf_game_shows_german_card_names(tmp_path, monkeypatch):
    """Game 1 of the baseline protocol at step 1: ``PcLinks spielt aus: EA
    ...`` — PcLinks leads the Eichel-Ass, which the page names ``EA`` as the
    protocol and ``shead replay`` do (E = Eichel, A = the Sau; issue 13: not
    ``ESau``) and draws as a face with rank ``A`` and suit letter ``E`` in
    Eichel's brown; no French suit symbol is left in the card faces."""
    from ingest.cli import load_file

    db = tmp_path / "nsk.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    result, fmt = load_file(ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt")
    with Store(db) as store:
        store.ingest_file(result, source_format=fmt)
    with reading(db) as con:
        (hand_id,) = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()
    at = page("replay_hand.py")
    at.query_params["hand"] = str(hand_id)
    at.query_params["step"] = "1"
    ok(at.run())
    page_text = texts(at)
    assert "**Step 1 of 32** · trick 1 · PcLinks played **EA**" in page_text
    assert "Trick 1: PcLinks is winning with" in page_text and 'style="color:#6d4c1f">EA</span>' in at.html[0].value
    table = at.html[0].value
    assert ('class="shead-card eichel win german" data-card="AC" title="Eichel-Sau"><span class="r">A</span>'
            '<span class="s">E</span>') in table
    assert "♣" not in table and "♥" not in table and "pts" not in table and "Augen" in table
    assert "German suits" in page_text


def test_sheepshead_replay_keeps_french_suits(example_db):
    _, ids = example_db
    at = open_replay(ids, 14, 13)
    table = at.html[0].value
    assert '<span class="s">♥</span>' in table and "Augen" not in table and "German" not in texts(at)


# --------------------------------------------------------------------------
# Log a hand


def fill(at: AppTest, **values) -> AppTest:
    if "call" in values and "suit" in values:  # the Called suit is shown once a call names one (real28 F1)
        at.selectbox(key="lh_call").set_value(values.pop("call")).run()
    for key, value in values.items():
        if key.startswith("score"):  # text fields (issue 12: an emptied field stays empty)
            for i, u in enumerate(value):
                at.text_input(key=f"lh_score_{i}").set_value("" if u is None else f"{u:+d}")
        elif key == "number":
            at.number_input(key="lh_number").set_value(value)
        elif key in ("pts", "tricks"):
            at.text_input(key=f"lh_{key}").set_value("" if value is None else str(value))
        else:
            at.selectbox(key=f"lh_{key}").set_value(value)
    return at


def new_session(at: AppTest, event: str, seats: str, date: str, rules: str | None = None,
                table: str | None = None) -> AppTest:
    """Log a hand's "a new session" filled in: event, seats, rules and table when given, then the date (run)."""
    ok(at.radio(key="lh_mode").set_value("new").run())
    at.text_input(key="lh_event").set_value(event)
    if table is not None:
        at.text_input(key="lh_table").set_value(table)
    at.text_input(key="lh_seats").set_value(seats)
    if rules is not None:
        at.text_input(key="lh_rules").set_value(rules)
    return ok(at.date_input(key="lh_date").set_value(date).run())


def press(at: AppTest, label: str) -> AppTest:
    return ok(next(b for b in at.button if b.label == label).click().run())


def test_log_hand_shows_the_score_then_stores_it(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    assert at.radio(key="lh_mode").value == "existing"
    # the next hand of the session: number 19, dealt by the seat after hand 18's dealer (Di)
    assert at.number_input(key="lh_number").value == 19
    assert at.selectbox(key="lh_dealer").value == "Ed"
    fill(at, picker="Al", call="ace", suit="S", partner="Cy", pts=95, outcome="win-s")
    press(at, "Check score")
    # B-33, win schneider with a partner: picker +4, partner +2, each of 3 defenders -2
    assert "**Al** +4 · **Bea** -2 · **Cy** +2 · **Di** -2 · **Ed** -2 — win-s" in texts(at)
    assert at.code[0].value.rstrip("\n") == "hand 19  dealer Ed\npick Al  call AS\npartner Cy  pts 95  win-s"
    assert hand_count(db) == 5  # shown, not stored yet
    press(at, "Save hand")
    assert "Stored hand 19 of Thursday Night Sheepshead / 2025.03.06 / 2." in texts(at)
    assert hand_count(db) == 6
    assert stored_units(db, SESSION, 19) == {"Al": 4, "Bea": -2, "Cy": 2, "Di": -2, "Ed": -2}
    with reading(db) as con:
        source, file, status = con.execute(
            "SELECT t.source, t.file, h.status FROM hands h JOIN hand_text t USING (hand_id) "
            "WHERE h.session = ? AND h.hand = 19", [SESSION]).fetchone()
    assert source.startswith("hand 19  dealer Ed\npick Al  call AS\npartner Cy  pts 95  win-s")
    assert (file, status) == ("log-hand", "score-sheet")
    # ready for the next hand
    assert at.number_input(key="lh_number").value == 20
    assert at.selectbox(key="lh_dealer").value == "Al"
    assert at.text_input(key="lh_pts").value == ""


def test_log_alone_loss_with_a_crack(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", call="alone", crack="Ed", pts=50, outcome="lose")
    press(at, "Check score")
    # B-33 alone loss with DOB: -8 / +2 each; the crack doubles it (E-1): -16 / +4 each
    assert "**Al** +4 · **Bea** -16 · **Cy** +4 · **Di** +4 · **Ed** +4 — lose" in texts(at)
    assert "crack 2" in texts(at)
    press(at, "Save hand")
    assert stored_units(db, SESSION, 19) == {"Al": 4, "Bea": -16, "Cy": 4, "Di": 4, "Ed": 4}
    with reading(db) as con:
        assert con.execute("SELECT multiplier, alone FROM hands WHERE hand = 19").fetchone() == (2, True)


def test_one_save_stores_the_hand_and_the_score_shows_before_it(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Cy", call="ace", suit="H", partner="Al", pts=40, outcome="lose")
    ok(at.run())  # any change re-derives the score: shown before saving, no button pressed
    # B-33 with DOB, a plain loss with a partner: -4 / -2 / +2 each
    assert "**Al** -2 · **Bea** +2 · **Cy** -4 · **Di** +2 · **Ed** +2 — lose" in texts(at)
    assert "Derived score (not saved yet)" in texts(at)
    assert hand_count(db) == 5
    press(at, "Save hand")  # one press stores it (issue 12: no "changed since its score was shown")
    assert hand_count(db) == 6
    assert "changed since" not in texts(at)
    assert stored_units(db, SESSION, 19) == {"Al": -2, "Bea": 2, "Cy": -4, "Di": 2, "Ed": 2}


def test_an_emptied_score_field_stays_empty_and_the_next_number_is_free(example_db):
    db, _ = example_db
    # hand 20 is stored already (another scorer's file): after hand 19 the form offers 21
    with Store(db) as s:
        s.ingest_file(validate_text(EXAMPLE.read_text(encoding="utf-8").split("hand 14")[0]
                                    + "hand 20  dealer Al\nmisdeal\n", path="x.shn"))
    at = ok(page("log_hand.py").run())
    assert at.number_input(key="lh_number").value == 21  # the session's next free number
    fill(at, number=19, dealer="Ed")
    fill(at, picker="Bea", call="ace", suit="H", partner="Di", pts=59, outcome="lose", score=[2, -4, 2, -2, 1])
    fill(at, score=[None, None, None, None, None])  # emptied: nothing written, the rules score it
    press(at, "Save hand")
    assert hand_count(db) == 7
    # B-33 with DOB: a plain loss: picker -4, partner -2, defenders +2 each
    assert stored_units(db, SESSION, 19) == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}
    assert at.number_input(key="lh_number").value == 21  # 20 is taken
    fill(at, picker="Al")
    at.text_input(key="lh_pts").set_value("x")
    ok(at.run())
    assert "'x' is not a whole number" in [e.value for e in at.error]


def test_score_that_does_not_add_up_is_refused_next_to_the_score(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", call="ace", suit="H", partner="Di", pts=59, outcome="lose", score=[2, -4, 2, -2, 1])
    press(at, "Check score")
    press(at, "Save hand")
    # and the entry the rules give otherwise: Bea with Di lose at 59, double on the bump: 2 a defender (B-31, B-33)
    # with its code, as shead ingest and the Import page say it (dash19 F7)
    reason = ("E-SCORE-SUM: the score sums to -1, not 0 (rules.md B-35); Ed +1 is written but the rules give +2 (tier: plain 1 × "
              "double on the bump 2 = 2 per defender)")
    assert reason in [e.value for e in at.error]
    assert hand_count(db) == 5
    # the reason stands in the form right after the score fields, before the buttons
    order = flat(at.main)
    last_score = next(i for i, el in enumerate(order) if getattr(el, "key", None) == "lh_score_4")
    err = next(i for i, el in enumerate(order) if el.type == "error" and el.value == reason)
    check = next(i for i, el in enumerate(order) if getattr(el, "label", None) == "Check score")
    assert last_score < err < check
    assert "Not saved: 1 problem (shown at the field above)." in texts(at)


def test_score_against_the_rules_is_refused_at_the_score(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    # sums to zero, but a plain loss doubled on the bump pays each defender 2, not 1
    fill(at, picker="Bea", call="ace", suit="H", partner="Di", pts=59, outcome="lose", score=[1, -2, 1, -1, 1])
    press(at, "Save hand")
    msgs = [e.value for e in at.error]
    assert any(m.startswith("E-SCORE: Al +1 is written but the rules give +2") for m in msgs)
    assert hand_count(db) == 5


def test_outcome_against_the_points_is_shown_at_the_outcome(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, picker="Bea", call="ace", suit="H", partner="Di", pts=59, outcome="win")
    press(at, "Check score")
    order = flat(at.main)
    outcome = next(i for i, el in enumerate(order) if getattr(el, "key", None) == "lh_outcome")
    err = next(i for i, el in enumerate(order) if el.type == "error")
    assert order[err].value.startswith("E-OUTCOME: win disagrees with 59 card points")
    assert err == outcome + 1
    assert hand_count(db) == 5


def test_hand_number_already_stored_is_refused(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    fill(at, number=14, picker="Al", call="ace", suit="S", partner="Cy", pts=70, outcome="win")
    press(at, "Check score")
    # and what to do (newuser31 F1): the edit tab, or the next free number (15..18 stored: 19)
    assert f"hand 14 is already stored in session {SESSION}: to correct it, choose 'edit' above → Stored hand: " \
        "hand 14; to log a new hand, save it as hand 19 (the number after the last stored hand)" in [
            e.value for e in at.error]
    assert hand_count(db) == 5


def test_log_a_leaster_in_a_new_session(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_mode").set_value("new").run())
    at.text_input(key="lh_event").set_value("Friday Schafkopf Club")
    at.text_input(key="lh_table").set_value("1")
    at.text_input(key="lh_seats").set_value("An=Anna; Bo=Bo; Ce=Cecile; Du=Dustin; Em=Emma")
    ok(at.date_input(key="lh_date").set_value("2025-04-04").run())
    ok(at.radio(key="lh_kind").set_value("leaster").run())
    assert at.number_input(key="lh_number").value == 1
    fill(at, dealer="Em", leaster="Bo", pts=12)
    press(at, "Check score")
    # D-4: the leaster winner receives one unit from every other player
    assert "**An** -1 · **Bo** +4 · **Ce** -1 · **Du** -1 · **Em** -1 — leaster" in texts(at)
    press(at, "Save hand")
    session = "Friday Schafkopf Club / 2025.04.04 / 1"
    assert stored_units(db, session, 1) == {"An": -1, "Bo": 4, "Ce": -1, "Du": -1, "Em": -1}
    with reading(db) as con:
        header = con.execute("SELECT header FROM sessions WHERE session = ?", [session]).fetchone()[0]
    assert '[Seats "An=Anna; Bo=Bo; Ce=Cecile; Du=Dustin; Em=Emma"]' in header
    assert '[Rules "wi5-called-ace"]' in header


def test_new_session_with_a_bad_seat_alias_says_so_at_the_seats(example_db):
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_mode").set_value("new").run())
    at.text_input(key="lh_event").set_value("Club")
    ok(at.text_input(key="lh_seats").set_value("QC=Queen; Bo=Bo").run())
    order = flat(at.main)
    seats = next(i for i, el in enumerate(order) if getattr(el, "key", None) == "lh_seats")
    err = next(i for i, el in enumerate(order) if el.type == "error")
    assert err > seats and "'QC' is not a seat alias" in order[err].value


def test_log_a_hand_typed_as_shn(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("shn").run())
    assert at.text_area(key="lh_shn").value == "hand 19  dealer Ed\n"
    at.text_area(key="lh_shn").set_value("hand 19  dealer Ed\npick Di  call AC  partner Bea  pts 31  win\n")
    press(at, "Check score")
    # "win" stands at column 40 of the typed line 2; 31 card points are a loss (rules.md B-27)
    assert [e.value for e in at.error][0].startswith("line 2, column 40: E-OUTCOME: win disagrees with 31 card points")
    at.text_area(key="lh_shn").set_value("hand 19  dealer Ed\npick Di  call AC  partner Bea  pts 31  lose\n")
    press(at, "Check score")
    # B-33 with DOB, a plain loss with a partner: picker -4, partner -2, each defender +2
    assert "**Al** +2 · **Bea** -2 · **Cy** +2 · **Di** -4 · **Ed** +2 — lose" in texts(at)
    assert hand_count(db) == 5
    press(at, "Save hand")
    assert stored_units(db, SESSION, 19) == {"Al": 2, "Bea": -2, "Cy": 2, "Di": -4, "Ed": 2}
    assert at.text_area(key="lh_shn").value == "hand 20  dealer Al\n"


def test_typed_shn_with_two_hands_is_refused(example_db):
    db, _ = example_db
    at = ok(page("log_hand.py").run())
    ok(at.radio(key="lh_input").set_value("shn").run())
    at.text_area(key="lh_shn").set_value("hand 19  dealer Ed\nmisdeal\n\nhand 20  dealer Al\nmisdeal\n")
    press(at, "Check score")
    assert "2 hands are written: log one hand at a time" in [e.value for e in at.error]
    assert hand_count(db) == 5


# --------------------------------------------------------------------------
# Import


def test_import_reports_the_bad_hand_at_its_line(tmp_path, monkeypatch):
    db = tmp_path / "import.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    text = EXAMPLE.read_text(encoding="utf-8")
    # Cy follows the club lead of trick 1 with K♥ while holding 8♣ and A♣: line 19, column 15
    bad = text.replace("t1 Al:  9C TD 8C 7C TC", "t1 Al:  9C TD KH 7C TC")
    assert bad != text
    at = ok(page("import_files.py").run())
    at.file_uploader[0].set_value([("thursday.shn", bad.encode("utf-8"), "text/plain")])
    ok(at.button(key="imp_go").click().run())
    assert [(m.label, m.value) for m in at.metric] == [("Stored", "4"), ("Duplicates", "0"), ("Rejected", "1")]
    assert "**thursday.shn**: 4 stored, 0 duplicates, 1 rejected" in [w.value for w in at.warning]
    line = next(m.value for m in at.markdown if m.value.startswith("thursday.shn:19:15 "))  # as text (dashboard.text.md)
    assert "error **E-RENEGE** (hand 14)" in line and "Cy holds clubs and must follow suit" in line
    df = at.dataframe[0].value
    assert df.loc[0, ["hand", "line", "col", "code"]].tolist() == [14, 19, 15, "E-RENEGE"]
    with reading(db) as con:
        assert sorted(h for (h,) in con.execute("SELECT hand FROM hands").fetchall()) == [15, 16, 17, 18]
        assert con.execute("SELECT hand, line, col, code FROM rejected").fetchall() == [(14, 19, 15, "E-RENEGE")]
    # the same file again adds nothing
    ok(at.button(key="imp_go").click().run())
    assert [(m.label, m.value) for m in at.metric] == [("Stored", "0"), ("Duplicates", "4"), ("Rejected", "1")]
    assert hand_count(db) == 4


def test_import_strict_stores_nothing_from_a_bad_file(tmp_path, monkeypatch):
    db = tmp_path / "strict.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    good = EXAMPLE.read_bytes()
    bad = good.replace(b"pts 59  tricks 3  lose", b"pts 61  tricks 3  lose")
    at = ok(page("import_files.py").run())
    at.checkbox(key="imp_strict").check()
    at.file_uploader[0].set_value([("bad.shn", bad, "text/plain"), ("good.shn", good, "text/plain")])
    ok(at.button(key="imp_go").click().run())
    assert "**bad.shn**: nothing stored (strict: the file has a bad hand)" in [w.value for w in at.warning]
    assert "**good.shn**: 5 stored, 0 duplicates, 0 rejected" in [s.value for s in at.success]
    line = next(m.value for m in at.markdown if m.value.startswith("bad.shn:"))
    # line 25 is "partner Di  pts 61  tricks 3  lose": the value of pts stands at column 17
    assert line.startswith("bad.shn:25:17 error **E-PTS** (hand 14)")
    assert hand_count(db) == 5


def test_import_without_files_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEAD_DB", str(tmp_path / "none.duckdb"))
    at = ok(page("import_files.py").run())
    ok(at.button(key="imp_go").click().run())
    assert "choose one or more files first" in [e.value for e in at.error]
    assert not (tmp_path / "none.duckdb").exists()


def test_import_shares_hashes_with_the_command_line(tmp_path, monkeypatch):
    """A file stored by `shead ingest`'s loader is a duplicate when uploaded."""
    from ingest.cli import load_file

    db = tmp_path / "cli.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    result, fmt = load_file(EXAMPLE)
    with Store(db) as store:
        assert store.ingest_file(result, source_format=fmt).stored == 5
    at = ok(page("import_files.py").run())
    at.file_uploader[0].set_value([("example_session.shn", EXAMPLE.read_bytes(), "text/plain")])
    ok(at.button(key="imp_go").click().run())
    assert [(m.label, m.value) for m in at.metric] == [("Stored", "0"), ("Duplicates", "5"), ("Rejected", "0")]
    assert hand_count(db) == 5


def test_import_a_netschafkopf_protocol(tmp_path, monkeypatch):
    db = tmp_path / "nsk.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    proto = ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
    data = proto.read_bytes()
    games = sum(1 for line in data.decode("utf-8", "replace").splitlines() if line.startswith("Geber:"))
    assert games > 0
    at = ok(page("import_files.py").run())
    at.file_uploader[0].set_value([(proto.name, data, "text/plain")])
    ok(at.button(key="imp_go").click().run())
    assert [(m.label, m.value) for m in at.metric] == [("Stored", str(games)), ("Duplicates", "0"),
                                                        ("Rejected", "0")]
    with reading(db) as con:
        assert con.execute("SELECT count(*), min(game), max(game) FROM hands").fetchone() == (games, "schafkopf",
                                                                                              "schafkopf")
        assert con.execute("SELECT session FROM sessions").fetchall() == [
            ("NetSchafkopf baseline__Schafkopfprotokoll_vom_05.10.23_01",)]


def test_import_reports_bytes_that_are_not_utf8_at_their_place(tmp_path, monkeypatch):
    db = tmp_path / "enc.duckdb"
    monkeypatch.setenv("SHEAD_DB", str(db))
    # line 2 is `[Event "Caf"] ` (14 bytes) then 0xE9 (Latin-1 é) outside the tag value: column 15
    # (inside a session tag's value it would be read as Windows-1252 with W-ENCODING, notation.md §2.1)
    data = b'%SHN 1.0\n[Event "Caf"] \xe9\n'
    at = ok(page("import_files.py").run())
    at.file_uploader[0].set_value([("latin1.shn", data, "text/plain")])
    ok(at.button(key="imp_go").click().run())
    line = next(m.value for m in at.markdown if m.value.startswith("latin1.shn:"))
    assert line.startswith("latin1.shn:2:15 error **E-ENCODING**")
    assert hand_count_or_none(db) is None


def hand_count_or_none(db):
    """Hands stored, or None when the database was never created."""
    return hand_count(db) if Path(db).exists() else None
