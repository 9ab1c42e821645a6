"""The Schafkopf JSONL and CSV exports keep the game (issue 18): a Wenz
Tout, a Solo Tout and a Geier Tout are told apart (``game_type`` is
``tout`` for each, ``sk_game`` the announced game under it) and a Farbsolo's
trump suit is in the ``trump_suit`` column (migration 019).

Round trip: SHN-SK score sheets → validate → store → export (JSONL and CSV)
→ the values per hand written here by hand.  Amounts from rules.md
G-14..G-16 under the BSV 10/50 tariff (``schafkopf-bsv``): Sauspiel 10,
Solo/Wenz/Geier 50, 10 per Laufender, Tout (base + Laufende) × 2; a single
game is paid by each of the three opponents (G-15).
"""

from __future__ import annotations

import csv
import io
import json

import duckdb

from ingest import export as ex
from ingest import store as st
from ingest.validate import validate_text

TEXT = """%SHN 1.0
[Event "Stammtisch Au"]
[Session "tout-export"]
[Date "2025.01.10"]
[Seats "Al=Alois; Bea=Beate; Cy=Cyrill; Di=Dora"]
[Rules "schafkopf-bsv"]
[Cards "de"]

hand 1  dealer Di
game Cy wenz tout
laufende 0  tricks 8  win
score Al -100 Bea -100 Cy +300 Di -100

hand 2  dealer Al
game Di solo eichel tout
laufende 0  lose
score Al +100 Bea +100 Cy +100 Di -300

hand 3  dealer Bea
game Al geier tout
laufende 2 with  tricks 8  win
score Al +420 Bea -140 Cy -140 Di -140

hand 4  dealer Cy
game Bea solo gras
laufende 0  pts 70  win
score Al -50 Bea +150 Cy -50 Di -50

hand 5  dealer Di
game Bea sauspiel SA
partner Cy  laufende 0  pts 84  win
score Al -10 Bea +10 Cy +10 Di -10

hand 6  dealer Al
ramsch
score Al -80 Bea +20 Cy +40 Di +20
"""

# By hand, per hand: (game_type, sk_game, trump_suit, units).
#  1 Wenz Tout won, no Laufende: (50 + 0) × 2 = 100 from each of three: Cy +300.
#  2 Eichel-Solo Tout lost: (50 + 0) × 2 = 100 to each of three: Di -300; trump Eichel = C.
#  3 Geier Tout won with 2 Laufende (the minimum in a Geier, G-13): (50 + 2 × 10) × 2 = 140; Al +420.
#  4 Gras-Solo won (70 Augen: 61..90, no schneider): 50 from each; Bea +150; trump Gras = S.
#  5 Sauspiel on the Schellen-Sau won, 84 Augen: 10, each loser pays one winner (G-15); trump Herz = H.
#  6 Ramsch (Sauspiel trumps, G-17): Herz; Al pays 20, 20 and 40 to the Jungfrau Cy.
WANT = {
    1: ("tout", "wenz", None, {"Al": -100, "Bea": -100, "Cy": 300, "Di": -100}),
    2: ("tout", "solo", "C", {"Al": 100, "Bea": 100, "Cy": 100, "Di": -300}),
    3: ("tout", "geier", None, {"Al": 420, "Bea": -140, "Cy": -140, "Di": -140}),
    4: ("solo", "solo", "S", {"Al": -50, "Bea": 150, "Cy": -50, "Di": -50}),
    5: ("sauspiel", "sauspiel", "H", {"Al": -10, "Bea": 10, "Cy": 10, "Di": -10}),
    6: ("ramsch", "ramsch", "H", {"Al": -80, "Bea": 20, "Cy": 40, "Di": 20}),
}


def _fill(db) -> None:
    res = validate_text(TEXT, path="tout.shn")
    assert res.rejected == [] and res.errors == [], [str(e) for r in res.rejected for e in r.errors]
    with st.Store(db) as s:
        s.ingest_file(res)


def test_jsonl_tells_the_touts_apart_and_names_the_trump_suit(db):
    _fill(db)
    buf = io.StringIO()
    with st.reading(db) as con:
        assert ex.export_jsonl(con, buf) == 6
    objs = [json.loads(line) for line in buf.getvalue().splitlines()]
    got = {o["hand"]: (o["game_type"], o["sk_game"], o["trump_suit"], o["units"]) for o in objs}
    assert got == WANT
    assert all(sum(o["units"].values()) == 0 for o in objs)  # zero-sum (G-15)
    # the three Touts share game_type "tout" and differ only in sk_game: the point of the column
    assert len({o["sk_game"] for o in objs if o["game_type"] == "tout"}) == 3


def test_csv_has_the_same_columns_and_values(db):
    _fill(db)
    buf = io.StringIO()
    with st.reading(db) as con:
        assert ex.export_csv(con, buf) == 6
    rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert list(rows[0]) == list(ex.JSONL_FIELDS)
    got = {int(r["hand"]): (r["game_type"], r["sk_game"], r["trump_suit"] or None, json.loads(r["units"]))
           for r in rows}
    assert got == WANT


def test_sheepshead_hands_export_null_game_columns(db):
    from .conftest import make_file

    with st.Store(db) as s:
        s.ingest_file(make_file(1))
    with st.reading(db) as con:
        objs = ex.jsonl_objects(con)
    assert objs and all(o["sk_game"] is None and o["trump_suit"] is None for o in objs)


def test_migration_019_backfills_an_existing_database(db):
    """A database made before 019: the columns are added and filled from the
    stored sources at the next open."""
    _fill(db)
    con = duckdb.connect(str(db))
    con.execute("ALTER TABLE hands DROP COLUMN sk_game")
    con.execute("ALTER TABLE hands DROP COLUMN trump_suit")
    con.execute("DELETE FROM schema_migrations WHERE version = 19")
    con.close()
    with st.reading(db) as con:
        rows = con.execute("SELECT hand, game_type, sk_game, trump_suit FROM hands ORDER BY hand").fetchall()
    assert rows == [(h, w[0], w[1], w[2]) for h, w in sorted(WANT.items())]


def test_shead_replay_names_the_tout_s_game(db):
    from typer.testing import CliRunner  # noqa: PLC0415

    from ingest.cli import app  # noqa: PLC0415

    _fill(db)
    res = CliRunner().invoke(app, ["replay", "tout-export#1", "--db", str(db)])
    assert res.exit_code == 0, res.output
    assert "game wenz tout" in res.stdout and "Cy +300" in res.stdout
