"""real31 F4: a protocol re-saved by an editor that could not read its Latin-1 umlauts holds U+FFFD, the
replacement character, where they were ("Gr\ufffdn" for "Grün"): 25 of 99 games were refused as unknown games
without a word about the encoding.

A protocol's text has three words with an umlaut (NetSchafkopf's own: "Grün", "für", "höheren"); "Gr\ufffdn"
with one of ä ö ü ß in the gap is a known word for ü alone, so it is read as "Grün" (the Gras suit, rules.md G-1)
and said once (W-NSK-REPLACED at its first place); a word no known one fits ("Sch\ufffdllen") is left as it
is, said once, and a game whose name it spoils is refused with an E-NSK-GAME that names the replacement character.

The numbers: the shipped protocol data/netschafkopf/baseline__..._01 (Gast renamed Jürgen, typed correctly, as
the tester's record) with every "Grün" lost: all 99 games are read; their units sum, per player, to the
protocol's own last running table, game 99's row: PcLinks -85, PcOben +33, PcRechts +25, Jürgen +27 (the log's
record, tests/test_found19.py LOG_TABLE; -85 + 33 + 25 + 27 = 0), as the intact protocol's do.
"""

from __future__ import annotations

import re
from pathlib import Path

from ingest.netschafkopf import read_protocol

BASE = Path(__file__).parent.parent / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
TABLE = {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Jürgen": 27}


def _text() -> str:
    return re.sub(r"\bGast\b", "Jürgen", BASE.read_bytes().decode("latin-1"))


def _totals(res) -> dict[str, int]:
    out: dict[str, int] = {}
    for vh in res.hands:
        for s, u in vh.outcome.units.items():
            out[s] = out.get(s, 0) + u
    return out


def test_lost_umlauts_of_grun_are_read_and_said_once(tmp_path):
    text = _text()
    lost = text.replace("Grün", "Gr\ufffdn")
    n = text.count("Grün")
    assert n > 25 and "\ufffd" not in text
    first = next(i for i, line in enumerate(lost.split("\r\n"), 1) if "\ufffd" in line)
    p = tmp_path / "Schafkopfprotokoll_vom_05.10.23_01.txt"
    p.write_bytes(lost.encode("utf-8"))
    res = read_protocol(p.read_bytes(), str(p))
    assert not res.rejected and len(res.hands) == 99
    assert _totals(res) == TABLE and sum(TABLE.values()) == 0
    (w,) = [d for d in res.errors if d.code == "W-NSK-REPLACED"]
    assert w.severity == "warning" and w.line == first
    assert "U+FFFD" in w.message and "Grün" in w.message
    assert not [d for d in res.errors if d.severity == "error"]
    # the intact file reads the same games
    p2 = tmp_path / "intact.txt"
    p2.write_bytes(text.encode("utf-8"))
    assert _totals(read_protocol(p2.read_bytes(), str(p2))) == TABLE


def test_a_lost_character_no_word_fits_is_named_in_the_games_error(tmp_path):
    text = _text()
    # every Schellen-Ass call of the file loses its 'e': no umlaut fills 'Sch?llen' to a word of a protocol
    lost = text.replace("Mit der Schellen-Ass", "Mit der Sch\ufffdllen-Ass")
    assert lost != text
    p = tmp_path / "x.txt"
    p.write_bytes(lost.encode("utf-8"))
    res = read_protocol(p.read_bytes(), str(p))
    bad = [r for r in res.rejected if any(d.code == "E-NSK-GAME" for d in r.errors)]
    assert bad
    for r in bad:
        (d,) = r.errors
        assert "U+FFFD" in d.message and "replacement character" in d.message
    (w,) = [d for d in res.errors if d.code == "W-NSK-REPLACED"]
    assert "Sch\ufffdllen" in w.message and "left" in w.message


def test_read_in_batches_the_same(tmp_path):
    from ingest.protocol_stream import read_protocol_stream  # noqa: PLC0415

    lost = _text().replace("Grün", "Gr\ufffdn")
    p = tmp_path / "Schafkopfprotokoll_vom_05.10.23_01.txt"
    p.write_bytes(lost.encode("utf-8"))
    whole = read_protocol(p.read_bytes(), str(p))
    for batch, block in ((1, 7), (5, 4096)):
        s = read_protocol_stream(p, str(p), batch=batch, block=block)
        assert not s.rejected and _totals(s) == TABLE
        assert [(d.code, d.line, d.col, d.message) for d in s.errors if d.code == "W-NSK-REPLACED"] == [
            (d.code, d.line, d.col, d.message) for d in whole.errors if d.code == "W-NSK-REPLACED"]
