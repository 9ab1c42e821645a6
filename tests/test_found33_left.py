"""Session 33 (left33): defects left from session 32, each with a night worked by hand from rules.md.

F1. ``shead sheet`` in text printed ``+0`` for the dealer who sat out a hand of a six-handed ``wi6-sit-out`` night
(rules.md F-1), as for a seat that played and broke even; the Sheet page, ``--json`` and ``--csv`` said ``out`` /
``sat_out``.  The text now prints ``out`` in that seat's cell for that hand (ingest.sheet.seat_units_text, the one
source the page uses too), and the legend says what ``out`` means.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli_helpers import cli, write

# --------------------------------------------------------------------------------------------------------------------
# F1: the sat-out dealer's cell in `shead sheet` text
#
# Six seats under wi6-sit-out (rules.md F-1: the dealer sits out, the other five play a five-handed called-ace hand,
# B-33).  The dealer rotates Ann, Bob, Cal, Deb.  Default DOB on (B-32): a loss is doubled.
#
# hand 1, dealer Ann (sits out): Bob picks, calls A♥, Cal partner, 75 points: a plain win (B-28, 61-90), B-33 row
#   "Win": picker +2, partner +1, each of 3 defenders -1.  Ann 0, Bob +2, Cal +1, Deb -1, Eli -1, Fay -1.
#   Sum 3 - 3 = 0.
# hand 2, dealer Bob (sits out): Deb picks, calls A♣, Fay partner, 45 points: a plain loss (B-28, 31-60), doubled on
#   the bump (B-32, B-33 "with DOB" -4/-2/+2): Deb -4, Fay -2, Ann +2, Cal +2, Eli +2, Bob 0.  Sum -6 + 6 = 0.
# hand 3, dealer Cal (sits out): Eli alone, 95 points: schneider (B-28, 91-120, defenders took a trick), alone
#   (B-33 "Win, schneider" alone +8, each of 4 defenders -2): Eli +8, Ann -2, Bob -2, Deb -2, Fay -2, Cal 0.
#   Sum 8 - 8 = 0.
# hand 4, dealer Deb (sits out): Ann picks, calls A♠, Bob partner, 60 points: 60-60 loses (B-27), a plain loss,
#   DOB: Ann -4, Bob -2, Cal +2, Eli +2, Fay +2, Deb 0.  Sum -6 + 6 = 0.
#
# Running totals (Ann, Bob, Cal, Deb, Eli, Fay):
#   after 1: 0, 2, 1, -1, -1, -1
#   after 2: 2, 2, 3, -5, 1, -3
#   after 3: 0, 0, 3, -7, 9, -5
#   after 4: -4, -2, 5, -7, 11, -3     (sum -4-2+5-7+11-3 = 0)
# --------------------------------------------------------------------------------------------------------------------

SIX = """%SHN 1.0
[Event "Left Six"]
[Date "2026.12.03"]
[Seats "Ann; Bob; Cal; Deb; Eli; Fay"]
[Rules "wi6-sit-out"]

hand 1  dealer Ann
pick Bob  call AH  partner Cal  pts 75  win

hand 2  dealer Bob
pick Deb  call AC  partner Fay  pts 45  lose

hand 3  dealer Cal
pick Eli  alone  pts 95  win-s

hand 4  dealer Deb
pick Ann  call AS  partner Bob  pts 60  lose
"""

P6 = ["Ann", "Bob", "Cal", "Deb", "Eli", "Fay"]
SIX_OUT = {1: "Ann", 2: "Bob", 3: "Cal", 4: "Deb"}
SIX_UNITS = {1: [0, 2, 1, -1, -1, -1], 2: [2, 0, 2, -4, 2, -2], 3: [-2, -2, 0, -2, 8, -2], 4: [-4, -2, 2, 0, 2, 2]}
SIX_RUNNING = {1: [0, 2, 1, -1, -1, -1], 2: [2, 2, 3, -5, 1, -3], 3: [0, 0, 3, -7, 9, -5], 4: [-4, -2, 5, -7, 11, -3]}


def test_f1_the_hand_work_is_zero_sum_and_the_sat_out_seat_is_0():
    for h, units in SIX_UNITS.items():
        assert sum(units) == 0, h
        assert units[P6.index(SIX_OUT[h])] == 0, h
        prev = SIX_RUNNING.get(h - 1, [0] * 6)
        assert [p + u for p, u in zip(prev, units)] == SIX_RUNNING[h], h
    assert sum(SIX_RUNNING[4]) == 0


@pytest.fixture
def six_db(tmp_path) -> Path:
    db = tmp_path / "six.duckdb"
    cli("ingest", write(tmp_path, "six.shn", SIX), "--db", str(db))
    return db


def _text_rows(out: str) -> dict[int, list[str]]:
    """The seat cells of each hand's row of ``shead sheet`` text: the last 12 words (units or 'out', then the
    running total, per seat)."""
    rows = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\d+)\s+(Ann|Bob|Cal|Deb)\s", line)
        if m:
            words = line.split()
            rows[int(m.group(1))] = words[-12:]
    return rows


def test_f1_sheet_text_says_out_for_the_seat_that_sat_out(six_db):
    data = json.loads(cli("sheet", "Left Six", "--db", str(six_db), "--json").output)
    assert {h["hand"]: h["sat_out"] for h in data["hands"]} == SIX_OUT
    assert {h["hand"]: [h["units"][a] for a in P6] for h in data["hands"]} == SIX_UNITS
    out = cli("sheet", "Left Six", "--db", str(six_db)).output
    rows = _text_rows(out)
    assert sorted(rows) == [1, 2, 3, 4], out
    for h in SIX_UNITS:
        want = []
        for a, u, t in zip(P6, SIX_UNITS[h], SIX_RUNNING[h]):
            want += ["out" if a == SIX_OUT[h] else f"{u:+d}", str(t)]
        assert rows[h] == want, (h, out)
    assert "+0" not in "".join(" ".join(r) for r in rows.values())  # no seat played and broke even this night
    flat = " ".join(out.split())
    # the legend: what "out" means, not "+0"
    assert "out: the dealer sat out the hand (dealt nothing, scored 0, rules.md F-1)" in flat, flat
    assert "(+0, rules.md F-1)" not in flat
    # the totals row, as worked
    total = next(line for line in out.splitlines() if "total" in line and "each player" not in line)
    assert total.split()[-6:] == [str(t) for t in SIX_RUNNING[4]], total

