"""Replay frames for SHN-SK hands (docs/notation.md §14.5): replay_text,
``shead replay`` and the dashboard's Replay page replay a Schafkopf SHN hand
through SchafkopfState, as they do a stored NetSchafkopf game.

The figures are read by hand off the worked example
(data/schafkopf/worked_example.shn, docs/notation.md §14.6): card values
Sau 11, Zehn 10, König 4, Ober 3, Unter 2 (rules.md A-5, G-1); Sauspiel
trumps Obers, Unters, then Herz (G-6).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from typer.testing import CliRunner

from ingest.cli import app
from ingest.schafkopf_hand import replay_schafkopf_stored
from ingest.store import Store, load_hands, reading, session_text
from ingest.validate import replay_text, validate_text
from replay.schafkopf import SchafkopfState, SkFrame

from .test_sk_sheet import SHEET

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "schafkopf" / "worked_example.shn"
TEXT = EXAMPLE.read_text(encoding="utf-8")
PAGE = ROOT / "dashboard" / "pages" / "replay_hand.py"


@pytest.fixture
def example_db(tmp_path, monkeypatch):
    db = tmp_path / "sk.duckdb"
    runner = CliRunner()
    res = runner.invoke(app, ["ingest", str(EXAMPLE), "--db", str(db)])
    assert res.exit_code == 0, res.stdout
    monkeypatch.setenv("SHEAD_DB", str(db))
    with reading(db) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands").fetchall())
    return db, ids


def test_replay_text_gives_schafkopf_frames():
    rp = replay_text(TEXT, 1)
    assert rp.errors == [] and isinstance(rp.state, SchafkopfState) and rp.state.done
    f = rp.frames
    assert len(f) == 33 and all(isinstance(x, SkFrame) for x in f)  # before the first card, then 32 cards
    assert f[0].card is None and f[0].leader == 0  # Di (seat 3) deals: Al leads (G-2)
    assert str(f[1].card[1]) == "7S"  # Al's G7, the engine's 7♠
    # Kontra "after 1": ×1 through the first card, ×2 from the second on (G-18)
    assert [x.multiplier for x in f[:3]] == [1, 1, 2]
    # trick 1 G7 SZ GA G8 to Cy: 0 + 10 + 11 + 0 = 21 Augen for the declaring party
    assert f[4].trick_done and f[4].winning == 2 and (f[4].party_points, f[4].opponent_points) == (21, 0)
    assert f[4].partner is None  # the Sau holder is unknown until the Schellen-Sau falls in trick 2
    assert f[5].partner == 2  # Cy leads SA
    assert (f[-1].party_points, f[-1].opponent_points) == (84, 36) and f[-1].settlement.units == (-80, 80, 80, -80)
    # the Ramsch: no declaring party; Augen per seat Al 50, Bea 39, Cy 0, Di 31
    rp2 = replay_text(TEXT, 2)
    assert rp2.frames[-1].party_points is None and rp2.frames[-1].seat_points == (50, 39, 0, 31)


def test_score_sheet_hand_has_no_frames():
    rp = replay_text(SHEET, 1)
    assert rp.errors == [] and rp.frames == [] and rp.state is None and rp.outcome.status == "score-sheet"


def test_cli_replay_of_the_worked_example(example_db):
    db, ids = example_db
    res = CliRunner().invoke(app, ["replay", str(ids[1]), "--db", str(db)])
    assert res.exit_code == 0, res.stderr
    out = res.stdout
    assert "Game:     Bea plays Rufspiel (Sauspiel: 2 against 2)   declarer Bea   [schafkopf-bsv]" in out
    assert "Called:   the Schellen-Sau (SA), held by Cy (partner)" in out
    assert "Doubled:  Kontra by Al (×2)" in out
    # trick 2 SA S8 EU SK: the Eichel-Unter (trump) takes it for Al, 11 + 0 + 2 + 4 = 17; Cy known by the Sau
    assert ("Trick 2   Cy SA   Di S8   Al EU  Bea SK   → Al   (declarer side 21, opponents 17 Augen)   "
            "partner Cy known") in out
    # trick 5 GZ SO GK HO: the Herz-Ober beats the Schellen-Ober: Bea, 10 + 3 + 4 + 3 = 20 -> 54 + 20 = 74
    assert "Trick 5   Cy GZ   Di SO   Al GK  Bea HO   → Bea   (declarer side 74, opponents 17 Augen)" in out
    assert "Result:   Bea and Cy win: declarer side 84 Augen, 5 tricks; opponents 36 Augen" in out
    assert "Laufende: with 3 — the declaring party held EO GO HO" in out
    # 10 + 3 × 10 = 40, Kontra ×2 = 80
    assert "Price:    (Rufspiel 10 + with 3 Laufende 30 = 40) × Kontra 2 = 80" in out
    assert "Units:    Al -80   Bea +80   Cy +80   Di -80" in out
    res = CliRunner().invoke(app, ["replay", str(ids[2]), "--db", str(db)])
    assert res.exit_code == 0
    # trick 6 GO HA GU SO: the Gras-Ober wins for Al, 3 + 11 + 2 + 3 = 19 -> 8 + 23 + 19 = 50
    assert "Trick 6   Al GO  Bea HA   Cy GU   Di SO   → Al   (Augen Al 50, Bea 15, Cy 0, Di 18)" in res.stdout
    assert "Result:   Ramsch lost by Al with 50 Augen; Augen Al 50, Bea 39, Cy 0, Di 31; Jungfrau Cy" in res.stdout


def test_cli_replay_json_frames_in_german(example_db):
    db, ids = example_db
    res = CliRunner().invoke(app, ["replay", str(ids[1]), "--db", str(db), "--json"])
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    fr = data["frames"]
    assert len(fr) == 33 and fr[1]["card"] == ["Al", "G7"] and fr[4]["winning"] == "Cy"
    assert fr[4]["party_points"] == 21 and fr[-1]["party_points"] == 84 and fr[-1]["called"] == "SA"


def test_one_entry_point_for_both_sources(example_db, tmp_path):
    db, ids = example_db
    with reading(db) as con:
        h = load_hands(con, "h.hand_id = ?", [ids[1]])[0]
        fmt, text = session_text(con, ids[1])
    state, frames = replay_schafkopf_stored(h, fmt, text)
    assert fmt == "shn" and state.settlement().units == (-80, 80, 80, -80) and len(frames) == 33
    from ingest.cli import load_file
    nsk = tmp_path / "nsk.duckdb"
    result, nfmt = load_file(ROOT / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt")
    with Store(nsk) as s:
        s.ingest_file(result, source_format=nfmt)
    with reading(nsk) as con:
        (hid,) = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()
        h = load_hands(con, "h.hand_id = ?", [hid])[0]
        fmt, text = session_text(con, hid)
    state, frames = replay_schafkopf_stored(h, fmt, text)
    assert fmt == "netschafkopf" and len(frames) == 33
    assert tuple(h.outcome.units[s] for s in h.outcome.players) == state.settlement().units
    with pytest.raises(ValueError):  # a score sheet has no card log to replay
        sheet = validate_text(SHEET).hands[0]
        replay_schafkopf_stored(type("H", (), {"outcome": sheet.outcome, "cardlog": None})(), "shn", SHEET)


def test_replay_page_steps_through_the_worked_example(example_db):
    _, ids = example_db
    at = AppTest.from_file(str(PAGE), default_timeout=60)
    at.query_params["hand"] = str(ids[1])
    at.query_params["step"] = "4"
    at.run()
    assert not at.exception, [e.message for e in at.exception]

    def texts():
        parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
        return "\n".join(parts + [e.value for e in at.error] + [h.value for h in at.html])

    t = texts()
    assert "**Step 4 of 32**" in t
    assert "Trick 1 won by Cy (Cyrill) with GA (21 Augen)" in t  # G7 SZ GA G8: 0 + 10 + 11 + 0
    # the called Schellen-Sau as the protocol spells it (SA), in Schellen's colour (issue 13)
    assert "**Game** sauspiel · **Declarer** Bea (Beate) · **Called** :orange[**SA**] · **Partner** not yet " \
        "revealed" in t
    # Cy (the partner, not yet revealed) took trick 1: the 21 Augen are not credited to Bea's side yet (issue 13)
    assert "**Kontra, Re, Klopfen** ×2" in t and "**Augen** Bea 0 · the others 21 (the partner not yet revealed)" in t
    at.button(key="rp_next").click().run()
    assert "**Partner** Cy (Cyrill)" in texts()  # Cy leads the Schellen-Sau in trick 2
    at.button(key="rp_last").click().run()
    t = texts()
    assert "**Augen** declarer side 84 · defenders 36" in t
    assert "**Score** Al -80 · Bea +80 · Cy +80 · Di -80" in t
    assert "DECLARER" in at.html[0].value and "German suits" in t


def test_replay_page_shows_a_schafkopf_score_sheet(tmp_path, monkeypatch):
    db = tmp_path / "sheet.duckdb"
    with Store(db) as s:
        s.ingest_file(validate_text(SHEET, "sheet.shn"))
    monkeypatch.setenv("SHEAD_DB", str(db))
    with reading(db) as con:
        (hid,) = con.execute("SELECT hand_id FROM hands WHERE hand = 1").fetchone()
    at = AppTest.from_file(str(PAGE), default_timeout=60)
    at.query_params["hand"] = str(hid)
    at.run()
    assert not at.exception
    t = "\n".join([m.value for m in at.markdown] + [i.value for i in at.info])
    assert "recorded as a score sheet" in t and "**Declarer** Bea" in t and "**Partner** Cy" in t
    assert "**Score** Al -80 · Bea +80 · Cy +80 · Di -80" in t
    # the called Sau as the game names it (written `sauspiel SA` under [Cards "de"]), not the stored code AD
    assert "**Call** Schellen-Sau (SA)" in t
