"""``shead bench`` (issue 17): the stages it times and the report it prints.
Speed itself is measured by running the command, never asserted here."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from ingest import bench
from ingest.cli import app


def test_report_lines_shares_rates_and_ratio():
    res = bench.BenchResult(hands=8_000, files=8, rules="wi5-called-ace", stored=8_000, db_bytes=1_600_000,
                            text_bytes=3_200_000, group_hands=5_000, transactions=2,
                            seconds={"read": 1.0, "plan": 0.0, "engine": 2.0, "glue": 0.5, "store": 0.25,
                                     "free": 0.25, "release": 0.0})
    lines = bench.report_lines(res, "test machine", poker=500.0)
    # total 1 + 0 + 2 + 0.5 + 0.25 + 0.25 + 0 = 4 CPU-s; 8,000 / 4 = 2,000 hands/s
    assert res.total == 4.0 and res.rate == 2_000.0
    assert lines[0] == "machine: test machine"
    assert lines[1] == ("input: 8,000 generated hands (wi5-called-ace), 8 file(s), 400 bytes of SHN a hand; "
                        "stored in 2 transaction(s) (files held up to 5,000 hands)")
    assert lines[2] == "path: pure Python"
    assert "8,000 stored, 0 rejected in 4.00 CPU-s = 2,000 hands/s" in lines[3]
    stage = {ln.split()[0]: ln.split()[1] for ln in lines[4:11]}
    # read 1/4 = 25 %, engine 2/4 = 50 %, glue 0.5/4 = 12.5 %, store and free 0.25/4 = 6.25 % each
    assert stage == {"read": "25.0%", "plan": "0.0%", "engine": "50.0%", "glue": "12.5%", "store": "6.2%",
                     "free": "6.2%", "release": "0.0%"}
    assert "8,000 hands/s" in lines[4]  # the reader alone: 8,000 hands in 1 s
    assert lines[11].endswith("= 200.0 bytes/hand")  # 1,600,000 / 8,000
    assert lines[12].endswith("shead ingest / pokerkit = 4.0x")  # 2,000 / 500


def test_shead_bench_ingests_every_generated_hand():
    res = CliRunner().invoke(app, ["bench", "-n", "30", "--per-file", "20", "--no-pokerkit"])
    assert res.exit_code == 0, res.output
    out = res.output
    # 30 hands in files of 20: 20 + 10, all legal (the generator plays through the engine)
    assert "input: 30 generated hands (wi5-called-ace), 2 file(s)" in out
    # the two files held together (30 hands, below 10,000): one transaction
    assert "stored in 1 transaction(s) (files held up to 10,000 hands)" in out
    assert re.search(r"ingest: 30 stored, 0 rejected in [\d.]+ CPU-s", out)
    shares = [float(m) for m in re.findall(r"^  \w+ +([\d.]+)%", out, re.M)]
    assert len(shares) == 7 and abs(sum(shares) - 100.0) < 0.5
    assert "pokerkit" not in out
    assert re.search(r"database: [\d,]+ bytes after the final checkpoint = [\d.]+ bytes/hand", out)


def test_shead_bench_stores_the_files_in_groups_of_the_hands_asked():
    # 50 hands in files of 20 (20, 20, 10), held up to 30 hands: the first two files make 40 >= 30, stored together;
    # the last file alone at the end: 2 transactions.  --group-hands 0: each file alone, 3 transactions
    for group, transactions in (("30", 2), ("0", 3)):
        res = CliRunner().invoke(app, ["bench", "-n", "50", "--per-file", "20", "--no-pokerkit", "--group-hands",
                                       group])
        assert res.exit_code == 0, res.output
        assert re.search(rf"stored in {transactions} transaction\(s\) \(files held up to {group} hands\)",
                         res.output), res.output
        assert re.search(r"ingest: 50 stored, 0 rejected", res.output)
