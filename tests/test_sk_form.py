"""The Log a hand page's Schafkopf score-sheet form (dashboard/sk_form.py):
a Stammtisch logs a game at the table by choosing the game, the declarer,
the Sau or trump suit, the partner, the Laufende, the Augen and the outcome,
instead of typing SHN-SK (notation.md §14.7).  The text it builds is read
and scored by the validator as a typed line is; every amount below is worked
by hand from the tariff of ``schafkopf-bsv`` (rules.md G-14..G-19: Sauspiel
10, Solo 50, schneider 10, a Laufender 10 counted from 3 in a Sauspiel and a
Solo, Ramsch 20; each opponent pays the price to each winner).
"""

from __future__ import annotations

from dashboard.sk_form import game_lines, sau_card
from tests.test_dashboard_replay import (example_db, fill, new_session, ok, page, press,  # noqa: F401
                                         stored_units, texts)

SEATS = "Sepp; Vroni; Hias; Kathi"
SESSION = "Stammtisch Zum Ochsen / 2026.12.04"


def _text(v: dict, german: bool = True) -> list[str]:
    return ["  ".join(t for t, _ in line) for line in game_lines(v, german)]


def base(**over) -> dict:
    v = {"game": "sauspiel", "declarer": "Sepp", "sau": "eichel", "suit": "herz", "tout": False, "partner": None,
         "klopfen": [], "kontra": None, "re": None, "laufende": None, "laufende_with": True, "pts": None,
         "tricks": None, "outcome": None}
    v.update(over)
    return v


def test_the_lines_read_as_notation_writes_them():
    # notation.md §14.3 / §14.7: `game S sauspiel SAU`, the Sau in the session's card scheme
    assert _text(base(partner="Hias", laufende=3, pts=75, outcome="win", kontra="Vroni")) == [
        "game Sepp sauspiel EA", "kontra Vroni", "partner Hias  laufende 3 with  pts 75  win"]
    assert _text(base(sau="schellen"), german=False) == ["game Sepp sauspiel AD"]
    assert sau_card("gras", True) == "GA" and sau_card("gras", False) == "AS"
    assert _text(base(game="solo", suit="herz", tout=True, laufende=0, outcome="win")) == [
        "game Sepp solo herz tout", "laufende 0  win"]
    assert _text(base(game="wenz", laufende=2, laufende_with=False, pts=40, tricks=3)) == [
        "game Sepp wenz", "laufende 2 without  pts 40  tricks 3"]
    assert _text(base(game="ramsch", klopfen=["Vroni"])) == ["ramsch  klopfen Vroni"]
    assert _text(base(game="thrown")) == ["thrown"]
    # tout is no Sauspiel's; a Re without a Kontra is written, for the validator to refuse (never dropped)
    assert _text(base(re="Sepp", tout=True)) == ["game Sepp sauspiel EA", "re Sepp"]


def test_a_sauspiel_with_kontra_is_logged_from_the_form(example_db):  # noqa: F811
    """Sepp calls the Eichel-Sau, Hias is the partner, 3 Laufende with, 75 Augen: a win; Vroni says Kontra (×2).
    (10 + 3 × 10) × 2 = 80 from each loser to one winner: Sepp, Hias +80; Vroni, Kathi -80 (sum 0)."""
    db, _ = example_db
    at = new_session(ok(page("log_hand.py").run()), "Stammtisch Zum Ochsen", SEATS, "2026-12-04",
                     rules="schafkopf-bsv")
    assert at.radio(key="lh_input").options == ["score sheet", "SHN"]
    assert at.radio(key="lh_input").value == "form"
    assert at.selectbox(key="lh_sk_sau").options == ["Eichel-Sau", "Gras-Sau", "Schellen-Sau"]  # no Herz-Sau (G-10)
    fill(at, dealer="Kathi", sk_declarer="Sepp", sk_partner="Hias", sk_laufende="3", pts=75, outcome="win")
    ok(at.selectbox(key="lh_sk_kontra").set_value("Vroni").run())
    press(at, "Check score")
    assert "**Sepp** +80 · **Vroni** -80 · **Hias** +80 · **Kathi** -80 — win" in texts(at)
    assert "game Sepp sauspiel EA" in at.code[0].value and "kontra Vroni" in at.code[0].value
    press(at, "Save hand")
    assert stored_units(db, SESSION, 1) == {"Sepp": 80, "Vroni": -80, "Hias": 80, "Kathi": -80}
    # the next hand: number 2, dealt by Sepp (on Kathi's left, rules.md G-2), the game's fields cleared
    assert at.number_input(key="lh_number").value == 2 and at.selectbox(key="lh_dealer").value == "Sepp"
    assert at.selectbox(key="lh_sk_declarer").value is None and at.selectbox(key="lh_sk_kontra").value == "—"


