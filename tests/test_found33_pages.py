"""newuser33 F4, F6 and league33 F6, F7: small things a person sees on the Replay, Rejected hands, Sheet and Picking
pages (streamlit.testing; each figure worked out by hand from rules.md)."""
from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from ingest.store import reading
from tests.cli_helpers import cli, write

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"
SEATS = "Hank=Hank Vogel; Jo=Jo Reinke; Lou=Lou Ziegler; Mo=Mo Brandt; Pat=Pat Kuehn"
HEAD = '%SHN 1.0\n[Event "Thursday"]\n[Date "{date}"]\n[Table "1"]\n[Seats "' + SEATS + '"]\n[Rules "wi5-called-ace"]\n'
#: hand 1: Hank deals, pick order Jo (1st), Lou (2nd) ... (rules.md B-5): Lou picks, so Jo passed; 88 a plain win
#: (B-27, B-33): Lou +2, Pat +1, the rest -1 (sum 0).  Hand 2: Jo deals, order Lou (1st), Mo (2nd): Mo picks, Lou
#: passed; Mo +2, Pat +1, the rest -1.
TWO = """
hand 1  dealer Hank
pick Lou  call AC  partner Pat  pts 88  win
score Hank -1 Jo -1 Lou +2 Mo -1 Pat +1

hand 2  dealer Jo
pick Mo  call AC  partner Pat  pts 88  win
score Hank -1 Jo -1 Lou -1 Mo +2 Pat +1
"""


def _texts(at) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "warning", "info", "error")
                     for e in getattr(at, kind))


def _db(tmp_path, *nights: tuple[str, str]) -> Path:
    db = tmp_path / "club.duckdb"
    for i, (date, body) in enumerate(nights):
        cli("ingest", write(tmp_path, f"n{i}.shn", HEAD.format(date=date) + body), "--db", str(db))
    return db


def _page(name: str, db: Path, monkeypatch, **params) -> AppTest:
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / name), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


# ---- newuser33 F6: a voided hand's Replay page opens the finder on its own session


def test_replay_of_a_voided_hand_opens_the_finder_on_its_session(tmp_path, monkeypatch):
    db = _db(tmp_path, ("2026.12.03", TWO), ("2026.12.10", TWO))  # the older night first, the newer listed first
    with reading(db) as con:
        old_sid, hid = con.execute("SELECT h.session_id, h.hand_id FROM hands h JOIN sessions s USING (session_id) "
                                   "WHERE s.date = DATE '2026-12-03' AND h.hand = 2").fetchone()
        new_sid = con.execute("SELECT session_id FROM sessions WHERE date = DATE '2026-12-10'").fetchone()[0]
    assert old_sid != new_sid
    cli("void", str(hid), "--reason", "dealt twice", "--db", str(db))
    at = _page("replay_hand.py", db, monkeypatch, hand=str(hid))
    assert "was voided" in _texts(at)
    assert at.selectbox(key="replay_session").value == old_sid  # the shown hand's session, not the newest one


# ---- newuser33 F6: the Rejected hands page says a lone error once


def test_rejected_page_says_a_single_error_once(tmp_path, monkeypatch):
    # hand 1 written Lou +3: sums to +1 (rules.md B-35), one error, E-SCORE-SUM at line 10, column 25
    bad = HEAD.format(date="2026.12.03") + TWO.split("\n\nhand 2")[0].replace("Lou +2", "Lou +3") + "\n"
    db = tmp_path / "club.duckdb"
    cli("ingest", write(tmp_path, "bad.shn", bad), "--db", str(db), ok=False)
    at = _page("rejected.py", db, monkeypatch)
    said = [e.value for e in at.markdown if "E-SCORE-SUM" in e.value]
    assert len(said) == 1, said
    assert "line 10, column 25" in said[0] and "sums to +1, not 0" in said[0]


# ---- newuser33 F4: the Sheet says how to correct a wrong hand, each hand reachable, the table no wider

def test_sheet_page_links_each_hand_to_its_replay_and_says_how_to_correct(tmp_path, monkeypatch):
    db = _db(tmp_path, ("2026.12.03", TWO))
    with reading(db) as con:
        ids = dict(con.execute("SELECT hand, hand_id FROM hands").fetchall())
    at = _page("sheet.py", db, monkeypatch)
    t = _texts(at)
    for n in (1, 2):
        assert f"[{n}](/replay_hand?hand={ids[n]}&step=0)" in t, t
    assert "Edit this hand" in t and "Log a hand" in t and "shead ingest --amend" in t
    # no column added: hand, picker, partner, call, result and one column per seat, as before
    assert list(at.dataframe[0].proto.column_order) == ["hand", "picker", "partner", "call", "result", "Hank points →",
                                                        "Jo points →", "Lou points →", "Mo points →", "Pat points →"]


