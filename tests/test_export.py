"""Exports: JSONL fields, CSV, hive-partitioned Parquet read back by DuckDB
and polars, and SHN that re-ingests to the same hashes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import duckdb
import polars as pl
from typer.testing import CliRunner

from ingest import export as ex
from ingest import store as st
from ingest.cli import app
from ingest.generate import generate_session_text
from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.validate import validate_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "data" / "sheepshead" / "example_session.shn"

# Units of the example session, per seat, summed by hand over hands 14-18
# (notation brief §3): Al 2-1-2+4+2, Bea -4-1-2-1-2, Cy 2+2-2-1+2, Di -2-1+8-1+2, Ed 2+1-2-1-4.
EXAMPLE_TOTALS = {"Al": 5, "Bea": -10, "Cy": 3, "Di": 6, "Ed": -4}


def _fill(db: Path) -> None:
    with st.Store(db) as s:
        s.ingest_file(validate_text(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE)))
        s.ingest_file(validate_text(generate_session_text(4, 30, event="Friday Group", date="2024.11.08",
                                                          session="friday"), path="friday.shn"))


def test_jsonl_has_exactly_the_design_fields(db):
    _fill(db)
    with st.reading(db) as con:
        objs = ex.jsonl_objects(con)
    assert len(objs) == 35
    assert all(list(o) == list(ex.JSONL_FIELDS) for o in objs)
    h16 = next(o for o in objs if o["hand"] == 16 and o["group"] == "Thursday Night Sheepshead")
    assert h16["units"] == {"Al": -2, "Bea": -2, "Cy": -2, "Di": 8, "Ed": -2}
    assert (h16["picker"], h16["partner"], h16["alone"], h16["outcome"], h16["date"]) == ("Di", None, True,
                                                                                          "win-s", "2025-03-06")
    h15 = next(o for o in objs if o["hand"] == 15 and o["group"] == "Thursday Night Sheepshead")
    assert h15["status"] == "score-sheet" and h15["players"]["Bea"] == "Bea Schmidt"
    assert isinstance(h15["rules_flags"], dict) and h15["rules_flags"]["doubleOnBump"] is True


def test_csv_rows_match_the_hands(db):
    _fill(db)
    buf = io.StringIO()
    with st.reading(db) as con:
        n = ex.export_csv(con, buf)
    rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert n == len(rows) == 35
    assert list(rows[0]) == list(ex.JSONL_FIELDS)
    assert json.loads(rows[0]["units"]) == {"Al": 2, "Bea": -4, "Cy": 2, "Di": -2, "Ed": 2}
    assert (rows[0]["hand"], rows[0]["alone"], rows[0]["picker_points"]) == ("14", "false", "59")


def test_parquet_read_back_by_duckdb_and_polars_gives_the_same_totals(db, tmp_path):
    _fill(db)
    out = tmp_path / "pq"
    code = CliRunner().invoke(app, ["export", "--format", "parquet", "--out", str(out), "--db", str(db)]).exit_code
    assert code == 0
    parts = sorted(str(p.relative_to(out).parent) for p in out.rglob("*.parquet"))
    # partition values are URL-encoded in folder names (hive style); readers decode them
    assert parts == ["group=Friday%20Group/year=2024", "group=Thursday%20Night%20Sheepshead/year=2025"]
    with st.reading(db) as con:
        db_count = con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
        db_units = dict(con.execute("SELECT u.seat, sum(u.units) FROM hand_units u JOIN hands h USING (hand_id) "
                                    "WHERE h.\"group\" = ? GROUP BY u.seat", ["Thursday Night Sheepshead"]).fetchall())
        db_abs = con.execute("SELECT sum(abs(units)) FROM hand_units").fetchall()[0][0]
    assert db_units == EXAMPLE_TOTALS
    pattern = str(out / "**" / "*.parquet")
    dk = duckdb.connect()
    assert dk.execute("SELECT count(*) FROM read_parquet(?, hive_partitioning = true)", [pattern]).fetchall() \
        == [(db_count,)]
    dk_units = dict(dk.execute(
        "SELECT e.key, sum(e.value) FROM (SELECT unnest(map_entries(units)) AS e FROM read_parquet(?, "
        "hive_partitioning = true) WHERE \"group\" = ?) GROUP BY e.key", [pattern, "Thursday Night Sheepshead"]).fetchall())
    assert dk_units == EXAMPLE_TOTALS
    df = pl.read_parquet(out, hive_partitioning=True)
    assert df.height == db_count
    long = df.select("group", "year", pl.col("units").map.entries().alias("e")).explode("e").unnest("e")
    pl_units = dict(long.filter(pl.col("group") == "Thursday Night Sheepshead").group_by("key")
                    .agg(pl.col("value").sum()).iter_rows())
    assert pl_units == EXAMPLE_TOTALS
    assert long["value"].abs().sum() == db_abs
    assert sorted(df["year"].unique().to_list()) == [2024, 2025]


def test_shn_export_reingests_to_the_same_hands(db, tmp_path):
    _fill(db)
    buf = io.StringIO()
    with st.reading(db) as con:
        assert ex.export_shn(con, buf) == 35
        hashes = sorted(bytes(h).hex() for (h,) in con.execute("SELECT hash FROM hand_source").fetchall())
        units = con.execute("SELECT h.session, h.hand, u.seat, u.units FROM hand_units u JOIN hands h "
                            "USING (hand_id) ORDER BY 1, 2, 3").fetchall()
    res = validate_text(buf.getvalue(), path="export.shn")
    assert res.rejected == [] and res.errors == []
    # the export is canonical (docs/notation.md §10): a hand stored in canonical
    # layout keeps its content hash, the others (comments, padding) get another
    assert write(read(buf.getvalue())) == buf.getvalue()
    assert len(set(h.hash for h in res.hands) & set(hashes)) < 35
    again = tmp_path / "again.duckdb"
    with st.Store(again) as s:
        assert s.ingest_file(res).stored == 35
    with st.reading(again) as con:
        assert con.execute("SELECT h.session, h.hand, u.seat, u.units FROM hand_units u JOIN hands h "
                           "USING (hand_id) ORDER BY 1, 2, 3").fetchall() == units
        buf2 = io.StringIO()
        ex.export_shn(con, buf2)
    assert buf2.getvalue() == buf.getvalue()  # a fixed point: export, ingest, export gives the same text
    with st.Store(db) as s:  # and into the original: the same hands in another layout, nothing new
        rep = s.ingest_file(res)
        assert (rep.stored, rep.duplicates, rep.rejected) == (0, 35, [])
