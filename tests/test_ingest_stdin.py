"""``shead ingest -``: SHN read from standard input, as one file named
``<stdin>`` (its report lines, its errors' file:line:col and the stored
hands' file name).

Units by hand (rules.md B, wi5-called-ace; notation.md §3's hands 15 and
16): hand 15, Cy picks and calls the A♠, Ed is the partner, 72 points wins
without schneider: Cy +2, Ed +1, Al, Bea, Di -1 each; hand 16, Di alone with
93 points wins schneider: each defender pays 2, Di takes 4 × 2 = +8.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from ingest import store as st
from ingest.cli import app

TEXT = """%SHN 1.0
[Event "Thursday Night Sheepshead"]
[Date "2025.03.06"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 15  dealer Al
pick Cy  call AS  partner Ed  pts 72  win
score Al -1 Bea -1 Cy +2 Di -1 Ed +1

hand 16  dealer Bea
pick Di  alone  pts 93  win-s

hand 17  dealer Cy
pick Al  call AH  partner Bea  pts 72  lose
"""


def _units(db: Path) -> dict[tuple[int, str], int]:
    with st.reading(db) as con:
        return {(h, s): u for h, s, u in con.execute(
            "SELECT h.hand, u.seat, u.units FROM hand_units u JOIN hands h USING (hand_id)").fetchall()}


def _assert_hands_15_and_16(db: Path) -> None:
    """The stored units of hands 15 and 16, as worked in the module docstring."""
    got = _units(db)
    assert {s: got[(15, s)] for s in ("Al", "Bea", "Cy", "Di", "Ed")} == {"Al": -1, "Bea": -1, "Cy": 2, "Di": -1,
                                                                         "Ed": 1}
    assert {s: got[(16, s)] for s in ("Al", "Bea", "Cy", "Di", "Ed")} == {"Al": -2, "Bea": -2, "Cy": -2, "Di": 8,
                                                                         "Ed": -2}


def test_ingest_dash_reads_standard_input_in_a_real_process(tmp_path):
    exe = Path(sys.executable).with_name("shead")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "ingest.cli"]
    db = tmp_path / "stdin.duckdb"
    env = {k: v for k, v in os.environ.items() if k != "SHEAD_DB"}
    res = subprocess.run(cmd + ["ingest", "--db", str(db), "-"], input=TEXT, cwd=tmp_path, capture_output=True,
                         text=True, env=env)
    assert res.returncode == 1, res.stderr  # hand 17 is refused
    lines = res.stdout.splitlines()
    assert lines[0] == "<stdin>: 2 stored, 0 duplicates, 1 rejected"
    # hand 17 (line 15, `lose` at column 40): 72 points is a win (rules.md B-27), not lose
    assert lines[1].startswith("  <stdin>:15:40: E-OUTCOME (hand 17):"), lines[1]
    assert lines[-1] == f"total: 2 stored, 0 duplicates (already stored), 1 rejected hand(s), from 1 file(s) into {db}"
    _assert_hands_15_and_16(db)
    with st.reading(db) as con:
        assert con.execute("SELECT DISTINCT file FROM hand_source").fetchall() == [("<stdin>",)]
        assert con.execute("SELECT file FROM rejected").fetchall() == [("<stdin>",)]
        assert con.execute("SELECT file, stored, rejected FROM ingests").fetchall() == [("<stdin>", 2, 1)]


def test_a_large_standard_input_is_spooled_and_stored_in_batches_with_the_same_report(tmp_path):
    """Standard input larger than SHEAD_STREAM_ABOVE bytes (here 100; TEXT is about 500) is copied to a
    temporary file and read in batches of SHEAD_STREAM_BATCH hands (here 1), as a large .shn file is, so
    memory does not grow with the input (a tester's 24 MB took 1.3 GB read whole).  The report, the refused
    hand's position, the stored units and the file name are those of the small path above, and the temporary
    file is gone afterwards."""
    exe = Path(sys.executable).with_name("shead")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "ingest.cli"]
    db = tmp_path / "big.duckdb"
    spool = tmp_path / "tmp"
    spool.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "SHEAD_DB"}
    env.update(SHEAD_STREAM_ABOVE="100", SHEAD_STREAM_BATCH="1", TMPDIR=str(spool))
    res = subprocess.run(cmd + ["ingest", "--db", str(db), "-"], input=TEXT, cwd=tmp_path, capture_output=True,
                         text=True, env=env)
    assert res.returncode == 1, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "<stdin>: 2 stored, 0 duplicates, 1 rejected"
    assert lines[1].startswith("  <stdin>:15:40: E-OUTCOME (hand 17):"), lines[1]
    _assert_hands_15_and_16(db)
    with st.reading(db) as con:
        assert con.execute("SELECT DISTINCT file FROM hand_source").fetchall() == [("<stdin>",)]
    assert list(spool.iterdir()) == []  # the spooled copy removed


def test_dash_twice_is_one_file_and_a_second_run_finds_duplicates(tmp_path):
    db = tmp_path / "stdin.duckdb"
    runner = CliRunner()
    good = TEXT.split("\nhand 17")[0] + "\n"
    res = runner.invoke(app, ["ingest", "--db", str(db), "-", "-"], input=good)
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[0] == "<stdin>: 2 stored, 0 duplicates, 0 rejected"
    assert "from 1 file(s)" in res.stdout
    res = runner.invoke(app, ["ingest", "--db", str(db), "-", "--json"], input=good)
    assert res.exit_code == 0 and res.stdout.strip() == \
        '{"ingested": 0, "duplicates": 2, "rejected": [], "warnings": []}'


def test_empty_standard_input_is_a_file_error(tmp_path):
    res = CliRunner().invoke(app, ["ingest", "--db", str(tmp_path / "e.duckdb"), "-"], input="")
    assert res.exit_code == 1
    assert "<stdin>" in res.stdout and "0 stored" in res.stdout


def test_a_protocol_or_a_sheet_on_standard_input_is_refused_not_named_stdin(tmp_path):
    # a protocol's session is named after its file (NetSchafkopf <stem>), a CSV sheet's too (CSV <stem> <date>):
    # two piped in were one session '<stdin>', the second refused as 99 conflicts of the first (break15)
    db = tmp_path / "s.duckdb"
    protocol = (Path(__file__).resolve().parents[1] / "data" / "netschafkopf"
                / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt").read_bytes()
    sheet = b"date,hand,dealer,picker,partner,Al,Bea,Cy,Di,Ed\n2026-12-02,1,Ed,Cy,Ed,-1,-1,2,-1,1\n"
    for data, first in ((protocol, "Geber: "), (sheet, "date,hand,dealer,pic")):
        res = CliRunner().invoke(app, ["ingest", "--db", str(db), "-"], input=data)
        assert res.exit_code == 1, res.output
        out = " ".join(res.output.split())
        assert "<stdin>:1:1: E-STDIN: standard input takes SHN only" in out and "save it to a file" in out
        assert "<stdin>: 0 stored" in out
    with st.reading(db) as con:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (0,)


def test_a_closed_standard_input_is_a_usage_error(tmp_path):
    db = tmp_path / "c.duckdb"
    shead = Path(sys.executable).with_name("shead")
    # the child's standard input closed before it starts (as `shead ingest - <&-`): Python's sys.stdin is None
    res = subprocess.run([str(shead), "ingest", "-", "--db", str(db)], capture_output=True, text=True, timeout=120,
                         preexec_fn=lambda: os.close(0))
    assert res.returncode == 2, res.stderr
    assert "error: -: standard input is closed: nothing to read" in res.stderr and "Traceback" not in res.stderr
    assert not db.exists()


def test_a_gzip_on_standard_input_is_named_not_quoted(tmp_path):
    """break16b F10: ``gzip -c night.shn | shead ingest -`` quoted the compressed bytes in its error.  It names
    what it found and how to give it; nothing is read or stored."""
    import gzip  # noqa: PLC0415

    db = tmp_path / "g.duckdb"
    r = CliRunner().invoke(app, ["ingest", "--db", str(db), "-"], input=gzip.compress(TEXT.encode()))
    assert r.exit_code == 1
    assert "E-STDIN: standard input takes SHN text, and this is a gzip-compressed file: unpack it first" in r.output
    assert "\x1f\x8b" not in r.output and "0 stored" in r.output
