"""The dashboard's metrics with two-handed ``wi2`` hands mixed with
five-handed ones in one database (issue 6: "the metrics stay correct when
profiles are mixed").  ``wi2`` has no blind (rules.md F-1): its hands name the
non-dealer as ``picker`` although nobody picked, so every picking metric
leaves them out; the ledger counts their units.

The database, worked by hand (Allen Braun and Bea Schmidt play both):

* session ``five`` (``wi5-called-ace``): Ed deals, Al passes (position 1),
  Bea picks (position 2), calls A♠, Di partners, 72 points: a plain win,
  Bea +2, Di +1, Al Cy Ed -1 (B-31, B-33).
* session ``two`` (tests/fixtures/profiles/wi2.shn): Al -2 -1 +1 = -2,
  Bea +2 +1 -1 = +2 (docs/profiles.md, "Two-handed").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard import metrics as m
from ingest.store import Store, reading
from ingest.validate import validate_text

FIXTURES = Path(__file__).parent / "fixtures" / "profiles"

FIVE = """%SHN 1.0
[Session "five"]
[Seats "Al=Allen Braun; Bea=Bea Schmidt; Cy=Cy Ott; Di=Di Lenz; Ed=Ed Kahl"]
[Rules "wi5-called-ace"]

hand 1  dealer Ed
pick Bea  call AS  partner Di  pts 72  win
"""


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    db = tmp_path_factory.mktemp("two") / "t.duckdb"
    two = (FIXTURES / "wi2.shn").read_text(encoding="utf-8").replace("[Event", '[Session "two"]\n[Event', 1)
    with Store(db) as store:
        for name, text in (("five.shn", FIVE), ("two.shn", two)):
            result = validate_text(text, name)
            assert not result.rejected, [str(e) for r in result.rejected for e in r.errors]
            store.ingest_file(result)
    with reading(db) as c:
        yield c


def test_picking_leaves_out_the_two_handed_hands(con):
    r = m.picking_summary(con, m.Filters()).to_dicts()[0]
    # only five/1 is a deal with a blind; the three wi2 hands are not
    assert (r["dealt"], r["passed_out"], r["picks"], r["wins"]) == (1, 0, 1, 1)
    got = {x["player"]: (x["offered"], x["picks"]) for x in m.pick_rate_by_player(con, m.Filters()).to_dicts()}
    assert got["Allen Braun"] == (1, 0)   # five/1, position 1, passed (not the wi2 hands he heads)
    assert got["Bea Schmidt"] == (1, 1)   # five/1, picked
    pr = {x["player"]: x["picks"] for x in m.picker_results_by_player(con, m.Filters()).to_dicts()}
    assert pr == {"Bea Schmidt": 1}


def test_ledger_counts_the_two_handed_units(con):
    got = {r["player"]: (r["hands"], r["units"]) for r in m.leaderboard(con, m.Filters()).to_dicts()}
    assert got["Allen Braun"] == (4, -3)   # five/1 -1; wi2 -2 -1 +1
    assert got["Bea Schmidt"] == (4, 4)    # five/1 +2; wi2 +2 +1 -1
    assert got["Di Lenz"] == (1, 1)
    assert sum(u for _, u in got.values()) == 0  # zero-sum over the database (B-35)


def test_export_shn_keeps_the_table_lines(con):
    """The card_log keeps only the hand cards; ``export --format shn`` writes
    the stored text, so the table stacks come back and re-validate to the
    same units (docs/profiles.md, "Two-handed")."""
    import io

    from ingest.export import export_shn

    buf = io.StringIO()
    export_shn(con, buf)
    text = buf.getvalue()
    assert "table Al  8D/TC 9S/KH KC/TH 9H/QC" in text and "table Bea 9D/JC QD/7D AS/7H AC/7C" in text
    result = validate_text(text, "export.shn")
    assert result.rejected == []
    units = [h.outcome.units for h in result.hands if h.outcome.session == "two"]
    assert units == [{"Al": -2, "Bea": 2}, {"Al": -1, "Bea": 1}, {"Al": 1, "Bea": -1}]
