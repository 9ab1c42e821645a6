"""A NetSchafkopf game shows on the night's sheet the call and marks its
SHN-SK export writes (user15 finding 5): the imported protocol's sheet said
``sauspiel AD`` (French spelling), ``solo`` without its suit and an empty
marks cell for "2 mal aufgedoppelt", while the same games after ``shead
export --format shn`` and re-ingest said ``sauspiel SA``, ``solo schellen``
and ``klopfen ?, klopfen ? ×4``.  The protocol never names who knocked or
gave Kontra, hence ``?``."""

from __future__ import annotations

import io
from pathlib import Path

from ingest import store as st
from ingest.export import export_shn
from ingest.netschafkopf import read_protocol
from ingest.sheet import session_sheet
from ingest.sheet_facts import protocol_game_words, protocol_marks_text
from ingest.validate import validate_text

HERE = Path(__file__).resolve().parent
KNOCKS = HERE / "fixtures" / "tester" / "nsk_v7_aufgedoppelt.txt"
TOUT = HERE.parent / "data" / "netschafkopf" / "cheat_ab_stich_3__Schafkopfprotokoll_vom_03.10.23_01.txt"


def _sheets(tmp_path: Path, log: Path):
    """The sheet of ``log`` imported, and of its SHN-SK export ingested into a fresh database."""
    a, b = tmp_path / "imported.duckdb", tmp_path / "restored.duckdb"
    with st.Store(a) as store:
        rep = store.ingest_file(read_protocol(log.read_bytes(), str(log)), source_format="netschafkopf")
        assert rep.stored == 99 and not rep.rejected
    buf = io.StringIO()
    with st.reading(a) as con:
        assert export_shn(con, buf) == 99
        session = con.execute("SELECT session FROM sessions").fetchone()[0]
        imported = session_sheet(con, session)
    with st.Store(b) as store:
        rep = store.ingest_file(validate_text(buf.getvalue(), "export.shn"))
        assert rep.stored == 99 and not rep.rejected, rep.rejected
    with st.reading(b) as con:
        restored = session_sheet(con, session)
    return imported, restored


def test_knocks_and_called_aces_read_as_the_export_writes_them(tmp_path):
    """By hand, from the protocol's lines (tariff Rufspiel 2, Einzelspiel 5, Schneider +1, Laufender +1 from 3):

    game 1 "PcOben spielt Mit der Schellen-Ass", "1 mal aufgedoppelt": lost, 2 × 2 = 4 (rules.md G-19):
        sauspiel SA (Schellen S + Ass A), klopfen ? ×2; PcLinks +4 PcOben -4 PcRechts +4 Gast -4.
    game 2 "Mit der Grün-Ass": sauspiel GA, no marks, ±2.
    game 3 "Gast spielt Mit der Eichel-Ass", "2 mal aufgedoppelt": (2 + 1 schneider + 3 Laufende) = 6 (G-13,
        G-14), × 2 × 2 = 24: sauspiel EA, klopfen ?, klopfen ? ×4; PcLinks -24 PcOben +24 PcRechts -24 Gast +24.
    game 4 "Gast spielt Schellen-Solo": 5, the soloist ×3 (G-15): solo schellen; -5 -5 -5 +15.
    game 8 Ramsch, "1 mal aufgedoppelt": 1 × 2 = 2 a payment, PcLinks loses to the three: ramsch, klopfen ? ×2;
        -6 +2 +2 +2.
    game 79 "Gast spielt Mit der Grün-Ass", Gast with PcOben loses, "1 mal gespritzt" (Kontra, G-18):
        2 × 2 = 4: sauspiel GA, kontra ? ×2; +4 -4 +4 -4."""
    imported, restored = _sheets(tmp_path, KNOCKS)
    rows = {r.hand: r for r in imported.rows}
    assert [(h, rows[h].call, rows[h].marks, list(rows[h].units.values())) for h in (1, 2, 3, 4, 8, 79)] == [
        (1, "sauspiel SA", "klopfen ? ×2", [4, -4, 4, -4]),
        (2, "sauspiel GA", "", [2, -2, 2, -2]),
        (3, "sauspiel EA", "klopfen ?, klopfen ? ×4", [-24, 24, -24, 24]),
        (4, "solo schellen", "", [-5, -5, -5, 15]),
        (8, "ramsch", "klopfen ? ×2", [-6, 2, 2, 2]),
        (79, "sauspiel GA", "kontra ? ×2", [4, -4, 4, -4])]
    # every one of the 99 rows alike however the games came in: call, marks, result, units, running totals
    assert imported.records() == restored.records()
    # expected.md: final table PcLinks -104, PcOben +50, PcRechts +10, Gast +44
    assert imported.totals == {"PcLinks": -104, "PcOben": 50, "PcRechts": 10, "Gast": 44}



def test_a_tout_and_a_farbwenz_read_as_the_export_writes_them(tmp_path):
    """Shipped protocol cheat_…_03.10.23_01, by hand from its lines:
    game 9 "PcOben spielt Grün-Wenz": farbwenz gras, 5, ×3 for PcOben (G-15): -5 +15 -5 -5.
    game 33 "PcLinks spielt Wenz": wenz, +15 -5 -5 -5.
    game 45 "PcOben spielt Herz-Solo Tout", "Mit 5 Laufenden 10 Punkte. Doppelt für Tout 20": (5 + 5) × 2 = 20
        (G-13, G-16): solo herz tout; -20 +60 -20 -20."""
    imported, restored = _sheets(tmp_path, TOUT)
    rows = {r.hand: r for r in imported.rows}
    assert [(h, rows[h].call, rows[h].marks, list(rows[h].units.values())) for h in (9, 33, 45)] == [
        (9, "farbwenz gras", "", [-5, 15, -5, -5]),
        (33, "wenz", "", [15, -5, -5, -5]),
        (45, "solo herz tout", "", [-20, 60, -20, -20])]
    assert imported.records() == restored.records()


def test_the_words_of_a_protocol_block():
    """The game line alone decides the words; Kontra then Re after the knocks, the factor 2 ** marks
    (G-18, G-19): multiplier 8 with one Kontra is 2 knocks."""
    assert protocol_game_words("Geber: Gast\nGast spielt Eichel-Solo\n", None) == "solo eichel"
    assert protocol_game_words("Geber: Gast\nPcOben spielt Mit der Schellen-Ass\n", "AD") == "sauspiel SA"
    assert protocol_game_words("Geber: Gast\nEs wurde Ramsch gespielt\n", None) is None
    assert protocol_marks_text(8, 1) == "klopfen ?, klopfen ?, kontra ? ×8"
    assert protocol_marks_text(4, 2) == "kontra ?, re ? ×4"
    assert protocol_marks_text(1, 0) == ""
