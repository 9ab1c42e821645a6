"""Streaming ingest of NetSchafkopf protocols (issue 15, ingest/protocol_stream.py).

A protocol larger than ``stream_above()`` is read in passes that each hold
one game block (the encoding, the seats, the tariff from every price line,
then the games judged in batches) and stored batch by batch.  Read in
batches of 1 to 3 games, with read blocks of 7 or 64 bytes (so that lines,
CRLF pairs and the one-byte CP1252 ``ü`` of ``Grün`` are cut across reads),
it gives what :func:`ingest.netschafkopf.read_protocol` gives for the same
bytes, and the store holds what one whole-file transaction stores.

The worked file (``_ten``): the first ten games of the shipped protocol
baseline 05.10.23 01 (CRLF, CP1252), lines 1-202, cut before line 203 (the
eleventh ``Geber:``), so the text ends with a line end and the file has 203
lines as the reader splits them.  Game 4 (lines 65-83, Gast's Schellen-Solo)
has its result line 79 changed from ``Die Gegner haben 41 Augen`` to ``42``:
the cards give the opponents 41 (declaring party 79), so game 4 is refused
with ``E-NSK-AUGEN`` at line 79.  Its table row moves the table from
(-2, +2, -2, +2) after game 3 to (-7, -3, -7, +17): PcLinks, PcOben, PcRechts
-5 each, Gast +15 (a solo of 5 per opponent).  Game 10's row, the last, is
(-4, -8, -2, +14); the nine stored games sum to that minus game 4's change:
(-4 + 5, -8 + 5, -2 + 5, 14 - 15) = (+1, -3, +3, -1), which the end check's
``W-NSK-INCOMPLETE`` (at line 203) and the session check state.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import duckdb
import pytest

from ingest import store as st
from ingest.netschafkopf import read_protocol
from ingest.pipeline import load_file, store_result
from ingest.protocol_stream import (ProtocolStream, ingest_protocol_stream, protocol_encoding,
                                    read_protocol_stream)
from ingest.stream import ingest_large, stream_kind
from tests.test_stream_ingest import _dump

ROOT = Path(__file__).resolve().parents[1]
NSK = ROOT / "data" / "netschafkopf"
BASE = NSK / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
SEATS = ["PcLinks", "PcOben", "PcRechts", "Gast"]


def _ten() -> bytes:
    lines = BASE.read_bytes().split(b"\r\n")
    gebers = [i for i, line in enumerate(lines) if line.startswith(b"Geber:")]
    assert gebers[3] + 1 == 65 and gebers[10] + 1 == 203
    assert lines[78] == b"Du gewinnst das Schellen-Solo. Die Gegner haben 41 Augen"
    lines[78] = b"Du gewinnst das Schellen-Solo. Die Gegner haben 42 Augen"
    return b"\r\n".join(lines[:202]) + b"\r\n"


def _key(r):
    """Everything a reader's result says, positions included."""
    return ([(h.hash, h.source_line, h.outcome, h.cardlog, h.diagnostics, h.source, h.session_header)
             for h in r.hands],
            [(x.session, x.hand, x.hash, x.source_line, x.errors, x.source) for x in r.rejected],
            r.errors, r.log_totals, r.rules,
            (r.inference.facts, r.inference.missing, r.inference.assumed) if r.inference else None)


def _bom_inside(data: bytes) -> bytes:
    """``data`` with a UTF-8 BOM before its third 'Geber:' line (two protocols joined)."""
    at = [m.start() for m in re.finditer(rb"Geber:", data)][2]
    return data[:at] + b"\xef\xbb\xbf" + data[at:]


