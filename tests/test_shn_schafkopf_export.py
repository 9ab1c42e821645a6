"""Every shipped NetSchafkopf game (1,188 in data/netschafkopf) stored, exported
as SHN-SK (``shead export --format shn``), read back and validated through
SchafkopfState: each game's Augen, tricks, outcome, multiplier and units per
seat equal what the protocol said (the importer checked those against the
protocol's result line, price and running table, so equality here is equality
with the protocol)."""

from __future__ import annotations

import io
from pathlib import Path

from ingest import export as ex
from ingest import store as st
from ingest.netschafkopf import read_protocol
from ingest.shn.reader import read
from ingest.shn.writer import write
from ingest.validate import validate_text

DATA = Path(__file__).resolve().parent.parent / "data" / "netschafkopf"
FILES = sorted(p for p in DATA.glob("*.txt") if not p.name.startswith("LICENSE"))


def test_all_netschafkopf_games_export_as_shn_and_validate_to_the_protocol_figures(db):
    imported = {}
    with st.Store(db) as s:
        for p in FILES:
            res = read_protocol(p.read_bytes(), str(p))
            s.ingest_file(res, source_format="netschafkopf")
            for vh in res.hands:
                imported[(vh.outcome.session, vh.outcome.hand)] = vh.outcome
    assert len(imported) == 1188  # data/netschafkopf/README.md: 1,188 games, all matching the logs
    buf = io.StringIO()
    with st.reading(db) as con:
        assert ex.non_shn_hands(con) == 0
        n = ex.export_shn(con, buf)
    assert n == 1188
    text = buf.getvalue()
    assert write(read(text)) == text  # canonical SHN (docs/notation.md §10), no blank line after %SHN 1.0
    back = validate_text(text, path="export.shn")
    assert not back.errors and not back.rejected, (back.errors, back.rejected[:1])
    assert len(back.hands) == 1188
    for vh in back.hands:
        o = vh.outcome
        want = imported[(o.session, o.hand)]
        got = (o.game, o.game_type, o.dealer, o.picker, o.partner, o.call, o.picker_points, o.picker_tricks,
               o.outcome, o.multiplier, o.marks, o.tier, o.units)
        assert got == (want.game, want.game_type, want.dealer, want.picker, want.partner, want.call,
                       want.picker_points, want.picker_tricks, want.outcome, want.multiplier, want.marks, want.tier,
                       want.units), (o.session, o.hand)
        assert sum(o.units.values()) == 0  # rules.md B-35 / I-41: zero-sum
        # Augen, price and units were written into the text and checked against the replay
        if o.game_type != "ramsch":
            assert o.provenance["picker_points"] == "verified" and o.provenance["laufende"] == "verified"
        assert o.provenance["units"] == "verified"
        assert sum(len(c) for c in vh.cardlog.deal.values()) == 32  # card conservation (rules.md G-2)
