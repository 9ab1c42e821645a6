"""Session 31, metrics31 F6 (an outside tester's hand check of the dashboard's metrics): percentages and means
were rounded half to even on the binary float (Python's round and f-strings): 5/16 = 31.25 % showed "31.2%",
1/16 "6.2%", -34/16 = -2.125 "-2.12".  A person checking by hand rounds half away from zero.

rounding half away from zero on the exact fraction: 5/16 = 31.25 % -> 31.3 %, 1/16 = 6.25 % -> 6.3 %,
-34/16 = -2.125 -> -2.13, 29/200 = 0.145 -> 0.15 (the float 0.145 is 0.14499999999999999...).

The helper is dashboard.text.half_up (fixed, percent); the dashboard's pct and num and the CLI's means use it.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from streamlit.testing.v1 import AppTest

from ingest.store import Store
from ingest.validate import validate_text

PAGES = Path(__file__).resolve().parents[1] / "dashboard" / "pages"
HEAD = """%SHN 1.0
[Event "Round Club"]
[Date "2026.12.03"]
[Seats "Ann=Ann Kraus; Bob=Bob Lenz; Cal=Cal Ruiz; Dee=Dee Voss; Eve=Eve Marsh"]
[Rules "wi5-called-ace; doubleOnBump=off"]
"""


def test_f6_the_helper_rounds_half_away_from_zero():
    from dashboard.text import fixed, percent

    assert percent(Fraction(5, 16)) == "31.3%"
    assert percent(Fraction(1, 16)) == "6.3%"
    assert percent(5 / 16) == "31.3%" and percent(1 / 16) == "6.3%"
    assert percent(Fraction(-1, 16)) == "-6.3%"
    assert fixed(Fraction(-34, 16), 2, sign=True) == "-2.13"
    assert fixed(-34 / 16, 2, sign=True) == "-2.13"
    assert fixed(34 / 16, 2, sign=True) == "+2.13"
    assert fixed(29 / 200, 2) == "0.15"  # the float is 0.14499999999999999...: read as the fraction 29/200
    assert fixed(Fraction(1, 3), 2) == "0.33" and percent(2 / 3) == "66.7%"
    assert percent(1.0) == "100.0%" and percent(0.0) == "0.0%"


def test_f6_dashboard_formatters_use_it():
    from dashboard.filters import num, pct

    assert pct(5 / 16) == "31.3%" and pct(1 / 16) == "6.3%" and pct(None) == "—"
    assert num(-34 / 16) == "-2.13" and num(None) == "—"
    assert num(-2.125, 2) == "-2.13" and num(0.145) == "+0.15"


def test_f6_the_picking_page_shows_31_3(tmp_path, monkeypatch):
    """A night with doubleOnBump=off (rules.md B-32 off, so B-33's table "Without DOB"), 16 picked hands, all Ann's:
    5 alone, each a plain loss with 50 (rules.md B-27: under 61; B-33 alone loss: -4 = 1 to each of 4), 11 with Cal as partner, 2 plain wins with 70 (+2) and 9 plain losses with 50
    (-2).  Alone rate 5/16 = 31.25 % -> "31.3%" (not 31.2 %); pick win rate 2/16 = 12.5 %; units per pick
    (5 x -4 + 2 x 2 + 9 x -2) / 16 = (-20 + 4 - 18) / 16 = -34/16 = -2.125 -> "-2.13" (not -2.12)."""
    lines = [HEAD]
    dealers = ["Eve", "Ann", "Bob", "Cal", "Dee"]
    for i in range(1, 17):
        d = dealers[(i - 1) % 5]
        if i <= 5:
            body = "pick Ann  alone  pts 50  lose"
        elif i <= 7:
            body = "pick Ann  call AH  partner Cal  pts 70  win"
        else:
            body = "pick Ann  call AH  partner Cal  pts 50  lose"
        lines.append(f"hand {i}  dealer {d}\n{body}\n")
    db = tmp_path / "round.duckdb"
    res = validate_text("\n".join(lines), path="round.shn")
    assert not res.rejected, [x.errors for x in res.rejected]
    with Store(db) as store:
        store.ingest_file(res)
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / "picking.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    shown = {m.label: m.value for m in at.metric}
    assert shown["Alone rate"] == "31.3%", shown
    assert shown["Pick win rate"] == "12.5%", shown
    assert shown["Units per pick"] == "-2.13", shown


def test_f6_rounded_columns():
    import polars as pl

    from dashboard.text import rounded

    df = pl.DataFrame({"m": [0.145, -2.125, None, 60.15], "k": ["a", "b", "c", "d"]})
    out = rounded(df, {"m": 2, "absent": 1})
    assert out["m"].to_list() == [0.15, -2.13, None, 60.15] and out["k"].to_list() == ["a", "b", "c", "d"]
    assert rounded(df, {"m": 1})["m"].to_list() == [0.1, -2.1, None, 60.2]  # 60.15 -> 60.2 (the float is 60.1499...)


def test_f6_the_partner_calls_table_rounds_the_mean_half_up(tmp_path, monkeypatch):
    """20 score-sheet ace calls, Ann picks and calls AH, Cal the partner: 19 with pts 60 (a plain loss, rules.md
    B-27) and 1 with pts 63 (a plain win): mean points (19 x 60 + 63) / 20 = 1203 / 20 = 60.15 -> 60.2 in the
    table (its %.1f format rounds the float 60.1499... to 60.1).  Picker units (doubleOnBump=off, B-33): 19 x -2
    + 1 x +2 = -36 / 20 = -1.8 exactly."""
    dealers = ["Eve", "Ann", "Bob", "Cal", "Dee"]
    lines = [HEAD]
    for i in range(1, 21):
        body = "pick Ann  call AH  partner Cal  " + ("pts 63  win" if i == 20 else "pts 60  lose")
        lines.append(f"hand {i}  dealer {dealers[(i - 1) % 5]}\n{body}\n")
    db = tmp_path / "mean.duckdb"
    res = validate_text("\n".join(lines), path="mean.shn")
    assert not res.rejected, [x.errors for x in res.rejected]
    with Store(db) as store:
        store.ingest_file(res)
    monkeypatch.setenv("SHEAD_DB", str(db))
    at = AppTest.from_file(str(PAGES / "partner_calls.py"), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    ace = at.dataframe[0].value.to_dict("records")[0]
    assert ace["call_type"] == "ace" and ace["hands"] == 20 and ace["points_hands"] == 20
    assert ace["mean_points"] == 60.2 and ace["mean_picker_units"] == -1.8
