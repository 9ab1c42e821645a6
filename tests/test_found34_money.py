"""sheetx34 F4 (and its minor star finding): score sheets kept in money in Excel's Accounting style, which
writes a negative ``$(0.25)`` / ``$ (0.25)`` and a zero ``$ -`` / ``$-``;
and a picker mark in a units cell (``2*``, ``+4 P``).
"""

from __future__ import annotations

from fractions import Fraction

from ingest.csv_sheet import money_value
from ingest.pipeline import load_bytes


def _totals(result) -> dict[str, int]:
    out: dict[str, int] = {}
    for h in result.hands:
        for p, u in h.outcome.units.items():
            out[p] = out.get(p, 0) + u
    return out


def test_accounting_negatives_and_dash_zero():
    # F4: Accounting's negative with the sign outside the parentheses, and its zero
    assert money_value("$(0.25)") == Fraction(-1, 4)
    assert money_value(" $ (0.25) ") == Fraction(-1, 4)
    assert money_value("$(2.00)") == -2
    for zero in ("$ -", "$-", " $-   ", "€ -", "$ –"):
        assert money_value(zero) == 0, zero
    # the ones accepted before, still
    for neg in ("($0.25)", "(0.25)", "-$0.25", "$-0.25", "\u2212$0.25", "$ -0.25"):
        assert money_value(neg) == Fraction(-1, 4), neg


SIX = ("Date,Hand,Dealer,Picker,Partner,Call,Points,Result,Al,Bea,Cy,Di,Ed,Flo\n"
       "2026-12-14,1,Al,Cy,Flo,AS,70,W, $-   , $(0.25), $0.50 , $(0.25), $(0.25), $0.25 \n"
       "2026-12-14,2,Bea,Di,,alone,40,L, $0.50 , $-   , $0.50 , $(2.00), $0.50 , $0.50 \n")


def test_six_handed_accounting_sheet_at_a_quarter():
    # six_money.csv of sheetx34, wi6-sit-out (rules.md F-1: the dealer sits out, +0).  At 0.25 a unit:
    # hand 1: Al (dealer) $- = 0; Bea -1, Cy (picker) +2, Di -1, Ed -1, Flo (partner) +1: 2+1-3 = 0.
    # hand 2: Bea (dealer) 0; Di alone loses -$2.00 = -8; Al, Cy, Ed, Flo $0.50 = +2 each: 8-8 = 0.
    result, _ = load_bytes("six_money.csv", SIX.encode(), rules="wi6-sit-out", columns="stake=0.25")
    assert result.rejected == [], [d.message for x in result.rejected for d in x.errors]
    units = [{p: u for p, u in h.outcome.units.items() if u} for h in result.hands]
    assert units == [{"Bea": -1, "Cy": 2, "Di": -1, "Ed": -1, "Flo": 1},
                     {"Al": 2, "Cy": 2, "Di": -8, "Ed": 2, "Flo": 2}]
    assert all(sum(h.outcome.units.values()) == 0 for h in result.hands)


WASH = ("Date,Hand,Dealer,Picker,Leaster,Al,Bea,Cy,Di,Ed\n"
        '2026-12-18,1,Al,Bea,,"($0.25)",$0.50,$0.25,($0.25),($0.25)\n'
        "2026-12-18,2,Bea,,tie,$ -  ,$ -  ,$ -  ,$ -  ,$ -  \n")


def test_a_leaster_wash_in_accounting_zeros():
    # wash.csv of sheetx34 at 0.25: hand 1 Al -1, Bea +2, Cy +1, Di -1, Ed -1 (= 0); hand 2 a tied leaster, every
    # cell Accounting's zero '$ -': 0 each (= 0).  Totals Al -1, Bea 2, Cy 1, Di -1, Ed -1.
    result, _ = load_bytes("wash.csv", WASH.encode(), columns="stake=0.25")
    assert result.rejected == [], [d.message for x in result.rejected for d in x.errors]
    assert _totals(result) == {"Al": -1, "Bea": 2, "Cy": 1, "Di": -1, "Ed": -1}
    assert [sum(h.outcome.units.values()) for h in result.hands] == [0, 0]


def test_no_whole_units_message_names_an_amount_honestly():
    # $0.10 at 0.25 is 2/5 of a unit: "not a whole number of units"; text that is no amount is not said so
    bad = WASH.replace('"($0.25)",$0.50', '"$0.10",$0.50').replace("$ -  ,$ -  ,$ -  ,$ -  ,$ -  ", "x,0,0,0,0")
    result, _ = load_bytes("wash.csv", bad.encode(), columns="stake=0.25")
    msgs = [d.message for x in result.rejected for d in x.errors]
    assert len(msgs) == 2
    assert "'$0.10'" in msgs[0] and "not a whole number of units" in msgs[0]
    assert "'x'" in msgs[1] and "not a whole number of units" not in msgs[1]


STAR = ("Date,Hand,Al,Bea,Cy,Di,Ed\n"
        "2026-12-12,1,-1,2*,1,-1,-1\n"
        "2026-12-12,2,-1,-1,-1,-1,+4 P\n")


def test_a_picker_mark_in_a_units_cell_is_named_as_one():
    result, _ = load_bytes("star.csv", STAR.encode())
    msgs = [d.message for x in result.rejected for d in x.errors]
    assert len(msgs) == 2
    for m in msgs:
        assert "picker" in m.lower() and "Picker column" in m
        assert "ignore=" not in m
