"""verify32 F11: a game added (in SHN-SK) to a NetSchafkopf protocol's session is no shortfall of the protocol.
The protocol's own table (its last running row) covers the protocol's games only: the stored games of the
protocol are compared with it, and the session is said to hold N games added beyond the protocol — not marked
incomplete with "the stored totals differ from the source's own table".

Record: the tester's 29.11.26 protocol (tests/test_found32_nsk.py P2911, sk32's) and add4.shn (its hand 4 under
the house's tariff, Rufspiel 5).  By hand (rules.md G-12..G-18):
  the protocol's games 1-3: Loisl +195, Zenzi +55, Gust +55, Xaver -305 (test_found32_nsk: G-17, G-14, G-18),
  its own last table row.
  hand 4: Zenzi's Sauspiel on the Eichel-Sau with Gust, 70 Augen (G-12: 61 or more wins; the opponents' 50 is
  over 30, no schneider, G-14), no Laufende: the Rufspiel's 5, each loser paying one winner (G-15):
  Zenzi +5, Gust +5, Loisl -5, Xaver -5 (sum 0).
  session: Loisl 195 - 5 = 190, Zenzi 55 + 5 = 60, Gust 60, Xaver -305 - 5 = -310 (sum 0).
"""

from __future__ import annotations

import json

from tests.cli_helpers import cli, ledger, write
from tests.test_found32_nsk import P2911, _protocol

ADD4 = """%SHN 1.0
[Session "NetSchafkopf Schafkopfprotokoll_vom_29.11.26_01"]
[Event "NetSchafkopf"]
[Date "2026.11.29"]
[Seats "Loisl; Zenzi; Gust; Xaver"]
[Rules "netschafkopf; tariff.sauspiel=5; tariff.solo=20; tariff.schneider=5; tariff.schwarz=5; tariff.laufender=5; tariff.ramsch=10"]
[Cards "de"]

hand 4  dealer Gust
game Zenzi sauspiel EA  partner Gust  laufende 0  pts 70  win
"""
SESSION = "NetSchafkopf Schafkopfprotokoll_vom_29.11.26_01"


def _db(tmp_path):
    db = tmp_path / "a.duckdb"
    cli("ingest", _protocol(tmp_path, "Schafkopfprotokoll_vom_29.11.26_01.txt", P2911), "--db", str(db))
    assert ledger(db) == {"Loisl": 195, "Zenzi": 55, "Gust": 55, "Xaver": -305}
    cli("ingest", write(tmp_path, "add4.shn", ADD4), "--db", str(db))
    return db


def test_a_game_added_to_a_protocol_session_is_counted_and_not_incomplete(tmp_path):
    db = _db(tmp_path)
    assert ledger(db) == {"Loisl": 190, "Zenzi": 60, "Gust": 60, "Xaver": -310}
    out = " ".join(cli("ledger", "--db", str(db)).output.split())
    assert "differ from the source's own table" not in out, out
    assert "Incomplete sessions" not in out, out
    # said: the protocol's games equal its table, one game added beyond it
    assert f"{SESSION}: " in out and "1 game added beyond the protocol (game 4)" in out, out
    rows = json.loads(cli("ledger", "--db", str(db), "--json").output.split("\n")[0])
    assert all(not r["incomplete_sessions"] for r in rows), rows


def test_a_protocol_game_short_is_still_said_beside_an_added_game(tmp_path):
    """The protocol's game 3 voided (Loisl's Wenz: Loisl +105, the others -35): its stored games 1-2 sum to
    Loisl 90, Zenzi 90, Gust 90, Xaver -270, its games as first read to its table's 195 / 55 / 55 / -305: the
    session is said corrected since it was read (the void named, as for a protocol without an added game), the
    added game 4's units left out of the comparison (with them, Loisl's +85 and +190 would be compared)."""
    db = _db(tmp_path)
    cli("void", f"{SESSION}#3", "--reason", "test", "--db", str(db))
    assert ledger(db) == {"Loisl": 190 - 105, "Zenzi": 60 + 35, "Gust": 60 + 35, "Xaver": -310 + 35}
    out = " ".join(cli("ledger", "--db", str(db)).output.split())
    assert "hand 3 voided" in out, out
    assert "Loisl stored +195" not in out and "Loisl stored +85" not in out, out
    assert "1 game added beyond the protocol (game 4)" in out, out