def _variants() -> list[tuple[str, bytes]]:
    """Shipped protocols and damaged ones (cut anywhere, a byte changed, a
    line dropped, other line ends and encodings)."""
    rng = random.Random(15)
    base = BASE.read_bytes()[:40000]
    out = [("ten", _ten()), ("cheat", (NSK / "cheat_ab_stich_3__Schafkopfprotokoll_vom_04.10.23_02.txt").read_bytes()),
           ("lf", base.replace(b"\r\n", b"\n")), ("cr", base.replace(b"\r\n", b"\r")),
           ("utf8-bom", b"\xef\xbb\xbf" + base.decode("cp1252").encode("utf-8")),
           ("utf8", base.decode("cp1252").encode("utf-8")),
           ("latin1", base + b"\x81"),  # 0x81 is no CP1252 byte: ISO-8859-1, as decode_protocol says
           ("no-game", b"gespielt von Gast am 05.10.23 mit Version 8.00\r\nnichts\r\n"),
           ("bad-date", re.sub(rb"am \d\d\.\d\d\.\d\d", b"am 31.02.23", base, count=1)),  # W-NSK-DATE
           ("bom-inside", _bom_inside(base.decode("cp1252").encode("utf-8")))]
    for i in range(4):
        out.append((f"cut{i}", base[:rng.randrange(len(base))]))
        b = bytearray(base)
        j = rng.randrange(len(b))
        b[j] = rng.randrange(256)
        out.append((f"byte{i}", bytes(b)))
        lines = base.split(b"\r\n")
        del lines[rng.randrange(len(lines))]
        out.append((f"drop{i}", b"\r\n".join(lines)))
    return out


VARIANTS = _variants()


@pytest.mark.parametrize("name,data", VARIANTS, ids=[n for n, _ in VARIANTS])
def test_streamed_reading_equals_whole_reading(name, data, tmp_path):
    path = tmp_path / f"{name}.txt"
    path.write_bytes(data)
    whole = read_protocol(data, str(path))
    for batch, block in ((1, 7), (2, 64), (3, 4096)):
        assert _key(read_protocol_stream(path, str(path), batch=batch, block=block)) == _key(whole), (batch, block)


def test_the_worked_file_read_in_batches(tmp_path):
    path = tmp_path / "ten.txt"
    path.write_bytes(_ten())
    reader = ProtocolStream(path, str(path), block=64)
    assert reader.prepare() is None
    assert reader.enc == "cp1252"  # 'Grün' is the byte 0xFC, and no byte is undefined in CP1252
    assert reader.seats == SEATS and reader.games == 10
    batches = list(reader.batches(3))
    # ten games in batches of 3: 3 + 3 + 3 + 1; game 4 is the first of the second batch
    assert [len(b.hands) + len(b.rejected) for b in batches] == [3, 3, 3, 1]
    assert [b.last for b in batches] == [False, False, False, True]
    (bad,) = batches[1].rejected
    assert (bad.hand, bad.source_line) == (4, 65)
    assert [(d.code, d.line, d.found, d.expected) for d in bad.errors] == [("E-NSK-AUGEN", 79, "42", "41")]
    last = batches[-1]
    assert last.refused == 1 and last.log_totals == dict(zip(SEATS, [-4, -8, -2, 14]))
    (w,) = last.errors
    assert (w.code, w.severity, w.line) == ("W-NSK-INCOMPLETE", "warning", 203)
    assert w.found == "PcLinks +1, PcOben -3, PcRechts +3, Gast -1"
    assert w.expected == "PcLinks -4, PcOben -8, PcRechts -2, Gast +14"
    assert all(not b.errors for b in batches[:-1])
    # the batches after the first say which session an earlier batch stored (not re-read by the store)
    assert batches[0].continues == frozenset() and batches[1].continues == {"NetSchafkopf ten"}


def test_the_encoding_is_decided_on_every_byte(tmp_path):
    p = tmp_path / "p.txt"
    for data, enc in ((b"a" * 5000 + "Grün".encode("utf-8"), "utf-8"), (b"a" * 5000 + b"Gr\xfcn", "cp1252"),
                      (b"a" * 5000 + b"\x9d", "iso-8859-1"), (b"\xef\xbb\xbfa", "utf-8-sig"),
                      # a UTF-8 sequence cut by the end: UTF-8 without it (break33 F4), as decode_protocol reads it
                      (b"a" * 5000 + "ü".encode("utf-8")[:1], "utf-8"),
                      (b"a" * 5000 + b"\xfc", "cp1252")):  # 0xFC begins no UTF-8 sequence: a CP1252 'ü'
        p.write_bytes(data)
        assert protocol_encoding(p, block=7) == enc, data[-4:]


