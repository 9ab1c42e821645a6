"""fixb30 F2: a Schafkopf score-sheet game whose score implies its Laufende stores them.

A score-sheet game (docs/notation.md §14.7) with no ``laufende`` written (or ``laufende ?``) was priced with every
count the game allows and its score accepted when one fitted, but the count that fitted was thrown away: the hand
stored no Laufende, so the night's Sheet, the exports and the Schafkopf page's Laufende statistics lost them.  Now
the count the score fixes is stored (provenance ``derived``), and the side that held them when the rules tell it:

* rules.md G-13: each counted Laufender adds one ``laufender`` step, counted from the house's minimum (3 in Sauspiel
  and Farbsolo, 2 in Wenz and Geier under schafkopf-bsv; 3 in every game under netschafkopf), "with" or "without"
  paying the same — so the score tells the count, not the side;
* the side follows only where G-13 with G-12/G-14 leaves one: the run starts at the top trump (Eichel-Ober; Wenz:
  Eichel-Unter), which takes the trick it falls in, so a declaring party that lost schwarz (took no trick) did not
  hold it ("without"), and one that won schwarz or won a Tout did ("with"); else the side is stored as not known
  (NULL), never guessed;
* a score every count fits (a house whose Laufender step is 0) fixes none: nothing stored, ``W-SK-LAUFENDE`` says so.

Prices worked by hand (G-14: value = base + schneider + schwarz + Laufende; Tout: (base + Laufende) x toutFactor;
G-15: Sauspiel each seat +-value, single game the declarer +-3 x value):

Night A, ``schafkopf-bsv`` (G-16's 10/50: Sauspiel 10, Solo/Wenz 50, schneider +10, schwarz +10, 10 a Laufender):
  1. Sauspiel won, +-40: 40 - 10 = 30 = 3 x 10 -> 3 Laufende (3 is the Sauspiel minimum), side not known.
  2. Sauspiel lose-z, +-60: 60 - 10 - 10 - 10 = 30 -> 3 Laufende; no trick taken -> without.
  3. Wenz, pts 95 (>= 91: win-s), Cy +240 = 3 x 80: 80 - 50 - 10 = 20 -> 2 Laufende (Wenz minimum 2), side not known.
  4. Herz-Solo Tout won, Di +480 = 3 x 160: 160 / 2 = 80, 80 - 50 = 30 -> 3 Laufende; a won Tout -> with.
  5. Sauspiel, pts 70 (win), +-10: 10 - 10 = 0 -> 0 Laufende counted (none).
Night B, ``netschafkopf`` (Rufspiel 2, Einzelspiel 5, +1 a schneider, schwarz and Laufender, Laufende from 3):
  1. Eichel-Solo, pts 70 (win), Al +24 = 3 x 8: 8 - 5 = 3 -> 3 Laufende, side not known.
  2. Wenz won, Cy +27 = 3 x 9: 9 - 5 = 4 -> 4 Laufende (all four Unter), side not known.
  3. Sauspiel win-z, +-7: 7 - 2 - 1 - 1 = 3 -> 3 Laufende; the opponents took no trick -> with.
Every score is zero-sum (checked below).
"""

from __future__ import annotations

import io
import json

import pytest

from dashboard import metrics as m
from ingest import store as sto
from ingest.export import export_jsonl
from ingest.render import render_hand
from ingest.sheet import find_session, session_sheet
from ingest.validate import validate_text

SEATS = '[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]\n[Cards "de"]\n\n'

NIGHT_A = '%SHN 1.0\n[Event "Stammtisch Au"]\n[Date "2026.01.08"]\n' + SEATS.replace(
    "\n[Cards", '\n[Rules "schafkopf-bsv"]\n[Cards') + """hand 1  dealer Di
game Bea sauspiel SA  partner Cy  win
score Al -40 Bea +40 Cy +40 Di -40

hand 2  dealer Al
game Bea sauspiel SA  partner Cy  lose-z
score Al +60 Bea -60 Cy -60 Di +60

hand 3  dealer Bea
game Cy wenz  pts 95
score Al -80 Bea -80 Cy +240 Di -80

hand 4  dealer Cy
game Di solo herz tout  win
score Al -160 Bea -160 Cy -160 Di +480

hand 5  dealer Di
game Al sauspiel GA  partner Di  pts 70
score Al +10 Bea -10 Cy -10 Di +10
"""

NIGHT_B = '%SHN 1.0\n[Event "Netz"]\n[Date "2026.01.09"]\n' + SEATS.replace(
    "\n[Cards", '\n[Rules "netschafkopf"]\n[Cards') + """hand 1  dealer Di
game Al solo eichel  pts 70
score Al +24 Bea -8 Cy -8 Di -8

hand 2  dealer Al
game Cy wenz  win
score Al -9 Bea -9 Cy +27 Di -9

hand 3  dealer Bea
game Bea sauspiel SA  partner Di  laufende ?  win-z
score Al -7 Bea +7 Cy -7 Di +7
"""

