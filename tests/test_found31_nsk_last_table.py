"""real31 F1: a protocol whose last game is refused is checked against the file's true last running table.

When a game's block stops being read partway (a bad token in a trick line), its score row was never read, and
the end check used to compare the stored totals with the row of the last game *read* (the game before it):
the warning said "the stored totals are the log's last running table all the same" and the ledger "the stored
totals equal the source's table", while the file's own last row differs by the refused game's price.

Case 1 (the tester's record, rebuilt here from the shipped protocol data/netschafkopf/baseline__..._01: Gast
renamed Franz, saved as UTF-8, " (Stich!)" appended to game 99's first trick line):
  game 98's row: PcLinks -76, PcOben +42, PcRechts +34, Franz 0 (games 1-98, all stored);
  game 99, Franz's Eichel-Geier won with the opponents at 25 Augen: Einzelspiel 5 + Schneider 1 (the
  opponents <= 30, rules.md G-12) + 3 Laufende 3 = 9 (G-13, G-14; NetSchafkopf's 2/5/1 tariff, G-16);
  a single game: Franz +3x9 = +27, each opponent -9 (G-15).
  The file's last row (game 99's): -76-9 = -85, 42-9 = +33, 34-9 = +25, 0+27 = +27 (sums to 0).
  Stored (98 games): -76, +42, +34, 0.  The table minus the stored: -9, -9, -9, +27 (sums to 0): game 99.

Case 2 (the tester's /tmp/real31/addl record, inline below; tariff 10/50, Laufende from 2):
  game 1 refused (a note line inside it), its change +10 -10 +10 -10;
  game 2 Rufspiel 10: +10 -10 +10 -10; game 3 Rufspiel 10 + Schneider 10 + 3 Laufende 30 = 50: -50 +50 -50 +50;
  game 4 refused ("<-" in a trick line): Gast's Schellen-Solo won, 41 Augen against (no Schneider), 2 Laufende:
  50 + 20 = 70, x3 = +210 for Gast, -70 each other (G-14, G-15).
  Last row (game 4's): -30-70 = -100, 30-70 = -40, -30-70 = -100, 30+210 = +240.
  Stored (games 2, 3): -40, +40, -40, +40.  Table minus stored: -60, -80, -60, +200 (sums to 0).
"""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from ingest.cli import app
from ingest.netschafkopf import read_protocol

runner = CliRunner()
BASE = Path(__file__).parent.parent / "data" / "netschafkopf" / "baseline__Schafkopfprotokoll_vom_05.10.23_01.txt"

