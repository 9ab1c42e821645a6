"""verify30 F6 (fixl30, session 30): messages.

(a) After a misdeal the same dealer deals again (rules.md B-4: a misdeal is redealt; the deal passes to the left
    only after a hand is played, B-1): hand 2 dealt by Bob is a misdeal, hand 3 written with Emil dealing is out of
    turn, and the warning says Bob redeals (was: "so Carl (on Bob's left) deals next").
"""

from __future__ import annotations

from ingest.validate import validate_text

NIGHT = """%SHN 1.0
[Event "Elm Street Sheepshead"]
[Date "2026.12.02"]
[Seats "Ann=Ann Reuter; Bob=Bob Kolb; Carl=Carl Weiss; Dora=Dora Fink; Emil=Emil Zahn"]
[Rules "wi5-called-ace"]

hand 1  dealer Ann
pick Bob  call AC  partner Carl  pts 66  win

hand 2  dealer Bob
misdeal

hand 3  dealer {}
pick Dora  call AS  partner Ann  pts 81  win
"""


def _dealer(text: str) -> list:
    res = validate_text(text, path="n.shn")
    return [d for h in res.hands for d in h.diagnostics if d.code == "W-SESSION-DEALER"]


def test_after_a_misdeal_the_warning_says_the_same_dealer_redeals():
    (d,) = _dealer(NIGHT.format("Emil"))
    assert "misdeal" in d.message and "Bob" in d.message and "B-4" in d.message, d.message
    assert "so Carl (on Bob's left) deals next" not in d.message
    assert (d.found, d.expected) == ("Emil", "Bob")
    assert _dealer(NIGHT.format("Bob")) == [] and _dealer(NIGHT.format("Carl")) == []


# (b) `shead sheet DATE` reads a date in any spelling (README: "a date, 2026-12-04 in any spelling"): a night of
#     2026-11-05 found by 11/5/2026 (US month/day/year), 5.11.2026 (day.month.year), Nov 5, 2026 and 5 Nov 2026;
#     an ambiguous A/B/YYYY says which reading it took.  Units (rules.md B-33): Bob's plain win with Carl,
#     Bob +2, Carl +1, Ann/Dora/Emil -1.

import pytest  # noqa: E402

from tests.cli_helpers import cli, write  # noqa: E402

NOV = NIGHT.replace("2026.12.02", "2026.11.05").split("hand 2")[0]


@pytest.mark.parametrize("key,said", [("11/5/2026", "month/day/year"), ("5.11.2026", "day.month.year"),
                                      ("Nov 5, 2026", None), ("5 Nov 2026", None), ("2026-11-05", None),
                                      ("13/11/2026", None)])
def test_sheet_finds_a_night_by_a_date_in_any_spelling(tmp_path, key, said):
    db = tmp_path / "x.duckdb"
    cli("ingest", write(tmp_path, "n.shn", NOV), "--db", str(db))
    r = cli("sheet", key, "--db", str(db), ok=False)
    if key == "13/11/2026":  # 13 Nov: no stored night, said as before
        assert r.exit_code != 0 and "no stored session" in r.output
        return
    assert r.exit_code == 0, r.output
    assert "Elm Street Sheepshead / 2026.11.05" in r.output
    assert ("2026-11-05" in r.output and said in r.output) if said else True, r.output