# (count, with) by hand: None for a side the score cannot tell
EXPECTED_A = {1: (3, None), 2: (3, False), 3: (2, None), 4: (3, True), 5: (0, None)}
EXPECTED_B = {1: (3, None), 2: (4, None), 3: (3, True)}


def _outcomes(text: str) -> dict:
    res = validate_text(text, "night.shn")
    assert [str(e) for r in res.rejected for e in r.errors] == [] and res.errors == []
    return {h.outcome.hand: h.outcome for h in res.hands}


@pytest.mark.parametrize(("text", "expected"), [(NIGHT_A, EXPECTED_A), (NIGHT_B, EXPECTED_B)], ids=["bsv", "nsk"])
def test_the_laufende_the_score_implies_are_stored(text, expected):
    outs = _outcomes(text)
    assert {n: (o.laufende, o.laufende_with) for n, o in outs.items()} == expected
    for o in outs.values():
        assert sum(o.units.values()) == 0
        assert o.provenance["laufende"] == "derived"
        assert o.provenance["units"] == "verified"
        assert not [w for w in o.warnings if "LAUFENDE" in str(w)]


def test_the_price_breakdown_names_the_side_only_when_known():
    outs = _outcomes(NIGHT_A)
    # hand 1: 10 + 30; the side is not known, so the part is named without one (it said "with 3 Laufende")
    assert "value (Rufspiel 10 + 3 Laufende 30) 40" in outs[1].breakdown
    # hand 2: lost schwarz, so the opponents held them (it said "with 3 Laufende", which the cards cannot give)
    assert "value (Rufspiel 10 + Schneider 10 + Schwarz 10 + without 3 Laufende 30) 60" in outs[2].breakdown
    assert "(Herz-Solo 50 + with 3 Laufende 30) × 2 Tout" in outs[4].breakdown
    assert "Laufende" not in outs[5].breakdown


def test_the_written_laufende_still_rule():
    # written "laufende 3 without" on hand 1: stored as written (asserted), the count agreeing with the score
    o = _outcomes(NIGHT_A.replace("partner Cy  win\nscore Al -40", "partner Cy  laufende 3 without  win\nscore Al -40"))
    assert (o[1].laufende, o[1].laufende_with, o[1].provenance["laufende"]) == (3, False, "asserted")


def test_a_score_every_count_fits_stores_none_and_says_so():
    # tariff.laufender=0: Sauspiel won is 10 whatever the run (0, or 3..14 Laufende at 0 each): +-10 fixes no count
    text = NIGHT_A.replace('"schafkopf-bsv"', '"schafkopf-bsv; tariff.laufender=0"').split("\nhand 2")[0]
    text = text.replace("score Al -40 Bea +40 Cy +40 Di -40", "score Al -10 Bea +10 Cy +10 Di -10") + "\n"
    res = validate_text(text, "night.shn")
    assert not res.rejected
    (h,) = res.hands
    o = h.outcome
    assert (o.laufende, o.laufende_with, o.units) == (None, None, {"Al": -10, "Bea": 10, "Cy": 10, "Di": -10})
    assert "laufende" not in o.provenance
    (w,) = [w for w in h.diagnostics if w.code == "W-SK-LAUFENDE"]
    # at hand 1's score (lines: 1 header, 2-6 tags, 7 blank, 8 'hand 1', 9 its game, 10 its score)
    assert (w.severity, w.line, w.col) == ("warning", 10, 1)
    assert w.message.startswith("laufende not written, and the score fits 0 or 3..14 Laufende alike")
    assert "not stored" in w.message


@pytest.fixture(scope="module")
def night_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("f30sk") / "sk.duckdb"
    with sto.Store(db) as s:
        for text in (NIGHT_A, NIGHT_B):
            rep = s.ingest_file(validate_text(text, "night.shn"))
            assert not rep.rejected
    return db


def test_the_sheet_names_the_implied_laufende(night_db):
    with sto.reading(night_db) as con:
        sheet = session_sheet(con, find_session(con, "Stammtisch Au"))
    calls = {r.hand: r.game_text() for r in sheet.rows}
    assert calls == {1: "sauspiel SA, 3 Laufende", 2: "sauspiel SA, 3 Laufende without", 3: "wenz, 2 Laufende",
                     4: "solo herz tout, 3 Laufende with", 5: "sauspiel GA"}
    got = {h["hand"]: (h["laufende"], h["laufende_with"]) for h in sheet.as_json()["hands"]}
    assert got == EXPECTED_A


