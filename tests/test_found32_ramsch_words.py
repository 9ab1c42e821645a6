"""sk32 F4 and F5: a Ramsch said by its result on the Replay page, the Sheet
(``shead sheet`` and the Sheet page) and the Schafkopf page.

The tester's night (/tmp/sk32/night1.shn, hands 5 and 9 kept here with two
declared games around them) under ``schafkopf-bsv`` (rules.md G-16: Ramsch 20,
solo 50, schneider 10, schwarz 10; ramschTie=highestTrump, jungfrau=doublesOwn,
durchmarsch=allTricks).

Hand 5, worked by hand (Sauspiel trumps in a Ramsch, rules.md G-6, G-17; card
values A-5 / G-1: Sau 11, Zehn 10, König 4, Ober 3, Unter 2).  Vroni deals,
Sepp leads (G-2):

* t1 Sepp: H7 HO HU HK — Resi's Herz-Ober wins: 0 + 3 + 2 + 4 = 9 (Resi 9)
* t2 Resi: H9 HA EA H8 — Hias's Herz-Sau: 0 + 11 + 11 + 0 = 22 (Hias 22)
* t3 Hias: EZ EK EU E7 — Sepp's Eichel-Unter trumps: 10 + 4 + 2 + 0 = 16 (Sepp 16)
* t4 Sepp: HZ SO GA G8 — Resi's Schellen-Ober: 10 + 3 + 11 + 0 = 24 (Resi 33)
* t5 Resi: S8 S7 S9 SZ — Sepp's Schellen-Zehn: 10 (Sepp 26)
* t6 Sepp: SU GO SA E8 — Resi's Gras-Ober: 2 + 3 + 11 + 0 = 16 (Resi 49)
* t7 Resi: GZ GK G9 EO — Sepp's Eichel-Ober: 10 + 4 + 0 + 3 = 17 (Sepp 43)
* t8 Sepp: GU SK E9 G7 — Sepp's Gras-Unter: 2 + 4 + 0 + 0 = 6 (Sepp 49)

Augen Sepp 49, Resi 49, Hias 22, Vroni 0 (= 120).  A tie for most: G-17's
default, the tied player dealt the highest trump loses — Sepp was dealt the
Eichel-Ober (EO), the highest of all.  Vroni took no trick: a Jungfrau, paid
double.  Sepp pays Resi 20, Hias 20, Vroni 40: Sepp -80, Resi +20, Hias +20,
Vroni +40 (zero-sum).

Hand 9, a score sheet: Resi +210, the others -70 each: a Durchmarsch (G-17:
won as a schwarz solo, 50 + 10 + 10 = 70 from each of three).  Nobody lost
this Ramsch by Augen.

The Schafkopf page's Ramsch table over this night (the two Ramsch games, all
four at both):

* Josef (Sepp): lost hand 5 -> lost 1 of 2 (50.0%), no Durchmarsch; units -80 - 70 = -150
* Theresia (Resi): lost 0, Durchmarsch 1; units +20 + 210 = +230
* Matthias (Hias): lost 0; units +20 - 70 = -50
* Veronika (Vroni): lost 0; units +40 - 70 = -30
  (-150 + 230 - 50 - 30 = 0).  Before the fix hand 9 counted as "lost" by
  Josef, Matthias and Veronika (the three lowest units, -70 each).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from typer.testing import CliRunner

from dashboard import metrics
from dashboard.metrics import Filters
from ingest.cli import app
from ingest.schafkopf_hand import stored_ramsch_words
from ingest.sheet import session_sheet
from ingest.store import reading

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "dashboard" / "pages"

NIGHT = """%SHN 1.0
[Event "Schafkopf Stammtisch Gasthaus Post"]
[Date "2026.11.05"]
[Seats "Sepp=Josef; Resi=Theresia; Hias=Matthias; Vroni=Veronika"]
[Rules "schafkopf-bsv"]
[Cards "de"]

hand 5  dealer Vroni
deal Sepp EU H8 GU SU H7 HZ EO SZ
deal Resi S8 GZ HO SK SO H9 GO E7
deal Hias S7 GK SA HA EZ E9 HU GA
deal Vroni S9 G8 E8 EA HK G7 G9 EK
ramsch
t1 Sepp: H7 HO HU HK
t2 Resi: H9 HA EA H8
t3 Hias: EZ EK EU E7
t4 Sepp: HZ SO GA G8
t5 Resi: S8 S7 S9 SZ
t6 Sepp: SU GO SA E8
t7 Resi: GZ GK G9 EO
t8 Sepp: GU SK E9 G7
score Sepp -80 Resi +20 Hias +20 Vroni +40

