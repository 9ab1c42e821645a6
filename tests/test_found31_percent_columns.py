"""real31 B (verify31 pct.shn): the Partner calls page's win rate showed 31.25% -- its grid column's
format="percent" formats the share itself, with two decimals -- where the Picking and Player pages write
31.3% (dashboard.text.percent: one decimal, half away from zero, metrics31 F6).

Worked by hand: pct.shn has 16 picked hands, every one calling the ace of spades (call AS), won with 70 card
points in hands 1, 4, 7, 10, 13 (rules.md B-28: 61..90 a win) and lost with 50 in the other 11 (31..60 a loss):
the ace call's win rate is 5 / 16 = 0.3125 = 31.25 %, rounded half away from zero to one decimal 31.3 %
(not the grid's 31.25 %, not half-to-even's 31.2 %).  The picker's mean units (rules.md B-33 with double on
the bump, B-32: a win +2, a loss -4): (5 x 2 + 11 x -4) / 16 = (10 - 44) / 16 = -34/16 = -2.125 -> -2.13.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.cli_helpers import ingest_json, write

DASH = Path(__file__).resolve().parents[1] / "dashboard"
PCT = """%SHN 1.0
[Event "Pct V31"]
[Date "2026.12.12"]
[Seats "Al; Bea; Cy; Di; Ed"]

""" + "".join(
    f"hand {i} dealer {'Al Bea Cy Di Ed'.split()[(i - 1) % 5]}\n"
    f"pick {'Bea Cy Di Ed Al'.split()[(i - 1) % 5]} call AS partner {'Cy Di Ed Al Bea'.split()[(i - 1) % 5]} "
    + ("pts 70 win\n" if i in (1, 4, 7, 10, 13) else "pts 50 lose\n") for i in range(1, 17))


def _shown(value, fmt: str) -> str:
    """What the grid writes for ``value`` under a printf ``fmt`` of the one kind the pages use ("%.1f%%")."""
    assert fmt == "%.1f%%", fmt
    return f"{value:.1f}%"


def test_the_helper_gives_percentage_points_rounded_half_away_from_zero():
    import polars as pl

    from dashboard.text import PERCENT_FORMAT, percents

    df = percents(pl.DataFrame({"r": [5 / 16, 1 / 16, 0.145 / 100 * 100, None, 1.0, 0.0], "n": [1, 2, 3, 4, 5, 6]}),
                  ["r", "missing"])
    # 31.25 -> 31.3, 6.25 -> 6.3, 14.5 stays, null stays null, 100 %, 0 %; other columns untouched
    assert df["r"].to_list() == [31.3, 6.3, 14.5, None, 100.0, 0.0]
    assert df["n"].to_list() == [1, 2, 3, 4, 5, 6]
    assert PERCENT_FORMAT == "%.1f%%"
    assert float(Fraction(5, 16) * 100) == 31.25  # the exact value the grid showed before


def test_partner_calls_shows_31_3(tmp_path, monkeypatch):
    db = tmp_path / "pct.duckdb"
    assert ingest_json(write(tmp_path, "pct.shn", PCT), db)["ingested"] == 16
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(DASH / "pages" / "partner_calls.py"), default_timeout=60)
    at.run()
    assert not at.exception and not at.error
    grid = at.dataframe[0]
    row = grid.value.iloc[0]
    assert (row["call_type"], row["hands"], row["wins"]) == ("ace", 16, 5)
    cols = json.loads(grid.proto.columns)
    assert _shown(row["win_rate"], cols["win_rate"]["type_config"]["format"]) == "31.3%"
    assert row["mean_picker_units"] == -2.13
    by_suit = at.dataframe[1]
    srow = by_suit.value.iloc[0]
    assert srow["called_suit"] == "S" and _shown(srow["win_rate"],
                                                 json.loads(by_suit.proto.columns)["win_rate"]["type_config"]
                                                 ["format"]) == "31.3%"


def test_no_page_lets_the_grid_round_a_percent_itself():
    """Every percent column of every page goes through dashboard.text.percents and PERCENT_FORMAT: the grid's
    own format="percent" (two decimals, its own rounding) is used nowhere."""
    found = [f"{p.relative_to(DASH)}:{k + 1}" for p in sorted(DASH.rglob("*.py"))
             for k, line in enumerate(p.read_text(encoding="utf-8").splitlines())
             if re.search(r"""format\s*=\s*["']percent["']""", line)]
    assert found == []
