"""sheetx34 F1: a workbook's player cells formatted as currency (``"$"#,##0.00``) are money, as the same sheet
saved as CSV (``$4.00``) is: refused E-CSV-MONEY without a stake, read at ``--columns stake=`` with one.
"""

from __future__ import annotations

import io
from fractions import Fraction

from openpyxl import Workbook

from ingest.csv_sheet import money_value
from ingest.pipeline import load_bytes
from ingest.xlsx_sheet import cell_text

DOLLARS = '"$"#,##0.00_);\\("$"#,##0.00\\)'


def _book(number_format: str | None = DOLLARS) -> bytes:
    """money_2dollar.xlsx of sheetx34 (mk8.py): whole dollars formatted as currency."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Dec 21"
    ws.append(["Date", "Hand", "Picker", "Partner", "Al", "Bea", "Cy", "Di", "Ed"])
    ws.append(["2026-12-21", 1, "Al", "Bea", 4.0, 2.0, -2.0, -2.0, -2.0])
    ws.append(["2026-12-21", 2, "Cy", "", 4.0, 4.0, -16.0, 4.0, 4.0])
    if number_format:
        for row in ws.iter_rows(min_row=2, min_col=5):
            for c in row:
                c.number_format = number_format
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _totals(result) -> dict[str, int]:
    out: dict[str, int] = {}
    for h in result.hands:
        for p, u in h.outcome.units.items():
            out[p] = out.get(p, 0) + u
    return out


def test_whole_dollars_formatted_as_currency_are_money_not_units():
    result, _ = load_bytes("money_2dollar.xlsx", _book())
    assert result.hands == []
    codes = [d.code for d in result.errors if d.severity == "error"]
    assert codes and set(codes) == {"E-CSV-MONEY"}, result.errors
    assert "stake" in result.errors[0].message


def test_whole_dollars_at_a_stake_of_two():
    # stake 2 dollars a unit.  Hand 1 (Al picks, Bea partner; rules.md B-31, B-33): $4/$2/-$2 x3 -> Al +2, Bea +1,
    # Cy/Di/Ed -1 each: 2+1-3 = 0.  Hand 2 (Cy alone, loses; B-32, B-33): -$16 -> Cy -8, $4 -> +2 each of four:
    # -8+8 = 0.  Totals: Al 2+2 = 4, Bea 1+2 = 3, Cy -1-8 = -9, Di -1+2 = 1, Ed 1; 4+3-9+1+1 = 0.
    result, _ = load_bytes("money_2dollar.xlsx", _book(), columns="stake=2")
    assert result.rejected == [], [d.message for x in result.rejected for d in x.errors]
    units = [h.outcome.units for h in result.hands]
    assert units == [{"Al": 2, "Bea": 1, "Cy": -1, "Di": -1, "Ed": -1},
                     {"Al": 2, "Bea": 2, "Cy": -8, "Di": 2, "Ed": 2}]
    assert _totals(result) == {"Al": 4, "Bea": 3, "Cy": -9, "Di": 1, "Ed": 1}
    assert sum(_totals(result).values()) == 0


def test_a_workbook_in_units_stays_units():
    # no currency format: the same cells are units, as before (hand 1 +4/+2/-2 x3 = 0)
    result, _ = load_bytes("units.xlsx", _book(None))
    assert [h.outcome.units["Al"] for h in result.hands] == [4, 4]


def test_currency_formats_render_as_money_text():
    assert cell_text(4.0, DOLLARS) == "$4.00"
    assert cell_text(-2.0, DOLLARS) == "-$2.00"
    assert cell_text(4, '"$"#,##0.00') == "$4.00"  # an int cell too
    assert money_value(cell_text(0.5, "[$€-407] #,##0.00")) == Fraction(1, 2)
    assert money_value(cell_text(-3.0, "#,##0.00 [$€-407]")) == -3
    assert money_value(cell_text(1.0, "£#,##0.00")) == 1
    accounting = '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)'
    assert money_value(cell_text(-0.25, accounting)) == Fraction(-1, 4)
    assert money_value(cell_text(0.0, accounting)) == 0
    # a locale tag is no currency: [$-409] on a number, a plain number, a date format
    assert cell_text(4.0, "[$-409]0") == "4"
    assert cell_text(4.0, "0.00") == "4"
    assert cell_text(-1.0, "General") == "-1"