ADDL = """Stammtisch Tarif 10/50 - Laufende ab 2
gespielt von Gast am 05.10.23 mit Version 8.00, Update 07.09.20.
 
Geber: Gast
     PcLinks hat: EA SO GA E7 GU GK GO E9
      PcOben hat: EO H8 GZ S9 HO HU G8 EU
    PcRechts hat: HA H9 S8 SU EZ HZ E8 G7
        Gast hat: HK EK SK SZ H7 S7 G9 SA
PcOben spielt Mit der Schellen-As
(Luggi hat falsch gegeben, egal)
     PcLinks spielt aus: EA H8 E8 EK
      PcOben spielt aus: EO H9 HK GU
      PcOben spielt aus: HU SU H7 SO
     PcLinks spielt aus: E9 HO EZ SZ
      PcOben spielt aus: G8 G7 G9 GA
     PcLinks spielt aus: E7 EU S8 S7
      PcOben spielt aus: GZ HZ SK GK
    PcRechts spielt aus: HA SA GO S9
PcOben verliert das Rufspiel: Mit der Schellen-As mit dir. Die 
Gegner haben 71 Augen
Das Rufspiel kostet 10 Punkte.
Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock
    1       10          +10          -10          +10          -10        0
 
Geber: PcLinks
      PcOben hat: EK H7 GK HU S9 HO HZ HK
    PcRechts hat: SA E7 SK H8 EU S7 GA SZ
        Gast hat: GZ E9 H9 G9 HA E8 S8 GO
     PcLinks hat: EA SO G7 SU G8 EO EZ GU
PcLinks spielt Mit der Grün-As
      PcOben spielt aus: GK GA G9 G8
    PcRechts spielt aus: EU GO EO H7
     PcLinks spielt aus: SU HU H8 HA
      PcOben spielt aus: S9 SA S8 G7
    PcRechts spielt aus: SZ H9 SO HO
      PcOben spielt aus: EK E7 E8 EA
     PcLinks spielt aus: EZ HK S7 E9
      PcOben spielt aus: HZ SK GZ GU
PcLinks gewinnt das Rufspiel: Mit der Grün-As mit PcRechts. 
Die Gegner haben 45 Augen
Das Rufspiel kostet 10 Punkte.
Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock
    2       10          +20          -20          +20          -20        0
 
Geber: PcOben
    PcRechts hat: G7 SO SZ S9 GA G8 GZ HU
        Gast hat: HA SA H8 GU E8 EO S8 HO
     PcLinks hat: EU SU S7 EZ G9 E9 HK H9
      PcOben hat: GK E7 GO SK EK H7 EA HZ
Gast spielt Mit der Eichel-As
    PcRechts spielt aus: GA HA G9 GK
        Gast spielt aus: EO H9 HZ HU
        Gast spielt aus: H8 EU GO SO
      PcOben spielt aus: H7 G7 HO HK
        Gast spielt aus: GU SU EK G8
        Gast spielt aus: SA S7 SK S9
        Gast spielt aus: E8 E9 EA GZ
      PcOben spielt aus: E7 SZ S8 EZ
Du gewinnst das Rufspiel: Mit der Eichel-As mit PcOben. Die 
Gegner haben 20 Augen
Das Rufspiel kostet 10 Punkte. Mit Schneider 20 Punkte. Mit 3 
Laufenden 50 Punkte.
Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock
    3       50          -30          +30          -30          +30        0
 
Geber: PcRechts
        Gast hat: SK GU EO EK S9 EU GO S8
     PcLinks hat: E9 SA HU H8 G9 HA GK SO
      PcOben hat: G7 HK SZ HZ EA E7 G8 H9
    PcRechts hat: SU E8 S7 EZ H7 GZ GA HO
Gast spielt Schellen-Solo
        Gast spielt aus: GO SA SZ S7   <- Trumpf!
        Gast spielt aus: EO HU G7 SU
        Gast spielt aus: S9 SO HZ HO
    PcRechts spielt aus: GA S8 G9 G8
        Gast spielt aus: EK E9 EA EZ
      PcOben spielt aus: E7 E8 SK H8
        Gast spielt aus: GU HA HK H7
        Gast spielt aus: EU GK H9 GZ
Du gewinnst das Schellen-Solo. Die Gegner haben 41 Augen
Das Einzelspiel kostet 50 Punkte. Mit 2 Laufenden 70 Punkte.
Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock
    4       70         -100          -40         -100         +240        0
 
"""


def _last_game_refused(tmp_path: Path) -> Path:
    text = BASE.read_bytes().decode("latin-1")
    text = re.sub(r"\bGast\b", "Franz", text)
    trick = "    PcRechts spielt aus: GA EK GK G7\r\n        Franz spielt aus: HO E7 E8 SO"
    assert text.count(trick) == 1
    text = text.replace(trick, trick.replace("G7\r\n", "G7  (Stich!)\r\n"))
    p = tmp_path / "Schafkopfprotokoll_vom_05.10.23_01.txt"
    p.write_bytes(text.encode("utf-8"))
    return p


def _incomplete(res) -> str:
    (w,) = [d for d in res.errors if d.code == "W-NSK-INCOMPLETE"]
    return w.message