# ---- league33 F7: each pick-rate-by-seat bar says how many offers it rests on; a seat never offered is told apart


def _chart_rows(at) -> list[list[dict]]:
    """Each dataset of the page's first Vega-Lite chart, as rows."""
    import pyarrow as pa  # noqa: PLC0415

    chart = next(e for e in at.main if getattr(e, "type", None) == "vega_lite_chart")
    return [pa.ipc.open_stream(d.data.data).read_all().to_pylist() for d in chart.proto.datasets]


def test_pick_rate_by_seat_bars_say_their_offers(tmp_path, monkeypatch):
    # TWO: hand 1 Jo (1st after Hank) passed, Lou (2nd) picked; hand 2 Lou (1st after Jo) passed, Mo (2nd) picked.
    # 1st seat: offered 2, picked 0 -> 0 % over 2 offers; 2nd: 2 of 2 -> 100 %; 3rd, 4th, the dealer: the blind
    # never reached them (B-5: it stops at the picker) -> no rate at all, not 0 %.
    db = _db(tmp_path, ("2026.12.03", TWO))
    at = _page("picking.py", db, monkeypatch)
    labelled = [rows for rows in _chart_rows(at) if rows and "bar_label" in rows[0]]
    assert labelled, _chart_rows(at)
    said = {r["seat"]: r["bar_label"] for r in labelled[0]}
    no = "not\noffered"  # two lines, to fit a phone's last column (dash34 F7)
    assert said == {"1st": "0%\n0/2", "2nd": "100%\n2/2", "3rd": no, "4th": no, "dealer": no}


# ---- league33 F6: a 12-hand night's Sheet shows its total row without scrolling inside the table

ALIASES = ["Hank", "Jo", "Lou", "Mo", "Pat"]


def _twelve() -> str:
    """Twelve plain wins (rules.md B-27, B-33: picker +2, partner +1, each defender -1; sum 0), the deal passing
    left (Hank, Jo, Lou ...), the second seat after the dealer picking with the third as partner."""
    out = []
    for n in range(1, 13):
        d = (n - 1) % 5
        picker, partner = ALIASES[(d + 2) % 5], ALIASES[(d + 3) % 5]
        score = " ".join(f"{a} {'+2' if a == picker else '+1' if a == partner else '-1'}" for a in ALIASES)
        out.append(f"hand {n}  dealer {ALIASES[d]}\npick {picker}  call AC  partner {partner}  pts 88  win\n"
                   f"score {score}\n")
    return "\n" + "\n".join(out)


def test_twelve_hand_sheet_is_tall_enough_for_its_total_row(tmp_path, monkeypatch):
    import streamlit  # noqa: PLC0415

    db = _db(tmp_path, ("2026.11.12", _twelve()))
    seen: list[dict] = []
    real = streamlit.dataframe

    def spy(*args, **kwargs):
        seen.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(streamlit, "dataframe", spy)
    at = _page("sheet.py", db, monkeypatch)
    df = at.dataframe[0].value
    assert len(df) == 13 and list(df["hand"][:12]) == list(range(1, 13))  # 12 hands, then the total row
    # 12 hands + the total row + the header, 35 px a row (Streamlit's row height) and 3 px of border: 14 x 35 + 3
    assert seen[0].get("height") == 14 * 35 + 3, seen[0].get("height")


def test_a_player_the_blind_never_reached_is_not_said_to_have_passed(tmp_path, monkeypatch):
    # verify33b F2, TWO by hand (rules.md B-5: the blind goes round from the dealer's left and stops at the picker):
    # hand 1 Hank deals, Jo (1st) passes, Lou (2nd) picks; hand 2 Jo deals, Lou (1st) passes, Mo (2nd) picks.  Pat
    # was never offered the blind: no rate at any seat (the caption said "passed all 0 times … (times by seat: ), so
    # every seat's rate is 0 %").  Jo passed once, at the 1st seat: 0 % over 1 offer.
    db = _db(tmp_path, ("2026.12.03", TWO))
    text = " ".join(_texts(_page("picking.py", db, monkeypatch, player="Pat Kuehn")).split())
    assert "the blind never reached Pat Kuehn" in text and "so no seat has a rate" in text, text
    assert "passed all 0 times" not in text and "times by seat: )" not in text, text
    text = " ".join(_texts(_page("picking.py", db, monkeypatch, player="Jo Reinke")).split())
    assert "Jo Reinke passed all 1 time the blind reached them (times by seat: 1st 1)" in text, text
    assert "so every offered seat's rate is 0 %" in text, text