def test_the_jsonl_export_has_the_implied_laufende(night_db):
    out = io.StringIO()
    with sto.reading(night_db) as con:
        export_jsonl(con, out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    got = {(r["group"], r["hand"]): (r["laufende"], r["laufende_with"]) for r in rows}
    assert got == {**{("Stammtisch Au", n): v for n, v in EXPECTED_A.items()},
                   **{("Netz", n): v for n, v in EXPECTED_B.items()}}


def test_the_laufende_metrics_count_them_with_the_side_not_known_apart(night_db):
    with sto.reading(night_db) as con:
        f = m.Filters(groups=("Stammtisch Au",))
        dist = [(r["game_type"], r["side"], r["laufende"], r["games"]) for r in m.schafkopf_laufende(con, f).to_dicts()]
        summ = {r["game_type"]: r for r in m.schafkopf_laufende_summary(con, f).to_dicts()}
    # Sauspiel: hand 2 without 3, hand 1 3 of a side not known, hand 5 none; Wenz: hand 1 2 not known; Tout: with 3
    assert dist == [("sauspiel", "without", 3, 1), ("sauspiel", "unknown", 3, 1), ("sauspiel", "none", 0, 1),
                    ("wenz", "unknown", 2, 1), ("tout", "with", 3, 1)]
    s = summ["sauspiel"]
    assert (s["games"], s["with_laufende"], s["without_laufende"], s["side_unknown_laufende"], s["no_laufende"]) == (
        3, 0, 1, 1, 1)
    assert s["mean_laufende"] == 3.0  # (3 + 3) / 2 games in which some counted
    w = summ["wenz"]
    assert (w["games"], w["with_laufende"], w["without_laufende"], w["side_unknown_laufende"], w["no_laufende"],
            w["mean_laufende"]) == (1, 0, 0, 1, 0, 2.0)


def test_the_hand_text_says_the_side_is_not_known(night_db):
    with sto.reading(night_db) as con:
        hands = {(h.outcome.group, h.outcome.hand): h for h in sto.load_hands(con)}
    assert "Laufende: 3, with or without not written" in render_hand(hands[("Stammtisch Au", 1)])
    assert "Laufende: without 3" in render_hand(hands[("Stammtisch Au", 2)])
    assert "Laufende: none" in render_hand(hands[("Stammtisch Au", 5)])


def test_the_schafkopf_page_counts_them_apart(night_db, monkeypatch):
    """Both nights: 8 games with a declarer, all with recorded Laufende now (night A 5, night B 3).  With: B3 and
    A4 = 2 (25.0%); without: A2 = 1 (12.5%); side not known: A1, A3, B1, B2 = 4; none: A5 = 1 (12.5%, it was
    (8 - 2 - 1) / 8 = 62.5% with the four counted as none)."""
    from tests.test_found26_dashboard import _run

    at = _run("schafkopf.py", night_db, monkeypatch)
    got = {x.label: x.value for x in at.metric}
    assert (got["Declarer side with Laufende"], got["Opponents with Laufende"], got["No Laufende"]) == (
        "25.0%", "12.5%", "12.5%")
    caps = "\n".join(c.value for c in at.caption)
    assert "4 more games had Laufende held by a side not known" in caps
    assert "[wenz unknown 4 (1)](/hands?game=schafkopf&game_type=wenz&laufende=unknown&laufende_n=4)" in caps
    (summ,) = [d.value for d in at.dataframe if "side_unknown_laufende" in d.value.columns]
    rows = {r["game_type"]: r for r in summ.to_dict("records")}
    assert [(t, rows[t]["side_unknown_laufende"], rows[t]["no_laufende"]) for t in ("sauspiel", "solo", "wenz", "tout")
            ] == [("sauspiel", 1, 1), ("solo", 1, 0), ("wenz", 2, 0), ("tout", 0, 0)]
    hands = _run("hands.py", night_db, monkeypatch, game="schafkopf", game_type="wenz", laufende="unknown")
    (df,) = [d.value for d in hands.dataframe]
    assert sorted(df["hand"]) == [2, 3]  # night B's Wenz (4) and night A's (2)


def test_rederive_fills_in_a_database_stored_before(tmp_path):
    """A night stored before the fix has NULL Laufende on these games (set so here); ``shead rederive`` (the
    documented way to re-derive stored hands with the current engine) stores the counts the scores fix."""
    import duckdb

    db = tmp_path / "old.duckdb"
    with sto.Store(db) as s:
        s.ingest_file(validate_text(NIGHT_A, "night.shn"))
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE hands SET laufende = NULL, laufende_with = NULL")
    with sto.Store(db) as s:
        s.rederive()
    with duckdb.connect(str(db), read_only=True) as con:
        got = {n: (lc, lw) for n, lc, lw in con.execute("SELECT hand, laufende, laufende_with FROM hands").fetchall()}
    assert got == EXPECTED_A
