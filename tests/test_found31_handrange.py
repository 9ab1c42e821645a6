"""Session 31, fixd31 (break30 F5, left in session 30): a hand number beyond the store's range (``hand 99999999999``;
docs/notation.md: hand numbers 1..2,147,483,647, the store's INTEGER) was refused ``E-NUMBER`` but the message's
label named the hand by that very number -- ``E-NUMBER (hand 99999999999)`` -- and for more than 18 digits by a
number never written (``(hand 1000000000000000000)`` for ``hand 99999999999999999999``).  The label names no hand:
the number is out of range, which the message says.

``hand 99999999999  dealer Al`` is line 7; the number starts at column 6 (``hand`` 1-4, a space, the digits).
"""

from __future__ import annotations

from ingest.validate import validate_text
from tests.cli_helpers import cli, write

HEAD = """%SHN 1.0
[Event "Range Night"]
[Date "2026.12.07"]
[Seats "Al; Bea; Cy; Di; Ed"]
[Rules "wi5-called-ace"]

"""
BODY = "  dealer Al\npick Cy  call AS  partner Ed  pts 72  win\n"


def _one(number: str):
    res = validate_text(HEAD + f"hand {number}" + BODY, "r.shn")
    errs = [e for r in res.rejected for e in r.errors] + list(res.errors)
    assert not res.hands and len(errs) == 1, errs
    return errs[0]


def test_out_of_range_hand_is_not_labelled_by_its_value():
    for number in ("99999999999", "2147483648", "99999999999999999999"):
        e = _one(number)
        assert e.code == "E-NUMBER" and (e.line, e.col) == (7, 6), e
        assert e.hand is None, e  # no "(hand 99999999999)" label
        assert "out of range" in e.message and f"'{number}'" in e.message, e.message
        assert "2147483647" in e.message


def test_cli_line_says_out_of_range_not_the_value(tmp_path):
    p = write(tmp_path, "r.shn", HEAD + "hand 99999999999" + BODY)
    out = cli("ingest", "--db", str(tmp_path / "r.duckdb"), str(p), ok=False).output
    assert "(hand 99999999999)" not in out and "(hand 1000000000000000000)" not in out, out
    assert "r.shn:7:6: E-NUMBER" in out and "out of range" in out, out


def test_largest_hand_number_still_read():
    res = validate_text(HEAD + "hand 2147483647" + BODY, "r.shn")
    assert [h.outcome.hand for h in res.hands] == [2147483647]