def test_last_game_refused_is_checked_against_the_files_last_row(tmp_path):
    p = _last_game_refused(tmp_path)
    res = read_protocol(p.read_bytes(), str(p))
    assert len(res.hands) == 98 and [r.hand for r in res.rejected] == [99]
    stored = {s: 0 for s in ("PcLinks", "PcOben", "PcRechts", "Franz")}
    for vh in res.hands:
        for s, u in vh.outcome.units.items():
            stored[s] += u
    assert stored == {"PcLinks": -76, "PcOben": 42, "PcRechts": 34, "Franz": 0}
    assert res.log_totals == {"PcLinks": -85, "PcOben": 33, "PcRechts": 25, "Franz": 27}
    msg = _incomplete(res)
    assert "all the same" not in msg
    assert "PcLinks -85, PcOben +33, PcRechts +25, Franz +27" in msg  # the table, game 99's row
    assert "game 99" in msg
    assert "PcLinks -9, PcOben -9, PcRechts -9, Franz +27" in msg  # the table minus the stored, per player


def test_last_game_refused_ledger_says_the_totals_differ(tmp_path):
    p = _last_game_refused(tmp_path)
    db = tmp_path / "l.duckdb"
    out = runner.invoke(app, ["ingest", str(p), "--db", str(db)]).output
    assert "98 stored" in out and "all the same" not in out, out
    out = runner.invoke(app, ["ledger", "--db", str(db)]).output
    assert "equal the source's table" not in out, out
    assert "PcLinks stored -76, source -85" in out and "Franz stored +0, source +27" in out, out


def test_two_games_refused_the_last_row_is_game_4s(tmp_path):
    p = tmp_path / "Schafkopfprotokoll_vom_06.10.23_01.txt"
    p.write_bytes(ADDL.encode("utf-8"))
    res = read_protocol(p.read_bytes(), str(p))
    assert [vh.outcome.hand for vh in res.hands] == [2, 3] and [r.hand for r in res.rejected] == [1, 4]
    assert res.log_totals == {"PcLinks": -100, "PcOben": -40, "PcRechts": -100, "Gast": 240}
    msg = _incomplete(res)
    assert "2 of 4 games refused" in msg
    assert "(PcLinks -40, PcOben +40, PcRechts -40, Gast +40)" in msg  # stored
    assert "PcLinks -100, PcOben -40, PcRechts -100, Gast +240" in msg  # game 4's row
    assert "PcLinks -60, PcOben -80, PcRechts -60, Gast +200" in msg  # the difference
    assert "-30" not in msg  # game 3's row is not the file's last table


def test_a_file_cut_inside_its_last_game_names_the_row_it_ends_on(tmp_path):
    """The file cut within game 4's tricks: no row of game 4 is in the file; its last table is game 3's
    (-30 +30 -30 +30), and the stored games 2 and 3 (-40 +40 -40 +40) differ from it by game 1's +10 -10 +10 -10
    (refused): the warning says the table is game 3's and the difference."""
    cut = ADDL[:ADDL.index("        Gast spielt aus: S9 SO HZ HO")]
    p = tmp_path / "cut.txt"
    p.write_bytes(cut.encode("utf-8"))
    res = read_protocol(p.read_bytes(), str(p))
    msg = _incomplete(res)
    assert "game 3" in msg and "PcLinks -30, PcOben +30, PcRechts -30, Gast +30" in msg
    assert "PcLinks +10, PcOben -10, PcRechts +10, Gast -10" in msg


def test_read_in_batches_the_end_check_is_the_same(tmp_path):
    """The streamed reader (large protocols) ends on the same table and says the same warning."""
    from ingest.protocol_stream import read_protocol_stream  # noqa: PLC0415

    for p in (_last_game_refused(tmp_path), tmp_path / "addl.txt"):
        if p.name == "addl.txt":
            p.write_bytes(ADDL.encode("utf-8"))
        whole = read_protocol(p.read_bytes(), str(p))
        for batch, block in ((1, 7), (3, 4096)):
            streamed = read_protocol_stream(p, str(p), batch=batch, block=block)
            assert streamed.log_totals == whole.log_totals
            assert _incomplete(streamed) == _incomplete(whole)