def test_a_herz_solo_schneider_and_a_ramsch(example_db):  # noqa: F811
    """Hand 1: Kathi plays a Herz-Solo with 4 Laufende, 95 Augen: won schneider.  50 + 10 + 4 × 10 = 100 from
    each of the three opponents: Kathi +300, the others -100.  Hand 2: a Ramsch, Hias took the most Augen and
    pays 20 to each of the others: Hias -60, the others +20 (the score is the whole record of a Ramsch)."""
    db, _ = example_db
    at = new_session(ok(page("log_hand.py").run()), "Stammtisch Zum Ochsen", SEATS, "2026-12-04",
                     rules="schafkopf-bsv")
    ok(at.selectbox(key="lh_sk_game").set_value("solo").run())
    fill(at, dealer="Hias", sk_declarer="Kathi", sk_suit="herz", sk_laufende="4", pts=95, outcome="win-s")
    press(at, "Save hand")
    assert stored_units(db, SESSION, 1) == {"Sepp": -100, "Vroni": -100, "Hias": -100, "Kathi": 300}
    ok(at.selectbox(key="lh_sk_game").set_value("ramsch").run())
    assert "A Ramsch is its score alone" in texts(at)
    fill(at, score=[20, 20, -60, 20])
    press(at, "Save hand")
    assert stored_units(db, SESSION, 2) == {"Sepp": 20, "Vroni": 20, "Hias": -60, "Kathi": 20}


def test_a_wrong_written_score_is_refused_at_the_score_and_nothing_is_stored(example_db):  # noqa: F811
    """A Wenz by Vroni, 2 Laufende with (the minimum in a Wenz under schafkopf-bsv), 70 Augen: 50 + 2 × 10 = 70
    from each opponent, Vroni +210.  Written +200 / -70 / -70 / -60: refused with E-SCORE next to the score."""
    db, _ = example_db
    at = new_session(ok(page("log_hand.py").run()), "Stammtisch Zum Ochsen", SEATS, "2026-12-04",
                     rules="schafkopf-bsv")
    ok(at.selectbox(key="lh_sk_game").set_value("wenz").run())
    fill(at, dealer="Sepp", sk_declarer="Vroni", sk_laufende="2", pts=70, outcome="win")
    press(at, "Check score")
    assert "**Sepp** -70 · **Vroni** +210 · **Hias** -70 · **Kathi** -70 — win" in texts(at)
    fill(at, score=[-70, 200, -70, -60])
    press(at, "Save hand")
    errors = [e.value for e in at.error]
    assert any("is written but the rules give" in e for e in errors), errors
    assert stored_units(db, SESSION, 1) == {}


def test_a_re_without_a_kontra_is_refused_at_the_re_not_dropped(example_db):  # noqa: F811
    """break16b F3: a Re chosen without a Kontra was left out of the text without a word and the game stored at
    x1.  It is written, and the rules refuse it (a Re answers a Kontra, rules.md G-18) next to the Re field;
    nothing is stored.  The Laufende go up to 14 (a Sauspiel's trumps, G-13), and a Ramsch asks for its score
    outside the folded fields."""
    db, _ = example_db
    at = new_session(ok(page("log_hand.py").run()), "Stammtisch Zum Ochsen", SEATS, "2026-12-04",
                     rules="schafkopf-bsv")
    assert at.selectbox(key="lh_sk_laufende").options[-1] == "14"
    fill(at, dealer="Kathi", sk_declarer="Sepp", sk_partner="Hias", sk_laufende="0", pts=75, outcome="win")
    ok(at.selectbox(key="lh_sk_re").set_value("Hias").run())
    press(at, "Save hand")
    errors = [e.value for e in at.error]
    assert "E-SK-KONTRA: the first doubling is a Kontra and any later one a Re (rules.md G-18)" in errors, errors
    assert "Not saved: 1 problem (shown at the field above)." in errors
    assert stored_units(db, SESSION, 1) == {}
    ok(at.selectbox(key="lh_sk_game").set_value("ramsch").run())
    assert [t.label for t in at.text_input if t.key and t.key.startswith("lh_score_")] == ["Sepp", "Vroni", "Hias",
                                                                                          "Kathi"]


def test_a_new_database_opens_log_a_hand_without_errors(tmp_path, monkeypatch):
    """dash17 F9: on an empty database the page opened with two red errors ("name the group or event", "list the
    seats clockwise") before anything was typed.  They are said once the session is being filled in."""
    monkeypatch.setenv("SHEAD_DB", str(tmp_path / "new.duckdb"))
    at = ok(page("log_hand.py").run())
    assert [e.value for e in at.error] == []
    at.text_input(key="lh_event").set_value("Friday").run()
    ok(at)
    assert [e.value for e in at.error] == ["list the seats clockwise, e.g. Al=Allen Braun; Bea=Bea Schmidt; ..."]
