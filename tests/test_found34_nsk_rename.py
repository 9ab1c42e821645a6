"""sk34 F6: a player renamed mid-protocol (PcOben's column headed Oberhuber from game 4, the deal lines
Oberhuber too) became two players without a word.  The log cannot tell a rename from another person taking the
chair (the running table goes on by column either way: docs/storage.md, nsk18 F6), so shead still stores what it
writes -- PcOben for games 1-3, Oberhuber from game 4 -- and now says so: one W-NSK-NEW-NAME at game 4's table
header naming both, that the column goes on from PcOben's total, and how to put the games under one name.

Record: the first six games of data/netschafkopf/baseline_..._01.txt.  Its rows (PcLinks, PcOben, PcRechts, Gast):
game 3: -2 +2 -2 +2; game 4: -7 -3 -7 +17; game 6: -7 -3 -7 +17 (rules.md G-15: the Rufspiel 2, the Solo 5 and a
Laufender 1, as the log prices them).  PcOben after game 3: +2; Oberhuber, games 4-6: -3 - 2 = -5 (game 4's
row: -3 = +2 + (-5), game 4 alone -5, games 5 and 6: +2 and -2).  Ledger: PcLinks -7, PcOben +2, PcRechts -7,
Gast +17, Oberhuber -5 (sum 0).
"""
from __future__ import annotations

import pathlib

from ingest.netschafkopf import read_protocol
from ingest.protocol_stream import read_protocol_stream

ONE = pathlib.Path(__file__).resolve().parents[1] / "data" / "netschafkopf" / \
    "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"


def _renamed(old: bytes, new: bytes) -> tuple[bytes, int]:
    """The first six games, ``old`` written ``new`` from game 4 on; and game 4's table header line (1-based)."""
    lines = ONE.read_bytes().split(b"\r\n")
    starts = [i for i, x in enumerate(lines) if x.startswith(b"Geber:")]
    lines = lines[:starts[3]] + [x.replace(old, new) for x in lines[starts[3]:starts[6]]]
    head = next(i for i in range(starts[3], starts[4]) if lines[i].startswith(b"Spiel "))
    return b"\r\n".join(lines) + b"\r\n", head + 1


def _totals(r) -> dict[str, int]:
    tot: dict[str, int] = {}
    for vh in r.hands:
        for p, u in vh.outcome.units.items():
            tot[p] = tot.get(p, 0) + u
    return tot


def test_a_renamed_player_is_said_at_the_table_header(tmp_path):
    data, head = _renamed(b"PcOben", b"Oberhuber")
    r = read_protocol(data, "v_rename.txt")
    said = [d for d in r.errors if d.code == "W-NSK-NEW-NAME"]
    assert [(d.line, d.col, d.hand, d.found, d.expected) for d in said] == [(head, 1, 4, "Oberhuber", "PcOben")]
    msg = said[0].message
    assert "column 2" in msg and "renamed" in msg and "Oberhuber -3 = PcOben's +2 after game 3" in msg
    assert "Oberhuber's -5 in this game" in msg and "--amend" in msg
    assert [d.code for d in r.errors] == ["W-NSK-NEW-NAME"] and not r.rejected
    assert _totals(r) == {"PcLinks": -7, "PcOben": 2, "PcRechts": -7, "Gast": 17, "Oberhuber": -5}
    f = tmp_path / "v_rename.txt"
    f.write_bytes(data)
    streamed = read_protocol_stream(f, "v_rename.txt", batch=2)
    assert [(d.code, d.line, d.message) for d in streamed.errors] == [(d.code, d.line, d.message) for d in r.errors]


def test_the_writer_renamed_is_said_with_who_du_is():
    """Gast -> Xaver from game 4 (the fourth column, the writer's): Gast +2 after game 3, Xaver +15 in game 4
    (row 4: +17 = +2 + 15); "Du" is Xaver from game 4."""
    data, head = _renamed(b"Gast", b"Xaver")
    r = read_protocol(data, "v_rename_gast.txt")
    said = [d for d in r.errors if d.code == "W-NSK-NEW-NAME"]
    assert [(d.line, d.hand) for d in said] == [(head, 4)]
    assert "Xaver +17 = Gast's +2 after game 3 and Xaver's +15 in this game" in said[0].message
    assert "'Du' is Xaver from game 4 on" in said[0].message
    assert _totals(r) == {"PcLinks": -7, "PcOben": -3, "PcRechts": -7, "Gast": 2, "Xaver": 15}


def test_no_word_without_a_new_name():
    data, _ = _renamed(b"PcOben", b"PcOben")
    r = read_protocol(data, "base6.txt")
    assert r.errors == [] and len(r.hands) == 6