QUERIES = {"checks": "SELECT s.session, c.complete, c.refused, c.log_totals, c.note FROM session_checks c "
                     "JOIN sessions s USING (session_id) ORDER BY 1"}


def _checks(db: Path) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.sql(QUERIES["checks"]).fetchall()
    finally:
        con.close()


def _whole(path: Path, db: Path, strict: bool = False) -> st.IngestReport:
    with st.Store(db) as store:
        store.last_plan = None
        result, fmt = load_file(path, store)
        assert fmt == "netschafkopf"
        return store_result(store, result, fmt, strict)


@pytest.fixture(scope="module")
def ten(tmp_path_factory) -> tuple[Path, dict, list, st.IngestReport]:
    d = tmp_path_factory.mktemp("ten")
    path = d / "ten.txt"
    path.write_bytes(_ten())
    rep = _whole(path, d / "whole.duckdb")
    return path, _dump(d / "whole.duckdb"), _checks(d / "whole.duckdb"), rep


def test_the_whole_file_ingest_stores_nine_games_and_refuses_game_4(ten):
    _path, dump, checks, rep = ten
    assert (rep.stored, rep.duplicates, len(rep.rejected)) == (9, 0, 1)
    assert sorted(h for _s, h, *_ in dump["sources"]) == [1, 2, 3, 5, 6, 7, 8, 9, 10]
    assert [(r[2], r[5], r[6]) for r in dump["rejected"]] == [(79, 4, "E-NSK-AUGEN")]  # at its error's line
    # the stored units per player: the table of game 10 less game 4's change (module docstring)
    got: dict[str, int] = {}
    for _s, _h, _no, _seat, player, units in dump["units"]:
        got[player] = got.get(player, 0) + units
    assert got == {"PcLinks": 1, "PcOben": -3, "PcRechts": 3, "Gast": -1}
    assert len(checks) == 1 and checks[0][1:3] == (False, 1)


