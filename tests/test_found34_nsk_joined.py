"""sk34 F3: a second NetSchafkopf protocol pasted below the first WITHOUT its header (``gespielt von ... am``).

Only a header line was taken for a join (real21 F3); a game number starting again at 1 was not noticed, so the
second protocol's game 1 was refused (E-NSK-UNITS), its games 2-6 conflicted with the first's and its games 7-99
were stored as this session's hands 7-99.  A game numbered 1 after a higher number starts another protocol: the
file is read up to that game's ``Geber:`` line, with one E-NSK-JOINED there (as with the header: docs/storage.md).
"""
from __future__ import annotations

import pathlib

from ingest.netschafkopf import read_protocol
from tests.cli_helpers import cli, ledger

BASE = pathlib.Path(__file__).resolve().parents[1] / "data" / "netschafkopf"
ONE = BASE / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
TWO = BASE / "baseline__Schafkopfprotokoll_vom_05.10.23_02.txt"


def _games(raw: bytes, n: int | None) -> tuple[bytes, bytes]:
    """(the header lines, the first ``n`` games, all when None) of a shipped protocol, CRLF as shipped."""
    lines = raw.split(b"\r\n")
    starts = [i for i, x in enumerate(lines) if x.startswith(b"Geber:")]
    end = starts[n] if n is not None and n < len(starts) else len(lines)
    return b"\r\n".join(lines[:starts[0]]) + b"\r\n", b"\r\n".join(lines[starts[0]:end]) + b"\r\n"


def _joined() -> tuple[bytes, int]:
    head, six = _games(ONE.read_bytes(), 6)
    _, rest = _games(TWO.read_bytes(), None)  # the second protocol's 99 games, its header lines left out
    data = head + six + rest
    geber = (head + six).count(b"\r\n") + 1  # the line of the second protocol's first "Geber:"
    return data, geber


def test_game_one_again_without_a_header_is_a_joined_protocol():
    """Hand-worked from the shipped logs' own rows (rules.md G-12/G-13 as the tables state them): protocol _01's
    row 6 is PcLinks -7, PcOben -3, PcRechts -7, Gast +17; the six games are the first protocol's, so they are all
    that is stored, and the totals are that row (zero-sum: -7 - 3 - 7 + 17 = 0).  Before the fix 104 games were
    read (B's 2..99 numbered again), totals -34/+6/+38/-10."""
    data, geber = _joined()
    r = read_protocol(data, "cat_nohdr.txt")
    joined = [d for d in r.errors if d.code == "E-NSK-JOINED"]
    assert len(joined) == 1 and joined[0].line == geber and joined[0].col == 1
    assert "99 game(s) are not read" in joined[0].message and "numbered 1" in joined[0].message
    assert [vh.outcome.hand for vh in r.hands] == [1, 2, 3, 4, 5, 6]
    assert r.rejected == []
    tot: dict[str, int] = {}
    for vh in r.hands:
        for p, u in vh.outcome.units.items():
            tot[p] = tot.get(p, 0) + u
    assert tot == {"PcLinks": -7, "PcOben": -3, "PcRechts": -7, "Gast": 17}
    assert sum(tot.values()) == 0
    assert not [d for d in r.errors if d.code in ("W-NSK-INCOMPLETE", "E-NSK-TOTALS")]


def test_joined_without_header_stores_the_first_protocol_only(tmp_path):
    """Through ``shead ingest``: 6 stored, E-NSK-JOINED said, ledger = _01's row 6; the second protocol ingested
    on its own then adds its row 99 (-31, +5, +49, -23): -38, +2, +42, -6 (sum 0)."""
    data, _ = _joined()
    f = tmp_path / "cat_nohdr.txt"
    f.write_bytes(data)
    db = tmp_path / "n.duckdb"
    r = cli("ingest", str(f), "--db", str(db), ok=False)
    assert "6 stored" in r.output and "E-NSK-JOINED" in r.output and "E-HAND-CONFLICT" not in r.output
    assert ledger(db) == {"PcLinks": -7, "PcOben": -3, "PcRechts": -7, "Gast": 17}
    cli("ingest", str(TWO), "--db", str(db))
    assert ledger(db) == {"PcLinks": -38, "PcOben": 2, "PcRechts": 42, "Gast": -6}


def test_a_game_pasted_twice_is_no_join():
    """A block of game 3 written again right below it is no new protocol (its number is 3, not 1): the file is
    read on to game 6, the copy refused as before, the six games stored (row 6: -7, -3, -7, +17)."""
    head, six = _games(ONE.read_bytes(), 6)
    lines = six.split(b"\r\n")
    starts = [i for i, x in enumerate(lines) if x.startswith(b"Geber:")]
    g3 = lines[starts[2]:starts[3]]
    data = head + b"\r\n".join(lines[:starts[3]] + g3 + lines[starts[3]:])
    r = read_protocol(data, "dup.txt")
    assert not [d for d in r.errors if d.code == "E-NSK-JOINED"]
    assert [vh.outcome.hand for vh in r.hands] == [1, 2, 3, 4, 5, 6]


def test_one_game_then_another_protocol_is_a_join_too():
    """A first protocol of one game (_01's game 1: row +2, -2, +2, -2, the Rufspiel at 2, rules.md G-15) with
    _02 pasted below without its header: _02's game 1 (another deal) starts another protocol; game 1 alone is
    stored, totals +2/-2/+2/-2 (sum 0)."""
    head, one = _games(ONE.read_bytes(), 1)
    _, rest = _games(TWO.read_bytes(), None)
    r = read_protocol(head + one + rest, "one_then_two.txt")
    assert [d.line for d in r.errors if d.code == "E-NSK-JOINED"] == [(head + one).count(b"\r\n") + 1]
    assert [vh.outcome.hand for vh in r.hands] == [1]
    assert r.hands[0].outcome.units == {"PcLinks": 2, "PcOben": -2, "PcRechts": 2, "Gast": -2}
