"""dash34 F3, F7: the pick-rate-by-seat chart says "0% 0/1" for a seat that passed and "not offered" for one the
blind never reached, on the Player page as on the Picking page (one chart code), and the "not offered" label is
short enough for a phone's last column (streamlit.testing on tester dash34's records).

Kai Lutz's offers by hand (Lakeside Six, seats clockwise Al Gus Hal Ida Jo Kai, wi6-sit-out: the dealer sits out,
rules.md F-1; the blind goes round from the dealer's left and stops at the picker, B-5; a leaster reached every
playing seat, D-2; a misdeal offers nobody):

  11-05 #3 dealer Hal, leaster: Ida 1st, Jo 2nd, Kai 3rd            -> 3rd offered, passed
  11-05 #4 dealer Ida, Hal picks 5th: Jo 1st, Kai 2nd               -> 2nd offered, passed
  11-05 #5 dealer Jo, Kai picks 1st                                  -> 1st offered, picked
  11-05 #8 dealer Gus, Al picks 5th: Hal Ida Jo, Kai 4th             -> 4th offered, passed
  11-12 #1 dealer Jo, Al picks 2nd: Kai 1st                          -> 1st offered, passed
  11-12 #4 dealer Al, leaster: Gus Hal Ida Jo, Kai 5th               -> 5th offered, passed
  11-12 #5 dealer Gus, Kai picks 4th (Hal Ida Jo passed)             -> 4th offered, picked
  11-12 #8 dealer Jo, Hal picks 4th: Kai 1st                         -> 1st offered, passed
  11-05 #6 and 11-12 #2 Kai dealt and sat out; the other hands a seat before him picked.

So 1st 1/3 (33%), 2nd 0/1, 3rd 0/1, 4th 1/2 (50%), 5th 0/1, dealer never offered: 2 picks of 8 offers, as the
tester's table (Kai picks 2/8).
"""
from __future__ import annotations

from tests.dash34_records import page, store


def _chart_rows(at) -> list[list[dict]]:
    """Each dataset of the page's first Vega-Lite chart, as rows."""
    import pyarrow as pa  # noqa: PLC0415

    chart = next(e for e in at.main if getattr(e, "type", None) == "vega_lite_chart")
    return [pa.ipc.open_stream(d.data.data).read_all().to_pylist() for d in chart.proto.datasets]


def _labels(at, who: str | None = None) -> dict[str, str]:
    """Each seat's label (of ``who``'s bars; a seat offered to no bar has one label, in the middle of the seat)."""
    rows = [r for rows in _chart_rows(at) if rows and "bar_label" in rows[0] for r in rows]
    assert rows
    return {r["seat"]: r["bar_label"] for r in rows if who is None or r["who"] == who}


NOT_OFFERED = "not\noffered"  # two lines: the dealer's column is the last, at a phone's right edge (F7)


def test_player_page_seat_chart_tells_passed_from_never_offered(tmp_path, monkeypatch):
    db = store(tmp_path)
    at = page("player.py", db, monkeypatch, who="Kai Lutz")
    assert _labels(at, "Kai Lutz") == {"1st": "33%\n1/3", "2nd": "0%\n0/1", "3rd": "0%\n0/1", "4th": "50%\n1/2",
                                       "5th": "0%\n0/1", "dealer": NOT_OFFERED}
    # the group's dealer seat: the dealer sits every wi6-sit-out hand out (F-1), never offered either: the seat has
    # one "not offered" (F7: the player's and the group's were written over each other), the group's bars their own
    group = _labels(at, "group")
    assert "dealer" not in group and group["5th"] == "50%\n2/4", group
    said = [r["bar_label"] for rows in _chart_rows(at) if rows and "bar_label" in rows[0] for r in rows
            if r["seat"] == "dealer"]
    assert said == [NOT_OFFERED], said


def test_picking_page_seat_chart_labels_kai(tmp_path, monkeypatch):
    db = store(tmp_path)
    at = page("picking.py", db, monkeypatch, player="Kai Lutz")
    assert _labels(at) == {"1st": "33%\n1/3", "2nd": "0%\n0/1", "3rd": "0%\n0/1", "4th": "50%\n1/2",
                           "5th": "0%\n0/1", "dealer": NOT_OFFERED}


def test_one_chart_code():
    from pathlib import Path  # noqa: PLC0415

    pages = Path(__file__).resolve().parents[1] / "dashboard" / "pages"
    for name in ("player.py", "picking.py"):
        text = (pages / name).read_text(encoding="utf-8")
        assert "seat_chart" in text and "mark_text" not in text, name