@pytest.mark.parametrize("batch", [1, 2, 3])
def test_batched_ingest_stores_what_the_whole_file_ingest_stores(ten, tmp_path, batch):
    path, dump, checks, whole_rep = ten
    db = tmp_path / "s.duckdb"
    with st.Store(db) as store:
        rep, warnings = ingest_protocol_stream(store, path, batch=batch)
    assert (rep.stored, rep.duplicates, len(rep.rejected), rep.committed) == (9, 0, 1, True)
    assert [d.code for d in rep.file_errors] == [d.code for d in whole_rep.file_errors] == ["W-NSK-INCOMPLETE"]
    assert _dump(db) == dump
    assert _checks(db) == checks
    con = duckdb.connect(str(db), read_only=True)
    try:  # one ingests row a batch: ceil(10 / batch) batches
        assert con.sql("SELECT count(*) FROM ingests").fetchall()[0][0] == -(-10 // batch)
    finally:
        con.close()
    # again: every game is stored or recorded as refused, nothing changes
    with st.Store(db) as store:
        again, _ = ingest_protocol_stream(store, path, batch=batch)
    assert (again.stored, again.duplicates) == (0, 9)
    assert _dump(db) == dump and _checks(db) == checks


def test_a_clean_protocol_streams_complete_and_strict(tmp_path):
    path = tmp_path / "clean.txt"
    path.write_bytes(BASE.read_bytes())
    whole_db, db = tmp_path / "w.duckdb", tmp_path / "s.duckdb"
    assert _whole(path, whole_db, strict=True).stored == 99
    with st.Store(db) as store:
        rep, _ = ingest_protocol_stream(store, path, strict=True, batch=40)
    assert (rep.stored, len(rep.rejected), rep.file_errors) == (99, 0, [])
    assert _dump(db) == _dump(whole_db)
    # complete: nothing refused and the 99 games sum to the last table (-85, +33, +25, +27)
    (check,) = _checks(db)
    assert check == _checks(whole_db)[0] and check[1:3] == (True, 0)
    assert check[3] == '{"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}'


def test_strict_stores_nothing_of_a_protocol_with_a_refused_game(ten, tmp_path):
    path = ten[0]
    db = tmp_path / "s.duckdb"
    with st.Store(db) as store:
        rep, _ = ingest_protocol_stream(store, path, strict=True, batch=2)
    assert (rep.stored, rep.committed, [r.hand for r in rep.rejected]) == (0, False, [4])
    assert not db.exists() or not _dump(db)["hands"]


def test_file_errors_before_the_games_store_nothing(tmp_path):
    path = tmp_path / "nogames.txt"
    path.write_bytes(b"gespielt von Gast am 05.10.23 mit Version 8.00\r\nnichts\r\n")
    with st.Store(tmp_path / "s.duckdb") as store:
        rep, _ = ingest_protocol_stream(store, path)
    assert [(d.code, d.line, d.found) for d in rep.file_errors] == [
        ("E-NSK-NO-GAMES", 1, "gespielt von Gast am 05.10.23 mit Version 8.00")]
    assert rep.stored == 0


def test_only_large_protocols_stream(ten, tmp_path, monkeypatch):
    path = ten[0]
    size = path.stat().st_size
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", str(size - 1))
    assert stream_kind(path) == "protocol"
    shn = tmp_path / "ten.shn"  # a protocol named .shn is read whole, as the SHN validator reads .shn files
    shn.write_bytes(path.read_bytes())
    assert stream_kind(shn) is None
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", str(size))
    assert stream_kind(path) is None
    monkeypatch.setenv("SHEAD_STREAM_ABOVE", str(size - 1))
    db = tmp_path / "l.duckdb"
    with st.Store(db) as store:
        rep, _ = ingest_large(store, path, kind=stream_kind(path))
    assert (rep.stored, len(rep.rejected)) == (9, 1)
    assert _dump(db) == ten[1]


_CHILD = """
import os, signal, sys
from ingest import store as st
from ingest.protocol_stream import ingest_protocol_stream
path, db = sys.argv[1], sys.argv[2]
def on_batch(k, n):
    if k == 2:
        os.kill(os.getpid(), signal.SIGKILL)
with st.Store(db, hold=0.0) as store:
    ingest_protocol_stream(store, path, batch=3, on_batch=on_batch)
print("finished")
"""


def test_a_kill_after_the_second_batch_loses_nothing(ten, tmp_path):
    """kill -9 once the second batch of 3 games is committed: games 1-3 and
    5, 6 are stored and game 4 recorded as refused, nothing else (no session
    check yet: that comes with the last batch); ingesting the file again
    stores games 7-10 (5 duplicates) and gives the whole-file store."""
    import signal
    import subprocess
    import sys

    path, dump, checks, _rep = ten
    db = tmp_path / "k.duckdb"
    out = subprocess.run([sys.executable, "-c", _CHILD, str(path), str(db)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == -signal.SIGKILL, out.stderr[-2000:]
    part = _dump(db)
    assert sorted(h for _s, h, *_ in part["sources"]) == [1, 2, 3, 5, 6]
    assert [r[5] for r in part["rejected"]] == [4]
    assert _checks(db) == []
    with st.Store(db) as store:
        rep, _ = ingest_protocol_stream(store, path, batch=3)
    assert (rep.stored, rep.duplicates) == (4, 5)
    assert _dump(db) == dump and _checks(db) == checks


def test_a_bom_inside_a_protocol_loses_no_game(tmp_path):
    # issue 15 (found by the break tester): two protocols joined leave a UTF-8 BOM before a 'Geber:'
    # line; '\ufeffGeber:' was no game start, so that game ran into the one before and both were
    # refused (96 of 99 stored).  Read as a space, all 99 games are stored, whole and streamed, and
    # they sum to the log's last running table (PcLinks -85, PcOben +33, PcRechts +25, Gast +27).
    data = _bom_inside(BASE.read_bytes().decode("cp1252").encode("utf-8"))
    whole = read_protocol(data, "joined.txt")
    assert (len(whole.hands), len(whole.rejected)) == (99, 0)
    totals = {}
    for vh in whole.hands:
        for seat, units in vh.outcome.units.items():
            totals[seat] = totals.get(seat, 0) + units
    assert totals == {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Gast": 27}
    path = tmp_path / "joined.txt"
    path.write_bytes(data)
    assert _key(read_protocol_stream(path, str(path), batch=7, block=64)) == _key(whole)