hand 6  dealer Sepp
game Resi geier  laufende 2 without  pts 30  lose-s
score Sepp +80 Resi -240 Hias +80 Vroni +80

hand 9  dealer Vroni
ramsch
score Sepp -70 Resi +210 Hias -70 Vroni -70

hand 10  dealer Sepp
game Sepp sauspiel GA  partner Resi  laufende 4 with  tricks 8  win-z
score Sepp +70 Resi +70 Hias -70 Vroni -70
"""

#: a score-sheet Ramsch with a loser and a Jungfrau (G-17): Sepp pays 20, 20 and 40 (Vroni doubled)
SHEET_RAMSCH = NIGHT.replace("hand 9  dealer Vroni\nramsch\nscore Sepp -70 Resi +210 Hias -70 Vroni -70",
                             "hand 9  dealer Vroni\nramsch\nscore Sepp -80 Resi +20 Hias +20 Vroni +40")

SESSION = "Schafkopf Stammtisch Gasthaus Post / 2026.11.05"
TIE = "a tie for most Augen with Resi: Sepp was dealt the highest trump, EO"
ROW5 = "Sepp lost 49 (tie with Resi: EO)"  # Sepp's 49 Augen, as "lost 60" is the declarer side's
GAME5 = "ramsch, Jungfrau Vroni"  # paid double, beside the game as a game's Laufende are (G-13, G-17)
ROW9 = "Durchmarsch by Resi"


def _db(tmp_path: Path, text: str = NIGHT) -> Path:
    f = tmp_path / "night1.shn"
    f.write_text(text, encoding="utf-8")
    db = tmp_path / "n.duckdb"
    res = CliRunner().invoke(app, ["ingest", str(f), "--db", str(db)])
    assert res.exit_code == 0, res.stdout
    return db


def _texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info])


# ---- F4: the Replay page says how the tie was broken, in the words `shead replay` uses


def test_replay_page_says_how_the_ramsch_tie_was_broken(tmp_path, monkeypatch):
    db = _db(tmp_path)
    with reading(db) as con:
        (hid,) = con.execute("SELECT hand_id FROM hands WHERE hand = 5").fetchone()
    res = CliRunner().invoke(app, ["replay", str(hid), "--db", str(db)])
    assert TIE in res.stdout  # the CLI's sentence, unchanged
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / "replay_hand.py"), default_timeout=60)
    at.query_params["hand"] = str(hid)
    at.query_params["step"] = "32"  # the last card: the result
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    t = _texts(at)
    assert "**Score** Sepp -80 · Resi +20 · Hias +20 · Vroni +40" in t
    assert TIE in t
    at.query_params["step"] = "31"  # before the last card: no result yet, no tie said
    at.run()
    assert TIE not in _texts(at)


# ---- F5: the Sheet says a Ramsch by its result


def test_sheet_rows_say_the_ramsch_result(tmp_path):
    db = _db(tmp_path)
    with reading(db) as con:
        sheet = session_sheet(con, SESSION, played_ramsch=stored_ramsch_words)
        plain = {r.hand: r for r in session_sheet(con, SESSION).rows}  # without the replay: by the units alone
    rows = {r.hand: r for r in sheet.rows}
    assert (rows[5].result, rows[5].game_text()) == (ROW5, GAME5)
    assert (rows[9].result, rows[9].game_text()) == (ROW9, "ramsch")
    # the units give the loser and the Jungfrau (-80 = 20 + 20 + 2 x 20), not the Augen nor the tie
    assert (plain[5].result, plain[5].game_text(), plain[9].result) == ("Sepp lost", GAME5, ROW9)
    assert rows[6].result == "lost 30 (schneider)"  # a declared game as before
    assert sheet.totals == {"Sepp": -80 + 80 - 70 + 70, "Resi": 20 - 240 + 210 + 70, "Hias": 20 + 80 - 70 - 70,
                            "Vroni": 40 + 80 - 70 - 70}
    assert sum(sheet.totals.values()) == 0
    out = CliRunner().invoke(app, ["sheet", "2026-11-05", "--db", str(db)]).stdout
    assert ROW5 in out and ROW9 in out and GAME5 in out


def test_sheet_row_of_a_score_sheet_ramsch_names_loser_and_jungfrau(tmp_path):
    db = _db(tmp_path, SHEET_RAMSCH)
    with reading(db) as con:
        rows = {r.hand: r for r in session_sheet(con, SESSION).rows}
    # no cards: no Augen, no tie to tell; the score names the loser and the Jungfrau paid double (G-17)
    assert (rows[9].result, rows[9].game_text()) == ("Sepp lost", "ramsch, Jungfrau Vroni")


def test_sheet_page_shows_the_ramsch_result(tmp_path, monkeypatch):
    db = _db(tmp_path)
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / "sheet.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    df = at.dataframe[0].value
    col = next(c for c in df.columns if str(c).startswith("result"))
    cells = dict(zip(df["hand"], df[col]))
    assert cells[5] == ROW5 and cells[9] == ROW9
    games = dict(zip(df["hand"], df["call"]))
    assert games[5] == GAME5 and games[9] == "ramsch"


# ---- F5: the Schafkopf page's Ramsch table: a Durchmarsch is nobody's loss


def test_ramsch_metrics_count_durchmarsch_apart(tmp_path):
    db = _db(tmp_path)
    with reading(db) as con:
        df = metrics.schafkopf_ramsch(con, Filters())
    rows = {r["player"]: r for r in df.to_dicts()}
    assert {p: (r["games"], r["losses"], r["durchmarsch"], r["units"]) for p, r in rows.items()} == {
        "Josef": (2, 1, 0, -150), "Theresia": (2, 0, 1, 230), "Matthias": (2, 0, 0, -50),
        "Veronika": (2, 0, 0, -30)}
    assert rows["Josef"]["loss_rate"] == pytest.approx(0.5)
    assert sum(r["units"] for r in rows.values()) == 0


def test_schafkopf_page_ramsch_table(tmp_path, monkeypatch):
    db = _db(tmp_path)
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / "schafkopf.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    ramsch = at.dataframe[2].value
    assert dict(zip(ramsch["player"], ramsch["losses"])) == {"Josef": 1, "Theresia": 0, "Matthias": 0, "Veronika": 0}
    assert dict(zip(ramsch["player"], ramsch["durchmarsch"])) == {"Josef": 0, "Theresia": 1, "Matthias": 0,
                                                                  "Veronika": 0}
    t = _texts(at)
    assert "Durchmarsch" in t and "no one lost it" in t


@pytest.mark.parametrize("rules, result", [
    # tests/test_sk_ramsch_tie.py's deal, worked there: Al 36, Bea 36, Cy 33, Di 15 Augen; Bea was dealt the EO
    ("schafkopf-bsv", "Bea lost 36 (tie with Al: EO)"),  # ramschTie=highestTrump: Bea alone pays (G-17)
    ("schafkopf-bsv; ramschTie=allTied", "Al and Bea lost 36 (tie: each pays)"),
])
def test_ramsch_words_of_a_tie_under_each_tie_rule(rules, result):
    from ingest.validate import replay_text
    from replay.ramsch_words import ramsch_result_words

    from .test_sk_ramsch_tie import CARDS, _text

    rp = replay_text(_text(rules, CARDS), 1)
    words = ramsch_result_words(rp.state, ["Al", "Bea", "Cy", "Di"])
    assert (words.result, words.jungfrau) == (result, "")  # every seat took a trick: no Jungfrau


# ---- newuser32: the Replay page said the tie but not who lost; now the Result line `shead replay` prints


def test_replay_page_says_who_lost_the_ramsch_as_the_cli_does(tmp_path, monkeypatch):
    """Hand 5 worked by hand (module docstring): Sepp and Resi 49 Augen each, Hias 22, Vroni 0 (49 + 49 + 22 + 0 =
    120, rules.md A-3); the tie for most Augen goes against Sepp, dealt the Eichel-Ober (G-17, ramschTie
    highestTrump); Vroni took no trick: Jungfrau.  The page's Result line and the CLI's are one sentence."""
    db = _db(tmp_path)
    with reading(db) as con:
        (hid,) = con.execute("SELECT hand_id FROM hands WHERE hand = 5").fetchone()
    result = (f"Ramsch lost by Sepp with 49 Augen ({TIE}, ramschTie=highestTrump); "
              "Augen Sepp 49, Resi 49, Hias 22, Vroni 0; Jungfrau Vroni")
    out = CliRunner().invoke(app, ["replay", str(hid), "--db", str(db)]).stdout
    assert f"Result:   {result}" in out
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / "replay_hand.py"), default_timeout=60)
    at.query_params["hand"] = str(hid)
    at.query_params["step"] = "32"
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert f"**Result** {result}" in _texts(at)
