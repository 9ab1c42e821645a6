"""real31 F3: a protocol whose last table header has real names typed in (Luggi Sepp Resi Franz) while its deal
lines, as every game before, name PcLinks PcOben PcRechts Gast.

Was: the file refused whole with E-NSK-TARIFF ("no readable price line" of an Einzelspiel: game 4, the only one,
could not be set up under the header's names), and with --rules game 4 refused as "the dealer 'PcRechts' is not a
player", the end warning naming the totals under the header's names.  Now: game 4 is refused (as a header typo
was before, tests/test_found19.py) with an E-NSK-SEAT at its header naming the real problem; its price line is
the house's all the same, so the tariff is inferred; the totals are named by the protocol's players.

By hand (tariff 10/50, Laufende from 2 as the file's own price lines state; rules.md G-12..G-16):
  game 1 PcOben's Rufspiel lost: PcLinks +10, PcOben -10, PcRechts +10, Gast -10;
  game 2 PcLinks's Rufspiel won: +10 -10 +10 -10;
  game 3 Gast's Rufspiel won Schneider with 3 Laufende: 10 + 10 + 30 = 50: -50 +50 -50 +50;
  stored (games 1-3): PcLinks -30, PcOben +30, PcRechts -30, Gast +30 (game 3's row; sums to 0);
  game 4 (refused) Gast's Schellen-Solo won, 41 Augen against, 2 Laufende: 50 + 20 = 70, x3 (G-15): Gast +210,
  the others -70: the file's last row -100, -40, -100, +240; table minus stored -70, -70, -70, +210.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ingest.cli import app
from ingest.netschafkopf import read_protocol
from tests.test_found31_nsk_last_table import ADDL

runner = CliRunner()
CLEAN = ADDL.replace("(Luggi hat falsch gegeben, egal)\n", "").replace("GO SA SZ S7   <- Trumpf!", "GO SA SZ S7")
OLD_HEAD = "Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\n    4"
NEW_HEAD = "Spiel    Preis        Luggi         Sepp         Resi        Franz    Stock\n    4"
HDR = CLEAN.replace(OLD_HEAD, NEW_HEAD)
SEATS = ["PcLinks", "PcOben", "PcRechts", "Gast"]


def _file(tmp_path: Path) -> Path:
    assert HDR.count("Luggi") == 1 and HDR.count("<-") == 0
    p = tmp_path / "Schafkopfprotokoll_vom_06.10.23_01.txt"
    p.write_bytes(HDR.encode("utf-8"))
    return p


def _check(res) -> None:
    assert not [d for d in res.errors if d.code == "E-NSK-TARIFF"], res.errors
    assert [vh.outcome.hand for vh in res.hands] == [1, 2, 3]
    (bad,) = res.rejected
    (d,) = bad.errors
    assert d.code == "E-NSK-SEAT" and d.line == 81 and d.col == 23  # 'Luggi' in line 81
    assert "Luggi, Sepp, Resi, Franz" in d.message and "PcLinks, PcOben, PcRechts, Gast" in d.message
    assert "header" in d.message and "is not a player" not in d.message
    stored = dict.fromkeys(SEATS, 0)
    for vh in res.hands:
        for s, u in vh.outcome.units.items():
            stored[s] += u
    assert stored == {"PcLinks": -30, "PcOben": 30, "PcRechts": -30, "Gast": 30}
    (w,) = [x for x in res.errors if x.code == "W-NSK-INCOMPLETE"]
    assert "Luggi" not in w.message
    assert "PcLinks -100, PcOben -40, PcRechts -100, Gast +240" in w.message
    assert "PcLinks -70, PcOben -70, PcRechts -70, Gast +210" in w.message
    assert res.log_totals == {"PcLinks": -100, "PcOben": -40, "PcRechts": -100, "Gast": 240}


def test_a_header_with_other_names_refuses_its_game_saying_so(tmp_path):
    p = _file(tmp_path)
    _check(read_protocol(p.read_bytes(), str(p)))


def test_the_same_read_in_batches(tmp_path):
    from ingest.protocol_stream import read_protocol_stream  # noqa: PLC0415

    p = _file(tmp_path)
    for batch, block in ((1, 7), (2, 4096)):
        _check(read_protocol_stream(p, str(p), batch=batch, block=block))


def test_with_rules_given_the_same_error(tmp_path):
    p = _file(tmp_path)
    rules = ("netschafkopf; tariff.sauspiel=10; tariff.solo=50; tariff.schneider=10; tariff.schwarz=10; "
             "tariff.laufender=10")
    res = read_protocol(p.read_bytes(), str(p), rules=rules)
    (bad,) = [r for r in res.rejected if r.hand == 4]
    assert bad.errors[0].code == "E-NSK-SEAT" and "header" in bad.errors[0].message
    out = runner.invoke(app, ["ingest", str(p), "--db", str(tmp_path / "h.duckdb")]).output
    assert "E-NSK-TARIFF" not in out and "3 stored" in out and "names Luggi, Sepp, Resi, Franz" in out, out
