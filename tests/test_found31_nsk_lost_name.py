"""verify31 (fixj31) 1: a NetSchafkopf protocol re-saved by an editor that lost a player's umlaut ("J\ufffdrgen"
for "Jürgen", U+FFFD, the replacement character) is stored whole under the player "J\ufffdrgen" as written -- a
ledger player other than the "Jürgen" of the group's other nights -- while W-NSK-REPLACED said "a game whose name
or player it spoils is refused", which is untrue.  The warning must name the player, say a character of the name
was lost, that the games are stored under that name as written, and how to put them under the right name (which
the file cannot tell: shead must not guess it): `shead export --format shn`, the right name in a [Seats] line
after each hand line, `shead ingest --amend` (README, ingest --amend: "names written otherwise are a correction
of them"; a hand stored with its own [Seats] needs the hand's own line, E-AMEND-SEATS).

The numbers: the shipped protocol data/netschafkopf/baseline__..._01 (Gast renamed Jürgen, as in
test_found31_nsk_replaced.py), every "Jürgen" lost to "J\ufffdrgen" and every "Grün" to "Gr\ufffdn": all 99
games are read (the lost name is a player like any other; "Gr\ufffdn" is read as "Grün", real31 F4); their units
sum, per player, to the protocol's own last running table, game 99's row (tests/test_found19.py LOG_TABLE):
PcLinks -85, PcOben +33, PcRechts +25, J\ufffdrgen +27; -85 + 33 + 25 + 27 = 0.  After the amendment the
advice names, the same +27 is Jürgen's and no J\ufffdrgen is left.
"""

from __future__ import annotations

import re
from pathlib import Path

from ingest.netschafkopf import read_protocol
from tests.cli_helpers import cli, ingest_json, ledger

BASE = Path(__file__).parent.parent / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"
LOST = "J\ufffdrgen"
TABLE = {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, LOST: 27}


def _lost_text() -> str:
    text = re.sub(r"\bGast\b", "Jürgen", BASE.read_bytes().decode("latin-1"))
    return text.replace("Jürgen", LOST).replace("Grün", "Gr\ufffdn")


def _file(tmp_path) -> Path:
    p = tmp_path / "Schafkopfprotokoll_vom_05.10.23_01.txt"
    p.write_bytes(_lost_text().encode("utf-8"))
    return p


def _totals(res) -> dict[str, int]:
    out: dict[str, int] = {}
    for vh in res.hands:
        for s, u in vh.outcome.units.items():
            out[s] = out.get(s, 0) + u
    return out


def _name_warning(errors):
    (w,) = [d for d in errors if d.code.startswith("W-NSK") and LOST in d.message]
    return w


def test_a_lost_letter_of_a_name_is_said_truthfully(tmp_path):
    p = _file(tmp_path)
    res = read_protocol(p.read_bytes(), str(p))
    assert not res.rejected and len(res.hands) == 99
    assert _totals(res) == TABLE and sum(TABLE.values()) == 0
    w = _name_warning(res.errors)
    assert w.severity == "warning" and w.found == LOST
    first = next(i for i, line in enumerate(_lost_text().split("\r\n"), 1) if LOST in line)
    assert w.line == first
    m = w.message
    assert "refused" not in m  # its games are stored, not refused
    assert "player" in m and "lost" in m and "stored under" in m
    assert "shead export --format shn" in m and "[Seats]" in m and "shead ingest --amend" in m
    assert "Jürgen" not in m  # not guessed
    # Grün is still read and said, once
    assert len([d for d in res.errors if d.code == "W-NSK-REPLACED" and "Grün" in d.message]) == 1


def test_read_in_batches_the_same(tmp_path):
    from ingest.protocol_stream import read_protocol_stream  # noqa: PLC0415

    p = _file(tmp_path)
    whole = read_protocol(p.read_bytes(), str(p))
    for batch, block in ((1, 7), (5, 4096)):
        s = read_protocol_stream(p, str(p), batch=batch, block=block)
        assert not s.rejected and _totals(s) == TABLE
        assert sorted((d.code, d.line, d.col, d.message) for d in s.errors if d.code.startswith("W-NSK-")) == sorted(
            (d.code, d.line, d.col, d.message) for d in whole.errors if d.code.startswith("W-NSK-"))
        _name_warning(s.errors)


def test_the_advice_puts_the_games_under_the_right_name(tmp_path):
    db = tmp_path / "x.duckdb"
    p = _file(tmp_path)
    ingest_json(str(p), db)
    assert ledger(db) == TABLE
    out = tmp_path / "night.shn"
    cli("export", "--db", str(db), "--format", "shn", "--out", str(out))
    text = out.read_text(encoding="utf-8")
    (seats,) = set(re.findall(r"^\[Seats .*\]$", text, re.M))
    right = seats.replace(LOST, "Jürgen")  # the name the tester knows; the file cannot say it
    text = re.sub(r"^(hand \d+ .*)$", lambda m: m.group(1) + "\n" + right, text, flags=re.M)
    out.write_text(text, encoding="utf-8")
    cli("ingest", "--amend", str(out), "--reason", "the editor lost the ü of Jürgen", "--db", str(db))
    assert ledger(db) == {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Jürgen": 27}
