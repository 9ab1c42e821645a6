"""A real league's records brought by real26 (session 26: F1..F5), fixed by fixc: each record written as the
league wrote it, each amount worked out by hand from rules.md (/work/shared/reference/rules.md) before shead's
figure was read.

Sit-out nights (wi6-sit-out, rules.md F-1): six at the table, the dealer sits out, the other five play a
five-handed called-ace hand; a plain win (B-27, B-28: 61..90) is picker +2, partner +1, each defender -1 (B-31,
B-33).
"""

from __future__ import annotations

import duckdb

from tests.cli_helpers import ledger, write
from tests.cli_helpers import ingest_json as _ingest, refused_at as _where


def _hands(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(
            "SELECT h.hand, h.picker, h.partner, list(u.player || '=' || u.units ORDER BY u.seat_no) "
            "FROM hands h JOIN hand_units u USING (hand_id) GROUP BY ALL ORDER BY 1").fetchall()


# -- real26 F1: a sit-out night whose FIRST row blanks the wrong cell ------------------------------------------------

#: sitout4.csv as the club wrote it: row 1 says Al deals, but Cal's cell is the blank one (Al's holds -1)
SITOUT_ROW1 = """Friday Sit-Out Club - Dec 11 2026
Hand,Dealer,Picker,Partner,Call,Pts,Al,Bud,Cal,Don,Eli,Fritz,Comments
1,Al,Bud,Don,AH,67,-1,2,,1,-1,-1,
2,Bud,Cal,Eli,AS,70,-1,,2,-1,1,-1,
3,Cal,Don,Fritz,AC,70,-1,-1,,2,-1,1,
4,Don,Eli,Al,AH,70,1,-1,-1,,2,-1,
5,Eli,Fritz,Bud,AS,70,-1,1,-1,-1,,2,
"""


def test_a_wrong_blank_in_a_sit_out_nights_first_row_refuses_that_row_alone(tmp_path):
    """Rows 2..5 are plain wins, their dealer sitting out (F-1):
    row 2 (Bud out): Cal +2, Eli +1, Al/Don/Fritz -1;  row 3 (Cal out): Don +2, Fritz +1, Al/Bud/Eli -1;
    row 4 (Don out): Eli +2, Al +1, Bud/Cal/Fritz -1;  row 5 (Eli out): Fritz +2, Bud +1, Al/Cal/Don -1.
    Al -1-1+1-1 = -2, Bud -1-1+1 = -1, Cal +2-1-1 = 0, Don -1+2-1 = 0, Eli +1-1+2 = +2, Fritz -1+1-1+2 = +1.
    Row 1 contradicts itself (the dealer Al has units, Cal's cell is blank): refused at Al's cell (column 7)."""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "sitout4.csv", SITOUT_ROW1), db, "--rules", "wi6-sit-out")
    assert rep["ingested"] == 4
    assert _where(rep) == [(3, 7, "E-CSV-SEATS", 1)]
    (bad,) = rep["rejected"]
    assert "the Dealer cell says 'Al', and the dealer sits out (rules.md F-1)" in bad["message"]
    assert "Al's cell (column 7) holds '-1' and Cal's cell (column 9) is blank" in bad["message"]
    assert "is the Dealer cell wrong" in bad["message"]
    assert "[Seats]" not in bad["message"] and "leaves" not in bad["message"]
    assert ledger(db) == {"Al": -2, "Bud": -1, "Cal": 0, "Don": 0, "Eli": 2, "Fritz": 1}
    hands = _hands(db)
    assert [(h[0], h[1], h[2]) for h in hands] == [(2, "Cal", "Eli"), (3, "Don", "Fritz"), (4, "Eli", "Al"),
                                                   (5, "Fritz", "Bud")]
    # the dealer who sat out is stored with 0 (hand 2: Bud)
    assert sorted(hands[0][3]) == sorted(["Al=-1", "Bud=0", "Cal=2", "Don=-1", "Eli=1", "Fritz=-1"])


def test_the_same_mistake_in_a_later_row_is_said_alike(tmp_path):
    """sitout3.csv: row 2 says Bud deals, Bud's cell holds -1 and Don's is blank.  The other rows are stored:
    row 1 (Al out): Bud +2, Don +1, Cal/Eli/Fritz -1; row 3 (Cal out): Don +2, Fritz +1, Al/Bud/Eli -1;
    row 4 (Don out): Eli +2, Al +1, Bud/Cal/Fritz -1.
    Al -1+1 = 0, Bud +2-1-1 = 0, Cal -1-1 = -2, Don +1+2 = +3, Eli -1-1+2 = 0, Fritz -1+1-1 = -1."""
    text = """Friday Sit-Out Club - Dec 4 2026
Hand,Dealer,Picker,Partner,Call,Pts,Al,Bud,Cal,Don,Eli,Fritz,Comments
1,Al,Bud,Don,AH,67,,2,-1,1,-1,-1,
2,Bud,Cal,Eli,AS,70,-1,-1,2,,1,-1,
3,Cal,Don,Fritz,AC,70,-1,-1,,2,-1,1,
4,Don,Eli,Al,AH,70,1,-1,-1,,2,-1,
"""
    db = tmp_path / "s.duckdb"
    rep = _ingest(write(tmp_path, "sitout3.csv", text), db, "--rules", "wi6-sit-out")
    assert rep["ingested"] == 3
    assert _where(rep) == [(4, 8, "E-CSV-SEATS", 2)]
    assert "Bud's cell (column 8) holds '-1' and Don's cell (column 10) is blank" in rep["rejected"][0]["message"]
    assert ledger(db) == {"Al": 0, "Bud": 0, "Cal": -2, "Don": 3, "Eli": 0, "Fritz": -1}

