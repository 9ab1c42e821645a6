"""corr34 F4: a database "restored" from a JSONL or Parquet export.

`shead export --format csv` sent back to `shead ingest` is E-CSV-HEADER saying it is an export and that a database
is restored from the SHN export.  The JSONL export was read as a CSV sheet (E-CSV-COLUMNS: "the name
'{"session":...' cannot be a seat's name"); a Parquet export's folder was "skipped (not an SHN file ...)", 0
stored, exit status 0; a .parquet file named alone was "a binary file".  Each is now said to be shead's export,
with the way to restore, and a run that reads nothing exits non-zero.  Nothing is stored (0 hands).
"""

from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import cli, ledger, write

NIGHT = """%SHN 1.0
[Event "Friday Sheep Club"]
[Date "2026.11.06"]
[Seats "Al=Al Berg; Bo=Bo Dahl; Cy=Cy Voss; Di=Di Marsh; Ed=Ed Funk"]
[Rules "wi5-called-ace"]

hand 1  dealer Al  pick Di  call AC  partner Cy  pts 67  win
hand 2  dealer Bo  pick Ed  call AS  partner Di  pts 50  lose
"""


def _exported(tmp_path: Path, fmt: str, out: str) -> Path:
    db = tmp_path / "club.duckdb"
    cli("ingest", write(tmp_path, "night.shn", NIGHT), "--db", str(db))
    cli("export", "--format", fmt, "--out", str(tmp_path / out), "--db", str(db))
    return tmp_path / out


def test_a_jsonl_export_is_said_to_be_one_with_the_way_to_restore(tmp_path):
    path = _exported(tmp_path, "jsonl", "all.jsonl")
    db = tmp_path / "restored.duckdb"
    r = cli("ingest", str(path), "--db", str(db), ok=False)
    assert r.exit_code == 1, r.output
    out = " ".join(r.output.split())
    assert "this is `shead export --format jsonl`" in out, out
    assert "a database is restored from `shead export --format shn`" in out
    assert "seat's name" not in out and "E-CSV-COLUMNS" not in out
    assert ledger(db) == {}


def test_a_parquet_export_folder_is_named_and_the_run_that_reads_nothing_fails(tmp_path):
    folder = _exported(tmp_path, "parquet", "pq")
    files = sorted(folder.rglob("*.parquet"))
    assert files
    db = tmp_path / "restored.duckdb"
    r = cli("ingest", str(folder), "--db", str(db), ok=False)
    assert r.exit_code == 1, r.output  # nothing could be read: no silent success
    out = " ".join(r.output.split())
    assert "skipped (a Parquet file (shead export --format parquet?)" in out, out
    assert "restored from `shead export --format shn`" in out
    r = cli("ingest", str(files[0]), "--db", str(db), ok=False)
    assert r.exit_code == 1
    out = " ".join(r.output.split())
    assert "E-FORMAT: this is a Parquet file (shead export --format parquet?)" in out, out
    assert "restored from `shead export --format shn`" in out
    assert ledger(db) == {}
